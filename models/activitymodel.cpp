#include "activitymodel.h"
#include "usertext.h"

#include "apiclient.h"
#include "jsoncodec.h"

#include <QMetaEnum>
#include <QUrl>
#include <algorithm>

namespace threadline::models {

using core::Activity;
using core::ApiError;
using core::ApiReply;

ActivityModel::ActivityModel(QObject *parent)
    : QAbstractListModel(parent)
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

QList<Activity> ActivityModel::fresh(const QList<Activity> &entries) const
{
    QList<Activity> out;
    QSet<qint64> seen;
    for (const Activity &a : entries)
        if (!m_ids.contains(a.id) && !seen.contains(a.id)) {
            seen.insert(a.id);
            out.append(a);
        }
    return out;
}

void ActivityModel::insertAt(int row, const QList<Activity> &entries)
{
    const QList<Activity> add = fresh(entries);
    if (add.isEmpty()) // rows are inserted only for a non-empty batch
        return;
    beginInsertRows({}, row, row + int(add.size()) - 1);
    m_entries.insert(row, add.size(), Activity{});
    std::copy(add.cbegin(), add.cend(), m_entries.begin() + row);
    endInsertRows();
    for (const Activity &a : add)
        m_ids.insert(a.id);
}

void ActivityModel::setEntries(const QList<Activity> &entries, const std::optional<QString> &next)
{
    beginResetModel();
    m_entries.clear();
    m_ids.clear();
    for (const Activity &a : entries)
        if (!m_ids.contains(a.id)) {
            m_ids.insert(a.id);
            m_entries.append(a);
        }
    m_next = next;
    m_fetching = false;
    endResetModel();
}

void ActivityModel::appendPage(const QList<Activity> &entries, const std::optional<QString> &next)
{
    m_fetching = false;
    m_next = next;
    insertAt(int(m_entries.size()), entries);
}

void ActivityModel::prependEntries(const QList<Activity> &entries)
{
    insertAt(0, entries);
}

void ActivityModel::clear()
{
    setEntries({}, std::nullopt);
}

qint64 ActivityModel::idAt(int row) const
{
    return row >= 0 && row < m_entries.size() ? m_entries.at(row).id : 0;
}

int ActivityModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

QVariant ActivityModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Activity &a = m_entries.at(index.row());
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

bool ActivityModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_next.has_value() && !m_fetching;
}

void ActivityModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    m_fetching = true;
    Q_EMIT moreRequested(*m_next);
}

// ---- ActivityFeed ----------------------------------------------------------------------------

ActivityFeed::ActivityFeed(core::ApiClient *api, ActivityModel *model, QObject *parent)
    : QObject(parent)
    , m_api(api)
    , m_model(model)
{
    connect(m_model, &ActivityModel::moreRequested, this, &ActivityFeed::onMoreRequested);
}

void ActivityFeed::setPageSize(int size)
{
    m_pageSize = std::clamp(size, 1, 50);
}

void ActivityFeed::updateBusy()
{
    if (isBusy() == m_busy)
        return;
    m_busy = isBusy();
    Q_EMIT busyChanged(m_busy);
}

void ActivityFeed::fail(const ApiError &e)
{
    if (e.kind == ApiError::Kind::Cancelled)
        return;
    Q_EMIT error(tr("Could not load the activity of people you follow: %1").arg(e.describe()));
}

void ActivityFeed::start()
{
    if (m_firstReply)
        return;
    ApiReply *reply = m_api->get(QStringLiteral("/api/v1/activity?limit=%1").arg(m_pageSize), this);
    m_firstReply = reply;
    connect(reply, &ApiReply::finished, this, [this, reply] { onFirstPage(reply); });
    updateBusy();
}

void ActivityFeed::onFirstPage(ApiReply *reply)
{
    if (reply != m_firstReply)
        return;
    m_firstReply = nullptr;
    if (!reply->ok()) {
        fail(reply->error());
        updateBusy();
        return;
    }
    const auto page = core::decodeActivityPage(reply->body());
    if (!page.ok()) {
        fail(ApiError::decode(page.error().toString())); // the model keeps its rows
        updateBusy();
        return;
    }
    const QList<Activity> &items = page.value().items;
    // New entries on top: those before the first one already listed. When none is listed
    // (a first load, or a gap) the page replaces everything.
    qsizetype known = 0;
    while (known < items.size() && !m_model->contains(items.at(known).id))
        ++known;
    int added = 0;
    if (m_model->rowCount() == 0) {
        added = int(items.size());
        m_model->appendPage(items, page.value().next); // inserted, no reset needed
    } else if (known == items.size()) {
        if (ApiReply *r = m_pageReply) { // a page after the old list: no longer wanted
            m_pageReply = nullptr;
            r->abort();
        }
        added = int(items.size());
        m_model->setEntries(items, page.value().next);
    } else {
        added = int(known);
        m_model->prependEntries(items.mid(0, known));
    }
    updateBusy();
    Q_EMIT refreshed(added);
}

void ActivityFeed::onMoreRequested(const QString &cursor)
{
    if (m_pageReply)
        return;
    ApiReply *reply = m_api->get(QStringLiteral("/api/v1/activity?limit=%1&before=%2")
                                     .arg(m_pageSize)
                                     .arg(QString::fromLatin1(QUrl::toPercentEncoding(cursor))),
                                 this);
    m_pageReply = reply;
    connect(reply, &ApiReply::finished, this, [this, reply] { onPage(reply); });
    updateBusy();
}

void ActivityFeed::onPage(ApiReply *reply)
{
    if (reply != m_pageReply)
        return;
    m_pageReply = nullptr;
    if (!reply->ok()) {
        fail(reply->error());
        m_model->pageFailed();
        updateBusy();
        return;
    }
    const auto page = core::decodeActivityPage(reply->body());
    if (!page.ok()) {
        fail(ApiError::decode(page.error().toString()));
        m_model->pageFailed();
        updateBusy();
        return;
    }
    const int before = m_model->rowCount();
    updateBusy();
    m_model->appendPage(page.value().items, page.value().next);
    Q_EMIT pageLoaded(m_model->rowCount() - before);
}

} // namespace threadline::models
