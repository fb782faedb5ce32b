// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// GET /activity (docs/api.md) against the real threadline-server on loopback: the
// scopes following (the default), all, user and mine; what every item carries for its row
// (postAuthor, summary, thumbnail, targetUser); 400 and 404 for bad scopes and uids; deleted and
// hidden content left out; each scope paged by its own `before` cursor.
//
// One demo server serves the class; the tests act as qianqi (whom tingtamen follows) and read
// what the contract says about it.

#include "signedin.h"
#include "testserver.h"

#include <QBuffer>
#include <QImage>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QTest>
#include <QTextBoundaryFinder>
#include <QUrl>

#include <map>
#include <memory>

using namespace threadline::test;

namespace {

constexpr qint64 kUnknownId = 987654321;

qint64 uidOf(const QJsonValue &user)
{
    return user.toObject().value(QLatin1String("uid")).toInteger();
}

QList<QJsonObject> objects(const QJsonArray &a)
{
    QList<QJsonObject> out;
    for (const QJsonValue &v : a)
        out << v.toObject();
    return out;
}

QList<qint64> ids(const QList<QJsonObject> &a)
{
    QList<qint64> out;
    for (const QJsonObject &o : a)
        out << num(o, "id");
    return out;
}

// The index of the first pair that is not newest first (createtime desc, then id desc), or -1.
qsizetype newestFirstViolation(const QList<QJsonObject> &items)
{
    for (qsizetype i = 0; i + 1 < items.size(); ++i) {
        const qint64 t0 = num(items[i], "createtime"), t1 = num(items[i + 1], "createtime");
        const qint64 i0 = num(items[i], "id"), i1 = num(items[i + 1], "id");
        if (t0 < t1 || (t0 == t1 && i0 <= i1))
            return i;
    }
    return -1;
}

qsizetype graphemes(const QString &s)
{
    QTextBoundaryFinder f(QTextBoundaryFinder::Grapheme, s);
    qsizetype n = 0;
    while (f.toNextBoundary() != -1)
        ++n;
    return n;
}

// The item of a list about `postId` (and of `type`), or {}.
QJsonObject itemOf(const QList<QJsonObject> &items, const QString &type, qint64 postId)
{
    for (const QJsonObject &a : items)
        if (a.value(QLatin1String("type")).toString() == type && num(a, "postId") == postId)
            return a;
    return {};
}

#define CHECK_STATUS(result, expected)                                                             \
    do {                                                                                           \
        const HttpResult &r_ = (result);                                                           \
        QVERIFY2(r_.status == (expected),                                                          \
                 ("expected " + QByteArray::number(expected) + ": " + r_.describe()).constData()); \
    } while (false)

// A JSON error of the contract's shape, with its code.
#define CHECK_ERROR(result, expected, code)                                                        \
    do {                                                                                           \
        const HttpResult &e_ = (result);                                                           \
        CHECK_STATUS(e_, expected);                                                                \
        QVERIFY2(e_.header("Content-Type").startsWith("application/json"), e_.describe());         \
        QCOMPARE(e_.errorCode(), QStringLiteral(code));                                            \
        QVERIFY(!e_.errorMessage().isEmpty());                                                     \
    } while (false)

} // namespace

class TestActivity : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void itemsCarryWhatTheirRowShows();
    void scopes();
    void badScopesAndUids();
    void deletedAndHiddenAreLeftOut();
    void eachScopePagesByItsCursor_data();
    void eachScopePagesByItsCursor();

private:
    Client &as(const QString &username) { return m_signedIn.as(username); }
    qint64 newPost(Client &c, const QString &content, const QStringList &pictures = {});
    qint64 newComment(Client &c, qint64 postId, const QString &content);
    QList<QJsonObject> page(Client &c, const QString &query, int limit = 50);
    // Up to `pages` pages of `limit` items, following `next`; no id twice.
    QList<QJsonObject> pages(Client &c, const QString &query, int limit, int pages, QString *error);

    TestServer m_server;
    SignedIn m_signedIn{m_server};
    qint64 m_actor = 0;    // qianqi
    qint64 m_target = 0;   // maliu's post with pictures that qianqi liked and answered
    qint64 m_ownPost = 0;  // qianqi's long post
    qint64 m_comment = 0;  // qianqi's comment on m_target
    qint64 m_followed = 0; // whom qianqi followed
    QString m_picture;     // m_target's first picture
    QString m_longContent; // m_ownPost's content
};

qint64 TestActivity::newPost(Client &c, const QString &content, const QStringList &pictures)
{
    const QJsonObject body{{"category", pictures.isEmpty() ? "TEXT" : "PICTURE"},
                           {"content", content},
                           {"pictureUrls", QJsonArray::fromStringList(pictures)},
                           {"device", "test device"}};
    const HttpResult r = c.post(api("/posts"), body);
    if (r.status != 201)
        qWarning("newPost failed: %s", r.describe().constData());
    return r.status == 201 ? num(r.obj(), "id") : 0;
}

qint64 TestActivity::newComment(Client &c, qint64 postId, const QString &content)
{
    const HttpResult r =
        c.post(api("/posts/%1/comments").arg(postId), QJsonObject{{"content", content}});
    if (r.status != 201)
        qWarning("newComment failed: %s", r.describe().constData());
    return r.status == 201 ? num(r.obj(), "id") : 0;
}

QList<QJsonObject> TestActivity::page(Client &c, const QString &query, int limit)
{
    const QChar sep = query.isEmpty() ? QLatin1Char('?') : QLatin1Char('&');
    const HttpResult r =
        c.get(api("/activity") + query + sep + QStringLiteral("limit=%1").arg(limit));
    if (r.status != 200)
        qWarning("activity: %s", r.describe().constData());
    return objects(r.items());
}

QList<QJsonObject> TestActivity::pages(Client &c, const QString &query, int limit, int count,
                                       QString *error)
{
    QList<QJsonObject> all;
    QSet<qint64> seen;
    QString cursor;
    for (int i = 0; i < count; ++i) {
        QString url = api("/activity") + query + (query.isEmpty() ? u'?' : u'&') +
                      QStringLiteral("limit=%1").arg(limit);
        if (!cursor.isEmpty())
            url +=
                QStringLiteral("&before=") + QString::fromLatin1(QUrl::toPercentEncoding(cursor));
        const HttpResult r = c.get(url);
        if (r.status != 200) {
            *error = QString::fromUtf8(r.describe());
            return all;
        }
        if (!r.obj().contains(QLatin1String("next"))) {
            *error = QStringLiteral("a page without next");
            return all;
        }
        for (const QJsonObject &a : objects(r.items())) {
            if (seen.contains(num(a, "id"))) {
                *error = QStringLiteral("id %1 twice").arg(num(a, "id"));
                return all;
            }
            seen.insert(num(a, "id"));
            all << a;
        }
        const QJsonValue next = r.obj().value(QLatin1String("next"));
        if (next.isNull())
            break;
        cursor = next.toString();
    }
    return all;
}

void TestActivity::initTestCase()
{
    QVERIFY(m_server.start());
    Client &actor = as(QStringLiteral("qianqi"));
    Client &me = as(QStringLiteral("tingtamen"));
    Client &author = as(QStringLiteral("maliu"));
    m_actor = actor.uid();
    QVERIFY(m_actor > 0);
    m_followed = as(QStringLiteral("mazi")).uid();
    QVERIFY(m_followed > 0);
    // tingtamen follows qianqi (and neither maliu nor zhangsan): qianqi's acts are in tingtamen's
    // `following`.
    actor.del(api("/users/%1/follow").arg(m_followed));
    me.del(api("/users/%1/follow").arg(author.uid()));
    me.del(api("/users/%1/follow").arg(as(QStringLiteral("zhangsan")).uid()));
    CHECK_STATUS(me.put(api("/users/%1/follow").arg(m_actor)), 200);

    QImage image(64, 48, QImage::Format_RGB32);
    image.fill(Qt::darkCyan);
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    QVERIFY(image.save(&buffer, "PNG"));
    const HttpResult media =
        author.raw("POST", api("/media"), png, {{"Content-Type", "image/png"}});
    CHECK_STATUS(media, 201);
    m_picture = media.obj().value(QLatin1String("url")).toString();
    QVERIFY(!m_picture.isEmpty());

    // A long content: lines, a run of spaces, and an emoji (a surrogate pair) across the cut.
    m_longContent = QStringLiteral("第一行\n\n第二行   with  spaces ") +
                    QStringLiteral("字").repeated(98) + QStringLiteral("😀😀😀 and more after");
    m_ownPost = newPost(actor, m_longContent);
    m_target = newPost(author, QStringLiteral("马六's pictures 📷"), {m_picture, m_picture});
    QVERIFY(m_ownPost > 0 && m_target > 0);
    m_comment = newComment(actor, m_target, QStringLiteral("钱七 says: nice\npictures"));
    QVERIFY(m_comment > 0);
    CHECK_STATUS(actor.put(api("/posts/%1/like").arg(m_target)), 200);
    CHECK_STATUS(actor.put(api("/users/%1/follow").arg(m_followed)), 200);
}

void TestActivity::itemsCarryWhatTheirRowShows()
{
    const QList<QJsonObject> items = page(as(QStringLiteral("tingtamen")), QString(), 4);
    QCOMPARE(items.size(), 4);
    QStringList types;
    for (const QJsonObject &a : items) {
        types << a.value("type").toString();
        QCOMPARE(uidOf(a.value("actor")), m_actor);
        QVERIFY(a.value("actor").toObject().contains("nickName"));
        QVERIFY(a.value("actor").toObject().contains("headImg"));
    }
    QCOMPARE(types, (QStringList{"follow", "like", "comment", "post"}));
    const qint64 maliu = as(QStringLiteral("maliu")).uid();

    const QJsonObject follow = items[0];
    QCOMPARE(uidOf(follow.value("targetUser")), m_followed);
    QVERIFY(!follow.value("targetUser").toObject().value("nickName").toString().isEmpty());
    QVERIFY(!follow.contains("postAuthor"));
    QVERIFY(!follow.contains("summary"));
    QVERIFY(!follow.contains("thumbnail"));

    const QJsonObject like = items[1];
    QCOMPARE(num(like, "postId"), m_target);
    QCOMPARE(uidOf(like.value("postAuthor")), maliu);
    QCOMPARE(like.value("postAuthor").toObject().value("nickName").toString(),
             as(QStringLiteral("maliu")).user().value("nickName").toString());
    QCOMPARE(like.value("summary").toString(), QStringLiteral("马六's pictures 📷"));
    QCOMPARE(like.value("thumbnail").toString(), m_picture);

    const QJsonObject comment = items[2];
    QCOMPARE(num(comment, "commentId"), m_comment);
    QCOMPARE(uidOf(comment.value("postAuthor")), maliu);
    // The comment's own text, on one line; the post's picture as the thumbnail.
    QCOMPARE(comment.value("summary").toString(), QStringLiteral("钱七 says: nice pictures"));
    QCOMPARE(comment.value("thumbnail").toString(), m_picture);

    const QJsonObject post = items[3];
    QCOMPARE(num(post, "postId"), m_ownPost);
    QCOMPARE(uidOf(post.value("postAuthor")), m_actor);
    QVERIFY(!post.contains("thumbnail")); // no pictures
    const QString summary = post.value("summary").toString();
    QVERIFY2(summary.endsWith(QChar(0x2026)), qPrintable(summary));
    QCOMPARE(graphemes(summary), qsizetype(121)); // 120 and the ellipsis
    QVERIFY(!summary.contains(u'\n'));
    QVERIFY(!summary.contains(QLatin1String("  ")));
    QVERIFY(summary.startsWith(QStringLiteral("第一行 第二行 with spaces 字")));
    for (qsizetype i = 0; i < summary.size(); ++i) // no half of a surrogate pair
        QVERIFY(!summary.at(i).isSurrogate() ||
                (summary.at(i).isHighSurrogate() && i + 1 < summary.size() &&
                 summary.at(i + 1).isLowSurrogate()) ||
                (summary.at(i).isLowSurrogate() && i > 0 && summary.at(i - 1).isHighSurrogate()));
    QVERIFY(QString(m_longContent).simplified().startsWith(summary.chopped(1)));
    QVERIFY(summary.endsWith(QStringLiteral("字😀😀…")));
}

void TestActivity::scopes()
{
    Client &me = as(QStringLiteral("tingtamen"));
    Client &actor = as(QStringLiteral("qianqi"));

    // following is the default.
    const QList<QJsonObject> following = page(me, QStringLiteral("?scope=following"));
    QCOMPARE(ids(page(me, QString())), ids(following));
    QSet<qint64> followed;
    for (const QJsonObject &a : following)
        followed.insert(uidOf(a.value("actor")));
    for (qint64 uid : std::as_const(followed))
        QVERIFY(as(QStringLiteral("tingtamen"))
                    .get(api("/users/%1").arg(uid))
                    .obj()
                    .value("followedByMe")
                    .toBool());

    // all: everyone, myself and those I do not follow included.
    const qint64 mine = newPost(me, QStringLiteral("tingtamen's own post"));
    const qint64 stranger = newPost(as(QStringLiteral("zhangsan")), QStringLiteral("张三 again"));
    QVERIFY(mine > 0 && stranger > 0);
    const QList<QJsonObject> all = page(me, QStringLiteral("?scope=all"), 10);
    QCOMPARE(newestFirstViolation(all), qsizetype(-1));
    QCOMPARE(num(itemOf(all, "post", stranger), "postId"), stranger);
    QCOMPARE(num(itemOf(all, "post", mine), "postId"), mine);
    QVERIFY(!itemOf(all, "like", m_target).isEmpty());
    // …but not in following (neither me nor zhangsan is followed by me).
    const QList<QJsonObject> following2 = page(me, QString(), 10);
    QVERIFY(itemOf(following2, "post", stranger).isEmpty());
    QVERIFY(itemOf(following2, "post", mine).isEmpty());

    // user: one person's, whoever asks; mine: the caller's own.
    const QList<QJsonObject> user = page(me, QStringLiteral("?scope=user&uid=%1").arg(m_actor));
    QVERIFY(user.size() >= 4);
    for (const QJsonObject &a : user)
        QCOMPARE(uidOf(a.value("actor")), m_actor);
    QCOMPARE(ids(user).mid(0, 4), ids(following).mid(0, 4));
    QCOMPARE(ids(page(actor, QStringLiteral("?scope=mine"))), ids(user));
    const QList<QJsonObject> myOwn = page(me, QStringLiteral("?scope=mine"));
    QVERIFY(!myOwn.isEmpty());
    QCOMPARE(num(myOwn.first(), "postId"), mine);
    for (const QJsonObject &a : myOwn)
        QCOMPARE(uidOf(a.value("actor")), me.uid());
}

void TestActivity::badScopesAndUids()
{
    Client &me = as(QStringLiteral("tingtamen"));
    CHECK_ERROR(me.get(api("/activity?scope=user")), 400, "bad_request");
    CHECK_ERROR(me.get(api("/activity?scope=user&uid=")), 400, "bad_request");
    CHECK_ERROR(me.get(api("/activity?scope=user&uid=abc")), 400, "bad_request");
    CHECK_ERROR(me.get(api("/activity?scope=user&uid=0")), 400, "bad_request");
    CHECK_ERROR(me.get(api("/activity?scope=user&uid=-3")), 400, "bad_request");
    CHECK_ERROR(me.get(api("/activity?scope=user&uid=%1").arg(kUnknownId)), 404, "not_found");
    CHECK_ERROR(me.get(api("/activity?scope=everyone")), 400, "bad_request");
    CHECK_ERROR(me.get(api("/activity?scope=")), 400, "bad_request");
    CHECK_ERROR(me.get(api("/activity?scope=all&before=nonsense")), 400, "bad_request");
    Client nobody(m_server.baseUrl());
    CHECK_ERROR(nobody.get(api("/activity?scope=all")), 401, "unauthorized");
}

void TestActivity::deletedAndHiddenAreLeftOut()
{
    Client &actor = as(QStringLiteral("qianqi"));
    Client &me = as(QStringLiteral("tingtamen"));
    Client &mod = as(QStringLiteral("moderator"));
    const QString scopeUser = QStringLiteral("?scope=user&uid=%1").arg(m_actor);

    const qint64 toHide = newPost(actor, QStringLiteral("to be hidden"));
    const qint64 toDelete = newPost(actor, QStringLiteral("to be deleted"));
    const qint64 hiddenComment = newComment(actor, m_target, QStringLiteral("a comment to hide"));
    const qint64 deletedComment = newComment(actor, m_target, QStringLiteral("one to delete"));
    QVERIFY(toHide > 0 && toDelete > 0 && hiddenComment > 0 && deletedComment > 0);
    CHECK_STATUS(me.put(api("/posts/%1/like").arg(toHide)), 200);
    auto has = [&](Client &c, const QString &query, const char *key, qint64 id) {
        for (const QJsonObject &a : page(c, query))
            if (num(a, key) == id)
                return true;
        return false;
    };
    QVERIFY(has(me, scopeUser, "postId", toHide));
    QVERIFY(has(me, QStringLiteral("?scope=mine"), "postId", toHide)); // my like of it
    QVERIFY(has(me, scopeUser, "commentId", hiddenComment));

    CHECK_STATUS(
        mod.post(api("/moderation/posts/%1/hide").arg(toHide), QJsonObject{{"reason", "test"}}),
        200);
    CHECK_STATUS(mod.post(api("/moderation/comments/%1/hide").arg(hiddenComment),
                          QJsonObject{{"reason", "test"}}),
                 200);
    CHECK_STATUS(actor.del(api("/posts/%1").arg(toDelete)), 204);
    CHECK_STATUS(actor.del(api("/comments/%1").arg(deletedComment)), 204);

    for (const QString &query :
         {scopeUser, QStringLiteral("?scope=all"), QStringLiteral("?scope=following")}) {
        for (Client *c : {&me, &mod}) {
            QVERIFY2(!has(*c, query, "postId", toHide), qPrintable(query));
            QVERIFY2(!has(*c, query, "postId", toDelete), qPrintable(query));
            QVERIFY2(!has(*c, query, "commentId", hiddenComment), qPrintable(query));
            QVERIFY2(!has(*c, query, "commentId", deletedComment), qPrintable(query));
        }
    }
    QVERIFY(!has(me, QStringLiteral("?scope=mine"), "postId", toHide)); // the like on it too
    QVERIFY(has(me, scopeUser, "postId", m_ownPost));                   // the rest stays

    // Unhidden: back.
    CHECK_STATUS(mod.post(api("/moderation/posts/%1/unhide").arg(toHide), QJsonObject{}), 200);
    QVERIFY(has(me, scopeUser, "postId", toHide));
}

void TestActivity::eachScopePagesByItsCursor_data()
{
    QTest::addColumn<QString>("query");
    QTest::newRow("default") << QString();
    QTest::newRow("following") << QStringLiteral("?scope=following");
    QTest::newRow("all") << QStringLiteral("?scope=all");
    QTest::newRow("user") << QStringLiteral("?scope=user&uid=10001");
    QTest::newRow("mine") << QStringLiteral("?scope=mine");
}

void TestActivity::eachScopePagesByItsCursor()
{
    QFETCH(QString, query);
    Client &me = as(QStringLiteral("lisi"));
    // Pages of 7 read the same entries as one page of 49, in the same order.
    QString error;
    const QList<QJsonObject> paged = pages(me, query, 7, 7, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QList<QJsonObject> once = page(me, query, 49);
    QVERIFY2(once.size() >= 8, "the demo world has more than a page for every scope");
    QCOMPARE(ids(paged), ids(once));
    QCOMPARE(newestFirstViolation(paged), qsizetype(-1));
    if (query.contains(QLatin1String("uid=10001")))
        for (const QJsonObject &a : paged)
            QCOMPARE(uidOf(a.value("actor")), qint64(10001));
    if (query.contains(QLatin1String("mine")))
        for (const QJsonObject &a : paged)
            QCOMPARE(uidOf(a.value("actor")), me.uid());
}

QTEST_GUILESS_MAIN(TestActivity)
#include "tst_activity.moc"
