// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The server's log lines (serverlog.h).
#include "ops/serverlog.h"

#include "http/httpwire.h"

#include <QRandomGenerator>
#include <QtGlobal>
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <ctime>
#include <sys/stat.h>
#include <unistd.h>

namespace threadline::server::serverlog {

namespace {

constexpr qsizetype kMaxLoggedPath = 512; // bytes of a path in the log line
constexpr qsizetype kMaxRequestId = 64;

std::atomic_bool g_journal{false};

// $JOURNAL_STREAM is "device:inode" of the stream systemd connected; it counts only while
// stderr is still that stream (a child whose stderr was redirected inherits the variable).
bool stderrIsJournal()
{
    const QByteArray v = qgetenv("JOURNAL_STREAM");
    const qsizetype colon = v.indexOf(':');
    if (colon <= 0)
        return false;
    struct stat st = {};
    if (::fstat(STDERR_FILENO, &st) != 0)
        return false;
    bool ok1 = false, ok2 = false;
    const qulonglong dev = v.left(colon).toULongLong(&ok1);
    const qulonglong ino = v.mid(colon + 1).toULongLong(&ok2);
    return ok1 && ok2 && dev == qulonglong(st.st_dev) && ino == qulonglong(st.st_ino);
}

// "2026-12-05T18:40:01.123+00:00 " — the second's part is made once a second per thread.
void appendTime(QByteArray &out)
{
    struct timespec ts = {};
    ::clock_gettime(CLOCK_REALTIME, &ts);
    thread_local time_t cachedSecond = -1;
    thread_local char secondText[32];
    thread_local char zoneText[16];
    if (ts.tv_sec != cachedSecond) {
        struct tm tm = {};
        ::localtime_r(&ts.tv_sec, &tm);
        ::strftime(secondText, sizeof secondText, "%Y-%m-%dT%H:%M:%S", &tm);
        const long off = tm.tm_gmtoff;
        const int a = int(std::min(off < 0 ? -off : off, 24L * 3600 - 1));
        std::snprintf(zoneText, sizeof zoneText, "%c%02d:%02d", off < 0 ? '-' : '+', a / 3600,
                      (a % 3600) / 60);
        cachedSecond = ts.tv_sec;
    }
    char ms[8];
    std::snprintf(ms, sizeof ms, ".%03d", int(ts.tv_nsec / 1000000));
    out += secondText;
    out += ms;
    out += zoneText;
    out += ' ';
}

const char *levelName(Level level)
{
    switch (level) {
    case Level::Error:
        return "error";
    case Level::Warning:
        return "warning";
    case Level::Info:
        return "info";
    }
    return "info";
}

void write(Level level, QByteArrayView text)
{
    QByteArray out;
    out.reserve(text.size() + 48);
    if (g_journal.load(std::memory_order_relaxed)) {
        out += '<';
        out += char('0' + int(level));
        out += '>';
    } else {
        appendTime(out);
        out += levelName(level);
        out += ' ';
    }
    const qsizetype start = out.size();
    out.append(text.data(), text.size());
    for (qsizetype i = start; i < out.size(); ++i) {
        if (out[i] == '\n' || out[i] == '\r')
            out[i] = ' ';
    }
    out += '\n';
    // One write per line: lines of several threads never interleave.
    std::fwrite(out.constData(), 1, size_t(out.size()), stderr);
}

void qtMessage(QtMsgType type, const QMessageLogContext &, const QString &message)
{
    Level level = Level::Info;
    if (type == QtWarningMsg)
        level = Level::Warning;
    else if (type == QtCriticalMsg || type == QtFatalMsg)
        level = Level::Error;
    else if (type == QtDebugMsg)
        return; // debug output is for developers' builds, not the service's log
    write(level, message.toUtf8());
}

bool idChar(char c)
{
    // a token character (RFC 9110), or one of those an id of another system may hold besides
    return isTchar(c) || c == '/' || c == '=' || c == ':' || c == '@';
}

} // namespace

void configure(ServerConfig::LogFormat format)
{
    bool journal = format == ServerConfig::LogFormat::Journal;
    if (format == ServerConfig::LogFormat::Auto)
        journal = stderrIsJournal();
    g_journal = journal;
    qInstallMessageHandler(qtMessage);
}

bool journal()
{
    return g_journal.load(std::memory_order_relaxed);
}

void line(Level level, QByteArrayView text)
{
    write(level, text);
}

bool isSaneRequestId(QByteArrayView id)
{
    if (id.isEmpty() || id.size() > kMaxRequestId)
        return false;
    return std::all_of(id.begin(), id.end(), idChar);
}

QByteArray requestId(const QByteArray &offered)
{
    if (isSaneRequestId(offered))
        return offered;
    const quint64 v = QRandomGenerator::global()->generate64();
    return QByteArray::number(v, 16).rightJustified(16, '0');
}

void request(const Access &a)
{
    QByteArray text;
    text.reserve(160);
    text.append(a.requestId.data(), a.requestId.size());
    text += ' ';
    text.append(a.method.data(), a.method.size());
    text += ' ';
    QByteArrayView path = a.path.isEmpty() ? QByteArrayView("-") : a.path;
    const qsizetype query = QByteArray::fromRawData(path.data(), path.size()).indexOf('?');
    if (query >= 0)
        path = path.first(query);
    if (path.size() > kMaxLoggedPath) {
        text.append(path.data(), kMaxLoggedPath);
        text += "…";
    } else {
        text.append(path.data(), path.size());
    }
    text += ' ' + QByteArray::number(a.status) + ' ' +
            QByteArray::number(double(a.ns) / 1e6, 'f', 2) + "ms " + a.peer.toLatin1() + ' ';
    if (a.route.isEmpty())
        text += '-';
    else
        text.append(a.route.data(), a.route.size());
    write(a.status >= 500 ? Level::Error : Level::Info, text);
}

} // namespace threadline::server::serverlog
