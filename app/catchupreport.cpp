// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "catchupreport.h"

#include "appcore.h"
#include "firstpaint.h"
#include "looplatency.h"
#include "syncengine.h"
#include "timeline/timelinefeed.h"
#include "timeline/timelinemodel.h"
#include "window/mainwindow.h"

#include <QCoreApplication>
#include <QTimer>

#include <cstdio>

namespace threadline::app {

CatchUpReport::CatchUpReport(core::AppCore *core, ui::MainWindow *window, QObject *parent)
    : QObject(parent)
    , m_core(core)
    , m_window(window)
    , m_on(qEnvironmentVariableIntValue("THREADLINE_LOOP_PROBE") == 1)
    , m_quitWhenCurrent(m_on && qEnvironmentVariableIntValue("THREADLINE_QUIT_WHEN_CURRENT") == 1)
{
    if (!m_on)
        return;
    m_probe = std::make_unique<core::LoopLatencyProbe>();
    QTimer::singleShot(0, m_probe.get(), [this] { m_probe->start(); }); // the loop's first turn
    core::SyncEngine *sync = m_core->sync();
    connect(sync, &core::SyncEngine::changesApplied, this,
            [this](const QList<core::Change> &changes) {
                m_changes += int(changes.size());
                ++m_pages;
            });
    connect(sync, &core::SyncEngine::synced, this, [this, sync] {
        if (!sync->isSyncing()) {
            m_syncDone = true;
            check();
        }
    });
    connect(sync, &core::SyncEngine::cursorExpired, this, [this] {
        // a fresh round and the pages' refresh follow: current once both are done
        m_syncDone = false;
        m_allCurrent = false;
        m_said = false;
        std::printf("cursor-expired %.1f ms after start\n", firstpaint::sinceProcessStartMs());
        std::fflush(stdout);
    });
}

CatchUpReport::~CatchUpReport()
{
    if (m_probe) {
        std::printf("%s\n", qPrintable(m_probe->report()));
        std::fflush(stdout);
    }
}

void CatchUpReport::accountStarted()
{
    if (!m_on)
        return;
    models::TimelineFeed *all = m_window->feed(ui::MainWindow::Page::All);
    if (!all)
        return;
    connect(all, &models::TimelineFeed::refreshed, this, [this] {
        m_allCurrent = true;
        check();
    });
}

void CatchUpReport::check()
{
    if (m_said || !m_allCurrent || !m_syncDone)
        return;
    m_said = true;
    const models::TimelineModel *model = m_window->timelineModel(ui::MainWindow::Page::All);
    const qint64 newest = model && model->rowCount() > 0 ? model->postIdAt(0) : 0;
    std::printf("current %.1f ms after start, %d changes applied in %d batches, all-newest %lld\n",
                firstpaint::sinceProcessStartMs(), m_changes, m_pages, qlonglong(newest));
    std::fflush(stdout);
    if (m_quitWhenCurrent) // a second more: what the round left behind (writes, paints) counts
        QTimer::singleShot(1000, qApp, &QCoreApplication::quit);
}

} // namespace threadline::app
