"""POST /v2/posts under load: requests per second, the CPU time httpd
and PostgreSQL spend per create, and what each statement costs.
Skipped unless FEEDBACK_BENCH_POST_CREATE (seconds per run) is set:
bench/post_create.sh sets it, on a cluster with pg_stat_statements
loaded, and keeps the report."""
import glob
import os
import re
import secrets
import subprocess
import time

import psycopg2
import pytest

from conftest import ROOT, Org, httpd

SECS = int(os.environ.get("FEEDBACK_BENCH_POST_CREATE", "0") or 0)
CONNS = int(os.environ.get("FEEDBACK_BENCH_CONNECTIONS", "16") or 16)
AUTHORS = 1000      # contacts known by email; bench/post_create.lua
# Posts there before the run: plans chosen on an empty table (a scan)
# are not those of an organization in use.
SEED = int(os.environ.get("FEEDBACK_BENCH_SEED", "20000") or 0)
BENCH = os.path.join(ROOT, "bench")
RATE_LIMITS = "FeedbackRateLimitKey 1000000\nFeedbackRateLimitOrg 1000000\n"


def cputime(pid):
    """CPU seconds of the process tree of pid (bench/cputime.py)."""
    out = subprocess.run(["/usr/bin/python3",
                          os.path.join(BENCH, "cputime.py"), str(pid)],
                         check=True, capture_output=True, text=True)
    return float(out.stdout)


def pg_cpu_kinds(pg_pid):
    """CPU seconds used so far by the children of PostgreSQL's postmaster,
    by kind: client backends, each background process, and 'exited' (the
    postmaster itself and its children gone: autovacuum workers, most
    often)."""
    kinds = {}
    clk = os.sysconf("SC_CLK_TCK")
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % name) as f:
                text = f.read()
            with open("/proc/%s/cmdline" % name) as f:
                cmd = f.read().replace("\0", " ").strip()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2:].split()
        pid, ppid = int(name), int(fields[1])
        if pid == pg_pid:
            kind = "exited"
            ticks = sum(int(x) for x in fields[11:15])
        elif ppid == pg_pid:
            title = cmd.replace("postgres: ", "", 1)
            kind = "backends" if "[local]" in title or "127.0.0.1" in title \
                else title
            ticks = sum(int(x) for x in fields[11:13])
        else:
            continue
        kinds[kind] = kinds.get(kind, 0) + ticks / clk
    return kinds


def wrk(base, secs, script, *args, key=None):
    """One wrk run of script (with key in an Authorization header); its
    FBBENCH report (bench/report.lua) as a dict, after checking that every
    answer was a 2xx."""
    auth = ["-H", "Authorization: Bearer " + key] if key else []
    out = subprocess.run(
        ["wrk", "-t2", "-c%d" % CONNS, "-d%ds" % secs, "--timeout", "10s",
         "-s", os.path.join(BENCH, script)] + auth + [base, "--"]
        + list(args),
        check=True, capture_output=True, text=True, timeout=secs + 60)
    line = re.search(r"^FBBENCH (.*)$", out.stdout, re.M)
    assert line, out.stdout + out.stderr
    r = {k: int(v) for k, v in
         (f.split("=") for f in line.group(1).split())}
    errors = {k: r[k] for k in ("non2xx", "connect", "read", "write")}
    assert not any(errors.values()), errors
    return r


def measure(pids, base, secs, script, *args, key=None):
    """A wrk run with the CPU seconds each of pids' trees spent on it."""
    kinds = pg_cpu_kinds(pids[0])
    before = [cputime(p) for p in pids]
    r = wrk(base, secs, script, *args, key=key)
    r["cpu"] = [cputime(p) - b for p, b in zip(pids, before)]
    after = pg_cpu_kinds(pids[0])
    r["kinds"] = {k: v - kinds.get(k, 0) for k, v in after.items()
                  if v - kinds.get(k, 0) > 0}
    return r


def kinds_line(r):
    """Where PostgreSQL's CPU of a run went, in us per request."""
    n = max(r["requests"], 1)
    return "  PG CPU per request by process: " + ", ".join(
        "%s %.0f" % (k, v * 1e6 / n)
        for k, v in sorted(r["kinds"].items(), key=lambda kv: -kv[1]))


def line(name, r):
    n = max(r["requests"], 1)
    return ("%-34s %7.0f req/s  PG %5.0f us  httpd %5.0f us  "
            "p50 %5.1f ms  p99 %6.1f ms" % (
                name, n / (r["duration_us"] / 1e6), r["cpu"][0] * 1e6 / n,
                r["cpu"][1] * 1e6 / n, r["p50_us"] / 1e3, r["p99_us"] / 1e3))


# The floor: what PostgreSQL spends on the least a create must write,
# sent by pgbench (-M prepared, as many clients as wrk's connections)
# instead of the module: the post's row alone (its indexes, foreign keys
# and search vector, and the commit), the same without waiting for the
# commit's flush, then the row and its event in one transaction.  {org},
# {board}, {status}, {author} and {item} are filled in; :r makes the
# slug unique.  A round trip that writes nothing is measured first.
FLOOR_POST = (
    "INSERT INTO posts (org_id, slug, title, content, content_text, "
    "  board_id, author_contact_id, status_id) "
    "VALUES ('{org}', 'floor-' || :r, 'Add export dashboard for ' || :r, "
    "  '<p>We need slack with invoice so that the report works like the "
    "  filter does.</p><p>Today we audit every pdf by hand.</p>', "
    "  'We need slack with invoice so that the report works like the "
    "  filter does. Today we audit every pdf by hand.', "
    "  '{board}', '{author}', '{status}');\n")
FLOOR = (
    ("a round trip (SELECT 1)", "SELECT 1;\n"),
    ("the post's row", FLOOR_POST),
    ("the same, commit not flushed", "BEGIN;\n"
     "SET LOCAL synchronous_commit = off;\n" + FLOOR_POST + "COMMIT;\n"),
    ("the row and its event", "BEGIN;\n" + FLOOR_POST
     + "INSERT INTO events (org_id, topic, item) "
       "VALUES ('{org}', 'post.created', $fb${item}$fb$);\nCOMMIT;\n"),
)


# The floor of a read: what reading one post costs PostgreSQL, part by
# part, as pgbench sends it: a round trip, the post's row by its primary
# key, with its organization (the portal and the render version the
# module checks its statuses and tags against), then with its author
# too (the module's GET by id, but for rendering in SQL: the same
# statement, bench/README.md).  Each reads a seed post picked at random
# (by its slug: a unique b-tree as the primary key is).
READ_ROW = ("SELECT p.* FROM posts p WHERE p.org_id = '{org}' "
            "AND p.slug = 'seed-' || :q")
READ_FLOOR = (
    ("a round trip (SELECT 1)", "SELECT 1;\n"),
    ("the post's row", READ_ROW + ";\n"),
    ("+ its organization", READ_ROW.replace(
        "p.* FROM posts p", "p.*, o.portal_url, o.render_version "
        "FROM posts p JOIN organizations o ON o.id = p.org_id") + ";\n"),
    ("+ its author", READ_ROW.replace(
        "p.* FROM posts p", "p.*, o.portal_url, o.render_version, "
        "c.id, c.name, c.email, c.profile_picture, c.type, a.id, a.name, "
        "a.email, a.profile_picture FROM posts p "
        "JOIN organizations o ON o.id = p.org_id "
        "LEFT JOIN contacts c ON c.org_id = p.org_id "
        "  AND c.id = p.author_contact_id "
        "LEFT JOIN admins a ON a.org_id = p.org_id "
        "  AND a.id = p.author_admin_id") + ";\n"),
)


def pgbench(s, pg_pid, secs, script):
    """Transactions per second of script under pgbench -M prepared with
    CONNS clients, and PostgreSQL's CPU per transaction (us)."""
    binary = sorted(glob.glob("/usr/lib/postgresql/*/bin/pgbench"),
                    key=lambda b: int(b.split("/")[4]))[-1]
    path = os.path.join(s.run_dir, "floor.sql")
    with open(path, "w") as f:
        f.write("\\set r random(1, 1000000000000)\n" + script)
    before = cputime(pg_pid)
    out = subprocess.run([binary, "-n", "-M", "prepared", "-c%d" % CONNS,
                          "-j2", "-T%d" % secs, "-f", path, s.dsn],
                         check=True, capture_output=True, text=True,
                         timeout=secs + 60)
    cpu = cputime(pg_pid) - before
    done = int(re.search(r"number of transactions actually processed: "
                         r"(\d+)", out.stdout).group(1))
    return done / secs, cpu * 1e6 / max(done, 1)


def track(s, what):
    """Switches pg_stat_statements' tracking: 'none' or 'all' (nested
    statements too: triggers, foreign key checks, functions)."""
    for sql in ("ALTER SYSTEM SET pg_stat_statements.track = '%s'" % what,
                "ALTER SYSTEM SET pg_stat_statements.track_planning = %s"
                % ("on" if what == "all" else "off"),
                "SELECT pg_reload_conf()"):
        conn = psycopg2.connect(s.dsn)
        conn.autocommit = True
        with conn.cursor() as cur:
            cur.execute(sql)
        conn.close()
    time.sleep(0.5)


def statements(s, creates):
    """pg_stat_statements of this database since its reset, per create:
    calls, mean planning and execution time, the statement."""
    totals = s.sql(
        "SELECT sum(calls), sum(shared_blks_hit + shared_blks_read), "
        "  sum(wal_bytes) FROM pg_stat_statements "
        "WHERE dbid = (SELECT oid FROM pg_database "
        "              WHERE datname = current_database()) "
        "  AND toplevel AND query NOT LIKE '%%pg_stat_statements%%'")[0]
    rows = s.sql(
        "SELECT toplevel, calls, total_plan_time, total_exec_time, "
        "  shared_blks_hit + shared_blks_read, "
        "  regexp_replace(query, '\\s+', ' ', 'g') "
        "FROM pg_stat_statements "
        "WHERE dbid = (SELECT oid FROM pg_database "
        "              WHERE datname = current_database()) "
        "  AND calls >= %s AND query NOT LIKE '%%pg_stat_statements%%' "
        "ORDER BY toplevel DESC, total_exec_time DESC", creates // 2)
    out = ["%-3s %6s %8s %8s %8s %6s  %s" % (
        "", "calls", "plan us", "exec us", "us/post", "pages", "statement")]
    total = 0.0
    for top, calls, plan, exe, pages, query in rows:
        per = (plan + exe) * 1e3 / creates
        total += per if top else 0
        out.append("%-3s %6.2f %8.1f %8.1f %8.1f %6.1f  %s" % (
            "" if top else " in", calls / creates, plan * 1e3 / calls,
            exe * 1e3 / calls, per, float(pages) / calls, query[:80]))
    out.append("top-level statements: %.0f us per post (elapsed time, "
               "planning included; 'in': run inside another)" % total)
    # What does not depend on the machine's load: statements, buffer
    # pages touched and WAL written per post.
    out.append("per post: %.2f statements, %.0f buffer pages touched, "
               "%.0f bytes of WAL" % tuple(float(x or 0) / creates
                                          for x in totals))
    return out


@pytest.mark.skipif(SECS <= 0, reason="FEEDBACK_BENCH_POST_CREATE is not set")
def test_bench_post_create(cluster, fresh_database):
    run = secrets.token_hex(3)
    with httpd(fresh_database, RATE_LIMITS) as s:
        s.sql("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
        org = Org(s, "bench" + run)
        board = s.sql("INSERT INTO boards (org_id, name) VALUES (%s, "
                      "'Ideas') RETURNING id", org.id)[0][0]
        s.sql("INSERT INTO tags (org_id, name) SELECT %s, 'Tag ' || g "
              "FROM generate_series(1, 8) g", org.id)
        s.sql("INSERT INTO contacts (org_id, email, name) "
              "SELECT %s, 'user' || g || '@bench.example', 'User ' || g "
              "FROM generate_series(1, %s) g", org.id, AUTHORS)
        status = s.sql("SELECT id FROM post_statuses WHERE org_id = %s "
                       "AND is_default", org.id)[0][0]
        s.sql("INSERT INTO posts (org_id, slug, title, content, "
              "  content_text, board_id, author_contact_id, status_id, "
              "  created_at) "
              "SELECT %s, 'seed-' || g, 'Seed post ' || g, '<p>Seed</p>', "
              "  'Seed text ' || md5(g::text), %s, c.id, %s, "
              "  now() - make_interval(secs => %s - g) "
              "FROM generate_series(1, %s) g "
              "JOIN contacts c ON c.org_id = %s "
              "  AND c.email = 'user' || (g %% %s + 1) || '@bench.example'",
              org.id, board, status, SEED, SEED, org.id, AUTHORS)
        # A third of them tagged, as posts are: statements over post_tags
        # are then planned for a table of its size, not an empty one.
        s.sql("INSERT INTO post_tags (org_id, post_id, tag_id) "
              "SELECT p.org_id, p.id, t.id FROM posts p JOIN tags t "
              "  ON t.org_id = p.org_id "
              "  AND t.name = 'Tag ' || (abs(hashtext(p.id)) %% 8 + 1) "
              "WHERE p.org_id = %s AND abs(hashtext(p.id)) %% 3 = 0",
              org.id)
        # An experiment on the schema (bench/README.md), run as given.
        if os.environ.get("FEEDBACK_BENCH_SETUP_SQL"):
            s.sql(os.environ["FEEDBACK_BENCH_SETUP_SQL"])
        s.sql("ANALYZE")
        with open(os.path.join(cluster.dir, "data", "postmaster.pid")) as f:
            pg_pid = int(f.readline())
        with open(os.path.join(s.run_dir, "run", "httpd.pid")) as f:
            httpd_pid = int(f.readline())
        pids = (pg_pid, httpd_pid)
        create = ("post_create.lua", org.key, board, str(AUTHORS))

        wrk(s.base, 2, *create, run + "w")
        made = measure(pids, s.base, SECS, *create, run + "m")
        # Statements are counted in a run of their own: tracking them
        # costs CPU of its own.
        track(s, "all")
        s.sql("SELECT pg_stat_statements_reset()")
        counted = wrk(s.base, SECS, *create, run + "s")
        track(s, "none")
        breakdown = statements(s, counted["requests"])

        # The render alone: GET by id of the posts just made, the same
        # statement a create ends with (counted apart from the write).
        ids = os.path.join(s.run_dir, "post_ids.txt")
        with open(ids, "w") as f:
            f.writelines(i + "\n" for (i,) in s.sql(
                "SELECT id FROM posts WHERE org_id = %s", org.id))
        get = ("ids.lua", ids, "/v2/posts/{id}")
        wrk(s.base, 1, *get, key=org.key)
        got = measure(pids, s.base, SECS, *get, key=org.key)

        posts, contacts = s.sql(
            "SELECT (SELECT count(*) FROM posts WHERE org_id = %s), "
            "(SELECT count(*) FROM contacts WHERE org_id = %s)",
            org.id, org.id)[0]
        # Every create was whole: a vote and an event per post.
        votes, events = s.sql(
            "SELECT (SELECT count(*) FROM post_votes WHERE org_id = %s), "
            "(SELECT count(*) FROM events WHERE org_id = %s "
            " AND topic = 'post.created')", org.id, org.id)[0]
        assert votes == events == posts - SEED
        item_bytes, stored_bytes = s.sql(
            "SELECT avg(octet_length(item::text))::int, "
            "avg(pg_column_size(item))::int FROM events "
            "WHERE org_id = %s", org.id)[0]
        # After the counts above: the floor's posts and events are its own.
        fill = dict(org=org.id, board=board, status=status, author=s.sql(
            "SELECT id FROM contacts WHERE org_id = %s LIMIT 1",
            org.id)[0][0], item=s.sql(
                "SELECT item::text FROM events WHERE org_id = %s LIMIT 1",
                org.id)[0][0])
        floor = [(name,) + pgbench(s, pg_pid, SECS, script.format(**fill))
                 for name, script in FLOOR]
        read_floor = [(name,) + pgbench(
            s, pg_pid, SECS, "\\set q random(1, %d)\n" % max(SEED, 1)
            + script.format(**fill)) for name, script in READ_FLOOR]

    load = "%.2f %.2f %.2f" % os.getloadavg()
    report = [
        "POST /v2/posts: wrk -t2 -c%d -d%ds, %d posts in the end, %d "
        "contacts; load average %s" % (CONNS, SECS, posts, contacts, load),
        line("POST /v2/posts (write + render)", made),
        kinds_line(made),
        line("GET /v2/posts/{id} (render alone)", got),
        kinds_line(got),
        "event items: %d bytes of JSON, %d stored" % (item_bytes,
                                                      stored_bytes),
        "PG CPU of the write without its render: about %.0f us" % (
            (made["cpu"][0] / max(made["requests"], 1)
             - got["cpu"][0] / max(got["requests"], 1)) * 1e6),
        "",
        "the floor (pgbench -c%d -j2 -M prepared, %ds each): PostgreSQL "
        "CPU per transaction" % (CONNS, SECS),
    ] + ["  %-28s %7.0f tx/s  PG %5.0f us" % f for f in floor] + [
        "reading one post, the same way: PostgreSQL CPU per statement",
    ] + ["  %-28s %7.0f tx/s  PG %5.0f us" % f for f in read_floor] + [
        "",
        "pg_stat_statements during a second POST run (%d posts), per post:"
        % counted["requests"],
    ] + breakdown
    text = "\n".join(report)
    print("\n" + text)
    with open(os.environ.get("FEEDBACK_BENCH_OUT", os.devnull), "a") as f:
        f.write(text + "\n\n")
