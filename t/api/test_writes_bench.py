"""The writes of a support inbox under load, each against its floor
(bench/writes.sh, bench/README.md "Writes"): create post, vote, comment,
conversation reply (contact and admin), conversation state change,
ticket PATCH, contact upsert; each with and without an Idempotency-Key:
requests per second, p50 and p99, and the CPU time PostgreSQL and httpd
spend per write (/proc), beside pgbench's cost of the least that write
must write (prepared, as many clients as wrk's connections), in the same
run; then each write's statements (pg_stat_statements).
Skipped unless FEEDBACK_BENCH_WRITES (seconds per run) is set."""
import glob
import os
import re
import subprocess
import secrets
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import ROOT, Org, httpd
from test_posts_create_bench import CONNS, cputime, track

SECS = int(os.environ.get("FEEDBACK_BENCH_WRITES", "0") or 0)
AUTHORS = 1000          # contacts user<n>@bench.example, userId u<n>
POSTS = int(os.environ.get("FEEDBACK_BENCH_SEED", "20000") or 2000)
CONVERSATIONS = int(os.environ.get("FEEDBACK_BENCH_CONVERSATIONS", "400")
                    or 400)
TICKETS = int(os.environ.get("FEEDBACK_BENCH_TICKETS", "400") or 400)
# Which writes, and with or without keys: "0", "1" or "0,1".
ONLY = [w for w in os.environ.get("FEEDBACK_BENCH_ONLY", "").split(",") if w]
IDEM = os.environ.get("FEEDBACK_BENCH_IDEM", "0,1").split(",")
STATEMENTS = os.environ.get("FEEDBACK_BENCH_STATEMENTS", "1") == "1"
BENCH = os.path.join(ROOT, "bench")
LIMITS = ("FeedbackRateLimitKey 1000000\nFeedbackRateLimitOrg 1000000\n")

# Every floor is a pgbench script (-M prepared): the rows the write must
# write, its counters, its event and its audit entry, in one transaction;
# no check, no render.  {org}, {board}, {status}, {owner}, {item} are
# filled in; :r is unique per transaction, :a a contact (1..AUTHORS), :q
# a seed post (1..POSTS), :v a conversation, :t a ticket number.
EVENT = ("INSERT INTO events (org_id, topic, item) "
         "VALUES ('{org}', '%s', $fb${item}$fb$);\n")
AUDIT = ("INSERT INTO audit_logs (org_id, action, domain, actor_type, "
         "  actor_id, target_type, target_id, request_id) "
         "VALUES ('{org}', '%s', '%s', 'api_key', '{owner}', '%s', "
         "  'floor-' || :r, 'floor-' || :r);\n")
CONTACT = ("(SELECT id FROM contacts WHERE org_id = '{org}' "
           " AND lower(email) = 'user' || :a || '@bench.example')")
SEED_POST = ("(SELECT id FROM posts WHERE org_id = '{org}' "
             " AND slug = 'seed-' || :q)")
FLOORS = {
    # The post's row (its indexes, search vector, foreign keys), the
    # author's first vote and counters, the event and the audit entry.
    "post": (
        "BEGIN;\n"
        "WITH p AS (INSERT INTO posts (org_id, slug, title, content, "
        "  content_text, board_id, author_contact_id, status_id, upvotes) "
        "  VALUES ('{org}', 'floor-' || :r, 'Add export dashboard ' || :r, "
        "  '<p>We need slack with invoice so that the report works.</p>', "
        "  'We need slack with invoice so that the report works.', "
        "  '{board}', " + CONTACT + ", '{status}', 1) "
        "  RETURNING org_id, id, author_contact_id), "
        "v AS (INSERT INTO post_votes (org_id, post_id, contact_id) "
        "  SELECT org_id, id, author_contact_id FROM p) "
        "UPDATE contacts c SET posts_created = c.posts_created + 1, "
        "  last_activity = now() FROM p "
        "WHERE c.org_id = p.org_id AND c.id = p.author_contact_id;\n"
        + EVENT % "post.created" + AUDIT % ("post.created", "feedback",
                                            "post") + "COMMIT;\n"),
    # The vote's row, the post's counter, the voter's activity.
    "vote": (
        "BEGIN;\n"
        "WITH v AS (INSERT INTO post_votes (org_id, post_id, contact_id) "
        "  VALUES ('{org}', " + SEED_POST + ", " + CONTACT + ") "
        "  ON CONFLICT DO NOTHING RETURNING org_id, post_id, contact_id), "
        "p AS (UPDATE posts p SET upvotes = p.upvotes + 1, "
        "  last_activity_at = now() FROM v "
        "  WHERE p.org_id = v.org_id AND p.id = v.post_id) "
        "UPDATE contacts c SET last_activity = now() FROM v "
        "WHERE c.org_id = v.org_id AND c.id = v.contact_id;\n"
        + EVENT % "post.voted" + AUDIT % ("post.voted", "feedback", "post")
        + "COMMIT;\n"),
    # The comment's row, the post's and the author's counters.
    "comment": (
        "BEGIN;\n"
        "WITH c AS (INSERT INTO comments (org_id, post_id, content, "
        "  content_text, author_contact_id) "
        "  VALUES ('{org}', " + SEED_POST + ", "
        "  '<p>Same here: export ' || :r || '</p>', "
        "  'Same here: export ' || :r, " + CONTACT + ") "
        "  RETURNING org_id, post_id, author_contact_id), "
        "p AS (UPDATE posts p SET comment_count = p.comment_count + 1, "
        "  last_activity_at = now() FROM c "
        "  WHERE p.org_id = c.org_id AND p.id = c.post_id) "
        "UPDATE contacts a SET comments_created = a.comments_created + 1, "
        "  last_activity = now() FROM c "
        "WHERE a.org_id = c.org_id AND a.id = c.author_contact_id;\n"
        + EVENT % "comment.created" + AUDIT % ("comment.created",
                                               "feedback", "comment")
        + "COMMIT;\n"),
    # The part, the conversation's times, the author's read receipt.
    "reply_contact": (
        "BEGIN;\n"
        "WITH pt AS (INSERT INTO conversation_parts (org_id, "
        "  conversation_id, id, n, part_type, author_kind, author_id, "
        "  body_html, body_markdown, channel) "
        "  SELECT '{org}', :v::text, x.n::text, x.n, 'user_msg', "
        "  'contact', cp.user_id, '<p>About the export ' || :r || '</p>', "
        "  'About the export ' || :r, 'desktop' "
        "  FROM (SELECT nextval('conversation_part_ids') AS n) x, "
        "  conversation_participants cp WHERE cp.org_id = '{org}' "
        "  AND cp.conversation_id = :v::text AND cp.kind = 'contact' "
        "  RETURNING conversation_id, author_id, id), "
        "r AS (UPDATE conversation_participants c "
        "  SET last_read_part_id = pt.id FROM pt "
        "  WHERE c.org_id = '{org}' AND c.conversation_id = "
        "  pt.conversation_id AND c.kind = 'contact' "
        "  AND c.user_id = pt.author_id) "
        "UPDATE conversations c SET awaiting_customer_reply = false, "
        "  waiting_since = coalesce(c.waiting_since, now()), "
        "  last_activity_at = now(), updated_at = now() FROM pt "
        "WHERE c.org_id = '{org}' AND c.id = pt.conversation_id;\n"
        + EVENT % "conversation.user.replied"
        + AUDIT % ("conversation.replied", "support", "conversation")
        + "COMMIT;\n"),
    "reply_admin": (
        "BEGIN;\n"
        "WITH pt AS (INSERT INTO conversation_parts (org_id, "
        "  conversation_id, id, n, part_type, author_kind, author_id, "
        "  body_html, body_markdown, channel) "
        "  SELECT '{org}', :v::text, x.n::text, x.n, 'admin_msg', "
        "  'admin', '{owner}', '<p>About the export ' || :r || '</p>', "
        "  'About the export ' || :r, 'desktop' "
        "  FROM (SELECT nextval('conversation_part_ids') AS n) x "
        "  RETURNING conversation_id, author_id, id), "
        "j AS (INSERT INTO conversation_participants (org_id, "
        "  conversation_id, kind, user_id) "
        "  SELECT '{org}', pt.conversation_id, 'admin', pt.author_id "
        "  FROM pt ON CONFLICT DO NOTHING), "
        "r AS (UPDATE conversation_participants c "
        "  SET last_read_part_id = pt.id FROM pt "
        "  WHERE c.org_id = '{org}' AND c.conversation_id = "
        "  pt.conversation_id AND c.kind = 'admin' "
        "  AND c.user_id = pt.author_id) "
        "UPDATE conversations c SET awaiting_customer_reply = true, "
        "  waiting_since = NULL, last_activity_at = now(), "
        "  first_reply_at = least(c.first_reply_at, now()), "
        "  updated_at = now() FROM pt "
        "WHERE c.org_id = '{org}' AND c.id = pt.conversation_id;\n"
        + EVENT % "conversation.admin.replied"
        + AUDIT % ("conversation.replied", "support", "conversation")
        + "COMMIT;\n"),
    # The state, and the status part that records the move.
    "state": (
        "BEGIN;\n"
        "WITH c AS (UPDATE conversations c SET state = CASE c.state "
        "  WHEN 'open' THEN 'closed' ELSE 'open' END, "
        "  waiting_since = NULL, updated_at = now() "
        "  WHERE c.org_id = '{org}' AND c.id = :v::text "
        "  RETURNING c.id, c.state) "
        "INSERT INTO conversation_parts (org_id, conversation_id, id, n, "
        "  part_type, data) SELECT '{org}', c.id, x.n::text, x.n, 'status', "
        "  jsonb_build_object('status', c.state) FROM c, "
        "  (SELECT nextval('conversation_part_ids') AS n) x;\n"
        + EVENT % "conversation.admin.closed"
        + AUDIT % ("conversation.updated", "support", "conversation")
        + "COMMIT;\n"),
    # The ticket's new title.
    "ticket": (
        "BEGIN;\n"
        "UPDATE tickets SET title = 'The export fails ' || :r, "
        "  updated_at = now() "
        "WHERE org_id = '{org}' AND number = :t;\n"
        + EVENT % "ticket.updated"
        + AUDIT % ("ticket.updated", "support", "ticket") + "COMMIT;\n"),
    # The contact's new name (nine in ten) or a new contact; no event:
    # no webhook topic covers contacts.
    "contact": (
        "BEGIN;\n"
        "UPDATE contacts SET name = 'User ' || :a || ' ' || :r, "
        "  updated_at = now() "
        "WHERE org_id = '{org}' AND user_id = 'u' || :a;\n"
        + AUDIT % ("contact.saved", "people", "contact") + "COMMIT;\n"),
}
# With an Idempotency-Key (POST only), the least more is the key's row
# with its answer, in the write's transaction.
KEY_ROW = ("INSERT INTO idempotency_keys (org_id, api_key, method, path, "
           "  idem_key, body_hash, state, status, response) "
           "VALUES ('{org}', 'floor', 'POST', '/v2/floor', 'floor-' || :r, "
           "  md5(:r::text), 'done', 201, $fb${item}$fb$);\n")
PATCHES = ("state", "ticket")
NAMES = {
    "post": "POST /v2/posts",
    "vote": "POST /v2/posts/{id}/voters",
    "comment": "POST /v2/comments",
    "reply_contact": "POST /v2/conversations/{id}/reply (contact)",
    "reply_admin": "POST /v2/conversations/{id}/reply (admin)",
    "state": "PATCH /v2/conversations/{id} (state)",
    "ticket": "PATCH /v2/tickets/{number} (title)",
    "contact": "POST /v2/contacts (upsert)",
}


def wrk(base, secs, *args, key, script="writes.lua", conns=CONNS):
    """One wrk run of script (writes.lua unless told); its FBBENCH report
    (bench/report.lua) as a dict, after checking that every answer was a
    2xx (with FEEDBACK_BENCH_WHY=1 the first others are in the
    message)."""
    out = subprocess.run(
        ["wrk", "-t2", "-c%d" % conns, "-d%ds" % secs, "--timeout", "10s",
         "-s", os.path.join(BENCH, script), "-H",
         "Authorization: Bearer " + key, base, "--"] + list(args),
        check=True, capture_output=True, text=True, timeout=secs + 60)
    line = re.search(r"^FBBENCH (.*)$", out.stdout, re.M)
    assert line, out.stdout + out.stderr
    r = {k: int(v) for k, v in
         (f.split("=") for f in line.group(1).split())}
    errors = {k: r[k] for k in ("non2xx", "connect", "read", "write")}
    assert not any(errors.values()), (errors, out.stderr)
    return r


def commits(s):
    """Transactions committed in the bench's database so far (its
    statistics, flushed first), and the WAL flushes of the cluster (a
    read-only transaction needs none; a write's COMMIT waits for one,
    which concurrent COMMITs may share)."""
    return s.sql("SELECT pg_stat_force_next_flush(), xact_commit, "
                 "  (SELECT wal_sync FROM pg_stat_wal) "
                 "FROM pg_stat_database WHERE datname = current_database()"
                 )[0][1:]


def measure(s, pids, secs, *args, key, **how):
    """A wrk run with the CPU seconds each of pids' trees spent on it and
    the transactions committed meanwhile."""
    tx, syncs = commits(s)
    before = [cputime(p) for p in pids]
    r = wrk(s.base, secs, *args, key=key, **how)
    r["cpu"] = [cputime(p) - b for p, b in zip(pids, before)]
    tx_after, syncs_after = commits(s)
    # Less the two of the readings themselves.
    r["tx"] = tx_after - tx - 2
    r["syncs"] = syncs_after - syncs
    return r


def pgbench(s, pg_pid, secs, script):
    """Transactions per second of script under pgbench -M prepared with
    CONNS clients, and PostgreSQL's CPU per transaction (us); every
    transaction must succeed.  A pgbench run starts its own connections,
    whose start (the backend, its caches, the first plans) costs tens of
    ms of CPU each on this machine: a first run of one transaction per
    client measures that, and the timed run's CPU less it is divided by
    its transactions less those."""
    binary = sorted(glob.glob("/usr/lib/postgresql/*/bin/pgbench"),
                    key=lambda b: int(b.split("/")[4]))[-1]
    path = os.path.join(s.run_dir, "floor.sql")
    with open(path, "w") as f:
        f.write("\\set r random(1, 1000000000000)\n" + script)

    def one(*how):
        before = cputime(pg_pid)
        out = subprocess.run([binary, "-n", "-M", "prepared",
                              "-c%d" % CONNS, "-j2", "-f", path, s.dsn]
                             + list(how), capture_output=True, text=True,
                             timeout=secs + 60)
        cpu = cputime(pg_pid) - before
        done = re.search(r"number of transactions actually processed: "
                         r"(\d+)", out.stdout)
        assert out.returncode == 0 and done \
            and "aborted" not in out.stderr, (
                script + out.stdout + out.stderr)
        return int(done.group(1)), cpu

    start_n, start_cpu = one("-t1")
    done, cpu = one("-T%d" % secs)
    return done / secs, (cpu - start_cpu) * 1e6 / max(done - start_n, 1)


def seed(s, org):
    """The small organization: the demo's boards, statuses, categories;
    AUTHORS contacts, POSTS posts (a third tagged), CONVERSATIONS
    conversations of one contact each with its first message, TICKETS
    tickets."""
    s.ctl("demo-seed", org.id)
    board = s.sql("SELECT id FROM boards WHERE org_id = %s "
                  "AND posting_enabled ORDER BY created_at, id LIMIT 1",
                  org.id)[0][0]
    status = s.sql("SELECT id FROM post_statuses WHERE org_id = %s "
                   "AND is_default", org.id)[0][0]
    s.sql("INSERT INTO contacts (org_id, user_id, email, name) "
          "SELECT %s, 'u' || g, 'user' || g || '@bench.example', "
          "  'User ' || g FROM generate_series(1, %s) g", org.id, AUTHORS)
    s.sql("INSERT INTO posts (org_id, slug, title, content, content_text, "
          "  board_id, author_contact_id, status_id, created_at) "
          "SELECT %s, 'seed-' || g, 'Seed post ' || g, '<p>Seed</p>', "
          "  'Seed text ' || md5(g::text), %s, c.id, %s, "
          "  now() - make_interval(secs => %s - g) "
          "FROM generate_series(1, %s) g JOIN contacts c ON c.org_id = %s "
          "  AND c.user_id = 'u' || (g %% %s + 1)",
          org.id, board, status, POSTS, POSTS, org.id, AUTHORS)
    s.sql("INSERT INTO tags (org_id, name) SELECT %s, 'Tag ' || g "
          "FROM generate_series(1, 8) g ON CONFLICT DO NOTHING", org.id)
    s.sql("INSERT INTO post_tags (org_id, post_id, tag_id) "
          "SELECT p.org_id, p.id, t.id FROM posts p JOIN tags t "
          "  ON t.org_id = p.org_id "
          "  AND t.name = 'Tag ' || (abs(hashtext(p.id)) %% 8 + 1) "
          "WHERE p.org_id = %s AND abs(hashtext(p.id)) %% 3 = 0", org.id)
    contacts = [r[0] for r in s.sql(
        "SELECT id FROM contacts WHERE org_id = %s AND user_id LIKE 'u%%' "
        "ORDER BY user_id", org.id)]
    category = org.api.get("/tickets/categories").json()[0]["id"]

    def conversation(i):
        who = contacts[i % len(contacts)]
        r = org.api.post("/conversations", json={
            "from": {"type": "contact", "id": who},
            "bodyMarkdown": "My order %d is late" % i})
        assert r.status_code == 201, r.text
        return r.json()["id"], who

    def ticket(i):
        r = org.api.post("/tickets", json={
            "ticketCategoryId": category, "title": "Printer %d on fire" % i,
            "author": {"email": "user%d@bench.example" % (i % AUTHORS + 1)}})
        assert r.status_code == 201, r.text
        return r.json()["ticketNumber"]

    with ThreadPoolExecutor(8) as pool:
        convs = list(pool.map(conversation, range(CONVERSATIONS)))
        tickets = list(pool.map(ticket, range(TICKETS)))
    s.sql("ANALYZE")
    return board, status, convs, tickets


def statements(s, requests):
    """What one write ran: pg_stat_statements since its reset, per
    write (top-level statements, and those run inside them)."""
    rows = s.sql(
        "SELECT toplevel, calls, plans, total_plan_time + total_exec_time, "
        "  regexp_replace(query, '\\s+', ' ', 'g') "
        "FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database "
        "  WHERE datname = current_database()) "
        "  AND calls >= %s AND query NOT LIKE '%%pg_stat_statements%%' "
        "ORDER BY toplevel DESC, total_exec_time DESC", requests // 3)
    top = sum(c for t, c, _, _, _ in rows if t) / max(requests, 1)
    out = ["    %.1f top-level statements per write (BEGIN and COMMIT "
           "included); per write: calls, plans (a prepared statement "
           "planned on every call shows as many as its calls), elapsed "
           "us (planning included), statement" % top]
    for t, calls, plans, ms, query in rows:
        out.append("    %-3s %5.2f %5.2f %7.1f  %s" % (
            "" if t else "in", calls / requests, plans / requests,
            ms * 1e3 / requests, query[:110]))
    return out


def per(r, i):
    return r["cpu"][i] * 1e6 / max(r["requests"], 1)


@pytest.mark.skipif(SECS <= 0, reason="FEEDBACK_BENCH_WRITES is not set")
def test_bench_writes(cluster, fresh_database):
    run = secrets.token_hex(3)
    with httpd(fresh_database, LIMITS) as s:
        s.sql("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
        org = Org(s, "writes" + run)
        board, status, convs, tickets = seed(s, org)
        # An experiment on the schema (bench/README.md), run as given.
        if os.environ.get("FEEDBACK_BENCH_SETUP_SQL"):
            s.sql(os.environ["FEEDBACK_BENCH_SETUP_SQL"])
        files = {}
        for name, rows in (("posts", s.sql(
                "SELECT id FROM posts WHERE org_id = %s", org.id)),
                ("convs", convs), ("tickets", [(t,) for t in tickets])):
            files[name] = os.path.join(s.run_dir, name + ".txt")
            with open(files[name], "w") as f:
                f.writelines("\t".join(str(x) for x in row) + "\n"
                             for row in rows)
        args = {
            "post": (board, str(AUTHORS)),
            "vote": (files["posts"], str(AUTHORS)),
            "comment": (files["posts"], str(AUTHORS)),
            "reply_contact": (files["convs"],),
            "reply_admin": (files["convs"], org.owner_id),
            "state": (files["convs"],),
            "ticket": (files["tickets"],),
            "contact": (str(AUTHORS),),
        }
        with open(os.path.join(cluster.dir, "data", "postmaster.pid")) as f:
            pg_pid = int(f.readline())
        with open(os.path.join(s.run_dir, "run", "httpd.pid")) as f:
            httpd_pid = int(f.readline())
        pids = (pg_pid, httpd_pid)
        item = s.sql("SELECT item::text FROM events WHERE org_id = %s "
                     "ORDER BY created_at DESC LIMIT 1", org.id)[0][0]
        fill = dict(org=org.id, board=board, status=status,
                    owner=org.owner_id, item=item)
        # The conversations' ids and the tickets' numbers are numbers
        # of the organization's counters: the floors pick them by range.
        ranges = tuple(int(x) for x in s.sql(
            "SELECT min(id::int), max(id::int), (SELECT min(number) "
            "  FROM tickets WHERE org_id = %s), (SELECT max(number) "
            "  FROM tickets WHERE org_id = %s) "
            "FROM conversations WHERE org_id = %s", org.id, org.id,
            org.id)[0])
        # The read the done-when compares writes with: GET
        # /v2/posts/{id}, a random seed post, at twice the writes'
        # connections, in this run; each write's req/s over it is its
        # "of GET".
        get = (files["posts"], "/v2/posts/{id}")
        wrk(s.base, 1, *get, key=org.key, script="ids.lua", conns=2 * CONNS)
        ref = measure(s, pids, SECS, *get, key=org.key, script="ids.lua",
                      conns=2 * CONNS)
        ref_rps = ref["requests"] / (ref["duration_us"] / 1e6)
        kinds = [k for k in FLOORS if not ONLY or k in ONLY]
        details = []
        report = [
            "%-46s %-4s %6.0f %6.0f %6.0f %6s %5s %6.1f %6.1f %5.2f %6s "
            "%5s %5.2f" % (
                "GET /v2/posts/{id} (-c%d)" % (2 * CONNS), "-", ref_rps,
                per(ref, 0), per(ref, 1), "", "", ref["p50_us"] / 1e3,
                ref["p99_us"] / 1e3, ref["tx"] / max(ref["requests"], 1),
                "", "", ref["syncs"] / max(ref["requests"], 1))]
        for kind in kinds:
            def go(secs, tag, idem, count=False):
                if kind == "state":
                    # Every conversation open: the walk's first pass
                    # closes, the next opens (writes.lua).
                    s.sql("UPDATE conversations SET state = 'open', "
                          "snoozed_until = NULL WHERE org_id = %s", org.id)
                a = (kind, run + tag, idem) + args[kind]
                if count:
                    return wrk(s.base, secs, *a, key=org.key)
                return measure(s, pids, secs, *a, key=org.key)
            try:
                go(1, "w", "0", count=True)
                got = {}
                for idem in IDEM:
                    got[idem] = go(SECS, "m" + idem, idem)
            except AssertionError as e:
                with open(s.error_log) as f:
                    tail = f.readlines()[-20:]
                raise AssertionError("%s: %s\n%s" % (kind, e, "".join(tail)))
            sets = ("\\set a random(1, %d)\n\\set q random(1, %d)\n"
                    "\\set v random(%d, %d)\n\\set t random(%d, %d)\n"
                    % ((AUTHORS, POSTS) + ranges))
            script = FLOORS[kind].format(**fill)
            floor_tps, floor_us = pgbench(s, pg_pid, SECS, sets + script)
            floors = {"0": floor_us, "1": floor_us}
            if "1" in IDEM and kind not in PATCHES:
                head, _, tail = script.rpartition("COMMIT;\n")
                key_tps, floors["1"] = pgbench(
                    s, pg_pid, SECS,
                    sets + head + KEY_ROW.format(**fill) + "COMMIT;\n" + tail)
            for idem in IDEM:
                r = got[idem]
                n = max(r["requests"], 1)
                rps = n / (r["duration_us"] / 1e6)
                report.append(
                    "%-46s %-4s %6.0f %6.0f %6.0f %6.0f %5.2f %6.1f %6.1f "
                    "%5.2f %6.2f %5.2f %5.2f"
                    % (NAMES[kind], "key" if idem == "1" else "-", rps,
                       per(r, 0), per(r, 1), floors[idem],
                       per(r, 0) / floors[idem], r["p50_us"] / 1e3,
                       r["p99_us"] / 1e3, r["tx"] / n, rps / ref_rps,
                       r["p99_us"] / max(r["p50_us"], 1), r["syncs"] / n))
            # The floor's own "of GET" is the most any module could
            # reach: its statements alone, without httpd.
            floor_line = ("%-46s %-4s %6.0f %6s %6s %6.0f %5s %6s %6s %5s "
                          "%6.2f")
            report.append(floor_line % (
                "  its floor (pgbench)", "", floor_tps, "", "", floor_us,
                "", "", "", "", floor_tps / ref_rps))
            if floors["1"] != floor_us:
                report.append(floor_line % (
                    "  its floor with the key's row", "", key_tps, "", "",
                    floors["1"], "", "", "", "", key_tps / ref_rps))
            if STATEMENTS:
                track(s, "all")
                s.sql("SELECT pg_stat_statements_reset()")
                counted = go(max(SECS // 2, 1), "s", "0", count=True)
                track(s, "none")
                details.append("%s (%d writes):" % (NAMES[kind],
                                                    counted["requests"]))
                details += statements(s, counted["requests"])
        settings = s.sql(
            "SELECT string_agg(name || '=' || setting, ' ' ORDER BY name) "
            "FROM pg_settings WHERE name IN ('commit_delay', "
            "  'commit_siblings', 'shared_buffers', 'synchronous_commit')"
        )[0][0]
        cpu_check = cputime(pg_pid)
        assert cpu_check > 0

    load = "%.2f %.2f %.2f" % os.getloadavg()
    text = "\n".join([
        "writes: wrk -t2 -c%d -d%ds each, floors pgbench -M prepared "
        "-c%d -j2; %d contacts, %d posts, %d conversations, %d tickets; "
        "load average %s; %s" % (CONNS, SECS, CONNS, AUTHORS, POSTS,
                                 CONVERSATIONS, TICKETS, load, settings),
        "%-46s %-4s %6s %6s %6s %6s %5s %6s %6s %5s %6s %5s %5s" % (
            "write", "idem", "req/s", "PG us", "httpd", "floor",
            "x", "p50 ms", "p99 ms", "tx", "of GET", "tail", "syncs"),
    ] + report + [""] + details)
    print("\n" + text)
    with open(os.environ.get("FEEDBACK_BENCH_OUT", os.devnull), "a") as f:
        f.write(text + "\n\n")
