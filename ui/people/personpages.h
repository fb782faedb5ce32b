// PersonPages: what a person's page shows below their header (Profile and My posts): a switch
// "Posts | Activity" (a tab bar, keyboard reachable) over their posts (the page's TimelineView)
// or their activity (an ActivityView on scope=user). The activity loads when its tab is first
// chosen; another person starts it over.
#pragma once

#include <QWidget>

class QStackedWidget;
class QTabBar;

namespace threadline::ui {

class ActivityView;

class PersonPages : public QWidget
{
    Q_OBJECT
public:
    // posts: the person's timeline view (reparented); activity: theirs (reparented).
    PersonPages(QWidget *posts, ActivityView *activity, QWidget *parent = nullptr);

    // Whose page it is: their activity from now on (loaded when shown).
    void setPerson(qint64 uid);
    // The Activity tab (true) or the Posts tab.
    void showActivity(bool activity);
    [[nodiscard]] bool isShowingActivity() const;

    [[nodiscard]] QTabBar *tabs() const { return m_tabs; }
    [[nodiscard]] ActivityView *activity() const { return m_activity; }
    [[nodiscard]] QWidget *posts() const { return m_posts; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    QTabBar *m_tabs;
    QStackedWidget *m_stack;
    QWidget *m_posts;
    ActivityView *m_activity;
};

} // namespace threadline::ui
