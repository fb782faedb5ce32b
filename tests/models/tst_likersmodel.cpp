// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "wire/jsoncodec.h"
#include "timeline/likersmodel.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

using namespace threadline;
using namespace threadline::models;

class TstLikersModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sampleLikersEachOnceAndPaging()
    {
        QFile f(QStringLiteral(THREADLINE_REPO_FIXTURES_DIR "/seed-post-90012.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto post = core::decodePost(f.readAll());
        QVERIFY(post.ok());
        LikersModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy more(&model, &LikersModel::moreRequested);
        model.appendPage(post.value().likes, QStringLiteral("cursor-2"));
        QCOMPARE(model.rowCount(), 2); // 李四, 麻子 — 麻子 appears twice in the sample
        QCOMPARE(model.index(1).data(LikersModel::NameRole).toString(), QStringLiteral("麻子"));
        QCOMPARE(model.index(0).data(LikersModel::LikedAtRole).toLongLong(), 1543375480935);
        // a view (here the model tester) fetches more; one request at a time
        model.fetchMore({});
        model.fetchMore({});
        QCOMPARE(more.count(), 1);
        QCOMPARE(more.at(0).at(0).toString(), QStringLiteral("cursor-2"));
        QVERIFY(!model.canFetchMore({}));
        model.appendPage(post.value().likes, std::nullopt); // everyone already listed
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(inserted.count(), 1);    // no insert for an empty batch
        QVERIFY(!model.canFetchMore({})); // the last page
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TstLikersModel)
#include "tst_likersmodel.moc"
