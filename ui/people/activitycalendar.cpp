// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "people/activitycalendar.h"


#include "feeds.h"
#include "people/activitystatsfeed.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QSet>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace threadline::ui {

using models::ActivityStatsFeed;
using models::UserActivityFeed;

namespace {

// The locale whose month and weekday names the calendar uses: the language of the translation,
// not the system's (an English window on a German system says "November").
QLocale namesLocale()
{
    //: The locale (language_COUNTRY) whose month and weekday names the activity calendar uses
    return QLocale(ActivityCalendar::tr("en_US"));
}

} // namespace

// The month as a 7-column grid: a row of weekday letters, then the weeks; active days filled in
// the highlight colour, today outlined.
class MonthGrid : public QWidget
{
public:
    explicit MonthGrid(QWidget *parent)
        : QWidget(parent)
    {
        setObjectName(QStringLiteral("monthGrid"));
        setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    }

    void setMonth(const QDate &first, const QSet<int> &active, bool loaded)
    {
        m_first = first;
        m_active = active;
        m_loaded = loaded;
        update();
    }

    [[nodiscard]] int cell() const { return QFontMetrics(font()).height() + 6; }
    QSize sizeHint() const override { return {7 * cell(), 7 * cell()}; }

protected:
    void paintEvent(QPaintEvent *) override
    {
        if (!m_first.isValid())
            return;
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        const QPalette &pal = palette();
        const int c = cell();
        const QLocale names = namesLocale();
        const Qt::DayOfWeek firstDay = names.firstDayOfWeek();
        QFont small = font();
        if (small.pointSizeF() > 0)
            small.setPointSizeF(small.pointSizeF() * 0.85);
        p.setFont(small);
        p.setPen(pal.color(QPalette::PlaceholderText));
        for (int i = 0; i < 7; ++i) {
            const int dow = (int(firstDay) - 1 + i) % 7 + 1;
            p.drawText(QRect(i * c, 0, c, c), Qt::AlignCenter,
                       names.dayName(dow, QLocale::NarrowFormat));
        }
        p.setFont(font());
        const int offset = (m_first.dayOfWeek() - int(firstDay) + 7) % 7;
        const QDate today = ActivityStatsFeed::serverToday();
        for (int day = 1; day <= m_first.daysInMonth(); ++day) {
            const int slot = offset + day - 1;
            const QRect r(slot % 7 * c, (1 + slot / 7) * c, c, c);
            const QRectF dot = QRectF(r).adjusted(1.5, 1.5, -1.5, -1.5);
            const bool active = m_active.contains(day);
            if (active) {
                p.setPen(Qt::NoPen);
                p.setBrush(pal.color(QPalette::Highlight));
                p.drawRoundedRect(dot, 4, 4);
            }
            if (m_first.addDays(day - 1) == today) {
                p.setPen(QPen(pal.color(QPalette::WindowText), 1));
                p.setBrush(Qt::NoBrush);
                p.drawRoundedRect(dot, 4, 4);
            }
            p.setPen(active     ? pal.color(QPalette::HighlightedText)
                     : m_loaded ? pal.color(QPalette::WindowText)
                                : pal.color(QPalette::PlaceholderText));
            p.drawText(r, Qt::AlignCenter, QString::number(day));
        }
    }

private:
    QDate m_first;
    QSet<int> m_active;
    bool m_loaded = false;
};

ActivityCalendar::ActivityCalendar(models::Feeds *feeds, QWidget *parent)
    : QWidget(parent)
    , m_feed(feeds->userActivity(this))
    , m_previous(new QToolButton(this))
    , m_title(new QLabel(this))
    , m_next(new QToolButton(this))
    , m_grid(new MonthGrid(this))
    , m_summary(new QLabel(this))
{
    setObjectName(QStringLiteral("activityCalendar"));
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed); // the words under it never clipped
    setFocusPolicy(Qt::StrongFocus);
    m_previous->setObjectName(QStringLiteral("previousMonth"));
    m_previous->setArrowType(Qt::LeftArrow);
    m_previous->setAutoRaise(true);
    m_next->setObjectName(QStringLiteral("nextMonth"));
    m_next->setArrowType(Qt::RightArrow);
    m_next->setAutoRaise(true);
    m_title->setObjectName(QStringLiteral("monthTitle"));
    m_title->setTextFormat(Qt::PlainText);
    m_title->setAlignment(Qt::AlignCenter);
    QFont bold = font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_summary->setObjectName(QStringLiteral("activitySummary"));
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setAlignment(Qt::AlignHCenter | Qt::AlignTop);
    QFont small = font();
    if (small.pointSizeF() > 0)
        small.setPointSizeF(small.pointSizeF() * 0.85);
    m_summary->setFont(small);

    auto *head = new QHBoxLayout;
    head->setContentsMargins(0, 0, 0, 0);
    head->setSpacing(2);
    head->addWidget(m_previous);
    head->addWidget(m_title, 1);
    head->addWidget(m_next);
    auto *box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->setSpacing(2);
    box->addLayout(head);
    box->addWidget(m_grid, 0, Qt::AlignHCenter);
    box->addWidget(m_summary);

    connect(m_previous, &QToolButton::clicked, this, &ActivityCalendar::showPreviousMonth);
    connect(m_next, &QToolButton::clicked, this, &ActivityCalendar::showNextMonth);
    connect(m_feed, &UserActivityFeed::loaded, this, [this] {
        m_error.clear();
        render();
        Q_EMIT loaded();
    });
    connect(m_feed, &UserActivityFeed::loadFailed, this, [this](const QString &message) {
        m_error = message;
        render();
        Q_EMIT loadFailed(message);
    });
    render();
}

ActivityCalendar::~ActivityCalendar() = default;

void ActivityCalendar::setUser(qint64 uid)
{
    m_uid = uid;
    const QDate today = ActivityStatsFeed::serverToday();
    m_month = QDate(today.year(), today.month(), 1);
    if (uid <= 0)
        m_feed->clear();
    reload();
}

void ActivityCalendar::setMonth(const QDate &month)
{
    if (!month.isValid())
        return;
    const QDate today = ActivityStatsFeed::serverToday();
    m_month =
        std::min(QDate(month.year(), month.month(), 1), QDate(today.year(), today.month(), 1));
    reload();
}

void ActivityCalendar::showPreviousMonth()
{
    setMonth(m_month.addMonths(-1));
}

void ActivityCalendar::showNextMonth()
{
    setMonth(m_month.addMonths(1));
}

void ActivityCalendar::reload()
{
    m_error.clear();
    if (m_uid > 0 && m_month.isValid())
        m_feed->load(m_uid, m_month);
    render();
}

bool ActivityCalendar::isLoaded() const
{
    return m_feed->stats() && m_feed->uid() == m_uid && m_feed->month() == m_month;
}

QList<int> ActivityCalendar::activeDays() const
{
    return isLoaded() ? m_feed->stats()->days : QList<int>();
}

QString ActivityCalendar::monthTitle() const
{
    if (!m_month.isValid())
        return {};
    //: How the activity calendar names a month (QDate format): "November 2026"
    return namesLocale().toString(m_month, tr("MMMM yyyy"));
}

QString ActivityCalendar::summaryText() const
{
    return m_summary->text();
}

void ActivityCalendar::render()
{
    const bool loaded = isLoaded();
    const QList<int> days = activeDays();
    m_grid->setMonth(m_month, QSet<int>(days.cbegin(), days.cend()), loaded);
    m_title->setText(monthTitle());
    QString summary;
    if (m_uid <= 0)
        summary.clear();
    else if (loaded && days.size() == 1)
        //: One day of a month a person was active on: "1 active day in November 2026"
        summary = tr("1 active day in %1").arg(monthTitle());
    else if (loaded)
        //: The days of a month a person was active on: "12 active days in November 2026"
        summary = tr("%1 active days in %2").arg(days.size()).arg(monthTitle());
    else if (!m_error.isEmpty())
        summary = m_error;
    else
        summary = tr("Loading activity…");
    m_summary->setText(summary);
    const QDate today = ActivityStatsFeed::serverToday();
    m_next->setEnabled(m_month.isValid() && m_month < QDate(today.year(), today.month(), 1));
    m_previous->setToolTip(tr("The month before (Page Up)"));
    m_previous->setAccessibleName(tr("The month before"));
    m_next->setToolTip(tr("The month after (Page Down)"));
    m_next->setAccessibleName(tr("The month after"));
    setAccessibleName(tr("Active days"));
    QStringList list;
    for (const int d : days)
        list << QString::number(d);
    setAccessibleDescription(
        loaded && !days.isEmpty()
            ? tr("%1. Active on: %2").arg(summary, list.join(QLatin1String(", ")))
            : summary);
}

void ActivityCalendar::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_PageUp) {
        showPreviousMonth();
        return;
    }
    if (event->key() == Qt::Key_PageDown) {
        if (m_next->isEnabled())
            showNextMonth();
        return;
    }
    QWidget::keyPressEvent(event);
}

void ActivityCalendar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange)
        render();
    QWidget::changeEvent(event);
}

} // namespace threadline::ui
