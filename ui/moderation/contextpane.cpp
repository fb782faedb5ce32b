// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "moderation/contextpane.h"

#include "common/palettecolors.h"
#include "common/plaintext.h"
#include "common/textmetrics.h"
#include "moderation/moderationcontext.h"
#include "moderation/moderationpaint.h"
#include "moderation/moderationview.h"

#include <QEvent>
#include <QFontMetrics>
#include <QMouseEvent>
#include <QPainter>
#include <algorithm>
#include <optional>

namespace threadline::ui {

using namespace moderationpaint;

ContextPane::ContextPane(models::ModerationContext *context, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
{
    setObjectName(QStringLiteral("contextPane"));
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
    setMinimumWidth(260);
    connect(context, &models::ModerationContext::changed, this, [this] {
        m_laidOutWidth = -1;
        update();
    });
}

QStringList ContextPane::texts() const
{
    QStringList out;
    int group = 0;
    for (const Piece &p : pieces()) {
        if (p.text.isEmpty())
            continue;
        if (p.group != 0 && p.group == group && !out.isEmpty())
            out.last() += p.text;
        else
            out.append(p.text);
        group = p.group;
    }
    return out;
}

void ContextPane::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const Palette c = colours();
    for (const Piece &p : pieces()) {
        switch (p.kind) {
        case Piece::Band:
            painter.setPen(Qt::NoPen);
            painter.setBrush(c.band);
            painter.drawRoundedRect(QRectF(p.rect), 4, 4);
            painter.setBrush(c.accent);
            painter.drawRect(QRect(p.rect.left(), p.rect.top(), 3, p.rect.height()));
            break;
        case Piece::Rule:
            painter.setPen(c.line);
            painter.drawLine(p.rect.left(), p.rect.top(), p.rect.right(), p.rect.top());
            break;
        case Piece::Badge: {
            painter.setPen(Qt::NoPen);
            painter.setBrush(p.tone == Tone::Accent ? c.accent : c.hiddenFill);
            const qreal r = p.rect.height() / 2.0;
            painter.drawRoundedRect(QRectF(p.rect), r, r);
            painter.setFont(p.font);
            painter.setPen(p.tone == Tone::Accent ? c.onAccent : c.muted);
            painter.drawText(p.rect, Qt::AlignCenter, p.text);
            break;
        }
        case Piece::Text:
            painter.setFont(p.font);
            painter.setPen(p.tone == Tone::Muted     ? c.muted
                           : p.tone == Tone::Warning ? c.warning
                                                     : c.text);
            painter.drawText(p.rect, Qt::AlignLeft | Qt::AlignVCenter, p.text);
            break;
        }
    }
}

void ContextPane::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_context->state() == models::ModerationContext::State::Failed)
        m_context->reload();
    QWidget::mouseReleaseEvent(event);
}

void ContextPane::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange ||
        event->type() == QEvent::PaletteChange)
        m_laidOutWidth = -1;
    QWidget::changeEvent(event);
}

ContextPane::Palette ContextPane::colours() const
{
    const QPalette &p = palette();
    const bool dark = p.color(QPalette::Base).lightness() < 128;
    Palette c;
    c.text = p.color(QPalette::Text);
    c.muted = blend(c.text, p.color(QPalette::Base), 0.45);
    c.warning = dark ? QColor(0xef, 0x6b, 0x6b) : QColor(0xc6, 0x28, 0x28);
    c.line = blend(p.color(QPalette::Base), c.text, 0.16);
    // the reported line: a warm band, its accent the queue's warning red
    c.accent = c.warning;
    c.onAccent = QColor(Qt::white);
    c.band = blend(p.color(QPalette::Base), c.accent, dark ? 0.22 : 0.09);
    c.hiddenFill = blend(p.color(QPalette::Base), c.text, 0.10);
    return c;
}

const QList<ContextPane::Piece> &ContextPane::pieces() const
{
    const int w = width();
    if (w == m_laidOutWidth && font().key() == m_laidOutFont)
        return m_pieces;
    m_laidOutWidth = w;
    m_laidOutFont = font().key();
    m_pieces = layOut(w);
    return m_pieces;
}

QList<ContextPane::Piece> ContextPane::layOut(int paneWidth) const
{
    using Ctx = models::ModerationContext;
    QList<Piece> out;
    const QFont base = font();
    const QFont bold = boldFont(base);
    const QFont meta = smallerFont(base);
    const QFont metaBold = boldFont(meta);
    const QFontMetrics fm(base), boldFm(bold), metaFm(meta);
    constexpr int kMargin = 14;
    constexpr int kIndent = 18; // replies under their root
    constexpr int kBandPad = 6; // around the reported line, inside its band
    constexpr int kLineGap = 4; // between the lines of the floor
    const int left = kMargin;
    const int width = std::max(paneWidth - 2 * kMargin, 40);
    int y = kMargin;

    const auto text = [&](int x, int w, const QString &s, const QFont &f, Tone tone) {
        const QFontMetrics m(f);
        out.append(
            {Piece::Text, QRect(x, y, w, m.height()), m.elidedText(s, Qt::ElideRight, w), f, tone});
        y += m.lineSpacing();
    };
    int groups = 0;
    const auto words = [&](const QString &s, Tone tone) {
        const int g = ++groups;
        for (const QString &line : wrappedLines(s, base, width, 4)) {
            out.append({Piece::Text, QRect(left, y, width, fm.height()), line, base, tone, g});
            y += fm.lineSpacing();
        }
    };
    const auto badgeWidth = [&](const QString &s) { return advance(meta, s) + 2 * kBadgePadX; };
    const auto badge = [&](int x, int lineTop, int lineHeight, const QString &s, Tone tone) {
        const int h = metaFm.height() + 2 * kBadgePadY;
        out.append({Piece::Badge, QRect(x, lineTop + (lineHeight - h) / 2, badgeWidth(s), h), s,
                    meta, tone});
    };

    // the heading
    text(left, width, ModerationView::tr("In context"), metaBold, Tone::Muted);
    y += 4;

    const Ctx::State state = m_context->state();
    if (state == Ctx::State::Empty) {
        y += 8;
        words(ModerationView::tr("Select an item to see it in its place: its post and the "
                                 "comments around it."),
              Tone::Muted);
        return out;
    }

    // One "author: text" line (the reported one wraps to 3 lines, on its band).
    const auto contextLine = [&](const Ctx::Line &l, int indent, bool withAuthor = true) {
        const int x = left + indent;
        const int w = std::max(width - indent, 40);
        const QString who =
            l.author.isEmpty() ? ModerationView::tr("Someone") : shownName(l.author);
        const QString content = sanitizedText(l.text.simplified(), 600);
        const QString line = withAuthor ? ModerationView::tr("%1: %2").arg(who, content) : content;
        const QString hiddenMark = ModerationView::tr("Hidden by a moderator");
        if (l.target) {
            // what brought it here: reports, or the server's word list alone
            const std::optional<core::QueueItem> item = m_context->item();
            const QString mark = item && item->reportCount == 0 && item->autoFlagWord
                                     ? ModerationView::tr("Auto-flagged")
                                     : ModerationView::tr("Reported");
            const int markW = badgeWidth(mark);
            const int top = y;
            const qsizetype bandAt = out.size(); // the band goes under what follows
            y += kBandPad;
            const int innerX = x + kBandPad + 3;
            const int innerW = std::max(w - 2 * kBandPad - 3, 40);
            badge(innerX, y, metaFm.height() + 2 * kBadgePadY, mark, Tone::Accent);
            if (l.hidden)
                badge(innerX + markW + kGap, y, metaFm.height() + 2 * kBadgePadY, hiddenMark,
                      Tone::Muted);
            y += metaFm.height() + 2 * kBadgePadY + 3;
            const QFont f = bold;
            const int g = ++groups;
            for (const QString &part : wrappedLines(line, f, innerW, 3)) {
                out.append({Piece::Text, QRect(innerX, y, innerW, boldFm.height()), part, f,
                            l.hidden ? Tone::Muted : Tone::Text, g});
                y += boldFm.lineSpacing();
            }
            y += kBandPad;
            out.insert(bandAt, Piece{Piece::Band, QRect(x, top, w, y - top), {}, {}, Tone::Text});
            y += 2;
            return;
        }
        if (l.hidden) {
            const int markW = badgeWidth(hiddenMark);
            const int textW = std::max(w - markW - kGap, 40);
            const QFont f = [&] {
                QFont i = base;
                i.setItalic(true);
                return i;
            }();
            const QFontMetrics m(f);
            const QString shown = m.elidedText(line, Qt::ElideRight, textW);
            out.append({Piece::Text, QRect(x, y, textW, m.height()), shown, f, Tone::Muted});
            badge(x + std::min(advance(f, shown), textW) + kGap, y, m.height(), hiddenMark,
                  Tone::Muted);
            y += std::max(m.lineSpacing(), metaFm.height() + 2 * kBadgePadY + 2) + kLineGap;
            return;
        }
        // the author in bold, then the text (where the words put the text last)
        const QString prefix =
            withAuthor ? ModerationView::tr("%1: %2").arg(who, QString()) : QString();
        if (!prefix.isEmpty() && line.startsWith(prefix) && advance(bold, prefix) < w / 2) {
            const int pw = advance(bold, prefix);
            const int g = ++groups;
            out.append(
                {Piece::Text, QRect(x, y, pw, boldFm.height()), prefix, bold, Tone::Text, g});
            out.append({Piece::Text, QRect(x + pw, y, w - pw, fm.height()),
                        fm.elidedText(line.mid(prefix.size()), Qt::ElideRight, w - pw), base,
                        Tone::Text, g});
            y += std::max(fm.lineSpacing(), boldFm.lineSpacing()) + kLineGap;
            return;
        }
        text(x, w, line, base, Tone::Text);
        y += kLineGap;
    };
    const auto moreLine = [&](int indent, const QString &s) {
        text(left + indent, width - indent, s, meta, Tone::Muted);
    };
    const auto rule = [&] {
        y += 6;
        out.append({Piece::Rule, QRect(left, y, width, 1), {}, {}, Tone::Text});
        y += 8;
    };

    // a message: on a person's board, in no post; the message alone
    if (m_context->targetType() == core::TargetType::Message) {
        if (m_context->targetDeleted()) {
            words(ModerationView::tr("The reported message has been deleted."), Tone::Muted);
            return out;
        }
        const QList<Ctx::Line> lines = m_context->lines();
        if (!lines.isEmpty())
            text(left, width,
                 ModerationView::tr("Message on %1's board").arg(shownName(lines.first().board)),
                 bold, Tone::Text);
        y += 2;
        for (const Ctx::Line &l : lines)
            contextLine(l, 0);
        return out;
    }

    // the post
    const bool postTarget = m_context->targetType() == core::TargetType::Post;
    const std::optional<Ctx::Line> post = m_context->post();
    if (post) {
        const QString who = shownName(post->author);
        const QString title =
            post->count == 1 ? ModerationView::tr("Post by %1 · 1 comment").arg(who)
            : post->count > 1
                ? ModerationView::tr("Post by %1 · %2 comments").arg(who).arg(post->count)
                : ModerationView::tr("Post by %1").arg(who);
        if (postTarget) {
            text(left, width, title, bold, Tone::Text);
            y += 2;
            contextLine(*post, 0, false);
        } else {
            text(left, width, title, bold, Tone::Text);
            const QStringList lines = wrappedLines(sanitizedText(post->text, 600), base, width, 3);
            const int g = ++groups;
            for (const QString &line : lines) {
                out.append(
                    {Piece::Text, QRect(left, y, width, fm.height()), line, base, Tone::Muted, g});
                y += fm.lineSpacing();
            }
            if (post->hidden)
                moreLine(0, ModerationView::tr("The post is hidden by a moderator."));
        }
    } else {
        text(left, width,
             postTarget ? ModerationView::tr("The reported post has been deleted.")
                        : ModerationView::tr("Its post has been deleted."),
             base, Tone::Muted);
    }
    if (m_context->targetDeleted()) {
        if (!postTarget) {
            rule();
            words(ModerationView::tr("The reported comment has been deleted."), Tone::Muted);
        }
        return out;
    }

    rule();
    const QList<Ctx::Line> lines = m_context->lines();
    const auto floorOf = [&]() -> qint64 {
        if (const auto item = m_context->item())
            if (const core::Comment *c = item->targetComment())
                return c->floor;
        return 0;
    };
    if (postTarget)
        text(left, width, ModerationView::tr("First comments"), metaBold, Tone::Muted);
    else
        text(left, width, ModerationView::tr("Floor %1").arg(floorOf()), metaBold, Tone::Muted);
    y += 2;
    switch (state) {
    case Ctx::State::Loading:
        words(postTarget ? ModerationView::tr("Loading its first comments…")
                         : ModerationView::tr("Loading the floor…"),
              Tone::Muted);
        return out;
    case Ctx::State::Failed:
        words(ModerationView::tr("The context could not be loaded: %1")
                  .arg(m_context->errorMessage()),
              Tone::Warning);
        words(ModerationView::tr("Click here to try again."), Tone::Muted);
        return out;
    case Ctx::State::Empty:
    case Ctx::State::Ready:
        break;
    }
    if (lines.isEmpty()) {
        words(postTarget ? ModerationView::tr("No comments yet.")
                         : ModerationView::tr("Nothing else is left in this floor."),
              Tone::Muted);
        return out;
    }
    bool before = m_context->moreBefore() > 0;
    for (const Ctx::Line &l : lines) {
        const int indent = l.kind == Ctx::Kind::Reply ? kIndent : 0;
        if (before && l.kind == Ctx::Kind::Reply) {
            moreLine(kIndent, ModerationView::tr("⋯ earlier replies"));
            before = false;
        }
        contextLine(l, indent);
    }
    if (before) // the floor's root is gone: the mark still goes first
        moreLine(kIndent, ModerationView::tr("⋯ earlier replies"));
    const qint64 more = m_context->moreAfter();
    if (more > 0) {
        if (postTarget)
            moreLine(0, ModerationView::tr("⋯ %1 more comments").arg(more));
        else if (m_context->item() && m_context->item()->targetComment() &&
                 m_context->item()->targetComment()->isRoot())
            moreLine(kIndent, more == 1 ? ModerationView::tr("⋯ one more reply")
                                        : ModerationView::tr("⋯ %1 more replies").arg(more));
        else
            moreLine(kIndent, ModerationView::tr("⋯ later replies"));
    }
    return out;
}

} // namespace threadline::ui
