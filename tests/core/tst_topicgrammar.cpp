// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_topicgrammar: the client's reading of `#name#` (core/wire/topics.h) against the same cases
// as the server's grammar (tests/server/tst_topics.cpp), plus the marks' spans the card draws
// and a hostile text's bounded cost.
#include "wire/topics.h"

#include <QTest>

using namespace threadline;

class TstTopicGrammar : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void grammar_data()
    {
        QTest::addColumn<QString>("content");
        QTest::addColumn<QStringList>("keys");
        QTest::newRow("two") << "学习 #Qt6# 和 #话题# 吧" << QStringList{"qt6", "话题"};
        QTest::newRow("case folded") << "#RustLang# again" << QStringList{"rustlang"};
        QTest::newRow("a space breaks it") << "#not one# but #this_one#" << QStringList{"this_one"};
        QTest::newRow("closing opens the next") << "a #b c#d# e" << QStringList{"d"};
        QTest::newRow("punctuation") << "#a!b# #ok-1·x#" << QStringList{"ok-1·x"};
        QTest::newRow("twenty is the most")
            << QStringLiteral("#%1# #%2#").arg(QString(20, u'x'), QString(21, u'y'))
            << QStringList{QString(20, u'x')};
        QTest::newRow("emoji is not a name") << "#😀# #猫#" << QStringList{"猫"};
        QTest::newRow("full-width is not a delimiter") << "＃猫＃ #狗#" << QStringList{"狗"};
        QTest::newRow("empty") << "## #" << QStringList{};
        QTest::newRow("same twice") << "#Qt# #qt#" << QStringList{"qt"};
    }

    void grammar()
    {
        QFETCH(QString, content);
        QFETCH(QStringList, keys);
        QCOMPARE(core::topicsOf(content), keys);
    }

    void spans()
    {
        const QString text = QStringLiteral("学习 #Qt6# 和 #话题#");
        const QList<core::TopicMark> marks = core::topicMarks(text);
        QCOMPARE(marks.size(), 2);
        QCOMPARE(text.mid(marks[0].start, marks[0].length), QStringLiteral("#Qt6#"));
        QCOMPARE(marks[0].name, QStringLiteral("Qt6"));
        QCOMPARE(marks[0].key, QStringLiteral("qt6"));
        QCOMPARE(text.mid(marks[1].start, marks[1].length), QStringLiteral("#话题#"));
    }

    void atMostTenTopics()
    {
        QString text;
        for (int i = 0; i < 15; ++i)
            text += QStringLiteral("#t%1# ").arg(i);
        QCOMPARE(core::topicsOf(text).size(), core::kTopicsPerPost);
    }

    void hostileTextIsBounded()
    {
        const QString text = QString(200000, u'#');
        QVERIFY(core::topicMarks(text).isEmpty());
        QString many;
        for (int i = 0; i < 1000; ++i)
            many += QStringLiteral("#a# ");
        QCOMPARE(core::topicMarks(many).size(), core::kTopicMarksScanned);
    }

    void keys()
    {
        QCOMPARE(core::topicKey(QStringLiteral("Qt")), QStringLiteral("qt"));
        QVERIFY(core::topicKey(QStringLiteral("a b")).isEmpty());
        QVERIFY(core::topicKey(QString()).isEmpty());
        QVERIFY(core::topicKey(QStringLiteral("x#")).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstTopicGrammar)
#include "tst_topicgrammar.moc"
