// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A notification in words, as the Notifications page and the desktop's bubbles say it: "李四
// replied to your comment", "李四 and 3 others liked your post", "A moderator hid your comment".
// Names are isolated plain text; nothing is markup.
#pragma once

#include "wire/wiretypes.h"

#include <QCoreApplication>
#include <QString>

namespace threadline::models {

class NotificationText
{
    Q_DECLARE_TR_FUNCTIONS(threadline::models::NotificationText)
public:
    // The sentence: who did what to what of mine.
    [[nodiscard]] static QString sentence(const core::Notification &n);
    // The line under it: the text concerned, quoted, or the moderator's reason ("" when none).
    [[nodiscard]] static QString detail(const core::Notification &n);
    // For a kind this version does not know: a line saying so ("" for known kinds).
    [[nodiscard]] static QString unsupported(const core::Notification &n);
    // A screen reader's whole row: the sentence, the detail, whether it is unread.
    [[nodiscard]] static QString accessible(const core::Notification &n, const QString &time);
};

} // namespace threadline::models
