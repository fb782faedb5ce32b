#include "moderationlogmodel.h"
#include "rolenames.h"
#include "usertext.h"

#include "apiclient.h"
#include "jsoncodec.h"

#include <QMetaEnum>
#include <QSet>
#include <QUrl>

namespace threadline::models {

using core::LogEntry;
using core::TargetType;

namespace {

QString typeCode(TargetType type)
{
    switch (type) {
    case TargetType::Post:
        return QStringLiteral("post");
    case TargetType::Comment:
        return QStringLiteral("comment");
    case TargetType::Device:
        return QStringLiteral("device");
    }
    return {};
}

} // namespace

// --- ModerationLogModel -----------------------------------------------------------------------

ModerationLogModel::ModerationLogModel(QObject *parent)
    : QAbstractListModel(parent)
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

void ModerationLogModel::replaceAll(const QList<LogEntry> &entries,
                                    const std::optional<QString> &next)
{
    beginResetModel();
    m_entries.clear();
    m_rowOf.clear();
    for (const LogEntry &e : entries) {
        if (m_rowOf.contains(e.id))
            continue;
        m_rowOf.insert(e.id, int(m_entries.size()));
        m_entries.append(e);
    }
    m_next = next;
    m_fetching = false;
    endResetModel();
}

void ModerationLogModel::appendPage(const QList<LogEntry> &entries,
                                    const std::optional<QString> &next)
{
    m_fetching = false;
    m_next = next;
    QList<LogEntry> fresh;
    QSet<qint64> seen;
    for (const LogEntry &e : entries) {
        if (m_rowOf.contains(e.id) || seen.contains(e.id))
            continue;
        seen.insert(e.id);
        fresh.append(e);
    }
    if (fresh.isEmpty()) // rows are inserted only for a non-empty batch
        return;
    const int first = int(m_entries.size());
    beginInsertRows({}, first, first + int(fresh.size()) - 1);
    m_entries += fresh;
    for (int i = first; i < int(m_entries.size()); ++i) // part of the change
        m_rowOf.insert(m_entries.at(i).id, i);
    endInsertRows();
}

void ModerationLogModel::clear()
{
    beginResetModel();
    m_entries.clear();
    m_rowOf.clear();
    m_next.reset();
    m_fetching = false;
    endResetModel();
}

std::optional<LogEntry> ModerationLogModel::entryAt(int row) const
{
    return row >= 0 && row < int(m_entries.size()) ? std::optional<LogEntry>(m_entries.at(row))
                                                   : std::nullopt;
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
    case TargetType::Device:
        what = tr("%1 %2").arg(core::shownName(e.moderator.nickName), actionText(e.action));
        break;
    }
    return e.reason.isEmpty() ? what
                              : tr("%1: %2").arg(what, core::shownText(e.reason.simplified(), 500));
}

int ModerationLogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

QVariant ModerationLogModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const LogEntry &e = m_entries.at(index.row());
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
        return typeCode(e.targetType);
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

bool ModerationLogModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_next.has_value() && !m_fetching;
}

void ModerationLogModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    m_fetching = true;
    Q_EMIT moreRequested(*m_next);
}

// --- ModerationLogFeed ------------------------------------------------------------------------

ModerationLogFeed::ModerationLogFeed(core::ApiClient *api, ModerationLogModel *model,
                                     QObject *parent)
    : QObject(parent)
    , m_api(api)
    , m_model(model)
{
    connect(m_model, &ModerationLogModel::moreRequested, this, [this](const QString &cursor) {
        if (!m_reply) // a refresh in flight replaces everything anyway
            request(cursor);
        else
            m_model->fetchFailed(); // not asked now: a later scroll may ask again
    });
}

void ModerationLogFeed::setPageSize(int limit)
{
    m_limit = qBound(1, limit, 50);
}

void ModerationLogFeed::refresh()
{
    request(std::nullopt);
}

void ModerationLogFeed::request(const std::optional<QString> &before)
{
    if (m_reply) { // abandoned: the new request answers instead
        core::ApiReply *old = m_reply;
        m_reply = nullptr;
        old->disconnect(this);
        old->abort();
        m_model->fetchFailed(); // a page it was may be asked for again
    }
    QString path = QStringLiteral("/api/v1/moderation/log?limit=%1").arg(m_limit);
    if (m_moderator)
        path += QStringLiteral("&moderator=%1").arg(*m_moderator);
    if (m_action)
        path += QStringLiteral("&action=") + ModerationLogModel::actionCode(*m_action);
    if (before)
        path += QStringLiteral("&before=") + QString::fromLatin1(QUrl::toPercentEncoding(*before));
    core::ApiReply *reply = m_api->get(path, this);
    m_reply = reply;
    const bool first = !before.has_value();
    connect(reply, &core::ApiReply::finished, this,
            [this, reply, first] { onReplyFinished(reply, first); });
    setLoading(true);
}

void ModerationLogFeed::onReplyFinished(core::ApiReply *reply, bool first)
{
    if (reply != m_reply)
        return;
    m_reply = nullptr;
    core::ApiError error = reply->error();
    std::optional<core::LogPage> page;
    if (error.ok()) {
        auto decoded = core::decodeLogPage(reply->body());
        if (decoded.ok())
            page = std::move(decoded).value();
        else
            error = core::ApiError::decode(decoded.error().toString());
    }
    if (!page) {
        m_model->fetchFailed();         // scrolling down may ask again
        setLoading(m_reply != nullptr); // a view may have asked for the next page already
        Q_EMIT loadFailed(error.describe(), error);
        return;
    }
    if (first)
        m_model->replaceAll(page->items, page->next);
    else
        m_model->appendPage(page->items, page->next);
    setLoading(m_reply != nullptr); // a view may have asked for the next page already
    Q_EMIT loaded(first);
}

void ModerationLogFeed::setLoading(bool loading)
{
    if (m_loading == loading)
        return;
    m_loading = loading;
    Q_EMIT loadingChanged(loading);
}

} // namespace threadline::models
