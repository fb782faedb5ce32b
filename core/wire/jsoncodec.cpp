// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The JSON codec's document step (jsoncodec.h: parseDocument): the limits against hostile input
// checked on the bytes in one pass before Qt's parser sees them, then the parse itself. The
// decoders are by domain: jsoncodecposts.cpp (users, posts, comments), jsoncodecmoderation.cpp
// (queue, log, devices, statistics), jsoncodecsync.cpp (/sync, activity, the small answers);
// the request bodies are in jsoncodecbodies.cpp, the field reader they share in jsonfields.h.
#include "wire/jsoncodec.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <array>

namespace threadline::core {

using namespace Qt::StringLiterals;

namespace {

constexpr qsizetype kMaxDocumentBytes = CodecLimits::kMaxDocumentBytes;
constexpr int kMaxDepth = CodecLimits::kMaxDepth;
constexpr qsizetype kMaxArrayItems = CodecLimits::kMaxArrayItems;
constexpr qsizetype kMaxStringBytes = CodecLimits::kMaxStringBytes;

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

} // namespace threadline::core
