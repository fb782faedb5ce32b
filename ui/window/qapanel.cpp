// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/qapanel.h"

#include "faultcontrol.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace threadline::ui {

namespace {
QString percent(double rate)
{
    return QString::number(rate * 100, 'g', 3);
}
} // namespace

QString faultsStatusText(const core::FaultConfig &faults)
{
    const core::FaultConfig f = faults.normalized();
    if (!f.isActive())
        return {};
    QStringList parts;
    if (f.errorRate > 0)
        parts << QaPanel::tr("%1 % errors").arg(percent(f.errorRate));
    if (f.dropRate > 0)
        parts << QaPanel::tr("%1 % dropped").arg(percent(f.dropRate));
    if (f.latencyMs > 0)
        parts << QaPanel::tr("%1 ms latency").arg(f.latencyMs);
    return QaPanel::tr("Faults on: %1").arg(parts.join(QaPanel::tr(", ")));
}

QaPanel::QaPanel(models::FaultControl *faults, QWidget *parent)
    : QWidget(parent)
    , m_faults(faults && faults->isAvailable() ? faults : nullptr)
    , m_specLabel(new QLabel(this))
    , m_spec(new QLineEdit(this))
    , m_specError(new QLabel(this))
    , m_latencyLabel(new QLabel(this))
    , m_latency(new QSpinBox(this))
    , m_errorLabel(new QLabel(this))
    , m_error(new QDoubleSpinBox(this))
    , m_dropLabel(new QLabel(this))
    , m_drop(new QDoubleSpinBox(this))
    , m_offline(new QCheckBox(this))
    , m_none(new QPushButton(this))
{
    setObjectName(QStringLiteral("qaPanel"));
    m_spec->setObjectName(QStringLiteral("faultSpec"));
    m_spec->setClearButtonEnabled(true);
    m_specError->setObjectName(QStringLiteral("faultSpecError"));
    m_specError->setTextFormat(Qt::PlainText);
    m_specError->setWordWrap(true);
    m_specError->hide();
    m_latency->setObjectName(QStringLiteral("latencyMs"));
    m_latency->setRange(0, 60000);
    m_latency->setSingleStep(100);
    m_latency->setSuffix(QStringLiteral(" ms"));
    for (QDoubleSpinBox *box : {m_error, m_drop}) {
        box->setRange(0, 1);
        box->setSingleStep(0.05);
        box->setDecimals(2);
    }
    m_error->setObjectName(QStringLiteral("errorRate"));
    m_drop->setObjectName(QStringLiteral("dropRate"));
    m_offline->setObjectName(QStringLiteral("offlineSwitch"));
    m_none->setObjectName(QStringLiteral("noFaults"));
    for (QLabel *label : {m_specLabel, m_latencyLabel, m_errorLabel, m_dropLabel})
        label->setTextFormat(Qt::PlainText);
    m_specLabel->setBuddy(m_spec);
    m_latencyLabel->setBuddy(m_latency);
    m_errorLabel->setBuddy(m_error);
    m_dropLabel->setBuddy(m_drop);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    auto *form = new QFormLayout;
    form->addRow(m_specLabel, m_spec);
    form->addRow(QString(), m_specError);
    form->addRow(m_latencyLabel, m_latency);
    form->addRow(m_errorLabel, m_error);
    form->addRow(m_dropLabel, m_drop);
    layout->addLayout(form);
    layout->addWidget(m_offline);
    layout->addWidget(m_none, 0, Qt::AlignLeft);
    layout->addStretch(1);

    connect(m_spec, &QLineEdit::editingFinished, this, [this] { applySpec(m_spec->text()); });
    connect(m_latency, &QSpinBox::valueChanged, this, &QaPanel::applyBoxes);
    connect(m_error, &QDoubleSpinBox::valueChanged, this, &QaPanel::applyBoxes);
    connect(m_drop, &QDoubleSpinBox::valueChanged, this, &QaPanel::applyBoxes);
    connect(m_none, &QPushButton::clicked, this, [this] { apply(core::FaultConfig()); });
    connect(m_offline, &QCheckBox::toggled, this, [this](bool on) {
        if (m_faults && !m_showing && m_faults->isOffline() != on)
            m_faults->setOffline(on);
    });
    if (m_faults) {
        connect(m_faults, &models::FaultControl::faultConfigChanged, this, &QaPanel::showFaults);
        connect(m_faults, &models::FaultControl::offlineChanged, this, [this](bool offline) {
            m_showing = true;
            m_offline->setChecked(offline);
            m_showing = false;
        });
        showFaults(m_faults->faultConfig());
        m_offline->setChecked(m_faults->isOffline());
    }
    retranslate();
}

void QaPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void QaPanel::retranslate()
{
    m_specLabel->setText(tr("Fa&ults:"));
    m_spec->setPlaceholderText(tr("latency=300,error=0.1,drop=0.05 or off"));
    m_spec->setToolTip(tr("The same as the --faults option; Return applies it"));
    m_latencyLabel->setText(tr("&Latency:"));
    m_errorLabel->setText(tr("&Errors (503):"));
    m_error->setToolTip(tr("The share of requests answered with a server error, 0 to 1"));
    m_dropLabel->setText(tr("Drop&ped answers:"));
    m_drop->setToolTip(tr("The share of requests whose answer is lost after the server acted, "
                          "0 to 1"));
    m_offline->setText(tr("&Offline: no request leaves the program"));
    m_none->setText(tr("&No faults"));
    if (m_specError->isVisible())
        m_specError->setText(
            tr("Write latency=MS,error=RATE,drop=RATE with rates from 0 to 1, or off"));
}

bool QaPanel::applySpec(const QString &spec)
{
    const std::optional<core::FaultConfig> faults = core::FaultConfig::parse(spec.trimmed());
    if (!faults) {
        m_specError->setText(
            tr("Write latency=MS,error=RATE,drop=RATE with rates from 0 to 1, or off"));
        m_specError->show();
        return false;
    }
    m_specError->hide();
    apply(*faults);
    showFaults(m_faults ? m_faults->faultConfig() : *faults);
    return true;
}

void QaPanel::applyBoxes()
{
    if (m_showing)
        return;
    core::FaultConfig f;
    f.latencyMs = m_latency->value();
    f.errorRate = m_error->value();
    f.dropRate = m_drop->value();
    apply(f);
}

void QaPanel::apply(const core::FaultConfig &faults)
{
    if (m_faults)
        m_faults->setFaultConfig(faults);
}

void QaPanel::showFaults(const core::FaultConfig &faults)
{
    m_showing = true;
    m_latency->setValue(faults.latencyMs);
    m_error->setValue(faults.errorRate);
    m_drop->setValue(faults.dropRate);
    m_spec->setText(faults.isActive() ? faults.toString() : QString());
    m_spec->setCursorPosition(0); // the start of the spec in view
    m_specError->hide();
    m_showing = false;
}

} // namespace threadline::ui
