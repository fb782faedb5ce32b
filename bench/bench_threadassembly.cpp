// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Thread assembly: the grouped one-pass build against the naive recursive one, in the
// same run. Prints medians over --runs runs (default 9) and the extra heap the grouped pass
// allocates (glibc mallinfo2: bytes in use after minus before, the result kept alive).
//   cmake --build build --target bench_threadassembly && build/bench/bench_threadassembly
#include "thread/threadassembly.h"
#include "thread/threadgen.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <algorithm>
#include <cstdio>
#include <malloc.h>

using namespace threadline::models;

namespace {
template<class F> double medianMs(int runs, F &&f)
{
    std::vector<double> t;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer timer;
        timer.start();
        f();
        t.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    int runs = 9;
    const QStringList args = app.arguments();
    if (const qsizetype i = args.indexOf(QStringLiteral("--runs")); i >= 0 && i + 1 < args.size())
        runs = std::max(1, args.at(i + 1).toInt());
    printf("| comments | floors | grouped median | naive median | ratio | grouped extra heap |\n");
    printf("|---:|---:|---:|---:|---:|---:|\n");
    struct Case
    {
        int total, roots;
        bool naive;
    };
    for (const Case c :
         {Case{1800, 200, true}, Case{10000, 1000, true}, Case{100000, 5000, false}}) {
        const auto rows = testing::makeThread(c.total, c.roots);
        volatile qsizetype sink = 0;
        const double grouped =
            medianMs(runs, [&] { sink = sink + assembleThread(rows).floors.size(); });
        const size_t before = mallinfo2().uordblks;
        const ThreadIndex kept = assembleThread(rows);
        const size_t after = mallinfo2().uordblks;
        sink = sink + kept.floors.size();
        double naive = 0;
        if (c.naive)
            naive = medianMs(std::max(3, runs / 3),
                             [&] { sink = sink + assembleThreadNaive(rows).floors.size(); });
        printf("| %d | %d | %.3f ms | %s | %s | %.1f MB |\n", c.total, c.roots, grouped,
               c.naive ? qPrintable(QString::number(naive, 'f', 2) + QStringLiteral(" ms")) : "—",
               c.naive ? qPrintable(QString::number(naive / grouped, 'f', 0) + QStringLiteral("×"))
                       : "—",
               double(after - before) / (1024.0 * 1024.0));
    }
    return 0;
}
