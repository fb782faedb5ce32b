// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// PictureViewer: a post's pictures, large, in a window of their own (a click on a card's
// picture; MainWindow::showPictures). Fit to the window at first; 1:1 (key 1, or the button),
// zoom with the wheel and Ctrl+= / Ctrl++ / Ctrl+−, Ctrl+0 back to fit; a drag pans when the
// picture is larger than the window. Left / Right (and the buttons) go through the post's other
// pictures, "3 / 9" saying where; Esc closes; "Save image as…" (Ctrl+S) saves the bytes as
// downloaded when the disk cache has them and the file's type is theirs, else the decoded picture.
//
//   auto *viewer = PictureViewer::showFor(images, post.pictureUrls, index, mainWindow);
//
// Pictures come through core::ImageCache, whole (at most ImageCache::kMaxFullSide on the longer
// side: a 20-megapixel photo costs one 4096-pixel image, and only the one shown is held). The
// states are in words: "Loading picture…", "This picture could not be loaded: <reason>" with Try
// again, and a picture on another site asks before it is loaded ("Load it").
// Object names for tests: "pictureCanvas", "picturePosition", "pictureMessage",
// "pictureAction", "pictureNote", "previousPicture", "nextPicture", "fitPicture",
// "actualSizePicture", "zoomInPicture", "zoomOutPicture", "savePicture".
#pragma once

#include <QDialog>
#include <QStringList>
#include <QUrl>

class QLabel;
class QPushButton;
class QStackedWidget;
class QToolButton;

namespace threadline::core {
class ImageCache;
}

namespace threadline::ui {

class PictureCanvas;

class PictureViewer : public QDialog
{
    Q_OBJECT
public:
    enum class State { Empty, Loading, Ready, Blocked, Failed };
    Q_ENUM(State)

    // images: not owned, never null.
    explicit PictureViewer(core::ImageCache *images, QWidget *parent = nullptr);

    // The viewer of `parent` (one at a time: an open one shows the new pictures), deleted on
    // close, shown and raised.
    static PictureViewer *showFor(core::ImageCache *images, const QStringList &urls, int index,
                                  QWidget *parent);

    // The pictures (URLs or server paths, as a post has them) and the one to show first.
    void setPictures(const QStringList &urls, int index = 0);
    [[nodiscard]] QStringList pictures() const { return m_urls; }
    [[nodiscard]] int count() const { return int(m_urls.size()); }
    [[nodiscard]] int currentIndex() const { return m_index; }
    void showPicture(int index); // clamped
    void next() { showPicture(m_index + 1); }
    void previous() { showPicture(m_index - 1); }

    [[nodiscard]] State state() const { return m_state; }
    // What the window says instead of the picture ("" while it shows one).
    [[nodiscard]] QString messageText() const;
    // "3 / 9"
    [[nodiscard]] QString positionText() const;
    [[nodiscard]] PictureCanvas *canvas() const { return m_canvas; }

    // Saves the picture shown to `path` (see the class comment); false with the reason in words.
    bool saveTo(const QString &path, QString *error = nullptr);
    // Asks where (a file dialog), then saveTo(); the outcome in words below the picture.
    void saveAs();

Q_SIGNALS:
    void currentChanged(int index);
    void stateChanged(threadline::ui::PictureViewer::State state);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void load();
    void setState(State state);
    void onReady(const QUrl &url);
    void onFailed(const QUrl &url);
    void updateControls();
    void showNote(const QString &note);
    [[nodiscard]] QUrl currentUrl() const;

    core::ImageCache *m_images;
    QStringList m_urls;
    int m_index = 0;
    State m_state = State::Empty;

    PictureCanvas *m_canvas;
    QStackedWidget *m_stack;
    QLabel *m_message;
    QPushButton *m_action;
    QLabel *m_position;
    QLabel *m_zoom;
    QLabel *m_note;
    QToolButton *m_previous;
    QToolButton *m_next;
    QToolButton *m_fit;
    QToolButton *m_actual;
    QToolButton *m_zoomIn;
    QToolButton *m_zoomOut;
    QToolButton *m_save;
};

} // namespace threadline::ui
