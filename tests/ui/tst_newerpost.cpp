// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_newerpost: a post of a kind from a newer server (category VIDEO) on a timeline card, in
// English and zh_CN: the card is drawn as well as it can be (author, text, counts), with a line
// saying the kind is not supported yet, inside the card; the posts around it are unchanged; the
// card is grabbed for people to look at.
#include "artifacts.h"
#include "i18n.h"
#include "poststore.h"
#include "timeline/postdelegate.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelineview.h"
#include "wire/jsoncodec.h"

#include <QApplication>
#include <QDir>
#include <QListView>
#include <QPainter>
#include <QTest>

using namespace threadline;
using core::PostStore;
using models::TimelineModel;
using ui::PostDelegate;

class TstNewerPost : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void videoPostHasItsLine_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void videoPostHasItsLine()
    {
        QFETCH(QString, lang);
        installTranslations(*qApp, QLocale(lang));
        const auto video = core::decodePost(
            QByteArrayLiteral(R"({"id":7001,"category":"VIDEO","content":"看看这个视频",)"
                              R"("createtime":1543375480935,"device":"iPhone",)"
                              R"("author":{"uid":10001,"nickName":"张三","headImg":""},)"
                              R"("likeCount":3,"commentCount":1})"));
        QVERIFY(video.ok());
        const auto text = core::decodePost(
            QByteArrayLiteral(R"({"id":7002,"category":"TEXT","content":"普通动态",)"
                              R"("createtime":1543375480935,)"
                              R"("author":{"uid":10002,"nickName":"李四","headImg":""},)"
                              R"("likeCount":0,"commentCount":0})"));
        QVERIFY(text.ok());
        PostStore store;
        store.upsertPost(video.value());
        store.upsertPost(text.value());
        TimelineModel model(&store);
        model.setPosts({7001, 7002});

        const QModelIndex v = model.index(model.rowOf(7001));
        const QModelIndex t = model.index(model.rowOf(7002));
        const QString line = v.data(TimelineModel::UnsupportedRole).toString();
        QVERIFY(line.contains(QStringLiteral("VIDEO")));
        QCOMPARE(line, lang == QLatin1String("en")
                           ? QStringLiteral("This kind of post (VIDEO) is not supported yet.")
                           : QStringLiteral("暂不支持这种动态（VIDEO）。"));
        QVERIFY(t.data(TimelineModel::UnsupportedRole).toString().isEmpty());
        QCOMPARE(v.data(TimelineModel::ContentRole).toString(), QStringLiteral("看看这个视频"));

        PostDelegate delegate(nullptr);
        QListView list;
        QStyleOptionViewItem option;
        option.initFrom(&list);
        option.font = QApplication::font();
        option.fontMetrics = QFontMetrics(option.font);
        option.widget = &list;
        option.rect = QRect(0, 0, 520, 10);
        const int height = delegate.sizeHint(option, v).height();
        option.rect = QRect(0, 0, 520, height);
        const PostDelegate::CardLayout &l = delegate.layoutFor(option, v);
        QVERIFY(!l.unsupported.isNull());
        QVERIFY(option.rect.contains(l.unsupported));
        QVERIFY(!l.content.isNull()); // the text is still shown
        QVERIFY(l.unsupported.bottom() < l.content.top());
        option.rect = QRect(0, 0, 520, 10);
        QVERIFY(delegate.layoutFor(option, t).unsupported.isNull());

        // painted: the card is not blank
        option.rect = QRect(0, 0, 520, height);
        QImage image(520, height, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        {
            QPainter painter(&image);
            delegate.paint(&painter, option, v);
        }
        int inked = 0;
        for (int y = l.unsupported.top(); y <= l.unsupported.bottom(); ++y)
            for (int x = l.unsupported.left(); x <= l.unsupported.right(); ++x)
                inked += image.pixel(x, y) != qRgb(255, 255, 255);
        QVERIFY2(inked > 20, "the line is drawn");
        const QString dir = test::artifactDir(QStringLiteral("newerpost"));
        QVERIFY(image.save(QDir(dir).filePath(QStringLiteral("video-post-%1.png").arg(lang))));
        installTranslations(*qApp, QLocale(QStringLiteral("en")));
    }
};

QTEST_MAIN(TstNewerPost)
#include "tst_newerpost.moc"
