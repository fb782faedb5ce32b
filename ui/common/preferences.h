// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The settings of the Preferences dialog that outlive a run (QSettings), and applying them: the
// language (at once, by swapping the app's translators: every window retranslates on
// QEvent::LanguageChange), the image cache's size limit, starting offline. app/ reads
// them at the start (commandline.cpp: language, theme; startupflow.cpp: offline, image cache;
// `--lang` and `--offline` on the command line win); the time zone and the comments a card shows
// are MainWindow's own settings (MainWindow::setUseSystemTimeZone, setInlineCommentCount).
#pragma once

#include <QLocale>
#include <QString>

namespace threadline::core {
class ImageCache;
}

namespace threadline::ui::preferences {

inline constexpr auto kLanguageKey = "ui/language";            // "", "zh_CN" or "en"
inline constexpr auto kImageCacheMBKey = "images/diskCacheMB"; // the disk cache's limit
inline constexpr auto kStartOfflineKey = "core/startOffline";  // bool

// The languages offered, as codes ("" is the system's).
inline constexpr auto kSystemLanguage = "";
inline constexpr auto kChinese = "zh_CN";
inline constexpr auto kEnglish = "en";

// The saved language code ("" when none, or one this build does not know).
[[nodiscard]] QString language();
// The locale a code stands for (the system's for "").
[[nodiscard]] QLocale localeFor(const QString &code);
// Installs the language's translations now (QEvent::LanguageChange follows for every widget)
// and remembers it.
void setLanguage(const QString &code);

// The image cache's disk limit in MB (default: ImageCache's 200 MB), 10 to 10,000.
inline constexpr int kMinImageCacheMB = 10;
inline constexpr int kMaxImageCacheMB = 10000;
[[nodiscard]] int imageCacheMB();
// Applies it to images (may be null) and remembers it.
void setImageCacheMB(core::ImageCache *images, int mib);
// The remembered limit, applied at the start.
void applyImageCacheLimit(core::ImageCache *images);

[[nodiscard]] bool startOffline();
void setStartOffline(bool offline);
// Do not disturb: no notifications on the desktop (the app's page and badge still count).
inline constexpr auto kDoNotDisturbKey = "notifications/doNotDisturb"; // bool
[[nodiscard]] bool doNotDisturb();
void setDoNotDisturb(bool on);

// "12.3" (megabytes of 1,048,576 bytes, as the limit counts them; in the user's locale).
[[nodiscard]] QString megabytes(qint64 bytes);

} // namespace threadline::ui::preferences
