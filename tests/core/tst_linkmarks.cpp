// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_linkmarks: web links in a text (core/wire/links.h) — only http and https, where a link ends
// (white space, the isolation marks of a shown text, U+FFFD, CJK punctuation, full-width forms),
// trailing punctuation and unbalanced brackets left out, what does not parse or is too long left
// alone, and a hostile text's bounded cost.
#include "wire/links.h"
#include "wire/usertext.h"

#include <QElapsedTimer>
#include <QTest>

using namespace threadline;

namespace {

// The links of a text as written.
QStringList linksIn(const QString &text)
{
    QStringList out;
    for (const core::LinkMark &m : core::linkMarks(text))
        out.append(text.mid(m.start, m.length));
    return out;
}

} // namespace

class TstLinkMarks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void found_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("links");
        QTest::newRow("plain") << "see https://example.org/a for more"
                               << QStringList{"https://example.org/a"};
        QTest::newRow("http") << "http://example.org" << QStringList{"http://example.org"};
        QTest::newRow("scheme in any case") << "HTTPS://Example.org/X and HtTp://a.b"
                                            << QStringList{"HTTPS://Example.org/X", "HtTp://a.b"};
        QTest::newRow("brackets kept when balanced")
            << "see https://example.org/a_(b)?q=1, then"
            << QStringList{"https://example.org/a_(b)?q=1"};
        QTest::newRow("in brackets")
            << "(see https://example.org/a_(b))." << QStringList{"https://example.org/a_(b)"};
        QTest::newRow("square and curly") << "[https://a.org/x] {https://b.org/y}"
                                          << QStringList{"https://a.org/x", "https://b.org/y"};
        QTest::newRow("trailing punctuation")
            << "https://a.org/x. https://b.org/y, https://c.org/z; https://d.org!? "
               "'https://e.org/q'"
            << QStringList{"https://a.org/x", "https://b.org/y", "https://c.org/z", "https://d.org",
                           "https://e.org/q"};
        QTest::newRow("inner punctuation kept")
            << "https://a.org/x.y?a=1,2;b=3:4!" << QStringList{"https://a.org/x.y?a=1,2;b=3:4"};
        QTest::newRow("port and query")
            << "http://127.0.0.1:8080/x?y=1#z" << QStringList{"http://127.0.0.1:8080/x?y=1#z"};
        QTest::newRow("cjk around")
            << "中文https://例子.cn/路径。后面" << QStringList{"https://例子.cn/路径"};
        QTest::newRow("cjk punctuation")
            << "看https://a.org/x，还有https://b.org/y！（https://c.org/z）「https://d.org」"
               "、https://e.org/w；《https://f.org/v》"
            << QStringList{"https://a.org/x", "https://b.org/y", "https://c.org/z",
                           "https://d.org",   "https://e.org/w", "https://f.org/v"};
        QTest::newRow("ideographic space")
            << QStringLiteral("https://a.org/x\u3000y") << QStringList{"https://a.org/x"};
        QTest::newRow("angle brackets and quotes")
            << "<https://a.org/x> \"https://b.org/y\""
            << QStringList{"https://a.org/x", "https://b.org/y"};
        QTest::newRow("line breaks") << QStringLiteral("https://a.org/x\nhttps://b.org/y\u2028z")
                                     << QStringList{"https://a.org/x", "https://b.org/y"};
        QTest::newRow("format characters")
            << QStringLiteral("https://a.org/x\u200By https://b.org/\u2069")
            << QStringList{"https://a.org/x", "https://b.org/"};
        QTest::newRow("not after a scheme's letter")
            << "xhttps://a.org 1http://b.org +http://c.org" << QStringList{};
        QTest::newRow("other schemes")
            << "ftp://x.org javascript:alert(1) file:///etc/passwd mailto:a@b.org "
               "data:text/html,<b>x</b> www.x.com x.com"
            << QStringList{};
        QTest::newRow("javascript behind http")
            << "javascript:http://a.org" << QStringList{"http://a.org"};
        QTest::newRow("no host") << "http:// https:///x http://:80/ https:" << QStringList{};
        QTest::newRow("does not parse") << "https://a.org:99999/ http://[::1/x" << QStringList{};
        QTest::newRow("empty") << "" << QStringList{};
    }

    void found()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, links);
        QCOMPARE(linksIn(text), links);
    }

    void urls()
    {
        const QString text = QStringLiteral("a HTTPS://Example.org/a_(b)?q=1. b");
        const QList<core::LinkMark> marks = core::linkMarks(text);
        QCOMPARE(marks.size(), 1);
        QCOMPARE(marks[0].start, 2);
        QCOMPARE(marks[0].length, 29);
        QCOMPARE(marks[0].url, QUrl(QStringLiteral("https://example.org/a_(b)?q=1")));
        QCOMPARE(marks[0].url.scheme(), QStringLiteral("https"));
        QVERIFY(core::isWebLink(marks[0].url));
        const auto idn = core::linkMarks(u"中文https://例子.cn/路径。");
        QCOMPARE(idn.size(), 1);
        QCOMPARE(idn[0].url.host(), QStringLiteral("例子.cn"));
        QCOMPARE(idn[0].url.path(), QStringLiteral("/路径"));
    }

    void shownText()
    {
        // as the views show a text: isolated, its bidi controls made U+FFFD; neither is a link's
        const QString shown =
            core::shownText(QStringLiteral("https://a.org/x\u202Eevil https://b.org/y"));
        QCOMPARE(linksIn(shown), (QStringList{"https://a.org/x", "https://b.org/y"}));
        QCOMPARE(linksIn(core::shownText(QStringLiteral("https://a.org/"))),
                 QStringList{"https://a.org/"});
    }

    void webLinksOnly()
    {
        QVERIFY(core::isWebLink(QUrl(QStringLiteral("http://a.org"))));
        QVERIFY(core::isWebLink(QUrl(QStringLiteral("HTTPS://a.org/x"))));
        QVERIFY(!core::isWebLink(QUrl(QStringLiteral("ftp://a.org"))));
        QVERIFY(!core::isWebLink(QUrl(QStringLiteral("javascript:alert(1)"))));
        QVERIFY(!core::isWebLink(QUrl(QStringLiteral("file:///etc/passwd"))));
        QVERIFY(!core::isWebLink(QUrl(QStringLiteral("http:///x"))));
        QVERIFY(!core::isWebLink(QUrl()));
    }

    void longestLink()
    {
        const QString prefix = QStringLiteral("https://a.org/");
        const QString longest = prefix + QString(core::kLinkMaxChars - prefix.size(), u'x');
        QCOMPARE(linksIn(longest + QStringLiteral(" ok")), QStringList{longest});
        // one more: no link at all (not a cut one), and the next one is still found
        QCOMPARE(linksIn(longest + QStringLiteral("y https://b.org")),
                 QStringList{"https://b.org"});
    }

    void hostileTextIsBounded()
    {
        QString many;
        for (int i = 0; i < 1000; ++i)
            many += QStringLiteral("https://a.org/%1 ").arg(i);
        QCOMPARE(core::linkMarks(many).size(), core::kLinksScanned);

        // half a megabyte of almost-links and of one endless run: linear, not quadratic
        QElapsedTimer timer;
        timer.start();
        QVERIFY(core::linkMarks(QString(100000, u'h') + QStringLiteral("ttp://")).isEmpty());
        QVERIFY(core::linkMarks(QStringLiteral("http://").repeated(70000)).isEmpty());
        QVERIFY(
            core::linkMarks(QStringLiteral("https://a.org/") + QString(500000, u')')).isEmpty());
        QVERIFY(core::linkMarks(QStringLiteral("http://a.b/(").repeated(20000)).isEmpty());
        const QString trimmed = QStringLiteral("https://a.org/") + QString(2000, u')');
        const QList<core::LinkMark> each =
            core::linkMarks((trimmed + QLatin1Char(' ')).repeated(200));
        QCOMPARE(each.size(), core::kLinksScanned);
        QCOMPARE(each.last().length, QStringLiteral("https://a.org/").size());
        // a quadratic scan would take minutes here; this is generous for a loaded machine
        QVERIFY2(timer.elapsed() < 10000, qPrintable(QString::number(timer.elapsed())));
    }
};

QTEST_GUILESS_MAIN(TstLinkMarks)
#include "tst_linkmarks.moc"
