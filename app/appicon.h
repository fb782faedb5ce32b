// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The window's icon: the hicolor PNGs of resources/icons (the installed theme icon's sizes),
// compiled in; QIcon reads only the size a window manager asks for, when it asks.
#pragma once

#include <QIcon>
#include <QString>

namespace threadline::app {

inline QIcon windowIcon()
{
    QIcon icon;
    for (const int size : {16, 22, 24, 32, 48, 64, 128, 256, 512})
        icon.addFile(QStringLiteral(":/icons/hicolor/%1x%1/apps/threadline.png").arg(size),
                     QSize(size, size));
    return icon;
}

} // namespace threadline::app
