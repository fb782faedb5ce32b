// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Help menu's windows: About Threadline (version, licence, the project's page) and the
// keyboard shortcuts — the window's menu actions with their keys, read from the actions
// themselves, and the keys the lists take (L, T, F, H, U…), in a table.
//
//   ShortcutsDialog dialog(window->findChildren<QAction *>(), window);
//   dialog.exec();
//   showAbout(window);
#pragma once

#include <QDialog>
#include <QList>
#include <QUrl>

class QAction;
class QStandardItemModel;
class QTreeView;

namespace threadline::ui {

// The project's page, opened (on a click only) from Help and from About.
[[nodiscard]] QUrl projectPage();

// About Threadline: the version, what it is, the licence, the project's page (a link).
void showAbout(QWidget *parent);

class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    // `actions`: the window's actions; those with a key are listed (menu order kept).
    explicit ShortcutsDialog(const QList<QAction *> &actions, QWidget *parent = nullptr);

    [[nodiscard]] QStandardItemModel *model() const { return m_model; }
    [[nodiscard]] QTreeView *view() const { return m_view; }

private:
    QStandardItemModel *m_model;
    QTreeView *m_view;
};

} // namespace threadline::ui
