// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "thread/commentdelegate.h"

#include "common/palettecolors.h"
#include "common/plaintext.h"
#include "common/textmetrics.h"
#include "images/imagecache.h"
#include "poststore.h"
#include "thread/commenttreemodel.h"
#include "thread/flattreeproxy.h"

#include <QAbstractItemModel>
#include <QAbstractItemView>
#include <QApplication>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QPixmapCache>
#include <QToolTip>
#include <algorithm>
#include <climits>
#include <cmath>

namespace threadline::ui {

using models::CommentTreeModel;
using Kind = CommentTreeModel::RowKind;

namespace {
// A floor: margin, avatar, gap; its text starts at kFloorText. A reply row starts kIndentation
// further right (the view's indentation); its panel kPanelInset after that, i.e. under the
// floor's text.
constexpr int kMargin = 8;
constexpr int kRightMargin = 12;
constexpr int kFloorText = kMargin + CommentDelegate::kFloorAvatar + 8; // 48
constexpr int kPanelInset = kFloorText - CommentDelegate::kIndentation; // 4
constexpr int kPanelPad = 6;
constexpr int kReplyText = kPanelPad + CommentDelegate::kReplyAvatar + 6; // from the panel's left
constexpr int kToggleGap = 14;
constexpr int kHitSlop = 4;

// A reply (indented, on its panel): a child in the tree, or a row of depth 1 in the flattened
// list the thread pane shows.
bool isReply(const QModelIndex &index)
{
    return index.parent().isValid() || index.data(models::FlatTreeProxy::DepthRole).toInt() > 0;
}

// "赞 12" / "赞": a toggle's words and its count.
QString toggleText(const QString &word, qint64 count)
{
    return count > 0 ? word + QLatin1Char(' ') + QString::number(count) : word;
}
} // namespace

QString CommentDelegate::floorText(const QModelIndex &index)
{
    const qint64 floor = index.data(CommentTreeModel::FloorRole).toLongLong();
    if (floor > 0)
        return CommentDelegate::tr("Floor %1").arg(floor);
    if (index.data(CommentTreeModel::IdRole).toLongLong() > 0)
        return {}; // the server's, unnumbered (the spec's sample has no floors): no mark
    return core::PostStore::Pending(index.data(CommentTreeModel::PendingRole).toInt()) ==
                   core::PostStore::Pending::Failed
               ? CommentDelegate::tr("New floor, not sent")
               : CommentDelegate::tr("New floor, sending…");
}

struct CommentDelegate::Geometry
{
    Kind kind = Kind::Comment;
    bool reply = false;
    int height = 0;
    QFont labelFont;
    QFont contentFont;
    QFont metaFont;
    QRect avatar;
    QRect label;      // the name ("A 回复 B"), elided to fit
    QRect floorMark;  // "N楼" (floors)
    QRect content;    // the wrapped text
    QRect moderation; // moderators: "Hidden by a moderator: <reason>", a line of its own
    QRect meta;       // time, replies, marks (left of the toggles)
    QRect like;
    QRect oppose;
    QRect panel;  // the tinted panel under a floor (replies, "more replies")
    QRect button; // More rows: what is clicked
    QString likeText;
    QString opposeText;
    const TextBlock *text = nullptr;
};

CommentDelegate::CommentDelegate(core::ImageCache *images, QObject *parent)
    : QStyledItemDelegate(parent)
    , m_images(images)
{
    // the pane it paints in (ThreadView): its font, palette and language reach the tree too
    m_blocks.watchWidget(qobject_cast<QWidget *>(parent));
}

CommentDelegate::~CommentDelegate() = default;

void CommentDelegate::watch(QAbstractItemModel *model)
{
    // the relative time is painted, not laid out: the ticker's updates keep the blocks; a block
    // holds its text, width and strike-out and is checked against them (textBlock), so rows
    // arriving or leaving (a floor's 1,000 replies) forget nothing
    m_blocks.watch(
        model,
        [](const QModelIndex &index) { return index.data(CommentTreeModel::IdRole).toLongLong(); },
        {CommentTreeModel::RelativeTimeRole}, LayoutChanges::Data);
}

void CommentDelegate::clearCache()
{
    m_blocks.clear();
}

// --- layout ---------------------------------------------------------------------------------

const CommentDelegate::TextBlock *CommentDelegate::textBlock(const QModelIndex &index, int width,
                                                             const QFont &font, bool struck) const
{
    const qint64 id = index.data(CommentTreeModel::IdRole).toLongLong();
    const QString content = shownText(index.data(CommentTreeModel::ContentRole).toString());
    if (const TextBlock *b = m_blocks.find(id))
        if (b->width == width && b->struck == struck && b->content == content)
            return b;
    TextBlock *b = &m_blocks.emplace(id);
    b->content = content;
    b->width = width;
    b->struck = struck;
    // Plain text: line breaks of the text are kept, nothing is interpreted.
    QString text = content;
    text.replace(QLatin1Char('\n'), QChar::LineSeparator);
    b->layout.setText(text);
    b->layout.setFont(font);
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    b->layout.setTextOption(option);
    b->layout.setCacheEnabled(true);
    qreal y = 0;
    b->layout.beginLayout();
    for (QTextLine line = b->layout.createLine(); line.isValid(); line = b->layout.createLine()) {
        line.setLineWidth(width);
        line.setPosition(QPointF(0, y));
        y += line.height();
    }
    b->layout.endLayout();
    b->height = text.isEmpty() ? 0 : int(std::ceil(y));
    b->links = TextLinks::of(text); // a line break is one character either way
    return b;
}

int CommentDelegate::rowWidth(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    if (option.rect.width() > 0)
        return option.rect.width();
    // asked without a width: the row fills the viewport, a reply's less its indentation
    if (const auto *view = qobject_cast<const QAbstractItemView *>(option.widget)) {
        int w = view->viewport()->width();
        if (isReply(index))
            w -= kIndentation;
        return std::max(w, 160);
    }
    return 400;
}

CommentDelegate::Geometry CommentDelegate::geometry(const QStyleOptionViewItem &option,
                                                    const QModelIndex &index,
                                                    const QRect &rect) const
{
    Geometry g;
    g.kind = Kind(index.data(CommentTreeModel::KindRole).toInt());
    g.reply = isReply(index);
    g.contentFont = option.font;
    g.metaFont = smallerFont(option.font);
    g.labelFont = option.font;
    const QFontMetrics fm(option.font);
    const QFontMetrics metaFm(g.metaFont);
    const int left = rect.left();
    const int right = rect.left() + rect.width() - 1;

    if (g.kind == Kind::MoreFloors) {
        g.height = fm.height() + 28;
        const QString text = index.data(Qt::DisplayRole).toString();
        const int w = std::min(rect.width() - 2 * kMargin, fm.horizontalAdvance(text) + 48);
        g.button = QRect(left + (rect.width() - w) / 2, rect.top() + 8, w, fm.height() + 12);
        return g;
    }
    if (g.kind == Kind::MoreReplies) {
        g.height = fm.height() + 14;
        g.panel = QRect(left + kPanelInset, rect.top(), right - kRightMargin - left - kPanelInset,
                        g.height);
        const QString text = index.data(Qt::DisplayRole).toString();
        const int textLeft = g.panel.left() + kReplyText;
        const int w = std::min(advance(option.font, text), g.panel.right() - 8 - textLeft);
        g.button = QRect(textLeft, rect.top() + 5, std::max(w, 0), fm.height());
        return g;
    }

    const bool hidden = index.data(CommentTreeModel::HiddenRole).toBool();
    g.contentFont.setStrikeOut(hidden);
    int top = 0;
    int textLeft = 0;
    int textRight = 0;
    if (g.reply) {
        g.panel =
            QRect(left + kPanelInset, rect.top(), right - kRightMargin - left - kPanelInset, 0);
        top = rect.top() + 6;
        g.avatar = QRect(g.panel.left() + kPanelPad, top, kReplyAvatar, kReplyAvatar);
        textLeft = g.panel.left() + kReplyText;
        textRight = g.panel.right() - 8;
    } else {
        top = rect.top() + 10;
        g.avatar = QRect(left + kMargin, top, kFloorAvatar, kFloorAvatar);
        textLeft = left + kFloorText;
        textRight = right - kRightMargin;
        g.labelFont.setBold(true);
    }
    const int textWidth = std::max(40, textRight - textLeft + 1);
    const QFontMetrics labelFm(g.labelFont);
    const int labelH = labelFm.height();

    // line 1: the name (and the floor mark on the right)
    int labelRoom = textWidth;
    if (!g.reply) {
        const QString mark = floorText(index);
        const int w = advance(g.metaFont, mark);
        g.floorMark = QRect(textLeft + textWidth - w, top + (labelH - metaFm.height()) / 2, w,
                            metaFm.height());
        labelRoom = std::max(0, textWidth - w - 12);
    }
    const QString label = index.data(CommentTreeModel::LabelRole).toString();
    g.label = QRect(textLeft, top, std::min(labelRoom, advance(g.labelFont, label)), labelH);

    // the content, laid out for the view's width (a reply's row is narrower by the indentation)
    m_blocks.setGeneration(layoutGeneration(option, rect.width() + (g.reply ? kIndentation : 0)));
    const int contentTop = top + labelH + (g.reply ? 2 : 4);
    g.text = textBlock(index, textWidth, g.contentFont, hidden);
    g.content = QRect(textLeft, contentTop, textWidth, g.text->height);

    // the last line: time, counts and marks; the toggles on the right
    int metaTop = contentTop + g.text->height + (g.reply ? 4 : 6);
    const int metaH = metaFm.height();
    if (hidden) {
        g.moderation = QRect(textLeft, metaTop, textWidth, metaH);
        metaTop += metaH + 2;
    }
    g.likeText = toggleText(tr("Like"), index.data(CommentTreeModel::LikeCountRole).toLongLong());
    g.opposeText =
        toggleText(tr("Oppose"), index.data(CommentTreeModel::OpposeCountRole).toLongLong());
    QFont boldMeta = g.metaFont; // a toggle that is on is bold: room for that
    boldMeta.setBold(true);
    const int likeW = advance(boldMeta, g.likeText);
    const int opposeW = advance(boldMeta, g.opposeText);
    g.oppose = QRect(textLeft + textWidth - opposeW, metaTop, opposeW, metaH);
    g.like = QRect(g.oppose.left() - kToggleGap - likeW, metaTop, likeW, metaH);
    g.meta = QRect(textLeft, metaTop, std::max(0, g.like.left() - 12 - textLeft), metaH);

    const int bottom = std::max(metaTop + metaH, g.avatar.bottom() + 1) + (g.reply ? 6 : 10);
    g.height = bottom - rect.top();
    if (g.reply)
        g.panel.setHeight(g.height);
    return g;
}

QSize CommentDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    if (!index.isValid())
        return {};
    const int width = rowWidth(option, index);
    const Geometry g = geometry(option, index, QRect(0, 0, width, 0));
    return {width, g.height};
}

// --- painting -------------------------------------------------------------------------------

void CommentDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                            const QModelIndex &index) const
{
    if (!index.isValid())
        return;
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    const QStyle *style = opt.widget ? opt.widget->style() : QApplication::style();
    painter->save();
    painter->setClipRect(opt.rect);
    style->drawPrimitive(QStyle::PE_PanelItemViewItem, &opt, painter, opt.widget);
    const Geometry g = geometry(opt, index, opt.rect);
    switch (g.kind) {
    case Kind::Comment:
        paintComment(painter, opt, index, g);
        break;
    case Kind::MoreReplies:
        paintMoreReplies(painter, opt, index, g);
        break;
    case Kind::MoreFloors:
        paintMoreFloors(painter, opt, index, g);
        break;
    }
    painter->restore();
}

namespace {
struct Colours
{
    QColor text;
    QColor muted;
    QColor name;
    QColor accent;
    QColor link;
    QColor warning;
    QColor panel;
    QColor line;
};

Colours coloursFor(const QStyleOptionViewItem &opt)
{
    const QPalette &p = opt.palette;
    const QPalette::ColorGroup cg = colorGroup(opt);
    const bool selected = opt.state & QStyle::State_Selected;
    Colours c;
    c.text = p.color(cg, selected ? QPalette::HighlightedText : QPalette::Text);
    c.muted =
        selected ? c.text : blend(p.color(cg, QPalette::Text), p.color(cg, QPalette::Base), 0.45);
    c.link = selected ? c.text : p.color(cg, QPalette::Link);
    c.name =
        selected ? c.text : blend(p.color(cg, QPalette::Link), p.color(cg, QPalette::Text), 0.35);
    c.accent = selected ? c.text : p.color(cg, QPalette::Highlight);
    // A failure mark: the text colour leaning to red, readable on light and dark bases.
    c.warning =
        selected ? c.text : blend(p.color(cg, QPalette::Text), QColor(0xd0, 0x30, 0x30), 0.8);
    c.panel = p.color(cg, QPalette::AlternateBase);
    if (c.panel == p.color(cg, QPalette::Base))
        c.panel = blend(p.color(cg, QPalette::Base), p.color(cg, QPalette::Text), 0.05);
    c.line = blend(p.color(cg, QPalette::Base), p.color(cg, QPalette::Text), 0.12);
    return c;
}
} // namespace

void CommentDelegate::paintAvatar(QPainter *painter, const QRect &rect,
                                  const QModelIndex &index) const
{
    const QString url = index.data(CommentTreeModel::AvatarUrlRole).toString();
    const qreal dpr = painter->device() ? painter->device()->devicePixelRatioF() : 1.0;
    const int px = int(std::ceil(rect.width() * dpr));
    if (m_images && !url.isEmpty() &&
        m_images->load(url, QSize(px, px)) == core::ImageCache::State::Ready) {
        const QString key = QStringLiteral("threadline/avatar/%1/%2").arg(px).arg(url);
        QPixmap pm;
        if (!QPixmapCache::find(key, &pm)) {
            const QImage img = m_images->image(url, QSize(px, px));
            if (!img.isNull()) {
                const QImage scaled =
                    img.scaled(px, px, Qt::KeepAspectRatioByExpanding, Qt::SmoothTransformation);
                pm = QPixmap(px, px);
                pm.fill(Qt::transparent);
                QPainter p(&pm);
                p.setRenderHint(QPainter::Antialiasing);
                QPainterPath clip;
                clip.addEllipse(QRectF(0, 0, px, px));
                p.setClipPath(clip);
                p.drawImage(QPoint((px - scaled.width()) / 2, (px - scaled.height()) / 2), scaled);
                p.end();
                pm.setDevicePixelRatio(dpr);
                QPixmapCache::insert(key, pm);
            }
        }
        if (!pm.isNull()) {
            painter->drawPixmap(rect.topLeft(), pm);
            return;
        }
    }
    // Not here (yet): a circle in a colour of the author's with the name's first character.
    const qint64 uid = index.data(CommentTreeModel::AuthorIdRole).toLongLong();
    const QColor fill = QColor::fromHsv(int((quint64(uid) * 47) % 360), 70, 200);
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(Qt::NoPen);
    painter->setBrush(fill);
    painter->drawEllipse(rect);
    QFont f = painter->font();
    f.setPixelSize(std::max(8, rect.height() * 9 / 20));
    f.setBold(true);
    f.setStrikeOut(false);
    painter->setFont(f);
    painter->setPen(Qt::white);
    painter->drawText(rect, Qt::AlignCenter,
                      firstCharacter(index.data(CommentTreeModel::AuthorNameRole).toString()));
}

void CommentDelegate::paintComment(QPainter *painter, const QStyleOptionViewItem &opt,
                                   const QModelIndex &index, const Geometry &g) const
{
    const Colours c = coloursFor(opt);
    const bool selected = opt.state & QStyle::State_Selected;
    const bool hidden = index.data(CommentTreeModel::HiddenRole).toBool();

    if (g.reply && !selected)
        painter->fillRect(g.panel, c.panel);
    if (!g.reply && index.row() > 0) { // a hairline between floors
        painter->setPen(c.line);
        painter->drawLine(opt.rect.left() + kMargin, opt.rect.top(),
                          opt.rect.right() - kRightMargin, opt.rect.top());
    }

    painter->save();
    if (hidden)
        painter->setOpacity(0.55);
    paintAvatar(painter, g.avatar, index);
    painter->restore();

    // the name, the floor mark
    painter->setFont(g.labelFont);
    painter->setPen(c.name);
    const QString label = index.data(CommentTreeModel::LabelRole).toString();
    painter->drawText(g.label, Qt::AlignLeft | Qt::AlignVCenter,
                      QFontMetrics(g.labelFont).elidedText(label, Qt::ElideRight, g.label.width()));
    if (!g.floorMark.isNull()) {
        painter->setFont(g.metaFont);
        painter->setPen(c.muted);
        painter->drawText(g.floorMark, Qt::AlignRight | Qt::AlignVCenter, floorText(index));
    }

    // the content (plain text, wrapped, its links in the link colour; a hidden one muted and
    // struck through)
    painter->setPen(hidden ? c.muted : c.text);
    g.text->layout.draw(painter, g.content.topLeft(),
                        linkFormats(g.text->links.ranges, hidden ? c.muted : c.link));

    // the last line: time · N replies · marks …… 赞 N  踩 N
    painter->setFont(g.metaFont);
    const QFontMetrics metaFm(g.metaFont);
    if (!g.moderation.isNull()) { // above it, for moderators: who hid it and why
        const QString reason = index.data(CommentTreeModel::ModerationReasonRole).toString();
        painter->setPen(c.warning);
        painter->drawText(g.moderation, Qt::AlignLeft | Qt::AlignVCenter,
                          metaFm.elidedText(reason.isEmpty()
                                                ? tr("Hidden by a moderator")
                                                : tr("Hidden by a moderator: %1").arg(reason),
                                            Qt::ElideRight, g.moderation.width()));
    }
    int x = g.meta.left();
    const int limit = g.meta.right() + 1;
    const QString sep = QStringLiteral(" · ");
    const auto piece = [&](const QString &text, const QColor &colour) {
        if (text.isEmpty() || x >= limit)
            return;
        const QString shown =
            x == g.meta.left() ? text : sep + text; // separated from what precedes it
        const QString elided = metaFm.elidedText(shown, Qt::ElideRight, limit - x);
        painter->setPen(colour);
        painter->drawText(QRect(x, g.meta.top(), limit - x, g.meta.height()),
                          Qt::AlignLeft | Qt::AlignVCenter, elided);
        x += metaFm.horizontalAdvance(elided);
    };
    piece(index.data(CommentTreeModel::RelativeTimeRole).toString(), c.muted);
    const qint64 replies = index.data(CommentTreeModel::ReplyCountRole).toLongLong();
    if (replies > 0)
        piece(tr("%n reply(s)", nullptr, int(std::min<qint64>(replies, INT_MAX))), c.muted);
    switch (core::PostStore::Pending(index.data(CommentTreeModel::PendingRole).toInt())) {
    case core::PostStore::Pending::Sending:
        piece(tr("Sending…"), c.muted);
        break;
    case core::PostStore::Pending::Failed:
        piece(tr("Not sent"), c.warning);
        break;
    case core::PostStore::Pending::None:
        break;
    }

    // the toggles: highlighted (accent, bold) when they are mine
    const auto toggle = [&](const QRect &r, const QString &text, bool on) {
        QFont f = g.metaFont;
        f.setBold(on);
        painter->setFont(f);
        painter->setPen(on ? c.accent : c.muted);
        painter->drawText(r.adjusted(-kHitSlop, 0, kHitSlop, 0), Qt::AlignCenter, text);
    };
    toggle(g.like, g.likeText, index.data(CommentTreeModel::LikedRole).toBool());
    toggle(g.oppose, g.opposeText, index.data(CommentTreeModel::OpposedRole).toBool());
}

void CommentDelegate::paintMoreReplies(QPainter *painter, const QStyleOptionViewItem &opt,
                                       const QModelIndex &index, const Geometry &g) const
{
    const Colours c = coloursFor(opt);
    if (!(opt.state & QStyle::State_Selected))
        painter->fillRect(g.panel, c.panel);
    painter->setFont(opt.font);
    painter->setPen(index.data(CommentTreeModel::LoadingRole).toBool() ? c.muted : c.link);
    const QString text = index.data(Qt::DisplayRole).toString();
    painter->drawText(g.button, Qt::AlignLeft | Qt::AlignVCenter,
                      opt.fontMetrics.elidedText(text, Qt::ElideRight, g.button.width()));
}

void CommentDelegate::paintMoreFloors(QPainter *painter, const QStyleOptionViewItem &opt,
                                      const QModelIndex &index, const Geometry &g) const
{
    const Colours c = coloursFor(opt);
    const bool loading = index.data(CommentTreeModel::LoadingRole).toBool();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(c.line);
    painter->setBrush(opt.palette.color(QPalette::Button));
    painter->drawRoundedRect(QRectF(g.button).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);
    painter->setFont(opt.font);
    painter->setPen(loading ? c.muted : opt.palette.color(QPalette::ButtonText));
    const QString text = index.data(Qt::DisplayRole).toString();
    painter->drawText(g.button, Qt::AlignCenter,
                      opt.fontMetrics.elidedText(text, Qt::ElideRight, g.button.width() - 16));
}

// --- hit testing ----------------------------------------------------------------------------

QRect CommentDelegate::areaRect(const QStyleOptionViewItem &option, const QModelIndex &index,
                                Area area) const
{
    if (!index.isValid())
        return {};
    const Geometry g = geometry(option, index, option.rect);
    switch (area) {
    case Area::Like:
        return g.kind == Kind::Comment ? g.like.adjusted(-kHitSlop, -kHitSlop, kHitSlop, kHitSlop)
                                       : QRect();
    case Area::Oppose:
        return g.kind == Kind::Comment ? g.oppose.adjusted(-kHitSlop, -kHitSlop, kHitSlop, kHitSlop)
                                       : QRect();
    case Area::Link:
        return g.kind == Kind::Comment && !g.text->links.isEmpty()
                   ? rangeRect(g.text->layout, g.text->links.ranges.first())
                         .translated(g.content.topLeft())
                   : QRect();
    case Area::Reply:
        return g.kind == Kind::Comment ? g.content.united(g.label) : QRect();
    case Area::More:
        return g.kind == Kind::Comment
                   ? QRect()
                   : QRect(option.rect.topLeft(), QSize(option.rect.width(), g.height));
    case Area::None:
        break;
    }
    return {};
}

CommentDelegate::Area CommentDelegate::hitTest(const QStyleOptionViewItem &option,
                                               const QModelIndex &index, const QPoint &pos) const
{
    if (!index.isValid() || !option.rect.contains(pos))
        return Area::None;
    for (Area a : {Area::Like, Area::Oppose})
        if (areaRect(option, index, a).contains(pos))
            return a;
    if (!linkAt(option, index, pos).isEmpty())
        return Area::Link;
    for (Area a : {Area::Reply, Area::More})
        if (areaRect(option, index, a).contains(pos))
            return a;
    return Area::None;
}

QUrl CommentDelegate::linkAt(const QStyleOptionViewItem &option, const QModelIndex &index,
                             const QPoint &pos) const
{
    if (!index.isValid() || !option.rect.contains(pos))
        return {};
    const Geometry g = geometry(option, index, option.rect);
    if (g.kind != Kind::Comment || g.text->links.isEmpty() || !g.content.contains(pos))
        return {};
    const int i = rangeAt(g.text->layout, g.text->links.ranges, pos - g.content.topLeft());
    return i >= 0 ? g.text->links.urls.at(i) : QUrl();
}

QRect CommentDelegate::linkRect(const QStyleOptionViewItem &option, const QModelIndex &index,
                                int which) const
{
    if (!index.isValid())
        return {};
    const Geometry g = geometry(option, index, option.rect);
    if (g.kind != Kind::Comment || which < 0 || which >= g.text->links.ranges.size())
        return {};
    const QRect r = rangeRect(g.text->layout, g.text->links.ranges.at(which));
    return r.isNull() ? QRect() : r.translated(g.content.topLeft());
}

int CommentDelegate::linkCount(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    if (!index.isValid())
        return 0;
    const Geometry g = geometry(option, index, option.rect);
    return g.kind == Kind::Comment ? int(g.text->links.ranges.size()) : 0;
}

bool CommentDelegate::editorEvent(QEvent *event, QAbstractItemModel *model,
                                  const QStyleOptionViewItem &option, const QModelIndex &index)
{
    if (event->type() != QEvent::MouseButtonRelease)
        return QStyledItemDelegate::editorEvent(event, model, option, index);
    const auto *me = static_cast<QMouseEvent *>(event);
    if (me->button() != Qt::LeftButton)
        return false;
    const qint64 id = index.data(CommentTreeModel::IdRole).toLongLong();
    switch (hitTest(option, index, me->position().toPoint())) {
    case Area::Like:
        Q_EMIT voteClicked(id, 1);
        return true;
    case Area::Oppose:
        Q_EMIT voteClicked(id, -1);
        return true;
    case Area::Link:
        Q_EMIT linkClicked(linkAt(option, index, me->position().toPoint()));
        return true;
    case Area::Reply:
        Q_EMIT replyRequested(index);
        return true;
    case Area::More:
        Q_EMIT moreActivated(index);
        return true;
    case Area::None:
        break;
    }
    return false;
}

bool CommentDelegate::helpEvent(QHelpEvent *event, QAbstractItemView *view,
                                const QStyleOptionViewItem &option, const QModelIndex &index)
{
    if (event->type() == QEvent::ToolTip && index.isValid()) {
        if (const QUrl url = linkAt(option, index, event->pos()); !url.isEmpty()) {
            QToolTip::showText(event->globalPos(), LinkActions::toolTip(url), view);
            return true;
        }
    }
    return QStyledItemDelegate::helpEvent(event, view, option, index);
}

} // namespace threadline::ui
