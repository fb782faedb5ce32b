// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// ActivityView: the Activity page, and a person's activity on their page. A switch Following /
// Everyone / Mine (a tab bar above the list, keyboard reachable: Tab to it, arrows to switch),
// the rows drawn by ActivityDelegate, paged on scroll (the model's fetchMore), and what the list
// cannot show said in words: loading, nothing yet (per scope), a failed load. A click or Return
// on a row opens what it is about — the post (a comment: the post with the comment shown), or
// the person followed; a click on the actor's avatar or name, or Shift+Return, opens the actor;
// T opens the topic of a "posted in #topic" row.
// It holds its own model and feed; views never talk to the network themselves: the feed does.
#pragma once

#include "net/apifwd.h"

#include <QString>
#include <QWidget>

class QComboBox;
class QLabel;
class QModelIndex;
class QTabBar;

namespace threadline::core {
class ImageCache;
} // namespace threadline::core

namespace threadline::models {
class ActivityFeed;
class Feeds;
class ActivityModel;
class RelativeTime;
class TimeTicker;
} // namespace threadline::models

namespace threadline::ui {

class ActivityDelegate;
class PlaceholderList;

class ActivityView : public QWidget
{
    Q_OBJECT
public:
    // The switch's choices (the tabs, in this order).
    enum class Scope { Following, Everyone, Mine };
    Q_ENUM(Scope)

    // images may be null (placeholders only).
    ActivityView(models::Feeds *feeds, core::ImageCache *images, QWidget *parent = nullptr);
    ~ActivityView() override;

    // The Activity page's switch: that scope's rows (loaded now when the view is started).
    void setScope(Scope scope);
    [[nodiscard]] Scope scope() const { return m_scope; }
    // One person's activity (their page): the switch is hidden; 0 goes back to the switch.
    // Loads when started (or at once when it was).
    void showPerson(qint64 uid);
    [[nodiscard]] qint64 person() const { return m_person; }
    // The switch shown (the Activity page) or not (My posts shows Mine without it).
    void setSwitchVisible(bool visible);
    // The app-wide ticker that ages the relative times.
    void setTicker(models::TimeTicker *ticker, const models::RelativeTime &format);
    // The first page, once (the page is shown); refresh() asks again (F5).
    void start();
    void refresh();
    [[nodiscard]] bool isStarted() const { return m_started; }

    [[nodiscard]] models::ActivityModel *model() const { return m_model; }
    [[nodiscard]] models::ActivityFeed *feed() const { return m_feed; }
    [[nodiscard]] PlaceholderList *list() const { return m_list; }
    [[nodiscard]] ActivityDelegate *delegate() const { return m_delegate; }
    [[nodiscard]] QTabBar *scopeBar() const { return m_tabs; }
    // Which kinds of activity the list shows (a combo box beside the switch, also on a person's
    // page): every kind, or one of post, comment, reply, like, follow, message, topic.
    [[nodiscard]] QComboBox *kindFilter() const { return m_kinds; }
    void setKind(const QString &type); // "" for every kind
    [[nodiscard]] QString kind() const;
    // What the view says instead of rows, or above them after a failed load ("" when nothing).
    [[nodiscard]] QString stateText() const;

Q_SIGNALS:
    // A post, like or the post itself: open its thread.
    void openPost(qint64 postId);
    // A comment: open the post's thread with that comment shown.
    void openComment(qint64 postId, qint64 commentId);
    // The person followed, or the actor: their page.
    void openProfile(qint64 uid);
    // A topic item: its topic's page (the topic's key, without the #s).
    void openTopic(const QString &topic);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void activate(const QModelIndex &index, bool actor);
    void applyQuery();
    void updateState();
    void retranslate();

    models::ActivityModel *m_model;
    models::ActivityFeed *m_feed;
    QTabBar *m_tabs;
    QComboBox *m_kinds;
    QWidget *m_bar;  // the switch's row
    QLabel *m_error; // a failed load while rows are shown
    PlaceholderList *m_list;
    ActivityDelegate *m_delegate;
    Scope m_scope = Scope::Following;
    qint64 m_person = 0;
    bool m_started = false;
    QString m_failure; // the last load's failure in words ("" after a success)
};

} // namespace threadline::ui
