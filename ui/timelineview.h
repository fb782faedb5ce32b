// TimelineView: a timeline of post cards (PostDelegate) over a models::TimelineModel, scrolled
// by the pixel. Clicks on a card's parts and the keyboard (Up/Down between posts, Return/Enter
// opens the thread, L likes) come out as the delegate's signals, with the same names.
//
//   TimelineView view(&images);
//   view.setModel(&timelineModel);
//   connect(&view, &TimelineView::likeClicked, &actions, …);
//
// Keeps the delegate's layout cache right: a row whose data changed is laid out again (the
// relative time alone only repaints), all rows when the font or the style changes; widths follow
// the viewport. With no rows it says so in the viewport ("No posts yet", or setEmptyText()).
#pragma once

#include "postdelegate.h"

#include <QListView>
#include <QMetaObject>

namespace threadline::core {
class ImageCache;
}

namespace threadline::ui {

class TimelineView : public QListView
{
    Q_OBJECT
public:
    // images: may be null (placeholders only); not owned.
    explicit TimelineView(core::ImageCache *images, QWidget *parent = nullptr);

    void setModel(QAbstractItemModel *model) override;
    [[nodiscard]] PostDelegate *postDelegate() const { return m_delegate; }

    // The post id of the current row (0 without one).
    [[nodiscard]] qint64 currentPostId() const;
    // What the viewport says with no rows ("" restores the default, "No posts yet").
    void setEmptyText(const QString &text);
    [[nodiscard]] QString emptyText() const;

    // The option the delegate gets for a row (its rect in viewport coordinates).
    [[nodiscard]] QStyleOptionViewItem itemOption(const QModelIndex &index) const;
    // Where a part of a row's card is, in viewport coordinates (null when it has none).
    [[nodiscard]] QRect areaRect(const QModelIndex &index, PostDelegate::Area area,
                                 int which = 0) const;

Q_SIGNALS:
    void likeClicked(qint64 postId);
    void threadRequested(qint64 postId);
    void likersRequested(qint64 postId);
    void authorClicked(qint64 uid);
    void pictureClicked(qint64 postId, int index);

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void onDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight,
                       const QList<int> &roles);
    void relayoutAll();
    void updateCursor(const QPoint &pos);

    PostDelegate *m_delegate;
    QString m_emptyText; // "" for the default
    QList<QMetaObject::Connection> m_modelConnections;
};

} // namespace threadline::ui
