// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The remembered preferences and applying them (see preferences.h).
#include "common/preferences.h"

#include "i18n.h"
#include "images/imagecache.h"

#include <QCoreApplication>
#include <QSettings>

#include <algorithm>

namespace threadline::ui::preferences {

QString language()
{
    const QString code = QSettings().value(QLatin1String(kLanguageKey)).toString();
    return code == QLatin1String(kChinese) || code == QLatin1String(kEnglish) ? code : QString();
}

QLocale localeFor(const QString &code)
{
    return code.isEmpty() ? QLocale::system() : QLocale(code);
}

void setLanguage(const QString &code)
{
    QSettings().setValue(QLatin1String(kLanguageKey), code);
    if (QCoreApplication *app = QCoreApplication::instance())
        installTranslations(*app, localeFor(code));
}

int imageCacheMB()
{
    constexpr int fallback = int(core::ImageCache::kDefaultDiskCacheBytes / (1024 * 1024));
    bool ok = false;
    const int mib = QSettings().value(QLatin1String(kImageCacheMBKey), fallback).toInt(&ok);
    return ok ? std::clamp(mib, kMinImageCacheMB, kMaxImageCacheMB) : fallback;
}

void setImageCacheMB(core::ImageCache *images, int mib)
{
    mib = std::clamp(mib, kMinImageCacheMB, kMaxImageCacheMB);
    QSettings().setValue(QLatin1String(kImageCacheMBKey), mib);
    if (images && images->diskCacheMaxBytes() != qint64(mib) * 1024 * 1024)
        images->setDiskCacheMaxBytes(qint64(mib) * 1024 * 1024);
}

void applyImageCacheLimit(core::ImageCache *images)
{
    if (images && QSettings().contains(QLatin1String(kImageCacheMBKey)))
        images->setDiskCacheMaxBytes(qint64(imageCacheMB()) * 1024 * 1024);
}

bool startOffline()
{
    return QSettings().value(QLatin1String(kStartOfflineKey), false).toBool();
}

void setStartOffline(bool offline)
{
    QSettings().setValue(QLatin1String(kStartOfflineKey), offline);
}

bool doNotDisturb()
{
    return QSettings().value(QLatin1String(kDoNotDisturbKey), false).toBool();
}

void setDoNotDisturb(bool on)
{
    QSettings().setValue(QLatin1String(kDoNotDisturbKey), on);
}

QString megabytes(qint64 bytes)
{
    return QLocale().toString(double(bytes) / (1024.0 * 1024.0), 'f', 1);
}

} // namespace threadline::ui::preferences
