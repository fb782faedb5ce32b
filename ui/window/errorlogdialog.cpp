// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/errorlogdialog.h"

#include "errorlogmodel.h"

#include <QClipboard>
#include <QDialogButtonBox>
#include <QEvent>
#include <QGuiApplication>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace threadline::ui {

ErrorLogDialog::ErrorLogDialog(models::ErrorLogModel *model, QWidget *parent)
    : QDialog(parent)
    , m_model(model)
    , m_intro(new QLabel(this))
    , m_empty(new QLabel(this))
    , m_view(new QTreeView(this))
    , m_details(new QLabel(this))
    , m_copy(new QPushButton(this))
    , m_copyAll(new QPushButton(this))
    , m_clear(new QPushButton(this))
    , m_close(new QPushButton(this))
{
    setObjectName(QStringLiteral("errorLog"));
    m_intro->setWordWrap(true);
    m_intro->setTextFormat(Qt::PlainText);
    m_empty->setObjectName(QStringLiteral("errorLogEmpty"));
    m_empty->setTextFormat(Qt::PlainText);
    m_empty->setAlignment(Qt::AlignCenter);

    m_view->setObjectName(QStringLiteral("errorLogView"));
    m_view->setModel(model);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setTextElideMode(Qt::ElideRight);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(models::ErrorLogModel::TimeColumn,
                                           QHeaderView::ResizeToContents);
    m_view->header()->setSectionResizeMode(models::ErrorLogModel::RequestColumn,
                                           QHeaderView::Interactive);
    m_view->header()->setSectionResizeMode(models::ErrorLogModel::ErrorColumn,
                                           QHeaderView::Stretch);
    m_view->header()->setSectionResizeMode(models::ErrorLogModel::RequestIdColumn,
                                           QHeaderView::ResizeToContents);
    m_view->setColumnWidth(models::ErrorLogModel::RequestColumn, 220);
    m_view->installEventFilter(this);

    m_details->setObjectName(QStringLiteral("errorLogDetails"));
    m_details->setTextFormat(Qt::PlainText);
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_details->setFocusPolicy(Qt::StrongFocus); // Tab reaches it: a screen reader reads it
    m_details->setMinimumHeight(m_details->fontMetrics().lineSpacing() * 5);
    m_details->setAlignment(Qt::AlignLeft | Qt::AlignTop);

    m_copy->setObjectName(QStringLiteral("copyErrorDetails"));
    m_copyAll->setObjectName(QStringLiteral("copyAllErrors"));
    m_clear->setObjectName(QStringLiteral("clearErrors"));
    auto *buttons = new QDialogButtonBox(this);
    buttons->addButton(m_copy, QDialogButtonBox::ActionRole);
    buttons->addButton(m_copyAll, QDialogButtonBox::ActionRole);
    buttons->addButton(m_clear, QDialogButtonBox::ResetRole);
    buttons->addButton(m_close, QDialogButtonBox::RejectRole);
    // Return closes; it never clears the list or copies by accident
    for (QPushButton *button : {m_copy, m_copyAll, m_clear})
        button->setAutoDefault(false);
    m_close->setDefault(true);
    connect(m_close, &QPushButton::clicked, this, &QDialog::close);
    connect(m_copy, &QPushButton::clicked, this, &ErrorLogDialog::copySelected);
    connect(m_copyAll, &QPushButton::clicked, this,
            [this] { QGuiApplication::clipboard()->setText(m_model->report()); });
    connect(m_clear, &QPushButton::clicked, this, [this] { m_model->clear(); });

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(m_empty, 1);
    layout->addWidget(m_view, 3);
    layout->addWidget(m_details, 1);
    layout->addWidget(buttons);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ErrorLogDialog::updateState);
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(model, signal, this, &ErrorLogDialog::updateState);
    connect(model, &QAbstractItemModel::modelReset, this, &ErrorLogDialog::updateState);
    connect(model, &QAbstractItemModel::dataChanged, this, &ErrorLogDialog::updateState);
    // the newest failure is the one a person opening this came for
    if (model->rowCount() > 0)
        m_view->setCurrentIndex(model->index(0, 0));
    retranslate();
    updateState();
    resize(760, 420);
}

QString ErrorLogDialog::detailsText() const
{
    return m_details->text();
}

void ErrorLogDialog::copySelected()
{
    const QModelIndex current = m_view->currentIndex();
    if (current.isValid())
        QGuiApplication::clipboard()->setText(m_model->report(current.row()));
}

void ErrorLogDialog::updateState()
{
    const bool any = m_model->rowCount() > 0;
    if (any && !m_view->currentIndex().isValid())
        m_view->setCurrentIndex(m_model->index(0, 0));
    const QModelIndex current = m_view->currentIndex();
    m_details->setText(current.isValid() ? m_model->report(current.row()) : QString());
    m_empty->setVisible(!any);
    m_view->setVisible(any);
    m_details->setVisible(any);
    m_copy->setEnabled(current.isValid());
    m_copyAll->setEnabled(any);
    m_clear->setEnabled(any);
}

void ErrorLogDialog::retranslate()
{
    setWindowTitle(tr("Recent errors"));
    m_intro->setText(tr("The requests that failed lately, newest first. For a problem report, "
                        "copy the details: the request id finds the server's record of it."));
    m_empty->setText(tr("No request has failed since Threadline started."));
    m_view->setAccessibleName(tr("Failed requests"));
    m_details->setAccessibleName(tr("Details of the selected error"));
    m_copy->setText(tr("&Copy details"));
    m_copyAll->setText(tr("Copy &all"));
    m_clear->setText(tr("C&lear"));
    m_close->setText(tr("Close"));
    m_model->retranslate();
}

void ErrorLogDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

bool ErrorLogDialog::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view && event->type() == QEvent::KeyPress &&
        static_cast<QKeyEvent *>(event)->matches(QKeySequence::Copy)) {
        copySelected();
        return true;
    }
    return QDialog::eventFilter(watched, event);
}

} // namespace threadline::ui
