// For each kind of outbox entry, the request that carries it to the server: the entry's call
// from endpoints.h (method, path, body) with, for a keyed POST, the entry's own Idempotency-Key
// (kept across restarts), and whether its answer is a JSON object. A new post's pictures go
// first, each as POST /media with its own key and Content-Type (pictureUploadFor()).
#pragma once

#include "net/apiclient.h"
#include "outbox/outboxstore.h"

#include <QByteArray>
#include <QString>

namespace threadline::core {

struct OutboxRequest
{
    QByteArray method;
    QString path;
    QByteArray body;
    RequestOptions options; // a POST carries the Idempotency-Key; retry and timeout: the outbox's
};

// The request of an entry as it is now (a CreatePost's body lists the URLs of its uploaded
// pictures after the ones it was given; its local pictures are never sent).
[[nodiscard]] OutboxRequest requestFor(const OutboxEntry &entry);
// The upload of one picture of a new post: POST /media, the raw bytes, the picture's own
// Idempotency-Key and its type as the Content-Type.
[[nodiscard]] OutboxRequest pictureUploadFor(const OutboxEntry::LocalPicture &picture,
                                             const QByteArray &bytes);
// Does a successful answer for this kind carry a JSON object? (Not for the DELETEs: 204.)
[[nodiscard]] bool expectsBody(OutboxEntry::Kind kind);

} // namespace threadline::core
