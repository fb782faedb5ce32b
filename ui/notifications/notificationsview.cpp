// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "notifications/notificationsview.h"

#include "common/accessiblelist.h"

#include "common/palettecolors.h"
#include "common/placeholderlist.h"
#include "common/relativetime.h"
#include "common/textmetrics.h"
#include "common/timeticker.h"
#include "notifications/notificationdelegate.h"
#include "notifications/notificationsmodel.h"

#include <QDateTime>
#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

namespace threadline::ui {

using models::NotificationsModel;

NotificationsView::NotificationsView(NotificationsModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_title(new QLabel(this))
    , m_state(new QLabel(this))
    , m_markAll(new QPushButton(this))
    , m_list(new PlaceholderList(this))
    , m_delegate(new NotificationDelegate(this))
{
    setObjectName(QStringLiteral("notificationsView"));
    m_title->setObjectName(QStringLiteral("notificationsTitle"));
    m_title->setFont(boldFont(font()));
    m_state->setObjectName(QStringLiteral("notificationsState"));
    m_state->setWordWrap(true);
    m_state->setTextFormat(Qt::PlainText);
    m_markAll->setObjectName(QStringLiteral("markAllRead"));
    m_list->setObjectName(QStringLiteral("notificationsList"));
    m_list->setModel(model);
    m_list->setItemDelegate(m_delegate);
    m_list->setUniformItemSizes(false);
    m_list->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setFrameShape(QFrame::NoFrame);
    m_list->installEventFilter(this);

    auto *top = new QHBoxLayout;
    top->setContentsMargins(12, 8, 12, 4);
    top->setSpacing(12);
    top->addWidget(m_title);
    top->addWidget(m_state, 1);
    top->addWidget(m_markAll);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(top);
    layout->addWidget(m_list, 1);
    setFocusProxy(m_list);

    connect(m_list, &QAbstractItemView::clicked, this, &NotificationsView::activate);
    connect(m_list, &QAbstractItemView::activated, this, &NotificationsView::activate);
    RowActions::attach(m_list, [this](const QModelIndex &index) {
        const QPersistentModelIndex row(index);
        QList<RowAction> out{{QStringLiteral("Open"), tr("Open"), QKeySequence(Qt::Key_Return),
                              [this, row] { activate(row); }}};
        out.append(
            {QStringLiteral("Mark read"), tr("Mark as read"), QKeySequence(Qt::Key_M), [this, row] {
                 if (row.isValid())
                     m_model->markRead(row.row());
             }});
        return out;
    });
    connect(m_markAll, &QPushButton::clicked, model, &NotificationsModel::markAllRead);
    connect(model, &NotificationsModel::modelReset, this, &NotificationsView::updateState);
    connect(model, &NotificationsModel::rowsInserted, this, &NotificationsView::updateState);
    connect(model, &NotificationsModel::rowsRemoved, this, &NotificationsView::updateState);
    connect(model, &NotificationsModel::unreadChanged, this, &NotificationsView::updateState);
    connect(model, &NotificationsModel::loadingChanged, this, &NotificationsView::updateState);
    connect(model, &NotificationsModel::loaded, this, &NotificationsView::updateState);
    connect(model, &NotificationsModel::loadFailed, this, &NotificationsView::updateState);
    retranslate();
}

void NotificationsView::setTicker(models::TimeTicker *ticker, const models::RelativeTime &format)
{
    m_delegate->setTimeFormat(format);
    if (!ticker)
        return;
    m_delegate->setNow(ticker->now());
    connect(ticker, &models::TimeTicker::tick, this, [this](qint64 now) {
        m_delegate->setNow(now);
        m_list->viewport()->update();
    });
}

void NotificationsView::activate(const QModelIndex &index)
{
    if (!index.isValid())
        return;
    const core::Notification n = m_model->at(index.row());
    m_model->markRead(index.row());
    Q_EMIT openRequested(n);
}

bool NotificationsView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_list && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_M && key->modifiers() == Qt::NoModifier &&
            m_list->currentIndex().isValid()) {
            m_model->markRead(m_list->currentIndex().row());
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void NotificationsView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void NotificationsView::retranslate()
{
    m_title->setText(tr("Notifications"));
    m_markAll->setText(tr("Mark all as read"));
    m_markAll->setToolTip(tr("Mark every notification as read"));
    m_list->setAccessibleName(tr("Notifications"));
    m_list->setAccessibleDescription(tr("Return opens; M marks as read"));
    updateState();
}

QString NotificationsView::stateText() const
{
    return m_state->text();
}

void NotificationsView::updateState()
{
    m_markAll->setEnabled(m_model->unread() > 0);
    QString state;
    if (!m_model->failure().isEmpty()) {
        state =
            m_model->savedAt()
                ? tr("Kept from %1; not updated: %2")
                      .arg(QLocale().toString(QDateTime::fromMSecsSinceEpoch(*m_model->savedAt()),
                                              QLocale::ShortFormat),
                           m_model->failure())
                : tr("Could not load the notifications: %1").arg(m_model->failure());
    } else if (m_model->savedAt()) {
        state = tr("Kept from %1; updated when online")
                    .arg(QLocale().toString(QDateTime::fromMSecsSinceEpoch(*m_model->savedAt()),
                                            QLocale::ShortFormat));
    } else if (m_model->isLoading() && m_model->rowCount() == 0) {
        state = tr("Loading notifications…");
    } else if (m_model->unread() > 0) {
        state = tr("%n unread", nullptr, m_model->unread());
    }
    m_state->setText(state);
    m_list->setPlaceholder(
        m_model->rowCount() > 0 || m_model->isLoading()
            ? QString()
            : tr("No notifications yet. Replies, comments, messages on your board, new followers "
                 "and likes show here."));
    m_list->viewport()->update();
}

} // namespace threadline::ui
