/*
 * help_pages: the public help center's handler (help_pages.h): which
 * help center a request is for, which page it asks, the statements that
 * read it, the page cache, and the answer's headers.
 */
#include <stdlib.h>
#include <string.h>

#include "apr_atomic.h"
#include "apr_escape.h"
#include "apr_lib.h"
#include "apr_strings.h"
#include "http_protocol.h"
#include "http_request.h"

#include "fb_config.h"
#include "fb_dbd.h"
#include "fb_etag.h"
#include "fb_limits.h"
#include "fb_log.h"
#include "fb_utf8.h"
#include "fb_vcache.h"
#include "help_pages.h"

/* ---- statements ------------------------------------------------------ */

/* A help center, one row per locale it has texts in. */
#define HP_SITE_SELECT \
    "SELECT h.org_id, h.id, h.is_public, h.hide_author_info, " \
    "  h.hide_date_info, h.default_locale, h.available_locales::text, " \
    "  h.subpath, h.external_domain, t.locale, t.display_name, t.title, " \
    "  t.description, t.search_placeholder, t.nav_items::text " \
    "FROM help_centers h LEFT JOIN help_center_translations t " \
    "  ON t.org_id = h.org_id AND t.help_center_id = h.id "

enum {
    HP_SITE_ORG, HP_SITE_ID, HP_SITE_PUBLIC, HP_SITE_HIDE_AUTHOR,
    HP_SITE_HIDE_DATE, HP_SITE_DEFAULT, HP_SITE_LOCALES, HP_SITE_SUBPATH,
    HP_SITE_DOMAIN, HP_SITE_T_LOCALE, HP_SITE_T_NAME, HP_SITE_T_TITLE,
    HP_SITE_T_DESCRIPTION, HP_SITE_T_PLACEHOLDER, HP_SITE_T_NAV
};

/* Across organizations: the host finds the organization, as an API key
 * does (the domain is unique, sql/038). */
FB_SQL_GLOBAL(hp_site_domain, 1,
    HP_SITE_SELECT "WHERE h.external_domain = %s");
FB_SQL(hp_site_org, 0, HP_SITE_SELECT "WHERE h.org_id = %s");

/* Across organizations: those whose own portal URL is at the host
 * (sql/042), the longest URL first (a path under another's). */
FB_SQL_GLOBAL(hp_site_portal, 1,
    "SELECT o.id, o.portal_url FROM organizations o "
    "WHERE fb_url_host(o.portal_url) = %s AND o.portal_url IS NOT NULL "
    "ORDER BY length(o.portal_url) DESC, o.id LIMIT 20");

/* An article is public when it is live and published in the locale; its
 * live copy (live_*) is what readers see, never the draft's texts. */
#define HP_LIVE(a, t) \
    a ".state = 'live' AND " t ".org_id = k.org_id AND " t \
    ".article_id = " a ".id AND " t ".locale = k.locale AND " t \
    ".published_at IS NOT NULL"

FB_PARAMS(hp_center, (hc, locale));
FB_PARAMS(hp_under, (hc, locale, parent));
FB_PARAMS(hp_slug, (hc, locale, slug));

/* Collections with their live articles counted through their whole
 * subtree (depth bounded: the API keeps the tree shallow and acyclic),
 * in order; only those named in the locale. */
#define HP_COLLECTIONS(args, where) \
    "WITH RECURSIVE k AS NOT MATERIALIZED (SELECT %s::text AS org_id, " \
    args "), " \
    "tops AS (SELECT c.id, c.icon_type, c.icon_value, c.position, " \
    "  c.created_at FROM k, help_center_collections c " \
    "  WHERE c.org_id = k.org_id AND " where "), " \
    "tree AS (SELECT tops.id AS top, tops.id, 0 AS depth FROM tops " \
    "  UNION ALL SELECT tree.top, c.id, tree.depth + 1 " \
    "  FROM tree, k, help_center_collections c " \
    "  WHERE c.org_id = k.org_id AND c.parent_id = tree.id " \
    "    AND tree.depth < 32), " \
    "counts AS (SELECT tree.top, count(*) AS n " \
    "  FROM tree, k, help_center_articles a, " \
    "    help_center_article_translations t " \
    "  WHERE a.org_id = k.org_id AND a.parent_id = tree.id AND " \
    HP_LIVE("a", "t") " GROUP BY tree.top) " \
    "SELECT tops.id, ct.name, ct.description, ct.slug, tops.icon_type, " \
    "  tops.icon_value, coalesce(counts.n, 0) " \
    "FROM tops JOIN k ON true " \
    "JOIN help_center_collection_translations ct " \
    "  ON ct.org_id = k.org_id AND ct.collection_id = tops.id " \
    "  AND ct.locale = k.locale " \
    "LEFT JOIN counts ON counts.top = tops.id " \
    "ORDER BY tops.position NULLS LAST, tops.created_at, tops.id"

FB_SQL_WITH(hp_top, hp_center,
    HP_COLLECTIONS("%s::text AS hc, %s::text AS locale",
                   "c.help_center_id = k.hc AND c.parent_id IS NULL"));
FB_SQL_WITH(hp_children, hp_under,
    HP_COLLECTIONS("%s::text AS hc, %s::text AS locale, "
                   "%s::text AS parent",
                   "c.parent_id = k.parent AND c.help_center_id = k.hc"));

enum {
    HP_C_ID, HP_C_NAME, HP_C_DESCRIPTION, HP_C_SLUG, HP_C_ICON_TYPE,
    HP_C_ICON_VALUE, HP_C_COUNT
};

/* Live articles, in order (a collection holds at most this many on its
 * page). */
#define HP_ARTICLES(args, where) \
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, " args ") " \
    "SELECT a.id, t.live_title, t.live_description, t.slug " \
    "FROM k, help_center_articles a, help_center_article_translations t " \
    "WHERE a.org_id = k.org_id AND " where " AND " HP_LIVE("a", "t") " " \
    "ORDER BY a.position NULLS LAST, a.created_at, a.id LIMIT 1000"

FB_SQL_WITH(hp_root_articles, hp_center,
    HP_ARTICLES("%s::text AS hc, %s::text AS locale",
                "a.help_center_id = k.hc AND a.parent_id IS NULL"));
FB_SQL_WITH(hp_articles_in, hp_under,
    HP_ARTICLES("%s::text AS hc, %s::text AS locale, %s::text AS parent",
                "a.parent_id = k.parent AND a.help_center_id = k.hc"));

enum { HP_A_ID, HP_A_TITLE, HP_A_DESCRIPTION, HP_A_SLUG };

/* The collections above parent (parent itself included), from the top;
 * a name NULL where one has no text in the locale. */
FB_SQL_WITH(hp_trail, hp_under,
    "WITH RECURSIVE k AS NOT MATERIALIZED (SELECT %s::text AS org_id, "
    "  %s::text AS hc, %s::text AS locale, %s::text AS parent), "
    "up AS (SELECT c.id, c.parent_id, 0 AS depth "
    "  FROM k, help_center_collections c "
    "  WHERE c.org_id = k.org_id AND c.id = k.parent "
    "    AND c.help_center_id = k.hc "
    "  UNION ALL SELECT c.id, c.parent_id, up.depth + 1 "
    "  FROM up, k, help_center_collections c "
    "  WHERE c.org_id = k.org_id AND c.id = up.parent_id AND up.depth < 32) "
    "SELECT up.id, ct.name, NULL::text, ct.slug FROM up JOIN k ON true "
    "LEFT JOIN help_center_collection_translations ct "
    "  ON ct.org_id = k.org_id AND ct.collection_id = up.id "
    "  AND ct.locale = k.locale "
    "ORDER BY up.depth DESC");

/* An article by its slug in the locale, when public. */
FB_SQL_WITH(hp_article, hp_slug,
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, "
    "  %s::text AS hc, %s::text AS locale, %s::text AS slug) "
    "SELECT a.id, t.live_title, t.live_description, t.live_body, "
    "  to_char(coalesce(a.live_updated_at, t.published_at) "
    "          AT TIME ZONE 'UTC', 'YYYY-MM-DD'), "
    "  ad.name, a.parent_id "
    "FROM k JOIN help_center_article_translations t "
    "  ON t.org_id = k.org_id AND t.locale = k.locale AND t.slug = k.slug "
    "JOIN help_center_articles a "
    "  ON a.org_id = k.org_id AND a.id = t.article_id "
    "LEFT JOIN admins ad ON ad.org_id = k.org_id AND ad.id = a.author_id "
    "WHERE a.help_center_id = k.hc AND " HP_LIVE("a", "t"));

enum {
    HP_ART_ID, HP_ART_TITLE, HP_ART_DESCRIPTION, HP_ART_BODY,
    HP_ART_UPDATED, HP_ART_AUTHOR, HP_ART_PARENT
};

/* A collection by its slug in the locale. */
FB_SQL_WITH(hp_collection, hp_slug,
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, "
    "  %s::text AS hc, %s::text AS locale, %s::text AS slug) "
    "SELECT c.id, ct.name, ct.description, ct.slug, c.icon_type, "
    "  c.icon_value, NULL::bigint, c.parent_id "
    "FROM k JOIN help_center_collection_translations ct "
    "  ON ct.org_id = k.org_id AND ct.locale = k.locale "
    "  AND ct.slug = k.slug "
    "JOIN help_center_collections c "
    "  ON c.org_id = k.org_id AND c.id = ct.collection_id "
    "WHERE c.help_center_id = k.hc");

/* Its columns: a collection's (HP_C_*, no count), then its parent. */
enum { HP_COL_PARENT = HP_C_COUNT + 1 };

/* The current slug of what once had slug in the locale: ("articles" or
 * "collections", slug), the slug NULL when it is no longer public. */
FB_SQL_WITH(hp_old_slug, hp_slug,
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, "
    "  %s::text AS hc, %s::text AS locale, %s::text AS slug) "
    "SELECT CASE WHEN o.article_id IS NOT NULL THEN 'articles' "
    "  ELSE 'collections' END, coalesce(t.slug, ct.slug) "
    "FROM k JOIN help_center_old_slugs o "
    "  ON o.org_id = k.org_id AND o.locale = k.locale AND o.slug = k.slug "
    "LEFT JOIN (help_center_articles a JOIN help_center_article_translations "
    "  t ON t.org_id = a.org_id AND t.article_id = a.id "
    "  AND t.published_at IS NOT NULL) "
    "  ON a.org_id = k.org_id AND a.id = o.article_id "
    "  AND a.help_center_id = k.hc AND a.state = 'live' "
    "  AND t.locale = k.locale "
    "LEFT JOIN (help_center_collections c "
    "  JOIN help_center_collection_translations ct "
    "  ON ct.org_id = c.org_id AND ct.collection_id = c.id) "
    "  ON c.org_id = k.org_id AND c.id = o.collection_id "
    "  AND c.help_center_id = k.hc AND ct.locale = k.locale");

/* The page of a redirect rule whose fromUrl is the request's URL (its
 * host and path, over https or http): (locale, "articles" or
 * "collections", slug), the slug NULL when the target is not public. */
FB_SQL_NAMED(hp_redirect, (hc, address),
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, "
    "  %s::text AS hc, %s::text AS address) "
    "SELECT r.locale, r.target_type || 's', coalesce(t.slug, ct.slug) "
    "FROM k JOIN help_center_redirect_rules r "
    "  ON r.org_id = k.org_id "
    "  AND r.from_url IN ('https://' || k.address, 'http://' || k.address) "
    "  AND r.help_center_id = k.hc "
    "LEFT JOIN (help_center_articles a JOIN help_center_article_translations "
    "  t ON t.org_id = a.org_id AND t.article_id = a.id "
    "  AND t.published_at IS NOT NULL) "
    "  ON r.target_type = 'article' AND a.org_id = k.org_id "
    "  AND a.id = r.target_id AND a.state = 'live' AND t.locale = r.locale "
    "LEFT JOIN (help_center_collections c "
    "  JOIN help_center_collection_translations ct "
    "  ON ct.org_id = c.org_id AND ct.collection_id = c.id) "
    "  ON r.target_type = 'collection' AND c.org_id = k.org_id "
    "  AND c.id = r.target_id AND ct.locale = r.locale "
    "ORDER BY r.from_url DESC LIMIT 1");

/* The locales an article is public in, with its slug in each. */
FB_SQL(hp_article_locales, 1,
    "SELECT t.locale, t.slug FROM help_center_article_translations t "
    "WHERE t.org_id = %s AND t.article_id = %s "
    "  AND t.published_at IS NOT NULL");
FB_SQL(hp_collection_locales, 1,
    "SELECT ct.locale, ct.slug FROM help_center_collection_translations ct "
    "WHERE ct.org_id = %s AND ct.collection_id = %s");

/* Full text over the live copies in the locale, best first, with a
 * snippet whose matches are marked by the bytes 1 and 2 (escaped and
 * made <mark> by fb_htmlw_marked, never trusted as markup); a page of
 * 20 and one more (whether there is a next page), after the keyset
 * (after_score, after_id) of the last one shown when there is one (the
 * score is ts_rank's real, whose text reads back as the same value). */
#define HP_SEARCH_PAGE 20
FB_SQL_NAMED(hp_search, (hc, locale, q, after_score, after_id),
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, "
    "  %s::text AS hc, %s::text AS locale, %s::text AS q, "
    "  %s::real AS after_score, %s::text AS after_id), "
    "w AS NOT MATERIALIZED (SELECT websearch_to_tsquery("
    "  fb_hc_ts_config(k.locale), k.q) AS query FROM k), "
    "m AS NOT MATERIALIZED (SELECT a.id, t.live_title, t.slug, "
    "  t.live_body_text, ts_rank(t.search, w.query) AS score "
    "  FROM k, w, help_center_article_translations t, "
    "    help_center_articles a "
    "  WHERE t.org_id = k.org_id AND t.locale = k.locale "
    "  AND t.search @@ w.query AND a.org_id = k.org_id "
    "  AND a.id = t.article_id AND a.help_center_id = k.hc "
    "  AND a.state = 'live') "
    "SELECT m.id, m.live_title, NULL::text, m.slug, "
    "  ts_headline(fb_hc_ts_config(k.locale), m.live_body_text, w.query, "
    "    'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', "
    "MaxWords=30, MinWords=12, MaxFragments=2, "
    "FragmentDelimiter=\" ' || chr(8230) || ' \"'), m.score::text "
    "FROM m, k, w "
    "WHERE k.after_score IS NULL OR m.score < k.after_score "
    "  OR (m.score = k.after_score AND m.id > k.after_id) "
    "ORDER BY m.score DESC, m.id LIMIT 21");

/* Every public page, for the sitemap. */
FB_SQL(hp_sitemap, 1,
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, "
    "  %s::text AS hc) "
    "(SELECT 'articles', t.locale, t.slug, "
    "   to_char(coalesce(a.live_updated_at, t.published_at) "
    "           AT TIME ZONE 'UTC', 'YYYY-MM-DD') "
    " FROM k, help_center_articles a, help_center_article_translations t "
    " WHERE a.org_id = k.org_id AND a.help_center_id = k.hc "
    "   AND a.state = 'live' AND t.org_id = k.org_id "
    "   AND t.article_id = a.id AND t.published_at IS NOT NULL "
    " LIMIT 25000) "
    "UNION ALL "
    "(SELECT 'collections', ct.locale, ct.slug, NULL "
    " FROM k, help_center_collections c, "
    "   help_center_collection_translations ct "
    " WHERE c.org_id = k.org_id AND c.help_center_id = k.hc "
    "   AND ct.org_id = k.org_id AND ct.collection_id = c.id "
    " LIMIT 25000)");

const fb_statement_t *const fb_help_pages_statements[] = {
    &fb_sql_hp_site_domain, &fb_sql_hp_site_org, &fb_sql_hp_site_portal,
    &fb_sql_hp_top,
    &fb_sql_hp_children, &fb_sql_hp_root_articles, &fb_sql_hp_articles_in,
    &fb_sql_hp_trail, &fb_sql_hp_article, &fb_sql_hp_collection,
    &fb_sql_hp_old_slug, &fb_sql_hp_redirect, &fb_sql_hp_article_locales,
    &fb_sql_hp_collection_locales, &fb_sql_hp_search, &fb_sql_hp_sitemap,
    NULL
};

/* ---- answers and the page cache -------------------------------------- */

/* An answer: a page or a redirect.  Cached as one malloc() block (the
 * strings follow the struct). */
typedef struct {
    int status;
    const char *type;               /* Content-Type */
    const char *location;           /* redirects: path-absolute */
    const char *language;           /* Content-Language, or NULL */
    const char *etag;
    const char *body;
    apr_size_t len;
    /* Cached: when it was made, and whether a request is making it
     * again (one does, the others answer this one meanwhile). */
    apr_time_t made;
    volatile apr_uint32_t renewing;
} fb_hp_answer_t;

/*
 * Pages kept per child (help_cache_ttl); when full, all are dropped.
 * Each key has one version (FB_HP_CACHED): an answer is fresh for the
 * time-to-live after it was made; then the first request to see it
 * stale makes it again while the others go on answering it, so that a
 * popular page never sends every reader to the database at once, and a
 * database that fails meanwhile leaves the stale page answered.
 */
#define FB_HP_CACHE_ENTRIES 4096
#define FB_HP_CACHED 1

static fb_vcache_t *fb_hp_cache;

void fb_help_pages_child_init(apr_pool_t *pchild)
{
    if (fb_vcache_create(pchild, FB_HP_CACHE_ENTRIES, &fb_hp_cache)
        != APR_SUCCESS) {
        fb_hp_cache = NULL;
    }
}

void fb_help_pages_post_config(apr_pool_t *pconf)
{
    fb_hp_render_init(pconf);
}

/* A copy of a into one malloc() block, for the cache; NULL without
 * memory. */
static fb_hp_answer_t *fb_hp_answer_copy(const fb_hp_answer_t *a)
{
    const char *const *from[] = {&a->type, &a->location, &a->language,
                                 &a->etag};
    apr_size_t need = sizeof(*a) + a->len + 1, i, n;
    fb_hp_answer_t *c;
    char *at;

    for (i = 0; i < sizeof(from) / sizeof(from[0]); i++) {
        need += *from[i] != NULL ? strlen(*from[i]) + 1 : 0;
    }
    if ((c = malloc(need)) == NULL) {
        return NULL;
    }
    *c = *a;
    at = (char *)(c + 1);
    memcpy(at, a->body, a->len);
    at[a->len] = '\0';
    c->body = at;
    at += a->len + 1;
    {
        const char **to[] = {&c->type, &c->location, &c->language,
                             &c->etag};

        for (i = 0; i < sizeof(to) / sizeof(to[0]); i++) {
            if (*from[i] != NULL) {
                n = strlen(*from[i]) + 1;
                memcpy(at, *from[i], n);
                *to[i] = at;
                at += n;
            }
        }
    }
    return c;
}

/* Writes an answer, or 304 when the client has its tag. */
static int fb_hp_send(request_rec *r, const fb_hp_answer_t *a, int ttl)
{
    const char *inm = apr_table_get(r->headers_in, "If-None-Match");

    apr_table_setn(r->headers_out, "Content-Security-Policy", fb_hp_csp());
    apr_table_setn(r->headers_out, "X-Content-Type-Options", "nosniff");
    apr_table_setn(r->headers_out, "Referrer-Policy",
                   "strict-origin-when-cross-origin");
    apr_table_setn(r->headers_out, "Cache-Control",
                   a->status != HTTP_OK || ttl == 0
                   ? "no-cache"
                   : apr_psprintf(r->pool, "public, max-age=%d", ttl));
    if (a->language != NULL) {
        apr_table_setn(r->headers_out, "Content-Language", a->language);
    }
    if (a->location != NULL) {
        apr_table_setn(r->headers_out, "Location", a->location);
        r->status = a->status;
        ap_set_content_length(r, 0);
        return OK;
    }
    if (a->etag != NULL) {
        apr_table_setn(r->headers_out, "ETag", a->etag);
        if (a->status == HTTP_OK && inm != NULL
            && fb_etag_matches(inm, a->etag, 1)) {
            r->status = HTTP_NOT_MODIFIED;
            return OK;
        }
    }
    r->status = a->status;
    if (a->type != NULL) {
        ap_set_content_type(r, a->type);
    }
    ap_set_content_length(r, (apr_off_t)a->len);
    if (!r->header_only) {
        ap_rwrite(a->body, (int)a->len, r);
    }
    return OK;
}

/* ---- reading --------------------------------------------------------- */

/* What one request reads through: its connection and pool. */
typedef struct {
    request_rec *r;
    apr_pool_t *pool;
    const fb_server_conf_t *conf;
    fb_db_t *db;
    int failed;                     /* a statement failed: 503 */
    fb_hp_site_t *site;
} fb_hp_req_t;

static fb_rows_t fb_hp_select(fb_hp_req_t *hr, const fb_statement_t *st,
                              fb_args_t args)
{
    fb_rows_t rows = {.nrows = 0, .ncols = 0, .cells = NULL};

    if (hr->failed) {
        return rows;
    }
    if (fb_db_select(hr->db, hr->pool, st,
                     st->scoped ? hr->site->org : NULL, args, &rows)
        != APR_SUCCESS) {
        ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, hr->r, FBLOGNO(00700)
                      "help center page %s: statement %s failed: %s",
                      hr->r->uri, st->label,
                      hr->db->error != NULL ? hr->db->error : "?");
        hr->failed = 1;
        rows.nrows = 0;
    }
    return rows;
}

/* The links of rows (columns as the HP_C_ enum; articles' rows have
 * their first four). */
static apr_array_header_t *fb_hp_links(apr_pool_t *p, const fb_rows_t *rows)
{
    apr_array_header_t *out = apr_array_make(p, rows->nrows + 1,
                                             sizeof(fb_hp_link_t));
    int i;

    for (i = 0; i < rows->nrows; i++) {
        fb_hp_link_t *l = apr_array_push(out);

        *l = (fb_hp_link_t){
            .id = fb_rows_get(rows, i, HP_C_ID),
            .title = fb_rows_get(rows, i, HP_C_NAME),
            .description = fb_rows_get(rows, i, HP_C_DESCRIPTION),
            .slug = fb_rows_get(rows, i, HP_C_SLUG),
            .icon_type = rows->ncols > HP_C_COUNT
                         ? fb_rows_get(rows, i, HP_C_ICON_TYPE) : NULL,
            .icon_value = rows->ncols > HP_C_COUNT
                          ? fb_rows_get(rows, i, HP_C_ICON_VALUE) : NULL,
            .count = rows->ncols > HP_C_COUNT
                     ? fb_rows_get(rows, i, HP_C_COUNT) : NULL,
        };
    }
    return out;
}

/* The site of the rows of hp_site_*: NULL when there are none. */
static fb_hp_site_t *fb_hp_site_of(apr_pool_t *p, const fb_rows_t *rows)
{
    fb_hp_site_t *site;
    int i;

    if (rows->nrows == 0) {
        return NULL;
    }
    site = apr_pcalloc(p, sizeof(*site));
    site->org = fb_rows_get(rows, 0, HP_SITE_ORG);
    site->id = fb_rows_get(rows, 0, HP_SITE_ID);
    site->is_public = strcmp(fb_rows_get(rows, 0, HP_SITE_PUBLIC), "t") == 0;
    site->hide_author = strcmp(fb_rows_get(rows, 0, HP_SITE_HIDE_AUTHOR),
                               "t") == 0;
    site->hide_date = strcmp(fb_rows_get(rows, 0, HP_SITE_HIDE_DATE),
                             "t") == 0;
    site->default_locale = fb_rows_get(rows, 0, HP_SITE_DEFAULT);
    site->external_domain = fb_rows_get(rows, 0, HP_SITE_DOMAIN);
    if (fb_db_array_parse(p, fb_rows_get(rows, 0, HP_SITE_LOCALES),
                          &site->locales) != APR_SUCCESS) {
        site->locales = apr_array_make(p, 1, sizeof(const char *));
        APR_ARRAY_PUSH(site->locales, const char *) = site->default_locale;
    }
    site->texts = apr_array_make(p, rows->nrows, sizeof(fb_hp_texts_t));
    for (i = 0; i < rows->nrows; i++) {
        if (fb_rows_get(rows, i, HP_SITE_T_LOCALE) != NULL) {
            *(fb_hp_texts_t *)apr_array_push(site->texts) = (fb_hp_texts_t){
                .locale = fb_rows_get(rows, i, HP_SITE_T_LOCALE),
                .display_name = fb_rows_get(rows, i, HP_SITE_T_NAME),
                .title = fb_rows_get(rows, i, HP_SITE_T_TITLE),
                .description = fb_rows_get(rows, i, HP_SITE_T_DESCRIPTION),
                .search_placeholder = fb_rows_get(rows, i,
                                                  HP_SITE_T_PLACEHOLDER),
                .nav_items = fb_rows_get(rows, i, HP_SITE_T_NAV),
            };
        }
    }
    return site;
}

/* Non-zero when s is an organization id as the template may carry. */
static int fb_hp_org_ok(const char *s, apr_size_t n)
{
    apr_size_t i;

    if (n == 0 || n > 64) {
        return 0;
    }
    for (i = 0; i < n; i++) {
        if (!apr_isalnum(s[i]) && s[i] != '-' && s[i] != '_') {
            return 0;
        }
    }
    return 1;
}

/*
 * The organization a portal URL template (FeedbackPortalURL) gives to
 * host and path, and the portal's path (*portal, "" or "/<org>..."),
 * its origin (*origin: scheme and host); NULL when they are not one of
 * its URLs.  %{org} may be in the host ("https://%{org}.example.com")
 * or in the path ("https://example.com/%{org}").
 */
static const char *fb_hp_portal_org(apr_pool_t *p, const char *tpl,
                                    const char *host, const char *path,
                                    const char **portal, const char **origin)
{
    const char *scheme_end = strstr(tpl, "://");
    const char *t_host, *t_path, *mark;
    apr_size_t hlen, pre, post;

    if (scheme_end == NULL || (mark = strstr(tpl, "%{org}")) == NULL) {
        return NULL;
    }
    t_host = scheme_end + 3;
    t_path = strchr(t_host, '/');
    if (t_path == NULL) {
        t_path = t_host + strlen(t_host);
    }
    hlen = (apr_size_t)(t_path - t_host);
    if (mark < t_path) {
        /* In the host: what is around it must be around the org. */
        const char *h_end = memchr(t_host, ':', hlen) != NULL
                            ? memchr(t_host, ':', hlen) : t_path;
        apr_size_t hl = strlen(host), n;

        pre = (apr_size_t)(mark - t_host);
        post = (apr_size_t)(h_end - (mark + 6));
        if (hl <= pre + post || strncasecmp(host, t_host, pre) != 0
            || strncasecmp(host + hl - post, mark + 6, post) != 0) {
            return NULL;
        }
        n = hl - pre - post;
        if (!fb_hp_org_ok(host + pre, n)) {
            return NULL;
        }
        *portal = apr_pstrcat(p, t_path, NULL);
        *origin = apr_pstrcat(p, apr_pstrmemdup(p, tpl, t_host - tpl),
                              host, NULL);
        {
            apr_size_t pl = strlen(*portal);

            while (pl > 0 && (*portal)[pl - 1] == '/') {
                pl--;
            }
            *portal = apr_pstrmemdup(p, *portal, pl);
        }
        return apr_pstrmemdup(p, host + pre, n);
    }
    else {
        /* In the path: the host is the template's, the path starts with
         * what comes before %{org}; the org runs to the next '/'. */
        const char *h_end = memchr(t_host, ':', hlen) != NULL
                            ? memchr(t_host, ':', hlen) : t_path;
        const char *org_at, *org_end, *after = mark + 6;
        apr_size_t n, alen = strlen(after);

        while (alen > 0 && after[alen - 1] == '/') {
            alen--;
        }
        pre = (apr_size_t)(mark - t_path);
        if (strlen(host) != (apr_size_t)(h_end - t_host)
            || strncasecmp(host, t_host, (apr_size_t)(h_end - t_host)) != 0
            || strncmp(path, t_path, pre) != 0) {
            return NULL;
        }
        org_at = path + pre;
        org_end = strchr(org_at, '/');
        n = org_end != NULL ? (apr_size_t)(org_end - org_at)
                            : strlen(org_at);
        if (!fb_hp_org_ok(org_at, n)
            || strncmp(org_at + n, after, alen) != 0) {
            return NULL;
        }
        *portal = apr_pstrmemdup(p, path, pre + n + alen);
        *origin = apr_pstrmemdup(p, tpl, (apr_size_t)(h_end - tpl));
        return apr_pstrmemdup(p, org_at, n);
    }
}

/*
 * The organization whose own portal URL (organizations.portal_url, set
 * through the API) is at host, its path (trailing '/' aside) the start
 * of path up to a '/': its id, the URL's path (*portal) and origin
 * (*origin, scheme and host as the URL has them); NULL when none is.
 */
static const char *fb_hp_own_portal(fb_hp_req_t *hr, const char *host,
                                    const char *path, const char **portal,
                                    const char **origin)
{
    char *lower = apr_pstrdup(hr->pool, host);
    fb_rows_t rows;
    int i;

    ap_str_tolower(lower);
    rows = fb_hp_select(hr, &fb_sql_hp_site_portal, FB_ARGS(lower));
    for (i = 0; i < rows.nrows; i++) {
        const char *url = fb_rows_get(&rows, i, 1);
        const char *h = strstr(url, "://"), *at, *end;
        apr_size_t n;

        if (h == NULL) {
            continue;
        }
        at = h + 3 + strcspn(h + 3, "/?#");
        end = at + strcspn(at, "?#");
        n = (apr_size_t)(end - at);
        while (n > 0 && at[n - 1] == '/') {
            n--;
        }
        if (strncmp(path, at, n) != 0 || path[n] != '/') {
            continue;
        }
        *portal = apr_pstrmemdup(hr->pool, at, n);
        *origin = apr_pstrmemdup(hr->pool, url, (apr_size_t)(at - url));
        return fb_rows_get(&rows, i, 0);
    }
    return NULL;
}

/* The help center of the request, and the rest of its path after where
 * the pages start (*rest); NULL when there is none at this address. */
static fb_hp_site_t *fb_hp_find_site(fb_hp_req_t *hr, const char *path,
                                     const char **rest)
{
    request_rec *r = hr->r;
    const char *host = r->hostname != NULL ? r->hostname : "";
    fb_hp_site_t *site;
    fb_rows_t rows;

    if (hr->conf->help_hosts == FB_HELP_HOSTS_EXTERNAL) {
        char *lower = apr_pstrdup(hr->pool, host);

        ap_str_tolower(lower);
        rows = fb_hp_select(hr, &fb_sql_hp_site_domain, FB_ARGS(lower));
        if ((site = fb_hp_site_of(hr->pool, &rows)) == NULL) {
            return NULL;
        }
        site->base = "";
        site->canonical = apr_pstrcat(hr->pool, "https://",
                                      site->external_domain, NULL);
        *rest = path;
        return site;
    }
    else {
        const char *portal, *origin, *org, *sub;
        apr_size_t plen, slen;
        fb_hp_site_t probe = {.org = NULL};

        /* The hosting provider's URLs (the template), then the
         * organizations' own. */
        org = fb_hp_portal_org(hr->pool, hr->conf->portal_url, host, path,
                               &portal, &origin);
        if (org == NULL && !fb_utf8_valid(host, strlen(host))) {
            return NULL;
        }
        if (org == NULL
            && (org = fb_hp_own_portal(hr, host, path, &portal, &origin))
               == NULL) {
            return NULL;
        }
        probe.org = org;
        hr->site = &probe;
        rows = fb_hp_select(hr, &fb_sql_hp_site_org, FB_NO_ARGS);
        hr->site = NULL;
        if ((site = fb_hp_site_of(hr->pool, &rows)) == NULL) {
            return NULL;
        }
        sub = fb_rows_get(&rows, 0, HP_SITE_SUBPATH);
        plen = strlen(portal);
        slen = strlen(sub);
        /* <portal>/<subpath>, then the end or a '/'. */
        if (strncmp(path, portal, plen) != 0 || path[plen] != '/'
            || strncmp(path + plen + 1, sub, slen) != 0
            || (path[plen + 1 + slen] != '\0'
                && path[plen + 1 + slen] != '/')) {
            return NULL;
        }
        site->base = apr_pstrcat(hr->pool, portal, "/", sub, NULL);
        site->canonical = site->external_domain != NULL
            ? apr_pstrcat(hr->pool, "https://", site->external_domain, NULL)
            : apr_pstrcat(hr->pool, origin, site->base, NULL);
        *rest = path + plen + 1 + slen;
        return site;
    }
}

/* Non-zero when locale is one the site serves. */
static int fb_hp_serves(const fb_hp_site_t *site, const char *locale)
{
    int i;

    for (i = 0; i < site->locales->nelts; i++) {
        if (strcmp(APR_ARRAY_IDX(site->locales, i, const char *), locale)
            == 0) {
            return 1;
        }
    }
    return 0;
}

/* A page of the site in locale, ready to be filled. */
static fb_hp_page_t *fb_hp_page(fb_hp_req_t *hr, const char *locale)
{
    fb_hp_page_t *pg = apr_pcalloc(hr->pool, sizeof(*pg));
    const fb_hp_texts_t *fallback = NULL;
    static const fb_hp_texts_t none = {.locale = NULL};
    int i;

    pg->r = hr->r;
    pg->pool = hr->pool;
    pg->site = hr->site;
    pg->locale = locale;
    for (i = 0; i < hr->site->texts->nelts; i++) {
        const fb_hp_texts_t *t = &APR_ARRAY_IDX(hr->site->texts, i,
                                                fb_hp_texts_t);

        if (strcmp(t->locale, locale) == 0) {
            pg->texts = t;
        }
        if (strcmp(t->locale, hr->site->default_locale) == 0) {
            fallback = t;
        }
    }
    if (pg->texts == NULL) {
        pg->texts = fallback != NULL ? fallback : &none;
    }
    return pg;
}

/* The canonical URL of a path of the site. */
static const char *fb_hp_canonical(fb_hp_req_t *hr, const char *path)
{
    return apr_pstrcat(hr->pool, hr->site->canonical,
                       path + strlen(hr->site->base), NULL);
}

/* The locales the rows (locale, slug) name, as the page's alternates. */
static apr_table_t *fb_hp_alternates(fb_hp_req_t *hr, const fb_rows_t *rows)
{
    apr_table_t *t = apr_table_make(hr->pool, rows->nrows + 1);
    int i;

    for (i = 0; i < rows->nrows; i++) {
        if (fb_hp_serves(hr->site, fb_rows_get(rows, i, 0))) {
            apr_table_setn(t, fb_rows_get(rows, i, 0),
                           fb_rows_get(rows, i, 1));
        }
    }
    return t;
}

/* Breadcrumbs: the collections above and including parent. */
static apr_array_header_t *fb_hp_trail(fb_hp_req_t *hr, const char *locale,
                                       const char *parent)
{
    fb_rows_t rows;

    if (parent == NULL) {
        return apr_array_make(hr->pool, 1, sizeof(fb_hp_link_t));
    }
    rows = fb_hp_select(hr, &fb_sql_hp_trail,
                        FB_NAMED(hp_under, .hc = hr->site->id,
                                 .locale = locale, .parent = parent));
    return fb_hp_links(hr->pool, &rows);
}

/* An answer holding a page (NULL html: the writer refused it, 500). */
static void fb_hp_page_answer(fb_hp_req_t *hr, fb_hp_answer_t *a,
                              int status, const char *locale,
                              const char *html)
{
    if (html == NULL) {
        ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, hr->r, FBLOGNO(00701)
                      "help center page %s: the HTML writer refused the "
                      "page (a defect: an element left open)", hr->r->uri);
        hr->failed = 1;
        return;
    }
    a->status = status;
    a->type = "text/html; charset=utf-8";
    a->language = locale;
    a->body = html;
    a->len = strlen(html);
    a->etag = fb_etag_of(hr->pool, html);
}

static void fb_hp_redirect(fb_hp_answer_t *a, int status,
                           const char *location)
{
    a->status = status;
    a->location = location;
    a->type = NULL;
    a->body = "";
    a->len = 0;
}

/* The 404 page (of the site, in locale, when there is one). */
static void fb_hp_missing(fb_hp_req_t *hr, fb_hp_answer_t *a,
                          const char *locale)
{
    const fb_hp_site_t *site = hr->site;

    if (site != NULL && (locale == NULL || !fb_hp_serves(site, locale))) {
        locale = site->default_locale;
    }
    fb_hp_page_answer(hr, a, HTTP_NOT_FOUND, locale != NULL ? locale : "en",
                      fb_hp_render_missing(hr->pool, hr->r, site,
                                           locale != NULL ? locale : "en"));
}

static void fb_hp_home(fb_hp_req_t *hr, fb_hp_answer_t *a,
                       const char *locale)
{
    fb_hp_page_t *pg = fb_hp_page(hr, locale);
    fb_rows_t cols, arts;

    cols = fb_hp_select(hr, &fb_sql_hp_top,
                        FB_NAMED(hp_center, .hc = hr->site->id,
                                 .locale = locale));
    arts = fb_hp_select(hr, &fb_sql_hp_root_articles,
                        FB_NAMED(hp_center, .hc = hr->site->id,
                                 .locale = locale));
    pg->description = pg->texts->description;
    pg->canonical = fb_hp_canonical(hr, fb_hp_home_path(hr->pool, hr->site,
                                                        locale));
    fb_hp_page_answer(hr, a, HTTP_OK, locale,
                      fb_hp_render_home(pg, fb_hp_links(hr->pool, &cols),
                                        fb_hp_links(hr->pool, &arts)));
}

static int fb_hp_collection(fb_hp_req_t *hr, fb_hp_answer_t *a,
                            const char *locale, const char *slug)
{
    fb_hp_page_t *pg;
    fb_rows_t rows, kids, arts, locales;
    fb_hp_link_t *c;
    const char *parent;

    rows = fb_hp_select(hr, &fb_sql_hp_collection,
                        FB_NAMED(hp_slug, .hc = hr->site->id,
                                 .locale = locale, .slug = slug));
    if (rows.nrows == 0) {
        return 0;
    }
    c = &APR_ARRAY_IDX(fb_hp_links(hr->pool, &rows), 0, fb_hp_link_t);
    parent = fb_rows_get(&rows, 0, HP_COL_PARENT);
    kids = fb_hp_select(hr, &fb_sql_hp_children,
                        FB_NAMED(hp_under, .hc = hr->site->id,
                                 .locale = locale, .parent = c->id));
    arts = fb_hp_select(hr, &fb_sql_hp_articles_in,
                        FB_NAMED(hp_under, .hc = hr->site->id,
                                 .locale = locale, .parent = c->id));
    locales = fb_hp_select(hr, &fb_sql_hp_collection_locales,
                           FB_ARGS(c->id));
    pg = fb_hp_page(hr, locale);
    pg->title = c->title;
    pg->description = c->description;
    pg->path_kind = "collections";
    pg->alternates = fb_hp_alternates(hr, &locales);
    pg->trail = fb_hp_trail(hr, locale, parent);
    pg->canonical = fb_hp_canonical(hr, fb_hp_path(hr->pool, hr->site,
                                                   locale, "collections",
                                                   c->slug));
    fb_hp_page_answer(hr, a, HTTP_OK, locale,
                      fb_hp_render_collection(
                          pg, c, fb_hp_links(hr->pool, &kids),
                          fb_hp_links(hr->pool, &arts)));
    return 1;
}

static int fb_hp_article(fb_hp_req_t *hr, fb_hp_answer_t *a,
                         const char *locale, const char *slug)
{
    fb_hp_page_t *pg;
    fb_rows_t rows, sibs, locales;
    fb_hp_article_t art = {.title = NULL};
    const char *id, *parent;
    apr_array_header_t *list;
    int i;

    rows = fb_hp_select(hr, &fb_sql_hp_article,
                        FB_NAMED(hp_slug, .hc = hr->site->id,
                                 .locale = locale, .slug = slug));
    if (rows.nrows == 0) {
        return 0;
    }
    id = fb_rows_get(&rows, 0, HP_ART_ID);
    parent = fb_rows_get(&rows, 0, HP_ART_PARENT);
    art.title = fb_rows_get(&rows, 0, HP_ART_TITLE);
    art.body = fb_rows_get(&rows, 0, HP_ART_BODY);
    art.updated = fb_rows_get(&rows, 0, HP_ART_UPDATED);
    art.author = fb_rows_get(&rows, 0, HP_ART_AUTHOR);
    /* Previous and next: its neighbours in its collection's order. */
    sibs = parent != NULL
        ? fb_hp_select(hr, &fb_sql_hp_articles_in,
                       FB_NAMED(hp_under, .hc = hr->site->id,
                                .locale = locale, .parent = parent))
        : fb_hp_select(hr, &fb_sql_hp_root_articles,
                       FB_NAMED(hp_center, .hc = hr->site->id,
                                .locale = locale));
    list = fb_hp_links(hr->pool, &sibs);
    for (i = 0; i < list->nelts; i++) {
        if (strcmp(APR_ARRAY_IDX(list, i, fb_hp_link_t).id, id) == 0) {
            art.prev = i > 0 ? &APR_ARRAY_IDX(list, i - 1, fb_hp_link_t)
                             : NULL;
            art.next = i + 1 < list->nelts
                       ? &APR_ARRAY_IDX(list, i + 1, fb_hp_link_t) : NULL;
        }
    }
    locales = fb_hp_select(hr, &fb_sql_hp_article_locales, FB_ARGS(id));
    pg = fb_hp_page(hr, locale);
    pg->title = art.title;
    pg->description = fb_rows_get(&rows, 0, HP_ART_DESCRIPTION);
    pg->path_kind = "articles";
    pg->alternates = fb_hp_alternates(hr, &locales);
    pg->trail = fb_hp_trail(hr, locale, parent);
    pg->canonical = fb_hp_canonical(hr, fb_hp_path(hr->pool, hr->site,
                                                   locale, "articles",
                                                   slug));
    fb_hp_page_answer(hr, a, HTTP_OK, locale, fb_hp_render_article(pg, &art));
    return 1;
}

/* The parameter name of the query string, decoded ('+' a space), at
 * most 200 bytes; NULL when absent, "" when not well escaped; made
 * well-formed UTF-8 of at most 200 bytes. */
static const char *fb_hp_query_arg(apr_pool_t *p, const char *args,
                                   const char *name)
{
    const char *at = args;
    apr_size_t nlen = strlen(name);

    while (at != NULL && *at) {
        const char *end = strchr(at, '&');
        apr_size_t n = end != NULL ? (apr_size_t)(end - at) : strlen(at);

        if (n > nlen && strncmp(at, name, nlen) == 0 && at[nlen] == '=') {
            const char *v = apr_punescape_url(
                p, apr_pstrmemdup(p, at + nlen + 1, n - nlen - 1), NULL,
                NULL, 1);

            if (v == NULL) {
                return "";
            }
            /* UTF-8 whatever was sent (PostgreSQL refuses other bytes). */
            return fb_utf8_clean(p, v, 200);
        }
        at = end != NULL ? end + 1 : NULL;
    }
    return NULL;
}

/* Non-zero when s is a keyset's score: a finite decimal number. */
static int fb_hp_score_ok(const char *s)
{
    char *end;
    double v;

    if (s == NULL || *s == '\0' || strlen(s) > 32) {
        return 0;
    }
    v = strtod(s, &end);
    return *end == '\0' && v == v && v >= 0 && v < 1e30;
}

/* Non-zero when s is an article's id (short, alphanumeric). */
static int fb_hp_id_ok(const char *s)
{
    apr_size_t i, n = s != NULL ? strlen(s) : 0;

    for (i = 0; i < n; i++) {
        if (!apr_isalnum(s[i])) {
            return 0;
        }
    }
    return n > 0 && n <= 16;
}

/* The search page's address with q, and the keyset after which its
 * results start (none: the first page). */
static const char *fb_hp_search_href(fb_hp_req_t *hr, const char *locale,
                                     const char *q, const char *score,
                                     const char *id)
{
    const char *base = apr_pstrcat(hr->pool, hr->site->base, "/", locale,
                                   "/search?q=",
                                   apr_pescape_urlencoded(hr->pool, q),
                                   NULL);

    return score == NULL ? base
        : apr_pstrcat(hr->pool, base, "&after=",
                      apr_pescape_urlencoded(hr->pool, score), "&id=",
                      id, NULL);
}

/* /<locale>/search?q=: a page of results, ?after=<score>&id=<id> the
 * page after that keyset (a keyset not of that form: the first page). */
static void fb_hp_search(fb_hp_req_t *hr, fb_hp_answer_t *a,
                         const char *locale)
{
    const char *q = fb_hp_query_arg(hr->pool, hr->r->args, "q");
    const char *after = fb_hp_query_arg(hr->pool, hr->r->args, "after");
    const char *after_id = fb_hp_query_arg(hr->pool, hr->r->args, "id");
    const char *next = NULL, *first = NULL;
    fb_hp_page_t *pg = fb_hp_page(hr, locale);
    apr_array_header_t *results;
    fb_rows_t rows = {.nrows = 0};
    int i;

    if (!fb_hp_score_ok(after) || !fb_hp_id_ok(after_id)) {
        after = after_id = NULL;
    }
    if (q != NULL && *q) {
        rows = fb_hp_select(hr, FB_CALL(hp_search, .hc = hr->site->id,
                                        .locale = locale, .q = q,
                                        .after_score = after,
                                        .after_id = after_id));
        if (after != NULL) {
            first = fb_hp_search_href(hr, locale, q, NULL, NULL);
        }
        if (rows.nrows > HP_SEARCH_PAGE) {
            rows.nrows = HP_SEARCH_PAGE;
            next = fb_hp_search_href(
                hr, locale, q, fb_rows_get(&rows, HP_SEARCH_PAGE - 1, 5),
                fb_rows_get(&rows, HP_SEARCH_PAGE - 1, HP_C_ID));
        }
    }
    results = fb_hp_links(hr->pool, &rows);
    for (i = 0; i < results->nelts; i++) {
        APR_ARRAY_IDX(results, i, fb_hp_link_t).snippet =
            fb_rows_get(&rows, i, 4);
    }
    fb_hp_page_answer(hr, a, HTTP_OK, locale,
                      fb_hp_render_search(pg, q, results, next, first));
}

/* sitemap.xml: every public page in every locale served (the writer's
 * elements are XML's too). */
static void fb_hp_sitemap(fb_hp_req_t *hr, fb_hp_answer_t *a)
{
    fb_rows_t rows = fb_hp_select(hr, &fb_sql_hp_sitemap,
                                  FB_ARGS(hr->site->id));
    fb_htmlw_t w;
    int i;

    fb_htmlw_init(&w, hr->pool, 4096 + (apr_size_t)rows.nrows * 160);
    fb_htmlw_literal(&w, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fb_htmlw_open(&w, "urlset", FB_HTMLW_ATTRS(
                      {"xmlns", "http://www.sitemaps.org/schemas/sitemap/"
                                "0.9"}));
    for (i = 0; i < hr->site->locales->nelts; i++) {
        const char *l = APR_ARRAY_IDX(hr->site->locales, i, const char *);

        fb_htmlw_open(&w, "url", NULL);
        fb_htmlw_element(&w, "loc", NULL, fb_hp_canonical(
                             hr, fb_hp_home_path(hr->pool, hr->site, l)));
        fb_htmlw_end(&w, "url");
    }
    for (i = 0; i < rows.nrows; i++) {
        const char *l = fb_rows_get(&rows, i, 1);

        if (!fb_hp_serves(hr->site, l)) {
            continue;
        }
        fb_htmlw_open(&w, "url", NULL);
        fb_htmlw_element(&w, "loc", NULL, fb_hp_canonical(
                             hr, fb_hp_path(hr->pool, hr->site, l,
                                            fb_rows_get(&rows, i, 0),
                                            fb_rows_get(&rows, i, 2))));
        if (fb_rows_get(&rows, i, 3) != NULL) {
            fb_htmlw_element(&w, "lastmod", NULL, fb_rows_get(&rows, i, 3));
        }
        fb_htmlw_end(&w, "url");
    }
    fb_htmlw_end(&w, "urlset");
    fb_htmlw_literal(&w, "\n");
    fb_hp_page_answer(hr, a, HTTP_OK, NULL, fb_htmlw_finish(&w, NULL));
    a->type = "application/xml; charset=utf-8";
}

/* robots.txt: everything may be crawled; where the sitemap is. */
static void fb_hp_robots(fb_hp_req_t *hr, fb_hp_answer_t *a)
{
    const char *text = apr_pstrcat(hr->pool, "User-agent: *\nAllow: /\n"
                                   "Sitemap: ", hr->site->canonical,
                                   "/sitemap.xml\n", NULL);

    fb_hp_page_answer(hr, a, HTTP_OK, NULL, text);
    a->type = "text/plain; charset=utf-8";
}

/* A page that moved: an old slug, or a redirect rule of the custom
 * domain.  Non-zero when a answers 301. */
static int fb_hp_moved(fb_hp_req_t *hr, fb_hp_answer_t *a,
                       const char *locale, const char *slug)
{
    fb_rows_t rows;

    if (locale != NULL && slug != NULL) {
        rows = fb_hp_select(hr, &fb_sql_hp_old_slug,
                            FB_NAMED(hp_slug, .hc = hr->site->id,
                                     .locale = locale, .slug = slug));
        if (rows.nrows > 0 && fb_rows_get(&rows, 0, 1) != NULL) {
            fb_hp_redirect(a, HTTP_MOVED_PERMANENTLY,
                           fb_hp_path(hr->pool, hr->site, locale,
                                      fb_rows_get(&rows, 0, 0),
                                      fb_rows_get(&rows, 0, 1)));
            return 1;
        }
    }
    if (hr->conf->help_hosts == FB_HELP_HOSTS_EXTERNAL) {
        /* fromUrl is stored without query, fragment or trailing slash,
         * its host lowercased (sql/038). */
        const char *path = hr->r->parsed_uri.path != NULL
                           ? hr->r->parsed_uri.path : "/";
        apr_size_t n = strlen(path);
        char *host = apr_pstrdup(hr->pool, hr->r->hostname);

        while (n > 0 && path[n - 1] == '/') {
            n--;
        }
        ap_str_tolower(host);
        rows = fb_hp_select(hr, FB_CALL(hp_redirect, .hc = hr->site->id,
                                        .address = apr_pstrcat(
                                            hr->pool, host,
                                            apr_pstrmemdup(hr->pool, path,
                                                           n), NULL)));
        if (rows.nrows > 0 && fb_rows_get(&rows, 0, 2) != NULL
            && fb_hp_serves(hr->site, fb_rows_get(&rows, 0, 0))) {
            fb_hp_redirect(a, HTTP_MOVED_PERMANENTLY,
                           fb_hp_path(hr->pool, hr->site,
                                      fb_rows_get(&rows, 0, 0),
                                      fb_rows_get(&rows, 0, 1),
                                      fb_rows_get(&rows, 0, 2)));
            return 1;
        }
    }
    return 0;
}

/*
 * The answer to rest, the path below where the site's pages start:
 *   ""  "/"                     302 to the default locale's home
 *   /robots.txt /sitemap.xml    (robots.txt on a custom domain only)
 *   /favicon.ico                204 (on a custom domain)
 *   /<locale>                   301 to /<locale>/
 *   /<locale>/                  home
 *   /<locale>/search?q=         search
 *   /<locale>/collections/<slug>, /<locale>/articles/<slug>
 * and anything else, or a slug not found: an old slug or a redirect rule
 * (301), else 404.  *cacheable is cleared for what must not be kept.
 */
static void fb_hp_route(fb_hp_req_t *hr, fb_hp_answer_t *a,
                        const char *rest, int *cacheable)
{
    const fb_hp_site_t *site = hr->site;
    const char *slash, *locale = NULL, *kind, *slug = NULL;

    if (*rest == '\0' || strcmp(rest, "/") == 0) {
        fb_hp_redirect(a, HTTP_MOVED_TEMPORARILY,
                       fb_hp_home_path(hr->pool, site,
                                       site->default_locale));
        return;
    }
    if (strcmp(rest, "/sitemap.xml") == 0) {
        fb_hp_sitemap(hr, a);
        return;
    }
    if (strcmp(rest, "/robots.txt") == 0 && *site->base == '\0') {
        fb_hp_robots(hr, a);
        return;
    }
    if (strcmp(rest, "/favicon.ico") == 0 && *site->base == '\0') {
        /* Browsers ask for it unbidden: no icon, and no error either. */
        a->status = HTTP_NO_CONTENT;
        a->type = NULL;
        a->body = "";
        a->len = 0;
        return;
    }
    slash = strchr(rest + 1, '/');
    locale = apr_pstrmemdup(hr->pool, rest + 1,
                            slash != NULL ? (apr_size_t)(slash - rest - 1)
                                          : strlen(rest + 1));
    if (!fb_hp_serves(site, locale)) {
        locale = NULL;
    }
    else if (slash == NULL) {
        fb_hp_redirect(a, HTTP_MOVED_PERMANENTLY,
                       fb_hp_home_path(hr->pool, site, locale));
        return;
    }
    else if (strcmp(slash, "/") == 0) {
        fb_hp_home(hr, a, locale);
        return;
    }
    else if (strcmp(slash, "/search") == 0) {
        *cacheable = 0;
        fb_hp_search(hr, a, locale);
        return;
    }
    else {
        kind = slash + 1;
        if (strncmp(kind, "articles/", 9) == 0) {
            slug = kind + 9;
            if (*slug && strchr(slug, '/') == NULL
                && fb_hp_article(hr, a, locale, slug)) {
                return;
            }
        }
        else if (strncmp(kind, "collections/", 12) == 0) {
            slug = kind + 12;
            if (*slug && strchr(slug, '/') == NULL
                && fb_hp_collection(hr, a, locale, slug)) {
                return;
            }
        }
    }
    if (!hr->failed && fb_hp_moved(hr, a, locale, slug)) {
        return;
    }
    *cacheable = 0;
    fb_hp_missing(hr, a, locale);
}

/* Non-zero when the reader's address spent its public requests this
 * minute (the X-RateLimit-* headers and Retry-After set). */
static int fb_hp_limited(fb_hp_req_t *hr)
{
    fb_req_t fr = {.r = hr->r, .pool = hr->pool, .conf = hr->conf};

    return fb_limits_check_public(&fr) != NULL;
}

/* The database failed: the stale page this request was making again,
 * when there is one (the next request tries again), else 503. */
static int fb_hp_unavailable(request_rec *r, fb_hp_answer_t *stale,
                             fb_vcache_ref_t *ref, int ttl)
{
    int rc;

    if (stale == NULL) {
        apr_table_setn(r->err_headers_out, "Retry-After", "1");
        return HTTP_SERVICE_UNAVAILABLE;
    }
    apr_atomic_set32(&stale->renewing, 0);
    rc = fb_hp_send(r, stale, ttl);
    fb_vcache_release(fb_hp_cache, ref);
    return rc;
}

int fb_help_pages_handler(request_rec *r)
{
    fb_hp_req_t hr = {.r = r, .pool = r->pool};
    fb_hp_answer_t a = {.status = 0};
    const fb_hp_answer_t *cached = NULL;
    fb_hp_answer_t *stale = NULL;
    fb_vcache_ref_t *ref = NULL;
    const char *path, *rest = NULL, *key = NULL;
    apr_status_t why;
    int cacheable = 1, ttl, rc;

    if (r->handler == NULL || strcmp(r->handler, FB_HELP_HANDLER) != 0) {
        return DECLINED;
    }
    hr.conf = fb_config_get(r->server);
    ttl = hr.conf->help_cache_ttl;
    if (r->method_number != M_GET) {
        /* HEAD is a GET to httpd. */
        ap_allow_methods(r, REPLACE_ALLOW, "GET", NULL);
        return HTTP_METHOD_NOT_ALLOWED;
    }
    ap_discard_request_body(r);
    path = r->parsed_uri.path != NULL ? r->parsed_uri.path : "/";

    /* A page kept by this child: the same host, mode and path, fresh,
     * or stale while another request makes it again.  The query is not
     * in the key: no kept page reads it (search results are not kept),
     * and random queries must not push the pages out. */
    if (ttl > 0 && fb_hp_cache != NULL) {
        key = apr_psprintf(r->pool, "%d %s %s", hr.conf->help_hosts,
                           r->hostname != NULL ? r->hostname : "", path);
        cached = fb_vcache_get(fb_hp_cache, key, FB_HP_CACHED, &ref);
        if (cached != NULL) {
            fb_hp_answer_t *mine = (fb_hp_answer_t *)cached;

            if (apr_time_now() - cached->made >= apr_time_from_sec(ttl)
                && apr_atomic_cas32(&mine->renewing, 1, 0) == 0) {
                stale = mine;       /* this request makes it again */
            }
            else {
                rc = fb_hp_send(r, cached, ttl);
                fb_vcache_release(fb_hp_cache, ref);
                return rc;
            }
        }
    }

    /* What reaches the database counts against the reader's address
     * (FeedbackRateLimitPublic, as the API's requests without a key):
     * kept pages are free, made ones and missing ones are not. */
    if (stale == NULL && fb_hp_limited(&hr)) {
        a.status = HTTP_TOO_MANY_REQUESTS;
        a.type = "text/html; charset=utf-8";
        a.body = fb_hp_render_notice(r->pool, "Too many requests",
                                     "Please wait a minute and try again.");
        a.len = strlen(a.body);
        return fb_hp_send(r, &a, 0);
    }
    if ((hr.db = fb_dbd_checkout(r->pool, r->server, &why)) == NULL) {
        return fb_hp_unavailable(r, stale, ref, ttl);
    }
    /* A path that is not UTF-8 names nothing (and is never sent to
     * PostgreSQL, which would refuse it). */
    hr.site = fb_utf8_valid(path, strlen(path))
              ? fb_hp_find_site(&hr, path, &rest) : NULL;
    if (hr.site != NULL && !hr.site->is_public) {
        /* Private: as if there were none (nothing of it is shown). */
        hr.site = NULL;
    }
    if (hr.site == NULL) {
        cacheable = 0;
        if (!hr.failed) {
            fb_hp_missing(&hr, &a, NULL);
        }
    }
    else {
        fb_hp_route(&hr, &a, rest, &cacheable);
    }
    fb_dbd_checkin(hr.db, r->pool);
    if (hr.failed) {
        return fb_hp_unavailable(r, stale, ref, ttl);
    }
    /* Kept when it may be; and a stale page is always replaced (by what
     * its address answers now, a 404 included). */
    if ((cacheable || stale != NULL) && key != NULL) {
        fb_hp_answer_t *copy = fb_hp_answer_copy(&a);
        fb_vcache_ref_t *put;

        if (copy != NULL) {
            copy->made = apr_time_now();
            copy->renewing = 0;
            if ((put = fb_vcache_put(fb_hp_cache, key, FB_HP_CACHED, copy))
                != NULL) {
                fb_vcache_release(fb_hp_cache, put);
            }
        }
    }
    if (stale != NULL) {
        apr_atomic_set32(&stale->renewing, 0);
        fb_vcache_release(fb_hp_cache, ref);
    }
    return fb_hp_send(r, &a, a.status == HTTP_NOT_FOUND || !cacheable
                             ? 0 : ttl);
}
