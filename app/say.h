// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// One line for whoever runs the client from a script: on stdout (or `to`), flushed at once.
#pragma once

#include <QString>
#include <cstdio>

namespace threadline::app {

inline void say(const QString &line, FILE *to = stdout)
{
    std::fprintf(to, "%s\n", line.toLocal8Bit().constData());
    std::fflush(to);
}

} // namespace threadline::app
