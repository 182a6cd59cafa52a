"""Conversation reads at scale: the list (first page, a deep page, two
tags) and search (filter mode, full text: a rare and a common word) over
an organization of FEEDBACK_BENCH_CONVERSATIONS conversations, and one
conversation of 2,000 parts (500 shown), with the plans
PostgreSQL ran for httpd's own prepared statements (auto_explain).
Skipped unless FEEDBACK_BENCH_CONVERSATIONS is set (bench/conversations.sh
sets it and shows the figures)."""
import os
import re
import statistics
import time

import psycopg2
import pytest
import requests

from conftest import Org, httpd

N = int(os.environ.get("FEEDBACK_BENCH_CONVERSATIONS", "0") or 0)
RUNS = int(os.environ.get("FEEDBACK_BENCH_RUNS", "50") or 50)


def generate(s, org, n):
    """n conversations of one contact, a minute apart, each with its
    first message; tag A on every 10th, B on every 7th; and conversation
    n + 1 with 2,000 parts."""
    contact = s.sql("INSERT INTO contacts (org_id, name, email) VALUES "
                    "(%s, 'Bench', 'bench@example.com') RETURNING id",
                    org.id)[0][0]
    s.sql("INSERT INTO org_counters (org_id, kind, value) "
          "VALUES (%s, 'conversation', %s)", org.id, n + 1)
    s.sql("INSERT INTO conversations (org_id, id, channel, delivered_as, "
          "  waiting_since, last_activity_at, created_at, updated_at) "
          "SELECT %s, g::text, 'desktop', 'customer_initiated', t, t, t, t "
          "FROM generate_series(1, %s + 1) g, "
          "LATERAL (SELECT now() - (%s - g) * interval '1 minute' AS t) x",
          org.id, n, n)
    s.sql("WITH p AS (SELECT g, nextval('conversation_part_ids') AS v "
          "  FROM generate_series(1, %s) g) "
          "INSERT INTO conversation_parts (org_id, conversation_id, id, n, "
          "  part_type, author_kind, author_id, body_html, body_markdown, "
          "  channel, created_at, updated_at) "
          "SELECT %s, g::text, v::text, v, 'user_msg', 'contact', %s, "
          "  '<p>Help with order ' || g || '</p>', 'Help with order ' || g, "
          "  'desktop', now(), now() FROM p", n, org.id, contact)
    s.sql("INSERT INTO conversation_participants (org_id, conversation_id, "
          "  kind, user_id) SELECT %s, g::text, 'contact', %s "
          "FROM generate_series(1, %s + 1) g", org.id, contact, n)
    tags = [s.sql("INSERT INTO conversation_tags (org_id, name) VALUES "
                  "(%s, %s) RETURNING id", org.id, name)[0][0]
            for name in ("A", "B")]
    for tag, every in zip(tags, (10, 7)):
        s.sql("INSERT INTO conversation_tag_links (org_id, conversation_id, "
              "  tag_id, applied_by) SELECT %s, g::text, %s, "
              "  '{\"type\": \"admin\"}' FROM generate_series(%s, %s, %s) g",
              org.id, tag, every, n, every)
    s.sql("SELECT fb_conversation_part_add(%s, %s, CASE WHEN g %% 2 = 0 "
          "  THEN 'admin_msg' ELSE 'user_msg' END, CASE WHEN g %% 2 = 0 "
          "  THEN 'admin' ELSE 'contact' END, CASE WHEN g %% 2 = 0 "
          "  THEN %s ELSE %s END, '<p>Part ' || g || '</p>', 'Part ' || g, "
          "  'desktop', NULL, now() + g * interval '1 second') "
          "FROM generate_series(1, 2000) g", org.id, str(n + 1),
          org.owner_id, contact)
    s.sql("ANALYZE")
    return tags


def system(dsn, *statements):
    """ALTER SYSTEM statements (outside a transaction), then a reload."""
    conn = psycopg2.connect(dsn)
    conn.autocommit = True
    with conn.cursor() as cur:
        for st in statements + ("SELECT pg_reload_conf()",):
            cur.execute(st)
    conn.close()


PLANS_HEADING = ("\n\nPlans (auto_explain, EXPLAIN ANALYZE BUFFERS of "
                 "the prepared statements httpd ran):\n\n")


def captured_plans(s, log, run, kept):
    """The plans PostgreSQL logs (auto_explain, preloaded by every
    session of the database) while run() sends its requests once, those
    whose log entry kept(entry) keeps; at least one."""
    offset = os.path.getsize(log)
    system(s.dsn, "ALTER SYSTEM SET auto_explain.log_min_duration = 0",
           "ALTER SYSTEM SET auto_explain.log_analyze = on",
           "ALTER SYSTEM SET auto_explain.log_buffers = on")
    time.sleep(1)
    try:
        run()
    finally:
        system(s.dsn, *("ALTER SYSTEM RESET auto_explain." + k
                        for k in ("log_min_duration", "log_analyze",
                                  "log_buffers")))
    with open(log, errors="replace") as f:
        f.seek(offset)
        text = f.read()
    plans = [p for p in re.split(r"\n(?=\S.*LOG:)", text) if kept(p)]
    assert plans, text[-2000:]
    return plans


def fetch(session, url, headers, body=None):
    """GET url, or POST body (search) to it."""
    if body is None:
        return session.get(url, headers=headers, timeout=60)
    return session.post(url, headers=headers, json=body, timeout=60)


def timed(session, url, headers, body=None):
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        r = fetch(session, url, headers, body)
        times.append((time.perf_counter() - start) * 1000)
        assert r.status_code == 200, r.text[:300]
    times.sort()
    return r, statistics.median(times), times[int(len(times) * 0.99) - 1]


@pytest.mark.skipif(N <= 0, reason="FEEDBACK_BENCH_CONVERSATIONS is not set")
def test_bench_conversation_reads(cluster, fresh_database):
    dbname = re.search(r"dbname=(\S+)", fresh_database).group(1)
    log = os.path.join(cluster.dir, "server.log")
    # Before httpd starts: its pooled connections open at start, and
    # only sessions begun after this load auto_explain.
    system(fresh_database, "ALTER DATABASE \"%s\" SET "
           "session_preload_libraries = 'auto_explain'" % dbname)
    with httpd(fresh_database, "FeedbackRateLimitKey 0\n"
               "FeedbackRateLimitOrg 0\n") as s:
        org = Org(s, "bench" + os.urandom(3).hex())
        a, b = generate(s, org, N)
        base = s.base + "/v2/conversations"
        headers = {"Authorization": "Bearer " + org.key}
        session = requests.Session()
        cursor = None
        for _ in range(50):
            r = session.get(base + "?limit=100" + (
                "&cursor=" + cursor if cursor else ""), headers=headers)
            cursor = r.json()["nextCursor"]
        cases = [
            ("list, first page (limit=100)", base + "?limit=100"),
            ("list, page 51 (after 5,000)",
             base + "?limit=100&cursor=" + cursor),
            ("list, tagIds=A,B (1 in 70)",
             base + "?limit=100&tagIds=%s,%s" % (a, b)),
            ("one conversation, 2,000 parts (500 shown)",
             base + "/" + str(N + 1)),
        ]
        find = base + "/search"
        tagged = {"field": "tagIds", "operator": "=", "value": a}
        cases = [(title, url, None) for title, url in cases] + [
            ("search: filter, state open (limit=100)", find,
             {"limit": 100, "query": {"field": "state", "operator": "=",
                                      "value": "open"}}),
            ("search: filter, tag A and open (1 in 10)", find,
             {"limit": 100, "query": {"operator": "AND", "value": [
                 tagged, {"field": "state", "operator": "=",
                          "value": "open"}]}}),
            ("search: filter, a tag on none (driven)", find,
             {"limit": 100, "query": {"field": "tagIds", "operator": "=",
                                      "value": "f" * 24}}),
            ("search: text, a rare word (1 match)", find,
             {"search": "order %d" % (N // 2)}),
            ("search: text, a common word (every conversation)", find,
             {"search": "help", "limit": 100}),
        ]
        lines = ["conversations: %d in the organization (one httpd, "
                 "%d sequential requests each, 127.0.0.1)" % (N, RUNS)]
        for title, url, body in cases:
            r, p50, p99 = timed(session, url, headers, body)
            lines.append("  %-50s p50 %7.2f ms  p99 %7.2f ms  %7d bytes"
                         % (title, p50, p99, len(r.content)))
        assert len(session.get(cases[3][1], headers=headers).json()[
            "conversationParts"]) == 500
        assert [c["id"] for c in fetch(session, find, headers, cases[7][2])
                .json()["data"]] == [str(N // 2)]
        plans = captured_plans(
            s, log, lambda: [fetch(session, url, headers, body)
                             for title, url, body in cases],
            lambda p: "conversations cv" in p and "Query Text" in p)
    out = "\n".join(lines) + PLANS_HEADING + "\n\n".join(plans) + "\n"
    print("\n" + "\n".join(lines))
    with open(os.environ.get("FEEDBACK_BENCH_OUT", os.devnull), "w") as f:
        f.write(out)
