// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Drafts (a new post, a comment) are written to the settings file once typing pauses, not on
// every key: writeDraftSoon() starts (or restarts) a 500 ms timer made on first use, or writes at
// once when `now` (an emptied draft is forgotten at once).
#pragma once

#include <QObject>
#include <QTimer>

#include <functional>

namespace threadline::ui {

inline void writeDraftSoon(QTimer *&timer, QObject *owner, bool now,
                           const std::function<void()> &write)
{
    if (now) {
        if (timer)
            timer->stop();
        write();
        return;
    }
    if (!timer) {
        timer = new QTimer(owner);
        timer->setSingleShot(true);
        timer->setInterval(500);
        QObject::connect(timer, &QTimer::timeout, owner, write);
    }
    timer->start();
}

} // namespace threadline::ui
