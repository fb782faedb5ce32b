#include "activitymodel.h"
#include "usertext.h"

#include "apiclient.h"
#include "endpoints.h"
#include "jsoncodec.h"

#include <QMetaEnum>

namespace threadline::models {

using core::Activity;
using core::ApiReply;

ActivityModel::ActivityModel(QObject *parent)
    : PagedListModel(parent)
{
}

QString ActivityModel::text(const Activity &a)
{
    const QString actor = core::shownName(a.actor.nickName);
    switch (a.type) {
    case Activity::Type::Post:
        return tr("%1 posted").arg(actor);
    case Activity::Type::Comment:
        return tr("%1 commented on a post").arg(actor);
    case Activity::Type::Like:
        return tr("%1 liked a post").arg(actor);
    case Activity::Type::Follow:
        return a.targetUser
                   ? tr("%1 followed %2").arg(actor, core::shownName(a.targetUser->nickName))
                   : tr("%1 followed someone").arg(actor);
    }
    return {};
}

void ActivityModel::prependEntries(const QList<Activity> &entries)
{
    insertItems(0, entries);
}

qint64 ActivityModel::idAt(int row) const
{
    return row >= 0 && row < rowCount() ? at(row).id : 0;
}

QVariant ActivityModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Activity &a = at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case TextRole:
        return text(a);
    case IdRole:
        return a.id;
    case TypeRole:
        switch (a.type) {
        case Activity::Type::Post:
            return QStringLiteral("post");
        case Activity::Type::Comment:
            return QStringLiteral("comment");
        case Activity::Type::Like:
            return QStringLiteral("like");
        case Activity::Type::Follow:
            return QStringLiteral("follow");
        }
        return {};
    case ActorIdRole:
        return a.actor.uid;
    case ActorNameRole:
        return a.actor.nickName;
    case ActorAvatarRole:
        return a.actor.headImg;
    case PostIdRole:
        return a.postId.value_or(0);
    case CommentIdRole:
        return a.commentId.value_or(0);
    case TargetUserIdRole:
        return a.targetUser ? a.targetUser->uid : qint64(0);
    case TargetUserNameRole:
        return a.targetUser ? a.targetUser->nickName : QString();
    case CreatedTimeRole:
        return a.createtime;
    }
    return {};
}

QHash<int, QByteArray> ActivityModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    const QMetaEnum e = QMetaEnum::fromType<Role>();
    for (int i = 0; i < e.keyCount(); ++i)
        names.insert(e.value(i), QByteArray(e.key(i)));
    return names;
}

// ---- ActivityFeed ----------------------------------------------------------------------------

ActivityFeed::ActivityFeed(core::ApiClient *api, ActivityModel *model, QObject *parent)
    : PagedFeed(model, std::bind_front(&ActivityFeed::activityPage, this),
                qOverload<const QByteArray &>(&core::decodeActivityPage), kDefaultPageSize, parent)
    , m_api(api)
{
    setMergesRefresh(true);
    connect(this, &PagedFeedBase::loadingChanged, this, &ActivityFeed::busyChanged);
    connect(this, &PagedFeedBase::loaded, this, [this](bool first, int added) {
        if (first)
            Q_EMIT refreshed(added);
        else
            Q_EMIT pageLoaded(added);
    });
    connect(this, &PagedFeedBase::loadFailed, this, [this](const QString &message) {
        Q_EMIT error(tr("Could not load the activity of people you follow: %1").arg(message));
    });
}

ApiReply *ActivityFeed::activityPage(const std::optional<QString> &cursor, QObject *owner) const
{
    return m_api->send(core::endpoint::activity(pageSize(), cursor), owner);
}

int ActivityFeed::takeFirstPage(const QList<Activity> &items, const std::optional<QString> &next)
{
    // New entries on top: those before the first one already listed. When none is listed
    // (a first load, or a gap) the page replaces everything.
    qsizetype known = 0;
    while (known < items.size() && !model()->contains(items.at(known).id))
        ++known;
    if (model()->rowCount() == 0) {
        model()->appendPage(items, next); // inserted, no reset needed
        return int(items.size());
    }
    if (known == items.size()) {
        abandonPage(); // a page after the old list: no longer wanted
        model()->replaceAll(items, next);
        return int(items.size());
    }
    model()->prependEntries(items.mid(0, known));
    return int(known);
}

} // namespace threadline::models
