// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The post card's measures, shared by its layout (postcardlayout.cpp) and its painting
// (postdelegate.cpp), internal to PostDelegate: spacing, the avatar's and the icons' sizes, the
// pictures' grid, the small font of the card's secondary lines, and a row's post id.
#pragma once

#include "timeline/timelinemodel.h"

#include <QFont>
#include <QModelIndex>

#include <algorithm>
#include <cmath>

namespace threadline::ui::postcard {

inline constexpr int kMargin = 12;     // left and right of the card
inline constexpr int kPad = 12;        // above and below the card's content
inline constexpr int kAvatar = 40;     // the avatar's side
inline constexpr int kColumnGap = 10;  // between the avatar and the column of everything else
inline constexpr int kGridGap = 4;     // between pictures
inline constexpr int kTileMax = 112;   // a picture of a grid at most
inline constexpr int kSingleMax = 280; // a single picture's width at most
inline constexpr int kIcon = 16;       // the like and comment icons
inline constexpr int kPanelPad = 8;    // inside the light panel
inline constexpr int kRankBadge = 26;  // a ranking's badge (1, 2, 3…) left of the avatar
inline constexpr int kRankGap = 8;     // between the badge and the avatar
inline constexpr qreal kLineSpacing = 2.0;
// The card's secondary lines (time · device, marks, picture placeholders).
inline QFont smallFont(QFont font)
{
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * 0.88);
    else if (font.pixelSize() > 0)
        font.setPixelSize(std::max(8, int(std::lround(font.pixelSize() * 0.88))));
    return font;
}

inline qint64 postIdOf(const QModelIndex &index)
{
    return index.data(models::TimelineModel::IdRole).toLongLong();
}

} // namespace threadline::ui::postcard
