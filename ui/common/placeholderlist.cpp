// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/placeholderlist.h"

#include "common/palettecolors.h"

#include <QPainter>

namespace threadline::ui {

void PlaceholderList::setPlaceholder(const QString &text)
{
    if (m_placeholder == text)
        return;
    m_placeholder = text;
    viewport()->update();
}

void PlaceholderList::paintEvent(QPaintEvent *event)
{
    QListView::paintEvent(event);
    if (m_placeholder.isEmpty() || !model() || model()->rowCount(rootIndex()) > 0)
        return;
    QPainter p(viewport());
    p.setPen(blend(palette().color(QPalette::Text), palette().color(QPalette::Base), 0.45));
    const QRect r = viewport()->rect().adjusted(24, 24, -24, -24);
    p.drawText(r, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, m_placeholder);
}

} // namespace threadline::ui
