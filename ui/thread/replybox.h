// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The reply box at the foot of the thread pane (docs/design.md "Thread view"): what the user
// writes and whom it answers.
//   [Reply to 李四                                  Cancel]   only while a comment is answered
//   [the text, 2 to 5 lines high, then it scrolls ] 480/500
//                                                   [Send]
// Its hint says whom: "评论" (Comment) for the post itself, "回复 李四" (the row's
// ReplyHintRole) after choosing a comment. The counter shows near the limit (kMaxLength code
// points, after trimming), red beyond it. Keys in the text: Ctrl+Return sends; Esc goes back to
// answering the post, and with an empty box asks to close the pane.
// The box holds the draft and its target; the pane sends it (sendRequested) and says whether
// it may (setSendable). Object names for tests: "replyBox", "replyTarget", "cancelReplyTarget",
// "replyEdit", "replyCounter", "sendButton".
#pragma once

#include <QWidget>

class QFrame;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTimer;
class QToolButton;

namespace threadline::ui {

class ReplyBox : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kMaxLength = 500; // code points, after trimming (the server's)

    explicit ReplyBox(QWidget *parent = nullptr);
    ~ReplyBox() override;

    // The box answers this comment (hint: "回复 李四") and takes the focus.
    void answerComment(qint64 commentId, const QString &hint);
    // The box answers the post (its hint: "评论").
    void answerPost();
    // The comment answered (0: the post itself).
    [[nodiscard]] qint64 target() const { return m_targetId; }
    // The comment answered was written offline and now has its server id.
    void replaceTarget(qint64 localId, qint64 serverId);

    // Whether the pane can take a comment now (an open post that is not gone, and someone to
    // send it); Send is enabled when it can and the text is within the limit.
    void setSendable(bool sendable);
    [[nodiscard]] bool canSend() const;
    // What is written, trimmed.
    [[nodiscard]] QString text() const;
    void clear();
    // Where the draft is kept in the settings (a post's key): the draft under it (the text and
    // the comment answered) is shown now, without taking the focus, and kept as it changes, so
    // that it survives a restart; an empty box keeps nothing. "" keeps no draft (and empties
    // the box).
    void setDraftKey(const QString &key);

    // Esc: back to answering the post, or with an empty box closeRequested; false when it has
    // nothing to do (a draft stays).
    bool escape();

    [[nodiscard]] QPlainTextEdit *edit() const { return m_edit; }
    [[nodiscard]] QPushButton *sendButton() const { return m_send; }

Q_SIGNALS:
    // Send, or Ctrl+Return in the text.
    void sendRequested();
    void closeRequested();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void setHint(const QString &hint);
    void retranslate();
    void updateSendState();
    void updateEditHeight();

    qint64 m_targetId = 0; // the comment answered, 0 for the post
    QString m_targetHint;  // its ReplyHintRole
    QString m_draftKey;    // setDraftKey(); "" keeps nothing
    bool m_loadingDraft = false;
    void saveDraft(); // soon: the settings file is written once typing pauses, not per key
    void writeDraft();
    QTimer *m_draftTimer = nullptr;
    bool m_sendable = false;

    QFrame *m_targetBar;
    QLabel *m_targetLabel;
    QToolButton *m_cancelTarget;
    QPlainTextEdit *m_edit;
    QLabel *m_counter;
    QPushButton *m_send;
};

} // namespace threadline::ui
