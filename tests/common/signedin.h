// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the server suites share: the API's paths, a number read from an answer, a post written
// through the API, and one signed-in Client per user of the demo, made on first use.

#include "testserver.h"

#include <QJsonObject>

#include <map>
#include <memory>

namespace threadline::test {

// "/api/v1" + path.
inline QString api(const QString &path)
{
    return QStringLiteral("/api/v1") + path;
}

// The integer under `key`, -1 when absent or not a number.
inline qint64 num(const QJsonObject &o, const char *key)
{
    return o.value(QLatin1String(key)).toInteger(-1);
}

// A TEXT post by `c`; its id, or 0 (with a warning saying why).
inline qint64 newPost(Client &c, const QString &content)
{
    const HttpResult r = c.post(api(QStringLiteral("/posts")),
                                QJsonObject{{QStringLiteral("category"), QStringLiteral("TEXT")},
                                            {QStringLiteral("content"), content}});
    if (r.status != 201)
        qWarning("newPost failed: %s", r.describe().constData());
    return r.status == 201 ? num(r.obj(), "id") : 0;
}

// One Client per user name, signed in (password "demo") the first time it is asked for.
class SignedIn
{
public:
    explicit SignedIn(const TestServer &server)
        : m_server(server)
    {
    }
    Client &as(const QString &username)
    {
        auto it = m_clients.find(username);
        if (it == m_clients.end()) {
            auto client = std::make_unique<Client>(m_server.baseUrl());
            if (client->login(username).isEmpty())
                qWarning("login as %s failed", qPrintable(username));
            it = m_clients.emplace(username, std::move(client)).first;
        }
        return *it->second;
    }

private:
    const TestServer &m_server;
    std::map<QString, std::unique_ptr<Client>> m_clients;
};

} // namespace threadline::test
