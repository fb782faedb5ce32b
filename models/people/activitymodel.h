// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What people did (GET /api/v1/activity): the people I follow, everyone, one person or me,
// newest first, paged with `before`. Each entry with what its row shows: the actor, a
// translated sentence ("李四 liked 王五's post", "李四 followed 王五"; names plain text and
// isolated), the summary quoted, the post's thumbnail, and a relative time that ages with the
// app-wide TimeTicker (one dataChanged per run of rows whose label changed, that role only).
// ActivityFeed loads it for a scope: the first page, refreshes (new entries on top), further
// pages; another scope starts over.
#pragma once

#include "common/pagedfeed.h"
#include "common/pagedlistmodel.h"
#include "common/timelabels.h"
#include "net/apifwd.h"
#include "net/endpoints.h"
#include "wire/wiretypes.h"

#include <QList>

#include <optional>

namespace threadline::models {

class ActivityModel : public PagedListModel<core::Activity>
{
    Q_OBJECT
public:
    enum Role {
        IdRole = Qt::UserRole + 1, // qint64: the entry's id
        TypeRole, // QString: "post", "comment", "reply", "like", "follow", "message", "topic", or
                  // an unknown kind's name
        ActorIdRole,        // qint64: who did it
        ActorNameRole,      // QString: their nickname
        ActorAvatarRole,    // QString: their avatar (absolute or /path)
        PostIdRole,         // qint64: the post it is about (0: none, e.g. a follow)
        CommentIdRole,      // qint64: the comment written (0: none)
        TargetUserIdRole,   // qint64: whom they followed (0: none)
        TargetUserNameRole, // QString: that user's nickname ("" when none)
        CreatedTimeRole,    // qint64: when, ms since the epoch
        TextRole,           // QString: the sentence, translated, plain text (also Display)
        PostAuthorIdRole,   // qint64: whose post it is about (0: unknown or none)
        PostAuthorNameRole, // QString: their nickname ("" when unknown or none)
        SummaryRole,        // QString: the start of the post or comment, one line ("": none)
        ThumbnailRole,      // QString: the post's first picture (absolute or /path; "": none)
        RelativeTimeRole,   // QString: 刚刚 / N分钟前 / … (ages with the app-wide ticker)
        OpenTargetRole, // QString: what a click opens: "post", "profile" or "topic" ("" nothing)
        ChannelRole,    // QString: "posts", "follows", "board", "topics" ("" from an older server)
        SupportedRole,  // bool: false for a kind this version does not know (its row says so)
        TopicRole,      // QString: a topic item's topic, without the #s
    };
    Q_ENUM(Role)

    explicit ActivityModel(QObject *parent = nullptr);

    // The sentence of an entry ("李四 liked 王五's post", "李四 followed 王五"), translated,
    // plain text, each name isolated. An older server's entry (no post author) reads "李四 liked
    // a post".
    [[nodiscard]] static QString text(const core::Activity &activity);

    // The app-wide ticker and the time format: RelativeTimeRole ages by itself.
    void setTicker(TimeTicker *ticker, const RelativeTime &format);

    // Paging (PagedListModel): replaceAll() everything (a first load, or a refresh that does
    // not meet what is shown), appendPage() a further page at the bottom (entries already listed
    // skipped; ends a fetchMore), pageFailed() (the cursor stays, the next fetchMore tries
    // again), clear(), nextCursor(), contains(id).

    // Newer entries on top (a refresh); entries already listed are skipped.
    void prependEntries(const QList<core::Activity> &entries);
    [[nodiscard]] qint64 idAt(int row) const;

    [[nodiscard]] QVariant data(const QModelIndex &index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

private:
    void onTick(qint64 nowMs);

    TimeLabels m_labels; // the time role's texts, aged by the ticker
};

// Whose activity a feed shows (the people I follow, everyone, one person, me): what a view asks
// for, without naming the call behind it.
using ActivityQuery = core::endpoint::ActivityQuery;

// Loads an ActivityModel from the server (PagedFeed: setPageSize(), the `limit`, 1..50). Its
// refresh merges: new entries on top, no reset where the page meets what is shown.
class ActivityFeed : public PagedFeed<ActivityModel>
{
    Q_OBJECT
public:
    static constexpr int kDefaultPageSize = 20;

    ActivityFeed(core::ApiClient *api, ActivityModel *model, QObject *parent = nullptr);

    // Whose activity: the people I follow (the default), everyone, one person, or me. Another
    // query empties the model and loads its first page (what was in flight is dropped); the same
    // query changes nothing.
    void setQuery(const ActivityQuery &query);
    [[nodiscard]] const ActivityQuery &query() const { return m_query; }

    // The first page; again (refresh()) for the user's "refresh". While one is in flight, that
    // one answers.
    void start() { refresh(); }
    [[nodiscard]] bool isBusy() const { return isLoading(); }

Q_SIGNALS:
    void busyChanged(bool busy);
    // A load failed: a sentence for the user (the model keeps its rows).
    void error(const QString &message);
    // The first page is shown: `newEntries` of it are new.
    void refreshed(int newEntries);
    // A further page added `rows` rows.
    void pageLoaded(int rows);

protected:
    int takeFirstPage(const QList<core::Activity> &items,
                      const std::optional<QString> &next) override;

private:
    // GET /activity: the page after `cursor`.
    core::ApiReply *activityPage(const std::optional<QString> &cursor, QObject *owner) const;

    core::ApiClient *m_api;
    ActivityQuery m_query;
};

} // namespace threadline::models
