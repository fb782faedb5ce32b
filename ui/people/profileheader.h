// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The header above a person's posts: avatar (64 px; a placeholder with the first character of
// the name until the image is ready), nickname (large, plain text, elided), "N followers" and "M
// following" (flat buttons, reached by Tab: each asks for the list), a "Moderator" badge for
// moderators, a Follow / Following button (hidden on my own profile) and a small status line for
// what went wrong, in words.
//
//   auto *header = new ProfileHeader(feeds, images, parent);       // images may be null
//   connect(header, &ProfileHeader::followChanged, …);             // (uid, following), at once
//   header->setUser(10003, session.uid());                         // its ProfileLoader loads it
//
// Following is optimistic (docs/design.md, "How data flows" 3–4): a click changes the button and
// the follower count at once and sends the change through core::Actions::setFollow (the outbox:
// durable, coalesced, replayed after an offline period; its baseline is what the server said) —
// the one path of a follow; the profile itself comes from a models::ProfileLoader. While a change
// is pending it is laid over whatever the server says; the server's answer sets the count; a
// failure rolls the button and the count back and says why in the status line.
//
// Offline (ProfileLoader::isOffline()) nothing is requested: the header shows what it last loaded
// for that person (a small in-memory cache per uid) or "Offline: the profile cannot be loaded.",
// and a follow still queues through the outbox. Back online, the profile is loaded again.
//
// Keyboard: the header and its button take focus; F toggles the follow while the focus is in
// the header, Space / Return on the button press it.
//
// For moderators (setModeratorTools(true)) the header also shows the person's active days of a
// month (ActivityCalendar, the person's activity statistics); for anyone else it is never made
// and nothing is asked.
#pragma once

#include "wire/wiretypes.h"

#include <QCache>
#include <QHash>
#include <QPointer>
#include <QString>
#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;

namespace threadline::core {
class Actions;
class ApiReply;
class ImageCache;
struct ApiError;
} // namespace threadline::core

namespace threadline::models {
class Feeds;
class PendingFollows;
class ProfileLoader;
} // namespace threadline::models

namespace threadline::ui {

class ActivityCalendar;
class ProfileAvatar;
class ProfileNameLabel;

class ProfileHeader : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kAvatarSize = 64;
    static constexpr int kCacheSize = 64; // profiles remembered for offline use

    // feeds: required (its outbox and actions may be null: then there is no follow button, every
    // follow goes through core::Actions). images: may be null (the placeholder only). None is
    // owned.
    ProfileHeader(models::Feeds *feeds, core::ImageCache *images, QWidget *parent = nullptr);
    ~ProfileHeader() override;

    // Shows person `uid` (as last loaded, if remembered) and loads their profile.
    // myUid: the signed-in user (0: unknown); on my own profile there is no follow button.
    void setUser(qint64 uid, qint64 myUid);
    [[nodiscard]] qint64 uid() const { return m_uid; }
    [[nodiscard]] qint64 myUid() const { return m_myUid; }
    // Loads the profile again (nothing while offline).
    void reload();
    // The moderators' tools on a person's page: the activity calendar (off by default).
    void setModeratorTools(bool on);
    [[nodiscard]] bool hasModeratorTools() const { return m_moderatorTools; }
    // The activity calendar; null until setModeratorTools(true).
    [[nodiscard]] ActivityCalendar *activityCalendar() const { return m_calendar; }

    // What is shown: the server's profile with a pending follow laid on top; nullopt while
    // nothing is known about the person (loading, failed, offline without a remembered copy).
    [[nodiscard]] std::optional<core::UserProfile> profile() const;
    [[nodiscard]] bool isFollowing() const;     // as shown (optimistic)
    [[nodiscard]] qint64 followerCount() const; // as shown (optimistic)
    [[nodiscard]] bool isLoading() const;
    // The words in the status line ("" when it is hidden).
    [[nodiscard]] QString statusText() const { return m_statusText; }
    // The full nickname and the counts line as shown (for tests and accessibility).
    [[nodiscard]] QString nameText() const;
    [[nodiscard]] QString countsText() const;
    [[nodiscard]] QPushButton *followButton() const { return m_follow; }
    // The counts as buttons: each opens the list (followersRequested, followingRequested).
    [[nodiscard]] QPushButton *followersButton() const { return m_followersButton; }
    [[nodiscard]] QPushButton *followingButton() const { return m_followingButton; }

public Q_SLOTS:
    // Follows or unfollows the person shown (what the button and F do). Nothing on my own
    // profile or while nothing is known about the person.
    void toggleFollow();

Q_SIGNALS:
    // The shown follow state changed: by a click at once, by a rollback, or by the server.
    void followChanged(qint64 uid, bool following);
    // A profile arrived from the server (with a pending follow laid on top).
    void loaded(const threadline::core::UserProfile &profile);
    // Loading failed; `message` is what the status line says.
    void loadFailed(const QString &message);
    // The user asked for the person's followers, or for the people they follow.
    void followersRequested(qint64 uid, const QString &name);
    void followingRequested(qint64 uid, const QString &name);

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void onLoaded(qint64 uid, const core::UserProfile &profile);
    void onLoadFailed(qint64 uid, const core::ApiError &error);
    // What became of a follow the outbox held (models::PendingFollows).
    void onFollowCompleted(qint64 uid, bool desired,
                           const std::optional<core::FollowState> &answer);
    void onFollowFailed(qint64 uid, const QString &message);
    void onFollowSaved(qint64 uid);
    void onOfflineChanged(bool offline);
    // The server said uid's follow state and follower count (a follow answer).
    void applyFollowState(qint64 uid, const core::FollowState &state);
    // The pending follow for uid, if any (the outbox's latest entry, else the click's).
    [[nodiscard]] std::optional<bool> pendingFollow(qint64 uid) const;
    [[nodiscard]] bool outboxHasFollow(qint64 uid) const;
    void remember(const core::UserProfile &profile);
    void setStatus(const QString &text, bool error);
    // Shows m_server (or nothing) with what is pending; emits followChanged when the shown
    // follow state of the same person changed.
    void render();
    void updateAvatar();
    void cancelLoad();

    QPointer<models::Feeds> m_feeds; // for the calendar's feed
    models::ProfileLoader *m_profiles;
    models::PendingFollows *m_follows; // what the outbox holds for people, and what became of it
    QPointer<core::Actions> m_actions; // the one path of a follow
    QPointer<core::ImageCache> m_images;

    ProfileAvatar *m_avatar = nullptr;
    ProfileNameLabel *m_name = nullptr;
    QLabel *m_counts = nullptr; // the counts' words (shown by the two buttons)
    QPushButton *m_followersButton = nullptr;
    QPushButton *m_followingButton = nullptr;
    QLabel *m_badge = nullptr;
    QPushButton *m_follow = nullptr;
    QLabel *m_status = nullptr;
    ActivityCalendar *m_calendar = nullptr; // moderators only
    bool m_moderatorTools = false;

    qint64 m_uid = 0;
    qint64 m_myUid = 0;
    std::optional<core::UserProfile> m_server; // the server's view of m_uid
    QCache<qint64, core::UserProfile> m_cache; // the server's view, per uid
    QHash<qint64, bool> m_clicked;             // the latest click per uid, while pending
    QString m_statusText;
    bool m_statusIsError = false;
    bool m_notFound = false;
    // What render() showed last, for followChanged.
    qint64 m_shownUid = 0;
    std::optional<bool> m_shownFollowing;
};

} // namespace threadline::ui
