// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "topics/topicpage.h"

#include "topics/topicloader.h"

#include "feeds.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace threadline::ui {

TopicPage::TopicPage(models::Feeds *feeds, QWidget *posts, QWidget *parent)
    : QWidget(parent)
    , m_loader(feeds->topicLoader(this))
    , m_name(new QLabel(this))
    , m_counts(new QLabel(this))
    , m_follow(new QPushButton(this))
    , m_status(new QLabel(this))
    , m_posts(posts)
{
    setObjectName(QStringLiteral("topicPage"));
    auto *header = new QWidget(this);
    header->setObjectName(QStringLiteral("topicHeader"));
    header->setFocusPolicy(Qt::StrongFocus);
    m_name->setObjectName(QStringLiteral("topicName"));
    m_counts->setObjectName(QStringLiteral("topicCounts"));
    m_follow->setObjectName(QStringLiteral("topicFollow"));
    m_status->setObjectName(QStringLiteral("topicStatus"));
    for (QLabel *l : {m_name, m_counts, m_status}) {
        l->setTextFormat(Qt::PlainText); // a topic's name is user text
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    QFont big = m_name->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    big.setBold(true);
    m_name->setFont(big);
    m_status->setWordWrap(true);
    m_status->hide();

    auto *text = new QVBoxLayout;
    text->addWidget(m_name);
    text->addWidget(m_counts);
    auto *row = new QHBoxLayout;
    row->addLayout(text, 1);
    row->addWidget(m_follow, 0, Qt::AlignVCenter);
    auto *headerLayout = new QVBoxLayout(header);
    headerLayout->setContentsMargins(16, 12, 16, 8);
    headerLayout->addLayout(row);
    headerLayout->addWidget(m_status);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(header);
    posts->setParent(this);
    layout->addWidget(posts, 1);

    connect(m_follow, &QPushButton::clicked, this, &TopicPage::toggleFollow);
    connect(m_loader, &models::TopicLoader::loaded, this, &TopicPage::onLoaded);
    connect(m_loader, &models::TopicLoader::failed, this, &TopicPage::onFailed);
    connect(m_loader, &models::TopicLoader::followCompleted, this, &TopicPage::followCompleted);
    connect(m_loader, &models::TopicLoader::followFailed, this, &TopicPage::followFailed);
    connect(m_loader, &models::TopicLoader::offlineChanged, this, [this](bool offline) {
        if (!offline)
            reload();
    });
    retranslate();
}

TopicPage::~TopicPage() = default;

void TopicPage::setTopic(const QString &key)
{
    if (key == m_topic) {
        reload();
        return;
    }
    m_topic = key;
    m_info = m_loader->remembered(key);
    m_serverFollowing = m_info && m_info->followedByMe;
    if (const std::optional<bool> queued = m_loader->queuedFollow(key); queued && m_info)
        m_info->followedByMe = *queued;
    setStatus({});
    updateHeader();
    reload();
}

void TopicPage::reload()
{
    if (m_topic.isEmpty())
        return;
    if (m_loader->isOffline()) {
        m_loader->cancel();
        setStatus(m_info ? tr("Offline: showing this topic as last seen.")
                         : tr("Offline: the topic cannot be loaded."));
        return;
    }
    m_loader->load(m_topic);
}

void TopicPage::onLoaded(const QString &topic, const core::TopicInfo &info)
{
    if (topic != m_topic)
        return;
    m_serverFollowing = info.followedByMe;
    const std::optional<bool> queued = m_loader->queuedFollow(topic);
    m_info = info;
    if (queued && *queued != info.followedByMe) { // a queued change is laid over the server's
        m_info->followedByMe = *queued;
        m_info->followers = std::max<qint64>(0, info.followers + (m_info->followedByMe ? 1 : -1));
    }
    setStatus({});
    updateHeader();
}

void TopicPage::onFailed(const QString &topic, const core::ApiError &error)
{
    if (topic != m_topic)
        return;
    if (error.kind == core::ApiError::Kind::Offline)
        setStatus(m_info ? tr("Offline: showing this topic as last seen.")
                         : tr("Offline: the topic cannot be loaded."));
    else
        setStatus(tr("The topic could not be loaded: %1").arg(error.describe()));
}

void TopicPage::toggleFollow()
{
    if (m_topic.isEmpty())
        return;
    if (!m_info)
        m_info = core::TopicInfo{m_topic, 0, 0, false};
    const bool desired = !m_info->followedByMe;
    m_info->followedByMe = desired;
    m_info->followers = std::max<qint64>(0, m_info->followers + (desired ? 1 : -1));
    setStatus({});
    updateHeader();
    Q_EMIT followRequested(m_topic, m_serverFollowing, desired);
}

void TopicPage::followCompleted(const QString &topic, bool following, qint64 followers)
{
    if (topic != m_topic)
        return;
    m_serverFollowing = following;
    if (m_info && !m_loader->queuedFollow(topic)) {
        m_info->followedByMe = following;
        if (followers >= 0)
            m_info->followers = followers;
    }
    updateHeader();
}

void TopicPage::followFailed(const QString &topic, const QString &message)
{
    if (topic != m_topic)
        return;
    if (m_info && m_info->followedByMe != m_serverFollowing) {
        m_info->followedByMe = m_serverFollowing;
        m_info->followers = std::max<qint64>(0, m_info->followers + (m_serverFollowing ? 1 : -1));
    }
    updateHeader();
    if (!message.isEmpty())
        setStatus(message);
}

void TopicPage::setStatus(const QString &text)
{
    m_status->setText(text);
    m_status->setVisible(!text.isEmpty());
}

void TopicPage::updateHeader()
{
    m_name->setText(QLatin1Char('#') + (m_info ? m_info->name : m_topic) + QLatin1Char('#'));
    m_posts->setAccessibleName(tr("Posts in %1").arg(m_name->text()));
    if (m_info)
        m_counts->setText(
            tr("%n post(s)", nullptr, int(std::min<qint64>(m_info->posts, INT_MAX))) +
            QStringLiteral(" · ") +
            tr("%n follower(s)", nullptr, int(std::min<qint64>(m_info->followers, INT_MAX))));
    else
        m_counts->clear();
    m_follow->setText(isFollowing() ? tr("Following") : tr("Follow"));
    m_follow->setToolTip(isFollowing() ? tr("Stop following this topic (F)")
                                       : tr("Follow this topic: its posts join Following (F)"));
}

void TopicPage::retranslate()
{
    updateHeader();
}

void TopicPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void TopicPage::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_F && event->modifiers() == Qt::NoModifier &&
        !m_posts->isAncestorOf(focusWidget()) && focusWidget() != m_posts) {
        toggleFollow();
        event->accept();
        return;
    }
    QWidget::keyPressEvent(event);
}

} // namespace threadline::ui
