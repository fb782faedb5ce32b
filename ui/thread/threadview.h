// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The thread pane (docs/design.md "Thread view"): one post's comments as floors (楼) with their
// replies (楼中楼) in a tree, above it the post itself and the order switch, below it the reply
// box.
//   header:   ThreadHeader: author, the post's text (3 lines, elided), "N comments",
//             [By floor | Best first] [×]
//   status:   what went wrong loading, in words (dismissible, with Retry), and a busy bar
//   rows:     CommentTreeModel fed by ThreadLoader, flattened (FlatTreeProxy: every floor with its
//             replies under it, indented), painted by CommentDelegate in a VirtualListView that
//             lays out only the rows on screen; scrolling to the end loads more floors; "more
//             replies (N)" loads the rest of a floor in place (click, or Return on the row)
//   reply:    ReplyBox: the box whose hint says whom it answers ("评论" for the post, "回复 李四"
//             after choosing a comment), Send (Ctrl+Return); Esc goes back to answering the
//             post, and with an empty box closes the pane (closeRequested)
// The context menu of a comment (right-click, the Menu key or Shift+F10 on the current row):
// Reply, Copy text (Ctrl+C), Open link / Copy link address (its first http / https links; a
// click on one, in a comment or in the post above, opens it in the browser, never by itself),
// Delete comment (mine; any, when the post is mine or I moderate; Delete; asks first), Report…
// (others' comments: the ReportDialog). Both go through core::Actions (deleteComment, report):
// the row leaves at once. The questions and dialogs are ItemActions', shared with the
// timeline's cards.
// Writing goes through core::Actions (the pending comment shows at once via the post store);
// failures of those actions are shown by the window (Actions::actionFailed), not here.
#pragma once

#include "common/accessiblelist.h"
#include "dialogs/itemactions.h"
#include "thread/commenttreemodel.h"
#include "thread/replybox.h"

#include <QPointer>
#include <QWidget>

class QAbstractProxyModel;
class QMenu;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTimer;

namespace threadline::core {
class Actions;
class ImageCache;
class PostStore;
} // namespace threadline::core

namespace threadline::models {
class Feeds;
class ThreadLoader;
class TimeTicker;
class RelativeTime;
} // namespace threadline::models

namespace threadline::ui {

class CommentDelegate;
class MessageBar;
class ThreadHeader;
class VirtualListView;

class ThreadView : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kMaxCommentLength = ReplyBox::kMaxLength; // code points, trimmed

    // feeds: its loader, its post store (required) and its actions (null: nothing is voted);
    // images may be null.
    ThreadView(models::Feeds *feeds, core::ImageCache *images, QWidget *parent = nullptr);
    ~ThreadView() override;

    // Shows the thread of a post (its header from the post store; fetched when the store does
    // not have it), in the order chosen last.
    void openPost(qint64 postId);
    [[nodiscard]] qint64 postId() const { return m_postId; }
    // Moderators see hidden comments, marked; the thread loads again.
    void setModerator(bool moderator);
    // Who I am (0: nobody): whose comments I may delete (mine; every one of my posts' or, as a
    // moderator, every one), and which ones I may report (others').
    void setMyUid(qint64 uid) { m_myUid = uid; }
    [[nodiscard]] qint64 myUid() const { return m_myUid; }
    // The app-wide ticker that ages the relative times (none: the times do not age).
    void setTicker(models::TimeTicker *ticker, const models::RelativeTime &format);

    [[nodiscard]] models::CommentTreeModel *model() const { return m_model; }
    // The rows show the model's tree flattened (models::FlatTreeProxy: each floor followed by
    // its replies; it never fetches more by itself: more floors load when the end of the thread
    // is near), so treeView() indexes and model() indexes map with these.
    [[nodiscard]] QModelIndex viewIndex(const QModelIndex &modelIndex) const;
    [[nodiscard]] QModelIndex modelIndex(const QModelIndex &viewIndex) const;
    [[nodiscard]] models::ThreadLoader *loader() const { return m_loader; }
    // The view of the rows (a VirtualListView: it lays out only what is on screen).
    [[nodiscard]] VirtualListView *treeView() const { return m_tree; }
    [[nodiscard]] CommentDelegate *delegate() const { return m_delegate; }
    [[nodiscard]] QPlainTextEdit *replyEdit() const;
    [[nodiscard]] QPushButton *sendButton() const;
    // The comment the box answers (0: the post itself).
    [[nodiscard]] qint64 replyTarget() const;
    // What the status line says ("" when it is hidden).
    [[nodiscard]] QString statusText() const;
    // What the empty thread says ("No comments yet…"; "" while loading, failed or not empty).
    [[nodiscard]] QString emptyText() const;

    // The yes/no question before a deletion (true: go ahead); by default a QMessageBox whose
    // default button is Cancel. Tests replace it.
    using Confirmation = ItemActions::Confirmation;
    void setConfirmation(Confirmation confirm) { m_items.setConfirmation(std::move(confirm)); }
    // For a comment row (a tree or a model index): may I delete it / report it?
    [[nodiscard]] bool canDelete(const QModelIndex &index) const;
    [[nodiscard]] bool canReport(const QModelIndex &index) const;
    // The context menu of a comment row (a tree or a model index; null for other rows); the
    // caller owns it. Its actions, by objectName: reply, copyText, openLink / copyLink (when the
    // comment has links), deleteComment (when canDelete), report (when canReport).
    [[nodiscard]] QMenu *createContextMenu(const QModelIndex &index, QWidget *parent = nullptr);
    // Opens the row's menu at globalPos (null: under the row's top left corner) and runs it.
    void showContextMenu(const QModelIndex &index, const QPoint &globalPos = {});
    // What the menu's actions do, for a comment row.
    void copyText(const QModelIndex &index) const;
    void requestDelete(const QModelIndex &index); // asks, then Actions::deleteComment
    void requestReport(const QModelIndex &index); // the ReportDialog, then Actions::report
    // Moderators: Hide… / Unhide… (ReasonDialog::ask, then Actions::moderate).
    void requestModeration(const QModelIndex &index);
    // Shows this comment of the open post as soon as its row is there (now, or when the page
    // holding it arrives): selected, scrolled to the middle, its floor expanded. A later
    // openPost() or revealComment() replaces the wish.
    void revealComment(qint64 commentId);
    [[nodiscard]] qint64 commentToReveal() const { return m_reveal; }

public Q_SLOTS:
    // The box answers this comment (its hint: "回复 李四") and takes the focus.
    void answerComment(const QModelIndex &index);
    // The box answers the post (its hint: "评论").
    void answerPost();
    // The cursor into the reply box (R, the Reply action, a card's R on the timeline).
    void focusReply();
    // Sends what the box holds (when it may be sent).
    void send();

Q_SIGNALS:
    void closeRequested();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    void buildUi();
    void tryReveal();
    void updateHeader();
    void updateSendState();
    void showStatus(const QString &message, const QString &details = {});
    void hideStatus();
    void updateEmptyState(); // the empty thread's words; the reply box gets the focus
    void onActivated(const QModelIndex &index);
    void updateCursor(const QPoint &viewportPos);
    void fetchMoreIfNearEnd();
    [[nodiscard]] bool isCommentRow(const QModelIndex &index) const;
    // the comment's author as the dialogs name the comment ("李四's comment")
    [[nodiscard]] QString commentName(const QModelIndex &row) const;
    // Keys and context-menu events of the tree: true when handled.
    bool handleTreeKey(QKeyEvent *event);
    // What a comment row (or a "more" row) offers a screen reader: the keys' and the menu's.
    [[nodiscard]] QList<RowAction> rowActions(const QModelIndex &index);

    core::PostStore *m_store;
    QPointer<core::Actions> m_actions;
    models::CommentTreeModel *m_model;
    models::ThreadLoader *m_loader;
    QAbstractProxyModel *m_gate; // what the rows show: the model flattened, no view-driven fetches
    CommentDelegate *m_delegate;
    QTimer *m_fetchCheck; // coalesces "is the end of the thread near?" after scrolls and layouts

    qint64 m_postId = 0;
    bool m_postGone = false;
    qint64 m_reveal = 0; // revealComment(): the comment to show once its row is there
    qint64 m_myUid = 0;
    ItemActions m_items{this}; // the questions and dialogs before deleting, reporting, hiding

    ThreadHeader *m_header = nullptr; // the post, the order switch, close
    QProgressBar *m_busy = nullptr;
    MessageBar *m_statusBar = nullptr;
    VirtualListView *m_tree = nullptr;
    ReplyBox *m_reply = nullptr;
};

} // namespace threadline::ui
