/*
 * report_query: POST /v2/reports/query (the official client's
 * reports.query): one metric and aggregation over a window in a time
 * zone, in buckets of its granularity, filtered, grouped, segmented and
 * compared with another window (docs/decisions.md, "Reports").
 *
 * The body is checked against the catalog's tables (report_catalog.c):
 * the metric, its aggregations and views, each filter rule's attribute,
 * operator and values, each dimension.  The filter reaches SQL checked
 * and normalized, as one jsonb (the groups) and the rules they name,
 * evaluated by the one predicate of report_sql.h, never as SQL text made
 * per request.  A report is an expensive operation (fb_req_expensive):
 * within its organization's turns and the time budget, and its window
 * and buckets are bounded before anything runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apr_hash.h"
#include "apr_lib.h"
#include "apr_strings.h"

#include "fb_id.h"
#include "fb_json.h"
#include "fb_jsonw.h"
#include "fb_time.h"
#include "fb_utf8.h"
#include "report_sql.h"
#include "reports.h"
#include "report_query.h"

/* ---- the statements: one per source of rows ---- */

/* The conversations of a window, by when they began. */
REPORT_STATEMENTS(report_conversations,
    REPORT_CONVERSATION_ATTRS, "conversations c",
    "c.org_id = k.org_id AND " REPORT_WINDOW("c.created_at"),
    "c.created_at", "1");

/* Those that had a first reply, with the time it took. */
REPORT_STATEMENTS(report_first_reply,
    REPORT_CONVERSATION_ATTRS, "conversations c",
    "c.org_id = k.org_id AND c.first_reply_at IS NOT NULL AND "
    REPORT_WINDOW("c.created_at"),
    "c.created_at",
    REPORT_MS("c.created_at", "c.first_reply_at"));

/* The closings of a window (status parts), with the time from the
 * conversation's start. */
REPORT_STATEMENTS(report_closes,
    REPORT_CONVERSATION_ATTRS,
    "conversation_parts pt JOIN conversations c "
    "ON c.org_id = pt.org_id AND c.id = pt.conversation_id",
    "pt.org_id = k.org_id AND pt.part_type = 'status' "
    "AND pt.data ->> 'status' = 'closed' AND "
    REPORT_WINDOW("pt.created_at"),
    "pt.created_at",
    "CASE WHEN k.metric = 'time_to_close' THEN "
    REPORT_MS("c.created_at", "pt.created_at") " ELSE 1 END");

/* Admins' replies (not notes) of a window. */
REPORT_STATEMENTS(report_replies,
    REPORT_REPLY_ATTRS,
    "conversation_parts pt JOIN conversations c "
    "ON c.org_id = pt.org_id AND c.id = pt.conversation_id",
    "pt.org_id = k.org_id AND pt.author_kind = 'admin' "
    "AND pt.part_type IN ('admin_msg', 'email_msg') AND "
    REPORT_WINDOW("pt.created_at"),
    "pt.created_at", "1");

REPORT_STATEMENTS(report_tickets,
    REPORT_TICKET_ATTRS, "tickets tk",
    "tk.org_id = k.org_id AND " REPORT_WINDOW("tk.created_at"),
    "tk.created_at", "1");

REPORT_STATEMENTS(report_posts,
    REPORT_POST_ATTRS, "posts p",
    "p.org_id = k.org_id AND " REPORT_WINDOW("p.created_at"),
    "p.created_at", "1");

REPORT_STATEMENTS(report_votes,
    REPORT_POST_ATTRS,
    "post_votes v JOIN posts p "
    "ON p.org_id = v.org_id AND p.id = v.post_id",
    "v.org_id = k.org_id AND " REPORT_WINDOW("v.created_at"),
    "v.created_at", "1");

/* The window's hours, each with its bucket (itself for the heatmap):
 * the zone's arithmetic once an hour, not once a row. */
#define REPORT_HOUR_BUCKETS \
    "(SELECT s.hour, CASE WHEN '@hour_of_week' IN (k.d1, k.d2) " \
    "  THEN s.hour ELSE " REPORT_BUCKET("s.hour") " END AS t " \
    "  FROM generate_series(k.t0, k.t1 - interval '1 hour', " \
    "    interval '1 hour') s(hour))"

/* New conversations from their rollup (sql/041): the window's hours
 * summed per bucket (per hour for the heatmap) and attribute values. */
#define REPORT_ROLLUP_CONVERSATION_ATTRS(f, key) \
    "CASE " f " " \
    "WHEN 'conversation.channel' THEN ARRAY[h.channel] " \
    "WHEN 'conversation.state' THEN ARRAY[h.state] " \
    "WHEN 'conversation.priority' THEN ARRAY[h.priority::text] " \
    "WHEN 'conversation.initiator' THEN ARRAY[h.initiator] " \
    "WHEN 'conversation.language' THEN ARRAY[h.language] " \
    "WHEN 'conversation.team' THEN ARRAY[h.team_id] " \
    "WHEN 'conversation.assignee' THEN ARRAY[h.assignee_id] " \
    "WHEN 'conversation.brand' THEN ARRAY[h.brand_id] " \
    "ELSE '{}'::text[] END"

REPORT_ROLLUP_STATEMENTS(report_conversations_rollup,
    REPORT_ROLLUP_CONVERSATION_ATTRS,
    "LATERAL (SELECT hb.t, "
    "  r.channel, r.state, r.priority, r.initiator, r.language, "
    "  r.team_id, r.assignee_id, r.brand_id, sum(r.n) AS n "
    "  FROM report_conversation_hours r JOIN " REPORT_HOUR_BUCKETS " hb "
    "  ON hb.hour = r.hour "
    "  WHERE r.org_id = k.org_id AND " REPORT_WINDOW("r.hour") " "
    "  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9) h");

/* Time to first reply from its sketch rollup (sql/041), the same way. */
REPORT_SKETCH_STATEMENTS(report_first_reply_rollup,
    REPORT_ROLLUP_CONVERSATION_ATTRS,
    "LATERAL (SELECT hb.t, "
    "  r.channel, r.state, r.priority, r.initiator, r.language, "
    "  r.team_id, r.assignee_id, r.brand_id, r.i, sum(r.n) AS n, "
    "  sum(r.tot) AS tot "
    "  FROM report_first_reply_hours r JOIN " REPORT_HOUR_BUCKETS " hb "
    "  ON hb.hour = r.hour "
    "  WHERE r.org_id = k.org_id AND " REPORT_WINDOW("r.hour") " "
    "  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10) h");

/* New conversations by their day plan (REPORT_DAY_PLAN; days in
 * sql/047): the days read whole from report_conversation_days with
 * their delta rows not folded yet, the hours read alone from the hour
 * rows, each given to a bucket and taken from another. */
#define REPORT_DAY_COLS \
    "r.channel, r.state, r.priority, r.initiator, r.language, r.team_id, " \
    "r.assignee_id, r.brand_id"
/* Rows given to e.t and taken from e.m (the signs s). */
#define REPORT_GIVEN(e) \
    "CROSS JOIN LATERAL (VALUES (" e ".t, 1), (" e ".m, -1)) s(t, sign) " \
    "WHERE s.t IS NOT NULL"
REPORT_ROLLUP_DAY_STATEMENTS(report_conversations_days,
    REPORT_ROLLUP_CONVERSATION_ATTRS,
    "LATERAL (SELECT u.t, u.channel, u.state, u.priority, u.initiator, "
    "  u.language, u.team_id, u.assignee_id, u.brand_id, sum(u.n) AS n "
    "  FROM (SELECT s.t, " REPORT_DAY_COLS ", s.sign * r.n AS n "
    "    FROM rde d "
    "    CROSS JOIN LATERAL (SELECT * FROM report_conversation_days r "
    "      WHERE r.org_id = k.org_id AND r.day = d.s OFFSET 0) r "
    "    " REPORT_GIVEN("d") " "
    "  UNION ALL SELECT s.t, " REPORT_DAY_COLS ", s.sign * r.n FROM rde d "
    "    CROSS JOIN LATERAL (SELECT * FROM report_conversation_hours r "
    "      WHERE r.org_id = k.org_id AND r.delta AND r.hour >= d.s "
    "      AND r.hour < d.s + interval '24 hours' OFFSET 0) r "
    "    " REPORT_GIVEN("d") " "
    "  UNION ALL SELECT s.t, " REPORT_DAY_COLS ", s.sign * r.n FROM rhe h "
    "    CROSS JOIN LATERAL (SELECT * FROM report_conversation_hours r "
    "      WHERE r.org_id = k.org_id AND r.hour = h.hour OFFSET 0) r "
    "    " REPORT_GIVEN("h") ") u "
    "  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9) h");

/* Time to first reply without filter or dimension by the day plan, its
 * months too (report_first_reply_days of sql/041 and _months of sql/047
 * keep no attribute), the same way. */
FB_SQL_WITH(report_first_reply_days, report,
    REPORT_SQL_CTE(REPORT_DAY_PLAN("true"), REPORT_ROLLUP_CONVERSATION_ATTRS,
        "LATERAL (SELECT u.t, NULL::text AS channel, NULL::text AS state, "
        "  NULL::boolean AS priority, NULL::text AS initiator, "
        "  NULL::text AS language, NULL::text AS team_id, "
        "  NULL::text AS assignee_id, NULL::text AS brand_id, u.i, "
        "  sum(u.n) AS n, sum(u.tot) AS tot "
        "  FROM (SELECT m.a AS t, r.i, r.n, r.tot FROM rm m "
        "    CROSS JOIN LATERAL (SELECT * FROM report_first_reply_months r "
        "      WHERE r.org_id = k.org_id AND r.month = m.s OFFSET 0) r "
        "  UNION ALL SELECT m.a, r.i, r.n, r.tot FROM rm m "
        "    CROSS JOIN LATERAL (SELECT * FROM report_first_reply_hours r "
        "      WHERE r.org_id = k.org_id AND r.delta AND r.hour >= m.s "
        "      AND r.hour < m.e OFFSET 0) r "
        "  UNION ALL SELECT s.t, r.i, s.sign * r.n, s.sign * r.tot "
        "    FROM rde d "
        "    CROSS JOIN LATERAL (SELECT * FROM report_first_reply_days r "
        "      WHERE r.org_id = k.org_id AND r.day = d.s OFFSET 0) r "
        "    " REPORT_GIVEN("d") " "
        "  UNION ALL SELECT s.t, r.i, s.sign * r.n, s.sign * r.tot "
        "    FROM rde d "
        "    CROSS JOIN LATERAL (SELECT * FROM report_first_reply_hours r "
        "      WHERE r.org_id = k.org_id AND r.delta AND r.hour >= d.s "
        "      AND r.hour < d.s + interval '24 hours' OFFSET 0) r "
        "    " REPORT_GIVEN("d") " "
        "  UNION ALL SELECT s.t, r.i, s.sign * r.n, s.sign * r.tot "
        "    FROM rhe h "
        "    CROSS JOIN LATERAL (SELECT * FROM report_first_reply_hours r "
        "      WHERE r.org_id = k.org_id AND r.hour = h.hour OFFSET 0) r "
        "    " REPORT_GIVEN("h") ") u "
        "  GROUP BY u.t, u.i) h",
        "h.n <> 0", "h.t", "h.n", ", h.tot AS tot, h.i AS i",
        REPORT_SEL_PLAIN, REPORT_SETS_PLAIN, REPORT_AGG_SKETCH,
        REPORT_ROLLUP_CANNOT(REPORT_SKETCH_FEW)));

/* The attributes the rollups keep: a query whose filters and
 * dimensions name only these is answered from them. */
const char *const fb_report_rollup_conversation_forms[] = {
    "conversation.channel", "conversation.state", "conversation.priority",
    "conversation.initiator", "conversation.language", "conversation.team",
    "conversation.assignee", "conversation.brand", NULL
};

static const fb_statement_t *const fb_report_query_statements[] = {
    &fb_sql_report_conversations, &fb_sql_report_first_reply,
    &fb_sql_report_closes, &fb_sql_report_replies, &fb_sql_report_tickets,
    &fb_sql_report_posts, &fb_sql_report_votes,
    &fb_sql_report_conversations_plain, &fb_sql_report_first_reply_plain,
    &fb_sql_report_closes_plain, &fb_sql_report_replies_plain,
    &fb_sql_report_tickets_plain, &fb_sql_report_posts_plain,
    &fb_sql_report_votes_plain, &fb_sql_report_conversations_rollup,
    &fb_sql_report_conversations_rollup_plain,
    &fb_sql_report_first_reply_rollup,
    &fb_sql_report_first_reply_rollup_plain, &fb_sql_report_first_reply_days,
    &fb_sql_report_conversations_days, &fb_sql_report_conversations_days_plain,
    NULL
};

enum { RQ_COL_G, RQ_COL_LOCAL, RQ_COL_OFF, RQ_COL_D1, RQ_COL_D1_LABEL,
       RQ_COL_D2, RQ_COL_D2_LABEL, RQ_COL_N, RQ_COL_VAL };

/* The grouping sets' GROUPING(bucket, d1, d2); a rollup's answer that
 * cannot be summed from hours (REPORT_ROLLUP_UNALIGNED). */
enum { RQ_UNALIGNED = -2, RQ_SERIES = -1, RQ_BUCKET_D2 = 2, RQ_BUCKET = 3,
       RQ_D1_D2 = 4, RQ_D1 = 5, RQ_D2 = 6, RQ_ALL = 7 };

/* ---- running ---- */

/* A run's rows, by set: the index of each (g, local, d1, d2). */
typedef struct {
    fb_rows_t rows;
    apr_hash_t *at;
} rq_result_t;

static const char *rq_key(apr_pool_t *p, int g, const char *local,
                          const char *d1, const char *d2)
{
    return apr_psprintf(p, "%d\x01%s\x01%s\x01%s", g, local ? local : "",
                        d1 ? d1 : "\x02", d2 ? d2 : "\x02");
}

/* A bucket's identity in row r: its local start and offset (an hour
 * repeated when clocks go back has one local start and two offsets). */
static const char *rq_local(apr_pool_t *p, const fb_rows_t *rows, int r)
{
    const char *local = fb_rows_get(rows, r, RQ_COL_LOCAL);

    return local == NULL ? NULL
           : apr_pstrcat(p, local, fb_rows_get(rows, r, RQ_COL_OFF), NULL);
}

/* Non-zero when form is one of the attributes a rollup keeps. */
static int rq_kept(const char *const *forms, const char *form)
{
    for (; *forms != NULL; forms++) {
        if (strcmp(*forms, form) == 0) {
            return 1;
        }
    }
    return 0;
}

/* Non-zero when the attributes forms keeps (NULL: none) are every one
 * q's filter names and the dimensions d1 and d2. */
static int rq_keeps(const char *const *forms, const rq_query_t *q,
                    const fb_report_attr_t *d1, const fb_report_attr_t *d2)
{
    int i;

    if (forms == NULL) {
        return q->tree == NULL && d1 == NULL && d2 == NULL;
    }
    if ((d1 != NULL && !rq_kept(forms, d1->form))
        || (d2 != NULL && !rq_kept(forms, d2->form))) {
        return 0;
    }
    for (i = 0; q->forms != NULL && i < q->forms->nelts; i++) {
        if (!rq_kept(forms, APR_ARRAY_IDX(q->forms, i, const char *))) {
            return 0;
        }
    }
    return 1;
}

/* The rollup statement that answers q with dimensions d1 and d2 (heat:
 * the heatmap's cell), or NULL: none, its rows answer.  A rollup
 * answers when it keeps every attribute the filter names and the
 * dimensions (and the window's buckets are whole UTC hours, which its
 * statement says); by its day plan for days, weeks and months when its
 * day rows keep them too, else by its hours. */
static const fb_statement_t *rq_rollup(const rq_query_t *q,
                                       const fb_report_attr_t *d1,
                                       const fb_report_attr_t *d2, int heat)
{
    const fb_report_metric_t *m = q->m;
    int plain = d1 == NULL && d2 == NULL && !heat;

    if (m->rollup == NULL || !rq_keeps(m->rollup_forms, q, d1, d2)) {
        return NULL;
    }
    if (!heat && strcmp(q->gran, "hour") != 0
        && (plain ? m->rollup_days_plain : m->rollup_days) != NULL
        && rq_keeps(m->days_forms, q, d1, d2)) {
        return plain ? m->rollup_days_plain : m->rollup_days;
    }
    return plain ? m->rollup_plain : m->rollup;
}

/* Runs q over window w with dimensions d1 and d2 (NULL: none; heat: the
 * heatmap's cell as d1) into *res: from the metric's rollup when it
 * answers, else from its rows. */
static fb_error_t *rq_run(fb_req_t *fr, const rq_query_t *q,
                          const rq_window_t *w, const fb_report_attr_t *d1,
                          const fb_report_attr_t *d2, int heat,
                          rq_result_t *res)
{
    fb_params_report_t args;
    const fb_statement_t *st;
    fb_error_t *err;
    int r, rollup = 0;

    memset(&args, 0, sizeof(args));
    args.metric = q->m->id;
    args.agg = q->agg;
    args.pct = q->pct;
    args.tz = q->tz;
    args.start_at = w->start;
    args.end_at = w->end;
    args.gran = q->gran;
    args.tree = q->tree;
    args.rules = q->rules;
    rq_dim(d1, &args.d1, &args.d1_key);
    rq_dim(d2, &args.d2, &args.d2_key);
    if (heat) {
        args.d1 = "@hour_of_week";
    }
    if ((st = rq_rollup(q, d1, d2, heat)) != NULL) {
        if ((err = fb_req_select(fr, st, FB_NAMED_VALUES(report, &args),
                                 &res->rows)) != NULL) {
            return err;
        }
        rollup = res->rows.nrows == 0
                 || atoi(fb_rows_get(&res->rows, 0, RQ_COL_G))
                    != RQ_UNALIGNED;
    }
    if (!rollup
        && (err = fb_req_select(fr, d1 == NULL && d2 == NULL && !heat
                                    ? q->m->plain : q->m->st,
                                FB_NAMED_VALUES(report, &args),
                                &res->rows)) != NULL) {
        return err;
    }
    res->at = apr_hash_make(fr->pool);
    for (r = 0; r < res->rows.nrows; r++) {
        int g = atoi(fb_rows_get(&res->rows, r, RQ_COL_G));

        apr_hash_set(res->at, rq_key(fr->pool, g,
                                     g & 4 ? NULL
                                     : rq_local(fr->pool, &res->rows, r),
                                     g & 2 ? NULL
                                     : fb_rows_get(&res->rows, r, RQ_COL_D1),
                                     g & 1 ? NULL
                                     : fb_rows_get(&res->rows, r,
                                                   RQ_COL_D2)),
                     APR_HASH_KEY_STRING, (void *)(apr_size_t)(r + 1));
    }
    return NULL;
}

/* The value of the row of (g, local, d1, d2) in res, or NULL (none; no
 * value: a set without rows). */
static const char *rq_value_of(apr_pool_t *p, const rq_result_t *res, int g,
                               const char *local, const char *d1,
                               const char *d2)
{
    apr_size_t r;

    if (res == NULL || res->at == NULL) {
        return NULL;
    }
    r = (apr_size_t)apr_hash_get(res->at, rq_key(p, g, local, d1, d2),
                                 APR_HASH_KEY_STRING);
    return r == 0 ? NULL : fb_rows_get(&res->rows, (int)r - 1, RQ_COL_VAL);
}

/* A value as the answer writes it: no rows count as 0. */
static void rq_write_number(fb_jsonw_t *w, const char *key, const char *v)
{
    fb_jsonw_key(w, key);
    fb_jsonw_raw(w, v != NULL ? v : "0");
}

/* The label of value v of attribute a: the statement's name of an id,
 * or an option's label, or v. */
static const char *rq_label(const fb_report_attr_t *a, const char *v,
                            const char *named)
{
    const fb_report_option_t *o;

    if (v == NULL) {
        return "None";
    }
    if (named != NULL) {
        return named;
    }
    for (o = a != NULL ? a->options : NULL; o != NULL && o->value != NULL;
         o++) {
        if (strcmp(o->value, v) == 0) {
            return o->label;
        }
    }
    return v;
}

/* Writes the members of a dimension's datum: its key (group, segment),
 * value, label and previous value. */
static void rq_write_datum(fb_jsonw_t *w, apr_pool_t *p, const char *key,
                           const fb_report_attr_t *a, const fb_rows_t *rows,
                           int r, int col, int label_col,
                           const rq_result_t *cmp, int g, const char *d1,
                           const char *d2)
{
    const char *v = fb_rows_get(rows, r, col);
    const char *prev;

    fb_jsonw_member_string(w, key, v != NULL ? v : "");
    rq_write_number(w, "value", fb_rows_get(rows, r, RQ_COL_VAL));
    fb_jsonw_member_string(w, apr_pstrcat(p, key, "Label", NULL),
                           rq_label(a, v, fb_rows_get(rows, r, label_col)));
    if (cmp != NULL) {
        prev = rq_value_of(p, cmp, g, NULL, d1, d2);
        rq_write_number(w, "previousValue", prev);
    }
}

/* The segments (set g, d2 under d1 or local) of a datum. */
static void rq_write_segments(fb_jsonw_t *w, apr_pool_t *p,
                              const rq_query_t *q, const rq_result_t *res,
                              int g,
                              const char *local, const char *d1)
{
    const fb_rows_t *rows = &res->rows;
    int r;

    fb_jsonw_key(w, "segments");
    fb_jsonw_array(w);
    for (r = 0; r < rows->nrows; r++) {
        const char *rl = rq_local(p, rows, r);
        const char *r1 = fb_rows_get(rows, r, RQ_COL_D1);

        if (atoi(fb_rows_get(rows, r, RQ_COL_G)) != g
            || (local != NULL && (rl == NULL || strcmp(rl, local) != 0))
            || (g == RQ_D1_D2 && ((r1 == NULL) != (d1 == NULL)
                                  || (r1 != NULL && strcmp(r1, d1) != 0)))) {
            continue;
        }
        fb_jsonw_object(w);
        rq_write_datum(w, p, "segment", q->segment, rows, r, RQ_COL_D2,
                       RQ_COL_D2_LABEL, NULL, g, d1, NULL);
        fb_jsonw_end(w);
    }
    fb_jsonw_end(w);
}

/* The time of a bucket (local, offset seconds) as ISO 8601. */
static const char *rq_bucket_time(apr_pool_t *p, const char *local,
                                  const char *off)
{
    long s = atol(off);

    return apr_psprintf(p, "%s%c%02ld:%02ld", local, s < 0 ? '-' : '+',
                        labs(s) / 3600, labs(s) % 3600 / 60);
}

static const char *const rq_days[] = {
    "", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
    "Sunday"
};

static void rq_write_heatmap(fb_jsonw_t *w, apr_pool_t *p,
                             const rq_result_t *res, const rq_result_t *cmp)
{
    int day, hour;

    fb_jsonw_key(w, "groupedData");
    fb_jsonw_array(w);
    for (day = 1; day <= 7; day++) {
        for (hour = 0; hour < 24; hour++) {
            const char *cell = apr_psprintf(p, "%d:%02d", day, hour);

            fb_jsonw_object(w);
            fb_jsonw_member_string(w, "group", cell);
            rq_write_number(w, "value",
                            rq_value_of(p, res, RQ_D1, NULL, cell, NULL));
            fb_jsonw_member_string(w, "groupLabel", apr_psprintf(
                p, "%s %02d:00", rq_days[day], hour));
            if (cmp != NULL) {
                rq_write_number(w, "previousValue",
                                rq_value_of(p, cmp, RQ_D1, NULL, cell,
                                            NULL));
            }
            fb_jsonw_end(w);
        }
    }
    fb_jsonw_end(w);
}

/* The results of one window: the whole and buckets (all), groups
 * (groups), segments (segs); one run when no dimension counts a row
 * twice. */
typedef struct {
    rq_result_t all, groups, segs;
} rq_window_result_t;

static fb_error_t *rq_window_run(fb_req_t *fr, const rq_query_t *q,
                                 const rq_window_t *w,
                                 rq_window_result_t *out)
{
    int heat = strcmp(q->view, "hourly_heatmap") == 0;
    int multi = (q->group && (q->group->flags & FB_RA_MULTI))
                || (q->segment && (q->segment->flags & FB_RA_MULTI));
    fb_error_t *err;

    memset(out, 0, sizeof(*out));
    if (heat || !multi) {
        if ((err = rq_run(fr, q, w, q->group, q->segment, heat, &out->all))
            != NULL) {
            return err;
        }
        out->groups = out->segs = out->all;
        return NULL;
    }
    if ((err = rq_run(fr, q, w, NULL, NULL, 0, &out->all)) != NULL
        || (q->group != NULL
            && (err = rq_run(fr, q, w, q->group, q->segment, 0,
                             &out->groups)) != NULL)
        || (q->segment != NULL
            && (err = rq_run(fr, q, w, NULL, q->segment, 0, &out->segs))
               != NULL)) {
        return err;
    }
    return NULL;
}

/* The answer of q over now, compared with before (NULL: none). */
static const char *rq_answer(fb_req_t *fr, const rq_query_t *q,
                             const rq_window_result_t *now,
                             const rq_window_result_t *before)
{
    apr_pool_t *p = fr->pool;
    const rq_result_t *cmp_all = before ? &before->all : NULL;
    const char *value = rq_value_of(p, &now->all, RQ_ALL, NULL, NULL, NULL);
    const char *prev;
    const fb_rows_t *rows;
    fb_jsonw_t w;
    int r, i, shown;

    fb_jsonw_init(&w, p, 4096 + (apr_size_t)now->all.rows.nrows * 96);
    fb_jsonw_compact(&w);
    fb_jsonw_member_string(&w, "object", "report_query_result");
    rq_write_number(&w, "value", value);
    if (before != NULL) {
        double a = value ? atof(value) : 0, b;

        prev = rq_value_of(p, cmp_all, RQ_ALL, NULL, NULL, NULL);
        b = prev ? atof(prev) : 0;
        rq_write_number(&w, "previousValue", prev);
        if (b != 0) {
            fb_jsonw_key(&w, "deltaPercent");
            fb_jsonw_raw(&w, apr_psprintf(p, "%.2f", (a - b) / b * 100));
        }
    }
    if (strcmp(q->view, "hourly_heatmap") == 0) {
        rq_write_heatmap(&w, p, &now->all, cmp_all);
    }
    else {
        /* the buckets: the series' rows (in order), and the comparison's
         * i-th bucket beside the i-th */
        const fb_rows_t *cmp_rows = before ? &before->all.rows : NULL;
        int j = 0;

        rows = &now->all.rows;
        fb_jsonw_key(&w, "timeSeries");
        fb_jsonw_array(&w);
        for (r = 0; r < rows->nrows; r++) {
            const char *local = rq_local(p, rows, r);

            if (atoi(fb_rows_get(rows, r, RQ_COL_G)) != RQ_SERIES) {
                continue;
            }
            fb_jsonw_object(&w);
            fb_jsonw_member_string(&w, "date", rq_bucket_time(
                p, fb_rows_get(rows, r, RQ_COL_LOCAL),
                fb_rows_get(rows, r, RQ_COL_OFF)));
            rq_write_number(&w, "value", rq_value_of(p, &now->all, RQ_BUCKET,
                                                     local, NULL, NULL));
            if (cmp_rows != NULL) {
                while (j < cmp_rows->nrows
                       && atoi(fb_rows_get(cmp_rows, j, RQ_COL_G))
                          != RQ_SERIES) {
                    j++;
                }
                if (j < cmp_rows->nrows) {
                    rq_write_number(&w, "previousValue", rq_value_of(
                        p, cmp_all, RQ_BUCKET, rq_local(p, cmp_rows, j),
                        NULL, NULL));
                    j++;
                }
            }
            if (q->segment != NULL) {
                rq_write_segments(&w, p, q, &now->segs, RQ_BUCKET_D2,
                                  local, NULL);
            }
            fb_jsonw_end(&w);
        }
        fb_jsonw_end(&w);
    }
    if (q->group != NULL) {
        rows = &now->groups.rows;
        fb_jsonw_key(&w, "groupedData");
        fb_jsonw_array(&w);
        for (r = 0, shown = 0; r < rows->nrows && shown < RQ_MAX_GROUPS;
             r++) {
            const char *d1 = fb_rows_get(rows, r, RQ_COL_D1);

            if (atoi(fb_rows_get(rows, r, RQ_COL_G)) != RQ_D1) {
                continue;
            }
            shown++;
            fb_jsonw_object(&w);
            rq_write_datum(&w, p, "group", q->group, rows, r, RQ_COL_D1,
                           RQ_COL_D1_LABEL, before ? &before->groups : NULL,
                           RQ_D1, d1, NULL);
            if (q->segment != NULL) {
                rq_write_segments(&w, p, q, &now->groups, RQ_D1_D2,
                                  NULL, d1);
            }
            fb_jsonw_end(&w);
        }
        fb_jsonw_end(&w);
    }
    if (q->segment != NULL) {
        rows = &now->segs.rows;
        fb_jsonw_key(&w, "segmentData");
        fb_jsonw_array(&w);
        for (r = 0, i = 0; r < rows->nrows && i < RQ_MAX_GROUPS; r++) {
            if (atoi(fb_rows_get(rows, r, RQ_COL_G)) != RQ_D2) {
                continue;
            }
            i++;
            fb_jsonw_object(&w);
            rq_write_datum(&w, p, "segment", q->segment, rows, r, RQ_COL_D2,
                           RQ_COL_D2_LABEL, before ? &before->segs : NULL,
                           RQ_D2, NULL, fb_rows_get(rows, r, RQ_COL_D2));
            fb_jsonw_end(&w);
        }
        fb_jsonw_end(&w);
    }
    fb_jsonw_key(&w, "meta");
    fb_jsonw_object(&w);
    fb_jsonw_member_string(&w, "aggregation", q->agg);
    fb_jsonw_member_string(&w, "datasetId", q->d->id);
    fb_jsonw_member_string(&w, "granularity", q->gran);
    fb_jsonw_member_string(&w, "metric", q->m->id);
    fb_jsonw_key(&w, "officeHoursOnly");
    fb_jsonw_raw(&w, "false");
    fb_jsonw_member_string(&w, "unit", q->m->unit);
    if (q->group != NULL) {
        fb_jsonw_member_string(&w, "groupBy", q->group->id);
    }
    if (q->segment != NULL) {
        fb_jsonw_member_string(&w, "segmentBy", q->segment->id);
    }
    fb_jsonw_end(&w);
    fb_jsonw_end(&w);
    return fb_jsonw_text(&w, NULL);
}

/* Checks the body into *q, and the windows. */
static fb_error_t *rq_check(fb_req_t *fr, rq_query_t *q, rq_window_t *now,
                            rq_window_t *before, int *compare)
{
    apr_pool_t *p = fr->pool;
    const char *metric = fb_json_string(fr->body, "metric");
    json_object *pct = json_object_object_get(fr->body, "percentile");
    const char *cs = fb_json_string(fr->body, "compareStartDate");
    const char *ce = fb_json_string(fr->body, "compareEndDate");
    unsigned agg;
    fb_error_t *err;

    memset(q, 0, sizeof(*q));
    q->m = fb_report_metric(metric, &q->d);
    if (q->m == NULL) {
        return rq_no_metric(p, "metric", metric);
    }
    q->agg = fb_json_string(fr->body, "aggregation");
    agg = fb_report_agg_bit(q->agg);
    if (!(agg & q->m->aggs)) {
        return rq_bad(p, "aggregation", apr_psprintf(
            p, "%s is not an aggregation of %s (see its "
            "allowedAggregations).", q->agg, q->m->id));
    }
    if ((agg == FB_RAGG_PERCENTILE) != (pct != NULL)) {
        return agg == FB_RAGG_PERCENTILE
            ? fb_error_make(p, FB_E_MISSING_PARAMETER, "percentile",
                            "The percentile aggregation needs percentile "
                            "(1 to 100).")
            : rq_bad(p, "percentile", "percentile goes with the "
                     "percentile aggregation only.");
    }
    q->pct = pct ? apr_psprintf(p, "%" APR_INT64_T_FMT,
                                (apr_int64_t)json_object_get_int64(pct))
                 : NULL;
    if ((err = rq_check_common(fr, q, now)) != NULL) {
        return err;
    }
    *compare = cs != NULL || ce != NULL;
    if (*compare && (cs == NULL || ce == NULL)) {
        return fb_error_make(p, FB_E_MISSING_PARAMETER,
                             cs ? "compareEndDate" : "compareStartDate",
                             "compareStartDate and compareEndDate go "
                             "together.");
    }
    if (*compare && (err = rq_window(fr, "compareStartDate",
                                     "compareEndDate", before)) != NULL) {
        return err;
    }
    if (*compare && rq_buckets(before, q->gran) > RQ_MAX_BUCKETS) {
        return rq_too_many_buckets(p);
    }
    return NULL;
}

static fb_error_t *fb_report_query(fb_req_t *fr)
{
    rq_window_result_t now, before;
    rq_window_t wnow, wbefore;
    rq_query_t q;
    fb_error_t *err;
    int compare = 0;

    if ((err = rq_check(fr, &q, &wnow, &wbefore, &compare)) != NULL
        || (err = fb_req_expensive(fr)) != NULL
        || (err = rq_window_run(fr, &q, &wnow, &now)) != NULL
        || (compare && (err = rq_window_run(fr, &q, &wbefore, &before))
                       != NULL)) {
        return err;
    }
    fb_respond(fr, HTTP_OK, rq_answer(fr, &q, &now,
                                      compare ? &before : NULL));
    return NULL;
}

static const fb_field_rule_t fb_report_query_rules[] = {
    {.name = "metric", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 100},
    {.name = "aggregation", .type = FB_FIELD_ENUM,
     .flags = FB_FIELD_REQUIRED, .choices = rq_aggregations},
    {.name = "startDate", .type = FB_FIELD_TIME, .flags = FB_FIELD_REQUIRED},
    {.name = "endDate", .type = FB_FIELD_TIME, .flags = FB_FIELD_REQUIRED},
    {.name = "granularity", .type = FB_FIELD_ENUM,
     .flags = FB_FIELD_REQUIRED, .choices = rq_granularities},
    {.name = "timezone", .type = FB_FIELD_STRING, .min = 1, .max = 64},
    {.name = "filters", .type = FB_FIELD_OBJECT},
    {.name = "groupBy", .type = FB_FIELD_STRING, .min = 1, .max = 200},
    {.name = "segmentBy", .type = FB_FIELD_STRING, .min = 1, .max = 200},
    {.name = "compareStartDate", .type = FB_FIELD_TIME},
    {.name = "compareEndDate", .type = FB_FIELD_TIME},
    {.name = "officeHoursOnly", .type = FB_FIELD_BOOL},
    {.name = "percentile", .type = FB_FIELD_INT, .min = 1, .max = 100},
    {.name = "view", .type = FB_FIELD_ENUM, .choices = rq_views},
    {.name = NULL}
};

static const fb_op_t fb_report_query_op = {
    .handler = fb_report_query,
    .flags = FB_OP_BODY,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_NONE,
    .body = fb_report_query_rules,
};

static const fb_route_t fb_report_query_routes[] = {
    {"POST", "/reports/query", &fb_report_query_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_report_query_module = {
    .name = "report query",
    .routes = fb_report_query_routes,
    .statements = fb_report_query_statements,
};
