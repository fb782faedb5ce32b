// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Checks of an HTTP answer (testserver.h's HttpResult) in a Qt Test function, with the answer
// described when they fail: CHECK_STATUS(r, 201); CHECK_ERROR(r, 404, "not_found") (the status,
// a JSON body and its error code).
#pragma once

#include "testserver.h"

#include <QTest>

#define CHECK_STATUS(result, expected)                                                             \
    do {                                                                                           \
        const threadline::test::HttpResult &r_ = (result);                                         \
        QVERIFY2(r_.status == (expected),                                                          \
                 ("expected " + QByteArray::number(expected) + ": " + r_.describe()).constData()); \
    } while (false)

#define CHECK_ERROR(result, expected, code)                                                        \
    do {                                                                                           \
        const threadline::test::HttpResult &e_ = (result);                                         \
        CHECK_STATUS(e_, expected);                                                                \
        QVERIFY2(e_.header("Content-Type").startsWith("application/json"), e_.describe());         \
        QCOMPARE(e_.errorCode(), QStringLiteral(code));                                            \
    } while (false)
