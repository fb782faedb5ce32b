// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "topics/topicloader.h"

#include "net/apiclient.h"
#include "net/endpoints.h"
#include "outbox/outbox.h"
#include "outbox/outboxanswer.h"
#include "wire/jsoncodec.h"

namespace threadline::models {

TopicLoader::TopicLoader(core::ApiClient *api, core::Outbox *outbox, QObject *parent)
    : QObject(parent)
    , m_api(api)
    , m_outbox(outbox)
{
    if (m_api)
        connect(m_api, &core::ApiClient::offlineChanged, this, &TopicLoader::offlineChanged);
    if (!m_outbox)
        return;
    using Kind = core::OutboxEntry::Kind;
    connect(m_outbox, &core::Outbox::completed, this,
            [this](const core::OutboxEntry &entry, const core::OutboxAnswer &answer) {
                if (entry.kind != Kind::TopicFollow)
                    return;
                const bool following = answer.follow ? answer.follow->following : entry.desired;
                const qint64 followers = answer.follow ? answer.follow->followers : -1;
                if (core::TopicInfo *info = m_remembered.object(entry.topic())) {
                    info->followedByMe = following;
                    if (followers >= 0)
                        info->followers = followers;
                }
                Q_EMIT followCompleted(entry.topic(), following, followers);
            });
    connect(m_outbox, &core::Outbox::failed, this,
            [this](const core::OutboxEntry &entry, const QString &message) {
                if (entry.kind == Kind::TopicFollow)
                    Q_EMIT followFailed(entry.topic(), message);
            });
    connect(m_outbox, &core::Outbox::discarded, this, [this](const core::OutboxEntry &entry) {
        if (entry.kind == Kind::TopicFollow && !entry.isFailed())
            Q_EMIT followFailed(entry.topic(), QString());
    });
}

std::optional<bool> TopicLoader::queuedFollow(const QString &topic) const
{
    if (!m_outbox)
        return std::nullopt;
    const QList<core::OutboxEntry> entries = m_outbox->entries();
    for (auto it = entries.crbegin(); it != entries.crend(); ++it)
        if (it->kind == core::OutboxEntry::Kind::TopicFollow && it->topic() == topic &&
            !it->isFailed())
            return it->desired != 0;
    return std::nullopt;
}

bool TopicLoader::isOffline() const
{
    return !m_api || m_api->isOffline();
}

void TopicLoader::cancel()
{
    if (core::ApiReply *old = m_reply.data()) {
        m_reply = nullptr; // its finished() (Cancelled) is then ignored
        old->abort();
    }
}

std::optional<core::TopicInfo> TopicLoader::remembered(const QString &topic) const
{
    if (const core::TopicInfo *info = m_remembered.object(topic))
        return *info;
    return std::nullopt;
}

void TopicLoader::remember(const core::TopicInfo &info)
{
    if (!info.name.isEmpty())
        m_remembered.insert(info.name, new core::TopicInfo(info));
}

void TopicLoader::load(const QString &topic)
{
    cancel();
    if (!m_api || topic.isEmpty())
        return;
    core::ApiReply *reply = m_api->send(core::endpoint::topic(topic), this);
    m_reply = reply;
    connect(reply, &core::ApiReply::finished, this, [this, reply, topic] {
        if (reply != m_reply)
            return;
        m_reply = nullptr;
        if (!reply->ok()) {
            Q_EMIT failed(topic, reply->error());
            return;
        }
        const auto decoded = core::decodeTopicInfo(reply->body());
        if (!decoded.ok()) {
            Q_EMIT failed(topic, core::ApiError::decode(decoded.error().toString()));
            return;
        }
        m_remembered.insert(topic, new core::TopicInfo(decoded.value()));
        Q_EMIT loaded(topic, decoded.value());
    });
}

} // namespace threadline::models
