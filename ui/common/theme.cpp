// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// ui::applyTheme (theme.h): the Fusion style with its standard light palette or a dark palette
// built here, or the platform's style and palette as they were at the first call.
#include "common/theme.h"

#include "common/appstyle.h"

#include <QApplication>
#include <QPalette>
#include <QPointer>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace threadline::ui {

namespace {

struct Original
{
    bool known = false;
    QString styleName; // the platform's style, as the application started
    QPalette palette;
};

Original &original()
{
    static Original o;
    return o;
}

Theme &current()
{
    static Theme t = Theme::System;
    return t;
}

QPalette darkPalette()
{
    // Window and Base close together (cards sit on the base), text light, links and the
    // highlight a lighter blue than light's, disabled text clearly dimmer.
    const QColor window(0x2b, 0x2d, 0x30);
    const QColor base(0x1f, 0x21, 0x24);
    const QColor text(0xe6, 0xe6, 0xe6);
    const QColor button(0x35, 0x37, 0x3b);
    const QColor highlight(0x3d, 0x8e, 0xe6);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x27, 0x29, 0x2d));
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3c, 0x40));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9d, 0xa3));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, button);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x4a, 0x4d, 0x52));
    p.setColor(QPalette::Midlight, QColor(0x40, 0x43, 0x47));
    p.setColor(QPalette::Mid, QColor(0x55, 0x58, 0x5d));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Shadow, QColor(0x0c, 0x0c, 0x0d));
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, QColor(0xff, 0xff, 0xff));
    p.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb0, 0x8c, 0xf0));
    const QColor dim(0x7a, 0x7d, 0x82);
    for (const auto role :
         {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::PlaceholderText})
        p.setColor(QPalette::Disabled, role, dim);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x44, 0x47, 0x4c));
    p.setColor(QPalette::Disabled, QPalette::HighlightedText, dim);
    p.setColor(QPalette::Disabled, QPalette::Base, window);
    return p;
}

} // namespace

void applyTheme(Theme theme)
{
    Original &o = original();
    if (!o.known) {
        o.known = true;
        o.styleName = appStyleName();
        o.palette = QApplication::palette();
    }
    current() = theme;
    switch (theme) {
    case Theme::System:
        if (appStyleName().compare(o.styleName, Qt::CaseInsensitive) != 0)
            setAppStyle(QStyleFactory::create(o.styleName));
        QApplication::setPalette(o.palette);
        return;
    case Theme::Light:
    case Theme::Dark:
        if (appStyleName().compare(QLatin1String("fusion"), Qt::CaseInsensitive) != 0)
            setAppStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(theme == Theme::Dark ? darkPalette()
                                                      : QApplication::style()->standardPalette());
        return;
    }
}

Theme currentTheme()
{
    return current();
}

QString themeName(Theme theme)
{
    switch (theme) {
    case Theme::System:
        return QStringLiteral("system");
    case Theme::Light:
        return QStringLiteral("light");
    case Theme::Dark:
        return QStringLiteral("dark");
    }
    return {};
}

std::optional<Theme> themeFromName(const QString &name)
{
    for (const Theme t : {Theme::System, Theme::Light, Theme::Dark})
        if (name.trimmed().compare(themeName(t), Qt::CaseInsensitive) == 0)
            return t;
    return std::nullopt;
}

Theme savedTheme()
{
    return themeFromName(QSettings().value(QLatin1String(kThemeKey)).toString())
        .value_or(Theme::System);
}

void saveTheme(Theme theme)
{
    QSettings().setValue(QLatin1String(kThemeKey), themeName(theme));
}

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() <
           palette.color(QPalette::WindowText).lightness();
}

} // namespace threadline::ui
