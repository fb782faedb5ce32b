// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The moderation part of the demo world (docs/qa.md "The demo world"): an open queue with work to
// do, a closed history in the log, and 30 days of sign-in activity for the statistics.
//
// Everything but the activity bitmaps is made through the API itself, as the demo's people and
// its moderator would have made it (posts, comments, reports, hides, an unhide, a dismiss), so
// that counts, queue items, the log and the /sync change log agree exactly as they would on a
// real server. Each call is then moved back to its place in the story: the rows it wrote are
// stamped with the story's clock instead of the real time.
#include "demo/demomoderation.h"

#include "api/api.h"
#include "api/clock.h"
#include "api/passwords.h"

#include <QDate>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUrl>

namespace threadline::server {

namespace {

constexpr qint64 kMinute = 60 * 1000;
constexpr qint64 kHour = 60 * kMinute;
constexpr qint64 kDay = 24 * kHour;

// The demo's people (api-v1.md's table).
constexpr qint64 kZhangsan = 10001, kLisi = 10002, kWangwu = 10003, kMazi = 10004,
                 kTingtamen = 10005, kQianqi = 10006, kMaliu = 10007, kModerator = 10009;

// Every column that holds the time a row was written, per table: the rows a call wrote (their
// time at or after the start of seeding) are moved to the story's clock.
struct TimeColumn
{
    const char *table;
    const char *column;
};
constexpr TimeColumn kTimeColumns[] = {
    {"posts", "createtime"},
    {"posts", "mod_time"},
    {"comments", "createtime"},
    {"comments", "mod_time"},
    {"activity", "createtime"},
    {"reports", "createtime"},
    {"mod_items", "createtime"},
    {"mod_log", "createtime"},
    {"changes", "createtime"},
    {"notifications", "createtime"},
    {"notification_actors", "createtime"},
};

// Which days of the last 30 each person signed in, as a pattern over the day number: the chart
// of active people per day rises and falls, and each kind of person is in it (daily readers,
// weekday-only, weekends, now and then, gone quiet a week ago).
bool demoActive(qint64 uid, int daysAgo, int weekday /* 1 = Monday */)
{
    switch (uid) {
    case kZhangsan: // every day
        return true;
    case kLisi: // nearly every day
        return daysAgo % 9 != 4;
    case kWangwu: // weekdays
        return weekday <= 5;
    case kMazi: // weekends, and a busy stretch two weeks ago
        return weekday >= 6 || (daysAgo >= 12 && daysAgo <= 16);
    case kTingtamen: // now and then
        return daysAgo % 3 == 0;
    case kQianqi: // the spammer: arrived ten days ago, every day since
        return daysAgo <= 10;
    case kMaliu: // active until a week ago, then quiet (the "inactive for 7 days" figure)
        return daysAgo > 7 && daysAgo % 2 == 0;
    case kModerator: // workdays and most weekends
        return weekday <= 5 || daysAgo % 7 == 1;
    default: // the likers of the hot post: a fifth gone quiet, the rest now and then
        if (uid % 5 == 0 && daysAgo <= 9)
            return false;
        return (quint64(uid) * 2654435761u + quint64(daysAgo) * 40503u) % 97 <
               quint64(18 + uid % 4 * 6);
    }
}

} // namespace

void seedModerationDemo(Api &api, Database &db)
{
    const qint64 seedStart = nowMs();
    // The story's clock: each call happens at `at`.
    qint64 at = seedStart;
    QHash<qint64, QString> tokens;
    const auto tokenOf = [&](qint64 uid) {
        auto it = tokens.find(uid);
        if (it == tokens.end()) {
            const QString token = newToken();
            // made directly: a sign-in would cost a password hash each
            db.exec(QStringLiteral("INSERT INTO tokens(hash, uid, created) VALUES(?, ?, ?)"),
                    {tokenHash(token), uid, seedStart});
            it = tokens.insert(uid, token);
        }
        return *it;
    };
    const auto restamp = [&] {
        for (const TimeColumn &tc : kTimeColumns)
            db.exec(QStringLiteral("UPDATE %1 SET %2 = ? WHERE %2 >= ?")
                        .arg(QLatin1String(tc.table), QLatin1String(tc.column)),
                    {at, seedStart});
    };
    const auto call = [&](qint64 uid, const char *method, const QString &path,
                          const QJsonObject &body = {}) {
        Request req;
        req.method = method;
        req.path = QStringLiteral("/api/v1/") + path;
        req.peer = QStringLiteral("127.0.0.1");
        req.headers.insert("authorization", "Bearer " + tokenOf(uid).toLatin1());
        if (!body.isEmpty() || req.method != "GET") {
            req.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
            req.headers.insert("content-type", "application/json");
        }
        const Response r = api.handle(req);
        if (r.status >= 300)
            throw DbError(QStringLiteral("moderation demo: %1 %2 answered %3: %4")
                              .arg(QString::fromLatin1(method), path)
                              .arg(r.status)
                              .arg(QString::fromUtf8(r.body.left(300)))
                              .toStdString());
        restamp();
        return QJsonDocument::fromJson(r.body).object();
    };
    const auto id = [](const QJsonObject &o) { return o.value(QLatin1String("id")).toInteger(); };
    const auto post = [&](qint64 uid, const char *text, const char *device) {
        return id(call(uid, "POST", QStringLiteral("posts"),
                       {{QStringLiteral("category"), QStringLiteral("TEXT")},
                        {QStringLiteral("content"), QString::fromUtf8(text)},
                        {QStringLiteral("pictureUrls"), QJsonArray()},
                        {QStringLiteral("device"), QString::fromLatin1(device)}}));
    };
    const auto comment = [&](qint64 uid, qint64 postId, const char *text, qint64 parent = 0) {
        QJsonObject body{{QStringLiteral("content"), QString::fromUtf8(text)}};
        if (parent)
            body.insert(QStringLiteral("parentId"), parent);
        return id(call(uid, "POST", QStringLiteral("posts/%1/comments").arg(postId), body));
    };
    const auto report = [&](qint64 uid, const char *type, qint64 target, const char *reason,
                            const char *note = nullptr) {
        QJsonObject body{{QStringLiteral("targetType"), QLatin1String(type)},
                         {QStringLiteral("targetId"), target},
                         {QStringLiteral("reason"), QLatin1String(reason)}};
        if (note)
            body.insert(QStringLiteral("note"), QString::fromUtf8(note));
        call(uid, "POST", QStringLiteral("reports"), body);
    };
    const auto moderate = [&](const char *type, qint64 target, const char *action,
                              const char *reason) {
        call(kModerator, "POST",
             QStringLiteral("moderation/%1s/%2/%3")
                 .arg(QLatin1String(type))
                 .arg(target)
                 .arg(QLatin1String(action)),
             {{QStringLiteral("reason"), QString::fromUtf8(reason)}});
    };
    const auto itemOf = [&](const char *type, qint64 target) {
        return db
            .scalar(
                QStringLiteral("SELECT id FROM mod_items WHERE target_type = ? AND target_id = ?"),
                {QLatin1String(type), target})
            .toLongLong();
    };

    const qint64 now = seedStart;
    // 麻子's hiking post: most of the story happens under it.
    at = now - 9 * kHour;
    const qint64 hike = post(
        kMazi, "周末去西山爬山，有一起的吗？周六早上七点，地铁西苑站 C 口集合。", "oneplus a6000");
    at += 12 * kMinute;
    const qint64 f1 = comment(kZhangsan, hike, "我去！记得带登山杖和水。");
    at += 3 * kMinute;
    comment(kLisi, hike, "算我一个，我带点吃的。", f1);
    // floor 2: an advertisement, auto-flagged at once (published first), later hidden with its
    // reply — the hidden floor moderators see greyed in the thread
    at += 20 * kMinute;
    const qint64 f2 =
        comment(kQianqi, hike, "加微信领登山装备优惠券 spam-link.example/quan 名额有限！");
    at += 4 * kMinute;
    comment(kMazi, hike, "这是广告吧……", f2);
    // floor 3: a rude root with replies, reported for abuse by two people (open)
    at += 25 * kMinute;
    const qint64 f3 =
        comment(kMaliu, hike, "上次一起爬山的人体力太差了，一个个都是废物，根本走不动。");
    at += 6 * kMinute;
    comment(kWangwu, hike, "说话客气点，大家是出去玩的。", f3);
    at += 2 * kMinute;
    comment(kZhangsan, hike, "别这样说，慢慢走就好。", f3);
    at += 9 * kMinute;
    comment(kMaliu, hike, "我说的是实话。", f3);
    // a complaint that was reported, hidden, then restored (the unhide in the log)
    at += 14 * kMinute;
    const qint64 complaint = comment(kWangwu, hike, "山顶那家小卖部太坑了，一瓶水卖二十块！");
    // a harmless plan that was reported and the report dismissed
    at += 5 * kMinute;
    const qint64 camera = comment(kZhangsan, hike, "我带相机去拍照，回来发到群里。", f1);
    // floor: an offer to buy followers, auto-flagged by "刷粉" (open)
    at += 40 * kMinute;
    const qint64 f4 = comment(kTingtamen, hike, "想刷粉的私信我，一千个粉丝只要十块钱。");
    // floor: the weather, and a reply selling tea, reported for spam and "other" (open)
    at += 30 * kMinute;
    const qint64 f5 = comment(kLisi, hike, "天气预报说周六有雨，要不改到周日？");
    at += 7 * kMinute;
    comment(kMazi, hike, "周日也行，我再问问大家。", f5);
    at += 11 * kMinute;
    const qint64 tea =
        comment(kQianqi, hike, "周日我可以。顺便卖点自家的明前龙井，需要的找我。", f5);
    // floor: a casino bonus, auto-flagged (open)
    at += 50 * kMinute;
    const qint64 f6 = comment(kQianqi, hike, "新用户注册就送 casino bonus 888 元，链接在我主页。");

    // 钱七's second-hand camera: a reported post (open)
    at = now - 5 * kHour;
    const qint64 scam =
        post(kQianqi, "低价出二手单反，全新未拆封，只收全款，先付款后发货，不退不换。", "redmi 6");
    // 钱七's invoices: auto-flagged by "代开发票" and hidden with its comments (closed)
    at = now - 7 * kHour;
    const qint64 invoices =
        post(kQianqi, "代开发票，各类发票都能开，价格美丽，私信详谈。", "redmi 6");
    at += 10 * kMinute;
    comment(kLisi, invoices, "这个是违法的吧？");

    // The reports, over the afternoon.
    at = now - 6 * kHour;
    report(kWangwu, "comment", complaint, "abuse");
    at += 15 * kMinute;
    report(kQianqi, "comment", camera, "spam");
    at = now - 4 * kHour - 30 * kMinute;
    report(kWangwu, "comment", f3, "abuse");
    at += 20 * kMinute;
    report(kZhangsan, "comment", f3, "abuse", "人身攻击，说别人是废物。");
    at += 10 * kMinute;
    report(kLisi, "post", scam, "other", "疑似诈骗：要求先付全款，不退不换。");
    at += 25 * kMinute;
    report(kWangwu, "post", scam, "spam");
    at += 30 * kMinute;
    report(kZhangsan, "comment", tea, "spam");
    at += 12 * kMinute;
    report(kMazi, "comment", tea, "other", "他在好几个帖子下面都在卖茶叶。");

    // What the moderator already did (the closed list and the log).
    at = now - 6 * kHour + 20 * kMinute;
    moderate("comment", f2, "hide", "广告：外部链接和优惠券引流");
    at += 10 * kMinute;
    moderate("post", invoices, "hide", "违法广告：代开发票");
    at += 15 * kMinute;
    moderate("comment", complaint, "hide", "辱骂商家");
    at = now - 5 * kHour - 5 * kMinute;
    moderate("comment", complaint, "unhide", "误判：这是真实的消费体验，不算辱骂");
    at += 5 * kMinute;
    if (const qint64 item = itemOf("comment", camera))
        call(kModerator, "POST", QStringLiteral("moderation/items/%1/dismiss").arg(item),
             {{QStringLiteral("reason"), QStringLiteral("不违规：分享照片不是广告")}});
    Q_UNUSED(f4);
    Q_UNUSED(f6);

    // The tokens were only for the story: nobody can use them.
    db.exec(QStringLiteral("UPDATE tokens SET revoked = 1 WHERE created = ?"), {seedStart});

    // 30 days of sign-ins (the statistics page's chart), today included; written whole, so the
    // calls above (all made "today") count only for who the pattern says was here today.
    db.exec(QStringLiteral("DELETE FROM user_days"));
    // The days' login bitmaps too: the same pattern as marks, folded at the first read.
    db.exec(QStringLiteral("DELETE FROM login_days"));
    db.exec(QStringLiteral("DELETE FROM login_marks"));
    QHash<QPair<qint64, QString>, qint64> bits;
    const QDate today = QDate(1970, 1, 1).addDays(dayNumberUtc8(now));
    QList<qint64> people;
    for (const Row &r : db.query(QStringLiteral("SELECT id FROM users ORDER BY id")))
        people.append(r[0].toLongLong());
    db.begin();
    for (int daysAgo = 0; daysAgo < 30; ++daysAgo) {
        const QDate d = today.addDays(-daysAgo);
        for (const qint64 uid : people)
            if (demoActive(uid, daysAgo, d.dayOfWeek())) {
                bits[{uid, d.toString(QStringLiteral("yyyy-MM"))}] |= qint64(1) << (d.day() - 1);
                db.exec(QStringLiteral("INSERT INTO login_marks(day, uid) VALUES(?, ?)"),
                        {int(QDate(1970, 1, 1).daysTo(d)), uid});
            }
    }
    for (auto it = bits.cbegin(); it != bits.cend(); ++it)
        db.exec(QStringLiteral("INSERT INTO user_days(uid, month, bits) VALUES(?, ?, ?)"),
                {it.key().first, it.key().second, it.value()});
    db.commit();
}

} // namespace threadline::server
