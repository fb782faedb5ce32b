// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/outboxpanel.h"

#include "common/messagebar.h"
#include "feeds.h"
#include "outboxmodel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace threadline::ui {

using models::OutboxModel;

OutboxPanel::OutboxPanel(models::Feeds *feeds, QWidget *parent)
    : QWidget(parent)
    , m_model(feeds->outboxModel(this))
    , m_report(new MessageBar(this))
    , m_title(new QLabel(this))
    , m_summary(new QLabel(this))
    , m_view(new QTreeView(this))
    , m_retry(new QPushButton(this))
    , m_discard(new QPushButton(this))
    , m_discardFailed(new QPushButton(this))
{
    setObjectName(QStringLiteral("outboxPanel"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    m_report->setObjectName(QStringLiteral("replayReport"));
    connect(m_report, &MessageBar::dismissed, this,
            [this] { Q_EMIT replayReportChanged(QString()); });
    layout->addWidget(m_report);

    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_title->setTextFormat(Qt::PlainText);
    m_summary->setObjectName(QStringLiteral("outboxSummary"));
    m_summary->setTextFormat(Qt::PlainText);
    auto *head = new QHBoxLayout;
    head->addWidget(m_title);
    head->addStretch(1);
    head->addWidget(m_summary);
    layout->addLayout(head);

    m_view->setObjectName(QStringLiteral("outboxList"));
    m_view->setModel(m_model);
    m_view->setRootIsDecorated(false);
    m_view->setItemsExpandable(false);
    m_view->setUniformRowHeights(false);
    m_view->setWordWrap(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setTextElideMode(Qt::ElideRight);
    m_view->header()->setStretchLastSection(true);
    m_view->header()->setSectionResizeMode(OutboxModel::ActionColumn, QHeaderView::Interactive);
    m_view->header()->resizeSection(OutboxModel::ActionColumn, 300);
    layout->addWidget(m_view, 1);

    m_retry->setObjectName(QStringLiteral("retryButton"));
    m_discard->setObjectName(QStringLiteral("discardButton"));
    m_discardFailed->setObjectName(QStringLiteral("discardFailedButton"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_retry);
    buttons->addWidget(m_discard);
    buttons->addStretch(1);
    buttons->addWidget(m_discardFailed);
    layout->addLayout(buttons);
    connect(m_retry, &QPushButton::clicked, this, &OutboxPanel::retrySelected);
    connect(m_discard, &QPushButton::clicked, this, &OutboxPanel::discardSelected);
    connect(m_discardFailed, &QPushButton::clicked, this, &OutboxPanel::discardAllFailed);

    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &OutboxPanel::updateButtons);
    for (const auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_model, signal, this, &OutboxPanel::updateButtons);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &OutboxPanel::updateButtons);
    connect(m_model, &OutboxModel::replayReported, this, &OutboxPanel::showReplayReport);
    retranslate();
}

void OutboxPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void OutboxPanel::retranslate()
{
    m_title->setText(tr("Changes not yet saved on the server"));
    m_retry->setText(tr("&Retry now"));
    m_retry->setToolTip(tr("Send the selected change now"));
    m_discard->setText(tr("&Discard…"));
    m_discard->setToolTip(tr("Remove the selected change and undo it here"));
    m_discardFailed->setText(tr("Discard &all failed"));
    updateButtons();
}

QString OutboxPanel::summaryText() const
{
    const int failed = m_model->failedCount();
    const int waiting = m_model->rowCount() - failed;
    if (waiting == 0 && failed == 0)
        return tr("Everything is saved");
    if (waiting == 0)
        return tr("%n change(s) failed", nullptr, failed);
    const QString w = tr("%n change(s) waiting", nullptr, waiting);
    if (failed == 0)
        return w;
    return tr("%1, %n failed", nullptr, failed).arg(w);
}

void OutboxPanel::updateButtons()
{
    const int row = m_view->currentIndex().isValid() && m_view->selectionModel()->hasSelection()
                        ? m_view->currentIndex().row()
                        : -1;
    const bool usable = row >= 0 && m_model->state(row) != OutboxModel::State::Sending;
    m_retry->setEnabled(usable);
    m_discard->setEnabled(usable);
    m_discardFailed->setEnabled(m_model->failedCount() > 0);
    m_summary->setText(summaryText());
}

bool OutboxPanel::selectEntry(qint64 entryId)
{
    const int row = m_model->rowOf(entryId);
    if (row < 0)
        return false;
    m_view->setCurrentIndex(m_model->index(row, 0));
    m_view->selectionModel()->select(m_model->index(row, 0), QItemSelectionModel::ClearAndSelect |
                                                                 QItemSelectionModel::Rows);
    updateButtons();
    return true;
}

qint64 OutboxPanel::selectedEntry() const
{
    if (!m_view->selectionModel()->hasSelection() || !m_view->currentIndex().isValid())
        return 0;
    return m_model->entryId(m_view->currentIndex().row());
}

void OutboxPanel::retrySelected()
{
    if (const qint64 id = selectedEntry(); id != 0)
        m_model->retry(id);
}

void OutboxPanel::discardSelected()
{
    const qint64 id = selectedEntry();
    if (id == 0)
        return;
    const int row = m_model->rowOf(id);
    const QString action = m_model->index(row, OutboxModel::ActionColumn).data().toString();
    const bool failed = m_model->state(row) == OutboxModel::State::Failed;
    if (!confirm(
            tr("Discard this change?"),
            failed
                ? tr("%1\nIt failed and is not shown any more; discarding removes it from "
                     "the list.")
                      .arg(action)
                : tr("%1\nIt will not be sent, and what it changed here is undone.").arg(action)))
        return;
    m_model->discard(id);
}

void OutboxPanel::discardAllFailed()
{
    const int failed = m_model->failedCount();
    if (failed == 0)
        return;
    if (!confirm(tr("Discard %n failed change(s)?", nullptr, failed),
                 tr("They were not saved on the server and are not shown any more.")))
        return;
    m_model->discardAllFailed();
}

bool OutboxPanel::confirm(const QString &question, const QString &detail)
{
    if (m_confirm)
        return m_confirm(question, detail);
    QMessageBox box(QMessageBox::Question, tr("Discard"), question, QMessageBox::NoButton, this);
    box.setTextFormat(Qt::PlainText);
    box.setInformativeText(detail);
    QPushButton *discard = box.addButton(tr("&Discard"), QMessageBox::DestructiveRole);
    QPushButton *cancel = box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(cancel);
    box.setEscapeButton(cancel);
    box.exec();
    return box.clickedButton() == discard;
}

QString OutboxPanel::replayReport() const
{
    return m_report->text();
}

void OutboxPanel::showReplayReport(const QString &report)
{
    m_report->showMessage(report);
    Q_EMIT replayReportChanged(report);
}

void OutboxPanel::dismissReplayReport()
{
    m_report->clear();
    Q_EMIT replayReportChanged(QString());
}

} // namespace threadline::ui
