// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Installs the translations for a locale: Qt's own (qtbase, from QLibraryInfo's translations
// path: standard dialogs and buttons) and Threadline's (":/i18n/threadline_<locale>.qm", embedded
// in threadline_core).
//
//   QApplication app(argc, argv);
//   threadline::installTranslations(app, QLocale::system());
//
// Calling it again replaces the translators it installed before (a language switch at run time;
// QEvent::LanguageChange is then sent by Qt). When there is no catalogue of ours for the locale,
// the English one is installed instead so that plurals still read right ("1 change",
// "2 changes") rather than "%n change(s)".
#pragma once

#include <QLocale>

class QCoreApplication;

namespace threadline {

// True when Threadline's catalogue for `locale` (not the English fallback) was loaded.
bool installTranslations(QCoreApplication &app, const QLocale &locale);

} // namespace threadline
