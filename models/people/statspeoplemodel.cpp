// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "people/statspeoplemodel.h"

#include "common/rolenames.h"

#include "net/apiclient.h"
#include "net/endpoints.h"
#include "wire/jsoncodec.h"

namespace threadline::models {

QString StatsPeopleModel::setName(Set set)
{
    switch (set) {
    case Set::ActiveToday:
        return QStringLiteral("activeToday");
    case Set::AllOf3Days:
        return QStringLiteral("activeAllOfLast3Days");
    case Set::ThisWeekNotToday:
        return QStringLiteral("activeThisWeekNotToday");
    case Set::NewThisWeek:
        return QStringLiteral("newThisWeek");
    }
    return {};
}

StatsPeopleModel::StatsPeopleModel(QObject *parent)
    : PagedListModel(parent, [](const core::UserBrief &u) { return u.uid; })
{
}

QVariant StatsPeopleModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const core::UserBrief &u = at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        //: A person in a statistics list: "nickname (uid)"
        return tr("%1 (%2)").arg(u.nickName).arg(u.uid);
    case NameRole:
        return u.nickName;
    case UidRole:
        return u.uid;
    case AvatarUrlRole:
        return u.headImg;
    }
    return {};
}

QHash<int, QByteArray> StatsPeopleModel::roleNames() const
{
    return roleNamesOf<Role>(QAbstractListModel::roleNames());
}

// --- StatsPeopleFeed --------------------------------------------------------------------------

StatsPeopleFeed::StatsPeopleFeed(core::ApiClient *api, StatsPeopleModel *model, QObject *parent)
    : PagedFeed(model, std::bind_front(&StatsPeopleFeed::page, this),
                qOverload<const QByteArray &>(&core::decodeUserBriefPage), kDefaultPageSize, parent)
    , m_api(api)
{
}

core::ApiReply *StatsPeopleFeed::page(const std::optional<QString> &cursor, QObject *owner) const
{
    return m_api->send(
        core::endpoint::statsPeople(StatsPeopleModel::setName(m_set), m_date, pageSize(), cursor),
        owner);
}

void StatsPeopleFeed::show(StatsPeopleModel::Set set, const QDate &date)
{
    if (!m_api || !date.isValid())
        return;
    m_set = set;
    m_date = date;
    model()->clear();
    refresh();
}

int StatsPeopleFeed::takeFirstPage(const QList<core::UserBrief> &items,
                                   const std::optional<QString> &next)
{
    const int before = model()->rowCount();
    model()->appendPage(items, next);
    return model()->rowCount() - before;
}

} // namespace threadline::models
