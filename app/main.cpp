// threadline: the desktop client. The composition root: the command line, the core, the main
// window and the sign-in flow.
//   threadline [--server URL] [--user NAME [--password PW]] [--offline] [--lang zh_CN|en]
//              [--faults SPEC] [--like-delay MS] [--page NAME] [--open-post ID]
//              [--fixture FILE] [--screenshot PATH] [--size WxH] [--qa]
// --screenshot saves the window as a PNG once the first page (and an opened thread) has loaded,
// then exits: 0 when saved, 1 otherwise. --fixture puts the posts of a JSON file shaped like the
// spec's sample (one post, or {"items":[…]}) on top of the All timeline (QA). --qa shows the QA
// panel: faults (the --faults grammar) and the offline switch while the app runs.
#include "appcore.h"
#include "coreoptions.h"
#include "i18n.h"
#include "jsoncodec.h"
#include "logindialog.h"
#include "mainwindow.h"
#include "session.h"
#include "threadloader.h"
#include "threadview.h"
#include "timelinefeed.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDialog>
#include <QDir>
#include <QFile>
#include <QMetaEnum>
#include <QPointer>
#include <QProcess>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <cstdio>
#include <functional>
#include <memory>

using namespace threadline;
using ui::MainWindow;

namespace {

void say(const QString &line, FILE *to = stdout)
{
    std::fprintf(to, "%s\n", line.toLocal8Bit().constData());
    std::fflush(to);
}

std::optional<MainWindow::Page> pageNamed(const QString &name)
{
    const QMetaEnum e = QMetaEnum::fromType<MainWindow::Page>();
    for (int i = 0; i < e.keyCount(); ++i)
        if (name.compare(QLatin1String(e.key(i)), Qt::CaseInsensitive) == 0)
            return MainWindow::Page(e.value(i));
    return std::nullopt;
}

// The posts of a fixture file: one post (the sample's shape) or a page {"items":[…]}.
std::optional<QList<core::Post>> readFixture(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QCoreApplication::translate("main", "Cannot read %1: %2")
                     .arg(QDir::toNativeSeparators(path), f.errorString());
        return std::nullopt;
    }
    const QByteArray bytes = f.readAll();
    if (const auto post = core::decodePost(bytes); post.ok())
        return QList<core::Post>{post.value()};
    if (const auto page = core::decodePostPage(bytes); page.ok())
        return page.value().items;
    *error = QCoreApplication::translate("main", "%1 is not a post or a page of posts: %2")
                 .arg(QDir::toNativeSeparators(path), core::decodePost(bytes).error().toString());
    return std::nullopt;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Threadline"));
    QApplication::setApplicationName(QStringLiteral("threadline"));
    QApplication::setApplicationDisplayName(QStringLiteral("Threadline"));
    QApplication::setApplicationVersion(QStringLiteral(THREADLINE_VERSION_STRING));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Threadline desktop client"));
    parser.addHelpOption();
    parser.addVersionOption();
    core::CoreOptions::addTo(parser);
    const QCommandLineOption userOpt(QStringLiteral("user"),
                                     QStringLiteral("Sign in as NAME (or open NAME's cache)."),
                                     QStringLiteral("NAME"));
    const QCommandLineOption passwordOpt(
        QStringLiteral("password"),
        QStringLiteral("The password for --user (for scripts and QA; visible to other local "
                       "users in the process list)."),
        QStringLiteral("PW"));
    const QCommandLineOption langOpt(QStringLiteral("lang"),
                                     QStringLiteral("The language: zh_CN or en (default: the "
                                                    "system's)."),
                                     QStringLiteral("LOCALE"));
    const QCommandLineOption pageOpt(
        QStringLiteral("page"),
        QStringLiteral("The page to show: all, following, mine, hotday, hotweek, history, "
                       "activity."),
        QStringLiteral("NAME"));
    const QCommandLineOption openOpt(QStringLiteral("open-post"),
                                     QStringLiteral("Open the thread of post ID."),
                                     QStringLiteral("ID"));
    const QCommandLineOption fixtureOpt(
        QStringLiteral("fixture"),
        QStringLiteral("Show the posts of FILE (shaped like the spec's sample) on top."),
        QStringLiteral("FILE"));
    const QCommandLineOption shotOpt(
        QStringLiteral("screenshot"),
        QStringLiteral("Save the window as a PNG when loaded, then exit."), QStringLiteral("PATH"));
    const QCommandLineOption sizeOpt(
        QStringLiteral("size"),
        QStringLiteral("The window size, e.g. 1280x800 (default: as last time)."),
        QStringLiteral("WxH"));
    const QCommandLineOption qaOpt(
        QStringLiteral("qa"),
        QStringLiteral("Show the QA panel: faults and the offline switch while the app runs."));
    parser.addOptions(
        {userOpt, passwordOpt, langOpt, pageOpt, openOpt, fixtureOpt, shotOpt, sizeOpt, qaOpt});
    parser.process(app);

    installTranslations(app,
                        parser.isSet(langOpt) ? QLocale(parser.value(langOpt)) : QLocale::system());

    core::CoreOptions options;
    if (const auto error = core::CoreOptions::read(parser, &options)) {
        say(*error, stderr);
        return 2;
    }
    std::optional<MainWindow::Page> page = MainWindow::Page::All;
    if (parser.isSet(pageOpt) && !(page = pageNamed(parser.value(pageOpt)))) {
        say(QStringLiteral("--page: unknown page \"%1\"").arg(parser.value(pageOpt)), stderr);
        return 2;
    }
    bool idOk = true;
    const qint64 openPost = parser.isSet(openOpt) ? parser.value(openOpt).toLongLong(&idOk) : 0;
    if (!idOk || openPost < 0) {
        say(QStringLiteral("--open-post: not a post id: %1").arg(parser.value(openOpt)), stderr);
        return 2;
    }
    QList<core::Post> fixture;
    if (parser.isSet(fixtureOpt)) {
        QString error;
        const auto posts = readFixture(parser.value(fixtureOpt), &error);
        if (!posts) {
            say(error, stderr);
            return 2;
        }
        fixture = *posts;
    }
    const QStringList size = parser.value(sizeOpt).split(QLatin1Char('x'));
    const int width = size.value(0).toInt(), height = size.value(1).toInt();
    if (parser.isSet(sizeOpt) && (size.size() != 2 || width < 320 || height < 240)) {
        say(QStringLiteral("--size: expected WxH of at least 320x240, e.g. 1280x800"), stderr);
        return 2;
    }

    core::AppCore core;
    if (options.server.isEmpty())
        options.server = core::Session::rememberedServer();
    if (options.server.isEmpty())
        options.server = QUrl(QStringLiteral("http://127.0.0.1:8080"));
    options.applyTo(core);
    core::AppCore::AccountOptions account;
    account.likeDelayMs = options.likeDelayMs;

    MainWindow window(&core); // where it was last time, or 1200×800
    if (parser.isSet(sizeOpt))
        window.resize(width, height);
    if (parser.isSet(qaOpt))
        window.setQaPanelVisible(true);
    window.show();

    const QString shotPath = parser.value(shotOpt);
    const QString user = parser.value(userOpt);
    core::Session *session = core.session();
    QPointer<ui::LoginDialog> login;

    // --screenshot: once the first page has loaded (or said why not) and an opened thread too;
    // images get a moment to arrive. Never more than 30 s in all.
    bool shotTaken = false;
    const auto takeShot = [&] {
        if (shotTaken)
            return;
        shotTaken = true;
        QTimer::singleShot(1500, &app, [&] {
            const bool saved = window.grab().save(shotPath, "PNG");
            say(saved ? QStringLiteral("screenshot saved: %1").arg(shotPath)
                      : QStringLiteral("screenshot not saved: %1").arg(shotPath),
                saved ? stdout : stderr);
            app.exit(saved ? 0 : 1);
        });
    };
    if (!shotPath.isEmpty())
        QTimer::singleShot(30000, &app, takeShot);

    std::function<void(const core::UserProfile &)> started;
    started = [&](const core::UserProfile &me) {
        if (login)
            login->accept();
        if (core.hasAccount() && core.accountUid() != me.brief.uid) {
            // Another person: their own outbox, cache and sync. Threadline starts again for them
            // (the token is in the keychain: no password asked), this run ends.
            QStringList args{QStringLiteral("--server"), core.server().toString(),
                             QStringLiteral("--user"), session->username()};
            if (parser.isSet(langOpt))
                args << QStringLiteral("--lang") << parser.value(langOpt);
            QProcess::startDetached(QCoreApplication::applicationFilePath(), args);
            app.quit();
            return;
        }
        if (window.hasAccount())
            return; // the same person signed in again (after a 401): the window goes on
        if (QWidget *modal = QApplication::activeModalWidget()) {
            // a dialog of the window is open (a report, say): closed first, the pages rebuilt
            // once it has returned — never under its feet
            if (auto *dialog = qobject_cast<QDialog *>(modal))
                dialog->reject();
            else
                modal->close();
            QTimer::singleShot(0, &app, [&, me] { started(me); });
            return;
        }
        window.startAccount(me, account);
        window.showPage(*page);
        auto *first = window.feed(MainWindow::Page::All);
        const auto once = std::make_shared<bool>(false);
        const auto firstPage = [&, once] {
            if (*once)
                return;
            *once = true;
            if (!fixture.isEmpty())
                window.addPostsOnTop(fixture);
            if (openPost > 0) {
                window.openThread(openPost);
                if (!shotPath.isEmpty()) {
                    auto *loader = window.threadView()->loader();
                    QObject::connect(loader, &models::ThreadLoader::busyChanged, &app,
                                     [&](bool busy) {
                                         if (!busy)
                                             takeShot();
                                     });
                    QTimer::singleShot(8000, &app, takeShot);
                    return;
                }
            }
            if (!shotPath.isEmpty())
                takeShot();
        };
        QObject::connect(first, &models::TimelineFeed::refreshed, &app, firstPage);
        QObject::connect(first, &models::TimelineFeed::error, &app, firstPage);
        if (core.isOffline())
            QObject::connect(first, &models::TimelineFeed::cachePainted, &app, firstPage);
    };

    const auto askToSignIn = [&](const QString &error) {
        if (!shotPath.isEmpty()) { // no one to type a password
            say(QStringLiteral("cannot sign in: %1")
                    .arg(error.isEmpty() ? QStringLiteral("no account") : error),
                stderr);
            app.exit(1);
            return;
        }
        if (!login) {
            login = new ui::LoginDialog(&window);
            login->setAttribute(Qt::WA_DeleteOnClose);
            login->setServer(core.server());
            login->setUsername(user.isEmpty() ? core::Session::rememberedUsername() : user);
            QObject::connect(login, &ui::LoginDialog::loginRequested, session,
                             [&](const QUrl &server, const QString &name, const QString &pw) {
                                 core.setServer(server);
                                 session->login(server, name, pw);
                             });
            QObject::connect(login, &QDialog::rejected, &app, [&] {
                if (!window.hasAccount())
                    window.statusBar()->showMessage(QCoreApplication::translate(
                        "main", "Not signed in: choose File → Sign in…"));
            });
            login->open();
        }
        if (!error.isEmpty())
            login->showError(error);
    };

    QObject::connect(session, &core::Session::signedIn, &app,
                     [&](const core::UserProfile &me) { started(me); });
    QObject::connect(session, &core::Session::loginFailed, &app, askToSignIn);
    QObject::connect(session, &core::Session::signedOut, &app, [&] { askToSignIn({}); });
    QObject::connect(
        session, &core::Session::keychainUnavailable, &app,
        [&](const QString &reason) { window.statusBar()->showMessage(reason, 15000); });
    QObject::connect(&core, &core::AppCore::signInRequired, &app, [&] {
        askToSignIn(QCoreApplication::translate("main", "Your session has ended: sign in again."));
    });
    QObject::connect(&window, &MainWindow::signOutRequested, &app, [&] { askToSignIn({}); });

    if (!user.isEmpty() && parser.isSet(passwordOpt))
        session->login(core.server(), user, parser.value(passwordOpt));
    else if (!user.isEmpty())
        session->restore(core.server(), user);
    else if (!session->restoreRemembered()) // once the loop runs: it may end the program
        QTimer::singleShot(0, &app, [&] { askToSignIn({}); });

    return app.exec();
}
