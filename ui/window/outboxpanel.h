// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The outbox panel ("In the window"): every queued action in words with its state,
// live (models::OutboxModel), and what the user can do about one: Retry now, Discard… (a
// question first; the optimistic change is rolled back), Discard all failed. Above the list,
// the replay report after an offline period ("12 changes saved; 2 could not be: …"), kept
// until dismissed. The main window shows it in a dock (View → Outbox, Ctrl+Shift+Q, or a click
// on the status bar's count).
//
// Object names for tests: "outboxList", "retryButton", "discardButton", "discardFailedButton",
// "outboxSummary"; the report is a MessageBar named "replayReport".
#pragma once

#include <QWidget>

#include <functional>

class QLabel;
class QModelIndex;
class QPushButton;
class QTreeView;

namespace threadline::models {
class Feeds;
class OutboxModel;
} // namespace threadline::models

namespace threadline::ui {

class MessageBar;

class OutboxPanel : public QWidget
{
    Q_OBJECT
public:
    explicit OutboxPanel(models::Feeds *feeds, QWidget *parent = nullptr);

    [[nodiscard]] models::OutboxModel *model() const { return m_model; }
    [[nodiscard]] QTreeView *view() const { return m_view; }
    [[nodiscard]] QPushButton *retryButton() const { return m_retry; }
    [[nodiscard]] QPushButton *discardButton() const { return m_discard; }
    [[nodiscard]] QPushButton *discardFailedButton() const { return m_discardFailed; }

    // The yes/no question before a discard (true: go ahead); by default a QMessageBox whose
    // default button is Cancel. Tests replace it.
    using Confirmation = std::function<bool(const QString &question, const QString &detail)>;
    void setConfirmation(Confirmation confirm) { m_confirm = std::move(confirm); }

    // Selects the entry's row (false when it is not listed).
    bool selectEntry(qint64 entryId);
    // The selected entry (0: none).
    [[nodiscard]] qint64 selectedEntry() const;
    // What the buttons do, on the selected entry.
    void retrySelected();
    void discardSelected();
    void discardAllFailed();

    // The replay report shown above the list until dismissed ("" when none).
    [[nodiscard]] QString replayReport() const;
    void showReplayReport(const QString &report);
    void dismissReplayReport();
    // "2 changes waiting, 1 failed" above the list.
    [[nodiscard]] QString summaryText() const;

Q_SIGNALS:
    // A change of the report (shown or dismissed): the window may say so in its status bar.
    void replayReportChanged(const QString &report);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void updateButtons();
    [[nodiscard]] bool confirm(const QString &question, const QString &detail);

    models::OutboxModel *m_model;
    MessageBar *m_report;
    QLabel *m_title;
    QLabel *m_summary;
    QTreeView *m_view;
    QPushButton *m_retry;
    QPushButton *m_discard;
    QPushButton *m_discardFailed;
    Confirmation m_confirm;
};

} // namespace threadline::ui
