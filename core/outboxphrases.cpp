#include "outboxphrases.h"

#include "outbox.h" // Outbox::tr: the strings keep the context threadline::core::Outbox

#include <QJsonArray>

namespace threadline::core::outboxphrases {

namespace {

using Kind = OutboxEntry::Kind;

// What the target of an entry is, for the sentences.
enum class Noun { Post, Comment, User, Report };

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
        return Noun::User;
    case Kind::Report:
        return e.payload.value(QLatin1String("targetType")).toString() == QLatin1String("comment")
                   ? Noun::Comment
                   : Noun::Post;
    case Kind::DismissReport:
        return Noun::Report;
    }
    return Noun::Post;
}

// Why a permanent failure happened, as the end of the sentence.
QString reasonPhrase(const OutboxEntry &e, const ApiError &error)
{
    if (error.kind != ApiError::Kind::Http)
        return error.describe();
    switch (error.status) {
    case 400:
        return Outbox::tr("the server could not read the request");
    case 403:
        return Outbox::tr("you are not allowed to do that");
    case 404:
        switch (nounOf(e)) {
        case Noun::Post:
            return Outbox::tr("the post was deleted");
        case Noun::Comment:
            return e.kind == Kind::CreateComment ? Outbox::tr("the post was deleted")
                                                 : Outbox::tr("the comment was deleted");
        case Noun::User:
            return Outbox::tr("this person does not exist");
        case Noun::Report:
            return Outbox::tr("the report was not found");
        }
        break;
    case 409:
        return Outbox::tr("it conflicts with an earlier request");
    case 413:
        return Outbox::tr("it is too large");
    case 422:
        if (e.kind == Kind::CreateComment && e.parentId != 0 &&
            error.message.contains(QLatin1String("parentId")))
            return Outbox::tr("the comment it answers was deleted");
        if (error.message.isEmpty())
            return Outbox::tr("it was not accepted");
        return Outbox::tr("it was not accepted (%1)").arg(error.message);
    default:
        break;
    }
    return error.describe();
}

// Why the server would not take picture `number`, as the end of publishSentence().
QString pictureReason(int number, const ApiError &error)
{
    const QString n = QString::number(number);
    if (error.kind == ApiError::Kind::Http) {
        switch (error.status) {
        case 413:
            return Outbox::tr("picture %1 is too large").arg(n);
        case 422:
            if (error.message.contains(QLatin1String("megapixel")))
                return Outbox::tr("picture %1 has too many pixels").arg(n);
            return Outbox::tr("picture %1 is not a valid image").arg(n);
        case 403:
            return Outbox::tr("picture %1 was refused: you are not allowed to do that").arg(n);
        default:
            break;
        }
    }
    return Outbox::tr("picture %1 could not be uploaded: %2").arg(n, error.describe());
}

} // namespace

// "like on 王五's post", "reply to 李四's comment", …
QString actionPhrase(const OutboxEntry &e)
{
    QString target = e.description;
    if (target.isEmpty()) {
        switch (nounOf(e)) {
        case Noun::Post:
            target = Outbox::tr("the post");
            break;
        case Noun::Comment:
            target = Outbox::tr("the comment");
            break;
        case Noun::User:
            target = Outbox::tr("this person");
            break;
        case Noun::Report:
            target = Outbox::tr("the reported content");
            break;
        }
    }
    switch (e.kind) {
    case Kind::PostLike:
        return e.desired ? Outbox::tr("like on %1").arg(target)
                         : Outbox::tr("unlike of %1").arg(target);
    case Kind::CommentVote:
        if (e.desired > 0)
            return Outbox::tr("like on %1").arg(target);
        if (e.desired < 0)
            return Outbox::tr("oppose on %1").arg(target);
        return e.baseline < 0 ? Outbox::tr("withdrawn oppose on %1").arg(target)
                              : Outbox::tr("unlike of %1").arg(target);
    case Kind::Follow:
        return e.desired ? Outbox::tr("follow of %1").arg(target)
                         : Outbox::tr("unfollow of %1").arg(target);
    case Kind::CreateComment:
        return e.parentId != 0 ? Outbox::tr("reply to %1").arg(target)
                               : Outbox::tr("comment on %1").arg(target);
    case Kind::DeleteComment:
    case Kind::DeletePost:
        return Outbox::tr("deletion of %1").arg(target);
    case Kind::CreatePost:
        return Outbox::tr("new post %1").arg(target);
    case Kind::Report:
        return Outbox::tr("report on %1").arg(target);
    case Kind::HideComment:
    case Kind::HidePost:
        return Outbox::tr("hiding of %1").arg(target);
    case Kind::UnhideComment:
    case Kind::UnhidePost:
        return Outbox::tr("unhiding of %1").arg(target);
    case Kind::DismissReport:
        return Outbox::tr("dismissal of the reports on %1").arg(target);
    }
    return target;
}

QString sentence(const OutboxEntry &e, const QString &reason)
{
    return Outbox::tr("Your %1 could not be saved: %2").arg(actionPhrase(e), reason);
}

QString failureSentence(const OutboxEntry &entry, const ApiError &error)
{
    return sentence(entry, reasonPhrase(entry, error));
}

QString dependencyReason(const OutboxEntry &creation)
{
    return creation.kind == Kind::CreatePost
               ? Outbox::tr("the post it refers to could not be saved")
               : Outbox::tr("the comment it refers to could not be saved");
}

QString unknownDependencyReason()
{
    return Outbox::tr("what it refers to could not be saved");
}

// --- A new post's pictures ---------------------------------------------------------------------

int pictureNumber(const OutboxEntry &e, int index)
{
    return int(e.payload.value(QLatin1String("pictureUrls")).toArray().size()) + index + 1;
}

QString publishSentence(const QString &reason)
{
    return Outbox::tr("Your post could not be published: %1").arg(reason);
}

QString pictureRefused(const OutboxEntry &entry, int index, const ApiError &error)
{
    return publishSentence(pictureReason(pictureNumber(entry, index), error));
}

QString pictureLost(const OutboxEntry &entry, int index)
{
    return publishSentence(Outbox::tr("picture %1 was lost before it could be uploaded")
                               .arg(pictureNumber(entry, index)));
}

QString tooManyPictures(int max)
{
    return Outbox::tr("A post can have at most %1 pictures").arg(max);
}

QString pictureMissing(int number, const QString &name)
{
    return Outbox::tr("Picture %1 (%2) cannot be posted: the file does not exist")
        .arg(QString::number(number), name);
}

QString pictureUnreadable(int number, const QString &name, const QString &why)
{
    return Outbox::tr("Picture %1 (%2) cannot be posted: the file cannot be read (%3)")
        .arg(QString::number(number), name, why);
}

QString pictureTooLarge(int number, const QString &name)
{
    return Outbox::tr("Picture %1 (%2) cannot be posted: it is larger than 5 MiB")
        .arg(QString::number(number), name);
}

QString pictureNotAnImage(int number, const QString &name)
{
    return Outbox::tr("Picture %1 (%2) cannot be posted: it is not a PNG, JPEG or WebP image")
        .arg(QString::number(number), name);
}

// --- After an offline period -------------------------------------------------------------------

QString replayReport(int saved, const QStringList &failures)
{
    const QString done = Outbox::tr("%n change(s) saved", nullptr, saved);
    if (failures.isEmpty())
        return Outbox::tr("%1.").arg(done);
    const QString notDone = Outbox::tr("%n could not be", nullptr, int(failures.size()));
    return Outbox::tr("%1; %2:").arg(done, notDone) + QLatin1Char('\n') +
           failures.join(QLatin1Char('\n'));
}

} // namespace threadline::core::outboxphrases
