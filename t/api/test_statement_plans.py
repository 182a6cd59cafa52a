"""Every statement of the module (sql/statements, kept current by
t/static/test_statements.py) is planned by PostgreSQL on a migrated
database with an organization made by the operator command and the
volume of t/api/plans_seed.sql (tens of thousands of rows in the tables
that grow, a thousand organizations), and no plan reads a table
sequentially, or an index whole, unless this file says why.

The plans are the generic ones a pooled connection keeps for a prepared
statement (plan_cache_mode = force_generic_plan, placeholders typed as
apr_dbd types them), with sequential scans, hash joins, merge joins and
materialized inner sides priced out: a Seq Scan left in such a plan is a
filter or a join no index serves and no index order replaces, whatever
the data.  EXPLAIN does not run a statement, so writes are planned, not
made.

An index scan without an index condition reads the whole index (all
organizations' rows): with sequential scans priced out it is what a
missing index condition turns into, unless a Limit above it stops at
the front of its order.  The volume matters for this: on the tables of
a new organization, a nested loop over a whole index costs nothing and
PostgreSQL does not bother to pass the outer row's key down.

What this cannot see: the statements inside PL/pgSQL functions the
statements call.
"""
import os
import re
import secrets

import psycopg2
import pytest

from conftest import CTL, ROOT, create_database, run

STATEMENTS = os.path.join(ROOT, "sql", "statements")
HEADER = re.compile(r"^-- (\w+) \((scoped|global); ([a-z, ]+)\)"
                    r"(?: named \([\w, ]+\))?$")

SEED = os.path.join(ROOT, "t", "api", "plans_seed.sql")

# (statement, table) read whole on purpose, and why.
WHOLE = {
    ("op_org_list", "organizations"):
        "feedbackctl org list: every organization, by the operator",
}

# (statement, index) read whole on purpose, and why: a queue's partial
# index holds only the work waiting, which is what these read.
WHOLE_INDEX = {
    ("job_status_queues", "email_outbox_due"):
        "server-status counts the emails waiting: the queue itself",
    ("job_status_queues", "webhook_deliveries_due"):
        "server-status counts the deliveries waiting: the queue itself",
    ("job_status_queues", "changelog_locales_scheduled"):
        "server-status counts the publications waiting: the queue itself",
    ("job_webhook_finish", "webhook_deliveries_due"):
        "a finished batch's deliveries among those waiting: PostgreSQL "
        "takes the queue while it is short and the key once statistics "
        "show it long (ANALYZE replans a prepared statement)",
}

# Statements PostgreSQL cannot prepare as a plan (not SELECT, INSERT,
# UPDATE, DELETE or VALUES), by the word they start with.
UTILITY = ("SET", "RESET", "LOCK", "BEGIN", "COMMIT", "ROLLBACK",
           "LISTEN", "NOTIFY", "VACUUM", "ANALYZE")


def statements():
    """(file, label, placeholder types, text) of every statement."""
    found = []
    for root, _, names in sorted(os.walk(STATEMENTS)):
        for name in sorted(n for n in names if n.endswith(".sql")):
            path = os.path.join(root, name)
            current = None
            with open(path, encoding="utf-8") as f:
                for line in f.read().split("\n"):
                    m = HEADER.match(line)
                    if m:
                        types = m.group(3)
                        current = [os.path.relpath(path, STATEMENTS),
                                   m.group(1),
                                   [] if types == "no placeholders"
                                   else types.split(", "), []]
                        found.append(current)
                    elif current is not None and line.strip():
                        current[3].append(line)
    return [(f, label, types, "\n".join(lines).rstrip(";"))
            for f, label, types, lines in found]


def seq_scans(plan):
    """The relations a plan (EXPLAIN's JSON node) reads sequentially."""
    out = [plan["Relation Name"]] if plan["Node Type"] == "Seq Scan" else []
    for child in plan.get("Plans", []):
        out.extend(seq_scans(child))
    return out


INDEX_SCANS = ("Index Scan", "Index Only Scan", "Bitmap Index Scan")


def whole_indexes(plan, limited=False):
    """The indexes a plan reads whole: index scans without an index
    condition, but for those under a Limit that keep every row they read
    (no filter: the front of their order is what they read)."""
    out = []
    if (plan["Node Type"] in INDEX_SCANS and "Index Cond" not in plan
            and not (limited and "Filter" not in plan)):
        out.append(plan["Index Name"])
    limited = limited or plan["Node Type"] == "Limit"
    for child in plan.get("Plans", []):
        out.extend(whole_indexes(child, limited))
    return out


@pytest.fixture(scope="module")
def seeded(cluster, database_template):
    """The migrated database, one organization made by the operator
    command (its statuses, roles and brand), the seeded volume around it,
    statistics taken: made once, since the tests only plan statements on
    it (EXPLAIN runs nothing; each PREPARE is deallocated)."""
    dsn = create_database(cluster, "fbplans_" + secrets.token_hex(4),
                          database_template)
    made = run(CTL, "org", "create", "planned", "owner@planned.example",
               "Planned Owner", env=dict(os.environ, FEEDBACK_DB=dsn))
    conn = psycopg2.connect(dsn)
    conn.autocommit = True
    with conn.cursor() as cur, open(SEED, encoding="utf-8") as seed:
        cur.execute("SELECT set_config('fb.seed_org', %s, false)",
                    (made.split()[0],))
        cur.execute(seed.read())
        cur.execute("ANALYZE")
    conn.close()
    return dsn


@pytest.fixture
def planner(seeded):
    """A session of the seeded database that plans as a pooled
    connection's prepared statements are planned."""
    conn = psycopg2.connect(seeded)
    conn.autocommit = True
    with conn.cursor() as cur:
        cur.execute("SET plan_cache_mode = force_generic_plan")
        for kind in ("seqscan", "hashjoin", "mergejoin", "material"):
            cur.execute("SET enable_%s = off" % kind)
    yield conn
    conn.close()


def plan_of(conn, types, text):
    """EXPLAIN's plan of the statement as the module prepares it (as
    apr_dbd does: PREPARE with its placeholders' types), or None for a
    statement that has no plan (a utility statement)."""
    if text.lstrip().split(None, 1)[0].upper() in UTILITY:
        return None
    with conn.cursor() as cur:
        cur.execute("PREPARE fb_planned %s AS %s"
                    % ("(%s)" % ", ".join(types) if types else "", text))
        try:
            cur.execute("EXPLAIN (FORMAT JSON) EXECUTE fb_planned %s"
                        % ("(%s)" % ", ".join(["NULL"] * len(types))
                           if types else ""))
            return cur.fetchone()[0][0]["Plan"]
        finally:
            cur.execute("DEALLOCATE fb_planned")


def test_the_statements_are_all_read():
    found = statements()
    labels = [label for _, label, _, _ in found]
    assert len(found) > 400
    assert len(set(labels)) == len(labels)
    assert all(text.strip() for _, _, _, text in found)


def test_a_filter_no_index_serves_is_found(planner):
    """The check itself: a filter on a column no index leads with is a
    Seq Scan even with sequential scans priced out; the same filter under
    the organization's index is not."""
    unindexed = plan_of(planner, ["varchar"],
                        "SELECT id FROM posts WHERE title = $1")
    scoped = plan_of(planner, ["varchar", "varchar"],
                     "SELECT id FROM posts WHERE org_id = $1 "
                     "AND title = $2")
    assert seq_scans(unindexed) == ["posts"]
    assert seq_scans(scoped) == []


def test_a_whole_index_read_is_found(planner):
    """The check itself: rows in an index's order, filtered on a column
    no index leads with, are the whole index read, under a Limit too (a
    rare title is found at its end); the same under the organization is
    an index condition, and an unfiltered Limit reads the front."""
    unkeyed = plan_of(planner, ["varchar"],
                      "SELECT p.id FROM posts p WHERE p.title = $1 "
                      "ORDER BY p.org_id, p.id")
    limited = plan_of(planner, ["varchar"],
                      "SELECT p.id FROM posts p WHERE p.title = $1 "
                      "ORDER BY p.org_id, p.id LIMIT 10")
    keyed = plan_of(planner, ["varchar", "varchar"],
                    "SELECT p.id FROM posts p WHERE p.org_id = $1 "
                    "AND p.title = $2 ORDER BY p.org_id, p.id")
    front = plan_of(planner, [],
                    "SELECT p.id FROM posts p ORDER BY p.org_id, p.id "
                    "LIMIT 10")
    assert whole_indexes(unkeyed) != []
    assert whole_indexes(limited) != []
    assert whole_indexes(keyed) == []
    assert whole_indexes(front) == []


def test_no_statement_reads_a_growing_table_whole(planner):
    failures, planned = [], 0
    for path, label, types, text in statements():
        plan = plan_of(planner, types, text)
        if plan is None:
            continue
        planned += 1
        for relation in seq_scans(plan):
            if (label, relation) not in WHOLE:
                failures.append("%s %s: reads all of %s"
                                % (path, label, relation))
        for index in whole_indexes(plan):
            if (label, index) not in WHOLE_INDEX:
                failures.append("%s %s: reads all of the index %s"
                                % (path, label, index))
    assert planned > 400
    assert failures == [], "\n".join(failures)
