"""The import at scale (issue 34's figure): a source organization of
FEEDBACK_BENCH_IMPORT_POSTS posts (the issue's 100,000), three comments
a post (300,000), FEEDBACK_BENCH_IMPORT_CONVERSATIONS conversations
(20,000) of FEEDBACK_BENCH_IMPORT_PARTS parts, seeded in bulk by SQL
as the API renders them (upvotes the count of each post's voters,
commentCount of its comments, a reply in each thread), served by an
httpd at the default rate limits (FeedbackRateLimitKey 2000 a minute);
`feedbackctl import` into a target organization of a database of its
own, its resident memory sampled every second.  Prints and writes to
FEEDBACK_BENCH_OUT the minutes, the requests, the seconds waited for the
rate limit, the memory at ten points and its peak, and the families'
table.  Conversations are seeded whether or not the importer carries
them (it imports the families it has).
Skipped unless FEEDBACK_BENCH_IMPORT_POSTS is set (bench/import.sh)."""
import os
import re
import secrets
import subprocess
import time

import psycopg2
import pytest

from conftest import CTL, Org, create_database, httpd
from test_import import importer_env, written
from test_reports_bench import generate

N = int(os.environ.get("FEEDBACK_BENCH_IMPORT_POSTS", "0") or 0)
COMMENTS = int(os.environ.get("FEEDBACK_BENCH_IMPORT_COMMENTS", "0")
               or 3 * N)
CONVERSATIONS = int(os.environ.get("FEEDBACK_BENCH_IMPORT_CONVERSATIONS",
                                   "0") or N // 5)
PARTS = int(os.environ.get("FEEDBACK_BENCH_IMPORT_PARTS", "4") or 4)
OUT = os.environ.get("FEEDBACK_BENCH_OUT")
# Another build of the importer (bin/feedback-import of another
# checkout), run first on the same source into an organization of its
# own: the two runs' figures side by side.
BASELINE = os.environ.get("FEEDBACK_BENCH_IMPORT_BASELINE")

pytestmark = pytest.mark.skipif(N == 0, reason="FEEDBACK_BENCH_IMPORT_POSTS "
                                "is not set (bench/import.sh)")


def seed(server, org):
    """Contacts (one for every ten posts), two boards, N posts over two
    years with 0 to 3 voters each (upvotes their count), COMMENTS
    comments spread evenly (each post's second comment a reply to its
    first; commentCount their count), then the conversations of
    test_reports_bench.generate.  Ids are 24 hex digits: a post's its
    creation second and its number, a comment's its post's second and
    row, then its own number (no two alike)."""
    per = COMMENTS // N
    contacts = max(100, N // 10)
    conn = psycopg2.connect(server.dsn)
    cur = conn.cursor()
    cur.execute("SELECT id FROM post_statuses WHERE org_id = %s "
                "AND is_default", (org.id,))
    status = cur.fetchone()[0]
    cur.execute(
        "INSERT INTO contacts (org_id, id, email, name, type, "
        "  last_activity) "
        "SELECT %(org)s, 'c' || lpad(to_hex(g), 23, '0'), "
        "  'person' || g || '@bench.example', 'Person ' || g, 'customer', "
        "  now() - g * interval '1 minute' "
        "FROM generate_series(1, %(n)s) g", {"org": org.id, "n": contacts})
    cur.execute(
        "INSERT INTO boards (org_id, id, name) VALUES "
        "(%(org)s, 'b' || lpad('1', 23, '0'), 'Ideas'), "
        "(%(org)s, 'b' || lpad('2', 23, '0'), 'Bugs')", {"org": org.id})
    cur.execute(
        "INSERT INTO posts (org_id, id, slug, title, content, content_text, "
        "  board_id, author_contact_id, status_id, upvotes, comment_count, "
        "  created_at, updated_at, last_activity_at) "
        "SELECT %(org)s, x.id, 'post-' || g, 'Post ' || g || ' about the '"
        "  || (ARRAY['editor', 'export', 'login', 'billing'])[g %% 4 + 1], "
        "  '<p>Body of post ' || g || '</p>', 'Body of post ' || g, "
        "  'b' || lpad((g %% 2 + 1)::text, 23, '0'), "
        "  'c' || lpad(to_hex(g %% %(contacts)s + 1), 23, '0'), "
        "  %(status)s, g %% 4, %(per)s, x.t, x.t, x.t "
        "FROM generate_series(1, %(n)s) g, LATERAL (SELECT "
        "  now() - interval '730 days' * (1 - g::float8 / %(n)s) AS t) y, "
        "  LATERAL (SELECT y.t, lpad(to_hex(extract(epoch FROM y.t)::bigint),"
        "    8, '0') || lpad(to_hex(g), 16, '0') AS id) x",
        {"org": org.id, "n": N, "contacts": contacts, "status": status,
         "per": per})
    cur.execute(
        "INSERT INTO post_votes (org_id, post_id, contact_id, created_at) "
        "SELECT p.org_id, p.id, 'c' || lpad(to_hex((p.n * 7 + j) %% "
        "  %(contacts)s + 1), 23, '0'), p.created_at "
        "FROM (SELECT org_id, id, created_at, upvotes, "
        "        row_number() OVER (ORDER BY id) AS n "
        "      FROM posts WHERE org_id = %(org)s) p, "
        "  generate_series(1, p.upvotes) j",
        {"org": org.id, "contacts": contacts})
    cur.execute(
        "INSERT INTO comments (org_id, id, post_id, parent_comment_id, "
        "  content, content_text, author_contact_id, created_at, "
        "  updated_at) "
        "SELECT p.org_id, left(p.id, 8) || lpad(to_hex(p.n), 10, '0') "
        "  || lpad(to_hex(j), 6, '0'), p.id, "
        "  CASE WHEN j = 2 THEN left(p.id, 8) || lpad(to_hex(p.n), 10, '0') "
        "    || lpad('1', 6, '0') END, "
        "  '<p>Comment ' || j || '</p>', 'Comment ' || j, "
        "  'c' || lpad(to_hex((p.n + j) %% %(contacts)s + 1), 23, '0'), "
        "  p.created_at + j * interval '1 minute', "
        "  p.created_at + j * interval '1 minute' "
        "FROM (SELECT org_id, id, created_at, "
        "        row_number() OVER (ORDER BY id) AS n "
        "      FROM posts WHERE org_id = %(org)s) p, "
        "  generate_series(1, %(per)s) j",
        {"org": org.id, "contacts": contacts, "per": per})
    conn.commit()
    conn.close()
    if CONVERSATIONS:
        generate(server, org, CONVERSATIONS, PARTS)
    with psycopg2.connect(server.dsn) as c:
        c.autocommit = True
        c.cursor().execute("ANALYZE")


def rss_kb(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def next_window():
    """Waits for the next minute: the source's rate limit counts fixed
    one-minute windows, so that each run starts with a whole one."""
    time.sleep(60 - time.time() % 60 + 1)


def run_import(say, source, org, dsn, name, command, tmp_path):
    """One import into a new organization of dsn; says its figures and
    returns its verification table."""
    into = subprocess.run(
        [CTL, "org", "create", name, "owner@%s.example" % name],
        env=dict(os.environ, FEEDBACK_DB=dsn), check=True,
        capture_output=True, text=True).stdout.split("\t")[0]
    out = tmp_path / (name + ".out")
    err = tmp_path / (name + ".err")
    next_window()
    with open(out, "w") as o, open(err, "w") as e:
        started = time.time()
        proc = subprocess.Popen(
            command + ["--from", source.base + "/v2", "--key", org.key,
                       "--into", into], env=importer_env(dsn),
            stdout=o, stderr=e)
        samples = []
        while proc.poll() is None:
            kb = rss_kb(proc.pid)
            if kb:
                samples.append((time.time() - started, kb))
            time.sleep(1)
        took = time.time() - started
    text = out.read_text()
    assert proc.returncode == 0, text + err.read_text()
    m = re.search(r"(\d+) requests to the source, (\d+) retried, "
                  r"([\d.]+) s waited", text)
    requests, retried, waited = int(m.group(1)), int(m.group(2)), \
        float(m.group(3))
    say("%s: %.1f minutes (%.0f s), %d requests to the source "
        "(%.0f a minute), %d retried, %.0f s waited for its rate limit"
        % (name, took / 60, took, requests, requests / (took / 60),
           retried, waited))
    peak = max(kb for _, kb in samples)
    step = max(1, len(samples) // 10)
    say("  resident memory (s: MB): " + ", ".join(
        "%.0f: %.1f" % (t, kb / 1024) for t, kb in samples[::step]
    ) + "; peak %.1f MB over %d samples" % (peak / 1024, len(samples)))
    return written(text)


def test_import_at_scale(fresh_database, cluster, database_template,
                         tmp_path):
    lines = []

    def say(line=""):
        print(line)
        lines.append(line)

    with httpd(fresh_database) as source:
        org = Org(source, "benchsrc" + secrets.token_hex(3))
        started = time.time()
        seed(source, org)
        say("seeded %d posts, %d comments, %d conversations of %d parts "
            "in %.0f s" % (N, COMMENTS, CONVERSATIONS, PARTS,
                           time.time() - started))
        # A database of its own for each run: ids belong to one
        # organization of a database.
        if BASELINE:
            run_import(say, source, org, create_database(
                cluster, "fbimpb_" + secrets.token_hex(4),
                database_template), "baseline", [BASELINE], tmp_path)
        rows = run_import(say, source, org, create_database(
            cluster, "fbimpb_" + secrets.token_hex(4), database_template),
            "import", [CTL, "import"], tmp_path)
    say("family           source  written  skipped")
    for family, r in rows.items():
        say("%-16s %7s %8s %8s" % (family, r[0], r[2], r[3]))
    assert rows["posts"][0] == str(N)
    assert int(rows["comments"][0]) == COMMENTS // N * N
    if OUT:
        with open(OUT, "w") as f:
            f.write("\n".join(lines) + "\n")
