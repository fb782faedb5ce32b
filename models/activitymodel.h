// What the people I follow did (GET /api/v1/activity): newest first, paged with `before`, each
// entry with a translated one-line text ("张三 liked a post", "张三 followed 李四"), plain text.
// ActivityFeed loads it: the first page, refreshes (new entries on top) and further pages.
#pragma once

#include "apifwd.h"
#include "pagedfeed.h"
#include "pagedlistmodel.h"
#include "wiretypes.h"

#include <QList>

#include <optional>

namespace threadline::models {

class ActivityModel : public PagedListModel<core::Activity>
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

    // Paging (PagedListModel): replaceAll() everything (a first load, or a refresh that does
    // not meet what is shown), appendPage() a further page at the bottom (entries already listed
    // skipped; ends a fetchMore), pageFailed() (the cursor stays, the next fetchMore tries
    // again), clear(), nextCursor(), contains(id).

    // Newer entries on top (a refresh); entries already listed are skipped.
    void prependEntries(const QList<core::Activity> &entries);
    [[nodiscard]] qint64 idAt(int row) const;

    [[nodiscard]] QVariant data(const QModelIndex &index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;
};

// Loads an ActivityModel from the server (PagedFeed: setPageSize(), the `limit`, 1..50). Its
// refresh merges: new entries on top, no reset where the page meets what is shown.
class ActivityFeed : public PagedFeed<ActivityModel>
{
    Q_OBJECT
public:
    static constexpr int kDefaultPageSize = 20;

    ActivityFeed(core::ApiClient *api, ActivityModel *model, QObject *parent = nullptr);

    // The first page; again (refresh()) for the user's "refresh". While one is in flight, that
    // one answers.
    void start() { refresh(); }
    [[nodiscard]] bool isBusy() const { return isLoading(); }

Q_SIGNALS:
    void busyChanged(bool busy);
    // A load failed: a sentence for the user (the model keeps its rows).
    void error(const QString &message);
    // The first page is shown: `newEntries` of it are new.
    void refreshed(int newEntries);
    // A further page added `rows` rows.
    void pageLoaded(int rows);

protected:
    int takeFirstPage(const QList<core::Activity> &items,
                      const std::optional<QString> &next) override;

private:
    // GET /activity: the page after `cursor`.
    core::ApiReply *activityPage(const std::optional<QString> &cursor, QObject *owner) const;

    core::ApiClient *m_api;
};

} // namespace threadline::models
