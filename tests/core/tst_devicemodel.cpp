// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tst_devicemodel: the raw device model a new post reports (core/devicemodel.h) — the
// THREADLINE_DEVICE override, the firmware's name and its placeholders, the system's name as
// the fallback, white space and control characters, the 100-code-point cap (never half an
// emoji), and a DMI-style file read from the test's own directory.
#include "devicemodel.h"

#include <QFile>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace threadline;

class TstDeviceModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { qunsetenv(core::kDeviceEnvVar); }

    void environmentOverrides()
    {
        qputenv(core::kDeviceEnvVar, QByteArrayLiteral("  OnePlus A6000  "));
        QCOMPARE(core::rawDeviceModel(), QStringLiteral("OnePlus A6000"));
        qputenv(core::kDeviceEnvVar, QStringLiteral("红米 6").toUtf8());
        QCOMPARE(core::rawDeviceModel(), QStringLiteral("红米 6"));
    }

    void blankEnvironmentIsIgnored()
    {
        qputenv(core::kDeviceEnvVar, QByteArrayLiteral("   "));
        const QString model = core::rawDeviceModel();
        // the firmware's name or the system's, never the host name, never blank here
        QCOMPARE(model,
                 core::deviceModelFrom(
                     {}, core::readFirmwareName(QString::fromLatin1(core::kDmiProductNamePath)),
                     QSysInfo::prettyProductName()));
        if (!QSysInfo::machineHostName().isEmpty() &&
            QSysInfo::machineHostName() != QSysInfo::prettyProductName())
            QVERIFY(model != QSysInfo::machineHostName());
    }

    void lengthIsCapped()
    {
        qputenv(core::kDeviceEnvVar, QByteArray(150, 'x'));
        QCOMPARE(core::rawDeviceModel().size(), 100);
        // 100 code points, counted as the server counts them: 99 letters and a whole emoji
        const QString emoji = QString::fromUtf8("\xF0\x9F\x93\xB1"); // 📱, two UTF-16 units
        qputenv(core::kDeviceEnvVar, (QString(99, QLatin1Char('a')) + emoji + emoji).toUtf8());
        const QString capped = core::rawDeviceModel();
        QCOMPARE(capped, QString(99, QLatin1Char('a')) + emoji);
        QCOMPARE(capped.toUcs4().size(), 100);
        QVERIFY(!capped.back().isHighSurrogate());
        QCOMPARE(core::cleanDeviceModel(QString(3, QLatin1Char('b')) + emoji, 4),
                 QStringLiteral("bbb") + emoji);
        QCOMPARE(core::cleanDeviceModel(emoji + emoji + emoji, 2), emoji + emoji);
    }

    void cleaned_data()
    {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::newRow("trimmed") << QStringLiteral("\t MI 8 \n") << QStringLiteral("MI 8");
        QTest::newRow("inner space") << QStringLiteral("MI   8") << QStringLiteral("MI 8");
        QTest::newRow("newline") << QStringLiteral("ThinkPad\nX1") << QStringLiteral("ThinkPad X1");
        QTest::newRow("control") << QStringLiteral("Pixel\x01 7") << QStringLiteral("Pixel 7");
        QTest::newRow("bidi") << QStringLiteral("\u202EPixel") << QStringLiteral("Pixel");
        QTest::newRow("empty") << QString() << QString();
    }
    void cleaned()
    {
        QFETCH(QString, in);
        QFETCH(QString, out);
        QCOMPARE(core::cleanDeviceModel(in), out);
    }

    void placeholders_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("placeholder");
        QTest::newRow("O.E.M.") << QStringLiteral("To be filled by O.E.M.") << true;
        QTest::newRow("O.E.M. caps") << QStringLiteral("To Be Filled By O.E.M.") << true;
        QTest::newRow("System Product Name") << QStringLiteral("System Product Name") << true;
        QTest::newRow("Default string") << QStringLiteral("Default string") << true;
        QTest::newRow("Not Applicable") << QStringLiteral("Not Applicable") << true;
        QTest::newRow("None") << QStringLiteral("None") << true;
        QTest::newRow("empty") << QString() << true;
        QTest::newRow("dots") << QStringLiteral("...") << true;
        QTest::newRow("ThinkPad") << QStringLiteral("ThinkPad X1 Carbon Gen 9") << false;
        QTest::newRow("XPS") << QStringLiteral("XPS 13 9310") << false;
        QTest::newRow("OnePlus") << QStringLiteral("oneplus a6000") << false;
    }
    void placeholders()
    {
        QFETCH(QString, name);
        QFETCH(bool, placeholder);
        QCOMPARE(core::isPlaceholderModel(name), placeholder);
    }

    void sourcesInOrder()
    {
        const QString os = QStringLiteral("Debian GNU/Linux 12 (bookworm)");
        QCOMPARE(core::deviceModelFrom(QStringLiteral("Env"), QStringLiteral("XPS 13"), os),
                 QStringLiteral("Env"));
        QCOMPARE(core::deviceModelFrom({}, QStringLiteral(" XPS 13 "), os),
                 QStringLiteral("XPS 13"));
        QCOMPARE(core::deviceModelFrom({}, QStringLiteral("To be filled by O.E.M."), os), os);
        QCOMPARE(core::deviceModelFrom({}, QStringLiteral("Default string"), os), os);
        QCOMPARE(core::deviceModelFrom(QStringLiteral("  "), QString(), os), os);
    }

    void readsTheFirmwareFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("product_name"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("  Latitude 7490 \nsecond line\n");
        f.close();
        QCOMPARE(core::readFirmwareName(path), QStringLiteral("Latitude 7490"));
        QCOMPARE(core::readFirmwareName(dir.filePath(QStringLiteral("absent"))), QString());
    }
};

QTEST_GUILESS_MAIN(TstDeviceModel)
#include "tst_devicemodel.moc"
