/*
 * hc_article_search: POST /help_center/articles/search (nova), the
 * official client's helpCenter.articles.search, on the one search engine
 * (common/fb_search.h): its fields, sorts and full text as data.
 *
 * Live articles only, unless the query names `state` (then the query
 * decides).  Filter mode walks the organization's articles in the sort's
 * index order.  Search mode matches `search` in each locale the help
 * center offers (availableLocales) with that locale's text search
 * configuration (sql/038's search vectors: a live article's live copies,
 * a draft's drafts), ranks the best 200 matches (an article scores as
 * its default locale's translation when that has the words, else as its
 * best translation), and gives each row a
 * `highlight`: the title and passages of the body of a translation that
 * has the words (the default locale's when it does), the words found in
 * <mark>.  Rows are otherwise GET /help_center/articles/{id}'s.
 */
#include "fb_search.h"
#include "hc_articles.h"

/*
 * The fields, as the client's table names them (snake_case, the
 * camelCase names accepted too): X(name, alias, form, kind, operators,
 * flags, choices, why, the SQL of "r has it" over the clause fc.j).
 */
#define ART_SEARCH_FIELDS(X) \
    X("id", NULL, "id", FB_SK_STRING, FB_SOPS_SET, FB_SF_BOUNDED, NULL, \
      NULL, FB_SEARCH_IN("r.id")) \
    X("help_center_id", "helpCenterId", "helpCenterId", FB_SK_STRING, \
      FB_SOPS_SET, 0, NULL, NULL, FB_SEARCH_IN("r.help_center_id")) \
    X("parent_id", "parentId", "parentId", FB_SK_STRING, FB_SOPS_SET, \
      FB_SF_NULLABLE | FB_SF_INDEXED, NULL, NULL, \
      FB_SEARCH_IN("r.parent_id")) \
    X("author_id", "authorId", "authorId", FB_SK_STRING, FB_SOPS_SET, \
      FB_SF_NULLABLE, NULL, NULL, FB_SEARCH_IN("r.author_id")) \
    X("slug", NULL, "slug", FB_SK_STRING, FB_SOPS_SET, FB_SF_BOUNDED, \
      NULL, NULL, \
      "EXISTS (SELECT 1 FROM help_center_article_translations t " \
      "  WHERE t.org_id = r.org_id AND t.article_id = r.id " \
      "  AND " FB_SEARCH_HAS_ID("t.slug") ")") \
    X("state", NULL, "state", FB_SK_ENUM, FB_SOPS_SET, FB_SF_BOUNDED, \
      fb_art_search_states, NULL, FB_SEARCH_IN("r.state")) \
    X("created_at", "createdAt", "createdAt", FB_SK_TIME, FB_SOPS_ORDER, \
      0, NULL, NULL, FB_SEARCH_TIME("r.created_at")) \
    X("updated_at", "updatedAt", "updatedAt", FB_SK_TIME, FB_SOPS_ORDER, \
      0, NULL, NULL, FB_SEARCH_TIME("r.updated_at"))

static const char *const fb_art_search_states[] = {"live", "draft", NULL};

static const fb_search_field_t fb_art_search_fields[] = {
    ART_SEARCH_FIELDS(FB_SEARCH_FIELD_ROW)
    {.name = NULL}
};

#define ART_S_HAS FB_SEARCH_HAS(ART_SEARCH_FIELDS)

/* Live articles, unless a clause names the state. */
#define ART_S_LIVE \
    "AND (r.state = 'live' " \
    "  OR coalesce(k.clauses @? '$.c[*] ? (@.f == \"state\")', false)) "


/* The walk; a collection's articles (parentId = / IN, of an AND)
 * through help_center_articles_parent, not every article of the
 * organization put to the predicate (its totalCount too). */
#define ART_S_WALK \
    "help_center_articles r, k WHERE r.org_id = k.org_id " ART_S_LIVE \
    FB_SEARCH_IX("parentId", "r.parent_id")

/* The words in the configuration of each locale the organization's help
 * center offers (availableLocales: one probe of the text index each);
 * the articles whose translations have them (live copies of live
 * articles, and drafts of drafts when the query names the state); the
 * best 200 the filter admits.  An article scores as its translation in
 * the help center's default locale when that one has the words, else as
 * its best translation that has them: only those are ranked (ts_rank
 * reads the whole vector, kept out of the row), the other matches only
 * admit their article (docs/decisions.md, "Search"). */
#define ART_S_RANKED "200"
#define ART_S_NAMES_STATE \
    "coalesce(k.clauses @? '$.c[*] ? (@.f == \"state\")', false)"
#define ART_S_ADMITTED \
    "hc_q AS (SELECT DISTINCT l AS locale, " \
    "  l = hh.default_locale AS first, " \
    "  plainto_tsquery(fb_hc_ts_config(l), k.text) AS q " \
    "  FROM k JOIN help_centers hh ON hh.org_id = k.org_id, " \
    "  unnest(hh.available_locales) l), " \
    "hc_t AS (SELECT m.article_id, m.vec, hc_q.q, hc_q.first " \
    "  FROM k, hc_q, LATERAL (" \
    "    SELECT t.article_id, t.search AS vec " \
    "    FROM help_center_article_translations t " \
    "    WHERE t.org_id = k.org_id AND t.locale = hc_q.locale " \
    "    AND t.search @@ hc_q.q " \
    "    UNION ALL " \
    "    SELECT t.article_id, t.draft_search " \
    "    FROM help_center_article_translations t " \
    "    JOIN help_center_articles x ON x.org_id = t.org_id " \
    "      AND x.id = t.article_id AND x.state = 'draft' " \
    "    WHERE " ART_S_NAMES_STATE " AND t.org_id = k.org_id " \
    "    AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q) m), " \
    "hc_m AS (SELECT m.article_id, " \
    "  round(max(ts_rank(m.vec, m.q))::numeric, 6) AS search_score " \
    "  FROM hc_t m WHERE m.first OR NOT EXISTS (SELECT 1 FROM hc_t d " \
    "    WHERE d.first AND d.article_id = m.article_id) " \
    "  GROUP BY m.article_id), " \
    "admitted AS (SELECT r.*, hc_m.search_score " \
    "  FROM hc_m, help_center_articles r, k " \
    "  WHERE r.org_id = k.org_id AND r.id = hc_m.article_id " ART_S_LIVE \
    FB_SEARCH_FILTER(ART_S_HAS) \
    "  ORDER BY hc_m.search_score DESC, r.id DESC LIMIT " ART_S_RANKED ")"

/* A draft shows its drafts, a live article its live copies. */
#define ART_S_VIEW "CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END"

/* The translation a search row's highlight is of (hd): one that has the
 * words, the default locale's first. */
#define ART_S_HIGHLIGHTED \
    "LEFT JOIN LATERAL (SELECT t.* " \
    "  FROM help_center_article_translations t " \
    "  WHERE t.org_id = r.org_id AND t.article_id = r.id " \
    "  AND k.text IS NOT NULL " \
    "  ORDER BY (CASE WHEN r.state = 'live' THEN t.search " \
    "    ELSE t.draft_search END) " \
    "    @@ plainto_tsquery(fb_hc_ts_config(t.locale), k.text) DESC, " \
    "    t.locale = h.default_locale DESC, t.locale LIMIT 1) hd ON true "

/* That translation's text col highlighted in search mode (the words
 * between \x01 and \x02), with ts_headline's options opts. */
#define ART_S_HEADLINE(col, opts) \
    "CASE WHEN hd.locale IS NOT NULL THEN ts_headline(" \
    "  fb_hc_ts_config(hd.locale), coalesce(" \
    ART_SHOWN(ART_S_VIEW, "hd", col) ", ''), " \
    "  plainto_tsquery(fb_hc_ts_config(hd.locale), k.text), " \
    "  '" opts ", StartSel=' || chr(1) || ', StopSel=' || chr(2)) END"

/* The article's columns, then the sort key and the total. */
#define ART_S_OUTER \
    "SELECT " ART_COLUMNS(ART_COL_SQL, ART_S_VIEW, \
        ART_S_HEADLINE("title", "HighlightAll=true"), \
        ART_S_HEADLINE("body_text", "MaxFragments=2, MaxWords=20, " \
                       "MinWords=8")) \
    " r.sort_key, r.search_total FROM k " ART_FROM_OF("page", ART_S_VIEW) \
    ART_S_HIGHLIGHTED

#define ART_S_WALK_PAGE(key, by, after) \
    FB_SEARCH_FILTER_PAGE("r", ART_S_WALK, ART_S_HAS, ART_S_OUTER, key, \
                          by, after)
#define ART_S_TEXT_PAGE(key, by, after) \
    FB_SEARCH_TEXT_PAGE("r", ART_S_ADMITTED, ART_S_OUTER, key, by, after)

/* created_at (help_center_articles_list), updated_at (_updated). */
#define ART_S_SORTS(name, PAGE) \
    FB_SEARCH_SORT(name##_created, PAGE, "r.created_at", "r.id", \
                   FB_SEARCH_TIME_KEY("r.created_at"), \
                   FB_SEARCH_TIME_KEY_IN); \
    FB_SEARCH_SORT(name##_updated, PAGE, "r.updated_at", "r.id", \
                   FB_SEARCH_TIME_KEY("r.updated_at"), \
                   FB_SEARCH_TIME_KEY_IN)
#define ART_S_SORT_STATEMENTS(name) \
    FB_SEARCH_SORT_STATEMENTS(name##_created), \
    FB_SEARCH_SORT_STATEMENTS(name##_updated)
#define ART_S_ORDERS(name) \
    FB_SEARCH_ORDERS("created_at", name##_created, fb_key_integer), \
    FB_SEARCH_ORDERS("updated_at", name##_updated, fb_key_integer)

ART_S_SORTS(article_search, ART_S_WALK_PAGE);
FB_SQL_WITH(article_search_count, search,
    FB_SEARCH_FILTER_COUNT("r", ART_S_WALK, ART_S_HAS));

ART_S_SORTS(article_search_text, ART_S_TEXT_PAGE);
FB_SQL_WITH(article_search_text, search,
    ART_S_TEXT_PAGE("r.search_score::text",
                    FB_SEARCH_BY_SCORE("r", "r.id"), ""));
FB_SQL_WITH(article_search_text_after, search,
    ART_S_TEXT_PAGE("r.search_score::text",
                    FB_SEARCH_BY_SCORE("r", "r.id"),
                    FB_SEARCH_AFTER_SCORE("r", "r.id")));
FB_SQL_WITH(article_search_text_count, search,
    FB_SEARCH_TEXT_COUNT(ART_S_ADMITTED));

static const fb_statement_t *const fb_art_search_statements[] = {
    ART_S_SORT_STATEMENTS(article_search), &fb_sql_article_search_count,
    ART_S_SORT_STATEMENTS(article_search_text),
    &fb_sql_article_search_text, &fb_sql_article_search_text_after,
    &fb_sql_article_search_text_count, NULL
};

static const fb_search_order_t fb_art_walk_orders[] = {
    ART_S_ORDERS(article_search), {.sort = NULL}
};
static const fb_search_order_t fb_art_text_orders[] = {
    {.sort = "", .first = &fb_sql_article_search_text,
     .after = &fb_sql_article_search_text_after,
     .key_valid = fb_search_key_score},
    ART_S_ORDERS(article_search_text), {.sort = NULL}
};

static const fb_search_set_t fb_art_filter_sets[] = {
    {.orders = fb_art_walk_orders, .count = &fb_sql_article_search_count},
    {.orders = NULL}
};

static const fb_search_set_t fb_art_text_set = {
    .orders = fb_art_text_orders,
    .count = &fb_sql_article_search_text_count
};

/* The client's sorts. */
static const char *const fb_art_search_sorts[] = {
    "created_at:desc", "created_at:asc", "updated_at:desc",
    "updated_at:asc", NULL
};

static const fb_field_rule_t fb_art_search_rules[] = {
    FB_SEARCH_BODY_RULES(fb_art_search_sorts),
    FB_SEARCH_TEXT_RULE(500),
    {.name = NULL}
};

static const fb_search_family_t fb_art_search = {
    .name = "articles.search",
    .ids = FB_CURSOR_SHORT_IDS,
    .fields = fb_art_search_fields,
    .default_sort = "created_at:desc",
    .filter = fb_art_filter_sets,
    .text = &fb_art_text_set,
    .cap = 5000,
    .text_cap = 200,
    .rows = &fb_hc_article_rows,
    .total_col = ART_NCOLS + 1,
};

static const fb_op_t fb_art_search_op = {
    .handler = fb_search_respond,
    .flags = FB_OP_BODY,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_NONE,
    .body = fb_art_search_rules,
    .data = &fb_art_search,
};

static const fb_route_t fb_art_search_routes[] = {
    {"POST", "/help_center/articles/search", &fb_art_search_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_help_center_article_search_module = {
    .name = "help_center_article_search",
    .routes = fb_art_search_routes,
    .statements = fb_art_search_statements,
};
