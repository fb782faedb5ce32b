// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "i18n.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace threadline {

namespace {

constexpr auto kQtTranslatorName = "threadline_i18n_qtbase";
constexpr auto kOurTranslatorName = "threadline_i18n_threadline";

void removeInstalled(QCoreApplication &app, const char *name)
{
    const auto translators =
        app.findChildren<QTranslator *>(QLatin1String(name), Qt::FindDirectChildrenOnly);
    for (QTranslator *t : translators) {
        QCoreApplication::removeTranslator(t);
        delete t;
    }
}

// Loads `translator` for `locale` ("<base>_zh_CN.qm", "<base>_zh.qm", … as QTranslator tries
// them) and installs it on success; deletes it otherwise.
bool install(QCoreApplication &app, QTranslator *translator, const char *name,
             const QLocale &locale, const QString &base, const QString &dir)
{
    translator->setObjectName(QLatin1String(name));
    if (!translator->load(locale, base, QStringLiteral("_"), dir)) {
        delete translator;
        return false;
    }
    translator->setParent(&app);
    QCoreApplication::installTranslator(translator);
    return true;
}

} // namespace

bool installTranslations(QCoreApplication &app, const QLocale &locale)
{
    removeInstalled(app, kQtTranslatorName);
    removeInstalled(app, kOurTranslatorName);

    install(app, new QTranslator, kQtTranslatorName, locale, QStringLiteral("qtbase"),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath));

    const QString ours = QStringLiteral(":/i18n");
    if (install(app, new QTranslator, kOurTranslatorName, locale, QStringLiteral("threadline"),
                ours))
        return true;
    // No catalogue for this language: English, for its plural forms.
    install(app, new QTranslator, kOurTranslatorName, QLocale(QLocale::English),
            QStringLiteral("threadline"), ours);
    return false;
}

} // namespace threadline
