// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// ActivityView (activityview.h): the switch, the list and its words, clicks and keys.
#include "people/activityview.h"

#include "common/accessiblelist.h"

#include "common/placeholderlist.h"
#include "feeds.h"
#include "people/activitydelegate.h"
#include "people/activitymodel.h"
#include "wire/topics.h"

#include <QComboBox>
#include <QEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QResizeEvent>
#include <QScrollBar>
#include <QTabBar>
#include <QVBoxLayout>

namespace threadline::ui {

using models::ActivityModel;
using Query = models::ActivityQuery;

ActivityView::ActivityView(models::Feeds *feeds, core::ImageCache *images, QWidget *parent)
    : QWidget(parent)
    , m_model(new ActivityModel(this))
    , m_feed(feeds->activity(m_model, this))
    , m_tabs(new QTabBar(this))
    , m_kinds(new QComboBox(this))
    , m_error(new QLabel(this))
    , m_list(new PlaceholderList(this))
    , m_delegate(new ActivityDelegate(images, m_list))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);

    m_tabs->setObjectName(QStringLiteral("activityScopes"));
    m_tabs->setDocumentMode(true);
    m_tabs->setDrawBase(true);
    m_tabs->setExpanding(false);
    m_tabs->setFocusPolicy(Qt::StrongFocus);
    for (int i = 0; i < 3; ++i)
        m_tabs->addTab(QString());
    m_bar = new QWidget(this);
    auto *barLayout = new QHBoxLayout(m_bar);
    barLayout->setContentsMargins(8, 6, 8, 0);
    barLayout->addWidget(m_tabs);
    barLayout->addStretch(1);
    m_kinds->setObjectName(QStringLiteral("activityKinds"));
    for (const char *type : {"", "post", "comment", "reply", "like", "follow", "message", "topic"})
        m_kinds->addItem(QString(), QString::fromLatin1(type));
    barLayout->addWidget(m_kinds);
    layout->addWidget(m_bar);

    m_error->setObjectName(QStringLiteral("activityError"));
    m_error->setTextFormat(Qt::PlainText);
    m_error->setWordWrap(true);
    m_error->setContentsMargins(12, 6, 12, 6);
    m_error->hide();
    layout->addWidget(m_error);

    m_list->setObjectName(QStringLiteral("activityList"));
    m_list->setModel(m_model);
    m_list->setItemDelegate(m_delegate);
    m_delegate->setView(m_list);
    m_list->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setWordWrap(true); // a change of width lays the rows out again
    m_list->verticalScrollBar()->setSingleStep(24);
    m_list->setResizeMode(QListView::Adjust);
    m_list->setUniformItemSizes(false);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setMouseTracking(true);
    m_list->setFrameShape(QFrame::NoFrame);
    m_list->viewport()->installEventFilter(this);
    m_list->installEventFilter(this);
    RowActions::attach(m_list, [this](const QModelIndex &index) {
        const QPersistentModelIndex row(index);
        QList<RowAction> out;
        if (!index.data(models::ActivityModel::OpenTargetRole).toString().isEmpty())
            out.append({QStringLiteral("Open"), tr("Open"), QKeySequence(Qt::Key_Return),
                        [this, row] { activate(row, false); }});
        if (index.data(models::ActivityModel::ActorIdRole).toLongLong() > 0)
            out.append({QStringLiteral("Person"), tr("Open the person's page"),
                        QKeySequence(Qt::SHIFT | Qt::Key_Return),
                        [this, row] { activate(row, true); }});
        return out;
    });
    layout->addWidget(m_list, 1);
    setFocusProxy(m_list);

    connect(m_tabs, &QTabBar::currentChanged, this, [this](int tab) {
        if (tab >= 0 && m_person == 0)
            setScope(Scope(tab));
    });
    connect(m_kinds, &QComboBox::currentIndexChanged, this, [this] {
        if (m_started)
            applyQuery();
    });
    connect(m_feed, &models::ActivityFeed::busyChanged, this, &ActivityView::updateState);
    connect(m_feed, &models::ActivityFeed::refreshed, this, [this] {
        m_failure.clear();
        updateState();
    });
    connect(m_feed, &models::ActivityFeed::pageLoaded, this, [this] {
        m_failure.clear();
        updateState();
    });
    connect(m_feed, &models::ActivityFeed::error, this, [this](const QString &message) {
        m_failure = message;
        updateState();
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, &ActivityView::updateState);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &ActivityView::updateState);
    retranslate();
}

ActivityView::~ActivityView() = default;

void ActivityView::setScope(Scope scope)
{
    m_scope = scope;
    if (m_tabs->currentIndex() != int(scope)) {
        const QSignalBlocker block(m_tabs);
        m_tabs->setCurrentIndex(int(scope));
    }
    if (m_started)
        applyQuery();
}

void ActivityView::setSwitchVisible(bool visible)
{
    m_tabs->setVisible(visible); // the kinds stay: a person's activity is filtered too
}

void ActivityView::setKind(const QString &type)
{
    const int i = m_kinds->findData(type);
    m_kinds->setCurrentIndex(i < 0 ? 0 : i);
}

QString ActivityView::kind() const
{
    return m_kinds->currentData().toString();
}

void ActivityView::showPerson(qint64 uid)
{
    m_person = std::max<qint64>(0, uid);
    setSwitchVisible(m_person == 0);
    if (m_started)
        applyQuery();
    retranslate();
}

void ActivityView::setTicker(models::TimeTicker *ticker, const models::RelativeTime &format)
{
    m_model->setTicker(ticker, format);
    m_list->viewport()->update();
}

void ActivityView::start()
{
    if (m_started)
        return;
    m_started = true;
    applyQuery();
}

void ActivityView::refresh()
{
    if (!m_started) {
        start();
        return;
    }
    m_feed->refresh();
    updateState();
}

void ActivityView::applyQuery()
{
    Query q;
    if (m_person > 0) {
        q = {Query::Scope::User, m_person};
    } else {
        switch (m_scope) {
        case Scope::Following:
            q = {Query::Scope::Following, 0};
            break;
        case Scope::Everyone:
            q = {Query::Scope::All, 0};
            break;
        case Scope::Mine:
            q = {Query::Scope::Mine, 0};
            break;
        }
    }
    if (const QString type = kind(); !type.isEmpty())
        q.types = {type};
    m_failure.clear();
    if (q == m_feed->query() && m_model->rowCount() > 0)
        return; // already shown
    if (q == m_feed->query())
        m_feed->refresh();
    else
        m_feed->setQuery(q); // empties the list and loads the first page
    updateState();
}

QString ActivityView::stateText() const
{
    if (m_model->rowCount() > 0)
        return m_failure;
    if (!m_failure.isEmpty())
        return tr("%1 Press F5 to try again.").arg(m_failure);
    if (!m_started || m_feed->isBusy())
        return tr("Loading activity…");
    if (m_person > 0)
        return tr("Nothing here yet: no posts, comments, likes or follows.");
    switch (m_scope) {
    case Scope::Following:
        return tr("Nothing yet from the people you follow. Follow someone from their page, or "
                  "look at Everyone.");
    case Scope::Everyone:
        return tr("Nobody has posted, commented, liked or followed anyone yet.");
    case Scope::Mine:
        return tr("You have not posted, commented, liked or followed anyone yet.");
    }
    return {};
}

void ActivityView::updateState()
{
    const QString text = stateText();
    const bool rows = m_model->rowCount() > 0;
    m_list->setPlaceholder(rows ? QString() : text);
    m_error->setText(rows ? text : QString());
    m_error->setVisible(rows && !text.isEmpty());
}

void ActivityView::retranslate()
{
    m_tabs->setTabText(int(Scope::Following), tr("Following"));
    m_tabs->setTabText(int(Scope::Everyone), tr("Everyone"));
    m_tabs->setTabText(int(Scope::Mine), tr("Mine"));
    m_tabs->setAccessibleName(tr("Whose activity"));
    const QStringList kinds{tr("All kinds"), tr("Posts"),   tr("Comments"), tr("Replies"),
                            tr("Likes"),     tr("Follows"), tr("Messages"), tr("Topic posts")};
    for (int i = 0; i < kinds.size() && i < m_kinds->count(); ++i)
        m_kinds->setItemText(i, kinds.at(i));
    m_kinds->setAccessibleName(tr("Which kinds of activity"));
    m_kinds->setToolTip(tr("Show only one kind of activity"));
    m_list->setAccessibleName(m_person > 0 ? tr("This person's activity") : tr("Activity"));
    m_list->setToolTip(tr("Return opens what a row is about; Shift+Return opens the person who "
                          "did it; T opens the topic a row names."));
    updateState();
}

void ActivityView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // the switch begins where the rows' column does (centred in a wide view)
    const int left =
        ActivityDelegate::columnLeft(width() - m_list->verticalScrollBar()->sizeHint().width());
    m_bar->layout()->setContentsMargins(left, 6, 8, 0);
}

void ActivityView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ActivityView::activate(const QModelIndex &index, bool actor)
{
    if (!index.isValid())
        return;
    if (actor) {
        if (const qint64 uid = index.data(ActivityModel::ActorIdRole).toLongLong(); uid > 0)
            Q_EMIT openProfile(uid);
        return;
    }
    const QString target = index.data(ActivityModel::OpenTargetRole).toString();
    const qint64 postId = index.data(ActivityModel::PostIdRole).toLongLong();
    const qint64 commentId = index.data(ActivityModel::CommentIdRole).toLongLong();
    if (target == QLatin1String("post") && postId > 0) {
        if (commentId > 0)
            Q_EMIT openComment(postId, commentId);
        else
            Q_EMIT openPost(postId);
    } else if (target == QLatin1String("profile")) {
        Q_EMIT openProfile(index.data(ActivityModel::TargetUserIdRole).toLongLong());
    } else if (target == QLatin1String("topic")) {
        if (const QString key = core::topicKey(index.data(ActivityModel::TopicRole).toString());
            !key.isEmpty())
            Q_EMIT openTopic(key);
    }
}

bool ActivityView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_list->viewport()) {
        if (event->type() == QEvent::MouseButtonRelease) {
            auto *e = static_cast<QMouseEvent *>(event);
            const QPoint pos = e->position().toPoint();
            const QModelIndex index = m_list->indexAt(pos);
            if (e->button() == Qt::LeftButton && index.isValid()) {
                const auto hit = m_delegate->hitAt(m_list->visualRect(index), index, pos);
                if (hit != ActivityDelegate::Hit::None)
                    activate(index, hit == ActivityDelegate::Hit::Actor);
            }
        } else if (event->type() == QEvent::MouseMove) {
            auto *e = static_cast<QMouseEvent *>(event);
            const QPoint pos = e->position().toPoint();
            const QModelIndex index = m_list->indexAt(pos);
            m_list->viewport()->setCursor(
                index.isValid() && m_delegate->hitAt(m_list->visualRect(index), index, pos) !=
                                       ActivityDelegate::Hit::None
                    ? Qt::PointingHandCursor
                    : Qt::ArrowCursor);
        }
    } else if (watched == m_list && event->type() == QEvent::KeyPress) {
        auto *e = static_cast<QKeyEvent *>(event);
        if (e->key() == Qt::Key_Return || e->key() == Qt::Key_Enter) {
            activate(m_list->currentIndex(), e->modifiers() & Qt::ShiftModifier);
            return true;
        }
        // T: the topic a row names ("A posted in #topic"), as T on a card.
        if (e->key() == Qt::Key_T && !(e->modifiers() & ~Qt::KeypadModifier)) {
            const QString key =
                core::topicKey(m_list->currentIndex().data(ActivityModel::TopicRole).toString());
            if (!key.isEmpty())
                Q_EMIT openTopic(key);
            return !key.isEmpty();
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace threadline::ui
