// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The demo world's images (demoimages.cpp).
#pragma once

#include <QImage>
#include <QString>

namespace threadline::server::demo {

// Shapes, gradients and colours only (no fonts: there is no QGuiApplication).
QImage makeAvatar(int index);
QImage makePicture(quint32 seed);
QString randomMediaName();

} // namespace threadline::server::demo
