// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The device-name table for moderators (GET / PUT / DELETE /devices): DeviceTableModel holds
// its rows — raw model, display name, and whether a change is on its way — and DeviceTableFeed
// loads it and saves every change to the server at once.
//
//   DeviceTableModel model;
//   DeviceTableFeed feed(&api, &model);
//   feed.refresh();                                          // the server's table
//   feed.add(QStringLiteral("OnePlus A6000"), QStringLiteral("一加 6"));
//   model.setData(model.index(row, DeviceTableModel::DisplayColumn), QStringLiteral("一加六"));
//   feed.remove(QStringLiteral("oneplus a6000"));
//
// A change shows at once, marked Saving (or Removing); the server's answer confirms it, a
// failure puts back what the server has and actionFailed() says why in words. One change per
// row at a time: a row that is saving cannot be edited or removed until its answer is there.
// Raw strings are keys as the server stores them: trimmed and lower-cased.
#pragma once

#include "net/apierror.h"
#include "net/apifwd.h"
#include "wire/wiretypes.h"

#include <QAbstractTableModel>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>

namespace threadline::models {

class DeviceTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        RawColumn = 0,     // the raw model string (lower-cased), read-only
        DisplayColumn = 1, // the display name; editable unless a change is on its way
        StateColumn = 2,   // "", "Saving…", "Removing…" (translated)
        ColumnCount = 3,
    };
    enum class State {
        Saved,    // as the server has it
        Saving,   // added or changed, the server's answer not there yet
        Removing, // removal sent, the server's answer not there yet
    };
    Q_ENUM(State)
    enum Role {
        RawRole = Qt::UserRole + 1, // QString: the raw model string (lower-cased), any column
        DisplayNameRole,            // QString: the display name shown now, any column
        SavedDisplayRole,           // QString: the display name the server has ("" if none yet)
        StateRole,                  // int: State
    };
    Q_ENUM(Role)

    explicit DeviceTableModel(QObject *parent = nullptr);

    // The server's table replaces the rows (a reset); rows with a change on its way keep it.
    void replaceAll(const QList<core::DeviceName> &entries);
    [[nodiscard]] int rowOf(const QString &raw) const; // -1 when absent (raw in any case)
    [[nodiscard]] std::optional<core::DeviceName> entryAt(int row) const;
    [[nodiscard]] State stateAt(int row) const;
    [[nodiscard]] bool isBusy() const; // a change is on its way somewhere

    // The feed's steps. beginSave: the row (added, sorted by raw, when new) shows `display`,
    // Saving; false when the row is busy. beginRemove: the row shows Removing; false when busy
    // or absent. finishSave / finishRemove: the server agreed (the row shows what it answered /
    // leaves). rollBack: the server refused — back to what it has (a new row leaves).
    [[nodiscard]] bool beginSave(const QString &raw, const QString &display);
    [[nodiscard]] bool beginRemove(const QString &raw);
    void finishSave(const QString &raw, const QString &display);
    void finishRemove(const QString &raw);
    void rollBack(const QString &raw);

    // "oneplus a6000" from " OnePlus A6000 ": the key the server stores.
    [[nodiscard]] static QString key(const QString &raw);
    [[nodiscard]] static QString stateText(State state);

    [[nodiscard]] int rowCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex &index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                      int role) const override;
    [[nodiscard]] Qt::ItemFlags flags(const QModelIndex &index) const override;
    // The display cell (EditRole or DisplayRole): a changed, non-empty value emits
    // displayEdited() for the feed to save; the row shows it once the feed has begun.
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

Q_SIGNALS:
    // The user edited a display cell: save it (DeviceTableFeed::setDisplay).
    void displayEdited(const QString &raw, const QString &display);

private:
    struct Row
    {
        QString raw;
        QString display;      // shown
        QString savedDisplay; // the server's; "" for a row the server does not have yet
        State state = State::Saved;
    };
    void rowChanged(int row);
    [[nodiscard]] int insertionRow(const QString &raw) const;

    QList<Row> m_rows; // sorted by raw, as the server lists them
};

// Loads the table into a DeviceTableModel and saves each change at once through the API client.
class DeviceTableFeed : public QObject
{
    Q_OBJECT
public:
    DeviceTableFeed(core::ApiClient *api, DeviceTableModel *model, QObject *parent = nullptr);

    // GET /devices; what the model shows stays until the answer is there, and when it fails.
    void refresh();
    [[nodiscard]] bool isLoading() const;

    // PUT /devices for a new pair or a changed display name. False (with actionFailed, and
    // nothing sent) when raw or display is blank or the row is busy.
    bool add(const QString &raw, const QString &display);
    bool setDisplay(const QString &raw, const QString &display);
    // DELETE /devices?raw=…; false when the row is absent or busy.
    bool remove(const QString &raw);
    // Changes sent and not answered yet.
    [[nodiscard]] int pendingCount() const { return m_pending; }

Q_SIGNALS:
    void loadingChanged(bool loading);
    void loaded();
    void loadFailed(const QString &message, const threadline::core::ApiError &error);
    // A change reached the server ("oneplus a6000" saved or removed).
    void actionCompleted(const QString &raw);
    // A change could not be made, in words ("“oneplus a6000” could not be saved: …"); the
    // row shows what the server has again.
    // raw: the key of the change ("" when the raw model was blank).
    void actionFailed(const QString &raw, const QString &message,
                      const threadline::core::ApiError &error);
    void pendingChanged(int pending);

private:
    bool save(const QString &raw, const QString &display, bool adding);
    void onSaveFinished(core::ApiReply *reply, const QString &raw);
    void onRemoveFinished(core::ApiReply *reply, const QString &raw);
    void onLoadFinished(core::ApiReply *reply);
    void refuse(const QString &raw, const QString &message);
    void setPending(int pending);

    core::ApiClient *m_api;
    DeviceTableModel *m_model;
    QPointer<core::ApiReply> m_load;
    int m_pending = 0;
};

} // namespace threadline::models
