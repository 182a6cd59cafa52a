/*
 * comment_search: POST /comments/search (nova), the official client's
 * feedback.comments.search, on the one search engine
 * (common/fb_search.h): its fields, sorts and full text as data.
 *
 * Filter mode walks the organization's comments in the sort's index
 * order (a post or changelog an AND selects by is an index condition on
 * the target, k.index_clauses); search mode ranks the newest 1,000 matches of
 * `search` in the content the filter admits (comments.search, sql/036).
 * Rows are GET /comments/{id}'s.  Guards, which no clause widens:
 * private comments need view_comments_private, comments on private posts
 * view_posts_private (an empty answer, not a 403, as the client says),
 * comments in review moderate_comments (an API key is an admin's: it
 * authored none of them as a customer).  Spam is not excluded, as in GET
 * /comments.
 */
#include "apr_strings.h"

#include "comments.h"
#include "fb_perm.h"
#include "fb_search.h"
#include "posts/posts.h"

/*
 * The fields, camelCase only (the client's comments search is new):
 * X(name, alias, form, kind, operators, flags, choices, why, the SQL of
 * "c has it" over the clause fc.j).
 */
#define COMMENT_SEARCH_FIELDS(X) \
    X("authorId", NULL, "authorId", FB_SK_ID, FB_SOPS_SET, \
      FB_SF_NULLABLE, NULL, NULL, \
      FB_SEARCH_IN("coalesce(c.author_contact_id, c.author_admin_id)")) \
    X("postId", NULL, "postId", FB_SK_ID, FB_SOPS_SET, \
      FB_SF_NULLABLE | FB_SF_INDEXED, NULL, NULL, \
      FB_SEARCH_IN("c.post_id")) \
    X("changelogId", NULL, "changelogId", FB_SK_ID, FB_SOPS_SET, \
      FB_SF_NULLABLE | FB_SF_INDEXED, NULL, NULL, \
      FB_SEARCH_IN("c.changelog_id")) \
    X("parentCommentId", NULL, "parentCommentId", FB_SK_ID, FB_SOPS_SET, \
      FB_SF_NULLABLE, NULL, NULL, FB_SEARCH_IN("c.parent_comment_id")) \
    X("isPrivate", NULL, "isPrivate", FB_SK_BOOL, FB_SOPS_BOOL, \
      FB_SF_BOUNDED, NULL, NULL, FB_SEARCH_IN("c.is_private::text")) \
    X("inReview", NULL, "inReview", FB_SK_BOOL, FB_SOPS_BOOL, \
      FB_SF_BOUNDED, NULL, NULL, FB_SEARCH_IN("c.in_review::text")) \
    X("createdAt", NULL, "createdAt", FB_SK_TIME, FB_SOPS_ORDER, 0, NULL, \
      NULL, FB_SEARCH_TIME("c.created_at")) \
    X("upvotes", NULL, "upvotes", FB_SK_NUMBER, FB_SOPS_ORDER, 0, NULL, \
      NULL, FB_SEARCH_NUMBER("c.upvotes")) \
    X("score", NULL, "score", FB_SK_NUMBER, FB_SOPS_ORDER, 0, NULL, NULL, \
      FB_SEARCH_NUMBER("c.score")) \
    X("confidenceScore", NULL, "confidenceScore", FB_SK_NUMBER, \
      FB_SOPS_ORDER, 0, NULL, NULL, FB_SEARCH_NUMBER("c.best"))

static const fb_search_field_t fb_comment_search_fields[] = {
    COMMENT_SEARCH_FIELDS(FB_SEARCH_FIELD_ROW)
    {.name = NULL}
};

#define COMMENT_HAS FB_SEARCH_HAS(COMMENT_SEARCH_FIELDS)

/* What the key may see; the post or changelog the query names (ids are
 * unique across both, so either is the target). */
#define COMMENT_S_GUARDS \
    "AND " COMMENT_VISIBLE_TO(FB_SEARCH_MAY("commentsPrivate"), \
                              FB_SEARCH_MAY("postsPrivate")) \
    "AND (" FB_SEARCH_MAY("moderate") " OR NOT c.in_review) " \
    FB_SEARCH_IX("postId", "c.target_id") \
    FB_SEARCH_IX("changelogId", "c.target_id")

#define COMMENT_S_WALK \
    "comments c, k WHERE c.org_id = k.org_id " COMMENT_S_GUARDS

/* Search mode ranks at most this many matches, the newest. */
#define COMMENT_S_RANKED "1000"
#define COMMENT_S_ADMITTED \
    "admitted AS (SELECT c.*, " \
    "  round(ts_rank(c.search, k.q)::numeric, 6) AS search_score " \
    "  FROM (SELECT c.* FROM " COMMENT_S_WALK " AND c.search @@ k.q " \
    FB_SEARCH_FILTER(COMMENT_HAS) \
    "    ORDER BY c.created_at DESC, c.id DESC LIMIT " COMMENT_S_RANKED \
    "  ) c, k)"

/* The comment's columns, then the sort key and the total. */
#define COMMENT_S_OUTER \
    "SELECT " COMMENT_SELECT("c.sort_key") ", c.search_total " \
    "FROM " COMMENT_FROM("page")

#define COMMENT_S_WALK_PAGE(key, by, after) \
    FB_SEARCH_FILTER_PAGE("c", COMMENT_S_WALK, COMMENT_HAS, \
                          COMMENT_S_OUTER, key, by, after)
#define COMMENT_S_TEXT_PAGE(key, by, after) \
    FB_SEARCH_TEXT_PAGE("c", COMMENT_S_ADMITTED, COMMENT_S_OUTER, key, by, \
                        after)

/* createdAt (comments_created), confidenceScore (the Wilson bound,
 * comments_best), score (comments_top). */
#define COMMENT_S_SORTS(name, PAGE) \
    FB_SEARCH_SORT(name##_created, PAGE, "c.created_at", "c.id", \
                   FB_SEARCH_TIME_KEY("c.created_at"), \
                   FB_SEARCH_TIME_KEY_IN); \
    FB_SEARCH_SORT(name##_best, PAGE, "c.best", "c.id", "c.best::text", \
                   "k.after_key::float8"); \
    FB_SEARCH_SORT(name##_score, PAGE, "c.score", "c.id", \
                   "c.score::text", "k.after_key::integer")
#define COMMENT_S_SORT_STATEMENTS(name) \
    FB_SEARCH_SORT_STATEMENTS(name##_created), \
    FB_SEARCH_SORT_STATEMENTS(name##_best), \
    FB_SEARCH_SORT_STATEMENTS(name##_score)
#define COMMENT_S_ORDERS(name) \
    FB_SEARCH_ORDERS("createdAt", name##_created, fb_key_integer), \
    FB_SEARCH_ORDERS("confidenceScore", name##_best, fb_key_float), \
    FB_SEARCH_ORDERS("score", name##_score, fb_key_integer)

COMMENT_S_SORTS(comment_search, COMMENT_S_WALK_PAGE);
FB_SQL_WITH(comment_search_count, search,
    FB_SEARCH_FILTER_COUNT("c", COMMENT_S_WALK, COMMENT_HAS));

COMMENT_S_SORTS(comment_search_text, COMMENT_S_TEXT_PAGE);
FB_SQL_WITH(comment_search_text, search,
    COMMENT_S_TEXT_PAGE("c.search_score::text",
                        FB_SEARCH_BY_SCORE("c", "c.id"), ""));
FB_SQL_WITH(comment_search_text_after, search,
    COMMENT_S_TEXT_PAGE("c.search_score::text",
                        FB_SEARCH_BY_SCORE("c", "c.id"),
                        FB_SEARCH_AFTER_SCORE("c", "c.id")));
FB_SQL_WITH(comment_search_text_count, search,
    FB_SEARCH_TEXT_COUNT(COMMENT_S_ADMITTED));

static const fb_statement_t *const fb_comment_search_statements[] = {
    COMMENT_S_SORT_STATEMENTS(comment_search), &fb_sql_comment_search_count,
    COMMENT_S_SORT_STATEMENTS(comment_search_text),
    &fb_sql_comment_search_text, &fb_sql_comment_search_text_after,
    &fb_sql_comment_search_text_count, NULL
};

static const fb_search_order_t fb_comment_walk_orders[] = {
    COMMENT_S_ORDERS(comment_search), {.sort = NULL}
};
static const fb_search_order_t fb_comment_text_orders[] = {
    {.sort = "", .first = &fb_sql_comment_search_text,
     .after = &fb_sql_comment_search_text_after,
     .key_valid = fb_search_key_score},
    COMMENT_S_ORDERS(comment_search_text), {.sort = NULL}
};

static const fb_search_set_t fb_comment_filter_sets[] = {
    {.orders = fb_comment_walk_orders,
     .count = &fb_sql_comment_search_count},
    {.orders = NULL}
};

static const fb_search_set_t fb_comment_text_set = {
    .orders = fb_comment_text_orders,
    .count = &fb_sql_comment_search_text_count
};

/* The client's sorts (score:asc and upvotes are not among them). */
static const char *const fb_comment_search_sorts[] = {
    "createdAt:desc", "createdAt:asc", "confidenceScore:desc",
    "confidenceScore:asc", "score:desc", NULL
};

static const fb_field_rule_t fb_comment_search_rules[] = {
    FB_SEARCH_BODY_RULES(fb_comment_search_sorts),
    FB_SEARCH_TEXT_RULE(500),
    {.name = NULL}
};

/* The scope's names: commentsPrivate, postsPrivate, moderate. */
static const char *fb_comment_search_scope(fb_req_t *fr)
{
    const char *names = apr_pstrcat(
        fr->pool, fb_comment_sees_private(fr) ? ",\"commentsPrivate\"" : "",
        fb_post_sees_private(fr) ? ",\"postsPrivate\"" : "",
        (fr->principal.perms & FB_PERM_BIT(FB_PERM_MODERATE_COMMENTS))
        ? ",\"moderate\"" : "", NULL);

    /* names begins with a comma unless it is empty */
    return apr_pstrcat(fr->pool, "[", *names ? names + 1 : "", "]", NULL);
}

static const fb_list_rows_t fb_comment_search_rows = {
    .key_col = COMMENT_NCOLS, .id_col = COMMENT_COL_ID,
    .page = fb_comment_page_json
};

static const fb_search_family_t fb_comment_search = {
    .name = "comments.search",
    .fields = fb_comment_search_fields,
    .default_sort = "createdAt:desc",
    .filter = fb_comment_filter_sets,
    .text = &fb_comment_text_set,
    .cap = 5000,
    .text_cap = 200,
    .scope = fb_comment_search_scope,
    .rows = &fb_comment_search_rows,
    .total_col = COMMENT_NCOLS + 1,
};

static const fb_op_t fb_comment_search_op = {
    .handler = fb_search_respond,
    .flags = FB_OP_BODY,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_NONE,
    .body = fb_comment_search_rules,
    .data = &fb_comment_search,
};

static const fb_route_t fb_comment_search_routes[] = {
    {"POST", "/comments/search", &fb_comment_search_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_comment_search_module = {
    .name = "comment search",
    .routes = fb_comment_search_routes,
    .statements = fb_comment_search_statements,
};
