// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "wire/wiretypes.h"

#include <algorithm>

namespace threadline::core {

QString wireName(TargetType type)
{
    switch (type) {
    case TargetType::Post:
        return QStringLiteral("post");
    case TargetType::Comment:
        return QStringLiteral("comment");
    case TargetType::Device:
        return QStringLiteral("device");
    case TargetType::Message:
        return QStringLiteral("message");
    }
    return {};
}

void sortNewestFirst(QList<Comment> &comments)
{
    std::stable_sort(comments.begin(), comments.end(), [](const Comment &a, const Comment &b) {
        if (a.createtime != b.createtime)
            return a.createtime > b.createtime;
        return a.id > b.id;
    });
}

} // namespace threadline::core
