// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Every sentence the outbox says about an entry, in words the user reads: what the entry is
// called ("like on 王五's post", "reply to 李四's comment"), why it failed for good ("Your like
// on 王五's post could not be saved: the post was deleted"), why a new post's picture was refused
// at creation or by the server, and the replay report after an offline period.
//
// All of them are translated in the context the outbox has always used, threadline::core::Outbox
// (QCoreApplication::translate with that context, not Outbox::tr: this file needs nothing of
// the class), so the catalogues (translations/*.ts) hold them where they were. Nothing here
// decides anything: the queue (outbox.cpp), its sender (outboxsender.cpp) and the picture
// checks (outboxpictures.cpp) choose what to say, these functions say it.
#pragma once

#include "net/apierror.h"
#include "outbox/outboxstore.h"

#include <QString>
#include <QStringList>

namespace threadline::core::outboxphrases {

// The action as the end of "Your … could not be saved": "like on 王五's post", "unfollow of
// 王五", "new post my post"… The entry's description names the target; without one, "the post",
// "the comment", "this person" or "the reported content".
[[nodiscard]] QString actionPhrase(const OutboxEntry &entry);

// "Your <action> could not be saved: <reason>".
[[nodiscard]] QString sentence(const OutboxEntry &entry, const QString &reason);
// The sentence of a permanent failure: the action and why the server refused it (by status;
// a 404 names what was deleted).
[[nodiscard]] QString failureSentence(const OutboxEntry &entry, const ApiError &error);
// Why an entry that refers to this creation cannot be done: "the post (comment) it refers to
// could not be saved".
[[nodiscard]] QString dependencyReason(const OutboxEntry &creation);
// The same when the creation is gone and its reason unknown.
[[nodiscard]] QString unknownDependencyReason();

// --- A new post's pictures ---------------------------------------------------------------------
// Picture `index` of the entry's local pictures as the user counts them: 1-based, after the
// pictures that were already URLs.
[[nodiscard]] int pictureNumber(const OutboxEntry &entry, int index);
// "Your post could not be published: <reason>".
[[nodiscard]] QString publishSentence(const QString &reason);
// The server would not take picture `index` of the entry (413, 422, 403, …).
[[nodiscard]] QString pictureRefused(const OutboxEntry &entry, int index, const ApiError &error);
// The copy of picture `index` is gone from the media directory before its upload.
[[nodiscard]] QString pictureLost(const OutboxEntry &entry, int index);

// Why createPostWithPictures() refuses, before anything is queued ("Picture 1 (a.png) cannot be
// posted: …"); `number` is 1-based, `name` the file's name.
[[nodiscard]] QString tooManyPictures(int max);
[[nodiscard]] QString pictureMissing(int number, const QString &name);
[[nodiscard]] QString pictureUnreadable(int number, const QString &name, const QString &why);
[[nodiscard]] QString pictureTooLarge(int number, const QString &name);
[[nodiscard]] QString pictureNotAnImage(int number, const QString &name);

// --- After an offline period -------------------------------------------------------------------
// "12 changes saved; 2 could not be:" and each failure's sentence on a line of its own ("12
// changes saved." when none failed).
[[nodiscard]] QString replayReport(int saved, const QStringList &failures);

} // namespace threadline::core::outboxphrases
