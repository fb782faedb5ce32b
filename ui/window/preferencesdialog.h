// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Preferences (Ctrl+, or File → Preferences…): every change applies at once, Close (or Esc)
// closes. Language (System / 简体中文 / English: switched at once, no restart), the times' zone
// (UTC+8 as the spec has it, or the system's), the comments a card shows (3–5), start offline
// (at the next start), the image cache's size limit with its use now ("Using 12.3 MB of 200 MB")
// and Clear image cache…, and Clear cached posts… (the outbox, the changes waiting to be sent,
// is never touched: the question says so). The two clears ask first, in a window-modal message
// box (confirmation()) that does not block.
//
//   auto *dialog = new PreferencesDialog(mainWindow, core);   // MainWindow::showPreferences
//   dialog->setAttribute(Qt::WA_DeleteOnClose);
//   dialog->open();
//
// Object names for tests: "language", "timeZone", "inlineComments", "startOffline", "doNotDisturb",
// "imageCacheLimit", "imageCacheUse", "clearImageCache", "clearCachedPosts", "preferencesNote".
#pragma once

#include <QDialog>
#include <QMessageBox>
#include <QPointer>

#include <functional>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QGroupBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace threadline::core {
class AppCore;
}

namespace threadline::ui {

class MainWindow;

class PreferencesDialog : public QDialog
{
    Q_OBJECT
public:
    // window and core: not owned, never null.
    PreferencesDialog(MainWindow *window, core::AppCore *core, QWidget *parent = nullptr);

    // The question of a clear while it is open (null otherwise).
    [[nodiscard]] QMessageBox *confirmation() const { return m_confirmation; }
    // Ask (confirmation()), then clear.
    void clearImageCache();
    void clearCachedPosts();
    // The image cache's use as the dialog shows it ("" until known).
    [[nodiscard]] QString imageCacheUseText() const;
    // The outcome of the last action, in words ("" before any).
    [[nodiscard]] QString noteText() const;

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void retranslate();
    void updateUse();
    void ask(const QString &question, const QString &detail, const QString &confirm,
             const std::function<void()> &then);

    MainWindow *m_window;
    core::AppCore *m_core;
    qint64 m_used = -1; // the disk cache's bytes, once known
    QPointer<QMessageBox> m_confirmation;

    QLabel *m_languageLabel;
    QComboBox *m_language;
    QLabel *m_themeLabel;
    QComboBox *m_theme;
    QLabel *m_zoneLabel;
    QComboBox *m_zone;
    QLabel *m_inlineLabel;
    QSpinBox *m_inline;
    QCheckBox *m_startOffline;
    QLabel *m_startOfflineHint;
    QCheckBox *m_doNotDisturb;
    QGroupBox *m_imagesBox;
    QLabel *m_limitLabel;
    QSpinBox *m_limit;
    QLabel *m_use;
    QPushButton *m_clearImages;
    QGroupBox *m_postsBox;
    QLabel *m_postsText;
    QPushButton *m_clearPosts;
    QLabel *m_note;
    QDialogButtonBox *m_buttons;
};

} // namespace threadline::ui
