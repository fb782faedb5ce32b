// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// PostDelegate's card layout (postdelegate.h): where everything of a card goes (CardLayout, its
// text laid out once), and the layout cache (LayoutCache: one width, font and screen at a time,
// bounded in bytes) that sizeHint(), paint() and the hit tests read. The view asks only for the
// rows it puts on screen (VirtualListView), so every row is measured exactly.
#include "timeline/postdelegate.h"

#include "common/plaintext.h"
#include "common/textmetrics.h"
#include "timeline/postcardmetrics.h"

#include "poststore.h"
#include "wire/topics.h"

#include <QAbstractItemView>
#include <QTextLayout>

#include <algorithm>

namespace threadline::ui {

using models::TimelineModel;
using namespace postcard;

namespace {

// Plain text with its line breaks as the layout understands them.
QString layoutText(QString text)
{
    text.replace(QLatin1String("\r\n"), QLatin1String("\n"));
    text.replace(QLatin1Char('\n'), QChar::LineSeparator);
    return text;
}

// Lays text out in width, at most maxLines lines (0: no limit); the last line is elided when
// the text is longer. *height gets the height of the lines.
std::shared_ptr<QTextLayout> wrapped(const QString &text, const QFont &font, int width,
                                     int maxLines, qreal *height)
{
    auto layout = std::make_shared<QTextLayout>(text, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout->setTextOption(option);
    layout->setCacheEnabled(true);

    const auto run = [&](int limit) {
        qreal y = 0;
        int lines = 0;
        bool more = false;
        layout->beginLayout();
        for (;;) {
            QTextLine line = layout->createLine();
            if (!line.isValid())
                break;
            if (limit > 0 && lines == limit) { // a line too many: the text goes on
                more = true;
                line.setNumColumns(0);
                line.setPosition(QPointF(0, y));
                break;
            }
            line.setLineWidth(width);
            line.setPosition(QPointF(0, y));
            y += line.height() + kLineSpacing;
            ++lines;
        }
        layout->endLayout();
        *height = std::max<qreal>(0, y - kLineSpacing);
        return more;
    };

    if (!run(maxLines))
        return layout;
    // Too long: the last line shown becomes the rest of the text, elided to fit.
    const QTextLine last = layout->lineAt(maxLines - 1);
    const QString rest = text.mid(last.textStart());
    const QString elided = QFontMetrics(font).elidedText(rest, Qt::ElideRight, width - 2);
    layout->setText(text.left(last.textStart()) + elided);
    run(maxLines);
    return layout;
}

// Where `needle` is in `text` from `from` on, case-insensitively, as (start, length) ranges.
QList<QPair<int, int>> matchRanges(const QString &text, const QString &needle, qsizetype from = 0)
{
    QList<QPair<int, int>> ranges;
    if (needle.isEmpty())
        return ranges;
    for (qsizetype at = text.indexOf(needle, std::max<qsizetype>(from, 0), Qt::CaseInsensitive);
         at >= 0; at = text.indexOf(needle, at + needle.size(), Qt::CaseInsensitive))
        ranges.append({int(at), int(needle.size())});
    return ranges;
}

} // namespace

void PostDelegate::watch(QAbstractItemModel *model)
{
    // dataChanged is TimelineView's: it drops the rows that changed
    m_layouts.watch(model, postIdOf, {}, LayoutChanges::Rows);
}

void PostDelegate::invalidate(qint64 postId)
{
    m_layouts.remove(postId);
}

void PostDelegate::invalidateAll()
{
    m_layouts.clear();
}

std::optional<int> PostDelegate::cachedHeight(qint64 postId) const
{
    if (const CardLayout *l = m_layouts.find(postId))
        return l->height;
    return std::nullopt;
}

int PostDelegate::widthFor(const QStyleOptionViewItem &option) const
{
    if (option.rect.width() > 0)
        return option.rect.width();
    if (m_view)
        return m_view->viewport()->width();
    return 400;
}

int PostDelegate::useGeneration(const QStyleOptionViewItem &option) const
{
    const int width = widthFor(option);
    const LayoutGeneration generation = layoutGeneration(option, width);
    m_layouts.setGeneration(generation);
    return width;
}

const PostDelegate::CardLayout &PostDelegate::layoutFor(const QStyleOptionViewItem &option,
                                                        const QModelIndex &index) const
{
    const int width = useGeneration(option);
    const qint64 id = postIdOf(index);
    if (const CardLayout *hit = m_layouts.find(id))
        return *hit;
    return m_layouts.emplace(id, computeLayout(width, option.font, index));
}

PostDelegate::CardLayout PostDelegate::computeLayout(int width, const QFont &font,
                                                     const QModelIndex &index) const
{
    CardLayout l;
    const QFont bold = boldFont(font);
    const QFont small = smallFont(font);
    const QFontMetrics fm(font), bfm(bold), sfm(small);

    // A ranking (the hot pages): the rank's badge left of the avatar, which moves right. The
    // badge's number is read when it is painted (a row that moves up keeps its layout).
    const bool ranked = index.data(TimelineModel::RankRole).toInt() > 0;
    const int left = ranked ? kMargin + kRankBadge + kRankGap : kMargin;
    if (ranked)
        l.rank = QRect(kMargin, kPad + (kAvatar - kRankBadge) / 2, kRankBadge, kRankBadge);
    const int x0 = left + kAvatar + kColumnGap;
    const int colW = std::max(1, width - x0 - kMargin);
    const int colRight = x0 + colW; // exclusive
    l.avatar = QRect(left, kPad, kAvatar, kAvatar);

    // --- the header: name, then the marks on the right; time · device below ---
    int y = kPad;
    int right = colRight;
    const int lineH = bfm.height();
    if (index.data(TimelineModel::HiddenRole).toBool()) {
        const int w = std::min(right - x0, sfm.horizontalAdvance(tr("Hidden")) + 12);
        const int h = sfm.height() + 2;
        l.hidden = QRect(right - w, y + (lineH - h) / 2, w, h);
        right = l.hidden.left() - 6;
    }
    const auto pending = core::PostStore::Pending(index.data(TimelineModel::PendingRole).toInt());
    if (pending != core::PostStore::Pending::None) {
        l.pendingText =
            pending == core::PostStore::Pending::Sending ? tr("Sending…") : tr("Not sent");
        const int w =
            std::clamp(sfm.horizontalAdvance(l.pendingText) + 2, 0, std::max(0, right - x0));
        l.pending = QRect(right - w, y + (lineH - sfm.height()) / 2, w, sfm.height());
        right = l.pending.left() - 8;
    }
    if (const QString figure = index.data(TimelineModel::RankFigureRole).toString();
        ranked && !figure.isEmpty()) {
        // what it is ranked by, on the right of the name's line; the name gives way first
        const int w = std::clamp(advance(small, figure), 0, std::max(0, (right - x0) * 2 / 3));
        l.rankFigureText = sfm.elidedText(figure, Qt::ElideRight, w);
        l.rankFigure = QRect(right - w, y + (lineH - sfm.height()) / 2, w, sfm.height());
        right = l.rankFigure.left() - 8;
    }
    const int nameW = std::max(0, right - x0);
    l.nameText =
        isolated(bfm.elidedText(sanitizedText(index.data(TimelineModel::AuthorNameRole).toString()),
                                Qt::ElideRight, nameW));
    l.name = QRect(x0, y, std::min(nameW, bfm.horizontalAdvance(l.nameText)), lineH);
    l.meta = QRect(x0, y + lineH + 3, colW, sfm.height());
    y = std::max(l.avatar.bottom(), l.meta.bottom()) + 1 + 8;
    if (!l.hidden.isNull()) { // the moderators' line: who hid it, why
        l.moderation = QRect(x0, y, colW, sfm.height());
        y = l.moderation.bottom() + 1 + 8;
    }
    if (!index.data(TimelineModel::UnsupportedRole).toString().isEmpty()) { // a newer kind
        l.unsupported = QRect(x0, y, colW, sfm.height());
        y = l.unsupported.bottom() + 1 + 8;
    }

    // --- the content ---
    const QString highlight = index.data(TimelineModel::HighlightRole).toString();
    const QString raw = index.data(TimelineModel::ContentRole).toString().trimmed();
    if (!raw.isEmpty()) {
        const QString content = shownText(raw);
        qreal h = 0;
        l.contentLayout = wrapped(layoutText(content), font, colW, 0, &h);
        const QString &shown = l.contentLayout->text();
        TextLinks links = TextLinks::of(shown);
        l.linkRanges = std::move(links.ranges);
        l.linkUrls = std::move(links.urls);
        // a `#topic#` inside a link (its fragment: "…/page#a#") is part of the link
        const auto inLink = [&l](qsizetype start, qsizetype length) {
            return std::any_of(l.linkRanges.cbegin(), l.linkRanges.cend(), [&](const auto &r) {
                return start < r.first + r.second && r.first < start + length;
            });
        };
        for (const core::TopicMark &mark : core::topicMarks(shown)) {
            if (inLink(mark.start, mark.length))
                continue;
            l.topicRanges.append({int(mark.start), int(mark.length)});
            l.topicKeys.append(mark.key);
        }
        l.contentMatches = matchRanges(shown, highlight);
        l.content = QRect(x0, y, colW, int(std::ceil(h)));
        y = l.content.bottom() + 1 + 10;
    }

    // --- the pictures: one larger, else a grid of three columns ---
    const QStringList pictures = index.data(TimelineModel::PictureUrlsRole).toStringList();
    const int n = int(std::min<qsizetype>(pictures.size(), 9));
    if (n == 1) {
        const int w = std::min(colW, kSingleMax);
        l.pictures.append(QRect(x0, y, w, w * 3 / 4));
        y = l.pictures.last().bottom() + 1 + 10;
    } else if (n > 1) {
        const int tile = std::max(1, std::min((colW - 2 * kGridGap) / 3, kTileMax));
        for (int i = 0; i < n; ++i)
            l.pictures.append(QRect(x0 + (i % 3) * (tile + kGridGap),
                                    y + (i / 3) * (tile + kGridGap), tile, tile));
        y = l.pictures.last().bottom() + 1 + 10;
    }
    if (n == 9)
        l.extraPictures = std::max(0, index.data(TimelineModel::ExtraPicturesRole).toInt());

    // --- the action row: like, comment ---
    const int buttonH = std::max(fm.height(), kIcon) + 8;
    const auto buttonWidth = [&](const QString &text) {
        return 6 + kIcon + 5 + fm.horizontalAdvance(text) + 8;
    };
    const int likeW = buttonWidth(index.data(TimelineModel::LikeTextRole).toString());
    const int commentW = buttonWidth(index.data(TimelineModel::CommentTextRole).toString());
    // the icons line up with the column; the buttons' padding stays inside the card
    l.like = QRect(x0 - 6, y, std::min(likeW, colRight - (x0 - 6)), buttonH);
    const int commentX = std::min(l.like.right() + 1 + 12, colRight - 1);
    l.comment = QRect(commentX, y, std::max(1, std::min(commentW, colRight - commentX)), buttonH);
    y = l.like.bottom() + 1 + 4;

    // --- the light panel: likers, then the newest comments ---
    const QStringList likers = index.data(TimelineModel::LikerNamesRole).toStringList();
    const QVariantList comments = index.data(TimelineModel::InlineCommentsRole).toList();
    if (!likers.isEmpty() || !comments.isEmpty()) {
        const int innerX = x0 + kPanelPad;
        const int innerW = std::max(1, colW - 2 * kPanelPad);
        int py = y + kPanelPad - 2;
        if (!likers.isEmpty()) {
            l.likers = QRect(innerX, py, innerW, fm.height());
            l.likersText = fm.elidedText(shownNames(likers).join(tr(", ")), Qt::ElideRight,
                                         std::max(0, innerW - kIcon - 6));
            py = l.likers.bottom() + 1 + (comments.isEmpty() ? 0 : 9);
        }
        for (const QVariant &v : comments) {
            const QVariantMap c = v.toMap();
            // Each name isolated (core/usertext.h), and the bold ranges are those of the isolated
            // names, so that they cannot reorder the sentence around them.
            const QString rawAuthor = c.value(QStringLiteral("author")).toString();
            const QString rawReplyTo = c.value(QStringLiteral("replyTo")).toString();
            const QString author = rawAuthor.isEmpty() ? QString() : shownName(rawAuthor);
            const QString replyTo = rawReplyTo.isEmpty() ? QString() : shownName(rawReplyTo);
            const QString head =
                replyTo.isEmpty() ? author : tr("%1 replied to %2").arg(author, replyTo);
            QString body =
                shownText(c.value(QStringLiteral("content")).toString().simplified(), 500);
            const QString text = tr("%1: %2").arg(head, body);
            QList<QPair<int, int>> names;
            const qsizetype at = text.indexOf(author);
            if (!author.isEmpty() && at >= 0)
                names.append({int(at), int(author.size())});
            if (!replyTo.isEmpty()) {
                const qsizetype to = text.indexOf(replyTo, at >= 0 ? at + author.size() : 0);
                if (to >= 0)
                    names.append({int(to), int(replyTo.size())});
            }
            qreal h = 0;
            auto layout = wrapped(text, font, innerW, 2, &h);
            l.comments.append(QRect(innerX, py, innerW, int(std::ceil(h))));
            l.commentLayouts.append(layout);
            l.commentNames.append(names);
            // the text searched for, in the comment's words (not in the names before them)
            l.commentMatches.append(
                matchRanges(layout->text(), highlight, text.size() - body.size()));
            py = l.comments.last().bottom() + 1 + 4;
        }
        if (!comments.isEmpty())
            py -= 4;
        l.panel = QRect(x0, y, colW, py + kPanelPad - 2 - y);
        y = l.panel.bottom() + 1;
    }

    l.height = y + kPad;
    return l;
}

QSize PostDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    if (!index.isValid())
        return {};
    QStyleOptionViewItem opt = option;
    if (m_view && opt.rect.width() <= 0) // asked without a width: as wide as the viewport
        opt.rect.setWidth(m_view->viewport()->width());
    // exact: the view asks only for the rows it puts on screen, and paint() reuses the layout
    const CardLayout &l = layoutFor(opt, index);
    return {widthFor(opt), l.height};
}

} // namespace threadline::ui
