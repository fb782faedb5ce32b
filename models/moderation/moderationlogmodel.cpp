// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "moderation/moderationlogmodel.h"
#include "common/rolenames.h"
#include "wire/usertext.h"

#include "net/apiclient.h"
#include "net/endpoints.h"
#include "wire/jsoncodec.h"

#include <QMetaEnum>

namespace threadline::models {

using core::LogEntry;
using core::TargetType;

// --- ModerationLogModel -----------------------------------------------------------------------

ModerationLogModel::ModerationLogModel(QObject *parent)
    : PagedListModel(parent)
{
}

QString ModerationLogModel::actionCode(LogEntry::Action action)
{
    switch (action) {
    case LogEntry::Action::Hide:
        return QStringLiteral("hide");
    case LogEntry::Action::Unhide:
        return QStringLiteral("unhide");
    case LogEntry::Action::Dismiss:
        return QStringLiteral("dismiss");
    case LogEntry::Action::Delete:
        return QStringLiteral("delete");
    case LogEntry::Action::Device:
        return QStringLiteral("device");
    }
    return {};
}

QString ModerationLogModel::actionText(LogEntry::Action action)
{
    switch (action) {
    case LogEntry::Action::Hide:
        return tr("hid");
    case LogEntry::Action::Unhide:
        return tr("unhid");
    case LogEntry::Action::Dismiss:
        return tr("dismissed the reports on");
    case LogEntry::Action::Delete:
        return tr("deleted");
    case LogEntry::Action::Device:
        return tr("changed a device name");
    }
    return {};
}

std::optional<LogEntry> ModerationLogModel::entryAt(int row) const
{
    return row >= 0 && row < rowCount() ? std::optional<LogEntry>(at(row)) : std::nullopt;
}

QString ModerationLogModel::summary(const LogEntry &e) const
{
    QString what;
    switch (e.targetType) {
    case TargetType::Post:
        what = tr("%1 %2 post %3")
                   .arg(core::shownName(e.moderator.nickName), actionText(e.action))
                   .arg(e.targetId);
        break;
    case TargetType::Comment:
        what = tr("%1 %2 comment %3")
                   .arg(core::shownName(e.moderator.nickName), actionText(e.action))
                   .arg(e.targetId);
        break;
    case TargetType::Message:
        what = tr("%1 %2 message %3")
                   .arg(core::shownName(e.moderator.nickName), actionText(e.action))
                   .arg(e.targetId);
        break;
    case TargetType::Device:
        what = tr("%1 %2").arg(core::shownName(e.moderator.nickName), actionText(e.action));
        break;
    }
    return e.reason.isEmpty() ? what
                              : tr("%1: %2").arg(what, core::shownText(e.reason.simplified(), 500));
}

QVariant ModerationLogModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const LogEntry &e = at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return summary(e);
    case IdRole:
        return e.id;
    case ModeratorIdRole:
        return e.moderator.uid;
    case ModeratorNameRole:
        return e.moderator.nickName;
    case ModeratorAvatarRole:
        return e.moderator.headImg;
    case ActionRole:
        return actionCode(e.action);
    case ActionTextRole:
        return actionText(e.action);
    case TargetTypeRole:
        return core::wireName(e.targetType);
    case TargetIdRole:
        return e.targetId;
    case ReasonRole:
        return e.reason;
    case CreatedTimeRole:
        return e.createtime;
    }
    return {};
}

QHash<int, QByteArray> ModerationLogModel::roleNames() const
{
    return roleNamesOf<Role>(QAbstractListModel::roleNames());
}

// --- ModerationLogFeed ------------------------------------------------------------------------

ModerationLogFeed::ModerationLogFeed(core::ApiClient *api, ModerationLogModel *model,
                                     QObject *parent)
    : PagedFeed(model, std::bind_front(&ModerationLogFeed::logPage, this),
                qOverload<const QByteArray &>(&core::decodeLogPage), kDefaultPageSize, parent)
    , m_api(api)
{
}

core::ApiReply *ModerationLogFeed::logPage(const std::optional<QString> &cursor,
                                           QObject *owner) const
{
    core::endpoint::LogQuery query;
    query.moderator = m_moderator.value_or(0);
    if (m_action)
        query.action = ModerationLogModel::actionCode(*m_action);
    return m_api->send(core::endpoint::moderationLog(query, pageSize(), cursor), owner);
}

} // namespace threadline::models
