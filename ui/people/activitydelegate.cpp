// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// ActivityDelegate (activitydelegate.h): the activity rows' layout, painting and click areas.
#include "people/activitydelegate.h"

#include "common/palettecolors.h"
#include "common/plaintext.h"
#include "common/textmetrics.h"
#include "common/tilepixmaps.h"
#include "images/imagecache.h"
#include "people/activitymodel.h"
#include "timeline/postcardmetrics.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QPainter>
#include <QPainterPath>
#include <QTextLine>

#include <algorithm>
#include <cmath>

namespace threadline::ui {

using models::ActivityModel;
using postcard::kAvatar;
using postcard::kColumnGap;
using postcard::kMargin;

namespace {

constexpr int kPad = 10; // above and below a row's content (a card has 12)
constexpr int kSentenceLines = 2;
constexpr int kSummaryLines = 2;
constexpr int kGap = 4; // between the sentence, the quote and the time
// a wider view centres a column this wide: lines stay readable
constexpr int kMaxRowWidth = 720;

qint64 idOf(const QModelIndex &index)
{
    return index.data(ActivityModel::IdRole).toLongLong();
}

// The sentence laid out `width` wide in at most kSentenceLines lines (the last elided by a clip
// of what does not fit: a sentence is short, two lines hold any but absurd names), with the
// actor's and the other person's names bold.
std::shared_ptr<QTextLayout> sentenceLayout(const QString &text, const QStringList &bold,
                                            const QFont &font, int width, qreal *height)
{
    auto layout = std::make_shared<QTextLayout>(text, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout->setTextOption(option);
    layout->setCacheEnabled(true);
    QList<QTextLayout::FormatRange> formats;
    qsizetype from = 0;
    for (const QString &name : bold) {
        if (name.isEmpty())
            continue;
        const qsizetype at = text.indexOf(name, from);
        if (at < 0)
            continue;
        QTextLayout::FormatRange range;
        range.start = int(at);
        range.length = int(name.size());
        range.format.setFontWeight(QFont::Bold);
        formats.append(range);
        from = at + name.size();
    }
    layout->setFormats(formats);
    qreal y = 0;
    layout->beginLayout();
    for (int lines = 0; lines < kSentenceLines; ++lines) {
        QTextLine line = layout->createLine();
        if (!line.isValid())
            break;
        line.setLineWidth(width);
        line.setPosition(QPointF(0, y));
        y += line.height() + postcard::kLineSpacing;
    }
    layout->endLayout();
    *height = std::max<qreal>(0, y - postcard::kLineSpacing);
    return layout;
}

// The rectangles the characters [start, start + length) take in `layout`, one per line.
QList<QRect> spanRects(const QTextLayout &layout, int start, int length, QPoint at)
{
    QList<QRect> out;
    if (start < 0 || length <= 0)
        return out;
    for (int i = 0; i < layout.lineCount(); ++i) {
        const QTextLine line = layout.lineAt(i);
        const int a = std::max(start, line.textStart());
        const int b = std::min(start + length, line.textStart() + line.textLength());
        if (a >= b)
            continue;
        const qreal x1 = line.cursorToX(a), x2 = line.cursorToX(b);
        out.append(QRectF(std::min(x1, x2), line.y(), std::abs(x2 - x1), line.height())
                       .toAlignedRect()
                       .translated(at));
    }
    return out;
}

} // namespace

ActivityDelegate::ActivityDelegate(core::ImageCache *images, QObject *parent)
    : QStyledItemDelegate(parent)
    , m_images(images)
    , m_scaled(4 * 1024)
{
    if (m_images) {
        connect(m_images, &core::ImageCache::imageReady, this, &ActivityDelegate::onImageArrived);
        connect(m_images, &core::ImageCache::imageFailed, this, &ActivityDelegate::onImageArrived);
    }
}

ActivityDelegate::~ActivityDelegate() = default;

void ActivityDelegate::setView(QAbstractItemView *view)
{
    m_view = view;
    m_layouts.watchWidget(view);
    m_layouts.watch(view ? view->model() : nullptr, idOf, {ActivityModel::RelativeTimeRole});
}

void ActivityDelegate::onImageArrived()
{
    if (m_view)
        m_view->viewport()->update();
}

const ActivityDelegate::RowLayout &ActivityDelegate::layoutOf(const QModelIndex &index,
                                                              int width) const
{
    QStyleOptionViewItem option;
    initStyleOption(&option, index);
    if (m_view) {
        option.font = m_view->font();
        option.widget = m_view;
    }
    option.rect = QRect(0, 0, width, 0);
    return layoutFor(option, index);
}

const ActivityDelegate::RowLayout &ActivityDelegate::layoutFor(const QStyleOptionViewItem &option,
                                                               const QModelIndex &index) const
{
    // a row is as wide as the viewport (a list view asks without a width, and an item's rect can
    // be older than the last resize)
    int width = m_view ? m_view->viewport()->width() : option.rect.width();
    if (width <= 0)
        width = option.rect.width();
    width = std::max(width, 2 * kMargin + kAvatar + kColumnGap + 40);
    m_layouts.setGeneration(layoutGeneration(option, width));
    const qint64 id = idOf(index);
    if (const RowLayout *hit = m_layouts.find(id))
        return *hit;

    RowLayout l;
    const QFont font = option.font;
    const QFont small = smallerFont(font);
    l.left = columnLeft(width);
    l.right = width - l.left;
    l.avatar = QRect(l.left, kPad, kAvatar, kAvatar);
    const QString thumbnail = index.data(ActivityModel::ThumbnailRole).toString();
    const int right = l.right;
    if (!thumbnail.isEmpty())
        l.thumbnail = QRect(right - kThumbnail, kPad, kThumbnail, kThumbnail);
    const int x = l.avatar.right() + 1 + kColumnGap;
    const int columnRight = l.thumbnail.isNull() ? right : l.thumbnail.left() - kColumnGap;
    const int columnWidth = std::max(20, columnRight - x);

    // the sentence, names bold
    const QString sentence = index.data(ActivityModel::TextRole).toString();
    const QString actor = shownName(index.data(ActivityModel::ActorNameRole).toString());
    const QString type = index.data(ActivityModel::TypeRole).toString();
    const QString other = type == QLatin1String("follow") || type == QLatin1String("message")
                              ? shownName(index.data(ActivityModel::TargetUserNameRole).toString())
                              : shownName(index.data(ActivityModel::PostAuthorNameRole).toString());
    qreal sentenceHeight = 0;
    l.text = sentenceLayout(sentence, {actor, other}, font, columnWidth, &sentenceHeight);
    l.sentence = QRect(x, kPad, columnWidth, int(std::ceil(sentenceHeight)));
    const qsizetype at = sentence.indexOf(actor);
    l.actorName = spanRects(*l.text, int(at), at < 0 ? 0 : int(actor.size()), l.sentence.topLeft());
    int y = l.sentence.bottom() + 1;

    // the summary, quoted
    const QString summary = index.data(ActivityModel::SummaryRole).toString();
    if (!summary.isEmpty()) {
        const int textWidth = std::max(10, columnWidth - kQuoteBar - kQuoteIndent);
        l.summaryLines = wrappedLines(summary, font, textWidth, kSummaryLines);
        const int lineHeight = QFontMetrics(font).height();
        y += kGap + 2;
        l.quote = QRect(x, y, columnWidth, int(l.summaryLines.size()) * lineHeight);
        y = l.quote.bottom() + 1;
    }

    // the time
    const int timeHeight = QFontMetrics(small).height();
    y += kGap;
    l.time = QRect(x, y, columnWidth, timeHeight);
    y = l.time.bottom() + 1;

    l.height =
        std::max({y, l.avatar.bottom() + 1, l.thumbnail.isNull() ? 0 : l.thumbnail.bottom() + 1}) +
        kPad;
    return m_layouts.emplace(id, std::move(l));
}

int ActivityDelegate::columnLeft(int width)
{
    return std::max(0, (width - kMaxRowWidth) / 2) + kMargin;
}

QSize ActivityDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const RowLayout &l = layoutFor(option, index);
    return {m_layouts.generation().width, l.height};
}

QPixmap ActivityDelegate::scaled(const QString &url, QSize size, qreal dpr) const
{
    return m_scaled.get(m_images, url, size, dpr);
}

void ActivityDelegate::paintAvatar(QPainter *painter, const QStyleOptionViewItem &option,
                                   const QRect &rect, const QModelIndex &index) const
{
    const QString url = index.data(ActivityModel::ActorAvatarRole).toString();
    QPixmap pixmap;
    const qreal dpr = painter->device()->devicePixelRatioF();
    if (m_images && !url.isEmpty() &&
        m_images->load(url, rect.size() * dpr) == core::ImageCache::State::Ready)
        pixmap = scaled(url, rect.size(), dpr);
    paintAvatarTile(painter, option.palette, option.font, rect, pixmap,
                    index.data(ActivityModel::ActorNameRole).toString());
}

void ActivityDelegate::paintThumbnail(QPainter *painter, const QStyleOptionViewItem &option,
                                      const QRect &rect, const QString &url) const
{
    const QPalette &pal = option.palette;
    const qreal dpr = painter->device()->devicePixelRatioF();
    const auto state =
        m_images ? m_images->load(url, rect.size() * dpr) : core::ImageCache::State::Failed;
    QPixmap pixmap;
    if (state == core::ImageCache::State::Ready)
        pixmap = scaled(url, rect.size(), dpr);
    QPainterPath clip;
    clip.addRoundedRect(QRectF(rect), 4, 4);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setClipPath(clip, Qt::IntersectClip);
    if (!pixmap.isNull()) {
        painter->drawPixmap(rect.topLeft(), pixmap);
    } else {
        painter->fillRect(rect, blend(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.08));
        if (state == core::ImageCache::State::Blocked || state == core::ImageCache::State::Failed) {
            const QFont small = smallerFont(option.font);
            painter->setFont(small);
            painter->setPen(pal.color(QPalette::PlaceholderText));
            const QString mark =
                state == core::ImageCache::State::Blocked ? tr("Picture") : tr("Not loaded");
            painter->drawText(rect.adjusted(2, 2, -2, -2), Qt::AlignCenter | Qt::TextWordWrap,
                              mark);
        }
    }
    painter->restore();
}

void ActivityDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                             const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear(); // the style draws the background and the selection, the rest is ours
    opt.features &= ~QStyleOptionViewItem::HasDisplay;
    const QWidget *widget = opt.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    painter->save();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const RowLayout &l = layoutFor(option, index);
    const QPalette &pal = option.palette;
    const bool selected = opt.state & QStyle::State_Selected;
    const QPalette::ColorGroup group = colorGroup(opt);
    const QColor text =
        selected ? pal.color(group, QPalette::HighlightedText) : pal.color(group, QPalette::Text);
    const QColor muted = selected ? blend(text, pal.color(group, QPalette::Highlight), 0.3)
                                  : pal.color(group, QPalette::PlaceholderText);
    painter->translate(opt.rect.topLeft());
    painter->setClipRect(QRect(0, 0, opt.rect.width(), opt.rect.height()));

    paintAvatar(painter, opt, l.avatar, index);

    painter->setFont(opt.font);
    painter->setPen(text);
    if (l.text) {
        painter->save();
        painter->setClipRect(l.sentence.adjusted(0, 0, 0, 1), Qt::IntersectClip);
        l.text->draw(painter, l.sentence.topLeft());
        painter->restore();
    }

    if (!l.quote.isNull()) {
        const QColor bar = blend(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.22);
        painter->fillRect(QRect(l.quote.left(), l.quote.top(), kQuoteBar, l.quote.height()),
                          selected ? muted : bar);
        painter->setPen(selected ? text : blend(pal.color(group, QPalette::Text), muted, 0.45));
        const int lineHeight = QFontMetrics(opt.font).height();
        const int tx = l.quote.left() + kQuoteBar + kQuoteIndent;
        const int tw = l.quote.right() + 1 - tx;
        for (qsizetype i = 0; i < l.summaryLines.size(); ++i)
            painter->drawText(QRect(tx, l.quote.top() + int(i) * lineHeight, tw, lineHeight),
                              Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine,
                              l.summaryLines.at(i));
    }

    const QFont small = smallerFont(opt.font);
    painter->setFont(small);
    painter->setPen(muted);
    painter->drawText(
        l.time, Qt::AlignLeft | Qt::AlignVCenter,
        QFontMetrics(small).elidedText(index.data(ActivityModel::RelativeTimeRole).toString(),
                                       Qt::ElideRight, l.time.width()));

    if (!l.thumbnail.isNull())
        paintThumbnail(painter, opt, l.thumbnail,
                       index.data(ActivityModel::ThumbnailRole).toString());

    // a hairline between rows, as between cards
    painter->setPen(blend(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.10));
    painter->drawLine(l.left, opt.rect.height() - 1, l.right - 1, opt.rect.height() - 1);
    painter->restore();
}

ActivityDelegate::Hit ActivityDelegate::hitAt(const QRect &rect, const QModelIndex &index,
                                              const QPoint &pos) const
{
    if (!index.isValid() || !rect.contains(pos))
        return Hit::None;
    QStyleOptionViewItem option;
    initStyleOption(&option, index);
    if (m_view) {
        option.font = m_view->font();
        option.widget = m_view;
    }
    option.rect = rect;
    const RowLayout &l = layoutFor(option, index);
    const QPoint p = pos - rect.topLeft();
    if (l.avatar.contains(p))
        return Hit::Actor;
    for (const QRect &r : l.actorName)
        if (r.contains(p))
            return Hit::Actor;
    return Hit::Row;
}

} // namespace threadline::ui
