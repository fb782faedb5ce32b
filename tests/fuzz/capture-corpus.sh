#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Captures the fuzz seed corpus of fuzz_jsoncodec and fuzz_import from a real threadline-server
# (--demo world, fresh SQLite database, loopback) plus the contract's fixtures. Run it when the
# contract changes; the files it writes are committed. Each jsoncodec seed is one selector byte
# (which decoder: see fuzz_jsoncodec.cpp) followed by the answer's body exactly as served.
#   SERVER   the server binary (default: build/server/threadline-server)
#   tests/fuzz/capture-corpus.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
server=${SERVER:-build/server/threadline-server}
out_json=tests/fuzz/corpus/jsoncodec
out_import=tests/fuzz/corpus/import
work=$(mktemp -d "${TMPDIR:-/tmp}/tl-capture.XXXXXX")
pid=
cleanup() {
    [[ -n $pid ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

"$server" --listen 127.0.0.1:0 --db "sqlite:$work/db.sqlite" --demo --media-dir "$work/media" \
    --rate-limits off >"$work/stdout" 2>"$work/stderr" &
pid=$!
for _ in $(seq 1 200); do
    grep -q '^listening on ' "$work/stdout" 2>/dev/null && break
    kill -0 "$pid" 2>/dev/null || { cat "$work/stderr" >&2; exit 1; }
    sleep 0.1 # polling for the port line, at most 20 s
done
base=$(sed -n 's/^listening on //p' "$work/stdout" | head -1)/api/v1
[[ -n $base ]] || { echo "the server did not start" >&2; exit 1; }

login() {
    curl -sS -X POST -H 'Content-Type: application/json' \
        -d "{\"username\":\"$1\",\"password\":\"demo\"}" "$base/auth/login"
}
user_login=$(login zhangsan)
token=$(jq -r .token <<<"$user_login")
mod_login=$(login moderator)
mod_token=$(jq -r .token <<<"$mod_login")

# save SELECTOR NAME BODY: one seed
save() { printf '%s%s' "$1" "$3" >"$out_json/$2"; }
# get SELECTOR NAME PATH [TOKEN] [METHOD] [BODY]
get() {
    local sel=$1 name=$2 path=$3 tok=${4:-$token} method=${5:-GET} body=${6:-}
    local args=(-sS -X "$method" -H "Authorization: Bearer $tok")
    [[ -n $body ]] && args+=(-H 'Content-Type: application/json' -d "$body")
    save "$sel" "$name" "$(curl "${args[@]}" "$base$path")"
}

save l login-user.json "$user_login"
save l login-moderator.json "$mod_login"
save e error-bad-login.json "$(curl -sS -X POST -H 'Content-Type: application/json' \
    -d '{"username":"zhangsan","password":"x"}' "$base/auth/login")"
get h health.json /health
get u me.json /me
get u me-moderator.json /me "$mod_token"
get u user-10003.json /users/10003
get u user-10005.json /users/10005
get p post-90012.json '/posts/90012?comments=5'
get p post-90012-moderator.json '/posts/90012?comments=5' "$mod_token"
get T timeline-all.json '/timeline?scope=all&limit=5'
timeline=$(curl -sS -H "Authorization: Bearer $token" "$base/timeline?scope=all&limit=5")
next=$(jq -r .next <<<"$timeline")
get T timeline-all-page2.json "/timeline?scope=all&limit=3&before=$next"
get T timeline-following.json '/timeline?scope=following&limit=4'
get T timeline-user.json '/timeline?scope=user&uid=10003&limit=4'
get T hot-day.json '/hot?window=day&limit=3'
get T hot-week-views.json '/hot?window=week&by=views&limit=3'
get e error-scope.json '/timeline?scope=nobody'
get e error-404.json '/posts/999999999'
get e error-401.json /me nobody
get F floors-90012.json '/posts/90012/comments?limit=5&replies=3'
get F floors-90012-best.json '/posts/90012/comments?limit=3&order=best'
# the busy post: the one with the most comments on the first timeline pages
busy=$(curl -sS -H "Authorization: Bearer $token" "$base/timeline?scope=all&limit=50" |
    jq '[.items[]] | max_by(.commentCount) | .id')
get F floors-busy.json "/posts/$busy/comments?limit=4&replies=5"
root=$(curl -sS -H "Authorization: Bearer $token" "$base/posts/$busy/comments?limit=1" |
    jq '.roots[0].id')
get R replies-busy.json "/comments/$root/replies?limit=6"
get R replies-busy-after.json "/comments/$root/replies?after=3&limit=3"
get L likes-90012.json '/posts/90012/likes?limit=5'
get A activity.json '/activity?limit=6'
get D devices.json /devices
get S sync-start.json /sync
cursor=$(curl -sS -H "Authorization: Bearer $token" "$base/sync" | jq -r .next)
# changes for the sync log: a comment, a reply, likes, a follow, a report, a hide
comment=$(curl -sS -X POST -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -d '{"content":"fuzz seed 评论 😀"}' "$base/posts/90012/comments")
save c comment-created.json "$comment"
cid=$(jq .id <<<"$comment")
get c reply-created.json /posts/90012/comments "$token" POST "{\"content\":\"回复\",\"parentId\":$cid}"
get k like-put.json /posts/90012/like "$token" PUT
get k like-delete.json /posts/90012/like "$token" DELETE
get K comment-like.json "/comments/$cid/like" "$token" PUT
get K comment-oppose.json "/comments/$cid/oppose" "$mod_token" PUT
get f follow.json /users/10003/follow "$token" PUT
get e error-follow-self.json /users/10001/follow "$token" PUT
get e error-parent.json /posts/90012/comments "$token" POST '{"content":"x","parentId":1}'
get r report.json /reports "$token" POST "{\"targetType\":\"comment\",\"targetId\":$cid,\"reason\":\"spam\",\"note\":\"seed\"}"
get c comment-hidden.json "/moderation/comments/$cid/hide" "$mod_token" POST '{"reason":"seed"}'
get e error-403.json /moderation/queue "$token"
get S sync-changes.json "/sync?since=$cursor&limit=20"
get S sync-changes-moderator.json "/sync?since=$cursor&limit=20" "$mod_token"
get Q queue-open.json '/moderation/queue?status=open&limit=3' "$mod_token"
get Q queue-closed.json '/moderation/queue?status=closed&limit=3' "$mod_token"
item=$(curl -sS -H "Authorization: Bearer $mod_token" "$base/moderation/queue?status=open&limit=1" |
    jq '.items[0].id')
[[ $item != null ]] && get q queue-dismiss.json "/moderation/items/$item/dismiss" "$mod_token" POST '{}'
get p post-hidden.json /moderation/posts/90012/hide "$mod_token" POST '{"reason":"seed"}'
get p post-unhidden.json /moderation/posts/90012/unhide "$mod_token" POST '{}'
get G log.json '/moderation/log?limit=5' "$mod_token"
get s stats.json "/moderation/stats?date=$(date -u +%F)" "$mod_token"
get a stats-user.json "/moderation/stats/users/10001?month=$(date -u +%Y-%m)" "$mod_token"
get d device-put.json /devices "$mod_token" PUT '{"raw":"fuzz phone","display":"模糊 1"}'
printf '\x89PNG\r\n\x1a\n' >"$work/bad.png"
save e error-media.json "$(curl -sS -X POST -H "Authorization: Bearer $token" \
    -H 'Content-Type: image/png' --data-binary @"$work/bad.png" "$base/media")"

# the contract's sample and the repository's fixtures: import files, and seeds of the decoders
for f in ../shared/fixtures/*.json tests/fixtures/*.json; do
    [[ -f $f ]] || continue
    install -m 644 "$f" "$out_import/fixture-$(basename "$f")"
    save p "fixture-$(basename "$f")" "$(cat "$f")"
    save I "import-fixture-$(basename "$f")" "$(cat "$f")"
done
# import files in the three shapes, from real answers
jq '.items' <<<"$timeline" >"$out_import/array-timeline.json"
printf '%s' "$timeline" >"$out_import/page-timeline.json"
curl -sS -H "Authorization: Bearer $token" "$base/posts/90012?comments=5" >"$out_import/post-90012.json"
curl -sS -H "Authorization: Bearer $token" "$base/hot?window=week&limit=2" >"$out_import/page-hot.json"
save I import-array.json "$(cat "$out_import/array-timeline.json")"
save I import-page.json "$timeline"
save v values-sync.json "$(tail -c +2 "$out_json/sync-changes-moderator.json")"
save v values-queue.json "$(tail -c +2 "$out_json/queue-closed.json")"
save v values-log.json "$(tail -c +2 "$out_json/log.json")"
echo "captured $(ls "$out_json" | wc -l) jsoncodec seeds, $(ls "$out_import" | wc -l) import seeds from $base"
