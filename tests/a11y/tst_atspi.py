#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The Threadline authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""What a screen reader gets of the real window, over AT-SPI (the bus Orca uses).

The real threadline-server (SQLite, demo data, a fresh database in a temporary folder) and the
real client signed in to it, on this session's accessibility bus (run-atspi.sh starts it), its
tree walked with pyatspi:
  - the page list, the timeline, the thread's comments and the reply box have names;
  - a timeline row says author, text, likes, comments and time, and offers Open, Like and Reply
    as accessible actions;
  - a like done through the row's accessible action alone reaches the server within 3 s;
  - the thread opened through the Open action: its rows say author, "replied to", floor, text,
    likes and replies, and offer Like and Reply;
  - the same in Chinese (--lang zh_CN): the names are translated.
Usage: tst_atspi.py SERVER_BIN CLIENT_BIN
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

import pyatspi
from gi.repository import GLib

FAILURES = []
ANNOUNCED = []  # (role, name) of every accessible-name change the bus carried


def on_name_changed(event):
    try:
        ANNOUNCED.append((event.source.getRole(), event.source.name))
    except Exception:
        pass


def pump():
    """Delivers the bus's events to the listeners (pyatspi's GLib main context)."""
    ctx = GLib.MainContext.default()
    while ctx.pending():
        ctx.iteration(False)


def check(cond, what):
    if cond:
        print("PASS  " + what)
    else:
        print("FAIL! " + what)
        FAILURES.append(what)
    return cond


def wait_for(predicate, timeout, what):
    """Polls `predicate` (a condition, not a pause) until it is true or `timeout` s pass."""
    deadline = time.monotonic() + timeout
    while True:
        pump()
        try:
            value = predicate()
        except Exception:  # the tree changes under a walk: ask again
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            print("timed out waiting for " + what)
            return None
        time.sleep(0.1)


def start_server(binary, folder):
    proc = subprocess.Popen(
        [binary, "--listen", "127.0.0.1:0", "--db", "sqlite:" + os.path.join(folder, "s.db"),
         "--demo", "--rate-limits", "off", "--media-dir", os.path.join(folder, "media")],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = proc.stdout.readline()
    m = re.match(r"listening on (http://\S+)", line)
    if not m:
        proc.kill()
        sys.exit("server did not start: " + line)
    return proc, m.group(1).rstrip("/")


def api(base, method, path, token=None, body=None):
    req = urllib.request.Request(base + "/api/v1" + path, method=method,
                                 data=json.dumps(body).encode() if body is not None else None)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(req, timeout=10) as r:
        data = r.read()
        return json.loads(data) if data else None


def descendants(acc, pred, limit=4000):
    """Breadth-first, bounded: the lists' rows are many; the window's widgets a few hundred."""
    out, queue, seen = [], [acc], 0
    while queue and seen < limit:
        a = queue.pop(0)
        seen += 1
        try:
            if pred(a):
                out.append(a)
            n = a.childCount
        except Exception:
            continue
        # a list's rows are not searched for widgets
        if a.getRole() in (pyatspi.ROLE_LIST, pyatspi.ROLE_TREE, pyatspi.ROLE_TABLE):
            continue
        for i in range(min(n, 200)):
            try:
                c = a.getChildAtIndex(i)
            except Exception:
                c = None
            if c is not None:
                queue.append(c)
    return out


def find_app(pid):
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        try:
            if app is not None and app.get_process_id() == pid:
                return app
        except Exception:
            pass
    return None


def status_text(app):
    bars = descendants(app, lambda a: a.getRole() == pyatspi.ROLE_STATUS_BAR)
    if not bars:
        return None
    texts = descendants(bars[0], lambda a: a.getRole() in (pyatspi.ROLE_LABEL,
                                                           pyatspi.ROLE_PUSH_BUTTON))
    return " ".join(t.name for t in texts if t.name)


def named_list(app, name):
    found = descendants(app, lambda a: a.getRole() == pyatspi.ROLE_LIST and a.name == name)
    return found[0] if found else None


def rows(lst):
    return [lst.getChildAtIndex(i) for i in range(lst.childCount)]


def actions(acc):
    try:
        act = acc.queryAction()
    except NotImplementedError:
        return {}
    return {act.getName(i): i for i in range(act.nActions)}


def run_client(client, base, folder, lang):
    env = dict(os.environ)
    env["QT_LINUX_ACCESSIBILITY_ALWAYS_ON"] = "1"
    env["QT_ACCESSIBILITY"] = "1"
    env["QT_QPA_PLATFORM"] = "xcb"
    home = os.path.join(folder, "home-" + lang)
    for d in ("", ".config", ".cache", ".local/share"):
        os.makedirs(os.path.join(home, d), exist_ok=True)
    env["HOME"] = home
    env["XDG_CONFIG_HOME"] = os.path.join(home, ".config")
    env["XDG_CACHE_HOME"] = os.path.join(home, ".cache")
    env["XDG_DATA_HOME"] = os.path.join(home, ".local/share")
    return subprocess.Popen([client, "--server", base, "--user", "zhangsan", "--password",
                             "demo", "--lang", lang, "--size", "1200x780"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def settled(fn, what, tries=10):
    """Runs `fn` again when the tree changed under it (a page reloaded: its rows are new objects)."""
    for attempt in range(tries):
        try:
            return fn()
        except Exception as e:  # GError: an object gone with the rows it belonged to
            if attempt == tries - 1:
                print(f"{what}: {e}")
                return None
            time.sleep(0.2)


def walk(client, base, folder, lang, names):
    proc = run_client(client, base, folder, lang)
    try:
        app = wait_for(lambda: find_app(proc.pid), 30, "the client on the accessibility bus")
        if not check(app is not None, f"[{lang}] the client is on the accessibility bus"):
            return
        timeline = wait_for(lambda: (lambda l: l if l and l.childCount > 3 else None)(
            named_list(app, names["timeline"])), 30, "the timeline's rows")
        check(timeline is not None, f"[{lang}] a list named {names['timeline']!r} with posts")
        check(named_list(app, names["pages"]) is not None,
              f"[{lang}] the page list is named {names['pages']!r}")
        if timeline is None:
            return
        # the first page from the cache, then the server's: the rows are read once it settled
        wait_for(lambda: not re.search(names["loading"], status_text(app) or ""), 20, "loaded")

        def first_rows():
            first = rows(timeline)[:8]
            return [(r, r.name, r.getRole(), actions(r)) for r in first]
        first = settled(first_rows, "the first rows") or []
        spoken = [name for _, name, _, _ in first]
        print("timeline rows say:", spoken[:3])
        check(bool(spoken) and all(re.match(names["post_re"], s) for s in spoken),
              f"[{lang}] every timeline row says author: text, likes, comments, time")
        check(all(role == pyatspi.ROLE_LIST_ITEM for _, _, role, _ in first),
              f"[{lang}] the rows are list items")
        acts = first[0][3] if first else {}
        print("a row's actions:", list(acts))
        check({"Open", "Reply"} <= set(acts) and ("Like" in acts or "Unlike" in acts),
              f"[{lang}] a row offers Open, Like and Reply")
        localized = settled(lambda: (lambda r: r.queryAction().getDescription(
            actions(r)["Open"]))(rows(timeline)[0]), "Open's words")
        check(localized == names["open"], f"[{lang}] Open is said as {names['open']!r}")

        if lang == "en":
            # A like through the accessible action alone reaches the server within 3 s.
            token = api(base, "POST", "/auth/login", body={"username": "zhangsan",
                                                          "password": "demo"})["token"]
            posts = api(base, "GET", "/timeline?limit=50", token)["items"]
            target = None
            for r in rows(timeline)[:20]:
                if "Like" not in actions(r):
                    continue
                for p in posts:
                    if (not p["liked"] and r.name.startswith(p["author"]["nickName"] + ": ")
                            and p["content"][:20] in r.name):
                        target = (r, p)
                        break
                if target:
                    break
            if check(target is not None, "a row not liked yet, matched to its post"):
                row, post = target
                act = row.queryAction()
                act.doAction(actions(row)["Like"])
                start = time.monotonic()
                # a like waits a moment in the outbox before it goes (a second press cancels
                # it): the server has it about 3 s later
                liked = wait_for(lambda: api(base, "GET", f"/posts/{post['id']}", token)["liked"],
                                 8, "the server to have the like")
                check(bool(liked), "the server has the like %.2f s after the action"
                      % (time.monotonic() - start))
                check(wait_for(lambda: "Unlike" in actions(row), 3, "Unlike"),
                      "the row now offers Unlike")
                # said politely: the status bar's name changes, the focus stays where it is
                said = wait_for(lambda: [n for role, n in ANNOUNCED
                                         if role == pyatspi.ROLE_STATUS_BAR and n], 5,
                                "an announcement")
                print("announced:", said)
                check(bool(said) and any(re.search(r"chang|saved|sent", n) for n in said),
                      "the change on its way and saved is announced by the status bar")

        # The thread, opened through a row's Open action: rows that say who, floor and counts.
        def most_comments():
            counted = [(int(m.group(1)), r) for r in rows(timeline)[:30]
                       for m in [re.search(names["has_comments"], r.name)] if m]
            return max(counted, key=lambda x: x[0])[1] if counted else None
        r = settled(most_comments, "the rows' comment counts")
        if check(r is not None, f"[{lang}] a post with comments"):
            r.queryAction().doAction(actions(r)["Open"])
            comments = wait_for(lambda: (lambda l: l if l and l.childCount > 0 else None)(
                named_list(app, names["comments"])), 15, "the thread's rows")
            if check(comments is not None, f"[{lang}] a list named {names['comments']!r}"):
                crow = wait_for(lambda: [c for c in rows(comments)
                                         if re.search(names["floor_re"], c.name)], 10,
                                "a comment row")
                print("the thread's rows say:", settled(lambda: [c.name for c in rows(comments)[:3]],
                                                        "the thread's rows"))
                if check(bool(crow), f"[{lang}] thread rows say author, floor, text, counts"):
                    print("a comment row says:", crow[0].name)
                    cacts = actions(crow[0])
                    check({"Reply"} <= set(cacts) and ("Like" in cacts or "Unlike" in cacts),
                          f"[{lang}] a comment row offers Like and Reply")
                    replies = settled(lambda: [c.name for c in rows(comments)
                                               if re.search(names["replied_re"], c.name)],
                                      "the replies") or []
                    print("a reply says:", replies[0] if replies else None)
                    check(bool(replies), f"[{lang}] a reply says whom it answers")
            box = descendants(app, lambda a: a.name == names["comment_box"] and
                              a.getRole() in (pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY))
            check(bool(box), f"[{lang}] the reply box is named {names['comment_box']!r}")
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


def main():
    server_bin, client_bin = sys.argv[1], sys.argv[2]
    folder = tempfile.mkdtemp(prefix="tl-a11y-")
    pyatspi.Registry.registerEventListener(on_name_changed,
                                           "object:property-change:accessible-name")
    server, base = start_server(server_bin, folder)
    try:
        walk(client_bin, base, folder, "en", {
            "timeline": "Timeline", "pages": "Pages", "comments": "Comments",
            "comment_box": "Comment", "open": "Open thread", "loading": r"Loading",
            "post_re": r"^.+: .+\. \d+ likes? · \d+ comments? · .+$",
            "has_comments": r"· ([1-9]\d*) comments? ·",
            "floor_re": r", floor \d+: .*\. \d+ likes? · \d+ (direct )?repl(y|ies) · ",
            "replied_re": r" replied to .+, floor \d+: ",
        })
        walk(client_bin, base, folder, "zh_CN", {
            "timeline": "动态列表", "pages": "页面", "comments": "评论",
            "comment_box": "评论", "open": "打开动态", "loading": r"加载",
            "post_re": r"^.+：.+。\d+ 个赞 · \d+ 条评论 · .+$",
            "has_comments": r"· ([1-9]\d*) 条评论 ·",
            "floor_re": r"，\d+ 楼：.*。\d+ 个赞 · \d+ 条(直接)?回复 · ",
            "replied_re": r" 回复 .+，\d+ 楼：",
        })
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(folder, ignore_errors=True)
    if FAILURES:
        print(f"{len(FAILURES)} check(s) failed")
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
