// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "thread/threadheader.h"

#include "common/plaintext.h"
#include "common/textlinks.h"
#include "wire/wiretypes.h"

#include <QButtonGroup>
#include <QContextMenuEvent>
#include <QEvent>
#include <QHBoxLayout>
#include <QHash>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QStyle>
#include <QStyleOption>
#include <QTextLayout>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>
#include <cmath>
#include <functional>

namespace threadline::ui {

using models::CommentTreeModel;

// Plain text in at most N lines, the last one elided (the post in the header), its http and
// https links in the link colour: the whole URL as the tool tip, a click opens it (through
// onLink), and its context menu (the Menu key once Tab reached it) offers them.
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
        setMouseTracking(true);
    }
    std::function<void(const QUrl &)> onLink;

    void setText(const QString &text)
    {
        if (text == m_text)
            return; // the same post again (its counts changed): no new layout of the window
        m_text = text;
        m_laidWidth = -1;
        m_heights.clear();
        setFocusPolicy(TextLinks::of(m_text).isEmpty() ? Qt::NoFocus : Qt::TabFocus);
        updateGeometry();
        update();
    }
    [[nodiscard]] QString text() const { return m_text; }
    [[nodiscard]] bool hasHeightForWidth() const override { return true; }
    // Layouts ask for several widths in turn (the size hint's, the widget's): each is laid out
    // once per text and font.
    [[nodiscard]] int heightForWidth(int width) const override
    {
        if (const auto it = m_heights.constFind(width); it != m_heights.cend())
            return *it;
        const int height = laidOut(width).height;
        m_heights.insert(width, height);
        return height;
    }
    [[nodiscard]] QSize sizeHint() const override
    {
        return {320, heightForWidth(width() > 0 ? width() : 320)};
    }
    [[nodiscard]] QSize minimumSizeHint() const override { return {40, 0}; }
    // The links shown at the current width, and where each one's first line is.
    [[nodiscard]] QList<QUrl> links() const { return laidOut(width()).links.urls; }
    [[nodiscard]] QRect linkRect(int which) const
    {
        const Laid &laid = laidOut(width());
        if (which < 0 || which >= laid.links.ranges.size())
            return {};
        return rangeRect(laid.layout, laid.links.ranges.at(which));
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        p.setPen(palette().color(QPalette::WindowText));
        const Laid &laid = laidOut(width());
        laid.layout.draw(&p, QPointF(0, 0),
                         linkFormats(laid.links.ranges, palette().color(QPalette::Link)));
        if (hasFocus()) {
            QStyleOption option;
            option.initFrom(this);
            style()->drawPrimitive(QStyle::PE_FrameFocusRect, &option, &p, this);
        }
    }
    void changeEvent(QEvent *event) override
    {
        if (event->type() == QEvent::FontChange) {
            m_laidWidth = -1;
            m_heights.clear();
        }
        QWidget::changeEvent(event);
    }
    bool event(QEvent *event) override
    {
        if (event->type() == QEvent::ToolTip) {
            auto *help = static_cast<QHelpEvent *>(event);
            if (const QUrl url = linkAt(help->pos()); !url.isEmpty())
                QToolTip::showText(help->globalPos(), LinkActions::toolTip(url), this);
            else
                QToolTip::hideText();
            return true;
        }
        return QWidget::event(event);
    }
    void mouseMoveEvent(QMouseEvent *event) override
    {
        if (linkAt(event->position().toPoint()).isEmpty())
            unsetCursor();
        else
            setCursor(Qt::PointingHandCursor);
        QWidget::mouseMoveEvent(event);
    }
    void mouseReleaseEvent(QMouseEvent *event) override
    {
        const QUrl url =
            event->button() == Qt::LeftButton ? linkAt(event->position().toPoint()) : QUrl();
        if (url.isEmpty()) {
            QWidget::mouseReleaseEvent(event);
            return;
        }
        event->accept();
        if (onLink)
            onLink(url);
    }
    void keyPressEvent(QKeyEvent *event) override
    {
        if (event->key() == Qt::Key_F10 && event->modifiers() == Qt::ShiftModifier) {
            QContextMenuEvent menu(QContextMenuEvent::Keyboard, rect().center(),
                                   mapToGlobal(rect().center()));
            contextMenuEvent(&menu);
            return;
        }
        QWidget::keyPressEvent(event);
    }
    void contextMenuEvent(QContextMenuEvent *event) override
    {
        QList<QUrl> urls;
        for (const QUrl &url : laidOut(width()).links.urls)
            if (!urls.contains(url) && urls.size() < LinkActions::kMenuLinks)
                urls.append(url);
        if (urls.isEmpty()) {
            event->ignore();
            return;
        }
        QMenu menu(this);
        menu.setObjectName(QStringLiteral("postTextMenu"));
        LinkActions::addMenuEntries(&menu, urls);
        const QPoint at = event->reason() == QContextMenuEvent::Keyboard
                              ? mapToGlobal(QPoint(0, std::min(height(), 24)))
                              : event->globalPos();
        menu.exec(at);
    }

private:
    // The text laid out at one width: at most m_maxLines lines, the last one elided when the
    // text goes on; the links of what shows (a link cut by the elision keeps its whole URL).
    struct Laid
    {
        QTextLayout layout;
        TextLinks links;
        int height = 0; // of the lines shown
    };

    [[nodiscard]] const Laid &laidOut(int width) const
    {
        if (width == m_laidWidth)
            return m_laid;
        m_laidWidth = width;
        m_laid.links = {};
        QString text = m_text;
        text.replace(QLatin1Char('\n'), QChar::LineSeparator);
        if (text.isEmpty() || width <= 0) {
            m_laid.layout.setText(QString());
            m_laid.layout.clearLayout();
            m_laid.height = 0;
            return m_laid;
        }
        const bool more = layOut(text, width);
        qsizetype shown = text.size();
        if (more) {
            // the last line becomes the rest of the text on one line, elided to fit
            const QTextLine last = m_laid.layout.lineAt(m_maxLines - 1);
            QString rest = text.mid(last.textStart());
            rest.replace(QChar::LineSeparator, QLatin1Char(' '));
            const QString elided = fontMetrics().elidedText(rest, Qt::ElideRight, width);
            shown = last.textStart();
            while (shown - last.textStart() < elided.size() && shown < text.size() &&
                   elided.at(shown - last.textStart()) == rest.at(shown - last.textStart()))
                ++shown; // what the elided line shows of the text itself
            layOut(text.left(last.textStart()) + elided, width);
        }
        m_laid.links = TextLinks::of(text, shown);
        return m_laid;
    }
    // Lays `text` out in at most m_maxLines lines; true when it goes on.
    bool layOut(const QString &text, int width) const
    {
        QTextLayout &layout = m_laid.layout;
        layout.setText(text);
        layout.setFont(font());
        QTextOption option;
        option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
        layout.setTextOption(option);
        // Each line below the one before, by its own height: lines placed closer (at the font's
        // line spacing, a pixel less than a line with CJK glyphs) overlap, and QTextLayout::draw
        // then leaves the links of every later line uncoloured.
        qreal y = 0;
        bool more = false;
        layout.beginLayout();
        for (int n = 0;; ++n) {
            QTextLine line = layout.createLine();
            if (!line.isValid())
                break;
            if (n == m_maxLines) { // a line too many: the text goes on
                more = true;
                line.setNumColumns(0);
                line.setPosition(QPointF(0, y));
                break;
            }
            line.setLineWidth(width);
            line.setPosition(QPointF(0, y));
            y += line.height();
        }
        layout.endLayout();
        m_laid.height = int(std::ceil(y));
        return more;
    }
    [[nodiscard]] QUrl linkAt(const QPoint &pos) const
    {
        const Laid &laid = laidOut(width());
        const int i = rangeAt(laid.layout, laid.links.ranges, pos);
        return i >= 0 ? laid.links.urls.at(i) : QUrl();
    }

    int m_maxLines;
    QString m_text;
    mutable int m_laidWidth = -1;
    mutable Laid m_laid;
    mutable QHash<int, int> m_heights; // heightForWidth()'s, by width
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
    m_postText->onLink = [this](const QUrl &url) { Q_EMIT linkClicked(url); };
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

QList<QUrl> ThreadHeader::links() const
{
    return m_postText->links();
}

QRect ThreadHeader::linkRect(int which) const
{
    const QRect r = m_postText->linkRect(which);
    return r.isNull() ? QRect() : r.translated(m_postText->mapTo(this, QPoint(0, 0)));
}

QWidget *ThreadHeader::postText() const
{
    return m_postText;
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
