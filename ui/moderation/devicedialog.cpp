// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "moderation/devicedialog.h"

#include "common/messagebar.h"
#include "feeds.h"
#include "wire/usertext.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QFontMetrics>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace threadline::ui {

using models::DeviceTableModel;

DeviceDialog::DeviceDialog(models::Feeds *feeds, QWidget *parent)
    : QDialog(parent)
    , m_model(new DeviceTableModel(this))
    , m_feed(feeds->deviceTable(m_model, this))
    , m_proxy(new QSortFilterProxyModel(this))
{
    setObjectName(QStringLiteral("deviceDialog"));
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1); // raw or display
    m_proxy->setFilterRole(Qt::EditRole);
    buildUi();
    retranslate();

    connect(m_feed, &models::DeviceTableFeed::loadingChanged, this, &DeviceDialog::updateBusy);
    connect(m_feed, &models::DeviceTableFeed::pendingChanged, this, &DeviceDialog::updateBusy);
    connect(m_feed, &models::DeviceTableFeed::loadFailed, this,
            [this](const QString &message, const core::ApiError &error) {
                m_status->showMessage(message, true, error.details());
            });
    connect(m_feed, &models::DeviceTableFeed::actionFailed, this,
            [this](const QString &, const QString &message, const core::ApiError &error) {
                m_status->showMessage(message, false, error.details());
            });
    connect(m_feed, &models::DeviceTableFeed::loaded, this, [this] {
        m_status->clear();
        updateActions();
    });
    connect(m_status, &MessageBar::retryClicked, this, &DeviceDialog::refresh);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &DeviceDialog::updateActions);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, [this] {
        if (!m_removing.isEmpty() && m_model->rowOf(m_removing) < 0)
            cancelRemoval(); // gone meanwhile (a refresh)
        updateActions();
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, &DeviceDialog::updateActions);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &DeviceDialog::updateActions);
    updateActions();
    refresh();
}

DeviceDialog::~DeviceDialog() = default;

void DeviceDialog::buildUi()
{
    auto *root = new QVBoxLayout(this);

    m_intro = new QLabel(this);
    m_intro->setObjectName(QStringLiteral("deviceIntro"));
    m_intro->setTextFormat(Qt::PlainText);
    m_intro->setWordWrap(true);
    root->addWidget(m_intro);

    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("deviceFilter"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setFilterFixedString(text.trimmed());
        updateActions();
    });
    root->addWidget(m_filter);

    m_busy = makeBusyBar(this);
    root->addWidget(m_busy);
    m_status = new MessageBar(this);
    root->addWidget(m_status);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("deviceTable"));
    m_table->setModel(m_proxy);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::SelectedClicked);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(DeviceTableModel::RawColumn,
                                                      QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(DeviceTableModel::DisplayColumn,
                                                      QHeaderView::Stretch);
    // sized for its longest words in retranslate(): a row's mark never reads "Savi…"
    m_table->horizontalHeader()->setSectionResizeMode(DeviceTableModel::StateColumn,
                                                      QHeaderView::Fixed);
    m_table->horizontalHeader()->setHighlightSections(false);
    root->addWidget(m_table, 1);

    // --- the removal question, under the table ---
    m_confirmBar = new QFrame(this);
    m_confirmBar->setObjectName(QStringLiteral("confirmRemoval"));
    m_confirmBar->setFrameShape(QFrame::StyledPanel);
    auto *cl = new QHBoxLayout(m_confirmBar);
    cl->setContentsMargins(8, 4, 8, 4);
    m_confirmText = new QLabel(m_confirmBar);
    m_confirmText->setTextFormat(Qt::PlainText);
    m_confirmText->setWordWrap(true);
    cl->addWidget(m_confirmText, 1);
    m_confirmYes = new QPushButton(m_confirmBar);
    m_confirmYes->setObjectName(QStringLiteral("confirmRemove"));
    m_confirmNo = new QPushButton(m_confirmBar);
    m_confirmNo->setObjectName(QStringLiteral("cancelRemove"));
    cl->addWidget(m_confirmYes);
    cl->addWidget(m_confirmNo);
    connect(m_confirmYes, &QPushButton::clicked, this, &DeviceDialog::confirmRemoval);
    connect(m_confirmNo, &QPushButton::clicked, this, &DeviceDialog::cancelRemoval);
    m_confirmBar->hide();
    root->addWidget(m_confirmBar);

    // --- Edit, Remove…, Refresh ---
    auto *rowButtons = new QHBoxLayout;
    m_edit = new QPushButton(this);
    m_edit->setObjectName(QStringLiteral("editDevice"));
    m_remove = new QPushButton(this);
    m_remove->setObjectName(QStringLiteral("removeDevice"));
    m_refresh = new QPushButton(this);
    m_refresh->setObjectName(QStringLiteral("refreshDevices"));
    rowButtons->addWidget(m_edit);
    rowButtons->addWidget(m_remove);
    rowButtons->addStretch(1);
    rowButtons->addWidget(m_refresh);
    root->addLayout(rowButtons);
    connect(m_edit, &QPushButton::clicked, this, &DeviceDialog::editSelected);
    connect(m_remove, &QPushButton::clicked, this, &DeviceDialog::removeSelected);
    connect(m_refresh, &QPushButton::clicked, this, &DeviceDialog::refresh);
    auto *del = new QShortcut(QKeySequence::Delete, m_table);
    del->setContext(Qt::WidgetShortcut);
    connect(del, &QShortcut::activated, this, &DeviceDialog::removeSelected);

    // --- a new pair ---
    auto *addLine = new QHBoxLayout;
    m_addLabel = new QLabel(this);
    m_addLabel->setTextFormat(Qt::PlainText);
    m_newRaw = new QLineEdit(this);
    m_newRaw->setObjectName(QStringLiteral("newRaw"));
    m_newRaw->setMaxLength(400); // the server's rule (100) is said by the server, in words
    m_newDisplay = new QLineEdit(this);
    m_newDisplay->setObjectName(QStringLiteral("newDisplay"));
    m_newDisplay->setMaxLength(400);
    m_add = new QPushButton(this);
    m_add->setObjectName(QStringLiteral("addDevice"));
    addLine->addWidget(m_addLabel);
    addLine->addWidget(m_newRaw, 1);
    addLine->addWidget(m_newDisplay, 1);
    addLine->addWidget(m_add);
    root->addLayout(addLine);
    connect(m_add, &QPushButton::clicked, this, &DeviceDialog::submitAdd);
    connect(m_newRaw, &QLineEdit::returnPressed, this, &DeviceDialog::submitAdd);
    connect(m_newDisplay, &QLineEdit::returnPressed, this, &DeviceDialog::submitAdd);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(m_buttons, &QDialogButtonBox::rejected, this, [this] {
        cancelRemoval();
        QDialog::reject();
    });
    root->addWidget(m_buttons);

    // Return belongs to the line it is pressed in (Add) or the table's editor, never Close.
    for (QPushButton *b : findChildren<QPushButton *>()) {
        b->setAutoDefault(false);
        b->setDefault(false);
    }
    resize(640, 480);
}

void DeviceDialog::retranslate()
{
    setWindowTitle(tr("Device names"));
    m_intro->setText(tr("Posts report the raw model of the device they were written on; cards "
                        "show the display name given here. Changes are saved at once."));
    m_filter->setPlaceholderText(tr("Filter by raw model or display name"));
    m_confirmYes->setText(tr("Remove"));
    m_confirmNo->setText(tr("Cancel"));
    m_edit->setText(tr("Edit"));
    m_edit->setToolTip(tr("Change the display name of the selected model (F2)"));
    m_remove->setText(tr("Remove…"));
    m_remove->setToolTip(tr("Remove the selected model from the table (Del)"));
    m_refresh->setText(tr("Refresh"));
    m_addLabel->setText(tr("New:"));
    m_newRaw->setPlaceholderText(tr("Raw model, e.g. oneplus a6000"));
    m_newDisplay->setPlaceholderText(tr("Display name, e.g. 一加 6"));
    m_add->setText(tr("Add"));
    const QFontMetrics fm(m_table->font());
    int stateWidth =
        QFontMetrics(m_table->horizontalHeader()->font())
            .horizontalAdvance(
                m_model->headerData(DeviceTableModel::StateColumn, Qt::Horizontal, Qt::DisplayRole)
                    .toString());
    for (const auto state : {DeviceTableModel::State::Saving, DeviceTableModel::State::Removing})
        stateWidth = std::max(stateWidth, fm.horizontalAdvance(DeviceTableModel::stateText(state)));
    m_table->horizontalHeader()->resizeSection(DeviceTableModel::StateColumn, stateWidth + 24);
    if (!m_removing.isEmpty()) {
        const int row = m_model->rowOf(m_removing);
        const QString display = row >= 0 ? m_model->entryAt(row)->display : QString();
        m_confirmText->setText(tr("Remove “%1” → “%2”? Its posts will show the raw model.")
                                   .arg(core::shownName(m_removing), core::shownName(display)));
    }
}

void DeviceDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void DeviceDialog::refresh()
{
    m_feed->refresh();
    updateBusy();
}

bool DeviceDialog::addEntry(const QString &raw, const QString &display)
{
    m_status->clear();
    return m_feed->add(raw, display);
}

void DeviceDialog::submitAdd()
{
    const QString raw = m_newRaw->text();
    const QString display = m_newDisplay->text();
    if (!addEntry(raw, display))
        return;
    m_newRaw->clear();
    m_newDisplay->clear();
    m_newRaw->setFocus(Qt::OtherFocusReason);
    const QString key = DeviceTableModel::key(raw);
    // A failure puts the pair back in the lines, to be corrected (unless new text is there).
    auto *const guard = new QObject(this);
    connect(m_feed, &models::DeviceTableFeed::actionFailed, guard,
            [this, guard, key, raw, display](const QString &failed) {
                if (failed != key)
                    return;
                if (m_newRaw->text().isEmpty() && m_newDisplay->text().isEmpty()) {
                    m_newRaw->setText(raw);
                    m_newDisplay->setText(display);
                }
                guard->deleteLater();
            });
    connect(m_feed, &models::DeviceTableFeed::actionCompleted, guard,
            [guard, key](const QString &done) {
                if (done == key)
                    guard->deleteLater();
            });
    selectRow(m_model->rowOf(key));
}

int DeviceDialog::selectedRow() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return -1;
    return m_proxy->mapToSource(rows.first()).row();
}

bool DeviceDialog::selectRow(int modelRow)
{
    if (modelRow < 0 || modelRow >= m_model->rowCount())
        return false;
    const QModelIndex at = m_proxy->mapFromSource(m_model->index(modelRow, 0));
    if (!at.isValid())
        return false;
    m_table->selectionModel()->setCurrentIndex(at, QItemSelectionModel::ClearAndSelect |
                                                       QItemSelectionModel::Rows);
    m_table->scrollTo(at);
    return true;
}

void DeviceDialog::editSelected()
{
    const int row = selectedRow();
    if (row < 0 || m_model->stateAt(row) != DeviceTableModel::State::Saved)
        return;
    const QModelIndex cell =
        m_proxy->mapFromSource(m_model->index(row, DeviceTableModel::DisplayColumn));
    m_table->setCurrentIndex(cell);
    m_table->setFocus(Qt::OtherFocusReason);
    m_table->edit(cell);
}

void DeviceDialog::removeSelected()
{
    const int row = selectedRow();
    if (row < 0 || m_model->stateAt(row) != DeviceTableModel::State::Saved)
        return;
    m_removing = m_model->entryAt(row)->raw;
    retranslate(); // the question's words
    m_confirmBar->show();
    m_confirmNo->setFocus(Qt::OtherFocusReason); // a stray Return does not remove
}

bool DeviceDialog::confirmRemoval()
{
    if (m_removing.isEmpty())
        return false;
    const QString raw = m_removing;
    cancelRemoval();
    m_status->clear();
    const bool sent = m_feed->remove(raw);
    m_table->setFocus(Qt::OtherFocusReason);
    return sent;
}

void DeviceDialog::cancelRemoval()
{
    m_removing.clear();
    m_confirmText->clear();
    m_confirmBar->hide();
}

bool DeviceDialog::isAskingRemoval() const
{
    return !m_removing.isEmpty();
}

QString DeviceDialog::removalQuestion() const
{
    return isAskingRemoval() ? m_confirmText->text() : QString();
}

void DeviceDialog::setFilterText(const QString &text)
{
    m_filter->setText(text);
}

QString DeviceDialog::statusText() const
{
    return m_status->text();
}

bool DeviceDialog::isBusy() const
{
    return m_feed->isLoading() || m_feed->pendingCount() > 0;
}

void DeviceDialog::reject()
{
    if (isAskingRemoval()) {
        cancelRemoval();
        m_table->setFocus(Qt::OtherFocusReason);
        return;
    }
    QDialog::reject();
}

void DeviceDialog::updateActions()
{
    const int row = selectedRow();
    const bool saved = row >= 0 && m_model->stateAt(row) == DeviceTableModel::State::Saved;
    m_edit->setEnabled(saved);
    m_remove->setEnabled(saved);
}

void DeviceDialog::updateBusy()
{
    m_busy->setVisible(isBusy());
}

} // namespace threadline::ui
