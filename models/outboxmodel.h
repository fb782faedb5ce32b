// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Every action in the outbox, in words, with its state, live (the outbox panel): one
// row per entry — still to be sent or failed for good — in creation order; two columns, what
// the action is ("Like on 王五's post", "Reply to 李四: “text…”") and its state ("Waiting for
// the network", "Sending…", "Retry in 12 s after “…”", "Failed: …").
//
//   models::OutboxModel model(outbox, store);   // store: names for replies (may be null)
//   view->setModel(&model);
//
// It follows Outbox::entriesChanged(): rows are inserted and removed one batch at a time and
// dataChanged() names the roles that changed; a one-second ticker runs only while a row shows
// a countdown. No I/O: it reads the outbox's and the store's state.
#pragma once

#include "outbox/outboxstore.h"

#include <QAbstractTableModel>
#include <QList>
#include <QPointer>

class QTimer;

namespace threadline::core {
class Outbox;
class PostStore;
} // namespace threadline::core

namespace threadline::models {

class OutboxModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { ActionColumn, StateColumn, ColumnCount };
    Q_ENUM(Column)

    enum class State {
        Queued,     // due, waiting for its turn
        LikeDelay,  // waiting for the quiet time before a like is sent
        Blocked,    // waiting for the object it refers to (a reply to a comment not sent yet)
        Offline,    // waiting for the network: offline
        Paused,     // waiting for the user to sign in again (a 401)
        RetryLater, // a transient failure: tried again at its time
        Sending,    // its request is in flight
        Failed,     // failed for good: kept until retried or discarded
    };
    Q_ENUM(State)

    enum Role {
        IdRole = Qt::UserRole + 1, // qint64: the outbox entry's id
        KindRole,                  // int: core::OutboxEntry::Kind
        StateRole,                 // int: State
        ActionTextRole,            // QString: the action in words (the first column's text)
        StateTextRole,             // QString: the state in words (the second column's text)
        FailureRole,               // QString: a failed entry's sentence ("" otherwise)
        DueAtRole,                 // qint64: when it may be sent next (ms since the epoch; 0 now)
    };
    Q_ENUM(Role)

    explicit OutboxModel(core::Outbox *outbox, core::PostStore *store = nullptr,
                         QObject *parent = nullptr);

    [[nodiscard]] int rowCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex &index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                      int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

    [[nodiscard]] qint64 entryId(int row) const;
    [[nodiscard]] int rowOf(qint64 entryId) const; // -1 when not listed
    [[nodiscard]] State state(int row) const;
    [[nodiscard]] int failedCount() const;

    // What the user does to the queue itself, from the list (the outbox's own rules apply:
    // Outbox::retry, discard, discardAllFailed; the discarded changes are rolled back by
    // core::Actions). False / 0 without an outbox.
    bool retry(qint64 entryId);
    bool discard(qint64 entryId);
    int discardAllFailed();

    // Reads the outbox again: rows in and out, states and countdowns (the outbox's
    // entriesChanged() and the ticker call it; public for tests).
    void refresh();

    // The words for one entry, as the rows show them.
    [[nodiscard]] QString actionText(const core::OutboxEntry &entry) const;

Q_SIGNALS:
    // After an offline period the queue replayed something: how many changes were saved and
    // which could not be, in words (Outbox::replayReport).
    void replayReported(const QString &report);

private:
    struct Row
    {
        core::OutboxEntry entry;
        State state = State::Queued;
        QString action;
        QString stateText;
        qint64 dueAt = 0;
    };

    void compute(Row &row, qint64 now) const;
    [[nodiscard]] QList<core::OutboxEntry> currentEntries() const;

    QPointer<core::Outbox> m_outbox;
    QPointer<core::PostStore> m_store;
    QList<Row> m_rows;
    QTimer *m_ticker;
};

} // namespace threadline::models
