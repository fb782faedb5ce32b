// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_postdelegate: the post card (PostDelegate) in a TimelineView, offscreen — layout at two
// widths (heights grow when narrower, nothing leaves the card), painting every kind of post
// (the sample's 9 pictures and "+1", no content, only pictures, "Like" with no likes, hidden,
// pending), the hit areas through real clicks, the keyboard, relayout when a row changes, the
// empty state, a 10,000-post timeline scrolled through with its layout caches bounded; then the
// demo server's timeline with its images through a real ImageCache.
// Screenshots go to /tmp/ui-a/.

#include "net/apiclient.h"
#include "artifacts.h"
#include "images/imagecache.h"
#include "wire/jsoncodec.h"
#include "timeline/postdelegate.h"
#include "poststore.h"
#include "testserver.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelineview.h"

#include <QAbstractItemModelTester>
#include <QAccessible>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFontDatabase>
#include <QHelpEvent>
#include <QPainter>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextLayout>
#include <QToolTip>

#include "isolates.h"

using namespace threadline;
using core::ImageCache;
using core::PostStore;
using models::TimelineModel;
using ui::PostDelegate;
using ui::TimelineView;
using Area = PostDelegate::Area;

namespace {

const QString kShots = threadline::test::artifactDir(QStringLiteral("postdelegate"));

core::Post samplePost()
{
    QFile f(QStringLiteral(THREADLINE_REPO_FIXTURES_DIR "/seed-post-90012.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("no fixture");
    return core::decodePost(f.readAll()).value();
}

core::Post post(qint64 id, const QString &content, int pictures = 0)
{
    core::Post p;
    p.id = id;
    p.createtime = QDateTime::currentMSecsSinceEpoch() - 5 * 60 * 1000;
    p.author = core::UserBrief{10001, QStringLiteral("张三"), QStringLiteral("/api/v1/media/none")};
    p.device = QStringLiteral("iPhone 15");
    p.content = content;
    for (int i = 0; i < pictures; ++i)
        p.pictureUrls.append(QStringLiteral("/api/v1/media/pic%1.png").arg(i));
    p.category = pictures ? core::Post::Category::Picture : core::Post::Category::Text;
    return p;
}

core::Comment comment(qint64 id, qint64 postId, const QString &author, const QString &content,
                      const QString &replyTo = {})
{
    core::Comment c;
    c.id = id;
    c.postId = postId;
    c.author = core::UserBrief{10002, author, {}};
    if (!replyTo.isEmpty()) {
        c.replyTo = core::UserBrief{10003, replyTo, {}};
        c.rootId = id - 1;
        c.parentId = id - 1;
    }
    c.content = content;
    c.createtime = 1700000000000 + id;
    return c;
}

QString longName()
{
    return QStringLiteral("听他们说玩游戏名字起得不能太长所以我就起了一个非常非常非常长的名字"
                          "VeryLongNicknameWithoutAnySpacesAtAll还有更多更多更多更多更多的字"
                          "AndEvenMoreLettersToBeSureItNeverFits");
}

QString longContent()
{
    QString s = QStringLiteral("今天天气真好😀🎉，我们去公园散步吧！");
    for (int i = 0; i < 12; ++i)
        s += QStringLiteral("这是一段很长很长的文字，用来测试换行是否正确 wrap-around test %1 "
                            "👍🏽 ")
                 .arg(i);
    s += QStringLiteral("https://example.com/") + QString(200, QLatin1Char('x'));
    return s;
}

// The posts of the offline suite, one of each kind; ids 1… plus the sample 90012.
struct Kinds
{
    static constexpr qint64 kSample = 90012;
    static constexpr qint64 kTextOnly = 1;     // no pictures, 0 likes, 0 comments
    static constexpr qint64 kPicturesOnly = 2; // no content, 4 pictures
    static constexpr qint64 kSingle = 3;       // one picture
    static constexpr qint64 kHidden = 4;
    static constexpr qint64 kSending = 5;
    static constexpr qint64 kFailed = 6;
    static constexpr qint64 kLong = 7;  // long content, long nickname, long comments
    static constexpr qint64 kEmpty = 8; // nothing at all

    static void fill(PostStore &store)
    {
        store.upsertPost(samplePost());
        store.upsertPost(post(kTextOnly, QStringLiteral("只有文字的动态 ☕️")));
        store.upsertPost(post(kPicturesOnly, QString(), 4));
        store.upsertPost(post(kSingle, QStringLiteral("一张图"), 1));
        core::Post hidden = post(kHidden, QStringLiteral("被隐藏的内容"));
        hidden.hidden = true;
        store.upsertPost(hidden);
        store.upsertPost(post(kSending, QStringLiteral("正在发送的点赞")));
        store.setPendingPostLike(kSending, true);
        store.setPostPending(kSending, PostStore::Pending::Sending);
        store.upsertPost(post(kFailed, QStringLiteral("发送失败")));
        store.setPostPending(kFailed, PostStore::Pending::Failed);
        core::Post longPost = post(kLong, longContent(), 2);
        longPost.author.nickName = longName();
        longPost.commentCount = 2;
        longPost.comments = {comment(71, kLong, longName(), longContent()),
                             comment(72, kLong, QStringLiteral("李四"), longContent(), longName())};
        longPost.likeCount = 1;
        longPost.likes = {core::Like{1, kLong, 1, core::UserBrief{10002, longName(), {}}}};
        store.upsertPost(longPost);
        core::Post empty = post(kEmpty, QString());
        empty.author.nickName.clear();
        empty.device.clear();
        store.upsertPost(empty);
    }
    static QList<qint64> ids()
    {
        return {kSample,  kTextOnly, kPicturesOnly, kSingle, kHidden,
                kSending, kFailed,   kLong,         kEmpty};
    }
};

// Counts the paints of a widget.
class PaintCounter : public QObject
{
public:
    int paints = 0;
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            ++paints;
        return false;
    }
};

bool saveShot(QWidget *w, const QString &name)
{
    QDir().mkpath(kShots);
    return w->grab().save(kShots + QLatin1Char('/') + name);
}

// Every rect of the layout inside the card (a null rect counts as inside).
QString outsideOf(const PostDelegate::CardLayout &l, const QRect &card)
{
    QList<std::pair<const char *, QRect>> rects{
        {"avatar", l.avatar},   {"name", l.name},       {"meta", l.meta}, {"hidden", l.hidden},
        {"pending", l.pending}, {"content", l.content}, {"like", l.like}, {"comment", l.comment},
        {"panel", l.panel},     {"likers", l.likers},
    };
    for (const QRect &r : l.pictures)
        rects.append({"picture", r});
    for (const QRect &r : l.comments)
        rects.append({"comment line", r});
    for (const auto &[name, r] : rects)
        if (!r.isNull() && !card.contains(r))
            return QStringLiteral("%1 %2,%3 %4x%5 outside %6x%7")
                .arg(QLatin1String(name))
                .arg(r.x())
                .arg(r.y())
                .arg(r.width())
                .arg(r.height())
                .arg(card.width())
                .arg(card.height());
    return {};
}

// Shows the model in the view at that size; false when the window is not exposed.
bool shown(TimelineView &view, TimelineModel &model, QSize size)
{
    view.setModel(&model);
    view.resize(size);
    view.show();
    return QTest::qWaitForWindowExposed(&view);
}

// Every row on screen as high as its layout.
bool rowsOnScreenSettled(TimelineView &view, const TimelineModel &model)
{
    int painted = 0;
    for (int row = 0; row < model.rowCount(); ++row) {
        const QRect r = view.visualRect(model.index(row));
        if (!r.intersects(view.viewport()->rect()))
            continue;
        const auto exact = view.postDelegate()->cachedHeight(model.postIdAt(row));
        if (!exact || *exact != r.height())
            return false;
        ++painted;
    }
    return painted > 0;
}

} // namespace

class TstPostDelegate : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;

    // An image cache that never reaches a network: the sample's cdnhost pictures are Blocked.
    std::unique_ptr<ImageCache> offlineImages()
    {
        auto images = std::make_unique<ImageCache>();
        images->setServer(QUrl(QStringLiteral("http://127.0.0.1:9")));
        images->setDiskCacheDirectory(m_tmp.filePath(QStringLiteral("offline-images")));
        images->setOffline(true);
        return images;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QApplication::setFont(QFont(QStringLiteral("WenQuanYi Micro Hei"), 10));
        QApplication::setStyle(QStringLiteral("Fusion"));
    }

    void sizeHintGrowsWhenNarrower()
    {
        PostStore store;
        Kinds::fill(store);
        TimelineModel model(&store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPosts(Kinds::ids());
        auto images = offlineImages();
        TimelineView view(images.get());
        view.setModel(&model);
        view.resize(900, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));

        QHash<qint64, int> wide;
        for (int row = 0; row < model.rowCount(); ++row) {
            const QModelIndex index = model.index(row);
            view.scrollTo(index); // on screen: measured (off screen a row's rect is an estimate)
            const QSize hint = view.postDelegate()->sizeHint(view.itemOption(index), index);
            QVERIFY2(hint.height() > 40, qPrintable(QString::number(model.postIdAt(row))));
            QCOMPARE(hint.width(), view.viewport()->width());
            QCOMPARE(view.visualRect(index).height(), hint.height());
            wide.insert(model.postIdAt(row), hint.height());
        }
        view.resize(480, 700);
        view.doItemsLayout();
        for (int row = 0; row < model.rowCount(); ++row) {
            const QModelIndex index = model.index(row);
            const QSize hint = view.postDelegate()->sizeHint(view.itemOption(index), index);
            QCOMPARE(hint.width(), view.viewport()->width());
            QCOMPARE(view.visualRect(index).width(), view.viewport()->width());
            QVERIFY(hint.height() >= wide.value(model.postIdAt(row)));
        }
        const QModelIndex longRow = model.index(model.rowOf(Kinds::kLong));
        QVERIFY(view.postDelegate()->sizeHint(view.itemOption(longRow), longRow).height() >
                wide.value(Kinds::kLong));
        // no horizontal scrolling, per-pixel vertical scrolling with a sensible step
        QCOMPARE(view.horizontalScrollBarPolicy(), Qt::ScrollBarAlwaysOff);
        QCOMPARE(view.verticalScrollMode(), QAbstractItemView::ScrollPerPixel);
        QVERIFY(view.verticalScrollBar()->singleStep() >= 10);
        QVERIFY(view.verticalScrollBar()->singleStep() <= 60);
    }

    void paintedRowsTakeTheirRealHeight()
    {
        // a row on screen is as high as its layout, at the top and at the bottom
        PostStore store;
        Kinds::fill(store);
        TimelineModel model(&store);
        model.setPosts(Kinds::ids());
        TimelineView view(nullptr);
        QVERIFY(shown(view, model, {900, 700}));
        QTRY_VERIFY(rowsOnScreenSettled(view, model));
        view.verticalScrollBar()->setValue(view.verticalScrollBar()->maximum());
        QTRY_VERIFY(rowsOnScreenSettled(view, model));
    }

    void longTimelineKeepsItsCachesBounded()
    {
        // 10,000 posts scrolled through from top to bottom: the view measures only the rows it
        // puts on screen (never all 10,000 to lay out), the delegate keeps at most its bound of
        // layouts, and the rows on screen take their real height
        PostStore store;
        QList<qint64> ids;
        constexpr int kPosts = 10000;
        ids.reserve(kPosts);
        for (int i = 0; i < kPosts; ++i) {
            const qint64 id = 100000 + i;
            QString text; // 1 to 5 lines: rows of many heights
            for (int line = 0; line <= i % 5; ++line)
                text += QStringLiteral("混合 mixed text %1/%2 with 标点，and more words; ")
                            .arg(i)
                            .arg(line + 1);
            store.upsertPost(post(id, text));
            ids.append(id);
        }
        TimelineModel model(&store);
        model.setPosts(ids);
        TimelineView view(nullptr);
        QVERIFY(shown(view, model, {480, 600}));
        PostDelegate *delegate = view.postDelegate();
        // the first screen: a screen's rows measured, not the timeline's
        QVERIFY2(view.measureCalls() <= 3 * view.rowsOnScreen() + 2,
                 qPrintable(QString::number(view.measureCalls())));
        QVERIFY(rowsOnScreenSettled(view, model));
        QScrollBar *bar = view.verticalScrollBar();
        QVERIFY(bar->maximum() > 0);
        int pages = 0;
        int lastRow = view.lastRowOnScreen();
        while (bar->value() < bar->maximum()) {
            // a page down (the scroll bar's page step): the rows pass by one after another, none
            // skipped, however the estimates put the end
            bar->triggerAction(QAbstractSlider::SliderPageStepAdd);
            view.viewport()->repaint();
            ++pages;
            QVERIFY(view.firstRowOnScreen() <= lastRow + 1);
            QVERIFY(view.lastRowOnScreen() >= lastRow);
            lastRow = view.lastRowOnScreen();
            QVERIFY(delegate->cachedLayouts() <= ui::kLayoutCacheLimit);
            QVERIFY(pages < kPosts);
        }
        QVERIFY(pages > 1000);
        QCOMPARE(view.lastRowOnScreen(), kPosts - 1); // the scroll bar's end is the list's
        // every row measured about once on the way (twice at most: its width never changed)
        QVERIFY2(view.measureCalls() <= 2 * kPosts,
                 qPrintable(QString::number(view.measureCalls())));
        QVERIFY(delegate->cachedLayouts() > 0);
        const QModelIndex last = model.index(kPosts - 1);
        QVERIFY(delegate->cachedHeight(model.postIdAt(kPosts - 1)));
        QCOMPARE(view.visualRect(last).bottom(), view.viewport()->height() - 1);
        QVERIFY(rowsOnScreenSettled(view, model));
        // back at the top, whose layouts the bound dropped long ago: laid out again, exact
        QVERIFY(!delegate->cachedHeight(model.postIdAt(0)));
        bar->setValue(0);
        view.viewport()->repaint();
        QCOMPARE(view.firstRowOnScreen(), 0);
        QCOMPARE(view.visualRect(model.index(0)).top(), 0);
        QVERIFY(rowsOnScreenSettled(view, model));
        QVERIFY(delegate->cachedLayouts() <= ui::kLayoutCacheLimit);
    }

    void tooltipsShowUserTextAsText()
    {
        // a name that looks like HTML is shown as typed, never interpreted
        PostStore store;
        core::Post p;
        p.id = 77;
        p.createtime = 1'700'000'000'000;
        p.author = core::UserBrief{10001, QStringLiteral("<b>bold</b> &amp;"), {}};
        p.content = QStringLiteral("x");
        store.upsertPost(p);
        TimelineModel model(&store);
        model.setPosts({77});
        TimelineView view(nullptr);
        view.setModel(&model);
        view.resize(600, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QRect name = view.areaRect(model.index(0), PostDelegate::Area::Avatar, 0);
        QVERIFY(!name.isNull());
        QHelpEvent help(QEvent::ToolTip, name.center(),
                        view.viewport()->mapToGlobal(name.center()));
        QApplication::sendEvent(view.viewport(), &help);
        QTRY_VERIFY(!QToolTip::text().isEmpty());
        QVERIFY2(QToolTip::text().contains(QStringLiteral("&lt;b&gt;bold&lt;/b&gt; &amp;amp;")),
                 qPrintable(QToolTip::text()));
        QToolTip::hideText();
    }

    void paintsEveryKind_data()
    {
        QTest::addColumn<qint64>("id");
        QTest::addColumn<int>("width");
        for (int width : {480, 900, 300}) {
            const QByteArray w = QByteArray::number(width);
            QTest::newRow("sample " + w) << Kinds::kSample << width;
            QTest::newRow("text only " + w) << Kinds::kTextOnly << width;
            QTest::newRow("pictures only " + w) << Kinds::kPicturesOnly << width;
            QTest::newRow("single picture " + w) << Kinds::kSingle << width;
            QTest::newRow("hidden " + w) << Kinds::kHidden << width;
            QTest::newRow("sending " + w) << Kinds::kSending << width;
            QTest::newRow("failed " + w) << Kinds::kFailed << width;
            QTest::newRow("long " + w) << Kinds::kLong << width;
            QTest::newRow("empty " + w) << Kinds::kEmpty << width;
        }
    }

    void paintsEveryKind()
    {
        QFETCH(qint64, id);
        QFETCH(int, width);
        PostStore store;
        Kinds::fill(store);
        TimelineModel model(&store);
        model.setPosts(Kinds::ids());
        auto images = offlineImages();
        for (ImageCache *cache : {images.get(), static_cast<ImageCache *>(nullptr)}) {
            PostDelegate delegate(cache);
            QListView list;
            QStyleOptionViewItem option;
            option.initFrom(&list);
            option.font = QApplication::font();
            option.fontMetrics = QFontMetrics(option.font);
            option.widget = &list;
            const QModelIndex index = model.index(model.rowOf(id));
            option.rect = QRect(0, 0, width, 10);
            // a row is measured by its real layout (the view asks only for rows on screen)
            const int first = delegate.sizeHint(option, index).height();
            QVERIFY(first > 40);
            const PostDelegate::CardLayout &l = delegate.layoutFor(option, index);
            QCOMPARE(first, l.height);
            const int height = delegate.sizeHint(option, index).height();
            QCOMPARE(height, l.height);
            option.rect = QRect(0, 0, width, height);
            const QString outside = outsideOf(l, option.rect);
            QVERIFY2(outside.isEmpty(), qPrintable(outside));

            QImage image(width, height, QImage::Format_ARGB32_Premultiplied);
            image.fill(Qt::white);
            {
                QPainter painter(&image);
                delegate.paint(&painter, option, index);
            }
            // something was drawn: the avatar's placeholder at least
            QVERIFY(image.pixel(l.avatar.center()) != QColor(Qt::white).rgb());
            if (cache)
                QVERIFY(image.save(kShots + QStringLiteral("/kind-%1-%2.png").arg(id).arg(width)));

            // what each kind shows
            const QString like = index.data(TimelineModel::LikeTextRole).toString();
            switch (id) {
            case Kinds::kSample:
                QCOMPARE(l.pictures.size(), 9);
                QCOMPARE(l.extraPictures, 1);
                QCOMPARE(l.comments.size(), 3);
                QVERIFY(!l.likers.isNull());
                QCOMPARE(withoutIsolates(l.likersText), QStringLiteral("李四, 麻子"));
                QVERIFY(l.likersText.startsWith(QChar(0x2068))); // each name isolated
                QVERIFY(!l.content.isNull());
                break;
            case Kinds::kTextOnly:
                QCOMPARE(like, QStringLiteral("Like"));
                QCOMPARE(index.data(TimelineModel::CommentTextRole).toString(),
                         QStringLiteral("Reply"));
                QVERIFY(l.pictures.isEmpty());
                QVERIFY(l.panel.isNull());
                QVERIFY(l.like.width() > QFontMetrics(option.font).horizontalAdvance(like));
                break;
            case Kinds::kPicturesOnly:
                QVERIFY(l.content.isNull());
                QCOMPARE(l.pictures.size(), 4);
                QCOMPARE(l.extraPictures, 0);
                // squares of a three-column grid
                QCOMPARE(l.pictures.at(0).width(), l.pictures.at(0).height());
                QCOMPARE(l.pictures.at(3).left(), l.pictures.at(0).left());
                QVERIFY(l.pictures.at(3).top() > l.pictures.at(2).bottom());
                QVERIFY(l.pictures.at(2).left() > l.pictures.at(1).right());
                break;
            case Kinds::kSingle: {
                QCOMPARE(l.pictures.size(), 1);
                // larger than a grid's tile
                PostDelegate other(nullptr);
                QStyleOptionViewItem o2 = option;
                const QModelIndex grid = model.index(model.rowOf(Kinds::kPicturesOnly));
                QVERIFY(l.pictures.at(0).width() >
                        other.layoutFor(o2, grid).pictures.at(0).width());
                break;
            }
            case Kinds::kHidden:
                QVERIFY(!l.hidden.isNull());
                QVERIFY(l.hidden.left() >= l.name.right());
                QVERIFY(l.pending.isNull());
                break;
            case Kinds::kSending:
                QCOMPARE(l.pendingText, QStringLiteral("Sending…"));
                QVERIFY(index.data(TimelineModel::LikedRole).toBool());
                QCOMPARE(like, QStringLiteral("1"));
                break;
            case Kinds::kFailed:
                QCOMPARE(l.pendingText, QStringLiteral("Not sent"));
                break;
            case Kinds::kLong: {
                // the nickname is elided, the text wraps inside the column
                // (isolated: U+2068 … U+2069 around it, so that it cannot reorder the line)
                QVERIFY(l.nameText.endsWith(QString(QChar(0x2026)) + QChar(0x2069)));
                QVERIFY(l.nameText.startsWith(QChar(0x2068)));
                QVERIFY(l.contentLayout->lineCount() > 3);
                for (int i = 0; i < l.contentLayout->lineCount(); ++i)
                    QVERIFY(l.contentLayout->lineAt(i).naturalTextWidth() <=
                            l.content.width() + 0.5);
                // each inline comment at most 2 lines, elided
                QCOMPARE(l.comments.size(), 2);
                for (const auto &layout : l.commentLayouts) {
                    QVERIFY(layout->lineCount() <= 2);
                    QVERIFY(withoutIsolates(layout->text()).endsWith(QChar(0x2026)));
                }
                QVERIFY(withoutIsolates(l.likersText).endsWith(QChar(0x2026)));
                break;
            }
            case Kinds::kEmpty:
                QVERIFY(l.content.isNull());
                QVERIFY(l.pictures.isEmpty());
                QVERIFY(l.panel.isNull());
                break;
            }
        }
    }

    void extraTileIsPainted()
    {
        PostStore store;
        store.upsertPost(samplePost());
        TimelineModel model(&store);
        model.setPosts({Kinds::kSample});
        auto images = offlineImages();
        PostDelegate delegate(images.get());
        QListView list;
        QStyleOptionViewItem option;
        option.initFrom(&list);
        option.font = QApplication::font();
        option.widget = &list;
        option.rect = QRect(0, 0, 480, 10);
        const QModelIndex index = model.index(0);
        option.rect.setHeight(delegate.sizeHint(option, index).height());
        const auto &l = delegate.layoutFor(option, index);
        QCOMPARE(l.extraPictures, 1);
        // the sample's pictures are on another host: blocked until clicked
        QCOMPARE(images->state(index.data(TimelineModel::PictureUrlsRole).toStringList().at(0)),
                 ImageCache::State::Blocked);
        QImage image(option.rect.size(), QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        {
            QPainter painter(&image);
            delegate.paint(&painter, option, index);
        }
        // the 9th tile is darkened under its "+1", the 8th is not
        const QPoint corner9 = l.pictures.at(8).topLeft() + QPoint(3, 3);
        const QPoint corner8 = l.pictures.at(7).topLeft() + QPoint(3, 3);
        QVERIFY(qGray(image.pixel(corner9)) + 40 < qGray(image.pixel(corner8)));
        // and its middle carries white text
        bool white = false;
        const QRect mid = l.pictures.at(8).adjusted(20, 20, -20, -20);
        for (int y = mid.top(); y <= mid.bottom() && !white; ++y)
            for (int x = mid.left(); x <= mid.right() && !white; ++x)
                white = qGray(image.pixel(x, y)) > 230;
        QVERIFY(white);
    }

    void clicksHitTheirAreas()
    {
        PostStore store;
        Kinds::fill(store);
        TimelineModel model(&store);
        model.setPosts(Kinds::ids());
        TimelineView view(nullptr); // no image cache: a picture click opens the picture
        view.setModel(&model);
        view.resize(480, 1600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));

        QSignalSpy like(&view, &TimelineView::likeClicked);
        QSignalSpy thread(&view, &TimelineView::threadRequested);
        QSignalSpy likers(&view, &TimelineView::likersRequested);
        QSignalSpy author(&view, &TimelineView::authorClicked);
        QSignalSpy picture(&view, &TimelineView::pictureClicked);
        const auto click = [&](const QModelIndex &index, Area area, int which = 0) {
            const QRect r = view.areaRect(index, area, which);
            QVERIFY2(!r.isNull(), "no such area");
            QVERIFY(view.viewport()->rect().contains(r.center()));
            QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, r.center());
        };
        const QModelIndex sample = model.index(model.rowOf(Kinds::kSample));

        click(sample, Area::Like);
        QCOMPARE(like.size(), 1);
        QCOMPARE(like.at(0).at(0).toLongLong(), Kinds::kSample);

        click(sample, Area::Comment);
        click(sample, Area::Content);
        click(sample, Area::InlineComment, 2);
        QCOMPARE(thread.size(), 3);
        for (const auto &args : thread)
            QCOMPARE(args.at(0).toLongLong(), Kinds::kSample);

        click(sample, Area::Likers);
        QCOMPARE(likers.size(), 1);
        QCOMPARE(likers.at(0).at(0).toLongLong(), Kinds::kSample);

        click(sample, Area::Avatar);
        click(sample, Area::Name);
        QCOMPARE(author.size(), 2);
        QCOMPARE(author.at(0).at(0).toLongLong(), 10003);
        QCOMPARE(author.at(1).at(0).toLongLong(), 10003);

        click(sample, Area::Picture, 4);
        QCOMPARE(picture.size(), 1);
        QCOMPARE(picture.at(0).at(0).toLongLong(), Kinds::kSample);
        QCOMPARE(picture.at(0).at(1).toInt(), 4);

        // a click on the card's empty space does nothing
        const QRect card = view.visualRect(sample);
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {},
                          QPoint(card.right() - 3, card.top() + 3));
        // another row's like
        const QModelIndex text = model.index(model.rowOf(Kinds::kTextOnly));
        click(text, Area::Like);
        QCOMPARE(like.size(), 2);
        QCOMPARE(like.at(1).at(0).toLongLong(), Kinds::kTextOnly);
        QCOMPARE(thread.size(), 3);
        QCOMPARE(author.size(), 2);
        // a right click is no click
        QTest::mouseClick(view.viewport(), Qt::RightButton, {},
                          view.areaRect(text, Area::Like).center());
        QCOMPARE(like.size(), 2);

        // the pointing hand over active parts only
        QTest::mouseMove(view.viewport(), view.areaRect(text, Area::Comment).center());
        QTRY_COMPARE(view.viewport()->cursor().shape(), Qt::PointingHandCursor);
        QTest::mouseMove(view.viewport(), QPoint(card.right() - 3, card.top() + 3));
        QTRY_COMPARE(view.viewport()->cursor().shape(), Qt::ArrowCursor);
    }

    void blockedPictureLoadsOnClick()
    {
        PostStore store;
        store.upsertPost(samplePost());
        TimelineModel model(&store);
        model.setPosts({Kinds::kSample});
        auto images = offlineImages();
        TimelineView view(images.get());
        view.setModel(&model);
        view.resize(480, 900);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QModelIndex sample = model.index(0);
        const QString url = sample.data(TimelineModel::PictureUrlsRole).toStringList().at(0);
        QCOMPARE(images->state(url), ImageCache::State::Blocked);
        QSignalSpy picture(&view, &TimelineView::pictureClicked);
        QSignalSpy failed(images.get(), &ImageCache::imageFailed);
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {},
                          view.areaRect(sample, Area::Picture, 0).center());
        QCOMPARE(picture.size(), 0); // the click asked for the picture instead
        // offline: only the caches are asked, and they do not have it
        QVERIFY(failed.wait(5000));
        QCOMPARE(images->state(url), ImageCache::State::Failed);
    }

    void keyboard()
    {
        PostStore store;
        Kinds::fill(store);
        TimelineModel model(&store);
        model.setPosts(Kinds::ids());
        TimelineView view(nullptr);
        view.setModel(&model);
        view.resize(480, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setFocus();
        view.setCurrentIndex(model.index(0));

        QSignalSpy like(&view, &TimelineView::likeClicked);
        QSignalSpy thread(&view, &TimelineView::threadRequested);
        QTest::keyClick(&view, Qt::Key_L);
        QCOMPARE(like.size(), 1);
        QCOMPARE(like.at(0).at(0).toLongLong(), Kinds::kSample);

        QTest::keyClick(&view, Qt::Key_Down);
        QCOMPARE(view.currentIndex().row(), 1);
        QCOMPARE(view.currentPostId(), Kinds::kTextOnly);
        QTest::keyClick(&view, Qt::Key_Return);
        QCOMPARE(thread.size(), 1);
        QCOMPARE(thread.at(0).at(0).toLongLong(), Kinds::kTextOnly);
        QTest::keyClick(&view, Qt::Key_Down);
        QTest::keyClick(&view, Qt::Key_Enter, Qt::KeypadModifier);
        QCOMPARE(thread.size(), 2);
        QCOMPARE(thread.at(1).at(0).toLongLong(), Kinds::kPicturesOnly);
        QTest::keyClick(&view, Qt::Key_Up);
        QTest::keyClick(&view, Qt::Key_Up);
        QCOMPARE(view.currentPostId(), Kinds::kSample);
        // Ctrl+L is not ours
        QTest::keyClick(&view, Qt::Key_L, Qt::ControlModifier);
        QCOMPARE(like.size(), 1);

        // the current card is scrolled into view
        for (int i = 0; i < 7; ++i)
            QTest::keyClick(&view, Qt::Key_Down);
        QCOMPARE(view.currentPostId(), Kinds::kLong);
        const QRect current = view.visualRect(view.currentIndex());
        QVERIFY(current.intersects(view.viewport()->rect()));
        QVERIFY(current.top() <= view.viewport()->height());
    }

    void changedRowIsLaidOutAgain()
    {
        PostStore store;
        Kinds::fill(store);
        TimelineModel model(&store);
        model.setPosts(Kinds::ids());
        TimelineView view(nullptr);
        QVERIFY(shown(view, model, {480, 900}));
        PostDelegate *delegate = view.postDelegate();
        const int row = model.rowOf(Kinds::kTextOnly);
        const int before = view.visualRect(model.index(row)).height();
        QCOMPARE(delegate->cachedHeight(Kinds::kTextOnly), std::optional<int>(before));
        // the view measures its rows itself (VirtualListView): the delegate never has to tell
        QSignalSpy sizeChanged(delegate, &QAbstractItemDelegate::sizeHintChanged);
        const qint64 measured = view.measureCalls();

        // the relative time only repaints: the layout stays
        Q_EMIT model.dataChanged(model.index(row), model.index(row),
                                 {TimelineModel::RelativeTimeRole});
        QCOMPARE(delegate->cachedHeight(Kinds::kTextOnly), std::optional<int>(before));
        QCOMPARE(sizeChanged.size(), 0);
        view.viewport()->repaint();
        QCOMPARE(view.measureCalls(), measured); // nothing laid out again

        // a like: laid out again (the button's text), same height
        store.setPendingPostLike(Kinds::kTextOnly, true);
        QCOMPARE(sizeChanged.size(), 0);
        QCOMPARE(model.index(row).data(TimelineModel::LikeTextRole).toString(),
                 QStringLiteral("1"));
        // likers now show a panel? (the pending like has no name: no likers line)
        const auto &liked =
            delegate->layoutFor(view.itemOption(model.index(row)), model.index(row));
        QCOMPARE(liked.height, before);

        // longer content: taller, and the view follows
        core::Post p = *store.serverPost(Kinds::kTextOnly);
        p.content = longContent();
        store.upsertPost(p);
        QTRY_VERIFY(view.visualRect(model.index(row)).height() > before);
        QCOMPARE(view.visualRect(model.index(row)).height(),
                 *delegate->cachedHeight(Kinds::kTextOnly));

        // a comment arrives with the post: the panel appears
        p.comments = {
            comment(900, Kinds::kTextOnly, QStringLiteral("李四"), QStringLiteral("好！"))};
        p.commentCount = 1;
        const int longer = view.visualRect(model.index(row)).height();
        store.upsertPost(p);
        QTRY_VERIFY(view.visualRect(model.index(row)).height() > longer);
        QCOMPARE(sizeChanged.size(), 0);
        const QModelIndex index = model.index(row);
        QCOMPARE(delegate->layoutFor(view.itemOption(index), index).comments.size(), 1);
    }

    void emptyStateAndAccessibility()
    {
        PostStore store;
        TimelineModel model(&store);
        TimelineView view(nullptr);
        view.setModel(&model);
        view.resize(480, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCOMPARE(view.emptyText(), QStringLiteral("No posts yet"));
        QVERIFY(!view.accessibleName().isEmpty());
        const QImage empty = view.grab().toImage();
        QVERIFY(saveShot(&view, QStringLiteral("empty.png")));
        // the text is drawn in the middle, nothing at the corners
        bool drawn = false;
        const QRgb base = empty.pixel(5, 5);
        for (int x = 100; x < 380 && !drawn; ++x)
            for (int y = 130; y < 170 && !drawn; ++y)
                drawn = empty.pixel(x * empty.width() / 480, y * empty.height() / 300) != base;
        QVERIFY(drawn);
        view.setEmptyText(QStringLiteral("Offline"));
        QCOMPARE(view.emptyText(), QStringLiteral("Offline"));
        view.setEmptyText({});

        // with rows: no empty text; each row's accessible text says who, what, counts, when
        Kinds::fill(store);
        model.setPosts(Kinds::ids());
        QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(&view);
        QVERIFY(iface);
        QCOMPARE(iface->text(QAccessible::Name), view.accessibleName());
        QVERIFY(iface->childCount() >= model.rowCount());
        bool found = false;
        for (int i = 0; i < iface->childCount() && !found; ++i)
            found = iface->child(i)
                        ->text(QAccessible::Name)
                        .startsWith(QStringLiteral("王五: 这是一个带9张图片的动态. "));
        QVERIFY(found);
    }

    void demoServerTimeline()
    {
        test::TestServer server;
        QVERIFY(server.start());
        test::Client client(server.baseUrl());
        const QString token = client.login(QStringLiteral("zhangsan"));
        QVERIFY(!token.isEmpty());
        const auto r = client.get(QStringLiteral("/api/v1/timeline?scope=all"));
        QCOMPARE(r.status, 200);
        const auto page = core::decodePostPage(r.body);
        QVERIFY(page.ok());
        QCOMPARE(page.value().items.size(), 20);

        PostStore store;
        store.upsertPosts(page.value().items);
        TimelineModel model(&store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QList<qint64> ids;
        for (const core::Post &p : page.value().items)
            ids.append(p.id);
        model.setPosts(ids);
        QCOMPARE(model.rowCount(), 20);

        core::ApiClient api;
        api.setBaseUrl(server.baseUrl());
        api.setToken(token);
        ImageCache images(api.network());
        images.setServer(server.baseUrl());
        images.setToken(token);
        images.setDiskCacheDirectory(m_tmp.filePath(QStringLiteral("server-images")));

        TimelineView view(&images);
        view.setModel(&model);
        view.resize(480, 900);
        PaintCounter paints;
        view.viewport()->installEventFilter(&paints);
        QSignalSpy ready(&images, &ImageCache::imageReady);
        int paintsAtReady = -1; // the paints before the first image arrived
        connect(&images, &ImageCache::imageReady, this, [&] {
            if (paintsAtReady < 0)
                paintsAtReady = paints.paints;
        });
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));

        // the first avatar is asked for by the first paint, arrives, and the view repaints
        const QString avatar = model.index(0).data(TimelineModel::AvatarUrlRole).toString();
        QVERIFY(avatar.startsWith(QLatin1Char('/')));
        // asked for at the size it is painted at (40 px), not whole
        QTRY_COMPARE_WITH_TIMEOUT(images.state(avatar, QSize(40, 40)), ImageCache::State::Ready,
                                  15000);
        QVERIFY(images.image(avatar, QSize(40, 40)).width() <= 4 * 40);
        QVERIFY(!ready.isEmpty());
        QVERIFY(paintsAtReady >= 1);
        QTRY_VERIFY(paints.paints > paintsAtReady); // repainted because it arrived
        QTRY_VERIFY_WITH_TIMEOUT(images.pendingCount() == 0, 15000);

        // every card renders (and asks for its images)
        for (int row = 0; row < model.rowCount(); ++row) {
            const QModelIndex index = model.index(row);
            view.scrollTo(index); // on screen: measured (off screen a row's rect is an estimate)
            QStyleOptionViewItem option = view.itemOption(index);
            option.rect.moveTo(0, 0);
            QVERIFY(option.rect.height() > 40);
            QCOMPARE(view.postDelegate()->sizeHint(option, index).height(), option.rect.height());
            const QString outside =
                outsideOf(view.postDelegate()->layoutFor(option, index), option.rect);
            QVERIFY2(outside.isEmpty(), qPrintable(outside));
            QImage image(option.rect.size(), QImage::Format_ARGB32_Premultiplied);
            QPainter painter(&image);
            view.postDelegate()->paint(&painter, option, index);
        }
        QTRY_VERIFY_WITH_TIMEOUT(images.pendingCount() == 0, 30000);

        // a picture that arrived opens on click
        int row = -1;
        for (int i = 0; i < model.rowCount() && row < 0; ++i)
            if (!model.index(i).data(TimelineModel::PictureUrlsRole).toStringList().isEmpty())
                row = i;
        QVERIFY(row >= 0);
        const QModelIndex withPictures = model.index(row);
        const QString first =
            withPictures.data(TimelineModel::PictureUrlsRole).toStringList().at(0);
        view.scrollTo(withPictures, QAbstractItemView::PositionAtTop);
        const QSize tile = view.areaRect(withPictures, Area::Picture, 0).size();
        QCOMPARE(images.state(first, tile), ImageCache::State::Ready);
        QCOMPARE(images.state(first), ImageCache::State::Loading); // never decoded whole
        QSignalSpy picture(&view, &TimelineView::pictureClicked);
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {},
                          view.areaRect(withPictures, Area::Picture, 0).center());
        QCOMPARE(picture.size(), 1);
        QCOMPARE(picture.at(0).at(0).toLongLong(), model.postIdAt(row));
        QCOMPARE(picture.at(0).at(1).toInt(), 0);

        view.scrollToTop();
        QVERIFY(saveShot(&view, QStringLiteral("timeline-480.png")));
        view.resize(900, 900);
        view.doItemsLayout();
        QTRY_COMPARE(view.visualRect(model.index(0)).width(), view.viewport()->width());
        QVERIFY(saveShot(&view, QStringLiteral("timeline-900.png")));
        view.scrollTo(withPictures, QAbstractItemView::PositionAtTop);
        QVERIFY(saveShot(&view, QStringLiteral("timeline-900-pictures.png")));
        view.resize(480, 900);
        view.doItemsLayout();
        view.scrollTo(withPictures, QAbstractItemView::PositionAtTop);
        QVERIFY(saveShot(&view, QStringLiteral("timeline-480-pictures.png")));
    }

    void sampleScreenshots()
    {
        PostStore store;
        Kinds::fill(store);
        TimelineModel model(&store);
        model.setPosts(Kinds::ids());
        auto images = offlineImages();
        TimelineView view(images.get());
        view.setModel(&model);
        for (int width : {480, 900}) {
            view.resize(width, 1400);
            view.show();
            QVERIFY(QTest::qWaitForWindowExposed(&view));
            view.doItemsLayout();
            view.setCurrentIndex(model.index(1));
            view.scrollToTop();
            QVERIFY(saveShot(&view, QStringLiteral("sample-%1.png").arg(width)));
            view.scrollTo(model.index(model.rowOf(Kinds::kHidden)),
                          QAbstractItemView::PositionAtTop);
            QVERIFY(saveShot(&view, QStringLiteral("sample-%1-more.png").arg(width)));
        }
    }
};

QTEST_MAIN(TstPostDelegate)
#include "tst_postdelegate.moc"
