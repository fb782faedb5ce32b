// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/searchpeopledelegate.h"

#include "common/plaintext.h"
#include "images/imagecache.h"
#include "search/searchpeoplemodel.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QPainter>
#include <QTextLayout>

namespace threadline::ui {

using models::SearchPeopleModel;

namespace {
constexpr int kPadX = 12;
constexpr int kPadY = 6;
} // namespace

SearchPeopleDelegate::SearchPeopleDelegate(core::ImageCache *images, QAbstractItemView *view)
    : QStyledItemDelegate(view)
    , m_images(images)
    , m_view(view)
{
    if (m_images) {
        const auto repaint = [this] {
            if (m_view)
                m_view->viewport()->update();
        };
        connect(m_images, &core::ImageCache::imageReady, this, repaint);
        connect(m_images, &core::ImageCache::imageFailed, this, repaint);
    }
}

QSize SearchPeopleDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &) const
{
    return {kAvatar + 2 * kPadX + 160, std::max(kAvatar, option.fontMetrics.height()) + 2 * kPadY};
}

void SearchPeopleDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                                 const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear(); // the style draws background, selection and focus; the row the rest
    const QWidget *widget = opt.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    painter->save();
    const QRect r = opt.rect;
    const QRect avatar(r.left() + kPadX, r.top() + (r.height() - kAvatar) / 2, kAvatar, kAvatar);
    const QString name = index.data(SearchPeopleModel::NameRole).toString();
    const QString url = index.data(SearchPeopleModel::AvatarUrlRole).toString();
    const qreal dpr = painter->device()->devicePixelRatioF();
    // a tile kept from before needs no decoded picture; else the picture is asked for
    QPixmap pixmap = m_tiles.find(url, avatar.size(), dpr);
    if (pixmap.isNull() && m_images && !url.isEmpty() &&
        m_images->load(url, avatar.size() * dpr) == core::ImageCache::State::Ready)
        pixmap = m_tiles.get(m_images, url, avatar.size(), dpr);
    paintAvatarTile(painter, opt.palette, opt.font, avatar, pixmap, name);

    const bool selected = opt.state & QStyle::State_Selected;
    const int left = avatar.right() + 1 + kPadX;
    const int width = std::max(0, r.right() - kPadX - left);
    const QFontMetrics fm(opt.font);
    // The name as typed by its owner, plain and isolated, elided to the row; the text searched
    // for on a marker's yellow (as on the post cards).
    const QString shown = fm.elidedText(sanitizedText(name), Qt::ElideRight, width);
    QTextLayout layout(shown, opt.font);
    layout.beginLayout();
    QTextLine line = layout.createLine();
    line.setLineWidth(width);
    layout.endLayout();
    QList<QTextLayout::FormatRange> marks;
    const QString needle = index.data(SearchPeopleModel::HighlightRole).toString();
    for (qsizetype at = needle.isEmpty() ? -1 : shown.indexOf(needle, 0, Qt::CaseInsensitive);
         at >= 0; at = shown.indexOf(needle, at + needle.size(), Qt::CaseInsensitive)) {
        QTextLayout::FormatRange range;
        range.start = int(at);
        range.length = int(needle.size());
        range.format.setBackground(QColor(0xff, 0xd5, 0x4f));
        range.format.setForeground(QColor(0x20, 0x20, 0x20));
        marks.append(range);
    }
    painter->setPen(opt.palette.color(selected ? QPalette::HighlightedText : QPalette::Text));
    const qreal y = r.top() + (r.height() - line.height()) / 2.0;
    layout.draw(painter, QPointF(left, y), marks);
    painter->restore();
}

} // namespace threadline::ui
