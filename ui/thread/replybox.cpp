// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "thread/replybox.h"

#include "common/palettecolors.h"

#include "common/draftwrite.h"

#include <QAbstractTextDocumentLayout>
#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QTextCursor>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace threadline::ui {

ReplyBox::ReplyBox(QWidget *parent)
    : QWidget(parent)
    , m_targetBar(new QFrame(this))
    , m_targetLabel(new QLabel(m_targetBar))
    , m_cancelTarget(new QToolButton(m_targetBar))
    , m_edit(new QPlainTextEdit(this))
    , m_counter(new QLabel(this))
    , m_send(new QPushButton(this))
{
    setObjectName(QStringLiteral("replyBox"));
    auto *bl = new QVBoxLayout(this);
    bl->setContentsMargins(8, 6, 8, 8);
    bl->setSpacing(4);
    auto *tl = new QHBoxLayout(m_targetBar);
    tl->setContentsMargins(0, 0, 0, 0);
    m_targetLabel->setObjectName(QStringLiteral("replyTarget"));
    m_targetLabel->setTextFormat(Qt::PlainText);
    m_targetLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_targetLabel->setForegroundRole(QPalette::PlaceholderText); // muted, and follows a theme
    tl->addWidget(m_targetLabel, 1);
    m_cancelTarget->setObjectName(QStringLiteral("cancelReplyTarget"));
    m_cancelTarget->setAutoRaise(true);
    connect(m_cancelTarget, &QToolButton::clicked, this, &ReplyBox::answerPost);
    tl->addWidget(m_cancelTarget);
    m_targetBar->setVisible(false);
    bl->addWidget(m_targetBar);
    auto *row = new QHBoxLayout;
    row->setSpacing(8);
    m_edit->setObjectName(QStringLiteral("replyEdit"));
    m_edit->setTabChangesFocus(true);
    m_edit->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_edit->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_edit->installEventFilter(this);
    row->addWidget(m_edit, 1);
    auto *side = new QVBoxLayout;
    side->setSpacing(2);
    side->addStretch(1);
    m_counter->setObjectName(QStringLiteral("replyCounter"));
    m_counter->setTextFormat(Qt::PlainText);
    m_counter->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_counter->setVisible(false);
    side->addWidget(m_counter);
    m_send->setObjectName(QStringLiteral("sendButton"));
    m_send->setDefault(false);
    m_send->setAutoDefault(false);
    connect(m_send, &QPushButton::clicked, this, &ReplyBox::sendRequested);
    side->addWidget(m_send);
    row->addLayout(side);
    bl->addLayout(row);

    connect(m_edit, &QPlainTextEdit::textChanged, this, [this] {
        updateSendState();
        updateEditHeight();
        saveDraft();
    });
    connect(m_edit->document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged,
            this, &ReplyBox::updateEditHeight);
    updateEditHeight();
    setFocusProxy(m_edit);
    retranslate();
    answerPost();
    updateSendState();
}

void ReplyBox::retranslate()
{
    m_cancelTarget->setText(tr("Cancel"));
    m_cancelTarget->setToolTip(tr("Comment on the post instead (Esc)"));
    m_send->setText(tr("Send"));
    m_send->setToolTip(tr("Send (Ctrl+Return)"));
    setHint(m_targetId != 0 ? m_targetHint : tr("Comment"));
    if (m_targetId != 0)
        m_targetLabel->setText(m_targetHint);
}

void ReplyBox::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ReplyBox::answerComment(qint64 commentId, const QString &hint)
{
    m_targetId = commentId;
    m_targetHint = hint;
    setHint(m_targetHint);
    m_targetLabel->setText(m_targetHint);
    m_targetBar->setVisible(true);
    m_edit->setFocus(Qt::OtherFocusReason);
    saveDraft();
}

void ReplyBox::answerPost()
{
    m_targetId = 0;
    m_targetHint.clear();
    setHint(tr("Comment"));
    m_targetLabel->clear();
    m_targetBar->setVisible(false);
    saveDraft();
}

ReplyBox::~ReplyBox()
{
    if (m_draftTimer && m_draftTimer->isActive())
        writeDraft(); // closed with the program: what was typed last is kept
}

void ReplyBox::setDraftKey(const QString &key)
{
    if (m_draftTimer && m_draftTimer->isActive()) {
        m_draftTimer->stop();
        writeDraft(); // the post left behind keeps its draft as it was
    }
    m_draftKey.clear(); // what follows is the new draft's loading, not an edit of the old one
    m_loadingDraft = true;
    answerPost();
    m_edit->clear();
    if (!key.isEmpty()) {
        QSettings settings;
        const QString text = settings.value(key + QStringLiteral("/text")).toString();
        const qint64 target = settings.value(key + QStringLiteral("/target")).toLongLong();
        if (target != 0) { // answering a comment, as when it was written
            m_targetId = target;
            m_targetHint = settings.value(key + QStringLiteral("/hint")).toString();
            setHint(m_targetHint);
            m_targetLabel->setText(m_targetHint);
            m_targetBar->setVisible(true);
        }
        m_edit->setPlainText(text);
        m_edit->moveCursor(QTextCursor::End);
    }
    m_draftKey = key;
    m_loadingDraft = false;
}

void ReplyBox::saveDraft()
{
    if (m_draftKey.isEmpty() || m_loadingDraft)
        return;
    // sent or emptied: forgotten at once
    writeDraftSoon(m_draftTimer, this, m_edit->toPlainText().trimmed().isEmpty(),
                   [this] { writeDraft(); });
}

void ReplyBox::writeDraft()
{
    if (m_draftKey.isEmpty())
        return;
    QSettings settings;
    if (m_edit->toPlainText().trimmed().isEmpty()) {
        settings.remove(m_draftKey);
        return;
    }
    settings.setValue(m_draftKey + QStringLiteral("/text"), m_edit->toPlainText());
    settings.setValue(m_draftKey + QStringLiteral("/target"), m_targetId);
    settings.setValue(m_draftKey + QStringLiteral("/hint"), m_targetHint);
}

void ReplyBox::replaceTarget(qint64 localId, qint64 serverId)
{
    if (m_targetId == localId)
        m_targetId = serverId;
}

void ReplyBox::setSendable(bool sendable)
{
    m_sendable = sendable;
    updateSendState();
}

bool ReplyBox::canSend() const
{
    return m_send->isEnabled();
}

QString ReplyBox::text() const
{
    return m_edit->toPlainText().trimmed();
}

void ReplyBox::clear()
{
    m_edit->clear();
}

void ReplyBox::updateSendState()
{
    const qsizetype length = text().toUcs4().size();
    const bool near = length >= kMaxLength - 50;
    m_counter->setVisible(near);
    if (near) {
        m_counter->setText(tr("%1/%2").arg(length).arg(kMaxLength));
        QPalette p = palette();
        if (length > kMaxLength)
            p.setColor(QPalette::WindowText, warningColor(p));
        m_counter->setPalette(p);
    }
    m_send->setEnabled(m_sendable && length > 0 && length <= kMaxLength);
}

void ReplyBox::updateEditHeight()
{
    const int lines = std::clamp(
        int(std::ceil(m_edit->document()->documentLayout()->documentSize().height())), 2, 5);
    const QMargins m = m_edit->contentsMargins();
    const int h = lines * m_edit->fontMetrics().lineSpacing() +
                  int(2 * m_edit->document()->documentMargin()) + m.top() + m.bottom();
    if (m_edit->height() != h || m_edit->minimumHeight() != h)
        m_edit->setFixedHeight(h);
}

void ReplyBox::setHint(const QString &hint)
{
    m_edit->setPlaceholderText(hint);
    m_edit->setAccessibleName(hint); // "Comment", "Reply to 李四": what the box is for
}

bool ReplyBox::escape()
{
    if (m_targetId != 0) {
        answerPost();
        return true;
    }
    if (text().isEmpty()) {
        Q_EMIT closeRequested();
        return true;
    }
    return false;
}

bool ReplyBox::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_edit && event->type() == QEvent::KeyPress) {
        const auto *ke = static_cast<QKeyEvent *>(event);
        const bool enter = ke->key() == Qt::Key_Return || ke->key() == Qt::Key_Enter;
        if (enter && (ke->modifiers() & Qt::ControlModifier)) {
            Q_EMIT sendRequested();
            return true;
        }
        if (ke->key() == Qt::Key_Escape && ke->modifiers() == Qt::NoModifier)
            return escape();
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace threadline::ui
