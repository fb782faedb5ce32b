// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Writing a new post: plain text (emoji welcome) and up to 9 pictures, as api-v1.md allows
// ("0 to 9 pictures, content 0 to 2,000 code points after trimming, a post needs content or a
// picture"; pictures PNG, JPEG or WebP, at most 5 MiB each).
//
//   ComposeDialog dlg(mainWindow);
//   dlg.setPublisher([&](const QString &content, const QStringList &pictures, QString *error) {
//       return actions->publishPost(content, pictures, device, error);
//   });
//   dlg.exec();   // Accepted once the publisher queued the post (returned an id, not 0)
//
// - The Post button is enabled only when the post is valid; Ctrl+Return posts, Esc cancels (and
//   asks "Discard this post?" when something was written or added).
// - A code-point counter shows up near the limit (and in red past it).
// - Pictures come from "Add pictures…" (a file dialog, several at once) or by dropping image
//   files on the dialog. Each is checked when added — it exists, is at most 5 MiB (checked
//   before reading anything), and its bytes are PNG, JPEG or WebP — and refused in words
//   otherwise; a tenth and later are refused too ("9 at most: N more not added"). Thumbnails
//   are decoded on a worker thread; a file that does not decode is removed with words.
// - The dialog knows nothing of core: on Post it calls the publisher; an id accepts the dialog
//   (> 0, or the outbox's local id, which is < 0: Actions::publishPost returns that), 0 keeps
//   it open and shows *error in words (e.g. the outbox refused a picture).
#pragma once

#include <QDialog>
#include <QImage>
#include <QList>
#include <QStringList>
#include <QThreadPool>

#include <functional>

class QDialogButtonBox;
class QDragEnterEvent;
class QDragMoveEvent;
class QDropEvent;
class QHBoxLayout;
class QLabel;
class QMimeData;
class QPlainTextEdit;
class QTimer;
class QPushButton;
class QScrollArea;

namespace threadline::ui {

class ComposeThumbnail;

class ComposeDialog : public QDialog
{
    Q_OBJECT
public:
    // Returns the new post's id (Actions::publishPost: its local id, < 0) or 0 with *error
    // saying why it was not queued.
    using Publisher = std::function<qint64(const QString &content, const QStringList &localPictures,
                                           QString *error)>;

    static constexpr int kMaxPictures = 9;
    static constexpr int kMaxCodePoints = 2000;
    static constexpr qint64 kMaxPictureBytes = 5LL * 1024 * 1024;
    // The counter appears when fewer than this many code points are left.
    static constexpr int kCounterThreshold = 200;

    explicit ComposeDialog(QWidget *parent = nullptr);
    ~ComposeDialog() override;

    void setPublisher(Publisher publisher) { m_publisher = std::move(publisher); }

    // The text as it will be posted (trimmed).
    [[nodiscard]] QString content() const;
    void setContent(const QString &text);
    // The local files added, in order.
    [[nodiscard]] QStringList pictures() const;
    // Checks and adds files (in order); returns how many were added. What was refused is shown
    // in words (notice()), replacing the previous notice.
    int addPictures(const QStringList &paths);
    void removePicture(int index);

    // Code points in content(); the limit is kMaxCodePoints.
    [[nodiscard]] int codePointCount() const;
    // Content or a picture, content within the limit, at most 9 pictures.
    [[nodiscard]] bool isValid() const;
    // Something to lose on cancel: text (even blank-only) or a picture.
    [[nodiscard]] bool hasDraft() const;
    // The words shown under the editor ("" when none): refused pictures, the publisher's error.
    [[nodiscard]] QString notice() const;
    // Thumbnails still decoding.
    [[nodiscard]] int pendingThumbnails() const { return m_pendingDecodes; }

    // Posts if valid (what Ctrl+Return and the Post button do).
    void post();
    // Esc, Cancel, the window's close button: asks before discarding a draft.
    void reject() override;

    // Ctrl+V: a picture on the clipboard (an image, or picture files) joins the post; the
    // image is saved as a file of its own first, off the GUI thread (PNG, or JPEG when that is
    // over the size limit; scaled down past 4096 px). False when the clipboard holds no picture
    // (the editor then pastes text).
    bool pastePicture();
    // Keeps the draft (text and pictures) in the settings under `key`: restored now, saved as it
    // changes, forgotten once posted or discarded — so that it survives a restart.
    void keepDraftAs(const QString &key);

    // Asks "Discard this post?"; the default shows a QMessageBox. Tests replace it.
    void setDiscardConfirmation(std::function<bool()> confirm) { m_confirm = std::move(confirm); }

Q_SIGNALS:
    // The publisher queued the post under this id (just before the dialog is accepted).
    void published(qint64 id);

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    struct Picture
    {
        QString path;
        quint64 serial = 0; // matches a decode result to its picture after removals
        ComposeThumbnail *thumb = nullptr;
    };

    void openFileDialog();
    void updateState();
    void retranslate();
    void setNotice(const QString &text);
    void startDecode(const Picture &picture);
    void onDecoded(quint64 serial, const QImage &image, bool failed);
    // Why `path` cannot be added ("" when it can).
    [[nodiscard]] QString checkPicture(const QString &path) const;
    [[nodiscard]] static QStringList localFiles(const QMimeData *mime);
    [[nodiscard]] bool confirmDiscard();
    void saveDraft(); // soon: the settings file is written once typing pauses, not per key
    void writeDraft();
    void forgetDraft();

    QPlainTextEdit *m_editor;
    QLabel *m_counter;
    QLabel *m_notice;
    QScrollArea *m_thumbArea;
    QWidget *m_thumbStrip;
    QHBoxLayout *m_thumbLayout;
    QPushButton *m_addButton;
    QDialogButtonBox *m_buttons;
    QPushButton *m_postButton;

    QString m_draftKey; // keepDraftAs(); empty: no draft kept
    bool m_restoring = false;
    QTimer *m_draftTimer = nullptr; // made by keepDraftAs()
    QList<Picture> m_pictures;
    quint64 m_nextSerial = 1;
    int m_pendingDecodes = 0;
    QString m_lastDirectory;
    Publisher m_publisher;
    std::function<bool()> m_confirm;
    bool m_confirming = false;
    QThreadPool m_pool; // thumbnail decoding; last member: waited for first on destruction
};

} // namespace threadline::ui
