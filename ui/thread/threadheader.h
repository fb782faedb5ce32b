// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The top of the thread pane (ThreadView): the post whose comments are shown, and the pane's
// own buttons.
//   [author]                         [By floor | Best first | Newest] [×]
//   the post's text, at most 3 lines, the last one elided
//   "N comments" ("Loading the post…" while the post is on its way)   [Jump to newest]
// "Jump to newest" is there in the other orders: it chooses Newest (the newest floor on top).
// Object names for tests: "threadHeader", "postAuthor", "postText", "commentCount",
// "orderByFloor", "orderBest", "orderNewest", "jumpToNewest", "closeThread". The author and the
// text are plain text; the text's http and https links are drawn in the link colour, their whole
// URL as the tool tip; a click on one comes out as linkClicked, and the text's context menu (the
// Menu key once Tab reached the text) offers Open link / Copy link address.
#pragma once

#include "thread/commenttreemodel.h"

#include <QList>
#include <QRect>
#include <QUrl>
#include <QWidget>

#include <optional>

class QButtonGroup;
class QLabel;
class QToolButton;

namespace threadline::core {
struct Post;
}

namespace threadline::ui {

class ElidedText;

class ThreadHeader : public QWidget
{
    Q_OBJECT
public:
    explicit ThreadHeader(QWidget *parent = nullptr);

    // Shows the post: its author, its text, its comment count.
    void setPost(const core::Post &post);
    // No post to show: "Loading the post…" when it is on its way (loading), else nothing.
    void setNoPost(bool loading);
    // The post could not be fetched: the count line says nothing (until the next change).
    void clearCount();

    // The order chosen (By floor at first).
    [[nodiscard]] models::CommentTreeModel::Order order() const;
    // Chooses an order as a click would (orderChosen when it changes).
    void chooseOrder(models::CommentTreeModel::Order order);

    // The links of the post's text as shown (its first lines), where each one's first line is
    // (this widget's coordinates), and the widget that shows the text.
    [[nodiscard]] QList<QUrl> links() const;
    [[nodiscard]] QRect linkRect(int which) const;
    [[nodiscard]] QWidget *postText() const;

Q_SIGNALS:
    // The user chose an order (a click on By floor, Best first or Newest, or Jump to newest).
    void orderChosen(threadline::models::CommentTreeModel::Order order);
    // The × button.
    void closeRequested();
    // A link in the post's text was clicked (http and https only: the view opens it in the
    // browser).
    void linkClicked(const QUrl &url);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void updateCount();

    std::optional<qint64> m_commentCount; // the post's, while one is shown
    bool m_loading = false;

    QLabel *m_author;
    ElidedText *m_postText;
    QLabel *m_count;
    QToolButton *m_byFloor;
    QToolButton *m_best;
    QToolButton *m_newest;
    QToolButton *m_jumpNewest;
    QButtonGroup *m_order;
    QToolButton *m_close;
};

} // namespace threadline::ui
