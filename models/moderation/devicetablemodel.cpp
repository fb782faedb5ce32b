// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "moderation/devicetablemodel.h"

#include "net/apiclient.h"
#include "net/endpoints.h"
#include "wire/jsoncodec.h"
#include "common/rolenames.h"
#include "wire/usertext.h"

#include <QHash>
#include <QJsonObject>
#include <QMetaEnum>
#include <QSet>
#include <QUrl>

#include <algorithm>

namespace threadline::models {

using core::DeviceName;

// --- DeviceTableModel -------------------------------------------------------------------------

DeviceTableModel::DeviceTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

QString DeviceTableModel::key(const QString &raw)
{
    return raw.trimmed().toLower();
}

QString DeviceTableModel::stateText(State state)
{
    switch (state) {
    case State::Saved:
        return {};
    case State::Saving:
        return tr("Saving…");
    case State::Removing:
        return tr("Removing…");
    }
    return {};
}

void DeviceTableModel::replaceAll(const QList<DeviceName> &entries)
{
    QHash<QString, Row> busy;
    for (const Row &r : std::as_const(m_rows))
        if (r.state != State::Saved)
            busy.insert(r.raw, r);
    QList<Row> rows;
    rows.reserve(entries.size() + busy.size());
    QSet<QString> seen;
    for (const DeviceName &e : entries) {
        const QString raw = key(e.raw);
        if (raw.isEmpty() || seen.contains(raw))
            continue;
        seen.insert(raw);
        if (const auto it = busy.find(raw); it != busy.end()) {
            Row r = *it; // its change is still on its way: shown as it was, over the new value
            r.savedDisplay = e.display;
            rows.append(r);
            busy.erase(it);
        } else {
            rows.append(Row{raw, e.display, e.display, State::Saved});
        }
    }
    for (Row &r : busy) { // on its way and not on the server (yet, or any more)
        r.savedDisplay.clear();
        rows.append(r);
    }
    std::sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) { return a.raw < b.raw; });
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int DeviceTableModel::rowOf(const QString &raw) const
{
    const QString k = key(raw);
    const auto it = std::lower_bound(m_rows.cbegin(), m_rows.cend(), k,
                                     [](const Row &r, const QString &v) { return r.raw < v; });
    return it != m_rows.cend() && it->raw == k ? int(it - m_rows.cbegin()) : -1;
}

int DeviceTableModel::insertionRow(const QString &raw) const
{
    const auto it = std::lower_bound(m_rows.cbegin(), m_rows.cend(), raw,
                                     [](const Row &r, const QString &v) { return r.raw < v; });
    return int(it - m_rows.cbegin());
}

std::optional<DeviceName> DeviceTableModel::entryAt(int row) const
{
    if (row < 0 || row >= int(m_rows.size()))
        return std::nullopt;
    return DeviceName{m_rows.at(row).raw, m_rows.at(row).display};
}

DeviceTableModel::State DeviceTableModel::stateAt(int row) const
{
    return row >= 0 && row < int(m_rows.size()) ? m_rows.at(row).state : State::Saved;
}

bool DeviceTableModel::isBusy() const
{
    return std::any_of(m_rows.cbegin(), m_rows.cend(),
                       [](const Row &r) { return r.state != State::Saved; });
}

bool DeviceTableModel::beginSave(const QString &raw, const QString &display)
{
    const QString k = key(raw);
    if (k.isEmpty())
        return false;
    if (const int row = rowOf(k); row >= 0) {
        Row &r = m_rows[row];
        if (r.state != State::Saved)
            return false;
        r.display = display;
        r.state = State::Saving;
        rowChanged(row);
        return true;
    }
    const int at = insertionRow(k);
    beginInsertRows({}, at, at);
    m_rows.insert(at, Row{k, display, QString(), State::Saving});
    endInsertRows();
    return true;
}

bool DeviceTableModel::beginRemove(const QString &raw)
{
    const int row = rowOf(raw);
    if (row < 0 || m_rows.at(row).state != State::Saved)
        return false;
    m_rows[row].state = State::Removing;
    rowChanged(row);
    return true;
}

void DeviceTableModel::finishSave(const QString &raw, const QString &display)
{
    const int row = rowOf(raw);
    if (row < 0)
        return;
    Row &r = m_rows[row];
    r.display = display;
    r.savedDisplay = display;
    r.state = State::Saved;
    rowChanged(row);
}

void DeviceTableModel::finishRemove(const QString &raw)
{
    const int row = rowOf(raw);
    if (row < 0)
        return;
    beginRemoveRows({}, row, row);
    m_rows.removeAt(row);
    endRemoveRows();
}

void DeviceTableModel::rollBack(const QString &raw)
{
    const int row = rowOf(raw);
    if (row < 0)
        return;
    Row &r = m_rows[row];
    if (r.savedDisplay.isEmpty()) { // the server never had it: the row goes
        beginRemoveRows({}, row, row);
        m_rows.removeAt(row);
        endRemoveRows();
        return;
    }
    r.display = r.savedDisplay;
    r.state = State::Saved;
    rowChanged(row);
}

void DeviceTableModel::rowChanged(int row)
{
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1),
                       {Qt::DisplayRole, Qt::EditRole, Qt::ToolTipRole, DisplayNameRole,
                        SavedDisplayRole, StateRole});
}

int DeviceTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int DeviceTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DeviceTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        switch (index.column()) {
        case RawColumn:
            return r.raw;
        case DisplayColumn:
            return r.display;
        case StateColumn:
            return role == Qt::DisplayRole ? stateText(r.state) : QVariant();
        }
        return {};
    case Qt::ToolTipRole:
        if (r.state == State::Saving && !r.savedDisplay.isEmpty())
            return tr("Saving; the server has “%1”").arg(core::shownName(r.savedDisplay));
        return r.state == State::Saved ? QVariant() : QVariant(stateText(r.state));
    case RawRole:
        return r.raw;
    case DisplayNameRole:
        return r.display;
    case SavedDisplayRole:
        return r.savedDisplay;
    case StateRole:
        return int(r.state);
    }
    return {};
}

QVariant DeviceTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case RawColumn:
        return tr("Raw model");
    case DisplayColumn:
        return tr("Display name");
    case StateColumn:
        return tr("Status");
    }
    return {};
}

Qt::ItemFlags DeviceTableModel::flags(const QModelIndex &index) const
{
    if (!index.isValid() ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
    if (index.column() == DisplayColumn && m_rows.at(index.row()).state == State::Saved)
        f |= Qt::ItemIsEditable;
    return f;
}

bool DeviceTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) ||
        index.column() != DisplayColumn || (role != Qt::EditRole && role != Qt::DisplayRole))
        return false;
    const Row &r = m_rows.at(index.row());
    const QString display = value.toString().trimmed();
    if (r.state != State::Saved || display == r.display)
        return false;
    const QString raw = r.raw;
    Q_EMIT displayEdited(raw, display); // the feed begins the save (or says why not)
    const int row = rowOf(raw);
    return row >= 0 && m_rows.at(row).state == State::Saving;
}

QHash<int, QByteArray> DeviceTableModel::roleNames() const
{
    return roleNamesOf<Role>(QAbstractTableModel::roleNames());
}

// --- DeviceTableFeed --------------------------------------------------------------------------

DeviceTableFeed::DeviceTableFeed(core::ApiClient *api, DeviceTableModel *model, QObject *parent)
    : QObject(parent)
    , m_api(api)
    , m_model(model)
{
    connect(m_model, &DeviceTableModel::displayEdited, this,
            [this](const QString &raw, const QString &display) { setDisplay(raw, display); });
}

bool DeviceTableFeed::isLoading() const
{
    return !m_load.isNull();
}

void DeviceTableFeed::refresh()
{
    if (m_load) { // abandoned: the new request answers instead
        core::ApiReply *old = m_load;
        m_load = nullptr;
        old->disconnect(this);
        old->abort();
    }
    core::ApiReply *reply = m_api->send(core::endpoint::devices(), this);
    m_load = reply;
    connect(reply, &core::ApiReply::finished, this, [this, reply] { onLoadFinished(reply); });
    Q_EMIT loadingChanged(true);
}

void DeviceTableFeed::onLoadFinished(core::ApiReply *reply)
{
    if (reply != m_load)
        return;
    m_load = nullptr;
    core::ApiError error = reply->error();
    std::optional<core::DevicePage> page;
    if (error.ok()) {
        auto decoded = core::decodeDevicePage(reply->body());
        if (decoded.ok())
            page = std::move(decoded).value();
        else
            error = core::ApiError::decode(decoded.error().toString());
    }
    Q_EMIT loadingChanged(false);
    if (!page) {
        Q_EMIT loadFailed(tr("The device names could not be loaded: %1").arg(error.describe()),
                          error);
        return;
    }
    m_model->replaceAll(page->items);
    Q_EMIT loaded();
}

void DeviceTableFeed::refuse(const QString &raw, const QString &message)
{
    Q_EMIT actionFailed(raw, message, core::ApiError());
}

bool DeviceTableFeed::add(const QString &raw, const QString &display)
{
    return save(raw, display, true);
}

bool DeviceTableFeed::setDisplay(const QString &raw, const QString &display)
{
    return save(raw, display, false);
}

bool DeviceTableFeed::save(const QString &rawIn, const QString &displayIn, bool adding)
{
    const QString raw = DeviceTableModel::key(rawIn);
    const QString display = displayIn.trimmed();
    if (raw.isEmpty()) {
        refuse(raw, tr("Enter the raw model as devices report it, e.g. “oneplus a6000”."));
        return false;
    }
    if (display.isEmpty()) {
        refuse(raw, tr("Enter the name to show for “%1”.").arg(core::shownName(raw)));
        return false;
    }
    const int row = m_model->rowOf(raw);
    if (row >= 0 && m_model->stateAt(row) != DeviceTableModel::State::Saved) {
        refuse(raw, tr("“%1” is still being saved; wait for the server's answer.")
                        .arg(core::shownName(raw)));
        return false;
    }
    if (!adding && row >= 0 && m_model->entryAt(row)->display == display)
        return true; // nothing changed: nothing to send
    if (!m_model->beginSave(raw, display))
        return false;
    core::ApiReply *reply = m_api->send(core::endpoint::putDevice({raw, display}), this);
    connect(reply, &core::ApiReply::finished, this,
            [this, reply, raw] { onSaveFinished(reply, raw); });
    setPending(m_pending + 1);
    return true;
}

void DeviceTableFeed::onSaveFinished(core::ApiReply *reply, const QString &raw)
{
    setPending(m_pending - 1);
    core::ApiError error = reply->error();
    if (error.ok()) {
        if (const auto answer = core::decodeDeviceName(reply->body()); answer.ok()) {
            m_model->finishSave(raw, answer.value().display);
            Q_EMIT actionCompleted(raw);
            return;
        } else {
            error = core::ApiError::decode(answer.error().toString());
        }
    }
    m_model->rollBack(raw);
    Q_EMIT actionFailed(
        raw,
        tr("The name for “%1” could not be saved: %2").arg(core::shownName(raw), error.describe()),
        error);
}

bool DeviceTableFeed::remove(const QString &rawIn)
{
    const QString raw = DeviceTableModel::key(rawIn);
    const int row = m_model->rowOf(raw);
    if (row < 0)
        return false;
    if (!m_model->beginRemove(raw)) {
        refuse(raw, tr("“%1” is still being saved; wait for the server's answer.")
                        .arg(core::shownName(raw)));
        return false;
    }
    core::ApiReply *reply = m_api->send(core::endpoint::deleteDevice(raw), this);
    connect(reply, &core::ApiReply::finished, this,
            [this, reply, raw] { onRemoveFinished(reply, raw); });
    setPending(m_pending + 1);
    return true;
}

void DeviceTableFeed::onRemoveFinished(core::ApiReply *reply, const QString &raw)
{
    setPending(m_pending - 1);
    const core::ApiError error = reply->error();
    // 404: someone removed it first — what was asked for is true, so the row goes too.
    if (error.ok() || (error.kind == core::ApiError::Kind::Http && error.status == 404)) {
        m_model->finishRemove(raw);
        Q_EMIT actionCompleted(raw);
        return;
    }
    m_model->rollBack(raw);
    Q_EMIT actionFailed(
        raw, tr("“%1” could not be removed: %2").arg(core::shownName(raw), error.describe()),
        error);
}

void DeviceTableFeed::setPending(int pending)
{
    if (m_pending == pending)
        return;
    m_pending = pending;
    Q_EMIT pendingChanged(pending);
}

} // namespace threadline::models
