// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandline.h"

#include "common/preferences.h"
#include "wire/importfile.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QMetaEnum>
#include <QStringList>
#include <QUrl>
#include <cstdio>

namespace threadline::app {

namespace {

// The options' names, as the parser knows them.
const QString userName = QStringLiteral("user");
const QString passwordName = QStringLiteral("password");
const QString langName = QStringLiteral("lang");
const QString pageName = QStringLiteral("page");
const QString openName = QStringLiteral("open-post");
const QString importName = QStringLiteral("import");
const QString cacheName = QStringLiteral("cache");
const QString shotName = QStringLiteral("screenshot");
const QString sizeName = QStringLiteral("size");
const QString qaName = QStringLiteral("qa");
const QString themeName = QStringLiteral("theme");
const QString firstPaintName = QStringLiteral("first-paint");
const QString quitAfterPaintName = QStringLiteral("quit-after-first-paint");
const QString helpQaName = QStringLiteral("help-qa");
const QString searchName = QStringLiteral("search");
const QString searchKindName = QStringLiteral("search-kind");

std::optional<ui::MainWindow::Page> pageNamed(const QString &name)
{
    const QMetaEnum e = QMetaEnum::fromType<ui::MainWindow::Page>();
    for (int i = 0; i < e.keyCount(); ++i)
        if (name.compare(QLatin1String(e.key(i)), Qt::CaseInsensitive) == 0)
            return ui::MainWindow::Page(e.value(i));
    return std::nullopt;
}

} // namespace

namespace {

// The options for QA and benchmarks: hidden from --help, listed by --help-qa.
QList<QCommandLineOption> qaOptions()
{
    return {
        {passwordName,
         QStringLiteral("The password for --user (for scripts and QA; visible to other local "
                        "users in the process list)."),
         QStringLiteral("PW")},
        {shotName, QStringLiteral("Save the window as a PNG when loaded, then exit."),
         QStringLiteral("PATH")},
        {qaName,
         QStringLiteral("Show the QA panel: faults and the offline switch while the app runs.")},
        {firstPaintName,
         QStringLiteral("Print \"first-paint <ms since start> monotonic <ms>\" once the window's "
                        "first frame is out, and \"first-posts …\" once the cache's posts are.")},
        {quitAfterPaintName,
         QStringLiteral("With --first-paint: quit once the cache's posts are painted.")},
    };
}

} // namespace

void addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(QStringLiteral("Threadline desktop client"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({helpQaName, QStringLiteral("Show the options for QA and benchmarks.")});
    core::CoreOptions::addTo(parser);
    const QCommandLineOption userOpt(userName,
                                     QStringLiteral("Sign in as NAME (or open NAME's cache)."),
                                     QStringLiteral("NAME"));
    const QCommandLineOption langOpt(langName,
                                     QStringLiteral("The language: zh_CN or en (default: the "
                                                    "system's)."),
                                     QStringLiteral("LOCALE"));
    const QCommandLineOption pageOpt(
        pageName,
        QStringLiteral("The page to show: all, following, mine, hotday, hotweek, hotviews, "
                       "history, activity, ranking, likes, notifications, search."),
        QStringLiteral("NAME"));
    const QCommandLineOption openOpt(openName, QStringLiteral("Open the thread of post ID."),
                                     QStringLiteral("ID"));
    const QCommandLineOption importOpt(
        QStringList{importName, QStringLiteral("fixture")},
        QStringLiteral("Import the posts of FILE (one post, an array of posts or a page "
                       "{\"items\":[…]}) into the cache; shown in All. May repeat."),
        QStringLiteral("FILE"));
    const QCommandLineOption cacheOpt(
        cacheName,
        QStringLiteral("Open the cache FILE (created when missing) with no account; actions "
                       "queue in FILE.outbox and are sent once someone signs in."),
        QStringLiteral("FILE"));
    const QCommandLineOption sizeOpt(
        sizeName, QStringLiteral("The window size, e.g. 1280x800 (default: as last time)."),
        QStringLiteral("WxH"));
    const QCommandLineOption themeOpt(
        themeName,
        QStringLiteral("The colours: system, light or dark (default: as chosen in View → Theme)."),
        QStringLiteral("THEME"));
    const QCommandLineOption searchOpt(
        searchName, QStringLiteral("Open the Search page with TEXT searched (Ctrl+F)."),
        QStringLiteral("TEXT"));
    const QCommandLineOption searchKindOpt(
        searchKindName,
        QStringLiteral("What --search searches: posts (the default), comments or people."),
        QStringLiteral("KIND"));
    parser.addOptions({userOpt, langOpt, pageOpt, openOpt, importOpt, cacheOpt, sizeOpt, themeOpt,
                       searchOpt, searchKindOpt});
    parser.addPositionalArgument(QStringLiteral("url"),
                                 QStringLiteral("A Threadline link to open: threadline://post/ID."),
                                 QStringLiteral("[url]"));
    for (QCommandLineOption &o : qaOptions()) {
        o.setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(o);
    }
}

bool wantsQaHelp(const QCommandLineParser &parser)
{
    return parser.isSet(helpQaName);
}

QString qaHelpText()
{
    QString out = QStringLiteral("Options for QA and benchmarks (besides those of --help):\n");
    for (const QCommandLineOption &o : qaOptions() + core::CoreOptions::testingOptions()) {
        QString name = QStringLiteral("  --") + o.names().constFirst();
        if (!o.valueName().isEmpty())
            name += QStringLiteral(" <%1>").arg(o.valueName());
        out += name.leftJustified(32) + QLatin1Char(' ') + o.description() + QLatin1Char('\n');
    }
    return out;
}

std::optional<qint64> postOfLink(const QString &link)
{
    // threadline://post/42 (a trailing slash, a query or a fragment are ignored)
    const QUrl url(link, QUrl::StrictMode);
    if (!url.isValid() || url.scheme().compare(QLatin1String("threadline"), Qt::CaseInsensitive) ||
        url.host().compare(QLatin1String("post"), Qt::CaseInsensitive))
        return std::nullopt;
    const QString path = url.path();
    QStringView id = QStringView(path);
    if (id.startsWith(u'/'))
        id = id.mid(1);
    if (id.endsWith(u'/'))
        id = id.chopped(1);
    bool ok = false;
    const qint64 post = id.toLongLong(&ok);
    if (!ok || post <= 0)
        return std::nullopt;
    return post;
}

std::optional<QString> readPostToOpen(const QCommandLineParser &parser, qint64 *post)
{
    bool idOk = true;
    *post = parser.isSet(openName) ? parser.value(openName).toLongLong(&idOk) : 0;
    if (!idOk || *post < 0)
        return QStringLiteral("--open-post: not a post id: %1").arg(parser.value(openName));
    const QStringList links = parser.positionalArguments();
    if (links.size() > 1)
        return QStringLiteral("expected one link at most, not %1").arg(links.size());
    if (!links.isEmpty()) {
        const auto linked = postOfLink(links.constFirst());
        if (!linked)
            return QStringLiteral("not a Threadline link (threadline://post/ID): %1")
                .arg(links.constFirst());
        *post = *linked;
    }
    return std::nullopt;
}

std::optional<ui::MainWindow::Page> readPage(const QCommandLineParser &parser, QString *error)
{
    if (!parser.isSet(pageName))
        return std::nullopt;
    const auto page = pageNamed(parser.value(pageName));
    if (!page)
        *error = QStringLiteral("--page: unknown page \"%1\"").arg(parser.value(pageName));
    return page;
}

QLocale languageOf(const QCommandLineParser &parser)
{
    // --lang wins over the language chosen in Preferences (the system's when none)
    return parser.isSet(langName) ? QLocale(parser.value(langName))
                                  : ui::preferences::localeFor(ui::preferences::language());
}

std::optional<QString> readCommandLine(const QCommandLineParser &parser, CommandLine *out)
{
    if (const auto error = core::CoreOptions::read(parser, &out->core))
        return error;
    QString pageError;
    if (const auto page = readPage(parser, &pageError))
        out->page = *page;
    else if (!pageError.isEmpty())
        return pageError;
    if (const auto error = readPostToOpen(parser, &out->openPost))
        return error;
    // Every file is read before anything is written: one that cannot be read imports nothing;
    // a post of it that cannot be read is left out and said on stderr, the others imported.
    for (const QString &file : parser.values(importName)) {
        QString error;
        QStringList skipped;
        const auto posts = core::ImportFile::read(file, &error, &skipped);
        if (!posts)
            return error;
        for (const QString &why : skipped)
            std::fprintf(stderr, "%s\n", qPrintable(why));
        out->imported += *posts;
    }
    out->cacheFile = parser.value(cacheName);
    if (parser.isSet(cacheName) && out->cacheFile.isEmpty())
        return QStringLiteral("--cache: expected a file name");
    const auto theme = parser.isSet(themeName) ? ui::themeFromName(parser.value(themeName))
                                               : std::optional(ui::savedTheme());
    if (!theme)
        return QStringLiteral("--theme: expected system, light or dark, not \"%1\"")
            .arg(parser.value(themeName));
    out->theme = *theme;
    const QStringList size = parser.value(sizeName).split(QLatin1Char('x'));
    const int width = size.value(0).toInt(), height = size.value(1).toInt();
    if (parser.isSet(sizeName)) {
        if (size.size() != 2 || width < 320 || height < 240)
            return QStringLiteral("--size: expected WxH of at least 320x240, e.g. 1280x800");
        out->size = QSize(width, height);
    }
    out->user = parser.value(userName);
    if (parser.isSet(passwordName))
        out->password = parser.value(passwordName);
    if (parser.isSet(langName))
        out->lang = parser.value(langName);
    out->screenshot = parser.value(shotName);
    if (parser.isSet(searchName)) {
        out->search = parser.value(searchName).trimmed();
        if (out->search.isEmpty())
            return QStringLiteral("--search: expected the text to search for");
    }
    if (parser.isSet(searchKindName)) {
        const QString kind = parser.value(searchKindName);
        if (kind == QLatin1String("posts"))
            out->searchKind = core::SearchPage::Kind::Posts;
        else if (kind == QLatin1String("comments"))
            out->searchKind = core::SearchPage::Kind::Comments;
        else if (kind == QLatin1String("people"))
            out->searchKind = core::SearchPage::Kind::People;
        else
            return QStringLiteral("--search-kind: expected posts, comments or people, not \"%1\"")
                .arg(kind);
    }
    out->qaPanel = parser.isSet(qaName);
    out->firstPaint = parser.isSet(firstPaintName);
    out->quitAfterFirstPaint = parser.isSet(quitAfterPaintName);
    return std::nullopt;
}

} // namespace threadline::app
