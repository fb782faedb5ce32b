// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "rankings/rankingview.h"

#include "common/accessiblelist.h"

#include "common/placeholderlist.h"
#include "feeds.h"
#include "rankings/rankingdelegate.h"
#include "rankings/rankingfeed.h"
#include "rankings/rankingmodel.h"

#include <QEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QTabBar>
#include <QVBoxLayout>

namespace threadline::ui {

using core::Ranking;

RankingView::RankingView(models::Feeds *feeds, qint64 myUid, QWidget *parent)
    : QWidget(parent)
    , m_model(new models::RankingModel(this))
    , m_feed(feeds->ranking(m_model, this))
    , m_tabs(new QTabBar(this))
    , m_me(new QLabel(this))
    , m_rules(new QLabel(this))
    , m_list(new PlaceholderList(this))
{
    setObjectName(QStringLiteral("rankingView"));
    m_feed->setMe(myUid);
    m_tabs->setObjectName(QStringLiteral("rankingBoards"));
    m_tabs->setDocumentMode(true);
    m_tabs->setDrawBase(true);
    m_tabs->setExpanding(false);
    m_tabs->setFocusPolicy(Qt::StrongFocus);
    m_tabs->addTab(QString());
    m_tabs->addTab(QString());
    for (QLabel *l : {m_me, m_rules}) {
        l->setTextFormat(Qt::PlainText);
        l->setWordWrap(true);
        l->setContentsMargins(10, 4, 10, 4);
    }
    m_me->setObjectName(QStringLiteral("rankingMe"));
    QFont bold = m_me->font();
    bold.setBold(true);
    m_me->setFont(bold);
    m_rules->setObjectName(QStringLiteral("rankingRules"));
    m_rules->setForegroundRole(QPalette::PlaceholderText);

    m_list->setObjectName(QStringLiteral("rankingList"));
    m_list->setModel(m_model);
    m_list->setItemDelegate(new RankingDelegate(m_list));
    m_list->setUniformItemSizes(true);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setFrameShape(QFrame::NoFrame);
    m_list->installEventFilter(this);
    RowActions::attach(m_list, [this](const QModelIndex &index) {
        const qint64 uid = index.data(models::RankingModel::UidRole).toLongLong();
        return QList<RowAction>{{QStringLiteral("Open"), tr("Open the person's page"),
                                 QKeySequence(Qt::Key_Return),
                                 [this, uid] { Q_EMIT personRequested(uid); }}};
    });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_tabs);
    layout->addWidget(m_me);
    layout->addWidget(m_rules);
    layout->addWidget(m_list, 1);

    connect(m_tabs, &QTabBar::currentChanged, this, [this] {
        m_error.clear();
        if (m_started)
            load();
        updateTexts();
    });
    connect(m_list, &QAbstractItemView::clicked, this, [this](const QModelIndex &index) {
        if (index.isValid())
            Q_EMIT personRequested(index.data(models::RankingModel::UidRole).toLongLong());
    });
    connect(m_feed, &models::RankingFeed::shown, this, [this] {
        if (m_model->rowCount() > 0 && !m_list->currentIndex().isValid())
            m_list->setCurrentIndex(m_model->index(0, 0));
        updateTexts();
    });
    connect(m_feed, &models::RankingFeed::loadingChanged, this, [this] { updateTexts(); });
    connect(m_feed, &models::RankingFeed::loadFailed, this, [this](const QString &message) {
        m_error = message;
        updateTexts();
    });
    retranslate();
}

void RankingView::setBoard(Board board)
{
    m_tabs->setCurrentIndex(int(board));
}

RankingView::Board RankingView::board() const
{
    return m_tabs->currentIndex() == int(Board::ThisWeek) ? Board::ThisWeek : Board::Today;
}

void RankingView::start()
{
    if (m_started)
        return;
    m_started = true;
    load();
}

void RankingView::reload()
{
    m_started = true;
    m_error.clear();
    load();
}

void RankingView::load()
{
    m_feed->load(board() == Board::ThisWeek ? Ranking::Window::Week : Ranking::Window::Day);
    updateTexts();
}

QString RankingView::myLine() const
{
    return m_me->text();
}

void RankingView::updateTexts()
{
    const bool week = board() == Board::ThisWeek;
    if (!m_model->hasRanking()) {
        m_me->clear();
        m_rules->clear();
        m_me->setVisible(false);
        m_rules->setVisible(false);
        m_list->setPlaceholder(!m_error.isEmpty()    ? m_error
                               : m_feed->isLoading() ? tr("Loading the ranking…")
                                                     : QString());
        return;
    }
    const Ranking &r = m_model->ranking();
    const int points = int(std::min<qint64>(r.myPoints, INT_MAX));
    QString me = r.myRank ? (week ? tr("You this week: number %1 of %2, %n points", nullptr, points)
                                  : tr("You today: number %1 of %2, %n points", nullptr, points))
                                .arg(*r.myRank)
                                .arg(r.people)
                          : (week ? tr("You have no points this week yet.")
                                  : tr("You have no points today yet."));
    if (m_feed->showsSaved())
        me += QLatin1Char(' ') + tr("(saved board; the server has not answered)");
    if (!m_error.isEmpty())
        me += QLatin1Char('\n') + m_error;
    m_me->setText(me);
    m_me->setVisible(true);
    QString rules = week ? tr("The last 7 days, %1 to %2 (UTC+8): the sum of each day's points.")
                               .arg(r.from, r.to)
                         : tr("Today, %1 (UTC+8).").arg(r.to);
    if (r.postPoints > 0)
        rules += QLatin1Char(' ') +
                 tr("Points: %1 a post (at most %2 posts a day), %3 a comment (at most %4), %5 "
                    "a like received from someone else (at most %6).")
                     .arg(r.postPoints)
                     .arg(r.postsPerDay)
                     .arg(r.commentPoints)
                     .arg(r.commentsPerDay)
                     .arg(r.likePoints)
                     .arg(r.likesPerDay);
    m_rules->setText(rules);
    m_rules->setVisible(true);
    m_list->setPlaceholder(week ? tr("Nobody has points this week yet.")
                                : tr("Nobody has points today yet."));
}

void RankingView::retranslate()
{
    m_tabs->setTabText(int(Board::Today), tr("Today"));
    m_tabs->setTabText(int(Board::ThisWeek), tr("This week"));
    m_tabs->setAccessibleName(tr("Which ranking"));
    m_list->setAccessibleName(tr("Ranking of people by points"));
    m_list->setToolTip(tr("Return or a click opens the person's page"));
    updateTexts();
}

void RankingView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

bool RankingView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_list && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) &&
            m_list->currentIndex().isValid()) {
            Q_EMIT personRequested(
                m_list->currentIndex().data(models::RankingModel::UidRole).toLongLong());
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace threadline::ui
