// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "faultcontrol.h"

#include "net/apiclient.h"

namespace threadline::models {

FaultControl::FaultControl(core::ApiClient *api, QObject *parent)
    : QObject(parent)
    , m_api(api)
{
    if (!m_api)
        return;
    connect(m_api, &core::ApiClient::faultConfigChanged, this, &FaultControl::faultConfigChanged);
    connect(m_api, &core::ApiClient::offlineChanged, this, &FaultControl::offlineChanged);
}

core::FaultConfig FaultControl::faultConfig() const
{
    return m_api ? m_api->faultConfig() : core::FaultConfig();
}

void FaultControl::setFaultConfig(const core::FaultConfig &faults)
{
    if (m_api)
        m_api->setFaultConfig(faults);
}

bool FaultControl::isOffline() const
{
    return m_api && m_api->isOffline();
}

void FaultControl::setOffline(bool offline)
{
    if (m_api)
        m_api->setOffline(offline);
}

} // namespace threadline::models
