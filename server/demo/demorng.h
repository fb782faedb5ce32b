// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The demo world's random generator: a fixed seed, so the same world every time (relative to now).
#pragma once

#include <QRandomGenerator>
#include <QString>
#include <QStringList>

#include <algorithm>
#include <vector>

namespace threadline::server::demo {

// Deterministic pseudo-random helpers (fixed seed: the same world every time, relative to now).
// Random draws are sequenced (own statements or braced lists), never unsequenced function
// arguments, so that every compiler builds the same world. The steps below draw in the order
// seedDemo() calls them: reordering them changes the world.

class Rng
{
public:
    explicit Rng(quint32 seed)
        : m_gen(seed)
    {
    }
    int range(int lo, int hiInclusive) { return int(m_gen.bounded(lo, hiInclusive + 1)); }
    qint64 range64(qint64 lo, qint64 hiInclusive)
    {
        return hiInclusive <= lo ? lo : m_gen.bounded(lo, hiInclusive + 1);
    }
    double real() { return m_gen.generateDouble(); }
    bool chance(double p) { return real() < p; }
    template<typename T> const T &pick(const std::vector<T> &v)
    {
        return v[size_t(m_gen.bounded(int(v.size())))];
    }
    // one element of a text list
    const QString &pick(const QStringList &list) { return list[range(0, int(list.size()) - 1)]; }
    // k distinct elements of v (partial Fisher–Yates on a copy)
    template<typename T> std::vector<T> sample(std::vector<T> v, int k)
    {
        k = std::min<int>(k, int(v.size()));
        for (int i = 0; i < k; ++i)
            std::swap(v[size_t(i)], v[size_t(range(i, int(v.size()) - 1))]);
        v.resize(size_t(k));
        return v;
    }

private:
    QRandomGenerator m_gen;
};

} // namespace threadline::server::demo
