// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/reportdialog.h"

#include "common/palettecolors.h"

#include <QButtonGroup>
#include <QDialogButtonBox>
#include <QEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QStyle>
#include <QVBoxLayout>

namespace threadline::ui {

using Reason = core::Report::Reason;

namespace {
constexpr Reason kReasons[] = {Reason::Spam, Reason::Abuse, Reason::Illegal, Reason::Other};

QPalette mutedPalette(const QPalette &base)
{
    QPalette p = base;
    p.setColor(QPalette::WindowText, p.color(QPalette::PlaceholderText));
    return p;
}
} // namespace

ReportDialog::ReportDialog(const QString &what, QWidget *parent)
    : QDialog(parent)
    , m_what(what)
{
    setObjectName(QStringLiteral("reportDialog"));
    setModal(true);
    auto *root = new QVBoxLayout(this);
    root->setSpacing(6);

    m_question = new QLabel(this);
    m_question->setObjectName(QStringLiteral("reportQuestion"));
    m_question->setTextFormat(Qt::PlainText);
    m_question->setWordWrap(true);
    QFont bold = m_question->font();
    bold.setBold(true);
    m_question->setFont(bold);
    root->addWidget(m_question);
    root->addSpacing(4);

    // The reasons, each with a line saying what it covers, under the button's text.
    m_reasons = new QButtonGroup(this);
    m_reasons->setExclusive(true);
    const int indent = style()->pixelMetric(QStyle::PM_ExclusiveIndicatorWidth) +
                       style()->pixelMetric(QStyle::PM_RadioButtonLabelSpacing);
    for (Reason r : kReasons) {
        auto *button = new QRadioButton(this);
        button->setObjectName(QStringLiteral("reason%1").arg(int(r)));
        m_reasons->addButton(button, int(r));
        m_buttons.append(button);
        root->addWidget(button);
        auto *explanation = new QLabel(this);
        explanation->setTextFormat(Qt::PlainText);
        explanation->setWordWrap(true);
        explanation->setForegroundRole(QPalette::PlaceholderText); // follows a theme
        explanation->setContentsMargins(indent, 0, 0, 4);
        m_explanations.append(explanation);
        root->addWidget(explanation);
    }
    connect(m_reasons, &QButtonGroup::idToggled, this, [this] { updateState(); });

    root->addSpacing(4);
    m_noteLabel = new QLabel(this);
    m_noteLabel->setTextFormat(Qt::PlainText);
    root->addWidget(m_noteLabel);
    m_note = new QPlainTextEdit(this);
    m_note->setObjectName(QStringLiteral("reportNote"));
    m_note->setTabChangesFocus(true);
    m_note->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_note->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    const QMargins m = m_note->contentsMargins();
    m_note->setFixedHeight(4 * m_note->fontMetrics().lineSpacing() +
                           int(2 * m_note->document()->documentMargin()) + m.top() + m.bottom());
    m_note->installEventFilter(this);
    m_noteLabel->setBuddy(m_note);
    root->addWidget(m_note);
    m_counter = new QLabel(this);
    m_counter->setObjectName(QStringLiteral("reportNoteCounter"));
    m_counter->setTextFormat(Qt::PlainText);
    m_counter->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    root->addWidget(m_counter);
    connect(m_note, &QPlainTextEdit::textChanged, this, &ReportDialog::updateState);

    m_box = new QDialogButtonBox(this);
    m_report = m_box->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_report->setObjectName(QStringLiteral("reportButton"));
    m_box->addButton(QDialogButtonBox::Cancel);
    connect(m_box, &QDialogButtonBox::accepted, this, &ReportDialog::accept);
    connect(m_box, &QDialogButtonBox::rejected, this, &ReportDialog::reject);
    root->addSpacing(4);
    root->addWidget(m_box);

    retranslate();
    updateState();
    m_buttons.first()->setFocus(Qt::OtherFocusReason);
    setMinimumWidth(400);
}

QRadioButton *ReportDialog::reasonButton(Reason reason) const
{
    return m_buttons.value(int(reason));
}

std::optional<Reason> ReportDialog::reason() const
{
    const int id = m_reasons->checkedId();
    if (id < 0)
        return std::nullopt;
    return Reason(id);
}

void ReportDialog::setReason(Reason reason)
{
    if (QRadioButton *b = reasonButton(reason))
        b->setChecked(true);
}

QString ReportDialog::note() const
{
    return m_note->toPlainText().trimmed();
}

void ReportDialog::setNote(const QString &note)
{
    m_note->setPlainText(note);
}

void ReportDialog::accept()
{
    if (!m_report->isEnabled())
        return;
    QDialog::accept();
}

void ReportDialog::retranslate()
{
    setWindowTitle(tr("Report"));
    m_question->setText(tr("Why are you reporting %1?").arg(m_what));
    const QString texts[] = {tr("&Spam"), tr("&Abuse or harassment"), tr("&Illegal content"),
                             tr("&Other")};
    const QString explanations[] = {
        tr("Advertising, scams, or the same thing posted again and again"),
        tr("Insults, threats, or going after a person"),
        tr("Something that breaks the law"),
        tr("Something else: say what in the note"),
    };
    for (int i = 0; i < m_buttons.size(); ++i) {
        m_buttons[i]->setText(texts[i]);
        m_explanations[i]->setText(explanations[i]);
        m_buttons[i]->setAccessibleDescription(explanations[i]);
    }
    m_noteLabel->setText(tr("&Note for the moderators (optional)"));
    m_note->setPlaceholderText(tr("Anything that helps them decide"));
    m_report->setText(tr("&Report"));
    m_report->setToolTip(tr("Send the report to the moderators (Ctrl+Return)"));
    updateState();
}

void ReportDialog::updateState()
{
    const qsizetype length = note().toUcs4().size();
    m_counter->setText(tr("%1/%2").arg(length).arg(kMaxNoteLength));
    QPalette p = mutedPalette(palette());
    if (length > kMaxNoteLength)
        p.setColor(QPalette::WindowText, warningColor(p));
    m_counter->setPalette(p);
    m_counter->setAccessibleName(length > kMaxNoteLength
                                     ? tr("The note is too long: %1 of at most %2 characters")
                                           .arg(length)
                                           .arg(kMaxNoteLength)
                                     : QString());
    const bool ok = reason().has_value() && length <= kMaxNoteLength;
    m_report->setEnabled(ok);
    m_report->setDefault(ok);
}

bool ReportDialog::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_note && event->type() == QEvent::KeyPress) {
        const auto *ke = static_cast<QKeyEvent *>(event);
        const bool enter = ke->key() == Qt::Key_Return || ke->key() == Qt::Key_Enter;
        if (enter && (ke->modifiers() & Qt::ControlModifier)) {
            accept();
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

void ReportDialog::keyPressEvent(QKeyEvent *event)
{
    const bool enter = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
    if (enter && (event->modifiers() & Qt::ControlModifier)) {
        accept();
        return;
    }
    QDialog::keyPressEvent(event);
}

void ReportDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange && m_report)
        retranslate();
    QDialog::changeEvent(event);
}

} // namespace threadline::ui
