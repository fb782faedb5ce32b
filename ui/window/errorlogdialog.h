// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// "Recent errors" (Help → Recent errors…, or the status bar's "failed requests" button): the
// requests that failed lately, newest first (models::ErrorLogModel), and the selected one's
// details in selectable plain text — its time, request, error in words, HTTP status and request
// id — for a problem report: the request id finds the server's log line. Copy details (also
// Ctrl+C in the list), Copy all, Clear, Close. Not modal: it can stay open beside the window.
//
// Object names for tests: "errorLogView", "errorLogDetails", "copyErrorDetails",
// "copyAllErrors", "clearErrors", "errorLogEmpty".
#pragma once

#include <QDialog>

class QLabel;
class QPushButton;
class QTreeView;

namespace threadline::models {
class ErrorLogModel;
}

namespace threadline::ui {

class ErrorLogDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ErrorLogDialog(models::ErrorLogModel *model, QWidget *parent = nullptr);

    [[nodiscard]] QTreeView *view() const { return m_view; }
    // The selected row's report as shown ("" when none is selected).
    [[nodiscard]] QString detailsText() const;
    // Copies the selected row's report to the clipboard (nothing when none is selected).
    void copySelected();

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void retranslate();
    void updateState();

    models::ErrorLogModel *m_model;
    QLabel *m_intro;
    QLabel *m_empty;
    QTreeView *m_view;
    QLabel *m_details;
    QPushButton *m_copy;
    QPushButton *m_copyAll;
    QPushButton *m_clear;
    QPushButton *m_close;
};

} // namespace threadline::ui
