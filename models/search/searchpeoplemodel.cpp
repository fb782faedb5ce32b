// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/searchpeoplemodel.h"

#include "common/rolenames.h"

namespace threadline::models {

SearchPeopleModel::SearchPeopleModel(QObject *parent)
    : PagedListModel(parent, [](const core::UserBrief &u) { return u.uid; })
{
}

void SearchPeopleModel::setHighlight(const QString &text)
{
    if (text == m_highlight)
        return;
    m_highlight = text;
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0), index(rowCount() - 1), {HighlightRole});
}

qint64 SearchPeopleModel::uidAt(int row) const
{
    return row >= 0 && row < rowCount() ? at(row).uid : 0;
}

QVariant SearchPeopleModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const core::UserBrief &u = at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::AccessibleTextRole:
    case NameRole:
        return u.nickName;
    case UidRole:
        return u.uid;
    case AvatarUrlRole:
        return u.headImg;
    case HighlightRole:
        return m_highlight;
    }
    return {};
}

QHash<int, QByteArray> SearchPeopleModel::roleNames() const
{
    return roleNamesOf<Role>(QAbstractListModel::roleNames());
}

} // namespace threadline::models
