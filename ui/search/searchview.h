// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// SearchView: the Search page (Ctrl+F). A field (Return searches), what to search — Posts,
// Comments, People: a tab bar —, a line saying where it searched (the server; offline, or with
// the server out of reach, what is saved on this computer) and what came of it, and the results:
// post cards (a TimelineView: a comment found shows as its post with the comment, the text
// searched for marked) or a list of people. Keys: Down from the field goes into the results,
// Up from their first row back to it; Return on a card opens its thread (at the comment found),
// on a person their page; Esc leaves the page (leaveRequested). Model/view throughout; the feed
// (models::SearchFeed) asks the server or the cache.
#pragma once

#include "search/searchfeed.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QStackedWidget;
class QTabBar;

namespace threadline::core {
class ImageCache;
}

namespace threadline::models {
class Feeds;
class SearchPeopleModel;
class TimelineModel;
} // namespace threadline::models

namespace threadline::ui {

class PlaceholderList;
class TimelineView;

class SearchView : public QWidget
{
    Q_OBJECT
public:
    using Kind = models::SearchFeed::Kind;

    // results: the model of the cards found (one of feeds->timelineModel()), which the caller
    // may own (the main window keeps it with its pages' models); null: the view makes its own.
    SearchView(models::Feeds *feeds, core::ImageCache *images,
               models::TimelineModel *results = nullptr, QWidget *parent = nullptr);

    // Puts the focus in the field, its text selected (Ctrl+F).
    void focusField();
    // Searches `text` for `kind` (the field and the tab follow).
    void search(const QString &text, Kind kind);
    // Searches the field's text for the tab's kind (Return in the field).
    void searchField();
    [[nodiscard]] Kind kind() const;

    [[nodiscard]] QLineEdit *field() const { return m_field; }
    [[nodiscard]] QTabBar *kinds() const { return m_kinds; }
    [[nodiscard]] QLabel *statusLine() const { return m_status; }
    [[nodiscard]] TimelineView *results() const { return m_results; }
    [[nodiscard]] PlaceholderList *people() const { return m_people; }
    [[nodiscard]] models::SearchFeed *feed() const { return m_feed; }
    [[nodiscard]] models::TimelineModel *resultsModel() const { return m_resultsModel; }
    [[nodiscard]] models::SearchPeopleModel *peopleModel() const { return m_peopleModel; }

Q_SIGNALS:
    // A card: its thread, at the comment found (0: the post itself).
    void openRequested(qint64 postId, qint64 commentId);
    // A person found, or a card's author.
    void personRequested(qint64 uid);
    // Esc: back to the page before.
    void leaveRequested();

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void retranslate();
    void updateTexts();
    void showKind();
    // Into the results, on their first row (Down from the field).
    void enterResults();
    void openCurrent();

    models::TimelineModel *m_resultsModel;
    models::SearchPeopleModel *m_peopleModel;
    models::SearchFeed *m_feed;
    QLineEdit *m_field;
    QTabBar *m_kinds;
    QLabel *m_status;
    QStackedWidget *m_stack;
    TimelineView *m_results;
    PlaceholderList *m_people;
};

} // namespace threadline::ui
