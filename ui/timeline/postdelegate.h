// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// PostDelegate: one post of a timeline as a card (docs/design.md, "What a post looks like"):
// in a ranking (the hot pages) its rank's badge left of the avatar and the figure it is ranked
// by on the name's line; avatar, nickname, relative time and device, the content wrapped (its
// `#topic#` marks and http / https links in the link colour, plain text), up to 9
// pictures ("+N" on the 9th), the like and comment buttons, the likers' names and the newest
// comments inline (a search's: the comments it found); a search's text marked where it is.
//
//   auto *delegate = new PostDelegate(&images, view);
//   delegate->setView(view);                 // repaints its viewport when an image arrives
//   view->setItemDelegate(delegate);
//   connect(delegate, &PostDelegate::likeClicked, …);
//
// Every row's geometry is computed once (CardLayout, text layouts included) and cached by post
// id; sizeHint(), paint() and the hit tests read that entry. The view (TimelineView, a
// VirtualListView) asks only for the rows it puts on screen, so no row is ever measured by a
// guess: shaping text (colour emoji cost milliseconds each in Qt 6.4) is paid for what is shown.
// The layouts are kept in a LayoutCache (ui/layoutcache.h: one width, font and screen at a time,
// bounded in bytes, emptied when the view's font, palette, style or language changes; watch()
// drops the rows that arrive or leave).
// invalidate(postId) drops a row when the model says it changed (TimelineView does that).
// By file: the layout and its caches in postcardlayout.cpp, the painting in postdelegate.cpp,
// hit tests, clicks and tool tips in postdelegateevents.cpp.
// Reads the roles of models::TimelineModel; user text is laid out as plain text only.
#pragma once

#include "common/tilepixmaps.h"

#include "common/layoutcache.h"
#include "common/textlinks.h"

#include <QCache>
#include <QFont>
#include <QList>
#include <QPointer>
#include <QRect>
#include <QString>
#include <QStyledItemDelegate>

#include <memory>
#include <optional>

class QAbstractItemView;
class QTextLayout;

namespace threadline::core {
class ImageCache;
}

namespace threadline::ui {

class PostDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    // The parts of a card that answer a click.
    enum class Area {
        None,
        Avatar,        // → authorClicked
        Name,          // → authorClicked
        Content,       // → threadRequested
        Picture,       // → pictureClicked (which: the picture's index)
        Like,          // → likeClicked
        Comment,       // → threadRequested
        Likers,        // → likersRequested
        InlineComment, // → threadRequested (which: the comment's index among those shown)
        Topic,         // → topicClicked (which: the mark's index among topicKeys)
        Link,          // → linkClicked (which: the link's index among linkUrls)
    };
    Q_ENUM(Area)

    // Where everything of one card goes, relative to the card's top-left corner.
    struct CardLayout
    {
        int height = 0;
        QRect rank; // a ranking's badge, left of the avatar (null when the model is no ranking)
        QRect rankFigure; // "128 likes this week" on the header line (null when unknown)
        QString rankFigureText;
        QRect avatar;
        QRect name; // the elided nickname as drawn (its text's width)
        QString nameText;
        QRect meta;        // relative time · device (elided when painted: the time ages)
        QRect hidden;      // the moderators' "Hidden" mark (null when not hidden)
        QRect moderation;  // moderators: "Hidden by a moderator: <reason>" (null when not hidden)
        QRect unsupported; // "This kind of post (VIDEO) is not supported yet." (null otherwise)
        QRect pending;     // "Sending…" / "Not sent" (null when nothing is pending)
        QString pendingText;
        QRect content; // null without content
        std::shared_ptr<QTextLayout> contentLayout;
        // The `#topic#` marks of the content (core/wire/topics.h): (start, length) in the
        // content layout's text, drawn in the link colour, and each one's key. A mark inside a
        // link is the link's.
        QList<QPair<int, int>> topicRanges;
        QStringList topicKeys;
        // The http and https links of the content (core/wire/links.h): (start, length) in the
        // content layout's text, drawn in the link colour and underlined, and what each opens.
        QList<QPair<int, int>> linkRanges;
        QList<QUrl> linkUrls;
        QList<QRect> pictures; // at most 9
        int extraPictures = 0; // the "+N" on the last tile
        QRect like;
        QRect comment;
        QRect panel;        // the light panel behind likers and comments (null when both are empty)
        QRect likers;       // null without likers
        QString likersText; // elided
        QList<QRect> comments;
        QList<std::shared_ptr<QTextLayout>> commentLayouts; // each at most 2 lines
        QList<QList<QPair<int, int>>> commentNames; // (start, length) of the names, coloured
        // A search's results (TimelineModel::HighlightRole): where the text searched for is in
        // the content's layout and in each inline comment's text, marked when painted.
        QList<QPair<int, int>> contentMatches;
        QList<QList<QPair<int, int>>> commentMatches;

        // About what this layout takes with its strings, lists and text layouts (LayoutCache's
        // byte budget).
        [[nodiscard]] qsizetype bytes() const
        {
            return qsizetype(sizeof(CardLayout)) + bytesOf(rankFigureText) + bytesOf(nameText) +
                   bytesOf(pendingText) + bytesOf(contentLayout) + bytesOf(topicRanges) +
                   bytesOf(topicKeys) + TextLinks::bytesOfLinks(linkRanges, linkUrls) +
                   bytesOf(pictures) + bytesOf(likersText) + bytesOf(comments) +
                   bytesOf(commentLayouts) + bytesOf(commentNames) + bytesOf(contentMatches) +
                   bytesOf(commentMatches);
        }
    };

    // images: may be null (placeholders only).
    explicit PostDelegate(core::ImageCache *images, QObject *parent = nullptr);
    ~PostDelegate() override;

    // The view whose viewport is repainted when an image arrives or fails.
    void setView(QAbstractItemView *view);
    [[nodiscard]] QAbstractItemView *view() const { return m_view; }

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    [[nodiscard]] QSize sizeHint(const QStyleOptionViewItem &option,
                                 const QModelIndex &index) const override;

    // Drops the layouts of the model's rows that arrive or leave, and all on a reset (its
    // dataChanged is the view's: see invalidate). null: no model.
    void watch(QAbstractItemModel *model);
    // Drops the cached layout of a post (its data changed) or of every post.
    void invalidate(qint64 postId);
    void invalidateAll();
    // The height last computed for a post, if it is cached.
    [[nodiscard]] std::optional<int> cachedHeight(qint64 postId) const;
    // How many rows are cached laid out.
    [[nodiscard]] qsizetype cachedLayouts() const { return m_layouts.size(); }

    // The card's layout for option.rect's width and option.font (cached).
    [[nodiscard]] const CardLayout &layoutFor(const QStyleOptionViewItem &option,
                                              const QModelIndex &index) const;
    // Where an area is, in the coordinates of option.rect (null when the card has none).
    [[nodiscard]] QRect hitRect(const QStyleOptionViewItem &option, const QModelIndex &index,
                                Area area, int which = 0) const;
    // What is under pos (in the coordinates of option.rect); *which gets the picture's or
    // the inline comment's index.
    [[nodiscard]] Area areaAt(const QStyleOptionViewItem &option, const QModelIndex &index,
                              const QPoint &pos, int *which = nullptr) const;

Q_SIGNALS:
    void likeClicked(qint64 postId);
    void threadRequested(qint64 postId);
    void likersRequested(qint64 postId);
    void authorClicked(qint64 uid);
    void pictureClicked(qint64 postId, int index);
    // A `#topic#` link in the content: the topic's key (case-folded name).
    void topicClicked(const QString &topic);
    // An http or https link in the content (TimelineView opens it in the browser).
    void linkClicked(const QUrl &url);

protected:
    bool editorEvent(QEvent *event, QAbstractItemModel *model, const QStyleOptionViewItem &option,
                     const QModelIndex &index) override;
    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                   const QModelIndex &index) override;

private:
    [[nodiscard]] CardLayout computeLayout(int width, const QFont &font,
                                           const QModelIndex &index) const;
    [[nodiscard]] int widthFor(const QStyleOptionViewItem &option) const;
    // Makes the caches' generation that of option (its width as widthFor() says); the width.
    int useGeneration(const QStyleOptionViewItem &option) const;
    void paintAvatar(QPainter *painter, const QStyleOptionViewItem &option, const QRect &rect,
                     const QModelIndex &index) const;
    void paintRank(QPainter *painter, const QStyleOptionViewItem &option, const CardLayout &layout,
                   const QModelIndex &index) const;
    void paintPicture(QPainter *painter, const QStyleOptionViewItem &option, const QRect &rect,
                      const QString &url, int extra) const;
    void paintActions(QPainter *painter, const QStyleOptionViewItem &option,
                      const CardLayout &layout, const QModelIndex &index) const;
    void paintPanel(QPainter *painter, const QStyleOptionViewItem &option,
                    const CardLayout &layout) const;
    // The image scaled (cropped to fill) to size, cached; null when it is not Ready.
    [[nodiscard]] QPixmap scaled(const QString &url, QSize size, qreal dpr) const;
    void onImageArrived();

    core::ImageCache *m_images;
    QPointer<QAbstractItemView> m_view;
    mutable LayoutCache<qint64, CardLayout> m_layouts; // by post id
    mutable TilePixmaps m_scaled;                      // url + size → scaled image, cost in KiB
};

} // namespace threadline::ui
