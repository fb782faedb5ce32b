// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/pagedlistmodel.h"

namespace threadline::models {

bool PagedListModelBase::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_next.has_value() && !m_fetching;
}

void PagedListModelBase::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    m_fetching = true;
    Q_EMIT moreRequested(*m_next);
}

void PagedListModelBase::setNextCursor(const std::optional<QString> &next)
{
    m_next = next;
    m_fetching = false;
}

} // namespace threadline::models
