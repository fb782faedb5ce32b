#include "threadview.h"

#include "paintutil.h"

#include "messagebar.h"

#include "actions.h"
#include "apiclient.h"
#include "commentdelegate.h"
#include "imagecache.h"
#include "jsoncodec.h"
#include "poststore.h"
#include "reasondialog.h"
#include "reportdialog.h"
#include "threadloader.h"
#include "timeticker.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QButtonGroup>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIdentityProxyModel>
#include <QKeyEvent>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollBar>
#include <QStyle>
#include <QTextLayout>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>
#include <algorithm>
#include <climits>
#include <cmath>
#include <memory>

namespace threadline::ui {

using models::CommentTreeModel;
using Kind = CommentTreeModel::RowKind;

// Plain text in at most N lines, the last one elided (the post in the header).
class ElidedText : public QWidget
{
public:
    ElidedText(int maxLines, QWidget *parent)
        : QWidget(parent)
        , m_maxLines(maxLines)
    {
        QSizePolicy p(QSizePolicy::Preferred, QSizePolicy::Preferred);
        p.setHeightForWidth(true);
        setSizePolicy(p);
    }
    void setText(const QString &text)
    {
        m_text = text;
        updateGeometry();
        update();
    }
    [[nodiscard]] QString text() const { return m_text; }
    [[nodiscard]] bool hasHeightForWidth() const override { return true; }
    [[nodiscard]] int heightForWidth(int width) const override
    {
        return int(lines(width).size()) * fontMetrics().lineSpacing();
    }
    [[nodiscard]] QSize sizeHint() const override
    {
        return {320, heightForWidth(width() > 0 ? width() : 320)};
    }
    [[nodiscard]] QSize minimumSizeHint() const override { return {40, 0}; }
    // What is shown, line by line.
    [[nodiscard]] QStringList lines(int width) const
    {
        QStringList out;
        if (m_text.isEmpty() || width <= 0)
            return out;
        QString text = m_text;
        text.replace(QLatin1Char('\n'), QChar::LineSeparator);
        QTextLayout layout(text, font());
        QTextOption option;
        option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
        layout.setTextOption(option);
        layout.beginLayout();
        for (int n = 0; n < m_maxLines; ++n) {
            QTextLine line = layout.createLine();
            if (!line.isValid())
                break;
            line.setLineWidth(width);
            QString part = text.mid(line.textStart(), line.textLength());
            if (n == m_maxLines - 1 && line.textStart() + line.textLength() < text.size()) {
                QString rest = text.mid(line.textStart());
                rest.replace(QChar::LineSeparator, QLatin1Char(' '));
                part = fontMetrics().elidedText(rest, Qt::ElideRight, width);
            }
            part.remove(QChar::LineSeparator);
            out.append(part);
        }
        layout.endLayout();
        return out;
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        p.setPen(palette().color(QPalette::WindowText));
        const int h = fontMetrics().lineSpacing();
        int y = 0;
        for (const QString &line : lines(width())) {
            p.drawText(QRect(0, y, width(), h), Qt::AlignLeft | Qt::AlignVCenter, line);
            y += h;
        }
    }

private:
    int m_maxLines;
    QString m_text;
};

namespace {
// The tree: no branch decorations (the delegate draws the reply panel), and row heights laid
// out again when the width changes (the text wraps differently).
class ThreadTree : public QTreeView
{
public:
    using QTreeView::QTreeView;

protected:
    void drawBranches(QPainter *, const QRect &, const QModelIndex &) const override {}
    bool viewportEvent(QEvent *event) override
    {
        if (event->type() == QEvent::Resize) {
            const auto *re = static_cast<QResizeEvent *>(event);
            if (re->oldSize().width() != re->size().width())
                scheduleDelayedItemsLayout();
        }
        return QTreeView::viewportEvent(event);
    }
};

// The model as the tree sees it, minus canFetchMore(): QTreeView fetches more on every full
// layout (each page inserted would ask for the next, until the thread is loaded whole); the
// pane fetches instead when the end of what is shown comes near (fetchMoreIfNearEnd).
class FetchGate : public QIdentityProxyModel
{
public:
    using QIdentityProxyModel::QIdentityProxyModel;
    [[nodiscard]] bool canFetchMore(const QModelIndex &) const override { return false; }
    void fetchMore(const QModelIndex &) override {}
};

QString hintForPost()
{
    return ThreadView::tr("Comment");
}
} // namespace

ThreadView::ThreadView(core::ApiClient *api, core::Cache *cache, core::PostStore *store,
                       core::Actions *actions, core::ImageCache *images, QWidget *parent)
    : QWidget(parent)
    , m_api(api)
    , m_store(store)
    , m_actions(actions)
    , m_model(new CommentTreeModel(store, this))
    , m_loader(new models::ThreadLoader(api, cache, store, m_model, this))
    , m_gate(new FetchGate(this))
    , m_delegate(new CommentDelegate(images, this))
    , m_fetchCheck(new QTimer(this))
{
    m_gate->setSourceModel(m_model);
    m_fetchCheck->setSingleShot(true);
    m_fetchCheck->setInterval(0);
    connect(m_fetchCheck, &QTimer::timeout, this, &ThreadView::fetchMoreIfNearEnd);
    buildUi();
    retranslate();

    // the loader
    connect(m_loader, &models::ThreadLoader::error, this, &ThreadView::showStatus);
    connect(m_loader, &models::ThreadLoader::busyChanged, m_busy, &QWidget::setVisible);
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
    connect(m_gate, &QAbstractItemModel::rowsInserted, this, &ThreadView::onRowsInserted);
    connect(m_gate, &QAbstractItemModel::rowsInserted, this, &ThreadView::tryReveal);
    connect(m_gate, &QAbstractItemModel::modelReset, this, &ThreadView::tryReveal);
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
    connect(m_store, &core::PostStore::commentIdChanged, this,
            [this](qint64 localId, qint64 serverId) {
                if (m_targetId == localId)
                    m_targetId = serverId;
            });
    connect(m_store, &core::PostStore::commentRemoved, this, [this](qint64, qint64 commentId) {
        if (m_targetId != 0 && m_targetId == commentId)
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
    auto *header = new QWidget(this);
    header->setObjectName(QStringLiteral("threadHeader"));
    auto *hl = new QVBoxLayout(header);
    hl->setContentsMargins(12, 10, 8, 8);
    hl->setSpacing(4);
    auto *top = new QHBoxLayout;
    top->setSpacing(6);
    m_author = new QLabel(header);
    m_author->setObjectName(QStringLiteral("postAuthor"));
    m_author->setTextFormat(Qt::PlainText);
    QFont bold = m_author->font();
    bold.setBold(true);
    m_author->setFont(bold);
    m_author->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    top->addWidget(m_author, 1);
    m_byFloor = new QToolButton(header);
    m_byFloor->setObjectName(QStringLiteral("orderByFloor"));
    m_best = new QToolButton(header);
    m_best->setObjectName(QStringLiteral("orderBest"));
    m_order = new QButtonGroup(this);
    m_order->setExclusive(true);
    for (auto *b : {m_byFloor, m_best}) {
        b->setCheckable(true);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setFocusPolicy(Qt::TabFocus);
        top->addWidget(b);
    }
    top->setSpacing(0);
    m_order->addButton(m_byFloor, int(CommentTreeModel::Order::Floor));
    m_order->addButton(m_best, int(CommentTreeModel::Order::Best));
    m_byFloor->setChecked(true);
    connect(m_order, &QButtonGroup::idClicked, this, [this](int id) {
        const auto order = CommentTreeModel::Order(id);
        if (m_postId != 0)
            m_loader->setOrder(order);
    });
    top->addSpacing(8);
    m_close = new QToolButton(header);
    m_close->setObjectName(QStringLiteral("closeThread"));
    m_close->setAutoRaise(true);
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    connect(m_close, &QToolButton::clicked, this, &ThreadView::closeRequested);
    top->addWidget(m_close);
    hl->addLayout(top);
    m_postText = new ElidedText(3, header);
    m_postText->setObjectName(QStringLiteral("postText"));
    hl->addWidget(m_postText);
    m_count = new QLabel(header);
    m_count->setObjectName(QStringLiteral("commentCount"));
    m_count->setTextFormat(Qt::PlainText);
    QPalette muted = m_count->palette();
    muted.setColor(QPalette::WindowText, muted.color(QPalette::PlaceholderText));
    m_count->setPalette(muted);
    hl->addWidget(m_count);
    root->addWidget(header);

    auto *line = new QFrame(this);
    line->setFrameShape(QFrame::HLine);
    line->setFrameShadow(QFrame::Sunken);
    root->addWidget(line);

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
    m_tree->setHeaderHidden(true);
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(false);
    m_tree->setItemsExpandable(false);
    m_tree->setExpandsOnDoubleClick(false);
    m_tree->setIndentation(CommentDelegate::kIndentation);
    m_tree->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_tree->verticalScrollBar()->setSingleStep(24);
    m_tree->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->setFrameShape(QFrame::NoFrame);
    m_tree->setAllColumnsShowFocus(true);
    m_tree->header()->setStretchLastSection(true);
    m_tree->setMouseTracking(true);
    m_tree->viewport()->installEventFilter(this);
    m_tree->installEventFilter(this); // the Menu key, Shift+F10, Delete, Ctrl+C
    root->addWidget(m_tree, 1);

    auto *line2 = new QFrame(this);
    line2->setFrameShape(QFrame::HLine);
    line2->setFrameShadow(QFrame::Sunken);
    root->addWidget(line2);

    // --- the reply box ---
    auto *box = new QWidget(this);
    box->setObjectName(QStringLiteral("replyBox"));
    auto *bl = new QVBoxLayout(box);
    bl->setContentsMargins(8, 6, 8, 8);
    bl->setSpacing(4);
    m_targetBar = new QFrame(box);
    auto *tl = new QHBoxLayout(m_targetBar);
    tl->setContentsMargins(0, 0, 0, 0);
    m_targetLabel = new QLabel(m_targetBar);
    m_targetLabel->setObjectName(QStringLiteral("replyTarget"));
    m_targetLabel->setTextFormat(Qt::PlainText);
    m_targetLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_targetLabel->setPalette(muted);
    tl->addWidget(m_targetLabel, 1);
    m_cancelTarget = new QToolButton(m_targetBar);
    m_cancelTarget->setObjectName(QStringLiteral("cancelReplyTarget"));
    m_cancelTarget->setAutoRaise(true);
    connect(m_cancelTarget, &QToolButton::clicked, this, &ThreadView::answerPost);
    tl->addWidget(m_cancelTarget);
    m_targetBar->setVisible(false);
    bl->addWidget(m_targetBar);
    auto *row = new QHBoxLayout;
    row->setSpacing(8);
    m_edit = new QPlainTextEdit(box);
    m_edit->setObjectName(QStringLiteral("replyEdit"));
    m_edit->setTabChangesFocus(true);
    m_edit->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_edit->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_edit->installEventFilter(this);
    row->addWidget(m_edit, 1);
    auto *side = new QVBoxLayout;
    side->setSpacing(2);
    side->addStretch(1);
    m_counter = new QLabel(box);
    m_counter->setObjectName(QStringLiteral("replyCounter"));
    m_counter->setTextFormat(Qt::PlainText);
    m_counter->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_counter->setVisible(false);
    side->addWidget(m_counter);
    m_send = new QPushButton(box);
    m_send->setObjectName(QStringLiteral("sendButton"));
    m_send->setDefault(false);
    m_send->setAutoDefault(false);
    connect(m_send, &QPushButton::clicked, this, &ThreadView::send);
    side->addWidget(m_send);
    row->addLayout(side);
    bl->addLayout(row);
    root->addWidget(box);

    connect(m_edit, &QPlainTextEdit::textChanged, this, [this] {
        updateSendState();
        updateEditHeight();
    });
    connect(m_edit->document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged,
            this, &ThreadView::updateEditHeight);
    updateEditHeight();
    setFocusProxy(m_edit);
}

void ThreadView::retranslate()
{
    m_byFloor->setText(tr("By floor"));
    m_byFloor->setToolTip(tr("Floors in order, oldest first"));
    m_best->setText(tr("Best first"));
    m_best->setToolTip(tr("The best-liked floors first"));
    m_close->setToolTip(tr("Close (Esc)"));
    m_close->setAccessibleName(tr("Close"));
    if (m_close->icon().isNull())
        m_close->setText(tr("Close"));
    m_cancelTarget->setText(tr("Cancel"));
    m_cancelTarget->setToolTip(tr("Comment on the post instead (Esc)"));
    m_send->setText(tr("Send"));
    m_send->setToolTip(tr("Send (Ctrl+Return)"));
    m_edit->setPlaceholderText(m_targetId != 0 ? m_targetHint : hintForPost());
    if (m_targetId != 0)
        m_targetLabel->setText(m_targetHint);
    updateHeader();
}

void ThreadView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange && m_send)
        retranslate();
    QWidget::changeEvent(event);
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
    if (shown.parent().isValid())
        m_tree->expand(shown.parent());
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
    m_edit->clear();
    updateHeader();
    fetchPostIfMissing();
    m_loader->open(postId, CommentTreeModel::Order(m_order->checkedId()));
    updateSendState();
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
    if (!m_author)
        return;
    const auto post = m_postId != 0 ? m_store->post(m_postId) : std::nullopt;
    if (!post) {
        m_author->setText(QString());
        m_postText->setText(QString());
        m_count->setText(m_postId != 0 ? tr("Loading the post…") : QString());
        return;
    }
    m_author->setText(post->author.nickName);
    m_postText->setText(shownText(post->content));
    m_count->setText(
        tr("%n comment(s)", nullptr, int(std::min<qint64>(post->commentCount, INT_MAX))));
}

void ThreadView::fetchPostIfMissing()
{
    if (!m_api || m_store->containsPost(m_postId) || m_api->isOffline())
        return;
    const qint64 postId = m_postId;
    core::ApiReply *reply = m_api->get(QStringLiteral("/api/v1/posts/%1").arg(postId), this);
    connect(reply, &core::ApiReply::finished, this, [this, reply, postId] {
        if (!reply->ok()) { // the loader says what went wrong with the thread
            if (postId == m_postId && !m_store->containsPost(postId))
                m_count->clear();
            return;
        }
        const auto post = core::decodePost(reply->body());
        if (post.ok() && !m_store->containsPost(postId))
            m_store->upsertPost(post.value());
    });
}

// --- the status line --------------------------------------------------------------------------

void ThreadView::showStatus(const QString &message)
{
    m_statusBar->showMessage(message, !m_postGone);
}

void ThreadView::hideStatus()
{
    m_statusBar->clear();
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

void ThreadView::onRowsInserted(const QModelIndex &parent, int first, int last)
{
    if (!parent.isValid()) { // every floor open: its first replies and "more replies" show
        for (int row = first; row <= last; ++row)
            m_tree->expand(m_gate->index(row, 0));
    } else if (!m_tree->isExpanded(parent)) {
        m_tree->expand(parent);
    }
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
                      area == CommentDelegate::Area::Oppose || area == CommentDelegate::Area::More;
    if (hand)
        m_tree->viewport()->setCursor(Qt::PointingHandCursor);
    else
        m_tree->viewport()->unsetCursor();
}

// --- the reply box ----------------------------------------------------------------------------

void ThreadView::answerComment(const QModelIndex &index)
{
    if (!index.isValid() || Kind(index.data(CommentTreeModel::KindRole).toInt()) != Kind::Comment)
        return;
    m_targetId = index.data(CommentTreeModel::IdRole).toLongLong();
    m_targetHint = index.data(CommentTreeModel::ReplyHintRole).toString();
    m_edit->setPlaceholderText(m_targetHint);
    m_targetLabel->setText(m_targetHint);
    m_targetBar->setVisible(true);
    m_edit->setFocus(Qt::OtherFocusReason);
}

void ThreadView::answerPost()
{
    m_targetId = 0;
    m_targetHint.clear();
    m_edit->setPlaceholderText(hintForPost());
    m_targetLabel->clear();
    m_targetBar->setVisible(false);
}

void ThreadView::updateSendState()
{
    const qsizetype length = m_edit->toPlainText().trimmed().toUcs4().size();
    const bool near = length >= kMaxCommentLength - 50;
    m_counter->setVisible(near);
    if (near) {
        m_counter->setText(tr("%1/%2").arg(length).arg(kMaxCommentLength));
        QPalette p = palette();
        if (length > kMaxCommentLength)
            p.setColor(QPalette::WindowText, QColor(0xc0, 0x30, 0x30));
        m_counter->setPalette(p);
    }
    m_send->setEnabled(m_actions && m_postId != 0 && !m_postGone && length > 0 &&
                       length <= kMaxCommentLength);
}

void ThreadView::updateEditHeight()
{
    const int lines = std::clamp(
        int(std::ceil(m_edit->document()->documentLayout()->documentSize().height())), 2, 5);
    const QMargins m = m_edit->contentsMargins();
    const int h = lines * m_edit->fontMetrics().lineSpacing() +
                  int(2 * m_edit->document()->documentMargin()) + m.top() + m.bottom();
    if (m_edit->height() != h || m_edit->minimumHeight() != h)
        m_edit->setFixedHeight(h);
}

void ThreadView::send()
{
    if (!m_send->isEnabled() || !m_actions)
        return;
    const QString text = m_edit->toPlainText().trimmed();
    const qint64 local = m_actions->comment(m_postId, m_targetId, text);
    m_edit->clear();
    answerPost();
    m_tree->clearSelection();
    const QModelIndex row = viewIndex(m_model->indexOfComment(local));
    if (row.isValid())
        m_tree->scrollTo(row);
}

bool ThreadView::handleEscape()
{
    if (m_targetId != 0) {
        answerPost();
        return true;
    }
    if (m_edit->toPlainText().trimmed().isEmpty()) {
        Q_EMIT closeRequested();
        return true;
    }
    return false;
}

bool ThreadView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_edit && event->type() == QEvent::KeyPress) {
        const auto *ke = static_cast<QKeyEvent *>(event);
        const bool enter = ke->key() == Qt::Key_Return || ke->key() == Qt::Key_Enter;
        if (enter && (ke->modifiers() & Qt::ControlModifier)) {
            send();
            return true;
        }
        if (ke->key() == Qt::Key_Escape && ke->modifiers() == Qt::NoModifier)
            return handleEscape();
    } else if (watched == m_tree->viewport() && event->type() == QEvent::MouseMove) {
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

// --- the context menu -------------------------------------------------------------------------

bool ThreadView::isCommentRow(const QModelIndex &index) const
{
    return index.isValid() && Kind(index.data(CommentTreeModel::KindRole).toInt()) == Kind::Comment;
}

bool ThreadView::canDelete(const QModelIndex &index) const
{
    if (!m_actions || !isCommentRow(index))
        return false;
    if (m_myUid != 0 && index.data(CommentTreeModel::AuthorIdRole).toLongLong() == m_myUid)
        return true;
    if (index.data(CommentTreeModel::IdRole).toLongLong() <= 0) // someone's, not on the server
        return false;
    if (m_model->isModerator())
        return true;
    const auto post = m_postId != 0 ? m_store->post(m_postId) : std::nullopt;
    return m_myUid != 0 && post && post->author.uid == m_myUid;
}

bool ThreadView::canReport(const QModelIndex &index) const
{
    return m_actions && isCommentRow(index) &&
           index.data(CommentTreeModel::IdRole).toLongLong() > 0 &&
           !(m_myUid != 0 && index.data(CommentTreeModel::AuthorIdRole).toLongLong() == m_myUid);
}

QMenu *ThreadView::createContextMenu(const QModelIndex &index, QWidget *parent)
{
    const QModelIndex row = modelIndex(index);
    if (!isCommentRow(row))
        return nullptr;
    const QPersistentModelIndex kept(row);
    auto *menu = new QMenu(parent ? parent : this);
    menu->setObjectName(QStringLiteral("commentMenu"));
    const auto add = [menu](const QString &name, const QString &text, const QKeySequence &keys) {
        return addMenuAction(menu, name, text, keys);
    };
    QAction *reply = add(QStringLiteral("reply"), tr("&Reply"), Qt::Key_Return);
    reply->setEnabled(m_actions && !m_postGone);
    connect(reply, &QAction::triggered, this, [this, kept] {
        if (kept.isValid())
            answerComment(viewIndex(kept));
    });
    menu->setDefaultAction(reply);
    QAction *copy = add(QStringLiteral("copyText"), tr("&Copy text"), QKeySequence::Copy);
    copy->setEnabled(!row.data(CommentTreeModel::ContentRole).toString().isEmpty());
    connect(copy, &QAction::triggered, this, [this, kept] { copyText(kept); });
    const bool del = canDelete(row);
    const bool report = canReport(row);
    if (del || report)
        menu->addSeparator();
    if (del) {
        QAction *a = add(QStringLiteral("deleteComment"), tr("&Delete comment"), Qt::Key_Delete);
        connect(a, &QAction::triggered, this, [this, kept] { requestDelete(kept); });
    }
    if (report) {
        QAction *a = add(QStringLiteral("report"), tr("Re&port…"), {});
        connect(a, &QAction::triggered, this, [this, kept] { requestReport(kept); });
    }
    if (m_model->isModerator() && m_actions &&
        row.data(CommentTreeModel::IdRole).toLongLong() > 0) {
        const bool hidden = row.data(CommentTreeModel::HiddenRole).toBool();
        QAction *a = add(hidden ? QStringLiteral("unhideComment") : QStringLiteral("hideComment"),
                         hidden ? tr("&Unhide…") : tr("&Hide…"), {});
        connect(a, &QAction::triggered, this, [this, kept] { requestModeration(kept); });
    }
    return menu;
}

void ThreadView::showContextMenu(const QModelIndex &index, const QPoint &globalPos)
{
    const QModelIndex row = viewIndex(modelIndex(index));
    if (!isCommentRow(row) || m_menuOpen)
        return;
    QPoint at = globalPos;
    if (at.isNull()) { // from the keyboard: under the top left corner of what shows of the row
        m_tree->scrollTo(row);
        QWidget *vp = m_tree->viewport();
        QRect r = m_tree->visualRect(row).intersected(vp->rect());
        if (r.isEmpty())
            r = vp->rect();
        at = vp->mapToGlobal(QPoint(r.left() + 24, r.top() + std::min(r.height() / 2, 24)));
    }
    const std::unique_ptr<QMenu> menu(createContextMenu(row));
    m_menuOpen = true;
    menu->exec(at);
    m_menuOpen = false;
}

void ThreadView::copyText(const QModelIndex &index) const
{
    if (!isCommentRow(index))
        return;
    const QString text = index.data(CommentTreeModel::ContentRole).toString();
    if (!text.isEmpty())
        QGuiApplication::clipboard()->setText(text);
}

bool ThreadView::confirm(const QString &question, const QString &detail)
{
    if (m_confirm)
        return m_confirm(question, detail);
    QMessageBox box(QMessageBox::Warning, tr("Delete comment"), question, QMessageBox::NoButton,
                    this);
    box.setTextFormat(Qt::PlainText);
    box.setInformativeText(detail);
    QPushButton *del = box.addButton(tr("&Delete"), QMessageBox::DestructiveRole);
    QPushButton *cancel = box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(cancel);
    box.setEscapeButton(cancel);
    box.exec();
    return box.clickedButton() == del;
}

void ThreadView::requestDelete(const QModelIndex &index)
{
    const QModelIndex row = modelIndex(index);
    if (!canDelete(row))
        return;
    const qint64 id = row.data(CommentTreeModel::IdRole).toLongLong();
    const bool mine =
        m_myUid != 0 && row.data(CommentTreeModel::AuthorIdRole).toLongLong() == m_myUid;
    const QString question =
        mine
            ? tr("Delete your comment?")
            : tr("Delete %1's comment?").arg(row.data(CommentTreeModel::AuthorNameRole).toString());
    const bool root = row.data(CommentTreeModel::RootIdRole).toLongLong() == 0;
    const qint64 replies = root ? row.data(CommentTreeModel::ReplyCountRole).toLongLong() : 0;
    const QString detail =
        replies > 0 ? tr("Its floor goes with it: %n reply(s) will be deleted too. This cannot be "
                         "undone.",
                         nullptr, int(std::min<qint64>(replies, INT_MAX)))
                    : tr("This cannot be undone.");
    if (!confirm(question, detail) || !m_actions)
        return;
    m_actions->deleteComment(id);
}

void ThreadView::requestReport(const QModelIndex &index)
{
    const QModelIndex row = modelIndex(index);
    if (!canReport(row))
        return;
    const qint64 id = row.data(CommentTreeModel::IdRole).toLongLong();
    const QString name = row.data(CommentTreeModel::AuthorNameRole).toString();
    ReportDialog dialog(name.isEmpty() ? tr("this comment") : tr("%1's comment").arg(name), this);
    if (dialog.exec() != QDialog::Accepted || !dialog.reason() || !m_actions)
        return;
    m_actions->report(core::TargetType::Comment, id, *dialog.reason(), dialog.note());
}

void ThreadView::requestModeration(const QModelIndex &index)
{
    const QModelIndex row = modelIndex(index);
    if (!isCommentRow(row) || !m_model->isModerator() || !m_actions)
        return;
    const qint64 id = row.data(CommentTreeModel::IdRole).toLongLong();
    if (id <= 0)
        return;
    const bool hide = !row.data(CommentTreeModel::HiddenRole).toBool();
    const QString name = row.data(CommentTreeModel::AuthorNameRole).toString();
    const QString what = name.isEmpty() ? tr("this comment") : tr("%1's comment").arg(name);
    const bool root = row.data(CommentTreeModel::RootIdRole).toLongLong() == 0;
    const qint64 replies = root ? row.data(CommentTreeModel::ReplyCountRole).toLongLong() : 0;
    QString detail;
    if (hide)
        detail = replies > 0 ? tr("Its floor goes with it: %n reply(s) are hidden too. Moderators "
                                  "still see them, greyed.",
                                  nullptr, int(std::min<qint64>(replies, INT_MAX)))
                             : tr("Moderators still see it, greyed, and can unhide it.");
    else
        detail = root ? tr("Everyone sees it again, with its floor as it was.")
                      : tr("Everyone sees it again.");
    const auto reason = ReasonDialog::ask(
        this, hide ? tr("Hide %1").arg(what) : tr("Unhide %1").arg(what), detail, hide);
    if (!reason)
        return;
    m_actions->moderate(core::TargetType::Comment, id, hide, *reason);
}

bool ThreadView::handleTreeKey(QKeyEvent *event)
{
    const QModelIndex current = m_tree->currentIndex();
    if (!isCommentRow(current))
        return false;
    const Qt::KeyboardModifiers mods = event->modifiers() & ~Qt::KeypadModifier;
    if (event->matches(QKeySequence::Copy)) {
        copyText(current);
        return true;
    }
    if ((event->key() == Qt::Key_Menu && mods == Qt::NoModifier) ||
        (event->key() == Qt::Key_F10 && mods == Qt::ShiftModifier)) {
        showContextMenu(current);
        return true;
    }
    if (event->key() == Qt::Key_Delete && mods == Qt::NoModifier && canDelete(current)) {
        requestDelete(current);
        return true;
    }
    return false;
}

void ThreadView::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape && event->modifiers() == Qt::NoModifier && handleEscape())
        return;
    QWidget::keyPressEvent(event);
}

} // namespace threadline::ui
