#include "moderationqueuemodel.h"
#include "rolenames.h"
#include "usertext.h"

#include "apiclient.h"
#include "jsoncodec.h"
#include "outbox.h"

#include <QMetaEnum>
#include <QSet>
#include <QUrl>

namespace threadline::models {

using core::Comment;
using core::OutboxEntry;
using core::Post;
using core::QueueItem;
using core::Report;
using core::TargetType;

namespace {

constexpr int kSummaryChars = 60;

QString typeCode(TargetType type)
{
    switch (type) {
    case TargetType::Post:
        return QStringLiteral("post");
    case TargetType::Comment:
        return QStringLiteral("comment");
    case TargetType::Device:
        return QStringLiteral("device");
    }
    return {};
}

// The target's author, or nothing when it has been deleted.
const core::UserBrief *targetAuthor(const QueueItem &item)
{
    if (const Post *p = item.targetPost())
        return &p->author;
    if (const Comment *c = item.targetComment())
        return &c->author;
    return nullptr;
}

QString targetContent(const QueueItem &item)
{
    if (const Post *p = item.targetPost())
        return p->content;
    if (const Comment *c = item.targetComment())
        return c->content;
    return {};
}

bool targetHidden(const QueueItem &item)
{
    if (const Post *p = item.targetPost())
        return p->hidden;
    if (const Comment *c = item.targetComment())
        return c->status == Comment::Status::Hidden;
    return false;
}

qint64 postIdOf(const QueueItem &item)
{
    if (item.targetType == TargetType::Post)
        return item.targetId;
    if (const Comment *c = item.targetComment())
        return c->postId;
    return item.post ? item.post->id : 0;
}

// The reasons of the reports, each once, in the order of the enum (Spam, Abuse, Illegal, Other).
QList<Report::Reason> distinctReasons(const QueueItem &item)
{
    QList<Report::Reason> reasons;
    for (const Report::Reason r : {Report::Reason::Spam, Report::Reason::Abuse,
                                   Report::Reason::Illegal, Report::Reason::Other}) {
        for (const Report &report : item.reports) {
            if (report.reason == r) {
                reasons.append(r);
                break;
            }
        }
    }
    return reasons;
}

QString reasonsLine(const QueueItem &item)
{
    QStringList texts;
    for (const Report::Reason r : distinctReasons(item))
        texts.append(ModerationQueueModel::reasonText(r));
    return texts.join(QStringLiteral(" · "));
}

QVariantList reportList(const QueueItem &item)
{
    QVariantList list;
    list.reserve(item.reports.size());
    for (const Report &r : item.reports) {
        list.append(QVariantMap{
            {QStringLiteral("reporterId"), r.reporter.uid},
            {QStringLiteral("reporterName"), r.reporter.nickName},
            {QStringLiteral("reason"), ModerationQueueModel::reasonCode(r.reason)},
            {QStringLiteral("reasonText"), ModerationQueueModel::reasonText(r.reason)},
            {QStringLiteral("note"), r.note},
            {QStringLiteral("createtime"), r.createtime},
        });
    }
    return list;
}

// Newest first: createtime descending, then id descending.
bool newerThan(const QueueItem &a, const QueueItem &b)
{
    return a.createtime != b.createtime ? a.createtime > b.createtime : a.id > b.id;
}

// Every role that comes from the server's data (not the pending overlay).
QVariant valueOf(const QueueItem &item, int role)
{
    using M = ModerationQueueModel;
    const core::UserBrief *author = targetAuthor(item);
    switch (role) {
    case M::IdRole:
        return item.id;
    case M::TargetTypeRole:
        return typeCode(item.targetType);
    case M::TargetIdRole:
        return item.targetId;
    case M::TargetAuthorIdRole:
        return author ? author->uid : qint64(0);
    case M::TargetAuthorNameRole:
        return author ? author->nickName : QString();
    case M::TargetAuthorAvatarRole:
        return author ? author->headImg : QString();
    case M::TargetContentRole:
        return targetContent(item);
    case M::TargetDeletedRole:
        return !item.target.has_value();
    case M::TargetHiddenRole:
        return targetHidden(item);
    case M::PostIdRole:
        return postIdOf(item);
    case M::PostContentRole:
        return item.targetType == TargetType::Comment && item.post ? item.post->content : QString();
    case M::PostAuthorNameRole:
        return item.targetType == TargetType::Comment && item.post ? item.post->author.nickName
                                                                   : QString();
    case M::ReportsRole:
        return reportList(item);
    case M::ReportCountRole:
        return item.reportCount;
    case M::ReasonsTextRole:
        return reasonsLine(item);
    case M::AutoFlaggedRole:
        return item.autoFlagWord.has_value();
    case M::AutoFlagWordRole:
        return item.autoFlagWord.value_or(QString());
    case M::StatusRole:
        return item.status == QueueItem::Status::Open ? QStringLiteral("open")
                                                      : QStringLiteral("closed");
    case M::CreatedTimeRole:
        return item.createtime;
    }
    return {};
}

} // namespace

// --- ModerationQueueModel ---------------------------------------------------------------------

ModerationQueueModel::ModerationQueueModel(QObject *parent)
    : QAbstractListModel(parent)
{
}

QString ModerationQueueModel::reasonCode(Report::Reason reason)
{
    switch (reason) {
    case Report::Reason::Spam:
        return QStringLiteral("spam");
    case Report::Reason::Abuse:
        return QStringLiteral("abuse");
    case Report::Reason::Illegal:
        return QStringLiteral("illegal");
    case Report::Reason::Other:
        return QStringLiteral("other");
    }
    return {};
}

QString ModerationQueueModel::reasonText(Report::Reason reason)
{
    switch (reason) {
    case Report::Reason::Spam:
        return tr("Spam");
    case Report::Reason::Abuse:
        return tr("Abuse");
    case Report::Reason::Illegal:
        return tr("Illegal");
    case Report::Reason::Other:
        return tr("Other");
    }
    return {};
}

QList<int> ModerationQueueModel::changedRoles(const QueueItem &before, const QueueItem &after)
{
    QList<int> roles;
    const QMetaEnum e = QMetaEnum::fromType<Role>();
    for (int i = 0; i < e.keyCount(); ++i) {
        const int role = e.value(i);
        if (role == PendingRole || role == PendingMessageRole)
            continue;
        if (valueOf(before, role) != valueOf(after, role))
            roles.append(role);
    }
    if (!roles.isEmpty())
        roles.prepend(Qt::DisplayRole); // the summary is made of them
    return roles;
}

void ModerationQueueModel::reindexFrom(int row)
{
    for (int i = row; i < int(m_items.size()); ++i)
        m_rowOf.insert(m_items.at(i).id, i);
}

void ModerationQueueModel::replaceAll(const QList<QueueItem> &items,
                                      const std::optional<QString> &next)
{
    beginResetModel();
    m_items.clear();
    m_rowOf.clear();
    for (const QueueItem &item : items) {
        if (m_rowOf.contains(item.id))
            continue;
        m_rowOf.insert(item.id, int(m_items.size()));
        m_items.append(item);
    }
    m_next = next;
    m_fetching = false;
    endResetModel();
}

void ModerationQueueModel::appendPage(const QList<QueueItem> &items,
                                      const std::optional<QString> &next)
{
    m_fetching = false;
    m_next = next;
    QList<QueueItem> fresh;
    QSet<qint64> seen;
    for (const QueueItem &item : items) {
        if (m_rowOf.contains(item.id) || seen.contains(item.id))
            continue;
        seen.insert(item.id);
        fresh.append(item);
    }
    if (fresh.isEmpty()) // rows are inserted only for a non-empty batch
        return;
    const int first = int(m_items.size());
    beginInsertRows({}, first, first + int(fresh.size()) - 1);
    m_items += fresh;
    reindexFrom(first); // the lookup is part of the change: right inside rowsInserted too
    endInsertRows();
}

int ModerationQueueModel::placeFor(const QueueItem &item, qint64 skipId) const
{
    // The rows are newest first: the place is after every row newer than the item.
    int place = 0;
    for (const QueueItem &other : m_items) {
        if (other.id == skipId)
            continue;
        if (!newerThan(other, item))
            break;
        ++place;
    }
    return place;
}

void ModerationQueueModel::upsertItem(const QueueItem &item)
{
    const int row = rowOf(item.id);
    if (row < 0) {
        const int place = placeFor(item, 0);
        if (place == int(m_items.size()) && m_next.has_value())
            return; // below what is loaded: it comes with its page
        beginInsertRows({}, place, place);
        m_items.insert(place, item);
        reindexFrom(place);
        endInsertRows();
        return;
    }
    const QList<int> roles = changedRoles(m_items.at(row), item);
    int at = row;
    if (m_items.at(row).createtime != item.createtime) {
        const int to = placeFor(item, item.id); // its index once the others are in order
        if (to != row) {
            beginMoveRows({}, row, row, {}, to > row ? to + 1 : to);
            m_items.move(row, to);
            reindexFrom(qMin(row, to));
            endMoveRows();
            at = to;
        }
    }
    m_items[at] = item;
    if (!roles.isEmpty())
        Q_EMIT dataChanged(index(at), index(at), roles);
}

void ModerationQueueModel::removeItem(qint64 itemId)
{
    const int row = rowOf(itemId);
    if (row < 0)
        return;
    beginRemoveRows({}, row, row);
    m_items.removeAt(row);
    m_rowOf.remove(itemId);
    reindexFrom(row);
    endRemoveRows();
}

void ModerationQueueModel::clear()
{
    beginResetModel();
    m_items.clear();
    m_rowOf.clear();
    m_next.reset();
    m_fetching = false;
    endResetModel();
}

void ModerationQueueModel::setPending(qint64 itemId, Pending state, const QString &message)
{
    const Mark before = m_marks.value(itemId);
    if (before.state == state && before.message == message)
        return;
    if (state == Pending::None)
        m_marks.remove(itemId);
    else
        m_marks.insert(itemId, Mark{state, message});
    const int row = rowOf(itemId);
    if (row >= 0)
        Q_EMIT dataChanged(index(row), index(row), {PendingRole, PendingMessageRole});
}

ModerationQueueModel::Pending ModerationQueueModel::pending(qint64 itemId) const
{
    return m_marks.value(itemId).state;
}

int ModerationQueueModel::rowOf(qint64 itemId) const
{
    return m_rowOf.value(itemId, -1);
}

int ModerationQueueModel::rowOfTarget(TargetType type, qint64 targetId) const
{
    for (int i = 0; i < int(m_items.size()); ++i) {
        if (m_items.at(i).targetType == type && m_items.at(i).targetId == targetId)
            return i;
    }
    return -1;
}

qint64 ModerationQueueModel::itemIdAt(int row) const
{
    return row >= 0 && row < int(m_items.size()) ? m_items.at(row).id : 0;
}

std::optional<QueueItem> ModerationQueueModel::item(qint64 itemId) const
{
    const int row = rowOf(itemId);
    return row >= 0 ? std::optional<QueueItem>(m_items.at(row)) : std::nullopt;
}

QString ModerationQueueModel::summary(const QueueItem &item) const
{
    QStringList parts;
    const core::UserBrief *author = targetAuthor(item);
    const bool post = item.targetType == TargetType::Post;
    if (!author) {
        parts.append(post ? tr("Deleted post") : tr("Deleted comment"));
    } else {
        QString text = targetContent(item).simplified(); // one line
        if (text.size() > kSummaryChars)
            text = text.left(kSummaryChars - 1) + QChar(0x2026);
        const QString name = core::shownName(author->nickName);
        parts.append(post ? tr("Post by %1: %2").arg(name, core::shownText(text))
                          : tr("Comment by %1: %2").arg(name, core::shownText(text)));
    }
    if (item.reportCount > 0) {
        const QString reasons = reasonsLine(item);
        const QString count = tr("%n report(s)", nullptr, int(item.reportCount));
        parts.append(reasons.isEmpty() ? count : tr("%1 (%2)").arg(count, reasons));
    }
    if (item.autoFlagWord)
        parts.append(tr("auto-flagged: \u201c%1\u201d").arg(*item.autoFlagWord));
    return parts.join(QStringLiteral(" · "));
}

int ModerationQueueModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_items.size());
}

QVariant ModerationQueueModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const QueueItem &item = m_items.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return summary(item);
    case PendingRole:
        return int(m_marks.value(item.id).state);
    case PendingMessageRole:
        return m_marks.value(item.id).message;
    default:
        if (role > Qt::UserRole && role < PendingRole)
            return valueOf(item, role);
    }
    return {};
}

QHash<int, QByteArray> ModerationQueueModel::roleNames() const
{
    return roleNamesOf<Role>(QAbstractListModel::roleNames());
}

bool ModerationQueueModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_next.has_value() && !m_fetching;
}

void ModerationQueueModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    m_fetching = true;
    Q_EMIT moreRequested(*m_next);
}

// --- ModerationQueueFeed ----------------------------------------------------------------------

namespace {

bool isModeration(OutboxEntry::Kind kind)
{
    switch (kind) {
    case OutboxEntry::Kind::HideComment:
    case OutboxEntry::Kind::UnhideComment:
    case OutboxEntry::Kind::HidePost:
    case OutboxEntry::Kind::UnhidePost:
    case OutboxEntry::Kind::DismissReport:
        return true;
    default:
        return false;
    }
}

} // namespace

ModerationQueueFeed::ModerationQueueFeed(core::ApiClient *api, core::Outbox *outbox,
                                         ModerationQueueModel *model, QObject *parent)
    : QObject(parent)
    , m_api(api)
    , m_outbox(outbox)
    , m_model(model)
{
    connect(m_model, &ModerationQueueModel::moreRequested, this, [this](const QString &cursor) {
        if (!m_reply) // a refresh in flight replaces everything anyway
            request(cursor);
        else
            m_model->fetchFailed(); // not asked now: a later scroll may ask again
    });
    connect(m_outbox, &core::Outbox::completed, this, &ModerationQueueFeed::onCompleted);
    connect(m_outbox, &core::Outbox::failed, this, &ModerationQueueFeed::onFailed);
    connect(m_outbox, &core::Outbox::opened, this, &ModerationQueueFeed::adoptOutboxEntries);
    // From the outbox panel: a discarded action leaves nothing pending (its item shows as the
    // server has it); a retried one is queued again.
    connect(m_outbox, &core::Outbox::discarded, this, [this](const OutboxEntry &entry) {
        if (!isModeration(entry.kind))
            return;
        qint64 itemId = m_entryItem.take(entry.id);
        if (itemId == 0)
            itemId = itemIdFor(entry);
        if (itemId != 0)
            settle(itemId, ModerationQueueModel::Pending::None, QString());
    });
    connect(m_outbox, &core::Outbox::requeued, this, &ModerationQueueFeed::adoptOutboxEntries);
}

void ModerationQueueFeed::setPageSize(int limit)
{
    m_limit = qBound(1, limit, 50);
}

void ModerationQueueFeed::refresh()
{
    request(std::nullopt);
}

void ModerationQueueFeed::request(const std::optional<QString> &before)
{
    if (m_reply) { // abandoned: the new request answers instead
        core::ApiReply *old = m_reply;
        m_reply = nullptr;
        old->disconnect(this);
        old->abort();
        m_model->fetchFailed(); // a page it was may be asked for again
    }
    QString path = QStringLiteral("/api/v1/moderation/queue?status=%1&limit=%2")
                       .arg(m_status == QueueItem::Status::Open ? QStringLiteral("open")
                                                                : QStringLiteral("closed"))
                       .arg(m_limit);
    if (before)
        path += QStringLiteral("&before=") + QString::fromLatin1(QUrl::toPercentEncoding(*before));
    core::ApiReply *reply = m_api->get(path, this);
    m_reply = reply;
    const bool first = !before.has_value();
    connect(reply, &core::ApiReply::finished, this,
            [this, reply, first] { onReplyFinished(reply, first); });
    setLoading(true);
}

void ModerationQueueFeed::onReplyFinished(core::ApiReply *reply, bool first)
{
    if (reply != m_reply)
        return;
    m_reply = nullptr;
    core::ApiError error = reply->error();
    std::optional<core::QueuePage> page;
    if (error.ok()) {
        auto decoded = core::decodeQueuePage(reply->body());
        if (decoded.ok())
            page = std::move(decoded).value();
        else
            error = core::ApiError::decode(decoded.error().toString());
    }
    if (!page) {
        m_model->fetchFailed();         // scrolling down may ask again
        setLoading(m_reply != nullptr); // a view may have asked for the next page already
        Q_EMIT loadFailed(error.describe(), error);
        return;
    }
    if (first)
        m_model->replaceAll(page->items, page->next);
    else
        m_model->appendPage(page->items, page->next);
    adoptOutboxEntries();
    setLoading(m_reply != nullptr); // a view may have asked for the next page already
    Q_EMIT loaded(first);
}

void ModerationQueueFeed::setLoading(bool loading)
{
    if (m_loading == loading)
        return;
    m_loading = loading;
    Q_EMIT loadingChanged(loading);
}

QString ModerationQueueFeed::describeTarget(const QueueItem &item)
{
    const core::UserBrief *author = targetAuthor(item);
    if (item.targetType == TargetType::Post)
        return author ? tr("%1's post").arg(core::shownName(author->nickName))
                      : tr("the reported post");
    return author ? tr("%1's comment").arg(core::shownName(author->nickName))
                  : tr("the reported comment");
}

qint64 ModerationQueueFeed::track(qint64 entryId, qint64 itemId)
{
    if (entryId == 0)
        return 0;
    m_entryItem.insert(entryId, itemId);
    m_model->setPending(itemId, ModerationQueueModel::Pending::Queued);
    return entryId;
}

qint64 ModerationQueueFeed::hideTarget(qint64 itemId, const QString &reason)
{
    const auto item = m_model->item(itemId);
    if (!item || !item->target)
        return 0;
    const QString what = describeTarget(*item);
    return track(item->targetType == TargetType::Post
                     ? m_outbox->hidePost(item->targetId, reason, what)
                     : m_outbox->hideComment(item->targetId, reason, what),
                 itemId);
}

qint64 ModerationQueueFeed::unhideTarget(qint64 itemId, const QString &reason)
{
    const auto item = m_model->item(itemId);
    if (!item || !item->target)
        return 0;
    const QString what = describeTarget(*item);
    return track(item->targetType == TargetType::Post
                     ? m_outbox->unhidePost(item->targetId, reason, what)
                     : m_outbox->unhideComment(item->targetId, reason, what),
                 itemId);
}

qint64 ModerationQueueFeed::dismiss(qint64 itemId, const QString &reason)
{
    const auto item = m_model->item(itemId);
    if (!item)
        return 0;
    return track(m_outbox->dismissReport(itemId, reason, describeTarget(*item)), itemId);
}

qint64 ModerationQueueFeed::itemIdFor(const OutboxEntry &entry) const
{
    switch (entry.kind) {
    case OutboxEntry::Kind::DismissReport:
        return m_model->rowOf(entry.targetId) >= 0 ? entry.targetId : 0;
    case OutboxEntry::Kind::HidePost:
    case OutboxEntry::Kind::UnhidePost:
        return m_model->itemIdAt(m_model->rowOfTarget(TargetType::Post, entry.targetId));
    case OutboxEntry::Kind::HideComment:
    case OutboxEntry::Kind::UnhideComment:
        return m_model->itemIdAt(m_model->rowOfTarget(TargetType::Comment, entry.targetId));
    default:
        return 0;
    }
}

void ModerationQueueFeed::adoptOutboxEntries()
{
    for (const OutboxEntry &e : m_outbox->entries()) {
        if (!isModeration(e.kind) || m_entryItem.contains(e.id))
            continue;
        if (const qint64 itemId = itemIdFor(e))
            track(e.id, itemId);
    }
}

void ModerationQueueFeed::settle(qint64 itemId, ModerationQueueModel::Pending state,
                                 const QString &message)
{
    for (auto it = m_entryItem.cbegin(); it != m_entryItem.cend(); ++it) {
        if (it.value() == itemId)
            return; // another action on it is still queued
    }
    m_model->setPending(itemId, state, message);
}

void ModerationQueueFeed::onCompleted(const OutboxEntry &entry, const QJsonObject &answer)
{
    if (!isModeration(entry.kind))
        return;
    const bool dismissal = entry.kind == OutboxEntry::Kind::DismissReport;
    qint64 itemId = m_entryItem.take(entry.id);
    if (itemId == 0) // an action of another feed's (or of an earlier session)
        itemId = dismissal ? entry.targetId : itemIdFor(entry);
    if (itemId == 0)
        return;
    settle(itemId, ModerationQueueModel::Pending::None);

    std::optional<QueueItem> updated;
    if (dismissal) { // the answer is the queue item: it may join this list (the closed one)
        auto decoded = core::decodeQueueItem(QJsonValue(answer));
        if (decoded.ok()) {
            updated = std::move(decoded).value();
        } else if ((updated = m_model->item(itemId))) {
            updated->status = QueueItem::Status::Closed; // what a dismissal does
        }
    } else if ((updated = m_model->item(itemId))) {
        // The answer is the target as the moderator sees it now.
        if (updated->targetType == TargetType::Post) {
            auto post = core::decodePost(QJsonValue(answer));
            if (post.ok())
                updated->target = std::move(post).value();
        } else {
            auto comment = core::decodeComment(QJsonValue(answer));
            if (comment.ok())
                updated->target = std::move(comment).value();
        }
        const bool hide = entry.kind == OutboxEntry::Kind::HidePost ||
                          entry.kind == OutboxEntry::Kind::HideComment;
        if (hide)
            updated->status = QueueItem::Status::Closed; // hiding closes the item
    }
    if (updated) {
        if (updated->status != m_status)
            m_model->removeItem(itemId);
        else
            m_model->upsertItem(*updated);
    }
    Q_EMIT actionCompleted(itemId);
}

void ModerationQueueFeed::onFailed(const OutboxEntry &entry, const QString &message)
{
    if (!isModeration(entry.kind))
        return;
    qint64 itemId = m_entryItem.take(entry.id);
    if (itemId == 0)
        itemId = itemIdFor(entry);
    if (itemId == 0)
        return;
    settle(itemId, ModerationQueueModel::Pending::Failed, message);
    Q_EMIT actionFailed(itemId, message);
}

} // namespace threadline::models
