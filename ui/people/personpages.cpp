// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// PersonPages (personpages.h): the Posts | Activity switch of a person's page.
#include "people/personpages.h"

#include "people/activityview.h"
#include "people/messageboardview.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QStackedWidget>
#include <QTabBar>
#include <QVBoxLayout>

namespace threadline::ui {

PersonPages::PersonPages(QWidget *posts, ActivityView *activity, QWidget *parent)
    : QWidget(parent)
    , m_tabs(new QTabBar(this))
    , m_stack(new QStackedWidget(this))
    , m_posts(posts)
    , m_activity(activity)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_tabs->setObjectName(QStringLiteral("personPages"));
    m_tabs->setDocumentMode(true);
    m_tabs->setExpanding(false);
    m_tabs->setFocusPolicy(Qt::StrongFocus);
    m_tabs->addTab(QString());
    m_tabs->addTab(QString());
    auto *bar = new QWidget(this);
    auto *barLayout = new QHBoxLayout(bar);
    barLayout->setContentsMargins(8, 0, 8, 0);
    barLayout->addWidget(m_tabs);
    barLayout->addStretch(1);
    layout->addWidget(bar);
    m_stack->addWidget(m_posts);
    m_stack->addWidget(m_activity);
    layout->addWidget(m_stack, 1);
    setFocusProxy(m_stack);
    connect(m_tabs, &QTabBar::currentChanged, this, [this](int tab) {
        if (tab == 2)
            showMessages();
        else
            showActivity(tab == 1);
    });
    retranslate();
}

void PersonPages::setPerson(qint64 uid)
{
    if (uid == m_activity->person())
        return;
    m_activity->showPerson(uid);
}

void PersonPages::showActivity(bool activity)
{
    if (m_tabs->currentIndex() != (activity ? 1 : 0)) {
        const QSignalBlocker block(m_tabs);
        m_tabs->setCurrentIndex(activity ? 1 : 0);
    }
    m_stack->setCurrentWidget(activity ? static_cast<QWidget *>(m_activity) : m_posts);
    if (activity)
        m_activity->start();
}

bool PersonPages::isShowingActivity() const
{
    return m_stack->currentWidget() == m_activity;
}

void PersonPages::setBoard(MessageBoardView *board)
{
    m_board = board;
    m_tabs->addTab(QString());
    m_stack->addWidget(board);
    retranslate();
}

void PersonPages::setBoardPerson(qint64 uid, const QString &name)
{
    const bool changed = uid != m_boardUid || name != m_boardName;
    m_boardUid = uid;
    m_boardName = name;
    if (changed && isShowingMessages())
        m_board->showBoard(uid, name);
}

void PersonPages::showMessages()
{
    if (!m_board)
        return;
    if (m_tabs->currentIndex() != 2) {
        const QSignalBlocker block(m_tabs);
        m_tabs->setCurrentIndex(2);
    }
    m_stack->setCurrentWidget(m_board);
    if (m_boardUid > 0)
        m_board->showBoard(m_boardUid, m_boardName); // read again each time it is shown
}

bool PersonPages::isShowingMessages() const
{
    return m_board && m_stack->currentWidget() == m_board;
}

void PersonPages::retranslate()
{
    m_tabs->setTabText(0, tr("Posts"));
    m_tabs->setTabText(1, tr("Activity"));
    m_tabs->setAccessibleName(m_board ? tr("Posts, activity or messages")
                                      : tr("Posts or activity"));
    if (m_board)
        m_tabs->setTabText(2, tr("Messages"));
}

void PersonPages::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace threadline::ui
