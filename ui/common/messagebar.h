// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The line under a pane's header that says, in words, what went wrong ("Could not load the
// comments: the server could not be reached"), with an optional Retry and a Dismiss button; and
// the thin busy bar shown while a pane loads. Shared by the thread pane and the moderators' page.
#pragma once

#include <QFrame>

class QLabel;
class QProgressBar;
class QToolButton;

namespace threadline::ui {

class MessageBar : public QFrame
{
    Q_OBJECT
public:
    // Object names for tests and style sheets: "statusLine", its text "statusText", the buttons
    // "retryButton" and "dismissStatus". Hidden until showMessage().
    explicit MessageBar(QWidget *parent = nullptr);

    // Shows the words (plain text, selectable); Retry only when `retry`. `details` (plain text,
    // ApiError::details(): the status, the request id) stay behind a Details button (object
    // name "detailsButton"; the text "statusDetails"), for whoever reports the problem.
    void showMessage(const QString &text, bool retry = false, const QString &details = {});
    // Hides the line and forgets the words.
    void clear();
    // What it says, or "" when hidden.
    [[nodiscard]] QString text() const;
    // The details given with the words ("" when none).
    [[nodiscard]] QString details() const;
    [[nodiscard]] QToolButton *detailsButton() const { return m_detailsButton; }
    [[nodiscard]] QToolButton *retryButton() const { return m_retry; }
    [[nodiscard]] QToolButton *dismissButton() const { return m_dismiss; }

Q_SIGNALS:
    void retryClicked(); // the line is hidden first
    void dismissed();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    QLabel *m_text;
    QLabel *m_details;
    QToolButton *m_detailsButton;
    QToolButton *m_retry;
    QToolButton *m_dismiss;
};

// A 3-pixel indeterminate progress bar, hidden (object name "busyIndicator").
[[nodiscard]] QProgressBar *makeBusyBar(QWidget *parent);

} // namespace threadline::ui
