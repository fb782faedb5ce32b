// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Writes the demo world into the database: multi-row INSERTs in batches, table by table in the
// order that gives the rows without explicit ids theirs (media, users, devices, posts, comments,
// likes, votes, views, follows, activity).
#include "demo/demowrite.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <numeric>

namespace threadline::server::demo {

namespace {

constexpr int kBatchRows = 500;

// Multi-row INSERT in batches of kBatchRows, the full-batch statement prepared once and reused.
class BatchInsert
{
public:
    BatchInsert(Database &db, const QString &table, const QStringList &columns)
        : m_db(db)
        , m_head(QStringLiteral("INSERT INTO %1(%2) VALUES ").arg(table, columns.join(u',')))
        , m_tuple(QLatin1Char('(') + Database::placeholders(columns.size()) + QLatin1Char(')'))
        , m_columns(int(columns.size()))
    {
        m_binds.reserve(qsizetype(m_columns) * kBatchRows);
    }

    void add(std::initializer_list<QVariant> row)
    {
        Q_ASSERT(int(row.size()) == m_columns);
        for (const QVariant &v : row)
            m_binds.append(v);
        if (++m_rows == kBatchRows)
            flush();
    }

    void flush()
    {
        if (m_rows == 0)
            return;
        if (m_rows == kBatchRows && !m_fullSql.isEmpty()) {
            m_db.exec(m_fullSql, m_binds);
        } else {
            QString sql = m_head;
            sql.reserve(m_head.size() + (m_tuple.size() + 1) * m_rows);
            for (int i = 0; i < m_rows; ++i) {
                if (i)
                    sql += QLatin1Char(',');
                sql += m_tuple;
            }
            if (m_rows == kBatchRows)
                m_fullSql = sql;
            m_db.exec(sql, m_binds);
        }
        m_total += m_rows;
        m_rows = 0;
        m_binds.clear();
    }

    [[nodiscard]] int total() const { return m_total; }

private:
    Database &m_db;
    QString m_head, m_tuple, m_fullSql;
    int m_columns;
    int m_rows = 0;
    int m_total = 0;
    QVariantList m_binds;
};

QVariant nullable(qint64 v)
{
    return v ? QVariant(v) : QVariant();
}

QString mediaUrl(const QString &name)
{
    return QStringLiteral("/api/v1/media/") + name;
}

// media, users and the device names
void writePeople(Database &db, const World &w, DemoResult &result)
{
    {
        BatchInsert ins(db, QStringLiteral("media"),
                        {QStringLiteral("name"), QStringLiteral("mime"), QStringLiteral("size"),
                         QStringLiteral("uploader"), QStringLiteral("createtime")});
        for (const MediaRow &m : w.media)
            ins.add(
                {m.name, QStringLiteral("image/png"), m.size, nullable(m.uploader), m.createtime});
        ins.flush();
    }
    {
        BatchInsert ins(db, QStringLiteral("users"),
                        {QStringLiteral("id"), QStringLiteral("username"), QStringLiteral("nick"),
                         QStringLiteral("head_img"), QStringLiteral("role"),
                         QStringLiteral("pw_hash"), QStringLiteral("created")});
        for (const UserRow &u : w.users)
            ins.add({u.id, u.username, u.nick, mediaUrl(w.media[size_t(u.avatar)].name), u.role,
                     u.hash, u.created});
        ins.flush();
        result.users = ins.total();
    }
    {
        BatchInsert ins(db, QStringLiteral("devices"),
                        {QStringLiteral("raw"), QStringLiteral("display")});
        const char *const pairs[][2] = {{"redmi 6", "红米 6"},
                                        {"oneplus a6000", "一加 6"},
                                        {"mi 8", "小米 8"},
                                        {"redmi note 7", "红米 Note 7"},
                                        {"sm-g9600", "三星 Galaxy S9"}};
        for (const auto &pr : pairs)
            ins.add({QString::fromUtf8(pr[0]), QString::fromUtf8(pr[1])});
        ins.flush();
    }
}

// posts, and comments in id order
void writePosts(Database &db, const World &w, DemoResult &result)
{
    {
        BatchInsert ins(db, QStringLiteral("posts"),
                        {QStringLiteral("id"), QStringLiteral("author"), QStringLiteral("category"),
                         QStringLiteral("content"), QStringLiteral("device"), QStringLiteral("geo"),
                         QStringLiteral("pictures"), QStringLiteral("createtime"),
                         QStringLiteral("floor_counter")});
        for (const PostRow &p : w.posts) {
            QJsonArray pics;
            for (int mi : p.pictures)
                pics.append(mediaUrl(w.media[size_t(mi)].name));
            ins.add({p.id, p.author,
                     p.pictures.empty() ? QStringLiteral("TEXT") : QStringLiteral("PICTURE"),
                     p.content, p.device, p.geo.isNull() ? QVariant() : p.geo,
                     QString::fromUtf8(QJsonDocument(pics).toJson(QJsonDocument::Compact)),
                     p.createtime, p.floorCounter});
        }
        ins.flush();
        result.posts = ins.total();
    }
    const std::vector<CommentRow> &comments = w.comments;
    BatchInsert ins(db, QStringLiteral("comments"),
                    {QStringLiteral("id"), QStringLiteral("post_id"), QStringLiteral("root_id"),
                     QStringLiteral("parent_id"), QStringLiteral("floor"), QStringLiteral("seq"),
                     QStringLiteral("author"), QStringLiteral("reply_to"),
                     QStringLiteral("content"), QStringLiteral("createtime"),
                     QStringLiteral("seq_counter")});
    std::vector<int> order(comments.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(),
              [&](int a, int b) { return comments[size_t(a)].id < comments[size_t(b)].id; });
    for (int i : order) {
        const CommentRow &c = comments[size_t(i)];
        const qint64 rootId = c.root < 0 ? 0 : comments[size_t(c.root)].id;
        const qint64 parentId = c.parent < 0 ? 0 : comments[size_t(c.parent)].id;
        ins.add({c.id, w.posts[size_t(c.post)].id, rootId, parentId, c.floor, c.seq, c.author,
                 nullable(c.replyTo), c.content, c.createtime, c.seqCounter});
    }
    ins.flush();
    result.comments = ins.total();
}

// post likes, comment votes, views
void writeReactions(Database &db, const World &w, DemoResult &result)
{
    {
        BatchInsert ins(db, QStringLiteral("post_likes"),
                        {QStringLiteral("id"), QStringLiteral("post_id"), QStringLiteral("uid"),
                         QStringLiteral("createtime")});
        for (const LikeRow &l : w.likes)
            ins.add({l.id, w.posts[size_t(l.post)].id, l.uid, l.createtime});
        ins.flush();
        result.likes = ins.total();
    }
    {
        BatchInsert ins(db, QStringLiteral("comment_votes"),
                        {QStringLiteral("comment_id"), QStringLiteral("uid"),
                         QStringLiteral("vote"), QStringLiteral("createtime")});
        for (const VoteRow &v : w.votes)
            ins.add({w.comments[size_t(v.comment)].id, v.uid, v.vote, v.createtime});
        ins.flush();
    }
    BatchInsert ins(db, QStringLiteral("views"),
                    {QStringLiteral("post_id"), QStringLiteral("uid"), QStringLiteral("day"),
                     QStringLiteral("createtime")});
    for (const ViewRow &v : w.views)
        ins.add({w.posts[size_t(v.post)].id, v.uid, dayUtc8(v.createtime), v.createtime});
    ins.flush();
}

// follows and the activity feed
void writeFollowsAndActivity(Database &db, const World &w)
{
    {
        BatchInsert ins(
            db, QStringLiteral("follows"),
            {QStringLiteral("follower"), QStringLiteral("followee"), QStringLiteral("createtime")});
        for (const FollowRow &f : w.follows)
            ins.add({f.follower, f.followee, f.createtime});
        ins.flush();
    }
    BatchInsert ins(db, QStringLiteral("activity"),
                    {QStringLiteral("type"), QStringLiteral("actor"), QStringLiteral("post_id"),
                     QStringLiteral("comment_id"), QStringLiteral("target_uid"),
                     QStringLiteral("createtime")});
    for (const ActivityRow &a : w.activity)
        ins.add({QString::fromLatin1(a.type), a.actor,
                 a.post < 0 ? QVariant() : QVariant(w.posts[size_t(a.post)].id),
                 a.comment < 0 ? QVariant() : QVariant(w.comments[size_t(a.comment)].id),
                 nullable(a.target), a.createtime});
    ins.flush();
}

} // namespace

DemoResult writeWorld(Database &db, const World &w)
{
    DemoResult result;
    writePeople(db, w, result);
    writePosts(db, w, result);
    writeReactions(db, w, result);
    writeFollowsAndActivity(db, w);
    if (db.isPostgres()) {
        // explicit ids: move the BIGSERIAL sequences past them
        const char *const tables[] = {"users", "posts", "comments", "post_likes"};
        for (const char *t : tables)
            db.scalar(QStringLiteral("SELECT setval(pg_get_serial_sequence('%1','id'),"
                                     " (SELECT MAX(id) FROM %1))")
                          .arg(QLatin1String(t)));
    }
    return result;
}

} // namespace threadline::server::demo
