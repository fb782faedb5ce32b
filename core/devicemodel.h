// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The raw device model this machine reports in a new post's `device` field (api-v1.md: the
// server maps it through its device table to a display name, e.g. "oneplus a6000" → "一加 6").
//
//   post.device = core::rawDeviceModel();
//
// Where it comes from, first match wins:
// 1. THREADLINE_DEVICE (tests, QA), when set and not blank;
// 2. /sys/class/dmi/id/product_name (Linux), trimmed, unless it is a firmware placeholder
//    ("To be filled by O.E.M.", "System Product Name", "Default string", …);
// 3. QSysInfo::prettyProductName() (the operating system's name: better than nothing).
// The host name is never used (it names a person's machine, not a model). The result is
// simplified (runs of white space become one space, control characters dropped) and capped at
// 100 code points, the server's limit, never splitting a surrogate pair.
#pragma once

#include <QString>

namespace threadline::core {

inline constexpr int kMaxDeviceModelCodePoints = 100;
inline constexpr char kDeviceEnvVar[] = "THREADLINE_DEVICE";
inline constexpr char kDmiProductNamePath[] = "/sys/class/dmi/id/product_name";

// The model to report, as above.
[[nodiscard]] QString rawDeviceModel();

// The pieces, for tests: the same rules with the sources given. Each argument may be empty.
[[nodiscard]] QString deviceModelFrom(const QString &override, const QString &firmwareName,
                                      const QString &systemName);
// The first line of a DMI-style file (at most 1 KiB read); "" when it cannot be read.
[[nodiscard]] QString readFirmwareName(const QString &path);
// True for the strings firmware writes when the vendor filled nothing in.
[[nodiscard]] bool isPlaceholderModel(const QString &name);
// Simplified, control characters dropped, at most maxCodePoints code points.
[[nodiscard]] QString cleanDeviceModel(const QString &name,
                                       int maxCodePoints = kMaxDeviceModelCodePoints);

} // namespace threadline::core
