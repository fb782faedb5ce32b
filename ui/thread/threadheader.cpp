// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "thread/threadheader.h"

#include "common/plaintext.h"
#include "wire/wiretypes.h"

#include <QButtonGroup>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QStyle>
#include <QTextLayout>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>

namespace threadline::ui {

using models::CommentTreeModel;

// Plain text in at most N lines, the last one elided (the post in the header).
class ElidedText : public QWidget
{
public:
    ElidedText(int maxLines, QWidget *parent)
        : QWidget(parent)
        , m_maxLines(maxLines)
    {
        QSizePolicy p(QSizePolicy::Preferred, QSizePolicy::Preferred);
        p.setHeightForWidth(true);
        setSizePolicy(p);
    }
    void setText(const QString &text)
    {
        m_text = text;
        updateGeometry();
        update();
    }
    [[nodiscard]] QString text() const { return m_text; }
    [[nodiscard]] bool hasHeightForWidth() const override { return true; }
    [[nodiscard]] int heightForWidth(int width) const override
    {
        return int(lines(width).size()) * fontMetrics().lineSpacing();
    }
    [[nodiscard]] QSize sizeHint() const override
    {
        return {320, heightForWidth(width() > 0 ? width() : 320)};
    }
    [[nodiscard]] QSize minimumSizeHint() const override { return {40, 0}; }
    // What is shown, line by line.
    [[nodiscard]] QStringList lines(int width) const
    {
        QStringList out;
        if (m_text.isEmpty() || width <= 0)
            return out;
        QString text = m_text;
        text.replace(QLatin1Char('\n'), QChar::LineSeparator);
        QTextLayout layout(text, font());
        QTextOption option;
        option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
        layout.setTextOption(option);
        layout.beginLayout();
        for (int n = 0; n < m_maxLines; ++n) {
            QTextLine line = layout.createLine();
            if (!line.isValid())
                break;
            line.setLineWidth(width);
            QString part = text.mid(line.textStart(), line.textLength());
            if (n == m_maxLines - 1 && line.textStart() + line.textLength() < text.size()) {
                QString rest = text.mid(line.textStart());
                rest.replace(QChar::LineSeparator, QLatin1Char(' '));
                part = fontMetrics().elidedText(rest, Qt::ElideRight, width);
            }
            part.remove(QChar::LineSeparator);
            out.append(part);
        }
        layout.endLayout();
        return out;
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        p.setPen(palette().color(QPalette::WindowText));
        const int h = fontMetrics().lineSpacing();
        int y = 0;
        for (const QString &line : lines(width())) {
            p.drawText(QRect(0, y, width(), h), Qt::AlignLeft | Qt::AlignVCenter, line);
            y += h;
        }
    }

private:
    int m_maxLines;
    QString m_text;
};

ThreadHeader::ThreadHeader(QWidget *parent)
    : QWidget(parent)
    , m_author(new QLabel(this))
    , m_postText(new ElidedText(3, this))
    , m_count(new QLabel(this))
    , m_byFloor(new QToolButton(this))
    , m_best(new QToolButton(this))
    , m_newest(new QToolButton(this))
    , m_jumpNewest(new QToolButton(this))
    , m_order(new QButtonGroup(this))
    , m_close(new QToolButton(this))
{
    setObjectName(QStringLiteral("threadHeader"));
    auto *hl = new QVBoxLayout(this);
    hl->setContentsMargins(12, 10, 8, 8);
    hl->setSpacing(4);
    auto *top = new QHBoxLayout;
    top->setSpacing(6);
    m_author->setObjectName(QStringLiteral("postAuthor"));
    m_author->setTextFormat(Qt::PlainText);
    QFont bold = m_author->font();
    bold.setBold(true);
    m_author->setFont(bold);
    m_author->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    top->addWidget(m_author, 1);
    m_byFloor->setObjectName(QStringLiteral("orderByFloor"));
    m_best->setObjectName(QStringLiteral("orderBest"));
    m_newest->setObjectName(QStringLiteral("orderNewest"));
    m_order->setExclusive(true);
    for (auto *b : {m_byFloor, m_best, m_newest}) {
        b->setCheckable(true);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setFocusPolicy(Qt::TabFocus);
        top->addWidget(b);
    }
    top->setSpacing(0);
    m_order->addButton(m_byFloor, int(CommentTreeModel::Order::Floor));
    m_order->addButton(m_best, int(CommentTreeModel::Order::Best));
    m_order->addButton(m_newest, int(CommentTreeModel::Order::Newest));
    m_byFloor->setChecked(true);
    connect(m_order, &QButtonGroup::idClicked, this, [this](int id) {
        m_jumpNewest->setVisible(CommentTreeModel::Order(id) != CommentTreeModel::Order::Newest);
        Q_EMIT orderChosen(CommentTreeModel::Order(id));
    });
    top->addSpacing(8);
    m_close->setObjectName(QStringLiteral("closeThread"));
    m_close->setAutoRaise(true);
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    connect(m_close, &QToolButton::clicked, this, &ThreadHeader::closeRequested);
    top->addWidget(m_close);
    hl->addLayout(top);
    m_postText->setObjectName(QStringLiteral("postText"));
    hl->addWidget(m_postText);
    m_count->setObjectName(QStringLiteral("commentCount"));
    m_count->setTextFormat(Qt::PlainText);
    m_count->setForegroundRole(QPalette::PlaceholderText); // muted, and follows a theme
    auto *countLine = new QHBoxLayout;
    countLine->addWidget(m_count, 1);
    m_jumpNewest->setObjectName(QStringLiteral("jumpToNewest"));
    m_jumpNewest->setAutoRaise(true);
    m_jumpNewest->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_jumpNewest->setFocusPolicy(Qt::TabFocus);
    connect(m_jumpNewest, &QToolButton::clicked, this,
            [this] { chooseOrder(CommentTreeModel::Order::Newest); });
    countLine->addWidget(m_jumpNewest);
    hl->addLayout(countLine);
    retranslate();
}

void ThreadHeader::retranslate()
{
    m_byFloor->setText(tr("By floor"));
    m_byFloor->setToolTip(tr("Floors in order, oldest first"));
    m_best->setText(tr("Best first"));
    m_best->setToolTip(tr("The best-liked floors first"));
    m_newest->setText(tr("Newest"));
    m_newest->setToolTip(tr("The newest floors first"));
    m_jumpNewest->setText(tr("Jump to newest ↑"));
    m_jumpNewest->setToolTip(tr("Show the newest floors first"));
    m_close->setToolTip(tr("Close (Esc)"));
    m_close->setAccessibleName(tr("Close"));
    if (m_close->icon().isNull())
        m_close->setText(tr("Close"));
    updateCount();
}

void ThreadHeader::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ThreadHeader::setPost(const core::Post &post)
{
    m_commentCount = post.commentCount;
    m_author->setText(post.author.nickName);
    m_postText->setText(shownText(post.content));
    updateCount();
}

void ThreadHeader::setNoPost(bool loading)
{
    m_commentCount.reset();
    m_loading = loading;
    m_author->setText(QString());
    m_postText->setText(QString());
    updateCount();
}

void ThreadHeader::clearCount()
{
    m_count->clear();
}

void ThreadHeader::updateCount()
{
    if (m_commentCount)
        m_count->setText(
            tr("%n comment(s)", nullptr, int(std::min<qint64>(*m_commentCount, INT_MAX))));
    else
        m_count->setText(m_loading ? tr("Loading the post…") : QString());
}

CommentTreeModel::Order ThreadHeader::order() const
{
    return CommentTreeModel::Order(m_order->checkedId());
}

void ThreadHeader::chooseOrder(CommentTreeModel::Order order)
{
    if (order == this->order())
        return;
    if (QAbstractButton *b = m_order->button(int(order)))
        b->setChecked(true);
    m_jumpNewest->setVisible(order != CommentTreeModel::Order::Newest);
    Q_EMIT orderChosen(order);
}

} // namespace threadline::ui
