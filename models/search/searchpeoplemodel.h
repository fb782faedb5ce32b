// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The people a search found (GET /search?kind=people, or the cache's users offline), each once,
// paged by the cursor of the source that answered (SearchFeed loads it).
#pragma once

#include "common/pagedlistmodel.h"
#include "wire/wiretypes.h"

namespace threadline::models {

class SearchPeopleModel : public PagedListModel<core::UserBrief>
{
    Q_OBJECT
public:
    enum Role {
        UidRole = Qt::UserRole + 1, // qint64: the person's uid
        NameRole,                   // QString: the nickname
        AvatarUrlRole,              // QString: the avatar (absolute or /path)
        HighlightRole,              // QString: the text searched for (marked in the name)
    };
    Q_ENUM(Role)

    explicit SearchPeopleModel(QObject *parent = nullptr);

    // The text searched for; every row is told (dataChanged of HighlightRole).
    void setHighlight(const QString &text);
    [[nodiscard]] qint64 uidAt(int row) const;

    [[nodiscard]] QVariant data(const QModelIndex &index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

private:
    QString m_highlight;
};

} // namespace threadline::models
