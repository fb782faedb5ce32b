// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The endless-header watch and its circuit breaker (headerwatch.h).
#include "net/headerwatch.h"

#include "net/stucksockets.h"
#include "net/tlspins.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLoggingCategory>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <unistd.h>

namespace threadline::core {

namespace {
Q_LOGGING_CATEGORY(lcWatch, "threadline.net")
} // namespace

HeaderWatch::HeaderWatch(QObject *parent)
    : QObject(parent)
{
    m_timer.setInterval(m_sampleMs);
    connect(&m_timer, &QTimer::timeout, this, &HeaderWatch::sample);
}

void HeaderWatch::setTiming(int sampleMs, int busyMs)
{
    m_sampleMs = std::max(50, sampleMs);
    m_busyMs = std::max(m_sampleMs, busyMs);
    m_timer.setInterval(m_sampleMs);
}

void HeaderWatch::watch(QNetworkReply *reply)
{
    if (!reply)
        return;
    m_waiting.append(reply);
    const QPointer<QNetworkReply> kept(reply);
    const auto settled = [this, kept] {
        const bool left = m_waiting.removeAll(kept) > 0;
        m_waiting.removeAll(QPointer<QNetworkReply>());
        const bool answered =
            kept && kept->attribute(QNetworkRequest::HttpStatusCodeAttribute).isValid();
        if (answered)
            m_breakers.remove(
                TlsPins::originOf(kept->url())); // a header came: the peer answers again
        // One that ended without a header (its timeout, an abort) may have been what kept the
        // thread busy: the busy time counts again from now, against those still waiting — or
        // a request queued behind an endless header would be blamed for it.
        else if (left)
            m_busyFor = 0;
        if (m_waiting.isEmpty())
            m_timer.stop();
    };
    connect(reply, &QNetworkReply::metaDataChanged, this, settled);
    connect(reply, &QNetworkReply::finished, this, settled);
    if (!m_timer.isActive()) {
        m_lastCpu = httpThreadBusyMs();
        m_lastAt.start();
        m_busyFor = 0;
        m_timer.start();
    }
}

QString HeaderWatch::refusal(const QUrl &url) const
{
    const auto it = m_breakers.constFind(TlsPins::originOf(url));
    if (it == m_breakers.constEnd() || it->since.elapsed() >= it->openMs)
        return {};
    const qint64 left = (it->openMs - it->since.elapsed() + 999) / 1000;
    //: The breaker of a server that sent a response header without end; %1 the host:port
    return QCoreApplication::translate(
               "ApiClient",
               "%1 sent an answer whose header did not end; it is not asked again for %n s",
               nullptr, int(left))
        .arg(it.key().section(QLatin1String("://"), 1));
}

qint64 HeaderWatch::httpThreadBusyMs()
{
    const auto read = [](long tid) -> qint64 {
        // schedstat: "<ns on a CPU> <ns waiting in the run queue> <timeslices>"
        QFile sched(QStringLiteral("/proc/self/task/%1/schedstat").arg(tid));
        if (sched.open(QIODevice::ReadOnly)) {
            const QList<QByteArray> f = sched.readAll().trimmed().split(' ');
            bool onCpu = false, queued = false;
            const qint64 run = f.value(0).toLongLong(&onCpu);
            const qint64 wait = f.value(1).toLongLong(&queued);
            if (onCpu && queued)
                return (run + wait) / 1000000;
        }
        QFile stat(QStringLiteral("/proc/self/task/%1/stat").arg(tid));
        if (!stat.open(QIODevice::ReadOnly))
            return -1;
        const QByteArray s = stat.readAll();
        const qsizetype paren = s.lastIndexOf(')');
        if (paren < 0)
            return -1;
        const QList<QByteArray> f = s.mid(paren + 2).split(' ');
        if (f.size() < 13)
            return -1;
        // fields 14 and 15 of stat (utime, stime): 11 and 12 after the state
        const qint64 ticks = f[11].toLongLong() + f[12].toLongLong();
        static const long hz = ::sysconf(_SC_CLK_TCK);
        return ticks * 1000 / (hz > 0 ? hz : 100);
    };
    if (m_tid > 0) {
        const qint64 ms = read(m_tid);
        if (ms >= 0)
            return ms;
        m_tid = 0;
    }
    const QStringList tasks = QDir(QStringLiteral("/proc/self/task")).entryList(QDir::Dirs);
    for (const QString &t : tasks) {
        QFile comm(QStringLiteral("/proc/self/task/%1/comm").arg(t));
        // Qt 6.4 names it "QNetworkAccessManager thread" (the kernel keeps 15 bytes)
        const QByteArray name = comm.open(QIODevice::ReadOnly) ? comm.readAll() : QByteArray();
        if (name.startsWith("QNetworkAccess") || name.startsWith("Qt HTTP")) {
            m_tid = t.toLong();
            return read(m_tid);
        }
    }
    return -1;
}

void HeaderWatch::sample()
{
    if (m_waiting.removeAll(QPointer<QNetworkReply>()) > 0)
        m_busyFor = 0; // one went without a header: counted again from now (see watch())
    if (m_waiting.isEmpty()) {
        m_timer.stop();
        return;
    }
    const qint64 cpu = httpThreadBusyMs();
    const qint64 wall = m_lastAt.restart();
    if (cpu < 0 || m_lastCpu < 0 || wall <= 0) {
        m_lastCpu = cpu;
        return;
    }
    const double share = double(cpu - m_lastCpu) / double(wall);
    m_lastCpu = cpu;
    // runnable nearly all the time: spinning, whatever the load (a reader that waits for bytes
    // sleeps in poll and is not runnable)
    m_busyFor = share >= 0.8 ? m_busyFor + wall : 0;
    if (m_busyFor >= m_busyMs)
        trip();
}

void HeaderWatch::trip()
{
    m_busyFor = 0;
    QList<QUrl> hosts;
    for (const QPointer<QNetworkReply> &r : std::as_const(m_waiting)) {
        if (!r || r->attribute(QNetworkRequest::HttpStatusCodeAttribute).isValid())
            continue;
        const QUrl url = r->url();
        if (std::none_of(hosts.cbegin(), hosts.cend(), [&](const QUrl &u) {
                return TlsPins::originOf(u) == TlsPins::originOf(url);
            }))
            hosts.append(url);
    }
    for (const QUrl &url : hosts) {
        Breaker &b = m_breakers[TlsPins::originOf(url)];
        b.since.start();
        b.openMs = b.nextMs;
        b.nextMs = std::min<qint64>(b.nextMs * 2, 15 * 60 * 1000);
        qCWarning(lcWatch).noquote()
            << "a header without end from" << url.host() << url.port()
            << "- the connection is shut and the server not asked again for" << b.openMs / 1000
            << "s";
        shutDownSocketsTo(url); // the reader sees end of file: the requests fail
        // and the connections that were still being made then
        QTimer::singleShot(500, this, [url] { shutDownSocketsTo(url); });
    }
    // Requests to those origins not answered yet go too (one still connecting would read the
    // same header next); asked again, they meet the breaker.
    const QList<QPointer<QNetworkReply>> waiting = m_waiting;
    for (const QPointer<QNetworkReply> &r : waiting) {
        if (r && r->isRunning() && std::any_of(hosts.cbegin(), hosts.cend(), [&](const QUrl &u) {
                return TlsPins::originOf(u) == TlsPins::originOf(r->url());
            }))
            r->abort();
    }
}

} // namespace threadline::core
