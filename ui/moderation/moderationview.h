// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The moderators' page (docs/design.md "Who uses it"): the queue of reported and auto-flagged posts
// and comments, what was done about them, and the moderation log.
//   tabs:     Open | Closed | Log — each list loads when it is first shown; F5 reloads the one
//             that is visible; scrolling to the end loads the next page (the models' fetchMore)
//   queue:    one card per item (QueueCardDelegate, ui/queuecarddelegate.h): "Post by 张三" /
//             "Comment by 李四", Hidden and "Auto-flagged: “word”" badges, the time; the content
//             (3 lines, elided; "Deleted post" when gone); for a comment, its post (one muted
//             line); "2 reports · Spam · Abuse"; up to 3 reporters with their notes; the pending
//             mark (Queued… / Failed: why)
//   context:  beside the list (a splitter), the selected item in its place (ModerationContext,
//             painted by ContextPane, ui/contextpane.h): its post (author, the start of its
//             text); for a comment, its floor's root and up to 2 replies before and after it in
//             seq order, the reported one marked; for a root, its first replies; for a post, its
//             first comments. "author: text" a line, elided;
//             hidden ones greyed "Hidden by a moderator"; loading and failure in words
//   actions:  under the list, for the selected item: Hide…, Unhide…, Dismiss… each open one inline
//             reason line that names the action and its target ("Hide 李四's comment — reason:");
//             a hide's is prefilled with the item's reasons and required (the server wants one),
//             an unhide's and a dismissal's may stay empty; hiding a root or a post says that its
//             floor / its comments go with it. Return confirms, Esc cancels. Open post. Keys on
//             the list: H, U, D, Return (confirms the open reason line, else opens the post);
//             F5 anywhere in the page
//   log:      "管理员 hid post 42: spam" lines with their time; filters: action, moderator uid
//   devices:  "Device names…" beside Refresh asks for the device-name table (deviceNamesRequested)
//   status:   what went wrong (loading, an action) in words, a busy bar while a page loads; a
//             user who is no moderator (403) reads "Only moderators can see the moderation
//             queue." over empty lists
// Actions go through the outbox (models::ModerationQueueFeed): the card is marked at once and
// leaves the Open list when the server has taken the action.
#pragma once

#include "common/relativetime.h"
#include "moderation/moderationlogmodel.h"
#include "moderation/moderationqueuemodel.h"

#include <QPointer>
#include <QWidget>

#include <optional>

class QComboBox;
class QFrame;
class QLabel;
class QShortcut;
class QLineEdit;
class QSplitter;
class QListView;
class QProgressBar;
class QPushButton;
class QTabBar;
class QToolButton;
class QStackedWidget;

namespace threadline::models {
class Feeds;
class ModerationContext;
class TimeTicker;
} // namespace threadline::models

namespace threadline::ui {

class MessageBar;

class QueueCardDelegate;
class LogLineDelegate;
class ContextPane;

class ModerationView : public QWidget
{
    Q_OBJECT
public:
    enum class Tab {
        Open,   // the open queue items
        Closed, // handled ones (hidden, dismissed): where Unhide is
        Log,    // the moderation log
    };
    Q_ENUM(Tab)

    // What the reason line is open for.
    enum class Action {
        Hide,    // hide the target (a reason is required)
        Unhide,  // show the hidden target again (a reason is optional)
        Dismiss, // close the item without hiding (a reason is optional)
    };
    Q_ENUM(Action)

    // feeds: the queue's, the log's and the context's feeds; every action through its actions.
    explicit ModerationView(models::Feeds *feeds, QWidget *parent = nullptr);
    ~ModerationView() override;

    // The first load (of the visible tab; the others load when first shown).
    void start();
    // Loads the visible tab again from its first page.
    // F5 reloads the page (default on); off where a window's own F5 already does that.
    void setRefreshKeyEnabled(bool enabled);
    void refresh();

    [[nodiscard]] Tab currentTab() const;
    // Shows a tab; its list loads when it has not been loaded since start().
    void setCurrentTab(Tab tab);

    // The app-wide ticker that ages the time labels (none: they are fixed at paint time).
    void setTicker(models::TimeTicker *ticker, const models::RelativeTime &format);

    // Actions on the selected item of the visible queue list (no-ops when not possible).
    // Opens the inline reason line for the action on the selected item (H, U, D and the
    // buttons): labelled with the action and its target; a hide's prefilled with the item's
    // reasons.
    void askReason(Action action);
    void hideSelected() { askReason(Action::Hide); }
    // Hides at once with this reason (what the reason line's Hide does). False when nothing was
    // queued (no selection, an empty reason, a deleted or already hidden target).
    bool hideSelected(const QString &reason);
    // Unhides / dismisses at once (what the reason line does for U / D); the reason may be empty.
    bool unhideSelected(const QString &reason = {});
    bool dismissSelected(const QString &reason = {});
    // Emits postRequested for the selected item (Return, double-click).
    bool openSelectedPost();

    [[nodiscard]] models::ModerationQueueModel *queueModel(Tab tab) const; // Open or Closed
    [[nodiscard]] models::ModerationQueueFeed *queueFeed(Tab tab) const;
    [[nodiscard]] models::ModerationLogModel *logModel() const { return m_logModel; }
    [[nodiscard]] models::ModerationLogFeed *logFeed() const { return m_logFeed; }
    [[nodiscard]] QListView *listView(Tab tab) const;
    // What the card of a queue row shows at that width, line by line as painted (elided): the
    // title, the badges, the content lines, the comment's post, the reports line, the reporters,
    // the pending mark — each when present.
    [[nodiscard]] QStringList cardTexts(const QModelIndex &index, int width) const;
    // The selected item of the visible queue list (0: none).
    [[nodiscard]] qint64 selectedItemId() const;
    // What the status line says ("" when it is hidden).
    [[nodiscard]] QString statusText() const;
    // A page of the visible tab is loading (the busy bar shows).
    [[nodiscard]] bool isBusy() const;
    // The inline reason line (visible after H, U or D), its label, its note (what goes with a
    // hidden root or post), its confirming button.
    [[nodiscard]] QLineEdit *reasonEdit() const { return m_reasonEdit; }
    [[nodiscard]] QLabel *reasonLabel() const { return m_reasonLabel; }
    [[nodiscard]] QLabel *reasonNote() const { return m_reasonNote; }
    [[nodiscard]] QPushButton *reasonButton() const { return m_reasonOk; }
    [[nodiscard]] bool isAskingReason() const;
    // What the open reason line is for (none when it is closed).
    [[nodiscard]] std::optional<Action> reasonAction() const;
    // The selected item's context and the pane that shows it.
    [[nodiscard]] models::ModerationContext *context() const { return m_context; }
    [[nodiscard]] QWidget *contextPane() const;
    // The list and the context: side by side from kSideBySideWidth on, else one above the other.
    [[nodiscard]] QSplitter *splitter() const { return m_split; }
    static constexpr int kSideBySideWidth = 860;
    // What the context pane shows at its width, line by line as painted (elided).
    [[nodiscard]] QStringList contextTexts() const;
    // The log's filters.
    [[nodiscard]] QComboBox *actionFilter() const { return m_actionFilter; }
    [[nodiscard]] QLineEdit *moderatorFilter() const { return m_moderatorFilter; }
    [[nodiscard]] QPushButton *hideButton() const { return m_hide; }
    [[nodiscard]] QPushButton *unhideButton() const { return m_unhide; }
    [[nodiscard]] QPushButton *dismissButton() const { return m_dismiss; }
    [[nodiscard]] QPushButton *openButton() const { return m_openPost; }
    [[nodiscard]] QToolButton *deviceNamesButton() const { return m_deviceNames; }

Q_SIGNALS:
    // Open this post's thread (for a comment item: the post it is under).
    void postRequested(qint64 postId);
    // The same for a comment item, with the comment to show in its thread (emitted after
    // postRequested).
    void commentRequested(qint64 postId, qint64 commentId);
    // "Device names…" was clicked: open the device-name table (ui/devicedialog.h).
    void deviceNamesRequested();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;
    // The context goes beside the list on a wide page, under it on a narrow one.
    void resizeEvent(QResizeEvent *event) override;

private:
    struct Queue
    {
        models::ModerationQueueModel *model = nullptr;
        models::ModerationQueueFeed *feed = nullptr;
        QListView *list = nullptr;
        QueueCardDelegate *cards = nullptr;
        bool loaded = false; // asked for since start()
        bool forbidden = false;
    };

    void buildUi();
    void retranslate();
    void setUpQueue(Queue &q);
    [[nodiscard]] Queue *visibleQueue();
    [[nodiscard]] const Queue *visibleQueue() const;
    [[nodiscard]] QModelIndex selectedIndex() const;
    void loadTab(Tab tab);
    void onTabChanged(int index);
    void updateActions();
    void updateBusy();
    void updateEmptyTexts();
    // details: ApiError::details() of a failed request (status, request id), behind Details.
    void showStatus(const QString &message, const QString &details = {});
    void hideStatus();
    void updateContext();
    void updateReasonTexts();
    void confirmReason();
    void cancelReason();
    void applyLogFilters();
    [[nodiscard]] QString loadFailedText(Tab tab, const QString &message,
                                         const core::ApiError &error) const;

    Queue m_open;
    Queue m_closed;
    models::ModerationLogModel *m_logModel;
    models::ModerationLogFeed *m_logFeed;
    bool m_logLoaded = false;
    bool m_logForbidden = false;
    bool m_started = false;
    qint64 m_reasonItem = 0; // the item the reason line is for
    Action m_reasonAction = Action::Hide;
    models::ModerationContext *m_context = nullptr;
    LogLineDelegate *m_logLines;
    QPointer<models::TimeTicker> m_ticker;

    QTabBar *m_tabs = nullptr;
    QToolButton *m_refresh = nullptr;
    QToolButton *m_deviceNames = nullptr;
    QProgressBar *m_busy = nullptr;
    MessageBar *m_statusBar = nullptr;
    QShortcut *m_f5 = nullptr;
    QStackedWidget *m_stack = nullptr;
    QSplitter *m_split = nullptr;
    ContextPane *m_contextPane = nullptr;
    bool m_splitPlaced = false; // the splitter's first sizes are set
    // the queue pages' shared action bar and reason line
    QWidget *m_queueTools = nullptr;
    QFrame *m_reasonBar = nullptr;
    QLabel *m_reasonLabel = nullptr;
    QLineEdit *m_reasonEdit = nullptr;
    QLabel *m_reasonNote = nullptr;
    QPushButton *m_reasonOk = nullptr;
    QPushButton *m_reasonCancel = nullptr;
    QPushButton *m_hide = nullptr;
    QPushButton *m_unhide = nullptr;
    QPushButton *m_dismiss = nullptr;
    QPushButton *m_openPost = nullptr;
    // the log page
    QListView *m_logList = nullptr;
    QLabel *m_actionLabel = nullptr;
    QComboBox *m_actionFilter = nullptr;
    QLineEdit *m_moderatorFilter = nullptr;
};

} // namespace threadline::ui
