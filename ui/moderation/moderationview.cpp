// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "moderation/moderationview.h"

#include "common/accessiblelist.h"

#include "common/messagebar.h"
#include "common/placeholderlist.h"
#include "moderation/contextpane.h"
#include "moderation/loglinedelegate.h"
#include "moderation/queuecarddelegate.h"

#include "common/timelabels.h"
#include "common/timeticker.h"
#include "feeds.h"
#include "moderation/moderationcontext.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QResizeEvent>
#include <QScrollBar>
#include <QShortcut>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyle>
#include <QTabBar>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

namespace threadline::ui {

using models::ModerationLogFeed;
using models::ModerationLogModel;
using models::ModerationQueueFeed;
using models::ModerationQueueModel;
using QM = models::ModerationQueueModel;

// --- the view -------------------------------------------------------------------------------

ModerationView::ModerationView(models::Feeds *feeds, QWidget *parent)
    : QWidget(parent)
    , m_logModel(new ModerationLogModel(this))
    , m_logFeed(feeds->moderationLog(m_logModel, this))
    , m_context(feeds->moderationContext(this))
    , m_logLines(new LogLineDelegate(this))
{
    m_open.model = new ModerationQueueModel(this);
    m_open.feed = feeds->moderationQueue(m_open.model, this);
    m_closed.model = new ModerationQueueModel(this);
    m_closed.feed = feeds->moderationQueue(m_closed.model, this);
    m_closed.feed->setStatus(core::QueueItem::Status::Closed);
    buildUi();
    setUpQueue(m_open);
    setUpQueue(m_closed);

    // the log
    m_logList->setItemDelegate(m_logLines);
    m_logList->setModel(m_logModel);
    connect(m_logFeed, &ModerationLogFeed::loadingChanged, this, &ModerationView::updateBusy);
    connect(m_logFeed, &ModerationLogFeed::loaded, this, [this](bool first) {
        m_logForbidden = false;
        if (first && currentTab() == Tab::Log)
            hideStatus();
        updateEmptyTexts();
    });
    connect(m_logFeed, &ModerationLogFeed::loadFailed, this,
            [this](const QString &message, const core::ApiError &error) {
                if (error.status == 403) {
                    m_logForbidden = true;
                    m_logModel->clear();
                }
                updateEmptyTexts();
                if (currentTab() == Tab::Log)
                    showStatus(loadFailedText(Tab::Log, message, error), error.details());
            });

    m_f5 = new QShortcut(QKeySequence(Qt::Key_F5), this);
    m_f5->setContext(Qt::WidgetWithChildrenShortcut);
    connect(m_f5, &QShortcut::activated, this, &ModerationView::refresh);
    auto *next = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Tab), this);
    next->setContext(Qt::WidgetWithChildrenShortcut);
    connect(next, &QShortcut::activated, this,
            [this] { m_tabs->setCurrentIndex((m_tabs->currentIndex() + 1) % m_tabs->count()); });
    auto *previous = new QShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab), this);
    previous->setContext(Qt::WidgetWithChildrenShortcut);
    connect(previous, &QShortcut::activated, this, [this] {
        m_tabs->setCurrentIndex((m_tabs->currentIndex() + m_tabs->count() - 1) % m_tabs->count());
    });

    retranslate();
    updateActions();
    updateBusy();
}

ModerationView::~ModerationView() = default;

void ModerationView::setRefreshKeyEnabled(bool enabled)
{
    m_f5->setEnabled(enabled);
}

void ModerationView::buildUi()
{
    auto *root = new QVBoxLayout(this);
    root->setContentsMargins(0, 0, 0, 0);
    root->setSpacing(0);

    // --- the tabs and Refresh ---
    auto *top = new QHBoxLayout;
    top->setContentsMargins(8, 6, 8, 0);
    m_tabs = new QTabBar(this);
    m_tabs->setObjectName(QStringLiteral("moderationTabs"));
    m_tabs->setDrawBase(false);
    m_tabs->setExpanding(false);
    m_tabs->setDocumentMode(true);
    for (int i = 0; i < 3; ++i)
        m_tabs->addTab(QString());
    top->addWidget(m_tabs);
    top->addStretch(1);
    m_refresh = new QToolButton(this);
    m_refresh->setObjectName(QStringLiteral("refreshModeration"));
    m_refresh->setAutoRaise(true);
    m_refresh->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    m_refresh->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    connect(m_refresh, &QToolButton::clicked, this, &ModerationView::refresh);
    top->addWidget(m_refresh);
    m_deviceNames = new QToolButton(this);
    m_deviceNames->setObjectName(QStringLiteral("deviceNames"));
    m_deviceNames->setAutoRaise(true);
    connect(m_deviceNames, &QToolButton::clicked, this, &ModerationView::deviceNamesRequested);
    top->addWidget(m_deviceNames);
    root->addLayout(top);

    auto *line = new QFrame(this);
    line->setFrameShape(QFrame::HLine);
    line->setFrameShadow(QFrame::Sunken);
    root->addWidget(line);

    // --- busy bar and status line ---
    m_busy = makeBusyBar(this);
    root->addWidget(m_busy);
    m_statusBar = new MessageBar(this);
    root->addWidget(m_statusBar);

    // --- the pages ---
    m_stack = new QStackedWidget(this);
    const auto queueList = [this](const QString &name) {
        auto *list = new PlaceholderList(this);
        list->setObjectName(name);
        list->setFrameShape(QFrame::NoFrame);
        list->setSelectionMode(QAbstractItemView::SingleSelection);
        list->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
        list->verticalScrollBar()->setSingleStep(24);
        list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        list->setResizeMode(QListView::Adjust);
        list->setUniformItemSizes(false);
        list->setWordWrap(true);
        list->installEventFilter(this);
        // an item's buttons, for a screen reader on the row (made its current row first)
        RowActions::attach(list, [this](const QModelIndex &i) {
            using QM = models::ModerationQueueModel;
            const bool deleted = i.data(QM::TargetDeletedRole).toBool();
            const bool hidden = i.data(QM::TargetHiddenRole).toBool();
            const bool queued =
                models::ModerationQueueModel::Pending(i.data(QM::PendingRole).toInt()) ==
                models::ModerationQueueModel::Pending::Queued;
            const bool post = i.data(QM::TargetTypeRole).toString() == QLatin1String("post");
            QList<RowAction> out;
            if (i.data(QM::PostIdRole).toLongLong() > 0 && !(post && deleted))
                out.append({QStringLiteral("Open"), tr("Open post"), QKeySequence(),
                            [this] { openSelectedPost(); }});
            if (!deleted && !queued)
                out.append({hidden ? QStringLiteral("Unhide") : QStringLiteral("Hide"),
                            hidden ? tr("Unhide…") : tr("Hide…"),
                            QKeySequence(hidden ? Qt::Key_U : Qt::Key_H),
                            [this, hidden] { askReason(hidden ? Action::Unhide : Action::Hide); }});
            if (!queued && currentTab() == Tab::Open &&
                i.data(QM::StatusRole).toString() == QLatin1String("open"))
                out.append({QStringLiteral("Dismiss"), tr("Dismiss…"), QKeySequence(),
                            [this] { askReason(Action::Dismiss); }});
            return out;
        });
        return list;
    };
    m_open.list = queueList(QStringLiteral("openQueue"));
    m_closed.list = queueList(QStringLiteral("closedQueue"));
    m_stack->addWidget(m_open.list);
    m_stack->addWidget(m_closed.list);

    auto *logPage = new QWidget(this);
    auto *ll = new QVBoxLayout(logPage);
    ll->setContentsMargins(0, 0, 0, 0);
    ll->setSpacing(0);
    auto *filters = new QHBoxLayout;
    filters->setContentsMargins(10, 6, 10, 6);
    filters->setSpacing(6);
    m_actionLabel = new QLabel(logPage);
    m_actionLabel->setTextFormat(Qt::PlainText);
    filters->addWidget(m_actionLabel);
    m_actionFilter = new QComboBox(logPage);
    m_actionFilter->setObjectName(QStringLiteral("logActionFilter"));
    m_actionFilter->addItem(QString(), -1);
    for (const auto a : {core::LogEntry::Action::Hide, core::LogEntry::Action::Unhide,
                         core::LogEntry::Action::Dismiss, core::LogEntry::Action::Delete,
                         core::LogEntry::Action::Device})
        m_actionFilter->addItem(QString(), int(a));
    m_actionLabel->setBuddy(m_actionFilter);
    filters->addWidget(m_actionFilter);
    m_moderatorFilter = new QLineEdit(logPage);
    m_moderatorFilter->setObjectName(QStringLiteral("logModeratorFilter"));
    m_moderatorFilter->setClearButtonEnabled(true);
    m_moderatorFilter->setValidator(new QRegularExpressionValidator(
        QRegularExpression(QStringLiteral("[0-9]{0,18}")), m_moderatorFilter));
    m_moderatorFilter->setMaximumWidth(180);
    filters->addWidget(m_moderatorFilter, 1);
    filters->addStretch(1);
    ll->addLayout(filters);
    auto *logLine = new QFrame(logPage);
    logLine->setFrameShape(QFrame::HLine);
    logLine->setFrameShadow(QFrame::Sunken);
    ll->addWidget(logLine);
    auto *logList = new PlaceholderList(logPage);
    m_logList = logList;
    m_logList->setObjectName(QStringLiteral("moderationLog"));
    m_logList->setFrameShape(QFrame::NoFrame);
    m_logList->setSelectionMode(QAbstractItemView::SingleSelection);
    m_logList->setUniformItemSizes(true);
    m_logList->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_logList->setResizeMode(QListView::Adjust);
    ll->addWidget(m_logList, 1);
    m_stack->addWidget(logPage);
    // the queue lists beside the selected item's context
    m_split = new QSplitter(Qt::Horizontal, this);
    m_split->setObjectName(QStringLiteral("moderationSplitter"));
    m_split->setChildrenCollapsible(false);
    m_split->addWidget(m_stack);
    m_contextPane = new ContextPane(m_context, m_split);
    m_split->addWidget(m_contextPane);
    m_split->setStretchFactor(0, 3);
    m_split->setStretchFactor(1, 2);
    root->addWidget(m_split, 1);
    connect(m_actionFilter, &QComboBox::currentIndexChanged, this,
            &ModerationView::applyLogFilters);
    connect(m_moderatorFilter, &QLineEdit::editingFinished, this, &ModerationView::applyLogFilters);

    // --- under the queue: the reason line and the actions ---
    m_queueTools = new QWidget(this);
    m_queueTools->setObjectName(QStringLiteral("queueTools"));
    auto *tl = new QVBoxLayout(m_queueTools);
    tl->setContentsMargins(8, 4, 8, 8);
    tl->setSpacing(4);
    auto *toolsLine = new QFrame(m_queueTools);
    toolsLine->setFrameShape(QFrame::HLine);
    toolsLine->setFrameShadow(QFrame::Sunken);
    tl->addWidget(toolsLine);
    m_reasonBar = new QFrame(m_queueTools);
    m_reasonBar->setObjectName(QStringLiteral("hideReasonBar"));
    auto *rl = new QHBoxLayout(m_reasonBar);
    rl->setContentsMargins(0, 0, 0, 0);
    rl->setSpacing(6);
    m_reasonLabel = new QLabel(m_reasonBar);
    m_reasonLabel->setTextFormat(Qt::PlainText);
    rl->addWidget(m_reasonLabel);
    m_reasonEdit = new QLineEdit(m_reasonBar);
    m_reasonEdit->setObjectName(QStringLiteral("hideReason"));
    m_reasonEdit->setMaxLength(500);
    m_reasonEdit->installEventFilter(this);
    m_reasonLabel->setBuddy(m_reasonEdit);
    rl->addWidget(m_reasonEdit, 1);
    m_reasonOk = new QPushButton(m_reasonBar);
    m_reasonOk->setObjectName(QStringLiteral("confirmHide"));
    m_reasonOk->setAutoDefault(false);
    rl->addWidget(m_reasonOk);
    m_reasonCancel = new QPushButton(m_reasonBar);
    m_reasonCancel->setObjectName(QStringLiteral("cancelHide"));
    m_reasonCancel->setAutoDefault(false);
    rl->addWidget(m_reasonCancel);
    m_reasonBar->setVisible(false);
    tl->addWidget(m_reasonBar);
    m_reasonNote = new QLabel(m_queueTools);
    m_reasonNote->setObjectName(QStringLiteral("reasonNote"));
    m_reasonNote->setTextFormat(Qt::PlainText);
    m_reasonNote->setWordWrap(true);
    m_reasonNote->setForegroundRole(QPalette::PlaceholderText);
    m_reasonNote->setVisible(false);
    tl->addWidget(m_reasonNote);
    connect(m_reasonEdit, &QLineEdit::textChanged, this, [this](const QString &text) {
        // only a hide needs a reason
        m_reasonOk->setEnabled(m_reasonAction != Action::Hide || !text.trimmed().isEmpty());
    });
    connect(m_reasonEdit, &QLineEdit::returnPressed, this, &ModerationView::confirmReason);
    connect(m_reasonOk, &QPushButton::clicked, this, &ModerationView::confirmReason);
    connect(m_reasonCancel, &QPushButton::clicked, this, &ModerationView::cancelReason);

    auto *buttons = new QHBoxLayout;
    buttons->setSpacing(6);
    const auto button = [this, buttons](const QString &name) {
        auto *b = new QPushButton(m_queueTools);
        b->setObjectName(name);
        b->setAutoDefault(false);
        b->setFocusPolicy(Qt::TabFocus);
        buttons->addWidget(b);
        return b;
    };
    m_hide = button(QStringLiteral("hideButton"));
    m_unhide = button(QStringLiteral("unhideButton"));
    m_dismiss = button(QStringLiteral("dismissButton"));
    buttons->addStretch(1);
    m_openPost = button(QStringLiteral("openPostButton"));
    tl->addLayout(buttons);
    root->addWidget(m_queueTools);
    connect(m_hide, &QPushButton::clicked, this, [this] { askReason(Action::Hide); });
    connect(m_unhide, &QPushButton::clicked, this, [this] { askReason(Action::Unhide); });
    connect(m_dismiss, &QPushButton::clicked, this, [this] { askReason(Action::Dismiss); });
    connect(m_openPost, &QPushButton::clicked, this, &ModerationView::openSelectedPost);

    connect(m_tabs, &QTabBar::currentChanged, this, &ModerationView::onTabChanged);
}

void ModerationView::setUpQueue(Queue &q)
{
    q.cards = new QueueCardDelegate(q.list); // one per list: its size hints name its rows
    q.cards->watch(q.model);                 // before setModel: the view then reads fresh sizes
    q.list->setItemDelegate(q.cards);
    q.list->setModel(q.model);
    Queue *qp = &q;
    connect(q.list->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this, qp](const QModelIndex &current) {
                // what is current is what the actions act on: keep it selected
                if (current.isValid() && !qp->list->selectionModel()->isSelected(current))
                    qp->list->selectionModel()->select(current,
                                                       QItemSelectionModel::ClearAndSelect);
                if (m_reasonBar->isVisible() && qp == visibleQueue() &&
                    current.data(QM::IdRole).toLongLong() != m_reasonItem)
                    cancelReason();
                updateActions();
                if (qp == visibleQueue())
                    updateContext();
            });
    const auto changed = [this, qp] {
        updateActions();
        if (qp == visibleQueue())
            updateContext(); // a no-op while the item's target is unchanged
    };
    connect(q.list->selectionModel(), &QItemSelectionModel::selectionChanged, this, changed);
    connect(q.model, &QAbstractItemModel::dataChanged, this, changed);
    connect(q.model, &QAbstractItemModel::modelReset, this, changed);
    connect(q.model, &QAbstractItemModel::rowsRemoved, this, [this, qp] {
        // the next item becomes the one to act on
        const QModelIndex current = qp->list->currentIndex();
        if (current.isValid() && !qp->list->selectionModel()->isSelected(current))
            qp->list->selectionModel()->select(current, QItemSelectionModel::ClearAndSelect);
        updateActions();
        updateEmptyTexts();
        if (qp == visibleQueue())
            updateContext();
    });
    connect(q.list, &QAbstractItemView::doubleClicked, this, [this, qp](const QModelIndex &i) {
        if (qp == visibleQueue() && i.isValid())
            openSelectedPost();
    });
    connect(q.feed, &ModerationQueueFeed::loadingChanged, this, &ModerationView::updateBusy);
    connect(q.feed, &ModerationQueueFeed::loaded, this, [this, qp](bool first) {
        qp->forbidden = false;
        if (first && qp == visibleQueue())
            hideStatus();
        updateEmptyTexts();
    });
    connect(q.feed, &ModerationQueueFeed::loadFailed, this,
            [this, qp](const QString &message, const core::ApiError &error) {
                if (error.status == 403) {
                    qp->forbidden = true;
                    qp->model->clear();
                }
                updateEmptyTexts();
                if (qp == visibleQueue())
                    showStatus(
                        loadFailedText(qp == &m_open ? Tab::Open : Tab::Closed, message, error),
                        error.details());
            });
    connect(q.feed, &ModerationQueueFeed::actionFailed, this,
            [this](qint64, const QString &message) { showStatus(message); });
    connect(q.feed, &ModerationQueueFeed::actionCompleted, this, [this, qp](qint64) {
        // what the server did shows in the other lists at their next showing
        Queue *other = qp == &m_open ? &m_closed : &m_open;
        if (other != visibleQueue())
            other->loaded = false;
        m_logLoaded = false;
    });
}

void ModerationView::retranslate()
{
    m_tabs->setTabText(int(Tab::Open), tr("Open"));
    m_tabs->setTabText(int(Tab::Closed), tr("Closed"));
    m_tabs->setTabText(int(Tab::Log), tr("Log"));
    m_tabs->setTabToolTip(int(Tab::Open),
                          tr("Reported and auto-flagged content waiting for a decision"));
    m_tabs->setTabToolTip(int(Tab::Closed), tr("Items that were hidden or dismissed"));
    m_tabs->setTabToolTip(int(Tab::Log), tr("What moderators did"));
    m_open.list->setAccessibleName(tr("Open reports"));
    m_closed.list->setAccessibleName(tr("Closed reports"));
    m_logList->setAccessibleName(tr("Moderation log"));
    m_refresh->setText(tr("Refresh"));
    m_refresh->setToolTip(tr("Load the list again (F5)"));
    updateReasonTexts();
    m_deviceNames->setText(tr("Device names…"));
    m_deviceNames->setToolTip(tr("How raw device models are shown on cards"));
    m_reasonCancel->setText(tr("Cancel"));
    m_reasonCancel->setToolTip(tr("Do nothing (Esc)"));
    m_hide->setText(tr("Hide…"));
    m_hide->setToolTip(tr("Hide the content from everyone but moderators (H)"));
    m_unhide->setText(tr("Unhide…"));
    m_unhide->setToolTip(tr("Show the hidden content again (U)"));
    m_dismiss->setText(tr("Dismiss…"));
    m_dismiss->setToolTip(tr("Close the reports without hiding anything (D)"));
    m_openPost->setText(tr("Open post"));
    m_openPost->setToolTip(tr("Open the post's thread (Return)"));
    m_actionLabel->setText(tr("Action:"));
    const QStringList actions{tr("All"),     tr("Hide"),   tr("Unhide"),
                              tr("Dismiss"), tr("Delete"), tr("Device")};
    for (int i = 0; i < m_actionFilter->count() && i < actions.size(); ++i)
        m_actionFilter->setItemText(i, actions.at(i));
    m_moderatorFilter->setPlaceholderText(tr("Moderator uid (all)"));
    m_moderatorFilter->setToolTip(tr("Only this moderator's entries"));
    updateEmptyTexts();
}

void ModerationView::resizeEvent(QResizeEvent *event)
{
    const Qt::Orientation o = width() >= kSideBySideWidth ? Qt::Horizontal : Qt::Vertical;
    if (m_split->orientation() != o || !m_splitPlaced) {
        m_split->setOrientation(o);
        // the list keeps the larger part either way (3 : 2; the splitter scales the sizes to
        // its own); once placed, what the user drags stays
        const int total = std::max(o == Qt::Horizontal ? width() : height(), 100);
        m_split->setSizes({total * 3 / 5, total - total * 3 / 5});
        m_splitPlaced = true;
    }
    QWidget::resizeEvent(event);
}

void ModerationView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ModerationView::updateEmptyTexts()
{
    const auto set = [](QListView *list, const QString &text) {
        static_cast<PlaceholderList *>(list)->setPlaceholder(text);
    };
    const auto queueText = [&](const Queue &q, const QString &empty) {
        if (q.forbidden)
            return QString(); // the status line says it
        if (!q.loaded || q.feed->isLoading() || q.model->canFetchMore({}))
            return QString();
        return empty;
    };
    set(m_open.list, queueText(m_open, tr("Nothing to review: no open reports.")));
    set(m_closed.list, queueText(m_closed, tr("No closed items yet.")));
    set(m_logList, m_logForbidden || !m_logLoaded || m_logFeed->isLoading()
                       ? QString()
                       : tr("No log entries."));
}

// --- tabs and loading -----------------------------------------------------------------------

ModerationView::Tab ModerationView::currentTab() const
{
    return Tab(std::clamp(m_tabs->currentIndex(), 0, 2));
}

void ModerationView::setCurrentTab(Tab tab)
{
    m_tabs->setCurrentIndex(int(tab));
}

void ModerationView::onTabChanged(int index)
{
    m_stack->setCurrentIndex(index);
    const Tab tab = currentTab();
    m_queueTools->setVisible(tab != Tab::Log);
    m_contextPane->setVisible(tab != Tab::Log);
    cancelReason();
    updateContext();
    hideStatus();
    if (m_started) {
        const bool loaded = tab == Tab::Log ? m_logLoaded : visibleQueue()->loaded;
        if (!loaded)
            loadTab(tab);
    }
    const bool forbidden = tab == Tab::Log ? m_logForbidden : visibleQueue()->forbidden;
    if (forbidden)
        showStatus(tab == Tab::Log ? tr("Only moderators can read the moderation log.")
                                   : tr("Only moderators can see the moderation queue."));
    updateActions();
    updateBusy();
}

void ModerationView::start()
{
    m_started = true;
    loadTab(currentTab());
}

void ModerationView::refresh()
{
    m_started = true;
    loadTab(currentTab());
}

void ModerationView::loadTab(Tab tab)
{
    if (tab == Tab::Log) {
        m_logLoaded = true;
        m_logFeed->refresh();
    } else {
        Queue *q = tab == Tab::Open ? &m_open : &m_closed;
        q->loaded = true;
        q->feed->refresh();
    }
    updateEmptyTexts();
    updateBusy();
}

void ModerationView::applyLogFilters()
{
    const int action = m_actionFilter->currentData().toInt();
    const std::optional<core::LogEntry::Action> a =
        action < 0 ? std::nullopt : std::optional(core::LogEntry::Action(action));
    bool ok = false;
    const qint64 uid = m_moderatorFilter->text().trimmed().toLongLong(&ok);
    const std::optional<qint64> moderator = ok && uid > 0 ? std::optional(uid) : std::nullopt;
    if (a == m_logFeed->actionFilter() && moderator == m_logFeed->moderatorFilter() && m_logLoaded)
        return;
    m_logFeed->setActionFilter(a);
    m_logFeed->setModeratorFilter(moderator);
    if (m_started || currentTab() == Tab::Log)
        loadTab(Tab::Log);
}

void ModerationView::updateBusy()
{
    bool busy = false;
    switch (currentTab()) {
    case Tab::Open:
        busy = m_open.feed->isLoading();
        break;
    case Tab::Closed:
        busy = m_closed.feed->isLoading();
        break;
    case Tab::Log:
        busy = m_logFeed->isLoading();
        break;
    }
    m_busy->setVisible(busy);
    updateEmptyTexts();
}

bool ModerationView::isBusy() const
{
    return m_busy->isVisibleTo(this);
}

void ModerationView::setTicker(models::TimeTicker *ticker, const models::RelativeTime &format)
{
    models::TimeTicker *previous = m_ticker;
    m_ticker = ticker;
    m_open.cards->setTime(format, ticker);
    m_closed.cards->setTime(format, ticker);
    m_logLines->setTime(format, ticker);
    models::hookUpTicker(this, previous, ticker, [this](qint64) {
        for (QListView *list : {m_open.list, m_closed.list, m_logList})
            list->viewport()->update();
        if (m_ticker)
            m_ticker->setNextDue(models::RelativeTime::MinuteMs);
    });
}

// --- status ---------------------------------------------------------------------------------

QString ModerationView::loadFailedText(Tab tab, const QString &message,
                                       const core::ApiError &error) const
{
    if (error.status == 403)
        return tab == Tab::Log ? tr("Only moderators can read the moderation log.")
                               : tr("Only moderators can see the moderation queue.");
    return tab == Tab::Log ? tr("The moderation log could not be loaded: %1").arg(message)
                           : tr("The moderation queue could not be loaded: %1").arg(message);
}

void ModerationView::showStatus(const QString &message, const QString &details)
{
    m_statusBar->showMessage(message, false, details);
}

void ModerationView::hideStatus()
{
    m_statusBar->clear();
}

QString ModerationView::statusText() const
{
    return m_statusBar->text();
}

bool ModerationView::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        const Qt::KeyboardModifiers mods =
            key->modifiers() & ~(Qt::KeypadModifier | Qt::ShiftModifier);
        if (watched == m_reasonEdit && key->key() == Qt::Key_Escape) {
            cancelReason();
            return true;
        }
        const Queue *q = visibleQueue();
        if (q && watched == q->list && mods == Qt::NoModifier) {
            switch (key->key()) {
            case Qt::Key_H:
                askReason(Action::Hide);
                return true;
            case Qt::Key_U:
                askReason(Action::Unhide);
                return true;
            case Qt::Key_D:
                askReason(Action::Dismiss);
                return true;
            case Qt::Key_Return:
            case Qt::Key_Enter:
                if (isAskingReason())
                    confirmReason(); // the line is open: Return confirms it
                else
                    openSelectedPost();
                return true;
            case Qt::Key_Escape:
                if (m_reasonBar->isVisible()) {
                    cancelReason();
                    return true;
                }
                break;
            default:
                break;
            }
        }
    }
    return QWidget::eventFilter(watched, event);
}

// --- access ---------------------------------------------------------------------------------

models::ModerationQueueModel *ModerationView::queueModel(Tab tab) const
{
    return tab == Tab::Closed ? m_closed.model : tab == Tab::Open ? m_open.model : nullptr;
}

models::ModerationQueueFeed *ModerationView::queueFeed(Tab tab) const
{
    return tab == Tab::Closed ? m_closed.feed : tab == Tab::Open ? m_open.feed : nullptr;
}

QListView *ModerationView::listView(Tab tab) const
{
    switch (tab) {
    case Tab::Open:
        return m_open.list;
    case Tab::Closed:
        return m_closed.list;
    case Tab::Log:
        return m_logList;
    }
    return nullptr;
}

QStringList ModerationView::cardTexts(const QModelIndex &index, int width) const
{
    QStyleOptionViewItem o;
    o.initFrom(m_open.list);
    o.font = m_open.list->font();
    o.fontMetrics = QFontMetrics(o.font);
    o.widget = m_open.list;
    return m_open.cards->texts(o, index, width);
}

QWidget *ModerationView::contextPane() const
{
    return m_contextPane;
}

QStringList ModerationView::contextTexts() const
{
    return m_contextPane->texts();
}

} // namespace threadline::ui
