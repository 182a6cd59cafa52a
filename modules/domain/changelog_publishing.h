/*
 * changelog_publishing: publishing a changelog, which requests
 * (POST /changelogs/{id}/publish, a changelog created live) and the
 * worker (a scheduled publish, modules/jobs/fb_job_publish.c) do alike,
 * and the changelog as the API renders it, which the published event
 * carries.
 *
 * A changelog (table changelogs) has one row per locale
 * (changelog_locales) holding that locale's draft and, while it is
 * published there, its live copy.  It is rendered in one locale: the
 * statements, whose $1 is the organization, pick the rows into a CTE
 * named page (CHANGELOG_PAGE_COLUMNS of the changelogs row c and the
 * changelog_locales row l, and live: show the live copy rather than the
 * draft), end with CHANGELOG_RENDER_ONE or _PAGE, and write the JSON
 * with fb_changelog_write().
 */
#ifndef CHANGELOG_PUBLISHING_H
#define CHANGELOG_PUBLISHING_H

#include "fb_db.h"
#include "fb_jsonw.h"
#include "settings.h"

/* The columns of c and l a page holds: those read, not whole rows (a
 * row value copies, and detoasts, every column, search vectors too). */
#define CHANGELOG_PAGE_COLUMNS \
    "c.id, c.org_id, c.featured_image, c.date, c.comment_count, " \
    "c.allowed_segment_ids, c.created_at, c.updated_at, l.locale, " \
    "l.slug, l.title, l.content, l.markdown, l.live_title, " \
    "l.live_content, l.live_markdown, l.published_at, l.email_sent, " \
    "l.updated_at AS l_updated_at"

/* A field of the version shown: the live copy or the draft. */
#define CHANGELOG_SHOWN(col) \
    "CASE WHEN p.live THEN p.live_" col " ELSE p." col " END"

/*
 * A changelog is written in C (changelog_render.c) from plain columns, as
 * posts are: building its JSON in PostgreSQL (aggregates over its locales
 * and categories per row) was most of the database's work per read.
 * X(name, sql) gives the enum CHANGELOG_COL_<name> and the select list,
 * over the page p, with the SQL of its categories and of its locales as
 * given (CHANGELOG_RENDER_ONE, CHANGELOG_RENDER_PAGE).  Timestamps come
 * as UTC text; the categories as an array of (id, name, roles as JSON),
 * the locales as an array of (locale, slug, published, send email,
 * hidden, scheduled at, schedule error, email sent), both in their order.
 * Text arrays (segments, a category's roles) come as to_json's text,
 * written as they are: about 0.4 us a row more in PostgreSQL than the
 * array's own text, which C would have to parse (boards.h has the
 * figure).
 */
#define CHANGELOG_COLUMNS(X, categories, locales) \
    X(ID, "p.id") \
    X(TITLE, CHANGELOG_SHOWN("title")) \
    X(SLUG, "p.slug") \
    X(PORTAL_URL, "(SELECT o.portal_url FROM organizations o " \
                  "WHERE o.id = $1)") \
    X(LOCALE, "p.locale") \
    X(CONTENT, CHANGELOG_SHOWN("content")) \
    X(MARKDOWN, CHANGELOG_SHOWN("markdown")) \
    X(FEATURED_IMAGE, "p.featured_image") \
    X(DATE, "p.date AT TIME ZONE 'UTC'") \
    X(LIVE, "p.live") \
    X(PUBLISHED, "p.published_at IS NOT NULL") \
    X(DIFFERS, "p.published_at IS NOT NULL " \
               "AND (p.title, p.content, p.markdown) " \
               "IS DISTINCT FROM (p.live_title, p.live_content, " \
               "p.live_markdown)") \
    X(COMMENT_COUNT, "p.comment_count") \
    X(CATEGORIES, categories) \
    X(ORG, "p.org_id") \
    X(LOCALES, locales) \
    X(SEGMENTS, "to_json(p.allowed_segment_ids)") \
    X(EMAIL_SENT, "p.email_sent") \
    X(CREATED_AT, "p.created_at AT TIME ZONE 'UTC'") \
    X(UPDATED_AT, "greatest(p.updated_at, p.l_updated_at) " \
                  "AT TIME ZONE 'UTC'")

#define CHANGELOG_COL_ENUM(name, sql) CHANGELOG_COL_##name,
enum { CHANGELOG_COLUMNS(CHANGELOG_COL_ENUM, "", "") CHANGELOG_NCOLS };

/* A category of the changelog id (links cl, categories g) and its order;
 * a locale of it (x) and its order. */
#define CHANGELOG_CATEGORY "ARRAY[g.id, g.name, to_json(g.roles)::text]"
#define CHANGELOG_CATEGORY_ORDER "lower(g.name)"
#define CHANGELOG_CATEGORIES_OF(id) \
    "changelog_category_links cl JOIN changelog_categories g " \
    "  ON g.org_id = cl.org_id AND g.id = cl.category_id " \
    "WHERE cl.org_id = $1 AND cl.changelog_id = " id
#define CHANGELOG_LOCALE \
    "ARRAY[x.locale, x.slug, (x.published_at IS NOT NULL)::text, " \
    "  (CASE WHEN x.scheduled_at IS NOT NULL " \
    "   THEN x.scheduled_email ELSE x.send_email END)::text, " \
    "  x.hide_from_board::text, (x.scheduled_at AT TIME ZONE 'UTC')::text, " \
    "  x.publish_error, x.email_sent::text]"
#define CHANGELOG_LOCALE_ORDER "x.created_at, x.locale"
#define CHANGELOG_LOCALES_OF(id) \
    "changelog_locales x WHERE x.org_id = $1 AND x.changelog_id = " id

#define CHANGELOG_COL_SQL(name, sql) sql ", "
/*
 * The end of a statement whose WITH made the page: the columns of each
 * row, then its sort key (column CHANGELOG_NCOLS; NULL for a statement
 * without an order), in no order (the statement adds its own).
 *
 * One changelog reads its categories and locales in a subquery each.  A
 * page reads them for all its rows in one join each: a subquery per row
 * had PostgreSQL scan the links once for each changelog of a list (a
 * small table looks cheaper to scan than to probe); for one row the
 * joins cost more than the subqueries.
 */
#define CHANGELOG_RENDER_ONE \
    " SELECT " CHANGELOG_COLUMNS(CHANGELOG_COL_SQL, \
        "ARRAY(SELECT " CHANGELOG_CATEGORY \
        " FROM " CHANGELOG_CATEGORIES_OF("p.id") \
        " ORDER BY " CHANGELOG_CATEGORY_ORDER ")", \
        "ARRAY(SELECT " CHANGELOG_LOCALE \
        " FROM " CHANGELOG_LOCALES_OF("p.id") \
        " ORDER BY " CHANGELOG_LOCALE_ORDER ")") \
    "NULL AS sort_key FROM page p"
#define CHANGELOG_RENDER_PAGE(key) \
    ", pc AS (SELECT cl.changelog_id AS id, " \
    "  array_agg(" CHANGELOG_CATEGORY \
    "            ORDER BY " CHANGELOG_CATEGORY_ORDER ") AS a " \
    "  FROM page q, " CHANGELOG_CATEGORIES_OF("q.id") \
    "  GROUP BY cl.changelog_id), " \
    "pl AS (SELECT x.changelog_id AS id, " \
    "  array_agg(" CHANGELOG_LOCALE \
    "            ORDER BY " CHANGELOG_LOCALE_ORDER ") AS a " \
    "  FROM page q, " CHANGELOG_LOCALES_OF("q.id") \
    "  GROUP BY x.changelog_id) " \
    "SELECT " CHANGELOG_COLUMNS(CHANGELOG_COL_SQL, \
                                "COALESCE(pc.a, '{}')", \
                                "COALESCE(pl.a, '{}')") \
    key " AS sort_key " \
    "FROM page p LEFT JOIN pc ON pc.id = p.id " \
    "LEFT JOIN pl ON pl.id = p.id"

/*
 * The rows of changelog_locales l that a statement on some locales of
 * one changelog changes: its first placeholders are the organization,
 * the changelog and the locales (a text[] literal, NULL for all of
 * them), then those of more, columns of its own arguments.  For
 * UPDATE changelog_locales l SET ... CHANGELOG_LOCALES_WHERE("...").
 */
#define CHANGELOG_LOCALES_WHERE(more) \
    "FROM (SELECT %s::text AS org_id, %s::text AS id, " \
    "  %s::text[] AS locales" more ") a " \
    "WHERE l.org_id = a.org_id AND l.changelog_id = a.id " \
    "  AND (a.locales IS NULL OR l.locale = ANY (a.locales)) "

extern const fb_statement_t *const fb_changelog_publishing_statements[];

/*
 * The changelog of row (the columns of CHANGELOG_RENDER_*) as the API
 * writes it, to w, with portal as the default portal URL; APR_EINVAL
 * when a column is not in the form the statement gives (a bug, or a
 * database whose DateStyle is not ISO).
 */
apr_status_t fb_changelog_write(fb_jsonw_t *w, const char *const *row,
                                const char *portal);

/* The JSON array of the changelogs of the first n rows (a list's page)
 * into *json; APR_EINVAL as fb_changelog_write. */
apr_status_t fb_changelog_page(apr_pool_t *p, const fb_rows_t *rows, int n,
                               const char *portal, const char **json);

/*
 * The changelog of org named by id (or a slug: then shown in that slug's
 * locale unless locale names one) as the API renders it, in the locale
 * asked for (NULL: the organization's default, else its first), its
 * draft when draft, with portal as the default portal URL; *json is NULL
 * when there is none.  Runs on db, so inside a transaction it sees the
 * transaction's writes.
 */
apr_status_t fb_changelog_render(fb_db_t *db, apr_pool_t *p,
                                 const char *org, const char *id,
                                 const char *locale, int draft,
                                 const char *portal, const char **json);

/*
 * Publishes the locales of the changelog id of org named by locales (a
 * text[] literal; NULL: all) now: their drafts become live, their
 * schedules end, and, when send_email is 1 (-1: each locale's scheduled
 * flag), their subscriber emails are queued where they never were.
 * Records changelog.published when a locale was published.  Runs inside
 * a transaction on db (a request's, or the worker's for a scheduled
 * publish) with settings (the portal URL of the event's item and the
 * emails, the unsubscribe links).
 */
apr_status_t fb_changelog_publish_now(fb_db_t *db, apr_pool_t *p,
                                      const fb_settings_t *settings,
                                      const char *org, const char *id,
                                      const char *locales, int send_email);

#endif
