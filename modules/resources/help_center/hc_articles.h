/*
 * hc_articles.h: what the article files share (hc_articles.c, the reads
 * and writes; hc_article_search.c, POST /help_center/articles/search):
 * an article's columns, the joins they read and its rows' writer.
 */
#ifndef HC_ARTICLES_H
#define HC_ARTICLES_H

#include "help_center.h"

/* Text col of translation t as the view shows it: the live copy when
 * view is 'live' and the locale is published, else the draft. */
#define ART_SHOWN(view, t, col) \
    "CASE WHEN " view " = 'live' AND " t ".published_at IS NOT NULL " \
    "THEN " t ".live_" col " ELSE " t "." col " END"

/* An article's columns over r, its help center h, organization o,
 * author au, the translation shown d (the default locale's, else the
 * first) and its translations tr, as view shows them. */
#define ART_COLUMNS(X, view, hl_title, hl_body) \
    X(ID, "r.id") \
    X(ORG, "r.org_id") \
    X(HELP_CENTER, "r.help_center_id") \
    X(PARENT, "r.parent_id") \
    X(AUTHOR, "au.id") \
    X(AUTHOR_NAME, "au.name") \
    X(AUTHOR_PICTURE, "au.profile_picture") \
    X(ICON_TYPE, "r.icon_type") \
    X(ICON_VALUE, "r.icon_value") \
    X(STATE, "r.state") \
    X(IS_PUBLISHED, "r.state = 'live'") \
    X(ORDER, "coalesce(r.position::text, 'null')") \
    X(CREATED, "r.created_at AT TIME ZONE 'UTC'") \
    X(UPDATED, "r.updated_at AT TIME ZONE 'UTC'") \
    X(LIVE_UPDATED, "fb_iso(r.live_updated_at)") \
    X(DEFAULT_LOCALE, "h.default_locale") \
    X(LOCALE, "coalesce(d.locale, h.default_locale)") \
    X(TITLE, ART_SHOWN(view, "d", "title")) \
    X(DESCRIPTION, ART_SHOWN(view, "d", "description")) \
    X(BODY, ART_SHOWN(view, "d", "body")) \
    X(SLUG, "d.slug") \
    X(PORTAL, "o.portal_url") \
    X(SUBPATH, "h.subpath") \
    X(DOMAIN, "h.external_domain") \
    X(EXTERNAL, "CASE WHEN d.slug IS NOT NULL THEN h.external_domain END") \
    X(PUBLISHED, "tr.published") \
    X(DIFFERS, "coalesce(tr.differs, false)") \
    X(TR_LOCALES, "tr.locales") \
    X(TR_TITLES, "tr.titles") \
    X(TR_DESCRIPTIONS, "tr.descriptions") \
    X(TR_BODIES, "tr.bodies") \
    X(TR_SLUGS, "tr.slugs") \
    X(TR_CREATED, "tr.created") \
    X(TR_UPDATED, "tr.updated") \
    X(HL_TITLE, hl_title) \
    X(HL_BODY, hl_body)

#define ART_COL_ENUM(name, sql) ART_COL_##name,
enum { ART_COLUMNS(ART_COL_ENUM, "", "", "") ART_NCOLS };

#define ART_COL_SQL(name, sql) sql ", "
/* Reads and lists: no highlights (search's, hc_article_search.c). */
#define ART_SELECT(view) \
    ART_COLUMNS(ART_COL_SQL, view, "NULL::text", "NULL::text") HC_KEY("r")

/* After "FROM k": the articles of source (a table, or a CTE of their
 * rows) as r, with what their columns read; k has org_id, and view
 * reads k's. */
#define ART_FROM_OF(source, view) \
    "JOIN " source " r ON r.org_id = k.org_id " \
    "JOIN help_centers h ON h.org_id = r.org_id " \
    "  AND h.id = r.help_center_id " \
    "JOIN organizations o ON o.id = r.org_id " \
    "LEFT JOIN admins au ON au.org_id = r.org_id AND au.id = r.author_id " \
    "LEFT JOIN LATERAL (SELECT t.* " \
    "  FROM help_center_article_translations t " \
    "  WHERE t.org_id = r.org_id AND t.article_id = r.id " \
    "  ORDER BY t.locale = h.default_locale DESC, t.locale LIMIT 1) d " \
    "  ON true " \
    "LEFT JOIN LATERAL (SELECT " \
    "  array_agg(t.locale ORDER BY t.locale) AS locales, " \
    "  array_agg(" ART_SHOWN(view, "t", "title") " ORDER BY t.locale) " \
    "    AS titles, " \
    "  array_agg(" ART_SHOWN(view, "t", "description") \
    "    ORDER BY t.locale) AS descriptions, " \
    "  array_agg(" ART_SHOWN(view, "t", "body") " ORDER BY t.locale) " \
    "    AS bodies, " \
    "  array_agg(t.slug ORDER BY t.locale) AS slugs, " \
    "  array_agg(fb_iso(t.created_at) ORDER BY t.locale) AS created, " \
    "  array_agg(fb_iso(t.updated_at) ORDER BY t.locale) AS updated, " \
    "  coalesce(array_agg(t.locale ORDER BY t.locale) " \
    "    FILTER (WHERE t.published_at IS NOT NULL), '{}') AS published, " \
    "  bool_or(t.published_at IS NOT NULL AND (t.live_title, " \
    "    t.live_description, t.live_body) IS DISTINCT FROM (t.title, " \
    "    t.description, t.body)) AS differs " \
    "  FROM help_center_article_translations t " \
    "  WHERE t.org_id = r.org_id AND t.article_id = r.id) tr ON true "

#define ART_FROM(view) ART_FROM_OF("help_center_articles", view)

/* How an article's row is written (GET .../articles/{id}'s object):
 * its members, and as a list's rows, whose cursor key is column
 * ART_NCOLS. */
extern const fb_rj_member_t fb_hc_article_members[];
extern const fb_list_rows_t fb_hc_article_rows;

/* The article resource (its get reads one as GET .../articles/{id}),
 * for the events of articles another write moves. */
extern const fb_resource_t *const fb_hc_article_resource;

#endif
