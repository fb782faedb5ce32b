// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop client's command line: its options on a QCommandLineParser, and their values read
// and checked into a CommandLine.
//
//   QCommandLineParser parser;
//   app::addOptions(parser);
//   parser.process(application); // --help, --version, an unknown option: the program ends here
//   installTranslations(application, app::languageOf(parser));
//   app::CommandLine options;
//   if (const auto error = app::readCommandLine(parser, &options)) … // one sentence, exit 2
//
// The translations go in before the values are read: the errors of an --import file are
// translated.
#pragma once

#include "common/theme.h"
#include "coreoptions.h"
#include "window/mainwindow.h"
#include "wire/wiretypes.h"

#include <QList>
#include <QLocale>
#include <QSize>
#include <QString>
#include <optional>

class QCommandLineParser;

namespace threadline::app {

struct CommandLine
{
    core::CoreOptions core;          // --server, --offline, --faults, --like-delay, --ca-cert
    QString user;                    // --user: sign in as NAME, or open NAME's cache
    std::optional<QString> password; // --password
    std::optional<QString> lang;     // --lang (passed on when Threadline starts again)
    ui::MainWindow::Page page = ui::MainWindow::Page::All; // --page
    qint64 openPost = 0; // --open-post or threadline://post/ID: the thread to open; 0 for none
    QList<core::Post> imported;          // --import: the posts of every file, read
    QString cacheFile;                   // --cache: a cache with no account; empty for none
    ui::Theme theme = ui::Theme::System; // --theme, else as chosen in View → Theme
    std::optional<QSize> size;           // --size; none: as last time
    QString screenshot;                  // --screenshot: the PNG to save; empty for none
    bool qaPanel = false;                // --qa
    bool firstPaint = false;             // --first-paint
    bool quitAfterFirstPaint = false;    // --quit-after-first-paint
    // --search: the Search page with this text searched (empty for none), of --search-kind
    QString search;
    core::SearchPage::Kind searchKind = core::SearchPage::Kind::Posts;
};

// Adds every option (and --help, --version) to `parser`, before it processes the arguments.
void addOptions(QCommandLineParser &parser);
// --help-qa was given: the options for QA and benchmarks (hidden from --help) are to be shown.
[[nodiscard]] bool wantsQaHelp(const QCommandLineParser &parser);
[[nodiscard]] QString qaHelpText();

// The post of a Threadline link ("threadline://post/42"); none for anything else.
[[nodiscard]] std::optional<qint64> postOfLink(const QString &link);
// The post to open: --open-post ID, or a link given as the argument (which wins); 0 for none.
// The sentence to print when either is malformed.
[[nodiscard]] std::optional<QString> readPostToOpen(const QCommandLineParser &parser, qint64 *post);
// The page of --page; none when not given, or malformed (then *error says why).
[[nodiscard]] std::optional<ui::MainWindow::Page> readPage(const QCommandLineParser &parser,
                                                           QString *error);

// The language to install: --lang, else the one chosen in Preferences (the system's when none).
[[nodiscard]] QLocale languageOf(const QCommandLineParser &parser);

// Reads the values of a processed parser into `out`, the --import files included (every file is
// read before anything is written: one that cannot be read imports nothing). The sentence to
// print when a value is malformed (the program then ends with exit code 2).
[[nodiscard]] std::optional<QString> readCommandLine(const QCommandLineParser &parser,
                                                     CommandLine *out);

} // namespace threadline::app
