// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// PostDelegate's hit testing and events (postdelegate.h): where each area of a card is, what
// lies under a point, a click turned into the signal of its area (a blocked or failed picture
// loads instead), and the tool tips (the name, a picture's state, a link's whole URL, the
// likers, the device).
#include "timeline/postdelegate.h"

#include "common/plaintext.h"
#include "timeline/postcardmetrics.h"

#include "images/imagecache.h"

#include <QAbstractItemView>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QTextLayout>
#include <QToolTip>

namespace threadline::ui {

using models::TimelineModel;
using namespace postcard;

namespace {

// The index of the range (a `#topic#` mark's, a link's) under p (card coordinates) in the
// content, or -1.
int contentRangeAt(const PostDelegate::CardLayout &l, const QList<QPair<int, int>> &ranges,
                   const QPoint &p)
{
    if (ranges.isEmpty() || !l.contentLayout || !l.content.contains(p))
        return -1;
    return rangeAt(*l.contentLayout, ranges, p - l.content.topLeft());
}

// The rectangle of a range's first line (card coordinates), null when it is not laid out.
QRect contentRangeRect(const PostDelegate::CardLayout &l, const QList<QPair<int, int>> &ranges,
                       int which)
{
    if (which < 0 || which >= ranges.size() || !l.contentLayout)
        return {};
    const QRect r = rangeRect(*l.contentLayout, ranges.at(which));
    return r.isNull() ? QRect() : r.translated(l.content.topLeft());
}

} // namespace

QRect PostDelegate::hitRect(const QStyleOptionViewItem &option, const QModelIndex &index, Area area,
                            int which) const
{
    if (!index.isValid())
        return {};
    const CardLayout &l = layoutFor(option, index);
    QRect r;
    switch (area) {
    case Area::None:
        break;
    case Area::Avatar:
        r = l.avatar;
        break;
    case Area::Name:
        r = l.name;
        break;
    case Area::Content:
        r = l.content;
        break;
    case Area::Picture:
        r = l.pictures.value(which);
        break;
    case Area::Like:
        r = l.like;
        break;
    case Area::Comment:
        r = l.comment;
        break;
    case Area::Likers:
        r = l.likers;
        break;
    case Area::InlineComment:
        r = l.comments.value(which);
        break;
    case Area::Topic:
        r = contentRangeRect(l, l.topicRanges, which);
        break;
    case Area::Link:
        r = contentRangeRect(l, l.linkRanges, which);
        break;
    }
    return r.isNull() ? QRect() : r.translated(option.rect.topLeft());
}

PostDelegate::Area PostDelegate::areaAt(const QStyleOptionViewItem &option,
                                        const QModelIndex &index, const QPoint &pos,
                                        int *which) const
{
    if (!index.isValid() || !option.rect.contains(pos))
        return Area::None;
    const CardLayout &l = layoutFor(option, index);
    const QPoint p = pos - option.rect.topLeft();
    if (l.avatar.contains(p))
        return Area::Avatar;
    if (l.name.contains(p))
        return Area::Name;
    if (l.like.contains(p))
        return Area::Like;
    if (l.comment.contains(p))
        return Area::Comment;
    for (qsizetype i = 0; i < l.pictures.size(); ++i)
        if (l.pictures.at(i).contains(p)) {
            if (which)
                *which = int(i);
            return Area::Picture;
        }
    if (l.likers.contains(p))
        return Area::Likers;
    for (qsizetype i = 0; i < l.comments.size(); ++i)
        if (l.comments.at(i).contains(p)) {
            if (which)
                *which = int(i);
            return Area::InlineComment;
        }
    if (const int link = contentRangeAt(l, l.linkRanges, p); link >= 0) {
        if (which)
            *which = link;
        return Area::Link;
    }
    if (const int topic = contentRangeAt(l, l.topicRanges, p); topic >= 0) {
        if (which)
            *which = topic;
        return Area::Topic;
    }
    if (l.content.contains(p))
        return Area::Content;
    return Area::None;
}

bool PostDelegate::editorEvent(QEvent *event, QAbstractItemModel *model,
                               const QStyleOptionViewItem &option, const QModelIndex &index)
{
    if (event->type() != QEvent::MouseButtonRelease)
        return QStyledItemDelegate::editorEvent(event, model, option, index);
    const auto *mouse = static_cast<QMouseEvent *>(event);
    if (mouse->button() != Qt::LeftButton)
        return false;
    int which = 0;
    const Area area = areaAt(option, index, mouse->position().toPoint(), &which);
    const qint64 postId = postIdOf(index);
    switch (area) {
    case Area::None:
        return false;
    case Area::Avatar:
    case Area::Name:
        Q_EMIT authorClicked(index.data(TimelineModel::AuthorIdRole).toLongLong());
        return true;
    case Area::Like:
        Q_EMIT likeClicked(postId);
        return true;
    case Area::Comment:
    case Area::Content:
    case Area::InlineComment:
        Q_EMIT threadRequested(postId);
        return true;
    case Area::Likers:
        Q_EMIT likersRequested(postId);
        return true;
    case Area::Topic:
        Q_EMIT topicClicked(layoutFor(option, index).topicKeys.value(which));
        return true;
    case Area::Link:
        Q_EMIT linkClicked(layoutFor(option, index).linkUrls.value(which));
        return true;
    case Area::Picture: {
        const QString url = index.data(TimelineModel::PictureUrlsRole).toStringList().value(which);
        const auto state = m_images ? m_images->state(url) : core::ImageCache::State::Loading;
        const bool isExtraTile =
            which == 8 && index.data(TimelineModel::ExtraPicturesRole).toInt() > 0;
        if ((state == core::ImageCache::State::Blocked ||
             state == core::ImageCache::State::Failed) &&
            !isExtraTile) {
            // The user asked for it ("click to load", "try again"): the repaint below loads it
            // at the tile's size.
            m_images->allow(QUrl(url));
        } else {
            Q_EMIT pictureClicked(postId, which);
            return true;
        }
        if (m_view)
            m_view->viewport()->update(option.rect);
        return true;
    }
    }
    return false;
}

bool PostDelegate::helpEvent(QHelpEvent *event, QAbstractItemView *view,
                             const QStyleOptionViewItem &option, const QModelIndex &index)
{
    if (event->type() != QEvent::ToolTip || !index.isValid())
        return QStyledItemDelegate::helpEvent(event, view, option, index);
    int which = 0;
    const Area area = areaAt(option, index, event->pos(), &which);
    const CardLayout &l = layoutFor(option, index);
    QString tip;
    if (area == Area::Name || area == Area::Avatar) {
        tip = index.data(TimelineModel::AuthorNameRole).toString();
    } else if (area == Area::Picture && m_images) {
        const QString url = index.data(TimelineModel::PictureUrlsRole).toStringList().value(which);
        if (m_images->state(url) == core::ImageCache::State::Blocked)
            tip = tr("This picture is on another site: click to load it");
        else if (m_images->state(url) == core::ImageCache::State::Failed)
            tip = tr("The picture could not be loaded: click to try again");
    } else if (area == Area::Topic) {
        tip = tr("Open the topic #%1#").arg(l.topicKeys.value(which));
    } else if (area == Area::Link) {
        tip = l.linkUrls.value(which).toString(); // the whole URL, as plain text below
    } else if (area == Area::Likers) {
        tip = index.data(TimelineModel::LikerNamesRole).toStringList().join(tr(", "));
    } else if (l.meta.translated(option.rect.topLeft()).contains(event->pos())) {
        tip = index.data(TimelineModel::DeviceRole).toString();
    }
    if (tip.isEmpty()) {
        QToolTip::hideText();
        return false;
    }
    QToolTip::showText(event->globalPos(), plainToolTip(tip), view);
    return true;
}

} // namespace threadline::ui
