// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tl-crashdriver: one "session" of a user for the crash-safety test (tst_crashsafety) and the
// soak script (scripts/crash-soak.sh). It opens an outbox file, queues a deterministic mix of
// actions — likes and unlikes on a few posts, comments with unique contents, replies to comments
// written in the same session (local ids) — and then drains the queue. The test kills it with
// SIGKILL at random points and starts the next session on the same file.
//
//   tl-crashdriver --server URL --token T --outbox PATH --posts ID,ID,… --plan SEED --round N
//                  [--drain] [--like-delay MS]
//
// Every line on stdout is flushed at once:
//   OFFLINE / ONLINE                       an offline session: actions first, then online
//   LOADED <pending>                       the file is open; <pending> entries from before
//   WILL like <post> <0|1>                 about to toggle (desired state)
//   WILL comment <post> <content>          about to queue a comment
//   WILL reply <post> <parentContent> <content>
//   ACK <same as the WILL line>            the action is durable in the outbox file
//   SENDING <kind> <target>                a request is about to leave
//   COMPLETED <kind> <target>              the server took it
//   RETRY <kind> <target> <error>          transient failure, tried again later
//   FAILED <message>                       permanent failure (never expected in the test)
//   DONE                                   the queue is empty; exit code 0
//   LOCKED <pid>                           another process has the file open; nothing was
//                                          loaded or sent; exit code 3
// --drain queues nothing: it only sends what the file holds and exits.
#include "net/apiclient.h"
#include "outbox/outbox.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTimer>

#include <cstdio>
#include <functional>

using namespace threadline::core;

namespace {

void say(const QString &line)
{
    const QByteArray bytes = line.toUtf8() + '\n';
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
    std::fflush(stdout);
}

struct Action
{
    enum class Type { Like, Comment, Reply } type = Type::Like;
    qint64 post = 0;
    bool desired = false;
    QString content;
    int parent = -1; // Reply: index of the comment action answered
    QString line;    // what WILL/ACK print
};

class Driver : public QObject
{
public:
    // readApi: for what the server has (always online); outboxApi: the outbox's, offline at
    // first in an offline session (the actions queue against entries left from before).
    Driver(ApiClient *readApi, ApiClient *outboxApi, Outbox *outbox, QList<qint64> posts,
           QList<Action> plan, bool drain)
        : m_api(readApi)
        , m_outboxApi(outboxApi)
        , m_outbox(outbox)
        , m_posts(std::move(posts))
        , m_plan(std::move(plan))
        , m_drain(drain)
    {
        connect(m_outbox, &Outbox::opened, this, [this](bool ok, const QString &error) {
            if (!ok) {
                say(QStringLiteral("ERROR cannot open the outbox: %1").arg(error));
                QCoreApplication::exit(2);
                return;
            }
            say(QStringLiteral("LOADED %1").arg(m_outbox->pendingCount()));
            next();
        });
        connect(m_outbox, &Outbox::inUseElsewhere, this, [](qint64 pid, const QString &) {
            say(QStringLiteral("LOCKED %1").arg(pid));
            QCoreApplication::exit(3);
        });
        connect(m_outbox, &Outbox::sent, this, [](const OutboxEntry &e) {
            say(QStringLiteral("SENDING %1 %2").arg(OutboxEntry::kindName(e.kind)).arg(target(e)));
        });
        connect(m_outbox, &Outbox::completed, this,
                [this](const OutboxEntry &e, const OutboxAnswer &answer) {
                    if (e.kind == OutboxEntry::Kind::PostLike)
                        m_liked[e.targetId] = answer.like && answer.like->liked;
                    say(QStringLiteral("COMPLETED %1 %2")
                            .arg(OutboxEntry::kindName(e.kind))
                            .arg(target(e)));
                });
        connect(m_outbox, &Outbox::retryScheduled, this,
                [](const OutboxEntry &e, const ApiError &error) {
                    say(QStringLiteral("RETRY %1 %2 %3")
                            .arg(OutboxEntry::kindName(e.kind))
                            .arg(target(e))
                            .arg(error.toLogString()));
                });
        connect(m_outbox, &Outbox::failed, this, [](const OutboxEntry &, const QString &message) {
            say(QStringLiteral("FAILED %1").arg(message));
        });
        connect(m_outbox, &Outbox::authRequired, this, [] {
            say(QStringLiteral("FAILED 401: the token was refused"));
            QCoreApplication::exit(3);
        });
        connect(m_outbox, &Outbox::persisted, this, [this](qint64 id) {
            if (m_waiting == Waiting::Entry && id == m_waitId)
                acked();
        });
        connect(m_outbox, &Outbox::toggleSaved, this,
                [this](OutboxEntry::Kind kind, qint64 targetId, int desired) {
                    if (m_waiting == Waiting::Toggle && kind == OutboxEntry::Kind::PostLike &&
                        targetId == m_waitTarget && desired == m_waitDesired)
                        acked();
                });
        connect(m_outbox, &Outbox::pendingCountChanged, this, [this] { maybeDone(); });
    }

private:
    enum class Waiting { Nothing, Entry, Toggle, Drain };

    static QString target(const OutboxEntry &e)
    {
        if (e.kind == OutboxEntry::Kind::CreateComment)
            return QStringLiteral("%1 %2").arg(e.postId).arg(
                e.payload.value(QLatin1String("content")).toString());
        return QString::number(e.targetId);
    }

public:
    // What the server has for each post — read before the outbox opens, so that no request of
    // this session is in flight meanwhile: a post without a queued entry has a settled state
    // (its last request completed before its entry left the file); one with an entry is
    // decided by that entry. Then opens the outbox at `path`.
    void start(const QString &path) { fetchBeliefs(0, path); }

private:
    void fetchBeliefs(qsizetype i, const QString &path)
    {
        if (m_drain || i >= m_posts.size()) {
            m_outbox->open(path);
            return;
        }
        const qint64 post = m_posts.at(i);
        ApiReply *r = m_api->get(QStringLiteral("/api/v1/posts/%1").arg(post), this);
        connect(r, &ApiReply::finished, this, [this, r, i, post, path] {
            if (!r->ok()) {
                say(QStringLiteral("ERROR GET post %1: %2")
                        .arg(post)
                        .arg(r->error().toLogString()));
                QCoreApplication::exit(2);
                return;
            }
            m_liked[post] = r->json().object().value(QLatin1String("liked")).toBool();
            fetchBeliefs(i + 1, path);
        });
    }

    void next()
    {
        if (m_drain || m_step >= m_plan.size()) {
            if (m_outboxApi->isOffline()) {
                say(QStringLiteral("ONLINE"));
                m_outboxApi->setOffline(false);
            }
            m_waiting = Waiting::Drain;
            maybeDone();
            return;
        }
        Action &a = m_plan[m_step];
        say(QStringLiteral("WILL ") + a.line);
        switch (a.type) {
        case Action::Type::Like:
            m_waiting = Waiting::Toggle;
            m_waitTarget = a.post;
            m_waitDesired = a.desired ? 1 : 0;
            m_outbox->togglePostLike(a.post, m_liked.value(a.post), a.desired,
                                     QStringLiteral("post %1").arg(a.post));
            break;
        case Action::Type::Comment:
        case Action::Type::Reply: {
            const qint64 parent = a.parent >= 0 ? m_localIds.value(a.parent) : 0;
            m_waiting = Waiting::Entry;
            const qint64 local = m_outbox->createComment(a.post, a.content, parent,
                                                         QStringLiteral("post %1").arg(a.post));
            m_localIds.insert(m_step, local);
            m_waitId = -local;
            break;
        }
        }
    }

    void acked()
    {
        m_waiting = Waiting::Nothing;
        say(QStringLiteral("ACK ") + m_plan.at(m_step).line);
        ++m_step;
        // The next action on the next event-loop turn, so that sends interleave with actions.
        QTimer::singleShot(0, this, [this] { next(); });
    }

    void maybeDone()
    {
        if (m_waiting == Waiting::Drain && m_outbox->pendingCount() == 0 && !m_done) {
            m_done = true;
            say(QStringLiteral("DONE"));
            QCoreApplication::exit(0);
        }
    }

    ApiClient *m_api;
    ApiClient *m_outboxApi;
    Outbox *m_outbox;
    QList<qint64> m_posts;
    QList<Action> m_plan;
    bool m_drain = false;
    QHash<qint64, bool> m_liked;
    QHash<int, qint64> m_localIds; // plan index → local id of the comment
    qsizetype m_step = 0;
    Waiting m_waiting = Waiting::Nothing;
    qint64 m_waitId = 0;
    qint64 m_waitTarget = 0;
    int m_waitDesired = 0;
    bool m_done = false;
};

// The session's actions: 4–8 of them, the same for the same seed and round; about one session
// in three starts offline and goes online after its actions.
QList<Action> makePlan(quint64 seed, int round, const QList<qint64> &posts, bool *offline)
{
    QRandomGenerator rng(quint32(seed * 1000003u + quint64(round) * 7919u));
    QList<Action> plan;
    const int count = 4 + int(rng.bounded(5));
    QList<int> comments; // indexes of comment/reply actions
    for (int i = 0; i < count; ++i) {
        Action a;
        a.post = posts.at(int(rng.bounded(quint32(posts.size()))));
        const quint32 roll = rng.bounded(100u);
        if (roll < 50) {
            a.type = Action::Type::Like;
            a.desired = rng.bounded(2u) == 1;
            a.line = QStringLiteral("like %1 %2").arg(a.post).arg(a.desired ? 1 : 0);
        } else if (roll < 80 || comments.isEmpty()) {
            a.type = Action::Type::Comment;
            a.content = QStringLiteral("c-%1-%2-%3").arg(seed).arg(round).arg(i);
            a.line = QStringLiteral("comment %1 %2").arg(a.post).arg(a.content);
            comments.append(i);
        } else {
            a.type = Action::Type::Reply;
            a.parent = comments.at(int(rng.bounded(quint32(comments.size()))));
            a.post = plan.at(a.parent).post;
            a.content = QStringLiteral("r-%1-%2-%3").arg(seed).arg(round).arg(i);
            a.line = QStringLiteral("reply %1 %2 %3")
                         .arg(a.post)
                         .arg(plan.at(a.parent).content, a.content);
            comments.append(i);
        }
        plan.append(a);
    }
    *offline = rng.bounded(100u) < 35;
    return plan;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Threadline outbox crash-safety driver"));
    parser.addHelpOption();
    const QCommandLineOption server(QStringLiteral("server"), QStringLiteral("Server URL."),
                                    QStringLiteral("url"));
    const QCommandLineOption token(QStringLiteral("token"), QStringLiteral("Bearer token."),
                                   QStringLiteral("token"));
    const QCommandLineOption outbox(QStringLiteral("outbox"), QStringLiteral("Outbox file."),
                                    QStringLiteral("path"));
    const QCommandLineOption posts(QStringLiteral("posts"),
                                   QStringLiteral("Comma-separated post ids to act on."),
                                   QStringLiteral("ids"));
    const QCommandLineOption plan(QStringLiteral("plan"), QStringLiteral("Plan seed."),
                                  QStringLiteral("seed"), QStringLiteral("1"));
    const QCommandLineOption round(QStringLiteral("round"), QStringLiteral("Round number."),
                                   QStringLiteral("n"), QStringLiteral("0"));
    const QCommandLineOption drain(QStringLiteral("drain"),
                                   QStringLiteral("Queue nothing; send what is queued and exit."));
    const QCommandLineOption likeDelay(QStringLiteral("like-delay"),
                                       QStringLiteral("Like delay in ms (default 100)."),
                                       QStringLiteral("ms"), QStringLiteral("100"));
    parser.addOptions({server, token, outbox, posts, plan, round, drain, likeDelay});
    parser.process(app);
    if (!parser.isSet(server) || !parser.isSet(token) || !parser.isSet(outbox) ||
        (!parser.isSet(drain) && !parser.isSet(posts))) {
        std::fputs("tl-crashdriver: --server, --token, --outbox and --posts are required\n",
                   stderr);
        return 2;
    }
    QList<qint64> postIds;
    for (const QString &id : parser.value(posts).split(QLatin1Char(','), Qt::SkipEmptyParts))
        postIds.append(id.toLongLong());
    if (!parser.isSet(drain) && postIds.isEmpty()) {
        std::fputs("tl-crashdriver: --posts names no post\n", stderr);
        return 2;
    }

    ApiClient readApi;
    readApi.setBaseUrl(QUrl(parser.value(server)));
    readApi.setToken(parser.value(token));
    ApiClient api;
    api.setBaseUrl(QUrl(parser.value(server)));
    api.setToken(parser.value(token));
    Outbox box(&api);
    box.setLikeDelayMs(parser.value(likeDelay).toInt());
    box.setBackoff(50, 500);
    const bool drainOnly = parser.isSet(drain);
    bool offline = false;
    const QList<Action> actions = drainOnly
                                      ? QList<Action>{}
                                      : makePlan(parser.value(plan).toULongLong(),
                                                 parser.value(round).toInt(), postIds, &offline);
    if (offline) {
        say(QStringLiteral("OFFLINE"));
        api.setOffline(true);
    }
    Driver driver(&readApi, &api, &box, postIds, actions, drainOnly);
    driver.start(parser.value(outbox));
    return app.exec();
}
