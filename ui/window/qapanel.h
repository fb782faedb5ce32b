// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The QA panel ("Faults while running"): the faults of core/net/faultinjection.h set while
// the app runs — added latency (ms), the share of requests answered with a synthetic 503 and
// the share whose answer is dropped (0–1) — and the offline switch. The faults can also be typed
// in the grammar of the --faults option ("latency=300,error=0.1,drop=0.05", "off"). A change
// applies to the next request (through models::FaultControl). The main window shows it in a dock
// (--qa, or View → QA panel, Ctrl+Shift+F) and, while faults are on, says so in its status bar
// (faultsStatusText()).
//
// Object names for tests: "faultSpec", "latencyMs", "errorRate", "dropRate", "offlineSwitch",
// "noFaults", "faultSpecError".
#pragma once

#include "net/faultinjection.h"

#include <QWidget>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace threadline::models {
class FaultControl;
}

namespace threadline::ui {

// "Faults on: 30 % errors, 5 % dropped, 300 ms latency", or "" when no fault is on.
[[nodiscard]] QString faultsStatusText(const core::FaultConfig &faults);

class QaPanel : public QWidget
{
    Q_OBJECT
public:
    explicit QaPanel(models::FaultControl *faults, QWidget *parent = nullptr);

    [[nodiscard]] QLineEdit *specEdit() const { return m_spec; }
    [[nodiscard]] QSpinBox *latencyBox() const { return m_latency; }
    [[nodiscard]] QDoubleSpinBox *errorBox() const { return m_error; }
    [[nodiscard]] QDoubleSpinBox *dropBox() const { return m_drop; }
    [[nodiscard]] QCheckBox *offlineBox() const { return m_offline; }

    // Applies a spec in the --faults grammar; false (and a hint under the field) when malformed.
    bool applySpec(const QString &spec);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void applyBoxes();                                // the spin boxes → the client
    void showFaults(const core::FaultConfig &faults); // the client → the fields
    void apply(const core::FaultConfig &faults);

    models::FaultControl *m_faults;
    QLabel *m_specLabel;
    QLineEdit *m_spec;
    QLabel *m_specError;
    QLabel *m_latencyLabel;
    QSpinBox *m_latency;
    QLabel *m_errorLabel;
    QDoubleSpinBox *m_error;
    QLabel *m_dropLabel;
    QDoubleSpinBox *m_drop;
    QCheckBox *m_offline;
    QPushButton *m_none;
    bool m_showing = false;
};

} // namespace threadline::ui
