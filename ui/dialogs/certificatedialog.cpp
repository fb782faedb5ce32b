// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/certificatedialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace threadline::ui {

namespace {

QString when(const QDateTime &t)
{
    return t.isValid() ? t.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"))
                       : QStringLiteral("?");
}

QLabel *plainLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setTextFormat(Qt::PlainText); // everything here came from the network
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

CertificateDialog::CertificateDialog(const core::CertificateProblem &problem, QWidget *parent)
    : QDialog(parent)
    , m_problem(problem)
    , m_message(plainLabel(this))
    , m_details(plainLabel(this))
{
    setWindowTitle(problem.changed() ? tr("The server's certificate changed")
                                     : tr("Untrusted certificate"));
    m_message->setText(message());
    QStringList details;
    details
        << tr("Fingerprint (SHA-256): %1").arg(problem.fingerprint())
        << tr("Issued to: %1").arg(problem.subject()) << tr("Issued by: %1").arg(problem.issuer())
        << tr("Valid from %1 until %2").arg(when(problem.validFrom()), when(problem.validUntil()))
        << tr("Trust it only if you know that this is the certificate of %1 (ask whoever runs "
              "the server to compare the fingerprint). It will be remembered for this server.")
               .arg(problem.serverName());
    m_details->setText(details.join(QLatin1Char('\n')));

    auto *buttons = new QDialogButtonBox(this);
    m_trust = buttons->addButton(tr("&Trust this certificate"), QDialogButtonBox::AcceptRole);
    m_cancel = buttons->addButton(QDialogButtonBox::Cancel);
    // Enter must not trust by accident: Cancel is the default.
    m_trust->setAutoDefault(false);
    m_cancel->setDefault(true);
    connect(m_trust, &QPushButton::clicked, this, &CertificateDialog::trust);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *icon = new QLabel(this);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(32, 32));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(icon);
    layout->addWidget(m_message);
    layout->addWidget(m_details);
    layout->addWidget(buttons);
    setMinimumWidth(480);
}

QString CertificateDialog::message() const
{
    return tr("The certificate of %1 is not trusted: %2.")
        .arg(m_problem.serverName(), m_problem.reasons().join(QStringLiteral("; ")));
}

void CertificateDialog::trust()
{
    core::TlsPins::pin(m_problem.origin, m_problem.certificate);
    const core::CertificateProblem problem = m_problem;
    accept();
    Q_EMIT trusted(problem);
}

} // namespace threadline::ui
