// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "outbox/likecoalescer.h"

namespace threadline::core {

void LikeCoalescer::makeUncertain(OutboxEntry &e)
{
    if (e.kind == OutboxEntry::Kind::CommentVote)
        e.baseline = e.desired == 0 ? kUnknownVote : 0;
    else
        e.baseline = e.desired ? 0 : 1;
}

LikeCoalescer::Decision
LikeCoalescer::decide(const std::optional<OutboxEntry> &pending, bool uncertain,
                      const std::optional<OutboxEntry> &inFlight, int callerBaseline, int desired,
                      const QString &description, qint64 notBefore, const OutboxEntry &fresh)
{
    Decision d;
    if (pending) {
        if (desired == pending->baseline && !uncertain) {
            d.action = Decision::Action::Drop;
            d.entry = *pending;
            return d;
        }
        d.action = Decision::Action::Write;
        d.entry = *pending;
        d.entry.desired = desired;
        if (uncertain)
            makeUncertain(d.entry);
        d.entry.notBefore = notBefore;
        if (!description.isEmpty())
            d.entry.description = description;
        // A new desired state is a new attempt: the backoff of the old one does not apply.
        d.entry.nextAttemptAt = 0;
        d.entry.attempts = 0;
        d.entry.lastError.clear();
        d.entry.lastErrorText.clear();
        return d;
    }
    const int baseline = inFlight ? inFlight->desired : callerBaseline;
    if (desired == baseline)
        return d; // Nothing
    d.action = Decision::Action::Write;
    d.entry = fresh;
    d.entry.baseline = baseline;
    d.entry.desired = desired;
    d.entry.notBefore = notBefore;
    d.entry.description = description;
    return d;
}

Call LikeCoalescer::voteCall(const OutboxEntry &e)
{
    if (e.desired > 0)
        return endpoint::likeComment(e.targetId, true);
    if (e.desired < 0)
        return endpoint::opposeComment(e.targetId, true);
    // None: take back what the server has (likes and opposes exclude each other); from an
    // unknown state the like first, then (nextStep) the oppose.
    return e.baseline < 0 ? endpoint::opposeComment(e.targetId, false)
                          : endpoint::likeComment(e.targetId, false);
}

std::optional<OutboxEntry> LikeCoalescer::nextStep(const OutboxEntry &e)
{
    if (e.kind == OutboxEntry::Kind::CommentVote && e.desired == 0 && e.baseline == kUnknownVote) {
        OutboxEntry next = e;
        next.baseline = -1; // the like is gone; now the oppose
        return next;
    }
    return std::nullopt;
}

} // namespace threadline::core
