// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/composedialog.h"

#include "common/palettecolors.h"
#include "common/plaintext.h"

#include "common/draftwrite.h"

#include <QClipboard>
#include <QDialogButtonBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QImageReader>
#include <QKeyEvent>
#include <QKeySequence>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QPainterPath>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QShortcut>
#include <QStandardPaths>
#include <QTimer>
#include <QToolButton>
#include <QUrl>
#include <QUuid>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace threadline::ui {

namespace {

constexpr int kThumb = 80;                       // a thumbnail's side
constexpr int kThumbDecode = 2 * kThumb;         // decoded at twice the side for high-DPI screens
constexpr qint64 kMaxPreviewPixels = 50'000'000; // larger images get no preview (not refused)

// The type of a picture by its first bytes: "png", "jpeg", "webp" or "".
QByteArray sniffImageType(const QByteArray &head)
{
    if (head.startsWith(QByteArrayLiteral("\x89PNG\r\n\x1a\n")))
        return QByteArrayLiteral("png");
    if (head.startsWith(QByteArrayLiteral("\xFF\xD8\xFF")))
        return QByteArrayLiteral("jpeg");
    if (head.size() >= 12 && head.startsWith("RIFF") && head.mid(8, 4) == "WEBP")
        return QByteArrayLiteral("webp");
    return {};
}

} // namespace

// One picture of the draft: its thumbnail (a placeholder while it decodes) and a remove button.
class ComposeThumbnail : public QWidget
{
public:
    ComposeThumbnail(const QString &path, QWidget *parent)
        : QWidget(parent)
        , m_name(QFileInfo(path).fileName())
        , m_remove(new QToolButton(this))
    {
        setFixedSize(kThumb, kThumb);
        setToolTip(plainToolTip(m_name));
        m_remove->setText(QStringLiteral("×"));
        m_remove->setFixedSize(22, 22);
        m_remove->move(kThumb - 22 - 3, 3);
        m_remove->setCursor(Qt::PointingHandCursor);
        m_remove->setStyleSheet(QStringLiteral(
            "QToolButton { background: rgba(0, 0, 0, 150); color: white; border: none;"
            " border-radius: 11px; font-weight: bold; }"
            "QToolButton:hover { background: rgba(0, 0, 0, 210); }"
            "QToolButton:focus { border: 2px solid palette(highlight); }"));
        retranslate();
    }

    QToolButton *removeButton() const { return m_remove; }

    void retranslate()
    {
        m_remove->setToolTip(ComposeDialog::tr("Remove this picture"));
        m_remove->setAccessibleName(ComposeDialog::tr("Remove %1").arg(m_name));
    }

    void setImage(const QImage &image)
    {
        m_loading = false;
        if (image.isNull()) {
            m_pixmap = {};
        } else {
            // Cropped to a centred square, like the post's picture grid.
            const int side = std::min(image.width(), image.height());
            const QImage square =
                image.copy((image.width() - side) / 2, (image.height() - side) / 2, side, side);
            const qreal dpr = devicePixelRatioF();
            m_pixmap = QPixmap::fromImage(square.scaled(
                QSize(kThumb, kThumb) * dpr, Qt::IgnoreAspectRatio, Qt::SmoothTransformation));
            m_pixmap.setDevicePixelRatio(dpr);
        }
        update();
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        QPainterPath clip;
        clip.addRoundedRect(QRectF(rect()), 6, 6);
        p.setClipPath(clip);
        const QPalette &pal = palette();
        p.fillRect(rect(), blend(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.10));
        if (!m_pixmap.isNull()) {
            p.drawPixmap(0, 0, m_pixmap);
            return;
        }
        // Loading, or too large to preview: the file's type in words.
        p.setPen(pal.color(QPalette::PlaceholderText));
        const QString suffix = QFileInfo(m_name).suffix().toUpper();
        p.drawText(rect().adjusted(4, 4, -4, -4), Qt::AlignCenter | Qt::TextWordWrap,
                   m_loading ? QStringLiteral("…") : (suffix.isEmpty() ? m_name : suffix));
    }

private:
    QString m_name;
    QToolButton *m_remove;
    QPixmap m_pixmap;
    bool m_loading = true;
};

ComposeDialog::ComposeDialog(QWidget *parent)
    : QDialog(parent)
    , m_editor(new QPlainTextEdit(this))
    , m_counter(new QLabel(this))
    , m_notice(new QLabel(this))
    , m_thumbArea(new QScrollArea(this))
    , m_thumbStrip(new QWidget)
    , m_thumbLayout(new QHBoxLayout(m_thumbStrip))
    , m_addButton(new QPushButton(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this))
    , m_postButton(m_buttons->addButton(QString(), QDialogButtonBox::AcceptRole))
{
    m_pool.setMaxThreadCount(1);
    setAcceptDrops(true);

    m_editor->setObjectName(QStringLiteral("editor"));
    m_editor->setTabChangesFocus(true);
    m_editor->setMinimumHeight(120);
    m_editor->viewport()->installEventFilter(this);
    m_editor->installEventFilter(this); // Ctrl+V with a picture

    m_counter->setObjectName(QStringLiteral("counter"));
    m_counter->setTextFormat(Qt::PlainText);
    m_counter->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_notice->setObjectName(QStringLiteral("notice"));
    m_notice->setTextFormat(Qt::PlainText);
    m_notice->setWordWrap(true);
    m_notice->setStyleSheet(warningStyleSheet(palette()));
    m_notice->hide();

    m_thumbLayout->setContentsMargins(0, 0, 0, 0);
    m_thumbLayout->setSpacing(8);
    m_thumbLayout->addStretch(1);
    m_thumbArea->setWidget(m_thumbStrip);
    m_thumbArea->setWidgetResizable(true);
    m_thumbArea->setFrameShape(QFrame::NoFrame);
    m_thumbArea->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_thumbArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_thumbArea->setFixedHeight(kThumb + m_thumbArea->horizontalScrollBar()->sizeHint().height() +
                                4);
    m_thumbArea->hide();

    m_postButton->setAutoDefault(false);
    m_buttons->button(QDialogButtonBox::Cancel)->setAutoDefault(false);
    m_addButton->setAutoDefault(false);

    auto *tools = new QHBoxLayout;
    tools->addWidget(m_addButton);
    tools->addStretch(1);
    tools->addWidget(m_counter);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_editor, 1);
    layout->addWidget(m_thumbArea);
    layout->addWidget(m_notice);
    layout->addLayout(tools);
    layout->addWidget(m_buttons);

    connect(m_editor, &QPlainTextEdit::textChanged, this, &ComposeDialog::updateState);
    connect(m_addButton, &QPushButton::clicked, this, &ComposeDialog::openFileDialog);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ComposeDialog::post);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &ComposeDialog::reject);
    for (const QKeySequence &keys :
         {QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)}) {
        auto *shortcut = new QShortcut(keys, this);
        shortcut->setContext(Qt::WindowShortcut);
        connect(shortcut, &QShortcut::activated, this, &ComposeDialog::post);
    }

    retranslate();
    updateState();
    resize(560, 420);
    setMinimumSize(400, 300);
    m_editor->setFocus();
}

ComposeDialog::~ComposeDialog()
{
    if (m_draftTimer && m_draftTimer->isActive())
        writeDraft(); // closed with the program: what was typed last is kept
    m_pool.clear();   // decodes not started yet are dropped; m_pool waits for the running one
}

void ComposeDialog::retranslate()
{
    setWindowTitle(tr("New post"));
    m_editor->setPlaceholderText(tr("What's new?"));
    m_addButton->setText(tr("&Add pictures…"));
    m_addButton->setToolTip(
        tr("PNG, JPEG or WebP, up to %1 pictures of at most 5 MiB each").arg(kMaxPictures));
    m_postButton->setText(tr("&Post"));
    m_postButton->setToolTip(tr("Post (Ctrl+Enter)"));
    for (const Picture &p : std::as_const(m_pictures))
        p.thumb->retranslate();
    updateState();
}

void ComposeDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

QString ComposeDialog::content() const
{
    return m_editor->toPlainText().trimmed();
}

void ComposeDialog::setContent(const QString &text)
{
    m_editor->setPlainText(text);
    m_editor->moveCursor(QTextCursor::End);
}

QStringList ComposeDialog::pictures() const
{
    QStringList paths;
    paths.reserve(m_pictures.size());
    for (const Picture &p : m_pictures)
        paths.append(p.path);
    return paths;
}

int ComposeDialog::codePointCount() const
{
    const QString text = content();
    int count = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i).isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate())
            ++i;
        ++count;
    }
    return count;
}

bool ComposeDialog::isValid() const
{
    const int count = codePointCount();
    return count <= kMaxCodePoints && m_pictures.size() <= kMaxPictures &&
           (count > 0 || !m_pictures.isEmpty());
}

bool ComposeDialog::hasDraft() const
{
    return !m_editor->toPlainText().isEmpty() || !m_pictures.isEmpty();
}

QString ComposeDialog::notice() const
{
    return m_notice->isHidden() ? QString() : m_notice->text();
}

void ComposeDialog::setNotice(const QString &text)
{
    m_notice->setText(text);
    m_notice->setVisible(!text.isEmpty());
}

QString ComposeDialog::checkPicture(const QString &path) const
{
    const QFileInfo info(path);
    const QString name = info.fileName().isEmpty() ? path : info.fileName();
    if (path.isEmpty() || !info.exists())
        return tr("%1 was not added: the file does not exist").arg(name);
    if (!info.isFile())
        return tr("%1 was not added: it is not a file").arg(name);
    // The size first: a huge file is never read.
    if (info.size() > kMaxPictureBytes)
        return tr("%1 was not added: it is larger than 5 MiB").arg(name);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return tr("%1 was not added: the file cannot be read (%2)").arg(name, file.errorString());
    if (sniffImageType(file.read(16)).isEmpty())
        return tr("%1 was not added: it is not a PNG, JPEG or WebP picture").arg(name);
    for (const Picture &p : m_pictures) {
        if (p.path == info.absoluteFilePath())
            return tr("%1 is already in this post").arg(name);
    }
    return {};
}

int ComposeDialog::addPictures(const QStringList &paths)
{
    QStringList refused;
    int added = 0;
    int overflow = 0;
    for (const QString &path : paths) {
        const QString why = checkPicture(path);
        if (!why.isEmpty()) {
            refused.append(why);
            continue;
        }
        if (m_pictures.size() >= kMaxPictures) {
            ++overflow;
            continue;
        }
        Picture p;
        p.path = QFileInfo(path).absoluteFilePath();
        p.serial = m_nextSerial++;
        p.thumb = new ComposeThumbnail(p.path, m_thumbStrip);
        const quint64 serial = p.serial;
        connect(p.thumb->removeButton(), &QToolButton::clicked, this, [this, serial] {
            for (qsizetype i = 0; i < m_pictures.size(); ++i) {
                if (m_pictures.at(i).serial == serial) {
                    removePicture(int(i));
                    return;
                }
            }
        });
        m_thumbLayout->insertWidget(m_thumbLayout->count() - 1, p.thumb);
        m_pictures.append(p);
        startDecode(p);
        ++added;
    }
    if (overflow > 0)
        refused.append(
            tr("A post can have at most %1 pictures: %n more not added", nullptr, overflow)
                .arg(kMaxPictures));
    setNotice(refused.join(QLatin1Char('\n')));
    updateState();
    if (added > 0) {
        QMetaObject::invokeMethod(
            this,
            [this, last = QPointer<QWidget>(m_pictures.constLast().thumb)] {
                if (last)
                    m_thumbArea->ensureWidgetVisible(last, 0, 0);
            },
            Qt::QueuedConnection);
    }
    return added;
}

void ComposeDialog::removePicture(int index)
{
    if (index < 0 || index >= m_pictures.size())
        return;
    const Picture p = m_pictures.takeAt(index);
    // Keep the keyboard focus in the strip: on the next remove button, else the editor.
    const bool hadFocus = p.thumb->removeButton()->hasFocus();
    m_thumbLayout->removeWidget(p.thumb);
    p.thumb->hide();
    p.thumb->deleteLater();
    if (hadFocus) {
        if (!m_pictures.isEmpty())
            m_pictures.at(std::min<qsizetype>(index, m_pictures.size() - 1))
                .thumb->removeButton()
                ->setFocus();
        else
            m_editor->setFocus();
    }
    setNotice({});
    updateState();
}

void ComposeDialog::startDecode(const Picture &picture)
{
    ++m_pendingDecodes;
    const QString path = picture.path;
    const quint64 serial = picture.serial;
    m_pool.start([this, path, serial] {
        QImageReader reader(path);
        reader.setDecideFormatFromContent(true);
        reader.setAutoTransform(true);
        const QSize size = reader.size();
        QImage image;
        bool failed = false;
        if (size.isValid() && qint64(size.width()) * size.height() > kMaxPreviewPixels) {
            // No preview for a pixel bomb; the server decides whether it is a picture.
        } else {
            if (size.isValid() && std::min(size.width(), size.height()) > kThumbDecode)
                reader.setScaledSize(
                    size.scaled(QSize(kThumbDecode, kThumbDecode), Qt::KeepAspectRatioByExpanding));
            image = reader.read();
            failed = image.isNull();
        }
        // `this` outlives the task: the destructor's m_pool waits for it.
        QMetaObject::invokeMethod(
            this, [this, serial, image, failed] { onDecoded(serial, image, failed); },
            Qt::QueuedConnection);
    });
}

void ComposeDialog::onDecoded(quint64 serial, const QImage &image, bool failed)
{
    --m_pendingDecodes;
    for (qsizetype i = 0; i < m_pictures.size(); ++i) {
        const Picture &p = m_pictures.at(i);
        if (p.serial != serial)
            continue;
        if (!failed) {
            p.thumb->setImage(image);
            return;
        }
        const QString name = QFileInfo(p.path).fileName();
        removePicture(int(i));
        setNotice(tr("%1 was removed: it cannot be read as a picture").arg(name));
        return;
    }
}

void ComposeDialog::updateState()
{
    const int count = codePointCount();
    const int left = kMaxCodePoints - count;
    const QLocale locale;
    m_counter->setVisible(left < kCounterThreshold);
    m_counter->setText(tr("%1 / %2").arg(locale.toString(count), locale.toString(kMaxCodePoints)));
    m_counter->setToolTip(left >= 0
                              ? tr("At most %1 characters: %2 left")
                                    .arg(locale.toString(kMaxCodePoints), locale.toString(left))
                              : tr("At most %1 characters: %2 too many")
                                    .arg(locale.toString(kMaxCodePoints), locale.toString(-left)));
    m_counter->setStyleSheet(left < 0 ? warningStyleSheet(palette(), true) : QString());
    m_thumbArea->setVisible(!m_pictures.isEmpty());
    m_addButton->setEnabled(m_pictures.size() < kMaxPictures);
    m_postButton->setEnabled(isValid());
    saveDraft();
}

void ComposeDialog::keepDraftAs(const QString &key)
{
    m_draftKey = key;
    QSettings settings;
    const QString text = settings.value(key + QStringLiteral("/text")).toString();
    const QStringList pictures = settings.value(key + QStringLiteral("/pictures")).toStringList();
    m_restoring = true;
    if (!text.isEmpty())
        setContent(text);
    QStringList present; // a picture deleted since is left out, in silence
    for (const QString &p : pictures)
        if (QFileInfo::exists(p))
            present.append(p);
    if (!present.isEmpty())
        addPictures(present);
    m_restoring = false;
    saveDraft();
}

void ComposeDialog::saveDraft()
{
    if (m_draftKey.isEmpty() || m_restoring)
        return;
    writeDraftSoon(m_draftTimer, this, !hasDraft(), [this] { writeDraft(); });
}

void ComposeDialog::writeDraft()
{
    if (m_draftKey.isEmpty())
        return;
    QSettings settings;
    if (!hasDraft()) {
        settings.remove(m_draftKey);
        return;
    }
    settings.setValue(m_draftKey + QStringLiteral("/text"), m_editor->toPlainText());
    settings.setValue(m_draftKey + QStringLiteral("/pictures"), pictures());
}

void ComposeDialog::forgetDraft()
{
    if (m_draftTimer)
        m_draftTimer->stop();
    if (!m_draftKey.isEmpty())
        QSettings().remove(m_draftKey);
    m_draftKey.clear();
}

bool ComposeDialog::pastePicture()
{
    const QMimeData *mime = QGuiApplication::clipboard()->mimeData();
    if (!mime)
        return false;
    if (const QStringList files = localFiles(mime); !files.isEmpty()) {
        addPictures(files);
        return true;
    }
    if (!mime->hasImage())
        return false;
    const QImage image = qvariant_cast<QImage>(mime->imageData());
    if (image.isNull() || qint64(image.width()) * image.height() > 200'000'000LL) {
        setNotice(tr("The picture on the clipboard could not be added: it is empty or too "
                     "large"));
        return true;
    }
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
                        QStringLiteral("/pasted");
    auto *watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher] {
        const QString path = watcher->result();
        watcher->deleteLater();
        if (path.isEmpty())
            setNotice(tr("The picture on the clipboard could not be saved for the post"));
        else
            addPictures({path});
    });
    watcher->setFuture(QtConcurrent::run([image, dir]() -> QString {
        if (!QDir().mkpath(dir))
            return {};
        QImage picture = image;
        if (std::max(picture.width(), picture.height()) > 4096)
            picture = picture.scaled(4096, 4096, Qt::KeepAspectRatio, Qt::SmoothTransformation);
        const QString stem =
            dir + QStringLiteral("/pasted-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
        QString path = stem + QStringLiteral(".png");
        if (!picture.save(path, "PNG") || QFileInfo(path).size() > kMaxPictureBytes) {
            QFile::remove(path);
            path = stem + QStringLiteral(".jpg");
            if (!picture.convertToFormat(QImage::Format_RGB32).save(path, "JPEG", 90) ||
                QFileInfo(path).size() > kMaxPictureBytes) {
                QFile::remove(path);
                return {};
            }
        }
        return path;
    }));
    return true;
}

void ComposeDialog::openFileDialog()
{
    if (m_lastDirectory.isEmpty())
        m_lastDirectory = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Add pictures"), m_lastDirectory,
        tr("Pictures (*.png *.jpg *.jpeg *.webp *.PNG *.JPG *.JPEG *.WEBP)"));
    if (files.isEmpty())
        return;
    m_lastDirectory = QFileInfo(files.constFirst()).absolutePath();
    addPictures(files);
}

void ComposeDialog::post()
{
    updateState();
    if (!isValid())
        return;
    if (!m_publisher) {
        setNotice(tr("Posting is not available right now."));
        return;
    }
    QString error;
    const qint64 id = m_publisher(content(), pictures(), &error);
    if (id != 0) {
        forgetDraft();
        setNotice({});
        Q_EMIT published(id);
        QDialog::accept();
        return;
    }
    setNotice(error.isEmpty() ? tr("Your post could not be published.") : error);
}

bool ComposeDialog::confirmDiscard()
{
    if (m_confirm)
        return m_confirm();
    QMessageBox box(QMessageBox::Question, tr("New post"), tr("Discard this post?"),
                    QMessageBox::NoButton, this);
    box.setTextFormat(Qt::PlainText);
    box.setInformativeText(tr("What you wrote and the pictures you added will be lost."));
    QPushButton *discard = box.addButton(tr("&Discard"), QMessageBox::DestructiveRole);
    QPushButton *keep = box.addButton(tr("&Keep editing"), QMessageBox::RejectRole);
    box.setDefaultButton(keep);
    box.setEscapeButton(keep);
    box.exec();
    return box.clickedButton() == discard;
}

void ComposeDialog::reject()
{
    if (m_confirming)
        return;
    if (hasDraft()) {
        m_confirming = true;
        const bool discard = confirmDiscard();
        m_confirming = false;
        if (!discard)
            return;
    }
    forgetDraft();
    QDialog::reject();
}

QStringList ComposeDialog::localFiles(const QMimeData *mime)
{
    QStringList files;
    if (!mime || !mime->hasUrls())
        return files;
    for (const QUrl &url : mime->urls()) {
        if (url.isLocalFile())
            files.append(url.toLocalFile());
    }
    return files;
}

void ComposeDialog::dragEnterEvent(QDragEnterEvent *event)
{
    if (!localFiles(event->mimeData()).isEmpty())
        event->acceptProposedAction();
    else
        QDialog::dragEnterEvent(event);
}

void ComposeDialog::dragMoveEvent(QDragMoveEvent *event)
{
    if (!localFiles(event->mimeData()).isEmpty())
        event->acceptProposedAction();
    else
        QDialog::dragMoveEvent(event);
}

void ComposeDialog::dropEvent(QDropEvent *event)
{
    const QStringList files = localFiles(event->mimeData());
    if (files.isEmpty())
        return QDialog::dropEvent(event);
    event->acceptProposedAction();
    addPictures(files);
}

bool ComposeDialog::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_editor && event->type() == QEvent::KeyPress &&
        static_cast<QKeyEvent *>(event)->matches(QKeySequence::Paste) && pastePicture())
        return true;
    // Files dropped on the editor are pictures for the post, not text for it.
    if (watched == m_editor->viewport()) {
        switch (event->type()) {
        case QEvent::DragEnter:
        case QEvent::DragMove: {
            auto *e = static_cast<QDragMoveEvent *>(event);
            if (!localFiles(e->mimeData()).isEmpty()) {
                e->acceptProposedAction();
                return true;
            }
            break;
        }
        case QEvent::Drop: {
            auto *e = static_cast<QDropEvent *>(event);
            if (!localFiles(e->mimeData()).isEmpty()) {
                dropEvent(e);
                return true;
            }
            break;
        }
        default:
            break;
        }
    }
    return QDialog::eventFilter(watched, event);
}

} // namespace threadline::ui
