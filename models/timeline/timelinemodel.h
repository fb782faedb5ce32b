// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A timeline (all / following / one user / mine / hot / history): rows are post ids pointing
// into the shared post store, so a like in one view is the same like in every other view.
#pragma once

#include "common/relativetime.h"
#include "common/timelabels.h"
#include "poststore.h"

#include <QAbstractListModel>
#include <QHash>

namespace threadline::models {

class TimelineModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role {
        IdRole = Qt::UserRole + 1, // qint64: the post id
        AuthorIdRole,              // qint64: the author's uid
        AuthorNameRole,            // QString: the author's nickname
        AvatarUrlRole,             // QString: the author's avatar (absolute or /path)
        ContentRole,               // QString: the text, plain
        PictureUrlsRole,           // QStringList: at most the first 9 pictures
        ExtraPicturesRole,         // int: pictures beyond 9 (the "+N" mark)
        DeviceRole,                // QString: the device's display name
        CreatedTimeRole,           // qint64: createtime, ms since the epoch
        LikedRole,                 // bool: I like it (pending likes included)
        LikeCountRole,             // qint64: likes (pending likes included)
        LikeTextRole,              // QString: the count, or "Like" (赞) when zero
        LikerNamesRole,            // QStringList: likers' names, each once, newest first
        CommentCountRole,          // qint64: visible comments
        CommentTextRole,           // QString: the count, or "Reply" (回复) when zero
        InlineCommentsRole,        // QVariantList of QVariantMap {id, author, replyTo, content,
                                   // createtime}: newest N, in time order
        PendingRole,               // int: core::PostStore::Pending of my queued actions on it
        HiddenRole,                // bool: hidden by a moderator (moderators only see these)
        RelativeTimeRole,     // QString: 刚刚 / N分钟前 / … (ages with the app-wide ticker)
        ModerationReasonRole, // QString: why a moderator hid it ("" when not hidden or unknown)
        // A ranking (setRanking, the hot pages): the row's place and what it is ranked by.
        RankRole,       // int: 1, 2, 3… (the row + 1); 0 when the model is no ranking
        HotCountRole,   // qint64: the likes or views in the ranking's window; -1 unknown
        RankFigureRole, // QString: "128 likes this week", "3,204 views this week"; "" unknown
        // A post of a kind a newer server has and this client does not show (a category such
        // as VIDEO): "This kind of post (VIDEO) is not supported yet."; "" for every other.
        UnsupportedRole,
        // Search results (setHighlight, setMatchedComments): what was searched for, found in
        // the content and the inline comments case-insensitively ("" when the model is no
        // search), and the newest comment of the row that matched it (0 when none did).
        HighlightRole,
        MatchedCommentRole, // qint64
    };
    Q_ENUM(Role)

    // What a ranking is by, in the words of its figure ("… likes today", "… views this week").
    enum class Ranking { None, LikesToday, LikesThisWeek, ViewsToday, ViewsThisWeek };
    Q_ENUM(Ranking)

    explicit TimelineModel(core::PostStore *store, QObject *parent = nullptr);

    // A ranking's model (the hot pages): rows carry their rank and figure. None: no ranking.
    void setRanking(Ranking ranking);
    [[nodiscard]] Ranking ranking() const { return m_ranking; }
    // The figures of the ranking by post id (the server's hotCount); the rows whose figure
    // changed are told (dataChanged of HotCountRole and RankFigureRole). Not kept in the store:
    // the same post has another figure in another ranking.
    void setHotCounts(const QHash<qint64, qint64> &counts);

    // Search results: the text searched for (HighlightRole: the card marks where it is);
    // "" for none. Every row is told (dataChanged of HighlightRole and InlineCommentsRole).
    void setHighlight(const QString &text);
    [[nodiscard]] QString highlight() const { return m_highlight; }
    // The comments of a post that matched the search: shown inline instead of its newest ones
    // (the newest of them first to go when there are more than the card shows), each once; the
    // row is told when it is shown. clearMatchedComments() forgets them all.
    void addMatchedComments(qint64 postId, const QList<core::Comment> &comments);
    void clearMatchedComments();
    [[nodiscard]] QList<core::Comment> matchedComments(qint64 postId) const
    {
        return m_matched.value(postId);
    }

    // How many of the newest comments a row shows inline: 3 to 5 (default 3).
    void setInlineCommentCount(int n);
    [[nodiscard]] int inlineCommentCount() const { return m_inline; }

    // All, Following and My posts: my posts that the server has not confirmed yet (the store's
    // pending posts, ids < 0) stay on top, above whatever the feed sets, and become the
    // server's post in place when it confirms them (default: off).
    void setShowsMyPendingPosts(bool show);
    // The whole list is replaced (a refresh): a reset. My pending posts stay on top.
    void setPosts(const QList<qint64> &ids);
    // A page loaded further down / new posts on top (below my pending ones); ids already shown
    // are skipped.
    void appendPosts(const QList<qint64> &ids);
    void prependPosts(const QList<qint64> &ids);
    // One row taken out (the Liked scope's unlike); nothing when the post is not shown.
    void removePost(qint64 postId) { onPostRemoved(postId); }
    // The app-wide ticker and the time format: the relative-time role ages by itself, one
    // dataChanged (that role only) for the rows whose text changed, no refetch.
    void setTicker(TimeTicker *ticker, const RelativeTime &format);
    // Whether the server has more below; fetchMore() then asks for the next page.
    void setHasMore(bool more) { m_hasMore = more; }
    [[nodiscard]] qint64 postIdAt(int row) const;
    [[nodiscard]] int rowOf(qint64 postId) const { return m_rowOf.value(postId, -1); }

    [[nodiscard]] int rowCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex &index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;
    [[nodiscard]] bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

    // The roles a change of these fields touches (dataChanged names exactly these).
    [[nodiscard]] static QList<int> rolesFor(core::PostStore::Fields fields);

Q_SIGNALS:
    // fetchMore() was called: the owner loads the next page (async) and calls appendPosts().
    void moreRequested();

private:
    void insertAt(int row, const QList<qint64> &ids);
    void reindexFrom(int row);
    void onPostChanged(qint64 postId, core::PostStore::Fields fields);
    void onPostRemoved(qint64 postId);
    void onPostAdded(qint64 postId);
    void onPostIdChanged(qint64 localId, qint64 serverId);
    [[nodiscard]] int pendingRows() const; // my pending posts: the first rows
    void onTick(qint64 nowMs);
    [[nodiscard]] QString rankFigure(qint64 count) const;

    core::PostStore *m_store;
    QList<qint64> m_ids;
    QHash<qint64, int> m_rowOf;
    int m_inline = 3;
    bool m_hasMore = false;
    bool m_showPending = false;
    bool m_fetching = false;
    TimeLabels m_labels; // the time role's texts, aged by the ticker
    Ranking m_ranking = Ranking::None;
    QHash<qint64, qint64> m_hotCounts; // post id → the ranking's figure
    // A search's text, and post id → the comments of the post it found.
    QString m_highlight;
    QHash<qint64, QList<core::Comment>> m_matched;
};

} // namespace threadline::models
