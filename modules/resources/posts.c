/*
 * posts: the feedback itself.  Reading: one post, and the list with its
 * filters (boards, statuses, tags, text search, moderation) and sorts.
 * Writes are in posts_write.c.
 *
 * A post renders in SQL like every resource (posts.h).  Its statements
 * first pick the rows (a CTE named page, filtered and ordered on indexed
 * keys) and then render them, so that the portal URL the JSON needs is
 * the last argument of every statement.
 */
#include <string.h>

#include "apr_strings.h"

#include "fb_id.h"
#include "posts.h"

/*
 * The list filters, in argument order: may see private posts, include
 * posts in review, board ids (twice), status ids (twice), tag names
 * (twice; matched without regard to case), search text (twice).  A NULL
 * list or text means no filter.
 */
#define POST_FILTERS \
    "AND (%s::boolean OR p.visibility = 'public') " \
    "AND (%s::boolean OR NOT p.in_review) " \
    "AND (%s::text[] IS NULL OR p.board_id = ANY (%s::text[])) " \
    "AND (%s::text[] IS NULL OR p.status_id = ANY (%s::text[])) " \
    "AND (%s::text[] IS NULL OR EXISTS (" \
    "  SELECT 1 FROM post_tags pt JOIN tags t " \
    "    ON t.org_id = pt.org_id AND t.id = pt.tag_id " \
    "  WHERE pt.org_id = p.org_id AND pt.post_id = p.id " \
    "    AND lower(t.name) IN (SELECT lower(n) " \
    "                          FROM unnest(%s::text[]) n))) " \
    "AND (%s::text IS NULL " \
    "     OR p.search @@ websearch_to_tsquery('english', %s)) "

#define POST_PAGE(after, order, key) \
    "WITH page AS (SELECT * FROM posts p WHERE p.org_id = %s " \
    POST_FILTERS after " ORDER BY " order " LIMIT %d) " \
    "SELECT " POST_JSON ", " key ", p.id FROM page p ORDER BY " order

/* The four statements of one sort: descending and ascending, first page
 * and the pages after a cursor. */
#define POST_SORT(name, col, key, key_in) \
    {"post_list_" name "_desc", \
     POST_PAGE("", col " DESC, p.id DESC", key)}, \
    {"post_list_" name "_desc_after", \
     POST_PAGE("AND (" col ", p.id) < (" key_in ", %s)", \
               col " DESC, p.id DESC", key)}, \
    {"post_list_" name "_asc", \
     POST_PAGE("", col " ASC, p.id ASC", key)}, \
    {"post_list_" name "_asc_after", \
     POST_PAGE("AND (" col ", p.id) > (" key_in ", %s)", \
               col " ASC, p.id ASC", key)}

static const fb_statement_t fb_post_statements[] = {
    {"post_get",
     "WITH page AS (SELECT * FROM posts p WHERE p.org_id = %s "
     "AND p.id = %s AND (%s::boolean OR p.visibility = 'public')) "
     "SELECT " POST_JSON " FROM page p"},
    POST_SORT("created", "p.created_at", "fb_ts_key(p.created_at)",
              "fb_ts_from_key(%s)"),
    POST_SORT("upvotes", "p.upvotes", "p.upvotes::text", "%s::integer"),
    POST_SORT("recent", "p.last_activity_at", "fb_ts_key(p.last_activity_at)",
              "fb_ts_from_key(%s)"),
    {NULL, NULL}
};

/* The orders of the list, by sortBy and sortOrder. */
#define POST_ORDER(name, sort) \
    {"post_list_" name "_desc", "post_list_" name "_desc_after", \
     "posts." sort ".desc", fb_key_integer}, \
    {"post_list_" name "_asc", "post_list_" name "_asc_after", \
     "posts." sort ".asc", fb_key_integer}

static const fb_list_order_t fb_post_orders[] = {
    POST_ORDER("created", "createdAt"),
    POST_ORDER("upvotes", "upvotes"),
    POST_ORDER("recent", "recent"),
};

static const char *const fb_post_sorts[] = {"createdAt", "upvotes",
                                            "recent", NULL};
static const char *const fb_sort_orders[] = {"asc", "desc", NULL};

static const fb_query_rule_t fb_post_list_rules[] = {
    FB_QUERY_RULES_PAGE,
    {"boardId", FB_Q_LIST, 1, 64, NULL},
    {"statusId", FB_Q_LIST, 1, 64, NULL},
    {"tags", FB_Q_LIST, 1, 255, NULL},
    {"q", FB_Q_STRING, 1, 255, NULL},
    {"inReview", FB_Q_BOOL, 0, 0, NULL},
    {"sortBy", FB_Q_ENUM, 0, 0, fb_post_sorts},
    {"sortOrder", FB_Q_ENUM, 0, 0, fb_sort_orders},
    {NULL, 0, 0, 0, NULL}
};

static const char *fb_bool_text(int b)
{
    return b ? "true" : "false";
}

int fb_post_sees_private(const fb_req_t *fr)
{
    return (fr->principal.perms
            & FB_PERM_BIT(FB_PERM_VIEW_POSTS_PRIVATE)) != 0;
}

/* The ids given for name, normalized, as an array literal; NULL for none.
 * A value that is not an object id is 400 invalid_parameter. */
static fb_error_t *fb_post_id_filter(fb_req_t *fr, const char *name,
                                     const char **out)
{
    apr_array_header_t *ids = fb_query_list(fr->pool, &fr->query, name);
    int i;

    for (i = 0; i < ids->nelts; i++) {
        const char *id = fb_id_normalize(fr->pool,
                                         APR_ARRAY_IDX(ids, i, char *));

        if (id == NULL) {
            return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, name,
                                 apr_psprintf(fr->pool, "'%s' must hold "
                                              "24-character hexadecimal "
                                              "ids.", name));
        }
        APR_ARRAY_IDX(ids, i, const char *) = id;
    }
    *out = fb_db_text_array(fr->pool, ids);
    return NULL;
}

static fb_error_t *fb_post_list(fb_req_t *fr)
{
    const char *sort = fb_query_get(&fr->query, "sortBy");
    const char *dir = fb_query_get(&fr->query, "sortOrder");
    const char *boards, *statuses;
    const char *filters[10];
    const char *render[1];
    fb_args_t f = {10, filters}, r = {1, render};
    fb_error_t *err;
    int i, order = 0;

    for (i = 0; sort != NULL && fb_post_sorts[i] != NULL; i++) {
        if (strcmp(sort, fb_post_sorts[i]) == 0) {
            order = 2 * i;
        }
    }
    if (dir != NULL && strcmp(dir, "asc") == 0) {
        order++;
    }
    if ((err = fb_post_id_filter(fr, "boardId", &boards)) != NULL
        || (err = fb_post_id_filter(fr, "statusId", &statuses)) != NULL) {
        return err;
    }
    filters[0] = fb_bool_text(fb_post_sees_private(fr));
    filters[1] = fb_bool_text(fb_query_bool(&fr->query, "inReview", 0));
    filters[2] = filters[3] = boards;
    filters[4] = filters[5] = statuses;
    filters[6] = filters[7] = fb_db_text_array(
        fr->pool, fb_query_list(fr->pool, &fr->query, "tags"));
    filters[8] = filters[9] = fb_query_get(&fr->query, "q");
    render[0] = fb_req_portal_default(fr);
    return fb_list_respond(fr, &fb_post_orders[order], f, r);
}

fb_error_t *fb_post_render(fb_req_t *fr, const char *id, int see_private,
                           const char **json)
{
    const char *args[4];
    fb_rows_t rows;
    fb_error_t *err;

    args[0] = fr->principal.org_id;
    args[1] = id;
    args[2] = fb_bool_text(see_private);
    args[3] = fb_req_portal_default(fr);
    if ((err = fb_req_select(fr, "post_get", 4, args, &rows)) != NULL) {
        return err;
    }
    *json = fb_rows_get(&rows, 0, 0);
    return NULL;
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
    "posts", fb_post_routes, fb_post_statements
};
