#include "demodata.h"

#include "passwords.h"

#include <QBuffer>
#include <QColor>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLinearGradient>
#include <QPainter>
#include <QPainterPath>
#include <QRadialGradient>
#include <QRandomGenerator>
#include <QThread>
#include <QThreadPool>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace threadline::server {

namespace {

constexpr qint64 kMinute = 60'000;
constexpr qint64 kHour = 60 * kMinute;
constexpr qint64 kDay = 24 * kHour;
constexpr int kBatchRows = 500;

constexpr int kOrdinaryPosts = 300;
constexpr int kBusyFloors = 200;
constexpr int kBusyReplies = 1600;
constexpr int kExtraUsers = 40;    // uid 10100 … 10139
constexpr int kPicturePool = 12;   // shared by the ordinary, busy and hot posts
constexpr int kSamplePictures = 9; // distinct, only on post 90012
constexpr qint64 kFirstPostId = 90101;
constexpr qint64 kFirstCommentId = 500101;
constexpr qint64 kFirstLikeId = 882301;

QString mediaUrl(const QString &name)
{
    return QStringLiteral("/api/v1/media/") + name;
}

qint64 dayUtc8(qint64 ms)
{
    return (ms + 8 * kHour) / kDay;
}

// ---------------------------------------------------------------------------------------------
// Deterministic pseudo-random helpers (fixed seed: the same world every time, relative to now).
// Random draws are sequenced (own statements or braced lists), never unsequenced function
// arguments, so that every compiler builds the same world.

class Rng
{
public:
    explicit Rng(quint32 seed)
        : m_gen(seed)
    {
    }
    int range(int lo, int hiInclusive) { return int(m_gen.bounded(lo, hiInclusive + 1)); }
    qint64 range64(qint64 lo, qint64 hiInclusive)
    {
        return hiInclusive <= lo ? lo : m_gen.bounded(lo, hiInclusive + 1);
    }
    double real() { return m_gen.generateDouble(); }
    bool chance(double p) { return real() < p; }
    template<typename T> const T &pick(const std::vector<T> &v)
    {
        return v[size_t(m_gen.bounded(int(v.size())))];
    }
    // k distinct elements of v (partial Fisher–Yates on a copy)
    template<typename T> std::vector<T> sample(std::vector<T> v, int k)
    {
        k = std::min<int>(k, int(v.size()));
        for (int i = 0; i < k; ++i)
            std::swap(v[size_t(i)], v[size_t(range(i, int(v.size()) - 1))]);
        v.resize(size_t(k));
        return v;
    }

private:
    QRandomGenerator m_gen;
};

// ---------------------------------------------------------------------------------------------
// Images: shapes, gradients and colours only (no fonts: there is no QGuiApplication).

QImage makeAvatar(int index)
{
    QImage img(96, 96, QImage::Format_RGB32);
    const double hue = std::fmod(index * 0.618033988749895, 1.0);
    const double sat = index % 2 ? 0.55 : 0.75;
    const double val = index % 3 == 0 ? 0.80 : 0.92;
    const QColor base = QColor::fromHsvF(float(hue), float(sat), float(val));
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    QLinearGradient bg(0, 0, 96, 96);
    bg.setColorAt(0, base.lighter(125));
    bg.setColorAt(1, base.darker(125));
    p.fillRect(img.rect(), bg);
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(255, 255, 255, 200));
    p.drawEllipse(QPointF(48, 38), 18, 18); // head
    p.drawEllipse(QRectF(16, 62, 64, 64));  // shoulders
    p.setBrush(base.darker(160));
    p.drawEllipse(QPointF(41, 36), 2.5, 2.5); // eyes
    p.drawEllipse(QPointF(55, 36), 2.5, 2.5);
    return img;
}

QImage makePicture(quint32 seed)
{
    Rng rng(seed * 2654435761u + 17u);
    const int w = 480, h = 360;
    QImage img(w, h, QImage::Format_RGB32);
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    const double hue = rng.real();
    const QColor sky1 = QColor::fromHsvF(float(hue), 0.55f, 0.95f);
    const QColor sky2 =
        QColor::fromHsvF(float(std::fmod(hue + 0.12 + rng.real() * 0.2, 1.0)), 0.7f, 0.75f);
    QLinearGradient bg(0, 0, rng.range(0, w), h);
    bg.setColorAt(0, sky1);
    bg.setColorAt(1, sky2);
    p.fillRect(img.rect(), bg);
    p.setPen(Qt::NoPen);

    // a sun or moon
    const int sunX = rng.range(60, w - 60);
    const int sunY = rng.range(40, 140);
    const QPointF sun(sunX, sunY);
    const double r = rng.range(25, 55);
    QRadialGradient glow(sun, r * 2.2);
    glow.setColorAt(0, QColor(255, 250, 220, 255));
    glow.setColorAt(0.45, QColor(255, 230, 160, 200));
    glow.setColorAt(1, QColor(255, 230, 160, 0));
    p.setBrush(glow);
    p.drawEllipse(sun, r * 2.2, r * 2.2);

    // floating shapes
    const int shapes = rng.range(4, 10);
    for (int i = 0; i < shapes; ++i) {
        const double ch = rng.real();
        const double cs = 0.3 + rng.real() * 0.6;
        const double cv = 0.6 + rng.real() * 0.4;
        QColor c = QColor::fromHsvF(float(ch), float(cs), float(cv));
        c.setAlpha(rng.range(70, 170));
        p.setBrush(c);
        const int x = rng.range(-40, w - 20);
        const int y = rng.range(-20, h / 2);
        const int bw = rng.range(30, 150);
        const int bh = rng.range(30, 120);
        const QRectF box(x, y, bw, bh);
        switch (rng.range(0, 2)) {
        case 0:
            p.drawEllipse(box);
            break;
        case 1:
            p.drawRoundedRect(box, 12, 12);
            break;
        default: {
            QPolygonF tri;
            tri << box.bottomLeft() << QPointF(box.center().x(), box.top()) << box.bottomRight();
            p.drawPolygon(tri);
        }
        }
    }

    // hills, back to front
    const int hills = rng.range(2, 4);
    for (int i = 0; i < hills; ++i) {
        const double base = h * (0.55 + 0.12 * i);
        QPainterPath path(QPointF(0, h));
        path.lineTo(0, base + rng.range(-30, 30));
        const int steps = rng.range(2, 4);
        for (int s = 1; s <= steps; ++s) {
            const double x = double(w) * s / steps;
            const double cx = x - double(w) / steps / 2;
            const double peak = base - rng.range(20, 110);
            const double end = base + rng.range(-30, 30);
            path.quadTo(cx, peak, x, end);
        }
        path.lineTo(w, h);
        path.closeSubpath();
        const QColor c = QColor::fromHsvF(float(std::fmod(hue + 0.35 + 0.05 * i, 1.0)),
                                          0.45f + 0.1f * float(i), 0.55f - 0.1f * float(i));
        QLinearGradient hg(0, base - 100, 0, h);
        hg.setColorAt(0, c.lighter(130));
        hg.setColorAt(1, c.darker(140));
        p.setBrush(hg);
        p.drawPath(path);
    }
    return img;
}

QString randomMediaName()
{
    quint32 words[4];
    QRandomGenerator::system()->fillRange(words);
    QByteArray raw(reinterpret_cast<const char *>(words), sizeof words);
    return QString::fromLatin1(raw.toHex()) + QStringLiteral(".png");
}

// ---------------------------------------------------------------------------------------------
// Rows of the world, built in memory first, then inserted in batches.

struct UserRow
{
    qint64 id;
    QString username, nick, role;
    qint64 created;
    int avatar = -1; // index into media
    QString hash = {};
};

struct MediaRow
{
    QString name;
    qint64 uploader = 0; // 0 = NULL
    qint64 createtime = 0;
    bool avatar = false;
    int param = 0; // avatar index or picture seed
    qint64 size = 0;
    bool failed = false;
};

struct PostRow
{
    qint64 id = 0;
    qint64 author = 0;
    QString content, device;
    QVariant geo;              // null or JSON text
    std::vector<int> pictures; // media indexes
    qint64 createtime = 0;
    qint64 floorCounter = 0;
};

struct CommentRow
{
    qint64 id = 0;   // 0 until ids are handed out
    int post = -1;   // index into posts
    int root = -1;   // index into comments; -1 for a root
    int parent = -1; // index into comments; -1 for a root
    qint64 floor = 0;
    qint64 seq = 0;
    qint64 author = 0;
    qint64 replyTo = 0; // 0 = NULL
    QString content;
    qint64 createtime = 0;
    qint64 seqCounter = 0;
    bool busy = false;
};

struct LikeRow
{
    qint64 id = 0;
    int post = -1;
    qint64 uid = 0;
    qint64 createtime = 0;
};

struct VoteRow
{
    int comment = -1;
    qint64 uid = 0;
    int vote = 1;
    qint64 createtime = 0;
};

struct ViewRow
{
    int post = -1;
    qint64 uid = 0;
    qint64 createtime = 0;
};

struct FollowRow
{
    qint64 follower, followee, createtime;
};

struct ActivityRow
{
    qint64 createtime;
    const char *type;
    qint64 actor;
    int post = -1;    // index
    int comment = -1; // index
    qint64 target = 0;
};

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

QString geoJson(const char *name, double lat, double lng)
{
    const QJsonObject o{{QStringLiteral("name"), QString::fromUtf8(name)},
                        {QStringLiteral("lat"), std::round(lat * 1e4) / 1e4},
                        {QStringLiteral("lng"), std::round(lng * 1e4) / 1e4}};
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QStringList utf8List(std::initializer_list<const char *> items)
{
    QStringList out;
    for (const char *s : items)
        out.append(QString::fromUtf8(s));
    return out;
}

// ---------------------------------------------------------------------------------------------
// Texts

const QStringList &postTexts()
{
    static const QStringList list = utf8List({
        "今天天气真好，出去走走 ☀️",
        "刚看完一部电影，结局太意外了",
        "周末有人一起打球吗？",
        "新买的咖啡豆，味道很不错 ☕",
        "加班到现在，终于下班了 😩",
        "分享一张随手拍的照片",
        "这家面馆的牛肉面绝了 🍜",
        "猫主子今天又把杯子推到地上了 🐱",
        "读完了《三体》第二部，黑暗森林法则太震撼",
        "下雨天和火锅更配哦 🍲",
        "第一次尝试做蛋糕，卖相一般但是好吃 🎂",
        "地铁上看到一个很有意思的广告",
        "今天跑了 10 公里，打卡 🏃",
        "春天来了，楼下的花都开了 🌸",
        "终于把这个 bug 修好了 🎉",
        "有没有推荐的播客？通勤路上听",
        "晚霞好美，可惜手机拍不出来",
        "又是元气满满的一天 💪",
        "新项目上线啦 🚀 感谢大家的支持",
        "周五了，准备开黑 🎮",
        "早上好 Good morning 🌞",
        "今晚吃 hotpot 🔥",
        "Coffee first, then code ☕",
        "Shipped the new release today 🚀",
        "Anyone up for a hike this weekend?",
        "Trying out a new recipe tonight 🍝",
        "Rainy Monday, perfect for reading 📚",
        "The sunset from the office was unreal 🌇",
        "Finally fixed that flaky test 🎉",
        "Learning Qt 6 — QHttpServer is neat",
        "Weekend vibes 😎",
        "Just adopted a kitten 🐱",
    });
    return list;
}

const QStringList &extraSentences()
{
    static const QStringList list = utf8List({
        "大家怎么看？",
        "先记录一下。",
        "下次还来！",
        "心情不错。",
        "有点累，但很开心。",
        "推荐给大家。",
        "What do you think?",
        "Highly recommended.",
        "Not bad at all.",
    });
    return list;
}

const QStringList &emojis()
{
    static const QStringList list =
        utf8List({"😂", "👍", "🎉", "🔥", "🌸", "🐶", "🍜", "💡", "🤔", "😄", "🥳", "🙈"});
    return list;
}

const QStringList &commentTexts()
{
    static const QStringList list = utf8List({
        "哈哈哈 😂", "赞 👍",          "拍得真好",     "同意楼上",     "我也想去！", "羡慕了",
        "Nice!",    "求链接",        "好看 🌸",       "在哪里买的？", "周末一起啊", "加油 💪",
        "太真实了", "Looks great 👍", "这个我知道！", "学到了 💡",     "下次带上我", "笑死 🤣",
        "+1",       "厉害了",
    });
    return list;
}

const QStringList &busyRootTexts()
{
    static const QStringList list = utf8List({
        "C++，性能和控制力无可替代 🚀",
        "Rust，借用检查器是真爱 🦀",
        "Python，写起来最快 🐍",
        "Go，部署一个二进制就完事",
        "Java，生态太成熟了 ☕",
        "TypeScript，前端离不开",
        "Kotlin，写安卓真舒服",
        "Swift，苹果全家桶",
        "C 语言永远的神",
        "Haskell，纯函数式的优雅",
        "Lua，嵌入脚本首选",
        "SQL 算不算编程语言？🤔",
        "汇编，懂的都懂",
        "Zig 值得关注",
        "Elixir 的并发模型很棒",
        "Shell 脚本才是生产力",
        "JavaScript，真香 😂",
        "Ruby，写着开心",
        "C#，Unity 开发必备 🎮",
        "PHP 是世界上最好的语言 😏",
        "Dart + Flutter 跨平台",
        "R 做统计分析很方便 📊",
        "Julia，科学计算新秀",
        "QML 写界面很快",
    });
    return list;
}

const QStringList &busyRootSuffixes()
{
    static const QStringList list = utf8List({
        "",
        "",
        "用了 %1 年了。",
        "最近在学。",
        "工作中天天用。",
        "第 %1 次来这个帖子。",
        "谁赞成？",
        "不接受反驳 😤",
    });
    return list;
}

const QStringList &busyReplyTexts()
{
    static const QStringList list = utf8List({
        "同意 👍",       "不同意，各有各的场景", "楼上说得对",     "+1",
        "哈哈哈 😂",     "你说得有道理",         "我也是这么想的", "编译速度呢？🤔",
        "生态才是关键", "试过，坑有点多",       "求入门教程",     "工作中用过，确实好用",
        "这个得看场景", "性能不是唯一标准",     "说得太好了 🎉",   "反对，学习曲线太陡",
        "真香警告 😂",   "先收藏了 💡",           "能展开说说吗？", "我们公司全用这个",
        "Agreed!",      "Hard disagree 🙃",   "Source?",        "Same here",
    });
    return list;
}

struct Geo
{
    const char *name;
    double lat, lng;
};

const std::vector<Geo> &geos()
{
    static const std::vector<Geo> list = {
        {"北京·三里屯", 39.9334, 116.4543}, {"上海·外滩", 31.2400, 121.4900},
        {"深圳·南山", 22.5333, 113.9304},   {"杭州·西湖", 30.2460, 120.1500},
        {"成都·春熙路", 30.6570, 104.0800}, {"广州·珠江新城", 23.1200, 113.3200},
        {"Berlin Mitte", 52.5200, 13.4050}, {"San Francisco", 37.7749, -122.4194},
    };
    return list;
}

// Raw models as clients report them; "" = no device. Several map through the device table.
const QStringList &rawDevices()
{
    static const QStringList list = utf8List({"Redmi 6", "ONEPLUS A6000", "MI 8", "Redmi Note 7",
                                              "SM-G9600", "iPhone 8", "Pixel 3", ""});
    return list;
}

} // namespace

DemoResult seedDemo(Database &db, const QString &mediaDir, qint64 nowMs)
{
    if (db.scalar(QStringLiteral("SELECT COUNT(*) FROM users"), {}, 0).toLongLong() > 0)
        return {};

    Rng rng(20181128u);

    // ---- users --------------------------------------------------------------------------------
    std::vector<UserRow> users = {
        {10001, QStringLiteral("zhangsan"), QStringLiteral("张三"), QStringLiteral("user"), 0},
        {10002, QStringLiteral("lisi"), QStringLiteral("李四"), QStringLiteral("user"), 0},
        {10003, QStringLiteral("wangwu"), QStringLiteral("王五"), QStringLiteral("user"), 0},
        {10004, QStringLiteral("mazi"), QStringLiteral("麻子"), QStringLiteral("user"), 0},
        {10005, QStringLiteral("tingtamen"), QStringLiteral("听他们说玩游戏名字起得不能太长"),
         QStringLiteral("user"), 0},
        {10006, QStringLiteral("qianqi"), QStringLiteral("钱七"), QStringLiteral("user"), 0},
        {10007, QStringLiteral("maliu"), QStringLiteral("麻六"), QStringLiteral("user"), 0},
        {10009, QStringLiteral("moderator"), QStringLiteral("管理员"), QStringLiteral("moderator"),
         0},
    };
    for (size_t i = 0; i < users.size(); ++i)
        users[i].created = 1543000000000 + qint64(i) * kMinute; // before the sample post
    for (int i = 0; i < kExtraUsers; ++i) {
        const int n = 100 + i;
        users.push_back({10000 + n, QStringLiteral("demo%1").arg(n),
                         QString::fromUtf8("读者%1").arg(n), QStringLiteral("user"),
                         nowMs - 30 * kDay + qint64(i) * kHour});
    }
    const std::vector<qint64> seven = {10001, 10002, 10003, 10004, 10005, 10006, 10007};
    const std::vector<qint64> mainEight = {10001, 10002, 10003, 10004, 10005, 10006, 10007, 10009};
    std::vector<qint64> extras;
    for (int i = 0; i < kExtraUsers; ++i)
        extras.push_back(10100 + i);
    std::vector<qint64> everyone = mainEight;
    everyone.insert(everyone.end(), extras.begin(), extras.end());
    std::vector<qint64> commenters = seven; // busy-post commenters: no moderator
    commenters.insert(commenters.end(), extras.begin(), extras.end());
    const auto isSeven = [](qint64 uid) { return uid >= 10001 && uid <= 10007; };

    // ---- media --------------------------------------------------------------------------------
    std::vector<MediaRow> media;
    for (size_t i = 0; i < users.size(); ++i) {
        users[i].avatar = int(media.size());
        media.push_back({randomMediaName(), users[i].id, users[i].created, true, int(i)});
    }
    const qint64 samplePostTime = 1543374370935;
    std::vector<int> samplePics, pool;
    for (int i = 0; i < kSamplePictures; ++i) {
        samplePics.push_back(int(media.size()));
        media.push_back({randomMediaName(), 10003, samplePostTime, false, 1000 + i});
    }
    for (int i = 0; i < kPicturePool; ++i) {
        pool.push_back(int(media.size()));
        media.push_back({randomMediaName(), 0, nowMs - 22 * kDay, false, 2000 + i});
    }

    // Slow parts in parallel, outside the transaction: password hashes (salted, one each) and
    // images (rendered and written to mediaDir).
    const QDir dir(mediaDir);
    if (!QDir().mkpath(mediaDir))
        throw DbError(
            QStringLiteral("cannot create media directory %1").arg(mediaDir).toStdString());
    QThreadPool workers;
    workers.setMaxThreadCount(std::max(2, QThread::idealThreadCount()));
    for (UserRow &u : users)
        workers.start([&u] { u.hash = hashPassword(QStringLiteral("demo")); });
    for (MediaRow &m : media) {
        workers.start([&m, &dir] {
            const QImage img = m.avatar ? makeAvatar(m.param) : makePicture(quint32(m.param));
            QByteArray bytes;
            QBuffer buf(&bytes);
            buf.open(QIODevice::WriteOnly);
            QFile f(dir.filePath(m.name));
            // quality 50: zlib level 5, a third faster to encode than the default, ~20% larger
            if (!img.save(&buf, "PNG", 50) || !f.open(QIODevice::WriteOnly) ||
                f.write(bytes) != bytes.size()) {
                m.failed = true;
                return;
            }
            m.size = bytes.size();
        });
    }
    const auto removeFiles = [&] {
        for (const MediaRow &m : media)
            QFile::remove(dir.filePath(m.name));
    };

    // ---- posts (built while the workers run) --------------------------------------------------
    std::vector<PostRow> posts;
    std::vector<CommentRow> comments;
    std::vector<LikeRow> likes;
    std::vector<VoteRow> votes;
    std::vector<ViewRow> views;

    // the sample post 90012
    {
        PostRow p;
        p.id = kDemoSamplePostId;
        p.author = 10003;
        p.content = QString::fromUtf8("这是一个带9张图片的动态");
        p.device = QString::fromUtf8("红米 6");
        p.pictures = samplePics;
        p.createtime = samplePostTime;
        posts.push_back(p);
        const QString text = QString::fromUtf8("这是一个回复678ijnfdsf");
        // floors in createtime order: 500012 → 1, 500013 → 2, 500011 → 3
        const struct
        {
            qint64 id, author, time, floor;
        } sc[] = {{500012, 10004, 1543374500935, 1},
                  {500013, 10004, 1543374600935, 2},
                  {500011, 10005, 1543374700935, 3}};
        for (const auto &c : sc) {
            CommentRow r;
            r.id = c.id;
            r.post = 0;
            r.floor = c.floor;
            r.author = c.author;
            r.content = text;
            r.createtime = c.time;
            comments.push_back(r);
        }
        posts[0].floorCounter = 3;
        likes.push_back({882211, 0, 10002, 1543375480935});
        likes.push_back({882212, 0, 10004, 1543375590935});
        likes.push_back({882214, 0, 10001, 1543375700935});
    }

    // the ordinary posts, over the last 21 days
    const auto makeContent = [&] {
        QString s = postTexts()[rng.range(0, int(postTexts().size()) - 1)];
        if (rng.chance(0.35))
            s +=
                QLatin1Char(' ') + extraSentences()[rng.range(0, int(extraSentences().size()) - 1)];
        if (rng.chance(0.25))
            s += QLatin1Char(' ') + emojis()[rng.range(0, int(emojis().size()) - 1)];
        return s;
    };
    const auto makeGeo = [&]() -> QVariant {
        if (!rng.chance(0.3))
            return {};
        const Geo &g = rng.pick(geos());
        const double dLat = (rng.real() - 0.5) * 0.01;
        const double dLng = (rng.real() - 0.5) * 0.01;
        return geoJson(g.name, g.lat + dLat, g.lng + dLng);
    };
    const auto pictureCount = [&] {
        if (!rng.chance(0.4))
            return 0;
        static const int counts[] = {1, 1, 1, 2, 2, 3, 3, 4, 4, 6, 9, 9};
        return counts[rng.range(0, 11)];
    };
    {
        std::vector<qint64> times;
        for (int i = 0; i < kOrdinaryPosts; ++i)
            times.push_back(rng.range64(nowMs - 21 * kDay, nowMs - 10 * kMinute));
        std::sort(times.begin(), times.end());
        for (int i = 0; i < kOrdinaryPosts; ++i) {
            PostRow p;
            p.id = kFirstPostId + i;
            // 张三 and 李四 post a bit more than the others
            p.author = rng.chance(0.3) ? (rng.chance(0.5) ? 10001 : 10002) : rng.pick(seven);
            p.pictures = rng.sample(pool, pictureCount());
            p.content =
                (!p.pictures.empty() && rng.chance(0.08)) ? QStringLiteral("") : makeContent();
            p.device = rawDevices()[rng.range(0, int(rawDevices().size()) - 1)];
            p.geo = makeGeo();
            p.createtime = times[size_t(i)];
            posts.push_back(p);
        }
    }
    const int busyIdx = int(posts.size());
    {
        PostRow p;
        p.id = kDemoBusyPostId;
        p.author = 10001;
        p.content =
            QString::fromUtf8("来聊聊：你最喜欢的编程语言是什么？为什么？🤔 "
                              "每层楼说一个，回复里互相讨论 👇");
        p.device = QStringLiteral("ONEPLUS A6000");
        p.createtime = nowMs - 2 * kDay;
        posts.push_back(p);
    }
    const int hotIdx = int(posts.size());
    {
        PostRow p;
        p.id = kDemoHotPostId;
        p.author = 10002;
        p.content = QString::fromUtf8("周末爬山看到的日出，太震撼了！🌄 分享给大家 🔥");
        p.device = QStringLiteral("MI 8");
        p.geo = geoJson("黄山·光明顶", 30.1330, 118.1670);
        p.pictures = rng.sample(pool, 4);
        p.createtime = nowMs - 3 * kHour;
        posts.push_back(p);
    }

    // likes, comments and views of the ordinary posts
    for (int pi = 1; pi < busyIdx; ++pi) {
        PostRow &p = posts[size_t(pi)];
        const qint64 latest = nowMs - kMinute;
        const qint64 span = std::min<qint64>(3 * kDay, latest - p.createtime);
        std::vector<qint64> candidates;
        for (qint64 u : mainEight)
            if (u != p.author)
                candidates.push_back(u);
        static const int likeCounts[] = {0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 8};
        int n = likeCounts[rng.range(0, 11)];
        std::vector<qint64> likers = rng.sample(candidates, n);
        if (n >= 5) { // a few readers too
            const auto more = rng.sample(extras, rng.range(0, 3));
            likers.insert(likers.end(), more.begin(), more.end());
        }
        for (qint64 u : likers)
            likes.push_back({0, pi, u, p.createtime + rng.range64(kMinute, span)});

        static const int commentCounts[] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 4};
        const int nc = commentCounts[rng.range(0, 9)];
        std::vector<qint64> ctimes;
        for (int k = 0; k < nc; ++k)
            ctimes.push_back(p.createtime + rng.range64(kMinute, span));
        std::sort(ctimes.begin(), ctimes.end());
        std::vector<int> mine; // this post's comment indexes, in creation order
        for (int k = 0; k < nc; ++k) {
            CommentRow c;
            c.post = pi;
            c.createtime = ctimes[size_t(k)] + k; // strictly increasing
            c.content = commentTexts()[rng.range(0, int(commentTexts().size()) - 1)];
            if (!mine.empty() && rng.chance(0.3)) {
                const int parent = mine[size_t(rng.range(0, int(mine.size()) - 1))];
                const int root =
                    comments[size_t(parent)].root < 0 ? parent : comments[size_t(parent)].root;
                c.parent = parent;
                c.root = root;
                c.floor = comments[size_t(root)].floor;
                c.seq = ++comments[size_t(root)].seqCounter;
                c.replyTo = comments[size_t(parent)].author;
                std::vector<qint64> who;
                for (qint64 u : mainEight)
                    if (u != c.replyTo)
                        who.push_back(u);
                c.author = rng.pick(who);
            } else {
                c.floor = ++p.floorCounter;
                c.author = rng.chance(0.05) ? 10009 : rng.pick(seven);
            }
            mine.push_back(int(comments.size()));
            comments.push_back(c);
        }
        if (p.createtime > nowMs - 7 * kDay) {
            for (qint64 u : rng.sample(everyone, rng.range(0, 12)))
                views.push_back(
                    {pi, u, p.createtime + rng.range64(kMinute, latest - p.createtime)});
        }
    }

    // the busy post: 200 floors, 1,600 replies spread unevenly, replies to replies
    {
        PostRow &p = posts[size_t(busyIdx)];
        const qint64 t0 = p.createtime + kMinute;
        const qint64 tEnd = nowMs - 5 * kMinute;
        std::vector<qint64> rootTimes;
        for (int f = 0; f < kBusyFloors; ++f)
            rootTimes.push_back(rng.range64(t0, t0 + (tEnd - t0) * 8 / 10));
        std::sort(rootTimes.begin(), rootTimes.end());
        rootTimes[0] = t0;
        // uneven weights: most floors quiet, a few very lively
        std::vector<double> cum;
        double total = 0;
        for (int f = 0; f < kBusyFloors; ++f) {
            double w = std::pow(rng.real(), 4.0);
            if (f == 0 || f == 1 || f == 6 || f == 41)
                w += 2.5;
            total += w;
            cum.push_back(total);
        }
        struct Event
        {
            qint64 time;
            int floor; // 0-based
            bool root;
        };
        std::vector<Event> events;
        for (int f = 0; f < kBusyFloors; ++f)
            events.push_back({rootTimes[size_t(f)], f, true});
        for (int r = 0; r < kBusyReplies; ++r) {
            const double x = rng.real() * total;
            const int f = int(std::upper_bound(cum.begin(), cum.end(), x) - cum.begin());
            const int ff = std::min(f, kBusyFloors - 1);
            const qint64 rt = rootTimes[size_t(ff)];
            const double u = rng.real();
            events.push_back({rt + 1000 + qint64(double(tEnd - rt - 1000) * u * u), ff, false});
        }
        std::stable_sort(events.begin(), events.end(), [](const Event &a, const Event &b) {
            return a.time != b.time ? a.time < b.time : (a.root && !b.root);
        });
        std::vector<int> rootOf(kBusyFloors, -1);
        std::vector<std::vector<int>> members(kBusyFloors);
        qint64 last = 0;
        const QStringList &roots = busyRootTexts();
        const QStringList &suffixes = busyRootSuffixes();
        const QStringList &replies = busyReplyTexts();
        for (const Event &e : events) {
            CommentRow c;
            c.post = busyIdx;
            c.busy = true;
            c.createtime = std::max(e.time, last + 1);
            last = c.createtime;
            if (e.root) {
                c.floor = ++p.floorCounter;
                c.author = rng.pick(commenters);
                QString text = roots[rng.range(0, int(roots.size()) - 1)];
                QString suffix = suffixes[rng.range(0, int(suffixes.size()) - 1)];
                if (suffix.contains(QLatin1String("%1")))
                    suffix = suffix.arg(rng.range(2, 12));
                if (!suffix.isEmpty())
                    text += QLatin1Char(' ') + suffix;
                c.content = text;
                rootOf[size_t(e.floor)] = int(comments.size());
            } else {
                const int root = rootOf[size_t(e.floor)];
                Q_ASSERT(root >= 0);
                std::vector<int> &m = members[size_t(e.floor)];
                int parent = root;
                if (!m.empty() && rng.chance(0.55)) // a reply to a recent reply in the floor
                    parent =
                        m[size_t(rng.range(std::max(0, int(m.size()) - 6), int(m.size()) - 1))];
                c.root = root;
                c.parent = parent;
                c.floor = comments[size_t(root)].floor;
                c.seq = ++comments[size_t(root)].seqCounter;
                c.replyTo = comments[size_t(parent)].author;
                do {
                    c.author = rng.pick(commenters);
                } while (c.author == c.replyTo);
                c.content = replies[rng.range(0, int(replies.size()) - 1)];
                m.push_back(int(comments.size()));
            }
            comments.push_back(c);
        }

        // votes, so that order=best differs from floor order
        std::vector<int> busyRoots, busyReplyIdx;
        for (int i = 0; i < int(comments.size()); ++i) {
            const CommentRow &c = comments[size_t(i)];
            if (c.busy)
                (c.root < 0 ? busyRoots : busyReplyIdx).push_back(i);
        }
        const auto vote = [&](int ci, int up, int down) {
            const auto voters = rng.sample(everyone, up + down);
            const qint64 ct = comments[size_t(ci)].createtime;
            for (size_t k = 0; k < voters.size(); ++k)
                votes.push_back(
                    {ci, voters[k], int(k) < up ? 1 : -1,
                     ct + rng.range64(1000, std::max<qint64>(1001, nowMs - ct - 1000))});
        };
        vote(busyRoots[136], 30, 1); // floor 137: the best
        vote(busyRoots[41], 18, 2);  // floor 42
        vote(busyRoots[0], 0, 6);    // floor 1: opposed
        vote(busyRoots[2], 1, 4);    // floor 3
        for (int ci : rng.sample(busyRoots, 40)) {
            const CommentRow &c = comments[size_t(ci)];
            if (c.floor == 137 || c.floor == 42 || c.floor == 1 || c.floor == 3)
                continue;
            const int up = rng.range(0, 12);
            vote(ci, up, rng.range(0, 3));
        }
        for (int ci : rng.sample(busyReplyIdx, 60)) {
            const int up = rng.range(0, 6);
            vote(ci, up, rng.range(0, 2));
        }

        for (qint64 u : rng.sample(commenters, 15))
            if (u != p.author)
                likes.push_back(
                    {0, busyIdx, u,
                     p.createtime + rng.range64(kMinute, nowMs - p.createtime - kMinute)});
        for (qint64 u : rng.sample(everyone, 30))
            views.push_back(
                {busyIdx, u, p.createtime + rng.range64(kMinute, nowMs - p.createtime - kMinute)});
    }
    // a few votes on ordinary comments too
    for (int i = 0; i < int(comments.size()); ++i) {
        const CommentRow &c = comments[size_t(i)];
        if (c.busy || c.post == 0 || !rng.chance(0.2))
            continue;
        for (qint64 u : rng.sample(mainEight, rng.range(1, 3)))
            if (u != c.author)
                votes.push_back(
                    {i, u, rng.chance(0.85) ? 1 : -1,
                     c.createtime +
                         rng.range64(1000, std::max<qint64>(1001, nowMs - c.createtime - 1000))});
    }

    // the hot post: 45 likes in its first 3 hours (all eight demo users and 37 readers), views
    {
        const PostRow &p = posts[size_t(hotIdx)];
        std::vector<qint64> likers = mainEight;
        const auto readers = rng.sample(extras, 37);
        likers.insert(likers.end(), readers.begin(), readers.end());
        for (qint64 u : likers)
            likes.push_back(
                {0, hotIdx, u, p.createtime + rng.range64(kMinute, 3 * kHour - kMinute)});
        QHash<qint64, qint64> firstDay;
        for (qint64 u : everyone) {
            const qint64 t = p.createtime + rng.range64(10'000, 3 * kHour - 30'000);
            views.push_back({hotIdx, u, t});
            firstDay.insert(u, dayUtc8(t));
        }
        // several readers came back after the day changed (UTC+8), when it did
        for (qint64 u : rng.sample(everyone, 10)) {
            const qint64 t = nowMs - rng.range64(1000, 20 * kMinute);
            if (dayUtc8(t) != firstDay.value(u))
                views.push_back({hotIdx, u, t});
        }
    }

    // ---- ids: comments and likes in creation order ------------------------------------------
    {
        std::vector<int> order;
        for (int i = 0; i < int(comments.size()); ++i)
            if (comments[size_t(i)].id == 0)
                order.push_back(i);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            return comments[size_t(a)].createtime < comments[size_t(b)].createtime;
        });
        qint64 id = kFirstCommentId;
        for (int i : order)
            comments[size_t(i)].id = id++;
    }
    {
        std::stable_sort(likes.begin() + 3, likes.end(), [](const LikeRow &a, const LikeRow &b) {
            return a.createtime < b.createtime;
        });
        qint64 id = kFirstLikeId;
        for (size_t i = 3; i < likes.size(); ++i)
            likes[i].id = id++;
    }

    // ---- follows and activity ---------------------------------------------------------------
    std::vector<FollowRow> follows;
    {
        const qint64 pairs[][2] = {{10001, 10002}, {10001, 10003}, {10002, 10001}, {10003, 10001},
                                   {10004, 10001}, {10004, 10002}, {10005, 10003}, {10005, 10001},
                                   {10006, 10007}, {10007, 10006}, {10007, 10001}, {10003, 10002},
                                   {10009, 10001}};
        qint64 t = nowMs - 25 * kDay;
        for (const auto &pr : pairs) {
            t += rng.range64(kHour, 6 * kHour);
            follows.push_back({pr[0], pr[1], t});
        }
        for (int i = 0; i < 20; ++i)
            follows.push_back({extras[size_t(i)], 10002, nowMs - 20 * kDay + i * kHour});
        for (int i = 20; i < 30; ++i)
            follows.push_back({extras[size_t(i)], 10001, nowMs - 19 * kDay + i * kHour});
    }
    std::vector<ActivityRow> activity;
    for (int i = 0; i < int(posts.size()); ++i)
        if (isSeven(posts[size_t(i)].author))
            activity.push_back({posts[size_t(i)].createtime, "post", posts[size_t(i)].author, i});
    for (int i = 0; i < int(comments.size()); ++i) {
        const CommentRow &c = comments[size_t(i)];
        if (!c.busy && isSeven(c.author))
            activity.push_back({c.createtime, "comment", c.author, c.post, i});
    }
    for (const LikeRow &l : likes)
        if (isSeven(l.uid))
            activity.push_back({l.createtime, "like", l.uid, l.post});
    for (const FollowRow &f : follows)
        if (isSeven(f.follower))
            activity.push_back({f.createtime, "follow", f.follower, -1, -1, f.followee});
    std::stable_sort(
        activity.begin(), activity.end(),
        [](const ActivityRow &a, const ActivityRow &b) { return a.createtime < b.createtime; });

    // ---- wait for hashes and images -----------------------------------------------------------
    workers.waitForDone();
    for (const MediaRow &m : media) {
        if (m.failed) {
            removeFiles();
            throw DbError(QStringLiteral("cannot write demo image %1")
                              .arg(dir.filePath(m.name))
                              .toStdString());
        }
    }

    // ---- one transaction ----------------------------------------------------------------------
    DemoResult result;
    try {
        Transaction tx(db);
        if (db.isPostgres())
            db.scalar(
                QStringLiteral("SELECT pg_advisory_xact_lock(7317002)")); // one seeder at a time
        if (db.scalar(QStringLiteral("SELECT COUNT(*) FROM users"), {}, 0).toLongLong() > 0) {
            removeFiles(); // another process seeded meanwhile
            return {};
        }

        {
            BatchInsert ins(db, QStringLiteral("media"),
                            {QStringLiteral("name"), QStringLiteral("mime"), QStringLiteral("size"),
                             QStringLiteral("uploader"), QStringLiteral("createtime")});
            for (const MediaRow &m : media)
                ins.add({m.name, QStringLiteral("image/png"), m.size, nullable(m.uploader),
                         m.createtime});
            ins.flush();
        }
        {
            BatchInsert ins(db, QStringLiteral("users"),
                            {QStringLiteral("id"), QStringLiteral("username"),
                             QStringLiteral("nick"), QStringLiteral("head_img"),
                             QStringLiteral("role"), QStringLiteral("pw_hash"),
                             QStringLiteral("created")});
            for (const UserRow &u : users)
                ins.add({u.id, u.username, u.nick, mediaUrl(media[size_t(u.avatar)].name), u.role,
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
        {
            BatchInsert ins(db, QStringLiteral("posts"),
                            {QStringLiteral("id"), QStringLiteral("author"),
                             QStringLiteral("category"), QStringLiteral("content"),
                             QStringLiteral("device"), QStringLiteral("geo"),
                             QStringLiteral("pictures"), QStringLiteral("createtime"),
                             QStringLiteral("floor_counter")});
            for (const PostRow &p : posts) {
                QJsonArray pics;
                for (int mi : p.pictures)
                    pics.append(mediaUrl(media[size_t(mi)].name));
                ins.add({p.id, p.author,
                         p.pictures.empty() ? QStringLiteral("TEXT") : QStringLiteral("PICTURE"),
                         p.content, p.device, p.geo.isNull() ? QVariant() : p.geo,
                         QString::fromUtf8(QJsonDocument(pics).toJson(QJsonDocument::Compact)),
                         p.createtime, p.floorCounter});
            }
            ins.flush();
            result.posts = ins.total();
        }
        {
            BatchInsert ins(
                db, QStringLiteral("comments"),
                {QStringLiteral("id"), QStringLiteral("post_id"), QStringLiteral("root_id"),
                 QStringLiteral("parent_id"), QStringLiteral("floor"), QStringLiteral("seq"),
                 QStringLiteral("author"), QStringLiteral("reply_to"), QStringLiteral("content"),
                 QStringLiteral("createtime"), QStringLiteral("seq_counter")});
            std::vector<int> order(comments.size());
            std::iota(order.begin(), order.end(), 0);
            std::sort(order.begin(), order.end(), [&](int a, int b) {
                return comments[size_t(a)].id < comments[size_t(b)].id;
            });
            for (int i : order) {
                const CommentRow &c = comments[size_t(i)];
                const qint64 rootId = c.root < 0 ? 0 : comments[size_t(c.root)].id;
                const qint64 parentId = c.parent < 0 ? 0 : comments[size_t(c.parent)].id;
                ins.add({c.id, posts[size_t(c.post)].id, rootId, parentId, c.floor, c.seq, c.author,
                         nullable(c.replyTo), c.content, c.createtime, c.seqCounter});
            }
            ins.flush();
            result.comments = ins.total();
        }
        {
            BatchInsert ins(db, QStringLiteral("post_likes"),
                            {QStringLiteral("id"), QStringLiteral("post_id"), QStringLiteral("uid"),
                             QStringLiteral("createtime")});
            for (const LikeRow &l : likes)
                ins.add({l.id, posts[size_t(l.post)].id, l.uid, l.createtime});
            ins.flush();
            result.likes = ins.total();
        }
        {
            BatchInsert ins(db, QStringLiteral("comment_votes"),
                            {QStringLiteral("comment_id"), QStringLiteral("uid"),
                             QStringLiteral("vote"), QStringLiteral("createtime")});
            for (const VoteRow &v : votes)
                ins.add({comments[size_t(v.comment)].id, v.uid, v.vote, v.createtime});
            ins.flush();
        }
        {
            BatchInsert ins(db, QStringLiteral("views"),
                            {QStringLiteral("post_id"), QStringLiteral("uid"),
                             QStringLiteral("day"), QStringLiteral("createtime")});
            for (const ViewRow &v : views)
                ins.add({posts[size_t(v.post)].id, v.uid, dayUtc8(v.createtime), v.createtime});
            ins.flush();
        }
        {
            BatchInsert ins(db, QStringLiteral("follows"),
                            {QStringLiteral("follower"), QStringLiteral("followee"),
                             QStringLiteral("createtime")});
            for (const FollowRow &f : follows)
                ins.add({f.follower, f.followee, f.createtime});
            ins.flush();
        }
        {
            BatchInsert ins(db, QStringLiteral("activity"),
                            {QStringLiteral("type"), QStringLiteral("actor"),
                             QStringLiteral("post_id"), QStringLiteral("comment_id"),
                             QStringLiteral("target_uid"), QStringLiteral("createtime")});
            for (const ActivityRow &a : activity)
                ins.add({QString::fromLatin1(a.type), a.actor,
                         a.post < 0 ? QVariant() : QVariant(posts[size_t(a.post)].id),
                         a.comment < 0 ? QVariant() : QVariant(comments[size_t(a.comment)].id),
                         nullable(a.target), a.createtime});
            ins.flush();
        }

        if (db.isPostgres()) {
            // explicit ids: move the BIGSERIAL sequences past them
            const char *const tables[] = {"users", "posts", "comments", "post_likes"};
            for (const char *t : tables)
                db.scalar(QStringLiteral("SELECT setval(pg_get_serial_sequence('%1','id'),"
                                         " (SELECT MAX(id) FROM %1))")
                              .arg(QLatin1String(t)));
        }
        tx.commit();
    } catch (...) {
        removeFiles();
        throw;
    }
    return result;
}

} // namespace threadline::server
