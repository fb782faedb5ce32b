// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// PostDelegate's painting (postdelegate.h): the card drawn from its layout (postcardlayout.cpp) —
// the style's background and selection, the avatar and pictures from the image cache (scaled to
// their tile, cached), the header and its marks, the content, the like and comment buttons, the
// light panel of likers and inline comments.
#include "timeline/postdelegate.h"

#include "common/palettecolors.h"
#include "common/plaintext.h"
#include "common/textmetrics.h"
#include "common/tilepixmaps.h"
#include "timeline/postcardmetrics.h"

#include "images/imagecache.h"
#include "poststore.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QPainter>
#include <QPainterPath>
#include <QTextLayout>

namespace threadline::ui {

using models::TimelineModel;
using namespace postcard;

namespace {

// The like accent: a heart reads as red on every palette.
QColor likeAccent(const QPalette &palette)
{
    const QColor red(0xe0, 0x3e, 0x52);
    return palette.color(QPalette::Base).lightness() < 128 ? red.lighter(125) : red;
}

// Names in the panel: the highlight toned towards the text, calmer than a link's blue.
QColor nameColor(const QPalette &palette)
{
    return blend(palette.color(QPalette::Highlight), palette.color(QPalette::Text), 0.3);
}

QColor errorColor(const QPalette &palette)
{
    const QColor red(0xc6, 0x28, 0x28);
    return palette.color(QPalette::Base).lightness() < 128 ? red.lighter(150) : red;
}

// A ranking's figure and its first three badges: the highlight, toned towards the text so that
// it reads on the card's background in light and dark.
QColor rankAccent(const QPalette &palette)
{
    return blend(palette.color(QPalette::Highlight), palette.color(QPalette::Text), 0.15);
}

// A search's text where it is found: a marker's yellow under dark text, in light and dark
// themes alike (as browsers mark what was found).
void addMatchFormats(QList<QTextLayout::FormatRange> &formats, const QList<QPair<int, int>> &ranges,
                     int length)
{
    for (const auto &[start, size] : ranges) {
        if (start >= length)
            continue;
        QTextLayout::FormatRange range;
        range.start = start;
        range.length = std::min(size, length - start);
        range.format.setBackground(QColor(0xff, 0xd5, 0x4f));
        range.format.setForeground(QColor(0x20, 0x20, 0x20));
        formats.append(range);
    }
}

QPainterPath heartPath(const QRectF &r)
{
    const qreal x = r.left(), y = r.top(), w = r.width(), h = r.height();
    const qreal cx = x + w / 2;
    QPainterPath p;
    p.moveTo(cx, y + h * 0.28);
    p.cubicTo(cx - w * 0.05, y + h * 0.02, x, y + h * 0.02, x, y + h * 0.32);
    p.cubicTo(x, y + h * 0.62, cx - w * 0.1, y + h * 0.78, cx, y + h * 0.95);
    p.cubicTo(cx + w * 0.1, y + h * 0.78, x + w, y + h * 0.62, x + w, y + h * 0.32);
    p.cubicTo(x + w, y + h * 0.02, cx + w * 0.05, y + h * 0.02, cx, y + h * 0.28);
    p.closeSubpath();
    return p;
}

QPainterPath bubblePath(const QRectF &r)
{
    const QRectF body(r.left() + 0.5, r.top() + 1.5, r.width() - 1, r.height() * 0.68);
    QPainterPath p;
    p.addRoundedRect(body, 3, 3);
    QPainterPath tail;
    tail.moveTo(body.left() + body.width() * 0.25, body.bottom() - 0.5);
    tail.lineTo(body.left() + body.width() * 0.22, r.bottom() - 0.5);
    tail.lineTo(body.left() + body.width() * 0.5, body.bottom() - 0.5);
    tail.closeSubpath();
    return p.united(tail);
}

} // namespace

PostDelegate::PostDelegate(core::ImageCache *images, QObject *parent)
    : QStyledItemDelegate(parent)
    , m_images(images)
    , m_scaled(8 * 1024) // 8 MiB of tiles: about two screens of nine-picture cards
{
    if (m_images) {
        connect(m_images, &core::ImageCache::imageReady, this, &PostDelegate::onImageArrived);
        connect(m_images, &core::ImageCache::imageFailed, this, &PostDelegate::onImageArrived);
    }
}

PostDelegate::~PostDelegate() = default;

void PostDelegate::setView(QAbstractItemView *view)
{
    m_view = view;
    m_layouts.watchWidget(view);
}

void PostDelegate::onImageArrived()
{
    if (m_view)
        m_view->viewport()->update();
}

QPixmap PostDelegate::scaled(const QString &url, QSize size, qreal dpr) const
{
    return m_scaled.get(m_images, url, size, dpr);
}

void PostDelegate::paintRank(QPainter *painter, const QStyleOptionViewItem &option,
                             const CardLayout &l, const QModelIndex &index) const
{
    const int rank = index.data(TimelineModel::RankRole).toInt();
    if (rank <= 0)
        return;
    const QPalette &pal = option.palette;
    const bool podium = rank <= 3; // the first three stand out: filled with the accent
    const QColor base = pal.color(QPalette::Base);
    const QColor accent = rankAccent(pal);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    const QRectF r = QRectF(l.rank).adjusted(0.5, 0.5, -0.5, -0.5);
    painter->setPen(podium ? Qt::NoPen : QPen(blend(base, pal.color(QPalette::Text), 0.25), 1));
    painter->setBrush(podium ? accent : blend(base, pal.color(QPalette::Text), 0.06));
    painter->drawEllipse(r);
    QFont f = boldFont(option.font);
    const QString text = QString::number(rank);
    f.setPixelSize(text.size() > 2 ? l.rank.height() * 5 / 13 : l.rank.height() / 2);
    painter->setFont(f);
    painter->setPen(podium ? pal.color(QPalette::HighlightedText) : pal.color(QPalette::Text));
    painter->drawText(l.rank, Qt::AlignCenter, text);
    painter->restore();
}

void PostDelegate::paintAvatar(QPainter *painter, const QStyleOptionViewItem &option,
                               const QRect &rect, const QModelIndex &index) const
{
    const QString url = index.data(TimelineModel::AvatarUrlRole).toString();
    const qreal dpr = painter->device()->devicePixelRatioF();
    // a tile kept from before needs no decoded picture
    QPixmap pixmap = m_scaled.find(url, rect.size(), dpr);
    if (pixmap.isNull() && m_images && !url.isEmpty() &&
        m_images->load(url, rect.size() * dpr) == core::ImageCache::State::Ready)
        pixmap = scaled(url, rect.size(), dpr);
    paintAvatarTile(painter, option.palette, option.font, rect, pixmap,
                    index.data(TimelineModel::AuthorNameRole).toString());
}

void PostDelegate::paintPicture(QPainter *painter, const QStyleOptionViewItem &option,
                                const QRect &rect, const QString &url, int extra) const
{
    const QPalette &pal = option.palette;
    const qreal dpr = painter->device()->devicePixelRatioF();
    // a tile kept from before needs no decoded picture (nor a load)
    QPixmap pixmap = m_scaled.find(url, rect.size(), dpr);
    const auto state = !pixmap.isNull() ? core::ImageCache::State::Ready
                       : m_images       ? m_images->load(url, rect.size() * dpr)
                                        : core::ImageCache::State::Loading;
    if (pixmap.isNull() && state == core::ImageCache::State::Ready)
        pixmap = scaled(url, rect.size(), dpr);
    painter->save();
    painter->setClipRect(rect, Qt::IntersectClip);
    const QColor placeholder = blend(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.08);
    if (!pixmap.isNull()) {
        painter->drawPixmap(rect.topLeft(), pixmap);
    } else {
        painter->fillRect(rect, placeholder);
        QString mark;
        if (state == core::ImageCache::State::Blocked)
            mark = tr("Click to load");
        else if (state == core::ImageCache::State::Failed)
            mark = tr("Not loaded");
        if (!mark.isEmpty() && extra == 0) {
            const QFont small = smallFont(option.font);
            painter->setFont(small);
            painter->setPen(pal.color(QPalette::PlaceholderText));
            const QRect inner = rect.adjusted(4, 4, -4, -4);
            painter->drawText(inner, Qt::AlignCenter,
                              QFontMetrics(small).elidedText(mark, Qt::ElideRight, inner.width()));
        }
        if (state == core::ImageCache::State::Blocked) {
            QPen dashed(pal.color(QPalette::Mid), 1, Qt::DashLine);
            painter->setPen(dashed);
            painter->drawRect(rect.adjusted(0, 0, -1, -1));
        }
    }
    if (extra > 0) { // the pictures beyond 9: "+N" over the last tile
        painter->fillRect(rect, QColor(0, 0, 0, 110));
        QFont f = boldFont(option.font);
        f.setPixelSize(std::max(10, std::min(rect.height() / 4, 26)));
        painter->setFont(f);
        painter->setPen(Qt::white);
        painter->drawText(rect, Qt::AlignCenter, tr("+%1").arg(extra));
    }
    painter->restore();
}

void PostDelegate::paintActions(QPainter *painter, const QStyleOptionViewItem &option,
                                const CardLayout &l, const QModelIndex &index) const
{
    const QPalette &pal = option.palette;
    const QColor muted = pal.color(QPalette::PlaceholderText);
    const bool liked = index.data(TimelineModel::LikedRole).toBool();
    const QColor likeColor = liked ? likeAccent(pal) : muted;
    painter->setFont(option.font);
    const auto iconRect = [](const QRect &button) {
        return QRectF(button.left() + 6, button.top() + (button.height() - kIcon) / 2.0, kIcon,
                      kIcon);
    };
    const auto textRect = [](const QRect &button) {
        return button.adjusted(6 + kIcon + 5, 0, 0, 0);
    };

    painter->setRenderHint(QPainter::Antialiasing);
    const QPainterPath heart = heartPath(iconRect(l.like).adjusted(1, 1.5, -1, -0.5));
    if (liked)
        painter->fillPath(heart, likeColor);
    else
        painter->strokePath(heart, QPen(likeColor, 1.4));
    painter->setPen(likeColor);
    painter->drawText(textRect(l.like), Qt::AlignLeft | Qt::AlignVCenter,
                      index.data(TimelineModel::LikeTextRole).toString());

    painter->strokePath(bubblePath(iconRect(l.comment).adjusted(1, 1, -1, -1)), QPen(muted, 1.4));
    painter->setPen(muted);
    const QRect commentText = textRect(l.comment);
    painter->drawText(
        commentText, Qt::AlignLeft | Qt::AlignVCenter,
        option.fontMetrics.elidedText(index.data(TimelineModel::CommentTextRole).toString(),
                                      Qt::ElideRight, std::max(0, commentText.width())));
    painter->setRenderHint(QPainter::Antialiasing, false);
}

void PostDelegate::paintPanel(QPainter *painter, const QStyleOptionViewItem &option,
                              const CardLayout &l) const
{
    if (l.panel.isNull())
        return;
    const QPalette &pal = option.palette;
    const QColor text = pal.color(QPalette::Text);
    const QColor link = nameColor(pal);
    painter->setRenderHint(QPainter::Antialiasing);
    QPainterPath panel;
    panel.addRoundedRect(QRectF(l.panel), 4, 4);
    painter->fillPath(panel, blend(pal.color(QPalette::Base), text, 0.045));
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->setFont(option.font);

    if (!l.likers.isNull()) {
        const QRectF icon(l.likers.left(), l.likers.top() + (l.likers.height() - 13) / 2.0, 14, 13);
        painter->setRenderHint(QPainter::Antialiasing);
        painter->fillPath(heartPath(icon.adjusted(0.5, 0.5, -0.5, 0)), link);
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->setPen(link);
        painter->drawText(l.likers.adjusted(kIcon + 6, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                          l.likersText);
        if (!l.comments.isEmpty()) {
            const int y = l.likers.bottom() + 5;
            painter->setPen(blend(pal.color(QPalette::Base), text, 0.12));
            painter->drawLine(l.panel.left(), y, l.panel.right(), y);
        }
    }
    painter->setPen(text);
    for (qsizetype i = 0; i < l.comments.size(); ++i) {
        const QTextLayout *layout = l.commentLayouts.at(i).get();
        QList<QTextLayout::FormatRange> names;
        const int length = int(layout->text().size());
        for (const auto &[start, size] : l.commentNames.at(i)) {
            if (start >= length)
                continue;
            QTextLayout::FormatRange range;
            range.start = start;
            range.length = std::min(size, length - start);
            range.format.setForeground(link);
            names.append(range);
        }
        if (i < l.commentMatches.size())
            addMatchFormats(names, l.commentMatches.at(i), length);
        layout->draw(painter, l.comments.at(i).topLeft(), names);
    }
}

void PostDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                         const QModelIndex &index) const
{
    if (!index.isValid())
        return;
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    // The style draws background and selection: a tint of the highlight, so that the card's
    // text keeps its colours; the card draws its own text.
    for (auto group : {QPalette::Active, QPalette::Inactive, QPalette::Disabled})
        opt.palette.setColor(group, QPalette::Highlight,
                             blend(opt.palette.color(group, QPalette::Base),
                                   opt.palette.color(group, QPalette::Highlight), 0.16));
    opt.text.clear();
    opt.icon = QIcon();
    opt.features &= ~(QStyleOptionViewItem::HasDisplay | QStyleOptionViewItem::HasDecoration);
    const QWidget *widget = opt.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();

    painter->save();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
    opt.palette = option.palette; // the card itself in the untinted colours

    const CardLayout &l = layoutFor(option, index);
    const QPalette &pal = opt.palette;
    const QColor text = pal.color(QPalette::Text);
    const QColor muted = pal.color(QPalette::PlaceholderText);
    painter->translate(opt.rect.topLeft());
    painter->setClipRect(QRect(0, 0, opt.rect.width(), opt.rect.height()));

    if (!l.rank.isNull())
        paintRank(painter, opt, l, index);
    paintAvatar(painter, opt, l.avatar, index);

    const QFont bold = boldFont(opt.font);
    painter->setFont(bold);
    painter->setPen(text);
    painter->drawText(l.name, Qt::AlignLeft | Qt::AlignVCenter, l.nameText);

    const QFont small = smallFont(opt.font);
    painter->setFont(small);
    QString meta = index.data(TimelineModel::RelativeTimeRole).toString();
    const QString device = index.data(TimelineModel::DeviceRole).toString();
    if (!device.isEmpty())
        meta = meta.isEmpty() ? device : tr("%1 · %2").arg(meta, device);
    painter->setPen(muted);
    painter->drawText(l.meta, Qt::AlignLeft | Qt::AlignVCenter,
                      QFontMetrics(small).elidedText(meta, Qt::ElideRight, l.meta.width()));
    if (!l.rankFigure.isNull()) {
        painter->setPen(rankAccent(pal));
        painter->drawText(l.rankFigure, Qt::AlignRight | Qt::AlignVCenter, l.rankFigureText);
    }
    if (!l.pending.isNull()) {
        const bool failed =
            core::PostStore::Pending(index.data(TimelineModel::PendingRole).toInt()) ==
            core::PostStore::Pending::Failed;
        painter->setPen(failed ? errorColor(pal) : muted);
        painter->drawText(
            l.pending, Qt::AlignRight | Qt::AlignVCenter,
            QFontMetrics(small).elidedText(l.pendingText, Qt::ElideRight, l.pending.width()));
    }
    if (!l.hidden.isNull()) {
        painter->setRenderHint(QPainter::Antialiasing);
        QPainterPath badge;
        badge.addRoundedRect(QRectF(l.hidden).adjusted(0.5, 0.5, -0.5, -0.5), 3, 3);
        const QColor warn = errorColor(pal);
        painter->fillPath(badge, blend(pal.color(QPalette::Base), warn, 0.10));
        painter->setPen(QPen(blend(pal.color(QPalette::Base), warn, 0.6), 1));
        painter->drawPath(badge);
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->setPen(warn);
        painter->drawText(
            l.hidden, Qt::AlignCenter,
            QFontMetrics(small).elidedText(tr("Hidden"), Qt::ElideRight, l.hidden.width() - 4));
    }

    if (!l.moderation.isNull()) {
        const QString reason = index.data(TimelineModel::ModerationReasonRole).toString();
        const QString line = reason.isEmpty() ? tr("Hidden by a moderator")
                                              : tr("Hidden by a moderator: %1").arg(reason);
        painter->setFont(small);
        painter->setPen(errorColor(pal));
        painter->drawText(
            l.moderation, Qt::AlignLeft | Qt::AlignVCenter,
            QFontMetrics(small).elidedText(line, Qt::ElideRight, l.moderation.width()));
    }

    if (!l.unsupported.isNull()) {
        QFont note = small;
        note.setItalic(true);
        painter->setFont(note);
        painter->setPen(blend(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.6));
        painter->drawText(l.unsupported, Qt::AlignLeft | Qt::AlignVCenter,
                          QFontMetrics(note).elidedText(
                              sanitizedText(index.data(TimelineModel::UnsupportedRole).toString()),
                              Qt::ElideRight, l.unsupported.width()));
    }

    if (l.contentLayout) {
        painter->setFont(opt.font);
        painter->setPen(l.hidden.isNull() ? text : muted); // hidden: greyed for the moderator
        const QColor link = l.hidden.isNull() ? pal.color(QPalette::Link) : muted;
        QList<QTextLayout::FormatRange> marks = linkFormats(l.linkRanges, link);
        for (const auto &[start, size] : l.topicRanges) {
            QTextLayout::FormatRange range;
            range.start = start;
            range.length = size;
            range.format.setForeground(link);
            marks.append(range);
        }
        addMatchFormats(marks, l.contentMatches, int(l.contentLayout->text().size()));
        l.contentLayout->draw(painter, l.content.topLeft(), marks);
    }

    const QStringList pictures = index.data(TimelineModel::PictureUrlsRole).toStringList();
    for (qsizetype i = 0; i < l.pictures.size() && i < pictures.size(); ++i)
        paintPicture(painter, opt, l.pictures.at(i), pictures.at(i),
                     i == l.pictures.size() - 1 ? l.extraPictures : 0);

    paintActions(painter, opt, l, index);
    paintPanel(painter, opt, l);

    // a hairline between cards
    painter->setPen(blend(pal.color(QPalette::Base), text, 0.10));
    painter->drawLine(kMargin, opt.rect.height() - 1, opt.rect.width() - kMargin - 1,
                      opt.rect.height() - 1);
    painter->restore();
}

} // namespace threadline::ui
