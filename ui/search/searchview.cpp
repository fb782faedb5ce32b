// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/searchview.h"

#include "common/placeholderlist.h"
#include "feeds.h"
#include "search/searchpeopledelegate.h"
#include "search/searchpeoplemodel.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelineview.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QStackedWidget>
#include <QTabBar>
#include <QVBoxLayout>

namespace threadline::ui {

using models::SearchFeed;
using models::TimelineModel;

SearchView::SearchView(models::Feeds *feeds, core::ImageCache *images,
                       models::TimelineModel *results, QWidget *parent)
    : QWidget(parent)
    , m_resultsModel(results ? results : feeds->timelineModel(this))
    , m_peopleModel(feeds->searchPeopleModel(this))
    , m_feed(feeds->search(m_resultsModel, m_peopleModel, this))
    , m_field(new QLineEdit(this))
    , m_kinds(new QTabBar(this))
    , m_status(new QLabel(this))
    , m_stack(new QStackedWidget(this))
    , m_results(new TimelineView(images, m_stack))
    , m_people(new PlaceholderList(m_stack))
{
    setObjectName(QStringLiteral("searchView"));
    m_field->setObjectName(QStringLiteral("searchField"));
    m_field->setClearButtonEnabled(true);
    m_field->setMaxLength(100); // the server's bound (docs/api.md, "Search")
    m_field->installEventFilter(this);
    connect(m_field, &QLineEdit::returnPressed, this, &SearchView::searchField);

    m_kinds->setObjectName(QStringLiteral("searchKinds"));
    m_kinds->setDocumentMode(true);
    m_kinds->setDrawBase(false);
    m_kinds->setExpanding(false);
    m_kinds->setFocusPolicy(Qt::StrongFocus);
    for (int i = 0; i < 3; ++i)
        m_kinds->addTab(QString());
    connect(m_kinds, &QTabBar::currentChanged, this, [this] {
        showKind();
        if (!m_feed->text().isEmpty())
            m_feed->search(m_feed->text(), kind());
    });

    m_status->setObjectName(QStringLiteral("searchStatus"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_status->setContentsMargins(12, 4, 12, 4);
    m_status->setForegroundRole(QPalette::PlaceholderText);

    m_results->setObjectName(QStringLiteral("searchResults"));
    m_results->setModel(m_resultsModel);
    m_results->installEventFilter(this);
    connect(m_results, &TimelineView::threadRequested, this, [this](qint64 postId) {
        const int row = m_resultsModel->rowOf(postId);
        const qint64 comment =
            row < 0
                ? 0
                : m_resultsModel->index(row).data(TimelineModel::MatchedCommentRole).toLongLong();
        Q_EMIT openRequested(postId, comment);
    });
    connect(m_results, &TimelineView::authorClicked, this, &SearchView::personRequested);

    m_people->setObjectName(QStringLiteral("searchPeople"));
    m_people->setModel(m_peopleModel);
    m_people->setItemDelegate(new SearchPeopleDelegate(images, m_people));
    m_people->setUniformItemSizes(true);
    m_people->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_people->setSelectionMode(QAbstractItemView::SingleSelection);
    m_people->setFrameShape(QFrame::NoFrame);
    m_people->installEventFilter(this);
    connect(m_people, &QAbstractItemView::clicked, this, [this](const QModelIndex &index) {
        if (index.isValid())
            Q_EMIT personRequested(m_peopleModel->uidAt(index.row()));
    });

    m_stack->addWidget(m_results);
    m_stack->addWidget(m_people);

    auto *top = new QHBoxLayout;
    top->setContentsMargins(12, 10, 12, 4);
    top->addWidget(m_field, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(top);
    auto *tabs = new QHBoxLayout;
    tabs->setContentsMargins(12, 0, 12, 0);
    tabs->addWidget(m_kinds);
    tabs->addStretch(1);
    layout->addLayout(tabs);
    layout->addWidget(m_status);
    layout->addWidget(m_stack, 1);
    setFocusProxy(m_field);

    connect(m_feed, &SearchFeed::statusChanged, this, &SearchView::updateTexts);
    connect(m_feed, &SearchFeed::finished, this, &SearchView::updateTexts);
    retranslate();
}

SearchView::Kind SearchView::kind() const
{
    switch (m_kinds->currentIndex()) {
    case 1:
        return Kind::Comments;
    case 2:
        return Kind::People;
    default:
        return Kind::Posts;
    }
}

void SearchView::focusField()
{
    m_field->setFocus(Qt::ShortcutFocusReason);
    m_field->selectAll();
}

void SearchView::search(const QString &text, Kind kind)
{
    m_field->setText(text);
    const QSignalBlocker block(m_kinds); // one search, not one for the tab and one here
    m_kinds->setCurrentIndex(kind == Kind::Comments ? 1 : kind == Kind::People ? 2 : 0);
    showKind();
    m_feed->search(text, kind);
    updateTexts();
}

void SearchView::searchField()
{
    m_feed->search(m_field->text(), kind());
    updateTexts();
}

void SearchView::showKind()
{
    m_stack->setCurrentWidget(kind() == Kind::People ? static_cast<QWidget *>(m_people)
                                                     : m_results);
}

void SearchView::enterResults()
{
    if (kind() == Kind::People) {
        if (m_peopleModel->rowCount() == 0)
            return;
        if (!m_people->currentIndex().isValid())
            m_people->setCurrentIndex(m_peopleModel->index(0, 0));
        m_people->setFocus(Qt::TabFocusReason);
        return;
    }
    if (m_resultsModel->rowCount() == 0)
        return;
    if (!m_results->currentIndex().isValid())
        m_results->setCurrentIndex(m_resultsModel->index(0));
    m_results->setFocus(Qt::TabFocusReason);
}

void SearchView::openCurrent()
{
    const QModelIndex index = m_people->currentIndex();
    if (index.isValid())
        Q_EMIT personRequested(m_peopleModel->uidAt(index.row()));
}

void SearchView::updateTexts()
{
    m_status->setText(m_feed->status());
    m_status->setVisible(!m_feed->status().isEmpty());
    const bool searched = !m_feed->text().isEmpty() && !m_feed->isBusy();
    m_results->setEmptyText(searched ? tr("No posts or comments found.")
                                     : tr("Type what to look for and press Return."));
    m_people->setPlaceholder(searched ? tr("Nobody found.")
                                      : tr("Type a name, or part of one, and press Return."));
}

void SearchView::retranslate()
{
    m_field->setPlaceholderText(tr("Search posts, comments and people"));
    m_field->setAccessibleName(tr("Search"));
    m_field->setToolTip(tr("Return searches; Down goes to the results; Esc leaves"));
    m_kinds->setTabText(0, tr("Posts"));
    m_kinds->setTabText(1, tr("Comments"));
    m_kinds->setTabText(2, tr("People"));
    m_kinds->setAccessibleName(tr("What to search"));
    m_results->setAccessibleName(tr("Search results"));
    m_people->setAccessibleName(tr("People found"));
    updateTexts();
}

void SearchView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

bool SearchView::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::KeyPress)
        return QWidget::eventFilter(watched, event);
    const auto *key = static_cast<QKeyEvent *>(event);
    if (key->key() == Qt::Key_Escape && key->modifiers() == Qt::NoModifier) {
        Q_EMIT leaveRequested();
        return true;
    }
    if (watched == m_field && key->key() == Qt::Key_Down) {
        enterResults();
        return true;
    }
    if (watched == m_results || watched == m_people) {
        auto *view = static_cast<QAbstractItemView *>(watched);
        if (key->key() == Qt::Key_Up && view->currentIndex().row() <= 0) {
            focusField();
            return true;
        }
        if (watched == m_people && (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter)) {
            openCurrent();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace threadline::ui
