/*
 * posts: the feedback itself.  Reading: one post, and the list with its
 * filters (boards, statuses, tags, text search, moderation) and sorts.
 * Writes are in posts_create.c and posts_update.c.
 *
 * Its statements first pick the rows (a CTE named page, filtered and
 * ordered on indexed keys) and then select the columns a post is written
 * from (posts.h, post_render.c).
 */
#include <stdlib.h>
#include <string.h>

#include "apr_strings.h"

#include "fb_cursor.h"
#include "fb_id.h"
#include "posts.h"

/*
 * A list's arguments, each bound once and named in the CTE k that every
 * page statement starts with: the organization, the cursor's key and id
 * (fb_resource.h: FB_LIST_PARAMS), the order's own
 * argument (the reference time of trending and relevance; unused by
 * column orders), what the key may see (private posts, posts in review)
 * and, for a filtered list, the filters: board ids, status ids, tag
 * names (matched without regard to case), search text, NULL meaning no
 * filter.  k is a FROM-less select that PostgreSQL pulls up into the
 * query, so every k.x below is the parameter itself to the planner and
 * a filter left NULL is planned away as before.
 */
FB_LIST_PARAMS(post_list, (arg, private, in_review));
FB_LIST_PARAMS(post_list_filtered,
               (arg, private, in_review, boards, statuses, tags, q));

#define POST_ARGS \
    "%s::text AS org_id, %s::text AS after_key, %s::text AS after_id, " \
    "%s::text AS arg, %s::boolean AS private, %s::boolean AS in_review"
#define POST_ARGS_FILTERED \
    POST_ARGS ", %s::text[] AS boards, %s::text[] AS statuses, " \
    "%s::text[] AS tags, %s::text AS q"

/* What the key may see. */
#define POST_SCOPE \
    "AND (k.private OR p.visibility = 'public') " \
    "AND (k.in_review OR NOT p.in_review) "

#define POST_FILTERS \
    "AND (k.boards IS NULL OR p.board_id = ANY (k.boards)) " \
    "AND (k.statuses IS NULL OR p.status_id = ANY (k.statuses)) " \
    "AND (k.tags IS NULL OR EXISTS (" \
    "  SELECT 1 FROM post_tags pt JOIN tags t " \
    "    ON t.org_id = pt.org_id AND t.id = pt.tag_id " \
    "  WHERE pt.org_id = p.org_id AND pt.post_id = p.id " \
    "    AND lower(t.name) IN (SELECT lower(n) FROM unnest(k.tags) n))) " \
    "AND (k.q IS NULL " \
    "     OR p.search @@ websearch_to_tsquery('english', k.q)) "

/*
 * How a page's rows are limited.  A filtered list's plan depends on its
 * filters (a rare tag is found through its links, a big board along the
 * order's index), so PostgreSQL plans it for each execution's values.
 * A list without filters has one good plan, which PostgreSQL keeps
 * (a generic plan) only when it can cost the rows: a LIMIT parameter
 * alone it costs as a tenth of the table, and it then plans every
 * execution anew, 2 ms each.  So the limit caps a constant one, the
 * most a page reads (100 rows and one more for the cursor).
 */
#define POST_LIMIT_EACH(rows, order) rows " ORDER BY " order " LIMIT %d"
#define POST_LIMIT_CAPPED(rows, order) \
    "SELECT * FROM (" rows " ORDER BY " order \
    " LIMIT " FB_QUERY_ROWS_CAP_SQL ") p " \
    "ORDER BY " order " LIMIT %d"

/*
 * A page of posts: k's arguments (args, the cursor's key and id among
 * them), the page's rows picked and limited, then their columns.
 */
#define POST_PAGE(args, score, filters, limit, after, order, key) \
    "WITH k AS (SELECT " args "), " \
    "page AS (" limit("SELECT p.*, " score " AS score, k.arg AS k_arg " \
    "  FROM posts p, k WHERE p.org_id = k.org_id " \
    POST_SCOPE filters after, order) ") " \
    "SELECT " POST_SELECT(key) " FROM " POST_FROM("page") \
    "ORDER BY " order

/* The two statements of an order in one direction (dir, and cmp to
 * compare with a cursor) for a kind of list (filtered, all: its set of
 * arguments): the first page and the pages after a cursor.  The rows are
 * compared on col (an expression over posts p and k) and ordered by by
 * (the same value as the page names it: a column, or score); key_in
 * reads the cursor's key (k.after_key). */
#define POST_SORT_DIR(name, set, args, filters, limit, score, col, by, \
                      key, key_in, dir, cmp) \
    FB_SQL_WITH(name, set, \
                POST_PAGE(args, score, filters, limit, "", \
                          by " " dir ", p.id " dir, key)); \
    FB_SQL_WITH(name##_after, set, \
                POST_PAGE(args, score, filters, limit, \
                          "AND (" col ", p.id) " cmp \
                          " (" key_in ", k.after_id)", \
                          by " " dir ", p.id " dir, key))

/* The four statements of an order for a kind of list. */
#define POST_SORT_KIND(name, ...) \
    POST_SORT_DIR(name##_desc, __VA_ARGS__, "DESC", "<"); \
    POST_SORT_DIR(name##_asc, __VA_ARGS__, "ASC", ">")

/* The statements of an order: filtered lists, and lists of all posts. */
#define POST_SORT(name, ...) \
    POST_SORT_KIND(post_list_##name, post_list_filtered, \
                   POST_ARGS_FILTERED, POST_FILTERS, POST_LIMIT_EACH, \
                   __VA_ARGS__); \
    POST_SORT_KIND(post_list_##name##_all, post_list, POST_ARGS, "", \
                   POST_LIMIT_CAPPED, __VA_ARGS__)

/* Trending: upvotes / (hours since creation + 2)^1.5, the hours counted
 * to a reference time that the first page fixes and its cursors carry,
 * so that every page of a walk orders by the same scores. */
#define POST_TRENDING \
    "(p.upvotes::float8 / power(greatest(extract(epoch FROM " \
    "  fb_ts_from_key(k.arg) - p.created_at)::float8 / 3600, 0) + 2, 1.5))"

/*
 * Relevance: the full-text rank (ts_rank) of the newest POST_RANKED
 * matches created up to a reference time, best first.  Search APIs cap
 * their ranked results because ranking every match of a common word means
 * reading every matching row (a word in 136,000 of a million posts: 565
 * ms; the newest 1,000: 8 ms, through the index on creation time).  As
 * with trending, the first page fixes the reference time and its cursors
 * carry it, so every page ranks the same set: the order's argument is the
 * reference time, the keys "reference time:score".  The column sorts
 * with q reach every match.
 */
#define POST_RANKED "1000"
#define POST_RELEVANCE_PAGE(after) \
    "WITH a AS (SELECT " POST_ARGS_FILTERED "), " \
    "k AS NOT MATERIALIZED (SELECT a.*, fb_ts_from_key(a.arg) AS t0 " \
    "  FROM a), " \
    "cand AS (SELECT p.*, ts_rank(p.search, " \
    "    websearch_to_tsquery('english', k.q))::float8 AS score, " \
    "    k.arg AS k_arg " \
    "  FROM posts p, k WHERE p.org_id = k.org_id " \
    "  AND p.created_at <= k.t0 " POST_SCOPE POST_FILTERS \
    "  ORDER BY p.created_at DESC, p.id DESC LIMIT " POST_RANKED "), " \
    "page AS (SELECT p.* FROM cand p, k WHERE true " after \
    "  ORDER BY p.score DESC, p.id DESC LIMIT %d) " \
    "SELECT " POST_SELECT("p.k_arg || ':' || p.score::text") \
    " FROM " POST_FROM("page") "ORDER BY p.score DESC, p.id DESC"

FB_SQL_NAMED(post_get, (id, private),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::boolean AS private), "
    "page AS (SELECT p.* FROM posts p, k WHERE p.org_id = k.org_id "
    "AND p.id = k.id AND (k.private OR p.visibility = 'public')) "
    "SELECT " POST_SELECT("NULL") " FROM " POST_FROM("page"));

POST_SORT(created, "NULL::float8", "p.created_at", "p.created_at",
          "fb_ts_key(p.created_at)", "fb_ts_from_key(k.after_key)");
POST_SORT(upvotes, "NULL::float8", "p.upvotes", "p.upvotes",
          "p.upvotes::text", "k.after_key::integer");
POST_SORT(recent, "NULL::float8", "p.last_activity_at",
          "p.last_activity_at", "fb_ts_key(p.last_activity_at)",
          "fb_ts_from_key(k.after_key)");
POST_SORT(trending, POST_TRENDING, POST_TRENDING, "score",
          "p.k_arg || ':' || p.score::text",
          "split_part(k.after_key, ':', 2)::float8");

FB_SQL_WITH(post_list_relevance, post_list_filtered,
            POST_RELEVANCE_PAGE(""));
FB_SQL_WITH(post_list_relevance_after, post_list_filtered,
            POST_RELEVANCE_PAGE(
    "AND (p.score, p.id) "
    "  < (split_part(k.after_key, ':', 2)::float8, k.after_id)"));

#define POST_SQL_KIND(name) \
    &fb_sql_##name##_desc, &fb_sql_##name##_desc_after, \
    &fb_sql_##name##_asc, &fb_sql_##name##_asc_after
#define POST_SQL(name) \
    POST_SQL_KIND(post_list_##name), POST_SQL_KIND(post_list_##name##_all)

static const fb_statement_t *const fb_post_statements[] = {
    &fb_sql_post_get, POST_SQL(created), POST_SQL(upvotes), POST_SQL(recent),
    POST_SQL(trending), &fb_sql_post_list_relevance,
    &fb_sql_post_list_relevance_after, NULL
};

/* A trending or relevance key: the reference time, a colon, the score. */
static int fb_key_time_score(const char *key)
{
    const char *colon = strchr(key, ':');
    char ref[24];

    if (colon == NULL || colon - key >= (long)sizeof(ref)) {
        return 0;
    }
    memcpy(ref, key, (apr_size_t)(colon - key));
    ref[colon - key] = '\0';
    return fb_key_integer(ref) && fb_key_float(colon + 1);
}

/* The order by sortBy and sortOrder of the statements name (name_d
 * and name_d_after), whose keys valid checks. */
#define POST_ORDER(by, d, name, valid) \
    {.sort = by, .dir = #d, \
     .order = {.first = &fb_sql_##name##_##d, \
               .after = &fb_sql_##name##_##d##_after, \
               .cursor_sort = "posts." by "." #d, .key_valid = (valid)}}
#define POST_ORDERS(kind) \
    POST_ORDER("createdAt", desc, post_list_created##kind, fb_key_integer), \
    POST_ORDER("createdAt", asc, post_list_created##kind, fb_key_integer), \
    POST_ORDER("upvotes", desc, post_list_upvotes##kind, fb_key_integer), \
    POST_ORDER("upvotes", asc, post_list_upvotes##kind, fb_key_integer), \
    POST_ORDER("recent", desc, post_list_recent##kind, fb_key_integer), \
    POST_ORDER("recent", asc, post_list_recent##kind, fb_key_integer), \
    POST_ORDER("trending", desc, post_list_trending##kind, \
               fb_key_time_score), \
    POST_ORDER("trending", asc, post_list_trending##kind, fb_key_time_score)

/* The orders of filtered lists, and of lists of all posts (the same
 * cursors serve both). */
static const fb_list_choice_t fb_post_orders[] = {
    POST_ORDERS(),
    /* Best match first only: sortOrder does not apply. */
    {.sort = "relevance",
     .order = {.first = &fb_sql_post_list_relevance,
               .after = &fb_sql_post_list_relevance_after,
               .cursor_sort = "posts.relevance.desc",
               .key_valid = fb_key_time_score}},
    {.sort = NULL}
};

static const fb_list_choice_t fb_post_orders_all[] = {
    POST_ORDERS(_all),
    {.sort = NULL}
};

/* sortBy values (relevance is chosen by a search without one). */
static const char *const fb_post_sorts[] = {"createdAt", "upvotes",
                                            "recent", "trending", NULL};

static const fb_query_rule_t fb_post_list_rules[] = {
    FB_QUERY_RULES_PAGE,
    {.name = "boardId", .type = FB_Q_LIST, .min = 1, .max = 64,
     .format = &fb_format_object_id},
    {.name = "statusId", .type = FB_Q_LIST, .min = 1, .max = 64,
     .format = &fb_format_object_id},
    {.name = "tags", .type = FB_Q_LIST, .min = 1, .max = 255},
    {.name = "q", .type = FB_Q_STRING, .min = 1, .max = 255},
    {.name = "inReview", .type = FB_Q_BOOL},
    /* With q and no sortBy, the best matches first (fb_post_list). */
    {.name = "sortBy", .type = FB_Q_ENUM, .choices = fb_post_sorts,
     .dflt = "createdAt"},
    {.name = "sortOrder", .type = FB_Q_ENUM, .choices = fb_sort_orders,
     .dflt = "desc"},
    {.name = NULL}
};

int fb_post_sees_private(const fb_req_t *fr)
{
    return (fr->principal.perms
            & FB_PERM_BIT(FB_PERM_VIEW_POSTS_PRIVATE)) != 0;
}

/*
 * The order's own argument: for trending and relevance (by sortBy), the
 * reference time, now for a first page, else the one the cursor carries
 * (a cursor that does not decode is refused later, when the page is
 * read).
 */
static const char *fb_post_order_arg(fb_req_t *fr, const char *sort,
                                     const fb_list_order_t *order)
{
    const char *text = fb_query_get(&fr->query, "cursor");
    fb_cursor_t cursor;

    if (strcmp(sort, "trending") != 0 && strcmp(sort, "relevance") != 0) {
        return NULL;
    }
    if (text != NULL
        && fb_cursor_decode(fr->pool, text, fb_list_cursor_sort(fr, order),
                            order->ids, &cursor)
           == APR_SUCCESS
        && strchr(cursor.key, ':') != NULL) {
        return apr_pstrmemdup(fr->pool, cursor.key,
                              strchr(cursor.key, ':') - cursor.key);
    }
    return apr_psprintf(fr->pool, "%" APR_TIME_T_FMT, apr_time_now());
}

/* A page's rows: the post's columns, then the sort key. */
static const fb_list_rows_t fb_post_rows = {
    .key_col = POST_NCOLS, .id_col = POST_COL_ID,
    .page = fb_post_page_json, .prepare = fb_post_prepare
};

static fb_error_t *fb_post_list(fb_req_t *fr)
{
    const char *sort = fb_query_get(&fr->query, "sortBy");
    const char *dir;
    const char *q = fb_query_get(&fr->query, "q");
    const fb_list_order_t *order;
    const char *boards, *statuses, *tags, *arg, *private, *in_review;
    fb_error_t *err;
    int filtered;

    if (q != NULL && (err = fb_req_expensive(fr)) != NULL) {
        return err;
    }
    /* With a search and no sort, the best matches come first. */
    if (sort == NULL) {
        sort = q != NULL ? "relevance"
                         : fb_query_value(&fr->query, fr->op->query,
                                          "sortBy");
    }
    dir = strcmp(sort, "relevance") == 0
          ? "desc" : fb_query_value(&fr->query, fr->op->query, "sortOrder");
    if ((err = fb_resource_id_filter(fr, "boardId", &boards)) != NULL
        || (err = fb_resource_id_filter(fr, "statusId", &statuses))
           != NULL) {
        return err;
    }
    tags = fb_db_text_array(fr->pool,
                            fb_query_list(fr->pool, &fr->query, "tags"));
    filtered = boards != NULL || statuses != NULL || tags != NULL
               || q != NULL;
    order = fb_list_choose(filtered ? fb_post_orders : fb_post_orders_all,
                           sort, dir);
    if (order == NULL) {        /* sortBy's rule lets no other through */
        return fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
    }
    arg = fb_post_order_arg(fr, sort, order);
    private = fb_bool_text(fb_post_sees_private(fr));
    in_review = fb_bool_text(fb_query_bool(&fr->query, "inReview", 0));
    return fb_list_respond_rows(
        fr, order,
        filtered ? FB_NAMED(post_list_filtered, .arg = arg,
                            .private = private, .in_review = in_review,
                            .boards = boards, .statuses = statuses,
                            .tags = tags, .q = q)
                 : FB_NAMED(post_list, .arg = arg, .private = private,
                            .in_review = in_review),
        &fb_post_rows);
}

fb_error_t *fb_post_render(fb_req_t *fr, const char *id, int see_private,
                           const char **json)
{
    fb_rows_t rows;
    fb_error_t *err;

    err = fb_req_select(fr, FB_CALL(post_get, .id = id,
                                    .private = fb_bool_text(see_private)),
                        &rows);
    if (err == NULL && rows.nrows > 0) {
        err = fb_post_prepare(fr, &rows);
    }
    if (err != NULL || rows.nrows == 0) {
        *json = NULL;
        return err;
    }
    *json = fb_post_json(fr, rows.cells);
    return *json == NULL ? fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL)
                         : NULL;
}

void fb_post_write_render(fb_write_t *w, const char *id, const char **json)
{
    *json = NULL;
    if (fb_write_ok(w)) {
        fb_write_fail(w, fb_post_render(w->fr, id, 1, json));
    }
    if (fb_write_ok(w) && *json == NULL) {
        fb_write_fail(w, fb_req_db_failed(w->fr));
    }
}

static fb_error_t *fb_post_get(fb_req_t *fr)
{
    const char *id, *json;
    fb_error_t *err;

    if ((err = fb_resource_id(fr, &id)) != NULL
        || (err = fb_post_render(fr, id, fb_post_sees_private(fr), &json))
           != NULL) {
        return err;
    }
    if (json == NULL) {
        return fb_error_make(fr->pool, FB_E_POST_NOT_FOUND, "id", NULL);
    }
    fb_respond(fr, HTTP_OK, json);
    return NULL;
}

static const fb_op_t fb_post_list_op =
    FB_OP_READ(fb_post_list, FB_VERSION_CLOVER, NULL, fb_post_list_rules);
static const fb_op_t fb_post_get_op =
    FB_OP_READ(fb_post_get, FB_VERSION_CLOVER, NULL, NULL);

static const fb_route_t fb_post_routes[] = {
    {"GET", "/posts", &fb_post_list_op},
    {"GET", "/posts/{id}", &fb_post_get_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_posts_module = {
    .name = "posts",
    .routes = fb_post_routes,
    .statements = fb_post_statements,
};
