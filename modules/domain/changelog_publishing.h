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
 * named page with three columns, ch (the changelogs row), lo (the
 * changelog_locales row) and live (show the live copy rather than the
 * draft), end with CHANGELOG_RENDER, and write the JSON with
 * fb_changelog_write().
 */
#ifndef CHANGELOG_PUBLISHING_H
#define CHANGELOG_PUBLISHING_H

#include "fb_db.h"
#include "fb_jsonw.h"
#include "settings.h"

/* A field of the version shown: the live copy or the draft. */
#define CHANGELOG_SHOWN(col) \
    "CASE WHEN p.live THEN (p.lo).live_" col " ELSE (p.lo)." col " END"

/*
 * A changelog is written in C (changelog_render.c) from plain columns, as
 * posts are: building its JSON in PostgreSQL (aggregates over its locales
 * and categories per row) was most of the database's work per read.
 * X(name, sql) gives the enum CHANGELOG_COL_<name> and the select list,
 * over the page p joined to the page's categories pc and locales pl
 * (CHANGELOG_RENDER).  Timestamps come as UTC text; the categories as an
 * array of (id, name, roles as JSON), the locales as an array of
 * (locale, slug, published, send email, hidden, scheduled at, schedule
 * error, email sent), both in their order.
 */
#define CHANGELOG_COLUMNS(X) \
    X(ID, "(p.ch).id") \
    X(TITLE, CHANGELOG_SHOWN("title")) \
    X(SLUG, "(p.lo).slug") \
    X(PORTAL_URL, "(SELECT o.portal_url FROM organizations o " \
                  "WHERE o.id = $1)") \
    X(LOCALE, "(p.lo).locale") \
    X(CONTENT, CHANGELOG_SHOWN("content")) \
    X(MARKDOWN, CHANGELOG_SHOWN("markdown")) \
    X(FEATURED_IMAGE, "(p.ch).featured_image") \
    X(DATE, "(p.ch).date AT TIME ZONE 'UTC'") \
    X(LIVE, "p.live") \
    X(PUBLISHED, "(p.lo).published_at IS NOT NULL") \
    X(DIFFERS, "(p.lo).published_at IS NOT NULL " \
               "AND ((p.lo).title, (p.lo).content, (p.lo).markdown) " \
               "IS DISTINCT FROM ((p.lo).live_title, (p.lo).live_content, " \
               "(p.lo).live_markdown)") \
    X(COMMENT_COUNT, "(p.ch).comment_count") \
    X(CATEGORIES, "COALESCE(pc.a, '{}')") \
    X(ORG, "(p.ch).org_id") \
    X(LOCALES, "COALESCE(pl.a, '{}')") \
    X(SEGMENTS, "to_json((p.ch).allowed_segment_ids)") \
    X(EMAIL_SENT, "(p.lo).email_sent") \
    X(CREATED_AT, "(p.ch).created_at AT TIME ZONE 'UTC'") \
    X(UPDATED_AT, "greatest((p.ch).updated_at, (p.lo).updated_at) " \
                  "AT TIME ZONE 'UTC'")

/*
 * The categories and the locales of the whole page, each read in one
 * join over the page's ids: a subquery per row made PostgreSQL scan the
 * links once for each changelog of a list (a small table looks cheaper
 * to scan than to probe).  Both continue the statement's WITH.
 */
#define CHANGELOG_PAGE_CATEGORIES \
    "pc AS (SELECT cl.changelog_id AS id, " \
    "  array_agg(ARRAY[g.id, g.name, to_json(g.roles)::text] " \
    "            ORDER BY lower(g.name)) AS a " \
    "  FROM page q JOIN changelog_category_links cl " \
    "    ON cl.org_id = $1 AND cl.changelog_id = (q.ch).id " \
    "  JOIN changelog_categories g " \
    "    ON g.org_id = cl.org_id AND g.id = cl.category_id " \
    "  GROUP BY cl.changelog_id)"
#define CHANGELOG_PAGE_LOCALES \
    "pl AS (SELECT x.changelog_id AS id, " \
    "  array_agg(ARRAY[x.locale, x.slug, " \
    "    (x.published_at IS NOT NULL)::text, " \
    "    (CASE WHEN x.scheduled_at IS NOT NULL " \
    "     THEN x.scheduled_email ELSE x.send_email END)::text, " \
    "    x.hide_from_board::text, " \
    "    (x.scheduled_at AT TIME ZONE 'UTC')::text, " \
    "    x.publish_error, x.email_sent::text] " \
    "    ORDER BY x.created_at, x.locale) AS a " \
    "  FROM page q JOIN changelog_locales x " \
    "    ON x.org_id = $1 AND x.changelog_id = (q.ch).id " \
    "  GROUP BY x.changelog_id)"

#define CHANGELOG_COL_ENUM(name, sql) CHANGELOG_COL_##name,
enum { CHANGELOG_COLUMNS(CHANGELOG_COL_ENUM) CHANGELOG_NCOLS };

#define CHANGELOG_COL_SQL(name, sql) sql ", "
/* The end of a statement whose WITH made the page: the columns of each
 * row, then its sort key (column CHANGELOG_NCOLS; NULL for a statement
 * without an order), in no order (the statement adds its own). */
#define CHANGELOG_RENDER(key) \
    ", " CHANGELOG_PAGE_CATEGORIES ", " CHANGELOG_PAGE_LOCALES " " \
    "SELECT " CHANGELOG_COLUMNS(CHANGELOG_COL_SQL) key " AS sort_key " \
    "FROM page p LEFT JOIN pc ON pc.id = (p.ch).id " \
    "LEFT JOIN pl ON pl.id = (p.ch).id"

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
 * The changelog of row (the columns of CHANGELOG_RENDER) as the API
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
