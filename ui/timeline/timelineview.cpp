// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "timeline/timelineview.h"

#include "common/accessiblelist.h"

#include "common/menuactions.h"

#include "timeline/timelinemodel.h"

#include "common/plaintext.h"
#include "common/textlinks.h"

#include "wire/topics.h"

#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollBar>
#include <QStyle>
#include <algorithm>

namespace threadline::ui {

using models::TimelineModel;

TimelineView::TimelineView(core::ImageCache *images, QWidget *parent)
    : VirtualListView(parent)
    , m_delegate(new PostDelegate(images, this))
{
    m_delegate->setView(this);
    setItemDelegate(m_delegate);
    connect(m_delegate, &PostDelegate::likeClicked, this, &TimelineView::likeClicked);
    connect(m_delegate, &PostDelegate::threadRequested, this, &TimelineView::threadRequested);
    connect(m_delegate, &PostDelegate::likersRequested, this, &TimelineView::likersRequested);
    connect(m_delegate, &PostDelegate::authorClicked, this, &TimelineView::authorClicked);
    connect(m_delegate, &PostDelegate::pictureClicked, this, &TimelineView::pictureClicked);
    connect(m_delegate, &PostDelegate::topicClicked, this, &TimelineView::topicRequested);
    // a link's click opens the browser (http and https only: LinkActions checks it again)
    connect(m_delegate, &PostDelegate::linkClicked, this,
            [](const QUrl &url) { LinkActions::open(url); });

    setFrameShape(QFrame::NoFrame);
    verticalScrollBar()->setSingleStep(24); // three lines of a wheel notch: about 70 px
    setWordWrap(true);
    setDefaultRowHeight(260); // a card with a line of text and a row of pictures
    // the relative time is elided into its line when painted: the ticker lays nothing out
    setPaintOnlyRoles({TimelineModel::RelativeTimeRole});
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setMouseTracking(true);
    setAccessibleName(tr("Timeline"));
    setAccessibleDescription(
        tr("J and K or the arrows move between posts; Return opens, L likes, R replies"));
    // A card's actions for a screen reader: the keys' and the menu's, by name.
    RowActions::attach(this, [this](const QModelIndex &index) {
        const qint64 id = index.data(TimelineModel::IdRole).toLongLong();
        QList<RowAction> out;
        out.append({QStringLiteral("Open"), tr("Open thread"), QKeySequence(Qt::Key_Return),
                    [this, id] { Q_EMIT threadRequested(id); }});
        const bool liked = index.data(TimelineModel::LikedRole).toBool();
        out.append({liked ? QStringLiteral("Unlike") : QStringLiteral("Like"),
                    liked ? tr("Unlike") : tr("Like"), QKeySequence(Qt::Key_L),
                    [this, id] { Q_EMIT likeClicked(id); }});
        out.append({QStringLiteral("Reply"), tr("Reply"), QKeySequence(Qt::Key_R),
                    [this, id] { Q_EMIT replyRequested(id); }});
        out.append({QStringLiteral("Likers"), tr("Who liked this"), QKeySequence(),
                    [this, id] { Q_EMIT likersRequested(id); }});
        const qint64 author = index.data(TimelineModel::AuthorIdRole).toLongLong();
        out.append({QStringLiteral("Author"), tr("Open the author's page"), QKeySequence(),
                    [this, author] { Q_EMIT authorClicked(author); }});
        const QPersistentModelIndex row(index);
        if (isMine(index))
            out.append({QStringLiteral("Delete"), tr("Delete post"), QKeySequence::Delete,
                        [this, row] { requestDelete(row); }});
        else
            out.append({QStringLiteral("Report"), tr("Report…"), QKeySequence(),
                        [this, row] { requestReport(row); }});
        return out;
    });
}

void TimelineView::setModel(QAbstractItemModel *model)
{
    m_delegate->invalidateAll();
    VirtualListView::setModel(model);
    // rows leaving or coming back (they may have changed meanwhile) and resets: the delegate's
    // caches follow them; a change of data is onDataChanged's
    m_delegate->watch(model);
    viewport()->update();
}

qint64 TimelineView::currentPostId() const
{
    const QModelIndex index = currentIndex();
    return index.isValid() ? index.data(TimelineModel::IdRole).toLongLong() : 0;
}

void TimelineView::setEmptyText(const QString &text)
{
    m_emptyText = text;
    viewport()->update();
}

QString TimelineView::emptyText() const
{
    return m_emptyText.isEmpty() ? tr("No posts yet") : m_emptyText;
}

QStyleOptionViewItem TimelineView::itemOption(const QModelIndex &index) const
{
    QStyleOptionViewItem option;
    initViewItemOption(&option);
    option.rect = visualRect(index);
    return option;
}

QRect TimelineView::areaRect(const QModelIndex &index, PostDelegate::Area area, int which) const
{
    if (!index.isValid())
        return {};
    return m_delegate->hitRect(itemOption(index), index, area, which);
}

// --- the context menu -------------------------------------------------------------------------

bool TimelineView::isMine(const QModelIndex &index) const
{
    return index.isValid() && m_myUid != 0 &&
           index.data(TimelineModel::AuthorIdRole).toLongLong() == m_myUid;
}

QMenu *TimelineView::createContextMenu(const QModelIndex &index, QWidget *parent)
{
    if (!index.isValid())
        return nullptr;
    const qint64 postId = index.data(TimelineModel::IdRole).toLongLong();
    const QPersistentModelIndex row(index);
    auto *menu = new QMenu(parent ? parent : this);
    menu->setObjectName(QStringLiteral("postMenu"));
    const auto add = [menu](const QString &name, const QString &text, const QKeySequence &keys) {
        return addMenuAction(menu, name, text, keys);
    };

    QAction *open = add(QStringLiteral("openThread"), tr("&Open thread"), Qt::Key_Return);
    connect(open, &QAction::triggered, this, [this, postId] { Q_EMIT threadRequested(postId); });
    menu->setDefaultAction(open);
    QAction *likers = add(QStringLiteral("whoLiked"), tr("&Who liked this"), {});
    likers->setEnabled(index.data(TimelineModel::LikeCountRole).toLongLong() > 0);
    connect(likers, &QAction::triggered, this, [this, postId] { Q_EMIT likersRequested(postId); });
    const QStringList topics = core::topicsOf(index.data(TimelineModel::ContentRole).toString());
    for (qsizetype i = 0; i < topics.size(); ++i) {
        const QString topic = topics.at(i);
        QAction *a = add(QStringLiteral("openTopic"), tr("Open topic #%1#").arg(topic),
                         i == 0 ? QKeySequence(Qt::Key_T) : QKeySequence());
        connect(a, &QAction::triggered, this, [this, topic] { Q_EMIT topicRequested(topic); });
    }
    // the content's first links, as the card shows them: the Menu key reaches them too
    LinkActions::addMenuEntries(
        menu, LinkActions::menuLinks(
                  shownText(index.data(TimelineModel::ContentRole).toString().trimmed())));
    menu->addSeparator();
    QAction *copy = add(QStringLiteral("copyText"), tr("&Copy text"), QKeySequence::Copy);
    copy->setEnabled(!index.data(TimelineModel::ContentRole).toString().isEmpty());
    connect(copy, &QAction::triggered, this, [this, row] { copyText(row); });
    menu->addSeparator();
    if (isMine(index)) {
        QAction *del = add(QStringLiteral("deletePost"), tr("&Delete post"), Qt::Key_Delete);
        connect(del, &QAction::triggered, this, [this, row] { requestDelete(row); });
    } else if (postId > 0) {
        QAction *report = add(QStringLiteral("report"), tr("Re&port…"), {});
        connect(report, &QAction::triggered, this, [this, row] { requestReport(row); });
    }
    if (m_moderator && postId > 0) {
        QAction *a = ItemActions::addModerationEntry(
            menu, index.data(TimelineModel::HiddenRole).toBool(), QStringLiteral("Post"),
            tr("&Hide post…"), tr("&Unhide post…"));
        connect(a, &QAction::triggered, this, [this, row] { requestModeration(row); });
    }
    return menu;
}

void TimelineView::showContextMenu(const QModelIndex &index, const QPoint &globalPos)
{
    if (!index.isValid())
        return;
    m_items.runMenu(this, index, globalPos, 32, [this, index] { return createContextMenu(index); });
}

void TimelineView::copyText(const QModelIndex &index) const
{
    if (index.isValid())
        ItemActions::copyText(index.data(TimelineModel::ContentRole).toString());
}

QString TimelineView::postName(const QModelIndex &index) const
{
    const QString name = index.data(TimelineModel::AuthorNameRole).toString();
    return name.isEmpty() ? tr("this post") : tr("%1's post").arg(name);
}

void TimelineView::requestDelete(const QModelIndex &index)
{
    if (!isMine(index))
        return;
    const qint64 postId = index.data(TimelineModel::IdRole).toLongLong();
    if (!m_items.confirmDelete(tr("Delete post"), tr("Delete this post?"),
                               tr("It will be gone for everyone, with its comments and likes. This "
                                  "cannot be undone.")))
        return;
    Q_EMIT deleteRequested(postId);
}

void TimelineView::requestReport(const QModelIndex &index)
{
    if (!index.isValid() || isMine(index))
        return;
    const qint64 postId = index.data(TimelineModel::IdRole).toLongLong();
    if (postId <= 0)
        return;
    if (const auto report = m_items.askReport(postName(index)))
        Q_EMIT reportRequested(core::TargetType::Post, postId, report->reason, report->note);
}

void TimelineView::requestModeration(const QModelIndex &index)
{
    if (!index.isValid() || !m_moderator)
        return;
    const qint64 postId = index.data(TimelineModel::IdRole).toLongLong();
    if (postId <= 0)
        return;
    const bool hide = !index.data(TimelineModel::HiddenRole).toBool();
    const auto reason = m_items.askModeration(
        postName(index), hide,
        hide ? tr("Its comments are hidden with it. Moderators still see it, greyed, and can "
                  "unhide it.")
             : tr("Everyone sees it again, with its comments."));
    if (reason)
        Q_EMIT moderationRequested(core::TargetType::Post, postId, hide, *reason);
}

void TimelineView::contextMenuEvent(QContextMenuEvent *event)
{
    if (event->reason() == QContextMenuEvent::Keyboard) {
        if (!currentIndex().isValid()) {
            event->ignore();
            return;
        }
        showContextMenu(currentIndex());
        event->accept();
        return;
    }
    // a click: the row under the mouse (viewport coordinates) becomes the current one
    const QModelIndex index = indexAt(event->pos());
    if (!index.isValid()) {
        event->ignore();
        return;
    }
    setCurrentIndex(index);
    showContextMenu(index, event->globalPos());
    event->accept();
}

void TimelineView::dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight,
                               const QList<int> &roles)
{
    // The delegate forgets the rows' layouts first, then the view measures them again when they
    // are on screen (the rows on screen at once, the row under the mouse kept where it is). The
    // relative time alone is elided into its line when painted: a repaint is enough.
    const bool timeOnly =
        !roles.isEmpty() && std::all_of(roles.cbegin(), roles.cend(), [](int role) {
            return role == TimelineModel::RelativeTimeRole;
        });
    if (!timeOnly && topLeft.isValid() && bottomRight.isValid() && model()) {
        if (bottomRight.row() - topLeft.row() + 1 > m_delegate->cachedLayouts()) {
            m_delegate->invalidateAll();
        } else {
            for (int row = topLeft.row(); row <= bottomRight.row(); ++row)
                m_delegate->invalidate(model()
                                           ->index(row, 0, topLeft.parent())
                                           .data(TimelineModel::IdRole)
                                           .toLongLong());
        }
    }
    VirtualListView::dataChanged(topLeft, bottomRight, roles);
}

void TimelineView::relayoutAll()
{
    m_delegate->invalidateAll(); // the rows' heights: VirtualListView::changeEvent
    viewport()->update();
}

void TimelineView::keyPressEvent(QKeyEvent *event)
{
    const Qt::KeyboardModifiers mods = event->modifiers() & ~Qt::KeypadModifier;
    const QModelIndex current = currentIndex();
    switch (current.isValid() ? ItemActions::keyOf(event) : ItemActions::Key::None) {
    case ItemActions::Key::Copy:
        copyText(current);
        event->accept();
        return;
    case ItemActions::Key::Menu:
        showContextMenu(current);
        event->accept();
        return;
    case ItemActions::Key::Delete:
        if (isMine(current)) {
            requestDelete(current);
            event->accept();
            return;
        }
        break;
    case ItemActions::Key::None:
        break;
    }
    switch (event->key()) {
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (mods == Qt::NoModifier && current.isValid()) {
            Q_EMIT threadRequested(currentPostId());
            event->accept();
            return;
        }
        break;
    case Qt::Key_L:
        if (mods == Qt::NoModifier && current.isValid()) {
            Q_EMIT likeClicked(currentPostId());
            event->accept();
            return;
        }
        break;
    case Qt::Key_R:
        if (mods == Qt::NoModifier && current.isValid()) {
            Q_EMIT replyRequested(currentPostId());
            event->accept();
            return;
        }
        break;
    case Qt::Key_Escape:
        if (mods == Qt::NoModifier) {
            Q_EMIT escapePressed();
            event->accept();
            return;
        }
        break;
    case Qt::Key_J:
    case Qt::Key_K:
        if (mods == Qt::NoModifier) { // as Down and Up
            QKeyEvent arrow(QEvent::KeyPress, event->key() == Qt::Key_J ? Qt::Key_Down : Qt::Key_Up,
                            Qt::NoModifier);
            keyPressEvent(&arrow);
            event->accept();
            return;
        }
        break;
    case Qt::Key_T:
        if (mods == Qt::NoModifier && current.isValid()) {
            const QStringList topics =
                core::topicsOf(current.data(TimelineModel::ContentRole).toString());
            if (!topics.isEmpty()) {
                Q_EMIT topicRequested(topics.first());
                event->accept();
                return;
            }
        }
        break;
    default:
        break;
    }
    VirtualListView::keyPressEvent(event);
    // A card taller than the viewport is read from its top.
    const QModelIndex now = currentIndex();
    if (now.isValid() && now != current && visualRect(now).height() > viewport()->height())
        scrollTo(now, QAbstractItemView::PositionAtTop);
}

void TimelineView::paintEvent(QPaintEvent *event)
{
    VirtualListView::paintEvent(event);
    if (model() && model()->rowCount(rootIndex()) > 0)
        return;
    QPainter painter(viewport());
    painter.setPen(palette().color(QPalette::PlaceholderText));
    QFont font = this->font();
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * 1.15);
    painter.setFont(font);
    painter.drawText(viewport()->rect().adjusted(24, 24, -24, -24),
                     Qt::AlignCenter | Qt::TextWordWrap, emptyText());
}

void TimelineView::resizeEvent(QResizeEvent *event)
{
    // A readable column: at most kColumnWidth wide, centred; the scroll bar stays at the edge.
    // (The viewport's resizes come here too, with the viewport's size: the view's own width
    // decides.)
    const int side = std::max(0, (width() - kColumnWidth) / 2);
    const int bar = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this);
    if (const QMargins margins(side, 0, std::max(0, side - bar), 0); margins != viewportMargins())
        setViewportMargins(margins);     // a layout of the children: only when they change
    VirtualListView::resizeEvent(event); // the rows on screen laid out at the new width
    viewport()->update();
    placeNewerBar();
}

void TimelineView::setNewerCount(int count)
{
    const int before = m_newer;
    m_newer = std::max(0, count);
    if (!m_newerBar) {
        if (m_newer == 0)
            return;
        m_newerBar = new QPushButton(this);
        m_newerBar->setObjectName(QStringLiteral("newerBar"));
        m_newerBar->setCursor(Qt::PointingHandCursor);
        m_newerBar->setFocusPolicy(Qt::TabFocus);
        // a pill in the selection's colours, over the cards
        m_newerBar->setStyleSheet(QStringLiteral(
            "QPushButton#newerBar { background: palette(highlight); color: "
            "palette(highlighted-text); border: none; border-radius: 13px; padding: 5px 16px; "
            "font-weight: bold; } QPushButton#newerBar:focus { border: 2px solid "
            "palette(highlighted-text); }"));
        connect(m_newerBar, &QPushButton::clicked, this, [this] {
            setNewerCount(0);
            Q_EMIT newerBarClicked();
        });
    }
    retranslateNewerBar();
    m_newerBar->setVisible(m_newer > 0);
    if (m_newer > before && isVisible()) // more new posts: said, the reader's place kept
        RowActions::announce(this, m_newerBar->text());
    if (m_newer > 0) {
        placeNewerBar();
        m_newerBar->raise();
    }
}

void TimelineView::retranslateNewerBar()
{
    if (!m_newerBar)
        return;
    m_newerBar->setText(m_newer >= 50 ? tr("↑ 50+ new posts")
                                      : tr("↑ %n new post(s)", nullptr, m_newer));
    m_newerBar->setToolTip(tr("Show the new posts on top"));
    m_newerBar->setAccessibleName(m_newerBar->text());
    m_newerBar->adjustSize();
}

void TimelineView::placeNewerBar()
{
    if (!m_newerBar || m_newerBar->isHidden())
        return;
    const QRect area = viewport()->geometry();
    m_newerBar->adjustSize();
    m_newerBar->move(area.center().x() - m_newerBar->width() / 2, area.top() + 8);
}

void TimelineView::mouseMoveEvent(QMouseEvent *event)
{
    VirtualListView::mouseMoveEvent(event);
    updateCursor(event->position().toPoint());
}

bool TimelineView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::Leave)
        viewport()->unsetCursor();
    return VirtualListView::viewportEvent(event);
}

void TimelineView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateNewerBar();
    VirtualListView::changeEvent(event);
    switch (event->type()) {
    case QEvent::FontChange:
    case QEvent::StyleChange:
        relayoutAll();
        break;
    case QEvent::LanguageChange: // the marks ("Hidden", "Sending…") are in the layouts
        setAccessibleName(tr("Timeline"));
        relayoutAll();
        break;
    default:
        break;
    }
}

void TimelineView::updateCursor(const QPoint &pos)
{
    const QModelIndex index = indexAt(pos);
    const PostDelegate::Area area = index.isValid()
                                        ? m_delegate->areaAt(itemOption(index), index, pos)
                                        : PostDelegate::Area::None;
    if (area == PostDelegate::Area::None)
        viewport()->unsetCursor();
    else
        viewport()->setCursor(Qt::PointingHandCursor);
}

} // namespace threadline::ui
