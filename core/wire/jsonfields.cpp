// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The JSON codec's strict field reader (jsonfields.h): paths, descriptions of what was found,
// the value readers and their range checks, `Obj`'s start, and the codec's log of pages that
// left items out (threadline.codec).
#include "wire/jsonfields.h"

#include <QLocale>
#include <QLoggingCategory>
#include <QVariant>

#include <cmath>

namespace threadline::core::codec {

namespace {
Q_LOGGING_CATEGORY(lcCodec, "threadline.codec", QtInfoMsg)
} // namespace

void Path::appendTo(QString &out) const
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

QString Path::toString() const
{
    QString s;
    appendTo(s);
    return s;
}

bool fail(DecodeError &err, const Path &path, QString message)
{
    err = DecodeError{path.toString(), std::move(message)};
    return false;
}

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

QString shortened(QString why)
{
    if (why.size() > kMaxLoggedChars)
        why = why.left(kMaxLoggedChars) + u'…';
    return why;
}

// --- value readers ---------------------------------------------------------------------------

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
    return readIntegerIn(v, p, out, err, 1, CodecLimits::kMaxId, "an integer id in 1..2^53-1"_L1);
}

bool readRefId(const QJsonValue &v, const Path &p, qint64 &out, DecodeError &err)
{
    return readIntegerIn(v, p, out, err, 0, CodecLimits::kMaxId, "an integer id in 0..2^53-1"_L1);
}

bool readCount(const QJsonValue &v, const Path &p, qint64 &out, DecodeError &err)
{
    return readIntegerIn(v, p, out, err, 0, CodecLimits::kMaxId, "a non-negative integer"_L1);
}

bool readTime(const QJsonValue &v, const Path &p, qint64 &out, DecodeError &err)
{
    return readIntegerIn(v, p, out, err, 0, CodecLimits::kMaxId,
                         "a time in milliseconds (a non-negative integer)"_L1);
}

bool readSigned(const QJsonValue &v, const Path &p, qint64 &out, DecodeError &err)
{
    return readIntegerIn(v, p, out, err, -CodecLimits::kMaxId, CodecLimits::kMaxId,
                         "an integer"_L1);
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
    constexpr qsizetype kMaxStringBytes = CodecLimits::kMaxStringBytes;
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

// --- objects and pages -----------------------------------------------------------------------

Obj::Obj(const QJsonValue &v, const Path &path, DecodeError &err)
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

bool readCreateTime(Obj &o, qint64 &out)
{
    return o.req(o.spelling("createtime"_L1, "createTime"_L1), out, readTime);
}

DecodeError firstSkipped(const QStringList &skipped)
{
    const QString first = skipped.constFirst();
    const qsizetype colon = first.indexOf(u": "_s);
    return colon < 0 ? DecodeError{QString(), first}
                     : DecodeError{first.left(colon), first.mid(colon + 2)};
}

void logSkipped(const char *what, const DecodeError *failed, const QStringList &skipped)
{
    if (failed) {
        qCWarning(lcCodec, "%s could not be read: %s", what,
                  qPrintable(shortened(failed->toString())));
    } else if (!skipped.isEmpty()) {
        const QStringList &s = skipped;
        qCWarning(lcCodec, "%s: %d item(s) could not be read and were left out: %s%s", what,
                  int(s.size()), qPrintable(s.mid(0, 3).join(u"; "_s)), s.size() > 3 ? " …" : "");
    }
}

} // namespace threadline::core::codec
