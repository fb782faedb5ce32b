// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Preferences dialog (see preferencesdialog.h): its rows, applying each change at once, the
// image cache's use and the two clears.
#include "window/preferencesdialog.h"

#include "common/theme.h"

#include "appcore.h"
#include "images/imagecache.h"
#include "window/mainwindow.h"
#include "common/preferences.h"

#include <QBoxLayout>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>

#include <algorithm>

namespace threadline::ui {

PreferencesDialog::PreferencesDialog(MainWindow *window, core::AppCore *core, QWidget *parent)
    : QDialog(parent ? parent : window)
    , m_window(window)
    , m_core(core)
{
    setObjectName(QStringLiteral("preferencesDialog"));
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    layout->addLayout(form);

    // Language: the names in their own language; applied at once.
    m_languageLabel = new QLabel(this);
    m_language = new QComboBox(this);
    m_language->setObjectName(QStringLiteral("language"));
    for (const char *code :
         {preferences::kSystemLanguage, preferences::kChinese, preferences::kEnglish})
        m_language->addItem(QString(), QString::fromLatin1(code));
    m_language->setCurrentIndex(std::max(0, m_language->findData(preferences::language())));
    m_languageLabel->setBuddy(m_language);
    form->addRow(m_languageLabel, m_language);
    connect(m_language, &QComboBox::currentIndexChanged, this, [this](int i) {
        preferences::setLanguage(m_language->itemData(i).toString()); // LanguageChange follows
    });

    m_zoneLabel = new QLabel(this);
    m_zone = new QComboBox(this);
    m_zone->setObjectName(QStringLiteral("timeZone"));
    m_zone->addItem(QString(), false);
    m_zone->addItem(QString(), true);
    m_zone->setCurrentIndex(m_window->usesSystemTimeZone() ? 1 : 0);
    m_zoneLabel->setBuddy(m_zone);
    form->addRow(m_zoneLabel, m_zone);
    connect(m_zone, &QComboBox::currentIndexChanged, this,
            [this](int i) { m_window->setUseSystemTimeZone(m_zone->itemData(i).toBool()); });

    m_inlineLabel = new QLabel(this);
    m_inline = new QSpinBox(this);
    m_inline->setObjectName(QStringLiteral("inlineComments"));
    m_inline->setRange(3, 5);
    m_inline->setValue(m_window->inlineCommentCount());
    m_inlineLabel->setBuddy(m_inline);
    form->addRow(m_inlineLabel, m_inline);
    connect(m_inline, &QSpinBox::valueChanged, m_window, &MainWindow::setInlineCommentCount);

    m_startOffline = new QCheckBox(this);
    m_startOffline->setObjectName(QStringLiteral("startOffline"));
    m_startOffline->setChecked(preferences::startOffline());
    m_startOfflineHint = new QLabel(this);
    m_startOfflineHint->setWordWrap(true);
    m_startOfflineHint->setForegroundRole(QPalette::PlaceholderText);
    auto *offlineColumn = new QVBoxLayout;
    offlineColumn->addWidget(m_startOffline);
    offlineColumn->addWidget(m_startOfflineHint);
    form->addRow(QString(), offlineColumn);
    connect(m_startOffline, &QCheckBox::toggled, this, &preferences::setStartOffline);

    // Do not disturb: no bubbles on the desktop (the Notifications page still counts)
    m_doNotDisturb = new QCheckBox(this);
    m_doNotDisturb->setObjectName(QStringLiteral("doNotDisturb"));
    m_doNotDisturb->setChecked(m_window->doNotDisturb());
    form->addRow(QString(), m_doNotDisturb);
    connect(m_doNotDisturb, &QCheckBox::toggled, m_window, &MainWindow::setDoNotDisturb);

    // The colours: the system's, light or dark, at once (ui/theme.h) and remembered.
    m_themeLabel = new QLabel(this);
    m_theme = new QComboBox(this);
    m_theme->setObjectName(QStringLiteral("theme"));
    for (Theme t : {Theme::System, Theme::Light, Theme::Dark})
        m_theme->addItem(QString(), themeName(t));
    m_theme->setCurrentIndex(std::max(0, m_theme->findData(themeName(currentTheme()))));
    m_themeLabel->setBuddy(m_theme);
    form->insertRow(1, m_themeLabel, m_theme);
    connect(m_theme, &QComboBox::currentIndexChanged, this, [this](int i) {
        const Theme t = themeFromName(m_theme->itemData(i).toString()).value_or(Theme::System);
        applyTheme(t);
        saveTheme(t);
    });

    // The image cache: its limit, its use now, and clearing it.
    m_imagesBox = new QGroupBox(this);
    auto *images = new QFormLayout(m_imagesBox);
    images->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    m_limitLabel = new QLabel(m_imagesBox);
    m_limit = new QSpinBox(m_imagesBox);
    m_limit->setObjectName(QStringLiteral("imageCacheLimit"));
    m_limit->setRange(preferences::kMinImageCacheMB, preferences::kMaxImageCacheMB);
    m_limit->setSingleStep(50);
    m_limit->setKeyboardTracking(false); // typing "500" does not trim the cache to 5 MB first
    m_limit->setValue(int(m_core->images()->diskCacheMaxBytes() / (1024 * 1024)));
    m_limitLabel->setBuddy(m_limit);
    images->addRow(m_limitLabel, m_limit);
    m_use = new QLabel(m_imagesBox);
    m_use->setObjectName(QStringLiteral("imageCacheUse"));
    images->addRow(QString(), m_use);
    m_clearImages = new QPushButton(m_imagesBox);
    m_clearImages->setObjectName(QStringLiteral("clearImageCache"));
    auto *clearRow = new QHBoxLayout;
    clearRow->addWidget(m_clearImages);
    clearRow->addStretch(1);
    images->addRow(QString(), clearRow);
    layout->addWidget(m_imagesBox);
    connect(m_limit, &QSpinBox::valueChanged, this, [this](int mb) {
        preferences::setImageCacheMB(m_core->images(), mb);
        updateUse();
        m_core->images()->requestDiskCacheUsage(); // after the trim (the pool runs in order)
    });
    connect(m_core->images(), &core::ImageCache::diskCacheUsage, this, [this](qint64 bytes) {
        m_used = bytes;
        updateUse();
    });
    connect(m_clearImages, &QPushButton::clicked, this, &PreferencesDialog::clearImageCache);

    // The posts kept for reading offline.
    m_postsBox = new QGroupBox(this);
    auto *posts = new QVBoxLayout(m_postsBox);
    m_postsText = new QLabel(m_postsBox);
    m_postsText->setWordWrap(true);
    posts->addWidget(m_postsText);
    m_clearPosts = new QPushButton(m_postsBox);
    m_clearPosts->setObjectName(QStringLiteral("clearCachedPosts"));
    posts->addWidget(m_clearPosts, 0, Qt::AlignLeft);
    layout->addWidget(m_postsBox);
    connect(m_clearPosts, &QPushButton::clicked, this, &PreferencesDialog::clearCachedPosts);

    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("preferencesNote"));
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    layout->addWidget(m_note);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    // The order Tab goes in: top to bottom.
    setTabOrder(m_language, m_zone);
    setTabOrder(m_zone, m_inline);
    setTabOrder(m_inline, m_startOffline);
    setTabOrder(m_startOffline, m_doNotDisturb);
    setTabOrder(m_doNotDisturb, m_limit);
    setTabOrder(m_limit, m_clearImages);
    setTabOrder(m_clearImages, m_clearPosts);
    setTabOrder(m_clearPosts, m_buttons->button(QDialogButtonBox::Close));

    // Return never starts a clear: only Close is a default button
    m_clearImages->setAutoDefault(false);
    m_clearPosts->setAutoDefault(false);
    m_buttons->button(QDialogButtonBox::Close)->setDefault(true);
    m_language->setFocus();

    retranslate();
    setMinimumWidth(480);
}

void PreferencesDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    m_core->images()->requestDiskCacheUsage();
}

void PreferencesDialog::retranslate()
{
    setWindowTitle(tr("Preferences"));
    m_languageLabel->setText(tr("&Language:"));
    m_themeLabel->setText(tr("&Colours:"));
    {
        const QSignalBlocker block(m_theme);
        m_theme->setItemText(0, tr("As the system"));
        m_theme->setItemText(1, tr("Light"));
        m_theme->setItemText(2, tr("Dark"));
    }
    {
        const QSignalBlocker block(m_language); // new words, not a new choice
        const QString system = QLocale::system().nativeLanguageName();
        m_language->setItemText(0, system.isEmpty() ? tr("System") : tr("System (%1)").arg(system));
        m_language->setItemText(1, QStringLiteral("简体中文"));
        m_language->setItemText(2, QStringLiteral("English"));
    }
    m_zoneLabel->setText(tr("&Times in:"));
    {
        const QSignalBlocker block(m_zone);
        m_zone->setItemText(0, tr("UTC+8 (China Standard Time)"));
        m_zone->setItemText(1, tr("The system's time zone"));
    }
    m_inlineLabel->setText(tr("Comments shown on a ca&rd:"));
    m_startOffline->setText(tr("Start &offline"));
    m_startOfflineHint->setText(
        tr("Takes effect at the next start: your saved posts are shown and nothing is fetched or "
           "sent until you turn off View → Work offline."));
    m_doNotDisturb->setText(tr("&Do not disturb: no notifications on the desktop"));
    m_doNotDisturb->setToolTip(
        tr("Replies, comments, messages and new followers still show on the Notifications page "
           "and its count."));
    m_imagesBox->setTitle(tr("Image cache"));
    m_limitLabel->setText(tr("&Size limit:"));
    m_limit->setSuffix(tr(" MB"));
    m_clearImages->setText(tr("Clear &image cache…"));
    m_postsBox->setTitle(tr("Posts saved on this computer"));
    m_postsText->setText(tr("Posts, comments and the recently viewed list are kept on this "
                            "computer so that Threadline opens at once and can be read offline."));
    m_clearPosts->setText(tr("Clear cached &posts…"));
    updateUse();
}

void PreferencesDialog::updateUse()
{
    if (m_used < 0) {
        m_use->setText(tr("Working out how much space the image cache uses…"));
        return;
    }
    m_use->setText(tr("Using %1 MB of %2 MB")
                       .arg(preferences::megabytes(m_used), QLocale().toString(m_limit->value())));
}

QString PreferencesDialog::imageCacheUseText() const
{
    return m_used < 0 ? QString() : m_use->text();
}

QString PreferencesDialog::noteText() const
{
    return m_note->text();
}

void PreferencesDialog::ask(const QString &question, const QString &detail, const QString &confirm,
                            const std::function<void()> &then)
{
    if (m_confirmation)
        m_confirmation->reject();
    auto *box = new QMessageBox(QMessageBox::Question, tr("Preferences"), question,
                                QMessageBox::Cancel, this);
    box->setInformativeText(detail);
    box->setTextFormat(Qt::PlainText);
    QPushButton *yes = box->addButton(confirm, QMessageBox::DestructiveRole);
    box->setDefaultButton(QMessageBox::Cancel); // Return does not clear by accident
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this, [box, yes, then](QAbstractButton *b) {
        if (b == yes)
            then();
        box->close();
    });
    m_confirmation = box;
    box->open();
}

void PreferencesDialog::clearImageCache()
{
    ask(tr("Remove the pictures and avatars saved on this computer?"),
        tr("They are downloaded again when they are shown."), tr("Clear image cache"), [this] {
            m_core->images()->clearDiskCache(); // diskCacheUsage follows
            m_note->setText(tr("The image cache is empty."));
        });
}

void PreferencesDialog::clearCachedPosts()
{
    const QString after = m_core->isOffline() ? tr("The pages stay empty until you go online.")
                                              : tr("The pages load again from the server.");
    ask(tr("Remove the posts saved on this computer?"),
        tr("The posts, comments and recently viewed list kept for reading offline are removed. "
           "%1 Your changes waiting to be sent are kept.")
            .arg(after),
        tr("Clear cached posts"), [this] {
            m_window->clearCachedPosts();
            m_note->setText(tr("Cached posts cleared. Your changes waiting to be sent are kept."));
        });
}

void PreferencesDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

} // namespace threadline::ui
