/*
 * conversation_search: POST /conversations/search (nova), the official
 * client library's support.conversations.search (docs/decisions.md,
 * "Conversation search").
 *
 * Two modes, chosen by the body: filter mode (no `search`) lists the
 * conversations the structured query admits by last activity; search
 * mode ranks those matching `search` (PostgreSQL full text over titles
 * and message and note parts, sql/026) by relevance, the sum of the
 * ranks of what matched, unless `sort` asks for activity order.  Rows
 * are a slim conversation with the customer, a window of messages
 * around the match (the newest in filter mode) and, in search mode, the
 * best matching part, written in C from plain columns
 * (conversation_search_rows.c).  The query arrives checked and normalized
 * (conversation_search.h); the statements read it as one jsonb, so each
 * mode and order is one prepared statement whatever the query.
 *
 * Cursors carry the mode and order in their sort name and a digest of
 * the query, search text and order, so a cursor of another mode or
 * another query is 400 invalid_cursor.  totalCount counts up to 200.
 */
#include <stdlib.h>
#include <string.h>

#include "apr_strings.h"

#include "conversation_search.h"
#include "conversation_search_rows.h"
#include "conversations.h"
#include "fb_crypto.h"
#include "fb_cursor.h"
#include "fb_json.h"
#include "fb_resource.h"

/* The activity order (index conversations_activity). */
#define SEARCH_ACTIVITY "coalesce(cv.last_activity_at, cv.created_at)"

/* A clause's values (c.j: one clause of the normalized query). */
#define SEARCH_VALUES \
    "(SELECT x.v FROM jsonb_array_elements_text(c.j -> 'v') x(v))"
#define SEARCH_IN(col) \
    "EXISTS (SELECT 1 FROM jsonb_array_elements_text(c.j -> 'v') x(v) " \
    "  WHERE x.v IS NOT DISTINCT FROM " col ")"
#define SEARCH_SECONDS \
    "floor(extract(epoch FROM cv.created_at))"

/* Whether conversation cv has what clause c.j names (not yet negated). */
#define SEARCH_HAS \
    "CASE c.j ->> 'f' " \
    "WHEN 'state' THEN " SEARCH_IN("cv.state") " " \
    "WHEN 'priority' THEN " SEARCH_IN("cv.priority::text") " " \
    "WHEN 'adminAssigneeId' THEN " SEARCH_IN("cv.admin_assignee_id") " " \
    "WHEN 'teamAssigneeId' THEN " SEARCH_IN("cv.team_assignee_id") " " \
    "WHEN 'brandId' THEN " SEARCH_IN("cv.brand_id") " " \
    "WHEN 'tagIds' THEN EXISTS (SELECT 1 FROM conversation_tag_links l " \
    "  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id " \
    "  AND l.tag_id IN " SEARCH_VALUES ") " \
    "WHEN 'participantId' THEN EXISTS (SELECT 1 " \
    "  FROM conversation_participants cp WHERE cp.org_id = cv.org_id " \
    "  AND cp.conversation_id = cv.id AND cp.user_id IN " \
    SEARCH_VALUES ") " \
    "WHEN 'companyId' THEN EXISTS (SELECT 1 " \
    "  FROM conversation_participants cp JOIN contact_companies cc " \
    "    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id " \
    "  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id " \
    "  AND cp.kind = 'contact' AND cc.company_id IN " SEARCH_VALUES ") " \
    "WHEN 'createdAt' THEN CASE c.j ->> 'o' " \
    "  WHEN 'gt' THEN " SEARCH_SECONDS " > (c.j -> 'v' ->> 0)::numeric " \
    "  WHEN 'lt' THEN " SEARCH_SECONDS " < (c.j -> 'v' ->> 0)::numeric " \
    "  WHEN 'ge' THEN " SEARCH_SECONDS " >= (c.j -> 'v' ->> 0)::numeric " \
    "  WHEN 'le' THEN " SEARCH_SECONDS " <= (c.j -> 'v' ->> 0)::numeric " \
    "  ELSE " SEARCH_SECONDS " = (c.j -> 'v' ->> 0)::numeric END " \
    "WHEN 'customAttributes' THEN EXISTS (SELECT 1 " \
    "  FROM jsonb_array_elements(c.j -> 'v') x(v) WHERE x.v = " \
    "  coalesce(cv.custom_attributes -> (c.j ->> 'k'), 'null'::jsonb)) " \
    "END"

/* Whether cv passes clause c.j. */
#define SEARCH_CLAUSE \
    "coalesce(CASE WHEN c.j ->> 'o' = 'nin' THEN NOT (" SEARCH_HAS ") " \
    "  ELSE (" SEARCH_HAS ") END, false)"

/* Whether cv passes the query k.f (NULL: every conversation). */
#define SEARCH_FILTER \
    "AND (k.f IS NULL OR CASE k.f ->> 'op' " \
    "  WHEN 'or' THEN EXISTS (SELECT 1 " \
    "    FROM jsonb_array_elements(k.f -> 'c') c(j) " \
    "    WHERE " SEARCH_CLAUSE ") " \
    "  ELSE NOT EXISTS (SELECT 1 " \
    "    FROM jsonb_array_elements(k.f -> 'c') c(j) " \
    "    WHERE NOT " SEARCH_CLAUSE ") END) "

/* The arguments, as k: the organization, the query (and more).  Not
 * materialized, so that they reach the index conditions as
 * parameters wherever k is read. */
#define SEARCH_ARGS(more) \
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, " \
    "%s::jsonb AS f" more ")"

/* ---- filter mode: (org, query, [ids,] [key, uid,] limit) ---- */

/*
 * Filter mode walks the organization's conversations by activity and
 * keeps those the query admits, so a page costs what it reads until it
 * is full: little for a common filter, the whole organization for a
 * rare one.  When the query (an AND, or one clause) selects by tags or
 * participants (=, IN), those ids (k.d) drive instead: the
 * conversations having one of them, from their index, then the whole
 * query as usual.  The drive only narrows what the query admits
 * anyway.
 */
#define SEARCH_FROM_NONE \
    "FROM conversations cv, k WHERE cv.org_id = k.org_id "
/* Joins, not IN filters: so that the planner starts from the links. */
#define SEARCH_FROM_TAGS \
    "FROM k, (SELECT DISTINCT l.conversation_id AS id " \
    "  FROM conversation_tag_links l, k " \
    "  WHERE l.org_id = k.org_id AND l.tag_id = ANY (k.d)) d, " \
    "  conversations cv WHERE cv.org_id = k.org_id AND cv.id = d.id "
#define SEARCH_FROM_PEOPLE \
    "FROM k, (SELECT DISTINCT p.conversation_id AS id " \
    "  FROM conversation_participants p, k " \
    "  WHERE p.org_id = k.org_id AND p.user_id = ANY (k.d)) d, " \
    "  conversations cv WHERE cv.org_id = k.org_id AND cv.id = d.id "
#define SEARCH_DRIVE_ARGS_NONE ""
#define SEARCH_DRIVE_ARGS_TAGS ", %s::text[] AS d"
#define SEARCH_DRIVE_ARGS_PEOPLE ", %s::text[] AS d"

#define SEARCH_FILTER_PAGE(drive, after, dir) \
    SEARCH_ARGS(SEARCH_DRIVE_ARGS_##drive) ", " \
    "page AS (SELECT cv.*, NULL::numeric AS score, " \
    "  NULL::text AS match_id, false AS searched " \
    "  " SEARCH_FROM_##drive SEARCH_FILTER after \
    "  ORDER BY " SEARCH_ACTIVITY " " dir ", cv.uid " dir " LIMIT %d) " \
    "SELECT " SEARCH_SELECT("fb_ts_key(" SEARCH_ACTIVITY "), cv.uid") \
    " FROM " SEARCH_FROM("page") \
    "ORDER BY " SEARCH_ACTIVITY " " dir ", cv.uid " dir

#define SEARCH_AFTER_ACTIVITY(cmp) \
    "AND (" SEARCH_ACTIVITY ", cv.uid) " cmp " (fb_ts_from_key(%s), %s) "

/* How many, up to the cap. */
#define SEARCH_CAP 200
#define SEARCH_CAP_TEXT "200"

#define SEARCH_FILTER_COUNT(drive) \
    SEARCH_ARGS(SEARCH_DRIVE_ARGS_##drive) " " \
    "SELECT count(*) FROM (SELECT 1 " SEARCH_FROM_##drive SEARCH_FILTER \
    "  LIMIT " SEARCH_CAP_TEXT ") x"

/* The five statements of a drive (n: its arguments beyond the query). */
#define SEARCH_FILTER_SQL(name, drive, n) \
    FB_SQL(conversation_search_##name##_desc, 2 + (n), \
        SEARCH_FILTER_PAGE(drive, "", "DESC")); \
    FB_SQL(conversation_search_##name##_desc_after, 4 + (n), \
        SEARCH_FILTER_PAGE(drive, SEARCH_AFTER_ACTIVITY("<"), "DESC")); \
    FB_SQL(conversation_search_##name##_asc, 2 + (n), \
        SEARCH_FILTER_PAGE(drive, "", "ASC")); \
    FB_SQL(conversation_search_##name##_asc_after, 4 + (n), \
        SEARCH_FILTER_PAGE(drive, SEARCH_AFTER_ACTIVITY(">"), "ASC")); \
    FB_SQL(conversation_search_##name##_count, 1 + (n), \
        SEARCH_FILTER_COUNT(drive))

SEARCH_FILTER_SQL(filter, NONE, 0);
SEARCH_FILTER_SQL(tagged, TAGS, 1);
SEARCH_FILTER_SQL(joined, PEOPLE, 1);

/*
 * Whether to drive: a page driven by ids reads every conversation they
 * have (and runs the query on each), a walk reads until the page is
 * full, so the ids drive only while they have fewer than this many
 * links (100,000 conversations: a rare tag 2.5 s walked, 8 ms driven; a
 * tag on 1 in 10, 45 ms walked, 450 ms driven).
 */
#define SEARCH_DRIVE_MAX "2000"
FB_SQL(conversation_search_tag_links, 1,
    "SELECT count(*) FROM (SELECT 1 FROM conversation_tag_links "
    "  WHERE org_id = %s AND tag_id = ANY (%s::text[]) "
    "  LIMIT " SEARCH_DRIVE_MAX ") x");
FB_SQL(conversation_search_people_links, 1,
    "SELECT count(*) FROM (SELECT 1 FROM conversation_participants "
    "  WHERE org_id = %s AND user_id = ANY (%s::text[]) "
    "  LIMIT " SEARCH_DRIVE_MAX ") x");

/* ---- search mode: (org, query, search, [key, uid,] limit) ---- */

/* The matches: every part matching k.q and the title; per
 * conversation the sum of their ranks, rounded (so that a cursor's key
 * compares equal to the score it came from).  One hash aggregation:
 * the best part is looked for on the shown rows only. */
#define SEARCH_HITS \
    SEARCH_ARGS(", plainto_tsquery('english', %s) AS q") ", " \
    "m AS (SELECT pt.conversation_id AS id, ts_rank(pt.search, k.q) AS r " \
    "  FROM conversation_parts pt, k " \
    "  WHERE pt.org_id = k.org_id AND pt.search @@ k.q " \
    "  UNION ALL SELECT cv.id, ts_rank(cv.search, k.q) " \
    "  FROM conversations cv, k " \
    "  WHERE cv.org_id = k.org_id AND cv.search @@ k.q), " \
    "hit AS (SELECT m.id, round(sum(m.r::float8)::numeric, 6) AS score " \
    "  FROM m GROUP BY m.id) "

/* The best ranked matching part of cv (the newest of equals). */
#define SEARCH_BEST \
    "(SELECT pt.id FROM conversation_parts pt " \
    "  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id " \
    "  AND pt.search @@ cv.q " \
    "  ORDER BY ts_rank(pt.search, cv.q) DESC, pt.n DESC LIMIT 1)"

/*
 * A page of search mode: the hits the query admits, counted before the
 * cursor's position applies (the window runs before the outer filter),
 * so every page says the total; then the page in its order, and the
 * best part of each of its rows.
 */
#define SEARCH_TEXT_PAGE(after, order, key) \
    SEARCH_HITS ", admitted AS (SELECT cv.*, hit.score, k.q, " \
    "  true AS searched, count(*) OVER () AS total " \
    "  FROM hit JOIN k ON true " \
    "  JOIN conversations cv ON cv.org_id = k.org_id AND cv.id = hit.id " \
    "  WHERE true " SEARCH_FILTER "), " \
    "page AS (SELECT * FROM admitted cv WHERE true " after \
    "  ORDER BY " order " LIMIT %d), " \
    "shown AS (SELECT cv.*, " SEARCH_BEST " AS match_id FROM page cv) " \
    "SELECT " SEARCH_SELECT(key " AS sort_key, cv.uid, cv.total") \
    " FROM " SEARCH_FROM("shown") "ORDER BY " order

#define SEARCH_BY_SCORE "cv.score DESC, cv.uid DESC"
#define SEARCH_BY_ACTIVITY(dir) SEARCH_ACTIVITY " " dir ", cv.uid " dir
#define SEARCH_ACTIVITY_KEY "fb_ts_key(" SEARCH_ACTIVITY ")"

FB_SQL(conversation_search_text, 3,
    SEARCH_TEXT_PAGE("", SEARCH_BY_SCORE, "cv.score::text"));
FB_SQL(conversation_search_text_after, 5,
    SEARCH_TEXT_PAGE("AND (cv.score, cv.uid) < (%s::numeric, %s) ",
                     SEARCH_BY_SCORE, "cv.score::text"));
FB_SQL(conversation_search_text_desc, 3,
    SEARCH_TEXT_PAGE("", SEARCH_BY_ACTIVITY("DESC"), SEARCH_ACTIVITY_KEY));
FB_SQL(conversation_search_text_desc_after, 5,
    SEARCH_TEXT_PAGE(SEARCH_AFTER_ACTIVITY("<"), SEARCH_BY_ACTIVITY("DESC"),
                     SEARCH_ACTIVITY_KEY));
FB_SQL(conversation_search_text_asc, 3,
    SEARCH_TEXT_PAGE("", SEARCH_BY_ACTIVITY("ASC"), SEARCH_ACTIVITY_KEY));
FB_SQL(conversation_search_text_asc_after, 5,
    SEARCH_TEXT_PAGE(SEARCH_AFTER_ACTIVITY(">"), SEARCH_BY_ACTIVITY("ASC"),
                     SEARCH_ACTIVITY_KEY));

/* Counting needs no ranks: the conversations with a match (only when
 * a page after a cursor came back empty, so had no total). */
FB_SQL(conversation_search_text_count, 2,
    SEARCH_ARGS(", plainto_tsquery('english', %s) AS q") ", "
    "hit AS (SELECT pt.conversation_id AS id FROM conversation_parts pt, k "
    "  WHERE pt.org_id = k.org_id AND pt.search @@ k.q "
    "  UNION SELECT cv.id FROM conversations cv, k "
    "  WHERE cv.org_id = k.org_id AND cv.search @@ k.q) "
    "SELECT count(*) FROM (SELECT 1 FROM hit JOIN k ON true "
    "  JOIN conversations cv ON cv.org_id = k.org_id AND cv.id = hit.id "
    "  WHERE true " SEARCH_FILTER " LIMIT " SEARCH_CAP_TEXT ") x");

#define SEARCH_FILTER_STATEMENTS(name) \
    &fb_sql_conversation_search_##name##_desc, \
    &fb_sql_conversation_search_##name##_desc_after, \
    &fb_sql_conversation_search_##name##_asc, \
    &fb_sql_conversation_search_##name##_asc_after, \
    &fb_sql_conversation_search_##name##_count

static const fb_statement_t *const fb_conversation_search_statements[] = {
    SEARCH_FILTER_STATEMENTS(filter), SEARCH_FILTER_STATEMENTS(tagged),
    SEARCH_FILTER_STATEMENTS(joined),
    &fb_sql_conversation_search_tag_links,
    &fb_sql_conversation_search_people_links,
    &fb_sql_conversation_search_text,
    &fb_sql_conversation_search_text_after,
    &fb_sql_conversation_search_text_desc,
    &fb_sql_conversation_search_text_desc_after,
    &fb_sql_conversation_search_text_asc,
    &fb_sql_conversation_search_text_asc_after,
    &fb_sql_conversation_search_text_count,
    &fb_sql_conversation_search_window,
    &fb_sql_conversation_search_people, NULL
};

/* A relevance key: a non-negative numeric with at most 6 decimals, as
 * round(..., 6)::text writes it. */
static int fb_search_key_score(const char *key)
{
    apr_size_t whole = strspn(key, "0123456789"), frac = 0;

    if (whole == 0 || whole > 12) {
        return 0;
    }
    if (key[whole] == '.') {
        frac = strspn(key + whole + 1, "0123456789");
        if (frac == 0 || frac > 6) {
            return 0;
        }
        frac++;
    }
    return key[whole + frac] == '\0';
}

/* An order and its count. */
typedef struct {
    fb_list_order_t list;
    const fb_statement_t *count;
} fb_search_order_t;

enum { SEARCH_BY_RELEVANCE, SEARCH_ACTIVITY_DESC, SEARCH_ACTIVITY_ASC };

/* Filter mode's orders of a drive: newest first unless asked (the
 * cursors of every drive are alike: the drive is the query's). */
#define SEARCH_FILTER_ORDERS(name) \
    {{{&fb_sql_conversation_search_##name##_desc, \
       &fb_sql_conversation_search_##name##_desc_after, \
       "conversations.search.filter.desc", fb_key_integer}, \
      &fb_sql_conversation_search_##name##_count}, \
     {{&fb_sql_conversation_search_##name##_desc, \
       &fb_sql_conversation_search_##name##_desc_after, \
       "conversations.search.filter.desc", fb_key_integer}, \
      &fb_sql_conversation_search_##name##_count}, \
     {{&fb_sql_conversation_search_##name##_asc, \
       &fb_sql_conversation_search_##name##_asc_after, \
       "conversations.search.filter.asc", fb_key_integer}, \
      &fb_sql_conversation_search_##name##_count}}

/* By drive (fb_search_drive_e), then order. */
static const fb_search_order_t fb_search_filter_orders[3][3] = {
    SEARCH_FILTER_ORDERS(filter), SEARCH_FILTER_ORDERS(tagged),
    SEARCH_FILTER_ORDERS(joined)
};

static const fb_search_order_t fb_search_text_orders[3] = {
    {{&fb_sql_conversation_search_text,
      &fb_sql_conversation_search_text_after,
      "conversations.search.text.relevance", fb_search_key_score},
     &fb_sql_conversation_search_text_count},
    {{&fb_sql_conversation_search_text_desc,
      &fb_sql_conversation_search_text_desc_after,
      "conversations.search.text.desc", fb_key_integer},
     &fb_sql_conversation_search_text_count},
    {{&fb_sql_conversation_search_text_asc,
      &fb_sql_conversation_search_text_asc_after,
      "conversations.search.text.asc", fb_key_integer},
     &fb_sql_conversation_search_text_count}
};

static const char *const fb_search_sorts[] = {
    "lastActivityAt:desc", "lastActivityAt:asc",
    "last_activity_at:desc", "last_activity_at:asc", NULL
};

static const fb_field_rule_t fb_search_rules[] = {
    {.name = "cursor", .type = FB_FIELD_STRING, .min = 1,
     .max = FB_CURSOR_MAX},
    {.name = "include", .type = FB_FIELD_STRING_ARRAY, .min = 0, .max = 4,
     .item_max = 64},
    {.name = "limit", .type = FB_FIELD_INT, .min = 1, .max = 100},
    {.name = "query", .type = FB_FIELD_OBJECT},
    {.name = "search", .type = FB_FIELD_STRING, .flags = FB_FIELD_TRIM,
     .min = 1, .max = 1000},
    {.name = "sort", .type = FB_FIELD_ENUM, .choices = fb_search_sorts},
    {.name = NULL}
};

/* The expansions include may name: none changes the rows here (this
 * server keeps no conversation attribute definitions). */
static fb_error_t *fb_search_include(fb_req_t *fr)
{
    json_object *include = json_object_object_get(fr->body, "include");
    apr_size_t i, n = include ? json_object_array_length(include) : 0;

    for (i = 0; i < n; i++) {
        if (strcmp(json_object_get_string(
                       json_object_array_get_idx(include, i)),
                   "customAttributeDefinitions") != 0) {
            return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                                 "include", "'include' may only name "
                                 "customAttributeDefinitions.");
        }
    }
    return NULL;
}

/* The sort name of this request's cursors: the order's, and a digest of
 * the query, search text and sort that must come back with them. */
static const char *fb_search_cursor_sort(apr_pool_t *p,
                                         const fb_search_order_t *o,
                                         const char *filter,
                                         const char *search)
{
    const char *all = apr_pstrcat(p, filter ? filter : "", "\n",
                                  search ? search : "", NULL);
    unsigned char digest[FB_SHA256_LEN];

    fb_sha256(all, strlen(all), digest);
    return apr_pstrcat(p, o->list.cursor_sort, ".", fb_hex(p, digest, 8),
                       NULL);
}

/* Keeps the plan's drive only while its ids have few links. */
static fb_error_t *fb_search_drive_check(fb_req_t *fr,
                                         fb_search_plan_t *plan)
{
    fb_rows_t rows;
    fb_error_t *err = fb_req_select(
        fr, plan->drive == FB_SEARCH_DRIVE_TAGS
                ? &fb_sql_conversation_search_tag_links
                : &fb_sql_conversation_search_people_links,
        FB_ARGS(plan->drive_ids), &rows);

    if (err == NULL
        && atol(fb_rows_get(&rows, 0, 0)) >= atol(SEARCH_DRIVE_MAX)) {
        plan->drive = FB_SEARCH_DRIVE_NONE;
    }
    return err;
}

static fb_error_t *fb_conversation_search(fb_req_t *fr)
{
    const char *search = fb_json_string(fr->body, "search");
    const char *sort = fb_json_string(fr->body, "sort");
    const char *text = fb_json_string(fr->body, "cursor");
    json_object *lim = json_object_object_get(fr->body, "limit");
    long limit = lim ? (long)json_object_get_int64(lim) : 10;
    const char *name, *next = NULL, *data, *args[7];
    const fb_search_order_t *o;
    fb_cursor_t cursor;
    fb_rows_t rows, count;
    fb_search_plan_t plan;
    fb_error_t *err;
    int n = 0, shown, by;
    long counted;

    if ((err = fb_search_include(fr)) != NULL
        || (err = fb_search_query(fr, json_object_object_get(fr->body,
                                                             "query"),
                                  &plan)) != NULL) {
        return err;
    }
    if (search == NULL && plan.broad) {
        return fb_error_make(fr->pool, FB_E_QUERY_TOO_BROAD, "query",
                             NULL);
    }
    if ((err = fb_req_expensive(fr)) != NULL) {
        return err;
    }
    if (search == NULL && plan.drive != FB_SEARCH_DRIVE_NONE
        && (err = fb_search_drive_check(fr, &plan)) != NULL) {
        return err;
    }
    by = sort == NULL ? SEARCH_BY_RELEVANCE
         : strstr(sort, ":asc") ? SEARCH_ACTIVITY_ASC : SEARCH_ACTIVITY_DESC;
    o = search != NULL ? &fb_search_text_orders[by]
        : &fb_search_filter_orders[plan.drive][by];
    name = fb_search_cursor_sort(fr->pool, o, plan.filter, search);
    if (text != NULL
        && (fb_cursor_decode(fr->pool, text, name, &cursor) != APR_SUCCESS
            || !o->list.key_valid(cursor.key))) {
        return fb_error_make(fr->pool, FB_E_INVALID_CURSOR, "cursor",
                             "The cursor was not made by this search: a "
                             "cursor only goes with the mode, query, "
                             "search and sort that made it.");
    }
    args[n++] = plan.filter;
    if (search == NULL && plan.drive != FB_SEARCH_DRIVE_NONE) {
        args[n++] = plan.drive_ids;
    }
    if (search != NULL) {
        args[n++] = search;
    }
    if (text != NULL) {
        args[n + 0] = cursor.key;
        args[n + 1] = cursor.id;
    }
    args[n + (text ? 2 : 0)] = apr_ltoa(fr->pool, limit + 1);
    if ((err = fb_req_select(fr, text ? o->list.after : o->list.first,
                             (fb_args_t){.n = n + (text ? 3 : 1), .v = args},
                             &rows)) != NULL) {
        return err;
    }
    /* Search mode's rows say the total; filter mode counts apart (up to
     * the cap: it stops there). */
    if (search != NULL && rows.nrows > 0) {
        counted = atol(fb_rows_get(&rows, 0, SEARCH_NCOLS + 2));
    }
    else if (search != NULL && text == NULL) {
        counted = 0;
    }
    else if ((err = fb_req_select(fr, o->count, (fb_args_t){.n = n, .v = args},
                                  &count)) != NULL) {
        return err;
    }
    else {
        counted = atol(fb_rows_get(&count, 0, 0));
    }
    counted = counted > SEARCH_CAP ? SEARCH_CAP : counted;
    shown = rows.nrows > limit ? (int)limit : rows.nrows;
    if (rows.nrows > limit) {
        next = fb_cursor_encode(fr->pool, name,
                                fb_rows_get(&rows, shown - 1, SEARCH_NCOLS),
                                fb_rows_get(&rows, shown - 1,
                                            SEARCH_NCOLS + 1));
    }
    if ((err = fb_search_page(fr, &rows, shown, &data)) != NULL) {
        return err;
    }
    fr->is_list = 1;
    fb_respond(fr, HTTP_OK, apr_psprintf(
        fr->pool, "{\"object\":\"list\",\"data\":%s,\"nextCursor\":%s,"
        "\"totalCount\":%ld,\"totalCountCapped\":%s}",
        data,
        fb_json_quote(fr->pool, next), counted,
        counted >= SEARCH_CAP ? "true" : "false"));
    return NULL;
}

static const fb_op_t fb_conversation_search_op = {
    .handler = fb_conversation_search,
    .flags = FB_OP_BODY,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_NONE,
    .body = fb_search_rules,
};

static const fb_route_t fb_conversation_search_routes[] = {
    {"POST", "/conversations/search", &fb_conversation_search_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_conversation_search_module = {
    .name = "conversation search",
    .routes = fb_conversation_search_routes,
    .statements = fb_conversation_search_statements,
};
