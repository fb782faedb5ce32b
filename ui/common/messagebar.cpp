// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/messagebar.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QStyle>
#include <QToolButton>

namespace threadline::ui {

MessageBar::MessageBar(QWidget *parent)
    : QFrame(parent)
    , m_text(new QLabel(this))
    , m_retry(new QToolButton(this))
    , m_dismiss(new QToolButton(this))
{
    setObjectName(QStringLiteral("statusLine"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    // the tooltip colours: noticeable, right in dark themes too, and following a theme change
    setBackgroundRole(QPalette::ToolTipBase);
    setForegroundRole(QPalette::ToolTipText);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 6, 6, 6);
    m_text->setObjectName(QStringLiteral("statusText"));
    m_text->setTextFormat(Qt::PlainText);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_text, 1);
    m_retry->setObjectName(QStringLiteral("retryButton"));
    connect(m_retry, &QToolButton::clicked, this, [this] {
        clear();
        Q_EMIT retryClicked();
    });
    layout->addWidget(m_retry, 0, Qt::AlignTop);
    m_dismiss->setObjectName(QStringLiteral("dismissStatus"));
    m_dismiss->setAutoRaise(true);
    // its icon when first shown (showMessage): the style's icons load the image plugins
    connect(m_dismiss, &QToolButton::clicked, this, [this] {
        clear();
        Q_EMIT dismissed();
    });
    layout->addWidget(m_dismiss, 0, Qt::AlignTop);
    retranslate();
    setVisible(false);
}

void MessageBar::showMessage(const QString &text, bool retry)
{
    m_text->setText(text);
    m_retry->setVisible(retry);
    if (!text.isEmpty() && m_dismiss->icon().isNull())
        m_dismiss->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    setVisible(!text.isEmpty());
}

void MessageBar::clear()
{
    m_text->clear();
    setVisible(false);
}

QString MessageBar::text() const
{
    return parentWidget() && isVisibleTo(parentWidget()) ? m_text->text() : QString();
}

void MessageBar::retranslate()
{
    m_retry->setText(tr("Retry"));
    m_dismiss->setToolTip(tr("Close this message"));
    m_dismiss->setAccessibleName(tr("Dismiss"));
}

void MessageBar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    else if (event->type() == QEvent::StyleChange && !m_dismiss->icon().isNull())
        m_dismiss->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    QFrame::changeEvent(event);
}

QProgressBar *makeBusyBar(QWidget *parent)
{
    auto *bar = new QProgressBar(parent);
    bar->setObjectName(QStringLiteral("busyIndicator"));
    bar->setRange(0, 0);
    bar->setTextVisible(false);
    bar->setFixedHeight(3);
    bar->setVisible(false);
    return bar;
}

} // namespace threadline::ui
