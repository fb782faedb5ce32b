// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/apierror.h"
#include "wire/usertext.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDebug>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>

#include <algorithm>

namespace threadline::core {

namespace {

// Error bodies are small; a huge one is not parsed (it is not the contract's error object).
constexpr qsizetype kMaxErrorBodyBytes = 64 * 1024;
constexpr qsizetype kMaxCodeChars = 64;
constexpr qsizetype kMaxMessageChars = 1000;
// Retry-After beyond this is treated as this (a year), so that seconds × 1000 never overflows.
constexpr int kMaxRetryAfterSecs = 365 * 24 * 3600;

QString statusText(int status)
{
    return QStringLiteral("HTTP %1").arg(status);
}

} // namespace

bool ApiError::isTransient() const
{
    switch (kind) {
    case Kind::Network:
    case Kind::Timeout:
        return true;
    case Kind::Http:
        return status == 429 || (status >= 500 && status <= 599);
    default:
        return false;
    }
}

bool ApiError::isAuth() const
{
    return kind == Kind::Http && status == 401;
}

bool ApiError::isPermanent() const
{
    if (kind == Kind::Decode)
        return true;
    return kind == Kind::Http && !isTransient() && !isAuth();
}

namespace {

// A sign-in's own words, where they differ from a request's; "" where they do not.
QString signInWords(const ApiError &e)
{
    using Kind = ApiError::Kind;
    switch (e.kind) {
    case Kind::Offline:
        return QCoreApplication::translate("ApiError",
                                           "You are offline; signing in needs the server");
    case Kind::Timeout:
        return QCoreApplication::translate("ApiError", "The server did not answer in time");
    case Kind::Tls:
        if (e.code == QLatin1String("untrusted_certificate") ||
            e.code == QLatin1String("certificate_changed"))
            return e.message;
        return QCoreApplication::translate("ApiError",
                                           "A secure connection to the server could not be made");
    case Kind::Http:
        break;
    default:
        return {};
    }
    if (e.status == 401)
        return QCoreApplication::translate("ApiError", "Wrong username or password");
    if (e.status == 429) {
        return e.retryAfterSecs > 0
                   ? QCoreApplication::translate(
                         "ApiError", "Too many sign-in attempts; try again in %n second(s)",
                         nullptr, e.retryAfterSecs)
                   : QCoreApplication::translate("ApiError",
                                                 "Too many sign-in attempts; try again later");
    }
    if (e.status >= 500 && e.status <= 599)
        return {};
    return QCoreApplication::translate("ApiError", "The server refused the sign-in (HTTP %1)")
        .arg(e.status);
}

} // namespace

QString ApiError::describe(Context context) const
{
    if (context == Context::SignIn) {
        if (const QString words = signInWords(*this); !words.isEmpty())
            return words;
    }
    switch (kind) {
    case Kind::None:
        return QCoreApplication::translate("ApiError", "No error");
    case Kind::Offline:
        return QCoreApplication::translate("ApiError", "Offline");
    case Kind::Network:
        return QCoreApplication::translate("ApiError", "The server could not be reached");
    case Kind::Timeout:
        return QCoreApplication::translate("ApiError", "The request timed out");
    case Kind::Tls:
        // A refused certificate says why in words of its own (tlspins.cpp, translated).
        if (code == QLatin1String("untrusted_certificate") ||
            code == QLatin1String("certificate_changed"))
            return message;
        return QCoreApplication::translate("ApiError",
                                           "The secure connection to the server failed");
    case Kind::Decode:
        return QCoreApplication::translate("ApiError", "The server's answer could not be read");
    case Kind::Cancelled:
        return QCoreApplication::translate("ApiError", "Cancelled");
    case Kind::Http:
        break;
    }

    if (code == QLatin1String("unauthorized") || status == 401)
        return QCoreApplication::translate("ApiError", "You are signed out; please sign in again");
    if (code == QLatin1String("forbidden") || status == 403)
        return QCoreApplication::translate("ApiError", "You are not allowed to do this");
    if (code == QLatin1String("not_found") || status == 404)
        return QCoreApplication::translate("ApiError",
                                           "It no longer exists; it may have been deleted");
    if (code == QLatin1String("conflict") || status == 409)
        return QCoreApplication::translate("ApiError", "This conflicts with an earlier change");
    if (code == QLatin1String("cursor_expired") || status == 410)
        return QCoreApplication::translate("ApiError",
                                           "The local copy is out of date and has to be refreshed");
    if (code == QLatin1String("too_large") || status == 413)
        return QCoreApplication::translate("ApiError", "It is too large to send");
    if (code == QLatin1String("invalid") || status == 422) {
        // The server's message names the rule that was broken ("content: 1 to 500 characters").
        return message.isEmpty()
                   ? QCoreApplication::translate("ApiError", "The server did not accept it")
                   : QCoreApplication::translate("ApiError", "The server did not accept it: %1")
                         .arg(shownText(message.simplified(), 200));
    }
    if (code == QLatin1String("bad_request") || status == 400)
        return QCoreApplication::translate("ApiError", "The server did not understand the request");
    if (code == QLatin1String("rate_limited") || status == 429) {
        return retryAfterSecs > 0
                   ? QCoreApplication::translate("ApiError",
                                                 "Too many requests; try again in %n second(s)",
                                                 nullptr, retryAfterSecs)
                   : QCoreApplication::translate("ApiError", "Too many requests; try again later");
    }
    if (code == QLatin1String("fault_injected"))
        return QCoreApplication::translate("ApiError",
                                           "The server is unavailable (simulated fault)");
    if (status >= 500 && status <= 599)
        return QCoreApplication::translate("ApiError", "The server had a problem; try again later");
    return QCoreApplication::translate("ApiError", "The server answered with an error (HTTP %1)")
        .arg(status);
}

QString ApiError::reason(Subject subject) const
{
    if (kind != Kind::Http)
        return describe();
    switch (status) {
    case 400:
        return QCoreApplication::translate("ApiError", "the server could not read the request");
    case 403:
        return QCoreApplication::translate("ApiError", "you are not allowed to do that");
    case 404:
        switch (subject) {
        case Subject::Post:
        case Subject::NewComment:
        case Subject::NewReply:
            return QCoreApplication::translate("ApiError", "the post was deleted");
        case Subject::Comment:
            return QCoreApplication::translate("ApiError", "the comment was deleted");
        case Subject::User:
            return QCoreApplication::translate("ApiError", "this person does not exist");
        case Subject::Report:
            return QCoreApplication::translate("ApiError", "the report was not found");
        case Subject::Message:
            return QCoreApplication::translate("ApiError", "the message was deleted");
        case Subject::Notification:
            return QCoreApplication::translate("ApiError", "the notification was withdrawn");
        }
        break;
    case 409:
        return QCoreApplication::translate("ApiError", "it conflicts with an earlier request");
    case 413:
        return QCoreApplication::translate("ApiError", "it is too large");
    case 422:
        if (subject == Subject::NewReply && message.contains(QLatin1String("parentId")))
            return QCoreApplication::translate("ApiError", "the comment it answers was deleted");
        if (message.isEmpty())
            return QCoreApplication::translate("ApiError", "it was not accepted");
        return QCoreApplication::translate("ApiError", "it was not accepted (%1)").arg(message);
    default:
        break;
    }
    return describe();
}

QString ApiError::pictureReason(int number) const
{
    const QString n = QString::number(number);
    if (kind == Kind::Http) {
        switch (status) {
        case 413:
            return QCoreApplication::translate("ApiError", "picture %1 is too large").arg(n);
        case 422:
            if (message.contains(QLatin1String("megapixel")))
                return QCoreApplication::translate("ApiError", "picture %1 has too many pixels")
                    .arg(n);
            return QCoreApplication::translate("ApiError", "picture %1 is not a valid image")
                .arg(n);
        case 403:
            return QCoreApplication::translate(
                       "ApiError", "picture %1 was refused: you are not allowed to do that")
                .arg(n);
        default:
            break;
        }
    }
    return QCoreApplication::translate("ApiError", "picture %1 could not be uploaded: %2")
        .arg(n, describe());
}

QString ApiError::toLogString() const
{
    QString s = QString::fromLatin1(kindName(kind));
    if (kind == Kind::Http)
        s += QLatin1Char(' ') + QString::number(status);
    if (!code.isEmpty())
        s += QLatin1Char(' ') + code;
    if (!message.isEmpty())
        s += QLatin1String(": ") + message;
    if (retryAfterSecs >= 0)
        s += QStringLiteral(" (retry after %1 s)").arg(retryAfterSecs);
    return forLog(s);
}

QString ApiError::details() const
{
    QStringList lines;
    if (kind == Kind::Http) {
        lines << (code.isEmpty()
                      ? QCoreApplication::translate("ApiError", "HTTP status: %1").arg(status)
                      : QCoreApplication::translate("ApiError", "HTTP status: %1 (%2)")
                            .arg(status)
                            .arg(code.left(64)));
    }
    if (!requestId.isEmpty()) {
        // The id as the server logged it (a sane one is at most 64 token characters; what a
        // server sent is cut and shown as Latin-1 text, never interpreted).
        lines << QCoreApplication::translate("ApiError", "Request id: %1")
                     .arg(QString::fromLatin1(requestId.left(64)));
    }
    return lines.join(QLatin1Char('\n'));
}

QString ApiError::forLog(const QString &text)
{
    if (text.size() <= kMaxLogChars)
        return text;
    return text.left(kMaxLogChars) + QStringLiteral("… (%1 characters)").arg(text.size());
}

ApiError ApiError::fromHttp(int status, const QByteArray &body, int retryAfterSecs)
{
    ApiError e;
    e.kind = Kind::Http;
    e.status = status;
    e.retryAfterSecs = retryAfterSecs;
    if (!body.isEmpty() && body.size() <= kMaxErrorBodyBytes) {
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
        if (parseError.error == QJsonParseError::NoError && doc.isObject()) {
            const QJsonValue error = doc.object().value(QLatin1String("error"));
            if (error.isObject()) {
                const QJsonObject o = error.toObject();
                const QJsonValue c = o.value(QLatin1String("code"));
                const QJsonValue m = o.value(QLatin1String("message"));
                if (c.isString())
                    e.code = c.toString().left(kMaxCodeChars);
                if (m.isString())
                    e.message = m.toString().left(kMaxMessageChars);
            } else if (error.isString()) {
                e.message = error.toString().left(kMaxMessageChars);
            }
        }
    }
    if (e.message.isEmpty())
        e.message = statusText(status);
    return e;
}

ApiError ApiError::decode(const QString &message)
{
    ApiError e;
    e.kind = Kind::Decode;
    e.message = message;
    return e;
}

int ApiError::parseRetryAfter(const QByteArray &value)
{
    const QByteArray v = value.trimmed();
    if (v.isEmpty())
        return -1;
    bool allDigits = true;
    for (char ch : v)
        allDigits = allDigits && ch >= '0' && ch <= '9';
    if (allDigits) {
        if (v.size() > 9)
            return kMaxRetryAfterSecs;
        return qMin(v.toInt(), kMaxRetryAfterSecs);
    }
    // HTTP-date, e.g. "Wed, 21 Oct 2015 07:28:00 GMT" (RFC 9110: always GMT, which Qt's RFC 2822
    // parser wants as a numeric offset).
    QString text = QString::fromLatin1(v);
    if (text.endsWith(QLatin1String(" GMT")) || text.endsWith(QLatin1String(" UTC")))
        text = text.chopped(4) + QLatin1String(" +0000");
    const QDateTime when = QDateTime::fromString(text, Qt::RFC2822Date);
    if (!when.isValid())
        return -1;
    const qint64 secs = QDateTime::currentDateTimeUtc().secsTo(when);
    return int(std::clamp<qint64>(secs, 0, kMaxRetryAfterSecs));
}

const char *ApiError::kindName(Kind kind)
{
    switch (kind) {
    case Kind::None:
        return "None";
    case Kind::Offline:
        return "Offline";
    case Kind::Network:
        return "Network";
    case Kind::Timeout:
        return "Timeout";
    case Kind::Tls:
        return "Tls";
    case Kind::Http:
        return "Http";
    case Kind::Decode:
        return "Decode";
    case Kind::Cancelled:
        return "Cancelled";
    }
    return "?";
}

QDebug operator<<(QDebug debug, const ApiError &error)
{
    QDebugStateSaver saver(debug);
    debug.nospace().noquote() << "ApiError(" << error.toLogString() << ')';
    return debug;
}

} // namespace threadline::core
