"""Tenant isolation (issue 27): what one organization does must not take
the service from another.

One httpd with the shipped configuration (conf/httpd.conf.in) serves two
organizations: the attacker, A, with 6,000 conversations and 20,000
posts that all say "widget", and the victim, B, with a few boards and
posts.  Each scenario measures B's reads (GET /v2/boards and a page of
posts, in turn, one every 20 ms on one kept-alive connection, a 5 s
timeout) idle, then during an attack of its own (from 1 s after the
attack's connections are up), done for real for 12 s from a process of
its own (t/api/attackers.py), bounded in time and stopping by itself:

  slow bodies     300 connections with A's Viewer key, POST /v2/nothing
                  and POST /v2/posts, Content-Length 1,000,000, then 60
                  bytes every 0.1 s
  slow headers    400 connections trickling their headers, 2 bytes a
                  second
  search          8 of A's clients looping POST /v2/conversations/search
                  {"search": "widget", "limit": 100}
  worst search    the same with 1,000 characters of text and an OR group
                  of 15 clauses
  post search     8 of A's clients looping GET /v2/posts?q=widget
  lists           16 of A's clients hammering lists of posts and
                  conversations
  refused keys    made-up well-formed sk_ keys from B's own address
                  (127.0.0.1): 120 in 3 s, then 2 a second, for 16 s

A scenario passes when B's p99 during the attack stays within 3x its
idle p99 on both paths, over at least 100 reads each, with every read
answered 200 (no timeout, no 5xx, no 429: B's key is good), and the
attacker only ever got 408, 429 or another 4xx (a 2xx for requests that
are its right to make, and a connection cut or still trickling for a
slow client), and no child crashed.  A p99 of a few hundred reads is
decided by its slowest few, which one stall of a shared machine makes:
a scenario that misses only the bound is measured again (idle and
attack again, up to twice) and passes when a measurement meets it;
everything else must hold every time.  The figures are printed as FIGURE lines (-s).  It is part of the
suite: about 3 minutes here.

The per-minute limits of keys and organizations are lifted
(FeedbackRateLimitKey/Org): B's measuring alone (50 reads a second) is
over the default per key, and isolation must not rest on a quota an
operator may raise for a big tenant.  The refused-key limit and the key
cache's lifetime are the defaults (100 a minute; 10 s).
"""
import collections
import os
import re
import secrets
import sys
import time

import pytest

from conftest import BAD_LOG, Org, httpd
from helpers import Attack, Reads

EXTRA = ("FeedbackRateLimitKey 1000000\nFeedbackRateLimitOrg 1000000\n"
         "FeedbackKeyCacheTTL 10\n")
CONVERSATIONS = 6000
POSTS = 20000
VICTIM_PATHS = ("/v2/boards", "/v2/posts?limit=20")
IDLE_READS = 100            # per path
ATTACK_SECONDS = 12         # the attack; B reads from RAMP seconds after
RAMP = 1                    # its connections are up to 1 s before its end
BOUND = 3                   # B's p99 during / idle
AGAIN = 2                   # measurements after one missing only BOUND
WORD = "widget"


def figure(scenario, what, value):
    """Prints a measured figure (pytest -s shows them)."""
    sys.stdout.write("\nFIGURE tenants %s: %s: %s\n" % (scenario, what, value))


def seed_attacker(s, org):
    """A's data: CONVERSATIONS conversations of one contact, each a
    customer's message, an admin's answer and a reply, all saying WORD
    (and a title every third), and POSTS posts saying it."""
    contact = s.sql("INSERT INTO contacts (org_id, name, email) VALUES "
                    "(%s, 'Mass', 'mass@example.com') RETURNING id",
                    org.id)[0][0]
    n = CONVERSATIONS
    s.sql("INSERT INTO org_counters (org_id, kind, value) "
          "VALUES (%s, 'conversation', %s)", org.id, n)
    s.sql("INSERT INTO conversations (org_id, id, channel, delivered_as, "
          "  title, waiting_since, last_activity_at, created_at, updated_at) "
          "SELECT %s, g::text, 'desktop', 'customer_initiated', "
          "  CASE WHEN g %% 3 = 0 THEN 'Widget trouble ' || g END, "
          "  t, t, t, t FROM generate_series(1, %s) g, "
          "LATERAL (SELECT now() - (%s - g) * interval '1 minute' AS t) x",
          org.id, n, n)
    s.sql("WITH p AS (SELECT g, k, nextval('conversation_part_ids') AS v "
          "  FROM generate_series(1, %s) g, generate_series(1, 3) k) "
          "INSERT INTO conversation_parts (org_id, conversation_id, id, n, "
          "  part_type, author_kind, author_id, body_html, body_markdown, "
          "  channel, created_at, updated_at) "
          "SELECT %s, g::text, v::text, v, "
          "  CASE k WHEN 2 THEN 'admin_msg' ELSE 'user_msg' END, "
          "  CASE k WHEN 2 THEN 'admin' ELSE 'contact' END, "
          "  CASE k WHEN 2 THEN %s ELSE %s END, '<p>' || x.t || '</p>', x.t, "
          "  'desktop', now() + k * interval '1 second', now() FROM p, "
          "LATERAL (SELECT CASE k "
          "  WHEN 1 THEN 'My widget ' || g || ' stopped syncing after the "
          "update and the dashboard shows an error' "
          "  WHEN 2 THEN 'Sorry about the widget: please restart it and "
          "send us the export of its logs' "
          "  ELSE 'Restarted the widget, the sync works again, thanks' "
          "END AS t) x", n, org.id, org.owner_id, contact)
    s.sql("INSERT INTO conversation_participants (org_id, conversation_id, "
          "  kind, user_id) SELECT %s, g::text, 'contact', %s "
          "FROM generate_series(1, %s) g", org.id, contact, n)
    board = s.sql("INSERT INTO boards (org_id, name) VALUES (%s, 'Ideas') "
                  "RETURNING id", org.id)[0][0]
    status = s.sql("SELECT id FROM post_statuses WHERE org_id = %s "
                   "AND type = 'reviewing'", org.id)[0][0]
    s.sql("INSERT INTO posts (org_id, slug, title, content, content_text, "
          "  board_id, status_id, created_at) "
          "SELECT %s, 'widget-' || i, 'A widget for ' || i || ' reports', "
          "  '<p>Export the widget data to a spreadsheet every week</p>', "
          "  'Export the widget data to a spreadsheet every week', %s, %s, "
          "  timestamptz '2025-01-01' + i * interval '1 minute' "
          "FROM generate_series(1, %s) i", org.id, board, status, POSTS)


def seed_victim(s, org):
    """B's data: five boards and fifty posts."""
    boards = [s.sql("INSERT INTO boards (org_id, name) VALUES (%s, %s) "
                    "RETURNING id", org.id, "Board %d" % i)[0][0]
              for i in range(5)]
    status = s.sql("SELECT id FROM post_statuses WHERE org_id = %s "
                   "AND type = 'reviewing'", org.id)[0][0]
    s.sql("INSERT INTO posts (org_id, slug, title, content, content_text, "
          "  board_id, status_id) SELECT %s, 'post-' || i, 'Post ' || i, "
          "  '<p>Text of post ' || i || '</p>', 'Text of post ' || i, "
          "  (%s::text[])[i %% 5 + 1], %s FROM generate_series(1, 50) i",
          org.id, boards, status)


@pytest.fixture(scope="module")
def site(database):
    with httpd(database, EXTRA) as s:
        yield s


class Tenants:
    """The two organizations: A attacks with its Viewer key, B reads with
    its own."""

    def __init__(self, site):
        self.site = site
        self.port = int(site.base.rsplit(":", 1)[1])
        self.a = Org(site, "attacker" + secrets.token_hex(3))
        self.b = Org(site, "victim" + secrets.token_hex(3))
        seed_attacker(site, self.a)
        seed_victim(site, self.b)
        site.sql("ANALYZE contacts, conversations, conversation_parts, "
                 "conversation_participants, boards, posts")
        self.a_key = self.a.key_for("viewer")
        self.b_key = self.b.key_for("viewer")
        self.reads = Reads(site.base, self.b_key, VICTIM_PATHS)


@pytest.fixture(scope="module")
def tenants(site):
    return Tenants(site)


# ---- the attacks: each a spec for attackers.py ----

def slow_head(t, path, length):
    return ("POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Authorization: Bearer %s\r\nContent-Type: application/json\r\n"
            "Content-Length: %d\r\n\r\n" % (path, t.a_key, length))


def slow_bodies(t):
    body = ('{"title": "' + "x" * 999987 + '"}')
    assert len(body) == 1000000
    return dict(kind="slow", connections=300, rate=600, tick=0.1,
                requests=[[slow_head(t, p, len(body)), body]
                          for p in ("/v2/nothing", "/v2/posts")])


def slow_headers(t):
    head = ("Host: 127.0.0.1\r\nAuthorization: Bearer %s\r\n"
            "X-Padding: %s\r\n\r\n" % (t.a_key, "p" * 200))
    return dict(kind="slow", connections=400, rate=2, tick=0.5,
                requests=[["GET /v2/boards HTTP/1.1\r\n", head]])


def searching(body, clients=8):
    def spec(t):
        return dict(kind="requests", clients=clients, requests=[dict(
            method="POST", path="/v2/conversations/search", body=body,
            key=t.a_key)])
    return spec


def clause(field, op, value):
    return {"field": field, "operator": op, "value": value}


def worst_search_body():
    """The search at its limits: 1,000 characters of text (the word again
    and again: every part still matches; other words would match
    nothing, which is cheap), and an OR of 15 clauses whose first 14
    (100 ids each, of what A does not have) fail on every conversation
    before the last admits it.  Alone, on this machine: about 3 s, where
    the plain search takes 0.6 to 1 s."""
    ids = ["%024x" % (0xfeed0000 + i) for i in range(100)]
    fields = ("tagIds", "participantId", "companyId", "adminAssigneeId",
              "teamAssigneeId", "brandId", "userId")
    group = [clause(fields[i % len(fields)], "IN", ids) for i in range(14)]
    group.append(clause("state", "IN", ["open", "closed", "snoozed"]))
    text = " ".join([WORD] * 143)
    assert len(text) == 1000
    return {"search": text, "limit": 100,
            "query": {"operator": "OR", "value": group}}


def listing(t):
    return dict(kind="requests", clients=16, requests=[
        dict(path=p, key=t.a_key) for p in
        ("/v2/posts?limit=100", "/v2/conversations?limit=100")])


def post_search(t):
    return dict(kind="requests", clients=8, requests=[
        dict(path="/v2/posts?q=%s&limit=100" % WORD, key=t.a_key)])


def refused_keys(t):
    # No key: each request makes up its own.
    return dict(kind="requests", clients=1, schedule=[[120, 40], [None, 2]],
                requests=[dict(path="/v2/boards", key=None)])


class Scenario:
    """An attack: its name, its spec (made from the organizations),
    whether its requests are A's right to make (so may be answered 2xx),
    whether it needs the rest of the minute to itself, how long."""

    def __init__(self, name, spec, served=False, window=False,
                 seconds=ATTACK_SECONDS):
        self.name, self.spec, self.seconds = name, spec, seconds
        self.served, self.window = served, window


SCENARIOS = [
    Scenario("slow bodies", slow_bodies),
    Scenario("slow headers", slow_headers),
    Scenario("search", searching({"search": WORD, "limit": 100}),
             served=True),
    Scenario("worst search", searching(worst_search_body()), served=True),
    Scenario("post search", post_search, served=True),
    Scenario("lists", listing, served=True),
    # Last: its address is refused new keys until the minute ends.  B
    # reads 12.5 s after the limit is crossed (2.5 s in): B's key leaves
    # its child's key cache (10 s) in that time, whenever it came in.
    Scenario("refused keys", refused_keys, window=True, seconds=16),
]

# What an attacker may get: any 4xx (408 cut, 429 refused, 401 a made-up
# key, 404 no route, 403 a Viewer writing), its connection cut, or still
# waiting when the attack ended; a 2xx only for what it may do.
CUT = {"closed", "reset", "unfinished", "connect-failed"}


def attacker_ok(status, served):
    if status in CUT:
        return True
    if not status.isdigit():
        return False
    code = int(status)
    return 400 <= code < 500 or (served and 200 <= code < 300)


def server_connections(port):
    """Connections the server holds on port (its side of each, from
    /proc/net/tcp; none listening or in TIME_WAIT)."""
    n = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as f:
                rows = f.read().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            local, state = row.split()[1], row.split()[3]
            if int(local.rsplit(":", 1)[1], 16) == port \
                    and state not in ("0A", "06"):
                n += 1
    return n


def settle(t, seconds=20):
    """Waits until the last attack is gone: no connection but B's own
    left on the server, PostgreSQL running nothing but this query (an
    attack's last searches may outlive its clients); then a second
    more."""
    deadline = time.time() + seconds
    while time.time() < deadline and (
            server_connections(t.port) > 1 or t.site.sql(
                "SELECT count(*) FROM pg_stat_activity WHERE state = "
                "'active' AND pid <> pg_backend_pid() AND backend_type = "
                "'client backend'")[0][0]):
        time.sleep(0.2)
    time.sleep(1)


def log_size(site):
    return os.path.getsize(site.error_log)


def log_since(site, offset):
    """The error log's lines from offset on: those telling of a crashed
    child, and how many lines each code (AH..., FB...) wrote."""
    with open(site.error_log, errors="replace") as f:
        f.seek(offset)
        lines = f.read().splitlines()
    crashed = [l for l in lines if BAD_LOG.search(l) and (
        "exit signal" in l or "Segmentation" in l or "Sanitizer" in l)]
    codes = collections.Counter(
        (re.findall(r"\b(?:AH|FB)\d{5}\b", l) or ["other"])[0]
        for l in lines)
    return crashed, dict(codes)


def wait_for_window(seconds):
    """Waits for a new minute when less than seconds of this one are
    left (the refused-key window is a fixed minute)."""
    if 60 - time.time() % 60 < seconds:
        time.sleep(60.5 - time.time() % 60)


def attack_once(t, scenario):
    """One measurement of scenario: B idle, then B during the attack.
    What failed (the p99 bound apart), and whether B's p99 kept it."""
    name = scenario.name
    settle(t)
    if scenario.window:
        wait_for_window(scenario.seconds + 10)
    spec = dict(scenario.spec(t), port=t.port, seconds=scenario.seconds,
                nice=5)
    load, since = os.getloadavg()[0], log_size(t.site)
    idle = t.reads.run(each=IDLE_READS)
    with Attack(spec) as attack:
        # B reads nothing while the attack takes hold: httpd is still
        # accepting it (a child that filled up while one of B's reads
        # had a worker stops accepting with that worker free: B's luck,
        # not isolation).
        time.sleep(RAMP)
        during = t.reads.run(seconds=attack.remaining() - 1)
    got = attack.result["statuses"]
    figure(name, "idle p50/p99 ms", idle.summary())
    figure(name, "during p50/p99 ms", "%s; %d reads, answers %s, "
           "timeouts %d, reconnects %d" % (
               during.summary(), during.reads(), dict(during.statuses),
               during.timeouts, during.reconnects))
    figure(name, "attacker", "answers %s, median wait (s) %s, %s"
           "its CPU %s s" % (
               got, attack.result["median_wait_s"],
               "connections %d, " % attack.result["connections_opened"]
               if "connections_opened" in attack.result else "",
               attack.result["cpu_s"]))
    crashed, logged = log_since(t.site, since)
    figure(name, "error log lines", logged)
    figure(name, "load average before / after", "%.2f / %.2f"
           % (load, os.getloadavg()[0]))
    assert idle.statuses == {200: idle.reads()}, idle.statuses
    failed, slow = [], []
    for path in VICTIM_PATHS:
        if len(during.ms[path]) < 100:
            failed.append("%s: %d reads during" % (path,
                                                   len(during.ms[path])))
        elif during.p99(path) > BOUND * idle.p99(path):
            slow.append("%s: p99 %.1f ms > %d x %.1f ms" % (
                path, during.p99(path), BOUND, idle.p99(path)))
    if during.statuses != {200: during.reads()}:
        failed.append("B's answers %s" % dict(during.statuses))
    bad = {k: v for k, v in got.items()
           if not attacker_ok(k, scenario.served)}
    if bad:
        failed.append("the attacker got %s" % bad)
    return failed + crashed, slow


@pytest.mark.parametrize("scenario", SCENARIOS,
                         ids=[s.name.replace(" ", "-") for s in SCENARIOS])
def test_second_organization_keeps_its_service(tenants, scenario):
    failed, slow = attack_once(tenants, scenario)
    for _ in range(AGAIN):
        if failed or not slow:
            break
        # A p99 of a few hundred reads is its slowest few: one stall of a
        # shared machine decides it.  The bound is met when a later
        # measurement, idle and attack again, meets it; everything else
        # (timeouts, 5xx, what the attacker got) must hold every time.
        figure(scenario.name, "measured again", "; ".join(slow))
        failed, slow = attack_once(tenants, scenario)
    assert not failed + slow, "%s: %s" % (scenario.name,
                                          "; ".join(failed + slow))
