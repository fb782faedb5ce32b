// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "moderation/queuecarddelegate.h"

#include "common/plaintext.h"
#include "common/textmetrics.h"
#include "common/timeticker.h"
#include "moderation/moderationpaint.h"
#include "moderation/moderationqueuemodel.h"
#include "moderation/moderationview.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QCoreApplication>
#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QStyle>
#include <QToolTip>
#include <algorithm>
#include <climits>

namespace threadline::ui {

using namespace moderationpaint;
using QM = models::ModerationQueueModel;
using Pending = models::ModerationQueueModel::Pending;

namespace {

constexpr int kOuter = 6;        // around a card
constexpr int kBlockGap = 4;     // between the blocks of a card
constexpr int kContentLines = 3; // the content, at most
constexpr int kReporters = 3;    // reporters listed, at most

// The model's own words (already in the catalogues), for what the card and the summary share.
QString modelText(const char *text, int n = -1)
{
    return QCoreApplication::translate("threadline::models::ModerationQueueModel", text, nullptr,
                                       n);
}

} // namespace

QueueCardDelegate::QueueCardDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{
    m_blocks.watchWidget(qobject_cast<QWidget *>(parent)); // the list it paints
}

void QueueCardDelegate::setTime(const models::RelativeTime &format, models::TimeTicker *ticker)
{
    m_format = format;
    m_ticker = ticker;
}

void QueueCardDelegate::watch(QAbstractItemModel *model)
{
    // first the cache forgets the rows, then the view is told
    m_blocks.watch(model,
                   [](const QModelIndex &index) { return index.data(QM::IdRole).toLongLong(); });
    connect(model, &QAbstractItemModel::dataChanged, this,
            [this](const QModelIndex &tl, const QModelIndex &br) {
                if (!tl.isValid() || !br.isValid())
                    return;
                for (int row = tl.row(); row <= br.row(); ++row)
                    Q_EMIT sizeHintChanged(tl.siblingAtRow(row));
            });
}

void QueueCardDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                              const QModelIndex &index) const
{
    QStyleOptionViewItem opt(option);
    initStyleOption(&opt, index);
    opt.text.clear(); // the style draws the background and the selection, no text
    const QWidget *widget = opt.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    const Card c = card(opt, index, opt.rect.width());
    const Colours col = coloursFor(opt);
    painter->save();
    painter->translate(opt.rect.topLeft());
    painter->setRenderHint(QPainter::Antialiasing);
    // the style draws the background and the selection, inside the card's outline
    const QRectF outline = QRectF(c.frame).adjusted(0.5, 0.5, -0.5, -0.5);
    {
        QStyleOptionViewItem panel(opt);
        panel.rect = c.frame;
        QPainterPath path;
        path.addRoundedRect(outline, 6, 6);
        painter->save();
        painter->setClipPath(path);
        style->drawPrimitive(QStyle::PE_PanelItemViewItem, &panel, painter, widget);
        painter->restore();
    }
    painter->setPen(col.line);
    painter->setBrush(Qt::NoBrush);
    painter->drawRoundedRect(outline, 6, 6);

    // the header: title, badges, time
    const QFontMetrics titleFm(c.titleFont);
    const QFontMetrics metaFm(c.metaFont);
    const QString time =
        timeLabel(m_format, m_ticker, index.data(QM::CreatedTimeRole).toLongLong());
    const int timeW = time.isEmpty() ? 0 : advance(c.metaFont, time);
    const int right = c.left + c.width;
    int titleSpace = c.width - (timeW > 0 ? timeW + kGap : 0);
    if (c.badgesInHeader)
        titleSpace -= c.badgesWidth + kGap;
    const QString title = titleFm.elidedText(c.title, Qt::ElideRight, std::max(titleSpace, 0));
    painter->setFont(c.titleFont);
    painter->setPen(col.text);
    painter->drawText(QRect(c.left, c.headerTop, std::max(titleSpace, 0), c.headerHeight),
                      Qt::AlignLeft | Qt::AlignVCenter, title);
    if (!time.isEmpty()) {
        painter->setFont(c.metaFont);
        painter->setPen(col.muted);
        painter->drawText(QRect(right - timeW, c.headerTop, timeW, c.headerHeight),
                          Qt::AlignRight | Qt::AlignVCenter, time);
    }
    int bx = c.badgesInHeader ? c.left + advance(c.titleFont, title) + kGap : c.left;
    const int by = c.badgesInHeader ? c.headerTop : c.badgeTop;
    painter->setFont(c.metaFont);
    for (const Badge &b : c.badges) {
        const int w = std::min(b.width, std::max(right - bx, 0));
        if (w <= 2 * kBadgePadX)
            break;
        const int h = metaFm.height() + 2 * kBadgePadY;
        const QRect r(bx, by + (c.headerHeight - h) / 2, w, h);
        painter->setPen(Qt::NoPen);
        painter->setBrush(b.flag ? col.flagFill : col.hiddenFill);
        painter->drawRoundedRect(QRectF(r), h / 2.0, h / 2.0);
        painter->setPen(b.flag ? col.flagText : col.hiddenText);
        painter->drawText(r.adjusted(kBadgePadX, 0, -kBadgePadX, 0), Qt::AlignCenter,
                          metaFm.elidedText(b.text, Qt::ElideRight, w - 2 * kBadgePadX));
        bx += w + kGap;
    }

    // the content
    QFont contentFont = c.contentFont;
    contentFont.setItalic(c.deleted);
    painter->setFont(contentFont);
    painter->setPen(c.deleted ? col.muted : col.text);
    const QFontMetrics contentFm(contentFont);
    int y = c.contentTop;
    for (const QString &line : c.content) {
        painter->drawText(QRect(c.left, y, c.width, contentFm.height()),
                          Qt::AlignLeft | Qt::AlignVCenter, line);
        y += contentFm.lineSpacing();
    }

    // the small lines
    painter->setFont(c.metaFont);
    const auto line = [&](int top, const QString &text, const QColor &colour, bool bold) {
        QFont f = c.metaFont;
        f.setBold(bold);
        painter->setFont(f);
        painter->setPen(colour);
        painter->drawText(QRect(c.left, top, c.width, metaFm.height()),
                          Qt::AlignLeft | Qt::AlignVCenter, text);
    };
    if (!c.context.isEmpty())
        line(c.contextTop, c.context, col.muted, false);
    if (!c.reports.isEmpty())
        line(c.reportsTop, c.reports, col.text, true);
    y = c.reportersTop;
    for (const QString &r : c.reporters) {
        line(y, r, col.muted, false);
        y += metaFm.lineSpacing();
    }
    if (!c.pending.isEmpty())
        line(c.pendingTop, c.pending, c.failed ? col.warning : col.muted, c.failed);
    painter->restore();
}

QSize QueueCardDelegate::sizeHint(const QStyleOptionViewItem &option,
                                  const QModelIndex &index) const
{
    QStyleOptionViewItem opt(option);
    initStyleOption(&opt, index);
    const int width = rowWidth(opt);
    return {width, card(opt, index, width).height};
}

bool QueueCardDelegate::helpEvent(QHelpEvent *event, QAbstractItemView *view,
                                  const QStyleOptionViewItem &option, const QModelIndex &index)
{
    if (event->type() == QEvent::ToolTip && index.isValid()) {
        // the whole text, where the card had to elide it
        QString tip = index.data(QM::TargetContentRole).toString();
        const QString message = index.data(QM::PendingMessageRole).toString();
        if (!message.isEmpty())
            tip += (tip.isEmpty() ? QString() : QStringLiteral("\n\n")) + message;
        if (!tip.isEmpty()) {
            QToolTip::showText(event->globalPos(), plainToolTip(tip.left(2000)), view, option.rect);
            return true;
        }
    }
    return QStyledItemDelegate::helpEvent(event, view, option, index);
}

QStringList QueueCardDelegate::texts(const QStyleOptionViewItem &option, const QModelIndex &index,
                                     int width) const
{
    QStyleOptionViewItem opt(option);
    initStyleOption(&opt, index);
    const Card c = card(opt, index, width);
    QStringList out{c.title};
    for (const Badge &b : c.badges)
        out.append(b.text);
    out += c.content;
    if (!c.context.isEmpty())
        out.append(c.context);
    if (!c.reports.isEmpty())
        out.append(c.reports);
    out += c.reporters;
    if (!c.pending.isEmpty())
        out.append(c.pending);
    return out;
}

int QueueCardDelegate::rowWidth(const QStyleOptionViewItem &opt)
{
    if (opt.rect.width() > 0)
        return opt.rect.width();
    if (const auto *view = qobject_cast<const QAbstractItemView *>(opt.widget))
        return std::max(view->viewport()->width(), 200);
    return 480;
}

const QStringList &QueueCardDelegate::contentLines(const QStyleOptionViewItem &opt, int rowWidth,
                                                   qint64 id, const QString &content,
                                                   const QFont &font, int width) const
{
    m_blocks.setGeneration(layoutGeneration(opt, rowWidth));
    if (const Block *b = m_blocks.find(id))
        if (b->text == content)
            return b->lines;
    return m_blocks.emplace(id, Block{content, wrappedLines(content, font, width, kContentLines)})
        .lines;
}

QueueCardDelegate::Card QueueCardDelegate::card(const QStyleOptionViewItem &opt,
                                                const QModelIndex &index, int rowWidth) const
{
    Card c;
    c.contentFont = opt.font;
    c.titleFont = boldFont(opt.font);
    c.metaFont = smallerFont(opt.font);
    const QFontMetrics titleFm(c.titleFont);
    const QFontMetrics contentFm(c.contentFont);
    const QFontMetrics metaFm(c.metaFont);
    c.frame = QRect(kOuter, kOuter / 2, std::max(rowWidth - 2 * kOuter, 40), 0);
    c.left = kOuter + kPad;
    c.width = std::max(rowWidth - 2 * (kOuter + kPad), 20);
    const auto elide = [&](const QFontMetrics &fm, const QString &s) {
        return fm.elidedText(s, Qt::ElideRight, c.width);
    };

    const QString type = index.data(QM::TargetTypeRole).toString();
    const bool post = type == QLatin1String("post");
    const bool message = type == QLatin1String("message");
    c.deleted = index.data(QM::TargetDeletedRole).toBool();
    const QString author = index.data(QM::TargetAuthorNameRole).toString();
    if (c.deleted || author.isEmpty())
        c.title = post      ? ModerationView::tr("Post")
                  : message ? ModerationView::tr("Message")
                            : ModerationView::tr("Comment");
    else
        c.title = post      ? ModerationView::tr("Post by %1").arg(author)
                  : message ? ModerationView::tr("Message by %1").arg(author)
                            : ModerationView::tr("Comment by %1").arg(author);

    // badges: hidden, auto-flagged
    if (index.data(QM::TargetHiddenRole).toBool())
        c.badges.append({ModerationView::tr("Hidden"), 0, false});
    if (index.data(QM::AutoFlaggedRole).toBool())
        c.badges.append({ModerationView::tr("Auto-flagged: \u201c%1\u201d")
                             .arg(index.data(QM::AutoFlagWordRole).toString()),
                         0, true});
    for (Badge &b : c.badges) {
        b.width = advance(c.metaFont, b.text) + 2 * kBadgePadX;
        c.badgesWidth += b.width + kGap;
    }
    if (!c.badges.isEmpty())
        c.badgesWidth -= kGap;
    const QString time =
        timeLabel(m_format, m_ticker, index.data(QM::CreatedTimeRole).toLongLong());
    const int timeW = time.isEmpty() ? 0 : advance(c.metaFont, time) + kGap;
    const int badgeH = metaFm.height() + 2 * kBadgePadY;
    c.headerHeight = std::max(titleFm.height(), badgeH);
    c.headerTop = c.frame.top() + kPad;
    c.badgesInHeader = c.badges.isEmpty() ||
                       advance(c.titleFont, c.title) + kGap + c.badgesWidth + timeW <= c.width;
    int y = c.headerTop + c.headerHeight;
    if (!c.badgesInHeader) {
        c.badgeTop = y + 2;
        y = c.badgeTop + c.headerHeight;
    }

    // the content (or what is left of it)
    y += kBlockGap;
    c.contentTop = y;
    if (c.deleted) {
        c.content = {elide(contentFm, post      ? modelText("Deleted post")
                                      : message ? modelText("Deleted message")
                                                : modelText("Deleted comment"))};
    } else {
        c.content =
            contentLines(opt, rowWidth, index.data(QM::IdRole).toLongLong(),
                         index.data(QM::TargetContentRole).toString(), c.contentFont, c.width);
    }
    if (!c.content.isEmpty())
        y += int(c.content.size() - 1) * contentFm.lineSpacing() + contentFm.height();

    // a message's board
    if (message) {
        const QString owner = index.data(QM::BoardOwnerNameRole).toString();
        if (!owner.isEmpty()) {
            c.context = elide(metaFm, ModerationView::tr("On %1's board").arg(owner));
            c.contextTop = y + 2;
            y = c.contextTop + metaFm.height();
        }
    }

    // a comment's post
    if (!post && !message) {
        const QString postAuthor = index.data(QM::PostAuthorNameRole).toString();
        const QString postText = index.data(QM::PostContentRole).toString().simplified();
        const qint64 postId = index.data(QM::PostIdRole).toLongLong();
        QString context;
        if (!postAuthor.isEmpty())
            context = ModerationView::tr("On %1's post: %2").arg(postAuthor, postText);
        else if (postId > 0)
            context = ModerationView::tr("On post %1").arg(postId);
        if (!context.isEmpty()) {
            c.context = elide(metaFm, context);
            c.contextTop = y + 2;
            y = c.contextTop + metaFm.height();
        }
    }

    // "2 reports · Spam · Abuse", then who reported it and why
    const qint64 count = index.data(QM::ReportCountRole).toLongLong();
    const QVariantList reports = index.data(QM::ReportsRole).toList();
    if (count > 0 || !reports.isEmpty()) {
        const qint64 n = std::max<qint64>(count, reports.size());
        QString line = modelText("%n report(s)", int(std::min<qint64>(n, INT_MAX)));
        const QString reasons = index.data(QM::ReasonsTextRole).toString();
        if (!reasons.isEmpty())
            line += QStringLiteral(" \u00b7 ") + reasons;
        QFont bold = c.metaFont;
        bold.setBold(true);
        c.reports = QFontMetrics(bold).elidedText(line, Qt::ElideRight, c.width);
        c.reportsTop = y + kBlockGap;
        y = c.reportsTop + metaFm.height();
        c.reportersTop = y;
        for (qsizetype i = 0; i < reports.size() && i < kReporters; ++i) {
            const QVariantMap r = reports.at(i).toMap();
            const QString who = r.value(QStringLiteral("reporterName")).toString();
            const QString why = r.value(QStringLiteral("reasonText")).toString();
            const QString note = r.value(QStringLiteral("note")).toString().simplified();
            const QString text = note.isEmpty()
                                     ? ModerationView::tr("%1 \u00b7 %2").arg(who, why)
                                     : ModerationView::tr("%1 \u00b7 %2: %3").arg(who, why, note);
            c.reporters.append(elide(metaFm, text));
        }
        if (reports.size() > kReporters)
            c.reporters.append(elide(metaFm, ModerationView::tr("and %n more", nullptr,
                                                                int(reports.size() - kReporters))));
        y += int(c.reporters.size()) * metaFm.lineSpacing();
    }

    // my pending action
    switch (Pending(index.data(QM::PendingRole).toInt())) {
    case Pending::Queued:
        c.pending = elide(metaFm, ModerationView::tr("Queued \u2014 waiting for the server…"));
        break;
    case Pending::Failed: {
        c.failed = true;
        QFont bold = c.metaFont; // painted bold: elided in bold
        bold.setBold(true);
        c.pending = QFontMetrics(bold).elidedText(
            ModerationView::tr("Failed: %1")
                .arg(index.data(QM::PendingMessageRole).toString().simplified()),
            Qt::ElideRight, c.width);
        break;
    }
    case Pending::None:
        break;
    }
    if (!c.pending.isEmpty()) {
        c.pendingTop = y + kBlockGap;
        y = c.pendingTop + metaFm.height();
    }

    c.frame.setBottom(y + kPad - 1);
    c.height = c.frame.bottom() + 1 + kOuter / 2;
    return c;
}

} // namespace threadline::ui
