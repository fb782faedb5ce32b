// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The push stream's event parser (net/sseparser.h): the server's events, any split of the bytes,
// CR/LF/CRLF, comments (pings), a BOM, unknown fields, and its bounds — a line or an event too
// long is a protocol error, however the bytes come.
#include "net/sseparser.h"

#include <QTest>

using threadline::core::SseEvent;
using threadline::core::SseParser;

namespace {

const QByteArray kStream =
    QByteArrayLiteral(": ping\n\n"
                      "id: c1\nevent: hello\ndata: {\"next\":\"c1\"}\n\n"
                      "id: c2\r\nevent: changes\r\ndata: {\"changes\":[],\"next\":\"c2\"}\r\n\r\n"
                      "retry: 5\rid: c3\revent: whatever-new\rdata:a\rdata: b\rfoo: bar\r\r"
                      ": ping\n\n");

QList<SseEvent> expected()
{
    return {SseEvent{"hello", "c1", "{\"next\":\"c1\"}"},
            SseEvent{"changes", "c2", "{\"changes\":[],\"next\":\"c2\"}"},
            SseEvent{"whatever-new", "c3", "a\nb"}};
}

} // namespace

class TstSseParser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void wholeAndEverySplit()
    {
        {
            SseParser p;
            QList<SseEvent> out;
            QVERIFY(p.feed(kStream, &out));
            QCOMPARE(out, expected());
            QCOMPARE(p.comments(), 2);
            QCOMPARE(p.lastEventId(), QByteArray("c3"));
        }
        // One byte at a time, and every cut into two pieces.
        {
            SseParser p;
            QList<SseEvent> out;
            for (char c : kStream)
                QVERIFY(p.feed(QByteArrayView(&c, 1), &out));
            QCOMPARE(out, expected());
        }
        for (qsizetype cut = 0; cut <= kStream.size(); ++cut) {
            SseParser p;
            QList<SseEvent> out;
            QVERIFY(p.feed(kStream.first(cut), &out));
            QVERIFY(p.feed(kStream.sliced(cut), &out));
            QCOMPARE(out, expected());
        }
    }

    void bomAndDefaults()
    {
        SseParser p;
        QList<SseEvent> out;
        const QByteArray s = "\xEF\xBB\xBF"
                             "data: x\n\nid\ndata\n\nevent: e\n\n";
        for (char c : s)
            QVERIFY(p.feed(QByteArrayView(&c, 1), &out));
        // "message" by default; an empty `id` clears it; an event without data is not one.
        QCOMPARE(out, (QList<SseEvent>{SseEvent{"message", "", "x"}, SseEvent{"message", "", ""}}));
        // Not a BOM: its bytes are data.
        SseParser q;
        out.clear();
        QVERIFY(q.feed("\xEF", &out));
        QVERIFY(q.feed("x: y\ndata: z\n\n", &out));
        QCOMPARE(out, (QList<SseEvent>{SseEvent{"message", "", "z"}}));
    }

    void bounded()
    {
        // A line that never ends: refused once it passes the bound, whatever the pieces.
        SseParser p(64, 256);
        QList<SseEvent> out;
        QVERIFY(p.feed(QByteArray(40, 'a'), &out));
        QVERIFY(!p.feed(QByteArray(40, 'a'), &out));
        QVERIFY(p.failed());
        QVERIFY(p.error().contains(QLatin1String("line")));
        QVERIFY(!p.feed("\n\n", &out)); // dead until reset
        p.reset();
        QVERIFY(p.feed("data: ok\n\n", &out));
        QCOMPARE(out.size(), 1);

        // Many short lines of one event: refused past the event bound.
        SseParser q(64, 256);
        out.clear();
        bool ok = true;
        for (int i = 0; i < 20 && ok; ++i)
            ok = q.feed("data: 0123456789abcdef\n", &out);
        QVERIFY(!ok);
        QVERIFY(q.error().contains(QLatin1String("event")));
        QVERIFY(out.isEmpty());

        // The defaults: 1 MiB lines, 4 MiB events.
        SseParser d;
        out.clear();
        QVERIFY(d.feed("data: " + QByteArray(SseParser::kDefaultMaxLineBytes - 16, 'x') + "\n\n",
                       &out));
        QCOMPARE(out.size(), 1);
        QVERIFY(!d.feed(QByteArray(SseParser::kDefaultMaxLineBytes + 1, 'x'), &out));
    }
};

QTEST_GUILESS_MAIN(TstSseParser)
#include "tst_sseparser.moc"
