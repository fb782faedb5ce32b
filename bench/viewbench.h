// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What the view benchmarks share: percentiles of timings, and a viewport painted into an image
// (a frame as the user would get it, whatever the platform does with the window).
#pragma once

#include <QImage>
#include <QWidget>

#include <algorithm>
#include <vector>

namespace threadline::bench {

// The p-th percentile (0 … 1) of v, by rank.
inline double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, size_t(double(v.size()) * p))];
}

inline double median(const std::vector<double> &v)
{
    return percentile(v, 0.5);
}

// A viewport rendered into an image of its size.
struct Canvas
{
    explicit Canvas(QWidget *viewport)
        : viewport(viewport)
    {
    }
    void render()
    {
        if (image.size() != viewport->size())
            image = QImage(viewport->size(), QImage::Format_ARGB32_Premultiplied);
        viewport->render(&image);
    }
    QWidget *viewport;
    QImage image;
};

} // namespace threadline::bench
