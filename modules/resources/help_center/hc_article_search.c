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
 * <mark>, read by a statement of their own for the rows shown.  Rows are
 * otherwise GET /help_center/articles/{id}'s.  Words without a query
 * run statements PostgreSQL plans once (the fast text set).
 */
#include "apr_hash.h"

#include "fb_json.h"
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
 * the translations that have them (live copies of live articles, and,
 * with MATCHES ART_S_WITH_DRAFTS, drafts of drafts); the best 200 of
 * the articles they find that admits (over r and k) admits.  An article
 * scores (ts_rank) as its translation in the help center's default
 * locale when that one has the words (hc_f), else as its best
 * translation that has them (docs/decisions.md, "Search"): a match in
 * another locale is ranked only when its article has none in the
 * default one.  ts_rank reads the whole vector, which sql/048 keeps in
 * the row: it is read with the row the text index points to. */
#define ART_S_RANKED "200"
#define ART_S_NAMES_STATE \
    "coalesce(k.clauses @? '$.c[*] ? (@.f == \"state\")', false)"
/* The matches, with their ranks, in the locales which ("hc_q.first" or
 * "NOT hc_q.first") says, that also (a condition on t) admits. */
#define ART_S_LIVE_MATCHES(which, also) \
    "SELECT t.article_id, ts_rank(t.search, hc_q.q) AS score " \
    "FROM k, hc_q, help_center_article_translations t " \
    "WHERE " which " AND t.org_id = k.org_id AND t.locale = hc_q.locale " \
    "AND t.search @@ hc_q.q " also
#define ART_S_WITH_DRAFTS(which, also) \
    ART_S_LIVE_MATCHES(which, also) \
    "UNION ALL " \
    "SELECT t.article_id, ts_rank(t.draft_search, hc_q.q) " \
    "FROM k, hc_q, help_center_article_translations t " \
    "JOIN help_center_articles x ON x.org_id = t.org_id " \
    "  AND x.id = t.article_id AND x.state = 'draft' " \
    "WHERE " which " AND " ART_S_NAMES_STATE " AND t.org_id = k.org_id " \
    "AND t.locale = hc_q.locale AND t.draft_search @@ hc_q.q " also
/* An article without a match in the default locale. */
#define ART_S_UNRANKED \
    "AND NOT EXISTS (SELECT 1 FROM hc_f f " \
    "  WHERE f.article_id = t.article_id) "
#define ART_S_MATCHED(MATCHES, admits) \
    "hc_q AS (SELECT DISTINCT l AS locale, " \
    "  l = hh.default_locale AS first, " \
    "  plainto_tsquery(fb_hc_ts_config(l), k.text) AS q " \
    "  FROM k JOIN help_centers hh ON hh.org_id = k.org_id, " \
    "  unnest(hh.available_locales) l), " \
    "hc_f AS MATERIALIZED (" MATCHES("hc_q.first", "") "), " \
    "hc_m AS (SELECT m.article_id, " \
    "  round(max(m.score)::numeric, 6) AS search_score " \
    "  FROM (SELECT f.article_id, f.score FROM hc_f f UNION ALL " \
    MATCHES("NOT hc_q.first", ART_S_UNRANKED) ") m " \
    "  GROUP BY m.article_id), " \
    "admitted AS (SELECT r.*, hc_m.search_score " \
    "  FROM hc_m, help_center_articles r, k " \
    "  WHERE r.org_id = k.org_id AND r.id = hc_m.article_id " admits \
    "  ORDER BY hc_m.search_score DESC, r.id DESC LIMIT " ART_S_RANKED ")"

/* With a query: drafts' matches when it names the state, live articles
 * unless it does, and what it says. */
#define ART_S_ADMITTED \
    ART_S_MATCHED(ART_S_WITH_DRAFTS, ART_S_LIVE FB_SEARCH_FILTER(ART_S_HAS))

/* Without one (the fast text set): live articles. */
#define ART_S_ADMITTED_LIVE \
    ART_S_MATCHED(ART_S_LIVE_MATCHES, "AND r.state = 'live' ")

/* A draft shows its drafts, a live article its live copies. */
#define ART_S_VIEW "CASE WHEN r.state = 'draft' THEN 'draft' ELSE 'live' END"

/* The translation a search row's highlight is of (hd): one that has the
 * words, the default locale's first. */
#define ART_S_HIGHLIGHTED \
    "LEFT JOIN LATERAL (SELECT t.* " \
    "  FROM help_center_article_translations t " \
    "  WHERE t.org_id = r.org_id AND t.article_id = r.id " \
    "  ORDER BY (CASE WHEN r.state = 'live' THEN t.search " \
    "    ELSE t.draft_search END) " \
    "    @@ plainto_tsquery(fb_hc_ts_config(t.locale), k.text) DESC, " \
    "    t.locale = h.default_locale DESC, t.locale LIMIT 1) hd ON true "

/* That translation's text col highlighted (the words between \x01 and
 * \x02), with ts_headline's options opts. */
#define ART_S_HEADLINE(col, opts) \
    "CASE WHEN hd.locale IS NOT NULL THEN ts_headline(" \
    "  fb_hc_ts_config(hd.locale), coalesce(" \
    ART_SHOWN(ART_S_VIEW, "hd", col) ", ''), " \
    "  plainto_tsquery(fb_hc_ts_config(hd.locale), k.text), " \
    "  '" opts ", StartSel=' || chr(1) || ', StopSel=' || chr(2)) END"

/* The article's columns, then the sort key and the total; the highlights
 * are read apart, for the rows shown (fb_art_search_highlights). */
#define ART_S_OUTER \
    "SELECT " ART_COLUMNS(ART_COL_SQL, ART_S_VIEW, "NULL::text", \
                          "NULL::text") \
    " r.sort_key, r.search_total FROM k " ART_FROM_OF("page", ART_S_VIEW)

/* The highlights of the articles ids (a JSON array) for the text: the
 * title and two passages of the body (ts_headline is the dearest part
 * of a search: only the rows a page shows are highlighted, not the 200
 * ranked nor the one more read to know whether a page follows). */
FB_PARAMS(article_search_highlights, (text, ids));
FB_SQL_WITH(article_search_highlights, article_search_highlights,
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, "
    "  %s::text AS text, %s::jsonb AS ids) "
    "SELECT r.id, "
    ART_S_HEADLINE("title", "HighlightAll=true") ", "
    ART_S_HEADLINE("body_text", "MaxFragments=2, MaxWords=20, MinWords=8")
    " FROM k CROSS JOIN LATERAL jsonb_array_elements_text(k.ids) p(id) "
    "JOIN help_center_articles r ON r.org_id = k.org_id AND r.id = p.id "
    "JOIN help_centers h ON h.org_id = r.org_id "
    "  AND h.id = r.help_center_id " ART_S_HIGHLIGHTED);

#define ART_S_WALK_PAGE(key, by, after) \
    FB_SEARCH_FILTER_PAGE("r", ART_S_WALK, ART_S_HAS, ART_S_OUTER, key, \
                          by, after)
#define ART_S_TEXT_PAGE(key, by, after) \
    FB_SEARCH_TEXT_PAGE("r", ART_S_ADMITTED, ART_S_OUTER, key, by, after)
#define ART_S_LIVE_PAGE(key, by, after) \
    FB_SEARCH_TEXT_PAGE_OF(FB_SEARCH_TEXT_ARGS, "r", ART_S_ADMITTED_LIVE, \
                           ART_S_OUTER, key, by, after)

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

/* The fast text set: the words without a query, by relevance. */
FB_SQL_WITH(article_search_live, search_text,
    ART_S_LIVE_PAGE("r.search_score::text",
                    FB_SEARCH_BY_SCORE("r", "r.id"), ""));
FB_SQL_WITH(article_search_live_after, search_text,
    ART_S_LIVE_PAGE("r.search_score::text",
                    FB_SEARCH_BY_SCORE("r", "r.id"),
                    FB_SEARCH_AFTER_SCORE("r", "r.id")));
FB_SQL_WITH(article_search_live_count, search_text,
    FB_SEARCH_TEXT_COUNT_OF(FB_SEARCH_TEXT_ARGS, ART_S_ADMITTED_LIVE));

static const fb_statement_t *const fb_art_search_statements[] = {
    ART_S_SORT_STATEMENTS(article_search), &fb_sql_article_search_count,
    ART_S_SORT_STATEMENTS(article_search_text),
    &fb_sql_article_search_text, &fb_sql_article_search_text_after,
    &fb_sql_article_search_text_count, &fb_sql_article_search_live,
    &fb_sql_article_search_live_after, &fb_sql_article_search_live_count,
    &fb_sql_article_search_highlights, NULL
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

static const fb_search_order_t fb_art_live_orders[] = {
    {.sort = "", .first = &fb_sql_article_search_live,
     .after = &fb_sql_article_search_live_after,
     .key_valid = fb_search_key_score},
    {.sort = NULL}
};

static const fb_search_set_t fb_art_live_set = {
    .orders = fb_art_live_orders,
    .count = &fb_sql_article_search_live_count
};

/* The highlights of the rows shown, into their highlight columns (the
 * page's statement leaves them NULL): one statement for the page's ids,
 * in search mode. */
static fb_error_t *fb_art_search_highlights(fb_req_t *fr,
                                            const fb_rows_t *rows)
{
    const char *search = fb_json_string(fr->body, "search");
    json_object *ids;
    apr_hash_t *at;
    fb_rows_t found;
    fb_error_t *err;
    int i;

    if (search == NULL || rows->nrows == 0) {
        return NULL;
    }
    ids = fb_json_owned(fr->pool, json_object_new_array());
    at = apr_hash_make(fr->pool);
    for (i = 0; i < rows->nrows; i++) {
        const char **row = rows->cells + (apr_size_t)i * rows->ncols;

        json_object_array_add(ids,
                              json_object_new_string(row[ART_COL_ID]));
        apr_hash_set(at, row[ART_COL_ID], APR_HASH_KEY_STRING, row);
    }
    if ((err = fb_req_select(fr, FB_CALL(article_search_highlights,
                                         .text = search,
                                         .ids = fb_json_text(fr->pool, ids)),
                             &found)) != NULL) {
        return err;
    }
    for (i = 0; i < found.nrows; i++) {
        const char **row = apr_hash_get(at, fb_rows_get(&found, i, 0),
                                        APR_HASH_KEY_STRING);

        if (row != NULL) {
            row[ART_COL_HL_TITLE] = fb_rows_get(&found, i, 1);
            row[ART_COL_HL_BODY] = fb_rows_get(&found, i, 2);
        }
    }
    return NULL;
}

/* A search's rows: an article as GET shows it, with its highlight. */
static const fb_list_rows_t fb_art_search_rows = {
    .members = fb_hc_article_members, .json_size = 4096,
    .key_col = ART_NCOLS, .id_col = ART_COL_ID,
    .prepare = fb_art_search_highlights,
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
    .text_fast = &fb_art_live_set,
    .cap = 5000,
    .text_cap = 200,
    .rows = &fb_art_search_rows,
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
