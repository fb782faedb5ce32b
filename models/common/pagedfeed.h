// SPDX-FileCopyrightText: 2026 The Threadline authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Loads a PagedListModel (pagedlistmodel.h) from the server: refresh() asks for the first page
// and puts it in the model; the model's fetchMore() asks for the page after its cursor; an answer
// that a refresh made stale is dropped; a failure is loadFailed() with the core::ApiError (the
// view says it in its words). Given a function that starts the request for a cursor and a
// decoder of the answer's body, a feed is a few lines:
//
//   class LogFeed : public PagedFeed<ModerationLogModel>
//   {
//       LogFeed(core::ApiClient *api, ModerationLogModel *model)
//           : PagedFeed(model, std::bind_front(&LogFeed::logPage, this),
//                       qOverload<const QByteArray &>(&core::decodeLogPage), 20)
//       // GET /moderation/log?limit=…&before=…: one small function builds the request
//       core::ApiReply *logPage(const std::optional<QString> &cursor, QObject *owner) const;
//   };
//   feed.refresh();   // the first page; a view scrolling down loads the following ones
//
// Q_OBJECT cannot be on a template: the signals and the requests live in PagedFeedBase, the
// decoding into the model's items in the thin typed PagedFeed<Model> on top.
#pragma once

#include "common/pagedlistmodel.h"
#include "net/apierror.h"
#include "wire/jsoncodec.h"
#include "wire/wiretypes.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>
#include <optional>
#include <utility>

namespace threadline::core {
class ApiReply;
class Cache;
struct SavedPage;
} // namespace threadline::core

namespace threadline::models {

class PagedFeedBase : public QObject
{
    Q_OBJECT
public:
    // Starts the request for the page after `cursor` (nullopt: the first page), owned by `owner`.
    using Request =
        std::function<core::ApiReply *(const std::optional<QString> &cursor, QObject *owner)>;
    static constexpr int kMaxPageSize = 50; // the server's maximum `limit`

    // Items per page (1–50).
    void setPageSize(int limit);
    [[nodiscard]] int pageSize() const { return m_limit; }

    // Loads the first page; what the model shows stays until the answer is there, and when it
    // fails. What is in flight is abandoned: its answer is never applied (but see
    // setMergesRefresh()).
    void refresh();
    // A page (the first or a further one) is on its way.
    [[nodiscard]] bool isLoading() const;
    [[nodiscard]] bool isRefreshing() const;

    // A saved copy for reading offline: each first page that arrives is kept in the cache under
    // key() (an empty key: nothing kept), and when a first page cannot be had for want of a
    // connection (offline, no answer, a 5xx or 429) while the model is empty, the saved copy
    // is put in the model — loaded(true, …) and savedCopyShown() — before loadFailed() says
    // why. Cursors in a saved copy are the server's: scrolling on asks the server.
    void setSavedCopy(core::Cache *cache, std::function<QString()> key);
    // When the rows shown are a saved copy: the time it was saved (ms since the epoch, UTC).
    [[nodiscard]] std::optional<qint64> savedCopyTime() const { return m_savedAt; }
    // A view's sentence for a failure: with a saved copy shown, that it is the copy saved at
    // its time and why it is not updated; otherwise `failure` as it is.
    [[nodiscard]] QString describeFailure(const QString &failure, const QString &why) const;

Q_SIGNALS:
    void loadingChanged(bool loading);
    // A page arrived and is in the model (first: it was the first page); `added`: its new rows.
    void loaded(bool first, int added);
    // A page could not be loaded (403, the server down, a malformed body); `message` is the
    // error's own words (ApiError::describe()). The model keeps what it showed. An abandoned
    // request is no failure.
    void loadFailed(const QString &message, const threadline::core::ApiError &error);
    // The rows shown are the copy saved at `savedAtMs` (setSavedCopy()); loadFailed() follows.
    void savedCopyShown(qint64 savedAtMs);

protected:
    PagedFeedBase(PagedListModelBase *model, Request request, int pageSize, QObject *parent);

    // After a further page failed, fetchMore() may ask again at once (the default: a later
    // scroll does), or — by hand — only after retryPage() (a Retry button): a view then never
    // asks again by itself.
    void setRetryByHand(bool byHand) { m_retryByHand = byHand; }
    // By hand: asks again for the page that failed (nothing when none did).
    void retryPage();
    // The first page is merged on top of what is shown (takeFirstPage()) instead of replacing
    // it: a refresh keeps a further page in flight, a further page may load during a refresh,
    // and a refresh while one is in flight is that one.
    void setMergesRefresh(bool merges) { m_merges = merges; }
    // Drops the further page in flight, if any (its answer is never applied); fetchMore() may
    // ask again.
    void abandonPage();

    // Decodes a 2xx body and puts its page in the model (`added`: the rows it added); the
    // decode error otherwise.
    virtual std::optional<core::ApiError> take(const QByteArray &body, bool first, int &added) = 0;
    // Whether the model shows nothing from the server (a saved copy may then be shown):
    // by default, whether it is empty.
    [[nodiscard]] virtual bool showsNothingFromServer() const;

private:
    void start(const std::optional<QString> &cursor);
    void onFinished(core::ApiReply *reply);
    void updateLoading();
    void onSavedCopy(quint64 request, const core::SavedPage &page);

    PagedListModelBase *m_list;
    Request m_request;
    int m_limit;
    QPointer<core::ApiReply> m_first; // the first page in flight
    QPointer<core::ApiReply> m_page;  // a further page in flight
    bool m_loading = false;
    bool m_retryByHand = false;
    bool m_held = false; // by hand: a further page failed, the model waits for retryPage()
    bool m_merges = false;
    core::Cache *m_cache = nullptr;
    std::function<QString()> m_savedKey;
    quint64 m_savedRequest = 0; // the saved copy being read, 0 when none
    QString m_savedRequestKey;  // … and its key
    core::ApiError m_savedFor;  // why it is read (said once it is shown)
    std::optional<qint64> m_savedAt;
};

template<class Model> class PagedFeed : public PagedFeedBase
{
public:
    using Item = typename Model::Item;
    // A page's items and its `next` from an answer's body, or what could not be read.
    using Decode = std::function<core::Result<core::CursorPage<Item>>(const QByteArray &body)>;

    PagedFeed(Model *model, Request request, Decode decode, int pageSize, QObject *parent = nullptr)
        : PagedFeedBase(model, std::move(request), pageSize, parent)
        , m_model(model)
        , m_decode(std::move(decode))
    {
    }

protected:
    [[nodiscard]] Model *model() const { return m_model; }

    // The first page: replaces the rows (the default: one reset). Returns the rows it added.
    virtual int takeFirstPage(const QList<Item> &items, const std::optional<QString> &next)
    {
        m_model->replaceAll(items, next);
        return m_model->rowCount();
    }

private:
    std::optional<core::ApiError> take(const QByteArray &body, bool first, int &added) override
    {
        auto page = m_decode(body);
        if (!page.ok())
            return core::ApiError::decode(page.error().toString());
        const core::CursorPage<Item> &p = page.value();
        if (first) {
            added = takeFirstPage(p.items, p.next);
        } else {
            const int before = m_model->rowCount();
            m_model->appendPage(p.items, p.next);
            added = m_model->rowCount() - before;
        }
        return std::nullopt;
    }

    Model *m_model;
    Decode m_decode;
};

} // namespace threadline::models
