// What the people I follow did (GET /api/v1/activity): newest first, paged with `before`, each
// entry with a translated one-line text ("张三 liked a post", "张三 followed 李四"), plain text.
// ActivityFeed loads it: the first page, refreshes (new entries on top) and further pages.
#pragma once

#include "apiclient.h"
#include "apierror.h"
#include "wiretypes.h"

#include <QAbstractListModel>
#include <QList>
#include <QPointer>
#include <QSet>

#include <optional>

namespace threadline::models {

class ActivityModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role {
        IdRole = Qt::UserRole + 1, // qint64: the entry's id
        TypeRole,                  // QString: "post", "comment", "like" or "follow"
        ActorIdRole,               // qint64: who did it
        ActorNameRole,             // QString: their nickname
        ActorAvatarRole,           // QString: their avatar (absolute or /path)
        PostIdRole,                // qint64: the post it is about (0: none, e.g. a follow)
        CommentIdRole,             // qint64: the comment written (0: none)
        TargetUserIdRole,          // qint64: whom they followed (0: none)
        TargetUserNameRole,        // QString: that user's nickname ("" when none)
        CreatedTimeRole,           // qint64: when, ms since the epoch
        TextRole,                  // QString: one line, translated, plain text (also Display)
    };
    Q_ENUM(Role)

    explicit ActivityModel(QObject *parent = nullptr);

    // The one-line text of an entry ("张三 liked a post"), translated, plain text.
    [[nodiscard]] static QString text(const core::Activity &activity);

    // Everything replaced (a first load, or a refresh that does not meet what is shown).
    void setEntries(const QList<core::Activity> &entries, const std::optional<QString> &next);
    // A further page at the bottom; entries already listed are skipped. Ends a fetchMore.
    void appendPage(const QList<core::Activity> &entries, const std::optional<QString> &next);
    // Newer entries on top (a refresh); entries already listed are skipped.
    void prependEntries(const QList<core::Activity> &entries);
    // A fetchMore that failed: the cursor stays, so the next fetchMore tries again.
    void pageFailed() { m_fetching = false; }
    void clear();

    [[nodiscard]] std::optional<QString> nextCursor() const { return m_next; }
    [[nodiscard]] qint64 idAt(int row) const;
    [[nodiscard]] bool contains(qint64 id) const { return m_ids.contains(id); }

    [[nodiscard]] int rowCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex &index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;
    [[nodiscard]] bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

Q_SIGNALS:
    // fetchMore(): the owner loads the page after `cursor` and calls appendPage().
    void moreRequested(const QString &cursor);

private:
    [[nodiscard]] QList<core::Activity> fresh(const QList<core::Activity> &entries) const;
    void insertAt(int row, const QList<core::Activity> &entries);

    QList<core::Activity> m_entries;
    QSet<qint64> m_ids;
    std::optional<QString> m_next;
    bool m_fetching = false;
};

// Loads an ActivityModel from the server.
class ActivityFeed : public QObject
{
    Q_OBJECT
public:
    ActivityFeed(core::ApiClient *api, ActivityModel *model, QObject *parent = nullptr);

    void setPageSize(int size); // the `limit`, 1..50; default 20
    // The first page; again for the user's "refresh" (new entries on top, no reset where the
    // page meets what is shown).
    void start();
    void refresh() { start(); }
    [[nodiscard]] bool isBusy() const { return m_firstReply || m_pageReply; }

Q_SIGNALS:
    void busyChanged(bool busy);
    // A load failed: a sentence for the user (the model keeps its rows).
    void error(const QString &message);
    // The first page is shown: `newEntries` of it are new.
    void refreshed(int newEntries);
    // A further page added `rows` rows.
    void pageLoaded(int rows);

private:
    void onFirstPage(core::ApiReply *reply);
    void onMoreRequested(const QString &cursor);
    void onPage(core::ApiReply *reply);
    void fail(const core::ApiError &error);
    void updateBusy();

    core::ApiClient *m_api;
    ActivityModel *m_model;
    int m_pageSize = 20;
    QPointer<core::ApiReply> m_firstReply;
    QPointer<core::ApiReply> m_pageReply;
    bool m_busy = false;
};

} // namespace threadline::models
