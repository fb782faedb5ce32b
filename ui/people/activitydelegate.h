// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// ActivityDelegate: one row of the activity feed (ActivityModel), drawn as a small card with the
// post cards' spacing and colours: the actor's avatar (the image cache, or the first letter on a
// tint until it is there), the sentence ("李四 liked 王五's post", the names bold, plain text,
// wrapped to two lines), the summary quoted beneath it behind a bar (two lines, elided), the
// post's thumbnail on the right when it has pictures, and the relative time. Layouts are cached
// per row (LayoutCache: one width, font and screen at a time, bounded); the time is painted,
// never laid out, so a tick of the ticker repaints without a relayout.
#pragma once

#include "common/tilepixmaps.h"

#include "common/layoutcache.h"

#include <QCache>
#include <QPixmap>
#include <QPointer>
#include <QStyledItemDelegate>
#include <QTextLayout>

#include <memory>

class QAbstractItemView;

namespace threadline::core {
class ImageCache;
} // namespace threadline::core

namespace threadline::ui {

class ActivityDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    // What a point of a row is.
    enum class Hit {
        None,  // outside the row
        Actor, // the avatar or the actor's name: their page
        Row,   // anywhere else: what the row is about (the post, or the person followed)
    };

    static constexpr int kThumbnail = 56; // the post's picture, on the right
    static constexpr int kQuoteBar = 3;   // the bar before the summary
    static constexpr int kQuoteIndent = 10;

    // The row's parts, in the row's own coordinates (0, 0 at its top left).
    struct RowLayout
    {
        int height = 0;
        int left = 0, right = 0; // the content's column (centred in a wide view)
        QRect avatar;
        QRect sentence;                    // the sentence's box
        std::shared_ptr<QTextLayout> text; // the sentence, names bold
        QList<QRect> actorName;            // the actor's name within it (one rect a line)
        QRect quote;                       // the bar and the summary
        QStringList summaryLines;          // the summary, wrapped and elided
        QRect thumbnail;                   // null: the post has no picture
        QRect time;

        // About what this layout takes with its text layout and lists (LayoutCache's byte
        // budget).
        [[nodiscard]] qsizetype bytes() const
        {
            return qsizetype(sizeof(RowLayout)) + bytesOf(text) + bytesOf(actorName) +
                   bytesOf(summaryLines);
        }
    };

    explicit ActivityDelegate(core::ImageCache *images, QObject *parent = nullptr);
    ~ActivityDelegate() override;

    // The view it paints for: its width, and the caches' invalidation (its font, palette, model).
    void setView(QAbstractItemView *view);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    [[nodiscard]] QSize sizeHint(const QStyleOptionViewItem &option,
                                 const QModelIndex &index) const override;

    // Where the content's column begins in a row `width` wide (the switch above aligns with it).
    [[nodiscard]] static int columnLeft(int width);

    // What `pos` (in the view's viewport) is on the row `index` drawn in `rect`.
    [[nodiscard]] Hit hitAt(const QRect &rect, const QModelIndex &index, const QPoint &pos) const;
    // The layout of a row `width` wide (for tests: where the parts are).
    [[nodiscard]] const RowLayout &layoutOf(const QModelIndex &index, int width) const;

private:
    [[nodiscard]] const RowLayout &layoutFor(const QStyleOptionViewItem &option,
                                             const QModelIndex &index) const;
    [[nodiscard]] QPixmap scaled(const QString &url, QSize size, qreal dpr) const;
    void paintAvatar(QPainter *painter, const QStyleOptionViewItem &option, const QRect &rect,
                     const QModelIndex &index) const;
    void paintThumbnail(QPainter *painter, const QStyleOptionViewItem &option, const QRect &rect,
                        const QString &url) const;
    void onImageArrived();

    core::ImageCache *m_images;
    QPointer<QAbstractItemView> m_view;
    mutable LayoutCache<qint64, RowLayout> m_layouts;
    mutable TilePixmaps m_scaled; // avatars and thumbnails at their size, in KiB
};

} // namespace threadline::ui
