/*
 * conversation_search: POST /conversations/search (nova), the official
 * client library's support.conversations.search (docs/decisions.md,
 * "Conversation search"), on the one search engine (common/fb_search.h):
 * this file is its fields, orders, drives and full text as data.
 *
 * Two modes, chosen by the body: filter mode (no `search`) lists the
 * conversations the structured query admits by last activity; search
 * mode ranks those matching `search` (PostgreSQL full text over titles
 * and message and note parts, sql/026) by relevance, the sum of the
 * ranks of what matched, unless `sort` asks for activity order.  Rows
 * are a slim conversation with the customer, a window of messages
 * around the match (the newest in filter mode) and, in search mode, the
 * best matching part, written in C from plain columns
 * (conversation_search_rows.c).  totalCount counts up to 200.
 */
#include <string.h>

#include "apr_strings.h"

#include "conversation_search_rows.h"
#include "conversations.h"
#include "fb_json.h"
#include "fb_search.h"

static const char *const fb_conv_states[] = {"open", "closed", "snoozed",
                                             NULL};

/* A clause's test of participants (ids among the values). */
#define CONV_PARTICIPANT \
    "EXISTS (SELECT 1 FROM conversation_participants cp " \
    "  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id " \
    "  AND " FB_SEARCH_HAS_ID("cp.user_id") ")"

/*
 * The fields: X(name, alias, form, kind, operators, flags, choices, why,
 * the SQL of "cv has it" over the clause fc.j).  A participant is a
 * contact or an admin (userId is the same field); a company, through its
 * contacts among the participants; a custom attribute's stored value
 * compares as JSON (1 equals 1.0; null matches a missing one).
 */
#define CONV_SEARCH_FIELDS(X) \
    X("state", NULL, "state", FB_SK_ENUM, FB_SOPS_SET, FB_SF_BOUNDED, \
      fb_conv_states, NULL, FB_SEARCH_IN("cv.state")) \
    X("priority", NULL, "priority", FB_SK_BOOL, FB_SOPS_BOOL, \
      FB_SF_BOUNDED, NULL, NULL, FB_SEARCH_IN("cv.priority::text")) \
    X("adminAssigneeId", "admin_assignee_id", "adminAssigneeId", \
      FB_SK_ID, FB_SOPS_SET, FB_SF_NULLABLE, NULL, NULL, \
      FB_SEARCH_IN("cv.admin_assignee_id")) \
    X("teamAssigneeId", "team_assignee_id", "teamAssigneeId", FB_SK_ID, \
      FB_SOPS_SET, FB_SF_NULLABLE, NULL, NULL, \
      FB_SEARCH_IN("cv.team_assignee_id")) \
    X("brandId", "brand_id", "brandId", FB_SK_ID, FB_SOPS_SET, \
      FB_SF_NULLABLE, NULL, NULL, FB_SEARCH_IN("cv.brand_id")) \
    X("tagIds", "tag_ids", "tagIds", FB_SK_ID, FB_SOPS_SET, FB_SF_INDEXED, \
      NULL, NULL, \
      "EXISTS (SELECT 1 FROM conversation_tag_links l " \
      "  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id " \
      "  AND " FB_SEARCH_HAS_ID("l.tag_id") ")") \
    X("userId", "user_id", "participantId", FB_SK_ID, FB_SOPS_SET, \
      FB_SF_INDEXED, NULL, NULL, CONV_PARTICIPANT) \
    X("participantId", "participant_id", "participantId", FB_SK_ID, \
      FB_SOPS_SET, FB_SF_INDEXED, NULL, NULL, CONV_PARTICIPANT) \
    X("companyId", "company_id", "companyId", FB_SK_ID, FB_SOPS_SET, 0, \
      NULL, NULL, \
      "EXISTS (SELECT 1 FROM conversation_participants cp " \
      "  JOIN contact_companies cc " \
      "    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id " \
      "  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id " \
      "  AND cp.kind = 'contact' AND " \
      FB_SEARCH_HAS_ID("cc.company_id") ")") \
    X("createdAt", "created_at", "createdAt", FB_SK_TIME, \
      FB_SOP_EQ | FB_SOPS_RANGE, 0, NULL, NULL, \
      FB_SEARCH_TIME("cv.created_at")) \
    X("customAttributes.", NULL, "customAttributes", FB_SK_VALUE, \
      FB_SOPS_SET, FB_SF_NULLABLE | FB_SF_PREFIX, NULL, NULL, \
      "(fc.j -> 'v') @> jsonb_build_array(coalesce(" \
      "  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))") \
    X("mentionedAdminIds", "mentioned_admin_ids", "", FB_SK_NONE, 0, 0, \
      NULL, "Mentions are not recorded by this server, so " \
      "'mentionedAdminIds' cannot be filtered on.", "false")

static const fb_search_field_t fb_conv_search_fields[] = {
    CONV_SEARCH_FIELDS(FB_SEARCH_FIELD_ROW)
    {.name = NULL}
};

#define CONV_HAS FB_SEARCH_HAS(CONV_SEARCH_FIELDS)

/* The activity order (index conversations_activity). */
#define CONV_ACTIVITY "coalesce(cv.last_activity_at, cv.created_at)"
#define CONV_ACTIVITY_KEY FB_SEARCH_TIME_KEY(CONV_ACTIVITY)

/*
 * Filter mode's rows: the organization's conversations walked by
 * activity until the page is full (little for a common filter, the whole
 * organization for a rare one), or driven from the links of the tags or
 * participants an AND selects by (fb_search.h, "drive").  Joins, not IN
 * filters: so that the planner starts from the links.
 */
#define CONV_WALK "conversations cv, k WHERE cv.org_id = k.org_id "
#define CONV_TAGGED \
    "k, (SELECT DISTINCT l.conversation_id AS id " \
    "  FROM conversation_tag_links l, k WHERE l.org_id = k.org_id " \
    "  AND l.tag_id = ANY (" FB_SEARCH_IDS("tagIds") ")) d, " \
    "  conversations cv WHERE cv.org_id = k.org_id AND cv.id = d.id "
#define CONV_JOINED \
    "k, (SELECT DISTINCT p.conversation_id AS id " \
    "  FROM conversation_participants p, k WHERE p.org_id = k.org_id " \
    "  AND p.user_id = ANY (" FB_SEARCH_IDS("participantId") ")) d, " \
    "  conversations cv WHERE cv.org_id = k.org_id AND cv.id = d.id "

/* The best ranked matching part of cv (the newest of equals), for the
 * shown rows only, in search mode. */
#define CONV_BEST \
    "(SELECT pt.id FROM conversation_parts pt " \
    "  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id " \
    "  AND pt.search @@ k.q " \
    "  ORDER BY ts_rank(pt.search, k.q) DESC, pt.n DESC LIMIT 1)"

/* The page's columns (conversation_search_rows.h), then its sort key,
 * uid and total. */
#define CONV_OUTER \
    ", shown AS (SELECT cv.*, k.q IS NOT NULL AS searched, " \
    "  CASE WHEN k.q IS NOT NULL THEN " CONV_BEST " END AS match_id " \
    "  FROM page cv, k) " \
    "SELECT " SEARCH_SELECT("cv.sort_key, cv.uid, cv.search_total") \
    " FROM " SEARCH_FROM("shown")

/*
 * Search mode's matches: every part matching k.q and the title; per
 * conversation the sum of their ranks, rounded (so that a cursor's key
 * compares equal to the score it came from), in one hash aggregation.
 * Every match is ranked.
 */
#define CONV_ADMITTED \
    "m AS (SELECT pt.conversation_id AS id, ts_rank(pt.search, k.q) AS r " \
    "  FROM conversation_parts pt, k " \
    "  WHERE pt.org_id = k.org_id AND pt.search @@ k.q " \
    "  UNION ALL SELECT cv.id, ts_rank(cv.search, k.q) " \
    "  FROM conversations cv, k " \
    "  WHERE cv.org_id = k.org_id AND cv.search @@ k.q), " \
    "hit AS (SELECT m.id, " \
    "  round(sum(m.r::float8)::numeric, 6) AS search_score " \
    "  FROM m GROUP BY m.id), " \
    "admitted AS (SELECT cv.*, hit.search_score FROM hit JOIN k ON true " \
    "  JOIN conversations cv ON cv.org_id = k.org_id AND cv.id = hit.id " \
    "  WHERE true " FB_SEARCH_FILTER(CONV_HAS) ")"

#define CONV_WALK_PAGE(key, by, after) \
    FB_SEARCH_FILTER_PAGE("cv", CONV_WALK, CONV_HAS, CONV_OUTER, key, by, \
                          after)
#define CONV_TAGGED_PAGE(key, by, after) \
    FB_SEARCH_FILTER_PAGE("cv", CONV_TAGGED, CONV_HAS, CONV_OUTER, key, \
                          by, after)
#define CONV_JOINED_PAGE(key, by, after) \
    FB_SEARCH_FILTER_PAGE("cv", CONV_JOINED, CONV_HAS, CONV_OUTER, key, \
                          by, after)
#define CONV_TEXT_PAGE(key, by, after) \
    FB_SEARCH_TEXT_PAGE("cv", CONV_ADMITTED, CONV_OUTER, key, by, after)

FB_SEARCH_SORT(conversation_search_activity, CONV_WALK_PAGE, CONV_ACTIVITY,
               "cv.uid", CONV_ACTIVITY_KEY, FB_SEARCH_TIME_KEY_IN);
FB_SQL_WITH(conversation_search_count, search,
    FB_SEARCH_FILTER_COUNT("cv", CONV_WALK, CONV_HAS));

FB_SEARCH_SORT(conversation_search_tagged_activity, CONV_TAGGED_PAGE,
               CONV_ACTIVITY, "cv.uid", CONV_ACTIVITY_KEY,
               FB_SEARCH_TIME_KEY_IN);
FB_SQL_WITH(conversation_search_tagged_count, search,
    FB_SEARCH_FILTER_COUNT("cv", CONV_TAGGED, CONV_HAS));
FB_SQL_WITH(conversation_search_tag_links, search,
    FB_SEARCH_ARGS "SELECT count(*) FROM (SELECT 1 "
    "FROM conversation_tag_links l, k WHERE l.org_id = k.org_id "
    "AND l.tag_id = ANY (" FB_SEARCH_IDS("tagIds") ") LIMIT %d) x");

FB_SEARCH_SORT(conversation_search_joined_activity, CONV_JOINED_PAGE,
               CONV_ACTIVITY, "cv.uid", CONV_ACTIVITY_KEY,
               FB_SEARCH_TIME_KEY_IN);
FB_SQL_WITH(conversation_search_joined_count, search,
    FB_SEARCH_FILTER_COUNT("cv", CONV_JOINED, CONV_HAS));
FB_SQL_WITH(conversation_search_people_links, search,
    FB_SEARCH_ARGS "SELECT count(*) FROM (SELECT 1 "
    "FROM conversation_participants p, k WHERE p.org_id = k.org_id "
    "AND p.user_id = ANY (" FB_SEARCH_IDS("participantId") ") "
    "LIMIT %d) x");

FB_SEARCH_SORT(conversation_search_text_activity, CONV_TEXT_PAGE,
               CONV_ACTIVITY, "cv.uid", CONV_ACTIVITY_KEY,
               FB_SEARCH_TIME_KEY_IN);
FB_SQL_WITH(conversation_search_text, search,
    CONV_TEXT_PAGE("cv.search_score::text",
                   FB_SEARCH_BY_SCORE("cv", "cv.uid"), ""));
FB_SQL_WITH(conversation_search_text_after, search,
    CONV_TEXT_PAGE("cv.search_score::text",
                   FB_SEARCH_BY_SCORE("cv", "cv.uid"),
                   FB_SEARCH_AFTER_SCORE("cv", "cv.uid")));
FB_SQL_WITH(conversation_search_text_count, search,
    FB_SEARCH_TEXT_COUNT(CONV_ADMITTED));

static const fb_statement_t *const fb_conversation_search_statements[] = {
    FB_SEARCH_SORT_STATEMENTS(conversation_search_activity),
    &fb_sql_conversation_search_count,
    FB_SEARCH_SORT_STATEMENTS(conversation_search_tagged_activity),
    &fb_sql_conversation_search_tagged_count,
    &fb_sql_conversation_search_tag_links,
    FB_SEARCH_SORT_STATEMENTS(conversation_search_joined_activity),
    &fb_sql_conversation_search_joined_count,
    &fb_sql_conversation_search_people_links,
    FB_SEARCH_SORT_STATEMENTS(conversation_search_text_activity),
    &fb_sql_conversation_search_text,
    &fb_sql_conversation_search_text_after,
    &fb_sql_conversation_search_text_count,
    &fb_sql_conversation_search_window,
    &fb_sql_conversation_search_people, NULL
};

static const fb_search_order_t fb_conv_walk_orders[] = {
    FB_SEARCH_ORDERS("lastActivityAt", conversation_search_activity,
                     fb_key_integer),
    {.sort = NULL}
};
static const fb_search_order_t fb_conv_tagged_orders[] = {
    FB_SEARCH_ORDERS("lastActivityAt", conversation_search_tagged_activity,
                     fb_key_integer),
    {.sort = NULL}
};
static const fb_search_order_t fb_conv_joined_orders[] = {
    FB_SEARCH_ORDERS("lastActivityAt", conversation_search_joined_activity,
                     fb_key_integer),
    {.sort = NULL}
};
static const fb_search_order_t fb_conv_text_orders[] = {
    {.sort = "", .first = &fb_sql_conversation_search_text,
     .after = &fb_sql_conversation_search_text_after,
     .key_valid = fb_search_key_score},
    FB_SEARCH_ORDERS("lastActivityAt", conversation_search_text_activity,
                     fb_key_integer),
    {.sort = NULL}
};

static const fb_search_set_t fb_conv_filter_sets[] = {
    {.orders = fb_conv_walk_orders,
     .count = &fb_sql_conversation_search_count},
    {.form = "tagIds", .links = &fb_sql_conversation_search_tag_links,
     .orders = fb_conv_tagged_orders,
     .count = &fb_sql_conversation_search_tagged_count},
    {.form = "participantId",
     .links = &fb_sql_conversation_search_people_links,
     .orders = fb_conv_joined_orders,
     .count = &fb_sql_conversation_search_joined_count},
    {.orders = NULL}
};

static const fb_search_set_t fb_conv_text_set = {
    .orders = fb_conv_text_orders,
    .count = &fb_sql_conversation_search_text_count
};

static const fb_search_alias_t fb_conv_sort_aliases[] = {
    {.alias = "last_activity_at:desc", .name = "lastActivityAt:desc"},
    {.alias = "last_activity_at:asc", .name = "lastActivityAt:asc"},
    {.alias = NULL}
};

static const char *const fb_conv_sorts[] = {
    "lastActivityAt:desc", "lastActivityAt:asc",
    "last_activity_at:desc", "last_activity_at:asc", NULL
};

static const fb_field_rule_t fb_conv_search_rules[] = {
    FB_SEARCH_BODY_RULES(fb_conv_sorts),
    {.name = "include", .type = FB_FIELD_STRING_ARRAY, .min = 0, .max = 4,
     .item_max = 64, .choices = fb_conversation_includes},
    FB_SEARCH_TEXT_RULE(1000),
    {.name = NULL}
};

static const fb_search_family_t fb_conv_search = {
    .name = "conversations.search",
    .fields = fb_conv_search_fields,
    .sort_aliases = fb_conv_sort_aliases,
    .default_sort = "lastActivityAt:desc",
    .filter = fb_conv_filter_sets,
    .text = &fb_conv_text_set,
    .cap = 200,
    .text_cap = 200,
    .page = fb_search_page,
    .key_col = SEARCH_NCOLS,
    .id_col = SEARCH_NCOLS + 1,
    .total_col = SEARCH_NCOLS + 2,
};

static const fb_op_t fb_conversation_search_op = {
    .handler = fb_search_respond,
    .flags = FB_OP_BODY,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_NONE,
    .body = fb_conv_search_rules,
    .data = &fb_conv_search,
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
