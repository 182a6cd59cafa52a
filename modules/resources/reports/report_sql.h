/*
 * report_sql.h: the statements of a report (report_query.c), one per
 * source of rows, made of the pieces here so that every source reads its
 * window, filters, dimensions and aggregations the same way.
 *
 * Every statement takes the arguments of the set report, bound once by
 * name (REPORT_ARGS): the metric, the aggregation and its percentile, the
 * time zone, the window (start_at inclusive, end_at exclusive: a date
 * "YYYY-MM-DD" is that day's midnight in the zone, anything else an
 * instant), the granularity, the checked filter (tree: the groups, whose
 * leaves {"r": n} are the n-th of rules, each {f, k, o, t, v}), and the
 * two dimensions (d1, d2: an attribute's form, with the key of a custom
 * one; "@hour_of_week" the heatmap's cell).
 *
 * A statement answers rows (g, local, off, d1, d1_label, d2, d2_label, n,
 * val): g is GROUPING(bucket, d1, d2) of the set the row aggregates (7
 * the whole window, 3 a bucket, 5 a d1, 4 a d1 and d2, 6 a d2, 2 a bucket
 * and d2), or -1 for each bucket of the window (in order, with no
 * value); local is a bucket's start in the zone and off its offset from
 * UTC in seconds; val is the aggregation of the row's values.
 */
#ifndef FB_REPORT_SQL_H
#define FB_REPORT_SQL_H

#include "fb_db.h"

FB_PARAMS(report, (metric, agg, pct, tz, start_at, end_at, gran, tree, rules,
                   d1, d1_key, d2, d2_key));

/* A bound of the window: a date is midnight in the zone. */
#define REPORT_AT(x) \
    "CASE WHEN length(" x ") = 10 THEN " x "::timestamp AT TIME ZONE a.tz " \
    "ELSE " x "::timestamptz END"

#define REPORT_ARGS \
    "WITH a AS NOT MATERIALIZED (SELECT %s::text AS org_id, " \
    "  %s::text AS metric, %s::text AS agg, %s::float8 AS pct, " \
    "  %s::text AS tz, %s::text AS start_at, %s::text AS end_at, " \
    "  %s::text AS gran, %s::jsonb AS tree, %s::jsonb AS rules, " \
    "  %s::text AS d1, %s::text AS d1_key, %s::text AS d2, " \
    "  %s::text AS d2_key), " \
    "k AS NOT MATERIALIZED (SELECT a.*, " REPORT_AT("a.start_at") " AS t0, " \
    "  " REPORT_AT("a.end_at") " AS t1 FROM a) "

/* Whether a rule (fc.j) passes for the values vals (text[], an unset
 * value a NULL element). */
#define REPORT_CMP(vals, op, i) \
    "(CASE WHEN fc.j ->> 't' = 'date' " \
    "  THEN (" vals ")[1]::timestamptz " op " (fc.j -> 'v' ->> " i \
    ")::timestamptz " \
    "  ELSE (" vals ")[1]::numeric " op " (fc.j -> 'v' ->> " i \
    ")::numeric END)"
#define REPORT_HAS(vals) \
    "(strpos(lower(array_to_string(" vals ", chr(1))), " \
    "  lower(fc.j -> 'v' ->> 0)) > 0)"
#define REPORT_RULE(vals) \
    "coalesce(CASE fc.j ->> 'o' " \
    "  WHEN 'in' THEN (fc.j -> 'v') ?| " vals " " \
    "  WHEN 'nin' THEN NOT coalesce((fc.j -> 'v') ?| " vals ", false) " \
    "  WHEN 'has' THEN " REPORT_HAS(vals) " " \
    "  WHEN 'nhas' THEN NOT coalesce(" REPORT_HAS(vals) ", false) " \
    "  WHEN 'ex' THEN cardinality(array_remove(" vals ", NULL)) > 0 " \
    "  WHEN 'nex' THEN cardinality(array_remove(" vals ", NULL)) = 0 " \
    "  WHEN 'ge' THEN " REPORT_CMP(vals, ">=", "0") " " \
    "  WHEN 'le' THEN " REPORT_CMP(vals, "<=", "0") " " \
    "  WHEN 'bt' THEN " REPORT_CMP(vals, ">=", "0") " AND " \
    REPORT_CMP(vals, "<=", "1") " END, false)"

/* Whether the row passes group g (and, or: NOT EXISTS a child whose
 * pass equals or, unequal to or), its rules read from rp.pass; groups
 * nest six deep at most (the client's limit, checked before). */
#define REPORT_LEVEL(g, n, next) \
    "(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(" g " -> 'c') c" n \
    "(j) WHERE coalesce(CASE WHEN c" n ".j ? 'r' " \
    "  THEN rp.pass[(c" n ".j ->> 'r')::int] ELSE " next " END, false) " \
    "  = (" g " ->> 'op' = 'or')) <> (" g " ->> 'op' = 'or'))"
#define REPORT_L6(g) REPORT_LEVEL(g, "6", "false")
#define REPORT_L5(g) REPORT_LEVEL(g, "5", REPORT_L6("c5.j"))
#define REPORT_L4(g) REPORT_LEVEL(g, "4", REPORT_L5("c4.j"))
#define REPORT_L3(g) REPORT_LEVEL(g, "3", REPORT_L4("c3.j"))
#define REPORT_L2(g) REPORT_LEVEL(g, "2", REPORT_L3("c2.j"))
#define REPORT_L1(g) REPORT_LEVEL(g, "1", REPORT_L2("c1.j"))

/* A dimension's values for a row (a row counts under each; no value:
 * one NULL). */
#define REPORT_DIM(ATTRS, T, f, key) \
    "CASE WHEN " f " IS NULL THEN ARRAY[NULL::text] " \
    "WHEN " f " = '@hour_of_week' " \
    "  THEN ARRAY[to_char((" T ") AT TIME ZONE k.tz, 'ID:HH24')] " \
    "ELSE coalesce(nullif(" ATTRS(f, key) ", '{}'::text[]), " \
    "  ARRAY[NULL::text]) END"

/* The name of an id of an attribute (NULL: no name to read). */
#define REPORT_NAME(table, col, v) \
    "(SELECT x." col " FROM " table " x WHERE x.org_id = k.org_id " \
    "AND x.id = " v ")"
#define REPORT_LABEL(f, v) \
    "CASE " f " " \
    "WHEN 'conversation.tags' THEN " \
    REPORT_NAME("conversation_tags", "name", v) " " \
    "WHEN 'conversation.team' THEN " REPORT_NAME("teams", "name", v) " " \
    "WHEN 'conversation.assignee' THEN " REPORT_NAME("admins", "name", v) " " \
    "WHEN 'reply.admin' THEN " REPORT_NAME("admins", "name", v) " " \
    "WHEN 'conversation.brand' THEN " REPORT_NAME("brands", "name", v) " " \
    "WHEN 'ticket.category' THEN " \
    REPORT_NAME("ticket_categories", "name", v) " " \
    "WHEN 'ticket.status' THEN " \
    REPORT_NAME("ticket_statuses", "name", v) " " \
    "WHEN 'ticket.assignee' THEN " REPORT_NAME("admins", "name", v) " " \
    "WHEN 'ticket.company' THEN " REPORT_NAME("companies", "name", v) " " \
    "WHEN 'post.board' THEN " REPORT_NAME("boards", "name", v) " " \
    "WHEN 'post.status' THEN " REPORT_NAME("post_statuses", "name", v) " " \
    "WHEN 'post.tags' THEN " REPORT_NAME("tags", "name", v) " END"

/* A custom value of the jsonb col under key, as text[] (a multi-select's
 * array, element by element). */
#define REPORT_CUSTOM(col, key) \
    "CASE jsonb_typeof(" col " -> (" key ")) WHEN 'array' " \
    "  THEN ARRAY(SELECT jsonb_array_elements_text(" col " -> (" key "))) " \
    "  ELSE ARRAY[" col " ->> (" key ")] END"

/* The start of the bucket of T: an hour is cut from the local time (an
 * hour repeated when clocks go back is two buckets; date_trunc in a zone
 * would put the first into the second), longer buckets are
 * date_trunc's in the zone. */
#define REPORT_BUCKET(T) \
    "CASE WHEN k.gran = 'hour' THEN (" T ") - ((" T ") AT TIME ZONE k.tz " \
    "  - date_trunc('hour', (" T ") AT TIME ZONE k.tz)) " \
    "ELSE date_trunc(k.gran, " T ", k.tz) END"

/*
 * A report's statement: the rows of src (a join chain after k, whose
 * where selects the window) at time T with value V (NULL: none; counts
 * count values), each attribute's values by ATTRS(form, key), filtered,
 * cut by the dimensions, aggregated by the grouping sets SETS at once:
 * every one (REPORT_SETS_ALL), or the whole and the buckets when no
 * dimension is asked (REPORT_SETS_PLAIN: one sort fewer than two, which
 * is most of a median's time).
 */
#define REPORT_SEL_ALL "GROUPING(x.b, x.d1, x.d2) AS g, x.b, x.d1, x.d2"
#define REPORT_SETS_ALL \
    "(), (x.b), (x.d1), (x.d1, x.d2), (x.d2), (x.b, x.d2)"
#define REPORT_SEL_PLAIN \
    "GROUPING(x.b) * 4 + 3 AS g, x.b, NULL::text AS d1, NULL::text AS d2"
#define REPORT_SETS_PLAIN "(), (x.b)"

/* The aggregation of rows (their values v). */
#define REPORT_AGG_ROWS \
    "count(x.v) AS n, CASE (SELECT agg FROM a) " \
    "    WHEN 'count' THEN count(x.v)::float8 WHEN 'sum' THEN sum(x.v) " \
    "    WHEN 'avg' THEN avg(x.v) WHEN 'min' THEN min(x.v) " \
    "    WHEN 'max' THEN max(x.v) " \
    "    ELSE percentile_cont((SELECT coalesce(pct / 100, 0.5) FROM a)) " \
    "      WITHIN GROUP (ORDER BY x.v) FILTER (WHERE (SELECT agg FROM a) " \
    "      IN ('median', 'percentile')) END AS val"

/* A source's two statements: name (every set) and name_plain. */
#define REPORT_STATEMENTS(name, ATTRS, src, where, T, V) \
    FB_SQL_WITH(name, report, \
                REPORT_SQL(ATTRS, src, where, T, V, "", REPORT_SEL_ALL, \
                           REPORT_SETS_ALL, REPORT_AGG_ROWS, "")); \
    FB_SQL_WITH(name##_plain, report, \
                REPORT_SQL(ATTRS, src, where, T, V, "", REPORT_SEL_PLAIN, \
                           REPORT_SETS_PLAIN, REPORT_AGG_ROWS, ""))
/* ... and the statement itself: x has the rows' b, d1, d2, v and XCOLS,
 * AGG aggregates them (n, val), EXTRA adds rows to the answer (a
 * rollup's REPORT_ROLLUP_CANNOT); REPORT_SQL_CTE's CTES are named
 * queries src reads ("name AS (...), " each; a rollup's day plan). */
#define REPORT_SQL(ATTRS, src, where, T, V, XCOLS, SEL, SETS, AGG, EXTRA) \
    REPORT_SQL_CTE("", ATTRS, src, where, T, V, XCOLS, SEL, SETS, AGG, \
                   EXTRA)
#define REPORT_SQL_CTE(CTES, ATTRS, src, where, T, V, XCOLS, SEL, SETS, \
                       AGG, EXTRA) \
    REPORT_ARGS ", " CTES \
    "x AS (SELECT " REPORT_BUCKET(T) " AS b, d1.v AS d1, " \
    "  d2.v AS d2, (" V ")::float8 AS v" XCOLS " " \
    "  FROM k CROSS JOIN " src " " \
    "  CROSS JOIN LATERAL (SELECT CASE WHEN k.rules IS NULL " \
    "    THEN NULL::boolean[] ELSE ARRAY(SELECT " REPORT_RULE("av.vals") \
    "    FROM jsonb_array_elements(k.rules) WITH ORDINALITY fc(j, i), " \
    "    LATERAL (SELECT " ATTRS("fc.j ->> 'f'", "fc.j ->> 'k'") \
    "      AS vals OFFSET 0) av ORDER BY fc.i) END AS pass OFFSET 0) rp " \
    "  CROSS JOIN LATERAL unnest(" \
    REPORT_DIM(ATTRS, T, "k.d1", "k.d1_key") ") d1(v) " \
    "  CROSS JOIN LATERAL unnest(" \
    REPORT_DIM(ATTRS, T, "k.d2", "k.d2_key") ") d2(v) " \
    "  WHERE " where " AND (k.tree IS NULL OR " REPORT_L1("k.tree") ")), " \
    "agg AS (SELECT " SEL ", " AGG " " \
    "  FROM x GROUP BY GROUPING SETS (" SETS ")), " \
    "series AS (SELECT s.b FROM k, generate_series(" \
    REPORT_BUCKET("k.t0") ", k.t1 - interval '1 microsecond', interval '1 hour') " \
    "    s(b) WHERE k.gran = 'hour' " \
    "  UNION ALL SELECT l.b AT TIME ZONE k.tz FROM k, generate_series(" \
    "    date_trunc(k.gran, k.t0 AT TIME ZONE k.tz), " \
    "    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz, " \
    "    ('1 ' || k.gran)::interval) l(b) WHERE k.gran <> 'hour') " \
    "SELECT r.g, to_char(r.b AT TIME ZONE k.tz, " \
    "  'YYYY-MM-DD\"T\"HH24:MI:SS') AS local, " \
    "  extract(epoch FROM (r.b AT TIME ZONE k.tz) " \
    "    - (r.b AT TIME ZONE 'UTC'))::int AS off, " \
    "  r.d1, " REPORT_LABEL("k.d1", "r.d1") " AS d1_label, " \
    "  r.d2, " REPORT_LABEL("k.d2", "r.d2") " AS d2_label, " \
    "  r.n, trim_scale(round(r.val::numeric, 3)) AS val " \
    "FROM (SELECT g, b, d1, d2, n, val FROM agg " \
    "  UNION ALL SELECT -1, b, NULL, NULL, 0, NULL FROM series" EXTRA ") r, k " \
    "ORDER BY r.g, r.val DESC NULLS LAST, r.b, r.d1, r.d2"

/*
 * The rows behind a report (drill-in): the set report_drill, the
 * report's arguments and the data point (bucket: a bucket's start;
 * group_value, segment_value: a value of d1, d2, "" for none; cell: a
 * heatmap cell "d:hh"), the order (sort: metric.value or metric.time,
 * dir: asc or desc), the rows to skip, the page's limit.
 */
FB_PARAMS(report_drill, (metric, tz, start_at, end_at, gran, tree, rules, d1,
                         d1_key, d2, d2_key, bucket, group_value,
                         segment_value, cell, sort, dir, skip, limit));

#define REPORT_DRILL_ARGS \
    "WITH a AS NOT MATERIALIZED (SELECT %s::text AS org_id, " \
    "  %s::text AS metric, %s::text AS tz, %s::text AS start_at, " \
    "  %s::text AS end_at, %s::text AS gran, %s::jsonb AS tree, " \
    "  %s::jsonb AS rules, %s::text AS d1, %s::text AS d1_key, " \
    "  %s::text AS d2, %s::text AS d2_key, %s::timestamptz AS bucket, " \
    "  %s::text AS group_value, %s::text AS segment_value, " \
    "  %s::text AS cell, %s::text AS sort, %s::text AS dir, " \
    "  %s::bigint AS skip), " \
    "k AS NOT MATERIALIZED (SELECT a.*, " REPORT_AT("a.start_at") " AS t0, " \
    "  " REPORT_AT("a.end_at") " AS t1 FROM a) "

/* The row has value v of dimension f ("" : it has none). */
#define REPORT_DIM_IS(ATTRS, f, key, v) \
    "(" f " IS NULL OR " v " IS NULL OR coalesce(nullif(array_remove(" \
    ATTRS(f, key) ", NULL), '{}'::text[]), ARRAY['']) @> ARRAY[" v "])"

/*
 * The page of rows of src behind the data point: each row's id (rid,
 * the conversation, ticket or post), its part (pid: a closing's or
 * reply's, else NULL), time t and value v, in the order asked, then
 * the time and ids newest first; total, every such row.  outer selects
 * the page's columns from page p (joined to its rows by their ids).
 */
#define REPORT_DRILL_SQL(ATTRS, src, where, T, V, RID, PID, outer) \
    REPORT_DRILL_ARGS ", " \
    "x AS (SELECT " RID " AS rid, " PID " AS pid, " T " AS t, " \
    "  (" V ")::float8 AS v " \
    "  FROM k CROSS JOIN " src " " \
    "  CROSS JOIN LATERAL (SELECT CASE WHEN k.rules IS NULL " \
    "    THEN NULL::boolean[] ELSE ARRAY(SELECT " REPORT_RULE("av.vals") \
    "    FROM jsonb_array_elements(k.rules) WITH ORDINALITY fc(j, i), " \
    "    LATERAL (SELECT " ATTRS("fc.j ->> 'f'", "fc.j ->> 'k'") \
    "      AS vals OFFSET 0) av ORDER BY fc.i) END AS pass OFFSET 0) rp " \
    "  WHERE " where " AND (k.tree IS NULL OR " REPORT_L1("k.tree") ") " \
    "  AND (k.bucket IS NULL OR " REPORT_BUCKET(T) " = k.bucket) " \
    "  AND (k.cell IS NULL " \
    "    OR to_char((" T ") AT TIME ZONE k.tz, 'ID:HH24') = k.cell) " \
    "  AND " REPORT_DIM_IS(ATTRS, "k.d1", "k.d1_key", "k.group_value") \
    "  AND " REPORT_DIM_IS(ATTRS, "k.d2", "k.d2_key", "k.segment_value") \
    "), " \
    "ranked AS (SELECT x.*, count(*) OVER () AS total, row_number() OVER (" \
    "  ORDER BY CASE WHEN k.sort = 'metric.value' AND k.dir = 'asc' " \
    "      THEN x.v END ASC NULLS LAST, " \
    "    CASE WHEN k.sort = 'metric.value' AND k.dir = 'desc' " \
    "      THEN x.v END DESC NULLS LAST, " \
    "    CASE WHEN k.dir = 'asc' THEN x.t END ASC, x.t DESC, " \
    "    x.rid DESC, x.pid DESC) AS rn FROM x, k), " \
    "page AS (SELECT r.* FROM ranked r, k WHERE r.rn > k.skip " \
    "  ORDER BY r.rn LIMIT %d) " outer " ORDER BY p.rn"

/* ---- the sources' attributes, window and durations ---- */

/* The values of a conversation's attributes (c) by form. */
#define REPORT_CONVERSATION_ATTRS(f, key) \
    "CASE " f " " \
    "WHEN 'conversation.channel' THEN ARRAY[c.channel] " \
    "WHEN 'conversation.state' THEN ARRAY[c.state] " \
    "WHEN 'conversation.priority' THEN ARRAY[c.priority::text] " \
    "WHEN 'conversation.initiator' THEN ARRAY[c.delivered_as] " \
    "WHEN 'conversation.language' THEN ARRAY[c.language] " \
    "WHEN 'conversation.team' THEN ARRAY[c.team_assignee_id] " \
    "WHEN 'conversation.assignee' THEN ARRAY[c.admin_assignee_id] " \
    "WHEN 'conversation.brand' THEN ARRAY[c.brand_id] " \
    "WHEN 'conversation.tags' THEN ARRAY(SELECT l.tag_id " \
    "  FROM conversation_tag_links l WHERE l.org_id = c.org_id " \
    "  AND l.conversation_id = c.id) " \
    "WHEN 'conversation.custom' THEN " \
    REPORT_CUSTOM("c.custom_attributes", key) " " \
    "ELSE '{}'::text[] END"

/* A reply's (pt) and its conversation's. */
#define REPORT_REPLY_ATTRS(f, key) \
    "CASE " f " " \
    "WHEN 'reply.admin' THEN ARRAY[pt.author_id] " \
    "WHEN 'reply.channel' THEN ARRAY[pt.part_type] " \
    "ELSE " REPORT_CONVERSATION_ATTRS(f, key) " END"

#define REPORT_TICKET_ATTRS(f, key) \
    "CASE " f " " \
    "WHEN 'ticket.category' THEN ARRAY[tk.category_id] " \
    "WHEN 'ticket.status' THEN ARRAY[tk.status_id] " \
    "WHEN 'ticket.open' THEN ARRAY[tk.open::text] " \
    "WHEN 'ticket.assignee' THEN ARRAY[tk.assignee_id] " \
    "WHEN 'ticket.company' THEN ARRAY[tk.company_id] " \
    "WHEN 'ticket.custom' THEN " REPORT_CUSTOM("tk.custom_fields", key) " " \
    "ELSE '{}'::text[] END"

#define REPORT_POST_ATTRS(f, key) \
    "CASE " f " " \
    "WHEN 'post.board' THEN ARRAY[p.board_id] " \
    "WHEN 'post.status' THEN ARRAY[p.status_id] " \
    "WHEN 'post.tags' THEN p.tag_ids " \
    "WHEN 'post.visibility' THEN ARRAY[p.visibility] " \
    "ELSE '{}'::text[] END"

#define REPORT_WINDOW(col) \
    col " >= k.t0 AND " col " < k.t1"

/* A duration in milliseconds. */
#define REPORT_MS(from, to) "extract(epoch FROM " to " - " from ") * 1000"

/*
 * A rollup's statements (sql/041): rows of whole UTC hours, each n rows
 * with these attribute values.  The rollup's rows of the window are
 * summed per bucket (per hour for the heatmap) and values before the
 * filter and the dimensions see them, so the filter is evaluated once
 * per bucket and distinct values, not per hour.  A window or bucket not
 * on whole UTC hours (a zone whose offset is not whole hours) cannot be
 * summed from hours, and a sketch's window of fewer than
 * REPORT_SKETCH_MIN values is answered exactly from the rows: the
 * answer then has a row of g -2 (REPORT_ROLLUP_CANNOT), and the report
 * reads its rows instead.
 */
#define REPORT_UTC_HOUR(x) "(" x ") = date_trunc('hour', " x ", 'UTC')"
#define REPORT_ROLLUP_CANNOT(more) \
    " UNION ALL SELECT -2, NULL, NULL, NULL, 0, NULL FROM k " \
    "  WHERE NOT (" REPORT_UTC_HOUR("k.t0") " AND " REPORT_UTC_HOUR("k.t1") \
    "  AND NOT EXISTS (SELECT 1 FROM series s WHERE NOT " \
    REPORT_UTC_HOUR("s.b") "))" more
#define REPORT_AGG_COUNTS \
    "sum(x.v) AS n, CASE (SELECT agg FROM a) WHEN 'count' " \
    "  THEN sum(x.v)::float8 END AS val"
#define REPORT_ROLLUP_STATEMENTS(name, ATTRS, src) \
    FB_SQL_WITH(name, report, \
                REPORT_SQL(ATTRS, src, "h.n <> 0", "h.t", "h.n", "", \
                           REPORT_SEL_ALL, REPORT_SETS_ALL, \
                           REPORT_AGG_COUNTS, REPORT_ROLLUP_CANNOT(""))); \
    FB_SQL_WITH(name##_plain, report, \
                REPORT_SQL(ATTRS, src, "h.n <> 0", "h.t", "h.n", "", \
                           REPORT_SEL_PLAIN, REPORT_SETS_PLAIN, \
                           REPORT_AGG_COUNTS, REPORT_ROLLUP_CANNOT("")))

/*
 * A rollup's day plan: which UTC months, days and hours of the window
 * are read from which level of the rollup.  Buckets of days, weeks or
 * months in a zone whose offsets are whole hours start at UTC hours but
 * rarely at UTC midnights (New York's day starts at 04:00 or 05:00 UTC,
 * Berlin's month at 22:00 or 23:00 UTC the day before); sums subtract as
 * they add, so a unit (a month, a day) is read whole for the bucket most
 * of it falls in, and its parts that fall elsewhere are taken from that
 * bucket (-1) and given to theirs (+1, none outside the window), a level
 * down.  A New York day is then a day's rows and four or five hours',
 * not 24 hours'; a Berlin year of months twelve months' rows and the
 * hours at their edges.  Only the buckets' bounds are computed in the
 * zone (at most 1,000), no hour's.  MONTHS says whether the rollup has
 * a month level (false: every day's base is none).
 *   rb:  the buckets [s, e) within the window, each starting at t;
 *   rm:  the UTC months read whole [s, e), each for bucket a;
 *   rdo: each UTC day s's overlap o with bucket t ([bs, be));
 *   rd:  every day s of the window or of a month read whole: the bucket
 *        base its month gives it (NULL: none) and a, the one it goes to
 *        (the bucket of more than 12 of its hours, else none);
 *   rde: the days read whole: given to t, taken from m (NULL: none);
 *   rhe: the hours read alone: given to t, taken from m.
 */
/* The hours of the longest window, which no limit by it cuts: a limit
 * that tells the planner how many rows there can be at most
 * (generate_series of computed bounds is estimated at 1,000 rows, a
 * bucket's hours at a million). */
#define REPORT_MAX_HOURS "(" APR_STRINGIFY(RQ_MAX_DAYS) " + 2) * 24"
#define REPORT_UTC_DAY(x) \
    "date_bin('24 hours', " x ", timestamptz '2000-01-01 00:00:00+00')"
#define REPORT_DAY_PLAN(MONTHS) \
    "rb AS MATERIALIZED (SELECT l.b AT TIME ZONE k.tz AS t, " \
    "  greatest(l.b AT TIME ZONE k.tz, k.t0) AS s, " \
    "  least((l.b + ('1 ' || k.gran)::interval) AT TIME ZONE k.tz, k.t1) " \
    "    AS e " \
    "  FROM k, generate_series(date_trunc(k.gran, k.t0 AT TIME ZONE k.tz), " \
    "    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz, " \
    "    ('1 ' || k.gran)::interval) l(b)), " \
    "rm AS MATERIALIZED (SELECT z.s, z.e, z.t AS a FROM (SELECT m.s, m.e, " \
    "  b.t, least(m.e, b.e) - greatest(m.s, b.s) AS o, row_number() OVER (" \
    "    PARTITION BY m.s ORDER BY least(m.e, b.e) - greatest(m.s, b.s) " \
    "    DESC, b.t) AS rn " \
    "  FROM (SELECT u.m AT TIME ZONE 'UTC' AS s, " \
    "    (u.m + interval '1 month') AT TIME ZONE 'UTC' AS e " \
    "    FROM k, generate_series(date_trunc('month', k.t0 AT TIME ZONE 'UTC'), " \
    "      (k.t1 - interval '1 microsecond') AT TIME ZONE 'UTC', " \
    "      interval '1 month') u(m) WHERE " MONTHS ") m " \
    "  JOIN rb b ON b.s < m.e AND b.e > m.s) z " \
    "  WHERE z.rn = 1 AND z.o * 2 > z.e - z.s), " \
    "rdo AS MATERIALIZED (SELECT d.s, b.t, b.s AS bs, b.e AS be, " \
    "  least(d.s + interval '24 hours', b.e) - greatest(d.s, b.s) AS o " \
    "  FROM rb b, generate_series(" REPORT_UTC_DAY("b.s") ", " \
    "    b.e - interval '1 microsecond', interval '24 hours') d(s)), " \
    "rd AS MATERIALIZED (SELECT d.s, m.a AS base, " \
    "  CASE WHEN o.o > interval '12 hours' THEN o.t END AS a " \
    "  FROM k CROSS JOIN LATERAL (SELECT least(" REPORT_UTC_DAY("k.t0") \
    "    , min(rm.s)) " \
    "    AS lo, greatest(k.t1, max(rm.e)) AS hi FROM rm) w " \
    "  CROSS JOIN generate_series(w.lo, w.hi - interval '1 microsecond', " \
    "    interval '24 hours') d(s) " \
    "  LEFT JOIN rm m ON d.s >= m.s AND d.s < m.e " \
    "  LEFT JOIN (SELECT DISTINCT ON (x.s) x.s, x.t, x.o FROM rdo x " \
    "    ORDER BY x.s, x.o DESC, x.t) o ON o.s = d.s " \
    "  LIMIT " REPORT_MAX_HOURS "), " \
    "rde AS MATERIALIZED (SELECT d.s, d.a AS t, d.base AS m FROM rd d " \
    "  WHERE d.a IS DISTINCT FROM d.base), " \
    "rhe AS MATERIALIZED (SELECT h.hour, x.t, d.a AS m " \
    "  FROM rdo x JOIN rd d ON d.s = x.s CROSS JOIN generate_series(" \
    "    greatest(x.s, x.bs), " \
    "    least(x.s + interval '24 hours', x.be) - interval '1 hour', " \
    "    interval '1 hour') h(hour) WHERE x.t IS DISTINCT FROM d.a " \
    "  UNION ALL SELECT h.hour, NULL, d.a FROM k CROSS JOIN rd d " \
    "  CROSS JOIN generate_series(d.s, least(d.s + interval '24 hours', k.t0) " \
    "    - interval '1 hour', interval '1 hour') h(hour) " \
    "  WHERE d.a IS NOT NULL AND d.s < k.t0 " \
    "  UNION ALL SELECT h.hour, NULL, d.a FROM k CROSS JOIN rd d " \
    "  CROSS JOIN generate_series(greatest(d.s, k.t1), " \
    "    d.s + interval '23 hours', interval '1 hour') h(hour) " \
    "  WHERE d.a IS NOT NULL AND d.s + interval '24 hours' > k.t1 " \
    "  LIMIT " REPORT_MAX_HOURS "), "

/* A rollup's statements by its day plan (REPORT_DAY_PLAN): days, weeks
 * or months, src reading rde and rhe. */
#define REPORT_ROLLUP_DAY_STATEMENTS(name, ATTRS, src) \
    FB_SQL_WITH(name, report, \
                REPORT_SQL_CTE(REPORT_DAY_PLAN("false"), ATTRS, src, \
                               "h.n <> 0", "h.t", "h.n", "", REPORT_SEL_ALL, \
                               REPORT_SETS_ALL, REPORT_AGG_COUNTS, \
                               REPORT_ROLLUP_CANNOT(""))); \
    FB_SQL_WITH(name##_plain, report, \
                REPORT_SQL_CTE(REPORT_DAY_PLAN("false"), ATTRS, src, \
                               "h.n <> 0", "h.t", "h.n", "", \
                               REPORT_SEL_PLAIN, \
                               REPORT_SETS_PLAIN, REPORT_AGG_COUNTS, \
                               REPORT_ROLLUP_CANNOT("")))

/* A duration's rollup: rows of n values in sketch bucket i (sql/041,
 * fb_sketch_quantile), summing to tot.  The average is exact, the
 * minimum, maximum and percentiles within 1 %; a window of fewer than
 * REPORT_SKETCH_MIN values is read exactly from the rows. */
#define REPORT_SKETCH_MIN "10000"
#define REPORT_SKETCH_FEW \
    " OR (SELECT coalesce(sum(x.v), 0) FROM x) < " REPORT_SKETCH_MIN
#define REPORT_AGG_SKETCH \
    "sum(x.v) AS n, CASE (SELECT agg FROM a) " \
    "  WHEN 'count' THEN sum(x.v)::float8 " \
    "  WHEN 'sum' THEN sum(x.tot) " \
    "  WHEN 'avg' THEN sum(x.tot) / nullif(sum(x.v), 0) " \
    "  WHEN 'min' THEN fb_sketch_value(min(x.i) FILTER (WHERE x.v > 0)) " \
    "  WHEN 'max' THEN fb_sketch_value(max(x.i) FILTER (WHERE x.v > 0)) " \
    "  ELSE fb_sketch_quantile(array_agg(x.i), array_agg(x.v::bigint), " \
    "    (SELECT coalesce(pct / 100, 0.5) FROM a)) END AS val"
#define REPORT_SKETCH_STATEMENTS(name, ATTRS, src) \
    FB_SQL_WITH(name, report, \
                REPORT_SQL(ATTRS, src, "h.n <> 0", "h.t", "h.n", \
                           ", h.tot AS tot, h.i AS i", REPORT_SEL_ALL, \
                           REPORT_SETS_ALL, REPORT_AGG_SKETCH, \
                           REPORT_ROLLUP_CANNOT(REPORT_SKETCH_FEW))); \
    FB_SQL_WITH(name##_plain, report, \
                REPORT_SQL(ATTRS, src, "h.n <> 0", "h.t", "h.n", \
                           ", h.tot AS tot, h.i AS i", REPORT_SEL_PLAIN, \
                           REPORT_SETS_PLAIN, REPORT_AGG_SKETCH, \
                           REPORT_ROLLUP_CANNOT(REPORT_SKETCH_FEW)))

#endif
