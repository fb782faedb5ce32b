// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/menuactions.h"

#include <QAction>
#include <QMenu>

namespace threadline::ui {

QAction *addMenuAction(QMenu *menu, const QString &name, const QString &text,
                       const QKeySequence &keys)
{
    QAction *a = menu->addAction(text);
    a->setObjectName(name);
    if (!keys.isEmpty()) {
        a->setShortcut(keys);
        a->setShortcutVisibleInContextMenu(true);
    }
    return a;
}

} // namespace threadline::ui
