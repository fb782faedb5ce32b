// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// ui::installAppStyle (appstyle.h): a QProxyStyle whose standard icons of the start-up widgets
// are icon engines that ask the style behind it when first painted.
#include "common/appstyle.h"

#include <QApplication>
#include <QIcon>
#include <QIconEngine>
#include <QPainter>
#include <QPointer>
#include <QProxyStyle>
#include <QStyle>
#include <QStyleOption>
#include <QWidget>

#include <optional>

namespace threadline::ui {

namespace {

// The style behind the application's proxy (a style that is none: itself).
QStyle *behindProxy(QStyle *style)
{
    if (auto *proxy = qobject_cast<QProxyStyle *>(style))
        return proxy->baseStyle();
    return style;
}

// Asks the style for the real icon when the icon is first painted or measured. isNull() does
// not ask: the icons deferred here exist in every style Qt ships (QCommonStyle draws them).
class DeferredStandardIcon final : public QIconEngine
{
public:
    DeferredStandardIcon(QStyle *style, QStyle::StandardPixmap which, const QStyleOption *option,
                         const QWidget *widget)
        : m_style(style)
        , m_which(which)
        , m_widget(const_cast<QWidget *>(widget))
    {
        if (option) // what these icons read of it: the layout direction
            m_option = *option;
    }

    void paint(QPainter *painter, const QRect &rect, QIcon::Mode mode, QIcon::State state) override
    {
        real().paint(painter, rect, Qt::AlignCenter, mode, state);
    }
    QPixmap pixmap(const QSize &size, QIcon::Mode mode, QIcon::State state) override
    {
        return real().pixmap(size, mode, state);
    }
    QPixmap scaledPixmap(const QSize &size, QIcon::Mode mode, QIcon::State state,
                         qreal scale) override
    {
        return real().pixmap(size, scale, mode, state);
    }
    QSize actualSize(const QSize &size, QIcon::Mode mode, QIcon::State state) override
    {
        return real().actualSize(size, mode, state);
    }
    QList<QSize> availableSizes(QIcon::Mode mode, QIcon::State state) override
    {
        return real().availableSizes(mode, state);
    }
    bool isNull() override { return m_resolved && m_icon.isNull(); }
    QString key() const override { return QStringLiteral("threadline-deferred-standard"); }
    QIconEngine *clone() const override { return new DeferredStandardIcon(*this); }

private:
    QIcon &real()
    {
        if (!m_resolved) {
            m_resolved = true;
            QStyle *style = behindProxy(m_style ? m_style.data() : QApplication::style());
            m_icon = style->standardIcon(m_which, m_option ? &*m_option : nullptr, m_widget);
        }
        return m_icon;
    }

    QPointer<QStyle> m_style;
    QStyle::StandardPixmap m_which;
    std::optional<QStyleOption> m_option;
    QPointer<QWidget> m_widget; // for its layout direction
    bool m_resolved = false;
    QIcon m_icon;
};

class AppStyle final : public QProxyStyle
{
public:
    using QProxyStyle::QProxyStyle;

    QIcon standardIcon(StandardPixmap which, const QStyleOption *option,
                       const QWidget *widget) const override
    {
        switch (which) {
        case SP_ToolBarHorizontalExtensionButton: // the menu bar's and the toolbar's »
        case SP_ToolBarVerticalExtensionButton:
        case SP_TitleBarCloseButton: // the thread pane's and the message bars' ×
        case SP_LineEditClearButton:
            return QIcon(
                new DeferredStandardIcon(const_cast<AppStyle *>(this), which, option, widget));
        default:
            break;
        }
        return QProxyStyle::standardIcon(which, option, widget);
    }
};

} // namespace

void installAppStyle()
{
    QStyle *current = QApplication::style();
    if (!dynamic_cast<AppStyle *>(current))
        QApplication::setStyle(new AppStyle(current)); // the proxy takes the current one
}

void setAppStyle(QStyle *base)
{
    if (base)
        QApplication::setStyle(new AppStyle(base));
}

QString appStyleName()
{
    return behindProxy(QApplication::style())->name();
}

} // namespace threadline::ui
