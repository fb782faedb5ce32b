// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow's toolbar: one fixed row under the menus with what a user reaches for
// most — New post (Ctrl+N), Refresh (F5), the offline switch (checked while offline) and, on the
// right, the account button with its menu (My page, Sign out). Each is the menus' own QAction,
// so the toolbar and the menus cannot disagree. The icons are painted here from the palette (no
// image files, sharp at any device pixel ratio), each size when it is first shown, and again
// when the palette changes.
#include "window/mainwindow.h"

#include <QAction>
#include <QEvent>
#include <QHash>
#include <QIcon>
#include <QIconEngine>
#include <QMenu>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>
#include <QToolBar>
#include <QToolButton>
#include <QWidget>

#include <functional>

namespace threadline::ui {

namespace {

enum class Glyph { NewPost, Refresh, Offline, Account };

void drawGlyph(QPainter &p, Glyph glyph, const QColor &color, bool on)
{
    // drawn in a 16 × 16 box
    p.setRenderHint(QPainter::Antialiasing);
    QPen pen(color, 1.5, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    switch (glyph) {
    case Glyph::NewPost: { // a pencil over a line
        QPainterPath pencil;
        pencil.moveTo(3.5, 12.5);
        pencil.lineTo(4.2, 9.6);
        pencil.lineTo(11.2, 2.6);
        pencil.lineTo(13.4, 4.8);
        pencil.lineTo(6.4, 11.8);
        pencil.closeSubpath();
        p.drawPath(pencil);
        p.drawLine(QPointF(9.6, 4.2), QPointF(11.8, 6.4));
        p.drawLine(QPointF(8.5, 14.5), QPointF(14.5, 14.5));
        break;
    }
    case Glyph::Refresh: { // a circling arrow
        p.drawArc(QRectF(2.5, 2.5, 11, 11), 60 * 16, 270 * 16);
        QPainterPath head;
        head.moveTo(8.6, 0.8);
        head.lineTo(11.6, 3.4);
        head.lineTo(8.2, 5.4);
        p.drawPath(head);
        break;
    }
    case Glyph::Offline: { // a cloud; struck through while offline
        QPainterPath cloud;
        cloud.moveTo(4.5, 12.5);
        cloud.cubicTo(1.5, 12.5, 1.2, 8.4, 4.2, 8.0);
        cloud.cubicTo(4.6, 4.4, 9.6, 3.6, 10.8, 6.8);
        cloud.cubicTo(14.6, 6.6, 15.4, 12.5, 11.8, 12.5);
        cloud.closeSubpath();
        p.drawPath(cloud);
        if (on)
            p.drawLine(QPointF(2.0, 2.5), QPointF(14.0, 14.5));
        break;
    }
    case Glyph::Account: { // a head and shoulders
        p.drawEllipse(QRectF(5.0, 1.8, 6.0, 6.0));
        QPainterPath body;
        body.moveTo(2.2, 14.8);
        body.cubicTo(2.4, 10.2, 13.6, 10.2, 13.8, 14.8);
        p.drawPath(body);
        break;
    }
    }
}

// The glyph as an icon, painted when a size, mode and state is first asked for (a toolbar at
// 1× asks for one pixmap of each, at start for none of the disabled or 2× ones) and kept: the
// palette's colours (disabled: its disabled text) at any size, the Offline glyph struck
// through when checked (On).
class GlyphIconEngine : public QIconEngine
{
public:
    GlyphIconEngine(Glyph glyph, const QPalette &palette)
        : m_glyph(glyph)
        , m_normal(palette.color(QPalette::Active, QPalette::ButtonText))
        , m_disabled(palette.color(QPalette::Disabled, QPalette::ButtonText))
    {
    }

    void paint(QPainter *painter, const QRect &rect, QIcon::Mode mode, QIcon::State state) override
    {
        painter->save();
        painter->translate(rect.topLeft());
        painter->scale(rect.width() / 16.0, rect.height() / 16.0); // drawn in a 16 × 16 box
        drawGlyph(*painter, m_glyph, mode == QIcon::Disabled ? m_disabled : m_normal,
                  state == QIcon::On);
        painter->restore();
    }

    QPixmap pixmap(const QSize &size, QIcon::Mode mode, QIcon::State state) override
    {
        if (size.isEmpty())
            return {};
        const bool disabled = mode == QIcon::Disabled;
        const quint64 key = (quint64(size.width()) << 34) | (quint64(size.height()) << 2) |
                            (disabled ? 2u : 0u) | (state == QIcon::On ? 1u : 0u);
        if (const auto it = m_pixmaps.constFind(key); it != m_pixmaps.cend())
            return *it;
        QPixmap pixmap(size);
        pixmap.fill(Qt::transparent);
        QPainter p(&pixmap);
        paint(&p, QRect(QPoint(0, 0), size), mode, state);
        p.end();
        m_pixmaps.insert(key, pixmap);
        return pixmap;
    }

    QSize actualSize(const QSize &size, QIcon::Mode, QIcon::State) override { return size; }
    QIconEngine *clone() const override { return new GlyphIconEngine(*this); }
    QString key() const override { return QStringLiteral("threadline-glyph"); }

private:
    Glyph m_glyph;
    QColor m_normal, m_disabled;
    QHash<quint64, QPixmap> m_pixmaps;
};

QIcon glyphIcon(Glyph glyph, const QPalette &palette)
{
    return QIcon(new GlyphIconEngine(glyph, palette));
}

QString withShortcut(const QString &tip, const QAction *action)
{
    const QString keys = action->shortcut().toString(QKeySequence::NativeText);
    return keys.isEmpty() ? tip : MainWindow::tr("%1 (%2)").arg(tip, keys);
}

// The palette's glyphs again when it changes (a theme, light or dark).
class PaletteWatcher : public QObject
{
public:
    PaletteWatcher(QWidget *watched, std::function<void()> onChange)
        : QObject(watched)
        , m_onChange(std::move(onChange))
    {
        watched->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
            m_onChange();
        return QObject::eventFilter(watched, event);
    }

private:
    std::function<void()> m_onChange;
};

} // namespace

void MainWindow::buildToolBar()
{
    m_toolBar = new QToolBar(this);
    m_toolBar->setObjectName(QStringLiteral("mainToolBar"));
    m_toolBar->setMovable(false);
    m_toolBar->setFloatable(false);
    m_toolBar->setContextMenuPolicy(Qt::PreventContextMenu); // no "hide the toolbar" menu
    m_toolBar->toggleViewAction()->setVisible(false);
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toolBar->setIconSize(QSize(16, 16));
    addToolBar(Qt::TopToolBarArea, m_toolBar);

    m_toolBar->addAction(m_newPost);
    m_toolBar->addAction(m_refresh);
    m_toolBar->addAction(m_offline);
    auto *spacer = new QWidget(m_toolBar);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_toolBar->addWidget(spacer);

    // the account: who is signed in, a menu with their page and Sign out
    m_accountMenu = new QMenu(this);
    m_myPage = m_accountMenu->addAction(QString(), this, [this] { showPage(Page::Mine); });
    m_myPage->setObjectName(QStringLiteral("myPageAction"));
    m_accountMenu->addSeparator();
    m_accountMenu->addAction(m_signOut);
    m_accountButton = new QToolButton(m_toolBar);
    m_accountButton->setObjectName(QStringLiteral("accountButton"));
    m_accountButton->setMenu(m_accountMenu);
    m_accountButton->setPopupMode(QToolButton::InstantPopup);
    m_accountButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_accountButton->setAutoRaise(true);
    m_toolBar->addWidget(m_accountButton);

    m_newPost->setObjectName(QStringLiteral("newPostAction"));
    m_refresh->setObjectName(QStringLiteral("refreshAction"));
    m_offline->setObjectName(QStringLiteral("offlineAction"));
    m_signOut->setObjectName(QStringLiteral("signOutAction"));
    m_toolBar->widgetForAction(m_newPost)->setObjectName(QStringLiteral("newPostButton"));
    m_toolBar->widgetForAction(m_refresh)->setObjectName(QStringLiteral("refreshButton"));
    m_toolBar->widgetForAction(m_offline)->setObjectName(QStringLiteral("offlineButton"));
    connect(m_offline, &QAction::toggled, this, &MainWindow::retranslateToolBar);

    const auto paintIcons = [this] {
        const QPalette pal = m_toolBar->palette();
        m_newPost->setIcon(glyphIcon(Glyph::NewPost, pal));
        m_refresh->setIcon(glyphIcon(Glyph::Refresh, pal));
        m_offline->setIcon(glyphIcon(Glyph::Offline, pal));
        m_accountButton->setIcon(glyphIcon(Glyph::Account, pal));
    };
    paintIcons();
    new PaletteWatcher(m_toolBar, paintIcons);
}

void MainWindow::retranslateToolBar()
{
    const bool someone = m_started && m_me.brief.uid > 0;
    m_newPost->setIconText(tr("New post"));
    m_newPost->setToolTip(withShortcut(tr("Write a new post"), m_newPost));
    m_refresh->setIconText(tr("Refresh"));
    m_refresh->setToolTip(withShortcut(tr("Load the page again"), m_refresh));
    m_offline->setIconText(m_offline->isChecked() ? tr("Offline") : tr("Online"));
    m_offline->setToolTip(withShortcut(
        m_offline->isChecked() ? tr("Working offline: changes wait in the outbox. Click to go "
                                    "online")
                               : tr("Online. Click to work offline"),
        m_offline));
    for (QAction *a : {m_newPost, m_refresh, m_offline})
        if (QWidget *button = m_toolBar->widgetForAction(a))
            button->setAccessibleName(a->iconText());
    m_myPage->setText(tr("&My page"));
    m_myPage->setEnabled(someone);
    const QString who = someone ? m_me.brief.nickName : tr("Account");
    m_accountButton->setText(QString(who).replace(QLatin1Char('&'), QLatin1String("&&")));
    m_accountButton->setToolTip(
        someone ? tr("Signed in as %1: your page, sign out").arg(m_me.brief.nickName)
                : tr("Not signed in"));
    m_accountButton->setAccessibleName(tr("Account: %1").arg(who));
    m_toolBar->setWindowTitle(tr("Toolbar"));
}

} // namespace threadline::ui
