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

/* ---- the statements: one per source of rows ---- */

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

/* The drill-in's columns of a conversation's rows (page p, its
 * conversation c and part pt). */
#define REPORT_DRILL_CONVERSATION_OUTER \
    "SELECT p.rid, fb_iso(p.t), trim_scale(round(p.v::numeric, 3)), " \
    "  p.total, fb_iso(c.created_at), c.channel, c.state, c.priority, " \
    "  c.admin_assignee_id, " \
    REPORT_NAME("admins", "name", "c.admin_assignee_id") ", " \
    "  c.team_assignee_id, " \
    REPORT_NAME("teams", "name", "c.team_assignee_id") ", " \
    "  array_to_string(ARRAY(SELECT t.name FROM conversation_tag_links l " \
    "    JOIN conversation_tags t ON t.org_id = l.org_id " \
    "    AND t.id = l.tag_id WHERE l.org_id = k.org_id " \
    "    AND l.conversation_id = c.id ORDER BY lower(t.name)), chr(1)), " \
    "  pt.author_id, " REPORT_NAME("admins", "name", "pt.author_id") " " \
    "FROM page p CROSS JOIN k " \
    "JOIN conversations c ON c.org_id = k.org_id AND c.id = p.rid " \
    "LEFT JOIN conversation_parts pt ON pt.org_id = k.org_id " \
    "  AND pt.id = p.pid"

FB_SQL_WITH(report_drill_conversations, report_drill,
    REPORT_DRILL_SQL(REPORT_CONVERSATION_ATTRS, "conversations c",
                     "c.org_id = k.org_id AND "
                     REPORT_WINDOW("c.created_at"),
                     "c.created_at", "1", "c.id", "NULL::text",
                     REPORT_DRILL_CONVERSATION_OUTER));

FB_SQL_WITH(report_drill_first_reply, report_drill,
    REPORT_DRILL_SQL(REPORT_CONVERSATION_ATTRS, "conversations c",
                     "c.org_id = k.org_id AND c.first_reply_at IS NOT NULL "
                     "AND " REPORT_WINDOW("c.created_at"),
                     "c.created_at",
                     REPORT_MS("c.created_at", "c.first_reply_at"),
                     "c.id", "NULL::text",
                     REPORT_DRILL_CONVERSATION_OUTER));

FB_SQL_WITH(report_drill_closes, report_drill,
    REPORT_DRILL_SQL(REPORT_CONVERSATION_ATTRS,
                     "conversation_parts pt JOIN conversations c "
                     "ON c.org_id = pt.org_id AND c.id = pt.conversation_id",
                     "pt.org_id = k.org_id AND pt.part_type = 'status' "
                     "AND pt.data ->> 'status' = 'closed' AND "
                     REPORT_WINDOW("pt.created_at"),
                     "pt.created_at",
                     "CASE WHEN k.metric = 'time_to_close' THEN "
                     REPORT_MS("c.created_at", "pt.created_at")
                     " ELSE 1 END", "c.id", "pt.id",
                     REPORT_DRILL_CONVERSATION_OUTER));

FB_SQL_WITH(report_drill_replies, report_drill,
    REPORT_DRILL_SQL(REPORT_REPLY_ATTRS,
                     "conversation_parts pt JOIN conversations c "
                     "ON c.org_id = pt.org_id AND c.id = pt.conversation_id",
                     "pt.org_id = k.org_id AND pt.author_kind = 'admin' "
                     "AND pt.part_type IN ('admin_msg', 'email_msg') AND "
                     REPORT_WINDOW("pt.created_at"),
                     "pt.created_at", "1", "c.id", "pt.id",
                     REPORT_DRILL_CONVERSATION_OUTER));

/* A ticket's (tk). */
#define REPORT_DRILL_TICKET_OUTER \
    "SELECT p.rid, fb_iso(p.t), trim_scale(round(p.v::numeric, 3)), " \
    "  p.total, tk.number::text, tk.title, tk.category_id, " \
    REPORT_NAME("ticket_categories", "name", "tk.category_id") ", " \
    "  tk.status_id, " \
    REPORT_NAME("ticket_statuses", "name", "tk.status_id") ", " \
    "  tk.assignee_id, " REPORT_NAME("admins", "name", "tk.assignee_id") \
    ", tk.open " \
    "FROM page p CROSS JOIN k " \
    "JOIN tickets tk ON tk.org_id = k.org_id AND tk.id = p.rid"

/* A post's (po), and a vote's voter (pid). */
#define REPORT_DRILL_POST_OUTER \
    "SELECT p.rid, fb_iso(p.t), trim_scale(round(p.v::numeric, 3)), " \
    "  p.total, po.title, po.board_id, " \
    REPORT_NAME("boards", "name", "po.board_id") ", po.status_id, " \
    REPORT_NAME("post_statuses", "name", "po.status_id") ", " \
    "  array_to_string(ARRAY(SELECT t.name FROM tags t " \
    "    WHERE t.org_id = k.org_id AND t.id = ANY (po.tag_ids) " \
    "    ORDER BY lower(t.name)), chr(1)), p.pid, " \
    REPORT_NAME("contacts", "name", "p.pid") " " \
    "FROM page p CROSS JOIN k " \
    "JOIN posts po ON po.org_id = k.org_id AND po.id = p.rid"

FB_SQL_WITH(report_drill_tickets, report_drill,
    REPORT_DRILL_SQL(REPORT_TICKET_ATTRS, "tickets tk",
                     "tk.org_id = k.org_id AND "
                     REPORT_WINDOW("tk.created_at"),
                     "tk.created_at", "1", "tk.id", "NULL::text",
                     REPORT_DRILL_TICKET_OUTER));

FB_SQL_WITH(report_drill_posts, report_drill,
    REPORT_DRILL_SQL(REPORT_POST_ATTRS, "posts p",
                     "p.org_id = k.org_id AND "
                     REPORT_WINDOW("p.created_at"),
                     "p.created_at", "1", "p.id", "NULL::text",
                     REPORT_DRILL_POST_OUTER));

FB_SQL_WITH(report_drill_votes, report_drill,
    REPORT_DRILL_SQL(REPORT_POST_ATTRS,
                     "post_votes v JOIN posts p "
                     "ON p.org_id = v.org_id AND p.id = v.post_id",
                     "v.org_id = k.org_id AND "
                     REPORT_WINDOW("v.created_at"),
                     "v.created_at", "1", "p.id", "v.contact_id",
                     REPORT_DRILL_POST_OUTER));

static const fb_statement_t *const fb_report_query_statements[] = {
    &fb_sql_report_conversations, &fb_sql_report_first_reply,
    &fb_sql_report_closes, &fb_sql_report_replies, &fb_sql_report_tickets,
    &fb_sql_report_posts, &fb_sql_report_votes,
    &fb_sql_report_conversations_plain, &fb_sql_report_first_reply_plain,
    &fb_sql_report_closes_plain, &fb_sql_report_replies_plain,
    &fb_sql_report_tickets_plain, &fb_sql_report_posts_plain,
    &fb_sql_report_votes_plain,
    &fb_sql_report_drill_conversations, &fb_sql_report_drill_first_reply,
    &fb_sql_report_drill_closes, &fb_sql_report_drill_replies,
    &fb_sql_report_drill_tickets, &fb_sql_report_drill_posts,
    &fb_sql_report_drill_votes, NULL
};

enum { RQ_COL_G, RQ_COL_LOCAL, RQ_COL_OFF, RQ_COL_D1, RQ_COL_D1_LABEL,
       RQ_COL_D2, RQ_COL_D2_LABEL, RQ_COL_N, RQ_COL_VAL };

/* The grouping sets' GROUPING(bucket, d1, d2). */
enum { RQ_SERIES = -1, RQ_BUCKET_D2 = 2, RQ_BUCKET = 3, RQ_D1_D2 = 4,
       RQ_D1 = 5, RQ_D2 = 6, RQ_ALL = 7 };

/* ---- limits ---- */

/* Rules in a filter, and levels of groups, at most (the client's). */
#define RQ_MAX_RULES 100
#define RQ_MAX_DEPTH 6
/* Values of a rule (in, not_in, ...), and characters of a text value. */
#define RQ_MAX_VALUES 100
#define RQ_TEXT_MAX 256
/* The budget of one query: its window (and a comparison's) at most this
 * many days, and this many buckets. */
#define RQ_MAX_DAYS 732
#define RQ_MAX_BUCKETS 1000
/* Groups an answer lists at most (the largest first). */
#define RQ_MAX_GROUPS 1000

static fb_error_t *rq_bad(apr_pool_t *p, const char *at, const char *msg)
{
    return fb_error_make(p, FB_E_INVALID_PARAMETER, at, msg);
}

/* ---- the filter ---- */

typedef struct {
    apr_pool_t *p;
    const fb_report_dataset_t *d;
    const fb_report_custom_t *custom;
    json_object *rules;         /* [{f, k, o, t, v}] */
    int nrules;
} rq_filter_t;

/* The statements' form of each operator. */
static const char *rq_op_form(unsigned bit)
{
    switch (bit) {
    case FB_ROP_IS: case FB_ROP_IN: case FB_ROP_MEMBER:
        return "in";
    case FB_ROP_IS_NOT: case FB_ROP_NOT_IN: case FB_ROP_NOT_MEMBER:
        return "nin";
    case FB_ROP_CONTAINS:
        return "has";
    case FB_ROP_NOT_CONTAINS:
        return "nhas";
    case FB_ROP_GTE:
        return "ge";
    case FB_ROP_LTE:
        return "le";
    case FB_ROP_BETWEEN:
        return "bt";
    case FB_ROP_EXISTS:
        return "ex";
    default:
        return "nex";
    }
}

/* The operators of mask, as a message lists them. */
static const char *rq_op_names(apr_pool_t *p, unsigned mask)
{
    const char *out = NULL;
    unsigned bit;

    for (bit = 1; bit <= FB_ROP_NOT_MEMBER; bit <<= 1) {
        if (mask & bit) {
            out = out == NULL ? fb_report_op_name(bit)
                  : apr_pstrcat(p, out, ", ", fb_report_op_name(bit), NULL);
        }
    }
    return out;
}

/* One value v of attribute a (at names it), as the text the statements
 * compare. */
static fb_error_t *rq_value(apr_pool_t *p, const fb_report_attr_t *a,
                            unsigned op, json_object *v, const char *at,
                            const char **out)
{
    const fb_report_option_t *o;
    const char *s;
    apr_time_t t;

    *out = NULL;
    if (v == NULL || json_object_is_type(v, json_type_null)) {
        return rq_bad(p, at, apr_psprintf(p, "'%s' cannot be null: use "
                                          "exists or not_exists.", at));
    }
    if (op & (FB_ROP_CONTAINS | FB_ROP_NOT_CONTAINS)) {
        a = NULL;           /* a part of a text, whatever the kind */
    }
    if (a != NULL && a->type == FB_RV_BOOLEAN) {
        if (json_object_is_type(v, json_type_boolean)) {
            *out = json_object_get_boolean(v) ? "true" : "false";
            return NULL;
        }
    }
    if (a != NULL && a->type == FB_RV_NUMBER) {
        if (json_object_is_type(v, json_type_int)) {
            *out = apr_psprintf(p, "%" APR_INT64_T_FMT,
                                (apr_int64_t)json_object_get_int64(v));
            return NULL;
        }
        if (json_object_is_type(v, json_type_double)) {
            *out = apr_psprintf(p, "%.17g", json_object_get_double(v));
            return NULL;
        }
        return rq_bad(p, at, apr_psprintf(p, "'%s' must be a number.", at));
    }
    s = json_object_is_type(v, json_type_string) ? json_object_get_string(v)
                                                  : NULL;
    if (s == NULL || fb_utf8_length(s) > RQ_TEXT_MAX) {
        return rq_bad(p, at, apr_psprintf(
            p, "'%s' must be a string of at most %d characters.", at,
            RQ_TEXT_MAX));
    }
    for (const char *c = s; *c != '\0'; c++) {
        if ((unsigned char)*c < 0x20) {
            return rq_bad(p, at, apr_psprintf(
                p, "'%s' must not hold control characters.", at));
        }
    }
    if (a == NULL || a->type == FB_RV_STRING) {
        if (*s == '\0' && a == NULL) {
            return rq_bad(p, at, apr_psprintf(
                p, "'%s' must not be empty.", at));
        }
        *out = s;
        return NULL;
    }
    if (a->options != NULL) {
        for (o = a->options; o->value != NULL; o++) {
            if (strcmp(o->value, s) == 0) {
                *out = s;
                return NULL;
            }
        }
        return rq_bad(p, at, apr_psprintf(
            p, "'%s' must be one of the attribute's staticOptions values "
            "(GET /v2/reports/datasets).", at));
    }
    if (a->type == FB_RV_DATE) {
        if (fb_time_parse(s, &t) != APR_SUCCESS) {
            return rq_bad(p, at, apr_psprintf(
                p, "'%s' must be an ISO 8601 date or date-time.", at));
        }
        *out = fb_time_format(p, t);
        return NULL;
    }
    if ((*out = fb_id_normalize(p, s)) == NULL) {
        return rq_bad(p, at, apr_psprintf(
            p, "'%s' must be a 24-character hexadecimal id.", at));
    }
    return NULL;
}

/* A rule at at, appended to f->rules; *leaf its place in the tree. */
static fb_error_t *rq_rule(rq_filter_t *f, json_object *node,
                           const char *at, json_object **leaf)
{
    static const char *const members[] = {"kind", "fieldId", "operator",
                                          "value", NULL};
    apr_pool_t *p = f->p;
    const char *extra = fb_json_other_member(node, members);
    const char *field, *opname, *one;
    const fb_report_attr_t *a;
    json_object *value = json_object_object_get(node, "value"), *rule, *vs;
    unsigned op;
    apr_size_t i, n;
    fb_error_t *err;

    if (extra != NULL) {
        return rq_bad(p, apr_pstrcat(p, at, ".", extra, NULL),
                      "A rule has kind, fieldId, operator and value only.");
    }
    if (++f->nrules > RQ_MAX_RULES) {
        return rq_bad(p, at, apr_psprintf(p, "A filter holds at most %d "
                                          "rules.", RQ_MAX_RULES));
    }
    field = fb_json_string(node, "fieldId");
    if (field == NULL) {
        return fb_error_make(p, FB_E_MISSING_PARAMETER,
                             apr_pstrcat(p, at, ".fieldId", NULL),
                             "A rule needs a fieldId (a string).");
    }
    a = fb_report_attr(f->d, f->custom, field);
    if (a == NULL || !(a->flags & FB_RA_FILTER)) {
        return rq_bad(p, apr_pstrcat(p, at, ".fieldId", NULL), apr_psprintf(
            p, "'%s' is no filterable attribute of the dataset %s "
            "(GET /v2/reports/datasets lists them).", field, f->d->id));
    }
    opname = fb_json_string(node, "operator");
    if (opname == NULL) {
        return fb_error_make(p, FB_E_MISSING_PARAMETER,
                             apr_pstrcat(p, at, ".operator", NULL),
                             "A rule needs an operator (a string).");
    }
    op = fb_report_op_bit(opname);
    if (!(op & a->ops)) {
        return rq_bad(p, apr_pstrcat(p, at, ".operator", NULL), apr_psprintf(
            p, "The operator of %s must be one of %s.", a->id,
            rq_op_names(p, a->ops)));
    }
    at = apr_pstrcat(p, at, ".value", NULL);
    vs = fb_json_owned(p, json_object_new_array());
    if (op & FB_ROPS_PRESENT) {
        if (value != NULL && !json_object_is_type(value, json_type_null)) {
            return rq_bad(p, at, apr_psprintf(
                p, "'%s' is not taken by %s.", at, opname));
        }
    }
    else if (op & (FB_ROP_IN | FB_ROP_NOT_IN | FB_ROP_MEMBER
                   | FB_ROP_NOT_MEMBER | FB_ROP_BETWEEN)) {
        n = value && json_object_is_type(value, json_type_array)
            ? json_object_array_length(value) : 0;
        if (op == FB_ROP_BETWEEN ? n != 2 : (n < 1 || n > RQ_MAX_VALUES)) {
            return rq_bad(p, at, op == FB_ROP_BETWEEN
                ? apr_psprintf(p, "'%s' must be an array of 2 values for "
                               "between.", at)
                : apr_psprintf(p, "'%s' must be an array of 1 to %d values "
                               "for %s.", at, RQ_MAX_VALUES, opname));
        }
        for (i = 0; i < n; i++) {
            if ((err = rq_value(p, a, op, json_object_array_get_idx(value, i),
                                apr_psprintf(p, "%s[%lu]", at,
                                             (unsigned long)i), &one))
                != NULL) {
                return err;
            }
            json_object_array_add(vs, json_object_new_string(one));
        }
    }
    else {
        if (value != NULL && json_object_is_type(value, json_type_array)) {
            return rq_bad(p, at, apr_psprintf(
                p, "'%s' must be a single value for %s.", at, opname));
        }
        if ((err = rq_value(p, a, op, value, at, &one)) != NULL) {
            return err;
        }
        json_object_array_add(vs, json_object_new_string(one));
    }
    rule = json_object_new_object();
    json_object_object_add(rule, "f", json_object_new_string(a->form));
    if (a->key != NULL) {
        json_object_object_add(rule, "k", json_object_new_string(a->key));
    }
    json_object_object_add(rule, "o", json_object_new_string(rq_op_form(op)));
    json_object_object_add(rule, "t", json_object_new_string(
        a->type == FB_RV_DATE ? "date" : a->type == FB_RV_NUMBER ? "number"
                                                                  : "text"));
    json_object_object_add(rule, "v", json_object_get(vs));
    json_object_array_add(f->rules, rule);
    *leaf = fb_json_owned(p, json_object_new_object());
    json_object_object_add(*leaf, "r", json_object_new_int(f->nrules));
    return NULL;
}

/* A node (rule or group) at at, depth levels of groups above it. */
static fb_error_t *rq_node(rq_filter_t *f, json_object *node,
                           const char *at, int depth, json_object **out)
{
    static const char *const members[] = {"kind", "op", "children", NULL};
    apr_pool_t *p = f->p;
    const char *kind, *op, *extra;
    json_object *children, *c, *group;
    apr_size_t i, n;
    fb_error_t *err;

    if (node == NULL || !json_object_is_type(node, json_type_object)) {
        return rq_bad(p, at, apr_psprintf(
            p, "'%s' must be a rule or a group (an object).", at));
    }
    kind = fb_json_string(node, "kind");
    if (kind != NULL && strcmp(kind, "rule") == 0) {
        return rq_rule(f, node, at, out);
    }
    if (kind == NULL || strcmp(kind, "group") != 0) {
        return rq_bad(p, apr_pstrcat(p, at, ".kind", NULL),
                      "kind must be rule or group.");
    }
    if ((extra = fb_json_other_member(node, members)) != NULL) {
        return rq_bad(p, apr_pstrcat(p, at, ".", extra, NULL),
                      "A group has kind, op and children only.");
    }
    if (depth >= RQ_MAX_DEPTH) {
        return rq_bad(p, at, apr_psprintf(p, "Groups nest at most %d "
                                          "levels.", RQ_MAX_DEPTH));
    }
    op = fb_json_string(node, "op");
    if (op == NULL || (strcmp(op, "and") != 0 && strcmp(op, "or") != 0)) {
        return rq_bad(p, apr_pstrcat(p, at, ".op", NULL),
                      "op must be and or or.");
    }
    children = json_object_object_get(node, "children");
    n = children && json_object_is_type(children, json_type_array)
        ? json_object_array_length(children) : 0;
    if (n < 1 || n > RQ_MAX_RULES) {
        return rq_bad(p, apr_pstrcat(p, at, ".children", NULL), apr_psprintf(
            p, "children must be an array of 1 to %d rules or groups.",
            RQ_MAX_RULES));
    }
    group = fb_json_owned(p, json_object_new_object());
    json_object_object_add(group, "op", json_object_new_string(op));
    json_object_object_add(group, "c", json_object_new_array());
    for (i = 0; i < n; i++) {
        err = rq_node(f, json_object_array_get_idx(children, i),
                      apr_psprintf(p, "%s.children[%lu]", at,
                                   (unsigned long)i), depth + 1, &c);
        if (err != NULL) {
            return err;
        }
        json_object_array_add(json_object_object_get(group, "c"),
                              json_object_get(c));
    }
    *out = group;
    return NULL;
}

/* The body's filters into *tree and *rules (JSON texts; NULL: none). */
static fb_error_t *rq_filters(apr_pool_t *p, const fb_report_dataset_t *d,
                              const fb_report_custom_t *custom,
                              json_object *filters, const char **tree,
                              const char **rules)
{
    rq_filter_t f = {.p = p, .d = d, .custom = custom};
    json_object *root, *wrap;
    fb_error_t *err;

    *tree = *rules = NULL;
    if (filters == NULL) {
        return NULL;
    }
    f.rules = fb_json_owned(p, json_object_new_array());
    if ((err = rq_node(&f, filters, "filters", 0, &root)) != NULL) {
        return err;
    }
    if (json_object_object_get_ex(root, "r", NULL)) {
        wrap = fb_json_owned(p, json_object_new_object());
        json_object_object_add(wrap, "op", json_object_new_string("and"));
        json_object_object_add(wrap, "c", json_object_new_array());
        json_object_array_add(json_object_object_get(wrap, "c"),
                              json_object_get(root));
        root = wrap;
    }
    *tree = json_object_to_json_string_ext(root, JSON_C_TO_STRING_PLAIN);
    *rules = json_object_to_json_string_ext(f.rules, JSON_C_TO_STRING_PLAIN);
    return NULL;
}

/* ---- the window ---- */

/* Non-zero when name is a time zone of the system's database, which
 * PostgreSQL reads (Debian builds it with the system's tzdata). */
static int rq_zone_valid(apr_pool_t *p, const char *name)
{
    const char *c;
    char magic[4];
    FILE *fp;
    int ok;

    if (*name == '\0' || strlen(name) > 64 || *name == '/'
        || strstr(name, "..") != NULL) {
        return 0;
    }
    for (c = name; *c != '\0'; c++) {
        if (!(apr_isalnum(*c) || *c == '_' || *c == '-' || *c == '+'
              || *c == '/')) {
            return 0;
        }
    }
    fp = fopen(apr_pstrcat(p, "/usr/share/zoneinfo/", name, NULL), "rb");
    if (fp == NULL) {
        return 0;
    }
    ok = fread(magic, 1, 4, fp) == 4 && memcmp(magic, "TZif", 4) == 0;
    fclose(fp);
    return ok;
}

typedef struct {
    const char *start;          /* a date, or an instant */
    const char *end;            /* exclusive */
    apr_time_t from, to;        /* as UTC, for the budget */
} rq_window_t;

/* The window startDate..endDate (both inclusive; names at) into *w. */
static fb_error_t *rq_window(fb_req_t *fr, const char *start_name,
                             const char *end_name, rq_window_t *w)
{
    apr_pool_t *p = fr->pool;
    const char *s = fb_json_string(fr->body, start_name);
    const char *e = fb_json_string(fr->body, end_name);
    apr_time_t t;

    /* the body's rules have checked both forms */
    if (fb_time_parse(s, &w->from) != APR_SUCCESS
        || fb_time_parse(e, &t) != APR_SUCCESS) {
        return rq_bad(p, start_name, "Not an ISO 8601 date or date-time.");
    }
    w->start = strlen(s) == 10 ? s : fb_time_format(p, w->from);
    if (strlen(e) == 10) {
        w->to = t + apr_time_from_sec(86400);
        w->end = apr_pstrndup(p, fb_time_format(p, w->to), 10);
    }
    else {
        w->to = t + 1;
        w->end = fb_time_format(p, w->to);
    }
    if (w->to <= w->from) {
        return rq_bad(p, end_name, apr_psprintf(
            p, "%s must not be before %s.", end_name, start_name));
    }
    if (w->to - w->from > apr_time_from_sec(86400) * RQ_MAX_DAYS) {
        return fb_error_make(p, FB_E_QUERY_TOO_EXPENSIVE, end_name,
                             apr_psprintf(p, "A report's window is at most "
                                          "%d days: narrow it.",
                                          RQ_MAX_DAYS));
    }
    return NULL;
}

/* The buckets of window w at granularity gran, at most. */
static long rq_buckets(const rq_window_t *w, const char *gran)
{
    double hours = (double)(w->to - w->from) / apr_time_from_sec(3600);

    switch (gran[0]) {
    case 'h':
        return (long)hours + 2;
    case 'd':
        return (long)(hours / 24) + 2;
    case 'w':
        return (long)(hours / 24 / 7) + 2;
    default:
        return (long)(hours / 24 / 28) + 2;
    }
}

/* ---- running ---- */

typedef struct {
    const fb_report_dataset_t *d;
    const fb_report_metric_t *m;
    const char *agg;
    const char *pct;
    const char *tz;
    const char *gran;
    const char *view;
    const char *tree, *rules;
    const fb_report_attr_t *group, *segment;
    fb_report_custom_t custom;
} rq_query_t;

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

/* The form and key a dimension passes. */
static void rq_dim(const fb_report_attr_t *a, const char **form,
                   const char **key)
{
    *form = a != NULL ? a->form : NULL;
    *key = a != NULL ? a->key : NULL;
}

/* Runs q over window w with dimensions d1 and d2 (NULL: none; heat: the
 * heatmap's cell as d1) into *res. */
static fb_error_t *rq_run(fb_req_t *fr, const rq_query_t *q,
                          const rq_window_t *w, const fb_report_attr_t *d1,
                          const fb_report_attr_t *d2, int heat,
                          rq_result_t *res)
{
    fb_params_report_t args;
    fb_error_t *err;
    int r;

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
    if ((err = fb_req_select(fr, d1 == NULL && d2 == NULL && !heat
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

static fb_error_t *rq_too_many_buckets(apr_pool_t *p)
{
    return fb_error_make(p, FB_E_QUERY_TOO_EXPENSIVE, "granularity",
                         apr_psprintf(p, "A report has at most %d buckets: "
                                      "a coarser granularity or a shorter "
                                      "window.", RQ_MAX_BUCKETS));
}

static fb_error_t *rq_no_metric(apr_pool_t *p, const char *at,
                                const char *metric)
{
    return rq_bad(p, at, apr_psprintf(
        p, "'%s' is no metric of the catalog (GET /v2/reports/datasets "
        "lists them).", metric));
}

/* A dimension named by member name (groupBy, segmentBy), or NULL. */
static fb_error_t *rq_dimension(fb_req_t *fr, const rq_query_t *q,
                                const char *name,
                                const fb_report_attr_t **out)
{
    const char *id = fb_json_string(fr->body, name);

    *out = NULL;
    if (id == NULL) {
        return NULL;
    }
    *out = fb_report_attr(q->d, &q->custom, id);
    if (*out == NULL || !((*out)->flags & FB_RA_GROUP)) {
        return rq_bad(fr->pool, name, apr_psprintf(
            fr->pool, "'%s' is no attribute of the dataset %s that "
            "supportsGroupBy (GET /v2/reports/datasets lists them).", id,
            q->d->id));
    }
    if (strcmp(q->view, "hourly_heatmap") == 0) {
        return rq_bad(fr->pool, name, apr_psprintf(
            fr->pool, "The hourly_heatmap view is cut by day of week and "
            "hour only: %s cannot be given with it.", name));
    }
    return NULL;
}

/* Checks what a query and a drill-in share (q's metric known): the
 * view, office hours, the zone, the window, the dimensions, the
 * filters. */
static fb_error_t *rq_check_common(fb_req_t *fr, rq_query_t *q,
                                   rq_window_t *now)
{
    apr_pool_t *p = fr->pool;
    json_object *office = json_object_object_get(fr->body,
                                                 "officeHoursOnly");
    unsigned view;
    fb_error_t *err;

    q->view = fb_json_string(fr->body, "view");
    q->view = q->view ? q->view : "standard";
    view = strcmp(q->view, "sankey") == 0 ? FB_RVIEW_SANKEY
           : strcmp(q->view, "hourly_heatmap") == 0 ? FB_RVIEW_HEATMAP
           : FB_RVIEW_STANDARD;
    if (!(view & q->m->views)) {
        return fb_error_make(p, FB_E_PARAMETER_NOT_SUPPORTED, "view",
                             apr_psprintf(p, "%s has no %s view: this "
                                          "server records no conversation "
                                          "flows (see its supportedViews).",
                                          q->m->id, q->view));
    }
    if (office != NULL && json_object_get_boolean(office)) {
        return fb_error_make(p, FB_E_PARAMETER_NOT_SUPPORTED,
                             "officeHoursOnly",
                             "No office hours are configured on this "
                             "server: no metric supportsOfficeHours.");
    }
    q->tz = fb_json_string(fr->body, "timezone");
    q->tz = q->tz ? q->tz : "UTC";
    if (!rq_zone_valid(p, q->tz)) {
        return rq_bad(p, "timezone", "timezone must be an IANA time zone "
                      "(America/New_York, Europe/Paris, UTC).");
    }
    q->gran = fb_json_string(fr->body, "granularity");
    if ((err = rq_window(fr, "startDate", "endDate", now)) != NULL) {
        return err;
    }
    if (rq_buckets(now, q->gran) > RQ_MAX_BUCKETS) {
        return rq_too_many_buckets(p);
    }
    if (q->d->custom != NULL
        && (err = fb_report_custom_load(fr, &q->custom)) != NULL) {
        return err;
    }
    if ((err = rq_dimension(fr, q, "groupBy", &q->group)) != NULL
        || (err = rq_dimension(fr, q, "segmentBy", &q->segment)) != NULL) {
        return err;
    }
    return rq_filters(p, q->d, &q->custom,
                      json_object_object_get(fr->body, "filters"),
                      &q->tree, &q->rules);
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

/* ---- drill-in ---- */

/* The drill-in's columns of conversation rows, in the statement's order
 * (REPORT_DRILL_CONVERSATION_OUTER). */
enum { RD_COL_ID, RD_COL_TIME, RD_COL_VALUE, RD_COL_TOTAL, RD_COL_CREATED,
       RD_COL_CHANNEL, RD_COL_STATE, RD_COL_PRIORITY, RD_COL_ASSIGNEE,
       RD_COL_ASSIGNEE_NAME, RD_COL_TEAM, RD_COL_TEAM_NAME, RD_COL_TAGS,
       RD_COL_AUTHOR, RD_COL_AUTHOR_NAME };

/* ... of ticket rows (REPORT_DRILL_TICKET_OUTER), after the first four,
 * and of post and vote rows (REPORT_DRILL_POST_OUTER). */
enum { RD_TK_NUMBER = RD_COL_CREATED, RD_TK_TITLE, RD_TK_CATEGORY,
       RD_TK_CATEGORY_NAME, RD_TK_STATUS, RD_TK_STATUS_NAME,
       RD_TK_ASSIGNEE, RD_TK_ASSIGNEE_NAME, RD_TK_OPEN };
enum { RD_PO_TITLE = RD_COL_CREATED, RD_PO_BOARD, RD_PO_BOARD_NAME,
       RD_PO_STATUS, RD_PO_STATUS_NAME, RD_PO_TAGS, RD_PO_VOTER,
       RD_PO_VOTER_NAME };

typedef enum { RD_TEXT, RD_TIME, RD_NUMBER, RD_BOOL, RD_IDENTITY,
               RD_LIST } rd_kind_e;

typedef struct {
    const char *id;             /* NULL ends a table */
    const char *name;
    const char *type;           /* the client's valueType */
    const char *category;
    rd_kind_e kind;
    int col;                    /* its column (an identity's id) */
    int replies;                /* only the replies (votes) dataset has
                                 * it */
    int shown;                  /* one of defaultColumnIds */
} rd_column_t;

static const rd_column_t rd_columns[] = {
    {.id = "conversation.id", .name = "Conversation", .type = "id",
     .category = "Conversation", .kind = RD_TEXT, .col = RD_COL_ID,
     .shown = 1},
    {.id = "metric.time", .name = "Time", .type = "date",
     .category = "Metric", .kind = RD_TIME, .col = RD_COL_TIME, .shown = 1},
    {.id = "metric.value", .name = "Value", .type = "number",
     .category = "Metric", .kind = RD_NUMBER, .col = RD_COL_VALUE,
     .shown = 1},
    {.id = "conversation.createdAt", .name = "Started", .type = "date",
     .category = "Conversation", .kind = RD_TIME, .col = RD_COL_CREATED},
    {.id = "conversation.channel", .name = "Channel", .type = "enum",
     .category = "Conversation", .kind = RD_TEXT, .col = RD_COL_CHANNEL,
     .shown = 1},
    {.id = "conversation.state", .name = "State", .type = "enum",
     .category = "Conversation", .kind = RD_TEXT, .col = RD_COL_STATE,
     .shown = 1},
    {.id = "conversation.priority", .name = "Priority", .type = "boolean",
     .category = "Conversation", .kind = RD_BOOL, .col = RD_COL_PRIORITY},
    {.id = "conversation.assignee", .name = "Teammate assigned",
     .type = "id", .category = "Assignment", .kind = RD_IDENTITY,
     .col = RD_COL_ASSIGNEE, .shown = 1},
    {.id = "conversation.team", .name = "Team assigned", .type = "id",
     .category = "Assignment", .kind = RD_IDENTITY, .col = RD_COL_TEAM},
    {.id = "conversation.tags", .name = "Tags", .type = "string",
     .category = "Conversation", .kind = RD_LIST, .col = RD_COL_TAGS},
    {.id = "reply.admin", .name = "Replied by", .type = "id",
     .category = "Reply", .kind = RD_IDENTITY, .col = RD_COL_AUTHOR,
     .replies = 1, .shown = 1},
    {.id = NULL}
};

static const rd_column_t rd_ticket_columns[] = {
    {.id = "ticket.id", .name = "Ticket", .type = "id",
     .category = "Ticket", .kind = RD_TEXT, .col = RD_COL_ID, .shown = 1},
    {.id = "metric.time", .name = "Time", .type = "date",
     .category = "Metric", .kind = RD_TIME, .col = RD_COL_TIME, .shown = 1},
    {.id = "metric.value", .name = "Value", .type = "number",
     .category = "Metric", .kind = RD_NUMBER, .col = RD_COL_VALUE},
    {.id = "ticket.number", .name = "Number", .type = "string",
     .category = "Ticket", .kind = RD_TEXT, .col = RD_TK_NUMBER,
     .shown = 1},
    {.id = "ticket.title", .name = "Title", .type = "string",
     .category = "Ticket", .kind = RD_TEXT, .col = RD_TK_TITLE, .shown = 1},
    {.id = "ticket.category", .name = "Category", .type = "id",
     .category = "Ticket", .kind = RD_IDENTITY, .col = RD_TK_CATEGORY,
     .shown = 1},
    {.id = "ticket.status", .name = "Status", .type = "id",
     .category = "Ticket", .kind = RD_IDENTITY, .col = RD_TK_STATUS,
     .shown = 1},
    {.id = "ticket.assignee", .name = "Teammate assigned", .type = "id",
     .category = "Assignment", .kind = RD_IDENTITY, .col = RD_TK_ASSIGNEE},
    {.id = "ticket.open", .name = "Open", .type = "boolean",
     .category = "Ticket", .kind = RD_BOOL, .col = RD_TK_OPEN},
    {.id = NULL}
};

static const rd_column_t rd_post_columns[] = {
    {.id = "post.id", .name = "Post", .type = "id",
     .category = "Post", .kind = RD_TEXT, .col = RD_COL_ID, .shown = 1},
    {.id = "metric.time", .name = "Time", .type = "date",
     .category = "Metric", .kind = RD_TIME, .col = RD_COL_TIME, .shown = 1},
    {.id = "metric.value", .name = "Value", .type = "number",
     .category = "Metric", .kind = RD_NUMBER, .col = RD_COL_VALUE},
    {.id = "post.title", .name = "Title", .type = "string",
     .category = "Post", .kind = RD_TEXT, .col = RD_PO_TITLE, .shown = 1},
    {.id = "post.board", .name = "Board", .type = "id",
     .category = "Post", .kind = RD_IDENTITY, .col = RD_PO_BOARD,
     .shown = 1},
    {.id = "post.status", .name = "Status", .type = "id",
     .category = "Post", .kind = RD_IDENTITY, .col = RD_PO_STATUS,
     .shown = 1},
    {.id = "post.tags", .name = "Tags", .type = "string",
     .category = "Post", .kind = RD_LIST, .col = RD_PO_TAGS},
    {.id = "vote.voter", .name = "Voter", .type = "id",
     .category = "Vote", .kind = RD_IDENTITY, .col = RD_PO_VOTER,
     .replies = 1, .shown = 1},
    {.id = NULL}
};

/* The columns of dataset d's rows. */
static const rd_column_t *rd_columns_of(const fb_report_dataset_t *d)
{
    return strncmp(d->id, "conversation", 12) == 0 ? rd_columns
           : strcmp(d->id, "tickets") == 0 ? rd_ticket_columns
           : rd_post_columns;
}

static int rd_has(const rq_query_t *q, const rd_column_t *c)
{
    return !c->replies || strcmp(q->d->id, "conversation_replies") == 0
           || strcmp(q->d->id, "votes") == 0;
}

static void rd_write_cell(fb_jsonw_t *w, const fb_rows_t *rows, int r,
                          const rd_column_t *c)
{
    const char *v = fb_rows_get(rows, r, c->col);
    const char *start, *sep;

    fb_jsonw_key(w, c->id);
    if (v == NULL) {
        fb_jsonw_raw(w, "null");
        return;
    }
    switch (c->kind) {
    case RD_TIME:
    case RD_TEXT:
        fb_jsonw_string(w, v);
        return;
    case RD_NUMBER:
        fb_jsonw_raw(w, v);
        return;
    case RD_BOOL:
        fb_jsonw_pg_bool(w, v);
        return;
    case RD_IDENTITY:
        fb_jsonw_object(w);
        fb_jsonw_member_string(w, "id", v);
        fb_jsonw_member_string(w, "kind", "identity");
        fb_jsonw_member_string(w, "label",
                               fb_rows_get(rows, r, c->col + 1)
                               ? fb_rows_get(rows, r, c->col + 1) : v);
        fb_jsonw_end(w);
        return;
    case RD_LIST:
        fb_jsonw_array(w);
        for (start = v; *v != '\0' && start != NULL; start = sep) {
            sep = strchr(start, '\x01');
            fb_jsonw_string(w, sep ? apr_pstrndup(w->pool, start,
                                                  (apr_size_t)(sep - start))
                                   : start);
            sep = sep ? sep + 1 : NULL;
        }
        fb_jsonw_end(w);
        return;
    }
}

/* The first sort of the body: by metric.value or metric.time. */
static fb_error_t *rd_sort(fb_req_t *fr, const char **sort,
                           const char **dir)
{
    json_object *all = json_object_object_get(fr->body, "sort");
    json_object *one = all && json_object_array_length(all) > 0
                       ? json_object_array_get_idx(all, 0) : NULL;

    *sort = "metric.time";
    *dir = "desc";
    if (all != NULL && json_object_array_length(all) > 1) {
        return fb_error_make(fr->pool, FB_E_PARAMETER_NOT_SUPPORTED,
                             "sort[1]", "One sort only.");
    }
    if (one == NULL) {
        return NULL;
    }
    *sort = fb_json_string(one, "fieldId");
    *dir = fb_json_string(one, "direction");
    if (strcmp(*sort, "metric.value") != 0
        && strcmp(*sort, "metric.time") != 0) {
        return fb_error_make(fr->pool, FB_E_PARAMETER_NOT_SUPPORTED,
                             "sort[0].fieldId", "Rows sort by metric.value "
                             "or metric.time.");
    }
    return NULL;
}

/* The data point: fills a's bucket, values and cell. */
static fb_error_t *rd_point(fb_req_t *fr, const rq_query_t *q,
                            fb_params_report_drill_t *a)
{
    static const char *const flows[] = {"flowPathId", "sourceNodeId",
                                        "targetNodeId", NULL};
    json_object *dp = json_object_object_get(fr->body, "dataPointFilters");
    json_object *day, *hour;
    const char *const *f;
    apr_time_t t;

    if (dp == NULL) {
        return NULL;
    }
    for (f = flows; *f != NULL; f++) {
        if (json_object_object_get_ex(dp, *f, NULL)) {
            return fb_error_make(fr->pool, FB_E_PARAMETER_NOT_SUPPORTED,
                                 apr_pstrcat(fr->pool, "dataPointFilters.",
                                             *f, NULL),
                                 "No metric here has the sankey view.");
        }
    }
    a->bucket = fb_json_string(dp, "timeBucket");
    if (a->bucket != NULL && fb_time_parse(a->bucket, &t) != APR_SUCCESS) {
        return rq_bad(fr->pool, "dataPointFilters.timeBucket",
                      "timeBucket must be a date of the query's "
                      "timeSeries.");
    }
    a->group_value = fb_json_string(dp, "groupValue");
    a->segment_value = fb_json_string(dp, "segmentValue");
    if ((a->group_value != NULL && q->group == NULL)
        || (a->segment_value != NULL && q->segment == NULL)) {
        return rq_bad(fr->pool, a->group_value && q->group == NULL
                      ? "dataPointFilters.groupValue"
                      : "dataPointFilters.segmentValue",
                      "A group's or segment's value needs the groupBy or "
                      "segmentBy it is a value of.");
    }
    day = json_object_object_get(dp, "dayOfWeek");
    hour = json_object_object_get(dp, "hourOfDay");
    if ((day != NULL) != (hour != NULL)) {
        return fb_error_make(fr->pool, FB_E_MISSING_PARAMETER,
                             day ? "dataPointFilters.hourOfDay"
                                 : "dataPointFilters.dayOfWeek",
                             "A heatmap cell is a dayOfWeek and an "
                             "hourOfDay.");
    }
    if (day != NULL) {
        a->cell = apr_psprintf(fr->pool, "%d:%02d", json_object_get_int(day),
                               json_object_get_int(hour));
    }
    return NULL;
}

static fb_error_t *fb_report_drill_in(fb_req_t *fr)
{
    apr_pool_t *p = fr->pool;
    const char *metric = fb_json_string(fr->body, "selectedMetricId");
    json_object *jpage = json_object_object_get(fr->body, "page");
    json_object *jsize = json_object_object_get(fr->body, "pageSize");
    long page = jpage ? (long)json_object_get_int64(jpage) : 1;
    long size = jsize ? (long)json_object_get_int64(jsize) : 25;
    const fb_report_dataset_t *d2;
    fb_params_report_drill_t a;
    const rd_column_t *c, *columns;
    rq_window_t now;
    rq_query_t q;
    fb_rows_t rows;
    fb_jsonw_t w;
    fb_error_t *err;
    const char *total;
    int r;

    memset(&q, 0, sizeof(q));
    memset(&a, 0, sizeof(a));
    q.m = fb_report_metric(fb_json_string(fr->body, "metric"), &q.d);
    if (q.m == NULL) {
        return rq_no_metric(p, "metric", fb_json_string(fr->body, "metric"));
    }
    if (metric != NULL) {
        const fb_report_metric_t *m = fb_report_metric(metric, &d2);

        if (m == NULL || d2 != q.d) {
            return rq_bad(p, "selectedMetricId", apr_psprintf(
                p, "'%s' is no metric of the dataset %s.", metric,
                q.d->id));
        }
        q.m = m;
    }
    columns = rd_columns_of(q.d);
    if ((err = rq_check_common(fr, &q, &now)) != NULL
        || (err = rd_sort(fr, &a.sort, &a.dir)) != NULL
        || (err = rd_point(fr, &q, &a)) != NULL) {
        return err;
    }
    a.metric = q.m->id;
    a.tz = q.tz;
    a.start_at = now.start;
    a.end_at = now.end;
    a.gran = q.gran;
    a.tree = q.tree;
    a.rules = q.rules;
    rq_dim(q.group, &a.d1, &a.d1_key);
    rq_dim(q.segment, &a.d2, &a.d2_key);
    a.skip = apr_ltoa(p, (page - 1) * size);
    a.limit = apr_ltoa(p, size);
    if ((err = fb_req_expensive(fr)) != NULL
        || (err = fb_req_select(fr, q.m->drill,
                                FB_NAMED_VALUES(report_drill, &a), &rows))
           != NULL) {
        return err;
    }
    total = rows.nrows > 0 ? fb_rows_get(&rows, 0, RD_COL_TOTAL) : NULL;
    if (total == NULL && page > 1) {
        /* a page past the end: the total from the first row */
        fb_rows_t first;

        a.skip = "0";
        a.limit = "1";
        if ((err = fb_req_select(fr, q.m->drill,
                                 FB_NAMED_VALUES(report_drill, &a), &first))
            != NULL) {
            return err;
        }
        total = first.nrows > 0 ? fb_rows_get(&first, 0, RD_COL_TOTAL)
                                : NULL;
    }
    fb_jsonw_init(&w, p, 2048 + (apr_size_t)rows.nrows * 512);
    fb_jsonw_compact(&w);
    fb_jsonw_member_string(&w, "object", "report_drill_in_result");
    fb_jsonw_key(&w, "availableColumns");
    fb_jsonw_array(&w);
    for (c = columns; c->id != NULL; c++) {
        if (rd_has(&q, c)) {
            fb_jsonw_object(&w);
            fb_jsonw_member_string(&w, "id", c->id);
            fb_jsonw_member_string(&w, "name", c->name);
            fb_jsonw_member_string(&w, "valueType", c->type);
            fb_jsonw_member_string(&w, "category", c->category);
            fb_jsonw_end(&w);
        }
    }
    fb_jsonw_end(&w);
    fb_jsonw_key(&w, "defaultColumnIds");
    fb_jsonw_array(&w);
    for (c = columns; c->id != NULL; c++) {
        if (rd_has(&q, c) && c->shown) {
            fb_jsonw_string(&w, c->id);
        }
    }
    fb_jsonw_end(&w);
    fb_jsonw_key(&w, "meta");
    fb_jsonw_object(&w);
    fb_jsonw_member_string(&w, "datasetId", q.d->id);
    fb_jsonw_member_string(&w, "metricId", q.m->id);
    fb_jsonw_end(&w);
    fb_jsonw_key(&w, "page");
    fb_jsonw_raw(&w, apr_ltoa(p, page));
    fb_jsonw_key(&w, "pageSize");
    fb_jsonw_raw(&w, apr_ltoa(p, size));
    fb_jsonw_key(&w, "rows");
    fb_jsonw_array(&w);
    for (r = 0; r < rows.nrows; r++) {
        fb_jsonw_object(&w);
        for (c = columns; c->id != NULL; c++) {
            if (rd_has(&q, c)) {
                rd_write_cell(&w, &rows, r, c);
            }
        }
        fb_jsonw_end(&w);
    }
    fb_jsonw_end(&w);
    fb_jsonw_member_string(&w, "timezone", q.tz);
    fb_jsonw_key(&w, "total");
    fb_jsonw_raw(&w, total ? total : "0");
    fb_jsonw_end(&w);
    fb_respond(fr, HTTP_OK, fb_jsonw_text(&w, NULL));
    return NULL;
}

static const char *const rd_directions[] = {"asc", "desc", NULL};

static const fb_field_rule_t fb_report_sort_rules[] = {
    {.name = "fieldId", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 200},
    {.name = "direction", .type = FB_FIELD_ENUM, .flags = FB_FIELD_REQUIRED,
     .choices = rd_directions},
    {.name = NULL}
};

static const fb_field_rule_t fb_report_point_rules[] = {
    {.name = "timeBucket", .type = FB_FIELD_TIME},
    {.name = "groupValue", .type = FB_FIELD_STRING, .max = 200},
    {.name = "segmentValue", .type = FB_FIELD_STRING, .max = 200},
    {.name = "dayOfWeek", .type = FB_FIELD_INT, .min = 1, .max = 7},
    {.name = "hourOfDay", .type = FB_FIELD_INT, .min = 0, .max = 23},
    {.name = "flowPathId", .type = FB_FIELD_STRING, .max = 200},
    {.name = "sourceNodeId", .type = FB_FIELD_STRING, .max = 200},
    {.name = "targetNodeId", .type = FB_FIELD_STRING, .max = 200},
    {.name = NULL}
};

static const char *const rq_aggregations[] = {
    "count", "sum", "avg", "median", "min", "max", "percentile", "value",
    NULL
};
static const char *const rq_granularities[] = {
    "hour", "day", "week", "month", NULL
};
static const char *const rq_views[] = {
    "standard", "hourly_heatmap", "sankey", NULL
};

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

static const fb_field_rule_t fb_report_drill_rules[] = {
    {.name = "metric", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 100},
    {.name = "startDate", .type = FB_FIELD_TIME, .flags = FB_FIELD_REQUIRED},
    {.name = "endDate", .type = FB_FIELD_TIME, .flags = FB_FIELD_REQUIRED},
    {.name = "granularity", .type = FB_FIELD_ENUM,
     .flags = FB_FIELD_REQUIRED, .choices = rq_granularities},
    {.name = "timezone", .type = FB_FIELD_STRING, .min = 1, .max = 64},
    {.name = "filters", .type = FB_FIELD_OBJECT},
    {.name = "groupBy", .type = FB_FIELD_STRING, .min = 1, .max = 200},
    {.name = "segmentBy", .type = FB_FIELD_STRING, .min = 1, .max = 200},
    {.name = "officeHoursOnly", .type = FB_FIELD_BOOL},
    {.name = "view", .type = FB_FIELD_ENUM, .choices = rq_views},
    {.name = "dataPointFilters", .type = FB_FIELD_OBJECT,
     .fields = fb_report_point_rules},
    {.name = "page", .type = FB_FIELD_INT, .min = 1, .max = 100000},
    {.name = "pageSize", .type = FB_FIELD_INT, .min = 1, .max = 200},
    {.name = "selectedMetricId", .type = FB_FIELD_STRING, .min = 1,
     .max = 100},
    {.name = "sort", .type = FB_FIELD_ARRAY, .max = 5,
     .fields = fb_report_sort_rules},
    {.name = NULL}
};

static const fb_op_t fb_report_drill_op = {
    .handler = fb_report_drill_in,
    .flags = FB_OP_BODY,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_NONE,
    .body = fb_report_drill_rules,
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
    {"POST", "/reports/drill-in", &fb_report_drill_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_report_query_module = {
    .name = "report query",
    .routes = fb_report_query_routes,
    .statements = fb_report_query_statements,
};
