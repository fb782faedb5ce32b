// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The like coalescer (docs/design.md, "How data flows" 5): for likes on posts, likes and opposes on
// comments, and follows, only the final state the user wants matters. A toggle writes or updates
// ONE outbox entry per target holding the desired state, the state the server had (the
// baseline) and a "not before" time (now + the like delay, 3 s by default); toggling back to the
// baseline deletes the entry, and nothing is sent. The outbox never sends an entry before its
// time, and after a crash sends what is due at start.
//
// This file holds the rules, free of I/O so that they are easy to reason about; Outbox applies
// them to its entries (Outbox::togglePostLike, setCommentVote, setFollow) and persists the
// result.
#pragma once

#include "net/endpoints.h"
#include "outbox/outboxstore.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace threadline::core {

class LikeCoalescer
{
public:
    static constexpr int kDefaultDelayMs = 3000;

    // What a toggle does to the target's entries.
    struct Decision
    {
        enum class Action {
            Nothing, // no entry pending, and the desired state is what the server will have
            Drop,    // remove the pending entry: toggled back to the baseline
            Write,   // write `entry` (a new one, or the pending one updated)
        };
        Action action = Action::Nothing;
        OutboxEntry entry; // Write: the entry to write; Drop: the entry to remove
    };

    [[nodiscard]] int delayMs() const { return m_delayMs; }
    void setDelayMs(int ms) { m_delayMs = qMax(0, ms); }

    // A comment vote's baseline when the server may have a like or an oppose (an earlier request
    // may or may not have been applied): "none" then takes both back, one request at a time.
    static constexpr int kUnknownVote = 2;

    // The rule. `pending`: the target's entry not yet sent (if any); `uncertain`: that entry
    // may already have reached the server (it was sent, or loaded after a restart, or it follows
    // a request whose outcome is unknown), so the server's state is not known for sure and the
    // entry is never dropped — it is rewritten to send the desired state explicitly;
    // `inFlight`: the target's entry whose request is out right now (if any; its desired state
    // is what the server will most likely have); `callerBaseline`: what the caller believes the
    // server has. The baseline of a new entry is the in-flight entry's desired state, else the
    // caller's; a pending entry keeps its own. `fresh` is a new entry (id, key, kind, target,
    // createdAt filled) used when none is pending.
    [[nodiscard]] static Decision decide(const std::optional<OutboxEntry> &pending, bool uncertain,
                                         const std::optional<OutboxEntry> &inFlight,
                                         int callerBaseline, int desired,
                                         const QString &description, qint64 notBefore,
                                         const OutboxEntry &fresh);

    // Marks an entry's baseline as unknown (see decide()): binary kinds get the opposite of the
    // desired state, a comment vote that wants "none" gets kUnknownVote.
    static void makeUncertain(OutboxEntry &entry);

    // The call that brings the server from a comment vote's baseline to its desired vote (a like
    // or a follow is one PUT or DELETE: outboxcalls.cpp). A vote "none" from kUnknownVote takes
    // back the like first; the sender then continues with the oppose (nextStep()).
    [[nodiscard]] static Call voteCall(const OutboxEntry &entry);
    // After a successful request: the entry that still has to be sent (a comment vote "none"
    // from kUnknownVote continues with the oppose), or nullopt when the entry is done.
    [[nodiscard]] static std::optional<OutboxEntry> nextStep(const OutboxEntry &entry);

private:
    int m_delayMs = kDefaultDelayMs;
};

} // namespace threadline::core
