// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "errorlogmodel.h"

#include "net/apiclient.h"

#include <QDateTime>
#include <QLocale>

namespace threadline::models {

namespace {

// Printable ASCII only: an id is a token, and what a server echoed is shown, never obeyed.
QString sanitizedId(const QByteArray &id)
{
    QString out;
    const QByteArray cut = id.left(64);
    out.reserve(cut.size());
    for (const char c : cut)
        out += (c > 0x20 && c < 0x7f) ? QChar::fromLatin1(c) : QChar(u'?');
    return out;
}

QString oneLine(const QString &text, qsizetype max)
{
    QString s = text.left(max);
    for (QChar &c : s)
        if (c.category() == QChar::Other_Control || c == QChar::LineSeparator ||
            c == QChar::ParagraphSeparator)
            c = u' ';
    return text.size() > max ? s + QStringLiteral("…") : s;
}

} // namespace

ErrorLogModel::ErrorLogModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void ErrorLogModel::watch(core::ApiClient *api)
{
    connect(api, &core::ApiClient::requestFailed, this,
            [this](const core::ApiError &error, const QString &path, const QByteArray &method) {
                add(error, path, method, QDateTime::currentMSecsSinceEpoch());
            });
}

void ErrorLogModel::add(const core::ApiError &error, const QString &path, const QByteArray &method,
                        qint64 atMs)
{
    if (error.ok() || error.kind == core::ApiError::Kind::Offline ||
        error.kind == core::ApiError::Kind::Cancelled)
        return;
    Entry e;
    e.error = error;
    e.error.message = error.message.left(core::ApiError::kMaxLogChars);
    e.request =
        oneLine(QString::fromLatin1(method.left(16)) + QLatin1Char(' ') + path, kMaxPathChars);
    e.requestId = sanitizedId(error.requestId);
    e.error.requestId = e.requestId.toLatin1(); // details() says the id as the column does
    e.atMs = atMs;
    if (m_entries.size() >= kCapacity) {
        beginRemoveRows({}, kCapacity - 1, int(m_entries.size()) - 1);
        m_entries.resize(kCapacity - 1);
        endRemoveRows();
    }
    beginInsertRows({}, 0, 0);
    m_entries.prepend(e);
    endInsertRows();
    m_unseen = std::min(m_unseen + 1, kCapacity);
    Q_EMIT unseenChanged(m_unseen);
}

void ErrorLogModel::clear()
{
    beginResetModel();
    m_entries.clear();
    endResetModel();
    markSeen();
}

void ErrorLogModel::markSeen()
{
    if (m_unseen == 0)
        return;
    m_unseen = 0;
    Q_EMIT unseenChanged(0);
}

QString ErrorLogModel::timeText(const Entry &e) const
{
    return QLocale().toString(QDateTime::fromMSecsSinceEpoch(e.atMs).time(),
                              QStringLiteral("HH:mm:ss"));
}

QString ErrorLogModel::report(int row) const
{
    if (row < 0 || row >= m_entries.size())
        return {};
    const Entry &e = m_entries.at(row);
    QStringList lines;
    lines << tr("Time: %1")
                 .arg(QDateTime::fromMSecsSinceEpoch(e.atMs, Qt::UTC).toString(Qt::ISODateWithMs));
    lines << tr("Request: %1").arg(e.request);
    lines << tr("Error: %1").arg(oneLine(e.error.describe(), 400));
    if (const QString details = e.error.details(); !details.isEmpty())
        lines << details; // the status and code, the request id
    return lines.join(QLatin1Char('\n'));
}

QString ErrorLogModel::report() const
{
    QStringList all;
    for (int row = 0; row < m_entries.size(); ++row)
        all << report(row);
    return all.join(QStringLiteral("\n\n"));
}

void ErrorLogModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_entries.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(int(m_entries.size()) - 1, ColumnCount - 1));
}

int ErrorLogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int ErrorLogModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ErrorLogModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_entries.size())
        return {};
    const Entry &e = m_entries.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TimeColumn:
            return timeText(e);
        case RequestColumn:
            return e.request;
        case ErrorColumn:
            return oneLine(e.error.describe(), 400);
        case RequestIdColumn:
            return e.requestId.isEmpty() ? tr("(none)") : e.requestId;
        default:
            return {};
        }
    case Qt::ToolTipRole:
    case ReportRole:
        return report(index.row());
    case Qt::AccessibleTextRole:
        // a screen reader reads the row as one sentence, the id last
        return e.requestId.isEmpty()
                   ? tr("%1, %2: %3").arg(timeText(e), e.request, e.error.describe())
                   : tr("%1, %2: %3. Request id %4")
                         .arg(timeText(e), e.request, e.error.describe(), e.requestId);
    case RequestIdRole:
        return e.requestId;
    case DetailsRole:
        return e.error.details();
    case AtRole:
        return e.atMs;
    default:
        return {};
    }
}

QVariant ErrorLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("Time");
    case RequestColumn:
        return tr("Request");
    case ErrorColumn:
        return tr("Error");
    case RequestIdColumn:
        return tr("Request id");
    default:
        return {};
    }
}

} // namespace threadline::models
