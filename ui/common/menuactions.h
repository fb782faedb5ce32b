// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Context-menu entries made the same way everywhere in ui/.
#pragma once

#include <QKeySequence>
#include <QString>

class QAction;
class QMenu;

namespace threadline::ui {

// A context-menu entry with an object name (for tests) and its shortcut shown in the menu.
QAction *addMenuAction(QMenu *menu, const QString &name, const QString &text,
                       const QKeySequence &keys = {});

} // namespace threadline::ui
