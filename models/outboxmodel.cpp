// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "outboxmodel.h"

#include "common/rolenames.h"

#include "outbox/outbox.h"
#include "poststore.h"

#include <QDateTime>
#include <QSet>
#include <QTextDocument>
#include <QTimer>

#include <algorithm>

namespace threadline::models {

namespace {

using Kind = core::OutboxEntry::Kind;

constexpr int kQuoteChars = 40; // a comment's text is quoted up to this many characters

// User text quoted and cut: “text…”, on one line, isolated from the sentence around it
// (U+2068 … U+2069), so that right-to-left text cannot reorder the words.
QString quoted(const QString &text)
{
    QString t = text.simplified();
    if (t.size() > kQuoteChars)
        t = t.left(kQuoteChars).trimmed() + QChar(0x2026);
    return OutboxModel::tr("“%1”").arg(QChar(0x2068) + t + QChar(0x2069));
}

QString isolated(const QString &text)
{
    return QChar(0x2068) + text + QChar(0x2069);
}

int secondsUntil(qint64 at, qint64 now)
{
    return int(qMax<qint64>(1, (at - now + 999) / 1000));
}

} // namespace

OutboxModel::OutboxModel(core::Outbox *outbox, core::PostStore *store, QObject *parent)
    : QAbstractTableModel(parent)
    , m_outbox(outbox)
    , m_store(store)
    , m_ticker(new QTimer(this))
{
    m_ticker->setInterval(1000);
    connect(m_ticker, &QTimer::timeout, this, &OutboxModel::refresh);
    if (m_outbox) {
        connect(m_outbox, &core::Outbox::entriesChanged, this, &OutboxModel::refresh);
        connect(m_outbox, &core::Outbox::replayFinished, this,
                [this](int saved, const QStringList &failures) {
                    if (saved > 0 || !failures.isEmpty())
                        Q_EMIT replayReported(core::Outbox::replayReport(saved, failures));
                });
    }
    refresh();
}

bool OutboxModel::retry(qint64 entryId)
{
    return m_outbox && m_outbox->retry(entryId);
}

bool OutboxModel::discard(qint64 entryId)
{
    return m_outbox && m_outbox->discard(entryId);
}

int OutboxModel::discardAllFailed()
{
    return m_outbox ? m_outbox->discardAllFailed() : 0;
}

int OutboxModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int OutboxModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OutboxModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return index.column() == ActionColumn ? row.action : row.stateText;
    case Qt::ToolTipRole: // escaped: a tooltip would take "<b>" in a comment as markup
        return Qt::convertFromPlainText(index.column() == ActionColumn ? row.action : row.stateText,
                                        Qt::WhiteSpaceNormal);
    case IdRole:
        return row.entry.id;
    case KindRole:
        return int(row.entry.kind);
    case StateRole:
        return int(row.state);
    case ActionTextRole:
        return row.action;
    case StateTextRole:
        return row.stateText;
    case FailureRole:
        return row.entry.failure;
    case DueAtRole:
        return row.dueAt;
    default:
        break;
    }
    return {};
}

QVariant OutboxModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ActionColumn:
        return tr("Change");
    case StateColumn:
        return tr("State");
    default:
        break;
    }
    return {};
}

QHash<int, QByteArray> OutboxModel::roleNames() const
{
    return roleNamesOf<Role>(QAbstractTableModel::roleNames());
}

qint64 OutboxModel::entryId(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).entry.id : 0;
}

int OutboxModel::rowOf(qint64 entryId) const
{
    for (int i = 0; i < int(m_rows.size()); ++i) {
        if (m_rows.at(i).entry.id == entryId)
            return i;
    }
    return -1;
}

OutboxModel::State OutboxModel::state(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).state : State::Queued;
}

int OutboxModel::failedCount() const
{
    return int(std::count_if(m_rows.cbegin(), m_rows.cend(),
                             [](const Row &r) { return r.state == State::Failed; }));
}

QList<core::OutboxEntry> OutboxModel::currentEntries() const
{
    if (!m_outbox)
        return {};
    QList<core::OutboxEntry> all = m_outbox->entries() + m_outbox->failedEntries();
    std::sort(all.begin(), all.end(),
              [](const core::OutboxEntry &a, const core::OutboxEntry &b) { return a.id < b.id; });
    return all;
}

void OutboxModel::refresh()
{
    const QList<core::OutboxEntry> entries = currentEntries();
    QSet<qint64> ids;
    for (const core::OutboxEntry &e : entries)
        ids.insert(e.id);
    // Gone: removed from the end, a run of adjacent rows at a time.
    for (int i = int(m_rows.size()) - 1; i >= 0;) {
        if (ids.contains(m_rows.at(i).entry.id)) {
            --i;
            continue;
        }
        int first = i;
        while (first > 0 && !ids.contains(m_rows.at(first - 1).entry.id))
            --first;
        beginRemoveRows({}, first, i);
        m_rows.remove(first, i - first + 1);
        endRemoveRows();
        i = first - 1;
    }
    // New: inserted where their id puts them (both lists are in id order), a run at a time.
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    int row = 0;
    for (int i = 0; i < int(entries.size());) {
        if (row < m_rows.size() && m_rows.at(row).entry.id == entries.at(i).id) {
            ++row;
            ++i;
            continue;
        }
        QList<Row> run;
        while (i < entries.size() &&
               (row >= m_rows.size() || entries.at(i).id < m_rows.at(row).entry.id)) {
            Row r;
            r.entry = entries.at(i);
            compute(r, now);
            run.append(r);
            ++i;
        }
        if (run.isEmpty()) { // not expected: both are in id order
            ++row;
            continue;
        }
        beginInsertRows({}, row, row + int(run.size()) - 1);
        for (qsizetype k = 0; k < run.size(); ++k)
            m_rows.insert(row + k, run.at(k));
        endInsertRows();
        row += int(run.size());
    }
    // Changed: their words and states.
    bool countdown = false;
    for (int i = 0; i < int(m_rows.size()); ++i) {
        Row &r = m_rows[i];
        const Row before = r;
        r.entry = entries.at(i);
        compute(r, now);
        countdown = countdown || r.state == State::LikeDelay || r.state == State::RetryLater ||
                    (r.state == State::Queued && r.dueAt > now);
        QList<int> roles;
        if (r.action != before.action)
            roles << Qt::DisplayRole << Qt::ToolTipRole << ActionTextRole;
        if (r.stateText != before.stateText || r.state != before.state) {
            if (!roles.contains(Qt::DisplayRole))
                roles << Qt::DisplayRole << Qt::ToolTipRole;
            roles << StateRole << StateTextRole;
        }
        if (r.entry.failure != before.entry.failure)
            roles << FailureRole;
        if (r.dueAt != before.dueAt)
            roles << DueAtRole;
        if (!roles.isEmpty())
            Q_EMIT dataChanged(index(i, 0), index(i, ColumnCount - 1), roles);
    }
    if (countdown && !m_ticker->isActive())
        m_ticker->start();
    else if (!countdown)
        m_ticker->stop();
}

QString OutboxModel::actionText(const core::OutboxEntry &e) const
{
    const QString target = isolated(e.description.isEmpty() ? tr("it") : e.description);
    switch (e.kind) {
    case Kind::PostLike:
    case Kind::MessageLike:
        return e.desired ? tr("Like on %1").arg(target) : tr("Unlike of %1").arg(target);
    case Kind::LeaveMessage:
        return tr("Message on %1: %2")
            .arg(target, quoted(e.payload.value(QLatin1String("content")).toString()));
    case Kind::CommentVote:
        if (e.desired > 0)
            return tr("Like on %1").arg(target);
        if (e.desired < 0)
            return tr("Oppose on %1").arg(target);
        return e.baseline < 0 ? tr("Oppose taken back on %1").arg(target)
                              : tr("Unlike of %1").arg(target);
    case Kind::Follow:
    case Kind::TopicFollow:
        return e.desired ? tr("Follow %1").arg(target) : tr("Unfollow %1").arg(target);
    case Kind::CreateComment: {
        const QString text = quoted(e.payload.value(QLatin1String("content")).toString());
        if (e.parentId != 0) {
            std::optional<core::Comment> parent;
            if (m_store)
                parent = m_store->comment(e.parentId);
            if (parent && !parent->author.nickName.isEmpty())
                return tr("Reply to %1: %2").arg(isolated(parent->author.nickName), text);
            return tr("Reply under %1: %2").arg(target, text);
        }
        return tr("Comment on %1: %2").arg(target, text);
    }
    case Kind::DeleteComment:
    case Kind::DeletePost:
    case Kind::DeleteMessage:
        return tr("Delete %1").arg(target);
    case Kind::CreatePost: {
        const QString content = e.payload.value(QLatin1String("content")).toString();
        const int pictures = int(e.localPictures().size());
        const QString post =
            content.trimmed().isEmpty() ? tr("New post") : tr("New post: %1").arg(quoted(content));
        return pictures > 0 ? tr("%1 (%n picture(s))", nullptr, pictures).arg(post) : post;
    }
    case Kind::Report:
        return tr("Report %1").arg(target);
    case Kind::HideComment:
    case Kind::HidePost:
    case Kind::HideMessage:
        return tr("Hide %1").arg(target);
    case Kind::UnhideComment:
    case Kind::UnhidePost:
    case Kind::UnhideMessage:
        return tr("Unhide %1").arg(target);
    case Kind::DismissReport:
        return tr("Dismiss the reports on %1").arg(target);
    case Kind::NotificationRead:
        return tr("Mark a notification as read");
    case Kind::NotificationsRead:
        return tr("Mark notifications as read");
    }
    return target;
}

void OutboxModel::compute(Row &row, qint64 now) const
{
    const core::OutboxEntry &e = row.entry;
    row.action = actionText(e);
    row.dueAt = e.dueAt() > now ? e.dueAt() : 0;
    const qint64 gate = m_outbox ? m_outbox->queueWaitsUntil() : 0;
    // What it waits for that was created here and not sent yet.
    bool blocked = false;
    if (m_outbox && !e.isFailed()) {
        const QList<qint64> refs = e.localRefs();
        for (const core::OutboxEntry &o : m_outbox->entries()) {
            if (o.createsObject() && refs.contains(o.createdLocalId())) {
                blocked = true;
                break;
            }
        }
    }
    if (e.isFailed()) {
        row.state = State::Failed;
        row.stateText = tr("Failed: %1").arg(e.failure);
    } else if (m_outbox && m_outbox->sendingId() == e.id) {
        row.state = State::Sending;
        row.stateText = tr("Sending…");
    } else if (m_outbox && m_outbox->isOffline()) {
        row.state = State::Offline;
        row.stateText = tr("Waiting for the network (offline)");
    } else if (m_outbox && m_outbox->isPaused()) {
        row.state = State::Paused;
        row.stateText = tr("Waiting for you to sign in again");
    } else if (blocked) {
        row.state = State::Blocked;
        row.stateText = tr("Waiting for what it refers to, to be sent first");
    } else if (e.nextAttemptAt > now && e.attempts > 0) {
        row.state = State::RetryLater;
        const QString why = e.lastErrorText.isEmpty() ? e.lastError : e.lastErrorText;
        row.stateText =
            why.isEmpty()
                ? tr("Retry in %n s", nullptr, secondsUntil(e.nextAttemptAt, now))
                : tr("Retry in %n s after “%1”", nullptr, secondsUntil(e.nextAttemptAt, now))
                      .arg(why);
    } else if (e.notBefore > now) {
        row.state = State::LikeDelay;
        row.stateText =
            tr("Waiting for the like delay: sent in %n s", nullptr, secondsUntil(e.notBefore, now));
    } else if (gate > now) {
        row.state = State::Queued;
        row.dueAt = gate;
        row.stateText =
            tr("Waiting for the server: next try in %n s", nullptr, secondsUntil(gate, now));
    } else {
        row.state = State::Queued;
        row.stateText = tr("Waiting to be sent");
    }
}

} // namespace threadline::models
