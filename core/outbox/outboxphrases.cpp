// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "outbox/outboxphrases.h"

#include <QCoreApplication>

#include <QJsonArray>

namespace threadline::core::outboxphrases {

namespace {

using Kind = OutboxEntry::Kind;

// What the target of an entry is, for the sentences.
enum class Noun { Post, Comment, User, Report, Message, Notification };

Noun nounOf(const OutboxEntry &e)
{
    switch (e.kind) {
    case Kind::PostLike:
    case Kind::DeletePost:
    case Kind::HidePost:
    case Kind::UnhidePost:
    case Kind::CreatePost:
        return Noun::Post;
    case Kind::CreateComment:
        return e.parentId != 0 ? Noun::Comment : Noun::Post;
    case Kind::CommentVote:
    case Kind::DeleteComment:
    case Kind::HideComment:
    case Kind::UnhideComment:
        return Noun::Comment;
    case Kind::Follow:
    case Kind::TopicFollow:
        return Noun::User;
    case Kind::Report: {
        const QString type = e.payload.value(QLatin1String("targetType")).toString();
        return type == QLatin1String("comment")   ? Noun::Comment
               : type == QLatin1String("message") ? Noun::Message
                                                  : Noun::Post;
    }
    case Kind::LeaveMessage:
        return Noun::User;
    case Kind::DeleteMessage:
    case Kind::MessageLike:
    case Kind::HideMessage:
    case Kind::UnhideMessage:
        return Noun::Message;
    case Kind::DismissReport:
        return Noun::Report;
    case Kind::NotificationRead:
    case Kind::NotificationsRead:
        return Noun::Notification;
    }
    return Noun::Post;
}

ApiError::Subject subjectOf(const OutboxEntry &e)
{
    using Subject = ApiError::Subject;
    if (e.kind == Kind::CreateComment)
        return e.parentId != 0 ? Subject::NewReply : Subject::NewComment;
    switch (nounOf(e)) {
    case Noun::Post:
        return Subject::Post;
    case Noun::Comment:
        return Subject::Comment;
    case Noun::User:
        return Subject::User;
    case Noun::Report:
        return Subject::Report;
    case Noun::Message:
        return Subject::Message;
    case Noun::Notification:
        return Subject::Notification;
    }
    return Subject::Post;
}

} // namespace

// "like on 王五's post", "reply to 李四's comment", …
QString actionPhrase(const OutboxEntry &e)
{
    QString target = e.description;
    if (target.isEmpty()) {
        switch (nounOf(e)) {
        case Noun::Post:
            target = QCoreApplication::translate("threadline::core::Outbox", "the post");
            break;
        case Noun::Comment:
            target = QCoreApplication::translate("threadline::core::Outbox", "the comment");
            break;
        case Noun::User:
            target = QCoreApplication::translate("threadline::core::Outbox", "this person");
            break;
        case Noun::Report:
            target =
                QCoreApplication::translate("threadline::core::Outbox", "the reported content");
            break;
        case Noun::Message:
            target = QCoreApplication::translate("threadline::core::Outbox", "the message");
            break;
        case Noun::Notification:
            target = QCoreApplication::translate("threadline::core::Outbox", "the notification");
            break;
        }
    }
    switch (e.kind) {
    case Kind::LeaveMessage:
        return QCoreApplication::translate("threadline::core::Outbox", "message for %1")
            .arg(target);
    case Kind::MessageLike:
    case Kind::PostLike:
        return e.desired ? QCoreApplication::translate("threadline::core::Outbox", "like on %1")
                               .arg(target)
                         : QCoreApplication::translate("threadline::core::Outbox", "unlike of %1")
                               .arg(target);
    case Kind::CommentVote:
        if (e.desired > 0)
            return QCoreApplication::translate("threadline::core::Outbox", "like on %1")
                .arg(target);
        if (e.desired < 0)
            return QCoreApplication::translate("threadline::core::Outbox", "oppose on %1")
                .arg(target);
        return e.baseline < 0
                   ? QCoreApplication::translate("threadline::core::Outbox",
                                                 "withdrawn oppose on %1")
                         .arg(target)
                   : QCoreApplication::translate("threadline::core::Outbox", "unlike of %1")
                         .arg(target);
    case Kind::Follow:
    case Kind::TopicFollow:
        return e.desired ? QCoreApplication::translate("threadline::core::Outbox", "follow of %1")
                               .arg(target)
                         : QCoreApplication::translate("threadline::core::Outbox", "unfollow of %1")
                               .arg(target);
    case Kind::CreateComment:
        return e.parentId != 0
                   ? QCoreApplication::translate("threadline::core::Outbox", "reply to %1")
                         .arg(target)
                   : QCoreApplication::translate("threadline::core::Outbox", "comment on %1")
                         .arg(target);
    case Kind::DeleteComment:
    case Kind::DeletePost:
    case Kind::DeleteMessage:
        return QCoreApplication::translate("threadline::core::Outbox", "deletion of %1")
            .arg(target);
    case Kind::CreatePost:
        return QCoreApplication::translate("threadline::core::Outbox", "new post %1").arg(target);
    case Kind::Report:
        return QCoreApplication::translate("threadline::core::Outbox", "report on %1").arg(target);
    case Kind::HideComment:
    case Kind::HidePost:
    case Kind::HideMessage:
        return QCoreApplication::translate("threadline::core::Outbox", "hiding of %1").arg(target);
    case Kind::UnhideComment:
    case Kind::UnhidePost:
    case Kind::UnhideMessage:
        return QCoreApplication::translate("threadline::core::Outbox", "unhiding of %1")
            .arg(target);
    case Kind::DismissReport:
        return QCoreApplication::translate("threadline::core::Outbox",
                                           "dismissal of the reports on %1")
            .arg(target);
    case Kind::NotificationRead:
        return QCoreApplication::translate("threadline::core::Outbox", "%1 marked as read")
            .arg(target);
    case Kind::NotificationsRead:
        return QCoreApplication::translate("threadline::core::Outbox",
                                           "notifications marked as read");
    }
    return target;
}

QString sentence(const OutboxEntry &e, const QString &reason)
{
    return QCoreApplication::translate("threadline::core::Outbox", "Your %1 could not be saved: %2")
        .arg(actionPhrase(e), reason);
}

QString failureSentence(const OutboxEntry &entry, const ApiError &error)
{
    return sentence(entry, error.reason(subjectOf(entry)));
}

QString dependencyReason(const OutboxEntry &creation)
{
    return creation.kind == Kind::CreatePost
               ? QCoreApplication::translate("threadline::core::Outbox",
                                             "the post it refers to could not be saved")
               : QCoreApplication::translate("threadline::core::Outbox",
                                             "the comment it refers to could not be saved");
}

QString unknownDependencyReason()
{
    return QCoreApplication::translate("threadline::core::Outbox",
                                       "what it refers to could not be saved");
}

// --- A new post's pictures ---------------------------------------------------------------------

int pictureNumber(const OutboxEntry &e, int index)
{
    return int(e.payload.value(QLatin1String("pictureUrls")).toArray().size()) + index + 1;
}

QString publishSentence(const QString &reason)
{
    return QCoreApplication::translate("threadline::core::Outbox",
                                       "Your post could not be published: %1")
        .arg(reason);
}

QString pictureRefused(const OutboxEntry &entry, int index, const ApiError &error)
{
    return publishSentence(error.pictureReason(pictureNumber(entry, index)));
}

QString pictureLost(const OutboxEntry &entry, int index)
{
    return publishSentence(
        QCoreApplication::translate("threadline::core::Outbox",
                                    "picture %1 was lost before it could be uploaded")
            .arg(pictureNumber(entry, index)));
}

QString tooManyPictures(int max)
{
    return QCoreApplication::translate("threadline::core::Outbox",
                                       "A post can have at most %1 pictures")
        .arg(max);
}

QString pictureMissing(int number, const QString &name)
{
    return QCoreApplication::translate("threadline::core::Outbox",
                                       "Picture %1 (%2) cannot be posted: the file does not exist")
        .arg(QString::number(number), name);
}

QString pictureUnreadable(int number, const QString &name, const QString &why)
{
    return QCoreApplication::translate(
               "threadline::core::Outbox",
               "Picture %1 (%2) cannot be posted: the file cannot be read (%3)")
        .arg(QString::number(number), name, why);
}

QString pictureTooLarge(int number, const QString &name)
{
    return QCoreApplication::translate("threadline::core::Outbox",
                                       "Picture %1 (%2) cannot be posted: it is larger than 5 MiB")
        .arg(QString::number(number), name);
}

QString pictureNotAnImage(int number, const QString &name)
{
    return QCoreApplication::translate(
               "threadline::core::Outbox",
               "Picture %1 (%2) cannot be posted: it is not a PNG, JPEG or WebP image")
        .arg(QString::number(number), name);
}

// --- After an offline period -------------------------------------------------------------------

QString replayReport(int saved, const QStringList &failures)
{
    const QString done = QCoreApplication::translate("threadline::core::Outbox",
                                                     "%n change(s) saved", nullptr, saved);
    if (failures.isEmpty())
        return QCoreApplication::translate("threadline::core::Outbox", "%1.").arg(done);
    const QString notDone = QCoreApplication::translate(
        "threadline::core::Outbox", "%n could not be", nullptr, int(failures.size()));
    return QCoreApplication::translate("threadline::core::Outbox", "%1; %2:").arg(done, notDone) +
           QLatin1Char('\n') + failures.join(QLatin1Char('\n'));
}

} // namespace threadline::core::outboxphrases
