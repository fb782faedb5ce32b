// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Every answer the test client (testserver.h's Client) receives is checked against the API's
// description, docs/openapi.yaml (turned into JSON at build time, tests/common/CMakeLists.txt),
// so that the description and the server cannot drift apart:
// - the path must be one the description names (a path it does not name may only answer 404 or
//   501 with the error body), and the method one of that path's (else only 405 with Allow, or
//   501);
// - the status must be listed for that operation;
// - a JSON body must match the schema of that status, an empty one must be allowed by it, and
//   a header the description marks required (Location, WWW-Authenticate, ETag…) must be there.
//
// The schemas are read by a small JSON Schema checker of its own: type (a name or a list),
// enum, const, properties, required, additionalProperties, items, minItems, maxItems, minimum,
// maximum, minLength, pattern, oneOf, anyOf, allOf and $ref within the file. Keywords it does
// not know are ignored (format, description, examples).

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

namespace threadline::test {

class OpenApiCheck
{
public:
    // The description from `jsonFile` (the build's openapi.json).
    explicit OpenApiCheck(const QString &jsonFile);
    // The one the build made (THREADLINE_OPENAPI_JSON), loaded once.
    static const OpenApiCheck &built();

    [[nodiscard]] bool isLoaded() const { return m_loadError.isEmpty(); }
    [[nodiscard]] QString loadError() const { return m_loadError; }

    // What does not match in one exchange ("" when it all matches). `target` is the request
    // target as sent ("/api/v1/posts/1?comments=0").
    [[nodiscard]] QString check(const QByteArray &method, const QString &target, int status,
                                const QList<QPair<QByteArray, QByteArray>> &headers,
                                const QByteArray &body) const;
    // The mismatches of `value` against `schema` (resolved within this description), each as
    // "where: what"; empty when it matches.
    [[nodiscard]] QStringList validate(const QJsonValue &schema, const QJsonValue &value) const;
    // A schema of components/schemas by name ({} when there is none).
    [[nodiscard]] QJsonObject schema(const QString &name) const;
    // The description's path template that `path` (without query) falls under, "" when none.
    [[nodiscard]] QString templateOf(const QString &path) const;

private:
    void validateAt(const QJsonValue &schema, const QJsonValue &value, const QString &where,
                    QStringList *errors, int depth) const;
    QJsonValue resolve(const QJsonValue &schema) const;

    QJsonObject m_doc;
    QString m_base; // the server URL's path, "/api/v1"
    QString m_loadError;
};

} // namespace threadline::test
