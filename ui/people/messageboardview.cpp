// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// MessageBoardView (messageboardview.h): a person's board of messages.
#include "people/messageboardview.h"

#include "actions.h"
#include "common/palettecolors.h"
#include "common/textmetrics.h"
#include "feeds.h"
#include "people/messageboardmodel.h"
#include "wire/usertext.h"

#include <QDateTime>
#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QListView>
#include <QMenu>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QVBoxLayout>

namespace threadline::ui {

using models::MessageBoardModel;

namespace {
constexpr int kPad = 10;
constexpr int kGap = 4;
} // namespace

// A row: the author in bold and when, the message wrapped below, then its likes and its state
// (on its way, refused, hidden by a moderator). Plain text only; nothing allocated per paint
// but the strings.
class MessageBoardDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    models::RelativeTime relativeTime;

    static QString footer(const QModelIndex &index)
    {
        const qint64 likes = index.data(MessageBoardModel::LikeCountRole).toLongLong();
        QString text = index.data(MessageBoardModel::LikedRole).toBool()
                           ? MessageBoardView::tr("♥ %1 (you like it)").arg(likes)
                           : MessageBoardView::tr("♡ %1").arg(likes);
        if (index.data(MessageBoardModel::FailedRole).toBool())
            text += QStringLiteral(" · ") + MessageBoardView::tr("not saved (see the outbox)");
        else if (index.data(MessageBoardModel::PendingRole).toBool())
            text += QStringLiteral(" · ") + MessageBoardView::tr("sending…");
        if (index.data(MessageBoardModel::HiddenRole).toBool()) {
            const QString why = index.data(MessageBoardModel::ModerationReasonRole).toString();
            text +=
                QStringLiteral(" · ") +
                (why.isEmpty()
                     ? MessageBoardView::tr("Hidden by a moderator")
                     : MessageBoardView::tr("Hidden by a moderator: %1").arg(core::shownText(why)));
        }
        return text;
    }

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        const int width = std::max(100, option.rect.width() - 2 * kPad);
        const QFontMetrics fm(option.font);
        const QRect text =
            fm.boundingRect(QRect(0, 0, width, 100000), Qt::TextWordWrap | Qt::TextWrapAnywhere,
                            core::shownText(index.data(MessageBoardModel::ContentRole).toString()));
        return {option.rect.width(),
                kPad + fm.height() + kGap + text.height() + kGap + fm.height() + kPad};
    }

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override
    {
        QStyleOptionViewItem opt = option;
        initStyleOption(&opt, index);
        opt.text.clear();
        const QWidget *widget = opt.widget;
        QStyle *style = widget ? widget->style() : nullptr;
        if (style)
            style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
        painter->save();
        const bool selected = opt.state & QStyle::State_Selected;
        const QPalette::ColorGroup group = colorGroup(opt);
        const QColor text =
            opt.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Text);
        const QColor dim =
            selected ? text : blend(text, opt.palette.color(group, QPalette::Base), 0.6);
        const QRect r = opt.rect.adjusted(kPad, kPad, -kPad, -kPad);
        const QFontMetrics fm(opt.font);
        const bool faded = index.data(MessageBoardModel::HiddenRole).toBool() ||
                           index.data(MessageBoardModel::PendingRole).toBool();
        // the author and when
        QFont bold = boldFont(opt.font);
        painter->setFont(bold);
        painter->setPen(text);
        const QString name =
            core::shownText(index.data(MessageBoardModel::AuthorNameRole).toString());
        const QString when =
            relativeTime.format(index.data(MessageBoardModel::CreatedTimeRole).toLongLong(),
                                QDateTime::currentMSecsSinceEpoch());
        const int whenWidth = fm.horizontalAdvance(when);
        const QFontMetrics bfm(bold);
        painter->drawText(QRect(r.left(), r.top(), r.width() - whenWidth - kPad, fm.height()),
                          Qt::AlignLeft | Qt::AlignVCenter,
                          bfm.elidedText(name, Qt::ElideRight, r.width() - whenWidth - kPad));
        painter->setFont(opt.font);
        painter->setPen(dim);
        painter->drawText(QRect(r.right() - whenWidth, r.top(), whenWidth, fm.height()),
                          Qt::AlignRight | Qt::AlignVCenter, when);
        // the message
        painter->setPen(faded ? dim : text);
        const QString content =
            core::shownText(index.data(MessageBoardModel::ContentRole).toString());
        const QRect body =
            fm.boundingRect(QRect(r.left(), r.top() + fm.height() + kGap, r.width(), 100000),
                            Qt::TextWordWrap | Qt::TextWrapAnywhere, content);
        painter->drawText(body, Qt::TextWordWrap | Qt::TextWrapAnywhere, content);
        // its likes and state
        painter->setPen(
            index.data(MessageBoardModel::LikedRole).toBool()
                ? opt.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Link)
                : dim);
        painter->drawText(QRect(r.left(), body.bottom() + kGap, r.width(), fm.height()),
                          Qt::AlignLeft | Qt::AlignVCenter,
                          fm.elidedText(footer(index), Qt::ElideRight, r.width()));
        painter->restore();
    }
};

MessageBoardView::MessageBoardView(models::Feeds *feeds, QWidget *parent)
    : QWidget(parent)
    , m_model(feeds->messageBoardModel(this))
    , m_feed(feeds->messageBoard(m_model, this))
    , m_actions(feeds->actions())
    , m_delegate(new MessageBoardDelegate(this))
    , m_editor(new QPlainTextEdit(this))
    , m_send(new QPushButton(this))
    , m_count(new QLabel(this))
    , m_list(new QListView(this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("messageBoard"));
    m_editor->setObjectName(QStringLiteral("messageEditor"));
    m_editor->setTabChangesFocus(true);
    m_editor->setMaximumHeight(72);
    m_editor->installEventFilter(this);
    m_send->setObjectName(QStringLiteral("leaveMessage"));
    m_send->setAutoDefault(false);
    m_count->setTextFormat(Qt::PlainText);
    m_list->setObjectName(QStringLiteral("messages"));
    m_list->setModel(m_model);
    m_list->setItemDelegate(m_delegate);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_list->setWordWrap(true);
    m_list->setContextMenuPolicy(Qt::CustomContextMenu);
    m_list->installEventFilter(this);
    m_status->setObjectName(QStringLiteral("boardStatus"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);

    auto *compose = new QHBoxLayout;
    compose->addWidget(m_editor, 1);
    auto *side = new QVBoxLayout;
    side->addWidget(m_send);
    side->addWidget(m_count);
    side->addStretch(1);
    compose->addLayout(side);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 0);
    layout->addLayout(compose);
    layout->addWidget(m_status);
    layout->addWidget(m_list, 1);

    connect(m_send, &QPushButton::clicked, this, &MessageBoardView::send);
    connect(m_editor, &QPlainTextEdit::textChanged, this, &MessageBoardView::updateState);
    connect(m_list, &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        const QModelIndex index = m_list->indexAt(pos);
        if (index.isValid())
            openMenu(index.row(), m_list->viewport()->mapToGlobal(pos));
    });
    connect(m_feed, &models::MessageBoardFeed::loadingChanged, this, [this](bool loading) {
        if (loading)
            m_error.clear();
        updateState();
    });
    connect(m_feed, &models::MessageBoardFeed::loaded, this, [this] { updateState(); });
    connect(m_feed, &models::MessageBoardFeed::loadFailed, this, [this](const QString &message) {
        m_error = m_feed->describeFailure(tr("The messages could not be loaded: %1").arg(message),
                                          message);
        updateState();
    });
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_model, signal, this, &MessageBoardView::updateState);
    connect(m_model, &QAbstractItemModel::modelReset, this, &MessageBoardView::updateState);
    retranslate();
}

MessageBoardView::~MessageBoardView() = default;

void MessageBoardView::setMe(const core::UserBrief &me, bool moderator)
{
    m_me = me;
    m_moderator = moderator;
    m_model->setMe(me);
}

void MessageBoardView::showBoard(qint64 uid, const QString &name)
{
    m_boardName = name;
    m_board = uid;
    m_error.clear();
    m_feed->setBoard(uid); // read again each time it is shown
    retranslate();
}

void MessageBoardView::reload()
{
    m_feed->reload();
}

void MessageBoardView::setTimeZone(models::RelativeTime::Zone zone)
{
    m_delegate->relativeTime.setZone(zone);
    m_list->viewport()->update();
}

QString MessageBoardView::authorAt(int row) const
{
    return m_model->index(row).data(MessageBoardModel::AuthorNameRole).toString();
}

bool MessageBoardView::mayDelete(int row) const
{
    const QModelIndex index = m_model->index(row);
    if (!index.isValid() || index.data(MessageBoardModel::IdRole).toLongLong() <= 0)
        return false;
    return m_moderator || m_board == m_me.uid ||
           index.data(MessageBoardModel::AuthorIdRole).toLongLong() == m_me.uid;
}

void MessageBoardView::send()
{
    const QString text = m_editor->toPlainText().trimmed();
    if (text.isEmpty() || text.toUcs4().size() > kMaxLength || !m_actions || m_board <= 0)
        return;
    m_actions->leaveMessage(m_board, m_boardName, text);
    m_editor->clear();
}

void MessageBoardView::toggleLike(int row)
{
    const QModelIndex index = m_model->index(row);
    const qint64 id = index.data(MessageBoardModel::IdRole).toLongLong();
    if (!index.isValid() || id <= 0 || !m_actions)
        return;
    const bool liked = !index.data(MessageBoardModel::LikedRole).toBool();
    m_model->showLiked(id, liked);
    m_actions->likeMessage(id, liked, authorAt(row));
}

void MessageBoardView::deleteMessage(int row)
{
    if (!mayDelete(row) || !m_actions)
        return;
    const qint64 id = m_model->index(row).data(MessageBoardModel::IdRole).toLongLong();
    if (!m_items.confirmDelete(tr("Delete message"), tr("Delete this message?"),
                               tr("It leaves the board for everyone.")))
        return;
    m_model->showRemoved(id);
    m_actions->deleteMessage(id, authorAt(row));
}

void MessageBoardView::report(int row)
{
    const qint64 id = m_model->index(row).data(MessageBoardModel::IdRole).toLongLong();
    if (id <= 0 || !m_actions)
        return;
    const QString what = tr("%1's message").arg(core::shownName(authorAt(row)));
    if (const auto choice = m_items.askReport(what))
        m_actions->reportMessage(id, choice->reason, choice->note, authorAt(row));
}

void MessageBoardView::moderate(int row)
{
    const QModelIndex index = m_model->index(row);
    const qint64 id = index.data(MessageBoardModel::IdRole).toLongLong();
    if (!m_moderator || id <= 0 || !m_actions)
        return;
    const bool hide = !index.data(MessageBoardModel::HiddenRole).toBool();
    const QString what = tr("%1's message").arg(core::shownName(authorAt(row)));
    const auto reason =
        m_items.askModeration(what, hide, tr("Only moderators see a hidden message."));
    if (!reason)
        return;
    if (m_actions->moderateMessage(id, hide, *reason, authorAt(row)) != 0)
        m_model->showHidden(id, hide, *reason);
}

void MessageBoardView::openMenu(int row, QPoint globalPos)
{
    const QModelIndex index = m_model->index(row);
    m_items.runMenu(m_list, index, globalPos, 40, [this, row, index] {
        auto *menu = new QMenu(this);
        const bool mine = index.data(MessageBoardModel::IdRole).toLongLong() > 0;
        QAction *like = menu->addAction(
            index.data(MessageBoardModel::LikedRole).toBool() ? tr("Unlike (L)") : tr("Like (L)"));
        like->setEnabled(mine);
        connect(like, &QAction::triggered, this, [this, row] { toggleLike(row); });
        if (mayDelete(row))
            connect(menu->addAction(tr("Delete…")), &QAction::triggered, this,
                    [this, row] { deleteMessage(row); });
        QAction *rep = menu->addAction(tr("Report…"));
        rep->setEnabled(mine);
        connect(rep, &QAction::triggered, this, [this, row] { report(row); });
        if (m_moderator && mine) {
            QAction *mod = ItemActions::addModerationEntry(
                menu, index.data(MessageBoardModel::HiddenRole).toBool(), QStringLiteral("Message"),
                tr("Hide…"), tr("Unhide…"));
            connect(mod, &QAction::triggered, this, [this, row] { moderate(row); });
        }
        return menu;
    });
}

bool MessageBoardView::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::KeyPress)
        return QWidget::eventFilter(watched, event);
    auto *key = static_cast<QKeyEvent *>(event);
    if (watched == m_editor) {
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) &&
            key->modifiers().testFlag(Qt::ControlModifier)) {
            send();
            return true;
        }
        return QWidget::eventFilter(watched, event);
    }
    if (watched != m_list)
        return QWidget::eventFilter(watched, event);
    const int row = m_list->currentIndex().isValid() ? m_list->currentIndex().row() : -1;
    if (key->key() == Qt::Key_F5) {
        reload();
        return true;
    }
    if (row < 0)
        return QWidget::eventFilter(watched, event);
    if (key->key() == Qt::Key_L && key->modifiers() == Qt::NoModifier) {
        toggleLike(row);
        return true;
    }
    switch (ItemActions::keyOf(key)) {
    case ItemActions::Key::Delete:
        deleteMessage(row);
        return true;
    case ItemActions::Key::Menu:
        openMenu(row, {});
        return true;
    case ItemActions::Key::Copy:
        ItemActions::copyText(m_model->index(row).data(MessageBoardModel::ContentRole).toString());
        return true;
    case ItemActions::Key::None:
        break;
    }
    return QWidget::eventFilter(watched, event);
}

QString MessageBoardView::statusText() const
{
    return m_status->isHidden() ? QString() : m_status->text();
}

void MessageBoardView::updateState()
{
    const int length = int(m_editor->toPlainText().trimmed().toUcs4().size());
    m_send->setEnabled(length > 0 && length <= kMaxLength && m_board > 0 && m_actions);
    m_count->setText(length > kMaxLength ? tr("%1 too many").arg(length - kMaxLength)
                                         : QStringLiteral("%1 / %2").arg(length).arg(kMaxLength));
    QString status;
    if (!m_error.isEmpty())
        status = m_error;
    else if (m_feed->isLoading() && m_model->rowCount() == 0)
        status = tr("Loading…");
    else if (m_model->rowCount() == 0 && m_board > 0)
        status = tr("No messages yet. Be the first to leave one.");
    m_status->setText(status);
    m_status->setStyleSheet(m_error.isEmpty() ? QString() : warningStyleSheet(palette()));
    m_status->setVisible(!status.isEmpty());
}

void MessageBoardView::retranslate()
{
    m_send->setText(tr("Leave a message"));
    m_send->setToolTip(tr("Leave the message (Ctrl+Return)"));
    m_editor->setPlaceholderText(
        m_board == m_me.uid && m_board > 0
            ? tr("Write on your own board…")
            : tr("Leave a message for %1…").arg(core::shownName(m_boardName)));
    m_list->setAccessibleName(tr("Messages"));
    m_editor->setAccessibleName(tr("Your message"));
    updateState();
}

void MessageBoardView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace threadline::ui
