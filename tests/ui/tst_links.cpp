// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_links: http and https links in a post and a comment, offscreen and offline — on a
// timeline card, in the thread pane's post above the comments and in a comment row, only the
// http and https links are links (ftp:, javascript: stay text); hovering one shows its whole URL
// as a plain tool tip and the pointing hand; a click hands it to QDesktopServices (a fake
// browser here) and a click on the ftp: or javascript: text opens nothing; the context menus
// offer Open link / Copy link address (in Chinese too); and a local server that a link points to
// sees no connection but the test's own after all the painting, hovering and clicking. Screenshots:
// links-card.png, links-thread.png (THREADLINE_TEST_ARTIFACTS keeps them).
#include "actions.h"
#include "artifacts.h"
#include "cache/cache.h"
#include "common/plaintext.h"
#include "common/textlinks.h"
#include "common/virtuallistview.h"
#include "feeds.h"
#include "i18n.h"
#include "images/imagecache.h"
#include "itemoption.h"
#include "net/apiclient.h"
#include "offlinepane.h"
#include "outbox/outbox.h"
#include "poststore.h"
#include "thread/commentdelegate.h"
#include "thread/commenttreemodel.h"
#include "thread/threadheader.h"
#include "thread/threadloader.h"
#include "thread/threadview.h"
#include "timeline/postdelegate.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelineview.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDesktopServices>
#include <QDir>
#include <QHelpEvent>
#include <QMenu>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTextLayout>
#include <QToolTip>

#include <memory>

using namespace threadline;
using models::CommentTreeModel;
using models::TimelineModel;
using ui::PostDelegate;

namespace {

const QString kShots = threadline::test::artifactDir(QStringLiteral("links"));
constexpr qint64 kPost = 5150;
constexpr qint64 kComment = 5151;

// Stands in for the browser: QDesktopServices hands it every URL of the schemes it is
// registered for, instead of starting a real browser (there is none offscreen, and a test must
// not open one). It records what it was given and fetches nothing.
class FakeBrowser : public QObject
{
    Q_OBJECT
public:
    QList<QUrl> opened;
public Q_SLOTS:
    void openUrl(const QUrl &url) { opened.append(url); }
};

// The text of the post and of the comment: three web links among things that are not.
QString linkText(quint16 port)
{
    return QStringLiteral("see https://example.org/a_(b)?q=1, ftp://x.org javascript:alert(1) "
                          "http://127.0.0.1:%1/x and 中文https://例子.cn/路径。")
        .arg(port);
}

QList<QUrl> expectedLinks(quint16 port)
{
    return {QUrl(QStringLiteral("https://example.org/a_(b)?q=1")),
            QUrl(QStringLiteral("http://127.0.0.1:%1/x").arg(port)),
            QUrl(QStringLiteral("https://例子.cn/路径"))};
}

// A point in the middle of the character at `pos` of a laid-out text, in its coordinates.
QPoint pointOf(const QTextLayout &layout, int pos)
{
    const QTextLine line = layout.lineForTextPosition(pos);
    if (!line.isValid())
        return {-1, -1};
    const qreal x = (line.cursorToX(pos) + line.cursorToX(pos + 1)) / 2;
    return QPointF(x, line.y() + line.height() / 2).toPoint();
}

// The object names of a menu's actions, and its actions of one name.
QStringList names(const QMenu *menu)
{
    QStringList out;
    for (const QAction *a : menu->actions())
        if (!a->isSeparator())
            out.append(a->objectName());
    return out;
}

QList<QAction *> actionsNamed(const QMenu *menu, const QString &name)
{
    QList<QAction *> out;
    for (QAction *a : menu->actions())
        if (a->objectName() == name)
            out.append(a);
    return out;
}

core::Post linkPost(quint16 port)
{
    core::Post p;
    p.id = kPost;
    p.category = core::Post::Category::Text;
    p.content = linkText(port);
    p.createtime = 1'780'000'000'000;
    p.author = core::UserBrief{10003, QStringLiteral("王五"), QString()};
    core::Comment c;
    c.id = kComment;
    c.postId = kPost;
    c.floor = 1;
    c.author = core::UserBrief{10002, QStringLiteral("李四"), QString()};
    c.content = linkText(port);
    c.createtime = 1'780'000'000'000 + 1;
    p.comments = {c};
    p.commentCount = 1;
    return p;
}

// A timeline of one post (`post`), shown 640×600 (a card's layout needs its view on screen).
struct OneCard
{
    core::PostStore store;
    TimelineModel model{&store};
    ui::TimelineView view{nullptr};

    explicit OneCard(const core::Post &post, bool shown = true)
    {
        store.upsertPost(post);
        model.setPosts({post.id});
        view.setModel(&model);
        view.resize(640, 600);
        if (shown)
            view.show();
    }
    [[nodiscard]] QModelIndex index() const { return model.index(0); }
};

using Pane = test::OfflineThreadPane;

using test::optionFor;

// Asks `widget` for its tool tip at `pos`, as hovering does.
void hover(QWidget *widget, const QPoint &pos)
{
    QTest::mouseMove(widget, pos);
    QHelpEvent help(QEvent::ToolTip, pos, widget->mapToGlobal(pos));
    QApplication::sendEvent(widget, &help);
}

} // namespace

class TstLinks : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    FakeBrowser m_browser;
    QTcpServer m_site; // what the http://127.0.0.1 link points to: it must never be reached
    std::unique_ptr<QSignalSpy> m_visits;

    quint16 port() const { return m_site.serverPort(); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QApplication::setFont(QFont(QStringLiteral("WenQuanYi Micro Hei"), 10));
        QApplication::setStyle(QStringLiteral("Fusion"));
        QVERIFY(m_site.listen(QHostAddress::LocalHost));
        m_visits = std::make_unique<QSignalSpy>(&m_site, &QTcpServer::newConnection);
        // Every scheme a click could hand over goes to the fake: a wrong one would show up.
        for (const char *scheme : {"http", "https", "ftp", "javascript", "file"})
            QDesktopServices::setUrlHandler(QString::fromLatin1(scheme), &m_browser, "openUrl");
    }

    void cleanupTestCase()
    {
        for (const char *scheme : {"http", "https", "ftp", "javascript", "file"})
            QDesktopServices::unsetUrlHandler(QString::fromLatin1(scheme));
    }

    void init()
    {
        m_browser.opened.clear();
        QToolTip::hideText();
    }

    void onlyWebLinksOpen()
    {
        // the browser gets http and https, never anything else, whoever asks
        QVERIFY(ui::LinkActions::open(QUrl(QStringLiteral("https://example.org/"))));
        for (const char *url : {"javascript:alert(1)", "ftp://x.org/", "file:///etc/passwd",
                                "http:///nohost", "data:text/html,x"})
            QVERIFY2(!ui::LinkActions::open(QUrl(QString::fromLatin1(url))), url);
        QCOMPARE(m_browser.opened, QList<QUrl>{QUrl(QStringLiteral("https://example.org/"))});
    }

    void card()
    {
        OneCard card(linkPost(port()));
        ui::TimelineView &view = card.view;
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QModelIndex index = card.index();
        QSignalSpy threads(&view, &ui::TimelineView::threadRequested);

        // the card's links: the http and https ones only
        const PostDelegate::CardLayout &l =
            view.postDelegate()->layoutFor(view.itemOption(index), index);
        const QList<QUrl> expected = expectedLinks(port());
        QCOMPARE(l.linkUrls, expected);
        QCOMPARE(l.linkRanges.size(), 3);
        const QString shown = l.contentLayout->text();
        QCOMPARE(shown.mid(l.linkRanges[0].first, l.linkRanges[0].second),
                 QStringLiteral("https://example.org/a_(b)?q=1"));
        QCOMPARE(shown.mid(l.linkRanges[2].first, l.linkRanges[2].second),
                 QStringLiteral("https://例子.cn/路径"));
        QVERIFY(view.grab().save(QDir(kShots).filePath(QStringLiteral("links-card.png"))));

        // each: the whole URL on hover, the hand, a click opens it
        for (int i = 0; i < expected.size(); ++i) {
            const QRect r = view.areaRect(index, PostDelegate::Area::Link, i);
            QVERIFY2(!r.isNull(), qPrintable(expected[i].toString()));
            int which = -1;
            QCOMPARE(view.postDelegate()->areaAt(view.itemOption(index), index, r.center(), &which),
                     PostDelegate::Area::Link);
            QCOMPARE(which, i);
            hover(view.viewport(), r.center());
            QTRY_COMPARE(QToolTip::text(), ui::plainToolTip(expected[i].toString()));
            QCOMPARE(view.viewport()->cursor().shape(), Qt::PointingHandCursor);
            QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, r.center());
            QTRY_COMPARE(m_browser.opened.size(), i + 1);
            QCOMPARE(m_browser.opened.last(), expected[i]);
        }
        QCOMPARE(threads.count(), 0);

        // the ftp: and javascript: text is the content: a click opens the thread, not a browser
        for (const QString &word : {QStringLiteral("ftp://x.org"), QStringLiteral("javascript")}) {
            const int at = int(shown.indexOf(word)) + 2;
            const QPoint p = pointOf(*l.contentLayout, at) + l.content.topLeft() +
                             view.itemOption(index).rect.topLeft();
            QCOMPARE(view.postDelegate()->areaAt(view.itemOption(index), index, p),
                     PostDelegate::Area::Content);
            hover(view.viewport(), p);
            QTRY_VERIFY(!QToolTip::isVisible());
            QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, p);
        }
        QCOMPARE(threads.count(), 2);
        QCOMPARE(m_browser.opened.size(), expected.size());

        // the menu (the Menu key's too): each link to open and to copy
        std::unique_ptr<QMenu> menu(view.createContextMenu(index));
        QCOMPARE(actionsNamed(menu.get(), QStringLiteral("openLink")).size(), 3);
        QCOMPARE(actionsNamed(menu.get(), QStringLiteral("copyLink")).size(), 3);
        QVERIFY(names(menu.get()).indexOf(QStringLiteral("openLink")) <
                names(menu.get()).indexOf(QStringLiteral("copyText")));
        QAction *open = actionsNamed(menu.get(), QStringLiteral("openLink")).at(1);
        QVERIFY(open->text().contains(QStringLiteral("127.0.0.1:%1/x").arg(port())));
        QVERIFY(!open->text().contains(QStringLiteral("http://")));
        open->trigger();
        QCOMPARE(m_browser.opened.last(), expected[1]);
        actionsNamed(menu.get(), QStringLiteral("copyLink")).at(0)->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text(), expected[0].toString());
        QCOMPARE(m_browser.opened.size(), expected.size() + 1);
    }

    void cardWithoutWebLinks()
    {
        core::Post p = linkPost(port());
        p.content = QStringLiteral("ftp://x.org javascript:alert(1) file:///etc/passwd "
                                   "mailto:a@b.org www.example.org data:text/html,x");
        OneCard card(p);
        ui::TimelineView &view = card.view;
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QModelIndex index = card.index();
        QVERIFY(view.postDelegate()->layoutFor(view.itemOption(index), index).linkUrls.isEmpty());
        QVERIFY(view.areaRect(index, PostDelegate::Area::Link, 0).isNull());
        std::unique_ptr<QMenu> menu(view.createContextMenu(index));
        QVERIFY(!names(menu.get()).contains(QStringLiteral("openLink")));
        QVERIFY(!names(menu.get()).contains(QStringLiteral("copyLink")));
    }

    void thread()
    {
        Pane pane(m_dir.filePath(QStringLiteral("thread")));
        pane.store.upsertPost(linkPost(port()));
        pane.view->show();
        QVERIFY(QTest::qWaitForWindowExposed(pane.view.get()));
        pane.view->openPost(kPost);
        QTRY_COMPARE_WITH_TIMEOUT(pane.view->model()->floorCount(), 1, 10000);
        QTRY_VERIFY(!pane.view->loader()->isBusy());
        const QList<QUrl> expected = expectedLinks(port());
        QVERIFY(pane.view->grab().save(QDir(kShots).filePath(QStringLiteral("links-thread.png"))));

        // the post above the comments
        auto *header = pane.view->findChild<ui::ThreadHeader *>(QStringLiteral("threadHeader"));
        QVERIFY(header);
        QWidget *text = header->postText();
        QTRY_COMPARE(header->links(), expected);
        QCOMPARE(text->focusPolicy(), Qt::TabFocus); // the Menu key reaches its links
        QSignalSpy headerLinks(header, &ui::ThreadHeader::linkClicked);
        for (int i = 0; i < expected.size(); ++i) {
            const QRect r = header->linkRect(i);
            QVERIFY(!r.isNull());
            const QPoint p = text->mapFrom(header, r.center());
            hover(text, p);
            QTRY_COMPARE(QToolTip::text(), ui::plainToolTip(expected[i].toString()));
            QCOMPARE(text->cursor().shape(), Qt::PointingHandCursor);
            QTest::mouseClick(text, Qt::LeftButton, {}, p);
            QTRY_COMPARE(m_browser.opened.size(), i + 1);
            QCOMPARE(m_browser.opened.last(), expected[i]);
        }
        QCOMPARE(headerLinks.count(), expected.size());
        {
            // the ftp: text: no hand, no tip, no browser
            const QRect first = header->linkRect(0);
            const QPoint past =
                text->mapFrom(header, QPoint(first.right() + 40, first.center().y()));
            QTest::mouseMove(text, past);
            QCOMPARE(text->cursor().shape(), Qt::ArrowCursor);
            QTest::mouseClick(text, Qt::LeftButton, {}, past);
            QCOMPARE(m_browser.opened.size(), expected.size());
        }

        // the comment
        m_browser.opened.clear();
        ui::VirtualListView *tree = pane.view->treeView();
        ui::CommentDelegate *delegate = pane.view->delegate();
        const QModelIndex row = pane.view->viewIndex(pane.view->model()->index(0, 0));
        QCOMPARE(row.data(CommentTreeModel::IdRole).toLongLong(), kComment);
        QStyleOptionViewItem o = optionFor(tree, row);
        QCOMPARE(delegate->linkCount(o, row), 3);
        for (int i = 0; i < expected.size(); ++i) {
            const QRect r = delegate->linkRect(o, row, i);
            QVERIFY(!r.isNull());
            QCOMPARE(delegate->hitTest(o, row, r.center()), ui::CommentDelegate::Area::Link);
            QCOMPARE(delegate->linkAt(o, row, r.center()), expected[i]);
            hover(tree->viewport(), r.center());
            QTRY_COMPARE(QToolTip::text(), ui::plainToolTip(expected[i].toString()));
            QCOMPARE(tree->viewport()->cursor().shape(), Qt::PointingHandCursor);
            QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, r.center());
            QTRY_COMPARE(m_browser.opened.size(), i + 1);
            QCOMPARE(m_browser.opened.last(), expected[i]);
        }
        QCOMPARE(pane.view->replyTarget(), 0); // a link's click answers nobody
        {
            // the ftp: text is the comment's: a click answers it, and opens nothing
            const QRect first = delegate->linkRect(o, row, 0);
            const QPoint past(first.right() + 40, first.center().y());
            QCOMPARE(delegate->hitTest(o, row, past), ui::CommentDelegate::Area::Reply);
            QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, past);
            QTRY_COMPARE(pane.view->replyTarget(), kComment);
            QCOMPARE(m_browser.opened.size(), expected.size());
        }

        // its menu
        std::unique_ptr<QMenu> menu(pane.view->createContextMenu(row));
        const QList<QAction *> opens = actionsNamed(menu.get(), QStringLiteral("openLink"));
        QCOMPARE(opens.size(), 3);
        QCOMPARE(actionsNamed(menu.get(), QStringLiteral("copyLink")).size(), 3);
        opens.at(2)->trigger();
        QCOMPARE(m_browser.opened.last(), expected[2]);
    }

    // The post above the comments wraps: a link on its second line (or cut by the third line's
    // elision) is still a link, at every width, in Chinese too.
    void headerLinkOnALaterLine()
    {
        QVERIFY(installTranslations(*qApp, QLocale(QStringLiteral("zh_CN"))));
        Pane pane(m_dir.filePath(QStringLiteral("wrapped")));
        core::Post post = linkPost(port());
        post.content = QStringLiteral("Read https://example.org/docs/a_(b)?q=1, not ftp://x.org — "
                                      "中文https://例子.cn/路径。 #topic#");
        post.comments.clear();
        pane.store.upsertPost(post);
        pane.view->show();
        QVERIFY(QTest::qWaitForWindowExposed(pane.view.get()));
        pane.view->openPost(kPost);
        auto *header = pane.view->findChild<ui::ThreadHeader *>(QStringLiteral("threadHeader"));
        QVERIFY(header);
        QWidget *text = header->postText();
        const QList<QUrl> both = {QUrl(QStringLiteral("https://example.org/docs/a_(b)?q=1")),
                                  QUrl(QStringLiteral("https://例子.cn/路径"))};
        for (const int width : {900, 620, 520, 440, 380}) {
            pane.view->resize(width, 600);
            QTRY_COMPARE(text->width() > 0 && text->width() < width, true);
            QTRY_COMPARE(header->links(), both);
            const QRect second = header->linkRect(1);
            QVERIFY(!second.isNull());
            const QPoint p = text->mapFrom(header, second.center());
            hover(text, p);
            QTRY_COMPARE(QToolTip::text(), ui::plainToolTip(both[1].toString()));
            // drawn in the link colour
            const QImage shot = text->grab().toImage();
            bool linkColoured = false;
            const QColor link = text->palette().color(QPalette::Link);
            for (int x = second.left(); x <= second.right() && !linkColoured; ++x)
                for (int y = second.top(); y <= second.bottom() && !linkColoured; ++y) {
                    const QPoint at = text->mapFrom(header, QPoint(x, y));
                    if (shot.rect().contains(at) && QColor(shot.pixel(at)) == link)
                        linkColoured = true;
                }
            QVERIFY2(linkColoured, qPrintable(QString::number(width)));
        }
        QVERIFY(installTranslations(*qApp, QLocale(QStringLiteral("en"))));
    }

    void menuInChinese()
    {
        QVERIFY(installTranslations(*qApp, QLocale(QStringLiteral("zh_CN"))));
        OneCard card(linkPost(port()), false);
        std::unique_ptr<QMenu> menu(card.view.createContextMenu(card.index()));
        const QList<QAction *> opens = actionsNamed(menu.get(), QStringLiteral("openLink"));
        QCOMPARE(opens.size(), 3);
        QVERIFY2(opens.at(0)->text().startsWith(QStringLiteral("打开链接 ")),
                 qPrintable(opens.at(0)->text()));
        QVERIFY(opens.at(0)->text().contains(QStringLiteral("example.org/a_(b)?q=1")));
        QVERIFY(actionsNamed(menu.get(), QStringLiteral("copyLink"))
                    .at(0)
                    ->text()
                    .startsWith(QStringLiteral("复制链接地址 ")));
        QVERIFY(installTranslations(*qApp, QLocale(QStringLiteral("en"))));
    }

    void nothingIsFetched()
    {
        // After the cards and the thread were painted, hovered and clicked: the site the
        // http://127.0.0.1 link points to was never reached. The test's own connection, made
        // now, is the first and only one it sees.
        QTcpSocket probe;
        probe.connectToHost(QHostAddress::LocalHost, port());
        QVERIFY(probe.waitForConnected(5000));
        QTRY_COMPARE(m_visits->count(), 1);
        QTcpSocket *visitor = m_site.nextPendingConnection();
        QVERIFY(visitor);
        QCOMPARE(visitor->peerPort(), probe.localPort());
        QVERIFY(!m_site.hasPendingConnections());
    }
};

QTEST_MAIN(TstLinks)
#include "tst_links.moc"
