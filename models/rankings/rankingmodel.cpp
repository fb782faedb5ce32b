// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "rankings/rankingmodel.h"

#include "wire/usertext.h"

namespace threadline::models {

RankingModel::RankingModel(QObject *parent)
    : QAbstractListModel(parent)
{
}

void RankingModel::setRanking(const core::Ranking &ranking, qint64 myUid)
{
    beginResetModel();
    m_ranking = ranking;
    m_me = myUid;
    m_has = true;
    endResetModel();
}

void RankingModel::clear()
{
    beginResetModel();
    m_ranking = {};
    m_has = false;
    endResetModel();
}

int RankingModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_ranking.items.size());
}

QVariant RankingModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const core::RankEntry &e = m_ranking.items.at(index.row());
    switch (role) {
    case Qt::DisplayRole: // the name as shown: bidi controls made harmless, capped
        return core::sanitizedText(e.user.nickName, core::kMaxShownNameChars);
    case NickRole:
        return e.user.nickName;
    case Qt::AccessibleTextRole:
        return tr("%1. %2, %n points", nullptr, int(qMin<qint64>(e.points, INT_MAX)))
            .arg(e.rank)
            .arg(core::shownName(e.user.nickName));
    case UidRole:
        return e.user.uid;
    case RankRole:
        return e.rank;
    case PointsRole:
        return e.points;
    case AvatarRole:
        return e.user.headImg;
    case IsMeRole:
        return m_me > 0 && e.user.uid == m_me;
    default:
        return {};
    }
}

QHash<int, QByteArray> RankingModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(UidRole, "uid");
    names.insert(RankRole, "rank");
    names.insert(PointsRole, "points");
    names.insert(NickRole, "nick");
    names.insert(AvatarRole, "avatar");
    names.insert(IsMeRole, "isMe");
    return names;
}

} // namespace threadline::models
