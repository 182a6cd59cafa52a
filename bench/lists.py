"""Old module against new on one database: the same answers, and the
PostgreSQL CPU per list request of 100 comments and of 100 changelogs.

    bench/lists.py OLD_MODULE NEW_MODULE [SECONDS] [ROUNDS]
    BENCH_MORE_MODULES="LABEL=MODULE ..."   more modules, measured alike

Starts a private PostgreSQL cluster (scripts/pg.sh), migrates a database,
seeds one organization through SQL (COMMENTS comments on one post, by
contacts, admins and nobody, some replies, odd strings; CHANGELOGS
changelogs in two locales, some published, with categories), runs two
httpds that differ only in their port, run directory and module, and:

1. compares every answer of both, byte for byte (bodies and ETags): each
   comment and changelog, and every page of every list walked;
2. measures, rounds of old then new (then the others) alternating, wrk
   -t1 -c1 for SECONDS on each list: requests per second, and the CPU
   seconds of PostgreSQL (the postmaster's tree, bench/cputime.py) and of
   httpd per request, each module's PostgreSQL CPU also as a ratio to
   old's.

More modules (BENCH_MORE_MODULES, e.g. main before a change) run beside
the two on the same database, so that every ratio comes from one run.

Everything it starts is stopped at the end, also on failure.
"""
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PG = os.path.join(ROOT, "scripts", "pg.sh")
CTL = os.path.join(ROOT, "bin", "feedbackctl")
COMMENTS = int(os.environ.get("BENCH_COMMENTS", "3000"))
CHANGELOGS = int(os.environ.get("BENCH_CHANGELOGS", "300"))
ODD = "q\"b\\s/ t\tn\nr\rb\bf\f c\x01\x1f\x7f \u00e9\u65e5 </script>"


def run(*args, env=None):
    return subprocess.run(args, check=True, capture_output=True, text=True,
                          env=env).stdout


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu(*pids):
    return float(run(sys.executable, os.path.join(HERE, "cputime.py"),
                     *map(str, pids)))


class Httpd:
    def __init__(self, module, dsn, secret):
        self.dir = tempfile.mkdtemp(prefix="fblists.", dir="/tmp")
        os.chmod(self.dir, 0o755)
        for d in ("run", "logs"):
            os.makedirs(os.path.join(self.dir, d))
        self.port = free_port()
        conf = os.path.join(self.dir, "httpd.conf")
        run(os.path.join(ROOT, "scripts", "render-conf.sh"), conf,
            "RUN_DIR=" + self.dir, "PORT=%d" % self.port, "MODULE=" + module,
            "SECRET=" + secret, "DBD_PARAMS=" + dsn,
            "EXTRA_CONF=FeedbackWorker Off\nFeedbackRateLimitKey 1000000\n"
            "FeedbackRateLimitOrg 1000000")
        self.proc = subprocess.Popen(["/usr/sbin/apache2", "-f", conf,
                                      "-DFOREGROUND"])
        deadline = time.time() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), 1).close()
                break
            except OSError:
                if time.time() > deadline or self.proc.poll() is not None:
                    raise RuntimeError("httpd did not start")
                time.sleep(0.1)
        self.base = "http://127.0.0.1:%d/v2" % self.port

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


def get(base, key, path):
    req = urllib.request.Request(base + path,
                                 headers={"Authorization": "Bearer " + key})
    try:
        with urllib.request.urlopen(req) as r:
            return r.status, r.headers.get("ETag"), r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("ETag"), e.read()


def post_json(base, key, path, body):
    req = urllib.request.Request(
        base + path, data=json.dumps(body).encode(),
        headers={"Authorization": "Bearer " + key,
                 "Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def seed(base, key, dsn, org, owner):
    """The post (through the API) and its comments (through SQL)."""
    import psycopg2
    with psycopg2.connect(dsn) as conn, conn.cursor() as cur:
        cur.execute("INSERT INTO boards (org_id, name) VALUES (%s, 'Bench') "
                    "RETURNING id", (org,))
        board = cur.fetchone()[0]
    post = post_json(base, key, "/posts", {"title": "Bench post",
                                           "boardId": board})["id"]
    with psycopg2.connect(dsn) as conn, conn.cursor() as cur:
        cur.execute(
            "INSERT INTO contacts (org_id, name, email, profile_picture) "
            "SELECT %s, %s || g, 'p' || g || '@bench.example', "
            "CASE WHEN g %% 2 = 0 THEN 'https://img.example/' || g END "
            "FROM generate_series(1, 50) g RETURNING id", (org, ODD))
        people = [r[0] for r in cur.fetchall()]
        cur.execute(
            "INSERT INTO comments (org_id, post_id, content, "
            "author_contact_id, author_admin_id, upvotes, downvotes, "
            "is_private, is_pinned, created_at) "
            "SELECT %s, %s, %s || g, "
            "CASE WHEN g %% 3 = 0 THEN (%s::text[])[1 + g %% 50] END, "
            "CASE WHEN g %% 3 = 1 THEN %s END, g %% 17, g %% 5, "
            "g %% 11 = 0, "
            "g %% 13 = 0, now() - g * interval '1 minute' "
            "FROM generate_series(1, %s) g",
            (org, post, ODD, people, owner, COMMENTS))
        cur.execute(
            "UPDATE comments c SET parent_comment_id = p.id FROM ("
            "  SELECT id, lead(id) OVER (ORDER BY id) AS child "
            "  FROM comments WHERE org_id = %s) p "
            "WHERE c.org_id = %s AND c.id = p.child "
            "AND right(c.id, 1) IN ('0', '4', '8')", (org, org))
    return post


def seed_changelogs(base, key, dsn, org):
    """Changelogs through the API (their rows span several tables), then
    dates spread through SQL."""
    import psycopg2
    for i in range(CHANGELOGS):
        body = {"title": "Release %d %s" % (i, ODD[:12]),
                "htmlContent": "<p>Notes %d &amp; more</p>" % i}
        if i % 4 == 0:
            body["categories"] = ["New", "Fixed"]
        cid = post_json(base, key, "/changelogs", body)["id"]
        if i % 3 == 0:
            post_json(base, key, "/changelogs/%s/publish" % cid, {})
    with psycopg2.connect(dsn) as conn, conn.cursor() as cur:
        cur.execute("UPDATE changelogs SET date = now() - "
                    "(abs(hashtext(id)) %% 100000) * interval '1 minute' "
                    "WHERE org_id = %s", (org,))


def walk(base, key, path):
    """Every page of a list: (path, status, etag, body) of each."""
    out, cursor = [], None
    while True:
        p = path + ("&cursor=" + cursor if cursor else "")
        status, etag, body = get(base, key, p)
        out.append((p, status, etag, body))
        if status != 200:
            return out
        cursor = json.loads(body)["nextCursor"]
        if not cursor:
            return out


def compare(old, others, key, post):
    paths = []
    for sort in ("best", "top", "new", "old"):
        for scope in ("postId=" + post, ""):
            for privacy in ("public", "all"):
                paths.append("/comments?limit=100&sortBy=%s&privacy=%s&%s"
                             % (sort, privacy, scope))
    paths.append("/comments?limit=7&sortBy=top&postId=" + post)
    for order in ("desc", "asc"):
        for state in ("all", "live", "draft"):
            paths.append("/changelogs?limit=100&sortOrder=%s&state=%s"
                         % (order, state))
    paths.append("/changelogs?limit=9&categories=New")
    answers, ids = 0, {"comments": set(), "changelogs": set()}
    for path in paths:
        a = walk(old.base, key, path)
        for h in others:
            if walk(h.base, key, path) != a:
                raise SystemExit("lists differ: " + path)
        for _, _, _, body in a:
            for item in json.loads(body)["data"]:
                ids[item["object"] + "s"].add(item["id"])
        answers += len(a)
    for kind, items in ids.items():
        for i in sorted(items):
            for q in ("", "?state=draft") if kind == "changelogs" else ("",):
                p = "/%s/%s%s" % (kind, i, q)
                a = get(old.base, key, p)
                for h in others:
                    b = get(h.base, key, p)
                    if a != b:
                        raise SystemExit("answers differ: %s\n%r\n%r"
                                         % (p, a, b))
                answers += 1
    return answers, {k: len(v) for k, v in ids.items()}


def wrk(base, key, path, seconds):
    out = run("wrk", "-t1", "-c1", "-d%ds" % seconds,
              "-H", "Authorization: Bearer " + key, base + path)
    return int(re.search(r"(\d+) requests in", out).group(1))


def bench(sides, key, post, pg_pid, seconds, rounds):
    """sides: (label, Httpd), old's first."""
    cases = [("comments", "/comments?limit=100&sortBy=new&postId=" + post),
             ("changelogs", "/changelogs?limit=100")]
    for name, path in cases:
        sums = {side: [0, 0.0, 0.0, 0.0] for side, _ in sides}
        for side, h in sides:
            wrk(h.base, key, path, 1)       # warm: prepared statements
        for _ in range(rounds):
            for side, h in sides:
                pg0, h0, t0 = cpu(pg_pid), cpu(h.proc.pid), time.time()
                n = wrk(h.base, key, path, seconds)
                s = sums[side]
                s[0] += n
                s[1] += time.time() - t0
                s[2] += cpu(pg_pid) - pg0
                s[3] += cpu(h.proc.pid) - h0
        for side, _ in sides:
            n, t, pg, ht = sums[side]
            print("%-10s %s: %6.1f req/s  PostgreSQL %5.2f ms CPU/req  "
                  "httpd %5.2f ms CPU/req  (%d requests)"
                  % (name, side, n / t, 1000 * pg / n, 1000 * ht / n, n))
        old = sums[sides[0][0]]
        for side, _ in sides[1:]:
            print("%-10s %s/old PostgreSQL CPU per request: %.2f" % (
                name, side, (sums[side][2] / sums[side][0])
                / (old[2] / old[0])))


def main():
    modules = [("old", sys.argv[1]), ("new", sys.argv[2])]
    modules += [tuple(m.split("=", 1)) for m in
                os.environ.get("BENCH_MORE_MODULES", "").split()]
    seconds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    work = tempfile.mkdtemp(prefix="fblistspg.", dir="/tmp")
    os.chmod(work, 0o755)
    pgdir, port = os.path.join(work, "pg"), free_port()
    servers = []
    run(PG, "start", pgdir, str(port))
    try:
        run(PG, "createdb", pgdir, str(port), "bench")
        dsn = run(PG, "dsn", pgdir, str(port), "bench").strip()
        env = dict(os.environ, FEEDBACK_DB=dsn)
        run(CTL, "migrate", env=env)
        org, owner, key = run(CTL, "org", "create", "bench",
                              "owner@bench.example", "Owner",
                              env=env).strip().split("\t")
        secret = secrets.token_hex(32)
        if os.environ.get("BENCH_EXPLAIN"):
            # Plans of the statements the servers run, in the cluster's
            # log, copied to BENCH_EXPLAIN (slows every request).
            for setting in ("session_preload_libraries = 'auto_explain'",
                            "auto_explain.log_min_duration = 0",
                            "auto_explain.log_analyze = on"):
                run("psql", dsn, "-qc",
                    "ALTER DATABASE bench SET " + setting)
        for _, so in modules:
            servers.append(Httpd(so, dsn, secret))
        old = servers[0]
        post = seed(old.base, key, dsn, org, owner)
        seed_changelogs(old.base, key, dsn, org)
        # Statistics, as autovacuum would have them: without, the planner
        # takes the fresh tables for empty and picks poor indexes.
        run("psql", dsn, "-qc", "ANALYZE")
        with open(os.path.join(pgdir, "data", "postmaster.pid")) as f:
            pg_pid = int(f.readline())
        answers, items = compare(old, servers[1:], key, post)
        print("same bytes: %d answers (%s) of every module"
              % (answers, ", ".join("%d %s" % (n, k)
                                    for k, n in sorted(items.items()))))
        if os.environ.get("BENCH_EXPLAIN"):
            shutil.copy(os.path.join(pgdir, "server.log"),
                        os.environ["BENCH_EXPLAIN"])
            return
        print("load: " + run("uptime").strip())
        bench([(label, h) for (label, _), h in zip(modules, servers)],
              key, post, pg_pid, seconds, rounds)
        print("load: " + run("uptime").strip())
    finally:
        for s in servers:
            s.stop()
        run(PG, "stop", pgdir)
        shutil.rmtree(work, ignore_errors=True)


main()
