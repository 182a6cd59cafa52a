"""feedbackctl import (bin/feedback-import): an organization moved from
one instance to another through the API, ids kept.

The source is the session's server; each target is a database of its
own in the same cluster with its own httpd.  The source is filled
through the API (boards, statuses, a field, tags, companies, customers
linked to them and a lead, posts with tags, authors and voters,
threaded comments, private and in review among them, teams with
members, brands), imported, and every object the target's API renders
is compared with the source's: same ids, same members, except the
documented differences (docs/decisions.md, "Import"): the admins (an
imported admin gets the Viewer role; the target's own Owner stays), the
brands (the target's own brand stays beside the source's) and
members naming the organization (organizationId, postUrl).

Then: killed three times with SIGKILL at random points (after a random
number of pages) and run to the end, nothing doubled and the same result; a second run writes nothing
(no row's xmin moves); a changed source row is updated; an id another
organization here holds is refused; a source whose rate limit is spent
is waited out.
"""
import contextlib
import http.server
import os
import random
import re
import secrets
import signal
import socket
import subprocess
import threading
import time

import psycopg2
import pytest
import requests

from conftest import CTL, Org, create_database, httpd

IGNORED = ("organizationId", "postUrl")
LISTS = ("/companies", "/boards", "/post_statuses", "/custom_fields",
         "/tags",
         "/contacts?contactType=customer", "/contacts?contactType=lead",
         "/posts?inReview=true",
         "/comments?privacy=all&inReview=true&sortBy=old",
         "/teams", "/brands")
# The tables an import writes, counted by organization.
TABLES = ("boards", "post_statuses", "custom_fields", "conversation_tags",
          "companies", "contact_companies", "contacts", "tags", "posts",
          "post_tags", "post_votes", "comments", "admins", "teams",
          "team_members", "brands")


@contextlib.contextmanager
def target(cluster, database_template, extra_conf=""):
    dsn = create_database(cluster, "fbimp_" + secrets.token_hex(4),
                          database_template)
    with httpd(dsn, extra_conf) as s:
        yield s


@pytest.fixture(scope="module")
def target_a(cluster, database_template):
    with target(cluster, database_template) as s:
        yield s


@pytest.fixture(scope="module")
def target_b(cluster, database_template):
    with target(cluster, database_template) as s:
        yield s


def made(r):
    assert r.status_code in (200, 201), r.text
    return r.json()


def fill(org):
    """Every family the importer carries, through the API."""
    a = org.api
    boards = [made(a.post("/boards", json={"name": "Ideas"})),
              made(a.post("/boards", json={"name": "Bugs"}))]
    doing = made(a.post("/post_statuses", json={
        "name": "Doing", "color": "Blue", "type": "active"}))
    made(a.post("/custom_fields", json={
        "label": "Priority", "type": "select",
        "options": [{"label": "Low"}, {"label": "High"}]}))
    for name in ("billing", "urgent"):
        made(a.post("/tags", json={"name": name}))
    people = [made(a.post("/contacts", json={
        "email": "p%d@imp.example" % i, "name": "Person %d" % i}))
        for i in range(12)]
    # Companies, and people linked to them.
    for i in range(3):
        made(a.post("/companies", json={
            "companyId": "co-%d" % i, "name": "Company %d" % i,
            "monthlySpend": 100.5 * (i + 1), "industry": "Tools",
            "plan": "pro", "companySize": 10 * (i + 1),
            "website": "https://co%d.example" % i}))
    for i, person in enumerate(people[:5]):
        made(a.post("/contacts", json={
            "email": person["email"],
            "companies": [{"id": "co-%d" % (i % 3), "name": "Company %d"
                           % (i % 3)}]}))
    # No API call makes a lead (conversations do): one written here.
    org.server.sql("INSERT INTO contacts (org_id, email, name, type) "
                   "VALUES (%s, 'lead@imp.example', 'A lead', 'lead')",
                   org.id)
    posts = []
    for i in range(23):
        body = {"title": "Post %d about %s" % (i, secrets.token_hex(3)),
                "boardId": boards[i % 2]["id"],
                "content": "<p>Body <b>%d</b></p>" % i,
                "tags": ["ui", "tag%d" % (i % 3)]}
        if i % 3:
            body["author"] = {"email": people[i % 12]["email"]}
        posts.append(made(a.post("/posts", json=body)))
    # A post in review, with a status, an assignee, an ETA; one only its
    # author sees.
    made(a.request("PATCH", "/posts/" + posts[1]["id"], json={
        "inReview": True, "statusId": doing["id"], "isPinned": True,
        "assigneeId": org.owner_id, "eta": "2027-01-01T00:00:00.000Z"}))
    made(a.request("PATCH", "/posts/" + posts[4]["id"],
                   json={"visibility": "authorOnly"}))
    # Voters over several pages of the importer's (--page 5).
    for person in people:
        made(a.post("/posts/%s/voters" % posts[0]["id"],
                    json={"email": person["email"]}))
    for person in people[:3]:
        made(a.post("/posts/%s/voters" % posts[2]["id"],
                    json={"email": person["email"]}))
    # Threads: replies, a reply to a reply, private and in-review ones.
    for post in posts[:4]:
        top = made(a.post("/comments", json={"postId": post["id"],
                                             "content": "<p>First</p>"}))
        reply = made(a.post("/comments", json={
            "postId": post["id"], "content": "<p>Reply</p>",
            "parentCommentId": top["id"]}))
        made(a.post("/comments", json={
            "postId": post["id"], "content": "<p>Deeper</p>",
            "parentCommentId": reply["id"]}))
        made(a.post("/comments", json={
            "postId": post["id"], "content": "<p>Only us</p>",
            "isPrivate": True}))
        held = made(a.post("/comments", json={
            "postId": post["id"], "content": "<p>Held</p>",
            "author": {"email": "p3@imp.example"}, "upvotes": 4,
            "downvotes": 1}))
        made(a.request("PATCH", "/comments/" + held["id"],
                       json={"inReview": True, "isPinned": True}))
    # Teams of the source's admins (members in the order they joined),
    # one without members; brands, one the default.
    helper = org.server.ctl("admin", "create", org.id, "Helper",
                            "helper@%s.example" % org.id, "member")
    made(a.post("/teams", json={
        "name": "Support", "color": "#3B82F6",
        "icon": {"type": "emoji", "value": "x"},
        "members": [helper, org.owner_id]}))
    made(a.post("/teams", json={"name": "Empty"}))
    made(a.post("/brands", json={"name": "Acme Cloud", "isDefault": True,
                                 "helpCenterId": "hc-1"}))
    made(a.post("/brands", json={"name": "Acme Mobile"}))
    return posts


def pages(api, path):
    """Every object of a list, following its cursors."""
    out, cursor = [], None
    while True:
        sep = "&" if "?" in path else "?"
        q = path
        if path.startswith(("/contacts", "/posts", "/comments",
                            "/companies", "/brands")):
            q += sep + "limit=100" + ("&cursor=" + cursor if cursor else "")
        r = api.get(q)
        assert r.status_code == 200, (q, r.text)
        body = r.json()
        if isinstance(body, list):
            return out + body
        out += body["data"]
        cursor = body.get("nextCursor")
        if not cursor:
            return out


def clean(o):
    if isinstance(o, dict):
        return {k: clean(v) for k, v in o.items() if k not in IGNORED}
    if isinstance(o, list):
        return [clean(v) for v in o]
    return o


def rendered(api):
    """What the API renders of everything imported: each list by id, each
    post and comment by itself, each post's voters in order."""
    seen = {}
    for path in LISTS:
        seen[path] = {o["id"]: clean(o) for o in pages(api, path)}
    for pid in seen["/posts?inReview=true"]:
        seen["post " + pid] = clean(made(api.get("/posts/" + pid)))
        seen["voters " + pid] = [v["id"] for v in pages(
            api, "/posts/%s/voters" % pid)]
    # A company's people (a link's time is not rendered: as a set).
    for cid in seen["/companies"]:
        seen["people " + cid] = sorted(c["id"] for c in pages(
            api, "/companies/%s/contacts" % cid))
    for cid in seen["/comments?privacy=all&inReview=true&sortBy=old"]:
        seen["comment " + cid] = clean(made(api.get("/comments/" + cid)))
    return seen


# Lists the target's own objects stay in (docs/decisions.md, "Import"):
# the target's holds the source's and its own.
KEPT = ("/brands",)


def assert_same(src, dst):
    assert src.keys() == dst.keys()
    for key in src:
        if key in KEPT:
            assert set(src[key]) < set(dst[key]), key
            assert src[key] == {i: dst[key][i] for i in src[key]}, key
        else:
            assert src[key] == dst[key], key


def importer_env(dsn):
    """The importer's environment: its database; under `make asan` (an
    importer built with AddressSanitizer), no report of what a one-shot
    program leaves allocated at its exit."""
    return dict(os.environ, FEEDBACK_DB=dsn,
                ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS",
                                            "detect_leaks=0"))


def run_import(source_org, server, into, *extra, source=None, check=True,
               report=None):
    cmd = [CTL, "import", "--from", (source or source_org.server).base
           + "/v2", "--key", source_org.key, "--into", into.id,
           "--page", "5"] + list(extra)
    if report:
        cmd += ["--report", report]
    p = subprocess.run(cmd, env=importer_env(server.dsn),
                       capture_output=True, text=True, timeout=300)
    if check:
        assert p.returncode == 0, p.stdout + p.stderr
    return p


def written(out):
    """family -> (source, target, written, skipped, digest) of the
    verification table."""
    table = out.split("\nverification\n", 1)[1].split("\n\n", 1)[0]
    rows = {}
    for line in table.splitlines()[1:]:
        cells = line.split()
        rows[cells[0]] = cells[1:]
    return rows


def counts(server, org_id):
    return {t: server.sql("SELECT count(*) FROM %s WHERE org_id = %%s" % t,
                          org_id)[0][0] for t in TABLES}


@pytest.fixture(scope="module")
def source(server):
    org = Org(server, "src" + secrets.token_hex(3))
    org.posts = fill(org)
    return org


@pytest.fixture(scope="module")
def imported(source, target_a, tmp_path_factory):
    into = Org(target_a, "dst" + secrets.token_hex(3))
    report = str(tmp_path_factory.mktemp("imp") / "report.txt")
    p = run_import(source, target_a, into, "--target", target_a.base + "/v2",
                   "--target-key", into.key, report=report)
    into.out, into.report = p.stdout, report
    return into


def test_every_object_is_rendered_the_same(source, imported):
    src, dst = rendered(source.api), rendered(imported.api)
    assert len(src["/posts?inReview=true"]) == 23
    assert len(src["/comments?privacy=all&inReview=true&sortBy=old"]) == 20
    assert sum(len(v) for k, v in src.items() if k.startswith("voters")) \
        >= 12 + 3
    assert len(src["/teams"]) == 2 and len(src["/brands"]) == 3
    assert_same(src, dst)
    # The organization's own brand stays, no longer the default.
    own = [b for i, b in dst["/brands"].items() if i not in src["/brands"]]
    assert [b["isDefault"] for b in own] == [False]
    # The admins: each of the source's, same id, name and email; the
    # Viewer role here; the target's Owner stays.
    sa = {a["id"]: a for a in pages(source.api, "/admins")}
    da = {a["id"]: a for a in pages(imported.api, "/admins")}
    assert set(sa) < set(da) and imported.owner_id in da
    for aid, a in sa.items():
        assert {k: v for k, v in a.items() if k != "roleId"} \
            == {k: v for k, v in da[aid].items() if k != "roleId"}


def test_verification_table_and_report(source, imported):
    rows = written(imported.out)
    for family in ("companies", "boards", "post_statuses", "custom_fields",
                   "tags", "contacts", "leads", "posts", "comments",
                   "teams"):
        src_n, dst_n, _, _, digest = rows[family][:5]
        assert src_n == dst_n, (family, rows[family])
        assert digest == "same", (family, rows[family])
    # The target's own brand stays: one more, a digest that differs by
    # design.
    assert int(rows["brands"][1]) == int(rows["brands"][0]) + 1
    assert rows["brands"][4] == "differs", rows["brands"]
    assert rows["posts"][0] == "23" and rows["comments"][0] == "20"
    # Every voter written (a post's author is its first voter).
    assert int(rows["post_voters"][0]) > 23 + 12
    assert rows["post_voters"][2] == rows["post_voters"][0]
    with open(imported.report) as f:
        text = f.read()
    assert "verification" in text and "not carried" in text
    assert "API keys and webhook secrets" in text
    # One audit-log entry for the import, no event for its history.
    audit = imported.server.sql(
        "SELECT action, actor_type, metadata->>'source' FROM audit_logs "
        "WHERE org_id = %s AND action = 'organization.imported'",
        imported.id)
    assert audit == [("organization.imported", "system",
                      source.server.base + "/v2")]
    assert imported.server.sql(
        "SELECT count(*) FROM events WHERE org_id = %s", imported.id) \
        == [(0,)]


def xmins(server, org_id):
    return {t: server.sql("SELECT coalesce(sum(xmin::text::bigint), 0) "
                          "FROM %s WHERE org_id = %%s" % t, org_id)[0][0]
            for t in TABLES}


def test_second_run_writes_nothing(source, imported):
    server = imported.server
    before, rows_before = xmins(server, imported.id), counts(server,
                                                              imported.id)
    p = run_import(source, server, imported)
    rows = written(p.stdout)
    assert all(r[2] == "0" for r in rows.values()), rows
    assert xmins(server, imported.id) == before
    assert counts(server, imported.id) == rows_before


def test_a_changed_source_row_is_updated(source, imported):
    post = source.posts[5]
    made(source.api.request("PATCH", "/posts/" + post["id"],
                          json={"title": "Renamed at the source"}))
    p = run_import(source, imported.server, imported)
    rows = written(p.stdout)
    assert rows["posts"][2] == "1", rows
    assert sum(int(r[2]) for r in rows.values()) == 1, rows
    assert made(imported.api.get("/posts/" + post["id"]))["title"] \
        == "Renamed at the source"


def test_an_id_of_another_organization_is_refused(source, imported):
    other = Org(imported.server, "oth" + secrets.token_hex(3))
    p = run_import(source, imported.server, other, check=False)
    assert p.returncode == 3, p.stdout + p.stderr
    assert re.search(r"refused: the id \w+ \(admins\) of the source "
                     r"already belongs to the organization %s"
                     % imported.id, p.stderr), p.stderr
    assert counts(imported.server, other.id)["posts"] == 0


def test_killed_three_times_then_finished(source, imported, target_b):
    into = Org(target_b, "kill" + secrets.token_hex(3))
    cmd = [CTL, "import", "--from", source.server.base + "/v2", "--key",
           source.key, "--into", into.id, "--page", "1"]
    env = importer_env(target_b.dsn)
    rng = random.Random(34)

    def pages_done():
        return target_b.sql("SELECT coalesce(sum(page), 0) FROM "
                            "import_checkpoints WHERE org_id = %s",
                            into.id)[0][0]

    # Each kill lands after a random number of further pages is
    # committed, a random few milliseconds on: inside a request, a
    # transaction or between them.
    for _ in range(3):
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        goal = pages_done() + rng.randint(5, 25)
        deadline = time.time() + 120
        while pages_done() < goal and proc.poll() is None \
                and time.time() < deadline:
            time.sleep(0.005)
        time.sleep(rng.uniform(0, 0.02))
        assert proc.poll() is None, "the import ended before its kill"
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    # The kills left a run to resume, with pages committed.
    assert target_b.sql("SELECT count(*) FROM import_runs WHERE org_id = %s "
                        "AND finished_at IS NULL", into.id) == [(1,)]
    p = subprocess.run(cmd, env=env, capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    # Nothing doubled: the same rows as the import that ran at once, and
    # the same objects rendered (the source has one title changed since:
    # compare with the source).
    assert counts(target_b, into.id) == counts(imported.server, imported.id)
    assert_same(rendered(source.api), rendered(into.api))


SLOW_SOURCE = "FeedbackRateLimitKey 8\nFeedbackRateLimitOrg 0\n"


def test_a_spent_rate_limit_is_waited_out(database, target_a):
    with httpd(database, SLOW_SOURCE) as slow:
        small = Org(slow, "slow" + secrets.token_hex(3))
        board = made(small.api.post("/boards", json={"name": "One"}))
        for i in range(3):
            made(small.api.post("/posts", json={"title": "P%d" % i,
                                                "boardId": board["id"]}))
        into = Org(target_a, "slowdst" + secrets.token_hex(3))
        started = time.time()
        p = run_import(small, target_a, into, source=slow)
        assert "rate limit" in p.stderr or "429" in p.stderr, p.stderr
        assert time.time() - started >= 1
        assert counts(target_a, into.id)["posts"] == 3
        # Every request of the import was answered in the end: the rate
        # limit was waited out, not taken for a failure.
        assert re.search(r"\d+ requests to the source", p.stdout)


class Flaky(http.server.BaseHTTPRequestHandler):
    """A proxy to the source that fails every third request with a 503
    and drops every seventh connection without an answer."""
    upstream = None
    count = 0
    failed = 0

    def do_GET(self):
        cls = type(self)
        cls.count += 1
        if cls.count % 7 == 0:
            cls.failed += 1
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        if cls.count % 3 == 0:
            cls.failed += 1
            body = b'{"error":{"type":"api_error","code":"unavailable"}}'
            self.send_response(503)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        r = requests.get(cls.upstream + self.path, timeout=30, headers={
            "Authorization": self.headers["Authorization"]})
        self.send_response(r.status_code)
        for h in ("Content-Type", "X-RateLimit-Limit",
                  "X-RateLimit-Remaining", "X-RateLimit-Reset",
                  "Retry-After"):
            if h in r.headers:
                self.send_header(h, r.headers[h])
        self.send_header("Content-Length", str(len(r.content)))
        self.end_headers()
        self.wfile.write(r.content)

    def log_message(self, *args):
        pass


def test_transient_failures_are_retried(source, imported, cluster,
                                        database_template):
    """Through a proxy failing a request in three (503) and dropping a
    connection in seven, the import ends with what a clean one wrote."""
    dsn = create_database(cluster, "fbimp_" + secrets.token_hex(4),
                          database_template)
    into_id = subprocess.run(
        [CTL, "org", "create", "flaky", "owner@flaky.example"],
        env=dict(os.environ, FEEDBACK_DB=dsn), check=True,
        capture_output=True, text=True).stdout.split("\t")[0]
    Flaky.upstream = source.server.base
    proxy = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Flaky)
    thread = threading.Thread(target=proxy.serve_forever, daemon=True)
    thread.start()
    try:
        p = subprocess.run(
            [CTL, "import", "--from",
             "http://127.0.0.1:%d/v2" % proxy.server_address[1], "--key",
             source.key, "--into", into_id, "--page", "5"],
            env=importer_env(dsn), capture_output=True,
            text=True, timeout=600)
    finally:
        proxy.shutdown()
    assert p.returncode == 0, p.stdout + p.stderr
    assert Flaky.failed > 10
    retried = int(re.search(r"(\d+) retried", p.stdout).group(1))
    assert retried >= Flaky.failed
    conn = psycopg2.connect(dsn)
    try:
        with conn.cursor() as cur:
            got = {}
            for t in TABLES:
                cur.execute("SELECT count(*) FROM %s WHERE org_id = %%s" % t,
                            (into_id,))
                got[t] = cur.fetchone()[0]
    finally:
        conn.close()
    assert got == counts(imported.server, imported.id)
