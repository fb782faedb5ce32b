// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A list view that says something when it has no rows ("Nothing to review: no open reports.",
// a 403): the placeholder, in muted words at the top of the empty viewport. The moderators'
// page's queue and log lists.
#pragma once

#include <QListView>
#include <QString>

namespace threadline::ui {

class PlaceholderList : public QListView
{
public:
    using QListView::QListView;

    // Shown while the model has no rows ("": nothing shown).
    void setPlaceholder(const QString &text);
    [[nodiscard]] QString placeholder() const { return m_placeholder; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QString m_placeholder;
};

} // namespace threadline::ui
