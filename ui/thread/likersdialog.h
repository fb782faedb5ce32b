// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Who liked a post (or a person's followers, or the people they follow): newest first, each person
// once (a models::LikersModel that a models::LikersFeed loads: further pages as the list scrolls;
// the dialog itself asks the server nothing). Each row: the avatar (28 px, from the ImageCache when
// it is ready, else a placeholder with the first character of the name), the nickname and when they
// liked it.
//
//   auto *dlg = new LikersDialog(feeds, images, post.id, mainWindow);
//   dlg->setLikeCount(post.likeCount);             // the title: "Liked by 3 people"
//   connect(dlg, &LikersDialog::userActivated, …); // double-click or Return on a row
//   dlg->setAttribute(Qt::WA_DeleteOnClose);
//   dlg->show();                                  // loads the first page
//
// Failures are shown in words inside the dialog ("This post is no longer available" for a 404,
// the ApiError's words otherwise) with a Retry button; nothing is thrown away. Esc closes.
#pragma once

#include "common/relativetime.h"
#include "timeline/likersmodel.h"

#include <QDialog>

class QLabel;
class QListView;
class QPushButton;
class QStackedWidget;
class QTimer;

namespace threadline::core {
class ImageCache;
}

namespace threadline::models {
class Feeds;
}

namespace threadline::ui {

class LikersDelegate;

class LikersDialog : public QDialog
{
    Q_OBJECT
public:
    // images may be null (placeholders only). The first page is requested on the next turn of
    // the event loop, so that setPageSize() right after construction applies to it.
    LikersDialog(models::Feeds *feeds, core::ImageCache *images, qint64 postId,
                 QWidget *parent = nullptr);
    // The same list for a person's followers (followers true) or the people they follow; `name`
    // is the person's, for the title ("Followers of 王五").
    LikersDialog(models::Feeds *feeds, core::ImageCache *images, qint64 uid, bool followers,
                 const QString &name, QWidget *parent = nullptr);
    ~LikersDialog() override;

    [[nodiscard]] qint64 postId() const { return m_feed->postId(); }
    // The post's likeCount, for the title ("Liked by N people"); -1 (the default): unknown.
    void setLikeCount(qint64 count);
    [[nodiscard]] qint64 likeCount() const { return m_likeCount; }
    // Likes per request (1–50; the server clamps above 50). Default 50.
    void setPageSize(int size);
    [[nodiscard]] int pageSize() const { return m_feed->pageSize(); }
    // How the times read (default UTC+8, as the spec says; the app's setting may choose the
    // system's zone).
    void setTimeZone(models::RelativeTime::Zone zone);

    [[nodiscard]] models::LikersModel *model() const { return m_model; }
    [[nodiscard]] models::LikersFeed *feed() const { return m_feed; }
    [[nodiscard]] QListView *view() const { return m_view; }
    // A request is in flight.
    [[nodiscard]] bool isLoading() const { return m_feed->isLoading(); }
    // The words shown for the last failure ("" when the last request succeeded).
    [[nodiscard]] QString errorText() const { return m_errorText; }

    // Starts again from the first page.
    void reload();
    // Asks for the page after the last one loaded, if there is one and none is loading.
    void loadMore();

Q_SIGNALS:
    // Double-click or Return on a liker.
    void userActivated(qint64 uid);
    // A page arrived (ok) or a request failed (errorText()).
    void pageFinished(bool ok);

protected:
    void changeEvent(QEvent *event) override;

private:
    LikersDialog(models::LikersFeed *feed, models::LikersModel *model, core::ImageCache *images,
                 QWidget *parent);
    void wire(); // the feed's signals, the title, the first page (once the feed is made)
    void onLoaded(int added);
    void showError(const QString &message);
    void updateTitle();
    void updateState();

    qint64 m_likeCount = -1;
    bool m_started = false;
    QString m_personName; // a follow list's person

    models::LikersModel *m_model;
    models::LikersFeed *m_feed;
    LikersDelegate *m_delegate;
    QListView *m_view;
    QStackedWidget *m_stack;
    QWidget *m_placeholder; // instead of the list while it is empty: m_message, m_retry
    QLabel *m_message;
    QPushButton *m_retry; // loads the first page again
    QLabel *m_status;     // under the list: "Loading more…", or why the next page failed
    QPushButton *m_retryMore;
    QPushButton *m_close;
    QTimer *m_ageTimer;
    QString m_errorText;
};

} // namespace threadline::ui
