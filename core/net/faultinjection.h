// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// QA fault injection at the API client's layer (ApiClient::setFaultConfig): added latency,
// synthetic 503 answers and dropped connections, each decided per attempt, so that the retry,
// outbox and offline paths can be exercised against a healthy server.
//
// What each fault does to one attempt, in this order:
//   latencyMs  the attempt waits this long before it is sent (the timeout starts after it);
//   errorRate  the attempt is answered at once with a synthetic 503
//              {"error":{"code":"fault_injected",…}} — no request reaches the server;
//   dropRate   the request is sent and the server handles it, but its answer is thrown away and
//              the attempt fails as a Network error ("the connection was dropped") — the case
//              where a POST happened and the client cannot know, which idempotency keys cover.
#pragma once

#include <QString>

#include <optional>

class QRandomGenerator;

namespace threadline::core {

struct FaultConfig
{
    int latencyMs = 0;    // added before every attempt
    double errorRate = 0; // 0..1: share of attempts answered with a synthetic 503
    double dropRate = 0;  // 0..1: share of attempts whose answer is lost (Network error)

    // True when any fault is configured.
    [[nodiscard]] bool isActive() const;
    // Values clamped into range (negative latency 0, rates into 0..1, NaN 0).
    [[nodiscard]] FaultConfig normalized() const;
    // "latency=300,error=0.1,drop=0.05" (any subset, any order; "" or "off" is no fault), as the
    // command line and the QA settings write it. nullopt on a malformed text.
    [[nodiscard]] static std::optional<FaultConfig> parse(const QString &text);
    // The inverse of parse(): "latency=300,error=0.1,drop=0.05", or "off".
    [[nodiscard]] QString toString() const;

    friend bool operator==(const FaultConfig &, const FaultConfig &) = default;
};

// What the faults do to one attempt (FaultConfig's comment says in which order).
struct FaultDecision
{
    int delayMs = 0;
    bool syntheticError = false; // answer with a synthetic 503, send nothing
    bool drop = false;           // send, then lose the answer (only when !syntheticError)

    // Rolls the dice for one attempt.
    [[nodiscard]] static FaultDecision roll(const FaultConfig &config, QRandomGenerator &rng);
};

} // namespace threadline::core
