// The people who liked a post, newest first, each once (GET /posts/{id}/likes pages).
#pragma once

#include "wiretypes.h"

#include <QAbstractListModel>
#include <QSet>

namespace threadline::models {

class LikersModel : public QAbstractListModel
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

    // A page from the server (or the cache); a user already listed is not listed again.
    void appendPage(const QList<core::Like> &likes, const std::optional<QString> &next);
    void clear();
    [[nodiscard]] std::optional<QString> nextCursor() const { return m_next; }

    [[nodiscard]] int rowCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex &index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;
    [[nodiscard]] bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

Q_SIGNALS:
    // fetchMore(): the owner loads the page after nextCursor() and calls appendPage().
    void moreRequested(const QString &cursor);

private:
    QList<core::Like> m_likes;
    QSet<qint64> m_uids;
    std::optional<QString> m_next;
    bool m_fetching = false;
};

} // namespace threadline::models
