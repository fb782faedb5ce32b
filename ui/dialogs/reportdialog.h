// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// ReportDialog: "Why are you reporting 王五's post?" — one of the four reasons the server knows
// (radio buttons: Spam / Abuse / Illegal / Other, with a line saying what each means), an
// optional note for the moderators (at most kMaxNoteLength characters), Report / Cancel.
//
//   ReportDialog dialog(tr("%1's post").arg(name), this);
//   if (dialog.exec() == QDialog::Accepted)
//       actions->report(core::TargetType::Post, postId, *dialog.reason(), dialog.note());
//
// No reason is chosen at first: Report is enabled once one is (a report is never sent by a
// careless Return). Keyboard: the arrows move between the reasons, Alt+S/A/I/O choose one,
// Alt+N goes to the note, Tab leaves the note, Ctrl+Return reports, Esc cancels.
#pragma once

#include "wire/wiretypes.h"

#include <QDialog>

#include <optional>

class QButtonGroup;
class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QRadioButton;

namespace threadline::ui {

class ReportDialog : public QDialog
{
    Q_OBJECT
public:
    static constexpr int kMaxNoteLength = 500; // code points, after trimming

    // what: the reported content as the user names it ("王五's post", "李四's comment").
    explicit ReportDialog(const QString &what, QWidget *parent = nullptr);

    // The reason chosen (none until the user picks one).
    [[nodiscard]] std::optional<core::Report::Reason> reason() const;
    void setReason(core::Report::Reason reason);
    // The note, trimmed ("" for none).
    [[nodiscard]] QString note() const;
    void setNote(const QString &note);
    [[nodiscard]] QString what() const { return m_what; }

    // For tests and the keyboard: the parts.
    [[nodiscard]] QRadioButton *reasonButton(core::Report::Reason reason) const;
    [[nodiscard]] QPlainTextEdit *noteEdit() const { return m_note; }
    [[nodiscard]] QPushButton *reportButton() const { return m_report; }
    [[nodiscard]] QLabel *counter() const { return m_counter; }

    void accept() override;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void updateState();

    QString m_what;
    QLabel *m_question = nullptr;
    QButtonGroup *m_reasons = nullptr;
    QList<QRadioButton *> m_buttons; // in Reason order
    QList<QLabel *> m_explanations;  // in Reason order
    QLabel *m_noteLabel = nullptr;
    QPlainTextEdit *m_note = nullptr;
    QLabel *m_counter = nullptr;
    QDialogButtonBox *m_box = nullptr;
    QPushButton *m_report = nullptr;
};

} // namespace threadline::ui
