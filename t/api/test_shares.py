"""Fair shares of a node (fb_shares.h): what one organization may hold at
once of the workers, of the expensive searches and of the uploads, and
the bulkhead and time budget of searches.  Each is filled for real (slow
sockets, a table locked from outside) on a small node whose limits are
set low, and server-status shows the books."""
import contextlib
import os
import re
import secrets
import signal
import socket
import threading
import time

import psycopg2
import pytest
import requests

from conftest import Org, httpd
from helpers import assert_error, wait_for
from test_conversations import started
from test_faults import children

# A search cancelled by its time budget is logged (FB00524), as meant.
ALLOWED_LOG = ("FB00524",)

NODE = """LoadModule status_module /usr/lib/apache2/modules/mod_status.so
ExtendedStatus On
<Location /server-status>
    SetHandler server-status
    Require all granted
</Location>
StartServers 1
ServerLimit 1
ThreadsPerChild 64
MaxRequestWorkers 64
MinSpareThreads 1
MaxSpareThreads 64
DBDMin 0
DBDKeep 2
DBDMax 2
FeedbackShareWorkers 10
FeedbackShareFloor 2
FeedbackExpensivePerOrganization 1
FeedbackExpensivePerNode 2
FeedbackExpensiveQueue 50ms
FeedbackExpensiveTimeout 400ms
FeedbackUploadsPerOrganization 1
"""


@pytest.fixture(scope="module")
def node(database):
    with httpd(database, NODE) as s:
        yield s


def node_conf(**values):
    """NODE with some of its Feedback directives set otherwise (named
    without the prefix)."""
    conf = NODE
    for name, value in values.items():
        conf, n = re.subn(r"^Feedback%s .*$" % name,
                          "Feedback%s %s" % (name, value), conf, flags=re.M)
        assert n == 1, name
    return conf


@contextlib.contextmanager
def conversations_locked(dsn):
    """The conversations table locked from outside for the block: every
    search waits on it."""
    conn = psycopg2.connect(dsn)
    try:
        conn.cursor().execute(
            "LOCK TABLE conversations IN ACCESS EXCLUSIVE MODE")
        yield
    finally:
        conn.rollback()
        conn.close()


def auto(node):
    r = requests.get(node.base + "/server-status?auto", timeout=30)
    assert r.status_code == 200
    return dict(re.findall(r"^(FB[A-Za-z]+): (.*)$", r.text, re.M))


def port(node):
    return int(node.base.rsplit(":", 1)[1])


def held_open(node, key, count, path="/v2/boards",
              content_type="application/json"):
    """count connections that sent a request's head announcing a body
    and then nothing: each holds a worker in its body read."""
    socks = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port(node)))
        s.sendall(("POST %s HTTP/1.1\r\nHost: x\r\n"
                   "Authorization: Bearer %s\r\n"
                   "Content-Type: %s\r\n"
                   "Content-Length: 100000\r\n\r\n"
                   % (path, key, content_type)).encode())
        socks.append(s)
    return socks


def close_all(socks):
    for s in socks:
        s.close()


def test_one_organization_holds_at_most_its_share_of_workers(node):
    a = Org(node, "sharea" + secrets.token_hex(3))
    b = Org(node, "shareb" + secrets.token_hex(3))
    status = auto(node)
    assert status["FBShareWorkersOfNode"] == "64"
    pool = int(status["FBShareWorkersPool"])
    assert pool == 6    # 10 % of 64
    refused = int(status["FBShareWorkersRefused"])
    # Alone, A may hold the whole pool: work-conserving.
    socks = held_open(node, a.key, pool)
    try:
        assert wait_for(lambda: auto(node)["FBShareWorkersHeld"] == str(pool))
        r = a.api.get("/boards")
        assert_error(r, 429, "rate_limit_exceeded")
        assert r.headers["Retry-After"] == "1"
        assert "requests in flight" in r.json()["error"]["message"]
        # Another organization is served meanwhile: it holds nothing.
        t0 = time.time()
        assert b.api.get("/boards").status_code == 200
        assert time.time() - t0 < 1
        assert int(auto(node)["FBShareWorkersRefused"]) == refused + 1
        html = requests.get(node.base + "/server-status", timeout=30).text
        assert "Fair shares" in html and a.id in html
    finally:
        close_all(socks)
    # Given back when the requests end, however they end.
    assert wait_for(lambda: auto(node)["FBShareWorkersHeld"] == "0")
    assert a.api.get("/boards").status_code == 200


def test_a_refused_request_is_answered_before_its_body(node):
    """Over its share, a request announcing a body gets its 429 at once
    and the connection is closed: nothing of the body is waited for."""
    a = Org(node, "sharec" + secrets.token_hex(3))
    pool = int(auto(node)["FBShareWorkersPool"])
    socks = held_open(node, a.key, pool)
    try:
        assert wait_for(lambda: auto(node)["FBShareWorkersHeld"] == str(pool))
        extra = held_open(node, a.key, 1)[0]
        extra.settimeout(5)
        head = extra.recv(65536).decode("latin-1")
        extra.close()
        assert head.startswith("HTTP/1.1 429"), head
        assert re.search(r"^Connection: close", head, re.M | re.I)
    finally:
        close_all(socks)
    assert wait_for(lambda: auto(node)["FBShareWorkersHeld"] == "0")


@pytest.fixture
def locked(node):
    """Locks the conversations table from outside until released."""
    conn = psycopg2.connect(node.dsn)
    cur = conn.cursor()
    state = {"held": False}

    def take():
        cur.execute("LOCK TABLE conversations IN ACCESS EXCLUSIVE MODE")
        state["held"] = True

    def release():
        if state["held"]:
            conn.rollback()
            state["held"] = False

    yield take, release
    release()
    conn.close()


def in_thread(fn):
    out = {}

    def run():
        out["r"] = fn()
    t = threading.Thread(target=run)
    t.start()
    return t, out


def test_searches_have_a_budget_and_a_bulkhead(node, locked):
    take, release = locked
    a = Org(node, "expa" + secrets.token_hex(3))
    started(a)
    body = {"search": "anything", "limit": 10}
    take()
    t, out = in_thread(lambda: a.api.post("/conversations/search",
                                          json=body))
    try:
        assert wait_for(lambda: auto(node)["FBShareExpensiveHeld"] == "1")
        # The organization runs as many searches as it may: one more
        # waits FeedbackExpensiveQueue for it, then is refused.
        refused, t0 = int(auto(node)["FBShareExpensiveRefused"]), time.time()
        r = a.api.post("/conversations/search", json=body)
        assert time.time() - t0 >= 0.05
        assert_error(r, 429, "rate_limit_exceeded")
        assert "searches" in r.json()["error"]["message"]
        assert r.headers["Retry-After"] == "1"
        # Counted once, however often it looked while it waited.
        assert int(auto(node)["FBShareExpensiveRefused"]) == refused + 1
        # The search holds the bulkhead's one connection: cheap requests
        # still find the other.
        t0 = time.time()
        assert a.api.get("/boards").status_code == 200
        assert time.time() - t0 < 0.3
    finally:
        t.join(10)
    # The statement ran past FeedbackExpensiveTimeout and was cancelled.
    r = out["r"]
    assert_error(r, 400, "query_too_expensive")
    assert "time budget" in r.json()["error"]["message"]
    assert auto(node)["FBShareExpensiveHeld"] == "0"
    release()
    assert a.api.post("/conversations/search", json=body).status_code == 200
    # The time-out went with the search: statements of ordinary requests
    # on the same connections wait for a lock longer than it.
    take()
    lists = [in_thread(lambda: a.api.get("/conversations"))
             for _ in range(2)]
    time.sleep(1.0)
    release()
    for t, out in lists:
        t.join(10)
        assert out["r"].status_code == 200, out["r"].text


def test_a_search_over_the_limit_waits_for_its_own(database):
    """A client looping searches is paced by its organization's own: one
    over the limit waits for one to finish and then runs, and another
    organization's search does not wait for either."""
    conf = node_conf(ExpensiveTimeout="10s", ExpensiveQueue="10s")
    with httpd(database, conf) as s:
        a = Org(s, "queuea" + secrets.token_hex(3))
        b = Org(s, "queueb" + secrets.token_hex(3))
        body = {"search": "x"}
        with conversations_locked(s.dsn):
            first, out1 = in_thread(lambda: a.api.post(
                "/conversations/search", json=body))
            assert wait_for(lambda: auto(s)["FBShareExpensiveHeld"] == "1")
            t0 = time.time()
            second, out2 = in_thread(lambda: (a.api.post(
                "/conversations/search", json=body), time.time() - t0))
            time.sleep(0.5)
            assert auto(s)["FBShareExpensiveHeld"] == "1"
            assert "r" not in out2
            # B's search is A's business only: it is not refused for
            # what A holds (it waits for the lock, as A's does).
            other, out3 = in_thread(lambda: b.api.post(
                "/conversations/search", json=body))
            assert wait_for(lambda: auto(s)["FBShareExpensiveHeld"] == "2")
        for t in (first, second, other):
            t.join(10)
        assert out1["r"].status_code == 200
        r, waited = out2["r"]
        assert r.status_code == 200, r.text
        assert waited >= 0.5
        assert out3["r"].status_code == 200
        assert auto(s)["FBShareExpensiveRefused"] == "0"
        assert auto(s)["FBShareExpensiveHeld"] == "0"


def ended(node, part):
    """When (microseconds, the server's clock) the request of the test's
    part named part was logged: before its pool, and the unit of search
    it held, was given back."""
    def logged():
        with open(os.path.join(node.run_dir, "logs", "ends.log")) as f:
            return [int(e) for p, e in (l.split() for l in f) if p == part]
    # A line is written after its answer is sent.
    assert wait_for(lambda: len(logged()) == 1)
    return logged()[0]


def test_the_node_s_searches_go_to_the_fairest(database):
    """With FeedbackExpensivePerNode searches running, others wait their
    turn; the one freed goes to the organization holding fewest, not to
    the one with most waiting, and over the queue's time a search is
    told the server is busy."""
    conf = node_conf(ExpensivePerNode=1, ExpensivePerOrganization=2,
                     ExpensiveTimeout="10s", ExpensiveQueue="3s")
    conf += ('LogFormat "%{X-Test}i %{end:usec}t" ends\n'
             "CustomLog logs/ends.log ends\n")
    with httpd(database, conf) as s:
        a = Org(s, "fairA" + secrets.token_hex(3))
        b = Org(s, "fairB" + secrets.token_hex(3))
        c = Org(s, "fairC" + secrets.token_hex(3))
        body = {"search": "x"}

        def search(org, part="-"):
            return org.api.post("/conversations/search", json=body,
                                headers={"X-Test": part})
        with conversations_locked(s.dsn):
            first = in_thread(lambda: search(a, "a1"))
            assert wait_for(lambda: auto(s)["FBShareExpensiveHeld"] == "1")
            assert auto(s)["FBShareExpensiveOfNode"] == "1"
            # A's second comes first, then B's: both wait (A is under its
            # own limit of 2: the node is full).
            second = in_thread(lambda: search(a, "a2"))
            assert wait_for(
                lambda: auto(s)["FBShareExpensiveWaiting"] == "1")
            other = in_thread(lambda: search(b, "b"))
            assert wait_for(
                lambda: auto(s)["FBShareExpensiveWaiting"] == "2")
        for t, out in (first, second, other):
            t.join(20)
            assert out["r"].status_code == 200, out["r"].text
        # B held nothing when A's first ended: B's search ran before A's
        # second, which took the unit B gave back once B's answer was
        # logged.  (The clients' clocks would not tell: the two answers
        # come a few milliseconds apart, to two threads of one process.)
        assert ended(s, "b") < ended(s, "a2")
        # A search that never gets its turn is told so, after the queue.
        with conversations_locked(s.dsn):
            held = in_thread(lambda: search(a))
            assert wait_for(lambda: auto(s)["FBShareExpensiveHeld"] == "1")
            t0 = time.time()
            r = c.api.post("/conversations/search", json=body)
            waited = time.time() - t0
        held[0].join(20)
        assert_error(r, 429, "rate_limit_exceeded")
        assert "as many searches at once" in r.json()["error"]["message"]
        assert r.headers["Retry-After"] == "1"
        assert waited >= 3


def cut_short(call):
    """call's answer, or the exception of a connection cut under it."""
    try:
        return call()
    except requests.ConnectionError as e:
        return e


def test_a_killed_child_gives_back_what_it_held(database):
    """A child SIGKILLed while its requests hold a search, wait for
    another and hold workers: the parent gives all of it back, so the
    organization (and the node) can search again."""
    conf = node_conf(ExpensiveTimeout="10s", ExpensiveQueue="10s")
    with httpd(database, conf) as s:
        a = Org(s, "killa" + secrets.token_hex(3))
        body = {"search": "x"}
        with conversations_locked(s.dsn):
            searches = [in_thread(lambda: cut_short(lambda: a.api.post(
                "/conversations/search", json=body))) for _ in range(2)]
            assert wait_for(lambda: auto(s)["FBShareExpensiveHeld"] == "1"
                            and auto(s)["FBShareExpensiveWaiting"] == "1")
            assert auto(s)["FBShareWorkersHeld"] == "2"
            _, kids = children(s)
            for pid in kids:
                os.kill(pid, signal.SIGKILL)
            for t, out in searches:
                t.join(10)
                assert isinstance(out["r"], requests.ConnectionError)
            assert wait_for(lambda: auto(s)["FBShareWorkersHeld"] == "0",
                            seconds=10)
            book = auto(s)
            assert book["FBShareExpensiveHeld"] == "0"
            assert book["FBShareExpensiveWaiting"] == "0"
        assert a.api.post("/conversations/search", json=body) \
            .status_code == 200
        with open(s.error_log, errors="replace") as f:
            given = [l for l in f if "FB00043" in l]
        # Two workers of the organization, two of its key, the search,
        # the database the search used, and the wait.
        assert len(given) == 1 and "holding 7 of" in given[0], given


def test_full_text_lists_are_expensive(node, locked):
    """A q= list is a search: the same per-organization limit."""
    take, release = locked
    a = Org(node, "expb" + secrets.token_hex(3))
    take()
    t, out = in_thread(lambda: a.api.post("/conversations/search",
                                          json={"search": "x"}))
    try:
        assert wait_for(lambda: auto(node)["FBShareExpensiveHeld"] == "1")
        assert_error(a.api.get("/posts", params={"q": "x"}), 429,
                     "rate_limit_exceeded")
        assert_error(a.api.get("/tickets", params={"q": "x"}), 429,
                     "rate_limit_exceeded")
        assert_error(a.api.get("/changelogs", params={"q": "x"}), 429,
                     "rate_limit_exceeded")
        # Without q the same lists are not.
        assert a.api.get("/posts").status_code == 200
    finally:
        t.join(10)
        release()
    assert out["r"].status_code == 400


def test_uploads_per_organization(node):
    a = Org(node, "upa" + secrets.token_hex(3))
    b = Org(node, "upb" + secrets.token_hex(3))
    multipart = "multipart/form-data; boundary=xyz"
    first = held_open(node, a.key, 1, "/v2/tickets", multipart)
    try:
        assert wait_for(lambda: auto(node)["FBShareUploadsHeld"] == "1")
        r = a.api.post("/tickets", files={"title": (None, "T")})
        assert_error(r, 429, "rate_limit_exceeded")
        assert "uploads" in r.json()["error"]["message"]
        # Another organization's upload is let in (its own is refused
        # for what it holds, not for A's).
        second = held_open(node, b.key, 1, "/v2/tickets", multipart)
        try:
            assert wait_for(lambda: auto(node)["FBShareUploadsHeld"] == "2")
            assert auto(node)["FBShareUploadsOrganizations"] == "2"
        finally:
            close_all(second)
    finally:
        close_all(first)
    assert wait_for(lambda: auto(node)["FBShareUploadsHeld"] == "0")


def test_a_full_bulkhead_answers_429(database):
    """With the bulkhead's one connection held by a search, another
    organization's search waits FeedbackDBAcquireTimeout for it, then is
    told the class is busy (429), not that the database is away."""
    conf = node_conf(ExpensiveTimeout="5s") \
        + "FeedbackDBAcquireTimeout 300ms\n"
    with httpd(database, conf) as s:
        a = Org(s, "bulka" + secrets.token_hex(3))
        b = Org(s, "bulkb" + secrets.token_hex(3))
        with conversations_locked(s.dsn):
            t, out = in_thread(lambda: a.api.post(
                "/conversations/search", json={"search": "x"}))
            assert wait_for(lambda: auto(s)["FBShareExpensiveHeld"] == "1")
            t0 = time.time()
            r = b.api.post("/conversations/search", json={"search": "x"})
            assert_error(r, 429, "rate_limit_exceeded")
            assert "searches is busy" in r.json()["error"]["message"]
            assert r.headers["Retry-After"] == "1"
            assert 0.25 < time.time() - t0 < 2
            # Cheap requests are not held by it.
            assert b.api.get("/boards").status_code == 200
        t.join(10)
        assert out["r"].status_code == 200


@pytest.mark.parametrize("path,body", [
    ("/posts/search", {"query": {"field": "upvotes", "operator": ">",
                                 "value": 0}}),
    ("/posts/search", {"search": "anything"}),
    ("/comments/search", {"query": {"field": "isPrivate", "operator": "=",
                                    "value": False}}),
])
def test_every_search_takes_a_turn_within_the_budget(node, path, body):
    """The one search engine enters the expensive class before its first
    statement, filter mode too: it holds a turn, and a statement past
    FeedbackExpensiveTimeout is cancelled (400 query_too_expensive)."""
    a = Org(node, "expf" + secrets.token_hex(3))
    conn = psycopg2.connect(node.dsn)
    cur = conn.cursor()
    cur.execute("LOCK TABLE posts, comments IN ACCESS EXCLUSIVE MODE")
    t, out = in_thread(lambda: a.api.post(path, json=body))
    try:
        assert wait_for(lambda: auto(node)["FBShareExpensiveHeld"] == "1")
    finally:
        t.join(10)
        conn.rollback()
        conn.close()
    assert_error(out["r"], 400, "query_too_expensive")
    assert auto(node)["FBShareExpensiveHeld"] == "0"
    assert a.api.post(path, json=body).status_code == 200
