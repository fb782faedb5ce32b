#include "jsoncodec.h"

#include <QLoggingCategory>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QLocale>
#include <QVariant>

#include <array>
#include <cmath>

namespace threadline::core {

using namespace Qt::StringLiterals;

namespace {

constexpr qsizetype kMaxDocumentBytes = CodecLimits::kMaxDocumentBytes;
constexpr int kMaxDepth = CodecLimits::kMaxDepth;
constexpr qsizetype kMaxArrayItems = CodecLimits::kMaxArrayItems;
constexpr qsizetype kMaxStringBytes = CodecLimits::kMaxStringBytes;
constexpr qint64 kMaxId = CodecLimits::kMaxId;
constexpr qsizetype kMaxLoggedChars = 300; // of one reason kept or logged

Q_LOGGING_CATEGORY(lcCodec, "threadline.codec", QtInfoMsg)

template<class T> bool keptNothing(const CursorPage<T> &p)
{
    return p.items.isEmpty();
}
bool keptNothing(const FloorPage &p)
{
    return p.roots.isEmpty() && p.replies.isEmpty();
}
bool keptNothing(const ReplyPage &p)
{
    return p.items.isEmpty();
}
bool keptNothing(const SyncPage &p)
{
    return p.changes.isEmpty();
}

// A page decoded with items left out: counted and logged with their paths (the first few). A
// page of which not one item could be read is not a page: its first reason is the error.
template<class Page> Result<Page> noteSkipped(Result<Page> page, const char *what)
{
    if (page.ok() && !page->skipped.isEmpty() && keptNothing(*page)) {
        const QString first = page->skipped.constFirst();
        const qsizetype colon = first.indexOf(u": "_s);
        page = colon < 0 ? DecodeError{QString(), first}
                         : DecodeError{first.left(colon), first.mid(colon + 2)};
    }
    if (!page.ok()) {
        QString why = page.error().toString();
        if (why.size() > kMaxLoggedChars)
            why = why.left(kMaxLoggedChars) + u'…';
        qCWarning(lcCodec, "%s could not be read: %s", what, qPrintable(why));
    } else if (!page->skipped.isEmpty()) {
        const QStringList &s = page->skipped;
        qCWarning(lcCodec, "%s: %d item(s) could not be read and were left out: %s%s", what,
                  int(s.size()), qPrintable(s.mid(0, 3).join(u"; "_s)), s.size() > 3 ? " …" : "");
    }
    return page;
}

// ---------------------------------------------------------------------------------------------
// Paths: a chain of stack nodes, turned into "comments[2].author.uid" only when an error needs it.

struct Path
{
    const Path *parent = nullptr;
    QLatin1StringView key;
    qsizetype index = -1;

    [[nodiscard]] Path operator/(QLatin1StringView k) const { return {this, k, -1}; }
    [[nodiscard]] Path operator[](qsizetype i) const { return {this, {}, i}; }

    void appendTo(QString &out) const
    {
        if (parent)
            parent->appendTo(out);
        if (index >= 0) {
            out += u'[' + QString::number(index) + u']';
        } else if (!key.isEmpty()) {
            if (!out.isEmpty())
                out += u'.';
            out += key;
        }
    }
    [[nodiscard]] QString toString() const
    {
        QString s;
        appendTo(s);
        return s;
    }
};

bool fail(DecodeError &err, const Path &path, QString message)
{
    err = DecodeError{path.toString(), std::move(message)};
    return false;
}

// "null", "true", "the number 1.5", "the string \"abc\"", "an array", "an object".
QString describe(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return u"null"_s;
    case QJsonValue::Bool:
        return v.toBool() ? u"true"_s : u"false"_s;
    case QJsonValue::Double: {
        const QVariant n = v.toVariant();
        if (n.typeId() == QMetaType::LongLong)
            return u"the number "_s + QString::number(n.toLongLong());
        return u"the number "_s +
               QString::number(v.toDouble(), 'g', QLocale::FloatingPointShortest);
    }
    case QJsonValue::String: {
        constexpr qsizetype kPreview = 40;
        const QString s = v.toString();
        if (s.size() <= kPreview)
            return u"the string \""_s + s + u'"';
        return u"the string \""_s + s.left(kPreview) + u"…\" ("_s + QString::number(s.size()) +
               u" characters)"_s;
    }
    case QJsonValue::Array:
        return u"an array"_s;
    case QJsonValue::Object:
        return u"an object"_s;
    case QJsonValue::Undefined:
        break;
    }
    return u"nothing"_s;
}

// ---------------------------------------------------------------------------------------------
// Value readers: bool read(const QJsonValue &, const Path &, T &out, DecodeError &). They write
// `out` only on success; the callers throw away what they built when one fails.

bool readIntegerIn(const QJsonValue &v, const Path &p, qint64 &out, DecodeError &err, qint64 min,
                   qint64 max, QLatin1StringView what)
{
    if (v.isDouble()) {
        // Every integer the contract allows is exact in a double (|n| < 2^53), so range and
        // integrality are checked on the double; 1.5, 1e300, 2^53 and NaN fail here.
        const double d = v.toDouble();
        if (std::isfinite(d) && std::trunc(d) == d && d >= double(min) && d <= double(max)) {
            out = static_cast<qint64>(d);
            return true;
        }
    }
    return fail(err, p, u"expected "_s + what + u", got "_s + describe(v));
}

bool readId(const QJsonValue &v, const Path &p, qint64 &out, DecodeError &err)
{
    return readIntegerIn(v, p, out, err, 1, kMaxId, "an integer id in 1..2^53-1"_L1);
}

// An id where 0 means "none" (rootId, parentId, a log entry's targetId).
bool readRefId(const QJsonValue &v, const Path &p, qint64 &out, DecodeError &err)
{
    return readIntegerIn(v, p, out, err, 0, kMaxId, "an integer id in 0..2^53-1"_L1);
}

bool readCount(const QJsonValue &v, const Path &p, qint64 &out, DecodeError &err)
{
    return readIntegerIn(v, p, out, err, 0, kMaxId, "a non-negative integer"_L1);
}

bool readTime(const QJsonValue &v, const Path &p, qint64 &out, DecodeError &err)
{
    return readIntegerIn(v, p, out, err, 0, kMaxId,
                         "a time in milliseconds (a non-negative integer)"_L1);
}

bool readSigned(const QJsonValue &v, const Path &p, qint64 &out, DecodeError &err)
{
    return readIntegerIn(v, p, out, err, -kMaxId, kMaxId, "an integer"_L1);
}

bool readDayOfMonth(const QJsonValue &v, const Path &p, int &out, DecodeError &err)
{
    qint64 day = 0;
    if (!readIntegerIn(v, p, day, err, 1, 31, "a day of the month (1..31)"_L1))
        return false;
    out = int(day);
    return true;
}

bool readBool(const QJsonValue &v, const Path &p, bool &out, DecodeError &err)
{
    if (!v.isBool())
        return fail(err, p, u"expected true or false, got "_s + describe(v));
    out = v.toBool();
    return true;
}

bool readString(const QJsonValue &v, const Path &p, QString &out, DecodeError &err)
{
    if (!v.isString())
        return fail(err, p, u"expected a string, got "_s + describe(v));
    QString s = v.toString();
    // For values that did not come through parseDocument (which already checked the bytes).
    if (s.size() > kMaxStringBytes / 3 && s.toUtf8().size() > kMaxStringBytes)
        return fail(err, p, u"string longer than 1 MiB"_s);
    // The parser rejects invalid UTF-8 but lets "\ud800" escapes through as lone surrogates.
    if (!s.isValidUtf16())
        return fail(err, p, u"string with an unpaired surrogate (\\uD800-\\uDFFF)"_s);
    out = std::move(s);
    return true;
}

bool readNonEmptyString(const QJsonValue &v, const Path &p, QString &out, DecodeError &err)
{
    QString s;
    if (!readString(v, p, s, err))
        return false;
    if (s.isEmpty())
        return fail(err, p, u"must not be empty"_s);
    out = std::move(s);
    return true;
}

bool readNumberIn(const QJsonValue &v, const Path &p, double &out, DecodeError &err, double min,
                  double max)
{
    const double d = v.toDouble();
    if (!v.isDouble() || !std::isfinite(d) || d < min || d > max) {
        return fail(err, p, u"expected a number in %1..%2, got "_s.arg(min).arg(max) + describe(v));
    }
    out = d;
    return true;
}

template<class E, std::size_t N> using EnumNames = std::array<std::pair<QLatin1StringView, E>, N>;

template<class E, std::size_t N>
bool readEnum(const QJsonValue &v, const Path &p, E &out, DecodeError &err,
              const EnumNames<E, N> &names)
{
    if (v.isString()) {
        const QString s = v.toString();
        for (const auto &[name, value] : names) {
            if (s == name) {
                out = value;
                return true;
            }
        }
    }
    QString expected;
    for (const auto &entry : names)
        expected += (expected.isEmpty() ? u"\""_s : u", \""_s) + entry.first + u'"';
    return fail(err, p, u"expected one of "_s + expected + u", got "_s + describe(v));
}

template<class E, std::size_t N> QString nameOf(E value, const EnumNames<E, N> &names)
{
    for (const auto &[name, v] : names) {
        if (v == value)
            return name;
    }
    return {};
}

constexpr EnumNames<Post::Category, 2> kCategories{{
    {"TEXT"_L1, Post::Category::Text},
    {"PICTURE"_L1, Post::Category::Picture},
}};
constexpr EnumNames<Comment::Status, 2> kCommentStatuses{{
    {"visible"_L1, Comment::Status::Visible},
    {"hidden"_L1, Comment::Status::Hidden},
}};
constexpr EnumNames<UserProfile::Role, 2> kRoles{{
    {"user"_L1, UserProfile::Role::User},
    {"moderator"_L1, UserProfile::Role::Moderator},
}};
// Reports and queue items are about posts and comments; log entries also about devices.
constexpr EnumNames<TargetType, 2> kContentTypes{{
    {"post"_L1, TargetType::Post},
    {"comment"_L1, TargetType::Comment},
}};
constexpr EnumNames<TargetType, 3> kLogTargetTypes{{
    {"post"_L1, TargetType::Post},
    {"comment"_L1, TargetType::Comment},
    {"device"_L1, TargetType::Device},
}};
constexpr EnumNames<Report::Reason, 4> kReasons{{
    {"spam"_L1, Report::Reason::Spam},
    {"abuse"_L1, Report::Reason::Abuse},
    {"illegal"_L1, Report::Reason::Illegal},
    {"other"_L1, Report::Reason::Other},
}};
constexpr EnumNames<QueueItem::Status, 2> kQueueStatuses{{
    {"open"_L1, QueueItem::Status::Open},
    {"closed"_L1, QueueItem::Status::Closed},
}};
constexpr EnumNames<LogEntry::Action, 5> kActions{{
    {"hide"_L1, LogEntry::Action::Hide},
    {"unhide"_L1, LogEntry::Action::Unhide},
    {"dismiss"_L1, LogEntry::Action::Dismiss},
    {"delete"_L1, LogEntry::Action::Delete},
    {"device"_L1, LogEntry::Action::Device},
}};
constexpr EnumNames<Activity::Type, 4> kActivityTypes{{
    {"post"_L1, Activity::Type::Post},
    {"comment"_L1, Activity::Type::Comment},
    {"like"_L1, Activity::Type::Like},
    {"follow"_L1, Activity::Type::Follow},
}};
constexpr EnumNames<Change::Kind, 3> kChangeKinds{{
    {"post"_L1, Change::Kind::Post},
    {"comment"_L1, Change::Kind::Comment},
    {"user"_L1, Change::Kind::User},
}};
constexpr EnumNames<Change::Op, 2> kChangeOps{{
    {"upsert"_L1, Change::Op::Upsert},
    {"remove"_L1, Change::Op::Remove},
}};

// A reader for one enum, usable where a reader function is expected.
template<class E, std::size_t N> auto enumOf(const EnumNames<E, N> &names)
{
    return [&names](const QJsonValue &v, const Path &p, E &out, DecodeError &err) {
        return readEnum(v, p, out, err, names);
    };
}

// `skipped`: an item that cannot be read is left out and noted there ("path: reason") instead
// of failing the list (pages: one bad object does not blank the rest).
template<class T, class Read>
bool readList(const QJsonValue &v, const Path &p, QList<T> &out, DecodeError &err, Read read,
              QStringList *skipped = nullptr)
{
    if (!v.isArray())
        return fail(err, p, u"expected an array, got "_s + describe(v));
    const QJsonArray a = v.toArray();
    if (a.size() > kMaxArrayItems) {
        return fail(
            err, p,
            u"array of %1 items is over the limit of %2"_s.arg(a.size()).arg(kMaxArrayItems));
    }
    QList<T> list;
    list.reserve(a.size());
    for (qsizetype i = 0; i < a.size(); ++i) {
        T item{};
        if (!read(a.at(i), p[i], item, err)) {
            if (!skipped)
                return false;
            QString why = err.toString();
            if (why.size() > kMaxLoggedChars)
                why = why.left(kMaxLoggedChars) + u'…';
            skipped->append(why);
            err = {};
            continue;
        }
        list.append(std::move(item));
    }
    out = std::move(list);
    return true;
}

// A reader for a list whose items `read` reads.
template<class Read> auto listOf(Read read)
{
    return [read](const QJsonValue &v, const Path &p, auto &out, DecodeError &err) {
        return readList(v, p, out, err, read);
    };
}

// The same for the items of a page: what cannot be read is noted in `skipped` and left out.
template<class Read> auto skippingListOf(Read read, QStringList *skipped)
{
    return [read, skipped](const QJsonValue &v, const Path &p, auto &out, DecodeError &err) {
        return readList(v, p, out, err, read, skipped);
    };
}

// One JSON object being read: fields by name, required or optional, with the first error kept.
class Obj
{
public:
    Obj(const QJsonValue &v, const Path &path, DecodeError &err)
        : m_path(path)
        , m_err(err)
    {
        if (v.isObject()) {
            m_obj = v.toObject();
            m_ok = true;
        } else {
            fail(err, path, u"expected an object, got "_s + describe(v));
        }
    }

    explicit operator bool() const { return m_ok; }

    // The spelling of a field that is present: `key` (the contract's) unless only `alias` is.
    [[nodiscard]] QLatin1StringView spelling(QLatin1StringView key, QLatin1StringView alias) const
    {
        return m_obj.contains(key) || !m_obj.contains(alias) ? key : alias;
    }

    // A field that must be present and not null.
    template<class T, class Read> bool req(QLatin1StringView key, T &out, Read read)
    {
        const QJsonValue v = m_obj.value(key);
        const Path p = m_path / key;
        if (v.isUndefined())
            return fail(m_err, p, u"required field missing"_s);
        if (v.isNull())
            return fail(m_err, p, u"required field is null"_s);
        return read(v, p, out, m_err);
    }

    // A field that may be missing or null; `out` keeps its default then.
    template<class T, class Read> bool opt(QLatin1StringView key, T &out, Read read)
    {
        const QJsonValue v = m_obj.value(key);
        if (v.isUndefined() || v.isNull())
            return true;
        return read(v, m_path / key, out, m_err);
    }

    template<class T, class Read> bool opt(QLatin1StringView key, std::optional<T> &out, Read read)
    {
        const QJsonValue v = m_obj.value(key);
        if (v.isUndefined() || v.isNull()) {
            out.reset();
            return true;
        }
        T value{};
        if (!read(v, m_path / key, value, m_err))
            return false;
        out = std::move(value);
        return true;
    }

    [[nodiscard]] QJsonValue value(QLatin1StringView key) const { return m_obj.value(key); }

    bool failAt(QLatin1StringView key, QString message)
    {
        return fail(m_err, m_path / key, std::move(message));
    }

private:
    QJsonObject m_obj;
    const Path &m_path;
    DecodeError &m_err;
    bool m_ok = false;
};

// ---------------------------------------------------------------------------------------------
// Object readers.

bool readUserBriefFields(Obj &o, UserBrief &u)
{
    return o.req("uid"_L1, u.uid, readId) && o.opt("nickName"_L1, u.nickName, readString) &&
           o.opt("headImg"_L1, u.headImg, readString);
}

bool readUserBrief(const QJsonValue &v, const Path &p, UserBrief &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && readUserBriefFields(o, out);
}

bool readUserProfile(const QJsonValue &v, const Path &p, UserProfile &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && readUserBriefFields(o, out.brief) &&
           o.opt("followers"_L1, out.followers, readCount) &&
           o.opt("following"_L1, out.following, readCount) &&
           o.opt("followedByMe"_L1, out.followedByMe, readBool) &&
           o.opt("role"_L1, out.role, enumOf(kRoles));
}

bool readLatitude(const QJsonValue &v, const Path &p, double &out, DecodeError &err)
{
    return readNumberIn(v, p, out, err, -90.0, 90.0);
}

bool readLongitude(const QJsonValue &v, const Path &p, double &out, DecodeError &err)
{
    return readNumberIn(v, p, out, err, -180.0, 180.0);
}

bool readGeo(const QJsonValue &v, const Path &p, Geo &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.opt("name"_L1, out.name, readString) && o.req("lat"_L1, out.lat, readLatitude) &&
           o.req("lng"_L1, out.lng, readLongitude);
}

// `createtime`, or the sample's `createTime`.
bool readCreateTime(Obj &o, qint64 &out)
{
    return o.req(o.spelling("createtime"_L1, "createTime"_L1), out, readTime);
}

bool readModeration(const QJsonValue &v, const Path &p, Moderation &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("by"_L1, out.by, readUserBrief) &&
           o.opt("reason"_L1, out.reason, readString) && readCreateTime(o, out.createtime);
}

bool readLike(const QJsonValue &v, const Path &p, Like &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("id"_L1, out.id, readId) && o.req("postId"_L1, out.postId, readId) &&
           readCreateTime(o, out.createtime) && o.req("user"_L1, out.user, readUserBrief);
}

bool readComment(const QJsonValue &v, const Path &p, Comment &out, DecodeError &err)
{
    Obj o(v, p, err);
    if (!o)
        return false;
    std::optional<qint64> score;
    const bool ok =
        o.req("id"_L1, out.id, readId) && o.req("postId"_L1, out.postId, readId) &&
        o.opt("rootId"_L1, out.rootId, readRefId) &&
        o.opt("parentId"_L1, out.parentId, readRefId) && o.opt("floor"_L1, out.floor, readCount) &&
        o.opt("seq"_L1, out.seq, readCount) && o.req("author"_L1, out.author, readUserBrief) &&
        o.opt("replyTo"_L1, out.replyTo, readUserBrief) &&
        o.req("content"_L1, out.content, readString) && readCreateTime(o, out.createtime) &&
        o.req("likeCount"_L1, out.likeCount, readCount) && o.opt("liked"_L1, out.liked, readBool) &&
        o.opt("opposeCount"_L1, out.opposeCount, readCount) &&
        o.opt("opposed"_L1, out.opposed, readBool) && o.opt("score"_L1, score, readSigned) &&
        o.req(o.spelling("replyCount"_L1, "commentCount"_L1), out.replyCount, readCount) &&
        o.opt("status"_L1, out.status, enumOf(kCommentStatuses)) &&
        o.opt("moderation"_L1, out.moderation, readModeration);
    if (!ok)
        return false;
    // A root answers nothing; a reply answers something in its floor.
    if (out.rootId == 0 && out.parentId != 0)
        return o.failAt("parentId"_L1, u"a floor's root (rootId 0) cannot have a parentId"_s);
    if (out.rootId != 0 && out.parentId == 0)
        return o.failAt("parentId"_L1, u"a reply (rootId %1) needs a parentId"_s.arg(out.rootId));
    out.score = score.value_or(2 * out.likeCount - out.opposeCount);
    return true;
}

bool readPost(const QJsonValue &v, const Path &p, Post &out, DecodeError &err)
{
    Obj o(v, p, err);
    if (!o)
        return false;
    std::optional<Post::Category> category;
    const bool ok =
        o.req("id"_L1, out.id, readId) && o.opt("category"_L1, category, enumOf(kCategories)) &&
        o.opt("content"_L1, out.content, readString) && readCreateTime(o, out.createtime) &&
        o.opt("device"_L1, out.device, readString) && o.opt("geo"_L1, out.geo, readGeo) &&
        o.req("author"_L1, out.author, readUserBrief) &&
        o.opt("pictureUrls"_L1, out.pictureUrls, listOf(readString)) &&
        o.req("likeCount"_L1, out.likeCount, readCount) &&
        o.req("commentCount"_L1, out.commentCount, readCount) &&
        o.opt("liked"_L1, out.liked, readBool) && o.opt("likes"_L1, out.likes, listOf(readLike)) &&
        o.opt("comments"_L1, out.comments, listOf(readComment)) &&
        o.opt("hidden"_L1, out.hidden, readBool) &&
        o.opt("moderation"_L1, out.moderation, readModeration) &&
        o.opt("viewCount"_L1, out.viewCount, readCount);
    if (!ok)
        return false;
    // Without a category, what the server would have chosen.
    out.category = category.value_or(out.pictureUrls.isEmpty() ? Post::Category::Text
                                                               : Post::Category::Picture);
    return true;
}

bool readReport(const QJsonValue &v, const Path &p, Report &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("id"_L1, out.id, readId) &&
           o.req("targetType"_L1, out.targetType, enumOf(kContentTypes)) &&
           o.req("targetId"_L1, out.targetId, readId) &&
           o.req("reason"_L1, out.reason, enumOf(kReasons)) &&
           o.opt("note"_L1, out.note, readString) &&
           o.req("reporter"_L1, out.reporter, readUserBrief) && readCreateTime(o, out.createtime);
}

bool readAutoFlagWord(const QJsonValue &v, const Path &p, QString &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("word"_L1, out, readString);
}

bool readQueueItem(const QJsonValue &v, const Path &p, QueueItem &out, DecodeError &err)
{
    Obj o(v, p, err);
    if (!o)
        return false;
    const bool ok = o.req("id"_L1, out.id, readId) &&
                    o.req("targetType"_L1, out.targetType, enumOf(kContentTypes)) &&
                    o.req("targetId"_L1, out.targetId, readId);
    if (!ok)
        return false;
    // The target is a post or a comment, as targetType says; null once it has been deleted.
    const auto readTarget = [&out](const QJsonValue &tv, const Path &tp,
                                   std::variant<Post, Comment> &target, DecodeError &e) {
        if (out.targetType == TargetType::Post) {
            Post post;
            if (!readPost(tv, tp, post, e))
                return false;
            target = std::move(post);
        } else {
            Comment comment;
            if (!readComment(tv, tp, comment, e))
                return false;
            target = std::move(comment);
        }
        return true;
    };
    return o.opt("target"_L1, out.target, readTarget) && o.opt("post"_L1, out.post, readPost) &&
           o.req("reports"_L1, out.reports, listOf(readReport)) &&
           o.req("reportCount"_L1, out.reportCount, readCount) &&
           o.opt("autoFlag"_L1, out.autoFlagWord, readAutoFlagWord) &&
           o.req("status"_L1, out.status, enumOf(kQueueStatuses)) &&
           readCreateTime(o, out.createtime);
}

bool readLogEntry(const QJsonValue &v, const Path &p, LogEntry &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("id"_L1, out.id, readId) &&
           o.req("moderator"_L1, out.moderator, readUserBrief) &&
           o.req("action"_L1, out.action, enumOf(kActions)) &&
           o.req("targetType"_L1, out.targetType, enumOf(kLogTargetTypes)) &&
           o.req("targetId"_L1, out.targetId, readRefId) &&
           o.opt("reason"_L1, out.reason, readString) && readCreateTime(o, out.createtime);
}

bool readActivity(const QJsonValue &v, const Path &p, Activity &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("id"_L1, out.id, readId) &&
           o.req("type"_L1, out.type, enumOf(kActivityTypes)) &&
           o.req("actor"_L1, out.actor, readUserBrief) && o.opt("postId"_L1, out.postId, readId) &&
           o.opt("commentId"_L1, out.commentId, readId) &&
           o.opt("targetUser"_L1, out.targetUser, readUserBrief) &&
           readCreateTime(o, out.createtime);
}

bool readChange(const QJsonValue &v, const Path &p, Change &out, DecodeError &err)
{
    Obj o(v, p, err);
    if (!o)
        return false;
    const bool ok = o.req("kind"_L1, out.kind, enumOf(kChangeKinds)) &&
                    o.req("op"_L1, out.op, enumOf(kChangeOps)) && o.req("id"_L1, out.id, readId);
    if (!ok)
        return false;
    if (out.op == Change::Op::Remove)
        return true; // a removal names the object only
    // An upsert carries the object `kind` names, with the change's id.
    const auto readData = [&out](const QJsonValue &dv, const Path &dp, Change::Data &data,
                                 DecodeError &e) {
        qint64 id = 0;
        QLatin1StringView idKey = "id"_L1;
        switch (out.kind) {
        case Change::Kind::Post: {
            Post post;
            if (!readPost(dv, dp, post, e))
                return false;
            id = post.id;
            data = std::move(post);
            break;
        }
        case Change::Kind::Comment: {
            Comment comment;
            if (!readComment(dv, dp, comment, e))
                return false;
            id = comment.id;
            data = std::move(comment);
            break;
        }
        case Change::Kind::User: {
            UserProfile user;
            if (!readUserProfile(dv, dp, user, e))
                return false;
            id = user.brief.uid;
            idKey = "uid"_L1;
            data = std::move(user);
            break;
        }
        }
        if (id != out.id)
            return fail(e, dp / idKey,
                        u"%1 does not match the change's id %2"_s.arg(id).arg(out.id));
        return true;
    };
    return o.req("data"_L1, out.data,
                 [&](const QJsonValue &dv, const Path &dp, std::optional<Change::Data> &data,
                     DecodeError &e) {
                     Change::Data d;
                     if (!readData(dv, dp, d, e))
                         return false;
                     data = std::move(d);
                     return true;
                 });
}

bool readDeviceName(const QJsonValue &v, const Path &p, DeviceName &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("raw"_L1, out.raw, readString) &&
           o.req("display"_L1, out.display, readString);
}

// `next` of a cursor-paged list: an opaque string, or null/absent on the last page.
template<class T, class Read>
bool readCursorPage(const QJsonValue &v, const Path &p, CursorPage<T> &out, DecodeError &err,
                    Read read)
{
    Obj o(v, p, err);
    return o && o.req("items"_L1, out.items, skippingListOf(read, &out.skipped)) &&
           o.opt("next"_L1, out.next, readNonEmptyString);
}

template<class T, auto Read>
bool cursorPageOf(const QJsonValue &v, const Path &p, CursorPage<T> &out, DecodeError &err)
{
    return readCursorPage(v, p, out, err, Read);
}

// Comments of a floor page must be roots; those of a reply list, replies.
bool readRootComment(const QJsonValue &v, const Path &p, Comment &out, DecodeError &err)
{
    if (!readComment(v, p, out, err))
        return false;
    if (out.rootId != 0)
        return fail(err, p / "rootId"_L1, u"expected a floor's root (rootId 0) here"_s);
    return true;
}

bool readReplyComment(const QJsonValue &v, const Path &p, Comment &out, DecodeError &err)
{
    if (!readComment(v, p, out, err))
        return false;
    if (out.rootId == 0)
        return fail(err, p / "rootId"_L1, u"expected a reply (rootId not 0) here"_s);
    return true;
}

bool readFloorPage(const QJsonValue &v, const Path &p, FloorPage &out, DecodeError &err)
{
    Obj o(v, p, err);
    if (!o)
        return false;
    const bool ok =
        o.req("roots"_L1, out.roots, skippingListOf(readRootComment, &out.skipped)) &&
        o.opt("replies"_L1, out.replies, skippingListOf(readReplyComment, &out.skipped)) &&
        o.req("totalRoots"_L1, out.totalRoots, readCount);
    if (!ok)
        return false;
    // A floor number in floor order, an opaque cursor with order=best.
    const QJsonValue next = o.value("next"_L1);
    if (next.isString())
        return o.opt("next"_L1, out.nextCursor, readNonEmptyString);
    if (next.isDouble())
        return o.opt("next"_L1, out.next, readCount);
    if (next.isUndefined() || next.isNull())
        return true;
    return o.failAt("next"_L1,
                    u"expected a floor number, a cursor string or null, got "_s + describe(next));
}

bool readReplyPage(const QJsonValue &v, const Path &p, ReplyPage &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("items"_L1, out.items, skippingListOf(readReplyComment, &out.skipped)) &&
           o.opt("next"_L1, out.next, readCount);
}

bool readSyncPage(const QJsonValue &v, const Path &p, SyncPage &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("changes"_L1, out.changes, skippingListOf(readChange, &out.skipped)) &&
           o.req("next"_L1, out.next, readNonEmptyString) &&
           o.req("hasMore"_L1, out.hasMore, readBool);
}

bool readApiErrorFields(const QJsonValue &v, const Path &p, ApiErrorBody &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("code"_L1, out.code, readNonEmptyString) &&
           o.opt("message"_L1, out.message, readString);
}

bool readApiError(const QJsonValue &v, const Path &p, ApiErrorBody &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("error"_L1, out, readApiErrorFields);
}

bool readLoginResult(const QJsonValue &v, const Path &p, LoginResult &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("token"_L1, out.token, readNonEmptyString) &&
           o.req("user"_L1, out.user, readUserProfile);
}

bool readLikeState(const QJsonValue &v, const Path &p, LikeState &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("liked"_L1, out.liked, readBool) &&
           o.req("likeCount"_L1, out.likeCount, readCount);
}

bool readCommentLikeState(const QJsonValue &v, const Path &p, CommentLikeState &out,
                          DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("liked"_L1, out.liked, readBool) &&
           o.req("likeCount"_L1, out.likeCount, readCount) &&
           o.req("opposed"_L1, out.opposed, readBool) &&
           o.req("opposeCount"_L1, out.opposeCount, readCount) &&
           o.req("score"_L1, out.score, readSigned);
}

bool readFollowState(const QJsonValue &v, const Path &p, FollowState &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("following"_L1, out.following, readBool) &&
           o.req("followers"_L1, out.followers, readCount);
}

bool readMediaUpload(const QJsonValue &v, const Path &p, MediaUpload &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("url"_L1, out.url, readNonEmptyString);
}

bool readHealth(const QJsonValue &v, const Path &p, Health &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("status"_L1, out.status, readString) &&
           o.opt("version"_L1, out.version, readString);
}

bool readModerationStats(const QJsonValue &v, const Path &p, ModerationStats &out, DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("date"_L1, out.date, readString) &&
           o.req("activeToday"_L1, out.activeToday, readCount) &&
           o.req("activeAllOfLast3Days"_L1, out.activeAllOfLast3Days, readCount) &&
           o.req("activeAnyOfLast7Days"_L1, out.activeAnyOfLast7Days, readCount) &&
           o.req("inactiveLast7Days"_L1, out.inactiveLast7Days, readCount);
}

bool readUserActivityStats(const QJsonValue &v, const Path &p, UserActivityStats &out,
                           DecodeError &err)
{
    Obj o(v, p, err);
    return o && o.req("uid"_L1, out.uid, readId) && o.req("month"_L1, out.month, readString) &&
           o.req("daysActive"_L1, out.daysActive, readCount) &&
           o.req("days"_L1, out.days, listOf(readDayOfMonth));
}

// ---------------------------------------------------------------------------------------------
// Limits, checked on the bytes in one pass before the parser sees them: nesting depth, array
// length and string length, with the path of the offender.

struct ScanLevel
{
    bool array = false;
    bool expectKey = false; // in an object: the next string is a key
    bool hasKey = false;
    qsizetype index = 0; // in an array: the current item
    qsizetype keyBegin = 0;
    qsizetype keyEnd = 0;
};

QString scanPath(const QByteArray &json, const ScanLevel *levels, int count)
{
    constexpr qsizetype kMaxKeyShown = 64;
    QString s;
    for (int i = 0; i < count; ++i) {
        const ScanLevel &l = levels[i];
        if (l.array) {
            s += u'[' + QString::number(l.index) + u']';
        } else if (l.hasKey) {
            if (!s.isEmpty())
                s += u'.';
            s += QString::fromUtf8(json.constData() + l.keyBegin,
                                   qMin(l.keyEnd - l.keyBegin, kMaxKeyShown));
        }
    }
    return s;
}

std::optional<DecodeError> scanLimits(const QByteArray &json)
{
    std::array<ScanLevel, kMaxDepth> levels;
    int depth = 0;
    const char *d = json.constData();
    const qsizetype n = json.size();
    for (qsizetype i = 0; i < n; ++i) {
        switch (d[i]) {
        case '"': {
            const qsizetype begin = i + 1;
            qsizetype j = begin;
            while (j < n && d[j] != '"')
                j += d[j] == '\\' ? 2 : 1;
            j = qMin(j, n);
            ScanLevel *top = depth > 0 ? &levels[depth - 1] : nullptr;
            const bool isKey = top && !top->array && top->expectKey;
            if (j - begin > kMaxStringBytes) {
                return DecodeError{scanPath(json, levels.data(), isKey ? depth - 1 : depth),
                                   u"%1 of %2 bytes at byte %3 is over the limit of 1 MiB"_s
                                       .arg(isKey ? u"key"_s : u"string"_s)
                                       .arg(j - begin)
                                       .arg(i)};
            }
            if (isKey) {
                top->expectKey = false;
                top->hasKey = true;
                top->keyBegin = begin;
                top->keyEnd = j;
            }
            i = j;
            break;
        }
        case '[':
        case '{':
            if (depth == kMaxDepth) {
                return DecodeError{
                    scanPath(json, levels.data(), depth),
                    u"nesting deeper than %1 levels at byte %2"_s.arg(kMaxDepth).arg(i)};
            }
            levels[depth++] = ScanLevel{d[i] == '[', d[i] == '{', false, 0, 0, 0};
            break;
        case ']':
        case '}':
            if (depth > 0)
                --depth;
            break;
        case ',':
            if (depth > 0) {
                ScanLevel &top = levels[depth - 1];
                if (!top.array) {
                    top.expectKey = true;
                } else if (++top.index >= kMaxArrayItems) {
                    return DecodeError{
                        scanPath(json, levels.data(), depth - 1),
                        u"array of more than %1 items (at byte %2)"_s.arg(kMaxArrayItems).arg(i)};
                }
            }
            break;
        default:
            break;
        }
    }
    return std::nullopt;
}

template<class T, class Read> Result<T> decodeValue(const QJsonValue &value, Read read)
{
    T out{};
    DecodeError err;
    const Path root;
    if (!read(value, root, out, err))
        return err;
    return out;
}

template<class T, class Read> Result<T> decodeDocument(const QByteArray &json, Read read)
{
    const Result<QJsonValue> parsed = parseDocument(json);
    if (!parsed)
        return parsed.error();
    return decodeValue<T>(*parsed, read);
}

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

} // namespace

Result<QJsonValue> parseDocument(const QByteArray &json)
{
    if (json.isEmpty())
        return DecodeError{{}, u"empty document"_s};
    if (json.size() > kMaxDocumentBytes) {
        return DecodeError{
            {},
            u"document of %1 bytes is over the limit of %2 bytes (16 MiB)"_s.arg(json.size())
                .arg(kMaxDocumentBytes)};
    }
    if (auto error = scanLimits(json))
        return *std::move(error);
    // Every answer of the contract is an object or an array; say so rather than "illegal value".
    const auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    qsizetype first = 0;
    while (first < json.size() && isSpace(json.at(first)))
        ++first;
    if (first == json.size())
        return DecodeError{{}, u"empty document (white space only)"_s};
    if (json.at(first) != '{' && json.at(first) != '[')
        return DecodeError{{}, u"expected a JSON object or array at the top level"_s};
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        return DecodeError{
            {},
            u"invalid JSON: %1 at byte %2"_s.arg(parseError.errorString()).arg(parseError.offset)};
    }
    if (doc.isObject())
        return QJsonValue(doc.object());
    if (doc.isArray())
        return QJsonValue(doc.array());
    return DecodeError{{}, u"expected an object or an array"_s};
}

Result<UserBrief> decodeUserBrief(const QJsonValue &value)
{
    return decodeValue<UserBrief>(value, readUserBrief);
}

Result<UserProfile> decodeUserProfile(const QJsonValue &value)
{
    return decodeValue<UserProfile>(value, readUserProfile);
}

Result<UserProfile> decodeUserProfile(const QByteArray &json)
{
    return decodeDocument<UserProfile>(json, readUserProfile);
}

Result<Post> decodePost(const QJsonValue &value)
{
    return decodeValue<Post>(value, readPost);
}

Result<Post> decodePost(const QByteArray &json)
{
    return decodeDocument<Post>(json, readPost);
}

Result<Comment> decodeComment(const QJsonValue &value)
{
    return decodeValue<Comment>(value, readComment);
}

Result<Comment> decodeComment(const QByteArray &json)
{
    return decodeDocument<Comment>(json, readComment);
}

Result<Like> decodeLike(const QJsonValue &value)
{
    return decodeValue<Like>(value, readLike);
}

Result<Report> decodeReport(const QJsonValue &value)
{
    return decodeValue<Report>(value, readReport);
}

Result<Report> decodeReport(const QByteArray &json)
{
    return decodeDocument<Report>(json, readReport);
}

Result<QueueItem> decodeQueueItem(const QJsonValue &value)
{
    return decodeValue<QueueItem>(value, readQueueItem);
}

Result<QueueItem> decodeQueueItem(const QByteArray &json)
{
    return decodeDocument<QueueItem>(json, readQueueItem);
}

Result<LogEntry> decodeLogEntry(const QJsonValue &value)
{
    return decodeValue<LogEntry>(value, readLogEntry);
}

Result<Activity> decodeActivity(const QJsonValue &value)
{
    return decodeValue<Activity>(value, readActivity);
}

Result<Change> decodeChange(const QJsonValue &value)
{
    return decodeValue<Change>(value, readChange);
}

Result<DeviceName> decodeDeviceName(const QJsonValue &value)
{
    return decodeValue<DeviceName>(value, readDeviceName);
}

Result<DeviceName> decodeDeviceName(const QByteArray &json)
{
    return decodeDocument<DeviceName>(json, readDeviceName);
}

Result<PostPage> decodePostPage(const QByteArray &json)
{
    return noteSkipped(decodeDocument<PostPage>(json, cursorPageOf<Post, readPost>), "posts page");
}

Result<QList<Post>> decodePostList(const QByteArray &json)
{
    const Result<QJsonValue> parsed = parseDocument(json);
    if (!parsed)
        return parsed.error();
    const QJsonValue &v = *parsed;
    QJsonArray items;
    QString prefix;
    const QJsonObject o = v.toObject();
    if (v.isArray()) {
        items = v.toArray();
    } else if (v.isObject() && o.contains("items"_L1) && !o.contains("id"_L1)) {
        const QJsonValue inner = o.value("items"_L1);
        if (!inner.isArray())
            return DecodeError{u"items"_s, u"expected an array of posts"_s};
        items = inner.toArray();
        prefix = u"items"_s;
    } else {
        Result<Post> post = decodePost(v);
        if (!post)
            return post.error();
        return QList<Post>{std::move(post).value()};
    }
    if (items.isEmpty())
        return DecodeError{prefix, u"holds no post"_s};
    QList<Post> out;
    out.reserve(items.size());
    for (qsizetype i = 0; i < items.size(); ++i) {
        Result<Post> post = decodePost(items.at(i));
        if (!post) {
            DecodeError e = post.error();
            const QString here = prefix + u'[' + QString::number(i) + u']';
            e.path = e.path.isEmpty()
                         ? here
                         : here + (e.path.startsWith(u'[') ? QString() : u"."_s) + e.path;
            return e;
        }
        out.append(std::move(post).value());
    }
    return out;
}

Result<FloorPage> decodeFloorPage(const QByteArray &json)
{
    return noteSkipped(decodeDocument<FloorPage>(json, readFloorPage), "floors page");
}

Result<ReplyPage> decodeReplyPage(const QByteArray &json)
{
    return noteSkipped(decodeDocument<ReplyPage>(json, readReplyPage), "replies page");
}

Result<LikePage> decodeLikePage(const QByteArray &json)
{
    return noteSkipped(decodeDocument<LikePage>(json, cursorPageOf<Like, readLike>), "likes page");
}

Result<ActivityPage> decodeActivityPage(const QByteArray &json)
{
    return noteSkipped(decodeDocument<ActivityPage>(json, cursorPageOf<Activity, readActivity>),
                       "activity page");
}

Result<QueuePage> decodeQueuePage(const QByteArray &json)
{
    return noteSkipped(decodeDocument<QueuePage>(json, cursorPageOf<QueueItem, readQueueItem>),
                       "moderation queue page");
}

Result<LogPage> decodeLogPage(const QByteArray &json)
{
    return noteSkipped(decodeDocument<LogPage>(json, cursorPageOf<LogEntry, readLogEntry>),
                       "moderation log page");
}

Result<DevicePage> decodeDevicePage(const QByteArray &json)
{
    return noteSkipped(decodeDocument<DevicePage>(json, cursorPageOf<DeviceName, readDeviceName>),
                       "device names page");
}

Result<SyncPage> decodeSyncPage(const QByteArray &json)
{
    return noteSkipped(decodeDocument<SyncPage>(json, readSyncPage), "sync page");
}

Result<ApiErrorBody> decodeApiError(const QByteArray &json)
{
    return decodeDocument<ApiErrorBody>(json, readApiError);
}

Result<LoginResult> decodeLoginResult(const QByteArray &json)
{
    return decodeDocument<LoginResult>(json, readLoginResult);
}

Result<LikeState> decodeLikeState(const QByteArray &json)
{
    return decodeDocument<LikeState>(json, readLikeState);
}

Result<CommentLikeState> decodeCommentLikeState(const QByteArray &json)
{
    return decodeDocument<CommentLikeState>(json, readCommentLikeState);
}

Result<FollowState> decodeFollowState(const QByteArray &json)
{
    return decodeDocument<FollowState>(json, readFollowState);
}

Result<MediaUpload> decodeMediaUpload(const QByteArray &json)
{
    return decodeDocument<MediaUpload>(json, readMediaUpload);
}

Result<Health> decodeHealth(const QByteArray &json)
{
    return decodeDocument<Health>(json, readHealth);
}

Result<ModerationStats> decodeModerationStats(const QByteArray &json)
{
    return decodeDocument<ModerationStats>(json, readModerationStats);
}

Result<UserActivityStats> decodeUserActivityStats(const QByteArray &json)
{
    return decodeDocument<UserActivityStats>(json, readUserActivityStats);
}

QByteArray encodeNewPost(const NewPost &post)
{
    const Post::Category category = post.category.value_or(
        post.pictureUrls.isEmpty() ? Post::Category::Text : Post::Category::Picture);
    QJsonObject o{{u"category"_s, nameOf(category, kCategories)},
                  {u"content"_s, post.content},
                  {u"pictureUrls"_s, QJsonArray::fromStringList(post.pictureUrls)}};
    if (!post.device.isEmpty())
        o.insert(u"device"_s, post.device);
    if (post.geo) {
        o.insert(u"geo"_s, QJsonObject{{u"name"_s, post.geo->name},
                                       {u"lat"_s, post.geo->lat},
                                       {u"lng"_s, post.geo->lng}});
    }
    return compact(o);
}

QByteArray encodeNewComment(const NewComment &comment)
{
    QJsonObject o{{u"content"_s, comment.content}};
    if (comment.parentId)
        o.insert(u"parentId"_s, *comment.parentId);
    return compact(o);
}

QByteArray encodeNewReport(const NewReport &report)
{
    QJsonObject o{{u"targetType"_s, nameOf(report.targetType, kLogTargetTypes)},
                  {u"targetId"_s, report.targetId},
                  {u"reason"_s, nameOf(report.reason, kReasons)}};
    if (report.note)
        o.insert(u"note"_s, *report.note);
    return compact(o);
}

QByteArray encodeLogin(const LoginRequest &login)
{
    return compact({{u"username"_s, login.username}, {u"password"_s, login.password}});
}

QByteArray encodeModerationReason(const std::optional<QString> &reason)
{
    QJsonObject o;
    if (reason)
        o.insert(u"reason"_s, *reason);
    return compact(o);
}

QByteArray encodeDeviceName(const DeviceName &device)
{
    return compact({{u"raw"_s, device.raw}, {u"display"_s, device.display}});
}

} // namespace threadline::core
