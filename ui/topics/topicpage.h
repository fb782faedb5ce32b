// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// TopicPage: a topic's page (docs/api.md, "Topics that people follow"): a header with "#name#",
// "N posts · M followers", a Follow / Following button and a status line in words, over the
// topic's posts (a TimelineView whose feed has the scope topic; reparented here).
//
//   auto *page = new TopicPage(feeds, postsView, parent);
//   page->setTopic(QStringLiteral("话题"));   // shows what it remembers, then loads
//
// The header comes from a models::TopicLoader; offline it shows what it last loaded for that
// topic in this session (or the name alone and "Offline"), while the posts paint from the cache.
// Following is optimistic: the button and the count change at once and followRequested() asks
// the window to queue it (core::Actions::setTopicFollow, through the outbox); a failure rolls
// the button back (followFailed()) and says why in the status line.
//
// Keyboard: the header and its button take focus; F toggles the follow while the focus is in
// the header, Space / Return on the button press it.
#pragma once

#include "wire/wiretypes.h"

#include <QString>
#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;

namespace threadline::core {
struct ApiError;
}

namespace threadline::models {
class Feeds;
class TopicLoader;
} // namespace threadline::models

namespace threadline::ui {

class TopicPage : public QWidget
{
    Q_OBJECT

public:
    // feeds: required, not owned. posts: the topic's timeline view (reparented).
    TopicPage(models::Feeds *feeds, QWidget *posts, QWidget *parent = nullptr);
    ~TopicPage() override;

    // Shows topic `key` (its case-folded name) and loads its header.
    void setTopic(const QString &key);
    [[nodiscard]] QString topic() const { return m_topic; }
    // Loads the header again (nothing while offline).
    void reload();

    // What the header shows (nullopt: nothing known yet).
    [[nodiscard]] std::optional<core::TopicInfo> info() const { return m_info; }
    [[nodiscard]] bool isFollowing() const { return m_info && m_info->followedByMe; }
    [[nodiscard]] QPushButton *followButton() const { return m_follow; }
    [[nodiscard]] QLabel *nameLabel() const { return m_name; }
    [[nodiscard]] QLabel *countsLabel() const { return m_counts; }
    [[nodiscard]] QLabel *statusLabel() const { return m_status; }
    [[nodiscard]] QWidget *posts() const { return m_posts; }

    // The queued follow was taken: the server's state (its follower count).
    void followCompleted(const QString &topic, bool following, qint64 followers);
    // The queued follow failed for good: the button goes back, the message says why.
    void followFailed(const QString &topic, const QString &message);

Q_SIGNALS:
    // The user toggled the follow (optimistic: the header already shows it).
    // serverFollowing: what the server said before; desired: the new state.
    void followRequested(const QString &topic, bool serverFollowing, bool desired);

protected:
    void changeEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    void retranslate();
    void updateHeader();
    void toggleFollow();
    void onLoaded(const QString &topic, const core::TopicInfo &info);
    void onFailed(const QString &topic, const core::ApiError &error);
    void setStatus(const QString &text);

    models::TopicLoader *m_loader;
    QString m_topic;
    std::optional<core::TopicInfo> m_info;
    bool m_serverFollowing = false; // what the server last said
    QLabel *m_name;
    QLabel *m_counts;
    QPushButton *m_follow;
    QLabel *m_status;
    QWidget *m_posts;
};

} // namespace threadline::ui
