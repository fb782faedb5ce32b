// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The translation catalogues: embedded in threadline_core as ":/i18n/threadline_<lang>.qm" and
// installed by threadline::installTranslations(); zh_CN strings come back translated through
// the real classes, English plurals read right ("1 change", "2 changes"), a locale without a
// catalogue falls back to English, and the committed .ts files have nothing unfinished in zh_CN
// (every message), nothing unfinished among the English plurals, and the same placeholders as
// their sources.
#include "net/apierror.h"
#include "appcore.h"
#include "i18n.h"
#include "outbox/outbox.h"
#include "outbox/outboxstore.h"

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace threadline::core;

namespace {

const char *const kAppCore = "threadline::core::AppCore";

QString translated(const char *context, const char *source, int n = -1)
{
    return QCoreApplication::translate(context, source, nullptr, n);
}

struct TsMessage
{
    QString context;
    QString source;
    bool numerus = false;
    QString type; // the translation's type attribute: "", "unfinished", "vanished", "obsolete"
    QStringList translations; // the translation text, or its numerus forms
};

// Reads a .ts file; an empty list and `error` set when it cannot.
QList<TsMessage> readTs(const QString &path, QString *language, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return {};
    }
    QList<TsMessage> messages;
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == u"TS") {
            *language = xml.attributes().value(QLatin1String("language")).toString();
        } else if (name == u"name") {
            context = xml.readElementText();
        } else if (name == u"message") {
            current = TsMessage();
            current.context = context;
            current.numerus = xml.attributes().value(QLatin1String("numerus")) == u"yes";
        } else if (name == u"source") {
            current.source = xml.readElementText();
        } else if (name == u"translation") {
            current.type = xml.attributes().value(QLatin1String("type")).toString();
            if (current.numerus) {
                while (xml.readNextStartElement()) {
                    if (xml.name() == u"numerusform")
                        current.translations.append(xml.readElementText());
                    else
                        xml.skipCurrentElement();
                }
            } else {
                current.translations.append(xml.readElementText());
            }
            messages.append(current);
        }
    }
    if (xml.hasError()) {
        *error = xml.errorString();
        return {};
    }
    return messages;
}

// %1…%99, %L1, %n, %Ln: what a translation must keep.
QSet<QString> placeholders(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("%L?(\\d{1,2}|n)"));
    QSet<QString> found;
    for (auto it = re.globalMatch(text); it.hasNext();)
        found.insert(it.next().captured(0));
    return found;
}

QString describe(const TsMessage &m)
{
    return m.context + QStringLiteral(" / \"") + m.source + QLatin1Char('"');
}

} // namespace

class TstTranslations : public QObject
{
    Q_OBJECT

private:
    QCoreApplication &app() { return *QCoreApplication::instance(); }

    void checkCatalogue(const QString &fileName, bool everyMessage, int pluralForms)
    {
        const QString path = QStringLiteral(THREADLINE_TS_DIR "/") + fileName;
        QString language, error;
        const QList<TsMessage> messages = readTs(path, &language, &error);
        QVERIFY2(error.isEmpty(), qPrintable(path + QStringLiteral(": ") + error));
        QVERIFY2(messages.size() > 50, qPrintable(path));
        QVERIFY2(fileName.contains(language), qPrintable(language));
        QStringList problems;
        int numerus = 0;
        for (const TsMessage &m : messages) {
            if (m.type == u"vanished" || m.type == u"obsolete") {
                problems << describe(m) + QStringLiteral(": obsolete (run lupdate -no-obsolete)");
                continue;
            }
            if (m.numerus)
                ++numerus;
            if (!everyMessage && !m.numerus)
                continue; // English: the source text is the translation
            if (m.type == u"unfinished") {
                problems << describe(m) + QStringLiteral(": unfinished");
                continue;
            }
            if (m.numerus && m.translations.size() != pluralForms) {
                problems << describe(m) + QStringLiteral(": %1 plural forms, %2 expected")
                                              .arg(m.translations.size())
                                              .arg(pluralForms);
                continue;
            }
            const QSet<QString> wanted = placeholders(m.source);
            for (const QString &t : m.translations) {
                if (t.trimmed().isEmpty())
                    problems << describe(m) + QStringLiteral(": empty translation");
                else if (placeholders(t) != wanted)
                    problems << describe(m) + QStringLiteral(": placeholders differ in \"") + t +
                                    QLatin1Char('"');
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        QVERIFY2(numerus > 0, "no %n message: the plural checks test nothing");
    }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void cleanup()
    {
        threadline::installTranslations(app(), QLocale(QLocale::English, QLocale::UnitedStates));
    }

    // The .qm files are in the executable: threadline_core's resource object library came
    // along with the static library.
    void resourcesAreLinked()
    {
        QVERIFY(QFile::exists(QStringLiteral(":/i18n/threadline_zh_CN.qm")));
        QVERIFY(QFile::exists(QStringLiteral(":/i18n/threadline_en.qm")));
    }

    void chineseThroughTheRealClasses()
    {
        QVERIFY(threadline::installTranslations(app(), QLocale(QLocale::Chinese, QLocale::China)));

        QCOMPARE(translated(kAppCore, "Offline — %n change(s) waiting", 3),
                 QStringLiteral("离线 — 3 项更改待发送"));
        QCOMPARE(translated(kAppCore, "Sending %n change(s)…", 1),
                 QStringLiteral("正在发送 1 项更改…"));

        ApiError timeout;
        timeout.kind = ApiError::Kind::Timeout;
        QCOMPARE(timeout.describe(), QStringLiteral("请求超时"));
        QCOMPARE(ApiError::fromHttp(429, {}, 5).describe(),
                 QStringLiteral("请求过于频繁，请 5 秒后重试"));

        OutboxEntry like;
        like.kind = OutboxEntry::Kind::PostLike;
        like.targetId = 90012;
        like.desired = 1;
        like.description = translated("Actions", "%1's post").arg(QStringLiteral("王五"));
        QCOMPARE(Outbox::failureMessage(like, ApiError::fromHttp(404, {})),
                 QStringLiteral("你对王五的动态的赞未能保存：该动态已被删除"));

        // Qt's own catalogue came too (the standard buttons).
        QCOMPARE(translated("QPlatformTheme", "Cancel"), QStringLiteral("取消"));
    }

    // AppCore's status line, offline with queued changes, in Chinese.
    void chineseStatusLine()
    {
        QVERIFY(threadline::installTranslations(app(), QLocale(QStringLiteral("zh_CN"))));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        AppCore core;
        core.setServer(QUrl(QStringLiteral("http://127.0.0.1:9"))); // never asked: offline
        core.setOffline(true);
        QCOMPARE(core.statusText(), QStringLiteral("离线"));
        UserProfile me;
        me.brief.uid = 10001;
        me.brief.nickName = QStringLiteral("张三");
        AppCore::AccountOptions options;
        options.cachePath = dir.filePath(QStringLiteral("cache.sqlite"));
        options.outboxPath = dir.filePath(QStringLiteral("outbox.sqlite"));
        options.pollIntervalMs = 0;
        core.startAccount(me, options);
        core.outbox()->togglePostLike(90012, false, true, QStringLiteral("王五的动态"));
        QTRY_COMPARE(core.statusText(), QStringLiteral("离线 — 1 项更改待发送"));
        core.outbox()->togglePostLike(90013, false, true, QStringLiteral("李四的动态"));
        QTRY_COMPARE(core.statusText(), QStringLiteral("离线 — 2 项更改待发送"));
    }

    void englishPlurals()
    {
        QVERIFY(threadline::installTranslations(app(),
                                                QLocale(QLocale::English, QLocale::UnitedStates)));
        QCOMPARE(translated(kAppCore, "Offline — %n change(s) waiting", 1),
                 QStringLiteral("Offline — 1 change waiting"));
        QCOMPARE(translated(kAppCore, "Offline — %n change(s) waiting", 2),
                 QStringLiteral("Offline — 2 changes waiting"));
        QCOMPARE(translated(kAppCore, "Sending %n change(s)…", 1),
                 QStringLiteral("Sending 1 change…"));
        QCOMPARE(translated(kAppCore, "Sending %n change(s)…", 5),
                 QStringLiteral("Sending 5 changes…"));
        QCOMPARE(ApiError::fromHttp(429, {}, 1).describe(),
                 QStringLiteral("Too many requests; try again in 1 second"));
        // Not a plural: the source text, untouched.
        QCOMPARE(translated(kAppCore, "Offline"), QStringLiteral("Offline"));
    }

    // A language without a catalogue of ours: English plurals all the same.
    void fallsBackToEnglish()
    {
        QVERIFY(
            !threadline::installTranslations(app(), QLocale(QLocale::German, QLocale::Germany)));
        QCOMPARE(translated(kAppCore, "Offline — %n change(s) waiting", 2),
                 QStringLiteral("Offline — 2 changes waiting"));
    }

    // Installing again replaces what was installed: no Chinese left behind after switching.
    void switchingReplaces()
    {
        QVERIFY(threadline::installTranslations(app(), QLocale(QLocale::Chinese, QLocale::China)));
        QCOMPARE(translated(kAppCore, "Offline"), QStringLiteral("离线"));
        QVERIFY(threadline::installTranslations(app(),
                                                QLocale(QLocale::English, QLocale::UnitedKingdom)));
        QCOMPARE(translated(kAppCore, "Offline"), QStringLiteral("Offline"));
        QCOMPARE(translated(kAppCore, "Offline — %n change(s) waiting", 1),
                 QStringLiteral("Offline — 1 change waiting"));
    }

    // The committed catalogues (scripts/check-translations.sh also checks they are up to date
    // with the sources).
    void chineseCatalogueIsComplete()
    {
        checkCatalogue(QStringLiteral("threadline_zh_CN.ts"), true, 1);
    }
    void englishPluralsAreComplete()
    {
        checkCatalogue(QStringLiteral("threadline_en.ts"), false, 2);
    }
};

QTEST_GUILESS_MAIN(TstTranslations)
#include "tst_translations.moc"
