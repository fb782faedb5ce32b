// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// PictureViewer: the window, its buttons and keys, loading through the ImageCache and saving
// (see pictureviewer.h); the drawing, zoom and pan are PictureCanvas's (picturecanvas.cpp).
#include "dialogs/pictureviewer.h"
#include "dialogs/picturecanvas.h"

#include "images/imagecache.h"

#include <QAction>
#include <QBoxLayout>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QImageReader>
#include <QImageWriter>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSaveFile>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QToolButton>

#include <algorithm>
#include <cmath>

namespace threadline::ui {

namespace {

// The sequences given, without empty ones (QKeySequence::Preferences and the like may be empty
// on a platform) and without repeats (ZoomIn is Ctrl++ on some, which would then be ambiguous).
QList<QKeySequence> shortcuts(const QList<QKeySequence> &keys)
{
    QList<QKeySequence> out;
    for (const QKeySequence &k : keys)
        if (!k.isEmpty() && !out.contains(k))
            out.append(k);
    return out;
}

QList<QKeySequence> standard(QKeySequence::StandardKey key)
{
    return QKeySequence::keyBindings(key);
}

// The image format a file name asks for ("jpeg", "png", …; "" when it has no suffix).
QByteArray formatOfSuffix(const QString &path)
{
    const QByteArray suffix = QFileInfo(path).suffix().toLower().toLatin1();
    if (suffix == "jpg" || suffix == "jpe")
        return "jpeg";
    if (suffix == "tif")
        return "tiff";
    return suffix;
}

QString suffixOfFormat(const QByteArray &format)
{
    return format == "jpeg" ? QStringLiteral("jpg") : QString::fromLatin1(format);
}

} // namespace

PictureViewer::PictureViewer(core::ImageCache *images, QWidget *parent)
    : QDialog(parent)
    , m_images(images)
{
    setObjectName(QStringLiteral("pictureViewer"));
    setSizeGripEnabled(true);
    setWindowFlag(Qt::WindowMaximizeButtonHint, true);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(8, 6, 8, 6);
    const auto button = [this, bar](const char *name) {
        auto *b = new QToolButton(this);
        b->setObjectName(QLatin1String(name));
        b->setFocusPolicy(Qt::TabFocus);
        b->setAutoRaise(true);
        bar->addWidget(b);
        return b;
    };
    m_previous = button("previousPicture");
    m_position = new QLabel(this);
    m_position->setObjectName(QStringLiteral("picturePosition"));
    m_position->setMinimumWidth(
        m_position->fontMetrics().horizontalAdvance(QStringLiteral("88 / 88")));
    m_position->setAlignment(Qt::AlignCenter);
    bar->addWidget(m_position);
    m_next = button("nextPicture");
    bar->addStretch(1);
    m_zoomOut = button("zoomOutPicture");
    m_zoom = new QLabel(this);
    m_zoom->setObjectName(QStringLiteral("pictureZoom"));
    m_zoom->setAlignment(Qt::AlignCenter);
    m_zoom->setMinimumWidth(m_zoom->fontMetrics().horizontalAdvance(QStringLiteral("8888 %")));
    bar->addWidget(m_zoom);
    m_zoomIn = button("zoomInPicture");
    m_fit = button("fitPicture");
    m_actual = button("actualSizePicture");
    bar->addSpacing(12);
    m_save = button("savePicture");
    layout->addLayout(bar);

    m_stack = new QStackedWidget(this);
    m_canvas = new PictureCanvas(m_stack);
    m_canvas->setObjectName(QStringLiteral("pictureCanvas"));
    m_stack->addWidget(m_canvas);
    auto *messagePage = new QWidget(m_stack);
    messagePage->setBackgroundRole(QPalette::Window);
    auto *messageLayout = new QVBoxLayout(messagePage);
    messageLayout->addStretch(1);
    m_message = new QLabel(messagePage);
    m_message->setObjectName(QStringLiteral("pictureMessage"));
    m_message->setTextFormat(Qt::PlainText); // a reason may carry a server's words
    m_message->setWordWrap(true);
    m_message->setAlignment(Qt::AlignCenter);
    messageLayout->addWidget(m_message);
    m_action = new QPushButton(messagePage);
    m_action->setObjectName(QStringLiteral("pictureAction"));
    messageLayout->addWidget(m_action, 0, Qt::AlignHCenter);
    messageLayout->addStretch(1);
    m_stack->addWidget(messagePage);
    layout->addWidget(m_stack, 1);

    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("pictureNote"));
    m_note->setTextFormat(Qt::PlainText);
    m_note->setContentsMargins(8, 2, 8, 4);
    m_note->setWordWrap(true);
    m_note->hide();
    layout->addWidget(m_note);

    // The keys: actions of the window, also the buttons' (one place for what each does).
    const auto action = [this](QToolButton *b, const QList<QKeySequence> &keys, auto slot) {
        auto *a = new QAction(this);
        a->setShortcuts(keys);
        a->setShortcutContext(Qt::WindowShortcut);
        addAction(a);
        connect(a, &QAction::triggered, this, slot);
        if (b)
            b->setDefaultAction(a);
        return a;
    };
    action(m_previous, shortcuts({QKeySequence(Qt::Key_Left)}), [this] { previous(); });
    action(m_next, shortcuts({QKeySequence(Qt::Key_Right)}), [this] { next(); });
    QList<QKeySequence> in = standard(QKeySequence::ZoomIn);
    in += QList<QKeySequence>{QKeySequence(Qt::CTRL | Qt::Key_Equal),
                              QKeySequence(Qt::CTRL | Qt::Key_Plus), QKeySequence(Qt::Key_Plus),
                              QKeySequence(Qt::Key_Equal)};
    QList<QKeySequence> out = standard(QKeySequence::ZoomOut);
    out += QList<QKeySequence>{QKeySequence(Qt::CTRL | Qt::Key_Minus), QKeySequence(Qt::Key_Minus)};
    action(m_zoomIn, shortcuts(in), [this] { m_canvas->zoomIn(); });
    action(m_zoomOut, shortcuts(out), [this] { m_canvas->zoomOut(); });
    action(m_fit, shortcuts({QKeySequence(Qt::CTRL | Qt::Key_0), QKeySequence(Qt::Key_0)}),
           [this] { m_canvas->fitToWindow(); });
    action(m_actual, shortcuts({QKeySequence(Qt::Key_1)}), [this] { m_canvas->actualSize(); });
    action(m_save,
           shortcuts(standard(QKeySequence::Save) +
                     QList<QKeySequence>{QKeySequence(Qt::CTRL | Qt::Key_S)}),
           [this] { saveAs(); });

    connect(m_canvas, &PictureCanvas::scaleChanged, this, [this](double s) {
        m_zoom->setText(m_canvas->image().isNull()
                            ? QString()
                            : QLocale().toString(int(std::lround(s * 100))) + QStringLiteral(" %"));
        updateControls();
    });
    connect(m_action, &QPushButton::clicked, this, [this] {
        const QUrl url = currentUrl();
        if (m_state == State::Blocked)
            m_images->loadAnyway(url);
        else if (m_state == State::Failed)
            m_images->retry(url);
        load();
    });
    connect(m_images, &core::ImageCache::imageReady, this,
            [this](const QUrl &url, const QImage &) { onReady(url); });
    connect(m_images, &core::ImageCache::imageFailed, this,
            [this](const QUrl &url, const QString &) { onFailed(url); });

    resize(960, 720);
    retranslate();
    updateControls();
}

PictureViewer *PictureViewer::showFor(core::ImageCache *images, const QStringList &urls, int index,
                                      QWidget *parent)
{
    PictureViewer *viewer =
        parent ? parent->findChild<PictureViewer *>(QString(), Qt::FindDirectChildrenOnly)
               : nullptr;
    if (!viewer) {
        viewer = new PictureViewer(images, parent);
        viewer->setAttribute(Qt::WA_DeleteOnClose);
        if (parent) { // most of the window it came from
            const QSize room = parent->window()->size() * 0.85;
            viewer->resize(room.expandedTo(QSize(480, 360)));
        }
    }
    viewer->setPictures(urls, index);
    viewer->show();
    viewer->raise();
    viewer->activateWindow();
    viewer->m_canvas->setFocus();
    return viewer;
}

void PictureViewer::setPictures(const QStringList &urls, int index)
{
    m_urls = urls;
    m_index = -1;
    showPicture(index);
}

void PictureViewer::showPicture(int index)
{
    const int clamped = m_urls.isEmpty() ? 0 : std::clamp(index, 0, int(m_urls.size()) - 1);
    if (clamped == m_index)
        return;
    m_index = clamped;
    m_note->hide();
    load();
    Q_EMIT currentChanged(m_index);
}

QUrl PictureViewer::currentUrl() const
{
    return m_urls.isEmpty() ? QUrl() : m_images->resolve(m_urls.at(m_index));
}

void PictureViewer::load()
{
    m_canvas->setImage({}); // the one before is let go: one picture held at a time
    if (m_urls.isEmpty())
        return setState(State::Empty);
    const QString url = m_urls.at(m_index);
    switch (m_images->load(url)) {
    case core::ImageCache::State::Ready:
        m_canvas->setImage(m_images->image(url));
        return setState(State::Ready);
    case core::ImageCache::State::Loading:
        return setState(State::Loading);
    case core::ImageCache::State::Blocked:
        return setState(State::Blocked);
    case core::ImageCache::State::Failed:
        return setState(State::Failed);
    }
}

void PictureViewer::onReady(const QUrl &url)
{
    if (m_urls.isEmpty() || url != currentUrl() || m_state == State::Ready)
        return;
    // Ready for some size: ours is the whole picture.
    const QImage image = m_images->image(url);
    if (image.isNull())
        return;
    m_canvas->setImage(image);
    setState(State::Ready);
}

void PictureViewer::onFailed(const QUrl &url)
{
    if (!m_urls.isEmpty() && url == currentUrl() && m_state == State::Loading)
        setState(State::Failed);
}

void PictureViewer::setState(State state)
{
    m_state = state;
    m_stack->setCurrentIndex(state == State::Ready ? 0 : 1);
    retranslate();
    updateControls();
    if (state == State::Ready || !m_action->isVisible())
        m_canvas->setFocus();
    Q_EMIT stateChanged(state);
}

QString PictureViewer::messageText() const
{
    return m_state == State::Ready ? QString() : m_message->text();
}

QString PictureViewer::positionText() const
{
    if (m_urls.isEmpty())
        return {};
    return QStringLiteral("%1 / %2").arg(QLocale().toString(m_index + 1),
                                         QLocale().toString(count()));
}

void PictureViewer::updateControls()
{
    m_position->setText(positionText());
    m_previous->setEnabled(m_index > 0);
    m_next->setEnabled(m_index + 1 < count());
    const bool ready = m_state == State::Ready;
    for (QToolButton *b : {m_fit, m_actual, m_zoomIn, m_zoomOut, m_save})
        b->setEnabled(ready);
    m_zoom->setVisible(ready);
}

void PictureViewer::retranslate()
{
    setWindowTitle(count() > 1 ? tr("Picture %1 of %2").arg(m_index + 1).arg(count())
                               : tr("Picture"));
    m_previous->defaultAction()->setText(tr("‹ &Previous"));
    m_previous->defaultAction()->setToolTip(tr("The previous picture (Left arrow)"));
    m_next->defaultAction()->setText(tr("&Next ›"));
    m_next->defaultAction()->setToolTip(tr("The next picture (Right arrow)"));
    m_zoomOut->defaultAction()->setText(QStringLiteral("−"));
    m_zoomOut->defaultAction()->setToolTip(tr("Zoom out (Ctrl+−, or the mouse wheel)"));
    m_zoomIn->defaultAction()->setText(QStringLiteral("+"));
    m_zoomIn->defaultAction()->setToolTip(tr("Zoom in (Ctrl+=, or the mouse wheel)"));
    m_fit->defaultAction()->setText(tr("&Fit"));
    m_fit->defaultAction()->setToolTip(tr("Fit the picture to the window (Ctrl+0)"));
    m_actual->defaultAction()->setText(QStringLiteral("1:1"));
    m_actual->defaultAction()->setToolTip(
        tr("Actual size: one picture pixel per screen pixel (1)"));
    m_save->defaultAction()->setText(tr("&Save image as…"));
    m_save->defaultAction()->setToolTip(tr("Save this picture to a file (Ctrl+S)"));

    const QUrl url = currentUrl();
    m_action->hide();
    switch (m_state) {
    case State::Empty:
        m_message->setText(tr("There is no picture to show."));
        break;
    case State::Loading:
        m_message->setText(tr("Loading picture…"));
        break;
    case State::Ready:
        m_message->clear();
        break;
    case State::Blocked:
        m_message->setText(tr("This picture is on another site (%1). Threadline loads it from "
                              "there only when you ask.")
                               .arg(url.host()));
        m_action->setText(tr("&Load it"));
        m_action->show();
        break;
    case State::Failed: {
        QString reason = m_images->failureReason(m_urls.value(m_index));
        if (reason.isEmpty())
            reason = tr("no reason was given");
        m_message->setText(tr("This picture could not be loaded: %1").arg(reason));
        m_action->setText(tr("&Try again"));
        m_action->show();
        break;
    }
    }
}

void PictureViewer::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void PictureViewer::showNote(const QString &note)
{
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
}

bool PictureViewer::saveTo(const QString &chosen, QString *error)
{
    const auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    const QImage image = m_canvas->image();
    if (m_state != State::Ready || image.isNull())
        return fail(tr("The picture has not loaded, so there is nothing to save yet."));
    if (chosen.isEmpty())
        return fail(tr("No file name was given."));

    // The bytes as downloaded, when the disk cache has them: no quality lost, nothing re-encoded.
    QByteArray original;
    QByteArray originalFormat;
    if (const QString cached = m_images->diskCacheFile(currentUrl()); !cached.isEmpty()) {
        QFile file(cached);
        if (file.open(QIODevice::ReadOnly)) {
            original = file.readAll();
            QImageReader reader(&file);
            file.seek(0);
            reader.setDecideFormatFromContent(true);
            originalFormat = reader.format();
        }
    }
    QString path = chosen;
    QByteArray format = formatOfSuffix(path);
    if (format.isEmpty()) { // no suffix: the original's type, else PNG
        format = originalFormat.isEmpty() ? QByteArray("png") : originalFormat;
        path += QLatin1Char('.') + suffixOfFormat(format);
    }
    QSaveFile out(path);
    if (!original.isEmpty() && format == originalFormat) {
        if (!out.open(QIODevice::WriteOnly) || out.write(original) != original.size() ||
            !out.commit())
            return fail(tr("The picture could not be saved to %1: %2")
                            .arg(QDir::toNativeSeparators(path), out.errorString()));
        return true;
    }
    if (!QImageWriter::supportedImageFormats().contains(format))
        return fail(tr("Threadline cannot write .%1 files: choose a name ending in .png or .jpg.")
                        .arg(QString::fromLatin1(format)));
    if (!out.open(QIODevice::WriteOnly))
        return fail(tr("The picture could not be saved to %1: %2")
                        .arg(QDir::toNativeSeparators(path), out.errorString()));
    QImageWriter writer(&out, format);
    if (format == "jpeg")
        writer.setQuality(92);
    if (!writer.write(image) || !out.commit())
        return fail(tr("The picture could not be saved to %1: %2")
                        .arg(QDir::toNativeSeparators(path),
                             writer.error() != QImageWriter::UnknownError ? writer.errorString()
                                                                          : out.errorString()));
    return true;
}

void PictureViewer::saveAs()
{
    if (m_state != State::Ready)
        return showNote(tr("The picture has not loaded, so there is nothing to save yet."));
    QString name = QFileInfo(currentUrl().path()).completeBaseName();
    if (name.isEmpty())
        name = QStringLiteral("picture");
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    const QString suggested = QDir(dir).filePath(name);
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save image as"), suggested,
        tr("Pictures (*.png *.jpg *.jpeg *.webp);;PNG (*.png);;JPEG (*.jpg *.jpeg)"));
    if (path.isEmpty())
        return; // cancelled
    QString error;
    if (saveTo(path, &error))
        showNote(tr("Saved to %1").arg(QDir::toNativeSeparators(path)));
    else
        showNote(error);
}

} // namespace threadline::ui
