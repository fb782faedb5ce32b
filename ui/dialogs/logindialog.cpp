// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/logindialog.h"

#include "common/palettecolors.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace threadline::ui {

LoginDialog::LoginDialog(QWidget *parent)
    : QDialog(parent)
    , m_server(new QLineEdit(this))
    , m_username(new QLineEdit(this))
    , m_password(new QLineEdit(this))
    , m_error(new QLabel(this))
    , m_busy(new QProgressBar(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Sign in to Threadline"));
    m_server->setPlaceholderText(QStringLiteral("http://127.0.0.1:8080"));
    m_password->setEchoMode(QLineEdit::Password);
    m_error->setTextFormat(Qt::PlainText);
    m_error->setWordWrap(true);
    m_error->setForegroundRole(QPalette::BrightText);
    m_error->setStyleSheet(warningStyleSheet(palette()));
    m_error->hide();
    m_busy->setRange(0, 0);
    m_busy->setTextVisible(false);
    m_busy->setMaximumHeight(6);
    m_busy->hide();
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Sign in"));

    auto *form = new QFormLayout;
    form->addRow(tr("&Server:"), m_server);
    form->addRow(tr("&Username:"), m_username);
    form->addRow(tr("&Password:"), m_password);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(m_busy);
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &LoginDialog::submit);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QLineEdit *e : {m_server, m_username, m_password})
        connect(e, &QLineEdit::textChanged, this, &LoginDialog::updateButton);
    updateButton();
    setMinimumWidth(360);
}

void LoginDialog::setServer(const QUrl &server)
{
    m_server->setText(server.toString());
}

void LoginDialog::setUsername(const QString &username)
{
    m_username->setText(username);
    if (!username.isEmpty())
        m_password->setFocus();
}

QUrl LoginDialog::server() const
{
    return QUrl::fromUserInput(m_server->text().trimmed());
}

QString LoginDialog::username() const
{
    return m_username->text().trimmed();
}

void LoginDialog::setBusy(bool busy)
{
    for (QLineEdit *e : {m_server, m_username, m_password})
        e->setReadOnly(busy);
    m_busy->setVisible(busy);
    if (busy)
        m_error->hide();
    updateButton();
}

void LoginDialog::showError(const QString &message)
{
    setBusy(false);
    m_error->setText(message);
    m_error->show();
    m_password->clear();
    m_password->setFocus();
}

void LoginDialog::updateButton()
{
    const bool ready = server().isValid() && !server().host().isEmpty() && !username().isEmpty() &&
                       !m_password->text().isEmpty() && !m_busy->isVisible();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(ready);
}

void LoginDialog::submit()
{
    if (!m_buttons->button(QDialogButtonBox::Ok)->isEnabled())
        return;
    setBusy(true);
    m_lastPassword = m_password->text();
    Q_EMIT loginRequested(server(), username(), m_lastPassword);
}

bool LoginDialog::retry()
{
    if (m_lastPassword.isEmpty())
        return false;
    setBusy(true);
    Q_EMIT loginRequested(server(), username(), m_lastPassword);
    return true;
}

} // namespace threadline::ui
