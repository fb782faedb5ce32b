// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// --screenshot PATH: the window saved as a PNG once the first page has loaded (or said why not)
// and an opened thread too, then the program ends: 0 when saved, 1 otherwise. Images get a
// moment to arrive; never more than 30 s in all.
#pragma once

#include <QObject>
#include <QString>

class QWidget;

namespace threadline::models {
class ThreadLoader;
}

namespace threadline::app {

class Screenshot : public QObject
{
    Q_OBJECT
public:
    // An empty `path`: no screenshot is wanted, take() does nothing.
    Screenshot(QWidget *window, QString path, QObject *parent = nullptr);

    [[nodiscard]] bool wanted() const { return !m_path.isEmpty(); }
    // Once: 1.5 s later the window is saved, a line says so and the program ends.
    void take();
    // take() once `loader` is no longer busy (an opened thread has loaded), 8 s at most.
    void takeWhenLoaded(models::ThreadLoader *loader);

private:
    QWidget *m_window;
    QString m_path;
    bool m_taken = false;
};

} // namespace threadline::app
