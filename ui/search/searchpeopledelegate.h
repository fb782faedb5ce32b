// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// SearchPeopleDelegate: a person a search found, one row: the avatar (or its initial) and the
// nickname, plain text, with the text searched for marked in it (SearchPeopleModel's roles).
#pragma once

#include "common/tilepixmaps.h"

#include <QPointer>
#include <QStyledItemDelegate>

class QAbstractItemView;

namespace threadline::core {
class ImageCache;
}

namespace threadline::ui {

class SearchPeopleDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    static constexpr int kAvatar = 32;

    // images: may be null (initials only); view: repainted when an avatar arrives.
    SearchPeopleDelegate(core::ImageCache *images, QAbstractItemView *view);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    [[nodiscard]] QSize sizeHint(const QStyleOptionViewItem &option,
                                 const QModelIndex &index) const override;

private:
    core::ImageCache *m_images;
    QPointer<QAbstractItemView> m_view;
    mutable TilePixmaps m_tiles{2 * 1024};
};

} // namespace threadline::ui
