// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "people/profileloader.h"

#include "net/apiclient.h"
#include "net/endpoints.h"
#include "wire/jsoncodec.h"

namespace threadline::models {

ProfileLoader::ProfileLoader(core::ApiClient *api, QObject *parent)
    : QObject(parent)
    , m_api(api)
{
    if (m_api)
        connect(m_api, &core::ApiClient::offlineChanged, this, &ProfileLoader::offlineChanged);
}

bool ProfileLoader::isOffline() const
{
    return !m_api || m_api->isOffline();
}

void ProfileLoader::cancel()
{
    if (core::ApiReply *old = m_reply.data()) {
        m_reply = nullptr; // its finished() (Cancelled) is then ignored
        old->abort();
    }
}

void ProfileLoader::load(qint64 uid)
{
    cancel();
    if (!m_api)
        return;
    core::ApiReply *reply = m_api->send(core::endpoint::user(uid), this);
    m_reply = reply;
    connect(reply, &core::ApiReply::finished, this, [this, reply, uid] {
        if (reply != m_reply)
            return;
        m_reply = nullptr;
        if (!reply->ok()) {
            Q_EMIT failed(uid, reply->error());
            return;
        }
        const auto decoded = core::decodeUserProfile(reply->body());
        if (!decoded.ok()) {
            Q_EMIT failed(uid, core::ApiError::decode(decoded.error().toString()));
            return;
        }
        Q_EMIT loaded(uid, decoded.value());
    });
}

} // namespace threadline::models
