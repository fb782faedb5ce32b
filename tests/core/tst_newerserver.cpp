// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_newerserver: values from a newer server. A post whose category this client does not know
// (VIDEO) is read as Unknown with its word, on every path that reads posts (one post, a timeline
// page, /sync's data, a file of posts), kept through the cache's blob, and never refused; a file
// for --import keeps every post it can read and says which it left out and why (in English and
// zh_CN); a file of which nothing can be read still imports nothing.
#include "cache/cacheblob.h"
#include "i18n.h"
#include "wire/importfile.h"
#include "wire/jsoncodec.h"

#include <QCoreApplication>
#include <QLocale>
#include <QTemporaryDir>
#include <QTest>

using namespace threadline;
using core::Post;

namespace {

QByteArray post(qint64 id, const char *category, const char *extra = "")
{
    return QStringLiteral(R"({"id":%1,"category":"%2","content":"p%1","createtime":1543375480935,)"
                          R"("author":{"uid":10001,"nickName":"张三","headImg":""},)"
                          R"("likeCount":0,"commentCount":0%3})")
        .arg(id)
        .arg(QString::fromLatin1(category), QString::fromLatin1(extra))
        .toUtf8();
}

} // namespace

class TstNewerServer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void unknownCategoryIsKept()
    {
        const auto p = core::decodePost(post(1, "VIDEO"));
        QVERIFY2(p.ok(), p.ok() ? "" : qPrintable(p.error().toString()));
        QCOMPARE(p.value().category, Post::Category::Unknown);
        QCOMPARE(p.value().categoryWord, QStringLiteral("VIDEO"));
        QCOMPARE(p.value().content, QStringLiteral("p1"));
        // the known ones as before, and no word
        const auto t = core::decodePost(post(2, "TEXT"));
        QVERIFY(t.ok());
        QCOMPARE(t.value().category, Post::Category::Text);
        QVERIFY(t.value().categoryWord.isEmpty());
        // a category that is no string is still a malformed post
        QVERIFY(!core::decodePost(QByteArray(post(3, "X")).replace("\"X\"", "5")).ok());
        // an absurdly long word is bounded
        const QByteArray longWord(5000, 'V');
        const auto l = core::decodePost(post(4, longWord.constData()));
        QVERIFY(l.ok());
        QCOMPARE(l.value().categoryWord.size(), 40);
    }

    void aPageWithAVideoKeepsEveryPost()
    {
        const QByteArray page = "{\"items\":[" + post(10, "TEXT") + "," + post(11, "VIDEO") + "," +
                                post(12, "PICTURE", R"(,"pictureUrls":["/a.png"])") +
                                "],\"next\":\"x\"}";
        const auto decoded = core::decodePostPage(page);
        QVERIFY(decoded.ok());
        QCOMPARE(decoded.value().items.size(), 3);
        QCOMPARE(decoded.value().items.at(1).category, Post::Category::Unknown);
        QVERIFY(decoded.value().skipped.isEmpty());
    }

    void theCacheKeepsTheWord()
    {
        const auto p = core::decodePost(post(20, "LIVE_STREAM"));
        QVERIFY(p.ok());
        const QByteArray blob = core::CacheBlob::encode(p.value());
        const auto back = core::CacheBlob::decodePost(blob);
        QVERIFY(back);
        QCOMPARE(back->category, Post::Category::Unknown);
        QCOMPARE(back->categoryWord, QStringLiteral("LIVE_STREAM"));
        QCOMPARE(*back, p.value());
    }

    void importKeepsWhatItCanRead_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void importKeepsWhatItCanRead()
    {
        QFETCH(QString, lang);
        installTranslations(*qApp, QLocale(lang));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("newer.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        // a VIDEO post (kept), one without an author (left out), a text post (kept)
        QByteArray noAuthor = post(31, "TEXT");
        noAuthor.replace(R"("author":{"uid":10001,"nickName":"张三","headImg":""},)", "");
        f.write("[" + post(30, "VIDEO") + "," + noAuthor + "," + post(32, "TEXT") + "]");
        f.close();
        QString error;
        QStringList skipped;
        const auto posts = core::ImportFile::read(path, &error, &skipped);
        QVERIFY2(posts, qPrintable(error));
        QCOMPARE(posts->size(), 2);
        QCOMPARE(posts->at(0).id, 30);
        QCOMPARE(posts->at(0).category, Post::Category::Unknown);
        QCOMPARE(posts->at(1).id, 32);
        QCOMPARE(skipped.size(), 1);
        QVERIFY2(skipped.first().contains(QStringLiteral("[1]")), qPrintable(skipped.first()));
        QVERIFY2(skipped.first().contains(QStringLiteral("author")), qPrintable(skipped.first()));
        if (lang == QLatin1String("en"))
            QVERIFY2(skipped.first().contains(QStringLiteral("left out")),
                     qPrintable(skipped.first()));
        else
            QVERIFY2(skipped.first().contains(QStringLiteral("已略过")),
                     qPrintable(skipped.first()));

        // nothing readable: nothing imported, the first reason said
        QFile g(dir.filePath(QStringLiteral("none.json")));
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write("[" + noAuthor + "]");
        g.close();
        error.clear();
        QVERIFY(!core::ImportFile::read(g.fileName(), &error, &skipped));
        QVERIFY(error.contains(QStringLiteral("author")));
        installTranslations(*qApp, QLocale(QStringLiteral("en")));
    }
};

QTEST_MAIN(TstNewerServer)
#include "tst_newerserver.moc"
