/*
 * hc_articles: /help_center/articles, the help center's articles
 * (sql/038).  Nova and newer; reading needs no flag, writes
 * manage_help_center (fb_manage), each recorded as an event
 * (article.created, .updated, .deleted).
 *
 * Each locale of an article has a draft (title, description, body) and,
 * once published, a live copy, which readers see (docs/decisions.md,
 * "The help center").  A write changes the drafts it names; `state:
 * "live"` then publishes every locale's draft (a create with it
 * publishes at once), `state: "draft"` unpublishes the article.  The
 * top-level texts are the help center's default locale's; a locale the
 * article does not have yet needs a title.  A body is HTML when its
 * first character other than white space is '<', else markdown; either
 * is sanitized, its images taken in as stored files, as posts' are
 * (body_fields.h).  `formatter: "ai"` is refused (400
 * parameter_not_supported): no model rewrites bodies here.  The author
 * is the API key's admin on create, and authorId (an admin of the
 * organization) later.
 *
 * A read shows the live copy of each locale published (the draft of
 * the others); `GET .../{id}?state=draft` and lists of `state=draft`
 * show the drafts.
 */
#include <string.h>

#include "apr_strings.h"

#include "body_fields.h"
#include "fb_json.h"
#include "fb_manage.h"
#include "fb_perm.h"
#include "hc_articles.h"

static const fb_hc_urls_t fb_art_urls = {
    .portal_col = ART_COL_PORTAL, .subpath_col = ART_COL_SUBPATH,
    .domain_col = ART_COL_DOMAIN, .kind = "articles",
};

static const fb_hc_tr_member_t fb_art_tr_members[] = {
    {.key = "title", .col = ART_COL_TR_TITLES},
    {.key = "description", .col = ART_COL_TR_DESCRIPTIONS},
    {.key = "body", .col = ART_COL_TR_BODIES},
    {.key = "slug", .col = ART_COL_TR_SLUGS},
    {.key = "createdAt", .col = ART_COL_TR_CREATED},
    {.key = "updatedAt", .col = ART_COL_TR_UPDATED},
    {.key = NULL}
};

static apr_status_t fb_art_translations(fb_req_t *fr, fb_jsonw_t *w,
                                        const char *const *row)
{
    return fb_hc_translations(fr, w, row, ART_COL_TR_LOCALES,
                              fb_art_tr_members, &fb_art_urls);
}

static apr_status_t fb_art_strings(fb_req_t *fr, fb_jsonw_t *w,
                                   const char *text)
{
    if (text == NULL) {
        fb_jsonw_raw(w, "[]");
        return APR_SUCCESS;
    }
    return fb_rj_strings(fr, w, text, 1);
}

static apr_status_t fb_art_locales(fb_req_t *fr, fb_jsonw_t *w,
                                   const char *const *row)
{
    return fb_art_strings(fr, w, row[ART_COL_TR_LOCALES]);
}

static apr_status_t fb_art_published(fb_req_t *fr, fb_jsonw_t *w,
                                     const char *const *row)
{
    return fb_art_strings(fr, w, row[ART_COL_PUBLISHED]);
}

static apr_status_t fb_art_icon(fb_req_t *fr, fb_jsonw_t *w,
                                const char *const *row)
{
    (void)fr;
    if (row[ART_COL_ICON_TYPE] == NULL) {
        fb_jsonw_raw(w, "null");
        return APR_SUCCESS;
    }
    fb_jsonw_object(w);
    fb_jsonw_member_string(w, "type", row[ART_COL_ICON_TYPE]);
    fb_jsonw_member_string(w, "value", row[ART_COL_ICON_VALUE]);
    fb_jsonw_end(w);
    return APR_SUCCESS;
}

static apr_status_t fb_art_author(fb_req_t *fr, fb_jsonw_t *w,
                                  const char *const *row)
{
    (void)fr;
    fb_jsonw_object(w);
    fb_jsonw_member_string(w, "name", row[ART_COL_AUTHOR_NAME]);
    fb_jsonw_member_string(w, "authorId", row[ART_COL_AUTHOR]);
    fb_jsonw_member_string(w, "avatarUrl", row[ART_COL_AUTHOR_PICTURE]);
    fb_jsonw_end(w);
    return APR_SUCCESS;
}

static apr_status_t fb_art_url(fb_req_t *fr, fb_jsonw_t *w,
                               const char *const *row)
{
    fb_jsonw_string(w, fb_hc_url(fr, row, &fb_art_urls, 0,
                                 row[ART_COL_LOCALE], row[ART_COL_SLUG]));
    return APR_SUCCESS;
}

static apr_status_t fb_art_external_url(fb_req_t *fr, fb_jsonw_t *w,
                                        const char *const *row)
{
    fb_jsonw_string(w, fb_hc_url(fr, row, &fb_art_urls, 1,
                                 row[ART_COL_LOCALE], row[ART_COL_SLUG]));
    return APR_SUCCESS;
}

/* A search's highlighted passages: the text with the matched words
 * between the markers \x01 and \x02 (ts_headline's), written as HTML:
 * the text escaped, the marked words in <mark>. */
static const char *fb_art_marked(apr_pool_t *p, const char *text)
{
    apr_size_t n = 0;
    const char *c;
    char *out, *o;

    for (c = text; *c != '\0'; c++) {
        n += *c == '&' ? 5 : *c == '<' || *c == '>' ? 4 : *c == '"' ? 6
             : *c == '\x01' ? 6 : *c == '\x02' ? 7 : 1;
    }
    o = out = apr_palloc(p, n + 1);
    for (c = text; *c != '\0'; c++) {
        const char *r = *c == '&' ? "&amp;" : *c == '<' ? "&lt;"
                        : *c == '>' ? "&gt;" : *c == '"' ? "&quot;"
                        : *c == '\x01' ? "<mark>" : *c == '\x02' ? "</mark>"
                        : NULL;

        if (r == NULL) {
            *o++ = *c;
        }
        else {
            memcpy(o, r, strlen(r));
            o += strlen(r);
        }
    }
    *o = '\0';
    return out;
}

static apr_status_t fb_art_highlight(fb_req_t *fr, fb_jsonw_t *w,
                                     const char *const *row)
{
    fb_jsonw_object(w);
    if (row[ART_COL_HL_TITLE] != NULL) {
        fb_jsonw_member_string(w, "title",
                               fb_art_marked(fr->pool,
                                             row[ART_COL_HL_TITLE]));
    }
    fb_jsonw_member_string(w, "body", fb_art_marked(fr->pool,
                                                    row[ART_COL_HL_BODY]));
    fb_jsonw_end(w);
    return APR_SUCCESS;
}

const fb_rj_member_t fb_hc_article_members[] = {
    FB_RJ_CONST("object", "\"article\""),
    FB_RJ_STRING("id", ART_COL_ID),
    FB_RJ_OPTIONAL("title", ART_COL_TITLE),
    FB_RJ_OPTIONAL("description", ART_COL_DESCRIPTION),
    FB_RJ_OPTIONAL("body", ART_COL_BODY),
    FB_RJ_OPTIONAL("slug", ART_COL_SLUG),
    FB_RJ_FN("icon", fb_art_icon),
    FB_RJ_STRING("parentId", ART_COL_PARENT),
    FB_RJ_STRING("helpCenterId", ART_COL_HELP_CENTER),
    FB_RJ_STRING("organization", ART_COL_ORG),
    FB_RJ_STRING("state", ART_COL_STATE),
    FB_RJ_STRING("defaultLocale", ART_COL_DEFAULT_LOCALE),
    FB_RJ_STRING("locale", ART_COL_LOCALE),
    FB_RJ_FN("availableLocales", fb_art_locales),
    FB_RJ_FN("publishedLocales", fb_art_published),
    FB_RJ_OPTIONAL_FN("featurebaseUrl", ART_COL_SLUG, fb_art_url),
    FB_RJ_OPTIONAL_FN("externalUrl", ART_COL_EXTERNAL, fb_art_external_url),
    FB_RJ_OPTIONAL_FN("author", ART_COL_AUTHOR, fb_art_author),
    FB_RJ_RAW("order", ART_COL_ORDER),
    FB_RJ_BOOL("isPublished", ART_COL_IS_PUBLISHED),
    FB_RJ_BOOL("isDraftDiffersFromLive", ART_COL_DIFFERS),
    FB_RJ_FN("translations", fb_art_translations),
    FB_RJ_TIME("createdAt", ART_COL_CREATED),
    FB_RJ_TIME("updatedAt", ART_COL_UPDATED),
    FB_RJ_OPTIONAL("liveUpdatedAt", ART_COL_LIVE_UPDATED),
    FB_RJ_OPTIONAL_FN("highlight", ART_COL_HL_BODY, fb_art_highlight),
    FB_RJ_END
};

const fb_list_rows_t fb_hc_article_rows = {
    .members = fb_hc_article_members, .json_size = 4096,
    .key_col = ART_NCOLS, .id_col = ART_COL_ID,
};

/* One article as the view ('live' or 'draft', the get's reader) shows
 * it. */
FB_SQL_WITH(article_get, resource_read,
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, "
    "  %s::text AS id, %s::text AS reader) "
    "SELECT " ART_SELECT("k.reader") " FROM k " ART_FROM("k.reader")
    "WHERE r.id = k.id");

/* Oldest first, of a state ('all': either), parent collection and help
 * center; drafts are shown as drafts, the rest as readers see them. */
FB_LIST_PARAMS(article_list, (state, parent, help_center));

#define ART_LIST_VIEW "CASE WHEN k.state = 'draft' THEN 'draft' " \
    "ELSE 'live' END"

#define ART_LIST(after) \
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, " \
    "  %s::text AS after_key, %s::text AS after_id, %s::text AS state, " \
    "  %s::text AS parent, %s::text AS help_center) " \
    "SELECT " ART_SELECT(ART_LIST_VIEW) " FROM k " ART_FROM(ART_LIST_VIEW) \
    "WHERE (k.state = 'all' OR r.state = k.state) " \
    "AND (k.parent IS NULL OR r.parent_id = k.parent) " \
    "AND r.help_center_id = coalesce(k.help_center, r.help_center_id) " \
    after "ORDER BY r.created_at, r.id LIMIT %d"

FB_SQL_WITH(article_list, article_list, ART_LIST(""));
FB_SQL_WITH(article_list_after, article_list, ART_LIST(
    "AND (r.created_at, r.id) > (fb_ts_from_key(k.after_key), k.after_id) "));

/* The texts given per locale, v: translations' members, and the
 * top-level ones as the default locale's (they win over its
 * translation's); over a (the body) and h (default_locale). */
#define ART_TEXTS \
    "tx AS (SELECT l.locale, " \
    "  coalesce(a.b -> 'translations' -> l.locale, '{}') " \
    "  || CASE WHEN l.locale = h.default_locale THEN (SELECT " \
    "    coalesce(jsonb_object_agg(e.key, e.value), '{}') " \
    "    FROM jsonb_each(a.b) e WHERE e.key IN ('title', 'description', " \
    "      'body', 'bodyText')) ELSE '{}' END AS v " \
    "  FROM a, h, LATERAL (SELECT jsonb_object_keys(coalesce(" \
    "    a.b -> 'translations', '{}')) UNION SELECT h.default_locale) " \
    "  l(locale)) "

/* The article in its organization's help center, a translation for
 * each locale given a title; with state live, every one published. */
FB_SQL(article_insert, 1,
    "WITH a AS (SELECT %s::text AS org_id, %s::jsonb AS b), "
    "h AS (SELECT x.org_id, x.id, x.default_locale FROM help_centers x, a "
    "  WHERE x.org_id = a.org_id), "
    "r AS (INSERT INTO help_center_articles (org_id, help_center_id, "
    "  parent_id, author_id, icon_type, icon_value, state, "
    "  live_updated_at) "
    "  SELECT h.org_id, h.id, a.b ->> 'parentId', a.b ->> 'authorId', "
    "    a.b -> 'icon' ->> 'type', a.b -> 'icon' ->> 'value', "
    "    coalesce(a.b ->> 'state', 'draft'), "
    "    CASE WHEN a.b ->> 'state' = 'live' THEN now() END FROM a, h "
    "  RETURNING org_id, id, state), "
    ART_TEXTS ", "
    HC_OFFER("ARRAY(SELECT tx.locale FROM tx WHERE tx.v ? 'title')") ", "
    "t AS (INSERT INTO help_center_article_translations (org_id, "
    "  article_id, locale, title, description, body, body_text, "
    "  live_title, live_description, live_body, live_body_text, "
    "  published_at, slug) "
    "  SELECT r.org_id, r.id, tx.locale, tx.v ->> 'title', "
    "    tx.v ->> 'description', coalesce(tx.v ->> 'body', ''), "
    "    coalesce(tx.v ->> 'bodyText', ''), "
    "    CASE WHEN r.state = 'live' THEN tx.v ->> 'title' END, "
    "    CASE WHEN r.state = 'live' THEN tx.v ->> 'description' END, "
    "    CASE WHEN r.state = 'live' THEN coalesce(tx.v ->> 'body', '') END, "
    "    CASE WHEN r.state = 'live' "
    "      THEN coalesce(tx.v ->> 'bodyText', '') END, "
    "    CASE WHEN r.state = 'live' THEN now() END, "
    "    fb_hc_slug(r.id, tx.v ->> 'title') "
    "  FROM r, tx WHERE tx.v ? 'title') "
    "SELECT id FROM r");

#define ART_BODY \
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, " \
    "  %s::jsonb AS b) "

/* The drafts named change (a retitled locale's slug with them, the old
 * one kept), then state live publishes every locale's draft and state
 * draft unpublishes them all; a new locale's translation is made. */
FB_SQL_WITH(article_update, manage,
    ART_BODY ", "
    "h AS (SELECT x.org_id, x.id, x.default_locale FROM help_centers x "
    "  JOIN help_center_articles y ON y.org_id = x.org_id "
    "  AND y.help_center_id = x.id "
    "  JOIN a ON y.org_id = a.org_id AND y.id = a.id), "
    "r AS (UPDATE help_center_articles x SET "
    "  parent_id = CASE WHEN a.b ? 'parentId' THEN a.b ->> 'parentId' "
    "    ELSE x.parent_id END, "
    "  author_id = coalesce(a.b ->> 'authorId', x.author_id), "
    "  icon_type = CASE WHEN a.b ? 'icon' THEN a.b -> 'icon' ->> 'type' "
    "    ELSE x.icon_type END, "
    "  icon_value = CASE WHEN a.b ? 'icon' THEN a.b -> 'icon' ->> 'value' "
    "    ELSE x.icon_value END, "
    "  state = coalesce(a.b ->> 'state', x.state), "
    "  live_updated_at = CASE WHEN a.b ->> 'state' = 'live' THEN now() "
    "    ELSE x.live_updated_at END, "
    "  updated_at = now() "
    "  FROM a WHERE x.org_id = a.org_id AND x.id = a.id "
    "  RETURNING x.org_id, x.id), "
    ART_TEXTS ", "
    HC_OFFER("ARRAY(SELECT tx.locale FROM tx WHERE tx.v ? 'title')") ", "
    "u AS (SELECT t.locale, coalesce(tx.v, '{}') AS v, "
    "  a.b ->> 'state' AS state "
    "  FROM a JOIN help_center_article_translations t "
    "    ON t.org_id = a.org_id AND t.article_id = a.id "
    "  LEFT JOIN tx ON tx.locale = t.locale), "
    "old AS (INSERT INTO help_center_old_slugs (org_id, locale, slug, "
    "  article_id) "
    "  SELECT t.org_id, t.locale, t.slug, t.article_id "
    "  FROM r JOIN help_center_article_translations t "
    "    ON t.org_id = r.org_id AND t.article_id = r.id "
    "  JOIN tx ON tx.locale = t.locale "
    "  WHERE tx.v ? 'title' AND fb_hc_slug(r.id, tx.v ->> 'title') "
    "    <> t.slug "
    "  ON CONFLICT DO NOTHING), "
    "changed AS (UPDATE help_center_article_translations t SET "
    "  title = coalesce(u.v ->> 'title', t.title), "
    "  description = CASE WHEN u.v ? 'description' "
    "    THEN u.v ->> 'description' ELSE t.description END, "
    "  body = coalesce(u.v ->> 'body', t.body), "
    "  body_text = coalesce(u.v ->> 'bodyText', t.body_text), "
    "  slug = fb_hc_slug(t.article_id, coalesce(u.v ->> 'title', "
    "    t.title)), "
    "  live_title = CASE u.state WHEN 'live' "
    "    THEN coalesce(u.v ->> 'title', t.title) WHEN 'draft' THEN NULL "
    "    ELSE t.live_title END, "
    "  live_description = CASE u.state WHEN 'live' "
    "    THEN CASE WHEN u.v ? 'description' THEN u.v ->> 'description' "
    "      ELSE t.description END "
    "    WHEN 'draft' THEN NULL ELSE t.live_description END, "
    "  live_body = CASE u.state WHEN 'live' "
    "    THEN coalesce(u.v ->> 'body', t.body) WHEN 'draft' THEN NULL "
    "    ELSE t.live_body END, "
    "  live_body_text = CASE u.state WHEN 'live' "
    "    THEN coalesce(u.v ->> 'bodyText', t.body_text) "
    "    WHEN 'draft' THEN NULL ELSE t.live_body_text END, "
    "  published_at = CASE u.state WHEN 'live' THEN now() "
    "    WHEN 'draft' THEN NULL ELSE t.published_at END, "
    "  updated_at = now() "
    "  FROM u, a WHERE t.org_id = a.org_id AND t.article_id = a.id "
    "  AND t.locale = u.locale AND (u.v <> '{}' OR u.state IS NOT NULL)) "
    "INSERT INTO help_center_article_translations (org_id, article_id, "
    "  locale, title, description, body, body_text, live_title, "
    "  live_description, live_body, live_body_text, published_at, slug) "
    "SELECT r.org_id, r.id, tx.locale, tx.v ->> 'title', "
    "  tx.v ->> 'description', coalesce(tx.v ->> 'body', ''), "
    "  coalesce(tx.v ->> 'bodyText', ''), "
    "  CASE WHEN a.b ->> 'state' = 'live' THEN tx.v ->> 'title' END, "
    "  CASE WHEN a.b ->> 'state' = 'live' THEN tx.v ->> 'description' END, "
    "  CASE WHEN a.b ->> 'state' = 'live' "
    "    THEN coalesce(tx.v ->> 'body', '') END, "
    "  CASE WHEN a.b ->> 'state' = 'live' "
    "    THEN coalesce(tx.v ->> 'bodyText', '') END, "
    "  CASE WHEN a.b ->> 'state' = 'live' THEN now() END, "
    "  fb_hc_slug(r.id, tx.v ->> 'title') "
    "FROM r, a, tx WHERE tx.v ? 'title' AND NOT EXISTS (SELECT 1 "
    "  FROM help_center_article_translations t "
    "  WHERE t.org_id = r.org_id AND t.article_id = r.id "
    "  AND t.locale = tx.locale)");

/* What the body names that does not resolve: a parent that is no
 * collection of the organization, a help center not its own, an author
 * who is not its admin, a translation of a new locale without a
 * title. */
FB_SQL_WITH(article_refs, manage,
    ART_BODY
    "SELECT 'parentId', 'unknown_collection', a.b ->> 'parentId' FROM a "
    "WHERE a.b ->> 'parentId' IS NOT NULL "
    "  AND NOT EXISTS (SELECT 1 FROM help_center_collections p "
    "    WHERE p.org_id = a.org_id AND p.id = a.b ->> 'parentId') "
    "UNION ALL SELECT 'helpCenterId', 'unknown_help_center', "
    "  a.b ->> 'helpCenterId' FROM a "
    "WHERE a.b ? 'helpCenterId' "
    "  AND NOT EXISTS (SELECT 1 FROM help_centers x "
    "    WHERE x.org_id = a.org_id AND x.id = a.b ->> 'helpCenterId') "
    "UNION ALL SELECT 'authorId', 'unknown_admin', a.b ->> 'authorId' "
    "FROM a WHERE a.b ? 'authorId' "
    "  AND NOT EXISTS (SELECT 1 FROM admins x "
    "    WHERE x.org_id = a.org_id AND x.id = a.b ->> 'authorId') "
    "UNION ALL SELECT 'translations', 'title_required', l FROM a, "
    "  jsonb_object_keys(coalesce(a.b -> 'translations', '{}')) l "
    "WHERE NOT (a.b -> 'translations' -> l ? 'title') "
    "  AND NOT EXISTS (SELECT 1 FROM help_center_article_translations t "
    "    WHERE t.org_id = a.org_id AND t.article_id = a.id "
    "    AND t.locale = l) "
    "  AND NOT (a.b ? 'title' AND l = (SELECT x.default_locale "
    "    FROM help_centers x WHERE x.org_id = a.org_id)) "
    "LIMIT 1");

FB_SQL(article_lock, 1,
    "SELECT id FROM help_center_articles WHERE org_id = %s AND id = %s "
    "FOR UPDATE");

/* The redirect rules to it go with it (its translations and old slugs
 * by their keys). */
FB_SQL(article_remove, 1,
    "WITH a AS NOT MATERIALIZED (SELECT %s::text AS org_id, "
    "  %s::text AS id), "
    "rules AS (DELETE FROM help_center_redirect_rules x USING a "
    "  WHERE x.org_id = a.org_id AND x.target_type = 'article' "
    "  AND x.target_id = a.id) "
    "DELETE FROM help_center_articles x USING a "
    "WHERE x.org_id = a.org_id AND x.id = a.id");

static const fb_statement_t *const fb_article_statements[] = {
    &fb_sql_article_get, &fb_sql_article_list, &fb_sql_article_list_after,
    &fb_sql_article_insert, &fb_sql_article_update, &fb_sql_article_refs,
    &fb_sql_article_lock, &fb_sql_article_remove, NULL
};

static const fb_list_order_t fb_art_oldest = {
    .first = &fb_sql_article_list,
    .after = &fb_sql_article_list_after,
    .cursor_sort = "articles.createdAt.asc",
    .key_valid = fb_key_integer,
    .ids = FB_CURSOR_SHORT_IDS,
};

/* The view of a read: the query's state (live by default, and for the
 * answers of writes). */
static const char *fb_art_view(const fb_req_t *fr)
{
    const char *state = fb_query_get(&fr->query, "state");

    return state != NULL && strcmp(state, "draft") == 0 ? "draft" : "live";
}

static const fb_resource_t fb_articles = {
    .get = &fb_sql_article_get,
    .not_found = FB_E_ARTICLE_NOT_FOUND,
    .shape = FB_LIST_CURSOR,
    .order = &fb_art_oldest,
    .rows = &fb_hc_article_rows,
    .reader = fb_art_view,
};
const fb_resource_t *const fb_hc_article_resource = &fb_articles;

static const char *const fb_art_list_states[] = {
    "live", "draft", "all", NULL
};
static const char *const fb_art_states[] = {"live", "draft", NULL};

static const fb_query_rule_t fb_art_list_rules[] = {
    FB_QUERY_RULES_PAGE,
    {.name = "state", .type = FB_Q_ENUM, .choices = fb_art_list_states,
     .dflt = "live"},
    {.name = "parentId", .type = FB_Q_STRING, .min = 1, .max = 16,
     .format = &fb_format_short_id},
    {.name = "helpCenterId", .type = FB_Q_STRING, .min = 1, .max = 16,
     .format = &fb_format_short_id},
    {.name = NULL}
};

static const fb_query_rule_t fb_art_get_rules[] = {
    {.name = "state", .type = FB_Q_ENUM, .choices = fb_art_states,
     .dflt = "live"},
    {.name = NULL}
};

static fb_error_t *fb_art_list(fb_req_t *fr)
{
    return fb_list_respond_rows(
        fr, &fb_art_oldest,
        FB_NAMED(article_list,
                 .state = fb_query_value(&fr->query, fb_art_list_rules,
                                         "state"),
                 .parent = fb_query_get(&fr->query, "parentId"),
                 .help_center = fb_query_get(&fr->query, "helpCenterId")),
        &fb_hc_article_rows);
}

/* A body is HTML when its first character other than white space is
 * '<', else markdown. */
static int fb_art_is_markdown(const char *body)
{
    while (*body == ' ' || *body == '\t' || *body == '\r'
           || *body == '\n') {
        body++;
    }
    return *body != '<';
}

/* The body member of texts (the body itself or one translation), named
 * field, sanitized with its images taken in; its plain text beside it as
 * bodyText, which statements read. */
static fb_error_t *fb_art_content(fb_req_t *fr, json_object *texts,
                                  const char *field)
{
    const char *given = fb_json_string(texts, "body"), *html, *text;
    fb_error_t *err;

    if (given == NULL) {
        return NULL;
    }
    if ((err = fb_body_content(fr, field, given, fb_art_is_markdown(given),
                               &html, &text)) != NULL) {
        return err;
    }
    json_object_object_add(texts, "body", json_object_new_string(html));
    json_object_object_add(texts, "bodyText", json_object_new_string(text));
    return NULL;
}

/* Before the write: no AI formatter, the bodies made content (each
 * image stored in a transaction of its own), and the author of a new
 * article the API key's admin. */
static fb_error_t *fb_art_check(fb_req_t *fr, json_object *body,
                                const char *id)
{
    const char *formatter = fb_json_string(body, "formatter");
    json_object *translations;
    fb_error_t *err;

    if (formatter != NULL && strcmp(formatter, "ai") == 0) {
        return fb_error_make(fr->pool, FB_E_PARAMETER_NOT_SUPPORTED,
                             "formatter", "The AI formatter is not "
                             "available: send the body as HTML or "
                             "markdown with formatter 'default'.");
    }
    if ((err = fb_art_content(fr, body, "body")) != NULL) {
        return err;
    }
    if (json_object_object_get_ex(body, "translations", &translations)) {
        json_object_object_foreach(translations, locale, texts) {
            if ((err = fb_art_content(
                     fr, texts, apr_pstrcat(fr->pool, "translations.",
                                            locale, ".body", NULL)))
                    != NULL) {
                return err;
            }
        }
    }
    if (id == NULL && fr->principal.admin_id[0] != '\0') {
        json_object_object_add(body, "authorId", json_object_new_string(
                                   fr->principal.admin_id));
    }
    return NULL;
}

static const char *const fb_art_icon_types[] = {"emoji", "predefined", NULL};

static const fb_field_rule_t fb_art_icon_rules[] = {
    {.name = "type", .type = FB_FIELD_ENUM, .flags = FB_FIELD_REQUIRED,
     .choices = fb_art_icon_types},
    {.name = "value", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 255},
    {.name = NULL}
};

/* An article's body: at most 1 MB of text before it is sanitized. */
#define ART_BODY_MAX 1048576

static const fb_field_rule_t fb_art_translation_rules[] = {
    {.name = "title", .type = FB_FIELD_STRING, .flags = FB_FIELD_TRIM,
     .min = 1, .max = 512},
    {.name = "description", .type = FB_FIELD_STRING, .max = 512},
    {.name = "body", .type = FB_FIELD_STRING, .max = ART_BODY_MAX},
    {.name = NULL}
};

static const fb_field_rule_t fb_art_translations_rules[] = {
    HC_LOCALES(HC_LOCALE_RULE, fb_art_translation_rules)
    {.name = NULL}
};

static const char *const fb_art_formatters[] = {"default", "ai", NULL};

#define ART_FIELDS(req) \
    {.name = "title", .type = FB_FIELD_STRING, \
     .flags = (req) | FB_FIELD_TRIM, .min = 1, .max = 512}, \
    {.name = "description", .type = FB_FIELD_STRING, .max = 512}, \
    {.name = "body", .type = FB_FIELD_STRING, .max = ART_BODY_MAX}, \
    {.name = "formatter", .type = FB_FIELD_ENUM, \
     .choices = fb_art_formatters}, \
    {.name = "icon", .type = FB_FIELD_OBJECT, \
     .flags = FB_FIELD_NULL_CLEARS, .fields = fb_art_icon_rules}, \
    {.name = "parentId", .type = FB_FIELD_STRING, \
     .flags = FB_FIELD_NULL_CLEARS, .min = 1, .max = 16, \
     .format = &fb_format_short_id}, \
    {.name = "state", .type = FB_FIELD_ENUM, .choices = fb_art_states}, \
    {.name = "translations", .type = FB_FIELD_OBJECT, \
     .fields = fb_art_translations_rules}

static const fb_field_rule_t fb_art_create_rules[] = {
    ART_FIELDS(FB_FIELD_REQUIRED),
    {.name = "helpCenterId", .type = FB_FIELD_STRING, .min = 1, .max = 16,
     .format = &fb_format_short_id},
    {.name = NULL}
};

static const fb_field_rule_t fb_art_update_rules[] = {
    ART_FIELDS(0),
    {.name = "authorId", .type = FB_FIELD_ID},
    {.name = NULL}
};

static const fb_rule_text_t fb_art_messages[] = {
    {"unknown_collection", "Unknown collection '{value}'."},
    {"unknown_help_center", "Unknown help center '{value}'."},
    {"unknown_admin", "'{value}' is not an admin of the organization."},
    {"title_required", "The translation of '{value}' needs a title: the "
     "article has none in that locale yet."},
    {NULL, NULL}
};

static const fb_manage_t fb_art_manage = {
    .res = &fb_articles, .object = "article", .check = fb_art_check,
    .lock = &fb_sql_article_lock, .refs = &fb_sql_article_refs,
    .insert = &fb_sql_article_insert, .update = &fb_sql_article_update,
    .remove = &fb_sql_article_remove,
    .messages = fb_art_messages,
    .created_status = HTTP_OK,
    .created_topic = "article.created",
    .updated_topic = "article.updated",
    .deleted_topic = "article.deleted",
};

/* FB_MANAGE_AUDITS's, but a PATCH of state is the client's
 * article.published ("live") or article.unpublished ("draft"). */
static const fb_audit_value_t fb_art_state_audits[] = {
    {.value = "live", .action = "article.published"},
    {.value = "draft", .action = "article.unpublished"},
    {.value = NULL, .action = NULL}
};
static const fb_audit_t fb_art_audits[] = {
    {.action = "article.created", .domain = "articles",
     .target = "article", .from = FB_AUDIT_ANSWER},
    {.action = "article.updated", .domain = "articles",
     .target = "article", .from = FB_AUDIT_PATH, .param = "id",
     .when = "state", .then_domain = "articles",
     .then_by = fb_art_state_audits},
    {.action = "article.deleted", .domain = "articles",
     .target = "article", .from = FB_AUDIT_PATH, .param = "id"}
};

static const fb_op_t fb_art_list_op = {
    .handler = fb_art_list, .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_NONE, .query = fb_art_list_rules,
};
static const fb_op_t fb_art_get_op = {
    .handler = fb_resource_get, .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_NONE, .query = fb_art_get_rules,
    .data = &fb_articles, .path = fb_hc_id_path,
};
static const fb_op_t fb_art_create_op = {
    .handler = fb_manage_create, .flags = FB_OP_BODY | FB_OP_WRITE,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_MANAGE_HELP_CENTER,
    .body = fb_art_create_rules, .data = &fb_art_manage,
    .audit = &fb_art_audits[0],
};
static const fb_op_t fb_art_update_op = {
    .handler = fb_manage_update, .flags = FB_OP_BODY | FB_OP_WRITE,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_MANAGE_HELP_CENTER,
    .body = fb_art_update_rules, .data = &fb_art_manage,
    .path = fb_hc_id_path, .audit = &fb_art_audits[1],
};
static const fb_op_t fb_art_delete_op = {
    .handler = fb_manage_delete, .flags = FB_OP_WRITE,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_MANAGE_HELP_CENTER, .data = &fb_art_manage,
    .path = fb_hc_id_path, .audit = &fb_art_audits[2],
};

static const fb_route_t fb_art_routes[] = {
    {"GET", "/help_center/articles", &fb_art_list_op},
    {"POST", "/help_center/articles", &fb_art_create_op},
    {"GET", "/help_center/articles/{id}", &fb_art_get_op},
    {"PATCH", "/help_center/articles/{id}", &fb_art_update_op},
    {"DELETE", "/help_center/articles/{id}", &fb_art_delete_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_help_center_articles_module = {
    .name = "help_center_articles",
    .routes = fb_art_routes,
    .statements = fb_article_statements,
};
