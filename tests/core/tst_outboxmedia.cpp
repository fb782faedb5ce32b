// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A new post with pictures through the outbox, against the real server: the pictures are copied
// into the outbox's own directory at creation (the originals may go at once), uploaded one by one
// with their own Idempotency-Keys, their URLs recorded as they come, then the post is created.
// Offline creation and a restart, a crash in the middle of the uploads (a loopback proxy loses the
// answers of the server), files refused at creation, pictures the server refuses (413, 422) and
// the copies cleaned up in every case. The same binary, started with --outbox-child, is a client
// process that the kill -9 test kills at each step of a post's uploads.
#include "net/apiclient.h"
#include "outbox/outbox.h"
#include "testserver.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QHostAddress>
#include <QImage>
#include <QJsonArray>
#include <QProcess>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

#include <cstdio>

using namespace threadline::core;
using threadline::test::Client;
using threadline::test::TestServer;

namespace {

constexpr int kWaitMs = 20000;

// Requests "METHOD path [status]" the server received after `mark` (from settle()). The paths
// here (/api/v1/media, /api/v1/posts) are not the test's own, so the baseline must be settled:
// an earlier test's upload still on its way would otherwise be counted.
int countRequests(TestServer &server, qsizetype mark, const QByteArray &method, const QString &path,
                  int status = -1)
{
    int n = 0;
    for (const QByteArray &line : server.requestsSince(mark)) {
        const QList<QByteArray> parts = line.split(' ');
        if (parts.size() >= 3 && parts.at(0) == method && parts.at(1) == path.toUtf8() &&
            (status < 0 || parts.at(2).toInt() == status))
            ++n;
    }
    return n;
}

int filesIn(const QString &dir)
{
    return int(QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System).size());
}

QByteArray headerValue(const QByteArray &head, const QByteArray &name)
{
    for (const QByteArray &line : head.split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().toLower() == name.toLower())
            return line.mid(colon + 1).trimmed();
    }
    return {};
}

// An image of its own (so that no two pictures of a test are the same bytes), encoded.
QByteArray encodedImage(const char *format, int seed, int width = 64, int height = 48)
{
    QImage image(width, height, QImage::Format_RGB32);
    image.fill(QColor::fromHsv((seed * 47) % 360, 200, 220));
    for (int y = 0; y < height; ++y) {
        for (int x = seed % width; x < qMin(width, seed % width + 8); ++x)
            image.setPixel(x, y, qRgb(0, 0, 0));
    }
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, format))
        qWarning("could not encode a %s image", format);
    return bytes;
}

// A loopback proxy in front of the real server: it passes every byte through, notes the heads of
// the media uploads and, from the dropMediaFrom-th upload on, lets the server handle the upload
// but drops its answer (the client sees the connection close): the answer lost in a crash.
class Proxy : public QObject
{
public:
    bool start()
    {
        connect(&m_server, &QTcpServer::newConnection, this, &Proxy::onConnection);
        return m_server.listen(QHostAddress::LocalHost, 0);
    }
    QUrl url() const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()));
    }

    quint16 upstreamPort = 0;
    int dropMediaFrom = 0;        // 0: drop nothing
    QList<QByteArray> mediaHeads; // every media upload that went through, in order
    int dropped = 0;              // answers dropped

private:
    struct Link
    {
        QByteArray pending; // client bytes before the upstream connection is up
        QByteArray stream;  // everything the client sent, to find the requests in
        qsizetype scanned = 0;
        bool doomed = false; // the answer on its way is to be dropped
    };

    void onConnection()
    {
        while (QTcpSocket *client = m_server.nextPendingConnection()) {
            client->setParent(this);
            auto *upstream = new QTcpSocket(client);
            auto link = std::make_shared<Link>();
            connect(upstream, &QTcpSocket::connected, client,
                    [upstream, link] { upstream->write(std::exchange(link->pending, {})); });
            connect(client, &QTcpSocket::readyRead, client, [this, client, upstream, link] {
                const QByteArray data = client->readAll();
                scan(*link, data);
                if (upstream->state() == QAbstractSocket::ConnectedState)
                    upstream->write(data);
                else
                    link->pending += data;
            });
            connect(upstream, &QTcpSocket::readyRead, client, [this, client, upstream, link] {
                const QByteArray data = upstream->readAll();
                if (link->doomed) {
                    ++dropped;
                    upstream->abort();
                    client->abort();
                    return;
                }
                client->write(data);
            });
            connect(upstream, &QTcpSocket::disconnected, client, &QTcpSocket::disconnectFromHost);
            connect(client, &QTcpSocket::disconnected, client, &QObject::deleteLater);
            upstream->connectToHost(QHostAddress::LocalHost, upstreamPort);
        }
    }

    void scan(Link &link, const QByteArray &data)
    {
        static const QByteArray needle = "POST /api/v1/media HTTP/1.1\r\n";
        link.stream += data;
        for (;;) {
            const qsizetype at = link.stream.indexOf(needle, link.scanned);
            if (at < 0) {
                link.scanned = qMax(link.scanned, link.stream.size() - needle.size());
                return;
            }
            const qsizetype end = link.stream.indexOf("\r\n\r\n", at);
            if (end < 0) {
                link.scanned = at;
                return;
            }
            mediaHeads.append(link.stream.mid(at, end - at));
            link.scanned = end + 4;
            if (dropMediaFrom > 0 && mediaHeads.size() >= dropMediaFrom)
                link.doomed = true;
        }
    }

    QTcpServer m_server;
};

// PROGRAM --outbox-child OUTBOX BASEURL TOKEN CONTENT PICTURE…: opens the outbox, queues the post
// and sends it, telling the parent each step on stdout ("persisted", "uploaded N", "completed") —
// until the parent kills it.
int runChild(const QStringList &args)
{
    if (args.size() < 7)
        return 2;
    ApiClient api;
    api.setBaseUrl(QUrl(args.at(3)));
    api.setToken(args.at(4));
    Outbox outbox(&api);
    outbox.setBackoff(50, 400);
    auto say = [](const QByteArray &line) {
        std::fputs((line + '\n').constData(), stdout);
        std::fflush(stdout);
    };
    QObject::connect(&outbox, &Outbox::persisted, [&](qint64) { say("persisted"); });
    QObject::connect(&outbox, &Outbox::pictureUploaded, [&](qint64, int index, const QString &) {
        say("uploaded " + QByteArray::number(index));
    });
    QObject::connect(&outbox, &Outbox::completed,
                     [&](const OutboxEntry &, const OutboxAnswer &) { say("completed"); });
    QObject::connect(&outbox, &Outbox::failed, [&](const OutboxEntry &, const QString &message) {
        say("failed " + message.toUtf8());
    });
    QObject::connect(&outbox, &Outbox::opened, [&] {
        NewPost np;
        np.content = args.at(5);
        QString error;
        if (outbox.createPostWithPictures(np, args.mid(6), QStringLiteral("my post"), &error) == 0)
            say("refused " + error.toUtf8());
    });
    outbox.open(args.at(2));
    return QCoreApplication::exec();
}

} // namespace

class TestOutboxMedia : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void publishesPicturesAfterTheOriginalsAreGone();
    void refusedAtCreation();
    void offlineThenRestart();
    void crashMidUpload();
    void invalidPictureFailsThePost();
    void tooLargePictureFailsThePost();
    void killedAtEachStep_data();
    void killedAtEachStep();

private:
    bool openOutbox();
    // Writes bytes into the test's temporary directory; returns the path.
    QString writeFile(const QString &name, const QByteArray &bytes);
    // zhangsan's posts with this content.
    QList<QJsonObject> myPosts(const QString &content);
    QString outboxPath() const { return m_dir->filePath(QStringLiteral("outbox.sqlite")); }
    void useServer(const QUrl &url);

    TestServer m_server;
    std::unique_ptr<Client> m_me; // zhangsan: the outbox's user
    QString m_token;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ApiClient> m_api;
    std::unique_ptr<Outbox> m_outbox;
};

void TestOutboxMedia::initTestCase()
{
    QVERIFY(m_server.start());
    m_me = std::make_unique<Client>(m_server.baseUrl());
    m_token = m_me->login(QStringLiteral("zhangsan"));
    QVERIFY(!m_token.isEmpty());
}

void TestOutboxMedia::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_api = std::make_unique<ApiClient>();
    m_api->setBaseUrl(m_server.baseUrl());
    m_api->setToken(m_token);
}

void TestOutboxMedia::cleanup()
{
    m_outbox.reset();
    m_api.reset();
    m_dir.reset();
}

void TestOutboxMedia::useServer(const QUrl &url)
{
    m_me->setBaseUrl(url);
    m_api->setBaseUrl(url);
}

bool TestOutboxMedia::openOutbox()
{
    m_outbox = std::make_unique<Outbox>(m_api.get());
    m_outbox->setBackoff(50, 400);
    // Generous: a timeout here is a retry, and the tests count the uploads exactly. Nothing in
    // this suite waits for a timeout (the proxy drops answers by closing the connection); with
    // 5 s, an upload on a machine whose cores are busy was sent twice and counted as three.
    m_outbox->setRequestTimeoutMs(30000);
    QSignalSpy opened(m_outbox.get(), &Outbox::opened);
    m_outbox->open(outboxPath());
    if (!opened.wait(kWaitMs) || !opened.at(0).at(0).toBool()) {
        qWarning("the outbox did not open");
        return false;
    }
    return true;
}

QString TestOutboxMedia::writeFile(const QString &name, const QByteArray &bytes)
{
    const QString path = m_dir->filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qWarning("cannot write %s", qPrintable(path));
    return path;
}

QList<QJsonObject> TestOutboxMedia::myPosts(const QString &content)
{
    QList<QJsonObject> posts;
    const auto r =
        m_me->get(QStringLiteral("/api/v1/timeline?scope=user&uid=%1&limit=50").arg(m_me->uid()));
    for (const QJsonValue &v : r.items()) {
        if (v.toObject().value(QLatin1String("content")).toString() == content)
            posts.append(v.toObject());
    }
    return posts;
}

void TestOutboxMedia::publishesPicturesAfterTheOriginalsAreGone()
{
    const int serverFiles = filesIn(m_server.mediaDir());
    QVERIFY(openOutbox());
    // Named by what they are not: the type comes from the bytes.
    const QList<QByteArray> bytes = {encodedImage("PNG", 1), encodedImage("JPEG", 2),
                                     encodedImage("PNG", 3, 300, 200)};
    const QStringList paths = {writeFile(QStringLiteral("one.png"), bytes.at(0)),
                               writeFile(QStringLiteral("two.png"), bytes.at(1)),
                               writeFile(QStringLiteral("three.jpg"), bytes.at(2))};
    QSignalSpy persisted(m_outbox.get(), &Outbox::persisted);
    QSignalSpy uploaded(m_outbox.get(), &Outbox::pictureUploaded);
    QSignalSpy done(m_outbox.get(), &Outbox::completed);
    QSignalSpy failed(m_outbox.get(), &Outbox::failed);
    QSignalSpy resolved(m_outbox.get(), &Outbox::localIdResolved);
    const qsizetype mark = m_server.settle();
    QVERIFY(mark >= 0);

    NewPost np;
    np.content = QStringLiteral("three pictures 📷");
    QString error = QStringLiteral("not cleared");
    const qint64 local =
        m_outbox->createPostWithPictures(np, paths, QStringLiteral("my post"), &error);
    QVERIFY(local < 0);
    QVERIFY(error.isEmpty());
    for (const QString &path : paths) // the user tidies up at once
        QVERIFY(QFile::remove(path));

    QVERIFY(persisted.wait(kWaitMs));
    QCOMPARE(persisted.at(0).at(0).toLongLong(), -local);
    QTRY_VERIFY_WITH_TIMEOUT(!done.isEmpty(), kWaitMs);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.at(0).at(1).toString()));
    QCOMPARE(uploaded.size(), 3);
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(uploaded.at(i).at(0).toLongLong(), -local);
        QCOMPARE(uploaded.at(i).at(1).toInt(), i);
    }
    QCOMPARE(m_outbox->pendingCount(), 0);

    const auto entry = done.at(0).at(0).value<OutboxEntry>();
    QCOMPARE(entry.kind, OutboxEntry::Kind::CreatePost);
    QCOMPARE(entry.localPictures().size(), 3);
    const qint64 serverId = done.at(0).at(1).value<OutboxAnswer>().createdId;
    QVERIFY(serverId > 0);
    QCOMPARE(resolved.size(), 1);
    QCOMPARE(resolved.at(0).at(0).toLongLong(), local);
    QCOMPARE(resolved.at(0).at(1).toLongLong(), serverId);

    // The server has the post with the three pictures, in order, each byte for byte.
    const QJsonObject post = m_me->get(QStringLiteral("/api/v1/posts/%1").arg(serverId)).obj();
    QCOMPARE(post.value(QLatin1String("content")).toString(), np.content);
    QCOMPARE(post.value(QLatin1String("category")).toString(), QStringLiteral("PICTURE"));
    const QJsonArray urls = post.value(QLatin1String("pictureUrls")).toArray();
    QCOMPARE(urls.size(), 3);
    const QList<QByteArray> types = {"image/png", "image/jpeg", "image/png"};
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(urls.at(i).toString(), uploaded.at(i).at(2).toString());
        QCOMPARE(urls.at(i).toString(), entry.localPictures().at(i).url);
        const auto media = m_me->get(urls.at(i).toString());
        QCOMPARE(media.status, 200);
        QCOMPARE(media.header("Content-Type"), types.at(i));
        QVERIFY2(media.body == bytes.at(i), qPrintable(QStringLiteral("picture %1").arg(i + 1)));
    }
    QCOMPARE(countRequests(m_server, mark, "POST", QStringLiteral("/api/v1/media"), 201), 3);
    QCOMPARE(countRequests(m_server, mark, "POST", QStringLiteral("/api/v1/posts"), 201), 1);
    QCOMPARE(filesIn(m_server.mediaDir()), serverFiles + 3);
    // Published: the outbox's copies are gone.
    QTRY_COMPARE_WITH_TIMEOUT(filesIn(m_outbox->mediaDir()), 0, kWaitMs);
}

void TestOutboxMedia::refusedAtCreation()
{
    QVERIFY(openOutbox());
    const QString good = writeFile(QStringLiteral("good.png"), encodedImage("PNG", 4));
    const QString text = writeFile(QStringLiteral("notes.png"), "just some text, not a picture");
    QByteArray big = encodedImage("PNG", 5);
    big.append(QByteArray(Outbox::kMaxPictureBytes + 1 - big.size(), '\0'));
    const QString large = writeFile(QStringLiteral("large.png"), big);
    const QString bmp = writeFile(QStringLiteral("bitmap.png"), encodedImage("BMP", 6));
    const QString missing = m_dir->filePath(QStringLiteral("gone.png"));

    struct Case
    {
        QStringList paths;
        QString error;
    };
    const QList<Case> cases = {
        {{good, missing},
         QStringLiteral("Picture 2 (gone.png) cannot be posted: the file does not exist")},
        {{text},
         QStringLiteral(
             "Picture 1 (notes.png) cannot be posted: it is not a PNG, JPEG or WebP image")},
        {{good, good, large},
         QStringLiteral("Picture 3 (large.png) cannot be posted: it is larger than 5 MiB")},
        {{bmp},
         QStringLiteral(
             "Picture 1 (bitmap.png) cannot be posted: it is not a PNG, JPEG or WebP image")},
        {QStringList(10, good), QStringLiteral("A post can have at most 9 pictures")},
    };
    NewPost np;
    np.content = QStringLiteral("never queued");
    for (const Case &c : cases) {
        QString error;
        QCOMPARE(m_outbox->createPostWithPictures(np, c.paths, QStringLiteral("my post"), &error),
                 0);
        QCOMPARE(error, c.error);
    }
    // Counted with the pictures that are already URLs.
    np.pictureUrls = QStringList(8, QStringLiteral("/api/v1/media/x.png"));
    QString error;
    QCOMPARE(m_outbox->createPostWithPictures(np, {good, good}, {}, &error), 0);
    QCOMPARE(error, QStringLiteral("A post can have at most 9 pictures"));
    np.pictureUrls = {QStringLiteral("/api/v1/media/x.png")};
    QCOMPARE(m_outbox->createPostWithPictures(np, {good, text}, {}, &error), 0);
    QCOMPARE(error, QStringLiteral("Picture 3 (notes.png) cannot be posted: it is not a PNG, "
                                   "JPEG or WebP image"));

    // Nothing was queued, nothing copied.
    QCOMPARE(m_outbox->pendingCount(), 0);
    QVERIFY(m_outbox->entries().isEmpty());
    QVERIFY(!QDir(m_outbox->mediaDir()).exists());
}

void TestOutboxMedia::offlineThenRestart()
{
    const int serverFiles = filesIn(m_server.mediaDir());
    m_api->setOffline(true);
    QVERIFY(openOutbox());
    const QList<QByteArray> bytes = {encodedImage("JPEG", 7), encodedImage("PNG", 8)};
    const QStringList paths = {writeFile(QStringLiteral("a.jpg"), bytes.at(0)),
                               writeFile(QStringLiteral("b.png"), bytes.at(1))};
    QSignalSpy persisted(m_outbox.get(), &Outbox::persisted);
    NewPost np;
    np.content = QStringLiteral("written offline with pictures");
    const qint64 local = m_outbox->createPostWithPictures(np, paths, QStringLiteral("my post"));
    QVERIFY(local < 0);
    QVERIFY(persisted.wait(kWaitMs));
    // Durable: the copies are in the outbox's directory, named after the entry.
    const QString mediaDir = m_outbox->mediaDir();
    QCOMPARE(QDir(mediaDir).entryList(QDir::Files),
             (QStringList{QStringLiteral("%1-1.jpg").arg(-local),
                          QStringLiteral("%1-2.png").arg(-local)}));
    m_outbox.reset(); // the process ends with nothing sent
    for (const QString &path : paths)
        QVERIFY(QFile::remove(path));

    // The next start, online: the same entry, sent once.
    const qsizetype mark = m_server.settle();
    QVERIFY(mark >= 0);
    m_api->setOffline(false);
    QVERIFY(openOutbox());
    QSignalSpy done(m_outbox.get(), &Outbox::completed);
    QSignalSpy failed(m_outbox.get(), &Outbox::failed);
    QTRY_COMPARE_WITH_TIMEOUT(m_outbox->pendingCount(), 0, kWaitMs);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.at(0).at(1).toString()));
    QCOMPARE(done.size(), 1);
    QCOMPARE(done.at(0).at(0).value<OutboxEntry>().id, -local);
    const QList<QJsonObject> posts = myPosts(np.content);
    QCOMPARE(posts.size(), 1);
    const QJsonArray urls = posts.at(0).value(QLatin1String("pictureUrls")).toArray();
    QCOMPARE(urls.size(), 2);
    for (int i = 0; i < 2; ++i)
        QCOMPARE(m_me->get(urls.at(i).toString()).body, bytes.at(i));
    QCOMPARE(countRequests(m_server, mark, "POST", QStringLiteral("/api/v1/media"), 201), 2);
    QCOMPARE(countRequests(m_server, mark, "POST", QStringLiteral("/api/v1/posts"), 201), 1);
    QCOMPARE(filesIn(m_server.mediaDir()), serverFiles + 2);
    QTRY_COMPARE_WITH_TIMEOUT(filesIn(mediaDir), 0, kWaitMs);
}

void TestOutboxMedia::crashMidUpload()
{
    const int serverFiles = filesIn(m_server.mediaDir());
    Proxy proxy;
    QVERIFY(proxy.start());
    proxy.upstreamPort = m_server.port();
    proxy.dropMediaFrom = 2; // the server stores picture 2, its answer never arrives
    m_api->setBaseUrl(proxy.url());
    QVERIFY(openOutbox());
    const QList<QByteArray> bytes = {encodedImage("PNG", 9), encodedImage("JPEG", 10),
                                     encodedImage("PNG", 11)};
    QStringList paths;
    for (int i = 0; i < 3; ++i)
        paths << writeFile(QStringLiteral("crash%1.img").arg(i), bytes.at(i));
    QSignalSpy uploaded(m_outbox.get(), &Outbox::pictureUploaded);
    QSignalSpy retries(m_outbox.get(), &Outbox::retryScheduled);
    QSignalSpy failed(m_outbox.get(), &Outbox::failed);
    NewPost np;
    np.content = QStringLiteral("crash in the middle of the uploads");
    const qint64 local = m_outbox->createPostWithPictures(np, paths, QStringLiteral("my post"));
    QVERIFY(local < 0);

    // Picture 1 is recorded; picture 2 reached the server, but its answer was lost (and the
    // retries' too): the entry waits with picture 1's URL only.
    QTRY_VERIFY_WITH_TIMEOUT(proxy.dropped >= 1 && !retries.isEmpty(), kWaitMs);
    QCOMPARE(uploaded.size(), 1);
    QVERIFY(failed.isEmpty());
    QVERIFY(retries.at(0).at(1).value<ApiError>().isTransient());
    QCOMPARE(filesIn(m_server.mediaDir()), serverFiles + 2);
    const QString pictureOneUrl = uploaded.at(0).at(2).toString();
    QCOMPARE(m_outbox->entries().size(), 1);
    QCOMPARE(m_outbox->entries().first().localPictures().at(0).url, pictureOneUrl);
    QVERIFY(m_outbox->entries().first().localPictures().at(1).url.isEmpty());

    // The crash: the client goes away, the server restarts too.
    m_outbox.reset();
    m_server.stop();
    QVERIFY(m_server.restart());
    useServer(m_server.baseUrl());
    proxy.upstreamPort = m_server.port();
    proxy.dropMediaFrom = 0;
    m_api->setBaseUrl(proxy.url());
    const qsizetype mark = m_server.settle();
    QVERIFY(mark >= 0);
    const qsizetype headsBefore = proxy.mediaHeads.size();

    m_api->setOffline(true);
    QVERIFY(openOutbox());
    QCOMPARE(m_outbox->pendingCount(), 1);
    const OutboxEntry reloaded = m_outbox->entries().first();
    QCOMPARE(reloaded.id, -local);
    QCOMPARE(reloaded.localPictures().at(0).url, pictureOneUrl);
    QVERIFY(reloaded.localPictures().at(1).url.isEmpty());
    QSignalSpy done(m_outbox.get(), &Outbox::completed);
    QSignalSpy failedAfter(m_outbox.get(), &Outbox::failed);
    m_api->setOffline(false);
    QTRY_COMPARE_WITH_TIMEOUT(m_outbox->pendingCount(), 0, kWaitMs);
    QVERIFY2(failedAfter.isEmpty(),
             failedAfter.isEmpty() ? "" : qPrintable(failedAfter.at(0).at(1).toString()));
    QCOMPARE(done.size(), 1);

    // Exactly one post, with the three pictures in order, and no picture stored twice: picture
    // 2 was answered from the server's idempotency record, picture 1 was not sent again.
    const QList<QJsonObject> posts = myPosts(np.content);
    QCOMPARE(posts.size(), 1);
    const QJsonArray urls = posts.at(0).value(QLatin1String("pictureUrls")).toArray();
    QCOMPARE(urls.size(), 3);
    QCOMPARE(urls.at(0).toString(), pictureOneUrl);
    for (int i = 0; i < 3; ++i)
        QCOMPARE(m_me->get(urls.at(i).toString()).body, bytes.at(i));
    QCOMPARE(filesIn(m_server.mediaDir()), serverFiles + 3);
    QCOMPARE(countRequests(m_server, mark, "POST", QStringLiteral("/api/v1/media")), 2);
    QCOMPARE(countRequests(m_server, mark, "POST", QStringLiteral("/api/v1/posts"), 201), 1);

    // Each picture had its own key, the same on every attempt and across the restart.
    QCOMPARE(proxy.mediaHeads.size(), headsBefore + 2);
    QStringList keys;
    for (const QByteArray &head : std::as_const(proxy.mediaHeads))
        keys << QString::fromLatin1(headerValue(head, "Idempotency-Key"));
    QCOMPARE(keys.at(0), reloaded.localPictures().at(0).idempotencyKey);
    for (qsizetype i = 1; i < keys.size() - 1; ++i)
        QCOMPARE(keys.at(i), reloaded.localPictures().at(1).idempotencyKey);
    QCOMPARE(keys.last(), reloaded.localPictures().at(2).idempotencyKey);
    QCOMPARE(QSet<QString>(keys.cbegin(), keys.cend()).size(), 3);
    QVERIFY(!keys.contains(reloaded.idempotencyKey));
    QTRY_COMPARE_WITH_TIMEOUT(filesIn(m_outbox->mediaDir()), 0, kWaitMs);
}

void TestOutboxMedia::invalidPictureFailsThePost()
{
    QVERIFY(openOutbox());
    // Picture 2 looks like a PNG (its signature) but does not decode: the server says 422.
    QByteArray broken = "\x89PNG\r\n\x1a\n";
    for (int i = 0; i < 256; ++i)
        broken.append(char(QRandomGenerator::global()->bounded(256)));
    const QStringList paths = {writeFile(QStringLiteral("fine.png"), encodedImage("PNG", 12)),
                               writeFile(QStringLiteral("broken.png"), broken)};
    QSignalSpy persisted(m_outbox.get(), &Outbox::persisted);
    QSignalSpy failed(m_outbox.get(), &Outbox::failed);
    QSignalSpy done(m_outbox.get(), &Outbox::completed);
    const qsizetype mark = m_server.settle();
    QVERIFY(mark >= 0);
    NewPost np;
    np.content = QStringLiteral("one picture is broken");
    QString error;
    const qint64 local =
        m_outbox->createPostWithPictures(np, paths, QStringLiteral("my post"), &error);
    QVERIFY2(local < 0, qPrintable(error));
    QVERIFY(persisted.wait(kWaitMs));
    QCOMPARE(filesIn(m_outbox->mediaDir()), 2);

    QVERIFY(failed.wait(kWaitMs));
    QCOMPARE(failed.at(0).at(1).toString(),
             QStringLiteral("Your post could not be published: picture 2 is not a valid image"));
    QCOMPARE(failed.at(0).at(0).value<OutboxEntry>().id, -local);
    QVERIFY(done.isEmpty());
    QCOMPARE(m_outbox->pendingCount(), 0);
    QCOMPARE(countRequests(m_server, mark, "POST", QStringLiteral("/api/v1/media"), 422), 1);
    QCOMPARE(countRequests(m_server, mark, "POST", QStringLiteral("/api/v1/posts")), 0);
    QVERIFY(myPosts(np.content).isEmpty());
    // Kept as failed, its pictures with it (a retry needs them), until it is discarded.
    QCOMPARE(m_outbox->failedCount(), 1);
    QCOMPARE(filesIn(m_outbox->mediaDir()), 2);
    QVERIFY(m_outbox->discard(-local));
    QCOMPARE(m_outbox->failedCount(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(filesIn(m_outbox->mediaDir()), 0, kWaitMs);
}

void TestOutboxMedia::tooLargePictureFailsThePost()
{
    // Checked at creation, a picture can still be over the server's limit when it leaves (a
    // server with a lower limit; here the outbox's copy grows past 5 MiB while offline): 413.
    m_api->setOffline(true);
    QVERIFY(openOutbox());
    const QString path = writeFile(QStringLiteral("grows.png"), encodedImage("PNG", 13));
    QSignalSpy persisted(m_outbox.get(), &Outbox::persisted);
    QSignalSpy failed(m_outbox.get(), &Outbox::failed);
    QSignalSpy summary(m_outbox.get(), &Outbox::summaryReady);
    NewPost np;
    np.content = QStringLiteral("too large when sent");
    const qint64 local = m_outbox->createPostWithPictures(np, {path}, QStringLiteral("my post"));
    QVERIFY(local < 0);
    QVERIFY(persisted.wait(kWaitMs));
    const QString copy =
        QDir(m_outbox->mediaDir()).filePath(m_outbox->entries().first().localFiles().first());
    {
        QFile f(copy);
        QVERIFY(f.open(QIODevice::Append));
        QVERIFY(f.write(QByteArray(Outbox::kMaxPictureBytes, '\0')) > 0); // trailing bytes
    }
    const qsizetype mark = m_server.settle();
    QVERIFY(mark >= 0);
    m_api->setOffline(false);
    QVERIFY(failed.wait(kWaitMs));
    const QString sentence =
        QStringLiteral("Your post could not be published: picture 1 is too large");
    QCOMPARE(failed.at(0).at(1).toString(), sentence);
    QCOMPARE(countRequests(m_server, mark, "POST", QStringLiteral("/api/v1/media"), 413), 1);
    QCOMPARE(countRequests(m_server, mark, "POST", QStringLiteral("/api/v1/posts")), 0);
    // back from offline: the summary lists it (it may have come while the requests were counted)
    QTRY_COMPARE_WITH_TIMEOUT(summary.count(), 1, kWaitMs);
    QCOMPARE(summary.at(0).at(0).toStringList(), QStringList{sentence});
    // Kept as failed with its copy until discarded.
    QVERIFY(QFile::exists(copy));
    QVERIFY(m_outbox->discard(-local));
    QTRY_VERIFY_WITH_TIMEOUT(!QFile::exists(copy), kWaitMs);
    QCOMPARE(filesIn(m_outbox->mediaDir()), 0);
}

void TestOutboxMedia::killedAtEachStep_data()
{
    QTest::addColumn<QByteArray>("killAfter");
    QTest::newRow("queued") << QByteArray("persisted");
    QTest::newRow("picture 1 uploaded") << QByteArray("uploaded 0");
    QTest::newRow("picture 2 uploaded") << QByteArray("uploaded 1");
    QTest::newRow("picture 3 uploaded") << QByteArray("uploaded 2");
    QTest::newRow("published") << QByteArray("completed");
}

void TestOutboxMedia::killedAtEachStep()
{
    QFETCH(QByteArray, killAfter);
    const int serverFiles = filesIn(m_server.mediaDir());
    const QList<QByteArray> bytes = {encodedImage("PNG", 14), encodedImage("JPEG", 15),
                                     encodedImage("PNG", 16, 120, 90)};
    QStringList paths;
    for (int i = 0; i < 3; ++i)
        paths << writeFile(QStringLiteral("kill%1.img").arg(i), bytes.at(i));
    const QString content =
        QStringLiteral("killed after %1").arg(QString::fromLatin1(QTest::currentDataTag()));

    // A client process, killed with SIGKILL the moment it reports the step.
    QProcess child;
    child.setProcessChannelMode(QProcess::SeparateChannels);
    child.setStandardInputFile(QProcess::nullDevice());
    QByteArray said;
    bool killed = false;
    connect(&child, &QProcess::readyReadStandardOutput, &child, [&] {
        said += child.readAllStandardOutput();
        if (!killed && said.split('\n').contains(killAfter)) {
            killed = true;
            child.kill();
        } else if (said.contains("refused") || said.contains("failed")) {
            child.kill(); // it went wrong: no need to wait
        }
    });
    QSignalSpy exited(&child, &QProcess::finished);
    child.start(QCoreApplication::applicationFilePath(),
                QStringList{QStringLiteral("--outbox-child"), outboxPath(),
                            m_server.baseUrl().toString(), m_token, content} +
                    paths);
    QVERIFY(exited.wait(kWaitMs));
    QVERIFY2(killed, said.constData());
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);
    for (const QString &path : paths) // the originals are gone by the restart
        QVERIFY(QFile::remove(path));

    // The next start: whatever was left is sent, once.
    QVERIFY(openOutbox());
    QSignalSpy failed(m_outbox.get(), &Outbox::failed);
    QTRY_COMPARE_WITH_TIMEOUT(m_outbox->pendingCount(), 0, kWaitMs);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.at(0).at(1).toString()));
    const QList<QJsonObject> posts = myPosts(content);
    QCOMPARE(posts.size(), 1);
    const QJsonArray urls = posts.at(0).value(QLatin1String("pictureUrls")).toArray();
    QCOMPARE(urls.size(), 3);
    for (int i = 0; i < 3; ++i)
        QCOMPARE(m_me->get(urls.at(i).toString()).body, bytes.at(i));
    QCOMPARE(filesIn(m_server.mediaDir()), serverFiles + 3); // no picture stored twice
    QTRY_COMPARE_WITH_TIMEOUT(filesIn(m_outbox->mediaDir()), 0, kWaitMs);
}

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    if (argc > 1 && qstrcmp(argv[1], "--outbox-child") == 0)
        return runChild(app.arguments());
    TestOutboxMedia test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_outboxmedia.moc"
