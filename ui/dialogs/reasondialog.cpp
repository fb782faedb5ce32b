// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/reasondialog.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace threadline::ui {

namespace {
ReasonDialog::Prompt &prompt()
{
    static ReasonDialog::Prompt p;
    return p;
}
constexpr int kMaxReason = 500;
} // namespace

ReasonDialog::ReasonDialog(const QString &title, const QString &detail, bool required,
                           QWidget *parent)
    : QDialog(parent)
    , m_required(required)
    , m_title(new QLabel(title, this))
    , m_detail(new QLabel(detail, this))
    , m_label(new QLabel(this))
    , m_edit(new QLineEdit(this))
    , m_box(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("reasonDialog"));
    setWindowTitle(title);
    for (QLabel *l : {m_title, m_detail, m_label}) {
        l->setTextFormat(Qt::PlainText);
        l->setWordWrap(true);
    }
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_detail->setVisible(!detail.isEmpty());
    m_edit->setObjectName(QStringLiteral("reasonEdit"));
    m_edit->setMaxLength(kMaxReason);
    m_label->setBuddy(m_edit);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_detail);
    layout->addSpacing(6);
    layout->addWidget(m_label);
    layout->addWidget(m_edit);
    layout->addWidget(m_box);
    connect(m_edit, &QLineEdit::textChanged, this, &ReasonDialog::updateState);
    connect(m_box, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    m_box->button(QDialogButtonBox::Ok)->setDefault(true); // Return in the line confirms
    m_edit->setFocus();
    retranslate();
    updateState();
    resize(std::max(420, sizeHint().width()), sizeHint().height());
}

QString ReasonDialog::reason() const
{
    return m_edit->text().trimmed();
}

std::optional<QString> ReasonDialog::ask(QWidget *parent, const QString &title,
                                         const QString &detail, bool required)
{
    if (prompt())
        return prompt()(title, detail, required);
    ReasonDialog dialog(title, detail, required, parent);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return dialog.reason();
}

void ReasonDialog::setPrompt(Prompt p)
{
    prompt() = std::move(p);
}

void ReasonDialog::retranslate()
{
    m_label->setText(m_required ? tr("&Reason (kept in the moderation log):")
                                : tr("&Reason (optional, kept in the moderation log):"));
    m_edit->setPlaceholderText(m_required ? tr("For example: advertising, abuse")
                                          : tr("For example: reviewed, breaks no rule"));
    m_box->button(QDialogButtonBox::Ok)->setText(tr("OK"));
    m_box->button(QDialogButtonBox::Cancel)->setText(tr("Cancel"));
}

void ReasonDialog::updateState()
{
    m_box->button(QDialogButtonBox::Ok)->setEnabled(!m_required || !reason().isEmpty());
}

void ReasonDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

} // namespace threadline::ui
