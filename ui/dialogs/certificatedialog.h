// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The server's certificate is not trusted: the reasons and the certificate in words, and the
// user's choice. "Trust this certificate" pins it for that server (core::TlsPins) and emits
// trusted(); "Cancel" (and Escape, the default button) leaves everything as it was.
//
//   auto *d = new CertificateDialog(problem, window);   // the client found the server untrusted
//   connect(d, &CertificateDialog::trusted, …);         // pinned: retry what failed
//   d->open();
#pragma once

#include "net/tlspins.h"

#include <QDialog>

class QLabel;
class QPushButton;

namespace threadline::ui {

class CertificateDialog : public QDialog
{
    Q_OBJECT
public:
    explicit CertificateDialog(const core::CertificateProblem &problem, QWidget *parent = nullptr);

    [[nodiscard]] core::CertificateProblem problem() const { return m_problem; }
    // The sentence shown on top: "The certificate of … is not trusted: …."
    [[nodiscard]] QString message() const;
    [[nodiscard]] QPushButton *trustButton() const { return m_trust; }
    [[nodiscard]] QPushButton *cancelButton() const { return m_cancel; }

Q_SIGNALS:
    // The user trusts the certificate; it is pinned already.
    void trusted(const threadline::core::CertificateProblem &problem);

private:
    void trust();

    core::CertificateProblem m_problem;
    QLabel *m_message;
    QLabel *m_details;
    QPushButton *m_trust;
    QPushButton *m_cancel;
};

} // namespace threadline::ui
