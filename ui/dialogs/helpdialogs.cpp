// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/helpdialogs.h"

#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMessageBox>
#include <QRegularExpression>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace threadline::ui {

QUrl projectPage()
{
    return QUrl(QStringLiteral("https://github.com/threadline/threadline"));
}

void showAbout(QWidget *parent)
{
    const QString link = projectPage().toString();
    // Our own words only (nothing from the network): rich text for the link, opened on a click.
    const QString text =
        QStringLiteral("<h3>Threadline %1</h3><p>%2</p><p>%3</p><p><a href=\"%4\">%4</a></p>")
            .arg(QApplication::applicationVersion().toHtmlEscaped(),
                 ShortcutsDialog::tr("A desktop client for a timeline with nested comment "
                                     "threads, instant likes, an outbox that never loses an "
                                     "action, and a real offline mode.")
                     .toHtmlEscaped(),
                 ShortcutsDialog::tr("Free software under the GNU General Public License, "
                                     "version 3 or later.")
                     .toHtmlEscaped(),
                 link.toHtmlEscaped());
    QMessageBox::about(parent, ShortcutsDialog::tr("About Threadline"), text);
}

ShortcutsDialog::ShortcutsDialog(const QList<QAction *> &actions, QWidget *parent)
    : QDialog(parent)
    , m_model(new QStandardItemModel(0, 2, this))
    , m_view(new QTreeView(this))
{
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard shortcuts"));
    m_model->setHorizontalHeaderLabels({tr("Keys"), tr("What they do")});
    const auto add = [this](const QString &keys, const QString &what) {
        auto *k = new QStandardItem(keys);
        auto *w = new QStandardItem(what);
        k->setEditable(false);
        w->setEditable(false);
        m_model->appendRow({k, w});
    };
    QStringList seen;
    for (QAction *a : actions) {
        if (a->shortcuts().isEmpty() || a->text().isEmpty() || !a->isVisible())
            continue; // a moderator's page is listed for moderators only
        QStringList keys;
        for (const QKeySequence &k : a->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        // Without the mnemonic: "&New post…" and "发布动态(&N)…" read "New post…", "发布动态…".
        static const QRegularExpression mnemonic(QStringLiteral("\\(&[^)]\\)"));
        const QString what = QString(a->text()).remove(mnemonic).remove(QLatin1Char('&'));
        if (seen.contains(what))
            continue;
        seen << what;
        add(keys.join(QStringLiteral(", ")), what);
    }
    // Where the keyboard goes.
    add(tr("Tab, Shift+Tab"),
        tr("On through the page list, the page, the thread's comments and its reply box"));
    add(tr("F6, Shift+F6"), tr("The next or previous of those regions"));
    // The keys the lists and pages take on their current row.
    add(tr("J, K, Down, Up"), tr("The next or previous post or comment"));
    add(tr("Return"), tr("Open the post's thread (the focus stays on the list); in a thread, "
                         "reply to the comment"));
    add(QStringLiteral("R"), tr("Reply: the cursor into the thread's reply box"));
    add(QStringLiteral("L"), tr("Like or unlike the current post, comment or message"));
    add(QStringLiteral("T"), tr("Open the topic of the current post or activity row"));
    add(QStringLiteral("M"), tr("Mark the current notification as read"));
    add(QStringLiteral("F"), tr("Follow or stop following (a person's or a topic's page)"));
    add(tr("Shift+Return"), tr("Open the person who did what an activity row says"));
    add(tr("Menu, Shift+F10"), tr("The current row's menu"));
    add(tr("Delete"), tr("Delete my post, comment or message (asked first)"));
    add(tr("Ctrl+Return"), tr("Send a comment, a reply or a message"));
    add(tr("Esc"), tr("Close the thread (from the thread or from the timeline)"));
    add(QStringLiteral("H, U"), tr("Moderators: hide or unhide the current queue item"));

    m_view->setModel(m_model);
    m_view->setRootIsDecorated(false);
    m_view->setAlternatingRowColors(true);
    m_view->setAccessibleName(tr("Keyboard shortcuts"));
    m_view->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_view->header()->setStretchLastSection(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_view);
    layout->addWidget(buttons);
    resize(640, 520);
    m_view->setFocus();
}

} // namespace threadline::ui
