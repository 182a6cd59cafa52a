/*
 * post_search: POST /posts/search (nova), the official client's
 * feedback.posts.search, on the one search engine (common/fb_search.h):
 * its fields, sorts, drive and full text as data.
 *
 * Filter mode walks the organization's posts in the sort's index order
 * (boards and statuses an AND selects by are index conditions, k.index_clauses), or
 * starts from a contact's votes (voterId); a board and a status, a board
 * or a status by one id each, in creation order, run fast sets planned
 * once (fb_search_fast_t); search mode ranks the newest
 * 1,000 matches of `search` the filter admits (title and content,
 * posts.search), as GET /posts?q= does.  Rows are GET /posts/{id}'s.
 * Guards: a key without view_posts_private sees public posts only.  This
 * server keeps no spam or merged posts, and tickets are not posts, so
 * the client's other guards hold by construction.
 */
#include <string.h>

#include "apr_general.h"

#include "fb_json.h"
#include "fb_perm.h"
#include "fb_search.h"
#include "posts.h"

/* The votes of customers (guests and admins are not searchable). */
#define POST_VOTED \
    "EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc " \
    "    ON vc.org_id = v.org_id AND vc.id = v.contact_id " \
    "  WHERE v.org_id = p.org_id AND v.post_id = p.id " \
    "  AND vc.type = 'customer' AND " FB_SEARCH_HAS_ID("v.contact_id") ")"

/* A company by its external id: the author is one of its contacts. */
#define POST_COMPANY \
    "EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co " \
    "    ON co.org_id = cc.org_id AND co.id = cc.company_id " \
    "  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id " \
    "  AND " FB_SEARCH_HAS_ID("co.company_id") ")"

#define POST_NO_REVENUE \
    "This server keeps no revenue per post (upvoters' monthly spend, " \
    "linked CRM opportunities), so it cannot be searched or sorted on."

/* The eta order: posts without one as the epoch (index posts_eta). */
#define POST_ETA "coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)"

/*
 * The fields: X(name, alias, form, kind, operators, flags, choices, why,
 * the SQL of "p has it" over the clause fc.j).
 */
#define POST_SEARCH_FIELDS(X) \
    X("boardId", "board_id", "boardId", FB_SK_ID, FB_SOPS_SET, \
      FB_SF_INDEXED | FB_SF_COVERED, NULL, NULL, \
      FB_SEARCH_IN("p.board_id")) \
    X("statusId", "status_id", "statusId", FB_SK_ID, FB_SOPS_SET, \
      FB_SF_INDEXED | FB_SF_COVERED, NULL, NULL, \
      FB_SEARCH_IN("p.status_id")) \
    X("tagId", "tag_id", "tagId", FB_SK_ID, FB_SOPS_SET, 0, NULL, NULL, \
      FB_SEARCH_ANY("p.tag_ids")) \
    X("authorId", "author_id", "authorId", FB_SK_ID, FB_SOPS_SET, \
      FB_SF_NULLABLE, NULL, NULL, \
      FB_SEARCH_IN("coalesce(p.author_contact_id, p.author_admin_id)")) \
    X("voterId", "voter_id", "voterId", FB_SK_ID, FB_SOP_EQ | FB_SOP_IN, \
      FB_SF_INDEXED, NULL, NULL, POST_VOTED) \
    X("assigneeId", "assignee_id", "assigneeId", FB_SK_ID, FB_SOPS_SET, \
      FB_SF_NULLABLE, NULL, NULL, FB_SEARCH_IN("p.assignee_id")) \
    X("companyId", "company_id", "companyId", FB_SK_STRING, FB_SOPS_SET, \
      0, NULL, NULL, POST_COMPANY) \
    X("createdAt", "created_at", "createdAt", FB_SK_TIME, FB_SOPS_ORDER, \
      0, NULL, NULL, FB_SEARCH_TIME("p.created_at")) \
    X("updatedAt", "updated_at", "updatedAt", FB_SK_TIME, FB_SOPS_ORDER, \
      0, NULL, NULL, FB_SEARCH_TIME("p.updated_at")) \
    X("eta", NULL, "eta", FB_SK_TIME, FB_SOPS_ORDER, 0, NULL, NULL, \
      FB_SEARCH_TIME("p.eta")) \
    X("upvotes", NULL, "upvotes", FB_SK_NUMBER, FB_SOPS_ORDER, 0, NULL, \
      NULL, FB_SEARCH_NUMBER("p.upvotes")) \
    X("commentCount", "comment_count", "commentCount", FB_SK_NUMBER, \
      FB_SOPS_ORDER, 0, NULL, NULL, FB_SEARCH_NUMBER("p.comment_count")) \
    X("inReview", "in_review", "inReview", FB_SK_BOOL, FB_SOPS_BOOL, \
      FB_SF_BOUNDED, NULL, NULL, FB_SEARCH_IN("p.in_review::text")) \
    X("isPinned", "is_pinned", "isPinned", FB_SK_BOOL, FB_SOPS_BOOL, \
      FB_SF_BOUNDED, NULL, NULL, FB_SEARCH_IN("p.is_pinned::text")) \
    X("monthlySpend", "monthly_spend", "", FB_SK_NONE, 0, 0, NULL, \
      POST_NO_REVENUE, "false") \
    X("opportunityAmount", "opportunity_amount", "", FB_SK_NONE, 0, 0, \
      NULL, POST_NO_REVENUE, "false")

static const fb_search_field_t fb_post_search_fields[] = {
    POST_SEARCH_FIELDS(FB_SEARCH_FIELD_ROW)
    {.name = NULL}
};

#define POST_HAS FB_SEARCH_HAS(POST_SEARCH_FIELDS)

/* What the key may see, and the boards and statuses the query names. */
#define POST_S_GUARDS \
    "AND (" FB_SEARCH_MAY("postsPrivate") " OR p.visibility = 'public') " \
    FB_SEARCH_IX("boardId", "p.board_id") \
    FB_SEARCH_IX("statusId", "p.status_id")

/* The walk, and the drive from a contact's votes. */
#define POST_S_WALK "posts p, k WHERE p.org_id = k.org_id " POST_S_GUARDS
#define POST_S_VOTED \
    "k, (SELECT DISTINCT v.post_id AS id FROM post_votes v, k " \
    "  WHERE v.org_id = k.org_id " \
    "  AND v.contact_id = ANY (" FB_SEARCH_IDS("voterId") ")) d, " \
    "  posts p WHERE p.org_id = k.org_id AND p.id = d.id " POST_S_GUARDS

/* totalCount at most, in filter mode. */
#define POST_S_CAP 5000

/* Search mode ranks at most this many matches, the newest (as GET
 * /posts?q= does: a word in 14 % of a million posts ranked whole is a
 * read of 140,000 rows). */
#define POST_S_RANKED "1000"
#define POST_S_ADMITTED \
    "admitted AS (SELECT p.*, " \
    "  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score " \
    "  FROM (SELECT p.* FROM " POST_S_WALK " AND p.search @@ k.q " \
    FB_SEARCH_FILTER(POST_HAS) \
    "    ORDER BY p.created_at DESC, p.id DESC LIMIT " POST_S_RANKED \
    "  ) p, k)"

/* The post's columns, then the sort key and the total. */
#define POST_S_OUTER \
    "SELECT " POST_SELECT("p.sort_key") ", p.search_total " \
    "FROM " POST_FROM("page")

#define POST_S_WALK_PAGE(key, by, after) \
    FB_SEARCH_FILTER_PAGE("p", POST_S_WALK, POST_HAS, POST_S_OUTER, key, \
                          by, after)
#define POST_S_VOTED_PAGE(key, by, after) \
    FB_SEARCH_FILTER_PAGE("p", POST_S_VOTED, POST_HAS, POST_S_OUTER, key, \
                          by, after)
#define POST_S_TEXT_PAGE(key, by, after) \
    FB_SEARCH_TEXT_PAGE("p", POST_S_ADMITTED, POST_S_OUTER, key, by, after)

/* Every sort of a kind of page (name_created, ...). */
#define POST_S_SORTS(name, PAGE) \
    FB_SEARCH_SORT(name##_created, PAGE, "p.created_at", "p.id", \
                   FB_SEARCH_TIME_KEY("p.created_at"), \
                   FB_SEARCH_TIME_KEY_IN); \
    FB_SEARCH_SORT(name##_updated, PAGE, "p.updated_at", "p.id", \
                   FB_SEARCH_TIME_KEY("p.updated_at"), \
                   FB_SEARCH_TIME_KEY_IN); \
    FB_SEARCH_SORT(name##_upvotes, PAGE, "p.upvotes", "p.id", \
                   "p.upvotes::text", "k.after_key::integer"); \
    FB_SEARCH_SORT(name##_eta, PAGE, POST_ETA, "p.id", \
                   FB_SEARCH_TIME_KEY(POST_ETA), FB_SEARCH_TIME_KEY_IN); \
    FB_SEARCH_SORT(name##_comments, PAGE, "p.comment_count", "p.id", \
                   "p.comment_count::text", "k.after_key::integer")
#define POST_S_SORT_STATEMENTS(name) \
    FB_SEARCH_SORT_STATEMENTS(name##_created), \
    FB_SEARCH_SORT_STATEMENTS(name##_updated), \
    FB_SEARCH_SORT_STATEMENTS(name##_upvotes), \
    FB_SEARCH_SORT_STATEMENTS(name##_eta), \
    FB_SEARCH_SORT_STATEMENTS(name##_comments)
#define POST_S_ORDERS(name) \
    FB_SEARCH_ORDERS("createdAt", name##_created, fb_key_integer), \
    FB_SEARCH_ORDERS("updatedAt", name##_updated, fb_key_integer), \
    FB_SEARCH_ORDERS("upvotes", name##_upvotes, fb_key_integer), \
    FB_SEARCH_ORDERS("eta", name##_eta, fb_key_integer), \
    FB_SEARCH_ORDERS("commentCount", name##_comments, fb_key_integer)

POST_S_SORTS(post_search, POST_S_WALK_PAGE);
FB_SQL_WITH(post_search_count, search,
    FB_SEARCH_FILTER_COUNT("p", POST_S_WALK, POST_HAS));

POST_S_SORTS(post_search_voted, POST_S_VOTED_PAGE);
FB_SQL_WITH(post_search_voted_count, search,
    FB_SEARCH_FILTER_COUNT("p", POST_S_VOTED, POST_HAS));
FB_SQL_WITH(post_search_vote_links, search,
    FB_SEARCH_ARGS "SELECT count(*) FROM (SELECT 1 FROM post_votes v, k "
    "WHERE v.org_id = k.org_id "
    "AND v.contact_id = ANY (" FB_SEARCH_IDS("voterId") ") LIMIT %d) x");

POST_S_SORTS(post_search_text, POST_S_TEXT_PAGE);
FB_SQL_WITH(post_search_text, search,
    POST_S_TEXT_PAGE("p.search_score::text",
                     FB_SEARCH_BY_SCORE("p", "p.id"), ""));
FB_SQL_WITH(post_search_text_after, search,
    POST_S_TEXT_PAGE("p.search_score::text",
                     FB_SEARCH_BY_SCORE("p", "p.id"),
                     FB_SEARCH_AFTER_SCORE("p", "p.id")));
FB_SQL_WITH(post_search_text_count, search, FB_SEARCH_TEXT_COUNT(POST_S_ADMITTED));

/*
 * The fast sets (fb_search.h): a board and a status (the roadmap's
 * columns), a board, a status, newest or oldest first, each read from its
 * own index (posts_board_status, posts_board, posts_status) in a plan
 * PostgreSQL keeps.  The count's rows are two selects of which the
 * scope runs one (a condition on k alone, checked once): a key that sees
 * every post counts from the index alone, without reading a post.
 */
#define POST_S_MAY_PRIVATE FB_SEARCH_MAY("postsPrivate")
#define POST_S_BY(where) \
    "posts p, k WHERE p.org_id = k.org_id " where \
    " AND (" POST_S_MAY_PRIVATE " OR p.visibility = 'public')"
#define POST_S_BY_ROWS(where) \
    "SELECT 1 FROM posts p, k WHERE p.org_id = k.org_id " where \
    "  AND " POST_S_MAY_PRIVATE " " \
    "UNION ALL SELECT 1 FROM posts p, k WHERE p.org_id = k.org_id " where \
    "  AND NOT " POST_S_MAY_PRIVATE " AND p.visibility = 'public'"
#define POST_S_BOARD_STATUS "AND p.board_id = k.id1 AND p.status_id = k.id2"
#define POST_S_BOARD "AND p.board_id = k.id1"
#define POST_S_STATUS "AND p.status_id = k.id1"

/* A fast set's page, selecting by where. */
#define POST_S_FAST_PAGE(where, key, by, after) \
    FB_SEARCH_IDS_PAGE("p", POST_S_BY(where), POST_S_OUTER, key, by, after)
#define POST_S_BOARD_STATUS_PAGE(key, by, after) \
    POST_S_FAST_PAGE(POST_S_BOARD_STATUS, key, by, after)
#define POST_S_BOARD_PAGE(key, by, after) \
    POST_S_FAST_PAGE(POST_S_BOARD, key, by, after)
#define POST_S_STATUS_PAGE(key, by, after) \
    POST_S_FAST_PAGE(POST_S_STATUS, key, by, after)

/* A fast set's statements: name_created_{desc,asc}[_after], name_count. */
#define POST_S_FAST(name, PAGE, where) \
    FB_SEARCH_SORT_WITH(search_ids, name##_created, PAGE, "p.created_at", \
                        "p.id", FB_SEARCH_TIME_KEY("p.created_at"), \
                        FB_SEARCH_TIME_KEY_IN); \
    FB_SQL_WITH(name##_count, search_ids, \
                FB_SEARCH_IDS_COUNT(POST_S_BY_ROWS(where), \
                                    APR_STRINGIFY(POST_S_CAP)))

POST_S_FAST(post_search_board_status, POST_S_BOARD_STATUS_PAGE,
            POST_S_BOARD_STATUS);
POST_S_FAST(post_search_board, POST_S_BOARD_PAGE, POST_S_BOARD);
POST_S_FAST(post_search_status, POST_S_STATUS_PAGE, POST_S_STATUS);

#define POST_S_FAST_STATEMENTS(name) \
    FB_SEARCH_SORT_STATEMENTS(name##_created), &fb_sql_##name##_count

static const fb_statement_t *const fb_post_search_statements[] = {
    POST_S_FAST_STATEMENTS(post_search_board_status),
    POST_S_FAST_STATEMENTS(post_search_board),
    POST_S_FAST_STATEMENTS(post_search_status),
    POST_S_SORT_STATEMENTS(post_search), &fb_sql_post_search_count,
    POST_S_SORT_STATEMENTS(post_search_voted),
    &fb_sql_post_search_voted_count, &fb_sql_post_search_vote_links,
    POST_S_SORT_STATEMENTS(post_search_text), &fb_sql_post_search_text,
    &fb_sql_post_search_text_after, &fb_sql_post_search_text_count, NULL
};

static const fb_search_order_t fb_post_walk_orders[] = {
    POST_S_ORDERS(post_search), {.sort = NULL}
};
static const fb_search_order_t fb_post_voted_orders[] = {
    POST_S_ORDERS(post_search_voted), {.sort = NULL}
};
static const fb_search_order_t fb_post_text_orders[] = {
    {.sort = "", .first = &fb_sql_post_search_text,
     .after = &fb_sql_post_search_text_after,
     .key_valid = fb_search_key_score},
    POST_S_ORDERS(post_search_text), {.sort = NULL}
};

static const fb_search_set_t fb_post_filter_sets[] = {
    {.orders = fb_post_walk_orders, .count = &fb_sql_post_search_count},
    {.form = "voterId", .links = &fb_sql_post_search_vote_links,
     .orders = fb_post_voted_orders,
     .count = &fb_sql_post_search_voted_count},
    {.orders = NULL}
};

static const fb_search_set_t fb_post_text_set = {
    .orders = fb_post_text_orders, .count = &fb_sql_post_search_text_count
};

static const fb_search_order_t fb_post_board_status_orders[] = {
    FB_SEARCH_ORDERS("createdAt", post_search_board_status_created,
                     fb_key_integer), {.sort = NULL}
};
static const fb_search_order_t fb_post_board_orders[] = {
    FB_SEARCH_ORDERS("createdAt", post_search_board_created,
                     fb_key_integer), {.sort = NULL}
};
static const fb_search_order_t fb_post_status_orders[] = {
    FB_SEARCH_ORDERS("createdAt", post_search_status_created,
                     fb_key_integer), {.sort = NULL}
};

static const fb_search_fast_t fb_post_fast_sets[] = {
    {.forms = {"boardId", "statusId", NULL},
     .orders = fb_post_board_status_orders,
     .count = &fb_sql_post_search_board_status_count},
    {.forms = {"boardId", NULL}, .orders = fb_post_board_orders,
     .count = &fb_sql_post_search_board_count},
    {.forms = {"statusId", NULL}, .orders = fb_post_status_orders,
     .count = &fb_sql_post_search_status_count},
    {.orders = NULL}
};

#define POST_S_ALIAS(snake, camel) \
    {.alias = snake ":desc", .name = camel ":desc"}, \
    {.alias = snake ":asc", .name = camel ":asc"}

static const fb_search_alias_t fb_post_sort_aliases[] = {
    POST_S_ALIAS("created_at", "createdAt"),
    POST_S_ALIAS("updated_at", "updatedAt"),
    POST_S_ALIAS("comment_count", "commentCount"),
    POST_S_ALIAS("monthly_spend", "monthlySpend"),
    POST_S_ALIAS("opportunity_amount", "opportunityAmount"),
    {.alias = NULL}
};

#define POST_S_SORT(name) name ":desc", name ":asc"

static const char *const fb_post_sorts[] = {
    POST_S_SORT("createdAt"), POST_S_SORT("updatedAt"),
    POST_S_SORT("upvotes"), POST_S_SORT("eta"),
    POST_S_SORT("monthlySpend"), POST_S_SORT("opportunityAmount"),
    POST_S_SORT("commentCount"), POST_S_SORT("created_at"),
    POST_S_SORT("updated_at"), POST_S_SORT("monthly_spend"),
    POST_S_SORT("opportunity_amount"), POST_S_SORT("comment_count"), NULL
};

static const fb_field_rule_t fb_post_search_rules[] = {
    FB_SEARCH_BODY_RULES(fb_post_sorts),
    FB_SEARCH_TEXT_RULE(500),
    {.name = NULL}
};

/* The revenue sorts the client names: not kept here. */
static fb_error_t *fb_post_search_check(fb_req_t *fr)
{
    const char *sort = fb_json_string(fr->body, "sort");

    if (sort != NULL && (strncmp(sort, "monthly", 7) == 0
                         || strncmp(sort, "opportunity", 11) == 0)) {
        return fb_error_make(fr->pool, FB_E_PARAMETER_NOT_SUPPORTED,
                             "sort", POST_NO_REVENUE);
    }
    return NULL;
}

static const char *fb_post_search_scope(fb_req_t *fr)
{
    return fb_post_sees_private(fr) ? "[\"postsPrivate\"]" : "[]";
}

static const fb_list_rows_t fb_post_search_rows = {
    .key_col = POST_NCOLS, .id_col = POST_COL_ID,
    .page = fb_post_page_json, .prepare = fb_post_prepare
};

static const fb_search_family_t fb_post_search = {
    .name = "posts.search",
    .fields = fb_post_search_fields,
    .sort_aliases = fb_post_sort_aliases,
    .default_sort = "createdAt:desc",
    .filter = fb_post_filter_sets,
    .text = &fb_post_text_set,
    .fast = fb_post_fast_sets,
    .cap = POST_S_CAP,
    .text_cap = 200,
    .scope = fb_post_search_scope,
    .check = fb_post_search_check,
    .rows = &fb_post_search_rows,
    .total_col = POST_NCOLS + 1,
};

static const fb_op_t fb_post_search_op = {
    .handler = fb_search_respond,
    .flags = FB_OP_BODY,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_NONE,
    .body = fb_post_search_rules,
    .data = &fb_post_search,
};

static const fb_route_t fb_post_search_routes[] = {
    {"POST", "/posts/search", &fb_post_search_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_post_search_module = {
    .name = "post search",
    .routes = fb_post_search_routes,
    .statements = fb_post_search_statements,
};
