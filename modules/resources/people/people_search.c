/*
 * people_search: POST /companies/search and POST /contacts/search
 * (nova), the official client's users.companies.search and
 * users.contacts.search, on the one search engine (common/fb_search.h):
 * their fields and sorts as data.  Filter mode only (the client has no
 * full text for people; `name ~ "..."` finds a part of the name).  Rows
 * are GET /companies/{id}'s and GET /contacts/{id}'s.  This server
 * merges no contacts, so none is left out as merged.
 */
#include "fb_search.h"
#include "people.h"

/* ---- companies ---- */

/* A company's last activity (its own or its newest contact's), and its
 * linked users, as its row shows them. */
#define COMPANY_S_ACTIVITY \
    "fb_company_last_activity(co.org_id, co.id, co.last_activity)"
#define COMPANY_S_LINKED \
    "(SELECT count(*) FROM contact_companies l " \
    " WHERE l.org_id = co.org_id AND l.company_id = co.id)"

/*
 * The fields: X(name, alias, form, kind, operators, flags, choices, why,
 * the SQL of "co has it" over the clause fc.j).  No field is bounded: a
 * query of negations only is too broad.
 */
#define COMPANY_SEARCH_FIELDS(X) \
    X("externalId", "external_id", "externalId", FB_SK_STRING, \
      FB_SOPS_SET, 0, NULL, NULL, FB_SEARCH_IN("co.company_id")) \
    X("name", NULL, "name", FB_SK_STRING, FB_SOPS_SET | FB_SOP_HAS, 0, \
      NULL, NULL, FB_SEARCH_STRING("co.name")) \
    X("monthlySpend", "monthly_spend", "monthlySpend", FB_SK_NUMBER, \
      FB_SOPS_ORDER_STRICT, 0, NULL, NULL, \
      FB_SEARCH_NUMBER("co.monthly_spend")) \
    X("plan", NULL, "plan", FB_SK_STRING, FB_SOPS_SET, FB_SF_NULLABLE, \
      NULL, NULL, FB_SEARCH_IN("co.plan")) \
    X("industry", NULL, "industry", FB_SK_STRING, FB_SOPS_SET, \
      FB_SF_NULLABLE, NULL, NULL, FB_SEARCH_IN("co.industry")) \
    X("website", NULL, "website", FB_SK_STRING, FB_SOPS_SET, \
      FB_SF_NULLABLE, NULL, NULL, FB_SEARCH_IN("co.website")) \
    X("companySize", "company_size", "companySize", FB_SK_NUMBER, \
      FB_SOPS_ORDER_STRICT, 0, NULL, NULL, \
      FB_SEARCH_NUMBER("co.company_size")) \
    X("linkedUsers", "linked_users", "linkedUsers", FB_SK_NUMBER, \
      FB_SOPS_ORDER_STRICT, 0, NULL, NULL, \
      FB_SEARCH_NUMBER(COMPANY_S_LINKED)) \
    X("lastActivity", "last_activity", "lastActivity", FB_SK_TIME, \
      FB_SOPS_ORDER_STRICT, 0, NULL, NULL, \
      FB_SEARCH_TIME(COMPANY_S_ACTIVITY)) \
    X("createdAt", "created_at", "createdAt", FB_SK_TIME, \
      FB_SOPS_ORDER_STRICT, 0, NULL, NULL, FB_SEARCH_TIME("co.created_at"))

static const fb_search_field_t fb_company_search_fields[] = {
    COMPANY_SEARCH_FIELDS(FB_SEARCH_FIELD_ROW)
    {.name = NULL}
};

#define COMPANY_HAS FB_SEARCH_HAS(COMPANY_SEARCH_FIELDS)
#define COMPANY_S_WALK "companies co, k WHERE co.org_id = k.org_id "

/* The company's columns, then the sort key, the id and the total. */
#define COMPANY_S_OUTER \
    "SELECT " COMPANY_SELECT ", co.sort_key, co.id, co.search_total " \
    "FROM page co"

#define COMPANY_S_PAGE(key, by, after) \
    FB_SEARCH_FILTER_PAGE("co", COMPANY_S_WALK, COMPANY_HAS, \
                          COMPANY_S_OUTER, key, by, after)

/* monthlySpend: companies without one below every spend (index
 * companies_monthly_spend); lastActivity: without any, the epoch (no
 * index: it is computed from the company's contacts). */
#define COMPANY_S_SPEND "coalesce(co.monthly_spend, -1e18)"
#define COMPANY_S_ACTIVITY_SORT \
    "coalesce(" COMPANY_S_ACTIVITY ", " \
    "'1970-01-01 00:00:00+00'::timestamptz)"

FB_SEARCH_SORT(company_search_created, COMPANY_S_PAGE, "co.created_at",
               "co.id", FB_SEARCH_TIME_KEY("co.created_at"),
               FB_SEARCH_TIME_KEY_IN);
FB_SEARCH_SORT(company_search_spend, COMPANY_S_PAGE, COMPANY_S_SPEND,
               "co.id", COMPANY_S_SPEND "::text", "k.after_key::numeric");
FB_SEARCH_SORT(company_search_activity, COMPANY_S_PAGE,
               COMPANY_S_ACTIVITY_SORT, "co.id",
               FB_SEARCH_TIME_KEY(COMPANY_S_ACTIVITY_SORT),
               FB_SEARCH_TIME_KEY_IN);
FB_SQL_WITH(company_search_count, search,
    FB_SEARCH_FILTER_COUNT("co", COMPANY_S_WALK, COMPANY_HAS));

static const fb_statement_t *const fb_company_search_statements[] = {
    FB_SEARCH_SORT_STATEMENTS(company_search_created),
    FB_SEARCH_SORT_STATEMENTS(company_search_spend),
    FB_SEARCH_SORT_STATEMENTS(company_search_activity),
    &fb_sql_company_search_count, NULL
};

/* A numeric key as PostgreSQL writes one: a sign, digits, a fraction. */
static int fb_key_numeric(const char *key)
{
    apr_size_t n = *key == '-' ? 1 : 0, whole, frac = 0;

    whole = strspn(key + n, "0123456789");
    if (whole == 0 || whole > 40) {
        return 0;
    }
    n += whole;
    if (key[n] == '.') {
        frac = strspn(key + n + 1, "0123456789");
        if (frac == 0 || frac > 40) {
            return 0;
        }
        n += frac + 1;
    }
    return key[n] == '\0';
}

static const fb_search_order_t fb_company_orders[] = {
    FB_SEARCH_ORDERS("createdAt", company_search_created, fb_key_integer),
    FB_SEARCH_ORDERS("monthlySpend", company_search_spend, fb_key_numeric),
    FB_SEARCH_ORDERS("lastActivity", company_search_activity,
                     fb_key_integer),
    {.sort = NULL}
};

static const fb_search_set_t fb_company_filter_sets[] = {
    {.orders = fb_company_orders, .count = &fb_sql_company_search_count},
    {.orders = NULL}
};

#define PEOPLE_S_ALIAS(snake, camel) \
    {.alias = snake ":desc", .name = camel ":desc"}, \
    {.alias = snake ":asc", .name = camel ":asc"}
#define PEOPLE_S_SORT(name) name ":desc", name ":asc"

static const fb_search_alias_t fb_company_sort_aliases[] = {
    PEOPLE_S_ALIAS("created_at", "createdAt"),
    PEOPLE_S_ALIAS("monthly_spend", "monthlySpend"),
    PEOPLE_S_ALIAS("last_activity", "lastActivity"),
    {.alias = NULL}
};

static const char *const fb_company_search_sorts[] = {
    PEOPLE_S_SORT("createdAt"), PEOPLE_S_SORT("monthlySpend"),
    PEOPLE_S_SORT("lastActivity"), PEOPLE_S_SORT("created_at"),
    PEOPLE_S_SORT("monthly_spend"), PEOPLE_S_SORT("last_activity"), NULL
};

static const fb_field_rule_t fb_company_search_rules[] = {
    FB_SEARCH_BODY_RULES(fb_company_search_sorts),
    {.name = NULL}
};

static const fb_search_family_t fb_company_search = {
    .name = "companies.search",
    .fields = fb_company_search_fields,
    .sort_aliases = fb_company_sort_aliases,
    .default_sort = "createdAt:desc",
    .filter = fb_company_filter_sets,
    .cap = 5000,
    .text_cap = 5000,
    .rows = &fb_company_rows,
    .total_col = COMPANY_NCOLS + 2,
};

/* ---- contacts ---- */

static const char *const fb_contact_search_types[] = {"customer", "lead",
                                                      NULL};

/* The fields; type is a closed enumeration, so bounded. */
#define CONTACT_SEARCH_FIELDS(X) \
    X("externalId", "external_id", "externalId", FB_SK_STRING, \
      FB_SOPS_SET, FB_SF_NULLABLE, NULL, NULL, FB_SEARCH_IN("c.user_id")) \
    X("email", NULL, "email", FB_SK_STRING, FB_SOPS_SET, FB_SF_NULLABLE, \
      NULL, NULL, FB_SEARCH_IN_ANY_CASE("c.email")) \
    X("name", NULL, "name", FB_SK_STRING, FB_SOPS_SET | FB_SOP_HAS, 0, \
      NULL, NULL, FB_SEARCH_STRING("c.name")) \
    X("type", NULL, "type", FB_SK_ENUM, FB_SOPS_SET, FB_SF_BOUNDED, \
      fb_contact_search_types, NULL, FB_SEARCH_IN("c.type")) \
    X("companyIds", "company_ids", "companyIds", FB_SK_ID, FB_SOPS_SET, 0, \
      NULL, NULL, \
      "EXISTS (SELECT 1 FROM contact_companies cc " \
      "  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id " \
      "  AND " FB_SEARCH_HAS_ID("cc.company_id") ")") \
    X("postsCreated", "posts_created", "postsCreated", FB_SK_NUMBER, \
      FB_SOPS_ORDER_STRICT, 0, NULL, NULL, \
      FB_SEARCH_NUMBER("c.posts_created")) \
    X("commentsCreated", "comments_created", "commentsCreated", \
      FB_SK_NUMBER, FB_SOPS_ORDER_STRICT, 0, NULL, NULL, \
      FB_SEARCH_NUMBER("c.comments_created")) \
    X("lastActivity", "last_activity", "lastActivity", FB_SK_TIME, \
      FB_SOPS_ORDER_STRICT, 0, NULL, NULL, \
      FB_SEARCH_TIME("c.last_activity")) \
    X("createdAt", "created_at", "createdAt", FB_SK_TIME, \
      FB_SOPS_ORDER_STRICT, 0, NULL, NULL, FB_SEARCH_TIME("c.created_at"))

static const fb_search_field_t fb_contact_search_fields[] = {
    CONTACT_SEARCH_FIELDS(FB_SEARCH_FIELD_ROW)
    {.name = NULL}
};

#define CONTACT_HAS FB_SEARCH_HAS(CONTACT_SEARCH_FIELDS)
#define CONTACT_S_WALK "contacts c, k WHERE c.org_id = k.org_id "

/* The contact's columns, then the sort key, the id and the total. */
#define CONTACT_S_OUTER \
    "SELECT " CONTACT_SELECT("c.sort_key, c.id, c.search_total") " " \
    "FROM page c"

#define CONTACT_S_PAGE(key, by, after) \
    FB_SEARCH_FILTER_PAGE("c", CONTACT_S_WALK, CONTACT_HAS, \
                          CONTACT_S_OUTER, key, by, after)

FB_SEARCH_SORT(contact_search_activity, CONTACT_S_PAGE, "c.last_activity",
               "c.id", FB_SEARCH_TIME_KEY("c.last_activity"),
               FB_SEARCH_TIME_KEY_IN);
FB_SEARCH_SORT(contact_search_created, CONTACT_S_PAGE, "c.created_at",
               "c.id", FB_SEARCH_TIME_KEY("c.created_at"),
               FB_SEARCH_TIME_KEY_IN);
FB_SEARCH_SORT(contact_search_posts, CONTACT_S_PAGE, "c.posts_created",
               "c.id", "c.posts_created::text", "k.after_key::integer");
FB_SEARCH_SORT(contact_search_comments, CONTACT_S_PAGE,
               "c.comments_created", "c.id", "c.comments_created::text",
               "k.after_key::integer");
FB_SQL_WITH(contact_search_count, search,
    FB_SEARCH_FILTER_COUNT("c", CONTACT_S_WALK, CONTACT_HAS));

static const fb_statement_t *const fb_contact_search_statements[] = {
    FB_SEARCH_SORT_STATEMENTS(contact_search_activity),
    FB_SEARCH_SORT_STATEMENTS(contact_search_created),
    FB_SEARCH_SORT_STATEMENTS(contact_search_posts),
    FB_SEARCH_SORT_STATEMENTS(contact_search_comments),
    &fb_sql_contact_search_count, NULL
};

static const fb_search_order_t fb_contact_orders[] = {
    FB_SEARCH_ORDERS("lastActivity", contact_search_activity,
                     fb_key_integer),
    FB_SEARCH_ORDERS("createdAt", contact_search_created, fb_key_integer),
    FB_SEARCH_ORDERS("postsCreated", contact_search_posts, fb_key_integer),
    FB_SEARCH_ORDERS("commentsCreated", contact_search_comments,
                     fb_key_integer),
    {.sort = NULL}
};

static const fb_search_set_t fb_contact_filter_sets[] = {
    {.orders = fb_contact_orders, .count = &fb_sql_contact_search_count},
    {.orders = NULL}
};

static const fb_search_alias_t fb_contact_sort_aliases[] = {
    PEOPLE_S_ALIAS("last_activity", "lastActivity"),
    PEOPLE_S_ALIAS("created_at", "createdAt"),
    PEOPLE_S_ALIAS("posts_created", "postsCreated"),
    PEOPLE_S_ALIAS("comments_created", "commentsCreated"),
    {.alias = NULL}
};

static const char *const fb_contact_search_sorts[] = {
    PEOPLE_S_SORT("createdAt"), PEOPLE_S_SORT("lastActivity"),
    PEOPLE_S_SORT("postsCreated"), PEOPLE_S_SORT("commentsCreated"),
    PEOPLE_S_SORT("created_at"), PEOPLE_S_SORT("last_activity"),
    PEOPLE_S_SORT("posts_created"), PEOPLE_S_SORT("comments_created"),
    NULL
};

static const fb_field_rule_t fb_contact_search_rules[] = {
    FB_SEARCH_BODY_RULES(fb_contact_search_sorts),
    {.name = NULL}
};

static const fb_search_family_t fb_contact_search = {
    .name = "contacts.search",
    .fields = fb_contact_search_fields,
    .sort_aliases = fb_contact_sort_aliases,
    .default_sort = "lastActivity:desc",
    .filter = fb_contact_filter_sets,
    .cap = 5000,
    .text_cap = 5000,
    .rows = &fb_contact_rows,
    .total_col = CONTACT_NCOLS + 2,
};

/* ---- the operations ---- */

#define PEOPLE_SEARCH_OP(rules, family) \
    {.handler = fb_search_respond, .flags = FB_OP_BODY, \
     .min_version = FB_VERSION_NOVA, .permission = FB_PERM_NONE, \
     .body = (rules), .data = (family)}

static const fb_op_t fb_company_search_op =
    PEOPLE_SEARCH_OP(fb_company_search_rules, &fb_company_search);
static const fb_op_t fb_contact_search_op =
    PEOPLE_SEARCH_OP(fb_contact_search_rules, &fb_contact_search);

static const fb_route_t fb_company_search_routes[] = {
    {"POST", "/companies/search", &fb_company_search_op},
    {NULL, NULL, NULL}
};

static const fb_route_t fb_contact_search_routes[] = {
    {"POST", "/contacts/search", &fb_contact_search_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_company_search_module = {
    .name = "company search",
    .routes = fb_company_search_routes,
    .statements = fb_company_search_statements,
};

const fb_resource_module_t fb_contact_search_module = {
    .name = "contact search",
    .routes = fb_contact_search_routes,
    .statements = fb_contact_search_statements,
};
