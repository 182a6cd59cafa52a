/*
 * report_drill: POST /v2/reports/drill-in (the official client's
 * reports.drillIn): the rows behind a metric or one of its data points
 * (a bucket, a group or segment value, a heatmap cell), with the
 * client's columns, sorted and paginated (docs/decisions.md, "Reports",
 * "Drill-in and filter values").  The body is checked as a query's
 * (report_check.c) and the rows are selected by the same filters and
 * bucket arithmetic (report_sql.h), so a point's rows are those it
 * counted.
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

static const fb_statement_t *const fb_report_drill_statements[] = {
    &fb_sql_report_drill_conversations, &fb_sql_report_drill_first_reply,
    &fb_sql_report_drill_closes, &fb_sql_report_drill_replies,
    &fb_sql_report_drill_tickets, &fb_sql_report_drill_posts,
    &fb_sql_report_drill_votes, NULL
};


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

static const fb_route_t fb_report_drill_routes[] = {
    {"POST", "/reports/drill-in", &fb_report_drill_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_report_drill_module = {
    .name = "report drill-in",
    .routes = fb_report_drill_routes,
    .statements = fb_report_drill_statements,
};
