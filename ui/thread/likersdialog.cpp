// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "thread/likersdialog.h"

#include "common/palettecolors.h"
#include "common/textmetrics.h"

#include "feeds.h"
#include "images/imagecache.h"
#include "wire/usertext.h"

#include <QCache>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QPainter>
#include <QPainterPath>
#include <QPointer>
#include <QPushButton>
#include <QStackedWidget>
#include <QStyledItemDelegate>
#include <QTextBoundaryFinder>
#include <QTimer>
#include <QVBoxLayout>
#include <climits>

namespace threadline::ui {

namespace {

constexpr int kAvatar = 28;          // the avatar's side
constexpr int kPadX = 10;            // left and right of a row, and between its parts
constexpr int kPadY = 6;             // above and below the avatar
constexpr qint64 kAgeMs = 30 * 1000; // how often the times are re-read ("5 minutes ago")

} // namespace

// One liker a row: avatar, nickname (elided), the time of the like at the right.
class LikersDelegate : public QStyledItemDelegate
{
public:
    LikersDelegate(core::ImageCache *images, QObject *parent)
        : QStyledItemDelegate(parent)
        , m_images(images)
    {
        m_scaled.setMaxCost(400);
    }

    models::RelativeTime relativeTime;

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &) const override
    {
        const int text = option.fontMetrics.height();
        return {kAvatar + 2 * kPadX + 120, std::max(kAvatar, text) + 2 * kPadY};
    }

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override
    {
        QStyleOptionViewItem opt = option;
        initStyleOption(&opt, index);
        opt.text.clear(); // the style draws background, selection and focus; we draw the rest
        const QWidget *widget = opt.widget;
        QStyle *style = widget ? widget->style() : nullptr;
        if (style)
            style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

        painter->save();
        const QRect r = opt.rect;
        const bool selected = opt.state & QStyle::State_Selected;
        const QPalette::ColorGroup group = !(opt.state & QStyle::State_Enabled) ? QPalette::Disabled
                                           : (opt.state & QStyle::State_Active)
                                               ? QPalette::Active
                                               : QPalette::Inactive;
        const QColor text =
            opt.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Text);
        const QColor dim =
            selected ? text : blend(opt.palette.color(group, QPalette::Base), text, 0.6);

        const QRect avatar(r.left() + kPadX, r.top() + (r.height() - kAvatar) / 2, kAvatar,
                           kAvatar);
        const QString name = index.data(models::LikersModel::NameRole).toString();
        paintAvatar(painter, opt, avatar, index.data(models::LikersModel::AvatarUrlRole).toString(),
                    name);

        const qint64 likedAt = index.data(models::LikersModel::LikedAtRole).toLongLong();
        const QString when = relativeTime.format(likedAt, QDateTime::currentMSecsSinceEpoch());
        const QFontMetrics fm(opt.font);
        const int whenWidth = fm.horizontalAdvance(when);
        const int right = r.right() - kPadX;
        const QRect whenRect(right - whenWidth + 1, r.top(), whenWidth, r.height());
        const int nameLeft = avatar.right() + 1 + kPadX;
        const QRect nameRect(nameLeft, r.top(), std::max(0, whenRect.left() - kPadX - nameLeft),
                             r.height());

        painter->setFont(opt.font);
        painter->setPen(text);
        painter->drawText(nameRect, Qt::AlignLeft | Qt::AlignVCenter,
                          fm.elidedText(name, Qt::ElideRight, nameRect.width()));
        painter->setPen(dim);
        painter->drawText(whenRect, Qt::AlignRight | Qt::AlignVCenter, when);
        painter->restore();
    }

private:
    void paintAvatar(QPainter *painter, const QStyleOptionViewItem &opt, const QRect &rect,
                     const QString &url, const QString &name) const
    {
        QPainterPath clip;
        clip.addRoundedRect(QRectF(rect), 5, 5);
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        painter->setClipPath(clip, Qt::IntersectClip);
        QPixmap pixmap;
        const qreal dpr = painter->device()->devicePixelRatioF();
        if (m_images && !url.isEmpty() &&
            m_images->load(url, QSize(kAvatar, kAvatar) * dpr) == core::ImageCache::State::Ready)
            pixmap = scaled(url, dpr);
        if (!pixmap.isNull()) {
            painter->drawPixmap(rect.topLeft(), pixmap);
        } else {
            const QPalette &pal = opt.palette;
            painter->fillRect(rect,
                              blend(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.14));
            QFont f = opt.font;
            f.setBold(true);
            f.setPixelSize(rect.height() * 9 / 20);
            painter->setFont(f);
            painter->setPen(pal.color(QPalette::PlaceholderText));
            painter->drawText(rect, Qt::AlignCenter, firstCharacter(name));
        }
        painter->restore();
    }

    // The avatar scaled to the cell (centre-cropped), cached by URL and device pixel ratio.
    QPixmap scaled(const QString &url, qreal dpr) const
    {
        const QString key = url + QLatin1Char('@') + QString::number(dpr);
        if (const QPixmap *hit = m_scaled.object(key))
            return *hit;
        const QImage image = m_images->image(url, QSize(kAvatar, kAvatar) * dpr);
        if (image.isNull())
            return {};
        const int side = int(kAvatar * dpr);
        const QImage fit =
            image.scaled(side, side, Qt::KeepAspectRatioByExpanding, Qt::SmoothTransformation)
                .copy(0, 0, side, side);
        QPixmap pixmap = QPixmap::fromImage(fit);
        pixmap.setDevicePixelRatio(dpr);
        m_scaled.insert(key, new QPixmap(pixmap));
        return pixmap;
    }

    QPointer<core::ImageCache> m_images;
    mutable QCache<QString, QPixmap> m_scaled;
};

LikersDialog::LikersDialog(models::Feeds *feeds, core::ImageCache *images, qint64 postId,
                           QWidget *parent)
    : LikersDialog(nullptr, nullptr, images, parent)
{
    m_feed = feeds->likers(m_model, postId, this);
    wire();
}

LikersDialog::LikersDialog(models::Feeds *feeds, core::ImageCache *images, qint64 uid,
                           bool followers, const QString &name, QWidget *parent)
    : LikersDialog(nullptr, nullptr, images, parent)
{
    m_personName = name;
    m_feed = feeds->follows(m_model, uid, followers, this);
    setObjectName(followers ? QStringLiteral("followersDialog")
                            : QStringLiteral("followingDialog"));
    wire();
}

LikersDialog::LikersDialog(models::LikersFeed *feed, models::LikersModel *model,
                           core::ImageCache *images, QWidget *parent)
    : QDialog(parent)
    , m_model(model ? model : new models::LikersModel(this))
    , m_feed(feed)
    , m_delegate(new LikersDelegate(images, this))
    , m_view(new QListView(this))
    , m_stack(new QStackedWidget(this))
    , m_placeholder(new QWidget)
    , m_message(new QLabel(m_placeholder))
    , m_retry(new QPushButton(m_placeholder))
    , m_status(new QLabel(this))
    , m_retryMore(new QPushButton(this))
    , m_close(new QPushButton(this))
    , m_ageTimer(new QTimer(this))
{
    m_view->setModel(m_model);
    m_view->setItemDelegate(m_delegate);
    m_view->setUniformItemSizes(true);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_view->setTextElideMode(Qt::ElideRight);

    // When nothing is listed (loading, no likes, a failure): the words in the middle.
    m_message->setObjectName(QStringLiteral("message"));
    m_message->setTextFormat(Qt::PlainText);
    m_message->setWordWrap(true);
    m_message->setAlignment(Qt::AlignCenter);
    m_retry->setObjectName(QStringLiteral("retry"));
    m_retry->setAutoDefault(false);
    m_retry->hide();
    auto *placeholder = new QVBoxLayout(m_placeholder);
    placeholder->addStretch(1);
    placeholder->addWidget(m_message);
    placeholder->addWidget(m_retry, 0, Qt::AlignHCenter);
    placeholder->addStretch(1);
    m_stack->addWidget(m_view);
    m_stack->addWidget(m_placeholder);

    // Under the list: loading more, or why the next page failed.
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_status->hide();
    m_retryMore->setObjectName(QStringLiteral("retryMore"));
    m_retryMore->setAutoDefault(false);
    m_retryMore->hide();
    // No default button: Return on a row activates the liker, it does not close the dialog.
    m_close->setAutoDefault(false);

    auto *statusRow = new QHBoxLayout;
    statusRow->addWidget(m_status, 1);
    statusRow->addWidget(m_retryMore, 0, Qt::AlignTop);
    auto *buttons = new QDialogButtonBox(this);
    buttons->addButton(m_close, QDialogButtonBox::RejectRole);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_stack, 1);
    layout->addLayout(statusRow);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_retry, &QPushButton::clicked, this, &LikersDialog::reload);
    connect(m_view, &QAbstractItemView::activated, this, [this](const QModelIndex &index) {
        if (index.isValid())
            Q_EMIT userActivated(index.data(models::LikersModel::UidRole).toLongLong());
    });
    if (images) {
        connect(images, &core::ImageCache::imageReady, m_view->viewport(),
                qOverload<>(&QWidget::update));
    }
    // The times age by themselves ("just now" → "1 minute ago"): repaint now and then.
    m_ageTimer->setInterval(int(kAgeMs));
    connect(m_ageTimer, &QTimer::timeout, m_view->viewport(), qOverload<>(&QWidget::update));
    m_ageTimer->start();
    resize(380, 460);
    setMinimumSize(280, 240);
    m_view->setFocus();
}

void LikersDialog::wire()
{
    connect(m_retryMore, &QPushButton::clicked, m_feed, &models::LikersFeed::retry);
    connect(m_feed, &models::LikersFeed::loadingChanged, this, [this](bool loading) {
        if (loading)
            m_errorText.clear();
        updateState();
    });
    connect(m_feed, &models::LikersFeed::loaded, this,
            [this](bool, int added) { onLoaded(added); });
    connect(m_feed, &models::LikersFeed::loadFailed, this, [this](const QString &message) {
        if (m_feed->isGone())
            showError(m_feed->source() == models::LikersFeed::Source::PostLikers
                          ? tr("This post is no longer available.")
                          : tr("This person is no longer here."));
        else if (m_feed->source() != models::LikersFeed::Source::PostLikers)
            showError(m_feed->describeFailure(
                tr("The list could not be loaded.") + QLatin1Char('\n') + message, message));
        else
            showError(tr("The likes could not be loaded.") + QLatin1Char('\n') + message);
    });
    updateTitle();
    updateState();
    QMetaObject::invokeMethod(
        this,
        [this] {
            if (!m_started)
                reload();
        },
        Qt::QueuedConnection);
}

LikersDialog::~LikersDialog() = default; // the feed's reply is cancelled silently with it

void LikersDialog::setLikeCount(qint64 count)
{
    m_likeCount = count;
    updateTitle();
}

void LikersDialog::setPageSize(int size)
{
    m_feed->setPageSize(size);
}

void LikersDialog::setTimeZone(models::RelativeTime::Zone zone)
{
    m_delegate->relativeTime.setZone(zone);
    m_view->viewport()->update();
}

void LikersDialog::updateTitle()
{
    using Source = models::LikersFeed::Source;
    if (m_feed->source() == Source::Followers)
        setWindowTitle(tr("Followers of %1").arg(core::shownName(m_personName)));
    else if (m_feed->source() == Source::Following)
        setWindowTitle(tr("People %1 follows").arg(core::shownName(m_personName)));
    else if (m_likeCount < 0)
        setWindowTitle(tr("Likes"));
    else if (m_likeCount == 0)
        setWindowTitle(tr("No likes yet"));
    else
        setWindowTitle(tr("Liked by %n people", "the likers dialog's title; zh_CN: %n 人赞过",
                          int(std::min<qint64>(m_likeCount, INT_MAX))));
    m_view->setAccessibleName(windowTitle()); // the list says what it lists
}

void LikersDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        updateTitle();
        updateState();
    }
    QDialog::changeEvent(event);
}

void LikersDialog::reload()
{
    m_started = true;
    m_feed->reload();
}

void LikersDialog::loadMore()
{
    m_feed->loadMore();
}

void LikersDialog::onLoaded(int added)
{
    const int before = m_model->rowCount() - added;
    if (before == 0 && m_model->rowCount() > 0 && !m_view->currentIndex().isValid())
        m_view->selectionModel()->setCurrentIndex(m_model->index(0, 0),
                                                  QItemSelectionModel::NoUpdate);
    updateState();
    Q_EMIT pageFinished(true);
}

void LikersDialog::showError(const QString &message)
{
    m_errorText = message;
    updateState();
    Q_EMIT pageFinished(false);
}

void LikersDialog::updateState()
{
    m_close->setText(tr("Close"));
    m_retry->setText(tr("&Retry"));
    m_retryMore->setText(tr("&Retry"));
    const bool empty = m_model->rowCount() == 0;
    const bool error = !m_errorText.isEmpty();
    QString text;
    if (error)
        text = m_errorText;
    else if (m_feed->isLoading())
        text = empty ? tr("Loading…") : tr("Loading more…");
    else if (m_started && empty && m_feed->source() == models::LikersFeed::Source::Followers)
        text = tr("No one follows this person yet.");
    else if (m_started && empty && m_feed->source() == models::LikersFeed::Source::Following)
        text = tr("This person follows no one yet.");
    else if (m_started && empty)
        text = tr("No one has liked this post yet.");
    const QString color = error ? warningStyleSheet(palette()) : QString();
    if (empty || m_feed->isGone()) {
        m_stack->setCurrentWidget(m_placeholder);
        m_message->setText(text);
        m_message->setStyleSheet(color);
        m_retry->setVisible(error && !m_feed->isGone());
        m_status->hide();
        m_retryMore->hide();
    } else {
        m_stack->setCurrentWidget(m_view);
        m_status->setText(text);
        m_status->setStyleSheet(color);
        m_status->setVisible(!text.isEmpty());
        m_retryMore->setVisible(error);
        m_retry->hide();
    }
}

} // namespace threadline::ui
