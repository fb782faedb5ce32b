// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The people behind one of the moderators' statistics' figures, for a day (UTC+8), by uid
// (GET /moderation/stats/people pages), and StatsPeopleFeed, which loads them.
//
//   StatsPeopleModel model;
//   StatsPeopleFeed feed(&api, &model);
//   feed.show(StatsPeopleModel::Set::AllOf3Days, date);   // the first page; fetchMore() the rest
//   connect(view, &QListView::activated, … model.data(index, UidRole) …);
#pragma once

#include "common/pagedfeed.h"
#include "common/pagedlistmodel.h"
#include "net/apifwd.h"
#include "wire/wiretypes.h"

#include <QDate>

#include <optional>

namespace threadline::models {

class StatsPeopleModel : public PagedListModel<core::UserBrief>
{
    Q_OBJECT
public:
    enum Role {
        UidRole = Qt::UserRole + 1, // qint64
        NameRole,                   // QString: the nickname
        AvatarUrlRole,              // QString
    };
    Q_ENUM(Role)

    // The figures that have people behind them (api.md: the `set` parameter).
    enum class Set {
        ActiveToday,      // activeToday
        AllOf3Days,       // activeAllOfLast3Days
        ThisWeekNotToday, // activeThisWeekNotToday
        NewThisWeek,      // newThisWeek
    };
    Q_ENUM(Set)
    [[nodiscard]] static QString setName(Set set); // the contract's word

    explicit StatsPeopleModel(QObject *parent = nullptr);

    // DisplayRole: "nickname (uid)", plain text.
    [[nodiscard]] QVariant data(const QModelIndex &index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;
};

// Loads a figure's people into a StatsPeopleModel: show() starts again from the first page for
// that figure and day (the rows go at once); the model's fetchMore() (a view scrolling) loads the
// next ones. Errors are loadFailed(message, error) (PagedFeed).
class StatsPeopleFeed : public PagedFeed<StatsPeopleModel>
{
    Q_OBJECT
public:
    static constexpr int kDefaultPageSize = 50;

    StatsPeopleFeed(core::ApiClient *api, StatsPeopleModel *model, QObject *parent = nullptr);

    void show(StatsPeopleModel::Set set, const QDate &date);
    [[nodiscard]] StatsPeopleModel::Set set() const { return m_set; }
    [[nodiscard]] QDate date() const { return m_date; }

protected:
    int takeFirstPage(const QList<core::UserBrief> &items,
                      const std::optional<QString> &next) override;

private:
    core::ApiReply *page(const std::optional<QString> &cursor, QObject *owner) const;

    core::ApiClient *m_api;
    StatsPeopleModel::Set m_set = StatsPeopleModel::Set::AllOf3Days;
    QDate m_date;
};

} // namespace threadline::models
