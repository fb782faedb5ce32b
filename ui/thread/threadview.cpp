// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "thread/threadview.h"

#include "common/accessiblelist.h"

#include "common/messagebar.h"
#include "common/textlinks.h"
#include "common/virtuallistview.h"
#include "thread/replybox.h"
#include "thread/threadheader.h"

#include "actions.h"
#include "common/timeticker.h"
#include "feeds.h"
#include "images/imagecache.h"
#include "poststore.h"
#include "thread/commentdelegate.h"
#include "thread/flattreeproxy.h"
#include "thread/threadloader.h"

#include <QContextMenuEvent>
#include <QEvent>
#include <QFrame>
#include <QKeyEvent>
#include <QPainter>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QResizeEvent>
#include <QScrollBar>
#include <QTimer>
#include <QVBoxLayout>

namespace threadline::ui {

using models::CommentTreeModel;
using Kind = CommentTreeModel::RowKind;

namespace {
// The thread's rows: floors and their replies as one flat list (FlatTreeProxy), laid out only
// where they are on screen (VirtualListView: a page of 1,000 rows or a floor of 1,000 replies
// costs what one screen costs); a reply is indented by the view, its panel drawn by the delegate.
class ThreadTree : public VirtualListView
{
public:
    using VirtualListView::VirtualListView;
    // Said on the empty tree ("" says nothing): no comments yet, or why there are none.
    void setEmptyText(const QString &text)
    {
        if (text == m_empty)
            return;
        m_empty = text;
        viewport()->update();
    }
    [[nodiscard]] QString emptyText() const { return m_empty; }

protected:
    void paintEvent(QPaintEvent *event) override
    {
        VirtualListView::paintEvent(event);
        if (m_empty.isEmpty() || (model() && model()->rowCount() > 0))
            return;
        QPainter painter(viewport());
        painter.setPen(palette().color(QPalette::PlaceholderText));
        const QRect room = viewport()->rect().adjusted(24, 28, -24, -12);
        painter.drawText(room, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, m_empty);
    }

private:
    QString m_empty;
};

// A horizontal line between the parts of the pane.
QFrame *makeLine(QWidget *parent)
{
    auto *line = new QFrame(parent);
    line->setFrameShape(QFrame::HLine);
    line->setFrameShadow(QFrame::Sunken);
    return line;
}
} // namespace

ThreadView::ThreadView(models::Feeds *feeds, core::ImageCache *images, QWidget *parent)
    : QWidget(parent)
    , m_store(feeds->store())
    , m_actions(feeds->actions())
    , m_model(new CommentTreeModel(m_store, this))
    , m_loader(feeds->threadLoader(m_model, this))
    , m_gate(new models::FlatTreeProxy(this))
    , m_delegate(new CommentDelegate(images, this))
    , m_fetchCheck(new QTimer(this))
{
    m_gate->setSourceModel(m_model);
    m_fetchCheck->setSingleShot(true);
    m_fetchCheck->setInterval(0);
    connect(m_fetchCheck, &QTimer::timeout, this, &ThreadView::fetchMoreIfNearEnd);
    buildUi();

    // the loader
    connect(m_loader, &models::ThreadLoader::error, this, &ThreadView::showStatus);
    connect(m_loader, &models::ThreadLoader::busyChanged, m_busy, &QWidget::setVisible);
    connect(m_loader, &models::ThreadLoader::busyChanged, this, &ThreadView::updateEmptyState);
    connect(m_loader, &models::ThreadLoader::postUnavailable, this, [this](qint64 postId) {
        if (postId == m_postId)
            m_header->clearCount(); // the loader's error() says why
    });
    connect(m_loader, &models::ThreadLoader::postGone, this, [this](qint64 postId) {
        if (postId != m_postId)
            return;
        m_postGone = true;
        updateSendState();
    });

    // the tree
    m_delegate->watch(m_gate); // before setModel: the view then reads fresh sizes
    m_tree->setItemDelegate(m_delegate);
    m_tree->setModel(m_gate);
    connect(m_gate, &QAbstractItemModel::rowsInserted, this, &ThreadView::tryReveal);
    connect(m_gate, &QAbstractItemModel::modelReset, this, &ThreadView::tryReveal);
    connect(m_gate, &QAbstractItemModel::rowsInserted, this, &ThreadView::updateEmptyState);
    connect(m_gate, &QAbstractItemModel::rowsRemoved, this, &ThreadView::updateEmptyState);
    connect(m_gate, &QAbstractItemModel::modelReset, this, &ThreadView::updateEmptyState);
    connect(m_tree, &QAbstractItemView::activated, this, &ThreadView::onActivated);
    connect(m_delegate, &CommentDelegate::moreActivated, this,
            [this](const QModelIndex &index) { m_model->activate(modelIndex(index)); });
    // more floors when the end comes near: after a scroll, a layout, a page
    QScrollBar *bar = m_tree->verticalScrollBar();
    connect(bar, &QScrollBar::valueChanged, m_fetchCheck, qOverload<>(&QTimer::start));
    connect(bar, &QScrollBar::rangeChanged, m_fetchCheck, qOverload<>(&QTimer::start));
    connect(m_loader, &models::ThreadLoader::busyChanged, m_fetchCheck, [this](bool busy) {
        if (!busy)
            m_fetchCheck->start();
    });
    connect(m_delegate, &CommentDelegate::replyRequested, this, &ThreadView::answerComment);
    // a link's click opens the browser (http and https only: LinkActions checks it again)
    connect(m_delegate, &CommentDelegate::linkClicked, this,
            [](const QUrl &url) { LinkActions::open(url); });
    connect(m_delegate, &CommentDelegate::voteClicked, this, [this](qint64 commentId, int vote) {
        if (m_actions && commentId != 0)
            m_actions->voteComment(commentId, vote);
    });
    if (images) {
        connect(images, &core::ImageCache::imageReady, m_tree->viewport(),
                qOverload<>(&QWidget::update));
    }

    // the store: the header follows the post, the target follows its comment
    connect(m_store, &core::PostStore::postAdded, this, [this](qint64 postId) {
        if (postId == m_postId)
            updateHeader();
    });
    connect(m_store, &core::PostStore::postChanged, this, [this](qint64 postId) {
        if (postId == m_postId)
            updateHeader();
    });
    // my pending post confirmed while its thread is open: the server's post from now on
    connect(m_store, &core::PostStore::postIdChanged, this,
            [this](qint64 localId, qint64 serverId) {
                if (localId == m_postId)
                    openPost(serverId);
            });
    connect(m_store, &core::PostStore::commentIdChanged, this,
            [this](qint64 localId, qint64 serverId) { m_reply->replaceTarget(localId, serverId); });
    connect(m_store, &core::PostStore::commentRemoved, this, [this](qint64, qint64 commentId) {
        if (m_reply->target() != 0 && m_reply->target() == commentId)
            answerPost();
    });

    answerPost();
    updateHeader();
    updateSendState();
}

ThreadView::~ThreadView() = default;

void ThreadView::buildUi()
{
    auto *root = new QVBoxLayout(this);
    root->setContentsMargins(0, 0, 0, 0);
    root->setSpacing(0);

    // --- header: the post, its comment count, the order switch, close ---
    m_header = new ThreadHeader(this);
    connect(m_header, &ThreadHeader::orderChosen, this, [this](CommentTreeModel::Order order) {
        if (m_postId != 0)
            m_loader->setOrder(order);
    });
    connect(m_header, &ThreadHeader::closeRequested, this, &ThreadView::closeRequested);
    connect(m_header, &ThreadHeader::linkClicked, this,
            [](const QUrl &url) { LinkActions::open(url); });
    root->addWidget(m_header);
    root->addWidget(makeLine(this));

    // --- busy bar and status line ---
    m_busy = makeBusyBar(this);
    root->addWidget(m_busy);
    m_statusBar = new MessageBar(this);
    connect(m_statusBar, &MessageBar::retryClicked, this, [this] {
        if (m_postId != 0)
            m_loader->reload();
    });
    root->addWidget(m_statusBar);

    // --- the thread ---
    auto *tree = new ThreadTree(this);
    m_tree = tree;
    m_tree->setObjectName(QStringLiteral("threadTree"));
    m_tree->setIndentation(CommentDelegate::kIndentation);
    m_tree->setDepthRole(models::FlatTreeProxy::DepthRole);
    m_tree->setDefaultRowHeight(90);
    // the relative time is elided into its line when painted: its ticks lay nothing out
    m_tree->setPaintOnlyRoles({CommentTreeModel::RelativeTimeRole});
    m_tree->verticalScrollBar()->setSingleStep(24);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->setFrameShape(QFrame::NoFrame);
    m_tree->setMouseTracking(true);
    m_tree->viewport()->installEventFilter(this);
    m_tree->installEventFilter(this); // the Menu key, Shift+F10, Delete, Ctrl+C, R, L, J/K, Esc
    m_tree->setAccessibleName(tr("Comments"));
    m_tree->setAccessibleDescription(
        tr("J and K or the arrows move between comments; R replies, L likes, Esc closes"));
    RowActions::attach(m_tree, [this](const QModelIndex &index) { return rowActions(index); });
    root->addWidget(m_tree, 1);

    root->addWidget(makeLine(this));

    // --- the reply box ---
    m_reply = new ReplyBox(this);
    connect(m_reply, &ReplyBox::sendRequested, this, &ThreadView::send);
    connect(m_reply, &ReplyBox::closeRequested, this, &ThreadView::closeRequested);
    root->addWidget(m_reply);
    // the pane's focus is the comments' (the reader's place); R or a click puts it in the box
    setFocusProxy(m_tree);
    setTabOrder(m_tree, m_reply->edit());
}

void ThreadView::focusReply()
{
    if (m_reply->edit()->isEnabled())
        m_reply->edit()->setFocus(Qt::OtherFocusReason);
}

// --- the post ---------------------------------------------------------------------------------

void ThreadView::revealComment(qint64 commentId)
{
    m_reveal = commentId;
    tryReveal();
}

void ThreadView::tryReveal()
{
    if (m_reveal == 0)
        return;
    const QModelIndex row = m_model->indexOfComment(m_reveal);
    if (!row.isValid())
        return;
    m_reveal = 0;
    const QModelIndex shown = viewIndex(row);
    m_tree->setCurrentIndex(shown);
    m_tree->scrollTo(shown, QAbstractItemView::PositionAtCenter);
}

void ThreadView::openPost(qint64 postId)
{
    m_reveal = 0;
    m_postId = postId;
    m_postGone = false;
    hideStatus();
    answerPost();
    // an unsent comment on this post (kept across restarts) comes back; another post's stays
    m_reply->setDraftKey(postId > 0 ? QStringLiteral("drafts/comment/%1").arg(postId) : QString());
    updateHeader();
    m_loader->open(postId, m_header->order()); // fetches the post too if the store lacks it
    updateSendState();
    updateEmptyState();
}

void ThreadView::setModerator(bool moderator)
{
    if (moderator == m_model->isModerator())
        return;
    m_model->setModerator(moderator);
    if (m_postId != 0)
        m_loader->reload();
}

void ThreadView::setTicker(models::TimeTicker *ticker, const models::RelativeTime &format)
{
    m_model->setTicker(ticker, format);
}

void ThreadView::updateHeader()
{
    if (const auto post = m_postId != 0 ? m_store->post(m_postId) : std::nullopt)
        m_header->setPost(*post);
    else
        m_header->setNoPost(m_postId != 0);
}

// --- the status line --------------------------------------------------------------------------

void ThreadView::showStatus(const QString &message, const QString &details)
{
    m_statusBar->showMessage(message, !m_postGone, details);
    updateEmptyState();
}

void ThreadView::hideStatus()
{
    m_statusBar->clear();
    updateEmptyState();
}

void ThreadView::updateEmptyState()
{
    auto *tree = static_cast<ThreadTree *>(m_tree);
    QString text;
    if (m_postId < 0) {
        text = tr("Your post is on its way. Comments open once it is published.");
    } else if (m_postId != 0 && !m_postGone && !m_busy->isVisibleTo(this) &&
               m_statusBar->text().isEmpty() && m_model->rowCount() == 0) {
        text = tr("No comments yet. Be the first: press R, write below and press Ctrl+Return.");
    }
    tree->setEmptyText(text);
}

QString ThreadView::emptyText() const
{
    return static_cast<ThreadTree *>(m_tree)->emptyText();
}

QString ThreadView::statusText() const
{
    return m_statusBar->text();
}

// --- the tree ---------------------------------------------------------------------------------

QModelIndex ThreadView::viewIndex(const QModelIndex &modelIndex) const
{
    return modelIndex.model() == m_gate ? modelIndex : m_gate->mapFromSource(modelIndex);
}

QModelIndex ThreadView::modelIndex(const QModelIndex &viewIndex) const
{
    return viewIndex.model() == m_gate ? m_gate->mapToSource(viewIndex) : viewIndex;
}

void ThreadView::fetchMoreIfNearEnd()
{
    if (!m_model->canFetchMore({}))
        return;
    // the last row (load more floors) within half a screen below what is shown; visualRect()
    // lays out what is pending first
    const int rows = m_gate->rowCount();
    if (rows == 0)
        return;
    const QRect last = m_tree->visualRect(m_gate->index(rows - 1, 0));
    const int height = m_tree->viewport()->height();
    if (last.isValid() && last.top() <= height + height / 2)
        m_model->fetchMore({});
}

void ThreadView::onActivated(const QModelIndex &index)
{
    if (!index.isValid())
        return;
    if (Kind(index.data(CommentTreeModel::KindRole).toInt()) == Kind::Comment)
        answerComment(index);
    else
        m_model->activate(modelIndex(index));
}

void ThreadView::updateCursor(const QPoint &pos)
{
    const QModelIndex index = m_tree->indexAt(pos);
    CommentDelegate::Area area = CommentDelegate::Area::None;
    if (index.isValid()) {
        QStyleOptionViewItem option;
        option.initFrom(m_tree);
        option.font = m_tree->font();
        option.fontMetrics = QFontMetrics(option.font);
        option.widget = m_tree;
        option.rect = m_tree->visualRect(index);
        area = m_delegate->hitTest(option, index, pos);
    }
    const bool hand = area == CommentDelegate::Area::Like ||
                      area == CommentDelegate::Area::Oppose ||
                      area == CommentDelegate::Area::Link || area == CommentDelegate::Area::More;
    if (hand)
        m_tree->viewport()->setCursor(Qt::PointingHandCursor);
    else
        m_tree->viewport()->unsetCursor();
}

// --- the reply box ----------------------------------------------------------------------------

QPlainTextEdit *ThreadView::replyEdit() const
{
    return m_reply->edit();
}

QPushButton *ThreadView::sendButton() const
{
    return m_reply->sendButton();
}

qint64 ThreadView::replyTarget() const
{
    return m_reply->target();
}

void ThreadView::answerComment(const QModelIndex &index)
{
    if (isCommentRow(index))
        m_reply->answerComment(index.data(CommentTreeModel::IdRole).toLongLong(),
                               index.data(CommentTreeModel::ReplyHintRole).toString());
}

void ThreadView::answerPost()
{
    m_reply->answerPost();
}

void ThreadView::updateSendState()
{
    m_reply->setSendable(m_actions && m_postId > 0 && !m_postGone);
}

void ThreadView::send()
{
    if (!m_reply->canSend() || !m_actions)
        return;
    const qint64 local = m_actions->comment(m_postId, m_reply->target(), m_reply->text());
    m_reply->clear();
    answerPost();
    m_tree->clearSelection();
    const QModelIndex row = viewIndex(m_model->indexOfComment(local));
    if (row.isValid())
        m_tree->scrollTo(row);
}

bool ThreadView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_tree->viewport() && event->type() == QEvent::MouseMove) {
        updateCursor(static_cast<QMouseEvent *>(event)->position().toPoint());
    } else if (watched == m_tree->viewport() && event->type() == QEvent::Leave) {
        m_tree->viewport()->unsetCursor();
    } else if (watched == m_tree && event->type() == QEvent::KeyPress) {
        if (handleTreeKey(static_cast<QKeyEvent *>(event)))
            return true;
    } else if ((watched == m_tree || watched == m_tree->viewport()) &&
               event->type() == QEvent::ContextMenu) {
        auto *ce = static_cast<QContextMenuEvent *>(event);
        if (ce->reason() == QContextMenuEvent::Keyboard) { // the current row
            if (!isCommentRow(m_tree->currentIndex()))
                return false;
            showContextMenu(m_tree->currentIndex());
            return true;
        }
        if (watched != m_tree->viewport())
            return false;
        const QModelIndex index = m_tree->indexAt(ce->pos());
        if (!isCommentRow(index))
            return false;
        m_tree->setCurrentIndex(index);
        showContextMenu(index, ce->globalPos());
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void ThreadView::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape && event->modifiers() == Qt::NoModifier && m_reply->escape())
        return;
    QWidget::keyPressEvent(event);
}

} // namespace threadline::ui
