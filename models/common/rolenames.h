// roleNames() from a model's Role enum (Q_ENUM): "AuthorNameRole" is "authorName", for QML and
// for tests that address roles by name.
#pragma once

#include <QByteArray>
#include <QChar>
#include <QHash>
#include <QMetaEnum>

namespace threadline::models {

template<class Role> QHash<int, QByteArray> roleNamesOf(QHash<int, QByteArray> names)
{
    const QMetaEnum e = QMetaEnum::fromType<Role>();
    for (int i = 0; i < e.keyCount(); ++i) {
        QByteArray name = e.key(i);
        name.chop(4); // "Role"
        name[0] = char(QChar::toLower(uint(name[0])));
        names.insert(e.value(i), name);
    }
    return names;
}

} // namespace threadline::models
