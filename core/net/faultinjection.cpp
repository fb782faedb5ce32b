// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/faultinjection.h"

#include <QRandomGenerator>
#include <QStringList>

#include <cmath>

namespace threadline::core {

namespace {

double clampRate(double r)
{
    if (std::isnan(r) || r <= 0)
        return 0;
    return r >= 1 ? 1 : r;
}

// True with probability `rate`; draws nothing when the answer is certain.
bool chance(double rate, QRandomGenerator &rng)
{
    if (rate <= 0)
        return false;
    if (rate >= 1)
        return true;
    return rng.generateDouble() < rate;
}

} // namespace

bool FaultConfig::isActive() const
{
    const FaultConfig n = normalized();
    return n.latencyMs > 0 || n.errorRate > 0 || n.dropRate > 0;
}

FaultConfig FaultConfig::normalized() const
{
    FaultConfig n;
    n.latencyMs = latencyMs > 0 ? latencyMs : 0;
    n.errorRate = clampRate(errorRate);
    n.dropRate = clampRate(dropRate);
    return n;
}

std::optional<FaultConfig> FaultConfig::parse(const QString &text)
{
    FaultConfig config;
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty() || trimmed.compare(QLatin1String("off"), Qt::CaseInsensitive) == 0)
        return config;
    const QStringList parts = trimmed.split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString &part : parts) {
        const qsizetype eq = part.indexOf(QLatin1Char('='));
        if (eq <= 0)
            return std::nullopt;
        const QString key = part.left(eq).trimmed().toLower();
        const QString value = part.mid(eq + 1).trimmed();
        bool ok = false;
        if (key == QLatin1String("latency")) {
            const int ms = value.toInt(&ok);
            if (!ok || ms < 0)
                return std::nullopt;
            config.latencyMs = ms;
        } else if (key == QLatin1String("error") || key == QLatin1String("drop")) {
            const double rate = value.toDouble(&ok);
            if (!ok || std::isnan(rate) || rate < 0 || rate > 1)
                return std::nullopt;
            (key == QLatin1String("error") ? config.errorRate : config.dropRate) = rate;
        } else {
            return std::nullopt;
        }
    }
    return config;
}

QString FaultConfig::toString() const
{
    const FaultConfig n = normalized();
    if (!n.isActive())
        return QStringLiteral("off");
    return QStringLiteral("latency=%1,error=%2,drop=%3")
        .arg(n.latencyMs)
        .arg(QString::number(n.errorRate, 'g', 6))
        .arg(QString::number(n.dropRate, 'g', 6));
}

FaultDecision FaultDecision::roll(const FaultConfig &config, QRandomGenerator &rng)
{
    const FaultConfig n = config.normalized();
    FaultDecision d;
    d.delayMs = n.latencyMs;
    d.syntheticError = chance(n.errorRate, rng);
    d.drop = !d.syntheticError && chance(n.dropRate, rng);
    return d;
}

} // namespace threadline::core
