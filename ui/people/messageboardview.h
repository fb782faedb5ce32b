// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// MessageBoardView: the messages on a person's board (留言), the third tab of a person's page —
// newest first, each row the author, when, the message (plain text, wrapped) and its likes; a
// box above to leave a message (Ctrl+Return or the button). Everything the user does goes
// through core::Actions (the outbox) and shows at once (models::MessageBoardModel).
//
// Keys on the list: L likes or unlikes the current message, Delete deletes it (asked first; the
// author or the board's owner, or a moderator), the Menu key or Shift+F10 opens its menu (Like,
// Delete…, Report…, and for moderators Hide… / Unhide…); F5 reads the board again. The board is
// read again each time it is shown for a person (messages send no /sync changes).
#pragma once

#include "common/relativetime.h"
#include "dialogs/itemactions.h"

#include <QWidget>

class QLabel;
class QListView;
class QPlainTextEdit;
class QPushButton;

namespace threadline::core {
class Actions;
}

namespace threadline::models {
class Feeds;
class MessageBoardFeed;
class MessageBoardModel;
} // namespace threadline::models

namespace threadline::ui {

class MessageBoardDelegate;

class MessageBoardView : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kMaxLength = 500; // code points, as the server takes

    MessageBoardView(models::Feeds *feeds, QWidget *parent = nullptr);
    ~MessageBoardView() override;

    // Who I am (my messages, the Delete I may do, the moderators' entries).
    void setMe(const core::UserBrief &me, bool moderator);
    // Whose board, and their name for the words ("王五's board"); read at once.
    void showBoard(qint64 uid, const QString &name);
    [[nodiscard]] qint64 board() const { return m_board; }
    // Reads the board again (F5, and whenever it is shown).
    void reload();
    void setTimeZone(models::RelativeTime::Zone zone);

    // What the user does to the message at `row` (the keys and the menu do these).
    void toggleLike(int row);
    void deleteMessage(int row);
    void report(int row);
    void moderate(int row);
    // Leaves what the box holds (nothing when it is empty or too long).
    void send();

    [[nodiscard]] models::MessageBoardModel *model() const { return m_model; }
    [[nodiscard]] models::MessageBoardFeed *feed() const { return m_feed; }
    [[nodiscard]] QListView *list() const { return m_list; }
    [[nodiscard]] QPlainTextEdit *editor() const { return m_editor; }
    [[nodiscard]] QPushButton *sendButton() const { return m_send; }
    [[nodiscard]] QString statusText() const;
    // The confirmation before a deletion, the report and reason dialogs (tests replace them).
    [[nodiscard]] ItemActions &itemActions() { return m_items; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void updateState();
    [[nodiscard]] bool mayDelete(int row) const;
    [[nodiscard]] QString authorAt(int row) const;
    void openMenu(int row, QPoint globalPos);

    models::MessageBoardModel *m_model;
    models::MessageBoardFeed *m_feed;
    core::Actions *m_actions;
    MessageBoardDelegate *m_delegate;
    QPlainTextEdit *m_editor;
    QPushButton *m_send;
    QLabel *m_count;
    QListView *m_list;
    QLabel *m_status;
    ItemActions m_items{this};
    core::UserBrief m_me;
    bool m_moderator = false;
    qint64 m_board = 0;
    QString m_boardName;
    QString m_error;
};

} // namespace threadline::ui
