#include "moderationview.h"

#include "paintutil.h"

#include "messagebar.h"

#include "apiclient.h"
#include "moderationcontext.h"
#include "outbox.h"
#include "timeticker.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QCache>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QResizeEvent>
#include <QScrollBar>
#include <QShortcut>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTabBar>
#include <QTextLayout>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <climits>
#include <cmath>

namespace threadline::ui {

using models::ModerationLogFeed;
using models::ModerationLogModel;
using models::ModerationQueueFeed;
using models::ModerationQueueModel;
using QM = models::ModerationQueueModel;
using Pending = models::ModerationQueueModel::Pending;

namespace {

constexpr int kOuter = 6;        // around a card
constexpr int kPad = 10;         // inside a card
constexpr int kGap = 6;          // between pieces of one line
constexpr int kBlockGap = 4;     // between the blocks of a card
constexpr int kContentLines = 3; // the content, at most
constexpr int kReporters = 3;    // reporters listed, at most
constexpr int kBadgePadX = 6;
constexpr int kBadgePadY = 2;

// The model's own words (already in the catalogues), for what the card and the summary share.
QString modelText(const char *text, int n = -1)
{
    return QCoreApplication::translate("threadline::models::ModerationQueueModel", text, nullptr,
                                       n);
}

QColor mix(const QColor &a, const QColor &b, qreal t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t),
                            float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}

QFont smallerFont(const QFont &base)
{
    QFont f = base;
    if (base.pointSizeF() > 0)
        f.setPointSizeF(std::max(7.0, base.pointSizeF() * 0.88));
    else if (base.pixelSize() > 0)
        f.setPixelSize(std::max(9, int(base.pixelSize() * 0.88)));
    return f;
}

QFont boldFont(QFont f)
{
    f.setBold(true);
    return f;
}

// The width a single line of text needs, rounded up.
int advance(const QFont &font, const QString &text)
{
    return int(std::ceil(QFontMetricsF(font).horizontalAdvance(text))) + 1;
}

// Plain text wrapped to `width` in at most `maxLines` lines, the last one elided when the text
// goes on; line breaks kept.
QStringList wrappedLines(const QString &content, const QFont &font, int width, int maxLines)
{
    QStringList lines;
    QString text = content.trimmed();
    text.replace(QLatin1Char('\n'), QChar::LineSeparator);
    QTextLayout layout(text, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    const QFontMetrics fm(font);
    layout.beginLayout();
    for (int n = 0; n < maxLines; ++n) {
        QTextLine line = layout.createLine();
        if (!line.isValid())
            break;
        line.setLineWidth(width);
        QString part = text.mid(line.textStart(), line.textLength());
        if (n == maxLines - 1 && line.textStart() + line.textLength() < text.size()) {
            QString rest = text.mid(line.textStart());
            rest.replace(QChar::LineSeparator, QLatin1Char(' '));
            part = fm.elidedText(rest, Qt::ElideRight, width);
        }
        part.remove(QChar::LineSeparator);
        lines.append(part);
    }
    layout.endLayout();
    return lines;
}

struct Colours
{
    QColor text;
    QColor muted;
    QColor warning;
    QColor line;
    QColor hiddenFill;
    QColor hiddenText;
    QColor flagFill;
    QColor flagText;
};

Colours coloursFor(const QStyleOptionViewItem &opt)
{
    const QPalette &p = opt.palette;
    const QPalette::ColorGroup cg =
        (opt.state & QStyle::State_Enabled)
            ? ((opt.state & QStyle::State_Active) ? QPalette::Normal : QPalette::Inactive)
            : QPalette::Disabled;
    const bool selected = opt.state & QStyle::State_Selected;
    const bool dark = p.color(cg, QPalette::Base).lightness() < 128;
    Colours c;
    c.text = p.color(cg, selected ? QPalette::HighlightedText : QPalette::Text);
    const QColor base = p.color(cg, selected ? QPalette::Highlight : QPalette::Base);
    c.muted = mix(c.text, base, selected ? 0.25 : 0.45);
    const QColor red = dark ? QColor(0xef, 0x6b, 0x6b) : QColor(0xc6, 0x28, 0x28);
    c.warning = selected ? c.text : red;
    c.line = mix(p.color(cg, QPalette::Base), p.color(cg, QPalette::Text), 0.16);
    c.hiddenFill = mix(base, c.text, 0.12);
    c.hiddenText = c.text;
    const QColor amber = dark ? QColor(0xf0, 0xb0, 0x50) : QColor(0xb4, 0x5a, 0x00);
    c.flagFill = mix(base, amber, selected ? 0.3 : 0.16);
    c.flagText = selected ? c.text : amber;
    return c;
}

// The label of a time, aged by the ticker when there is one.
QString timeLabel(const models::RelativeTime &format, const models::TimeTicker *ticker,
                  qint64 createtime)
{
    if (createtime <= 0)
        return {};
    const qint64 now = ticker ? ticker->now() : QDateTime::currentMSecsSinceEpoch();
    return format.format(createtime, now);
}

// A list that says something when it has no rows (empty queue, a 403).
class PlaceholderList : public QListView
{
public:
    using QListView::QListView;

    void setPlaceholder(const QString &text)
    {
        if (m_placeholder == text)
            return;
        m_placeholder = text;
        viewport()->update();
    }
    [[nodiscard]] QString placeholder() const { return m_placeholder; }

protected:
    void paintEvent(QPaintEvent *event) override
    {
        QListView::paintEvent(event);
        if (m_placeholder.isEmpty() || !model() || model()->rowCount(rootIndex()) > 0)
            return;
        QPainter p(viewport());
        p.setPen(mix(palette().color(QPalette::Text), palette().color(QPalette::Base), 0.45));
        const QRect r = viewport()->rect().adjusted(24, 24, -24, -24);
        p.drawText(r, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, m_placeholder);
    }

private:
    QString m_placeholder;
};

} // namespace

// --- the queue card -------------------------------------------------------------------------

// Paints one ModerationQueueModel row as a card (see moderationview.h). The content's wrapped
// lines are cached per item, keyed by width, font and text; everything else is one line each.
class QueueCardDelegate : public QStyledItemDelegate
{
public:
    explicit QueueCardDelegate(QObject *parent)
        : QStyledItemDelegate(parent)
    {
        m_blocks.setMaxCost(2000);
    }

    void setTime(const models::RelativeTime &format, models::TimeTicker *ticker)
    {
        m_format = format;
        m_ticker = ticker;
    }

    // Forgets what changed, and tells the view the row's height may differ now.
    void watch(QAbstractItemModel *model)
    {
        connect(model, &QAbstractItemModel::dataChanged, this,
                [this](const QModelIndex &tl, const QModelIndex &br) {
                    if (!tl.isValid() || !br.isValid())
                        return;
                    for (int row = tl.row(); row <= br.row(); ++row) {
                        const QModelIndex i = tl.siblingAtRow(row);
                        m_blocks.remove(i.data(QM::IdRole).toLongLong());
                        Q_EMIT sizeHintChanged(i);
                    }
                });
        connect(model, &QAbstractItemModel::modelReset, this, [this] { m_blocks.clear(); });
    }

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override
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

    [[nodiscard]] QSize sizeHint(const QStyleOptionViewItem &option,
                                 const QModelIndex &index) const override
    {
        QStyleOptionViewItem opt(option);
        initStyleOption(&opt, index);
        const int width = rowWidth(opt);
        return {width, card(opt, index, width).height};
    }

    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                   const QModelIndex &index) override
    {
        if (event->type() == QEvent::ToolTip && index.isValid()) {
            // the whole text, where the card had to elide it
            QString tip = index.data(QM::TargetContentRole).toString();
            const QString message = index.data(QM::PendingMessageRole).toString();
            if (!message.isEmpty())
                tip += (tip.isEmpty() ? QString() : QStringLiteral("\n\n")) + message;
            if (!tip.isEmpty()) {
                QToolTip::showText(event->globalPos(), plainToolTip(tip.left(2000)), view,
                                   option.rect);
                return true;
            }
        }
        return QStyledItemDelegate::helpEvent(event, view, option, index);
    }

    // What a card shows at that width (see ModerationView::cardTexts).
    [[nodiscard]] QStringList texts(const QStyleOptionViewItem &option, const QModelIndex &index,
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
    // The content's lines at one width and font.
    struct Block
    {
        QString text;
        int width = 0;
        QString font;
        QStringList lines;
    };

    static int rowWidth(const QStyleOptionViewItem &opt)
    {
        if (opt.rect.width() > 0)
            return opt.rect.width();
        if (const auto *view = qobject_cast<const QAbstractItemView *>(opt.widget))
            return std::max(view->viewport()->width(), 200);
        return 480;
    }

    // Plain text in at most kContentLines lines, the last one elided.
    const QStringList &contentLines(qint64 id, const QString &content, const QFont &font,
                                    int width) const
    {
        const QString key = font.key();
        if (const Block *b = m_blocks.object(id))
            if (b->width == width && b->font == key && b->text == content)
                return b->lines;
        auto *b = new Block{content, width, key, wrappedLines(content, font, width, kContentLines)};
        m_blocks.insert(id, b, 1);
        return b->lines;
    }

    Card card(const QStyleOptionViewItem &opt, const QModelIndex &index, int rowWidth) const
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

        const bool post = index.data(QM::TargetTypeRole).toString() == QLatin1String("post");
        c.deleted = index.data(QM::TargetDeletedRole).toBool();
        const QString author = index.data(QM::TargetAuthorNameRole).toString();
        if (c.deleted || author.isEmpty())
            c.title = post ? ModerationView::tr("Post") : ModerationView::tr("Comment");
        else
            c.title = post ? ModerationView::tr("Post by %1").arg(author)
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
            c.content = {
                elide(contentFm, post ? modelText("Deleted post") : modelText("Deleted comment"))};
        } else {
            c.content =
                contentLines(index.data(QM::IdRole).toLongLong(),
                             index.data(QM::TargetContentRole).toString(), c.contentFont, c.width);
        }
        if (!c.content.isEmpty())
            y += int(c.content.size() - 1) * contentFm.lineSpacing() + contentFm.height();

        // a comment's post
        if (!post) {
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
                const QString text =
                    note.isEmpty() ? ModerationView::tr("%1 \u00b7 %2").arg(who, why)
                                   : ModerationView::tr("%1 \u00b7 %2: %3").arg(who, why, note);
                c.reporters.append(elide(metaFm, text));
            }
            if (reports.size() > kReporters)
                c.reporters.append(
                    elide(metaFm, ModerationView::tr("and %n more", nullptr,
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

    models::RelativeTime m_format;
    QPointer<models::TimeTicker> m_ticker;
    mutable QCache<qint64, Block> m_blocks; // by item id, valid for a width, font and text
};

// --- the log line ---------------------------------------------------------------------------

// One ModerationLogModel row: "管理员 hid post 42: spam" (elided; the whole in a tooltip) with
// its time on the right.
class LogLineDelegate : public QStyledItemDelegate
{
public:
    explicit LogLineDelegate(QObject *parent)
        : QStyledItemDelegate(parent)
    {
    }

    void setTime(const models::RelativeTime &format, models::TimeTicker *ticker)
    {
        m_format = format;
        m_ticker = ticker;
    }

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override
    {
        QStyleOptionViewItem opt(option);
        initStyleOption(&opt, index);
        opt.text.clear();
        const QWidget *widget = opt.widget;
        QStyle *style = widget ? widget->style() : QApplication::style();
        painter->save();
        style->drawPrimitive(QStyle::PE_PanelItemViewItem, &opt, painter, widget);
        const Colours col = coloursFor(opt);
        const QRect r = opt.rect.adjusted(kPad, 0, -kPad, 0);
        const QFont meta = smallerFont(opt.font);
        const QString time = timeLabel(
            m_format, m_ticker, index.data(ModerationLogModel::CreatedTimeRole).toLongLong());
        const int timeW = time.isEmpty() ? 0 : advance(meta, time);
        if (!time.isEmpty()) {
            painter->setFont(meta);
            painter->setPen(col.muted);
            painter->drawText(QRect(r.right() + 1 - timeW, r.top(), timeW, r.height()),
                              Qt::AlignRight | Qt::AlignVCenter, time);
        }
        const int textW = std::max(r.width() - (timeW > 0 ? timeW + 2 * kGap : 0), 0);
        painter->setFont(opt.font);
        painter->setPen(col.text);
        const QString text = index.data(Qt::DisplayRole).toString().simplified();
        painter->drawText(QRect(r.left(), r.top(), textW, r.height()),
                          Qt::AlignLeft | Qt::AlignVCenter,
                          QFontMetrics(opt.font).elidedText(text, Qt::ElideRight, textW));
        painter->setPen(col.line);
        painter->drawLine(opt.rect.left() + kPad, opt.rect.bottom(), opt.rect.right() - kPad,
                          opt.rect.bottom());
        painter->restore();
    }

    [[nodiscard]] QSize sizeHint(const QStyleOptionViewItem &option,
                                 const QModelIndex &index) const override
    {
        QStyleOptionViewItem opt(option);
        initStyleOption(&opt, index);
        return {200, QFontMetrics(opt.font).height() + 14};
    }

    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                   const QModelIndex &index) override
    {
        if (event->type() == QEvent::ToolTip && index.isValid()) {
            QToolTip::showText(event->globalPos(),
                               plainToolTip(index.data(Qt::DisplayRole).toString()), view,
                               option.rect);
            return true;
        }
        return QStyledItemDelegate::helpEvent(event, view, option, index);
    }

private:
    models::RelativeTime m_format;
    QPointer<models::TimeTicker> m_ticker;
};

// --- the context pane -----------------------------------------------------------------------

// Paints what a ModerationContext holds (see moderationview.h, "context"): a heading, the post,
// then the floor (or a post's first comments) one "author: text" line each, the reported one
// bold on a tinted band with a "Reported" mark. Laid out again only when the context changes or
// the width does; a click retries a failed load.
class ContextPane : public QWidget
{
public:
    ContextPane(models::ModerationContext *context, QWidget *parent)
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

    [[nodiscard]] QSize sizeHint() const override { return {460, 400}; }

    // What is painted at the current width, line by line (badges as lines of their own; the
    // lines a text was wrapped into joined again).
    [[nodiscard]] QStringList texts() const
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

protected:
    void paintEvent(QPaintEvent *) override
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

    void mouseReleaseEvent(QMouseEvent *event) override
    {
        if (m_context->state() == models::ModerationContext::State::Failed)
            m_context->reload();
        QWidget::mouseReleaseEvent(event);
    }

    void changeEvent(QEvent *event) override
    {
        if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange ||
            event->type() == QEvent::PaletteChange)
            m_laidOutWidth = -1;
        QWidget::changeEvent(event);
    }

private:
    enum class Tone { Text, Muted, Warning, Accent };
    struct Piece
    {
        enum Kind { Text, Badge, Band, Rule } kind = Text;
        QRect rect;
        QString text;
        QFont font;
        Tone tone = Tone::Text;
        int group = 0; // the lines of one wrapped text share a number
    };
    struct Palette
    {
        QColor text, muted, warning, line, band, accent, onAccent, hiddenFill;
    };

    [[nodiscard]] Palette colours() const
    {
        const QPalette &p = palette();
        const bool dark = p.color(QPalette::Base).lightness() < 128;
        Palette c;
        c.text = p.color(QPalette::Text);
        c.muted = mix(c.text, p.color(QPalette::Base), 0.45);
        c.warning = dark ? QColor(0xef, 0x6b, 0x6b) : QColor(0xc6, 0x28, 0x28);
        c.line = mix(p.color(QPalette::Base), c.text, 0.16);
        // the reported line: a warm band, its accent the queue's warning red
        c.accent = c.warning;
        c.onAccent = QColor(Qt::white);
        c.band = mix(p.color(QPalette::Base), c.accent, dark ? 0.22 : 0.09);
        c.hiddenFill = mix(p.color(QPalette::Base), c.text, 0.10);
        return c;
    }

    // Lays the context out at the pane's width (cached until it changes).
    const QList<Piece> &pieces() const
    {
        const int w = width();
        if (w == m_laidOutWidth && font().key() == m_laidOutFont)
            return m_pieces;
        m_laidOutWidth = w;
        m_laidOutFont = font().key();
        m_pieces = layOut(w);
        return m_pieces;
    }

    [[nodiscard]] QList<Piece> layOut(int paneWidth) const
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
            out.append({Piece::Text, QRect(x, y, w, m.height()), m.elidedText(s, Qt::ElideRight, w),
                        f, tone});
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
            const QString line =
                withAuthor ? ModerationView::tr("%1: %2").arg(who, content) : content;
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
                out.insert(bandAt,
                           Piece{Piece::Band, QRect(x, top, w, y - top), {}, {}, Tone::Text});
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
                const QStringList lines =
                    wrappedLines(sanitizedText(post->text, 600), base, width, 3);
                const int g = ++groups;
                for (const QString &line : lines) {
                    out.append({Piece::Text, QRect(left, y, width, fm.height()), line, base,
                                Tone::Muted, g});
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

    models::ModerationContext *m_context;
    mutable QList<Piece> m_pieces;
    mutable int m_laidOutWidth = -1;
    mutable QString m_laidOutFont;
};

// --- the view -------------------------------------------------------------------------------

ModerationView::ModerationView(core::ApiClient *api, core::Outbox *outbox, QWidget *parent)
    : QWidget(parent)
    , m_api(api)
    , m_outbox(outbox)
    , m_logModel(new ModerationLogModel(this))
    , m_logFeed(new ModerationLogFeed(api, m_logModel, this))
    , m_logLines(new LogLineDelegate(this))
    , m_context(new models::ModerationContext(api, this))
{
    m_open.model = new ModerationQueueModel(this);
    m_open.feed = new ModerationQueueFeed(api, outbox, m_open.model, this);
    m_closed.model = new ModerationQueueModel(this);
    m_closed.feed = new ModerationQueueFeed(api, outbox, m_closed.model, this);
    m_closed.feed->setStatus(core::QueueItem::Status::Closed);
    buildUi();
    setUpQueue(m_open);
    setUpQueue(m_closed);

    // the log
    m_logList->setItemDelegate(m_logLines);
    m_logList->setModel(m_logModel);
    connect(m_logFeed, &ModerationLogFeed::loadingChanged, this, &ModerationView::updateBusy);
    connect(m_logFeed, &ModerationLogFeed::loaded, this, [this](bool first) {
        m_logForbidden = false;
        if (first && currentTab() == Tab::Log)
            hideStatus();
        updateEmptyTexts();
    });
    connect(m_logFeed, &ModerationLogFeed::loadFailed, this,
            [this](const QString &message, const core::ApiError &error) {
                if (error.status == 403) {
                    m_logForbidden = true;
                    m_logModel->clear();
                }
                updateEmptyTexts();
                if (currentTab() == Tab::Log)
                    showStatus(loadFailedText(Tab::Log, message, error));
            });

    m_f5 = new QShortcut(QKeySequence(Qt::Key_F5), this);
    m_f5->setContext(Qt::WidgetWithChildrenShortcut);
    connect(m_f5, &QShortcut::activated, this, &ModerationView::refresh);
    auto *next = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Tab), this);
    next->setContext(Qt::WidgetWithChildrenShortcut);
    connect(next, &QShortcut::activated, this,
            [this] { m_tabs->setCurrentIndex((m_tabs->currentIndex() + 1) % m_tabs->count()); });
    auto *previous = new QShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab), this);
    previous->setContext(Qt::WidgetWithChildrenShortcut);
    connect(previous, &QShortcut::activated, this, [this] {
        m_tabs->setCurrentIndex((m_tabs->currentIndex() + m_tabs->count() - 1) % m_tabs->count());
    });

    retranslate();
    updateActions();
    updateBusy();
}

ModerationView::~ModerationView() = default;

void ModerationView::setRefreshKeyEnabled(bool enabled)
{
    m_f5->setEnabled(enabled);
}

void ModerationView::buildUi()
{
    auto *root = new QVBoxLayout(this);
    root->setContentsMargins(0, 0, 0, 0);
    root->setSpacing(0);

    // --- the tabs and Refresh ---
    auto *top = new QHBoxLayout;
    top->setContentsMargins(8, 6, 8, 0);
    m_tabs = new QTabBar(this);
    m_tabs->setObjectName(QStringLiteral("moderationTabs"));
    m_tabs->setDrawBase(false);
    m_tabs->setExpanding(false);
    m_tabs->setDocumentMode(true);
    for (int i = 0; i < 3; ++i)
        m_tabs->addTab(QString());
    top->addWidget(m_tabs);
    top->addStretch(1);
    m_refresh = new QToolButton(this);
    m_refresh->setObjectName(QStringLiteral("refreshModeration"));
    m_refresh->setAutoRaise(true);
    m_refresh->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    m_refresh->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    connect(m_refresh, &QToolButton::clicked, this, &ModerationView::refresh);
    top->addWidget(m_refresh);
    m_deviceNames = new QToolButton(this);
    m_deviceNames->setObjectName(QStringLiteral("deviceNames"));
    m_deviceNames->setAutoRaise(true);
    connect(m_deviceNames, &QToolButton::clicked, this, &ModerationView::deviceNamesRequested);
    top->addWidget(m_deviceNames);
    root->addLayout(top);

    auto *line = new QFrame(this);
    line->setFrameShape(QFrame::HLine);
    line->setFrameShadow(QFrame::Sunken);
    root->addWidget(line);

    // --- busy bar and status line ---
    m_busy = makeBusyBar(this);
    root->addWidget(m_busy);
    m_statusBar = new MessageBar(this);
    root->addWidget(m_statusBar);

    // --- the pages ---
    m_stack = new QStackedWidget(this);
    const auto queueList = [this](const QString &name) {
        auto *list = new PlaceholderList(this);
        list->setObjectName(name);
        list->setFrameShape(QFrame::NoFrame);
        list->setSelectionMode(QAbstractItemView::SingleSelection);
        list->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
        list->verticalScrollBar()->setSingleStep(24);
        list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        list->setResizeMode(QListView::Adjust);
        list->setUniformItemSizes(false);
        list->setWordWrap(true);
        list->installEventFilter(this);
        return list;
    };
    m_open.list = queueList(QStringLiteral("openQueue"));
    m_closed.list = queueList(QStringLiteral("closedQueue"));
    m_stack->addWidget(m_open.list);
    m_stack->addWidget(m_closed.list);

    auto *logPage = new QWidget(this);
    auto *ll = new QVBoxLayout(logPage);
    ll->setContentsMargins(0, 0, 0, 0);
    ll->setSpacing(0);
    auto *filters = new QHBoxLayout;
    filters->setContentsMargins(10, 6, 10, 6);
    filters->setSpacing(6);
    m_actionLabel = new QLabel(logPage);
    m_actionLabel->setTextFormat(Qt::PlainText);
    filters->addWidget(m_actionLabel);
    m_actionFilter = new QComboBox(logPage);
    m_actionFilter->setObjectName(QStringLiteral("logActionFilter"));
    m_actionFilter->addItem(QString(), -1);
    for (const auto a : {core::LogEntry::Action::Hide, core::LogEntry::Action::Unhide,
                         core::LogEntry::Action::Dismiss, core::LogEntry::Action::Delete,
                         core::LogEntry::Action::Device})
        m_actionFilter->addItem(QString(), int(a));
    m_actionLabel->setBuddy(m_actionFilter);
    filters->addWidget(m_actionFilter);
    m_moderatorFilter = new QLineEdit(logPage);
    m_moderatorFilter->setObjectName(QStringLiteral("logModeratorFilter"));
    m_moderatorFilter->setClearButtonEnabled(true);
    m_moderatorFilter->setValidator(new QRegularExpressionValidator(
        QRegularExpression(QStringLiteral("[0-9]{0,18}")), m_moderatorFilter));
    m_moderatorFilter->setMaximumWidth(180);
    filters->addWidget(m_moderatorFilter, 1);
    filters->addStretch(1);
    ll->addLayout(filters);
    auto *logLine = new QFrame(logPage);
    logLine->setFrameShape(QFrame::HLine);
    logLine->setFrameShadow(QFrame::Sunken);
    ll->addWidget(logLine);
    auto *logList = new PlaceholderList(logPage);
    m_logList = logList;
    m_logList->setObjectName(QStringLiteral("moderationLog"));
    m_logList->setFrameShape(QFrame::NoFrame);
    m_logList->setSelectionMode(QAbstractItemView::SingleSelection);
    m_logList->setUniformItemSizes(true);
    m_logList->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_logList->setResizeMode(QListView::Adjust);
    ll->addWidget(m_logList, 1);
    m_stack->addWidget(logPage);
    // the queue lists beside the selected item's context
    m_split = new QSplitter(Qt::Horizontal, this);
    m_split->setObjectName(QStringLiteral("moderationSplitter"));
    m_split->setChildrenCollapsible(false);
    m_split->addWidget(m_stack);
    m_contextPane = new ContextPane(m_context, m_split);
    m_split->addWidget(m_contextPane);
    m_split->setStretchFactor(0, 3);
    m_split->setStretchFactor(1, 2);
    root->addWidget(m_split, 1);
    connect(m_actionFilter, &QComboBox::currentIndexChanged, this,
            &ModerationView::applyLogFilters);
    connect(m_moderatorFilter, &QLineEdit::editingFinished, this, &ModerationView::applyLogFilters);

    // --- under the queue: the reason line and the actions ---
    m_queueTools = new QWidget(this);
    m_queueTools->setObjectName(QStringLiteral("queueTools"));
    auto *tl = new QVBoxLayout(m_queueTools);
    tl->setContentsMargins(8, 4, 8, 8);
    tl->setSpacing(4);
    auto *toolsLine = new QFrame(m_queueTools);
    toolsLine->setFrameShape(QFrame::HLine);
    toolsLine->setFrameShadow(QFrame::Sunken);
    tl->addWidget(toolsLine);
    m_reasonBar = new QFrame(m_queueTools);
    m_reasonBar->setObjectName(QStringLiteral("hideReasonBar"));
    auto *rl = new QHBoxLayout(m_reasonBar);
    rl->setContentsMargins(0, 0, 0, 0);
    rl->setSpacing(6);
    m_reasonLabel = new QLabel(m_reasonBar);
    m_reasonLabel->setTextFormat(Qt::PlainText);
    rl->addWidget(m_reasonLabel);
    m_reasonEdit = new QLineEdit(m_reasonBar);
    m_reasonEdit->setObjectName(QStringLiteral("hideReason"));
    m_reasonEdit->setMaxLength(500);
    m_reasonEdit->installEventFilter(this);
    m_reasonLabel->setBuddy(m_reasonEdit);
    rl->addWidget(m_reasonEdit, 1);
    m_reasonOk = new QPushButton(m_reasonBar);
    m_reasonOk->setObjectName(QStringLiteral("confirmHide"));
    m_reasonOk->setAutoDefault(false);
    rl->addWidget(m_reasonOk);
    m_reasonCancel = new QPushButton(m_reasonBar);
    m_reasonCancel->setObjectName(QStringLiteral("cancelHide"));
    m_reasonCancel->setAutoDefault(false);
    rl->addWidget(m_reasonCancel);
    m_reasonBar->setVisible(false);
    tl->addWidget(m_reasonBar);
    m_reasonNote = new QLabel(m_queueTools);
    m_reasonNote->setObjectName(QStringLiteral("reasonNote"));
    m_reasonNote->setTextFormat(Qt::PlainText);
    m_reasonNote->setWordWrap(true);
    m_reasonNote->setForegroundRole(QPalette::PlaceholderText);
    m_reasonNote->setVisible(false);
    tl->addWidget(m_reasonNote);
    connect(m_reasonEdit, &QLineEdit::textChanged, this, [this](const QString &text) {
        // only a hide needs a reason
        m_reasonOk->setEnabled(m_reasonAction != Action::Hide || !text.trimmed().isEmpty());
    });
    connect(m_reasonEdit, &QLineEdit::returnPressed, this, &ModerationView::confirmReason);
    connect(m_reasonOk, &QPushButton::clicked, this, &ModerationView::confirmReason);
    connect(m_reasonCancel, &QPushButton::clicked, this, &ModerationView::cancelReason);

    auto *buttons = new QHBoxLayout;
    buttons->setSpacing(6);
    const auto button = [this, buttons](const QString &name) {
        auto *b = new QPushButton(m_queueTools);
        b->setObjectName(name);
        b->setAutoDefault(false);
        b->setFocusPolicy(Qt::TabFocus);
        buttons->addWidget(b);
        return b;
    };
    m_hide = button(QStringLiteral("hideButton"));
    m_unhide = button(QStringLiteral("unhideButton"));
    m_dismiss = button(QStringLiteral("dismissButton"));
    buttons->addStretch(1);
    m_openPost = button(QStringLiteral("openPostButton"));
    tl->addLayout(buttons);
    root->addWidget(m_queueTools);
    connect(m_hide, &QPushButton::clicked, this, [this] { askReason(Action::Hide); });
    connect(m_unhide, &QPushButton::clicked, this, [this] { askReason(Action::Unhide); });
    connect(m_dismiss, &QPushButton::clicked, this, [this] { askReason(Action::Dismiss); });
    connect(m_openPost, &QPushButton::clicked, this, &ModerationView::openSelectedPost);

    connect(m_tabs, &QTabBar::currentChanged, this, &ModerationView::onTabChanged);
}

void ModerationView::setUpQueue(Queue &q)
{
    q.cards = new QueueCardDelegate(q.list); // one per list: its size hints name its rows
    q.cards->watch(q.model);                 // before setModel: the view then reads fresh sizes
    q.list->setItemDelegate(q.cards);
    q.list->setModel(q.model);
    Queue *qp = &q;
    connect(q.list->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this, qp](const QModelIndex &current) {
                // what is current is what the actions act on: keep it selected
                if (current.isValid() && !qp->list->selectionModel()->isSelected(current))
                    qp->list->selectionModel()->select(current,
                                                       QItemSelectionModel::ClearAndSelect);
                if (m_reasonBar->isVisible() && qp == visibleQueue() &&
                    current.data(QM::IdRole).toLongLong() != m_reasonItem)
                    cancelReason();
                updateActions();
                if (qp == visibleQueue())
                    updateContext();
            });
    const auto changed = [this, qp] {
        updateActions();
        if (qp == visibleQueue())
            updateContext(); // a no-op while the item's target is unchanged
    };
    connect(q.list->selectionModel(), &QItemSelectionModel::selectionChanged, this, changed);
    connect(q.model, &QAbstractItemModel::dataChanged, this, changed);
    connect(q.model, &QAbstractItemModel::modelReset, this, changed);
    connect(q.model, &QAbstractItemModel::rowsRemoved, this, [this, qp] {
        // the next item becomes the one to act on
        const QModelIndex current = qp->list->currentIndex();
        if (current.isValid() && !qp->list->selectionModel()->isSelected(current))
            qp->list->selectionModel()->select(current, QItemSelectionModel::ClearAndSelect);
        updateActions();
        updateEmptyTexts();
        if (qp == visibleQueue())
            updateContext();
    });
    connect(q.list, &QAbstractItemView::doubleClicked, this, [this, qp](const QModelIndex &i) {
        if (qp == visibleQueue() && i.isValid())
            openSelectedPost();
    });
    connect(q.feed, &ModerationQueueFeed::loadingChanged, this, &ModerationView::updateBusy);
    connect(q.feed, &ModerationQueueFeed::loaded, this, [this, qp](bool first) {
        qp->forbidden = false;
        if (first && qp == visibleQueue())
            hideStatus();
        updateEmptyTexts();
    });
    connect(q.feed, &ModerationQueueFeed::loadFailed, this,
            [this, qp](const QString &message, const core::ApiError &error) {
                if (error.status == 403) {
                    qp->forbidden = true;
                    qp->model->clear();
                }
                updateEmptyTexts();
                if (qp == visibleQueue())
                    showStatus(
                        loadFailedText(qp == &m_open ? Tab::Open : Tab::Closed, message, error));
            });
    connect(q.feed, &ModerationQueueFeed::actionFailed, this,
            [this](qint64, const QString &message) { showStatus(message); });
    connect(q.feed, &ModerationQueueFeed::actionCompleted, this, [this, qp](qint64) {
        // what the server did shows in the other lists at their next showing
        Queue *other = qp == &m_open ? &m_closed : &m_open;
        if (other != visibleQueue())
            other->loaded = false;
        m_logLoaded = false;
    });
}

void ModerationView::retranslate()
{
    m_tabs->setTabText(int(Tab::Open), tr("Open"));
    m_tabs->setTabText(int(Tab::Closed), tr("Closed"));
    m_tabs->setTabText(int(Tab::Log), tr("Log"));
    m_tabs->setTabToolTip(int(Tab::Open),
                          tr("Reported and auto-flagged content waiting for a decision"));
    m_tabs->setTabToolTip(int(Tab::Closed), tr("Items that were hidden or dismissed"));
    m_tabs->setTabToolTip(int(Tab::Log), tr("What moderators did"));
    m_refresh->setText(tr("Refresh"));
    m_refresh->setToolTip(tr("Load the list again (F5)"));
    updateReasonTexts();
    m_deviceNames->setText(tr("Device names…"));
    m_deviceNames->setToolTip(tr("How raw device models are shown on cards"));
    m_reasonCancel->setText(tr("Cancel"));
    m_reasonCancel->setToolTip(tr("Do nothing (Esc)"));
    m_hide->setText(tr("Hide…"));
    m_hide->setToolTip(tr("Hide the content from everyone but moderators (H)"));
    m_unhide->setText(tr("Unhide…"));
    m_unhide->setToolTip(tr("Show the hidden content again (U)"));
    m_dismiss->setText(tr("Dismiss…"));
    m_dismiss->setToolTip(tr("Close the reports without hiding anything (D)"));
    m_openPost->setText(tr("Open post"));
    m_openPost->setToolTip(tr("Open the post's thread (Return)"));
    m_actionLabel->setText(tr("Action:"));
    const QStringList actions{tr("All"),     tr("Hide"),   tr("Unhide"),
                              tr("Dismiss"), tr("Delete"), tr("Device")};
    for (int i = 0; i < m_actionFilter->count() && i < actions.size(); ++i)
        m_actionFilter->setItemText(i, actions.at(i));
    m_moderatorFilter->setPlaceholderText(tr("Moderator uid (all)"));
    m_moderatorFilter->setToolTip(tr("Only this moderator's entries"));
    updateEmptyTexts();
}

void ModerationView::resizeEvent(QResizeEvent *event)
{
    const Qt::Orientation o = width() >= kSideBySideWidth ? Qt::Horizontal : Qt::Vertical;
    if (m_split->orientation() != o || !m_splitPlaced) {
        m_split->setOrientation(o);
        // the list keeps the larger part either way (3 : 2; the splitter scales the sizes to
        // its own); once placed, what the user drags stays
        const int total = std::max(o == Qt::Horizontal ? width() : height(), 100);
        m_split->setSizes({total * 3 / 5, total - total * 3 / 5});
        m_splitPlaced = true;
    }
    QWidget::resizeEvent(event);
}

void ModerationView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ModerationView::updateEmptyTexts()
{
    const auto set = [](QListView *list, const QString &text) {
        static_cast<PlaceholderList *>(list)->setPlaceholder(text);
    };
    const auto queueText = [&](const Queue &q, const QString &empty) {
        if (q.forbidden)
            return QString(); // the status line says it
        if (!q.loaded || q.feed->isLoading() || q.model->canFetchMore({}))
            return QString();
        return empty;
    };
    set(m_open.list, queueText(m_open, tr("Nothing to review: no open reports.")));
    set(m_closed.list, queueText(m_closed, tr("No closed items yet.")));
    set(m_logList, m_logForbidden || !m_logLoaded || m_logFeed->isLoading()
                       ? QString()
                       : tr("No log entries."));
}

// --- tabs and loading -----------------------------------------------------------------------

ModerationView::Tab ModerationView::currentTab() const
{
    return Tab(std::clamp(m_tabs->currentIndex(), 0, 2));
}

void ModerationView::setCurrentTab(Tab tab)
{
    m_tabs->setCurrentIndex(int(tab));
}

void ModerationView::onTabChanged(int index)
{
    m_stack->setCurrentIndex(index);
    const Tab tab = currentTab();
    m_queueTools->setVisible(tab != Tab::Log);
    m_contextPane->setVisible(tab != Tab::Log);
    cancelReason();
    updateContext();
    hideStatus();
    if (m_started) {
        const bool loaded = tab == Tab::Log ? m_logLoaded : visibleQueue()->loaded;
        if (!loaded)
            loadTab(tab);
    }
    const bool forbidden = tab == Tab::Log ? m_logForbidden : visibleQueue()->forbidden;
    if (forbidden)
        showStatus(tab == Tab::Log ? tr("Only moderators can read the moderation log.")
                                   : tr("Only moderators can see the moderation queue."));
    updateActions();
    updateBusy();
}

void ModerationView::start()
{
    m_started = true;
    loadTab(currentTab());
}

void ModerationView::refresh()
{
    m_started = true;
    loadTab(currentTab());
}

void ModerationView::loadTab(Tab tab)
{
    if (tab == Tab::Log) {
        m_logLoaded = true;
        m_logFeed->refresh();
    } else {
        Queue *q = tab == Tab::Open ? &m_open : &m_closed;
        q->loaded = true;
        q->feed->refresh();
    }
    updateEmptyTexts();
    updateBusy();
}

void ModerationView::applyLogFilters()
{
    const int action = m_actionFilter->currentData().toInt();
    const std::optional<core::LogEntry::Action> a =
        action < 0 ? std::nullopt : std::optional(core::LogEntry::Action(action));
    bool ok = false;
    const qint64 uid = m_moderatorFilter->text().trimmed().toLongLong(&ok);
    const std::optional<qint64> moderator = ok && uid > 0 ? std::optional(uid) : std::nullopt;
    if (a == m_logFeed->actionFilter() && moderator == m_logFeed->moderatorFilter() && m_logLoaded)
        return;
    m_logFeed->setActionFilter(a);
    m_logFeed->setModeratorFilter(moderator);
    if (m_started || currentTab() == Tab::Log)
        loadTab(Tab::Log);
}

void ModerationView::updateBusy()
{
    bool busy = false;
    switch (currentTab()) {
    case Tab::Open:
        busy = m_open.feed->isLoading();
        break;
    case Tab::Closed:
        busy = m_closed.feed->isLoading();
        break;
    case Tab::Log:
        busy = m_logFeed->isLoading();
        break;
    }
    m_busy->setVisible(busy);
    updateEmptyTexts();
}

bool ModerationView::isBusy() const
{
    return m_busy->isVisibleTo(this);
}

void ModerationView::setTicker(models::TimeTicker *ticker, const models::RelativeTime &format)
{
    if (m_ticker)
        m_ticker->disconnect(this);
    m_ticker = ticker;
    m_open.cards->setTime(format, ticker);
    m_closed.cards->setTime(format, ticker);
    m_logLines->setTime(format, ticker);
    if (ticker) {
        connect(ticker, &models::TimeTicker::tick, this, [this] {
            for (QListView *list : {m_open.list, m_closed.list, m_logList})
                list->viewport()->update();
            if (m_ticker)
                m_ticker->setNextDue(models::RelativeTime::MinuteMs);
        });
        ticker->setNextDue(models::RelativeTime::MinuteMs);
    }
}

// --- status ---------------------------------------------------------------------------------

QString ModerationView::loadFailedText(Tab tab, const QString &message,
                                       const core::ApiError &error) const
{
    if (error.status == 403)
        return tab == Tab::Log ? tr("Only moderators can read the moderation log.")
                               : tr("Only moderators can see the moderation queue.");
    return tab == Tab::Log ? tr("The moderation log could not be loaded: %1").arg(message)
                           : tr("The moderation queue could not be loaded: %1").arg(message);
}

void ModerationView::showStatus(const QString &message)
{
    m_statusBar->showMessage(message);
}

void ModerationView::hideStatus()
{
    m_statusBar->clear();
}

QString ModerationView::statusText() const
{
    return m_statusBar->text();
}

// --- selection and actions ------------------------------------------------------------------

ModerationView::Queue *ModerationView::visibleQueue()
{
    switch (currentTab()) {
    case Tab::Open:
        return &m_open;
    case Tab::Closed:
        return &m_closed;
    case Tab::Log:
        break;
    }
    return nullptr;
}

const ModerationView::Queue *ModerationView::visibleQueue() const
{
    return const_cast<ModerationView *>(this)->visibleQueue();
}

QModelIndex ModerationView::selectedIndex() const
{
    const Queue *q = visibleQueue();
    if (!q)
        return {};
    const QModelIndex current = q->list->currentIndex();
    if (!current.isValid() || !q->list->selectionModel()->isSelected(current))
        return {};
    return current;
}

qint64 ModerationView::selectedItemId() const
{
    return selectedIndex().data(QM::IdRole).toLongLong();
}

void ModerationView::updateActions()
{
    const QModelIndex i = selectedIndex();
    const bool any = i.isValid();
    const bool deleted = i.data(QM::TargetDeletedRole).toBool();
    const bool hidden = i.data(QM::TargetHiddenRole).toBool();
    const bool queued = Pending(i.data(QM::PendingRole).toInt()) == Pending::Queued;
    const bool post = i.data(QM::TargetTypeRole).toString() == QLatin1String("post");
    m_hide->setEnabled(any && !deleted && !hidden && !queued);
    m_unhide->setEnabled(any && !deleted && hidden && !queued);
    m_dismiss->setEnabled(any && !queued && currentTab() == Tab::Open &&
                          i.data(QM::StatusRole).toString() == QLatin1String("open"));
    m_openPost->setEnabled(any && i.data(QM::PostIdRole).toLongLong() > 0 && !(post && deleted));
}

bool ModerationView::isAskingReason() const
{
    return m_reasonBar->isVisibleTo(this);
}

std::optional<ModerationView::Action> ModerationView::reasonAction() const
{
    return isAskingReason() ? std::optional(m_reasonAction) : std::nullopt;
}

void ModerationView::askReason(Action action)
{
    const QModelIndex i = selectedIndex();
    QPushButton *button = action == Action::Hide     ? m_hide
                          : action == Action::Unhide ? m_unhide
                                                     : m_dismiss;
    if (!i.isValid() || !button->isEnabled())
        return;
    m_reasonItem = i.data(QM::IdRole).toLongLong();
    m_reasonAction = action;
    QString reason;
    if (action == Action::Hide) { // prefilled: the server wants one
        reason = i.data(QM::ReasonsTextRole).toString();
        if (reason.isEmpty() && i.data(QM::AutoFlaggedRole).toBool())
            reason =
                tr("Auto-flagged: \u201c%1\u201d").arg(i.data(QM::AutoFlagWordRole).toString());
    }
    m_reasonEdit->setText(reason);
    m_reasonBar->setVisible(true);
    updateReasonTexts(); // the note shows with the line
    m_reasonEdit->setFocus(Qt::OtherFocusReason);
    m_reasonEdit->selectAll();
}

void ModerationView::updateReasonTexts()
{
    const Queue *q = visibleQueue();
    const std::optional<core::QueueItem> item =
        q && m_reasonItem ? q->model->item(m_reasonItem) : std::nullopt;
    const QString what = item ? ModerationQueueFeed::describeTarget(*item) : QString();
    QString note;
    switch (m_reasonAction) {
    case Action::Hide:
        m_reasonLabel->setText(tr("Hide %1 \u2014 reason:").arg(what));
        m_reasonEdit->setPlaceholderText(tr("Required: why this is hidden"));
        m_reasonOk->setText(tr("Hide"));
        if (item) {
            if (const core::Comment *c = item->targetComment(); c && c->isRoot()) {
                if (c->replyCount == 1)
                    note = tr("Its floor's reply is hidden with it.");
                else if (c->replyCount > 1)
                    note = tr("Its floor's %1 replies are hidden with it.").arg(c->replyCount);
            } else if (const core::Post *p = item->targetPost()) {
                if (p->commentCount == 1)
                    note = tr("Its one comment is hidden with it.");
                else if (p->commentCount > 1)
                    note = tr("Its %1 comments are hidden with it.").arg(p->commentCount);
            }
        }
        break;
    case Action::Unhide:
        m_reasonLabel->setText(tr("Unhide %1 \u2014 reason (optional):").arg(what));
        m_reasonEdit->setPlaceholderText(tr("Optional: why it is shown again"));
        m_reasonOk->setText(tr("Unhide"));
        if (item) {
            if (const core::Comment *c = item->targetComment(); c && c->isRoot())
                note = tr("Its floor comes back as it was before it was hidden.");
            else if (item->targetPost())
                note = tr("Its comments come back with it.");
        }
        break;
    case Action::Dismiss:
        m_reasonLabel->setText(
            item && item->reportCount == 0 && item->autoFlagWord
                ? tr("Dismiss the auto-flag on %1 \u2014 reason (optional):").arg(what)
                : tr("Dismiss the reports on %1 \u2014 reason (optional):").arg(what));
        m_reasonEdit->setPlaceholderText(tr("Optional: why nothing is hidden"));
        m_reasonOk->setText(tr("Dismiss"));
        break;
    }
    m_reasonOk->setEnabled(m_reasonAction != Action::Hide ||
                           !m_reasonEdit->text().trimmed().isEmpty());
    m_reasonNote->setText(note);
    m_reasonNote->setVisible(isAskingReason() && !note.isEmpty());
}

void ModerationView::confirmReason()
{
    const QString reason = m_reasonEdit->text().trimmed();
    const Action action = m_reasonAction;
    if (action == Action::Hide && reason.isEmpty()) {
        m_reasonEdit->setFocus(); // required: the server refuses a hide without one
        return;
    }
    Queue *q = visibleQueue();
    const qint64 itemId = m_reasonItem;
    cancelReason();
    if (!q || itemId == 0)
        return;
    // the item the line was opened for, even if the selection moved meanwhile
    const int row = q->model->rowOf(itemId);
    if (row < 0)
        return;
    q->list->setCurrentIndex(q->model->index(row));
    switch (action) {
    case Action::Hide:
        hideSelected(reason);
        break;
    case Action::Unhide:
        unhideSelected(reason);
        break;
    case Action::Dismiss:
        dismissSelected(reason);
        break;
    }
}

void ModerationView::cancelReason()
{
    const bool had = m_reasonBar->isVisible();
    m_reasonItem = 0;
    m_reasonBar->setVisible(false);
    m_reasonNote->setVisible(false);
    if (had)
        if (Queue *q = visibleQueue())
            q->list->setFocus(Qt::OtherFocusReason);
}

bool ModerationView::hideSelected(const QString &reason)
{
    Queue *q = visibleQueue();
    const QModelIndex i = selectedIndex();
    if (!q || !i.isValid() || reason.trimmed().isEmpty() || !m_hide->isEnabled())
        return false;
    return q->feed->hideTarget(i.data(QM::IdRole).toLongLong(), reason.trimmed()) > 0;
}

bool ModerationView::unhideSelected(const QString &reason)
{
    Queue *q = visibleQueue();
    const QModelIndex i = selectedIndex();
    if (!q || !i.isValid() || !m_unhide->isEnabled())
        return false;
    return q->feed->unhideTarget(i.data(QM::IdRole).toLongLong(), reason.trimmed()) > 0;
}

bool ModerationView::dismissSelected(const QString &reason)
{
    Queue *q = visibleQueue();
    const QModelIndex i = selectedIndex();
    if (!q || !i.isValid() || !m_dismiss->isEnabled())
        return false;
    return q->feed->dismiss(i.data(QM::IdRole).toLongLong(), reason.trimmed()) > 0;
}

bool ModerationView::openSelectedPost()
{
    const QModelIndex i = selectedIndex();
    if (!i.isValid() || !m_openPost->isEnabled())
        return false;
    const qint64 postId = i.data(QM::PostIdRole).toLongLong();
    Q_EMIT postRequested(postId);
    if (i.data(QM::TargetTypeRole).toString() == QLatin1String("comment"))
        Q_EMIT commentRequested(postId, i.data(QM::TargetIdRole).toLongLong());
    return true;
}

void ModerationView::updateContext()
{
    const Queue *q = visibleQueue();
    const qint64 itemId = q ? selectedItemId() : 0;
    const std::optional<core::QueueItem> item =
        itemId ? q->model->item(itemId) : std::optional<core::QueueItem>();
    if (item)
        m_context->show(*item);
    else
        m_context->clear();
}

bool ModerationView::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        const Qt::KeyboardModifiers mods =
            key->modifiers() & ~(Qt::KeypadModifier | Qt::ShiftModifier);
        if (watched == m_reasonEdit && key->key() == Qt::Key_Escape) {
            cancelReason();
            return true;
        }
        const Queue *q = visibleQueue();
        if (q && watched == q->list && mods == Qt::NoModifier) {
            switch (key->key()) {
            case Qt::Key_H:
                askReason(Action::Hide);
                return true;
            case Qt::Key_U:
                askReason(Action::Unhide);
                return true;
            case Qt::Key_D:
                askReason(Action::Dismiss);
                return true;
            case Qt::Key_Return:
            case Qt::Key_Enter:
                if (isAskingReason())
                    confirmReason(); // the line is open: Return confirms it
                else
                    openSelectedPost();
                return true;
            case Qt::Key_Escape:
                if (m_reasonBar->isVisible()) {
                    cancelReason();
                    return true;
                }
                break;
            default:
                break;
            }
        }
    }
    return QWidget::eventFilter(watched, event);
}

// --- access ---------------------------------------------------------------------------------

models::ModerationQueueModel *ModerationView::queueModel(Tab tab) const
{
    return tab == Tab::Closed ? m_closed.model : tab == Tab::Open ? m_open.model : nullptr;
}

models::ModerationQueueFeed *ModerationView::queueFeed(Tab tab) const
{
    return tab == Tab::Closed ? m_closed.feed : tab == Tab::Open ? m_open.feed : nullptr;
}

QListView *ModerationView::listView(Tab tab) const
{
    switch (tab) {
    case Tab::Open:
        return m_open.list;
    case Tab::Closed:
        return m_closed.list;
    case Tab::Log:
        return m_logList;
    }
    return nullptr;
}

QStringList ModerationView::cardTexts(const QModelIndex &index, int width) const
{
    QStyleOptionViewItem o;
    o.initFrom(m_open.list);
    o.font = m_open.list->font();
    o.fontMetrics = QFontMetrics(o.font);
    o.widget = m_open.list;
    return m_open.cards->texts(o, index, width);
}

QWidget *ModerationView::contextPane() const
{
    return m_contextPane;
}

QStringList ModerationView::contextTexts() const
{
    return m_contextPane->texts();
}

} // namespace threadline::ui
