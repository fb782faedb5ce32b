// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Sign-in: the server, the username and the password. The dialog only collects them and shows
// what the session answers (busy while signing in, the failure in words); the app's wiring calls
// core::Session::login() on loginRequested().
#pragma once

#include <QDialog>
#include <QUrl>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;

namespace threadline::ui {

class LoginDialog : public QDialog
{
    Q_OBJECT
public:
    explicit LoginDialog(QWidget *parent = nullptr);

    void setServer(const QUrl &server);
    void setUsername(const QString &username);
    [[nodiscard]] QUrl server() const;
    [[nodiscard]] QString username() const;

    // While the session works: the fields are read-only and a busy bar shows.
    void setBusy(bool busy);
    // The session's words ("Wrong username or password"); the password field is cleared.
    void showError(const QString &message);
    // The last sign-in again, with the password given then (after the user trusted the
    // server's certificate); false when nothing was submitted yet.
    bool retry();

Q_SIGNALS:
    void loginRequested(const QUrl &server, const QString &username, const QString &password);

private:
    void submit();
    void updateButton();

    QLineEdit *m_server;
    QLineEdit *m_username;
    QLineEdit *m_password;
    QLabel *m_error;
    QProgressBar *m_busy;
    QDialogButtonBox *m_buttons;
    QString m_lastPassword; // of the last submit, for retry(); gone with the dialog
};

} // namespace threadline::ui
