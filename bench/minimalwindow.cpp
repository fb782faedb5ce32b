// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// minimalwindow: the smallest Qt Widgets program with a window — the baseline the client's cold
// start is compared with (bench/bench_coldstart.cpp, docs/performance.md "Start-up: cold start and first paint"). A
// QApplication, a window of one label at the size asked for, shown; its first painted frame
// reported as the client reports its own (app/firstpaint.h), then it quits.
//   minimalwindow [--size WxH] [--stay]
#include "firstpaint.h"

#include <QApplication>
#include <QLabel>
#include <QStringList>
#include <QVBoxLayout>
#include <QWidget>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    QSize size(1200, 800);
    if (const qsizetype i = args.indexOf(QStringLiteral("--size")); i >= 0 && i + 1 < args.size()) {
        const QStringList wh = args.at(i + 1).split(QLatin1Char('x'));
        if (wh.size() == 2)
            size = QSize(wh.at(0).toInt(), wh.at(1).toInt());
    }
    const bool stay = args.contains(QStringLiteral("--stay"));

    QWidget window;
    window.setWindowTitle(QStringLiteral("Minimal window"));
    auto *layout = new QVBoxLayout(&window);
    layout->addWidget(new QLabel(QStringLiteral("Hello"), &window), 0, Qt::AlignCenter);
    window.resize(size);
    threadline::firstpaint::FirstPaintProbe probe(&window, "first-paint", [&] {
        if (!stay)
            app.quit();
    });
    window.show();
    return app.exec();
}
