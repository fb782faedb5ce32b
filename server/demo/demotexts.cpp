// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The words of the demo world: post and comment texts, the busy thread's floors and replies,
// places, and device models as clients report them.
#include "demo/demotexts.h"

namespace threadline::server::demo {

namespace {

QStringList utf8List(std::initializer_list<const char *> items)
{
    QStringList out;
    for (const char *s : items)
        out.append(QString::fromUtf8(s));
    return out;
}

} // namespace

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

} // namespace threadline::server::demo
