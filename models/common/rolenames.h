// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// roleNames() from a model's Role enum (Q_ENUM), the one way every model names its roles, for
// QML and for tests that address roles by name. Two spellings, chosen per model and kept as the
// model has always had them: Camel — "AuthorNameRole" is "authorName" (the moderation, likers,
// outbox and tree-proxy models); EnumKey — the key itself, "AuthorNameRole" (the timeline,
// history, thread and activity models, whose names tests address that way).
#pragma once

#include <QByteArray>
#include <QChar>
#include <QHash>
#include <QMetaEnum>

namespace threadline::models {

enum class RoleSpelling { Camel, EnumKey };

template<class Role>
QHash<int, QByteArray> roleNamesOf(QHash<int, QByteArray> names,
                                   RoleSpelling spelling = RoleSpelling::Camel)
{
    const QMetaEnum e = QMetaEnum::fromType<Role>();
    for (int i = 0; i < e.keyCount(); ++i) {
        QByteArray name = e.key(i);
        if (spelling == RoleSpelling::Camel) {
            name.chop(4); // "Role"
            name[0] = char(QChar::toLower(uint(name[0])));
        }
        names.insert(e.value(i), name);
    }
    return names;
}

} // namespace threadline::models
