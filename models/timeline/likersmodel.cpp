// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "timeline/likersmodel.h"

#include "common/rolenames.h"

#include "net/apiclient.h"
#include "net/endpoints.h"
#include "wire/jsoncodec.h"

namespace threadline::models {

LikersModel::LikersModel(QObject *parent)
    : PagedListModel(parent, [](const core::Like &like) { return like.user.uid; })
{
}

QVariant LikersModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const core::Like &l = at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case NameRole:
        return l.user.nickName;
    case UidRole:
        return l.user.uid;
    case AvatarUrlRole:
        return l.user.headImg;
    case LikedAtRole:
        return l.createtime;
    }
    return {};
}

QHash<int, QByteArray> LikersModel::roleNames() const
{
    return roleNamesOf<Role>(QAbstractListModel::roleNames());
}

// --- LikersFeed -------------------------------------------------------------------------------

LikersFeed::LikersFeed(core::ApiClient *api, LikersModel *model, qint64 postId, QObject *parent)
    : LikersFeed(api, model, Source::PostLikers, postId, parent)
{
}

LikersFeed::LikersFeed(core::ApiClient *api, LikersModel *model, Source source, qint64 id,
                       QObject *parent)
    : PagedFeed(model, std::bind_front(&LikersFeed::likesPage, this),
                source == Source::PostLikers
                    ? qOverload<const QByteArray &>(&core::decodeLikePage)
                    : qOverload<const QByteArray &>(&core::decodeFollowPage),
                kDefaultPageSize, parent)
    , m_api(api)
    , m_source(source)
    , m_postId(id)
{
    setRetryByHand(true);
    connect(this, &PagedFeedBase::loadFailed, this,
            [this](const QString &, const core::ApiError &error) {
                if (error.kind == core::ApiError::Kind::Http && error.status == 404)
                    m_gone = true;
            });
    // A page that added no one new (every liker on it already listed) changes nothing a view
    // would react to: ask for the next one at once.
    connect(this, &PagedFeedBase::loaded, this, [this](bool, int added) {
        if (added == 0 && this->model()->nextCursor())
            QMetaObject::invokeMethod(this, &LikersFeed::loadMore, Qt::QueuedConnection);
    });
}

core::ApiReply *LikersFeed::likesPage(const std::optional<QString> &cursor, QObject *owner) const
{
    if (m_source != Source::PostLikers)
        return m_api->send(
            core::endpoint::follows(m_postId, m_source == Source::Followers, pageSize(), cursor),
            owner);
    return m_api->send(core::endpoint::likes(m_postId, pageSize(), cursor), owner);
}

void LikersFeed::reload()
{
    m_gone = false;
    model()->clear();
    refresh();
}

void LikersFeed::loadMore()
{
    if (!m_gone && !isLoading())
        model()->fetchMore({});
}

void LikersFeed::retry()
{
    if (!m_gone)
        retryPage();
}

int LikersFeed::takeFirstPage(const QList<core::Like> &items, const std::optional<QString> &next)
{
    const int before = model()->rowCount();
    model()->appendPage(items, next);
    return model()->rowCount() - before;
}

} // namespace threadline::models
