// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// User names in composed labels are isolated (U+2068 … U+2069, core/wire/usertext.h); tests compare
// without the isolation marks where the words are what is checked.
#pragma once

#include <QChar>
#include <QString>

[[maybe_unused]] inline QString withoutIsolates(QString s)
{
    s.remove(QChar(0x2068));
    s.remove(QChar(0x2069));
    return s;
}
