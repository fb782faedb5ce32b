// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "notifications/notificationtext.h"

#include "wire/usertext.h"

namespace threadline::models {

namespace {

using Kind = core::Notification::Kind;

QString firstActor(const core::Notification &n)
{
    return n.actors.isEmpty() ? NotificationText::tr("Someone")
                              : core::shownName(n.actors.first().nickName);
}

} // namespace

QString NotificationText::sentence(const core::Notification &n)
{
    const QString who = firstActor(n);
    const QString type = n.targetType;
    switch (n.kind) {
    case Kind::Reply:
        return tr("%1 replied to your comment").arg(who);
    case Kind::Comment:
        return tr("%1 commented on your post").arg(who);
    case Kind::Message:
        return tr("%1 left a message on your board").arg(who);
    case Kind::Follow:
        return tr("%1 followed you").arg(who);
    case Kind::Like: {
        const int others = int(std::min<qint64>(n.actorCount - 1, 1'000'000'000));
        if (type == QLatin1String("comment"))
            return others <= 0
                       ? tr("%1 liked your comment").arg(who)
                       : tr("%1 and %n other(s) liked your comment", nullptr, others).arg(who);
        if (type == QLatin1String("message"))
            return others <= 0
                       ? tr("%1 liked your message").arg(who)
                       : tr("%1 and %n other(s) liked your message", nullptr, others).arg(who);
        return others <= 0 ? tr("%1 liked your post").arg(who)
                           : tr("%1 and %n other(s) liked your post", nullptr, others).arg(who);
    }
    case Kind::Moderation: {
        const QString what = type == QLatin1String("comment")   ? tr("your comment")
                             : type == QLatin1String("message") ? tr("your message")
                                                                : tr("your post");
        if (n.action == QLatin1String("unhide"))
            return tr("A moderator restored %1").arg(what);
        if (n.action == QLatin1String("delete"))
            return tr("A moderator deleted %1").arg(what);
        return tr("A moderator hid %1").arg(what);
    }
    case Kind::Unknown:
        break;
    }
    return n.actors.isEmpty() ? tr("A notification") : tr("%1: a notification").arg(who);
}

QString NotificationText::detail(const core::Notification &n)
{
    if (n.kind == Kind::Moderation)
        return n.reason.isEmpty()
                   ? core::shownText(n.summary.simplified(), 200)
                   : tr("Reason: %1").arg(core::shownText(n.reason.simplified(), 200));
    if (n.summary.isEmpty())
        return {};
    return tr("“%1”").arg(core::shownText(n.summary.simplified(), 200));
}

QString NotificationText::unsupported(const core::Notification &n)
{
    if (n.kind != Kind::Unknown)
        return {};
    return tr("This kind of notification (%1) is not supported by this version yet.")
        .arg(core::shownText(n.kindName, 40));
}

QString NotificationText::accessible(const core::Notification &n, const QString &time)
{
    QStringList parts{sentence(n)};
    if (const QString d = detail(n); !d.isEmpty())
        parts << d;
    if (const QString u = unsupported(n); !u.isEmpty())
        parts << u;
    if (!time.isEmpty())
        parts << time;
    if (!n.read)
        parts << tr("unread");
    return parts.join(QStringLiteral(", "));
}

} // namespace threadline::models
