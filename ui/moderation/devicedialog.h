// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// "Device names": the moderators' editor of the device-name table (read, set and removed on the
// server), opened from the moderators' page (ModerationView's "Device names…").
//   filter:  a line that keeps the rows whose raw model or display name contains its words
//   table:   Raw model | Display name | Status; the display cell is edited in place (double
//            click, F2, or Edit), the Status column reads "Saving…" / "Removing…" while the
//            server has not answered
//   add:     a raw model and a display name, Add (or Return in either line)
//   remove:  Remove… asks first in a line under the table ("Remove “oneplus a6000” → “一加 6”?
//            Its posts will show the raw model."), Remove / Cancel
//   status:  what went wrong, in words (MessageBar); a failed change is rolled back
//   keys:    Esc cancels the removal question when it is open, else closes; Del = Remove…
// Every change is saved to the server at once (models::DeviceTableFeed); all text is plain.
#pragma once

#include "moderation/devicetablemodel.h"

#include <QDialog>

class QDialogButtonBox;
class QFrame;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace threadline::models {
class Feeds;
}

namespace threadline::ui {

class MessageBar;

class DeviceDialog : public QDialog
{
    Q_OBJECT
public:
    // Loads the table at once.
    explicit DeviceDialog(models::Feeds *feeds, QWidget *parent = nullptr);
    ~DeviceDialog() override;

    // Loads the table again (what it shows stays until the answer is there).
    void refresh();
    // What Add does with the two lines' text; false when nothing was sent (the reason shows).
    bool addEntry(const QString &raw, const QString &display);
    // Opens the editor on the selected row's display cell (Edit).
    void editSelected();
    // Asks whether to remove the selected row (Remove…); confirmRemoval() answers yes.
    void removeSelected();
    bool confirmRemoval();
    void cancelRemoval();
    [[nodiscard]] bool isAskingRemoval() const;
    // The filter line's text.
    void setFilterText(const QString &text);

    [[nodiscard]] models::DeviceTableModel *model() const { return m_model; }
    [[nodiscard]] models::DeviceTableFeed *feed() const { return m_feed; }
    [[nodiscard]] QTableView *table() const { return m_table; }
    [[nodiscard]] QSortFilterProxyModel *proxy() const { return m_proxy; }
    [[nodiscard]] QLineEdit *filterEdit() const { return m_filter; }
    [[nodiscard]] QLineEdit *rawEdit() const { return m_newRaw; }
    [[nodiscard]] QLineEdit *displayEdit() const { return m_newDisplay; }
    [[nodiscard]] QPushButton *addButton() const { return m_add; }
    [[nodiscard]] QPushButton *editButton() const { return m_edit; }
    [[nodiscard]] QPushButton *removeButton() const { return m_remove; }
    [[nodiscard]] QPushButton *confirmRemoveButton() const { return m_confirmYes; }
    // The removal question as shown ("" when it is not open).
    [[nodiscard]] QString removalQuestion() const;
    // What the status line says ("" when it is hidden).
    [[nodiscard]] QString statusText() const;
    // The table is loading or a change is on its way (the busy bar shows).
    [[nodiscard]] bool isBusy() const;
    // The selected row of the model (not the filter's), -1 when none.
    [[nodiscard]] int selectedRow() const;
    // Selects the model's row (through the filter; false when it is filtered out).
    bool selectRow(int modelRow);

public Q_SLOTS:
    void reject() override; // Esc: the removal question first, then the dialog

protected:
    void changeEvent(QEvent *event) override;

private:
    void buildUi();
    void retranslate();
    void updateActions();
    void updateBusy();
    void submitAdd();

    models::DeviceTableModel *m_model;
    models::DeviceTableFeed *m_feed;
    QSortFilterProxyModel *m_proxy;
    QString m_removing; // the raw model the question is about

    QLabel *m_intro = nullptr;
    QLineEdit *m_filter = nullptr;
    QProgressBar *m_busy = nullptr;
    MessageBar *m_status = nullptr;
    QTableView *m_table = nullptr;
    QFrame *m_confirmBar = nullptr;
    QLabel *m_confirmText = nullptr;
    QPushButton *m_confirmYes = nullptr;
    QPushButton *m_confirmNo = nullptr;
    QLabel *m_addLabel = nullptr;
    QLineEdit *m_newRaw = nullptr;
    QLineEdit *m_newDisplay = nullptr;
    QPushButton *m_add = nullptr;
    QPushButton *m_edit = nullptr;
    QPushButton *m_remove = nullptr;
    QPushButton *m_refresh = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace threadline::ui
