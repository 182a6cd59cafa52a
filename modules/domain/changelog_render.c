/*
 * changelog_render: a changelog's JSON written from its columns
 * (changelog_publishing.h).
 *
 * The object, member by member, is the one the API has always answered,
 * to the byte: what PostgreSQL wrote when it built it (json_build_object
 * {"k" : v}, json_agg [a, b], json_object_agg { "k" : v }, to_json of an
 * array ["a","b"]).
 */
#include <string.h>

#include "apr_strings.h"

#include "changelog_publishing.h"

/* The fields of a locale in the array of CHANGELOG_COL_LOCALES. */
enum {
    LO_LOCALE, LO_SLUG, LO_PUBLISHED, LO_SEND_EMAIL, LO_HIDE,
    LO_SCHEDULED, LO_ERROR, LO_EMAIL_SENT, LO_FIELDS
};

/* The fields of a category in the array of CHANGELOG_COL_CATEGORIES. */
enum { CA_ID, CA_NAME, CA_ROLES, CA_FIELDS };

#define FIELD(items, i) APR_ARRAY_IDX(items, i, const char *)

/* The locales of the changelog (those published only, or all) as
 * json_agg wrote them. */
static void fb_cl_locales(fb_jsonw_t *w, const char *key,
                          const apr_array_header_t *lo, int published)
{
    int i;

    fb_jsonw_key(w, key);
    fb_jsonw_array(w);
    for (i = 0; i < lo->nelts; i += LO_FIELDS) {
        if (!published || *FIELD(lo, i + LO_PUBLISHED) == 't') {
            fb_jsonw_string(w, FIELD(lo, i + LO_LOCALE));
        }
    }
    fb_jsonw_end(w);
}

/* Each locale's slug, as json_object_agg wrote them. */
static void fb_cl_slugs(fb_jsonw_t *w, const apr_array_header_t *lo)
{
    int i;

    fb_jsonw_key(w, "slugs");
    fb_jsonw_object_agg(w);
    for (i = 0; i < lo->nelts; i += LO_FIELDS) {
        fb_jsonw_member_string(w, FIELD(lo, i + LO_LOCALE),
                               FIELD(lo, i + LO_SLUG));
    }
    fb_jsonw_end(w);
}

/* Each locale's notification settings, as json_object_agg wrote them;
 * 0 when a date is not in the form the statement gives. */
static int fb_cl_notifications(fb_jsonw_t *w, const apr_array_header_t *lo)
{
    int i, ok = 1;

    fb_jsonw_key(w, "notifications");
    fb_jsonw_object_agg(w);
    for (i = 0; i < lo->nelts; i += LO_FIELDS) {
        fb_jsonw_key(w, FIELD(lo, i + LO_LOCALE));
        fb_jsonw_object(w);
        fb_jsonw_member_bool(w, "sendEmailNotification",
                             FIELD(lo, i + LO_SEND_EMAIL));
        fb_jsonw_member_bool(w, "hideFromBoardAndWidgets",
                             FIELD(lo, i + LO_HIDE));
        ok &= fb_jsonw_member_time(w, "scheduledDate",
                                   FIELD(lo, i + LO_SCHEDULED));
        fb_jsonw_member_string(w, "scheduleError", FIELD(lo, i + LO_ERROR));
        fb_jsonw_member_bool(w, "emailSent", FIELD(lo, i + LO_EMAIL_SENT));
        fb_jsonw_end(w);
    }
    fb_jsonw_end(w);
    return ok;
}

static void fb_cl_categories(fb_jsonw_t *w, const apr_array_header_t *ca)
{
    int i;

    fb_jsonw_key(w, "categories");
    fb_jsonw_array(w);
    for (i = 0; i < ca->nelts; i += CA_FIELDS) {
        fb_jsonw_object(w);
        fb_jsonw_member_string(w, "id", FIELD(ca, i + CA_ID));
        fb_jsonw_member_string(w, "name", FIELD(ca, i + CA_NAME));
        fb_jsonw_key(w, "roles");
        fb_jsonw_raw(w, FIELD(ca, i + CA_ROLES));
        fb_jsonw_end(w);
    }
    fb_jsonw_end(w);
}

/* The portal's address of the changelog in its locale. */
static const char *fb_cl_url(apr_pool_t *p, const char *const *row,
                             const char *portal)
{
    const char *own = row[CHANGELOG_COL_PORTAL_URL];

    if (row[CHANGELOG_COL_LOCALE] == NULL || row[CHANGELOG_COL_SLUG] == NULL
        || (own == NULL && portal == NULL)) {
        return NULL;
    }
    return apr_pstrcat(p, own != NULL ? own : portal, "/",
                       row[CHANGELOG_COL_LOCALE], "/changelog/",
                       row[CHANGELOG_COL_SLUG], NULL);
}

apr_status_t fb_changelog_write(fb_jsonw_t *w, const char *const *row,
                                const char *portal)
{
    apr_array_header_t *lo, *ca;
    int ok = 1;

    if (fb_db_array_parse(w->pool, row[CHANGELOG_COL_LOCALES], &lo)
            != APR_SUCCESS
        || lo->nelts % LO_FIELDS != 0
        || fb_db_array_parse(w->pool, row[CHANGELOG_COL_CATEGORIES], &ca)
            != APR_SUCCESS
        || ca->nelts % CA_FIELDS != 0) {
        return APR_EINVAL;
    }
    fb_jsonw_object(w);
    fb_jsonw_key(w, "object");
    fb_jsonw_raw(w, "\"changelog\"");
    fb_jsonw_member_string(w, "id", row[CHANGELOG_COL_ID]);
    fb_jsonw_member_string(w, "title", row[CHANGELOG_COL_TITLE]);
    fb_jsonw_member_string(w, "slug", row[CHANGELOG_COL_SLUG]);
    fb_jsonw_member_string(w, "url", fb_cl_url(w->pool, row, portal));
    fb_jsonw_member_string(w, "content", row[CHANGELOG_COL_CONTENT]);
    fb_jsonw_member_string(w, "markdownContent", row[CHANGELOG_COL_MARKDOWN]);
    fb_jsonw_member_string(w, "featuredImage",
                           row[CHANGELOG_COL_FEATURED_IMAGE]);
    ok &= fb_jsonw_member_time(w, "date", row[CHANGELOG_COL_DATE]);
    fb_jsonw_member_string(w, "state",
                 *row[CHANGELOG_COL_LIVE] == 't' ? "live" : "draft");
    fb_jsonw_member_string(w, "locale", row[CHANGELOG_COL_LOCALE]);
    fb_jsonw_member_bool(w, "isPublished", row[CHANGELOG_COL_PUBLISHED]);
    fb_jsonw_member_bool(w, "isDraftDiffersFromLive",
                         row[CHANGELOG_COL_DIFFERS]);
    fb_cl_locales(w, "publishedLocales", lo, 1);
    fb_cl_locales(w, "availableLocales", lo, 0);
    fb_cl_slugs(w, lo);
    fb_jsonw_key(w, "commentCount");
    fb_jsonw_raw(w, row[CHANGELOG_COL_COMMENT_COUNT]);
    fb_cl_categories(w, ca);
    fb_jsonw_member_string(w, "organization", row[CHANGELOG_COL_ORG]);
    ok &= fb_cl_notifications(w, lo);
    fb_jsonw_key(w, "allowedSegmentIds");
    fb_jsonw_raw(w, row[CHANGELOG_COL_SEGMENTS]);
    fb_jsonw_member_bool(w, "emailSentToSubscribers",
                         row[CHANGELOG_COL_EMAIL_SENT]);
    ok &= fb_jsonw_member_time(w, "createdAt", row[CHANGELOG_COL_CREATED_AT]);
    ok &= fb_jsonw_member_time(w, "updatedAt", row[CHANGELOG_COL_UPDATED_AT]);
    fb_jsonw_end(w);
    return ok ? APR_SUCCESS : APR_EINVAL;
}

/* About what a changelog of a list takes, to size the buffer once. */
#define FB_CHANGELOG_PAGE_SIZE 2048

apr_status_t fb_changelog_page(apr_pool_t *p, const fb_rows_t *rows, int n,
                               const char *portal, const char **json)
{
    fb_jsonw_t w;
    apr_status_t rv;
    int i;

    fb_jsonw_init(&w, p, (apr_size_t)n * FB_CHANGELOG_PAGE_SIZE + 2);
    fb_jsonw_restart(&w, '[');
    for (i = 0; i < n; i++) {
        if (i > 0) {
            fb_jsonw_restart(&w, ',');
        }
        rv = fb_changelog_write(&w, rows->cells + i * rows->ncols, portal);
        if (rv != APR_SUCCESS) {
            *json = NULL;
            return rv;
        }
    }
    fb_jsonw_restart(&w, ']');
    *json = fb_jsonw_text(&w, NULL);
    return APR_SUCCESS;
}
