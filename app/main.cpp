// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// threadline: the desktop client. The composition root: the command line (commandline.h), the
// core, the main window and the start-up and sign-in flow (startupflow.h).
//   threadline [--server URL] [--user NAME [--password PW]] [--offline] [--cache FILE]
//              [--import FILE]… [--lang zh_CN|en] [--faults SPEC] [--like-delay MS]
//              [--page NAME] [--open-post ID] [--screenshot PATH] [--size WxH] [--qa]
//              [--theme system|light|dark] [--first-paint [--quit-after-first-paint]]
//              [threadline://post/ID]
// A second run for an account already open hands its command line to the first and ends
// (core/account/instancegate.h).
// Preferences (ui/common/preferences.h) are read too: the language (--lang wins), start offline
// (as --offline) and the image cache's limit. app/README.md and docs/qa.md say more.
#include "account/instancegate.h"
#include "allocatortuning.h"
#include "appcore.h"
#include "appicon.h"
#include "catchupreport.h"
#include "commandline.h"
#include "common/appstyle.h"
#include "feeds.h"
#include "i18n.h"
#include "outbox/outbox.h"
#include "paintreport.h"
#include "say.h"
#include "screenshot.h"
#include "startupflow.h"
#include "startuptrace.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

using namespace threadline;

namespace {
// With no posts painted by then (an empty cache, a slow server), what waited for them starts.
constexpr int kStartupWorkAtLatestMs = 2000;
} // namespace

int main(int argc, char **argv)
{
    core::tuneAllocator(); // one malloc arena: the decoders' memory is reused by every thread
    const app::StartupTrace trace; // THREADLINE_STARTUP_TRACE=1: the steps on stderr
    QApplication application(argc, argv);
    trace.step("QApplication");
    QApplication::setOrganizationName(QStringLiteral("Threadline"));
    QApplication::setApplicationName(QStringLiteral("threadline"));
    QApplication::setApplicationDisplayName(QStringLiteral("Threadline"));
    QApplication::setApplicationVersion(QStringLiteral(THREADLINE_VERSION_STRING));
    // The desktop entry (Wayland finds the window's entry and icon by it). The window icon is
    // set once the first posts are painted (below): xcb decodes each of its sizes into
    // _NET_WM_ICON when the window is made (3 % of the start's instructions there) for
    // something the first frame does not show.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.threadline.Threadline"));

    QCommandLineParser parser;
    app::addOptions(parser);
    parser.process(application); // --help, --version, an unknown option: the run ends here
    if (app::wantsQaHelp(parser)) {
        app::say(app::qaHelpText(), stdout);
        return 0;
    }
    trace.step("command line");
    installTranslations(application, app::languageOf(parser)); // before the values' errors
    app::CommandLine options;
    if (const auto error = app::readCommandLine(parser, &options)) {
        app::say(*error, stderr);
        return 2;
    }
    ui::installAppStyle(); // the standard icons the window asks for are read when painted
    if (options.theme != ui::Theme::System)
        ui::applyTheme(options.theme);
    trace.step("translations, theme");

    core::AppCore core;
    trace.step("AppCore");
    app::StartupFlow flow(&core, options, &trace);
    // One run per account: when one has this account's files open, it takes this command line
    // (raises its window, opens the thread asked for) and this run ends here.
    core::InstanceGate gate;
    const QString outbox = flow.expectedOutboxPath();
    if (!outbox.isEmpty() && gate.handOver(outbox, QApplication::arguments().mid(1))) {
        app::say(QCoreApplication::translate(
                     "main", "Threadline is already open for this account: its window was "
                             "brought up."),
                 stdout);
        return 0;
    }
    trace.step("no other run for this account");
    // The cache's integrity check (it reads the whole file) and the first /sync round wait for
    // the first frame with posts (or, with none to show, a few seconds): the cached page is
    // painted first, without them competing for the two cores.
    core.holdStartupWork();
    flow.prepare(); // a --cache file's or the offline account's files open now
    trace.step("AppCore options, the account's files opening");

    // every feed, loader and model the widgets need, made from the core's parts
    models::Feeds feeds({core.api(), core.cache(), core.store(), core.outbox(), core.actions()});
    ui::MainWindow window(&core, &feeds); // where it was last time, or 1200×800
    trace.step("MainWindow");
    if (options.size)
        window.resize(*options.size);
    if (options.qaPanel)
        window.setQaPanelVisible(true);
    app::PaintReport paint(&window, options, &trace); // before show(): the first frame
    // What the first frame does not need waits for the first posts' frame, or 2 s at most: the
    // core's held work (the cache's integrity check, the first /sync round) and the window icon.
    const auto afterFirstPosts = [&core] {
        core.releaseStartupWork();
        if (QApplication::windowIcon().isNull())
            QApplication::setWindowIcon(app::windowIcon());
    };
    QObject::connect(&paint, &app::PaintReport::postsPainted, &core, afterFirstPosts);
    QTimer::singleShot(kStartupWorkAtLatestMs, &core, afterFirstPosts);
    window.show();
    trace.step("show");

    app::Screenshot screenshot(&window, options.screenshot); // --screenshot: 30 s at most
    // THREADLINE_LOOP_PROBE=1: the GUI thread's latency and when the pages became current
    app::CatchUpReport catchUp(&core, &window);
    QObject::connect(&flow, &app::StartupFlow::accountStarted, &catchUp,
                     &app::CatchUpReport::accountStarted);
    flow.start(&window, &paint, &screenshot);
    // This run has the account's outbox (and its lock): later runs for it come here.
    QObject::connect(core.outbox(), &core::Outbox::opened, &gate, [&] {
        if (gate.listen(core.outboxPath()))
            trace.step("listening for later runs of this account");
    });
    QObject::connect(&gate, &core::InstanceGate::argumentsReceived, &flow,
                     &app::StartupFlow::takeOver);
    trace.step("event loop");
    return application.exec();
}
