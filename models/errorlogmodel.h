// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The requests that failed lately, newest first, for someone who reports a problem (the window's
// "Recent errors"): when, what was asked, what went wrong in words, and the request id that
// finds the server's log line for it. One row per final failure the API client reports
// (ApiClient::requestFailed); what was never sent (offline) and what was cancelled is not an
// error and is not kept. At most kCapacity rows: the oldest go first.
//
//   models::ErrorLogModel errors;
//   errors.watch(core.api());
//   view->setModel(&errors);
//   connect(&errors, &models::ErrorLogModel::unseenChanged, button, …); // "2 failed requests"
//
// Every text is plain text and cut to a bounded length: a path, a server's message or an echoed
// request id never costs more than a line.
#pragma once

#include "net/apierror.h"

#include <QAbstractTableModel>
#include <QList>

namespace threadline::core {
class ApiClient;
}

namespace threadline::models {

class ErrorLogModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { TimeColumn, RequestColumn, ErrorColumn, RequestIdColumn, ColumnCount };
    Q_ENUM(Column)
    enum Role {
        RequestIdRole = Qt::UserRole + 1, // QString: the X-Request-Id ("" when nothing was sent)
        DetailsRole,                      // QString: ApiError::details() (status, code, id)
        ReportRole,                       // QString: the whole row, a fact a line, to copy
        AtRole,                           // qint64: when it failed (ms since the epoch)
    };
    Q_ENUM(Role)
    static constexpr int kCapacity = 100;
    static constexpr qsizetype kMaxPathChars = 200;

    explicit ErrorLogModel(QObject *parent = nullptr);

    // Keeps every failure `api` reports from now on.
    void watch(core::ApiClient *api);
    // One failure (newest first). Offline and Cancelled are ignored.
    void add(const core::ApiError &error, const QString &path, const QByteArray &method,
             qint64 atMs);
    void clear();

    // Failures added since markSeen() (or since the start).
    [[nodiscard]] int unseenCount() const { return m_unseen; }
    void markSeen();

    // The row's facts, a line each, in the current language: when (ISO 8601, UTC, as the
    // server logs it), the request, the error in words, the details.
    [[nodiscard]] QString report(int row) const;
    // Every row's report, newest first, a blank line between.
    [[nodiscard]] QString report() const;
    // The language changed: the texts and the headers are said again.
    void retranslate();

    [[nodiscard]] int rowCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex &index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                      int role) const override;

Q_SIGNALS:
    void unseenChanged(int count);

private:
    struct Entry
    {
        core::ApiError error;
        QString request; // "GET /api/v1/posts/5", cut
        QString requestId;
        qint64 atMs = 0;
    };
    [[nodiscard]] QString timeText(const Entry &e) const;

    QList<Entry> m_entries; // newest first
    int m_unseen = 0;
};

} // namespace threadline::models
