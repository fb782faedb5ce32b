// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// TimelineView: a timeline of post cards (PostDelegate) over a models::TimelineModel, scrolled
// by the pixel. Clicks on a card's parts and the keyboard (Up/Down or J/K between posts,
// Return/Enter opens the thread, L likes, R replies) come out as the delegate's signals, with the
// same names; a screen reader gets the same as each card's accessible actions (RowActions).
//
// The context menu of a card (right-click, the Menu key or Shift+F10 on the current card):
// Open thread, Who liked this, Open topic #x# and Open link / Copy link address for the
// content's first topics and links, Copy text (Ctrl+C), then Delete post (my own posts, Delete;
// asks first) or Report… (others' posts: the ReportDialog). A link (http and https only) opens
// in the browser on a click or from the menu, never by itself; its tool tip is the whole URL.
// Deleting and reporting come out as deleteRequested / reportRequested for the window to hand to
// core::Actions. The questions and dialogs are ItemActions', shared with the thread's comments.
//
//   TimelineView view(&images);
//   view.setModel(&timelineModel);
//   connect(&view, &TimelineView::likeClicked, &actions, …);
//
// A VirtualListView: only the cards on screen are laid out (the first screen of 100,000 posts
// costs what the first screen of 100 does), the card under the mouse stays put when cards above
// it change height. Keeps the delegate's layout cache right: a row whose data changed is laid out
// again (the relative time alone only repaints), all rows when the font or the style changes;
// widths follow the viewport. With no rows it says so in the viewport ("No posts yet", or
// setEmptyText()).
#pragma once

#include "dialogs/itemactions.h"
#include "timeline/postdelegate.h"
#include "wire/wiretypes.h"

#include "common/virtuallistview.h"

#include <QMetaObject>

class QMenu;

namespace threadline::core {
class ImageCache;
}

class QPushButton;

namespace threadline::ui {

class TimelineView : public VirtualListView
{
    Q_OBJECT
public:
    // The cards' column at a wide window: at most this wide (device-independent pixels),
    // centred between empty margins.
    static constexpr int kColumnWidth = 680;

    // images: may be null (placeholders only); not owned.
    explicit TimelineView(core::ImageCache *images, QWidget *parent = nullptr);

    void setModel(QAbstractItemModel *model) override;
    [[nodiscard]] PostDelegate *postDelegate() const { return m_delegate; }

    // The post id of the current row (0 without one).
    [[nodiscard]] qint64 currentPostId() const;
    // What the viewport says with no rows ("" restores the default, "No posts yet").
    void setEmptyText(const QString &text);
    // The live bar: "↑ N new posts" floating over the top of the list (what is read does not
    // move); 0 hides it. A click (or Ctrl+Up… none: Tab reaches it) is newerBarClicked().
    void setNewerCount(int count);
    [[nodiscard]] int newerCount() const { return m_newer; }
    [[nodiscard]] QPushButton *newerBar() const { return m_newerBar; }
    [[nodiscard]] QString emptyText() const;

    // The option the delegate gets for a row (its rect in viewport coordinates).
    [[nodiscard]] QStyleOptionViewItem itemOption(const QModelIndex &index) const;
    // Where a part of a row's card is, in viewport coordinates (null when it has none).
    [[nodiscard]] QRect areaRect(const QModelIndex &index, PostDelegate::Area area,
                                 int which = 0) const;

    // Who I am (0: nobody): my own posts may be deleted, others' reported.
    void setMyUid(qint64 uid) { m_myUid = uid; }
    [[nodiscard]] qint64 myUid() const { return m_myUid; }
    [[nodiscard]] bool isMine(const QModelIndex &index) const;
    // Moderators get Hide… / Unhide… on every post (moderationRequested).
    void setModerator(bool moderator) { m_moderator = moderator; }
    [[nodiscard]] bool isModerator() const { return m_moderator; }

    // The yes/no question before a deletion (true: go ahead); by default a QMessageBox whose
    // default button is Cancel. Tests replace it.
    using Confirmation = ItemActions::Confirmation;
    void setConfirmation(Confirmation confirm) { m_items.setConfirmation(std::move(confirm)); }

    // The context menu of a row (null for an invalid index); the caller owns it. Its actions,
    // by objectName: openThread, whoLiked, openTopic and openLink / copyLink (when the content
    // has some), copyText, then deletePost (mine) or report (others').
    [[nodiscard]] QMenu *createContextMenu(const QModelIndex &index, QWidget *parent = nullptr);
    // Opens the row's menu at globalPos (null: under the row's top left corner) and runs it.
    void showContextMenu(const QModelIndex &index, const QPoint &globalPos = {});
    // What the menu's actions do, for a row.
    void copyText(const QModelIndex &index) const;
    // Mine only: asks, then emits deleteRequested.
    void requestDelete(const QModelIndex &index);
    // Others' only: the ReportDialog, then reportRequested.
    void requestReport(const QModelIndex &index);
    // Moderators only: asks for the reason (ReasonDialog::ask), then moderationRequested.
    void requestModeration(const QModelIndex &index);

Q_SIGNALS:
    void likeClicked(qint64 postId);
    void threadRequested(qint64 postId);
    // R on a card (or its Reply action): its thread opened with the cursor in the comment box.
    void replyRequested(qint64 postId);
    // Esc on the list: the window closes the open thread.
    void escapePressed();
    void likersRequested(qint64 postId);
    void authorClicked(qint64 uid);
    void pictureClicked(qint64 postId, int index);
    // A `#topic#` of a post: its link clicked, T on the current card (its first topic) or the
    // card's menu "Open topic #x#". topic: the key (case-folded name).
    void topicRequested(const QString &topic);
    // The user confirmed deleting their own post: for core::Actions::deletePost(postId).
    void deleteRequested(qint64 postId);
    // The user reported someone's post (type is always Post): for core::Actions::report(type,
    // postId, reason, note). note is trimmed, "" for none.
    void reportRequested(threadline::core::TargetType type, qint64 postId,
                         threadline::core::Report::Reason reason, const QString &note);
    // A moderator hides (hide) or unhides a post: for core::Actions::moderate().
    void moderationRequested(threadline::core::TargetType type, qint64 postId, bool hide,
                             const QString &reason);
    // The live bar was clicked: the new posts go on top and the list goes up to them.
    void newerBarClicked();

protected Q_SLOTS:
    void dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight,
                     const QList<int> &roles = QList<int>()) override;

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;

private:
    void relayoutAll();
    void placeNewerBar();
    void retranslateNewerBar();
    void updateCursor(const QPoint &pos);
    // the post's author as the dialogs name the post ("王五's post")
    [[nodiscard]] QString postName(const QModelIndex &index) const;

    PostDelegate *m_delegate;
    QString m_emptyText; // "" for the default
    qint64 m_myUid = 0;
    bool m_moderator = false;
    ItemActions m_items{this}; // the questions and dialogs before deleting, reporting, hiding
    QPushButton *m_newerBar = nullptr; // the live bar (made when first shown)
    int m_newer = 0;
};

} // namespace threadline::ui
