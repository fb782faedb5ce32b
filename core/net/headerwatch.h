// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// HeaderWatch: a peer whose response header never ends costs one core for a moment, not for as
// long as it sends, and is not asked again at once.
//
// Qt 6.4 reads a response header a byte at a time, with no limit, on the network manager's HTTP
// thread (stucksockets.h). A request's timeout ends it — after 15 s of a busy core, and the app
// asks again. So, while requests wait for their headers, the HTTP thread is sampled twice a second:
// the time it was runnable — on a CPU or waiting in the run queue for one
// (/proc/self/task/<tid>/schedstat of the "QNetworkAccessManager thread"; its CPU time from
// .../stat where there is no schedstat). A spinning reader is runnable all the time however loaded
// the machine is, while its CPU share falls with the load (below a third of a core at a load of 8
// on 2 cores). Runnable 80 % of the time for 1.5 s on end with a request still header-less means a
// header is being read that does not end; the 1.5 s count again whenever a request leaves without
// a header (its timeout, an abort), so one queued behind an endless header is not blamed. The
// sockets to those requests' hosts are shut down (the reader sees end of file; the requests fail),
// and each such origin is not asked again for a while — a circuit breaker: 60 s, then twice as long
// each time up to 15 min, closed again by the first answer with a header. Requests in that time
// fail at once in words ("… sent a header without end; not asked again for 60 s").
#pragma once

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>
#include <QUrl>

class QNetworkReply;

namespace threadline::core {

class HeaderWatch : public QObject
{
    Q_OBJECT
public:
    explicit HeaderWatch(QObject *parent = nullptr);

    // A reply under way: watched until its headers come or it ends.
    void watch(QNetworkReply *reply);
    // Why a request to `url` is not sent now ("" when it may be).
    [[nodiscard]] QString refusal(const QUrl &url) const;

    // For tests: the sampling interval and the busy time that trips the breaker.
    void setTiming(int sampleMs, int busyMs);

private:
    struct Breaker
    {
        QElapsedTimer since;
        qint64 openMs = 0;     // refused while since.elapsed() < openMs
        qint64 nextMs = 60000; // the next trip's back-off
    };
    void sample();
    void trip();
    // Runnable time (ms) of the manager's HTTP thread so far (its CPU time where the kernel
    // keeps no schedstat); -1 when it is not found.
    qint64 httpThreadBusyMs();

    QList<QPointer<QNetworkReply>> m_waiting; // no header yet
    QHash<QString, Breaker> m_breakers;
    QTimer m_timer;
    int m_sampleMs = 500;
    int m_busyMs = 1500;
    qint64 m_lastCpu = -1;
    QElapsedTimer m_lastAt;
    qint64 m_busyFor = 0;
    long m_tid = 0;
};

} // namespace threadline::core
