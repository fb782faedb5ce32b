// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Paints the rows of a CommentTreeModel in a QTreeView (docs/design.md "Thread view"):
//   a floor (root comment): 32 px avatar, the author, "N楼", the content wrapped, then a line
//       with the relative time, the reply count, my pending / hidden marks, and on the right the
//       赞 (like) and 踩 (oppose) toggles with their counts, highlighted when they are mine;
//   a reply (under its floor, on a tinted panel that starts under the floor's text): 24 px
//       avatar, "张三 回复 李四" in the name colour, the content, the same line — a reply to a
//       reply does not indent further;
//   "more replies (N)": a link-coloured line; "load more floors": a centred button-like line.
// Text layouts are cached per row (by comment id, checked against the row's text and width) in a
// LayoutCache (ui/layoutcache.h: one view width, font and screen at a time, bounded, following
// the model through watch()) and sizeHint() comes from the same layout. Clicks are hit-tested in
// editorEvent(): the toggles vote, an http / https link in the content (drawn in the link colour,
// its whole URL as the tool tip) is opened by the view, the name or the rest of the content
// chooses the comment to answer, a More row asks to be activated. Plain text only.
#pragma once

#include "common/layoutcache.h"
#include "common/textlinks.h"

#include <QStyledItemDelegate>
#include <QTextLayout>

#include <memory>

class QAbstractItemModel;

namespace threadline::core {
class ImageCache;
}

namespace threadline::ui {

class CommentDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    // What a point of a row is (hitTest) and the areas a row has (areaRect).
    enum class Area {
        None,   // nothing that reacts
        Like,   // the 赞 toggle
        Oppose, // the 踩 toggle
        Link,   // an http or https link in the content
        Reply,  // the name or the rest of the content: answer this comment
        More,   // a "more replies" / "load more floors" row
    };
    Q_ENUM(Area)

    static constexpr int kFloorAvatar = 32;
    static constexpr int kReplyAvatar = 24;
    // The indentation the tree view should use: a reply's panel then starts under the text of
    // its floor.
    static constexpr int kIndentation = 44;

    // A floor's mark on the right: "Floor 12"; my floor that the server has not numbered yet
    // says "New floor, sending…" (or "…, not sent"), never a made-up number; "" for the
    // server's comments that came without a number.
    [[nodiscard]] static QString floorText(const QModelIndex &index);

    // images may be null: avatars are then always the placeholder (the name's first character).
    explicit CommentDelegate(core::ImageCache *images, QObject *parent = nullptr);
    ~CommentDelegate() override;

    // Drops cached layouts when rows change or leave (call before the view's setModel(), so
    // that the view's own dataChanged handling reads fresh sizes).
    void watch(QAbstractItemModel *model);
    void clearCache();

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    [[nodiscard]] QSize sizeHint(const QStyleOptionViewItem &option,
                                 const QModelIndex &index) const override;

    // What lies at `pos` (viewport coordinates) of the row painted in option.rect.
    [[nodiscard]] Area hitTest(const QStyleOptionViewItem &option, const QModelIndex &index,
                               const QPoint &pos) const;
    // Where an area of that row is (viewport coordinates); empty when the row has none. (Link:
    // the first link's first line; linkRect() for the others.)
    [[nodiscard]] QRect areaRect(const QStyleOptionViewItem &option, const QModelIndex &index,
                                 Area area) const;
    // The link at `pos` (viewport coordinates) of that row; empty when there is none.
    [[nodiscard]] QUrl linkAt(const QStyleOptionViewItem &option, const QModelIndex &index,
                              const QPoint &pos) const;
    // Where the row's link number `which` is (its first line, viewport coordinates), and how
    // many links the row's content has.
    [[nodiscard]] QRect linkRect(const QStyleOptionViewItem &option, const QModelIndex &index,
                                 int which) const;
    [[nodiscard]] int linkCount(const QStyleOptionViewItem &option, const QModelIndex &index) const;

Q_SIGNALS:
    // vote: 1 like (赞), -1 oppose (踩); the owner calls core::Actions::voteComment.
    void voteClicked(qint64 commentId, int vote);
    // The user chose this comment to answer.
    void replyRequested(const QModelIndex &index);
    // A "more replies" or "load more floors" row was clicked.
    void moreActivated(const QModelIndex &index);
    // An http or https link in a comment was clicked (the view opens it in the browser).
    void linkClicked(const QUrl &url);

protected:
    bool editorEvent(QEvent *event, QAbstractItemModel *model, const QStyleOptionViewItem &option,
                     const QModelIndex &index) override;
    // A link's tool tip: its whole URL, as plain text.
    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                   const QModelIndex &index) override;

private:
    // The wrapped content of one comment row at one width, in the cache's generation's font.
    // (one per comment: a row laid out again at another width replaces it)
    struct TextBlock
    {
        QString content; // what was laid out: a changed text is laid out again
        int width = 0;
        bool struck = false;
        QTextLayout layout;
        int height = 0;
        TextLinks links; // its http and https links, in the layout's text

        // About what this block takes with its text layout (LayoutCache's byte budget).
        [[nodiscard]] qsizetype bytes() const
        {
            return qsizetype(sizeof(TextBlock)) + bytesOf(content) + bytesOf(layout) +
                   links.bytes();
        }
    };
    struct Geometry; // where everything of a row goes, relative to the row's rect

    [[nodiscard]] const TextBlock *textBlock(const QModelIndex &index, int width, const QFont &font,
                                             bool struck) const;
    [[nodiscard]] Geometry geometry(const QStyleOptionViewItem &option, const QModelIndex &index,
                                    const QRect &rect) const;
    [[nodiscard]] int rowWidth(const QStyleOptionViewItem &option, const QModelIndex &index) const;
    void paintComment(QPainter *painter, const QStyleOptionViewItem &option,
                      const QModelIndex &index, const Geometry &g) const;
    void paintMoreReplies(QPainter *painter, const QStyleOptionViewItem &option,
                          const QModelIndex &index, const Geometry &g) const;
    void paintMoreFloors(QPainter *painter, const QStyleOptionViewItem &option,
                         const QModelIndex &index, const Geometry &g) const;
    void paintAvatar(QPainter *painter, const QRect &rect, const QModelIndex &index) const;

    core::ImageCache *m_images;
    mutable LayoutCache<qint64, TextBlock> m_blocks; // by comment id
};

} // namespace threadline::ui
