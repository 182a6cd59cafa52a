/*
 * comments: reading comments: one by id, and the flat list of a post, a
 * changelog or the whole organization in four orders.  Writes are in
 * comments_create.c and comments_update.c.
 *
 * Every order is a keyset on (key, id) over an index: best is the Wilson
 * lower bound of the upvote share (a stored column), top the score, new
 * and old the creation time.  A list of one target reads the index that
 * starts with the target; the organization's list reads the one without
 * it, so each page is a short index range either way.
 */
#include <string.h>

#include "apr_strings.h"

#include "changelogs/changelogs.h"
#include "comments.h"
#include "fb_id.h"
#include "fb_perm.h"
#include "posts/posts.h"

/*
 * A page.  Its arguments are bound once, by name, in k (args): the
 * organization, the cursor's key and id (FB_LIST_PARAMS), the target
 * (scoped statements only), may see private comments, may see comments
 * on private posts, include comments in review, the privacy filter; then
 * the limit.  k is a FROM-less select, which PostgreSQL pulls
 * up into the query: to the planner k.x is the parameter itself.
 *
 * The limit caps a constant one, the most a page reads (100 rows and one
 * more for the cursor), so that PostgreSQL can cost the rows and keep a
 * generic plan (posts.c says why); every list has the same filters, only
 * their values change.
 */
FB_LIST_PARAMS(comment_list, (private, post_private, in_review, privacy));
FB_LIST_PARAMS(comment_list_target,
               (target, private, post_private, in_review, privacy));

#define COMMENT_PAGE(args, scope, after, order, key) \
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS after_key, " \
    "  %s::text AS after_id" args ", %s::boolean AS private, " \
    "  %s::boolean AS post_private, %s::boolean AS in_review, " \
    "  %s::text AS privacy), " \
    "page AS (SELECT * FROM (SELECT c.* FROM comments c, k " \
    "WHERE c.org_id = k.org_id " scope " AND " \
    COMMENT_VISIBLE_TO("k.private", "k.post_private") \
    "AND (k.in_review OR NOT c.in_review) " \
    "AND (k.privacy = 'all' OR c.is_private = (k.privacy = 'private')) " \
    after " ORDER BY " order " LIMIT " FB_QUERY_ROWS_CAP_SQL ") c " \
    "ORDER BY " order " LIMIT %d) " \
    "SELECT " COMMENT_SELECT(key) " FROM " COMMENT_FROM("page") \
    "ORDER BY " order

#define COMMENT_ARGS_TARGET ", %s::text AS target"
#define COMMENT_SCOPE_TARGET "AND c.target_id = k.target"

/* The first and later pages of an order, for one scope (set: its
 * arguments); key_in reads the cursor's key (k.after_key). */
#define COMMENT_SORT_SCOPE(name, set, args, scope, col, cmp, dir, key, \
                           key_in) \
    FB_SQL_WITH(comment_list_##name, set, \
                COMMENT_PAGE(args, scope, "", col " " dir ", c.id " dir, \
                             key)); \
    FB_SQL_WITH(comment_list_##name##_after, set, \
                COMMENT_PAGE(args, scope, "AND (" col ", c.id) " cmp " (" \
                             key_in ", k.after_id)", \
                             col " " dir ", c.id " dir, key))

/* An order in both scopes: the target's ("_t") and the organization's. */
#define COMMENT_SORT(name, col, cmp, dir, key, key_in) \
    COMMENT_SORT_SCOPE(name##_t, comment_list_target, COMMENT_ARGS_TARGET, \
                       COMMENT_SCOPE_TARGET, col, cmp, dir, key, key_in); \
    COMMENT_SORT_SCOPE(name, comment_list, "", "", col, cmp, dir, key, \
                       key_in)

FB_SQL_WITH(comment_get, comment_seen,
    COMMENT_SEEN_ARGS
    "SELECT " COMMENT_SELECT("NULL") " FROM k, " COMMENT_FROM("comments")
    "WHERE c.org_id = k.org_id AND c.id = k.id AND " COMMENT_VISIBLE);

/* A post named by id or slug, that the key may see; whether comments
 * are enabled on it and on its board.  Its arguments (the id normalized,
 * the slug as given, may see private posts) are bound once in k, which
 * both halves read; k is NOT MATERIALIZED, so that each half keeps them
 * as parameters (and its index conditions). */
FB_SQL_NAMED(comment_t_post, (id, slug, private),
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, "
    "  %s::text AS id, %s::text AS slug, %s::boolean AS private) "
    "SELECT p.id, p.comments_enabled AND b.comments_enabled, p.title "
    "FROM k, posts p JOIN boards b ON b.org_id = p.org_id "
    "  AND b.id = p.board_id "
    "WHERE p.org_id = k.org_id AND p.id = k.id "
    "AND (k.private OR p.visibility = 'public') "
    "UNION ALL "
    "SELECT p.id, p.comments_enabled AND b.comments_enabled, p.title "
    "FROM k, posts p JOIN boards b ON b.org_id = p.org_id "
    "  AND b.id = p.board_id "
    "WHERE p.org_id = k.org_id AND p.slug = k.slug "
    "AND (k.private OR p.visibility = 'public') LIMIT 1");

/* Keeps the post while a comment is written under it; NO KEY so that
 * votes and other references to it are not held up. */
FB_SQL(comment_t_post_lock, 1,
    "SELECT id FROM posts WHERE org_id = %s AND id = %s "
    "FOR NO KEY UPDATE");

COMMENT_SORT(best, "c.best", "<", "DESC", "c.best::text",
             "k.after_key::float8");
COMMENT_SORT(top, "c.score", "<", "DESC", "c.score::text",
             "k.after_key::integer");
COMMENT_SORT(new, "c.created_at", "<", "DESC", "fb_ts_key(c.created_at)",
             "fb_ts_from_key(k.after_key)");
COMMENT_SORT(old, "c.created_at", ">", "ASC", "fb_ts_key(c.created_at)",
             "fb_ts_from_key(k.after_key)");

#define COMMENT_SQL(name) \
    &fb_sql_comment_list_##name##_t, &fb_sql_comment_list_##name##_t_after, \
    &fb_sql_comment_list_##name, &fb_sql_comment_list_##name##_after

static const fb_statement_t *const fb_comment_statements[] = {
    &fb_sql_comment_get, &fb_sql_comment_t_post, &fb_sql_comment_t_post_lock,
    COMMENT_SQL(best), COMMENT_SQL(top), COMMENT_SQL(new), COMMENT_SQL(old),
    NULL
};

/* The order by sortBy of the statements name and name_after; a cursor is
 * good for either scope of its sort. */
#define COMMENT_ORDER(by, name, valid) \
    {.sort = #by, \
     .order = {.first = &fb_sql_comment_list_##name, \
               .after = &fb_sql_comment_list_##name##_after, \
               .cursor_sort = "comments." #by, .key_valid = (valid)}}

/* The orders of a target's list, and of the organization's. */
static const fb_list_choice_t fb_comment_orders_target[] = {
    COMMENT_ORDER(best, best_t, fb_key_float),
    COMMENT_ORDER(top, top_t, fb_key_integer),
    COMMENT_ORDER(new, new_t, fb_key_integer),
    COMMENT_ORDER(old, old_t, fb_key_integer),
    {.sort = NULL}
};
static const fb_list_choice_t fb_comment_orders[] = {
    COMMENT_ORDER(best, best, fb_key_float),
    COMMENT_ORDER(top, top, fb_key_integer),
    COMMENT_ORDER(new, new, fb_key_integer),
    COMMENT_ORDER(old, old, fb_key_integer),
    {.sort = NULL}
};

/* sortBy values; best is the default. */
static const char *const fb_comment_sorts[] = {"best", "top", "new", "old",
                                               NULL};
static const char *const fb_comment_privacies[] = {"public", "private",
                                                   "all", NULL};

static const fb_query_rule_t fb_comment_list_rules[] = {
    FB_QUERY_RULES_PAGE,
    {.name = "postId", .type = FB_Q_STRING, .min = 1, .max = 255,
     .format = &fb_format_post_ref},
    {.name = "changelogId", .type = FB_Q_STRING, .min = 1, .max = 255,
     .format = &fb_format_changelog_ref},
    {.name = "privacy", .type = FB_Q_ENUM, .choices = fb_comment_privacies,
     .dflt = "public"},
    {.name = "inReview", .type = FB_Q_BOOL},
    {.name = "sortBy", .type = FB_Q_ENUM, .choices = fb_comment_sorts,
     .dflt = "best"},
    {.name = NULL}
};

int fb_comment_sees_private(const fb_req_t *fr)
{
    return (fr->principal.perms
            & FB_PERM_BIT(FB_PERM_VIEW_COMMENTS_PRIVATE)) != 0;
}

fb_error_t *fb_comment_render(fb_req_t *fr, const char *id, int all,
                              const char **json)
{
    fb_rows_t rows;
    fb_error_t *err;

    err = fb_req_select(fr, &fb_sql_comment_get,
                        FB_NAMED(comment_seen, .id = id,
                                 .private = fb_bool_text(
                                     all || fb_comment_sees_private(fr)),
                                 .post_private = fb_bool_text(
                                     all || fb_post_sees_private(fr))),
                        &rows);
    if (err != NULL || rows.nrows == 0) {
        *json = NULL;
        return err;
    }
    *json = fb_comment_json(fr, rows.cells);
    return *json == NULL ? fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL)
                         : NULL;
}

void fb_comment_write_render(fb_write_t *w, const char *id,
                             const char **json)
{
    *json = NULL;
    if (fb_write_ok(w)) {
        fb_write_fail(w, fb_comment_render(w->fr, id, 1, json));
    }
    if (fb_write_ok(w) && *json == NULL) {
        fb_write_fail(w, fb_req_db_failed(w->fr));
    }
}

/* A post slug as fb_post_slug() makes them. */
static int fb_comment_slug_valid(const char *s)
{
    apr_size_t n = strlen(s);

    return n > 0 && n <= 128 && strspn(s, "abcdefghijklmnopqrstuvwxyz"
                                          "0123456789-") == n;
}

static int fb_comment_post_ref_valid(const char *s)
{
    return fb_id_valid(s) || fb_comment_slug_valid(s);
}

const fb_field_format_t fb_format_post_ref = {
    .valid = fb_comment_post_ref_valid,
    .what = "a 24-character hexadecimal object id or a post slug",
    .pattern = "^([0-9A-Fa-f]{24}|[a-z0-9-]{1,128})$",
    .min = 1, .max = 128,
};

fb_error_t *fb_comment_post(fb_req_t *fr, const char *given,
                            const char *param, int lock,
                            fb_comment_target_t *t)
{
    const char *id = fb_id_normalize(fr->pool, given);
    const char *see = fb_bool_text(fb_post_sees_private(fr));
    fb_rows_t rows;
    fb_error_t *err;

    memset(t, 0, sizeof(*t));
    if (!fb_format_post_ref.valid(given)) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, param,
                             apr_pstrcat(fr->pool, "The ", param,
                                         " must be ",
                                         fb_format_post_ref.what, ".",
                                         NULL));
    }
    if ((err = fb_req_select(fr, FB_CALL(comment_t_post, .id = id,
                                         .slug = given, .private = see),
                             &rows)) != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, FB_E_POST_NOT_FOUND, param, NULL);
    }
    t->post_id = fb_rows_get(&rows, 0, 0);
    t->comments_enabled = strcmp(fb_rows_get(&rows, 0, 1), "t") == 0;
    t->title = fb_rows_get(&rows, 0, 2);
    if (lock) {
        if ((err = fb_req_select(fr, &fb_sql_comment_t_post_lock,
                                 FB_ARGS(t->post_id), &rows)) != NULL) {
            return err;
        }
        if (rows.nrows == 0) {      /* deleted since it was found */
            return fb_error_make(fr->pool, FB_E_POST_NOT_FOUND, param,
                                 NULL);
        }
    }
    return NULL;
}

static fb_error_t *fb_comment_get(fb_req_t *fr)
{
    const char *id, *json;
    fb_error_t *err;

    if ((err = fb_resource_id(fr, &id)) != NULL
        || (err = fb_comment_render(fr, id, 0, &json)) != NULL) {
        return err;
    }
    if (json == NULL) {
        return fb_error_make(fr->pool, FB_E_COMMENT_NOT_FOUND, "id", NULL);
    }
    fb_respond(fr, HTTP_OK, json);
    return NULL;
}

/* The target of the list: *target is NULL for the whole organization. */
static fb_error_t *fb_comment_list_target(fb_req_t *fr, const char **target)
{
    const char *post = fb_query_get(&fr->query, "postId");
    const char *changelog = fb_query_get(&fr->query, "changelogId");
    fb_comment_target_t t;
    fb_error_t *err;

    *target = NULL;
    if (post != NULL && changelog != NULL) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                             "changelogId", "Give 'postId' or "
                             "'changelogId', not both.");
    }
    if (post != NULL) {
        if ((err = fb_comment_post(fr, post, "postId", 0, &t)) != NULL) {
            return err;
        }
        *target = t.post_id;
    }
    else if (changelog != NULL) {
        return fb_changelog_lookup(fr, changelog, "changelogId", 0, target,
                                   NULL);
    }
    return NULL;
}

/* A page's rows: the comment's columns, then the sort key. */
static const fb_list_rows_t fb_comment_rows = {
    .key_col = COMMENT_NCOLS, .id_col = COMMENT_COL_ID,
    .page = fb_comment_page_json
};

static fb_error_t *fb_comment_list(fb_req_t *fr)
{
    const char *sort = fb_query_value(&fr->query, fr->op->query, "sortBy");
    const char *privacy = fb_query_value(&fr->query, fr->op->query,
                                         "privacy");
    const char *target, *private, *post_private, *in_review;
    const fb_list_order_t *order;
    fb_error_t *err;

    if (strcmp(privacy, "public") != 0 && !fb_comment_sees_private(fr)) {
        return fb_error_make(fr->pool, FB_E_INSUFFICIENT_PERMISSIONS,
                             "privacy", "Private comments need the "
                             "view_comments_private permission.");
    }
    if ((err = fb_comment_list_target(fr, &target)) != NULL) {
        return err;
    }
    order = fb_list_choose(target != NULL ? fb_comment_orders_target
                                          : fb_comment_orders,
                           sort, NULL);
    if (order == NULL) {        /* sortBy's rule lets no other through */
        return fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
    }
    private = fb_bool_text(fb_comment_sees_private(fr));
    post_private = fb_bool_text(fb_post_sees_private(fr));
    in_review = fb_bool_text(fb_query_bool(&fr->query, "inReview", 0));
    return fb_list_respond_rows(
        fr, order,
        target != NULL
            ? FB_NAMED(comment_list_target, .target = target,
                       .private = private, .post_private = post_private,
                       .in_review = in_review, .privacy = privacy)
            : FB_NAMED(comment_list, .private = private,
                       .post_private = post_private, .in_review = in_review,
                       .privacy = privacy),
        &fb_comment_rows);
}

static const fb_op_t fb_comment_list_op =
    FB_OP_READ(fb_comment_list, FB_VERSION_CLOVER, NULL,
               fb_comment_list_rules);
static const fb_op_t fb_comment_get_op =
    FB_OP_READ(fb_comment_get, FB_VERSION_CLOVER, NULL, NULL);

static const fb_route_t fb_comment_routes[] = {
    {"GET", "/comments", &fb_comment_list_op},
    {"GET", "/comments/{id}", &fb_comment_get_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_comments_module = {
    .name = "comments",
    .routes = fb_comment_routes,
    .statements = fb_comment_statements,
};
