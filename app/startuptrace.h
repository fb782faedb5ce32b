// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The start-up's clock, from the first line of main(). THREADLINE_STARTUP_TRACE=1 prints each
// step on stderr, in ms since then:
//
//   startup   112.4 ms  MainWindow
#pragma once

#include <QElapsedTimer>
#include <QtGlobal>
#include <cstdio>

namespace threadline::app {

class StartupTrace
{
public:
    StartupTrace()
    {
        m_since.start(); // monotonic
        m_on = qEnvironmentVariableIntValue("THREADLINE_STARTUP_TRACE") == 1;
    }

    // With THREADLINE_STARTUP_TRACE=1: one line on stderr, the time and `what` was done.
    void step(const char *what) const
    {
        if (m_on)
            std::fprintf(stderr, "startup %7.1f ms  %s\n", m_since.nsecsElapsed() / 1e6, what);
    }
    // ms since main() began
    [[nodiscard]] qint64 elapsedMs() const { return m_since.elapsed(); }

private:
    QElapsedTimer m_since;
    bool m_on = false;
};

} // namespace threadline::app
