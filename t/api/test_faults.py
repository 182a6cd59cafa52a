"""Faults, done for real while clients write: PostgreSQL crashed and
restarted, its backends terminated, an httpd child SIGKILLed, a graceful
restart, a starved connection pool, slow clients, a hanging image server.

Each fault runs during a loop of writers that create posts with an
Idempotency-Key and retry the same key until the write is acknowledged
(as a careful client does).  Afterwards every acknowledged write is
present exactly once, nothing is present twice, no request got a 500,
the database being away answered 503 quickly (never a hang), and the
error log shows no crashed child but the one the test killed.

The faults need a PostgreSQL of their own (stopping the session's would
break every other test): the module starts one."""
import collections
import datetime
import os
import secrets
import signal
import socket
import threading
import time
import http.server
import sys

import psycopg2
import pytest
import requests

from conftest import (CTL, PG, Cluster, Org, error_log_lines, free_port,
                      httpd, https_server, log_offset, run)
from helpers import assert_error, read_answer

# What the faults make httpd log on purpose: the module's 503 notice and
# mod_dbd's own complaints about a database that went away.
FAULT_LOG = ("FB00032", "AH00629", "AH00630", "AH00632", "AH00633",
             "DBD [", "DBD[", "Failed to acquire DBD connection")

WRITERS = 4


@pytest.fixture(scope="module")
def pg():
    """A PostgreSQL cluster of this module's own, with a migrated
    database."""
    work = os.path.join("/tmp", "fbfault." + secrets.token_hex(4))
    os.makedirs(work)
    os.chmod(work, 0o755)
    c = Cluster(os.path.join(work, "pg"), free_port(), True)
    run(PG, "start", c.dir, str(c.port))
    try:
        c.createdb("faults")
        c.db = c.dsn("faults")
        run(CTL, "migrate", env=dict(os.environ, FEEDBACK_DB=c.db))
        yield c
    finally:
        run(PG, "stop", c.dir)
        run("rm", "-rf", work)


def pg_start(pg):
    run(PG, "start", pg.dir, str(pg.port))


def pg_crash(pg):
    run(PG, "crash", pg.dir)


# A request waits at most this long for a pooled connection.
ACQUIRE = "FeedbackDBAcquireTimeout 1s\n"
UNLIMITED = ("FeedbackRateLimitKey 0\nFeedbackRateLimitOrg 0\n"
             "FeedbackRateLimitAuthFail 0\n")


@pytest.fixture(scope="module")
def site(pg):
    with httpd(pg.db, ACQUIRE + UNLIMITED) as s:
        yield s


@pytest.fixture(scope="module")
def org(site):
    o = Org(site, "fault" + secrets.token_hex(3))
    o.board = site.sql("INSERT INTO boards (org_id, name) VALUES (%s, 'F') "
                       "RETURNING id", o.id)[0][0]
    return o


def crash_lines(server, since=0, allowed_pids=()):
    """Error-log lines that tell of a crash or an unexpected error, from
    the offset since on: the module's servers are shared by its tests,
    which give where the log ended when they began (log_offset)."""
    return error_log_lines(server, FAULT_LOG + tuple(
        "child pid %d exit signal" % p for p in allowed_pids), since)


def children(server):
    """The pids of httpd's child processes (from /proc: no ps needed)."""
    with open(os.path.join(server.run_dir, "run", "httpd.pid")) as f:
        parent = int(f.read())
    kids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/stat" % entry) as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == parent:
                kids.append(int(entry))
    return parent, kids


class WriteLoop:
    """Writers creating posts, each write retried under its own
    Idempotency-Key until acknowledged or given up."""

    def __init__(self, org, writers=WRITERS):
        self.org, self.writers = org, writers
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.acked = {}                 # title -> post id
        self.given_up = set()           # titles never acknowledged
        self.statuses = collections.Counter()
        self.conflicts = collections.Counter()  # the 409s' messages
        self.slowest_503 = 0.0
        self.errors = []                # unexpected answers
        self.threads = [threading.Thread(target=self.writer, args=(n,))
                        for n in range(writers)]

    def __enter__(self):
        for t in self.threads:
            t.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        for t in self.threads:
            t.join(60)

    def write(self, http, title):
        key = secrets.token_hex(12)
        headers = {"Authorization": "Bearer " + self.org.key,
                   "Idempotency-Key": key}
        deadline = time.time() + 20
        while time.time() < deadline:
            t0 = time.time()
            try:
                r = http.post(self.org.api.server.base + "/v2/posts",
                              json={"title": title,
                                    "boardId": self.org.board},
                              headers=headers, timeout=15)
                status = r.status_code
            except requests.RequestException:
                status = "connection"   # a killed child, a restart
                r = None
            took = time.time() - t0
            with self.lock:
                self.statuses[status] += 1
                if status == 503:
                    self.slowest_503 = max(self.slowest_503, took)
                    if r.headers.get("Retry-After") != "1":
                        self.errors.append("503 without Retry-After")
                if status in (201, 200):
                    self.acked[title] = r.json()["id"]
                    return
                if status == 409:
                    self.conflicts[r.json()["error"]["message"]] += 1
                if status not in (503, 409, "connection"):
                    self.errors.append("%s: %s" % (status, r.text[:200]))
            time.sleep(0.05)
        with self.lock:
            self.given_up.add(title)

    def writer(self, n):
        http = requests.Session()
        run_id = secrets.token_hex(4)
        i = 0
        while not self.stop.is_set():
            i += 1
            self.write(http, "fault %s %d %d" % (run_id, n, i))

    def verify(self, site):
        """Every acknowledged write exactly once, nothing twice."""
        counts = dict(site.sql(
            "SELECT title, count(*) FROM posts WHERE org_id = %s "
            "GROUP BY title", self.org.id))
        ids = dict(site.sql(
            "SELECT title, min(id) FROM posts WHERE org_id = %s "
            "GROUP BY title", self.org.id))
        assert not self.errors, self.errors[:5]
        assert self.acked, "no write was acknowledged"
        missing = [t for t in self.acked if counts.get(t, 0) != 1]
        assert not missing, "acknowledged but not there once: %s" % missing
        wrong = [t for t, i in self.acked.items() if ids[t] != i]
        assert not wrong, wrong
        twice = [t for t, n in counts.items() if n > 1]
        assert not twice, "written twice: %s" % twice
        assert 500 not in self.statuses, self.statuses


def figure(name, value):
    """Prints a measured figure (pytest -s shows them; docs/reliability.md
    quotes them)."""
    sys.stdout.write("\nFIGURE %s: %s\n" % (name, value))


def first_success_after(site, org, seconds=10):
    """Seconds until a read that needs the database succeeds."""
    t0 = time.time()
    while time.time() - t0 < seconds:
        try:
            r = org.api.get("/boards")
            if r.status_code == 200:
                return time.time() - t0
        except requests.RequestException:
            pass
        time.sleep(0.02)
    raise AssertionError("no service %ds after the fault" % seconds)


def test_database_crash_and_restart(pg, site, org):
    """PostgreSQL stopped with -m immediate during writes: 503 quickly
    while it is away, full service within a second of its return."""
    since = log_offset(site)
    with WriteLoop(org) as loop:
        time.sleep(1.5)
        pg_crash(pg)
        time.sleep(0.5)
        # While it is away: every request answers 503 quickly.
        t0 = time.time()
        r = org.api.get("/boards")
        assert time.time() - t0 < 2.5
        assert_error(r, 503, "service_unavailable")
        assert r.headers["Retry-After"] == "1"
        time.sleep(2)
        pg_start(pg)
        back = first_success_after(site, org)
        time.sleep(2)
    figure("crash: first success after restart (s)", round(back, 3))
    figure("crash: slowest 503 (s)", round(loop.slowest_503, 3))
    figure("crash: answers", dict(loop.statuses))
    figure("crash: acknowledged / given up", (len(loop.acked),
                                              len(loop.given_up)))
    assert back < 1.0, back
    assert loop.statuses[503] > 0, loop.statuses
    assert loop.slowest_503 < 2.5, loop.slowest_503
    loop.verify(site)
    assert not crash_lines(site, since)


def test_backends_terminated(pg, site, org):
    """Every backend of the database killed, twice, during writes: the
    connections' new sessions get their statements again (before, 25-70 %
    of requests failed with 'prepared statement does not exist' until
    httpd was restarted)."""
    since = log_offset(site)
    admin = psycopg2.connect(pg.dsn("postgres"))
    admin.autocommit = True
    with WriteLoop(org) as loop:
        for _ in range(2):
            time.sleep(1.5)
            with admin.cursor() as cur:
                cur.execute("SELECT count(pg_terminate_backend(pid)) "
                            "FROM pg_stat_activity WHERE datname = 'faults'")
                assert cur.fetchone()[0] > 0
            back = first_success_after(site, org)
            figure("terminate: first success after (s)", round(back, 3))
            assert back < 1.0, back
        time.sleep(1.5)
    admin.close()
    figure("terminate: answers", dict(loop.statuses))
    loop.verify(site)
    # After the fault, reads answer as before, on every connection.
    for _ in range(50):
        assert org.api.get("/boards").status_code == 200
    assert not crash_lines(site, since)


def test_no_500_under_repeated_faults(pg, site, org):
    """Eight readers while every backend is terminated fifteen times and
    PostgreSQL crashes three times: every answer is a 200 or a 503, never
    a 500.  (libpq leaves a connection "OK" after a failed write to a
    closed socket; before the module read what the server had sent, 6 to
    13 of ~10,000 answers here were 500s.)"""
    since = log_offset(site)
    stop = threading.Event()
    statuses = collections.Counter()
    bodies = []

    def reader():
        http = requests.Session()
        while not stop.is_set():
            try:
                r = http.get(site.base + "/v2/boards", timeout=10,
                             headers={"Authorization": "Bearer " + org.key})
            except requests.RequestException:
                statuses["connection"] += 1
                continue
            statuses[r.status_code] += 1
            if r.status_code not in (200, 503):
                bodies.append(r.text[:200])

    threads = [threading.Thread(target=reader) for _ in range(8)]
    for t in threads:
        t.start()
    admin = psycopg2.connect(pg.dsn("postgres"))
    admin.autocommit = True
    try:
        for _ in range(15):
            time.sleep(0.4)
            with admin.cursor() as cur:
                cur.execute("SELECT count(pg_terminate_backend(pid)) FROM "
                            "pg_stat_activity WHERE datname = 'faults'")
        admin.close()
        for _ in range(3):
            time.sleep(0.5)
            pg_crash(pg)
            time.sleep(0.5)
            pg_start(pg)
        time.sleep(1)
    finally:
        stop.set()
        for t in threads:
            t.join(30)
    figure("repeated faults: answers", dict(statuses))
    assert not bodies, bodies[:3]
    assert statuses[200] > 0 and statuses[503] > 0, statuses
    assert not crash_lines(site, since)


def test_child_killed(site, org):
    """An httpd child SIGKILLed during writes: its clients retry, nothing
    is lost or doubled, the others never notice."""
    since = log_offset(site)
    with WriteLoop(org) as loop:
        time.sleep(1.5)
        _, kids = children(site)
        victim = kids[0]
        os.kill(victim, signal.SIGKILL)
        time.sleep(3)
    figure("kill: answers", dict(loop.statuses))
    figure("kill: acknowledged / given up", (len(loop.acked),
                                             len(loop.given_up)))
    loop.verify(site)
    assert not crash_lines(site, since, allowed_pids=(victim,))


def test_graceful_restart(site, org):
    """A graceful restart (apachectl -k graceful) during writes."""
    since = log_offset(site)
    with WriteLoop(org) as loop:
        time.sleep(1.5)
        parent, _ = children(site)
        os.kill(parent, signal.SIGUSR1)
        time.sleep(4)
    figure("graceful: answers", dict(loop.statuses))
    loop.verify(site)
    assert not crash_lines(site, since)


# ---- a starved pool ----

@pytest.fixture(scope="module")
def small(pg):
    """One child with two pooled connections."""
    extra = (ACQUIRE.replace("1s", "500ms") + UNLIMITED +
             "StartServers 1\nServerLimit 1\nThreadsPerChild 64\n"
             "MaxRequestWorkers 64\n"
             "MinSpareThreads 1\nMaxSpareThreads 64\n"
             "DBDMin 0\nDBDKeep 2\nDBDMax 2\n")
    with httpd(pg.db, extra) as s:
        yield s


def test_pool_starved_answers_503(pg, small):
    """Both connections busy in statements that wait on a lock: a third
    request waits FeedbackDBAcquireTimeout, then 503, instead of hanging;
    once the lock goes, everything is served again."""
    since = log_offset(small)
    o = Org(small, "starve" + secrets.token_hex(3))
    board = small.sql("INSERT INTO boards (org_id, name) VALUES (%s, 'S') "
                      "RETURNING id", o.id)[0][0]
    post = o.api.post("/posts", json={"title": "Locked",
                                      "boardId": board}).json()["id"]
    locker = psycopg2.connect(pg.db)
    cur = locker.cursor()
    cur.execute("SELECT 1 FROM posts WHERE id = %s FOR UPDATE", (post,))
    answers = []

    def patch():
        answers.append(o.api.request("PATCH", "/posts/" + post,
                                     json={"title": "Unlocked"}))

    blocked = [threading.Thread(target=patch) for _ in range(2)]
    for t in blocked:
        t.start()
    deadline = time.time() + 10
    while time.time() < deadline and small.sql(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = 'faults' "
            "AND wait_event_type = 'Lock'")[0][0] < 2:
        time.sleep(0.05)
    t0 = time.time()
    r = o.api.get("/boards")
    took = time.time() - t0
    assert_error(r, 503, "service_unavailable")
    assert r.headers["Retry-After"] == "1"
    figure("starved pool: 503 after (s)", round(took, 3))
    assert 0.4 < took < 2.0, took
    locker.rollback()
    locker.close()
    for t in blocked:
        t.join(15)
    assert [a.status_code for a in answers] == [200, 200]
    assert o.api.get("/boards").status_code == 200
    assert not crash_lines(small, since)


def test_slow_bodies_hold_no_connection(small):
    """Authenticated clients sending their bodies at a trickle hold no
    database connection: with a pool of two, twenty of them do not keep
    others from being served."""
    since = log_offset(small)
    o = Org(small, "trickle" + secrets.token_hex(3))
    socks = []
    for _ in range(20):
        s = socket.create_connection(("127.0.0.1",
                                      int(small.base.rsplit(":", 1)[1])))
        s.sendall(("POST /v2/brands HTTP/1.1\r\nHost: x\r\n"
                   "Authorization: Bearer %s\r\n"
                   "Content-Type: application/json\r\n"
                   "Content-Length: 1000\r\n\r\n{" % o.key).encode())
        socks.append(s)
    try:
        time.sleep(0.5)
        for _ in range(20):
            t0 = time.time()
            assert o.api.get("/boards").status_code == 200
            assert time.time() - t0 < 0.5
    finally:
        for s in socks:
            s.close()
    assert not crash_lines(small, since)


# ---- slow clients against the shipped configuration ----

def trickle(port, line, head, stop):
    """Sends the request line at once, then head one byte every 0.5 s on
    the same connection until stop; returns what the server answered (b""
    when it just closed)."""
    s = socket.create_connection(("127.0.0.1", port))
    s.settimeout(0.5)
    got = b""
    try:
        s.sendall(line)
        for byte in head:
            if stop.is_set():
                break
            s.sendall(bytes([byte]))
            try:
                chunk = s.recv(65536)
                if not chunk:
                    break
                got += chunk
                break
            except socket.timeout:
                pass
        s.settimeout(5)
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            got += chunk
    except OSError:
        pass
    finally:
        s.close()
    return got


def test_slow_headers_leave_service(site, org):
    """Two hundred clients trickling their request headers (a byte every
    half second): others are served meanwhile, and each slow one is
    ended with 408 in the JSON envelope (by the module's header pacing,
    FeedbackHeaderTimeout; mod_reqtimeout's at the latest)."""
    port = int(site.base.rsplit(":", 1)[1])
    line = b"GET /v2/boards HTTP/1.1\r\n"
    head = ("Host: 127.0.0.1\r\nAuthorization: Bearer %s\r\n"
            "X-Padding: %s\r\n\r\n" % (org.key, "p" * 200)).encode()
    stop = threading.Event()
    answers = []

    def slow():
        answers.append(trickle(port, line, head, stop))

    threads = [threading.Thread(target=slow) for _ in range(200)]
    for t in threads:
        t.start()
    try:
        time.sleep(2)
        worst = 0.0
        for _ in range(20):
            t0 = time.time()
            assert org.api.get("/boards").status_code == 200
            worst = max(worst, time.time() - t0)
            time.sleep(0.2)
        figure("200 slow headers: slowest other request (s)",
               round(worst, 3))
        assert worst < 1.0, worst
    finally:
        for t in threads:
            t.join(40)
        stop.set()
    timed_out = [a for a in answers if a.startswith(b"HTTP/1.1 408")]
    assert len(timed_out) >= 190, collections.Counter(
        a[:12] for a in answers)
    body = timed_out[0].split(b"\r\n\r\n", 1)[1]
    assert b'"code":"request_timeout"' in body, timed_out[0]
    assert b"application/json" in timed_out[0].split(b"\r\n\r\n")[0]


def test_slow_unauthenticated_bodies(site, org):
    """Sixty-four clients with a made-up key announcing 100,000 bytes of
    body and sending one a second: each gets its 401 at once, without the
    body being read, and the connection is closed; others are served."""
    port = int(site.base.rsplit(":", 1)[1])
    alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    fake = "sk_" + "".join(secrets.choice(alnum) for _ in range(40))
    socks, answers = [], []
    for _ in range(64):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(("POST /v2/posts HTTP/1.1\r\nHost: x\r\n"
                   "Authorization: Bearer %s\r\n"
                   "Content-Type: application/json\r\n"
                   "Content-Length: 100000\r\n\r\n{" % fake).encode())
        socks.append(s)
    try:
        for _ in range(10):
            t0 = time.time()
            assert org.api.get("/boards").status_code == 200
            assert time.time() - t0 < 1.0
        for s in socks:
            s.settimeout(5)
            answers.append(s.recv(65536))
    finally:
        for s in socks:
            s.close()
    assert all(a.startswith(b"HTTP/1.1 401") for a in answers), answers[:2]
    assert all(b"Connection: close" in a for a in answers)


def test_trace_refused(site, org):
    """TRACE would echo the request, API key included: refused with 405
    in the envelope, and nothing echoed."""
    r = org.api.request("TRACE", "/posts")
    assert_error(r, 405, "method_not_allowed")
    assert org.key not in r.text
    assert "TRACE" not in r.headers.get("Allow", "")


def test_httpd_errors_in_the_envelope(site, org):
    """httpd's own refusals under /v2 (a bad chunk size, a control
    character in a header) answer in the JSON envelope."""
    port = int(site.base.rsplit(":", 1)[1])
    cases = [
        ("POST /v2/posts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n"
         "Content-Type: application/json\r\n"
         "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"
         % org.key),
        ("GET /v2/boards HTTP/1.1\r\nHost: x\r\nX-Bad: a\x01b\r\n\r\n"),
    ]
    for raw in cases:
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.sendall(raw.encode())
            s.settimeout(5)
            got = read_answer(s)
        head, _, body = got.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 400"), got[:200]
        assert b"application/json" in head, head
        assert b'"status":400' in body and b'"type":' in body, body


# ---- a hanging image server ----

class Hang(http.server.BaseHTTPRequestHandler):
    """Accepts, reads the request, and never answers."""

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.server.hits.append(self.path)
        self.server.release.wait(30)


def test_hanging_image_server(pg, org):
    """Ten posts with ten images each on a server that never answers:
    while their downloads wait, no database connection is held (none idle
    in transaction), and other clients are served at once."""
    with https_server(Hang) as images:
        images.release = threading.Event()
        extra = (UNLIMITED + "FeedbackOutboundAllowLoopback On\n"
                 "FeedbackOutboundCAFile %s\nFeedbackOutboundTimeout 2\n"
                 % images.cert + "DBDMax 2\nDBDKeep 2\n")
        with httpd(pg.db, extra) as s:
            o = Org(s, "hang" + secrets.token_hex(3))
            board = s.sql("INSERT INTO boards (org_id, name) "
                          "VALUES (%s, 'H') RETURNING id", o.id)[0][0]
            content = "".join('<p><img src="%s/i%d.png"></p>'
                              % (images.base, i) for i in range(10))
            answers = []

            def create(n):
                answers.append(o.api.post("/posts", json={
                    "title": "hang %d" % n, "boardId": board,
                    "content": content}))

            threads = [threading.Thread(target=create, args=(n,))
                       for n in range(10)]
            for t in threads:
                t.start()
            time.sleep(1.5)
            assert len(images.hits) >= 5
            idle_in_tx = s.sql(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = "
                "'faults' AND state LIKE 'idle in transaction%%'")[0][0]
            worst = 0.0
            for _ in range(10):
                t0 = time.time()
                assert o.api.get("/boards").status_code == 200
                worst = max(worst, time.time() - t0)
            images.release.set()
            for t in threads:
                t.join(120)
            figure("hanging images: slowest other request (s)",
                   round(worst, 3))
            assert idle_in_tx == 0
            assert worst < 0.5, worst
            # The posts are written, without the images that never came.
            assert [a.status_code for a in answers] == [201] * 10
            assert all("<img" not in a.json()["content"] for a in answers)
            assert not crash_lines(s)


def test_database_datestyle_is_not_iso(pg, site, org):
    """A database (or role) whose DateStyle is not PostgreSQL's default:
    the module reads timestamps as ISO text, so its sessions set their
    own DateStyle and the API's dates do not change."""
    since = log_offset(site)
    admin = psycopg2.connect(pg.dsn("postgres"))
    admin.autocommit = True
    created = org.api.post("/posts", json={"boardId": org.board,
                                           "title": "Dated"})
    assert created.status_code == 201, created.text
    post = created.json()
    # Comments and changelogs read their timestamps as text too (a
    # changelog's schedule inside an array of its locales).
    made = [org.api.post("/comments", json={"postId": post["id"],
                                            "content": "<p>Dated</p>"}),
            org.api.post("/changelogs", json={"title": "Dated",
                                              "htmlContent": "<p>x</p>"})]
    assert [r.status_code for r in made] == [201, 201]
    later = (datetime.datetime.now(datetime.timezone.utc)
             + datetime.timedelta(days=2)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
    assert org.api.post("/changelogs/%s/publish" % made[1].json()["id"],
                        json={"scheduledDate": later}).status_code == 200
    items = {}
    for path in ["/posts/" + post["id"]] + [
            p + r.json()["id"] for p, r in zip(("/comments/",
                                                "/changelogs/"), made)]:
        items[path] = org.api.get(path).json()
    try:
        with admin.cursor() as cur:
            cur.execute("ALTER DATABASE faults SET datestyle = 'SQL, DMY'")
            cur.execute("SELECT count(pg_terminate_backend(pid)) "
                        "FROM pg_stat_activity WHERE datname = 'faults'")
        # The sessions made from now on start with SQL, DMY (psycopg2
        # sets its own on connecting: the setting is read instead).
        with admin.cursor() as cur:
            cur.execute("SELECT setconfig FROM pg_db_role_setting s "
                        "JOIN pg_database d ON d.oid = s.setdatabase "
                        "WHERE d.datname = 'faults'")
            assert "DateStyle=SQL, DMY" in sum((r[0] for r in cur), [])
        back = first_success_after(site, org)
        assert back < 1.0, back
        for _ in range(20):
            for path, item in items.items():
                r = org.api.get(path)
                assert r.status_code == 200
                assert r.json() == item
    finally:
        with admin.cursor() as cur:
            cur.execute("ALTER DATABASE faults RESET datestyle")
        admin.close()
    assert not crash_lines(site, since)
