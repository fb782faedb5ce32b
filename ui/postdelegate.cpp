#include "postdelegate.h"

#include "paintutil.h"

#include "imagecache.h"
#include "poststore.h"
#include "timelinemodel.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QTextBoundaryFinder>
#include <QTextLayout>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace threadline::ui {

using models::TimelineModel;

namespace {

constexpr int kMargin = 12;     // left and right of the card
constexpr int kPad = 12;        // above and below the card's content
constexpr int kAvatar = 40;     // the avatar's side
constexpr int kColumnGap = 10;  // between the avatar and the column of everything else
constexpr int kGridGap = 4;     // between pictures
constexpr int kTileMax = 112;   // a picture of a grid at most
constexpr int kSingleMax = 280; // a single picture's width at most
constexpr int kIcon = 16;       // the like and comment icons
constexpr int kPanelPad = 8;    // inside the light panel
constexpr qreal kLineSpacing = 2.0;

// The like accent: a heart reads as red on every palette.
QColor likeAccent(const QPalette &palette)
{
    const QColor red(0xe0, 0x3e, 0x52);
    return palette.color(QPalette::Base).lightness() < 128 ? red.lighter(125) : red;
}

// Names in the panel: the highlight toned towards the text, calmer than a link's blue.
QColor nameColor(const QPalette &palette)
{
    return blend(palette.color(QPalette::Highlight), palette.color(QPalette::Text), 0.3);
}

QColor errorColor(const QPalette &palette)
{
    const QColor red(0xc6, 0x28, 0x28);
    return palette.color(QPalette::Base).lightness() < 128 ? red.lighter(150) : red;
}

QFont smallFont(QFont font)
{
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * 0.88);
    else if (font.pixelSize() > 0)
        font.setPixelSize(std::max(8, int(std::lround(font.pixelSize() * 0.88))));
    return font;
}

// Plain text with its line breaks as the layout understands them.
QString layoutText(QString text)
{
    text.replace(QLatin1String("\r\n"), QLatin1String("\n"));
    text.replace(QLatin1Char('\n'), QChar::LineSeparator);
    return text;
}

// The height wrapped() would give, guessed from the characters' classes without shaping them:
// a wide character (CJK, emoji) is about one em, another about the font's average width. Shaping
// is what costs (colour emoji fonts decode a PNG per glyph in Qt 6.4): rows that are not painted
// yet are measured this way, and corrected when they are (PostDelegate::paint).
qreal estimatedHeight(const QString &text, const QFont &font, int width, int maxLines)
{
    const QFontMetricsF fm(font);
    const qreal wide = fm.height() * 0.85, narrow = fm.averageCharWidth();
    int lines = 0;
    qreal x = 0;
    const auto endLine = [&] {
        lines += std::max(1, int(std::ceil(x / std::max(1, width))));
        x = 0;
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('\n') || c == QChar::LineSeparator) {
            endLine();
            continue;
        }
        if (c.isLowSurrogate())
            continue; // counted with its high half
        x += c.isHighSurrogate() || c.unicode() >= 0x1100 ? wide : narrow;
    }
    endLine();
    if (maxLines > 0)
        lines = std::min(lines, maxLines);
    return std::max<qreal>(0, lines * (fm.height() + kLineSpacing) - kLineSpacing);
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

QPainterPath heartPath(const QRectF &r)
{
    const qreal x = r.left(), y = r.top(), w = r.width(), h = r.height();
    const qreal cx = x + w / 2;
    QPainterPath p;
    p.moveTo(cx, y + h * 0.28);
    p.cubicTo(cx - w * 0.05, y + h * 0.02, x, y + h * 0.02, x, y + h * 0.32);
    p.cubicTo(x, y + h * 0.62, cx - w * 0.1, y + h * 0.78, cx, y + h * 0.95);
    p.cubicTo(cx + w * 0.1, y + h * 0.78, x + w, y + h * 0.62, x + w, y + h * 0.32);
    p.cubicTo(x + w, y + h * 0.02, cx + w * 0.05, y + h * 0.02, cx, y + h * 0.28);
    p.closeSubpath();
    return p;
}

QPainterPath bubblePath(const QRectF &r)
{
    const QRectF body(r.left() + 0.5, r.top() + 1.5, r.width() - 1, r.height() * 0.68);
    QPainterPath p;
    p.addRoundedRect(body, 3, 3);
    QPainterPath tail;
    tail.moveTo(body.left() + body.width() * 0.25, body.bottom() - 0.5);
    tail.lineTo(body.left() + body.width() * 0.22, r.bottom() - 0.5);
    tail.lineTo(body.left() + body.width() * 0.5, body.bottom() - 0.5);
    tail.closeSubpath();
    return p.united(tail);
}

qint64 postIdOf(const QModelIndex &index)
{
    return index.data(TimelineModel::IdRole).toLongLong();
}

} // namespace

PostDelegate::PostDelegate(core::ImageCache *images, QObject *parent)
    : QStyledItemDelegate(parent)
    , m_images(images)
    , m_scaled(16 * 1024)
{
    if (m_images) {
        connect(m_images, &core::ImageCache::imageReady, this, &PostDelegate::onImageArrived);
        connect(m_images, &core::ImageCache::imageFailed, this, &PostDelegate::onImageArrived);
    }
}

PostDelegate::~PostDelegate() = default;

void PostDelegate::setView(QAbstractItemView *view)
{
    m_view = view;
}

void PostDelegate::onImageArrived()
{
    if (m_view)
        m_view->viewport()->update();
}

void PostDelegate::invalidate(qint64 postId)
{
    m_layouts.remove(postId);
    m_estimates.remove(postId);
}

void PostDelegate::invalidateAll()
{
    m_layouts.clear();
    m_estimates.clear();
}

std::optional<int> PostDelegate::cachedHeight(qint64 postId) const
{
    const auto it = m_layouts.constFind(postId);
    if (it == m_layouts.cend())
        return std::nullopt;
    return it->height;
}

int PostDelegate::widthFor(const QStyleOptionViewItem &option) const
{
    if (option.rect.width() > 0)
        return option.rect.width();
    if (m_view)
        return m_view->viewport()->width();
    return 400;
}

const PostDelegate::CardLayout &PostDelegate::layoutFor(const QStyleOptionViewItem &option,
                                                        const QModelIndex &index) const
{
    const int width = widthFor(option);
    const qint64 id = postIdOf(index);
    auto it = m_layouts.find(id);
    if (it != m_layouts.end() && it->width == width && it->font == option.font)
        return *it;
    it = m_layouts.insert(id, computeLayout(width, option.font, index, false));
    return *it;
}

PostDelegate::CardLayout PostDelegate::computeLayout(int width, const QFont &font,
                                                     const QModelIndex &index, bool estimate) const
{
    CardLayout l;
    l.width = width;
    l.font = font;
    l.estimated = estimate;
    const QFont bold = boldFont(font);
    const QFont small = smallFont(font);
    const QFontMetrics fm(font), bfm(bold), sfm(small);

    const int x0 = kMargin + kAvatar + kColumnGap;
    const int colW = std::max(1, width - x0 - kMargin);
    const int colRight = x0 + colW; // exclusive
    l.avatar = QRect(kMargin, kPad, kAvatar, kAvatar);

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
    const int nameW = std::max(0, right - x0);
    if (!estimate) {
        l.nameText = isolated(
            bfm.elidedText(sanitizedText(index.data(TimelineModel::AuthorNameRole).toString()),
                           Qt::ElideRight, nameW));
        l.name = QRect(x0, y, std::min(nameW, bfm.horizontalAdvance(l.nameText)), lineH);
    }
    l.meta = QRect(x0, y + lineH + 3, colW, sfm.height());
    y = std::max(l.avatar.bottom(), l.meta.bottom()) + 1 + 8;
    if (!l.hidden.isNull()) { // the moderators' line: who hid it, why
        l.moderation = QRect(x0, y, colW, sfm.height());
        y = l.moderation.bottom() + 1 + 8;
    }

    // --- the content ---
    const QString raw = index.data(TimelineModel::ContentRole).toString().trimmed();
    if (!raw.isEmpty()) {
        const QString content = shownText(raw);
        qreal h = 0;
        if (estimate)
            h = estimatedHeight(content, font, colW, 0);
        else
            l.contentLayout = wrapped(layoutText(content), font, colW, 0, &h);
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
            if (!estimate)
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
            auto layout =
                estimate ? std::shared_ptr<QTextLayout>() : wrapped(text, font, innerW, 2, &h);
            if (estimate)
                h = estimatedHeight(text, font, innerW, 2);
            l.comments.append(QRect(innerX, py, innerW, int(std::ceil(h))));
            l.commentLayouts.append(layout);
            l.commentNames.append(names);
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
    if (m_view) // a list view asks without a width: the card is as wide as the viewport
        opt.rect.setWidth(m_view->viewport()->width());
    const int width = widthFor(opt);
    const qint64 id = postIdOf(index);
    if (const auto it = m_layouts.constFind(id);
        it != m_layouts.cend() && it->width == width && it->font == opt.font)
        return {width, it->height}; // painted before: exact
    auto it = m_estimates.find(id);
    if (it == m_estimates.end() || it->width != width || it->font != opt.font)
        it = m_estimates.insert(id, computeLayout(width, opt.font, index, true));
    return {width, it->height};
}

QPixmap PostDelegate::scaled(const QString &url, QSize size, qreal dpr) const
{
    if (!m_images || url.isEmpty() || size.isEmpty())
        return {};
    const QString key = url + QLatin1Char('|') + QString::number(size.width()) + QLatin1Char('x') +
                        QString::number(size.height()) + QLatin1Char('@') + QString::number(dpr);
    if (const QPixmap *hit = m_scaled.object(key))
        return *hit;
    const QSize pixels = size * dpr;
    const QImage image = m_images->image(url, pixels);
    if (image.isNull())
        return {};
    QImage fit = image.scaled(pixels, Qt::KeepAspectRatioByExpanding, Qt::SmoothTransformation);
    // crop to the middle: the tile is filled
    fit = fit.copy((fit.width() - pixels.width()) / 2, (fit.height() - pixels.height()) / 2,
                   pixels.width(), pixels.height());
    QPixmap pixmap = QPixmap::fromImage(fit);
    pixmap.setDevicePixelRatio(dpr);
    m_scaled.insert(key, new QPixmap(pixmap),
                    std::max<qsizetype>(1, qsizetype(pixels.width()) * pixels.height() * 4 / 1024));
    return pixmap;
}

void PostDelegate::paintAvatar(QPainter *painter, const QStyleOptionViewItem &option,
                               const QRect &rect, const QModelIndex &index) const
{
    const QString url = index.data(TimelineModel::AvatarUrlRole).toString();
    QPainterPath clip;
    clip.addRoundedRect(QRectF(rect), 6, 6);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setClipPath(clip, Qt::IntersectClip);
    QPixmap pixmap;
    const qreal dpr = painter->device()->devicePixelRatioF();
    if (m_images && !url.isEmpty() &&
        m_images->load(url, rect.size() * dpr) == core::ImageCache::State::Ready)
        pixmap = scaled(url, rect.size(), dpr);
    if (!pixmap.isNull()) {
        painter->drawPixmap(rect.topLeft(), pixmap);
    } else {
        const QPalette &pal = option.palette;
        painter->fillRect(rect, blend(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.14));
        QFont f = boldFont(option.font);
        f.setPixelSize(rect.height() * 9 / 20);
        painter->setFont(f);
        painter->setPen(pal.color(QPalette::PlaceholderText));
        painter->drawText(rect, Qt::AlignCenter,
                          firstCharacter(index.data(TimelineModel::AuthorNameRole).toString()));
    }
    painter->restore();
}

void PostDelegate::paintPicture(QPainter *painter, const QStyleOptionViewItem &option,
                                const QRect &rect, const QString &url, int extra) const
{
    const QPalette &pal = option.palette;
    const qreal dpr = painter->device()->devicePixelRatioF();
    const auto state =
        m_images ? m_images->load(url, rect.size() * dpr) : core::ImageCache::State::Loading;
    QPixmap pixmap;
    if (state == core::ImageCache::State::Ready)
        pixmap = scaled(url, rect.size(), dpr);
    painter->save();
    painter->setClipRect(rect, Qt::IntersectClip);
    const QColor placeholder = blend(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.08);
    if (!pixmap.isNull()) {
        painter->drawPixmap(rect.topLeft(), pixmap);
    } else {
        painter->fillRect(rect, placeholder);
        QString mark;
        if (state == core::ImageCache::State::Blocked)
            mark = tr("Click to load");
        else if (state == core::ImageCache::State::Failed)
            mark = tr("Not loaded");
        if (!mark.isEmpty() && extra == 0) {
            const QFont small = smallFont(option.font);
            painter->setFont(small);
            painter->setPen(pal.color(QPalette::PlaceholderText));
            const QRect inner = rect.adjusted(4, 4, -4, -4);
            painter->drawText(inner, Qt::AlignCenter,
                              QFontMetrics(small).elidedText(mark, Qt::ElideRight, inner.width()));
        }
        if (state == core::ImageCache::State::Blocked) {
            QPen dashed(pal.color(QPalette::Mid), 1, Qt::DashLine);
            painter->setPen(dashed);
            painter->drawRect(rect.adjusted(0, 0, -1, -1));
        }
    }
    if (extra > 0) { // the pictures beyond 9: "+N" over the last tile
        painter->fillRect(rect, QColor(0, 0, 0, 110));
        QFont f = boldFont(option.font);
        f.setPixelSize(std::max(10, std::min(rect.height() / 4, 26)));
        painter->setFont(f);
        painter->setPen(Qt::white);
        painter->drawText(rect, Qt::AlignCenter, tr("+%1").arg(extra));
    }
    painter->restore();
}

void PostDelegate::paintActions(QPainter *painter, const QStyleOptionViewItem &option,
                                const CardLayout &l, const QModelIndex &index) const
{
    const QPalette &pal = option.palette;
    const QColor muted = pal.color(QPalette::PlaceholderText);
    const bool liked = index.data(TimelineModel::LikedRole).toBool();
    const QColor likeColor = liked ? likeAccent(pal) : muted;
    painter->setFont(option.font);
    const auto iconRect = [](const QRect &button) {
        return QRectF(button.left() + 6, button.top() + (button.height() - kIcon) / 2.0, kIcon,
                      kIcon);
    };
    const auto textRect = [](const QRect &button) {
        return button.adjusted(6 + kIcon + 5, 0, 0, 0);
    };

    painter->setRenderHint(QPainter::Antialiasing);
    const QPainterPath heart = heartPath(iconRect(l.like).adjusted(1, 1.5, -1, -0.5));
    if (liked)
        painter->fillPath(heart, likeColor);
    else
        painter->strokePath(heart, QPen(likeColor, 1.4));
    painter->setPen(likeColor);
    painter->drawText(textRect(l.like), Qt::AlignLeft | Qt::AlignVCenter,
                      index.data(TimelineModel::LikeTextRole).toString());

    painter->strokePath(bubblePath(iconRect(l.comment).adjusted(1, 1, -1, -1)), QPen(muted, 1.4));
    painter->setPen(muted);
    const QRect commentText = textRect(l.comment);
    painter->drawText(
        commentText, Qt::AlignLeft | Qt::AlignVCenter,
        option.fontMetrics.elidedText(index.data(TimelineModel::CommentTextRole).toString(),
                                      Qt::ElideRight, std::max(0, commentText.width())));
    painter->setRenderHint(QPainter::Antialiasing, false);
}

void PostDelegate::paintPanel(QPainter *painter, const QStyleOptionViewItem &option,
                              const CardLayout &l) const
{
    if (l.panel.isNull())
        return;
    const QPalette &pal = option.palette;
    const QColor text = pal.color(QPalette::Text);
    const QColor link = nameColor(pal);
    painter->setRenderHint(QPainter::Antialiasing);
    QPainterPath panel;
    panel.addRoundedRect(QRectF(l.panel), 4, 4);
    painter->fillPath(panel, blend(pal.color(QPalette::Base), text, 0.045));
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->setFont(option.font);

    if (!l.likers.isNull()) {
        const QRectF icon(l.likers.left(), l.likers.top() + (l.likers.height() - 13) / 2.0, 14, 13);
        painter->setRenderHint(QPainter::Antialiasing);
        painter->fillPath(heartPath(icon.adjusted(0.5, 0.5, -0.5, 0)), link);
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->setPen(link);
        painter->drawText(l.likers.adjusted(kIcon + 6, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                          l.likersText);
        if (!l.comments.isEmpty()) {
            const int y = l.likers.bottom() + 5;
            painter->setPen(blend(pal.color(QPalette::Base), text, 0.12));
            painter->drawLine(l.panel.left(), y, l.panel.right(), y);
        }
    }
    painter->setPen(text);
    for (qsizetype i = 0; i < l.comments.size(); ++i) {
        const QTextLayout *layout = l.commentLayouts.at(i).get();
        QList<QTextLayout::FormatRange> names;
        const int length = int(layout->text().size());
        for (const auto &[start, size] : l.commentNames.at(i)) {
            if (start >= length)
                continue;
            QTextLayout::FormatRange range;
            range.start = start;
            range.length = std::min(size, length - start);
            range.format.setForeground(link);
            names.append(range);
        }
        layout->draw(painter, l.comments.at(i).topLeft(), names);
    }
}

void PostDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                         const QModelIndex &index) const
{
    if (!index.isValid())
        return;
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    // The style draws background and selection: a tint of the highlight, so that the card's
    // text keeps its colours; the card draws its own text.
    for (auto group : {QPalette::Active, QPalette::Inactive, QPalette::Disabled})
        opt.palette.setColor(group, QPalette::Highlight,
                             blend(opt.palette.color(group, QPalette::Base),
                                   opt.palette.color(group, QPalette::Highlight), 0.16));
    opt.text.clear();
    opt.icon = QIcon();
    opt.features &= ~(QStyleOptionViewItem::HasDisplay | QStyleOptionViewItem::HasDecoration);
    const QWidget *widget = opt.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();

    painter->save();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
    opt.palette = option.palette; // the card itself in the untinted colours

    const CardLayout &l = layoutFor(option, index);
    // The row was measured by an estimate: now that it is laid out for real, the view is told
    // when the height differs (after this paint; the rows below move, the ones above do not).
    if (const auto est = m_estimates.constFind(postIdOf(index)); est != m_estimates.cend()) {
        const bool differs = est->height != l.height;
        m_estimates.erase(est);
        if (differs)
            QMetaObject::invokeMethod(
                const_cast<PostDelegate *>(this),
                [self = const_cast<PostDelegate *>(this), i = QPersistentModelIndex(index)] {
                    if (i.isValid())
                        Q_EMIT self->sizeHintChanged(i);
                },
                Qt::QueuedConnection);
    }
    const QPalette &pal = opt.palette;
    const QColor text = pal.color(QPalette::Text);
    const QColor muted = pal.color(QPalette::PlaceholderText);
    painter->translate(opt.rect.topLeft());
    painter->setClipRect(QRect(0, 0, opt.rect.width(), opt.rect.height()));

    paintAvatar(painter, opt, l.avatar, index);

    const QFont bold = boldFont(opt.font);
    painter->setFont(bold);
    painter->setPen(text);
    painter->drawText(l.name, Qt::AlignLeft | Qt::AlignVCenter, l.nameText);

    const QFont small = smallFont(opt.font);
    painter->setFont(small);
    QString meta = index.data(TimelineModel::RelativeTimeRole).toString();
    const QString device = index.data(TimelineModel::DeviceRole).toString();
    if (!device.isEmpty())
        meta = meta.isEmpty() ? device : tr("%1 · %2").arg(meta, device);
    painter->setPen(muted);
    painter->drawText(l.meta, Qt::AlignLeft | Qt::AlignVCenter,
                      QFontMetrics(small).elidedText(meta, Qt::ElideRight, l.meta.width()));
    if (!l.pending.isNull()) {
        const bool failed =
            core::PostStore::Pending(index.data(TimelineModel::PendingRole).toInt()) ==
            core::PostStore::Pending::Failed;
        painter->setPen(failed ? errorColor(pal) : muted);
        painter->drawText(
            l.pending, Qt::AlignRight | Qt::AlignVCenter,
            QFontMetrics(small).elidedText(l.pendingText, Qt::ElideRight, l.pending.width()));
    }
    if (!l.hidden.isNull()) {
        painter->setRenderHint(QPainter::Antialiasing);
        QPainterPath badge;
        badge.addRoundedRect(QRectF(l.hidden).adjusted(0.5, 0.5, -0.5, -0.5), 3, 3);
        const QColor warn = errorColor(pal);
        painter->fillPath(badge, blend(pal.color(QPalette::Base), warn, 0.10));
        painter->setPen(QPen(blend(pal.color(QPalette::Base), warn, 0.6), 1));
        painter->drawPath(badge);
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->setPen(warn);
        painter->drawText(
            l.hidden, Qt::AlignCenter,
            QFontMetrics(small).elidedText(tr("Hidden"), Qt::ElideRight, l.hidden.width() - 4));
    }

    if (!l.moderation.isNull()) {
        const QString reason = index.data(TimelineModel::ModerationReasonRole).toString();
        const QString line = reason.isEmpty() ? tr("Hidden by a moderator")
                                              : tr("Hidden by a moderator: %1").arg(reason);
        painter->setFont(small);
        painter->setPen(errorColor(pal));
        painter->drawText(
            l.moderation, Qt::AlignLeft | Qt::AlignVCenter,
            QFontMetrics(small).elidedText(line, Qt::ElideRight, l.moderation.width()));
    }

    if (l.contentLayout) {
        painter->setFont(opt.font);
        painter->setPen(l.hidden.isNull() ? text : muted); // hidden: greyed for the moderator
        l.contentLayout->draw(painter, l.content.topLeft());
    }

    const QStringList pictures = index.data(TimelineModel::PictureUrlsRole).toStringList();
    for (qsizetype i = 0; i < l.pictures.size() && i < pictures.size(); ++i)
        paintPicture(painter, opt, l.pictures.at(i), pictures.at(i),
                     i == l.pictures.size() - 1 ? l.extraPictures : 0);

    paintActions(painter, opt, l, index);
    paintPanel(painter, opt, l);

    // a hairline between cards
    painter->setPen(blend(pal.color(QPalette::Base), text, 0.10));
    painter->drawLine(kMargin, opt.rect.height() - 1, opt.rect.width() - kMargin - 1,
                      opt.rect.height() - 1);
    painter->restore();
}

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
