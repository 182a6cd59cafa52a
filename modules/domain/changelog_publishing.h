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
 * statements pick the rows into a CTE named page with three columns,
 * ch (the changelogs row), lo (the changelog_locales row) and live (show
 * the live copy rather than the draft), and render them FROM
 * CHANGELOG_FROM with CHANGELOG_JSON, whose one argument is the default
 * portal URL.
 */
#ifndef CHANGELOG_PUBLISHING_H
#define CHANGELOG_PUBLISHING_H

#include "fb_db.h"
#include "settings.h"

/* A field of the version shown: the live copy or the draft. */
#define CHANGELOG_SHOWN(col) \
    "CASE WHEN p.live THEN (p.lo).live_" col " ELSE (p.lo)." col " END"

/* What the JSON says of all the changelog's locales (alias a). */
#define CHANGELOG_FROM \
    "FROM page p, LATERAL (SELECT " \
    "  COALESCE(json_agg(x.locale ORDER BY x.created_at, x.locale) " \
    "           FILTER (WHERE x.published_at IS NOT NULL), '[]') " \
    "    AS published, " \
    "  json_agg(x.locale ORDER BY x.created_at, x.locale) AS available, " \
    "  json_object_agg(x.locale, x.slug ORDER BY x.created_at, x.locale) " \
    "    AS slugs, " \
    "  json_object_agg(x.locale, json_build_object(" \
    "    'sendEmailNotification', CASE WHEN x.scheduled_at IS NOT NULL " \
    "      THEN x.scheduled_email ELSE x.send_email END, " \
    "    'hideFromBoardAndWidgets', x.hide_from_board, " \
    "    'scheduledDate', fb_iso(x.scheduled_at), " \
    "    'scheduleError', x.publish_error, " \
    "    'emailSent', x.email_sent) ORDER BY x.created_at, x.locale) " \
    "    AS notifications " \
    "  FROM changelog_locales x " \
    "  WHERE x.org_id = (p.ch).org_id AND x.changelog_id = (p.ch).id) a "

#define CHANGELOG_CATEGORIES_JSON \
    "COALESCE((SELECT json_agg(json_build_object('id', g.id, " \
    "                 'name', g.name, 'roles', g.roles) " \
    "                 ORDER BY lower(g.name)) " \
    "          FROM changelog_category_links cl " \
    "          JOIN changelog_categories g " \
    "            ON g.org_id = cl.org_id AND g.id = cl.category_id " \
    "          WHERE cl.org_id = (p.ch).org_id " \
    "            AND cl.changelog_id = (p.ch).id), '[]'::json)"

#define CHANGELOG_JSON \
    "json_build_object(" \
    "'object', 'changelog', 'id', (p.ch).id, " \
    "'title', " CHANGELOG_SHOWN("title") ", 'slug', (p.lo).slug, " \
    "'url', COALESCE((SELECT o.portal_url FROM organizations o " \
    "                 WHERE o.id = (p.ch).org_id), %s) " \
    "       || '/' || (p.lo).locale || '/changelog/' || (p.lo).slug, " \
    "'content', " CHANGELOG_SHOWN("content") ", " \
    "'markdownContent', " CHANGELOG_SHOWN("markdown") ", " \
    "'featuredImage', (p.ch).featured_image, " \
    "'date', fb_iso((p.ch).date), " \
    "'state', CASE WHEN p.live THEN 'live' ELSE 'draft' END, " \
    "'locale', (p.lo).locale, " \
    "'isPublished', (p.lo).published_at IS NOT NULL, " \
    "'isDraftDiffersFromLive', (p.lo).published_at IS NOT NULL " \
    "  AND ((p.lo).title, (p.lo).content, (p.lo).markdown) " \
    "      IS DISTINCT FROM ((p.lo).live_title, (p.lo).live_content, " \
    "                        (p.lo).live_markdown), " \
    "'publishedLocales', a.published, 'availableLocales', a.available, " \
    "'slugs', a.slugs, 'commentCount', (p.ch).comment_count, " \
    "'categories', " CHANGELOG_CATEGORIES_JSON ", " \
    "'organization', (p.ch).org_id, 'notifications', a.notifications, " \
    "'allowedSegmentIds', to_json((p.ch).allowed_segment_ids), " \
    "'emailSentToSubscribers', (p.lo).email_sent, " \
    "'createdAt', fb_iso((p.ch).created_at), " \
    "'updatedAt', fb_iso(greatest((p.ch).updated_at, (p.lo).updated_at)))"

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
