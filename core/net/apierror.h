// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// ApiError: how one API call failed, in the terms the rest of the client decides by
// (docs/design.md, "How data flows" 7): transient (retry later), auth (sign in again), permanent
// (roll back and tell the user), plus offline and cancelled.
#pragma once

#include <QByteArray>
#include <QMetaType>
#include <QString>

class QDebug;

namespace threadline::core {

struct ApiError
{
    enum class Kind {
        None,      // no error
        Offline,   // offline mode: nothing was sent
        Network,   // no answer: connection refused, reset or dropped, host not found
        Timeout,   // no answer within the timeout
        Tls,       // the TLS handshake or certificate failed (never ignored)
        Http,      // an HTTP answer that is not 2xx: see status, code, message
        Decode,    // a 2xx whose body is not what the caller expected (set by the caller)
        Cancelled, // ApiReply::abort()
    };

    Kind kind = Kind::None;
    int status = 0;          // HTTP status for Kind::Http
    QString code;            // the server's error.code (e.g. "not_found"), if any
    QString message;         // the server's error.message, or a description
    int retryAfterSecs = -1; // from Retry-After on 429/503; -1 when absent
    // The X-Request-Id of the failing answer (the server's log line has it), or the one the
    // client sent when no answer came; empty when nothing was sent. It names one attempt, not
    // the failure: two errors that differ only in it are equal.
    QByteArray requestId;

    [[nodiscard]] bool ok() const { return kind == Kind::None; }
    // Worth trying again later: Network, Timeout, HTTP 5xx and 429.
    [[nodiscard]] bool isTransient() const;
    // HTTP 401: the session is gone; sign in again.
    [[nodiscard]] bool isAuth() const;
    // Will fail again the same way: every other non-2xx answer (400, 403, 404, 409, 410, 413,
    // 422, other 4xx, an unexpected 1xx/3xx) and Decode. Offline, Tls and Cancelled are none of
    // transient, auth and permanent: offline and TLS are conditions to wait out or fix, not
    // verdicts on the request.
    [[nodiscard]] bool isPermanent() const;
    // Where the words are read: most calls say what went wrong with the request; a sign-in
    // says it of the sign-in ("Wrong username or password" for a 401, not "you are signed out").
    enum class Context { Request, SignIn };
    // Human words for the user (translated, context "ApiError"); never the raw server text
    // alone. The one place where an error becomes a sentence: callers that add what failed
    // ("Your like on … could not be saved: <this>") put these words at the end.
    [[nodiscard]] QString describe(Context context = Context::Request) const;
    // What a refused action was about (the outbox's entries), for the words of its reason.
    enum class Subject { Post, Comment, User, Report, NewComment, NewReply, Message, Notification };
    // Why an action was refused, as the end of a sentence ("Your like on 王五's post could not
    // be saved: the post was deleted"): the status in words of its subject, else describe().
    [[nodiscard]] QString reason(Subject subject) const;
    // Why the server would not take picture `number` of a new post, as the end of a sentence.
    [[nodiscard]] QString pictureReason(int number) const;
    // "Http 404 not_found: no such post" — for logs (no secrets: nothing of the request), at
    // most kMaxLogChars characters whatever a server sent.
    [[nodiscard]] QString toLogString() const;
    // The details of an error for someone who reports it (translated, one fact a line): the
    // HTTP status and the server's code, and the request id to find it in the server's log.
    // Empty when there is nothing to add to describe().
    [[nodiscard]] QString details() const;
    static constexpr qsizetype kMaxLogChars = 300;
    // Text from elsewhere (a path with its cursor, a server's message) cut for a log line:
    // the first kMaxLogChars characters, then "… (N characters)".
    [[nodiscard]] static QString forLog(const QString &text);

    // An HTTP answer that is not 2xx: parses {"error":{"code","message"}} from the body,
    // tolerant of anything else (HTML, garbage, another shape: code stays empty and message
    // says what the status means). retryAfterSecs as parsed from the header (-1 when absent).
    [[nodiscard]] static ApiError fromHttp(int status, const QByteArray &body,
                                           int retryAfterSecs = -1);
    // A 2xx body the caller could not decode.
    [[nodiscard]] static ApiError decode(const QString &message);
    // Retry-After: delta-seconds or an HTTP-date; -1 when absent or unreadable.
    [[nodiscard]] static int parseRetryAfter(const QByteArray &value);
    // "None", "Offline", "Network", … for logs and test messages.
    [[nodiscard]] static const char *kindName(Kind kind);

    friend bool operator==(const ApiError &a, const ApiError &b)
    {
        return a.kind == b.kind && a.status == b.status && a.code == b.code &&
               a.message == b.message && a.retryAfterSecs == b.retryAfterSecs;
    }
};

QDebug operator<<(QDebug debug, const ApiError &error);

} // namespace threadline::core

Q_DECLARE_METATYPE(threadline::core::ApiError)
