// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// ReasonDialog: the moderators' "why?" before a hide or an unhide from a timeline or a thread.
//   ReasonDialog dialog(tr("Hide 王五's post"), tr("Its comments are hidden with it."), true,
//   this); if (dialog.exec() == QDialog::Accepted) actions->moderate(…, dialog.reason());
// The question and the detail are plain text (names come from the network). A required reason
// keeps OK disabled until something is written; at most 500 characters. Return confirms, Esc
// cancels.
#pragma once

#include <QDialog>
#include <functional>
#include <optional>

class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace threadline::ui {

class ReasonDialog : public QDialog
{
    Q_OBJECT
public:
    ReasonDialog(const QString &title, const QString &detail, bool required,
                 QWidget *parent = nullptr);

    [[nodiscard]] QString reason() const; // trimmed
    [[nodiscard]] QLineEdit *edit() const { return m_edit; }

    // Asks (modal); nothing when cancelled. Tests replace the question with setPrompt().
    using Prompt = std::function<std::optional<QString>(const QString &title, const QString &detail,
                                                        bool required)>;
    static std::optional<QString> ask(QWidget *parent, const QString &title, const QString &detail,
                                      bool required);
    static void setPrompt(Prompt prompt);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void updateState();

    bool m_required;
    QLabel *m_title;
    QLabel *m_detail;
    QLabel *m_label;
    QLineEdit *m_edit;
    QDialogButtonBox *m_box;
};

} // namespace threadline::ui
