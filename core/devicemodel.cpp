// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "devicemodel.h"

#include <QFile>
#include <QStringList>
#include <QSysInfo>

namespace threadline::core {

QString cleanDeviceModel(const QString &name, int maxCodePoints)
{
    QString kept;
    kept.reserve(name.size());
    for (const QChar c : name) {
        const auto cat = c.category();
        if (cat == QChar::Other_Control || cat == QChar::Other_Format)
            kept.append(QLatin1Char(' ')); // tabs and newlines become space, bidi controls go
        else
            kept.append(c);
    }
    kept = kept.simplified();
    QString out;
    int points = 0;
    for (qsizetype i = 0; i < kept.size() && points < maxCodePoints; ++i, ++points) {
        out.append(kept.at(i));
        if (kept.at(i).isHighSurrogate() && i + 1 < kept.size() && kept.at(i + 1).isLowSurrogate())
            out.append(kept.at(++i));
    }
    return out.trimmed(); // a cut may leave a space at the end
}

bool isPlaceholderModel(const QString &name)
{
    // What AMI, Insyde, Phoenix and board vendors leave in the DMI tables when nobody filled
    // them in, compared without case and without the dots and spaces they vary in.
    static const QStringList placeholders = {
        QStringLiteral("tobefilledbyoem"),
        QStringLiteral("systemproductname"),
        QStringLiteral("defaultstring"),
        QStringLiteral("notapplicable"),
        QStringLiteral("notspecified"),
        QStringLiteral("none"),
        QStringLiteral("oem"),
        QStringLiteral("systemname"),
        QStringLiteral("productname"),
        QStringLiteral("unknown"),
        QStringLiteral("invalid"),
        QStringLiteral("xx"),
        QStringLiteral("0123456789"),
        QStringLiteral("123456789"),
        QStringLiteral("allseries"),
        QStringLiteral("type1productconfigid"),
        QStringLiteral("na"),
        QStringLiteral("null"),
    };
    QString key;
    for (const QChar c : name)
        if (c.isLetterOrNumber())
            key.append(c.toLower());
    return key.isEmpty() || placeholders.contains(key);
}

QString readFirmwareName(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = f.read(1024);
    const qsizetype nl = bytes.indexOf('\n');
    return QString::fromUtf8(nl >= 0 ? bytes.left(nl) : bytes).trimmed();
}

QString deviceModelFrom(const QString &override, const QString &firmwareName,
                        const QString &systemName)
{
    if (const QString o = cleanDeviceModel(override); !o.isEmpty())
        return o;
    if (const QString f = cleanDeviceModel(firmwareName); !isPlaceholderModel(f))
        return f;
    return cleanDeviceModel(systemName);
}

QString rawDeviceModel()
{
    const QString override = qEnvironmentVariable(kDeviceEnvVar);
    if (!override.trimmed().isEmpty())
        return deviceModelFrom(override, {}, {});
    return deviceModelFrom({}, readFirmwareName(QString::fromLatin1(kDmiProductNamePath)),
                           QSysInfo::prettyProductName());
}

} // namespace threadline::core
