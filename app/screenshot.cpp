// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "screenshot.h"

#include "say.h"
#include "thread/threadloader.h"

#include <QCoreApplication>
#include <QPixmap>
#include <QTimer>
#include <QWidget>

namespace threadline::app {

Screenshot::Screenshot(QWidget *window, QString path, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_path(std::move(path))
{
    if (wanted())
        QTimer::singleShot(30000, this, &Screenshot::take);
}

void Screenshot::take()
{
    if (!wanted() || m_taken)
        return;
    m_taken = true;
    QTimer::singleShot(1500, this, [this] {
        const bool saved = m_window->grab().save(m_path, "PNG");
        say(saved ? QStringLiteral("screenshot saved: %1").arg(m_path)
                  : QStringLiteral("screenshot not saved: %1").arg(m_path),
            saved ? stdout : stderr);
        QCoreApplication::exit(saved ? 0 : 1);
    });
}

void Screenshot::takeWhenLoaded(models::ThreadLoader *loader)
{
    connect(loader, &models::ThreadLoader::busyChanged, this, [this](bool busy) {
        if (!busy)
            take();
    });
    QTimer::singleShot(8000, this, &Screenshot::take);
}

} // namespace threadline::app
