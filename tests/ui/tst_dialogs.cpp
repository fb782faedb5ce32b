// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_dialogs: writing a post (ComposeDialog) and the people who liked one (LikersDialog),
// offscreen.
// - Compose: the validity rules (empty, blank, text, 2,000 / 2,001 emoji, a picture alone, 10
//   pictures, a file that is no picture, a missing file, a file over 5 MiB, a duplicate, a file
//   that does not decode), the counter near the limit, thumbnails and their remove buttons,
//   dropped files, Ctrl+Return and the Post button calling the publisher (0 + words keep the
//   dialog open, an id accepts it), Esc asking "Discard this post?", and the real
//   core::Actions::publishPost as the publisher against the real server.
// - Likers: against the real threadline-server (a post liked by several users, one of whom
//   liked, unliked and liked again): every liker once, newest first, paged with a small page
//   size (by hand and by the view filling itself), the title, activation by double-click and
//   Return, Esc, a deleted post's words, a server that cannot be reached and Retry.
// Screenshots (480 and 900 px wide, Chinese names and emoji) go to /tmp/ui-dlg/.

#include "actions.h"
#include "artifacts.h"
#include "dialogs/composedialog.h"
#include "feeds.h"
#include "i18n.h"
#include "images/imagecache.h"
#include "net/apiclient.h"
#include "outbox/outbox.h"
#include "poststore.h"
#include "testserver.h"
#include "thread/likersdialog.h"
#include "timeline/likersmodel.h"
#include "wire/jsoncodec.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImageReader>
#include <QLabel>
#include <QListView>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <algorithm>

using namespace threadline;
using test::Client;
using test::TestServer;
using ui::ComposeDialog;
using ui::LikersDialog;

namespace {

const QString kShots = threadline::test::artifactDir(QStringLiteral("dialogs"));
const QString kApi = QStringLiteral("/api/v1");
constexpr int kWaitMs = 15000;

QString emoji(int count)
{
    QString s;
    for (int i = 0; i < count; ++i)
        s += QString::fromUcs4(U"\U0001F600"); // 😀: one code point, two UTF-16 units
    return s;
}

QPlainTextEdit *editorOf(const ComposeDialog &dlg)
{
    return dlg.findChild<QPlainTextEdit *>(QStringLiteral("editor"));
}

QLabel *counterOf(const ComposeDialog &dlg)
{
    return dlg.findChild<QLabel *>(QStringLiteral("counter"));
}

QPushButton *postButtonOf(const ComposeDialog &dlg)
{
    for (QPushButton *b : dlg.findChildren<QPushButton *>()) {
        if (b->text().remove(QLatin1Char('&')) == QLatin1String("Post"))
            return b;
    }
    return nullptr;
}

QList<QToolButton *> removeButtonsOf(const ComposeDialog &dlg)
{
    QList<QToolButton *> buttons;
    for (QToolButton *b : dlg.findChildren<QToolButton *>()) {
        if (b->accessibleName().startsWith(QLatin1String("Remove ")) && !b->isHidden() &&
            b->parentWidget()->isVisibleTo(b->window()))
            buttons.append(b);
    }
    return buttons;
}

// Clicks the button labelled `button` of the next QMessageBox that shows; its text in *text.
void answerMessageBox(const QString &button, QString *text)
{
    auto *timer = new QTimer;
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, button, text] {
        const auto widgets = QApplication::topLevelWidgets();
        for (QWidget *w : widgets) {
            auto *box = qobject_cast<QMessageBox *>(w);
            if (!box || !box->isVisible())
                continue;
            *text = box->text();
            for (QAbstractButton *b : box->buttons()) {
                if (b->text().remove(QLatin1Char('&')) == button) {
                    timer->stop();
                    timer->deleteLater();
                    b->click();
                    return;
                }
            }
        }
    });
    timer->start();
}

bool save(QWidget *w, const QString &name)
{
    QDir().mkpath(kShots);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    return w->grab().save(QDir(kShots).filePath(name));
}

struct Publisher
{
    int calls = 0;
    QString content;
    QStringList pictures;
    qint64 answer = 0;
    QString error;

    ComposeDialog::Publisher fn()
    {
        return [this](const QString &c, const QStringList &p, QString *e) {
            ++calls;
            content = c;
            pictures = p;
            if (e)
                *e = error;
            return answer;
        };
    }
};

} // namespace

class TstDialogs : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    TestServer m_server;
    QString m_png, m_jpeg, m_webp, m_text, m_fakePng, m_big, m_broken;
    QStringList m_photos; // 12 distinct PNGs
    qint64 m_likedPost = 0;
    QList<qint64> m_expectedLikers; // newest first

    QString file(const QString &name) const { return m_tmp.filePath(name); }

    QString makePicture(const QString &name, const char *format, const QColor &color, int index)
    {
        QImage image(640, 480, QImage::Format_RGB32);
        QPainter p(&image);
        QLinearGradient g(0, 0, 640, 480);
        g.setColorAt(0, color);
        g.setColorAt(1, color.darker(220));
        p.fillRect(image.rect(), g);
        p.setRenderHint(QPainter::Antialiasing);
        p.setBrush(QColor(255, 255, 255, 170));
        p.setPen(Qt::NoPen);
        p.drawEllipse(QPoint(200 + 30 * (index % 5), 240), 120, 120);
        p.setPen(Qt::white);
        QFont f = p.font();
        f.setPixelSize(120);
        f.setBold(true);
        p.setFont(f);
        p.drawText(image.rect(), Qt::AlignCenter, QString::number(index + 1));
        p.end();
        const QString path = file(name);
        if (!image.save(path, format))
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

    static void writeFile(const QString &path, const QByteArray &bytes, qint64 size = -1)
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(path));
        if (size >= 0 && !f.resize(size))
            qFatal("cannot resize %s", qPrintable(path));
    }

    qint64 newPost(const QString &user, const QString &content)
    {
        Client c(m_server.baseUrl());
        if (c.login(user).isEmpty())
            return 0;
        return c
            .post(kApi + QStringLiteral("/posts"),
                  QJsonObject{{QStringLiteral("content"), content}})
            .obj()
            .value(QStringLiteral("id"))
            .toInteger();
    }

    int like(const QString &user, qint64 postId, bool on = true)
    {
        Client c(m_server.baseUrl());
        c.login(user);
        const QString path = kApi + QStringLiteral("/posts/%1/like").arg(postId);
        return on ? c.put(path).status : c.del(path).status;
    }

    // An ApiClient signed in as zhangsan.
    std::unique_ptr<core::ApiClient> signedIn()
    {
        auto api = std::make_unique<core::ApiClient>();
        api->setBaseUrl(m_server.baseUrl());
        Client c(m_server.baseUrl());
        api->setToken(c.login(QStringLiteral("zhangsan")));
        return api;
    }

    static QList<qint64> uids(const models::LikersModel &model)
    {
        QList<qint64> list;
        for (int row = 0; row < model.rowCount(); ++row)
            list.append(model.index(row, 0).data(models::LikersModel::UidRole).toLongLong());
        return list;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QApplication::setFont(QFont(QStringLiteral("WenQuanYi Micro Hei"), 10));
        QApplication::setStyle(QStringLiteral("Fusion"));

        m_png = makePicture(QStringLiteral("photo.png"), "PNG", QColor(0x2e86de), 0);
        m_jpeg = makePicture(QStringLiteral("photo.jpg"), "JPEG", QColor(0xe67e22), 1);
        m_webp = makePicture(QStringLiteral("photo.webp"), "WEBP", QColor(0x27ae60), 2);
        const QColor colors[] = {0x2e86de, 0xe67e22, 0x27ae60, 0x8e44ad, 0xc0392b, 0x16a085};
        for (int i = 0; i < 12; ++i)
            m_photos.append(
                makePicture(QStringLiteral("p%1.png").arg(i + 1), "PNG", colors[i % 6], i));
        m_text = file(QStringLiteral("notes.txt"));
        writeFile(m_text, "just some words\n");
        m_fakePng = file(QStringLiteral("fake.png")); // named .png, holds text
        writeFile(m_fakePng, "<html>not a picture</html>");
        m_big = file(QStringLiteral("huge.png")); // a PNG header, then 5 MiB + 1 of nothing
        writeFile(m_big, QByteArrayLiteral("\x89PNG\r\n\x1a\n"), 5LL * 1024 * 1024 + 1);
        m_broken = file(QStringLiteral("broken.png")); // a PNG header, then garbage
        writeFile(m_broken, QByteArrayLiteral("\x89PNG\r\n\x1a\n") + QByteArray(4000, 'x'));

        QVERIFY2(m_server.start(), m_server.stderrLog().right(2000).constData());

        // A post liked by six people; wangwu liked, unliked and liked again (now the newest).
        m_likedPost = newPost(QStringLiteral("zhangsan"), QStringLiteral("谁赞了我？🎉"));
        QVERIFY(m_likedPost > 0);
        const QStringList users = {QStringLiteral("lisi"),   QStringLiteral("wangwu"),
                                   QStringLiteral("mazi"),   QStringLiteral("tingtamen"),
                                   QStringLiteral("qianqi"), QStringLiteral("maliu")};
        for (const QString &u : users)
            QCOMPARE(like(u, m_likedPost), 200);
        QCOMPARE(like(QStringLiteral("wangwu"), m_likedPost, false), 200);
        QCOMPARE(like(QStringLiteral("wangwu"), m_likedPost), 200);
        m_expectedLikers = {10003, 10007, 10006, 10005, 10004, 10002};
    }

    // --- Compose ---------------------------------------------------------------------------

    void validity_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("pictures");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<int>("codePoints");

        QTest::newRow("empty") << QString() << 0 << false << 0;
        QTest::newRow("blank") << QStringLiteral("  \n\t ") << 0 << false << 0;
        QTest::newRow("text") << QStringLiteral("今天天气不错 ☀️") << 0 << true
                              << 9; // ☀ + VS16
        QTest::newRow("2000 emoji") << emoji(2000) << 0 << true << 2000;
        QTest::newRow("2001 emoji") << emoji(2001) << 0 << false << 2001;
        QTest::newRow("2000 emoji, blanks around")
            << QStringLiteral("  ") + emoji(2000) + QStringLiteral("\n\n") << 0 << true << 2000;
        QTest::newRow("a picture alone") << QString() << 1 << true << 0;
        QTest::newRow("blank + picture") << QStringLiteral("   ") << 1 << true << 0;
        QTest::newRow("2001 emoji + picture") << emoji(2001) << 1 << false << 2001;
        QTest::newRow("text + 9 pictures") << QStringLiteral("九张") << 9 << true << 2;
    }

    void validity()
    {
        QFETCH(QString, text);
        QFETCH(int, pictures);
        QFETCH(bool, valid);
        QFETCH(int, codePoints);

        ComposeDialog dlg;
        QPushButton *post = postButtonOf(dlg);
        QVERIFY(post);
        QVERIFY(!post->isEnabled()); // empty at first
        dlg.setContent(text);
        QCOMPARE(dlg.addPictures(m_photos.mid(0, pictures)), pictures);
        QCOMPARE(dlg.pictures().size(), pictures);
        QCOMPARE(dlg.codePointCount(), codePoints);
        QCOMPARE(dlg.isValid(), valid);
        QCOMPARE(post->isEnabled(), valid);
        QCOMPARE(dlg.content(), text.trimmed());
        QVERIFY(dlg.notice().isEmpty());

        // Ctrl+Return and the Post button do nothing while invalid.
        Publisher pub;
        pub.answer = 7;
        dlg.setPublisher(pub.fn());
        dlg.post();
        QCOMPARE(pub.calls, valid ? 1 : 0);
        QCOMPARE(dlg.result(), valid ? int(QDialog::Accepted) : int(QDialog::Rejected));
        QTRY_COMPARE(dlg.pendingThumbnails(), 0);
    }

    void counterShowsNearTheLimit()
    {
        ComposeDialog dlg;
        dlg.show();
        QLabel *counter = counterOf(dlg);
        QVERIFY(counter);
        dlg.setContent(QStringLiteral("短短的一句"));
        QVERIFY(!counter->isVisible());
        dlg.setContent(emoji(1800)); // 200 left: not yet
        QVERIFY(!counter->isVisible());
        dlg.setContent(emoji(1801));
        QVERIFY(counter->isVisible());
        QCOMPARE(counter->text(), QStringLiteral("1,801 / 2,000"));
        QCOMPARE(counter->toolTip(), QStringLiteral("At most 2,000 characters: 199 left"));
        dlg.setContent(emoji(2003));
        QCOMPARE(counter->text(), QStringLiteral("2,003 / 2,000"));
        QCOMPARE(counter->toolTip(), QStringLiteral("At most 2,000 characters: 3 too many"));
        QVERIFY(!postButtonOf(dlg)->isEnabled());
        // Typing one more or one less updates it at once.
        QTest::keyClick(editorOf(dlg), Qt::Key_Backspace);
        QCOMPARE(dlg.codePointCount(), 2002);
    }

    void pictureKinds()
    {
        ComposeDialog dlg;
        QCOMPARE(dlg.addPictures({m_png, m_jpeg, m_webp}), 3);
        QCOMPARE(dlg.pictures(), (QStringList{m_png, m_jpeg, m_webp}));
        QVERIFY(dlg.notice().isEmpty());
        QTRY_COMPARE(dlg.pendingThumbnails(), 0);
        QCOMPARE(dlg.pictures().size(), 3); // all three decoded, none dropped
        QVERIFY(dlg.isValid());
    }

    void refusedFiles_data()
    {
        QTest::addColumn<QString>("which");
        QTest::addColumn<QString>("words");
        QTest::newRow("not an image") << QStringLiteral("text")
                                      << QStringLiteral("notes.txt was not added: it is not a "
                                                        "PNG, JPEG or WebP picture");
        QTest::newRow("text named .png") << QStringLiteral("fake")
                                         << QStringLiteral("fake.png was not added: it is not a "
                                                           "PNG, JPEG or WebP picture");
        QTest::newRow("missing") << QStringLiteral("missing")
                                 << QStringLiteral("gone.png was not added: the file does not "
                                                   "exist");
        QTest::newRow("over 5 MiB") << QStringLiteral("big")
                                    << QStringLiteral("huge.png was not added: it is larger "
                                                      "than 5 MiB");
        QTest::newRow("a directory")
            << QStringLiteral("dir") << QStringLiteral("was not added: it is not a file");
    }

    void refusedFiles()
    {
        QFETCH(QString, which);
        QFETCH(QString, words);
        const QHash<QString, QString> paths = {
            {QStringLiteral("text"), m_text},
            {QStringLiteral("fake"), m_fakePng},
            {QStringLiteral("missing"), file(QStringLiteral("gone.png"))},
            {QStringLiteral("big"), m_big},
            {QStringLiteral("dir"), m_tmp.path()},
        };
        ComposeDialog dlg;
        dlg.show();
        QCOMPARE(dlg.addPictures({paths.value(which)}), 0);
        QVERIFY(dlg.pictures().isEmpty());
        QVERIFY2(dlg.notice().contains(words), qPrintable(dlg.notice()));
        QVERIFY(dlg.findChild<QLabel *>(QStringLiteral("notice"))->isVisible());
        QVERIFY(!postButtonOf(dlg)->isEnabled());

        // Good files beside a bad one are added; the bad one is named.
        QCOMPARE(dlg.addPictures({m_png, paths.value(which), m_jpeg}), 2);
        QCOMPARE(dlg.pictures(), (QStringList{m_png, m_jpeg}));
        QVERIFY(dlg.notice().contains(words));
        QVERIFY(postButtonOf(dlg)->isEnabled());
        // A clean add clears the words.
        QCOMPARE(dlg.addPictures({m_webp}), 1);
        QVERIFY(dlg.notice().isEmpty());
    }

    void tenPicturesAreRefused()
    {
        ComposeDialog dlg;
        dlg.show();
        QCOMPARE(dlg.addPictures(m_photos.mid(0, 10)), 9);
        QCOMPARE(dlg.pictures(), m_photos.mid(0, 9));
        QCOMPARE(dlg.notice(),
                 QStringLiteral("A post can have at most 9 pictures: 1 more not added"));
        QVERIFY(dlg.isValid()); // the nine are fine
        QVERIFY(postButtonOf(dlg)->isEnabled());
        QPushButton *add = nullptr;
        for (QPushButton *b : dlg.findChildren<QPushButton *>()) {
            if (b->text().remove(QLatin1Char('&')) == QStringLiteral("Add pictures…"))
                add = b;
        }
        QVERIFY(add);
        QVERIFY(!add->isEnabled()); // full

        // Full: three more are refused, with their number.
        QCOMPARE(dlg.addPictures(m_photos.mid(9, 3)), 0);
        QCOMPARE(dlg.notice(),
                 QStringLiteral("A post can have at most 9 pictures: 3 more not added"));
        QCOMPARE(dlg.pictures().size(), 9);
        // The same file twice is refused as such.
        dlg.removePicture(8);
        QCOMPARE(dlg.addPictures({m_photos.at(0)}), 0);
        QCOMPARE(dlg.notice(), QStringLiteral("p1.png is already in this post"));
        QVERIFY(add->isEnabled());
        QTRY_COMPARE(dlg.pendingThumbnails(), 0);
    }

    void removeButtons()
    {
        ComposeDialog dlg;
        dlg.resize(560, 420);
        dlg.show();
        dlg.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&dlg));
        QCOMPARE(dlg.addPictures(m_photos.mid(0, 3)), 3);
        QTRY_COMPARE(dlg.pendingThumbnails(), 0);
        QList<QToolButton *> buttons = removeButtonsOf(dlg);
        QCOMPARE(buttons.size(), 3);
        QCOMPARE(buttons.at(1)->accessibleName(), QStringLiteral("Remove p2.png"));
        QTest::mouseClick(buttons.at(1), Qt::LeftButton);
        QCOMPARE(dlg.pictures(), (QStringList{m_photos.at(0), m_photos.at(2)}));
        QVERIFY(dlg.isValid());
        // From the keyboard: focus the first remove button, press Space.
        removeButtonsOf(dlg).at(0)->setFocus();
        QTest::keyClick(removeButtonsOf(dlg).at(0), Qt::Key_Space);
        QCOMPARE(dlg.pictures(), (QStringList{m_photos.at(2)}));
        QTRY_COMPARE(removeButtonsOf(dlg).size(), 1);
        QVERIFY(removeButtonsOf(dlg).at(0)->hasFocus()); // focus stays in the strip
        dlg.removePicture(0);
        QVERIFY(dlg.pictures().isEmpty());
        QVERIFY(!dlg.isValid());
        QVERIFY(!postButtonOf(dlg)->isEnabled());
    }

    void undecodableFileIsRemoved()
    {
        ComposeDialog dlg;
        dlg.show();
        QCOMPARE(dlg.addPictures({m_png, m_broken}), 2); // its header says PNG
        QTRY_COMPARE(dlg.pendingThumbnails(), 0);
        QCOMPARE(dlg.pictures(), QStringList{m_png});
        QCOMPARE(dlg.notice(),
                 QStringLiteral("broken.png was removed: it cannot be read as a picture"));
    }

    void droppedFilesAreAdded()
    {
        ComposeDialog dlg;
        dlg.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dlg));
        QPlainTextEdit *editor = editorOf(dlg);
        dlg.setContent(QStringLiteral("拖进来的图"));

        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(m_png), QUrl::fromLocalFile(m_text)});
        // On the editor: pictures for the post, not text for it.
        QDragEnterEvent enter(QPoint(20, 20), Qt::CopyAction, &mime, Qt::LeftButton,
                              Qt::NoModifier);
        QCoreApplication::sendEvent(editor->viewport(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(20, 20), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(editor->viewport(), &drop);
        QVERIFY(drop.isAccepted());
        QCOMPARE(dlg.pictures(), QStringList{m_png});
        QCOMPARE(dlg.content(), QStringLiteral("拖进来的图"));
        QVERIFY(dlg.notice().contains(QStringLiteral("notes.txt was not added")));

        // On the dialog itself.
        QMimeData more;
        more.setUrls({QUrl::fromLocalFile(m_jpeg)});
        QDragEnterEvent enter2(QPoint(5, 5), Qt::CopyAction, &more, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&dlg, &enter2);
        QVERIFY(enter2.isAccepted());
        QDropEvent drop2(QPointF(5, 5), Qt::CopyAction, &more, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&dlg, &drop2);
        QCOMPARE(dlg.pictures(), (QStringList{m_png, m_jpeg}));

        // Plain text dragged in stays text.
        QMimeData words;
        words.setText(QStringLiteral("字"));
        QDragEnterEvent enter3(QPoint(5, 5), Qt::CopyAction, &words, Qt::LeftButton,
                               Qt::NoModifier);
        QCoreApplication::sendEvent(&dlg, &enter3);
        QVERIFY(!enter3.isAccepted());
        QTRY_COMPARE(dlg.pendingThumbnails(), 0);
    }

    void ctrlReturnPosts()
    {
        ComposeDialog dlg;
        Publisher pub;
        pub.answer = 0;
        pub.error = QStringLiteral("Picture 1 (photo.png) cannot be posted: the file does not "
                                   "exist");
        dlg.setPublisher(pub.fn());
        QSignalSpy published(&dlg, &ComposeDialog::published);
        dlg.show();
        dlg.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&dlg));
        QPlainTextEdit *editor = editorOf(dlg);
        QVERIFY(editor->hasFocus());

        // Invalid: nothing is called.
        QTest::keyClick(editor, Qt::Key_Return, Qt::ControlModifier);
        QCOMPARE(pub.calls, 0);

        QTest::keyClicks(editor, QStringLiteral("  "));
        editor->insertPlainText(QStringLiteral("你好 ") +
                                QString::fromUcs4(U"\U0001F44B\U0001F389"));
        QCOMPARE(dlg.addPictures({m_png}), 1);
        QTest::keyClick(editor, Qt::Key_Return, Qt::ControlModifier);
        QCOMPARE(pub.calls, 1);
        QCOMPARE(pub.content, QString(QStringLiteral("你好 ") + QString::fromUcs4(U"👋🎉")));
        QCOMPARE(pub.pictures, QStringList{m_png});
        // 0 + words: still open, the words shown, nothing lost.
        QVERIFY(dlg.isVisible());
        QCOMPARE(dlg.notice(), pub.error);
        QVERIFY(dlg.findChild<QLabel *>(QStringLiteral("notice"))->isVisible());
        QCOMPARE(published.count(), 0);
        QCOMPARE(dlg.pictures(), QStringList{m_png});
        QVERIFY(save(&dlg, QStringLiteral("compose-error.png")));

        // 0 without words: a sentence of our own.
        pub.error.clear();
        QTest::keyClick(editor, Qt::Key_Enter, Qt::ControlModifier | Qt::KeypadModifier);
        QCOMPARE(pub.calls, 2);
        QCOMPARE(dlg.notice(), QStringLiteral("Your post could not be published."));

        // An id (the outbox's local ids are negative): accepted.
        pub.answer = -12;
        QTest::keyClick(editor, Qt::Key_Return, Qt::ControlModifier);
        QCOMPARE(pub.calls, 3);
        QVERIFY(!dlg.isVisible());
        QCOMPARE(dlg.result(), int(QDialog::Accepted));
        QCOMPARE(published.count(), 1);
        QCOMPARE(published.at(0).at(0).toLongLong(), -12);
        QTRY_COMPARE(dlg.pendingThumbnails(), 0);
    }

    void postButtonPosts()
    {
        ComposeDialog dlg;
        Publisher pub;
        pub.answer = 90999;
        dlg.setPublisher(pub.fn());
        dlg.show();
        dlg.setContent(QStringLiteral("按按钮发"));
        QTest::mouseClick(postButtonOf(dlg), Qt::LeftButton);
        QCOMPARE(pub.calls, 1);
        QCOMPARE(dlg.result(), int(QDialog::Accepted));
        // Plain Return in the editor is a new line, never a post.
        ComposeDialog other;
        other.setPublisher(pub.fn());
        other.show();
        other.setContent(QStringLiteral("第一行"));
        QTest::keyClick(editorOf(other), Qt::Key_Return);
        QCOMPARE(pub.calls, 1);
        QCOMPARE(editorOf(other)->toPlainText(), QStringLiteral("第一行\n"));
        QVERIFY(other.isVisible());
        other.setDiscardConfirmation([] { return true; });
    }

    void escapeCancels()
    {
        int asked = 0;
        bool answer = false;
        const auto confirm = [&] {
            ++asked;
            return answer;
        };
        {
            // Nothing written: Esc closes without asking.
            ComposeDialog dlg;
            dlg.setDiscardConfirmation(confirm);
            dlg.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dlg));
            QTest::keyClick(editorOf(dlg), Qt::Key_Escape);
            QVERIFY(!dlg.isVisible());
            QCOMPARE(dlg.result(), int(QDialog::Rejected));
            QCOMPARE(asked, 0);
        }
        {
            // Text: asked; "keep editing" keeps it, "discard" closes.
            ComposeDialog dlg;
            dlg.setDiscardConfirmation(confirm);
            dlg.show();
            editorOf(dlg)->insertPlainText(QStringLiteral("写了一半"));
            QTest::keyClick(editorOf(dlg), Qt::Key_Escape);
            QCOMPARE(asked, 1);
            QVERIFY(dlg.isVisible());
            QCOMPARE(dlg.content(), QStringLiteral("写了一半"));
            answer = true;
            QTest::keyClick(editorOf(dlg), Qt::Key_Escape);
            QCOMPARE(asked, 2);
            QVERIFY(!dlg.isVisible());
        }
        {
            // A picture alone counts too, and so does the Cancel button.
            ComposeDialog dlg;
            answer = false;
            dlg.setDiscardConfirmation(confirm);
            dlg.show();
            dlg.addPictures({m_png});
            auto *box = dlg.findChild<QDialogButtonBox *>();
            QTest::mouseClick(box->button(QDialogButtonBox::Cancel), Qt::LeftButton);
            QCOMPARE(asked, 3);
            QVERIFY(dlg.isVisible());
            QTRY_COMPARE(dlg.pendingThumbnails(), 0);
            answer = true;
            dlg.close(); // the window's close button
            QCOMPARE(asked, 4);
            QVERIFY(!dlg.isVisible());
        }
    }

    void escapeAsksWithARealMessageBox()
    {
        ComposeDialog dlg;
        dlg.show();
        dlg.setContent(QStringLiteral("不要了"));
        QString text;
        answerMessageBox(QStringLiteral("Keep editing"), &text);
        QTest::keyClick(editorOf(dlg), Qt::Key_Escape);
        QCOMPARE(text, QStringLiteral("Discard this post?"));
        QVERIFY(dlg.isVisible());
        text.clear();
        answerMessageBox(QStringLiteral("Discard"), &text);
        QTest::keyClick(editorOf(dlg), Qt::Key_Escape);
        QCOMPARE(text, QStringLiteral("Discard this post?"));
        QVERIFY(!dlg.isVisible());
        QCOMPARE(dlg.result(), int(QDialog::Rejected));
    }

    // The app's publisher: core::Actions::publishPost, into a real outbox, to the real server.
    void publishesThroughTheOutbox()
    {
        core::ApiClient api;
        api.setBaseUrl(m_server.baseUrl());
        Client me(m_server.baseUrl());
        api.setToken(me.login(QStringLiteral("zhangsan")));
        core::PostStore store;
        core::Outbox outbox(&api);
        outbox.setBackoff(20, 200);
        core::Actions actions(&outbox, &store);
        QSignalSpy opened(&outbox, &core::Outbox::opened);
        outbox.open(file(QStringLiteral("outbox.sqlite")));
        QVERIFY(opened.wait(kWaitMs));
        QVERIFY(opened.at(0).at(0).toBool());

        const auto publisher = [&](const QString &content, const QStringList &pictures,
                                   QString *error) {
            return actions.publishPost(content, pictures, QStringLiteral("Threadline 测试"), error);
        };

        // A picture that went away after it was added: the outbox says so, the dialog stays.
        {
            const QString doomed = makePicture(QStringLiteral("doomed.png"), "PNG", Qt::gray, 0);
            ComposeDialog dlg;
            dlg.setPublisher(publisher);
            dlg.show();
            dlg.setContent(QStringLiteral("图没了"));
            QCOMPARE(dlg.addPictures({doomed}), 1);
            QTRY_COMPARE(dlg.pendingThumbnails(), 0);
            QVERIFY(QFile::remove(doomed));
            dlg.post();
            QVERIFY(dlg.isVisible());
            QVERIFY2(dlg.notice().contains(QStringLiteral("doomed.png")), qPrintable(dlg.notice()));
            QVERIFY(dlg.notice().contains(QStringLiteral("does not exist")));
            dlg.setDiscardConfirmation([] { return true; });
        }

        // Text, emoji and two pictures: accepted, then on the server.
        const QString content = QStringLiteral("周末去爬山 ⛰️🌄 风景很好");
        ComposeDialog dlg;
        dlg.setPublisher(publisher);
        dlg.show();
        dlg.setContent(QStringLiteral("\n") + content + QStringLiteral("  "));
        QCOMPARE(dlg.addPictures({m_png, m_jpeg}), 2);
        QSignalSpy completed(&outbox, &core::Outbox::completed);
        dlg.post();
        QCOMPARE(dlg.result(), int(QDialog::Accepted));
        QVERIFY(completed.wait(kWaitMs));
        const core::Post post = completed.at(0).at(1).value<core::OutboxAnswer>().post.value();
        QCOMPARE(post.content, content);
        QCOMPARE(post.pictureUrls.size(), 2);
        const qint64 id = post.id;
        QCOMPARE(me.get(kApi + QStringLiteral("/posts/%1").arg(id))
                     .obj()
                     .value(QStringLiteral("content")),
                 QJsonValue(content));
        QTRY_COMPARE(dlg.pendingThumbnails(), 0);
    }

    void pastedPictureJoinsThePost()
    {
        // Ctrl+V with an image on the clipboard: saved as a file of its own (off the GUI
        // thread), then a picture of the post; with text on the clipboard, text as before.
        QStandardPaths::setTestModeEnabled(true); // the pasted files go to a test folder
        ComposeDialog dlg;
        dlg.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dlg));
        QPlainTextEdit *editor = editorOf(dlg);
        editor->setFocus();
        QImage shot(640, 400, QImage::Format_ARGB32);
        shot.fill(QColor(0x2e86de));
        QGuiApplication::clipboard()->setImage(shot);
        QTest::keyClick(editor, Qt::Key_V, Qt::ControlModifier);
        QTRY_COMPARE(dlg.pictures().size(), 1);
        const QString pasted = dlg.pictures().constFirst();
        QVERIFY2(QFileInfo(pasted).isFile() && pasted.endsWith(QStringLiteral(".png")),
                 qPrintable(pasted));
        QCOMPARE(QImage(pasted).size(), QSize(640, 400));
        QVERIFY(dlg.content().isEmpty()); // no text pasted with it
        QGuiApplication::clipboard()->setText(QStringLiteral("粘贴的文字"));
        QTest::keyClick(editor, Qt::Key_V, Qt::ControlModifier);
        QCOMPARE(dlg.content(), QStringLiteral("粘贴的文字"));
        QCOMPARE(dlg.pictures().size(), 1);
        // A picture bigger than the post allows is scaled down to 4096 px, not refused.
        QImage huge(6000, 3000, QImage::Format_RGB32);
        huge.fill(QColor(0xe67e22));
        QGuiApplication::clipboard()->setImage(huge);
        QTest::keyClick(editor, Qt::Key_V, Qt::ControlModifier);
        QTRY_COMPARE_WITH_TIMEOUT(dlg.pictures().size(), 2, 20000);
        QCOMPARE(QImageReader(dlg.pictures().at(1)).size(), QSize(4096, 2048));
        QTRY_COMPARE(dlg.pendingThumbnails(), 0);
        QStandardPaths::setTestModeEnabled(false);
    }

    void draftSurvivesARestart()
    {
        QStandardPaths::setTestModeEnabled(true);
        const QString key = QStringLiteral("drafts/newPost/test");
        QSettings().remove(key);
        {
            ComposeDialog dlg; // the program ends with the dialog open
            dlg.keepDraftAs(key);
            dlg.setContent(QStringLiteral("写了一半的动态"));
            dlg.addPictures({m_png});
            QTRY_COMPARE(dlg.pendingThumbnails(), 0);
        }
        Publisher pub;
        {
            ComposeDialog again; // … and starts again
            again.keepDraftAs(key);
            QCOMPARE(again.content(), QStringLiteral("写了一半的动态"));
            QCOMPARE(again.pictures(), QStringList{m_png});
            QTRY_COMPARE(again.pendingThumbnails(), 0);
            pub.answer = -7;
            again.setPublisher(pub.fn());
            again.post(); // posted: the draft is gone
            QCOMPARE(pub.calls, 1);
        }
        ComposeDialog third;
        third.keepDraftAs(key);
        QVERIFY(third.content().isEmpty() && third.pictures().isEmpty());
        QVERIFY(!QSettings().contains(key + QStringLiteral("/text")));
        QStandardPaths::setTestModeEnabled(false);
    }

    void composeScreenshots()
    {
        for (int width : {480, 900}) {
            ComposeDialog dlg;
            dlg.resize(width, 440);
            dlg.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dlg));
            dlg.setContent(QStringLiteral(
                "周末和朋友去爬山 ⛰️，山顶的风景太美了 🌄🌈\n"
                "下次还要一起去！👍😄"));
            QCOMPARE(dlg.addPictures(m_photos.mid(0, 10)), 9);
            QTRY_COMPARE(dlg.pendingThumbnails(), 0);
            QVERIFY(save(&dlg, QStringLiteral("compose-%1.png").arg(width)));
            dlg.setContent(emoji(1990) + QStringLiteral("好长好长"));
            dlg.removePicture(0);
            dlg.addPictures({m_text, file(QStringLiteral("nope.jpg"))});
            QVERIFY(save(&dlg, QStringLiteral("compose-limit-%1.png").arg(width)));
            dlg.setDiscardConfirmation([] { return true; });
        }
        ComposeDialog empty;
        empty.resize(480, 360);
        empty.show();
        QVERIFY(QTest::qWaitForWindowExposed(&empty));
        QVERIFY(save(&empty, QStringLiteral("compose-empty-480.png")));
    }

    // --- Likers ----------------------------------------------------------------------------

    void likersEveryoneOnceNewestFirst()
    {
        // What the server says, for reference.
        Client c(m_server.baseUrl());
        c.login(QStringLiteral("zhangsan"));
        const auto all = core::decodeLikePage(
            c.get(kApi + QStringLiteral("/posts/%1/likes?limit=50").arg(m_likedPost)).body);
        QVERIFY(all.ok());
        QList<qint64> server;
        for (const core::Like &l : all.value().items)
            server.append(l.user.uid);
        QCOMPARE(server, m_expectedLikers);

        auto api = signedIn();
        threadline::models::Feeds feeds(
            threadline::models::Feeds::Parts{api.get(), nullptr, nullptr, nullptr, nullptr});
        LikersDialog dlg(&feeds, nullptr, m_likedPost);
        QAbstractItemModelTester tester(dlg.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy finished(&dlg, &LikersDialog::pageFinished);
        QVERIFY(finished.wait(kWaitMs));
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        QCOMPARE(uids(*dlg.model()), m_expectedLikers);
        QVERIFY(!dlg.model()->nextCursor());
        QVERIFY(dlg.errorText().isEmpty());
        QCOMPARE(dlg.model()->index(0, 0).data(models::LikersModel::NameRole).toString(),
                 QStringLiteral("王五"));
    }

    void likersPagedByHand()
    {
        const qsizetype mark = m_server.settle();
        QVERIFY(mark >= 0);
        auto api = signedIn();
        threadline::models::Feeds feeds(
            threadline::models::Feeds::Parts{api.get(), nullptr, nullptr, nullptr, nullptr});
        LikersDialog dlg(&feeds, nullptr, m_likedPost);
        dlg.setPageSize(2);
        QCOMPARE(dlg.pageSize(), 2);
        QAbstractItemModelTester tester(dlg.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy finished(&dlg, &LikersDialog::pageFinished);
        QSignalSpy inserted(dlg.model(), &QAbstractItemModel::rowsInserted);
        QVERIFY(finished.wait(kWaitMs));
        QCOMPARE(uids(*dlg.model()), m_expectedLikers.mid(0, 2));
        QVERIFY(dlg.model()->nextCursor());
        dlg.loadMore();
        QVERIFY(dlg.isLoading());
        dlg.loadMore(); // while one is loading: nothing more
        QVERIFY(finished.wait(kWaitMs));
        QCOMPARE(uids(*dlg.model()), m_expectedLikers.mid(0, 4));
        dlg.loadMore();
        QVERIFY(finished.wait(kWaitMs));
        QCOMPARE(uids(*dlg.model()), m_expectedLikers);
        QVERIFY(!dlg.model()->nextCursor()); // the last page says so
        QCOMPARE(finished.count(), 3);
        QCOMPARE(inserted.count(), 3);
        dlg.loadMore(); // nothing after the last page
        QVERIFY(!dlg.isLoading());
        // three pages of this post's likers, each asked once
        const QByteArray path = "GET /api/v1/posts/" + QByteArray::number(m_likedPost) + "/likes ";
        const QList<QByteArray> lines = m_server.requestsSince(mark);
        QCOMPARE(std::count_if(lines.cbegin(), lines.cend(),
                               [&](const QByteArray &l) { return l.startsWith(path); }),
                 3);
    }

    void likersPageFailureKeepsTheList()
    {
        auto api = signedIn();
        api->setRetryPolicy(core::RetryPolicy{1, 10, 10});
        threadline::models::Feeds feeds(
            threadline::models::Feeds::Parts{api.get(), nullptr, nullptr, nullptr, nullptr});
        LikersDialog dlg(&feeds, nullptr, m_likedPost);
        dlg.setPageSize(2);
        dlg.resize(380, 200);
        QSignalSpy finished(&dlg, &LikersDialog::pageFinished);
        QVERIFY(finished.wait(kWaitMs));
        QCOMPARE(dlg.model()->rowCount(), 2);

        // The next page fails: the two stay listed, the words and Retry show under them.
        const QUrl good = api->baseUrl();
        api->setBaseUrl(QUrl(QStringLiteral("http://127.0.0.1:1")));
        dlg.loadMore();
        QVERIFY(finished.wait(kWaitMs));
        QCOMPARE(finished.last().at(0).toBool(), false);
        dlg.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dlg));
        QCOMPARE(dlg.model()->rowCount(), 2);
        QVERIFY(dlg.view()->isVisible());
        auto *status = dlg.findChild<QLabel *>(QStringLiteral("status"));
        QVERIFY(status->isVisible());
        QVERIFY(status->text().startsWith(QStringLiteral("The likes could not be loaded.")));
        auto *retryMore = dlg.findChild<QPushButton *>(QStringLiteral("retryMore"));
        QVERIFY(retryMore->isVisible());
        QVERIFY(!dlg.findChild<QPushButton *>(QStringLiteral("retry"))->isVisible());
        QVERIFY(save(&dlg, QStringLiteral("likers-page-failed.png")));

        // Back: Retry asks for the same page again, then the view carries on by itself.
        api->setBaseUrl(good);
        QTest::mouseClick(retryMore, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(dlg.model()->rowCount(), 6, kWaitMs);
        QTRY_VERIFY(!dlg.isLoading());
        QCOMPARE(uids(*dlg.model()), m_expectedLikers);
        QVERIFY(!status->isVisible());
        QVERIFY(!retryMore->isVisible());
    }

    void likersViewFillsItself()
    {
        auto api = signedIn();
        threadline::models::Feeds feeds(
            threadline::models::Feeds::Parts{api.get(), nullptr, nullptr, nullptr, nullptr});
        LikersDialog dlg(&feeds, nullptr, m_likedPost);
        dlg.setPageSize(2);
        dlg.setLikeCount(6);
        QCOMPARE(dlg.windowTitle(), QStringLiteral("Liked by 6 people"));
        QSignalSpy finished(&dlg, &LikersDialog::pageFinished);
        dlg.resize(380, 460);
        dlg.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dlg));
        // The view asks for pages (moreRequested) until it is full or the list ends.
        QTRY_COMPARE_WITH_TIMEOUT(dlg.model()->rowCount(), 6, kWaitMs);
        QTRY_VERIFY(!dlg.isLoading());
        QCOMPARE(uids(*dlg.model()), m_expectedLikers);
        QCOMPARE(finished.count(), 3);
        QVERIFY(!dlg.findChild<QLabel *>(QStringLiteral("status"))->isVisible());
        QVERIFY(!dlg.findChild<QLabel *>(QStringLiteral("message"))->isVisible());

        // Double-click and Return activate; the dialog stays.
        QSignalSpy activated(&dlg, &LikersDialog::userActivated);
        QListView *view = dlg.view();
        const QRect second = view->visualRect(dlg.model()->index(1, 0));
        // A real double-click: press, release, double-click, release.
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, second.center());
        QCOMPARE(activated.count(), 0); // a single click selects only
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, second.center());
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.at(0).at(0).toLongLong(), m_expectedLikers.at(1));
        view->setFocus();
        view->setCurrentIndex(dlg.model()->index(3, 0));
        QTest::keyClick(view, Qt::Key_Return);
        QCOMPARE(activated.count(), 2);
        QCOMPARE(activated.at(1).at(0).toLongLong(), m_expectedLikers.at(3));
        QVERIFY(dlg.isVisible());
        // Esc closes.
        QTest::keyClick(view, Qt::Key_Escape);
        QVERIFY(!dlg.isVisible());
    }

    void likersTitle()
    {
        auto api = signedIn();
        threadline::models::Feeds feeds(
            threadline::models::Feeds::Parts{api.get(), nullptr, nullptr, nullptr, nullptr});
        LikersDialog dlg(&feeds, nullptr, m_likedPost);
        QCOMPARE(dlg.windowTitle(), QStringLiteral("Likes"));
        dlg.setLikeCount(0);
        QCOMPARE(dlg.windowTitle(), QStringLiteral("No likes yet"));
        dlg.setLikeCount(1234);
        QCOMPARE(dlg.windowTitle(), QStringLiteral("Liked by 1234 people"));
    }

    void likersOfAPostNobodyLiked()
    {
        const qint64 id = newPost(QStringLiteral("lisi"), QStringLiteral("没人赞"));
        auto api = signedIn();
        threadline::models::Feeds feeds(
            threadline::models::Feeds::Parts{api.get(), nullptr, nullptr, nullptr, nullptr});
        LikersDialog dlg(&feeds, nullptr, id);
        dlg.show();
        QSignalSpy finished(&dlg, &LikersDialog::pageFinished);
        QVERIFY(finished.wait(kWaitMs));
        QCOMPARE(dlg.model()->rowCount(), 0);
        QLabel *status = dlg.findChild<QLabel *>(QStringLiteral("message"));
        QCOMPARE(status->text(), QStringLiteral("No one has liked this post yet."));
        QVERIFY(status->isVisible());
    }

    void likersOfADeletedPost()
    {
        const qint64 id = newPost(QStringLiteral("zhangsan"), QStringLiteral("马上删"));
        QCOMPARE(like(QStringLiteral("lisi"), id), 200);
        Client author(m_server.baseUrl());
        author.login(QStringLiteral("zhangsan"));
        QCOMPARE(author.del(kApi + QStringLiteral("/posts/%1").arg(id)).status, 204);

        auto api = signedIn();
        threadline::models::Feeds feeds(
            threadline::models::Feeds::Parts{api.get(), nullptr, nullptr, nullptr, nullptr});
        LikersDialog dlg(&feeds, nullptr, id);
        dlg.setLikeCount(1);
        dlg.resize(380, 300);
        dlg.show();
        QSignalSpy finished(&dlg, &LikersDialog::pageFinished);
        QVERIFY(finished.wait(kWaitMs));
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        QCOMPARE(dlg.errorText(), QStringLiteral("This post is no longer available."));
        QLabel *status = dlg.findChild<QLabel *>(QStringLiteral("message"));
        QVERIFY(status->isVisible());
        QCOMPARE(status->text(), dlg.errorText());
        QVERIFY(!dlg.findChild<QPushButton *>(QStringLiteral("retry"))->isVisible());
        QVERIFY(!dlg.view()->isVisible());
        QVERIFY(save(&dlg, QStringLiteral("likers-deleted.png")));
        dlg.loadMore(); // nothing to do, nothing breaks
        QVERIFY(!dlg.isLoading());
    }

    void likersServerUnreachableThenRetry()
    {
        core::ApiClient api;
        api.setBaseUrl(QUrl(QStringLiteral("http://127.0.0.1:1")));
        api.setRetryPolicy(core::RetryPolicy{1, 10, 10});
        threadline::models::Feeds feeds(
            threadline::models::Feeds::Parts{&api, nullptr, nullptr, nullptr, nullptr});
        LikersDialog dlg(&feeds, nullptr, m_likedPost);
        dlg.show();
        QSignalSpy finished(&dlg, &LikersDialog::pageFinished);
        QVERIFY(finished.wait(kWaitMs));
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        QVERIFY2(dlg.errorText().startsWith(QStringLiteral("The likes could not be loaded.\n")),
                 qPrintable(dlg.errorText()));
        QVERIFY(dlg.errorText().contains(QStringLiteral("could not be reached")));
        auto *retry = dlg.findChild<QPushButton *>(QStringLiteral("retry"));
        QVERIFY(retry->isVisible());
        QVERIFY(save(&dlg, QStringLiteral("likers-unreachable.png")));

        // The server is back (here: the right address): Retry loads.
        api.setBaseUrl(m_server.baseUrl());
        Client c(m_server.baseUrl());
        api.setToken(c.login(QStringLiteral("zhangsan")));
        QTest::mouseClick(retry, Qt::LeftButton);
        QVERIFY(finished.wait(kWaitMs));
        QCOMPARE(finished.at(1).at(0).toBool(), true);
        QCOMPARE(uids(*dlg.model()), m_expectedLikers);
        QVERIFY(dlg.errorText().isEmpty());
        QVERIFY(!retry->isVisible());
    }

    void likersScreenshots()
    {
        auto api = signedIn();
        core::ImageCache images(api->network());
        images.setServer(m_server.baseUrl());
        images.setDiskCacheDirectory(file(QStringLiteral("images")));
        // The sample post and ours (its long name elides); English, then Chinese.
        const QList<QPair<qint64, QString>> posts = {{90012, QStringLiteral("sample")},
                                                     {m_likedPost, QStringLiteral("ours")}};
        for (const auto &[postId, name] : posts) {
            for (int width : {480, 900}) {
                threadline::models::Feeds feeds(threadline::models::Feeds::Parts{
                    api.get(), nullptr, nullptr, nullptr, nullptr});
                LikersDialog dlg(&feeds, &images, postId);
                Client c(m_server.baseUrl());
                c.login(QStringLiteral("zhangsan"));
                dlg.setLikeCount(c.get(kApi + QStringLiteral("/posts/%1").arg(postId))
                                     .obj()
                                     .value(QStringLiteral("likeCount"))
                                     .toInteger());
                dlg.resize(width, 420);
                dlg.show();
                QVERIFY(QTest::qWaitForWindowExposed(&dlg));
                QTRY_VERIFY_WITH_TIMEOUT(dlg.model()->rowCount() > 0 && !dlg.isLoading(), kWaitMs);
                dlg.grab(); // asks for the avatars
                QTRY_VERIFY_WITH_TIMEOUT(images.pendingCount() == 0, kWaitMs);
                QVERIFY(save(&dlg, QStringLiteral("likers-%1-%2.png").arg(name).arg(width)));
            }
        }
        // Chinese (the relative times are translated; our new strings wait for the catalogue).
        installTranslations(*qApp, QLocale(QLocale::Chinese, QLocale::China));
        {
            threadline::models::Feeds feeds(
                threadline::models::Feeds::Parts{api.get(), nullptr, nullptr, nullptr, nullptr});
            LikersDialog dlg(&feeds, &images, m_likedPost);
            dlg.setLikeCount(6);
            dlg.resize(480, 420);
            dlg.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dlg));
            QTRY_VERIFY_WITH_TIMEOUT(dlg.model()->rowCount() > 0 && !dlg.isLoading(), kWaitMs);
            dlg.grab();
            QTRY_VERIFY_WITH_TIMEOUT(images.pendingCount() == 0, kWaitMs);
            dlg.view()->setCurrentIndex(dlg.model()->index(1, 0));
            QVERIFY(save(&dlg, QStringLiteral("likers-zh-480.png")));
        }
        {
            ComposeDialog dlg;
            dlg.resize(480, 420);
            dlg.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dlg));
            dlg.setContent(QStringLiteral("今天的晚霞 🌇"));
            dlg.addPictures(m_photos.mid(0, 4));
            QTRY_COMPARE(dlg.pendingThumbnails(), 0);
            QVERIFY(save(&dlg, QStringLiteral("compose-zh-480.png")));
            dlg.setDiscardConfirmation([] { return true; });
        }
        installTranslations(*qApp, QLocale(QStringLiteral("en")));
    }
};

QTEST_MAIN(TstDialogs)
#include "tst_dialogs.moc"
