// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The picture viewer against the real server: a click on a card's picture in the main window
// opens it (the post's pictures, "n / N"), loading and then the picture; fit, 1:1 and the zoom
// keys change the scale, a drag pans, the arrows go through the pictures, Esc closes; Save
// writes the bytes as downloaded (or the decoded picture in another format) into a temporary
// directory; a picture that 404s says why, one on another origin asks first; a 20-megapixel
// photo is held at most 4096 pixels on its longer side. Both languages; screenshots.
#include "appaccount.h"
#include "appcore.h"
#include "artifacts.h"
#include "dialogs/picturecanvas.h"
#include "dialogs/pictureviewer.h"
#include "feeds.h"
#include "i18n.h"
#include "images/imagecache.h"
#include "poststore.h"
#include "testserver.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelineview.h"
#include "window/mainwindow.h"
#include "wire/jsoncodec.h"

#include <QApplication>
#include <QBuffer>
#include <QImageReader>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QPainter>
#include <QPalette>
#include <QPointer>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QWheelEvent>

using namespace threadline;
using test::Client;
using test::TestServer;
using ui::PictureViewer;

namespace {

// A dark palette (the words must stay readable in it: palette roles only).
inline QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    p.setColor(QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6));
    p.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::AlternateBase, QColor(0x33, 0x33, 0x33));
    p.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
    p.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3a));
    p.setColor(QPalette::ButtonText, QColor(0xe6, 0xe6, 0xe6));
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x7a, 0xd6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x77, 0x77, 0x77));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x77, 0x77, 0x77));
    return p;
}

// The words each language shows (zh_CN from the catalogue, as the user reads them).
struct Words
{
    QString loading;
    QString brokenPrefix;
    QString anotherSite;
};

Words wordsFor(const QString &lang)
{
    if (lang == QLatin1String("zh_CN"))
        return {QStringLiteral("正在加载图片…"), QStringLiteral("这张图片无法加载："),
                QStringLiteral("这张图片在其他网站")};
    return {QStringLiteral("Loading picture…"),
            QStringLiteral("This picture could not be loaded: "),
            QStringLiteral("This picture is on another site")};
}

} // namespace

class TstPictureViewer : public QObject
{
    Q_OBJECT

    TestServer m_server;
    QTemporaryDir m_dir;
    QStringList m_pictures; // three of the demo's pictures (server paths)
    qint64 m_postId = 0;    // lisi's post with them, the newest of All
    QString m_big;          // a 20-megapixel JPEG uploaded

    void language(const QString &lang) { installTranslations(*qApp, QLocale(lang)); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(m_server.start());
        QApplication::setOrganizationName(QStringLiteral("ThreadlineTest"));
        QApplication::setApplicationName(QStringLiteral("tst_pictureviewer"));

        // Three pictures of the demo, in a post of lisi's that tops All.
        Client c(m_server.baseUrl());
        QVERIFY(!c.login(QStringLiteral("lisi")).isEmpty());
        const auto page =
            core::decodePostPage(c.get(QStringLiteral("/api/v1/timeline?scope=all&limit=50")).body);
        QVERIFY(page.ok());
        for (const core::Post &p : page.value().items)
            for (const QString &url : p.pictureUrls)
                if (m_pictures.size() < 3 && !m_pictures.contains(url))
                    m_pictures.append(url);
        QCOMPARE(m_pictures.size(), 3);
        const auto made = c.post(
            QStringLiteral("/api/v1/posts"),
            QJsonObject{{QStringLiteral("category"), QStringLiteral("PICTURE")},
                        {QStringLiteral("content"), QStringLiteral("三张图")},
                        {QStringLiteral("pictureUrls"), QJsonArray::fromStringList(m_pictures)}});
        QVERIFY2(made.status == 201, made.describe());
        m_postId = made.obj().value(QStringLiteral("id")).toInteger();
        QVERIFY(m_postId > 0);

        // A 20-megapixel photo (5472×3648), as a phone takes it.
        QImage photo(5472, 3648, QImage::Format_RGB32);
        {
            QPainter p(&photo);
            QLinearGradient g(0, 0, photo.width(), photo.height());
            g.setColorAt(0, QColor(40, 90, 160));
            g.setColorAt(1, QColor(230, 180, 90));
            p.fillRect(photo.rect(), g);
            p.setPen(QPen(Qt::white, 40));
            p.drawEllipse(photo.rect().adjusted(600, 600, -600, -600));
        }
        QByteArray jpeg;
        QBuffer buffer(&jpeg);
        buffer.open(QIODevice::WriteOnly);
        QVERIFY(photo.save(&buffer, "JPEG", 40));
        QVERIFY2(jpeg.size() < 5 * 1024 * 1024, QByteArray::number(jpeg.size()));
        const auto media =
            c.raw("POST", QStringLiteral("/api/v1/media"), jpeg, {{"Content-Type", "image/jpeg"}});
        QVERIFY2(media.status == 201, media.describe());
        m_big = media.obj().value(QStringLiteral("url")).toString();
        QVERIFY(!m_big.isEmpty());
    }

    void cleanup() { language(QStringLiteral("en")); }

    void opensFromACardClick_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void opensFromACardClick()
    {
        QFETCH(QString, lang);
        language(lang);
        const Words words = wordsFor(lang);
        core::AppCore core;
        core.images()->setDiskCacheDirectory(m_dir.filePath(lang + QStringLiteral("-images")));
        const auto me = test::signIn(core, m_server.baseUrl(), QStringLiteral("zhangsan"));
        QVERIFY(me);
        threadline::models::Feeds wFeeds(
            {core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
        ui::MainWindow w(&core, &wFeeds);
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.startAccount(*me, test::accountIn(QDir(m_dir.path()), lang + QStringLiteral("-zs")));
        models::TimelineModel *all = w.timelineModel(ui::MainWindow::Page::All);
        QTRY_VERIFY_WITH_TIMEOUT(all->rowCount() > 0 && all->postIdAt(0) == m_postId, 20000);

        // a click on the card's second picture
        ui::TimelineView *view = w.timelineView(ui::MainWindow::Page::All);
        const QModelIndex card = all->index(0);
        view->scrollTo(card);
        QRect tile;
        QTRY_VERIFY((tile = view->areaRect(card, ui::PostDelegate::Area::Picture, 1)).isValid());
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, tile.center());
        QPointer<PictureViewer> viewer = w.findChild<PictureViewer *>();
        QVERIFY(viewer);
        QVERIFY(viewer->isVisible());
        QCOMPARE(viewer->pictures(), m_pictures);
        QCOMPARE(viewer->currentIndex(), 1);
        QCOMPARE(viewer->positionText(), QStringLiteral("2 / 3"));
        QCOMPARE(viewer->findChild<QLabel *>(QStringLiteral("picturePosition"))->text(),
                 QStringLiteral("2 / 3"));
        // the whole picture is not in memory yet (the card asked for its tile's size): it loads
        QCOMPARE(viewer->state(), PictureViewer::State::Loading);
        QCOMPARE(viewer->messageText(), words.loading);
        QVERIFY(viewer->findChild<QLabel *>(QStringLiteral("pictureMessage"))->isVisible());
        QTRY_COMPARE_WITH_TIMEOUT(viewer->state(), PictureViewer::State::Ready, 20000);
        QVERIFY(viewer->messageText().isEmpty());
        ui::PictureCanvas *canvas = viewer->canvas();
        QVERIFY(canvas->isVisible());
        QCOMPARE(canvas->image().size(), QSize(480, 360)); // the demo's pictures, whole

        // fit at first; in a window smaller than the picture, fit shrinks it
        const qreal dpr = canvas->devicePixelRatioF(); // 2 with QT_SCALE_FACTOR=2
        viewer->resize(viewer->minimumSizeHint().width(), int(300 / dpr));
        QTRY_VERIFY(canvas->height() * dpr < 360);
        QVERIFY(canvas->isFit());
        const double fit = canvas->scale();
        QVERIFY2(fit < 1.0, QByteArray::number(fit));
        QVERIFY(!canvas->canPan());

        // 1 is 1:1: larger than the window, so a drag pans
        QTest::keyClick(viewer, Qt::Key_1);
        QCOMPARE(canvas->scale(), 1.0);
        QVERIFY(!canvas->isFit());
        QVERIFY(canvas->canPan());
        QCOMPARE(canvas->pictureRect().width() * dpr, 480.0); // one picture pixel a device pixel
        const QPointF before = canvas->centre();
        const QPoint from = canvas->rect().center();
        QTest::mousePress(canvas, Qt::LeftButton, {}, from);
        QTest::mouseMove(canvas, from + QPoint(-30, -20));
        QTest::mouseRelease(canvas, Qt::LeftButton, {}, from + QPoint(-30, -20));
        // (taller than the window, not wider: it moves down only)
        QVERIFY2(canvas->centre().y() > before.y(), "a drag upwards shows more of the bottom");
        QCOMPARE(canvas->centre().x() > before.x(), canvas->width() * dpr < 480);

        // Ctrl+0 fits again; Ctrl+= and Ctrl++ zoom in, Ctrl+- out
        QTest::keyClick(viewer, Qt::Key_0, Qt::ControlModifier);
        QVERIFY(canvas->isFit());
        QCOMPARE(canvas->scale(), fit);
        QTest::keyClick(viewer, Qt::Key_Equal, Qt::ControlModifier);
        QVERIFY(qFuzzyCompare(canvas->scale(), fit * ui::PictureCanvas::kStep));
        QTest::keyClick(viewer, Qt::Key_Plus, Qt::ControlModifier);
        QVERIFY(canvas->scale() > fit * ui::PictureCanvas::kStep * 1.1);
        QTest::keyClick(viewer, Qt::Key_Minus, Qt::ControlModifier);
        QTest::keyClick(viewer, Qt::Key_Minus, Qt::ControlModifier);
        QVERIFY(qFuzzyCompare(canvas->scale(), fit));
        // the wheel zooms too
        const double wheelFrom = canvas->scale();
        QWheelEvent wheel(QPointF(canvas->rect().center()),
                          canvas->mapToGlobal(QPointF(canvas->rect().center())), QPoint(),
                          QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(canvas, &wheel);
        QVERIFY(canvas->scale() > wheelFrom);

        // the arrows: the other pictures, the position follows
        QTest::keyClick(viewer, Qt::Key_Right);
        QCOMPARE(viewer->currentIndex(), 2);
        QCOMPARE(viewer->positionText(), QStringLiteral("3 / 3"));
        QVERIFY(!viewer->findChild<QToolButton *>(QStringLiteral("nextPicture"))->isEnabled());
        QTest::keyClick(viewer, Qt::Key_Right); // the last: stays
        QCOMPARE(viewer->currentIndex(), 2);
        QTRY_COMPARE_WITH_TIMEOUT(viewer->state(), PictureViewer::State::Ready, 20000);
        QVERIFY(canvas->isFit()); // a new picture starts fit
        QTest::keyClick(viewer, Qt::Key_Left);
        QTest::keyClick(viewer, Qt::Key_Left);
        QCOMPARE(viewer->currentIndex(), 0);
        QCOMPARE(viewer->findChild<QLabel *>(QStringLiteral("picturePosition"))->text(),
                 QStringLiteral("1 / 3"));
        QVERIFY(!viewer->findChild<QToolButton *>(QStringLiteral("previousPicture"))->isEnabled());
        // the buttons do the same
        viewer->findChild<QToolButton *>(QStringLiteral("nextPicture"))->click();
        QCOMPARE(viewer->currentIndex(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(viewer->state(), PictureViewer::State::Ready, 20000);

        viewer->resize(720, 560);
        QTRY_VERIFY(canvas->width() > 480 / dpr);
        QVERIFY(
            viewer->grab().save(QDir(test::artifactDir(QStringLiteral("pictureviewer")))
                                    .filePath(QStringLiteral("pictureviewer-%1.png").arg(lang))));

        // a second click reuses the window, on the picture clicked
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                          view->areaRect(card, ui::PostDelegate::Area::Picture, 2).center());
        QCOMPARE(w.findChildren<PictureViewer *>().size(), 1);
        QCOMPARE(viewer->currentIndex(), 2);

        // Esc closes (and the window is gone: deleted on close)
        QTest::keyClick(viewer, Qt::Key_Escape);
        QTRY_VERIFY(!viewer);
    }

    void savesThePicture()
    {
        core::ImageCache images;
        images.setServer(m_server.baseUrl());
        images.setDiskCacheDirectory(m_dir.filePath(QStringLiteral("save-images")));
        PictureViewer viewer(&images);
        viewer.setPictures(m_pictures, 0);
        QTemporaryDir out;
        QVERIFY(out.isValid());
        QString error;
        QVERIFY(!viewer.saveTo(out.filePath(QStringLiteral("early.png")), &error)); // not loaded
        QCOMPARE(error,
                 QStringLiteral("The picture has not loaded, so there is nothing to save yet."));
        viewer.show();
        QTRY_COMPARE_WITH_TIMEOUT(viewer.state(), PictureViewer::State::Ready, 20000);

        // the bytes as the server has them, when the type is theirs (the demo's are PNG)
        Client c(m_server.baseUrl());
        const QByteArray served = c.get(m_pictures.at(0)).body;
        QBuffer servedBuffer;
        servedBuffer.setData(served);
        servedBuffer.open(QIODevice::ReadOnly);
        QCOMPARE(QImageReader(&servedBuffer).format(), QByteArray("png"));
        const QString same = out.filePath(QStringLiteral("same.png"));
        QVERIFY2(viewer.saveTo(same, &error), qPrintable(error));
        QFile sameFile(same);
        QVERIFY(sameFile.open(QIODevice::ReadOnly));
        QCOMPARE(sameFile.readAll(), served);

        // another type: the decoded picture, written in that type
        const QString jpeg = out.filePath(QStringLiteral("other.jpg"));
        QVERIFY2(viewer.saveTo(jpeg, &error), qPrintable(error));
        QImageReader reader(jpeg);
        QCOMPARE(reader.format(), QByteArray("jpeg"));
        QCOMPARE(reader.size(), QSize(480, 360));

        // no suffix: the original's
        QVERIFY2(viewer.saveTo(out.filePath(QStringLiteral("plain")), &error), qPrintable(error));
        QVERIFY(QFile::exists(out.filePath(QStringLiteral("plain.png"))));

        // what cannot be written is said in words
        QVERIFY(!viewer.saveTo(out.filePath(QStringLiteral("notes.xyz")), &error));
        QVERIFY2(error.contains(QStringLiteral(".xyz")), qPrintable(error));
        QVERIFY(!viewer.saveTo(out.filePath(QStringLiteral("no/such/dir/x.png")), &error));
        QVERIFY2(error.startsWith(QStringLiteral("The picture could not be saved to ")),
                 qPrintable(error));
    }

    void brokenAndBlocked_data() { opensFromACardClick_data(); }

    void brokenAndBlocked()
    {
        QFETCH(QString, lang);
        language(lang);
        const Words words = wordsFor(lang);
        core::ImageCache images;
        images.setServer(m_server.baseUrl());
        images.setDiskCacheDirectory(m_dir.filePath(QStringLiteral("broken-") + lang));
        // 127.0.0.1 is the server's origin; "localhost" on the same port is another one
        QUrl elsewhere = m_server.baseUrl();
        elsewhere.setHost(QStringLiteral("localhost"));
        elsewhere.setPath(m_pictures.at(1));
        PictureViewer viewer(&images);
        viewer.resize(640, 480);
        viewer.setPictures(
            {QStringLiteral("/api/v1/media/no-such-picture.png"), elsewhere.toString()});
        viewer.show();
        QVERIFY(QTest::qWaitForWindowExposed(&viewer));
        QCOMPARE(viewer.messageText(), words.loading);
        QTRY_COMPARE_WITH_TIMEOUT(viewer.state(), PictureViewer::State::Failed, 20000);
        QVERIFY2(viewer.messageText().startsWith(words.brokenPrefix),
                 qPrintable(viewer.messageText()));
        QVERIFY2(viewer.messageText().contains(QStringLiteral("404")),
                 qPrintable(viewer.messageText()));
        auto *action = viewer.findChild<QPushButton *>(QStringLiteral("pictureAction"));
        QVERIFY(action->isVisible());
        QVERIFY(!viewer.findChild<QToolButton *>(QStringLiteral("savePicture"))->isEnabled());
        QVERIFY(viewer.grab().save(
            QDir(test::artifactDir(QStringLiteral("pictureviewer")))
                .filePath(QStringLiteral("pictureviewer-broken-%1.png").arg(lang))));
        viewer.setPalette(darkPalette());
        QVERIFY(viewer.grab().save(
            QDir(test::artifactDir(QStringLiteral("pictureviewer")))
                .filePath(QStringLiteral("pictureviewer-broken-dark-%1.png").arg(lang))));
        viewer.setPalette(QPalette());
        // Try again: it loads, and fails again in words (still 404)
        action->click();
        QCOMPARE(viewer.state(), PictureViewer::State::Loading);
        QTRY_COMPARE_WITH_TIMEOUT(viewer.state(), PictureViewer::State::Failed, 20000);

        // another origin: asked first, loaded when the user says so
        QTest::keyClick(&viewer, Qt::Key_Right);
        QCOMPARE(viewer.state(), PictureViewer::State::Blocked);
        QVERIFY2(viewer.messageText().startsWith(words.anotherSite),
                 qPrintable(viewer.messageText()));
        QVERIFY(viewer.messageText().contains(QStringLiteral("localhost")));
        QVERIFY(action->isVisible());
        action->click();
        QTRY_COMPARE_WITH_TIMEOUT(viewer.state(), PictureViewer::State::Ready, 20000);
        QCOMPARE(viewer.canvas()->image().size(), QSize(480, 360));
    }

    void aBigPhotoStaysBounded()
    {
        core::ImageCache images;
        images.setServer(m_server.baseUrl());
        images.setDiskCacheDirectory(m_dir.filePath(QStringLiteral("big-images")));
        PictureViewer viewer(&images);
        viewer.resize(900, 700);
        viewer.setPictures({m_big});
        viewer.show();
        QTRY_COMPARE_WITH_TIMEOUT(viewer.state(), PictureViewer::State::Ready, 30000);
        const QImage &held = viewer.canvas()->image();
        // decoded at most 4096 on its longer side: 4096×2731, not 5472×3648
        QCOMPARE(std::max(held.width(), held.height()), core::ImageCache::kMaxFullSide);
        QVERIFY(held.sizeInBytes() <= qint64(4096) * 2731 * 4);
        QCOMPARE(viewer.positionText(), QStringLiteral("1 / 1"));
        QVERIFY(viewer.canvas()->isFit());
        QVERIFY(viewer.canvas()->scale() < 1.0); // shrunk to the window
        QTest::keyClick(&viewer, Qt::Key_1);
        QCOMPARE(viewer.canvas()->scale(), 1.0);
        QVERIFY(viewer.canvas()->canPan());
        // painting a 1:1 view of it draws only what is visible (and does not crash)
        const QImage shot = viewer.grab().toImage();
        QVERIFY(!shot.isNull());
    }
};

QTEST_MAIN(TstPictureViewer)
#include "tst_pictureviewer.moc"
