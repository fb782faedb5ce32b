#include "outbox.h"
#include "serveridentity.h"

#include "apiclient.h"
#include "jsoncodec.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>
#include <QTimer>
#include <QUuid>

#include <algorithm>
#include <limits>

namespace threadline::core {

namespace {

using Kind = OutboxEntry::Kind;

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

// A file-name-safe form of text: letters, digits, '.', '-' and '_' kept, the rest as %XX.
QString safeFileName(const QString &text)
{
    QString out;
    for (const char c : text.toUtf8()) {
        const auto u = static_cast<unsigned char>(c);
        if ((u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') ||
            u == '-' || u == '_' || (u == '.' && !out.isEmpty()))
            out += QLatin1Char(c);
        else
            out += QStringLiteral("%%1").arg(u, 2, 16, QLatin1Char('0')).toUpper();
    }
    return out.isEmpty() ? QStringLiteral("_") : out;
}

QJsonObject parseObject(const QByteArray &json)
{
    return QJsonDocument::fromJson(json).object();
}

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

QString dependencyReason(const OutboxEntry &creation)
{
    return creation.kind == Kind::CreatePost
               ? Outbox::tr("the post it refers to could not be saved")
               : Outbox::tr("the comment it refers to could not be saved");
}

QString sentence(const OutboxEntry &e, const QString &reason)
{
    return Outbox::tr("Your %1 could not be saved: %2").arg(actionPhrase(e), reason);
}

// --- Pictures of a new post --------------------------------------------------------------------

// The sentence of a post that fails because of one of its pictures.
QString publishSentence(const QString &reason)
{
    return Outbox::tr("Your post could not be published: %1").arg(reason);
}

// Picture `index` of the entry's local pictures as the user counts them: 1-based, after the
// pictures that were already URLs.
int pictureNumber(const OutboxEntry &e, int index)
{
    return int(e.payload.value(QLatin1String("pictureUrls")).toArray().size()) + index + 1;
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

// A picture file as checked and read at creation.
struct PictureFile
{
    QByteArray data;
    QString mime;
    QString extension;
};

// Reads and checks one local picture: it exists, holds at most kMaxPictureBytes and is PNG,
// JPEG or WebP by its bytes. Sets *error (a sentence naming picture `number`) when it is not.
std::optional<PictureFile> readPicture(const QString &path, int number, QString *error)
{
    const QString name = QFileInfo(path).fileName();
    const QString n = QString::number(number);
    QFile f(path);
    if (path.isEmpty() || !f.exists()) {
        *error = Outbox::tr("Picture %1 (%2) cannot be posted: the file does not exist")
                     .arg(n, name.isEmpty() ? path : name);
        return std::nullopt;
    }
    if (!f.open(QIODevice::ReadOnly)) {
        *error = Outbox::tr("Picture %1 (%2) cannot be posted: the file cannot be read (%3)")
                     .arg(n, name, f.errorString());
        return std::nullopt;
    }
    const QString tooLarge =
        Outbox::tr("Picture %1 (%2) cannot be posted: it is larger than 5 MiB").arg(n, name);
    if (f.size() > Outbox::kMaxPictureBytes) {
        *error = tooLarge;
        return std::nullopt;
    }
    PictureFile picture;
    picture.data = f.read(Outbox::kMaxPictureBytes + 1); // the file may have grown meanwhile
    if (f.error() != QFileDevice::NoError) {
        *error = Outbox::tr("Picture %1 (%2) cannot be posted: the file cannot be read (%3)")
                     .arg(n, name, f.errorString());
        return std::nullopt;
    }
    if (picture.data.size() > Outbox::kMaxPictureBytes) {
        *error = tooLarge;
        return std::nullopt;
    }
    // The type by the bytes, never by the file's name.
    QBuffer buffer(&picture.data);
    buffer.open(QIODevice::ReadOnly);
    const QByteArray format = QImageReader::imageFormat(&buffer).toLower();
    const bool webpBytes = picture.data.size() >= 12 && picture.data.startsWith("RIFF") &&
                           picture.data.mid(8, 4) == "WEBP";
    if (format == "png") {
        picture.mime = QStringLiteral("image/png");
        picture.extension = QStringLiteral("png");
    } else if (format == "jpeg" || format == "jpg") {
        picture.mime = QStringLiteral("image/jpeg");
        picture.extension = QStringLiteral("jpg");
    } else if (format == "webp" || (format.isEmpty() && webpBytes)) {
        picture.mime = QStringLiteral("image/webp");
        picture.extension = QStringLiteral("webp");
    } else {
        *error = Outbox::tr("Picture %1 (%2) cannot be posted: it is not a PNG, JPEG or WebP image")
                     .arg(n, name);
        return std::nullopt;
    }
    return picture;
}

// The body of POST /posts: the payload without the local pictures, whose URLs follow the
// pictureUrls given.
QJsonObject postBody(const OutboxEntry &e)
{
    QJsonObject body = e.payload;
    const QList<OutboxEntry::LocalPicture> pictures = e.localPictures();
    body.remove(OutboxEntry::kLocalPicturesKey);
    if (!pictures.isEmpty()) {
        QJsonArray urls = body.value(QLatin1String("pictureUrls")).toArray();
        for (const OutboxEntry::LocalPicture &p : pictures)
            urls.append(p.url);
        body.insert(QStringLiteral("pictureUrls"), urls);
    }
    return body;
}

// Does a successful answer for this kind carry a JSON object?
bool expectsBody(Kind kind)
{
    return kind != Kind::DeleteComment && kind != Kind::DeletePost;
}

struct Request
{
    QByteArray method;
    QString path;
    QByteArray body;
    bool keyed = false; // a POST: carries the Idempotency-Key
};

Request requestFor(const OutboxEntry &e)
{
    const QString id = QString::number(e.targetId);
    const QString reason = e.payload.value(QLatin1String("reason")).toString();
    const std::optional<QString> optReason =
        reason.isEmpty() ? std::nullopt : std::optional<QString>(reason);
    switch (e.kind) {
    case Kind::PostLike:
    case Kind::CommentVote:
    case Kind::Follow: {
        const LikeCoalescer::Request r = LikeCoalescer::requestFor(e);
        return {r.method, r.path, {}, false};
    }
    case Kind::CreateComment: {
        NewComment c;
        c.content = e.payload.value(QLatin1String("content")).toString();
        if (e.parentId != 0)
            c.parentId = e.parentId;
        return {"POST", QStringLiteral("/api/v1/posts/%1/comments").arg(e.postId),
                encodeNewComment(c), true};
    }
    case Kind::DeleteComment:
        return {"DELETE", QStringLiteral("/api/v1/comments/%1").arg(id), {}, false};
    case Kind::CreatePost:
        return {"POST", QStringLiteral("/api/v1/posts"),
                QJsonDocument(postBody(e)).toJson(QJsonDocument::Compact), true};
    case Kind::DeletePost:
        return {"DELETE", QStringLiteral("/api/v1/posts/%1").arg(id), {}, false};
    case Kind::Report:
        return {"POST", QStringLiteral("/api/v1/reports"),
                QJsonDocument(e.payload).toJson(QJsonDocument::Compact), true};
    case Kind::HideComment:
        return {"POST", QStringLiteral("/api/v1/moderation/comments/%1/hide").arg(id),
                encodeModerationReason(reason), true};
    case Kind::UnhideComment:
        return {"POST", QStringLiteral("/api/v1/moderation/comments/%1/unhide").arg(id),
                encodeModerationReason(optReason), true};
    case Kind::HidePost:
        return {"POST", QStringLiteral("/api/v1/moderation/posts/%1/hide").arg(id),
                encodeModerationReason(reason), true};
    case Kind::UnhidePost:
        return {"POST", QStringLiteral("/api/v1/moderation/posts/%1/unhide").arg(id),
                encodeModerationReason(optReason), true};
    case Kind::DismissReport:
        return {"POST", QStringLiteral("/api/v1/moderation/items/%1/dismiss").arg(id),
                encodeModerationReason(optReason), true};
    }
    return {};
}

} // namespace

// ---------------------------------------------------------------------------------------------

Outbox::Outbox(ApiClient *api, QObject *parent)
    : QObject(parent)
    , m_api(api)
    , m_store(new OutboxStore(this))
    , m_rng(QRandomGenerator::securelySeeded())
    , m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    m_timer->setTimerType(Qt::PreciseTimer);
    connect(m_timer, &QTimer::timeout, this, &Outbox::pump);
    connect(m_store, &OutboxStore::opened, this, &Outbox::onOpened);
    connect(m_store, &OutboxStore::applied, this, &Outbox::onApplied);
    connect(m_store, &OutboxStore::fileRead, this, &Outbox::onFileRead);
    if (m_api)
        connect(m_api, &ApiClient::offlineChanged, this, &Outbox::onOfflineChanged);
}

Outbox::~Outbox()
{
    // The reply is our child: destroying it cancels the request silently; the entry stays in
    // the file and is sent again next time. The store (also a child) commits what is queued.
    if (m_inFlight) {
        m_inFlight->disconnect(this);
        delete m_inFlight;
        m_inFlight = nullptr;
    }
    delete m_store;
    m_store = nullptr;
}

QString Outbox::defaultPath(const QUrl &server, const QString &user, const QString &instance)
{
    const QString base = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    const int defaultPort = server.scheme() == QLatin1String("https") ? 443 : 80;
    const QString hostPort =
        QStringLiteral("%1_%2")
            .arg(server.host().isEmpty() ? QStringLiteral("local") : server.host())
            .arg(server.port(defaultPort));
    return QDir(base).filePath(
        QStringLiteral("outbox/%1/%2.sqlite")
            .arg(ServerIdentity::folderName(instance, safeFileName(hostPort)), safeFileName(user)));
}

void Outbox::open(const QString &path)
{
    if (m_opening || m_loaded) {
        qWarning("Outbox::open: already open");
        return;
    }
    m_opening = true;
    m_store->open(path);
}

void Outbox::setBackoff(int baseMs, int capMs)
{
    m_backoffBaseMs = qMax(1, baseMs);
    m_backoffCapMs = qMax(m_backoffBaseMs, capMs);
}

void Outbox::onOpened(bool ok, const QList<OutboxEntry> &entries, const QString &error)
{
    m_opening = false;
    m_loaded = true;
    if (!ok)
        qWarning("outbox: %s — actions are kept in memory only", qPrintable(error));
    m_entries.clear();
    m_failed.clear();
    for (const OutboxEntry &e : entries) {
        m_lastId = qMax(m_lastId, e.id);
        if (e.isFailed())
            m_failed.append(e);
        else
            m_entries.append(e);
    }
    // What refers to a creation that failed (in an earlier session) fails with it, in words.
    for (const OutboxEntry &e : std::as_const(m_failed)) {
        if (e.createsObject())
            m_failedCreates.insert(e.createdLocalId(), dependencyReason(e));
    }
    // Any coalesced entry may have been in flight when the last session ended. Of two for one
    // target (one was in flight, one waited behind it), the latest holds what the user wants.
    OutboxBatch cleanup;
    for (qsizetype i = m_entries.size() - 1; i >= 0; --i) {
        const OutboxEntry &e = m_entries.at(i);
        if (!e.isCoalesced())
            continue;
        m_uncertain.insert(e.id);
        const qsizetype later = indexOfSibling(e);
        if (later > i) {
            LikeCoalescer::makeUncertain(m_entries[later]);
            cleanup.upserts.append(m_entries.at(later));
            cleanup.removals.append(e.id);
            m_entries.removeAt(i);
        }
    }
    write(cleanup);
    const auto deferred = std::exchange(m_deferred, {});
    for (const auto &action : deferred)
        action();
    countChanged();
    emit opened(ok, error);
    if (!ok)
        emit storageError(error);
    schedule();
}

void Outbox::whenLoaded(std::function<void()> action)
{
    if (m_loaded)
        action();
    else
        m_deferred.append(std::move(action));
}

qint64 Outbox::allocateId()
{
    // Unique across restarts without reading the file first: the clock in µs-sized steps (below
    // 2^53 until the year 2255, so that -id is a valid JSON id), never less than the last + 1.
    m_lastId = qMax(m_lastId + 1, nowMs() * 1000);
    return m_lastId;
}

OutboxEntry Outbox::makeEntry(Kind kind, qint64 id, const QString &target) const
{
    OutboxEntry e;
    e.id = id;
    e.kind = kind;
    e.description = target;
    e.idempotencyKey = QUuid::createUuid().toString(QUuid::WithoutBraces);
    e.createdAt = nowMs();
    return e;
}

void Outbox::applyResolvedIds(OutboxEntry &entry) const
{
    for (const qint64 local : entry.localRefs()) {
        const auto it = m_resolved.constFind(local);
        if (it != m_resolved.cend())
            entry.rewriteRef(local, it.value());
    }
}

void Outbox::enqueue(const OutboxEntry &entry, const QList<OutboxFile> &files)
{
    OutboxEntry e = entry;
    applyResolvedIds(e);
    OutboxBatch batch;
    batch.files = files;
    // Deleting a post or comment makes a pending like (or vote) on it moot: it goes with it,
    // rather than failing later with "was deleted".
    const Kind moot = e.kind == Kind::DeletePost      ? Kind::PostLike
                      : e.kind == Kind::DeleteComment ? Kind::CommentVote
                                                      : e.kind;
    if (moot != e.kind) {
        for (qsizetype i = m_entries.size() - 1; i >= 0; --i) {
            const OutboxEntry &p = m_entries.at(i);
            if (p.kind == moot && p.targetId == e.targetId && p.id != m_inFlightId) {
                batch.removals.append(p.id);
                m_uncertain.remove(p.id);
                m_entries.removeAt(i);
            }
        }
    }
    m_entries.append(e);
    batch.upserts.append(e);
    write(batch, {e.id});
    countChanged();
    schedule();
}

void Outbox::write(const OutboxBatch &batch, const QList<qint64> &announce)
{
    write(batch, announce, WriteInfo());
}

void Outbox::write(const OutboxBatch &batch, const QList<qint64> &announce, const WriteInfo &toggle)
{
    if (batch.upserts.isEmpty() && batch.removals.isEmpty() && !toggle.toggle)
        return;
    OutboxBatch b = batch;
    b.ticket = ++m_nextTicket;
    WriteInfo info = toggle;
    info.upserted.clear();
    info.announce = announce;
    for (const OutboxEntry &e : b.upserts) {
        m_unsaved.insert(e.id, b.ticket);
        info.upserted.append(e.id);
    }
    m_writes.insert(b.ticket, info);
    m_store->apply(b);
    if (!b.upserts.isEmpty() || !b.removals.isEmpty())
        notifyChanged();
}

void Outbox::onApplied(quint64 ticket, bool ok, const QString &error)
{
    const WriteInfo info = m_writes.take(ticket);
    for (const qint64 id : info.upserted) {
        const auto it = m_unsaved.constFind(id);
        if (it != m_unsaved.cend() && it.value() == ticket)
            m_unsaved.erase(it);
    }
    if (!ok)
        emit storageError(error);
    if (ok) {
        for (const qint64 id : info.announce) {
            if (indexOf(id) >= 0)
                emit persisted(id);
        }
        if (info.toggle)
            emit toggleSaved(info.kind, info.targetId, info.desired);
    }
    schedule();
}

// --- Actions ---------------------------------------------------------------------------------

void Outbox::toggle(Kind kind, qint64 targetId, int baseline, int desired, const QString &target,
                    int delayMs)
{
    whenLoaded([=, this] {
        OutboxEntry fresh = makeEntry(kind, allocateId(), target);
        fresh.targetId = targetId;
        applyResolvedIds(fresh);
        std::optional<OutboxEntry> inFlight;
        if (m_inFlightId != 0 && m_inFlightEntry.kind == kind &&
            m_inFlightEntry.targetId == fresh.targetId)
            inFlight = m_inFlightEntry;
        const std::optional<OutboxEntry> pending = pendingToggle(kind, fresh.targetId);
        const bool uncertain = pending && m_uncertain.contains(pending->id);
        const auto decision = LikeCoalescer::decide(pending, uncertain, inFlight, baseline, desired,
                                                    target, nowMs() + delayMs, fresh);
        WriteInfo note;
        note.toggle = true;
        note.kind = kind;
        note.targetId = fresh.targetId;
        note.desired = desired;
        switch (decision.action) {
        case LikeCoalescer::Decision::Action::Nothing:
            write({}, {}, note); // toggleSaved() after the writes before it
            return;
        case LikeCoalescer::Decision::Action::Drop: {
            const qsizetype i = indexOf(decision.entry.id);
            if (i >= 0)
                m_entries.removeAt(i);
            write({{}, {decision.entry.id}, 0}, {}, note);
            countChanged();
            schedule();
            return;
        }
        case LikeCoalescer::Decision::Action::Write: {
            const qsizetype i = indexOf(decision.entry.id);
            if (i >= 0)
                m_entries[i] = decision.entry;
            else
                m_entries.append(decision.entry);
            write({{decision.entry}, {}, 0}, {decision.entry.id}, note);
            countChanged();
            schedule();
            return;
        }
        }
    });
}

void Outbox::togglePostLike(qint64 postId, bool serverLiked, bool desired, const QString &target)
{
    toggle(Kind::PostLike, postId, serverLiked ? 1 : 0, desired ? 1 : 0, target, m_likes.delayMs());
}

void Outbox::setCommentVote(qint64 commentId, int serverVote, int desiredVote,
                            const QString &target)
{
    toggle(Kind::CommentVote, commentId, qBound(-1, serverVote, 1), qBound(-1, desiredVote, 1),
           target, m_likes.delayMs());
}

void Outbox::setFollow(qint64 uid, bool serverFollowing, bool desired, const QString &target)
{
    // Follows are coalesced too (one entry per person), but sent without the like delay.
    toggle(Kind::Follow, uid, serverFollowing ? 1 : 0, desired ? 1 : 0, target, 0);
}

qint64 Outbox::createComment(qint64 postId, const QString &content, qint64 parentId,
                             const QString &target)
{
    const qint64 id = allocateId();
    whenLoaded([=, this] {
        OutboxEntry e = makeEntry(Kind::CreateComment, id, target);
        e.postId = postId;
        e.parentId = parentId;
        e.payload.insert(QStringLiteral("content"), content);
        enqueue(e);
    });
    return -id;
}

qint64 Outbox::deleteComment(qint64 commentId, const QString &target)
{
    return queueOn(Kind::DeleteComment, commentId, target);
}

qint64 Outbox::createPost(const NewPost &post, const QString &target)
{
    const qint64 id = allocateId();
    const QJsonObject body = parseObject(encodeNewPost(post));
    whenLoaded([=, this] {
        OutboxEntry e = makeEntry(Kind::CreatePost, id, target);
        e.payload = body;
        enqueue(e);
    });
    return -id;
}

qint64 Outbox::createPostWithPictures(const NewPost &post, const QStringList &localImagePaths,
                                      const QString &target, QString *error)
{
    QString why;
    if (post.pictureUrls.size() + localImagePaths.size() > kMaxPictures)
        why = tr("A post can have at most %1 pictures").arg(kMaxPictures);
    QList<PictureFile> pictures;
    for (qsizetype i = 0; why.isEmpty() && i < localImagePaths.size(); ++i) {
        const int number = int(post.pictureUrls.size() + i + 1);
        if (auto picture = readPicture(localImagePaths.at(i), number, &why))
            pictures.append(std::move(*picture));
    }
    if (!why.isEmpty()) {
        if (error)
            *error = why;
        return 0;
    }
    if (error)
        error->clear();

    const qint64 id = allocateId();
    NewPost withPictures = post;
    if (!withPictures.category && !pictures.isEmpty())
        withPictures.category = Post::Category::Picture;
    const QJsonObject body = parseObject(encodeNewPost(withPictures));
    QList<OutboxEntry::LocalPicture> locals;
    QList<OutboxFile> files;
    for (qsizetype i = 0; i < pictures.size(); ++i) {
        const PictureFile &p = pictures.at(i);
        const QString file = QStringLiteral("%1-%2.%3").arg(id).arg(i + 1).arg(p.extension);
        locals.append({file, p.mime, QUuid::createUuid().toString(QUuid::WithoutBraces), {}});
        files.append({file, p.data});
    }
    whenLoaded([=, this] {
        OutboxEntry e = makeEntry(Kind::CreatePost, id, target);
        e.payload = body;
        e.setLocalPictures(locals);
        enqueue(e, files);
    });
    return -id;
}

qint64 Outbox::deletePost(qint64 postId, const QString &target)
{
    return queueOn(Kind::DeletePost, postId, target);
}

qint64 Outbox::report(const NewReport &report, const QString &target)
{
    const qint64 id = allocateId();
    const QJsonObject body = parseObject(encodeNewReport(report));
    whenLoaded([=, this] {
        OutboxEntry e = makeEntry(Kind::Report, id, target);
        e.targetId = report.targetId;
        e.payload = body;
        enqueue(e);
    });
    return id;
}

namespace {
QJsonObject reasonBody(const QString &reason)
{
    QJsonObject body;
    if (!reason.isEmpty())
        body.insert(QStringLiteral("reason"), reason);
    return body;
}
} // namespace

qint64 Outbox::queueOn(Kind kind, qint64 targetId, const QString &target,
                       const QJsonObject &payload)
{
    const qint64 id = allocateId();
    whenLoaded([=, this] {
        OutboxEntry e = makeEntry(kind, id, target);
        e.targetId = targetId;
        e.payload = payload;
        enqueue(e);
    });
    return id;
}

qint64 Outbox::hideComment(qint64 commentId, const QString &reason, const QString &target)
{
    return queueOn(Kind::HideComment, commentId, target, reasonBody(reason));
}

qint64 Outbox::unhideComment(qint64 commentId, const QString &reason, const QString &target)
{
    return queueOn(Kind::UnhideComment, commentId, target, reasonBody(reason));
}

qint64 Outbox::hidePost(qint64 postId, const QString &reason, const QString &target)
{
    return queueOn(Kind::HidePost, postId, target, reasonBody(reason));
}

qint64 Outbox::unhidePost(qint64 postId, const QString &reason, const QString &target)
{
    return queueOn(Kind::UnhidePost, postId, target, reasonBody(reason));
}

qint64 Outbox::dismissReport(qint64 itemId, const QString &reason, const QString &target)
{
    return queueOn(Kind::DismissReport, itemId, target, reasonBody(reason));
}

// --- State -----------------------------------------------------------------------------------

qsizetype Outbox::indexOf(qint64 id) const
{
    for (qsizetype i = 0; i < m_entries.size(); ++i) {
        if (m_entries.at(i).id == id)
            return i;
    }
    return -1;
}

std::optional<OutboxEntry> Outbox::entry(qint64 id) const
{
    if (const qsizetype i = indexOf(id); i >= 0)
        return m_entries.at(i);
    if (const qsizetype i = indexOfFailed(id); i >= 0)
        return m_failed.at(i);
    return std::nullopt;
}

qsizetype Outbox::indexOfFailed(qint64 id) const
{
    for (qsizetype i = 0; i < m_failed.size(); ++i) {
        if (m_failed.at(i).id == id)
            return i;
    }
    return -1;
}

bool Outbox::isOffline() const
{
    return m_api && m_api->isOffline();
}

void Outbox::insertInOrder(QList<OutboxEntry> &list, const OutboxEntry &entry)
{
    const auto at = std::find_if(list.begin(), list.end(),
                                 [&](const OutboxEntry &e) { return e.id > entry.id; });
    list.insert(at, entry);
}

void Outbox::notifyChanged()
{
    if (m_changeQueued)
        return;
    m_changeQueued = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_changeQueued = false;
            emit entriesChanged();
        },
        Qt::QueuedConnection);
}

std::optional<OutboxEntry> Outbox::pendingToggle(Kind kind, qint64 targetId) const
{
    for (qsizetype i = m_entries.size() - 1; i >= 0; --i) {
        const OutboxEntry &e = m_entries.at(i);
        if (e.kind == kind && e.targetId == targetId && e.id != m_inFlightId)
            return e;
    }
    return std::nullopt;
}

qsizetype Outbox::indexOfSibling(const OutboxEntry &entry) const
{
    if (!entry.isCoalesced())
        return -1;
    for (qsizetype i = m_entries.size() - 1; i >= 0; --i) {
        const OutboxEntry &e = m_entries.at(i);
        if (e.kind == entry.kind && e.targetId == entry.targetId && e.id != entry.id)
            return i;
    }
    return -1;
}

bool Outbox::supersede(const OutboxEntry &entry)
{
    const qsizetype later = indexOfSibling(entry);
    if (later < 0)
        return false;
    // The newer entry was made believing this one would be applied; now nobody knows.
    OutboxEntry &next = m_entries[later];
    LikeCoalescer::makeUncertain(next);
    m_uncertain.insert(next.id);
    OutboxBatch batch;
    batch.upserts.append(next);
    batch.removals.append(entry.id);
    m_entries.removeAt(indexOf(entry.id));
    m_uncertain.remove(entry.id);
    write(batch);
    countChanged();
    return true;
}

void Outbox::resume()
{
    m_paused = false;
    notifyChanged();
    schedule();
}

bool Outbox::retry(qint64 id)
{
    if (id == 0 || id == m_inFlightId)
        return false;
    if (const qsizetype i = indexOf(id); i >= 0) {
        // Waiting (a backoff, the like delay, the whole queue's wait): now.
        OutboxEntry &e = m_entries[i];
        e.notBefore = 0;
        e.nextAttemptAt = 0;
        m_gateUntil = 0;
        write({{e}, {}, 0});
        schedule();
        return true;
    }
    if (indexOfFailed(id) < 0)
        return false;
    // The entry, the failed creations it refers to and what failed with them, transitively.
    QSet<qint64> ids{id};
    QList<qint64> todo{id};
    while (!todo.isEmpty()) {
        const OutboxEntry e = m_failed.at(indexOfFailed(todo.takeLast()));
        const QList<qint64> refs = e.localRefs();
        for (const OutboxEntry &d : std::as_const(m_failed)) {
            if (ids.contains(d.id))
                continue;
            const bool dependsOn = d.createsObject() && refs.contains(d.createdLocalId());
            const bool dependent = e.createsObject() && d.localRefs().contains(e.createdLocalId());
            if (dependsOn || dependent) {
                ids.insert(d.id);
                todo.append(d.id);
            }
        }
    }
    OutboxBatch batch;
    QList<OutboxEntry> again;
    for (qsizetype i = 0; i < m_failed.size();) {
        OutboxEntry e = m_failed.at(i);
        if (!ids.contains(e.id)) {
            ++i;
            continue;
        }
        m_failed.removeAt(i);
        const bool superseded =
            e.isCoalesced() && (pendingToggle(e.kind, e.targetId) ||
                                (m_inFlightId != 0 && m_inFlightEntry.kind == e.kind &&
                                 m_inFlightEntry.targetId == e.targetId));
        if (superseded) { // a newer toggle of the same target holds what the user wants
            batch.removals.append(e.id);
            batch.fileRemovals += e.localFiles();
            continue;
        }
        e.failure.clear();
        e.notBefore = 0;
        e.nextAttemptAt = 0;
        e.attempts = 0;
        e.lastError.clear();
        e.lastErrorText.clear();
        if (e.createsObject())
            m_failedCreates.remove(e.createdLocalId());
        insertInOrder(m_entries, e);
        batch.upserts.append(e);
        again.append(e);
    }
    write(batch);
    countChanged();
    for (const OutboxEntry &e : std::as_const(again))
        emit requeued(e);
    schedule();
    return true;
}

bool Outbox::discard(qint64 id)
{
    if (id == 0 || id == m_inFlightId || (indexOf(id) < 0 && indexOfFailed(id) < 0))
        return false;
    // The entry and what depends on what it creates, transitively.
    QSet<qint64> ids{id};
    QList<qint64> todo{id};
    while (!todo.isEmpty()) {
        const std::optional<OutboxEntry> e = entry(todo.takeLast());
        if (!e || !e->createsObject())
            continue;
        for (const QList<OutboxEntry> *list : {&m_entries, &m_failed}) {
            for (const OutboxEntry &d : *list) {
                if (!ids.contains(d.id) && d.localRefs().contains(e->createdLocalId())) {
                    if (d.id == m_inFlightId)
                        return false;
                    ids.insert(d.id);
                    todo.append(d.id);
                }
            }
        }
    }
    removeEntries(ids);
    return true;
}

int Outbox::discardAllFailed()
{
    const int before = pendingCount() + failedCount();
    const QList<OutboxEntry> failed = m_failed;
    for (const OutboxEntry &e : failed) {
        if (indexOfFailed(e.id) >= 0)
            discard(e.id);
    }
    return before - pendingCount() - failedCount();
}

void Outbox::removeEntries(const QSet<qint64> &ids)
{
    OutboxBatch batch;
    QList<OutboxEntry> removed;
    for (QList<OutboxEntry> *list : {&m_entries, &m_failed}) {
        for (qsizetype i = list->size() - 1; i >= 0; --i) {
            const OutboxEntry e = list->at(i);
            if (!ids.contains(e.id))
                continue;
            list->removeAt(i);
            m_uncertain.remove(e.id);
            m_summaryWaitFor.remove(e.id);
            batch.removals.append(e.id);
            batch.fileRemovals += e.localFiles();
            if (e.createsObject())
                m_failedCreates.insert(e.createdLocalId(), dependencyReason(e));
            removed.append(e);
        }
    }
    std::sort(removed.begin(), removed.end(),
              [](const OutboxEntry &a, const OutboxEntry &b) { return a.id < b.id; });
    write(batch);
    countChanged();
    for (const OutboxEntry &e : std::as_const(removed))
        emit discarded(e);
    schedule();
}

void Outbox::retryNow()
{
    m_gateUntil = 0;
    OutboxBatch batch;
    for (OutboxEntry &e : m_entries) {
        if (e.nextAttemptAt != 0 && e.id != m_inFlightId) {
            e.nextAttemptAt = 0;
            batch.upserts.append(e);
        }
    }
    write(batch);
    schedule();
}

void Outbox::countChanged()
{
    notifyChanged();
    if (const int failed = failedCount(); failed != m_lastFailedCount) {
        m_lastFailedCount = failed;
        emit failedCountChanged(failed);
    }
    const int count = pendingCount();
    if (count == m_lastCount)
        return;
    m_lastCount = count;
    emit pendingCountChanged(count);
}

void Outbox::onOfflineChanged(bool offline)
{
    notifyChanged();
    if (offline) {
        if (!m_entries.isEmpty())
            m_offlinePeriod = true;
        m_timer->stop();
        return;
    }
    if (m_offlinePeriod) {
        if (!m_summaryDue)
            m_summarySaved = 0;
        m_summaryDue = true;
        for (const OutboxEntry &e : std::as_const(m_entries))
            m_summaryWaitFor.insert(e.id);
    }
    retryNow(); // back online: forget the backoffs of the offline time
}

// --- Sending ---------------------------------------------------------------------------------

void Outbox::schedule()
{
    if (m_pumpQueued)
        return;
    m_pumpQueued = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_pumpQueued = false;
            pump();
        },
        Qt::QueuedConnection);
}

void Outbox::pump()
{
    if (!m_loaded || m_inFlightId != 0 || !m_api)
        return;
    if (m_api->isOffline()) {
        if (!m_entries.isEmpty())
            m_offlinePeriod = true;
        m_timer->stop();
        return;
    }
    if (m_paused) {
        m_timer->stop();
        maybeSummarize();
        return;
    }
    const qint64 now = nowMs();
    if (m_gateUntil > now) {
        m_timer->start(int(qMin<qint64>(m_gateUntil - now + 1, std::numeric_limits<int>::max())));
        return;
    }
    m_gateUntil = 0;

    QSet<qint64> pendingCreates;
    for (const OutboxEntry &e : m_entries) {
        if (e.createsObject())
            pendingCreates.insert(e.createdLocalId());
    }
    QList<QPair<OutboxEntry, QString>> orphans;
    qint64 nextWake = std::numeric_limits<qint64>::max();
    for (qsizetype i = 0; i < m_entries.size(); ++i) {
        bool blocked = false;
        for (const qint64 ref : m_entries.at(i).localRefs()) {
            if (pendingCreates.contains(ref)) {
                blocked = true;
                break;
            }
            if (m_resolved.contains(ref)) { // created meanwhile: name the server's id
                m_entries[i].rewriteRef(ref, m_resolved.value(ref));
                write({{m_entries.at(i)}, {}, 0});
                continue;
            }
            const OutboxEntry &e = m_entries.at(i);
            // Refers to a local id whose creation is gone and was never resolved here: it
            // failed (this session or before), so this entry cannot be done either.
            orphans.append({e, sentence(e, m_failedCreates.value(
                                               ref, tr("what it refers to could not be saved")))});
            blocked = true;
            break;
        }
        if (blocked)
            continue;
        const OutboxEntry &e = m_entries.at(i);
        // Strictly after its time: with millisecond clocks, "due at T" never fires before T.
        const qint64 due = e.dueAt();
        if (due >= now) {
            nextWake = qMin(nextWake, due);
            continue;
        }
        // Due, but its latest change (its creation, an id rewritten when what it refers to was
        // created, a picture's URL) is not committed yet: it goes first once it is — a later
        // entry must not overtake it (a post's deletion before the deletion of its comment).
        if (m_unsaved.contains(e.id))
            return; // onApplied() pumps again
        send(e);
        return;
    }
    if (!orphans.isEmpty()) {
        failEntries(orphans);
        schedule();
        return;
    }
    if (nextWake != std::numeric_limits<qint64>::max())
        m_timer->start(int(qMin<qint64>(nextWake - now + 1, std::numeric_limits<int>::max())));
    else
        m_timer->stop();
    maybeSummarize();
}

void Outbox::send(OutboxEntry entry)
{
    m_inFlightId = entry.id;
    m_inFlightEntry = entry;
    m_inFlightPicture = -1;
    if (entry.isCoalesced())
        m_uncertain.insert(entry.id);
    m_timer->stop();
    if (entry.kind == Kind::CreatePost) {
        const int picture = entry.nextPictureToUpload();
        if (picture >= 0) {
            // A picture first: its bytes come from the store's thread (onFileRead()), then the
            // upload leaves.
            m_inFlightPicture = picture;
            m_readTicket = ++m_nextTicket;
            m_store->readFile(entry.localPictures().at(picture).file, m_readTicket);
            return;
        }
    }
    const Request req = requestFor(entry);
    RequestOptions options;
    if (req.keyed)
        options.idempotencyKey = entry.idempotencyKey.toLatin1();
    dispatch(entry, req.method, req.path, req.body, options);
}

void Outbox::onFileRead(quint64 ticket, bool ok, const QByteArray &data, const QString &error)
{
    if (ticket == 0 || ticket != m_readTicket)
        return;
    m_readTicket = 0;
    const int picture = m_inFlightPicture;
    const qsizetype index = indexOf(m_inFlightId);
    const QList<OutboxEntry::LocalPicture> pictures =
        index >= 0 ? m_entries.at(index).localPictures() : QList<OutboxEntry::LocalPicture>();
    if (picture < 0 || picture >= pictures.size()) { // gone meanwhile
        m_inFlightId = 0;
        m_inFlightPicture = -1;
        schedule();
        return;
    }
    const OutboxEntry entry = m_entries.at(index);
    if (!ok) {
        // The copy is gone (deleted by someone, a broken disk): it cannot come back.
        qWarning("outbox: picture %d of entry %lld: %s", picture + 1, entry.id, qPrintable(error));
        m_inFlightId = 0;
        m_inFlightPicture = -1;
        failEntries({{entry, publishSentence(tr("picture %1 was lost before it could be uploaded")
                                                 .arg(pictureNumber(entry, picture)))}});
        schedule();
        return;
    }
    RequestOptions options;
    options.idempotencyKey = pictures.at(picture).idempotencyKey.toLatin1();
    options.contentType = pictures.at(picture).mime.toLatin1();
    dispatch(entry, "POST", QStringLiteral("/api/v1/media"), data, options);
}

void Outbox::dispatch(const OutboxEntry &entry, const QByteArray &method, const QString &path,
                      const QByteArray &body, const RequestOptions &requestOptions)
{
    notifyChanged();
    emit sent(entry);
    if (m_inFlightId != entry.id || !m_api)
        return; // a slot of sent() changed everything (e.g. destroyed the client)
    RequestOptions options = requestOptions;
    options.retry = false;
    options.timeoutMs = m_requestTimeoutMs;
    m_inFlight = m_api->request(method, path, body, this, options);
    connect(m_inFlight, &ApiReply::finished, this, &Outbox::onReplyFinished);
}

void Outbox::onReplyFinished()
{
    ApiReply *reply = m_inFlight;
    if (!reply || sender() != reply)
        return;
    m_inFlight = nullptr;
    notifyChanged();
    const qint64 id = std::exchange(m_inFlightId, 0);
    const int picture = std::exchange(m_inFlightPicture, -1);
    const qsizetype index = indexOf(id);
    if (index < 0) {
        schedule();
        return;
    }
    const OutboxEntry entry = m_entries.at(index);
    if (picture >= 0) {
        onUploadFinished(entry, picture, reply);
        schedule();
        return;
    }
    const ApiError error = reply->error();

    if (reply->ok()) {
        QJsonObject answer;
        if (expectsBody(entry.kind)) {
            const QJsonDocument doc = reply->json();
            if (!doc.isObject()) {
                retryLater(entry, ApiError::decode(QStringLiteral("the answer is not a JSON "
                                                                  "object")));
                schedule();
                return;
            }
            answer = doc.object();
            if (entry.createsObject() && answer.value(QLatin1String("id")).toInteger() <= 0) {
                retryLater(entry, ApiError::decode(QStringLiteral("the answer has no id")));
                schedule();
                return;
            }
        }
        // A second report of the same target answers 200 with the first (201: a new one).
        if (entry.kind == Kind::Report && reply->status() == 200)
            answer.insert(QStringLiteral("alreadyReported"), true);
        succeed(entry, answer);
    } else if (error.isPermanent() && error.kind != ApiError::Kind::Decode) {
        const QString message = failureMessage(entry, error);
        supersede(entry);
        failEntries({{entry, message}});
    } else if (supersede(entry)) {
        // A newer toggle of the same target was waiting: it goes instead (whatever went wrong).
    } else if (error.kind == ApiError::Kind::Offline || error.kind == ApiError::Kind::Cancelled) {
        // Not an attempt: it stays as it is and goes when we are online again.
    } else if (error.isAuth()) {
        m_paused = true;
        notifyChanged();
        emit authRequired();
    } else {
        // Transient (network, timeout, 5xx, 429), TLS, or an answer we could not read.
        retryLater(entry, error);
    }
    schedule();
}

void Outbox::onUploadFinished(const OutboxEntry &entry, int index, ApiReply *reply)
{
    const ApiError error = reply->error();
    if (reply->ok()) {
        const QString url = reply->json().object().value(QLatin1String("url")).toString();
        if (url.isEmpty()) {
            retryLater(entry, ApiError::decode(QStringLiteral("the answer has no url")));
            return;
        }
        OutboxEntry &e = m_entries[indexOf(entry.id)];
        QList<OutboxEntry::LocalPicture> pictures = e.localPictures();
        if (index >= pictures.size())
            return;
        pictures[index].url = url;
        e.setLocalPictures(pictures);
        // Progress: the next step starts its backoff afresh. It leaves only once this is
        // committed (pump() waits for unsaved entries), so that a crash never loses a URL
        // the next request relies on.
        e.attempts = 0;
        e.nextAttemptAt = 0;
        e.lastError.clear();
        e.lastErrorText.clear();
        const OutboxEntry copy = e;
        write({{copy}, {}, 0});
        emit pictureUploaded(copy.id, index, url);
    } else if (error.isPermanent() && error.kind != ApiError::Kind::Decode) {
        failEntries({{entry, publishSentence(pictureReason(pictureNumber(entry, index), error))}});
    } else if (error.kind == ApiError::Kind::Offline || error.kind == ApiError::Kind::Cancelled) {
        // Not an attempt: it goes when we are online again.
    } else if (error.isAuth()) {
        m_paused = true;
        notifyChanged();
        emit authRequired();
    } else {
        retryLater(entry, error);
    }
}

void Outbox::succeed(const OutboxEntry &entry, const QJsonObject &answer)
{
    if (const auto next = LikeCoalescer::nextStep(entry)) {
        // Half done (the like is gone, the oppose next) — unless a newer toggle took over.
        if (indexOfSibling(entry) >= 0) {
            supersede(entry);
        } else {
            m_entries[indexOf(entry.id)] = *next;
            write({{*next}, {}, 0});
        }
        return;
    }
    m_entries.removeAt(indexOf(entry.id));
    m_uncertain.remove(entry.id);
    OutboxBatch batch;
    batch.removals.append(entry.id);
    batch.fileRemovals = entry.localFiles(); // published: its pictures are the server's now
    qint64 local = 0;
    qint64 serverId = 0;
    if (entry.createsObject()) {
        local = entry.createdLocalId();
        serverId = answer.value(QLatin1String("id")).toInteger();
        m_resolved.insert(local, serverId);
        for (OutboxEntry &e : m_entries) {
            if (e.rewriteRef(local, serverId))
                batch.upserts.append(e);
        }
    }
    // One transaction: the creation goes and its dependents name the server's id.
    write(batch);
    if (m_summaryDue)
        ++m_summarySaved;
    countChanged();
    if (local != 0)
        emit localIdResolved(local, serverId);
    emit completed(entry, answer);
}

void Outbox::retryLater(const OutboxEntry &entry, const ApiError &error)
{
    const qsizetype index = indexOf(entry.id);
    if (index < 0)
        return;
    OutboxEntry &e = m_entries[index];
    e.attempts += 1;
    // Full jitter: random(0, min(cap, base × 2^(attempts−1))).
    qint64 range = m_backoffBaseMs;
    for (int i = 1; i < e.attempts && range < m_backoffCapMs; ++i)
        range *= 2;
    range = qMin<qint64>(range, m_backoffCapMs);
    qint64 delay = qint64(m_rng.bounded(quint32(range) + 1));
    if (error.retryAfterSecs > 0)
        delay = qMax<qint64>(delay, qint64(error.retryAfterSecs) * 1000);
    e.nextAttemptAt = nowMs() + delay;
    e.lastError = error.toLogString();
    e.lastErrorText = error.describe();
    m_summaryWaitFor.remove(e.id); // tried: the summary need not wait for its retry
    if (error.kind == ApiError::Kind::Network || error.kind == ApiError::Kind::Timeout ||
        (error.kind == ApiError::Kind::Http && error.status == 429))
        m_gateUntil = e.nextAttemptAt; // the server is away or wants us to slow down
    const OutboxEntry copy = e;
    write({{copy}, {}, 0});
    emit retryScheduled(copy, error);
}

void Outbox::failEntries(const QList<QPair<OutboxEntry, QString>> &failures)
{
    QList<QPair<OutboxEntry, QString>> all = failures;
    QSet<qint64> removed;
    for (qsizetype i = 0; i < all.size(); ++i) {
        const OutboxEntry e = all.at(i).first;
        if (removed.contains(e.id))
            continue;
        removed.insert(e.id);
        if (!e.createsObject())
            continue;
        const qint64 local = e.createdLocalId();
        const QString why = dependencyReason(e);
        m_failedCreates.insert(local, why);
        for (const OutboxEntry &d : std::as_const(m_entries)) {
            if (!removed.contains(d.id) && d.localRefs().contains(local))
                all.append({d, sentence(d, why)});
        }
    }
    // Kept, durably, as failed (with their sentence and their pictures, for a retry), apart
    // from the queue.
    QHash<qint64, QString> messages;
    for (const auto &[e, message] : std::as_const(all)) {
        if (!messages.contains(e.id))
            messages.insert(e.id, message);
    }
    OutboxBatch batch;
    for (qsizetype i = m_entries.size() - 1; i >= 0; --i) {
        if (removed.contains(m_entries.at(i).id)) {
            OutboxEntry e = m_entries.takeAt(i);
            m_uncertain.remove(e.id);
            e.failure = messages.value(e.id);
            e.nextAttemptAt = 0;
            insertInOrder(m_failed, e);
            batch.upserts.append(e);
        }
    }
    write(batch);
    countChanged();
    QSet<qint64> told;
    for (const auto &[failedEntry, message] : std::as_const(all)) {
        if (told.contains(failedEntry.id))
            continue;
        told.insert(failedEntry.id);
        if (m_offlinePeriod || m_summaryDue)
            m_summary.append(message);
        OutboxEntry e = failedEntry;
        e.failure = message;
        emit failed(e, message);
    }
}

void Outbox::maybeSummarize()
{
    if (!m_summaryDue || m_inFlightId != 0 || (m_api && m_api->isOffline()))
        return;
    for (auto it = m_summaryWaitFor.begin(); it != m_summaryWaitFor.end();) {
        if (indexOf(*it) < 0)
            it = m_summaryWaitFor.erase(it);
        else
            ++it;
    }
    if (!m_summaryWaitFor.isEmpty() && !m_paused)
        return; // not everything has had its try yet
    m_summaryWaitFor.clear();
    m_summaryDue = false;
    m_offlinePeriod = false;
    const QStringList failures = std::exchange(m_summary, {});
    const int saved = std::exchange(m_summarySaved, 0);
    emit summaryReady(failures);
    emit replayFinished(saved, failures);
}

QString Outbox::replayReport(int saved, const QStringList &failures)
{
    const QString done = tr("%n change(s) saved", nullptr, saved);
    if (failures.isEmpty())
        return tr("%1.").arg(done);
    const QString notDone = tr("%n could not be", nullptr, int(failures.size()));
    return tr("%1; %2:").arg(done, notDone) + QLatin1Char('\n') + failures.join(QLatin1Char('\n'));
}

QString Outbox::failureMessage(const OutboxEntry &entry, const ApiError &error)
{
    return sentence(entry, reasonPhrase(entry, error));
}

} // namespace threadline::core
