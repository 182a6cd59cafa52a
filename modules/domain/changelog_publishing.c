/*
 * changelog_publishing: rendering and publishing a changelog
 * (changelog_publishing.h).
 *
 * A publish with sendEmail queues, for each of its locales whose email
 * never went out, one email per recipient (fb_changelog_recipients(), in
 * SQL) in the email outbox, in the publish's own transaction; email_sent
 * is set in the same statement that picks the locale, so a locale mails
 * its subscribers once, ever.
 */
#include <string.h>

#include "apr_escape.h"
#include "apr_strings.h"

#include "bulk_mail.h"
#include "changelog_publishing.h"
#include "fb_events.h"
#include "portal.h"

/* About what a changelog takes, to size the buffer once. */
#define FB_CHANGELOG_JSON_SIZE 2048

/* (ref: an id or a slug, locale: the one asked for, draft): by id,
 * else by slug, shown in the locale asked for, else the slug's, else the
 * default one. */
FB_SQL_NAMED(changelog_get, (ref, locale, draft),
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, %s::text AS ref, "
    "  %s::text AS locale, %s::boolean AS draft), "
    "hit AS (SELECT c.id, NULL::text AS slug_locale, 0 AS o "
    "  FROM k JOIN changelogs c ON c.org_id = k.org_id AND c.id = k.ref "
    "  UNION ALL "
    "  SELECT s.changelog_id, s.locale, 1 FROM k "
    "  JOIN changelog_locales s ON s.org_id = k.org_id AND s.slug = k.ref "
    "  ORDER BY 3 LIMIT 1), "
    "page AS (SELECT " CHANGELOG_PAGE_COLUMNS ", "
    "    l.published_at IS NOT NULL AND NOT k.draft AS live "
    "  FROM k JOIN hit ON true "
    "  JOIN changelogs c ON c.org_id = k.org_id AND c.id = hit.id "
    "  JOIN changelog_locales l ON l.org_id = c.org_id "
    "    AND l.changelog_id = c.id "
    "    AND l.locale = fb_changelog_locale(k.org_id, c.id, "
    "                     COALESCE(k.locale, hit.slug_locale))) "
    CHANGELOG_RENDER_ONE);

/* (id, locales, send_email: NULL for each locale's scheduled flag) */
FB_SQL_NAMED(changelog_p_publish, (id, locales, send_email),
    "UPDATE changelog_locales l SET live_title = l.title, "
    "  live_content = l.content, live_content_text = l.content_text, "
    "  live_markdown = l.markdown, "
    "  published_at = COALESCE(l.published_at, now()), "
    "  send_email = COALESCE(a.send_email, l.scheduled_email), "
    "  scheduled_at = NULL, scheduled_email = false, publish_error = NULL, "
    "  updated_at = now() "
    CHANGELOG_LOCALES_WHERE(", %s::boolean AS send_email")
    "RETURNING l.locale, l.send_email");

/* The locales whose one subscriber email is now due, marked sent, with
 * what the email says (portal: the default portal's URL). */
FB_SQL_NAMED(changelog_p_email_locales, (id, locales, portal),
    "UPDATE changelog_locales l SET email_sent = true "
    "FROM (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::text[] AS locales, %s::text AS portal) a "
    "WHERE l.org_id = a.org_id AND l.changelog_id = a.id "
    "AND l.locale = ANY (a.locales) AND NOT l.email_sent "
    "RETURNING l.locale, l.live_title, l.live_content, "
    "  l.live_content_text, "
    "  COALESCE((SELECT o.portal_url FROM organizations o "
    "            WHERE o.id = l.org_id), a.portal) "
    "  || '/' || l.locale || '/changelog/' || l.slug");

/* (org, locale) */
FB_SQL(changelog_p_recipients, 1,
    "SELECT fb_changelog_recipients(%s, %s)");

const fb_statement_t *const fb_changelog_publishing_statements[] = {
    &fb_sql_changelog_get, &fb_sql_changelog_p_publish,
    &fb_sql_changelog_p_email_locales, &fb_sql_changelog_p_recipients, NULL
};

apr_status_t fb_changelog_render(fb_db_t *db, apr_pool_t *p,
                                 const char *org, const char *id,
                                 const char *locale, int draft,
                                 const char *portal, const char **json)
{
    fb_rows_t rows;
    apr_status_t rv = fb_db_select(db, p, &fb_sql_changelog_get, org,
                                   FB_NAMED(changelog_get, .ref = id,
                                            .locale = locale,
                                            .draft = draft ? "true"
                                                           : "false"),
                                   &rows);
    fb_jsonw_t w;

    *json = NULL;
    if (rv != APR_SUCCESS || rows.nrows == 0) {
        return rv;
    }
    fb_jsonw_init(&w, p, FB_CHANGELOG_JSON_SIZE);
    if ((rv = fb_changelog_write(&w, rows.cells, portal)) == APR_SUCCESS) {
        *json = fb_jsonw_text(&w, NULL);
    }
    return rv;
}

/*
 * Queues the subscriber emails of one locale (a row of
 * changelog_p_email_locales): one per recipient, each with its own
 * unsubscribe link.
 */
static apr_status_t fb_changelog_email_locale(fb_db_t *db, apr_pool_t *p,
                                              const fb_settings_t *settings,
                                              const char *org,
                                              const char *id,
                                              const fb_rows_t *locales,
                                              int row)
{
    const char *locale = fb_rows_get(locales, row, 0);
    const char *title = fb_rows_get(locales, row, 1);
    const char *url = fb_rows_get(locales, row, 4);
    fb_bulk_mail_t m;
    fb_rows_t rows;
    apr_status_t rv;

    if ((rv = fb_db_select(db, p, &fb_sql_changelog_p_recipients, org,
                           FB_ARGS(locale), &rows)) != APR_SUCCESS) {
        return rv;
    }
    m.kind = "changelog";
    m.list = "changelog";
    m.subject = title;
    m.html = apr_pstrcat(p, "<h1>", apr_pescape_entity(p, title, 0),
                         "</h1>\n", fb_rows_get(locales, row, 2),
                         "\n<p><a href=\"", apr_pescape_entity(p, url, 0),
                         "\">Read it online</a></p>",
                         fb_bulk_footer_html(p, m.list), NULL);
    m.text = apr_pstrcat(p, title, "\n\n", fb_rows_get(locales, row, 3),
                         "\n\nRead it online: ", url,
                         fb_bulk_footer_text(p, m.list), NULL);
    m.dedupe = apr_pstrcat(p, "changelog/", id, "/", locale, "/", NULL);
    m.post_id = NULL;
    m.changelog_id = id;
    return fb_bulk_mail_queue(db, p, settings, org, &m, &rows);
}

apr_status_t fb_changelog_publish_now(fb_db_t *db, apr_pool_t *p,
                                      const fb_settings_t *settings,
                                      const char *org, const char *id,
                                      const char *locales, int send_email)
{
    const char *portal = fb_portal_default(p, settings, org);
    const char *send = send_email < 0 ? NULL
                       : send_email ? "true" : "false";
    apr_array_header_t *mail;
    const char *json;
    fb_rows_t rows, due;
    apr_status_t rv;
    int i;

    rv = fb_db_select(db, p, &fb_sql_changelog_p_publish, org,
                      FB_NAMED(changelog_p_publish, .id = id,
                               .locales = locales, .send_email = send),
                      &rows);
    if (rv != APR_SUCCESS || rows.nrows == 0) {
        return rv;
    }
    rv = fb_changelog_render(db, p, org, id, NULL, 0, portal, &json);
    if (rv == APR_SUCCESS) {
        rv = fb_event_record(db, p, org, "changelog.published", json, NULL);
    }
    mail = apr_array_make(p, rows.nrows, sizeof(const char *));
    for (i = 0; i < rows.nrows; i++) {
        if (strcmp(fb_rows_get(&rows, i, 1), "t") == 0) {
            APR_ARRAY_PUSH(mail, const char *) = fb_rows_get(&rows, i, 0);
        }
    }
    if (rv != APR_SUCCESS || mail->nelts == 0) {
        return rv;
    }
    rv = fb_db_select(db, p, &fb_sql_changelog_p_email_locales, org,
                      FB_NAMED(changelog_p_email_locales, .id = id,
                               .locales = fb_db_text_array(p, mail),
                               .portal = portal),
                      &due);
    for (i = 0; rv == APR_SUCCESS && i < due.nrows; i++) {
        rv = fb_changelog_email_locale(db, p, settings, org, id, &due, i);
    }
    return rv;
}
