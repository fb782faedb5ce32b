// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/messagebar.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace threadline::ui {

MessageBar::MessageBar(QWidget *parent)
    : QFrame(parent)
    , m_text(new QLabel(this))
    , m_details(new QLabel(this))
    , m_detailsButton(new QToolButton(this))
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
    m_details->setObjectName(QStringLiteral("statusDetails"));
    m_details->setTextFormat(Qt::PlainText);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_details->setVisible(false);
    auto *texts = new QVBoxLayout;
    texts->setContentsMargins(0, 0, 0, 0);
    texts->addWidget(m_text);
    texts->addWidget(m_details);
    layout->addLayout(texts, 1);
    m_detailsButton->setObjectName(QStringLiteral("detailsButton"));
    m_detailsButton->setCheckable(true);
    m_detailsButton->setVisible(false);
    connect(m_detailsButton, &QToolButton::toggled, m_details, &QLabel::setVisible);
    layout->addWidget(m_detailsButton, 0, Qt::AlignTop);
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

void MessageBar::showMessage(const QString &text, bool retry, const QString &details)
{
    m_text->setText(text);
    m_details->setText(details);
    m_detailsButton->setChecked(false);
    m_details->setVisible(false);
    m_detailsButton->setVisible(!details.isEmpty());
    m_retry->setVisible(retry);
    if (!text.isEmpty() && m_dismiss->icon().isNull())
        m_dismiss->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    setVisible(!text.isEmpty());
}

void MessageBar::clear()
{
    m_text->clear();
    m_details->clear();
    m_detailsButton->setChecked(false);
    m_detailsButton->setVisible(false);
    setVisible(false);
}

QString MessageBar::details() const
{
    return m_details->text();
}

QString MessageBar::text() const
{
    return parentWidget() && isVisibleTo(parentWidget()) ? m_text->text() : QString();
}

void MessageBar::retranslate()
{
    m_retry->setText(tr("Retry"));
    m_detailsButton->setText(tr("Details"));
    m_detailsButton->setToolTip(tr("Show the request id and status, for a problem report"));
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
