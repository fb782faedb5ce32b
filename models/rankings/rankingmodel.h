// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// One board of people by points as a list model (the Ranking page's rows): rank, person, points.
// The board's own figures (my rank and points, how many people, the days and the rules) are
// kept with it for the page's header.
//
//   RankingModel model;
//   model.setRanking(ranking, myUid);   // rows replaced; a row is "me" when its uid is myUid
#pragma once

#include "wire/wiretypes.h"

#include <QAbstractListModel>

namespace threadline::models {

class RankingModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role {
        UidRole = Qt::UserRole + 1, // qint64
        RankRole,                   // qint64, 1-based; ties share a rank
        PointsRole,                 // qint64
        NickRole,                   // QString, plain text
        AvatarRole,                 // QString, the headImg URL
        IsMeRole,                   // bool
    };

    explicit RankingModel(QObject *parent = nullptr);

    void setRanking(const core::Ranking &ranking, qint64 myUid);
    void clear();
    [[nodiscard]] const core::Ranking &ranking() const { return m_ranking; }
    [[nodiscard]] bool hasRanking() const { return m_has; }

    [[nodiscard]] int rowCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex &index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

private:
    core::Ranking m_ranking;
    qint64 m_me = 0;
    bool m_has = false;
};

} // namespace threadline::models
