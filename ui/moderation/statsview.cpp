// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "moderation/statsview.h"

#include "common/messagebar.h"
#include "moderation/activitychart.h"

#include "feeds.h"
#include "people/activitystatsfeed.h"
#include "people/statspeoplemodel.h"

#include <QDateEdit>
#include <QEvent>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QListView>
#include <QMouseEvent>
#include <QProgressBar>
#include <QShortcut>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>

namespace threadline::ui {

using models::ActivityStatsFeed;

namespace {

constexpr int kTypingPauseMs = 300;

QFont scaled(QFont f, qreal factor, bool bold)
{
    if (f.pointSizeF() > 0)
        f.setPointSizeF(f.pointSizeF() * factor);
    else
        f.setPixelSize(int(f.pixelSize() * factor));
    f.setBold(bold);
    return f;
}

} // namespace

StatsView::StatsView(models::Feeds *feeds, QWidget *parent)
    : QWidget(parent)
    , m_feed(feeds->activityStats(this))
    , m_title(new QLabel(this))
    , m_dayLabel(new QLabel(this))
    , m_dateEdit(new QDateEdit(this))
    , m_previous(new QToolButton(this))
    , m_next(new QToolButton(this))
    , m_today(new QToolButton(this))
    , m_refresh(new QToolButton(this))
    , m_status(new MessageBar(this))
    , m_busy(makeBusyBar(this))
    , m_chartTitle(new QLabel(this))
    , m_chart(new ActivityChart(this))
    , m_chartCaption(new QLabel(this))
    , m_peopleModel(new models::StatsPeopleModel(this))
    , m_peopleFeed(feeds->statsPeople(m_peopleModel, this))
    , m_peopleTitle(new QLabel(this))
    , m_people(new QListView(this))
    , m_f5(new QShortcut(QKeySequence(Qt::Key_F5), this))
    , m_typing(new QTimer(this))
{
    setObjectName(QStringLiteral("statsView"));

    // --- the title and the day ---
    m_title->setObjectName(QStringLiteral("statsTitle"));
    m_title->setTextFormat(Qt::PlainText);
    m_title->setFont(scaled(font(), 1.3, true));
    m_dayLabel->setTextFormat(Qt::PlainText);
    m_dayLabel->setBuddy(m_dateEdit);
    m_dateEdit->setObjectName(QStringLiteral("statsDate"));
    m_dateEdit->setCalendarPopup(true);
    m_dateEdit->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    m_dateEdit->setMinimumDate(QDate(2000, 1, 1));
    m_dateEdit->setMaximumDate(ActivityStatsFeed::serverToday());
    m_dateEdit->setDate(ActivityStatsFeed::serverToday());
    m_previous->setObjectName(QStringLiteral("previousDay"));
    m_previous->setArrowType(Qt::LeftArrow);
    m_previous->setAutoRaise(true);
    m_next->setObjectName(QStringLiteral("nextDay"));
    m_next->setArrowType(Qt::RightArrow);
    m_next->setAutoRaise(true);
    m_today->setObjectName(QStringLiteral("today"));
    m_today->setAutoRaise(true);
    m_today->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_refresh->setObjectName(QStringLiteral("refreshStats"));
    m_refresh->setAutoRaise(true);
    m_refresh->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    m_refresh->setToolButtonStyle(Qt::ToolButtonIconOnly);
    connect(m_refresh, &QToolButton::clicked, this, &StatsView::reload);

    auto *top = new QHBoxLayout;
    top->setContentsMargins(12, 8, 12, 8);
    top->setSpacing(6);
    top->addWidget(m_title);
    top->addStretch(1);
    top->addWidget(m_dayLabel);
    top->addWidget(m_previous);
    top->addWidget(m_dateEdit);
    top->addWidget(m_next);
    top->addWidget(m_today);
    top->addWidget(m_refresh);

    // --- the four figures ---
    auto *tiles = new QGridLayout;
    tiles->setContentsMargins(12, 8, 12, 8);
    tiles->setHorizontalSpacing(12);
    tiles->setVerticalSpacing(12);
    const QFont big = scaled(font(), 2.4, true);
    for (int i = 0; i < kFigures; ++i) {
        auto *frame = new QFrame(this);
        frame->setObjectName(QStringLiteral("figure%1").arg(i));
        frame->setFrameShape(QFrame::StyledPanel);
        frame->setFocusPolicy(Qt::TabFocus); // a reader can step through the figures
        auto *box = new QVBoxLayout(frame);
        box->setContentsMargins(12, 10, 12, 10);
        box->setSpacing(2);
        Tile &t = m_tiles[i];
        t.number = new QLabel(frame);
        t.number->setObjectName(QStringLiteral("figureNumber"));
        t.number->setTextFormat(Qt::PlainText);
        t.number->setFont(big);
        t.number->setTextInteractionFlags(Qt::TextSelectableByMouse);
        t.caption = new QLabel(frame);
        t.caption->setObjectName(QStringLiteral("figureCaption"));
        t.caption->setTextFormat(Qt::PlainText);
        t.caption->setWordWrap(true);
        box->addWidget(t.number);
        box->addWidget(t.caption);
        box->addStretch(1);
        tiles->addWidget(frame, i / 3, i % 3);
        tiles->setColumnStretch(i % 3, 1);
        if (hasPeople(Figure(i))) {
            frame->setCursor(Qt::PointingHandCursor);
            frame->installEventFilter(this);
        }
    }

    // --- the chart ---
    m_chartTitle->setTextFormat(Qt::PlainText);
    m_chartTitle->setFont(scaled(font(), 1.0, true));
    m_chartCaption->setObjectName(QStringLiteral("chartCaption"));
    m_chartCaption->setTextFormat(Qt::PlainText);
    m_chart->setMinimumHeight(160);
    auto *chartBox = new QVBoxLayout;
    chartBox->setContentsMargins(12, 8, 12, 12);
    chartBox->setSpacing(4);
    chartBox->addWidget(m_chartTitle);
    chartBox->addWidget(m_chart, 1);
    chartBox->addWidget(m_chartCaption);

    // --- the people behind a figure ---
    m_peopleTitle->setObjectName(QStringLiteral("peopleTitle"));
    m_peopleTitle->setTextFormat(Qt::PlainText);
    m_peopleTitle->setFont(scaled(font(), 1.0, true));
    m_peopleTitle->setWordWrap(true);
    m_peopleTitle->setBuddy(m_people);
    m_people->setObjectName(QStringLiteral("statsPeople"));
    m_people->setModel(m_peopleModel);
    m_people->setUniformItemSizes(true);
    m_people->setSpacing(3);
    m_people->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_people->setSelectionMode(QAbstractItemView::SingleSelection);
    m_people->setMinimumWidth(200);
    auto *peopleBox = new QVBoxLayout;
    peopleBox->setContentsMargins(0, 8, 12, 12);
    peopleBox->setSpacing(4);
    peopleBox->addWidget(m_peopleTitle);
    peopleBox->addWidget(m_people, 1);
    auto *lower = new QHBoxLayout;
    lower->setContentsMargins(0, 0, 0, 0);
    lower->addLayout(chartBox, 2);
    lower->addLayout(peopleBox, 1);

    auto *root = new QVBoxLayout(this);
    root->setContentsMargins(0, 0, 0, 0);
    root->setSpacing(0);
    root->addLayout(top);
    auto *line = new QFrame(this);
    line->setFrameShape(QFrame::HLine);
    line->setFrameShadow(QFrame::Sunken);
    root->addWidget(line);
    root->addWidget(m_busy);
    root->addWidget(m_status);
    root->addLayout(tiles);
    root->addLayout(lower, 1);

    // --- behaviour ---
    m_typing->setSingleShot(true);
    m_typing->setInterval(kTypingPauseMs);
    connect(m_dateEdit, &QDateEdit::dateChanged, this, [this] {
        if (m_started)
            m_typing->start();
    });
    connect(m_typing, &QTimer::timeout, this, [this] {
        if (m_dateEdit->date() != m_feed->date())
            setDate(m_dateEdit->date());
    });
    connect(m_previous, &QToolButton::clicked, this, [this] { step(-1); });
    connect(m_next, &QToolButton::clicked, this, [this] { step(1); });
    connect(m_today, &QToolButton::clicked, this,
            [this] { setDate(ActivityStatsFeed::serverToday()); });
    const auto shortcut = [this](const QKeySequence &keys, auto slot) {
        auto *s = new QShortcut(keys, this);
        s->setContext(Qt::WidgetWithChildrenShortcut);
        connect(s, &QShortcut::activated, this, slot);
        return s;
    };
    shortcut(QKeySequence(Qt::CTRL | Qt::Key_Left), [this] { step(-1); });
    shortcut(QKeySequence(Qt::CTRL | Qt::Key_Right), [this] { step(1); });
    shortcut(QKeySequence(Qt::CTRL | Qt::Key_Home),
             [this] { setDate(ActivityStatsFeed::serverToday()); });
    m_f5->setContext(Qt::WidgetWithChildrenShortcut);
    connect(m_f5, &QShortcut::activated, this, &StatsView::reload);

    connect(m_feed, &ActivityStatsFeed::changed, this, &StatsView::render);
    connect(m_feed, &ActivityStatsFeed::loadingChanged, this, &StatsView::render);
    connect(m_feed, &ActivityStatsFeed::loadFailed, this,
            [this](const QString &message, const core::ApiError &error) {
                m_status->showMessage(message, true, error.details());
            });
    connect(m_status, &MessageBar::retryClicked, this, &StatsView::reload);
    connect(m_chart, &ActivityChart::currentChanged, this,
            [this] { m_chartCaption->setText(m_chart->currentText()); });
    connect(m_chart, &ActivityChart::dayActivated, this, &StatsView::setDate);
    const auto openPerson = [this](const QModelIndex &index) {
        if (index.isValid())
            Q_EMIT personActivated(index.data(models::StatsPeopleModel::UidRole).toLongLong());
    };
    connect(m_people, &QListView::clicked, this, openPerson);
    connect(m_people, &QListView::activated, this, openPerson);
    // The people after the figures and the chart (the page's requests stay within the feed's
    // bound); not for someone the figures were refused to.
    connect(m_feed, &ActivityStatsFeed::finished, this, [this] {
        if (m_feed->figures() && !m_feed->isForbidden())
            loadPeople();
    });
    // A list that could not be loaded says so in its title (the status line is the figures').
    connect(m_peopleFeed, &models::StatsPeopleFeed::loadFailed, this,
            [this](const QString &message) {
                m_peopleTitle->setText(tr("Could not load the people: %1").arg(message));
            });

    // The date edit takes Ctrl+Left / Ctrl+Right / Ctrl+Home for itself (a line edit's word
    // moves): there they step the day too.
    m_dateEdit->installEventFilter(this);
    setTabOrder(m_previous, m_dateEdit);
    setTabOrder(m_dateEdit, m_next);
    retranslate();
    render();
}

StatsView::~StatsView() = default;

void StatsView::start()
{
    if (m_started)
        return;
    m_started = true;
    setDate(m_dateEdit->date());
}

void StatsView::reload()
{
    if (!m_started) {
        start();
        return;
    }
    m_status->clear();
    m_dateEdit->setMaximumDate(ActivityStatsFeed::serverToday()); // the day may have turned
    m_feed->reload();
}

void StatsView::setDate(const QDate &date)
{
    if (!date.isValid())
        return;
    m_started = true;
    m_typing->stop();
    m_dateEdit->setMaximumDate(std::max(ActivityStatsFeed::serverToday(), date));
    {
        const QSignalBlocker block(m_dateEdit);
        m_dateEdit->setDate(date);
    }
    m_status->clear();
    m_feed->load(date);
}

bool StatsView::hasPeople(Figure figure)
{
    return figure == Figure::ActiveToday || figure == Figure::ActiveAllOf3Days ||
           figure == Figure::ThisWeekNotToday || figure == Figure::NewThisWeek;
}

QWidget *StatsView::figureTile(Figure figure) const
{
    return m_tiles[int(figure)].number->parentWidget();
}

void StatsView::showPeople(Figure figure)
{
    if (!hasPeople(figure))
        return;
    m_peopleFigure = figure;
    render();
    if (m_started && m_feed->figures())
        loadPeople();
}

QString StatsView::peopleTitle() const
{
    return m_peopleTitle->text();
}

void StatsView::loadPeople()
{
    using Set = models::StatsPeopleModel::Set;
    Set set = Set::AllOf3Days;
    switch (m_peopleFigure) {
    case Figure::ActiveToday:
        set = Set::ActiveToday;
        break;
    case Figure::ThisWeekNotToday:
        set = Set::ThisWeekNotToday;
        break;
    case Figure::NewThisWeek:
        set = Set::NewThisWeek;
        break;
    default:
        break;
    }
    m_peopleFeed->show(set, date());
}

QDate StatsView::date() const
{
    return m_feed->date().isValid() ? m_feed->date() : m_dateEdit->date();
}

void StatsView::step(int days)
{
    const QDate next = date().addDays(days);
    if (next > m_dateEdit->maximumDate() || next < m_dateEdit->minimumDate())
        return;
    setDate(next);
}

void StatsView::setRefreshKeyEnabled(bool enabled)
{
    m_f5->setEnabled(enabled);
}

QString StatsView::figureText(Figure figure) const
{
    return m_tiles[int(figure)].number->text();
}

QString StatsView::figureCaption(Figure figure) const
{
    return m_tiles[int(figure)].caption->text();
}

QString StatsView::statusText() const
{
    return m_status->text();
}

bool StatsView::isBusy() const
{
    return !m_busy->isHidden();
}

QString StatsView::chartCaption() const
{
    return m_chartCaption->text();
}

void StatsView::retranslate()
{
    m_title->setText(tr("Activity statistics"));
    m_dayLabel->setText(tr("&Day:"));
    m_dateEdit->setToolTip(tr("The day the figures are for, in the server's time (UTC+8)"));
    m_dateEdit->setAccessibleName(tr("Day"));
    m_previous->setToolTip(tr("The day before (Ctrl+Left)"));
    m_previous->setAccessibleName(tr("The day before"));
    m_next->setToolTip(tr("The day after (Ctrl+Right)"));
    m_next->setAccessibleName(tr("The day after"));
    m_today->setText(tr("Today"));
    m_today->setToolTip(tr("Today (Ctrl+Home)"));
    m_refresh->setToolTip(tr("Load the statistics again (F5)"));
    m_refresh->setAccessibleName(tr("Reload"));
    m_tiles[int(Figure::ActiveToday)].caption->setText(tr("Active today"));
    m_tiles[int(Figure::ActiveAllOf3Days)].caption->setText(
        tr("Active on each of the last 3 days"));
    m_tiles[int(Figure::ActiveAnyOf7Days)].caption->setText(tr("Active on any of the last 7 days"));
    m_tiles[int(Figure::InactiveFor7Days)].caption->setText(tr("Inactive for 7 days"));
    m_tiles[int(Figure::ThisWeekNotToday)].caption->setText(tr("Active this week, but not today"));
    m_tiles[int(Figure::NewThisWeek)].caption->setText(tr("New this week"));
    for (int i = 0; i < kFigures; ++i)
        if (hasPeople(Figure(i)))
            figureTile(Figure(i))->setToolTip(tr("Show these people (click or Return)"));
    m_people->setAccessibleName(tr("People"));
    m_chartTitle->setText(
        tr("People active each day, the last %n days", nullptr, ActivityStatsFeed::kChartDays));
    render();
}

void StatsView::render()
{
    const std::optional<core::ModerationStats> f = m_feed->figures();
    const bool loading = m_feed->isLoading();
    const QString none = loading ? QStringLiteral("…") : QStringLiteral("—");
    // The two figures added with the lists are absent from older servers: "—" then.
    const std::optional<qint64> values[kFigures] = {
        f ? std::optional<qint64>(f->activeToday) : std::nullopt,
        f ? std::optional<qint64>(f->activeAllOfLast3Days) : std::nullopt,
        f ? std::optional<qint64>(f->activeAnyOfLast7Days) : std::nullopt,
        f ? std::optional<qint64>(f->inactiveLast7Days) : std::nullopt,
        f ? f->activeThisWeekNotToday : std::nullopt,
        f ? f->newThisWeek : std::nullopt};
    for (int i = 0; i < kFigures; ++i) {
        const Tile &t = m_tiles[i];
        t.number->setText(values[i] ? QString::number(*values[i]) : f ? QStringLiteral("—") : none);
        // The figure whose people are listed has a box of its own.
        auto *frame = static_cast<QFrame *>(t.number->parentWidget());
        const bool chosen = hasPeople(Figure(i)) && Figure(i) == m_peopleFigure;
        frame->setFrameShape(chosen ? QFrame::Box : QFrame::StyledPanel);
        frame->setLineWidth(chosen ? 2 : 1);
        const QString shown = values[i] ? QString::number(*values[i])
                              : f       ? tr("not loaded")
                              : loading ? tr("loading")
                                        : tr("not loaded");
        //: A figure for screen readers: "Active today: 5"
        t.number->parentWidget()->setAccessibleName(tr("%1: %2").arg(t.caption->text(), shown));
    }
    const std::optional<qint64> count = values[int(m_peopleFigure)];
    const QString caption = m_tiles[int(m_peopleFigure)].caption->text();
    //: The people list's title: a figure's words and how many people it has
    m_peopleTitle->setText(
        count ? tr("%1: %n people", nullptr, int(std::min<qint64>(*count, INT_MAX))).arg(caption)
              : caption);
    m_chart->setDays(m_feed->chartDates(), m_feed->chartValues());
    m_chartCaption->setText(m_chart->currentText());
    m_busy->setVisible(loading);
    m_next->setEnabled(date() < m_dateEdit->maximumDate());
    m_previous->setEnabled(date() > m_dateEdit->minimumDate());
}

bool StatsView::eventFilter(QObject *watched, QEvent *event)
{
    for (int i = 0; i < kFigures; ++i) {
        if (watched != m_tiles[i].number->parentWidget() || !hasPeople(Figure(i)))
            continue;
        if (event->type() == QEvent::MouseButtonRelease &&
            static_cast<QMouseEvent *>(event)->button() == Qt::LeftButton) {
            showPeople(Figure(i));
            return true;
        }
        if (event->type() == QEvent::KeyPress) {
            const int key = static_cast<QKeyEvent *>(event)->key();
            if (key == Qt::Key_Return || key == Qt::Key_Enter || key == Qt::Key_Space) {
                showPeople(Figure(i));
                return true;
            }
        }
    }
    if (watched == m_dateEdit && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if ((key->modifiers() & ~Qt::KeypadModifier) == Qt::ControlModifier) {
            switch (key->key()) {
            case Qt::Key_Left:
                step(-1);
                return true;
            case Qt::Key_Right:
                step(1);
                return true;
            case Qt::Key_Home:
                setDate(ActivityStatsFeed::serverToday());
                return true;
            default:
                break;
            }
        }
    }
    return QWidget::eventFilter(watched, event);
}

void StatsView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace threadline::ui
