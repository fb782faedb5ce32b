// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// LayoutCache's non-template part (layoutcache.h): a row's generation from its style option, and
// the watcher that empties a cache when its view's font, palette, style or language changes.
#include "common/layoutcache.h"

#include <QEvent>
#include <QGuiApplication>
#include <QStyleOptionViewItem>
#include <QWidget>

namespace threadline::ui {

LayoutGeneration layoutGeneration(const QStyleOptionViewItem &option, int width)
{
    const qreal dpr =
        option.widget ? option.widget->devicePixelRatioF() : qGuiApp->devicePixelRatio();
    return {width, option.font, dpr};
}

namespace detail {

LayoutCacheWatcher::LayoutCacheWatcher(std::function<void()> clear)
    : m_clear(std::move(clear))
{
}

void LayoutCacheWatcher::watchWidget(QWidget *widget)
{
    if (widget == m_widget)
        return;
    if (m_widget)
        m_widget->removeEventFilter(this);
    m_widget = widget;
    if (widget)
        widget->installEventFilter(this);
}

void LayoutCacheWatcher::setModelConnections(QList<QMetaObject::Connection> connections)
{
    for (const QMetaObject::Connection &c : std::as_const(m_connections))
        disconnect(c);
    m_connections = std::move(connections);
}

bool LayoutCacheWatcher::eventFilter(QObject *watched, QEvent *event)
{
    switch (event->type()) {
    case QEvent::FontChange:
    case QEvent::PaletteChange:
    case QEvent::StyleChange:
    case QEvent::LanguageChange:
        if (watched == m_widget)
            m_clear();
        break;
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace detail

} // namespace threadline::ui
