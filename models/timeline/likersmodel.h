// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The people who liked a post, newest first, each once (GET /posts/{id}/likes pages), and
// LikersFeed, which loads them. The same list of people with a time holds a person's followers or
// the people they follow (GET /users/{uid}/followers, /following: LikersFeed::Source).
//
//   LikersModel model;
//   LikersFeed feed(&api, &model, postId);
//   connect(&feed, &LikersFeed::loadFailed, ui, …);  // the ApiError; a 404: isGone()
//   feed.reload();                                   // the first page; fetchMore() the rest
#pragma once

#include "common/pagedfeed.h"
#include "common/pagedlistmodel.h"
#include "net/apifwd.h"
#include "wire/wiretypes.h"

#include <optional>

namespace threadline::models {

class LikersModel : public PagedListModel<core::Like>
{
    Q_OBJECT
public:
    enum Role {
        UidRole = Qt::UserRole + 1, // qint64: the liker's uid
        NameRole,                   // QString: the liker's nickname
        AvatarUrlRole,              // QString: the liker's avatar
        LikedAtRole,                // qint64: when, ms since the epoch
    };
    Q_ENUM(Role)

    explicit LikersModel(QObject *parent = nullptr);

    // Paging (PagedListModel): appendPage() a page from the server (or the cache) — a user
    // already listed is not listed again —, clear(), nextCursor(); fetchMore() asks for the page
    // after nextCursor() (moreRequested).

    [[nodiscard]] QVariant data(const QModelIndex &index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;
};

// Loads a post's likers into a LikersModel: reload() starts again from the first page (the rows
// go at once), the model's fetchMore() (a view scrolling, or loadMore()) loads the next ones. A
// page that failed is asked for again only by retry() (a Retry button), never by a view alone; a
// page that added no one new is followed by the next at once. A 404 means the post is gone:
// nothing more is asked until reload(). Errors are loadFailed(message, error) (PagedFeed).
class LikersFeed : public PagedFeed<LikersModel>
{
    Q_OBJECT
public:
    static constexpr int kDefaultPageSize = 50;
    // Whose list: a post's likers (id: the post), a person's followers or whom they follow (id:
    // the person; a 404 means the person is gone).
    enum class Source { PostLikers, Followers, Following };

    LikersFeed(core::ApiClient *api, LikersModel *model, qint64 postId, QObject *parent = nullptr);
    LikersFeed(core::ApiClient *api, LikersModel *model, Source source, qint64 id,
               QObject *parent = nullptr);

    [[nodiscard]] Source source() const { return m_source; }
    [[nodiscard]] qint64 id() const { return m_postId; }

    [[nodiscard]] qint64 postId() const { return m_postId; }
    // Starts again from the first page; what is in flight is abandoned.
    void reload();
    // Asks for the page after the last one loaded, if there is one and none is loading.
    void loadMore();
    // Asks again for the page that failed.
    void retry();
    // The post answered 404: nothing more to load.
    [[nodiscard]] bool isGone() const { return m_gone; }

protected:
    // Appended: reload() has already cleared the rows.
    int takeFirstPage(const QList<core::Like> &items, const std::optional<QString> &next) override;

private:
    // GET /posts/{id}/likes: the page after `cursor`.
    core::ApiReply *likesPage(const std::optional<QString> &cursor, QObject *owner) const;

    core::ApiClient *m_api;
    Source m_source = Source::PostLikers;
    qint64 m_postId; // or the person's uid
    bool m_gone = false;
};

} // namespace threadline::models
