// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The JSON codec's strict field reader (internal to core/jsoncodec*.cpp): paths like
// "comments[2].author.uid" built only when an error needs one, the value readers (ids, counts,
// times, strings, enums, lists) that write their output only on success and otherwise fill a
// DecodeError with the path and what was found, `Obj` (one object's fields, required or
// optional, the first error kept), cursor pages, and the way a page notes and logs the items it
// left out. The decoders per domain (jsoncodecposts.cpp, jsoncodecmoderation.cpp,
// jsoncodecsync.cpp) are written with these; jsoncodec.h stays the public interface.
#pragma once

#include "wire/jsoncodec.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QLatin1StringView>
#include <QStringList>

#include <array>
#include <optional>
#include <utility>

namespace threadline::core::codec {

using namespace Qt::StringLiterals;

constexpr qsizetype kMaxLoggedChars = 300; // of one reason kept or logged

// ---------------------------------------------------------------------------------------------
// Paths: a chain of stack nodes, turned into "comments[2].author.uid" only when an error needs it.

struct Path
{
    const Path *parent = nullptr;
    QLatin1StringView key;
    qsizetype index = -1;

    [[nodiscard]] Path operator/(QLatin1StringView k) const { return {this, k, -1}; }
    [[nodiscard]] Path operator[](qsizetype i) const { return {this, {}, i}; }

    void appendTo(QString &out) const;
    [[nodiscard]] QString toString() const;
};

// Sets err to `message` at `path`; returns false (what a reader returns on failure).
bool fail(DecodeError &err, const Path &path, QString message);

// "null", "true", "the number 1.5", "the string \"abc\"", "an array", "an object".
[[nodiscard]] QString describe(const QJsonValue &v);

// A reason cut to kMaxLoggedChars, with an ellipsis when cut.
[[nodiscard]] QString shortened(QString why);

// ---------------------------------------------------------------------------------------------
// Value readers: bool read(const QJsonValue &, const Path &, T &out, DecodeError &). They write
// `out` only on success; the callers throw away what they built when one fails.

bool readIntegerIn(const QJsonValue &v, const Path &p, qint64 &out, DecodeError &err, qint64 min,
                   qint64 max, QLatin1StringView what);
bool readId(const QJsonValue &v, const Path &p, qint64 &out, DecodeError &err);
// An id where 0 means "none" (rootId, parentId, a log entry's targetId).
bool readRefId(const QJsonValue &v, const Path &p, qint64 &out, DecodeError &err);
bool readCount(const QJsonValue &v, const Path &p, qint64 &out, DecodeError &err);
bool readTime(const QJsonValue &v, const Path &p, qint64 &out, DecodeError &err);
bool readSigned(const QJsonValue &v, const Path &p, qint64 &out, DecodeError &err);
bool readDayOfMonth(const QJsonValue &v, const Path &p, int &out, DecodeError &err);
bool readBool(const QJsonValue &v, const Path &p, bool &out, DecodeError &err);
bool readString(const QJsonValue &v, const Path &p, QString &out, DecodeError &err);
bool readNonEmptyString(const QJsonValue &v, const Path &p, QString &out, DecodeError &err);
bool readNumberIn(const QJsonValue &v, const Path &p, double &out, DecodeError &err, double min,
                  double max);

// An enum's spellings on the wire (jsonnames.h holds the contract's).
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
    if (a.size() > CodecLimits::kMaxArrayItems) {
        return fail(err, p,
                    u"array of %1 items is over the limit of %2"_s.arg(a.size()).arg(
                        CodecLimits::kMaxArrayItems));
    }
    QList<T> list;
    list.reserve(a.size());
    for (qsizetype i = 0; i < a.size(); ++i) {
        T item{};
        if (!read(a.at(i), p[i], item, err)) {
            if (!skipped)
                return false;
            skipped->append(shortened(err.toString()));
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

// ---------------------------------------------------------------------------------------------
// One JSON object being read: fields by name, required or optional, with the first error kept.
class Obj
{
public:
    Obj(const QJsonValue &v, const Path &path, DecodeError &err);

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

// `createtime`, or the sample's `createTime`.
bool readCreateTime(Obj &o, qint64 &out);

// ---------------------------------------------------------------------------------------------
// Pages and documents.

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

template<class T> bool keptNothing(const CursorPage<T> &p)
{
    return p.items.isEmpty();
}
inline bool keptNothing(const FloorPage &p)
{
    return p.roots.isEmpty() && p.replies.isEmpty();
}
inline bool keptNothing(const ReplyPage &p)
{
    return p.items.isEmpty();
}
inline bool keptNothing(const SyncPage &p)
{
    return p.changes.isEmpty();
}
inline bool keptNothing(const NotificationPage &p)
{
    return p.items.isEmpty();
}
inline bool keptNothing(const SearchPage &p)
{
    return p.posts.isEmpty() && p.comments.isEmpty() && p.people.isEmpty();
}

// The first of a page's `skipped` ("path: reason") as the error of the whole page.
[[nodiscard]] DecodeError firstSkipped(const QStringList &skipped);
// Logs (threadline.codec) a page that failed (`failed`), or the items it left out.
void logSkipped(const char *what, const DecodeError *failed, const QStringList &skipped);

// A page decoded with items left out: counted and logged with their paths (the first few). A
// page of which not one item could be read is not a page: its first reason is the error.
template<class Page> Result<Page> noteSkipped(Result<Page> page, const char *what)
{
    if (page.ok() && !page->skipped.isEmpty() && keptNothing(*page))
        page = firstSkipped(page->skipped);
    logSkipped(what, page.ok() ? nullptr : &page.error(),
               page.ok() ? page->skipped : QStringList());
    return page;
}

} // namespace threadline::core::codec
