// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The moderators' page's context pane (ui/moderationview.h, "context"): paints what a
// models::ModerationContext holds — a heading, the post, then the floor (or a post's first
// comments) one "author: text" line each, the reported one bold on a tinted band with a
// "Reported" mark; a reported message alone under "Message on 张三's board" (it is in no post).
// Laid out again only when the context changes or the width does; a click retries a failed load.
// Its words are in ModerationView's translation context.
#pragma once

#include <QColor>
#include <QFont>
#include <QList>
#include <QRect>
#include <QStringList>
#include <QWidget>

namespace threadline::models {
class ModerationContext;
} // namespace threadline::models

namespace threadline::ui {

class ContextPane : public QWidget
{
public:
    ContextPane(models::ModerationContext *context, QWidget *parent);

    [[nodiscard]] QSize sizeHint() const override { return {460, 400}; }

    // What is painted at the current width, line by line (badges as lines of their own; the
    // lines a text was wrapped into joined again).
    [[nodiscard]] QStringList texts() const;

protected:
    void paintEvent(QPaintEvent *) override;

    void mouseReleaseEvent(QMouseEvent *event) override;

    void changeEvent(QEvent *event) override;

private:
    enum class Tone { Text, Muted, Warning, Accent };
    struct Piece
    {
        enum Kind { Text, Badge, Band, Rule } kind = Text;
        QRect rect;
        QString text;
        QFont font;
        Tone tone = Tone::Text;
        int group = 0; // the lines of one wrapped text share a number
    };
    struct Palette
    {
        QColor text, muted, warning, line, band, accent, onAccent, hiddenFill;
    };

    [[nodiscard]] Palette colours() const;

    // Lays the context out at the pane's width (cached until it changes).
    const QList<Piece> &pieces() const;

    [[nodiscard]] QList<Piece> layOut(int paneWidth) const;

    models::ModerationContext *m_context;
    mutable QList<Piece> m_pieces;
    mutable int m_laidOutWidth = -1;
    mutable QString m_laidOutFont;
};

} // namespace threadline::ui
