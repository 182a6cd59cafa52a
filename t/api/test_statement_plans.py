"""Every statement of the module (sql/statements, kept current by
t/static/test_statements.py) is planned by PostgreSQL on a migrated
database with an organization made by the operator command, and no plan
reads a table sequentially unless this file says why.

The plans are the generic ones a pooled connection keeps for a prepared
statement (plan_cache_mode = force_generic_plan, placeholders typed as
apr_dbd types them), with sequential scans, hash joins, merge joins and
materialized inner sides priced out: a Seq Scan left in such a plan is a
filter or a join no index serves and no index order replaces, whatever
the data.  EXPLAIN does not run a statement, so writes are planned, not
made.

What this cannot see: which of two indexed plans PostgreSQL picks at
scale (a test's tables are tiny), and the statements inside PL/pgSQL
functions the statements call.
"""
import os
import re

import psycopg2
import pytest

from conftest import CTL, ROOT, run

STATEMENTS = os.path.join(ROOT, "sql", "statements")
HEADER = re.compile(r"^-- (\w+) \((scoped|global); ([a-z, ]+)\)"
                    r"(?: named \([\w, ]+\))?$")

# (statement, table) read whole on purpose, and why.
WHOLE = {
    ("op_org_list", "organizations"):
        "feedbackctl org list: every organization, by the operator",
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


@pytest.fixture
def planner(fresh_database):
    """A session of the migrated database, one organization made by the
    operator command (its statuses, roles and brand), statistics taken."""
    run(CTL, "org", "create", "planned", "owner@planned.example",
        "Planned Owner", env=dict(os.environ, FEEDBACK_DB=fresh_database))
    conn = psycopg2.connect(fresh_database)
    conn.autocommit = True
    with conn.cursor() as cur:
        cur.execute("ANALYZE")
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
    assert planned > 400
    assert failures == [], "\n".join(failures)
