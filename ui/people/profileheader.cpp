// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "people/profileheader.h"

#include "common/palettecolors.h"
#include "common/plaintext.h"
#include "common/textmetrics.h"
#include "people/activitycalendar.h"

#include "people/pendingfollows.h"
#include "people/profileloader.h"

#include "actions.h"
#include "feeds.h"
#include "images/imagecache.h"
#include "wire/jsoncodec.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QKeyEvent>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QPushButton>
#include <QTextBoundaryFinder>
#include <QVBoxLayout>

#include <algorithm>

namespace threadline::ui {

// The avatar: the image centre-cropped into a rounded square, or a placeholder with the first
// character of the name.
class ProfileAvatar : public QWidget
{
public:
    explicit ProfileAvatar(QWidget *parent)
        : QWidget(parent)
    {
        setFixedSize(ProfileHeader::kAvatarSize, ProfileHeader::kAvatarSize);
    }

    void setName(const QString &name)
    {
        if (name == m_name)
            return;
        m_name = name;
        update();
    }
    void setImage(const QImage &image)
    {
        if (image.isNull() && m_image.isNull())
            return;
        m_image = image;
        m_scaled = {};
        update();
    }
    [[nodiscard]] bool hasImage() const { return !m_image.isNull(); }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        const QRectF r = rect();
        QPainterPath clip;
        clip.addRoundedRect(r, 8, 8);
        p.setClipPath(clip);
        if (!m_image.isNull()) {
            const qreal dpr = devicePixelRatioF();
            const int side = int(width() * dpr);
            if (m_scaled.isNull() || m_scaled.width() != side) {
                const QImage fit = m_image
                                       .scaled(side, side, Qt::KeepAspectRatioByExpanding,
                                               Qt::SmoothTransformation)
                                       .copy(0, 0, side, side);
                m_scaled = QPixmap::fromImage(fit);
                m_scaled.setDevicePixelRatio(dpr);
            }
            p.drawPixmap(0, 0, m_scaled);
            return;
        }
        const QPalette &pal = palette();
        p.fillRect(r, blend(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.14));
        if (m_name.isEmpty())
            return;
        QFont f = font();
        f.setBold(true);
        f.setPixelSize(height() * 9 / 20);
        p.setFont(f);
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, firstCharacter(m_name));
    }

private:
    QString m_name;
    QImage m_image;
    QPixmap m_scaled;
};

// One line of plain text, elided at the right to the width it gets; the full text as tool tip
// and accessible name when it does not fit.
class ProfileNameLabel : public QWidget
{
public:
    explicit ProfileNameLabel(QWidget *parent)
        : QWidget(parent)
    {
        setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    }

    void setText(const QString &text)
    {
        if (text == m_text)
            return;
        m_text = text;
        setAccessibleName(text);
        updateGeometry();
        update();
        updateToolTip();
    }
    [[nodiscard]] QString text() const { return m_text; }

    QSize sizeHint() const override
    {
        const QFontMetrics fm(font());
        return {fm.horizontalAdvance(m_text) + 2, fm.height()};
    }
    QSize minimumSizeHint() const override { return {0, QFontMetrics(font()).height()}; }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        p.setPen(palette().color(QPalette::WindowText));
        const QFontMetrics fm(font());
        p.drawText(rect(), Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(m_text, Qt::ElideRight, width()));
    }
    void resizeEvent(QResizeEvent *event) override
    {
        QWidget::resizeEvent(event);
        updateToolTip();
    }
    void changeEvent(QEvent *event) override
    {
        if (event->type() == QEvent::FontChange)
            updateGeometry();
        QWidget::changeEvent(event);
    }

private:
    void updateToolTip()
    {
        const bool elided = QFontMetrics(font()).horizontalAdvance(m_text) > width();
        setToolTip(elided ? plainToolTip(m_text) : QString());
    }

    QString m_text;
};

ProfileHeader::ProfileHeader(models::Feeds *feeds, core::ImageCache *images, QWidget *parent)
    : QWidget(parent)
    , m_feeds(feeds)
    , m_profiles(feeds->profileLoader(this))
    , m_follows(feeds->pendingFollows(this))
    , m_actions(feeds->actions())
    , m_images(images)
    , m_avatar(new ProfileAvatar(this))
    , m_name(new ProfileNameLabel(this))
    , m_counts(new QLabel(this))
    , m_followersButton(new QPushButton(this))
    , m_followingButton(new QPushButton(this))
    , m_badge(new QLabel(this))
    , m_follow(new QPushButton(this))
    , m_status(new QLabel(this))
    , m_cache(kCacheSize)
{
    setFocusPolicy(Qt::StrongFocus);
    setObjectName(QStringLiteral("profileHeader"));

    m_avatar->setObjectName(QStringLiteral("avatar"));
    m_name->setObjectName(QStringLiteral("name"));
    QFont big = font();
    if (big.pointSizeF() > 0)
        big.setPointSizeF(big.pointSizeF() * 1.5);
    else
        big.setPixelSize(big.pixelSize() * 3 / 2);
    big.setBold(true);
    m_name->setFont(big);

    m_counts->setObjectName(QStringLiteral("counts"));
    m_counts->setTextFormat(Qt::PlainText);
    m_counts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_counts->hide(); // its words are the buttons'
    for (QPushButton *b : {m_followersButton, m_followingButton}) {
        b->setFlat(true);
        b->setFocusPolicy(Qt::StrongFocus);
        b->setAutoDefault(false);
        b->setCursor(Qt::PointingHandCursor);
        b->hide();
    }
    m_followersButton->setObjectName(QStringLiteral("followersButton"));
    m_followingButton->setObjectName(QStringLiteral("followingButton"));
    connect(m_followersButton, &QPushButton::clicked, this, [this] {
        if (const auto shown = profile())
            Q_EMIT followersRequested(m_uid, shown->brief.nickName);
    });
    connect(m_followingButton, &QPushButton::clicked, this, [this] {
        if (const auto shown = profile())
            Q_EMIT followingRequested(m_uid, shown->brief.nickName);
    });

    // A small rounded badge in the highlight colour (our words, never the network's).
    m_badge->setObjectName(QStringLiteral("moderatorBadge"));
    m_badge->setTextFormat(Qt::PlainText);
    m_badge->setStyleSheet(QStringLiteral(
        "QLabel#moderatorBadge { color: palette(highlighted-text); background: palette(highlight);"
        " border-radius: 4px; padding: 1px 6px; }"));
    QFont small = font();
    if (small.pointSizeF() > 0)
        small.setPointSizeF(small.pointSizeF() * 0.85);
    m_badge->setFont(small);
    m_badge->hide();

    m_follow->setObjectName(QStringLiteral("followButton"));
    m_follow->setCheckable(true);
    m_follow->setFocusPolicy(Qt::StrongFocus);
    m_follow->setMinimumWidth(96);
    m_follow->hide();
    connect(m_follow, &QPushButton::clicked, this, &ProfileHeader::toggleFollow);

    m_status->setObjectName(QStringLiteral("status"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_status->setFont(small);
    m_status->hide();

    auto *countsRow = new QHBoxLayout;
    countsRow->setContentsMargins(0, 0, 0, 0);
    countsRow->setSpacing(8);
    countsRow->addWidget(m_followersButton);
    countsRow->addWidget(m_followingButton);
    countsRow->addWidget(m_badge);
    countsRow->addStretch(1);

    // Avatar | name, counts and status, centred beside it | the button.
    auto *text = new QVBoxLayout;
    text->setContentsMargins(0, 0, 0, 0);
    text->setSpacing(4);
    text->addStretch(1);
    text->addWidget(m_name);
    text->addLayout(countsRow);
    text->addWidget(m_status);
    text->addStretch(1);

    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(12, 12, 12, 12);
    row->setSpacing(12);
    row->addWidget(m_avatar, 0, Qt::AlignTop);
    row->addLayout(text, 1);
    row->addWidget(m_follow, 0, Qt::AlignVCenter);

    connect(m_profiles, &models::ProfileLoader::offlineChanged, this,
            &ProfileHeader::onOfflineChanged);
    connect(m_profiles, &models::ProfileLoader::loaded, this, &ProfileHeader::onLoaded);
    connect(m_profiles, &models::ProfileLoader::failed, this, &ProfileHeader::onLoadFailed);
    connect(m_follows, &models::PendingFollows::completed, this, &ProfileHeader::onFollowCompleted);
    connect(m_follows, &models::PendingFollows::failed, this, &ProfileHeader::onFollowFailed);
    // Discarded in the outbox panel: the follow button shows what the server has again.
    connect(m_follows, &models::PendingFollows::discarded, this, [this](qint64 uid) {
        if (m_follows->queued(uid))
            return;
        m_clicked.remove(uid);
        if (uid == m_uid)
            render();
    });
    connect(m_follows, &models::PendingFollows::saved, this, &ProfileHeader::onFollowSaved);
    if (m_images) {
        connect(m_images, &core::ImageCache::imageReady, this, [this](const QUrl &url) {
            // Any size of that picture arrived: ours is in memory now, or on its way.
            if (m_server && !m_server->brief.headImg.isEmpty() &&
                url == m_images->resolve(m_server->brief.headImg))
                updateAvatar();
        });
    }
    render();
}

ProfileHeader::~ProfileHeader() = default;

void ProfileHeader::setUser(qint64 uid, qint64 myUid)
{
    const bool samePerson = uid == m_uid;
    m_myUid = myUid;
    if (!samePerson) {
        cancelLoad();
        m_uid = uid;
        m_notFound = false;
        m_server.reset();
        if (const core::UserProfile *known = m_cache.object(uid))
            m_server = *known;
        m_avatar->setImage({});
        setStatus({}, false);
    }
    render();
    reload();
    if (m_calendar && m_moderatorTools && !samePerson)
        m_calendar->setUser(uid);
}

void ProfileHeader::setModeratorTools(bool on)
{
    if (on == m_moderatorTools)
        return;
    m_moderatorTools = on;
    if (on && !m_calendar && m_profiles->hasClient()) {
        m_calendar = new ActivityCalendar(m_feeds, this);
        static_cast<QBoxLayout *>(layout())->addWidget(m_calendar, 0, Qt::AlignTop);
    }
    if (!m_calendar)
        return;
    m_calendar->setVisible(on);
    m_calendar->setUser(on ? m_uid : 0); // off: nothing shown, nothing in flight
}

void ProfileHeader::reload()
{
    if (!m_profiles->hasClient() || m_uid <= 0)
        return;
    if (m_profiles->isOffline()) {
        cancelLoad();
        if (m_server)
            setStatus(tr("Offline: showing the profile as last loaded."), false);
        else
            setStatus(tr("Offline: the profile cannot be loaded."), true);
        render();
        return;
    }
    cancelLoad();
    if (!m_server && !m_notFound)
        setStatus(tr("Loading…"), false);
    m_profiles->load(m_uid);
}

void ProfileHeader::cancelLoad()
{
    m_profiles->cancel();
}

bool ProfileHeader::isLoading() const
{
    return m_profiles->isLoading();
}

void ProfileHeader::onLoadFailed(qint64 uid, const core::ApiError &error)
{
    if (uid != m_uid)
        return;
    QString message;
    if (error.kind == core::ApiError::Kind::Http && error.status == 404) {
        m_notFound = true;
        m_server.reset();
        m_cache.remove(uid);
        m_avatar->setImage({});
        message = tr("This person does not exist.");
    } else if (error.kind == core::ApiError::Kind::Offline) {
        message = m_server ? tr("Offline: showing the profile as last loaded.")
                           : tr("Offline: the profile cannot be loaded.");
    } else if (m_server) {
        message = tr("The profile could not be refreshed: %1").arg(error.describe());
    } else {
        message = tr("The profile could not be loaded: %1").arg(error.describe());
    }
    setStatus(message, error.kind != core::ApiError::Kind::Offline || !m_server);
    render();
    Q_EMIT loadFailed(message);
}

void ProfileHeader::onLoaded(qint64 uid, const core::UserProfile &fresh)
{
    if (uid != m_uid)
        return;
    m_notFound = false;
    remember(fresh);
    setStatus({}, false);
    render();
    if (const auto shown = profile())
        Q_EMIT loaded(*shown);
}

void ProfileHeader::remember(const core::UserProfile &profile)
{
    const qint64 uid = profile.brief.uid;
    m_cache.insert(uid, new core::UserProfile(profile));
    if (uid == m_uid)
        m_server = profile;
}

void ProfileHeader::onOfflineChanged(bool offline)
{
    if (m_uid <= 0)
        return;
    if (offline) {
        if (!isLoading())
            reload(); // says what is shown
    } else {
        reload();
    }
}

bool ProfileHeader::outboxHasFollow(qint64 uid) const
{
    return m_follows->queued(uid).has_value();
}

std::optional<bool> ProfileHeader::pendingFollow(qint64 uid) const
{
    if (const auto queued = m_follows->queued(uid))
        return queued;
    const auto it = m_clicked.constFind(uid);
    if (it != m_clicked.cend())
        return it.value();
    return std::nullopt;
}

std::optional<core::UserProfile> ProfileHeader::profile() const
{
    if (!m_server)
        return std::nullopt;
    core::UserProfile shown = *m_server;
    const std::optional<bool> pending = pendingFollow(m_uid);
    if (pending && *pending != m_server->followedByMe) {
        shown.followedByMe = *pending;
        shown.followers = std::max<qint64>(0, shown.followers + (*pending ? 1 : -1));
    }
    return shown;
}

bool ProfileHeader::isFollowing() const
{
    const auto shown = profile();
    return shown && shown->followedByMe;
}

qint64 ProfileHeader::followerCount() const
{
    const auto shown = profile();
    return shown ? shown->followers : 0;
}

QString ProfileHeader::nameText() const
{
    return m_name->text();
}

QString ProfileHeader::countsText() const
{
    return m_followersButton->isHidden() ? QString() : m_counts->text();
}

void ProfileHeader::toggleFollow()
{
    if (!m_follows->canQueue() || !m_actions || !m_server || m_uid <= 0 || m_uid == m_myUid)
        return;
    const qint64 uid = m_uid;
    const bool desired = !isFollowing();
    m_clicked.insert(uid, desired);
    setStatus({}, false);
    // One path for every follow: core::Actions, then the outbox (durable, coalesced, replayed
    // after an offline period); its baseline is what the server said.
    m_actions->setFollow(uid, m_server->followedByMe, desired, m_server->brief.nickName);
    render();
}

void ProfileHeader::applyFollowState(qint64 uid, const core::FollowState &state)
{
    if (core::UserProfile *known = m_cache.object(uid)) {
        known->followedByMe = state.following;
        known->followers = state.followers;
    }
    if (uid == m_uid && m_server) {
        m_server->followedByMe = state.following;
        m_server->followers = state.followers;
        render();
    }
}

void ProfileHeader::onFollowCompleted(qint64 uid, bool desired,
                                      const std::optional<core::FollowState> &answer)
{
    if (!outboxHasFollow(uid))
        m_clicked.remove(uid);
    if (answer) {
        applyFollowState(uid, *answer);
    } else {
        // Taken, but the answer is not what the contract says: the entry's state is the best
        // guess of the state, the next load corrects the count.
        core::FollowState guess;
        guess.following = desired;
        const core::UserProfile *known =
            uid == m_uid && m_server ? &*m_server : m_cache.object(uid);
        if (known) {
            guess.followers = known->followers;
            if (guess.following != known->followedByMe)
                guess.followers = std::max<qint64>(0, guess.followers + (guess.following ? 1 : -1));
            applyFollowState(uid, guess);
        }
    }
    if (uid == m_uid)
        render();
}

void ProfileHeader::onFollowFailed(qint64 uid, const QString &message)
{
    if (outboxHasFollow(uid))
        return; // a newer change for this person is still queued; it decides
    m_clicked.remove(uid);
    if (uid == m_uid) {
        setStatus(message, true);
        render(); // rolled back to what the server said
    }
}

void ProfileHeader::onFollowSaved(qint64 uid)
{
    // Nothing is queued for this person after the toggle: it went back to what the server has
    // (the entry was dropped, or there was nothing to send).
    if (!outboxHasFollow(uid) && m_clicked.contains(uid)) {
        m_clicked.remove(uid);
        if (uid == m_uid)
            render();
    }
}

void ProfileHeader::setStatus(const QString &text, bool error)
{
    m_statusText = text;
    m_statusIsError = error;
    m_status->setText(text);
    QPalette pal = palette();
    if (!error)
        pal.setColor(QPalette::WindowText, pal.color(QPalette::PlaceholderText));
    m_status->setPalette(pal);
    m_status->setVisible(!text.isEmpty());
}

void ProfileHeader::updateAvatar()
{
    if (!m_server || !m_images || m_server->brief.headImg.isEmpty()) {
        m_avatar->setImage({});
        return;
    }
    const QString url = m_server->brief.headImg;
    const QSize pixels = QSize(kAvatarSize, kAvatarSize) * m_avatar->devicePixelRatioF();
    if (m_images->load(url, pixels) == core::ImageCache::State::Ready)
        m_avatar->setImage(m_images->image(url, pixels));
    else if (!m_avatar->hasImage())
        m_avatar->setImage({}); // the placeholder; imageReady fills it in
}

void ProfileHeader::render()
{
    const std::optional<core::UserProfile> shown = profile();
    m_name->setVisible(shown.has_value());
    if (!shown) {
        m_name->setText({});
        m_avatar->setName(m_notFound ? QStringLiteral("?") : QString());
        m_avatar->setImage({});
        m_counts->clear();
        m_followersButton->hide();
        m_followingButton->hide();
        m_badge->hide();
        m_follow->hide();
        setAccessibleName(m_statusText);
    } else {
        const QString name = shown->brief.nickName;
        m_name->setText(name);
        m_avatar->setName(name);
        m_avatar->setAccessibleName(tr("Avatar of %1").arg(name));
        updateAvatar();
        //: The counts under a person's name: "2 followers · 3 following"
        const QString followers = tr("%Ln follower(s)", nullptr, int(shown->followers));
        const QString following = tr("%Ln following", nullptr, int(shown->following));
        m_counts->setText(tr("%1 · %2").arg(followers, following));
        m_followersButton->setText(followers);
        m_followingButton->setText(following);
        m_followersButton->setToolTip(plainToolTip(tr("Show who follows %1").arg(name)));
        m_followingButton->setToolTip(plainToolTip(tr("Show whom %1 follows").arg(name)));
        m_followersButton->show();
        m_followingButton->show();
        m_badge->setText(tr("Moderator"));
        m_badge->setVisible(shown->role == core::UserProfile::Role::Moderator);
        const bool mine = m_myUid != 0 && shown->brief.uid == m_myUid;
        m_follow->setVisible(!mine && m_follows->canQueue() && m_actions);
        m_follow->setChecked(shown->followedByMe);
        // "Follow" stands out in the highlight colour; "Following" is a plain button.
        QPalette pal = palette();
        if (!shown->followedByMe) {
            pal.setColor(QPalette::Button, pal.color(QPalette::Highlight));
            pal.setColor(QPalette::ButtonText, pal.color(QPalette::HighlightedText));
        }
        m_follow->setPalette(pal);
        m_follow->setText(shown->followedByMe ? tr("Following") : tr("Follow"));
        m_follow->setToolTip(plainToolTip(shown->followedByMe
                                              ? tr("Stop following %1 (F)").arg(name)
                                              : tr("Follow %1 (F)").arg(name)));
        m_follow->setAccessibleName(shown->followedByMe ? tr("Following %1").arg(name)
                                                        : tr("Follow %1").arg(name));
        setAccessibleName(name + QLatin1String(", ") + m_counts->text());
    }

    const std::optional<bool> following = shown && !(m_myUid != 0 && m_uid == m_myUid)
                                              ? std::optional<bool>(shown->followedByMe)
                                              : std::nullopt;
    const bool changed =
        m_shownUid == m_uid && m_shownFollowing && following && *m_shownFollowing != *following;
    m_shownUid = m_uid;
    m_shownFollowing = following;
    if (changed)
        Q_EMIT followChanged(m_uid, *following);
}

void ProfileHeader::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_F && (event->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier) {
        if (!m_follow->isHidden() && m_follow->isEnabled()) {
            toggleFollow();
            event->accept();
            return;
        }
    }
    QWidget::keyPressEvent(event);
}

void ProfileHeader::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        render();
    } else if (event->type() == QEvent::PaletteChange) {
        setStatus(m_statusText, m_statusIsError); // the children's colours follow
        render();
    }
    QWidget::changeEvent(event);
}

} // namespace threadline::ui
