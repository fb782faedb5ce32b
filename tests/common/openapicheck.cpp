// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "openapicheck.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QRegularExpression>
#include <QUrl>
#include <cmath>

namespace threadline::test {

namespace {

QByteArray headerOf(const QList<QPair<QByteArray, QByteArray>> &headers, const QByteArray &name)
{
    for (const auto &h : headers)
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    return {};
}

bool hasHeader(const QList<QPair<QByteArray, QByteArray>> &headers, const QByteArray &name)
{
    for (const auto &h : headers)
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return true;
    return false;
}

QString typeOf(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QStringLiteral("boolean");
    case QJsonValue::Double: {
        const double d = v.toDouble();
        return std::floor(d) == d && std::isfinite(d) ? QStringLiteral("integer")
                                                      : QStringLiteral("number");
    }
    case QJsonValue::String:
        return QStringLiteral("string");
    case QJsonValue::Array:
        return QStringLiteral("array");
    case QJsonValue::Object:
        return QStringLiteral("object");
    default:
        return QStringLiteral("undefined");
    }
}

bool typeMatches(const QString &want, const QString &have)
{
    return want == have || (want == QLatin1String("number") && have == QLatin1String("integer"));
}

QString shortJson(const QJsonValue &v)
{
    QByteArray t;
    if (v.isObject())
        t = QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact);
    else if (v.isArray())
        t = QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact);
    else
        t = QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact).mid(1).chopped(1);
    return QString::fromUtf8(t.left(120));
}

qsizetype codePoints(const QString &s)
{
    qsizetype n = 0;
    for (qsizetype i = 0; i < s.size(); ++i)
        if (!s.at(i).isLowSurrogate())
            ++n;
    return n;
}

} // namespace

OpenApiCheck::OpenApiCheck(const QString &jsonFile)
{
    QFile f(jsonFile);
    if (!f.open(QIODevice::ReadOnly)) {
        m_loadError = QStringLiteral("cannot read %1: %2").arg(jsonFile, f.errorString());
        return;
    }
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject()) {
        m_loadError =
            QStringLiteral("%1 is not a JSON object: %2").arg(jsonFile, err.errorString());
        return;
    }
    m_doc = doc.object();
    const QString server =
        m_doc.value(QLatin1String("servers")).toArray().first().toObject().value(u"url").toString();
    m_base = QUrl(server).path();
    if (m_base.endsWith(QLatin1Char('/')))
        m_base.chop(1);
    if (m_doc.value(QLatin1String("paths")).toObject().isEmpty())
        m_loadError = QStringLiteral("%1 describes no paths").arg(jsonFile);
}

const OpenApiCheck &OpenApiCheck::built()
{
#ifdef THREADLINE_OPENAPI_JSON
    static const OpenApiCheck check(QStringLiteral(THREADLINE_OPENAPI_JSON));
#else
    static const OpenApiCheck check(QString{});
#endif
    return check;
}

QJsonObject OpenApiCheck::schema(const QString &name) const
{
    return m_doc.value(u"components")
        .toObject()
        .value(u"schemas")
        .toObject()
        .value(name)
        .toObject();
}

QJsonValue OpenApiCheck::resolve(const QJsonValue &schema) const
{
    QJsonValue s = schema;
    for (int hops = 0; hops < 16 && s.isObject(); ++hops) {
        const QString ref = s.toObject().value(u"$ref").toString();
        if (!ref.startsWith(QLatin1String("#/")))
            return s;
        QJsonValue at = m_doc;
        for (const QString &part : ref.mid(2).split(QLatin1Char('/')))
            at = at.toObject().value(
                QString(part).replace(u"~1"_qs, u"/"_qs).replace(u"~0"_qs, u"~"_qs));
        s = at;
    }
    return s;
}

QString OpenApiCheck::templateOf(const QString &path) const
{
    if (!path.startsWith(m_base + QLatin1Char('/')))
        return {};
    const QStringList segs = path.mid(m_base.size() + 1).split(QLatin1Char('/'));
    QString best;
    int bestLiterals = -1;
    const QJsonObject paths = m_doc.value(u"paths").toObject();
    for (auto it = paths.begin(); it != paths.end(); ++it) {
        const QStringList pattern = it.key().mid(1).split(QLatin1Char('/'));
        if (pattern.size() != segs.size())
            continue;
        int literals = 0;
        bool ok = true;
        for (qsizetype i = 0; i < pattern.size() && ok; ++i) {
            if (pattern[i].startsWith(QLatin1Char('{')))
                ok = !segs[i].isEmpty() && segs[i] != QLatin1String(".") &&
                     segs[i] != QLatin1String("..");
            else if (pattern[i] == segs[i])
                ++literals;
            else
                ok = false;
        }
        if (ok && literals > bestLiterals) {
            best = it.key();
            bestLiterals = literals;
        }
    }
    return best;
}

QString OpenApiCheck::check(const QByteArray &method, const QString &target, int status,
                            const QList<QPair<QByteArray, QByteArray>> &headers,
                            const QByteArray &body) const
{
    if (!isLoaded())
        return QStringLiteral("the API description is not loaded: ") + m_loadError;
    if (status == 0)
        return {}; // no answer at all: nothing to check
    const QString path = target.section(QLatin1Char('?'), 0, 0);
    const QString where = QStringLiteral("%1 %2 -> %3")
                              .arg(QString::fromLatin1(method), target.left(200))
                              .arg(status);
    const QByteArray contentType = headerOf(headers, "content-type");
    const auto errorBody = [&]() -> QString {
        if (method == "HEAD")
            return {};
        const QStringList errors = validate(
            QJsonObject{{QStringLiteral("$ref"), QStringLiteral("#/components/schemas/Error")}},
            QJsonDocument::fromJson(body).object());
        return errors.isEmpty() || !contentType.startsWith("application/json")
                   ? (contentType.startsWith("application/json")
                          ? QString()
                          : QStringLiteral("%1: an error must be JSON, not %2")
                                .arg(where, QString::fromLatin1(contentType)))
                   : QStringLiteral("%1: %2").arg(where, errors.join(QStringLiteral("; ")));
    };

    // Refusals of the HTTP front (or of nginx) before any route is chosen, for the form of the
    // request itself: described once, at the top of the file, for every request.
    static const QList<int> transport{408, 414, 431, 505};
    if (transport.contains(status))
        return errorBody();

    // Outside the API's base path is the operators' (GET /metrics, docs/deploy.md "Metrics"):
    // not part of the description.
    if (!path.startsWith(m_base + QLatin1Char('/')) && path != m_base)
        return {};
    const QString tpl = templateOf(path);
    if (tpl.isEmpty()) {
        // A path the description does not name: the server may only say it has no such route
        // (or no such method at all).
        if (status != 404 && status != 501)
            return QStringLiteral("%1: the path is not in docs/openapi.yaml").arg(where);
        return errorBody();
    }
    const QJsonObject item = m_doc.value(u"paths").toObject().value(tpl).toObject();
    const QString key =
        QString::fromLatin1(method == "HEAD" ? QByteArray("get") : method.toLower());
    static const QStringList methods{u"get"_qs,     u"put"_qs,  u"post"_qs,  u"delete"_qs,
                                     u"options"_qs, u"head"_qs, u"patch"_qs, u"trace"_qs};
    if (!methods.contains(key) || !item.contains(key)) {
        if (status == 405 && !hasHeader(headers, "allow"))
            return QStringLiteral("%1: a 405 without Allow").arg(where);
        if (status != 405 && status != 501 && status != 404)
            return QStringLiteral("%1: %2 has no %3 in docs/openapi.yaml")
                .arg(where, tpl, QString::fromLatin1(method));
        return errorBody();
    }
    const QJsonObject op = item.value(key).toObject();
    const QJsonObject responses = op.value(u"responses").toObject();
    const QString code = QString::number(status);
    QJsonValue response = responses.value(code);
    if (response.isUndefined())
        response = responses.value(code.left(1) + QStringLiteral("XX"));
    if (response.isUndefined())
        return QStringLiteral("%1: %2 is not a listed answer of %3 %4 in docs/openapi.yaml")
            .arg(where, code, QString::fromLatin1(method), tpl);
    const QJsonObject resp = resolve(response).toObject();

    // Headers the description marks required.
    const QJsonObject heads = resp.value(u"headers").toObject();
    for (auto it = heads.begin(); it != heads.end(); ++it) {
        const QJsonObject h = resolve(it.value()).toObject();
        if (h.value(u"required").toBool() && !hasHeader(headers, it.key().toLatin1()))
            return QStringLiteral("%1: the header %2 is missing").arg(where, it.key());
    }
    if (method == "HEAD")
        return {};
    const QJsonObject content = resp.value(u"content").toObject();
    if (content.isEmpty()) {
        if (!body.isEmpty())
            return QStringLiteral("%1: the description has no body here, the server sent %2 bytes")
                .arg(where)
                .arg(body.size());
        return {};
    }
    const QString mime = QString::fromLatin1(contentType.split(';').first().trimmed().toLower());
    if (!content.contains(mime))
        return QStringLiteral("%1: Content-Type %2 is not described (%3)")
            .arg(where, QString::fromLatin1(contentType), content.keys().join(u", "_qs));
    if (mime != QLatin1String("application/json"))
        return {}; // images, the event stream: the type is what is described
    if (body.startsWith("\x1f\x8b"))
        return {}; // gzip the client asked for and did not inflate: the JSON is not at hand
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &err);
    if (err.error != QJsonParseError::NoError)
        return QStringLiteral("%1: the body is not JSON: %2").arg(where, err.errorString());
    const QJsonValue value = doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array());
    const QStringList errors = validate(content.value(mime).toObject().value(u"schema"), value);
    if (!errors.isEmpty())
        return QStringLiteral("%1 (%2): %3").arg(where, tpl, errors.mid(0, 5).join(u"; "_qs));
    return {};
}

QStringList OpenApiCheck::validate(const QJsonValue &schema, const QJsonValue &value) const
{
    QStringList errors;
    validateAt(schema, value, QStringLiteral("$"), &errors, 0);
    return errors;
}

void OpenApiCheck::validateAt(const QJsonValue &schemaIn, const QJsonValue &value,
                              const QString &where, QStringList *errors, int depth) const
{
    if (depth > 64) {
        errors->append(where + QStringLiteral(": nested too deep"));
        return;
    }
    const QJsonValue resolved = resolve(schemaIn);
    if (resolved.isBool()) {
        if (!resolved.toBool())
            errors->append(where + QStringLiteral(": nothing is allowed here"));
        return;
    }
    const QJsonObject s = resolved.toObject();
    const QString have = typeOf(value);

    if (s.contains(u"type")) {
        const QJsonValue t = s.value(u"type");
        QStringList want;
        if (t.isArray())
            for (const QJsonValue &x : t.toArray())
                want.append(x.toString());
        else
            want.append(t.toString());
        bool ok = false;
        for (const QString &w : want)
            ok = ok || typeMatches(w, have);
        if (!ok) {
            errors->append(QStringLiteral("%1: %2 is %3, not %4")
                               .arg(where, shortJson(value), have, want.join(u" or "_qs)));
            return;
        }
    }
    if (s.contains(u"const") && s.value(u"const") != value)
        errors->append(QStringLiteral("%1: %2 is not %3")
                           .arg(where, shortJson(value), shortJson(s.value(u"const"))));
    if (s.contains(u"enum") && !s.value(u"enum").toArray().contains(value))
        errors->append(QStringLiteral("%1: %2 is none of %3")
                           .arg(where, shortJson(value), shortJson(s.value(u"enum"))));
    if (value.isDouble()) {
        if (s.contains(u"minimum") && value.toDouble() < s.value(u"minimum").toDouble())
            errors->append(QStringLiteral("%1: %2 is below %3")
                               .arg(where, shortJson(value), shortJson(s.value(u"minimum"))));
        if (s.contains(u"maximum") && value.toDouble() > s.value(u"maximum").toDouble())
            errors->append(QStringLiteral("%1: %2 is above %3")
                               .arg(where, shortJson(value), shortJson(s.value(u"maximum"))));
    }
    if (value.isString()) {
        const QString str = value.toString();
        if (s.contains(u"minLength") && codePoints(str) < s.value(u"minLength").toInt())
            errors->append(QStringLiteral("%1: %2 is too short").arg(where, shortJson(value)));
        if (s.contains(u"maxLength") && codePoints(str) > s.value(u"maxLength").toInt())
            errors->append(QStringLiteral("%1: %2 is too long").arg(where, shortJson(value)));
        if (s.contains(u"pattern")) {
            const QRegularExpression re(s.value(u"pattern").toString());
            if (!re.match(str).hasMatch())
                errors->append(QStringLiteral("%1: %2 does not match %3")
                                   .arg(where, shortJson(value), s.value(u"pattern").toString()));
        }
    }
    if (value.isArray()) {
        const QJsonArray a = value.toArray();
        if (s.contains(u"minItems") && a.size() < s.value(u"minItems").toInt())
            errors->append(QStringLiteral("%1: fewer than %2 items")
                               .arg(where)
                               .arg(s.value(u"minItems").toInt()));
        if (s.contains(u"maxItems") && a.size() > s.value(u"maxItems").toInt())
            errors->append(QStringLiteral("%1: more than %2 items")
                               .arg(where)
                               .arg(s.value(u"maxItems").toInt()));
        if (s.contains(u"items"))
            for (qsizetype i = 0; i < a.size(); ++i)
                validateAt(s.value(u"items"), a.at(i), QStringLiteral("%1[%2]").arg(where).arg(i),
                           errors, depth + 1);
    }
    if (value.isObject()) {
        const QJsonObject o = value.toObject();
        for (const QJsonValue &r : s.value(u"required").toArray())
            if (!o.contains(r.toString()))
                errors->append(QStringLiteral("%1: \"%2\" is missing").arg(where, r.toString()));
        const QJsonObject props = s.value(u"properties").toObject();
        const QJsonValue extra = s.value(u"additionalProperties");
        for (auto it = o.begin(); it != o.end(); ++it) {
            const QString at = where + QLatin1Char('.') + it.key();
            if (props.contains(it.key()))
                validateAt(props.value(it.key()), it.value(), at, errors, depth + 1);
            else if (extra.isBool() && !extra.toBool())
                errors->append(QStringLiteral("%1: not a described field").arg(at));
            else if (extra.isObject())
                validateAt(extra, it.value(), at, errors, depth + 1);
        }
    }
    for (const QJsonValue &sub : s.value(u"allOf").toArray())
        validateAt(sub, value, where, errors, depth + 1);
    if (s.contains(u"anyOf") || s.contains(u"oneOf")) {
        const bool one = s.contains(u"oneOf");
        const QJsonArray options = s.value(one ? u"oneOf" : u"anyOf").toArray();
        int matched = 0;
        QStringList first;
        for (const QJsonValue &sub : options) {
            QStringList e;
            validateAt(sub, value, where, &e, depth + 1);
            if (e.isEmpty())
                ++matched;
            else if (first.isEmpty())
                first = e;
        }
        if (matched == 0)
            errors->append(QStringLiteral("%1: matches none of the %2 choices (first: %3)")
                               .arg(where)
                               .arg(options.size())
                               .arg(first.mid(0, 2).join(u"; "_qs)));
        else if (one && matched > 1)
            errors->append(
                QStringLiteral("%1: matches %2 choices of a oneOf").arg(where).arg(matched));
    }
}

} // namespace threadline::test
