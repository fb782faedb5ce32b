#include "likersmodel.h"

namespace threadline::models {

LikersModel::LikersModel(QObject *parent)
    : QAbstractListModel(parent)
{
}

void LikersModel::appendPage(const QList<core::Like> &likes, const std::optional<QString> &next)
{
    m_fetching = false;
    m_next = next;
    QList<core::Like> fresh;
    for (const core::Like &l : likes) {
        if (m_uids.contains(l.user.uid))
            continue;
        m_uids.insert(l.user.uid);
        fresh.append(l);
    }
    if (fresh.isEmpty())
        return;
    beginInsertRows({}, int(m_likes.size()), int(m_likes.size() + fresh.size()) - 1);
    m_likes += fresh;
    endInsertRows();
}

void LikersModel::clear()
{
    beginResetModel();
    m_likes.clear();
    m_uids.clear();
    m_next.reset();
    m_fetching = false;
    endResetModel();
}

int LikersModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_likes.size());
}

QVariant LikersModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const core::Like &l = m_likes.at(index.row());
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
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(UidRole, "uid");
    names.insert(NameRole, "name");
    names.insert(AvatarUrlRole, "avatarUrl");
    names.insert(LikedAtRole, "likedAt");
    return names;
}

bool LikersModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_next.has_value() && !m_fetching;
}

void LikersModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    m_fetching = true;
    Q_EMIT moreRequested(*m_next);
}

} // namespace threadline::models
