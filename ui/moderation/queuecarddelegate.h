// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// One ModerationQueueModel row as a card on the moderators' page (ui/moderationview.h, "queue"):
// "Post by 张三" / "Comment by 李四", the Hidden and "Auto-flagged: “word”" badges, the time; the
// content (3 lines, elided; "Deleted post" when gone); for a comment, its post (one muted line);
// "2 reports · Spam · Abuse"; up to 3 reporters with their notes; the pending mark (Queued… /
// Failed: why). The content's wrapped lines are cached per item (checked against its text) in a
// LayoutCache (ui/layoutcache.h: one row width, font and screen at a time, bounded, following the
// model through watch()); everything else is one line each. Its words are in ModerationView's
// translation context.
#pragma once

#include "common/layoutcache.h"
#include "common/relativetime.h"

#include <QFont>
#include <QList>
#include <QPointer>
#include <QRect>
#include <QStringList>
#include <QStyledItemDelegate>

namespace threadline::models {
class TimeTicker;
} // namespace threadline::models

namespace threadline::ui {

class QueueCardDelegate : public QStyledItemDelegate
{
public:
    explicit QueueCardDelegate(QObject *parent);

    void setTime(const models::RelativeTime &format, models::TimeTicker *ticker);

    // Forgets what changed, and tells the view the row's height may differ now.
    void watch(QAbstractItemModel *model);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;

    [[nodiscard]] QSize sizeHint(const QStyleOptionViewItem &option,
                                 const QModelIndex &index) const override;

    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                   const QModelIndex &index) override;

    // What a card shows at that width (see ModerationView::cardTexts).
    [[nodiscard]] QStringList texts(const QStyleOptionViewItem &option, const QModelIndex &index,
                                    int width) const;

private:
    struct Badge
    {
        QString text;
        int width = 0;
        bool flag = false; // the auto-flag (else: Hidden)
    };
    // Where everything of a card goes, relative to its row.
    struct Card
    {
        QFont titleFont, contentFont, metaFont;
        QRect frame;
        int left = 0, width = 0;
        int headerTop = 0, headerHeight = 0;
        QString title;
        QList<Badge> badges;
        int badgesWidth = 0;
        bool badgesInHeader = true;
        int badgeTop = 0;
        bool deleted = false;
        QStringList content;
        int contentTop = 0;
        QString context;
        int contextTop = 0;
        QString reports;
        int reportsTop = 0;
        QStringList reporters;
        int reportersTop = 0;
        QString pending;
        bool failed = false;
        int pendingTop = 0;
        int height = 0;
    };
    // The content's lines at the cache's generation's width and font.
    struct Block
    {
        QString text;
        QStringList lines;

        // About what this block takes with its strings (LayoutCache's byte budget).
        [[nodiscard]] qsizetype bytes() const
        {
            return qsizetype(sizeof(Block)) + bytesOf(text) + bytesOf(lines);
        }
    };

    static int rowWidth(const QStyleOptionViewItem &opt);

    // Plain text in at most kContentLines lines, the last one elided; `width` is the content's,
    // within a row `rowWidth` wide.
    const QStringList &contentLines(const QStyleOptionViewItem &opt, int rowWidth, qint64 id,
                                    const QString &content, const QFont &font, int width) const;

    Card card(const QStyleOptionViewItem &opt, const QModelIndex &index, int rowWidth) const;

    models::RelativeTime m_format;
    QPointer<models::TimeTicker> m_ticker;
    mutable LayoutCache<qint64, Block> m_blocks; // by item id
};

} // namespace threadline::ui
