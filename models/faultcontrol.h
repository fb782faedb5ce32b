// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// QA's switches while the app runs, without the API client itself: the faults injected into the
// next requests (core/net/faultinjection.h) and the offline switch. The QA panel and the status
// bar's "Faults on: …" read and set them here (models::Feeds::faults()).
#pragma once

#include "net/faultinjection.h"

#include <QObject>
#include <QPointer>

namespace threadline::core {
class ApiClient;
}

namespace threadline::models {

class FaultControl : public QObject
{
    Q_OBJECT
public:
    explicit FaultControl(core::ApiClient *api, QObject *parent = nullptr);

    // False without a client (nothing to switch).
    [[nodiscard]] bool isAvailable() const { return !m_api.isNull(); }
    [[nodiscard]] core::FaultConfig faultConfig() const;
    void setFaultConfig(const core::FaultConfig &faults);
    [[nodiscard]] bool isOffline() const;
    void setOffline(bool offline);

Q_SIGNALS:
    void faultConfigChanged(const threadline::core::FaultConfig &faults);
    void offlineChanged(bool offline);

private:
    QPointer<core::ApiClient> m_api;
};

} // namespace threadline::models
