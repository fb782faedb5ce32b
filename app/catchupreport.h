// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The coming-back benchmark's view of a run (bench/bench_comeback.py; docs/performance.md):
// with THREADLINE_LOOP_PROBE=1 an event-loop latency probe (core/looplatency.h) watches the GUI
// thread from the first turn of its event loop, and one line on stdout says when what is open
// became current — the All page's first page from the server shown and a /sync round run to
// its end (hasMore false), after a 410 the fresh round and the pages' refresh:
//
//   current 1834.2 ms after start, 24113 changes applied in 245 batches, all-newest 5912
//
// At exit (or with THREADLINE_QUIT_WHEN_CURRENT=1, a second after that line) the probe's
// report follows ("loop-latency …"). Nothing runs without the variable.
#pragma once

#include <QObject>

#include <memory>

namespace threadline::core {
class AppCore;
class LoopLatencyProbe;
} // namespace threadline::core
namespace threadline::ui {
class MainWindow;
}

namespace threadline::app {

class CatchUpReport : public QObject
{
    Q_OBJECT
public:
    CatchUpReport(core::AppCore *core, ui::MainWindow *window, QObject *parent = nullptr);
    ~CatchUpReport() override;

    [[nodiscard]] bool isOn() const { return m_on; }
    // The account's pages exist (StartupFlow): the All page is watched from here.
    void accountStarted();

private:
    void check();

    core::AppCore *m_core;
    ui::MainWindow *m_window;
    bool m_on = false;
    bool m_quitWhenCurrent = false;
    bool m_allCurrent = false;
    bool m_syncDone = false;
    bool m_said = false;
    int m_changes = 0;
    int m_pages = 0;
    std::unique_ptr<core::LoopLatencyProbe> m_probe;
};

} // namespace threadline::app
