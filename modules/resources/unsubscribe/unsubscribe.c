/*
 * unsubscribe: the page a signed unsubscribe link opens (fb_unsubscribe.h),
 * served without an API key.
 *
 * GET shows the address and a button; POST unsubscribes (bulk_mail.h
 * lists what may be left).  A link checker
 * or a mail scanner that follows the link therefore changes nothing, and a
 * mail client's one-click unsubscribe (RFC 8058: a POST of
 * "List-Unsubscribe=One-Click" to the List-Unsubscribe URL) works without
 * a page.  Unsubscribing from the changelog list is what DELETE
 * /changelogs/subscribers does for the address: off the list, and its
 * contacts opted out; from the others, the contacts with the address
 * set that email preference to unsubscribed.
 */
#include <string.h>

#include "apr_escape.h"
#include "apr_strings.h"

#include "bulk_mail.h"
#include "fb_resource.h"
#include "fb_unsubscribe.h"

/* The address off the list: off the changelog list as
 * DELETE /changelogs/subscribers takes it off; from the others, the
 * contacts with the address set that email preference to
 * unsubscribed. */
FB_SQL_NAMED(unsubscribe, (email, list),
    "SELECT CASE WHEN k.list = 'changelog' "
    "  THEN fb_subscribers_remove(k.org_id, ARRAY[k.email]) "
    "  ELSE (SELECT count(*)::integer FROM fb_unsubscribe_preference("
    "          k.org_id, k.email, k.list)) END "
    "FROM (SELECT %s::text AS org_id, %s::text AS email, "
    "             %s::text AS list) k");

static const fb_statement_t *const fb_unsubscribe_statements[] = {
    &fb_sql_unsubscribe, NULL
};

static const fb_query_rule_t fb_unsubscribe_rules[] = {
    {.name = "org", .type = FB_Q_STRING, .flags = FB_Q_REQUIRED, .min = 1,
     .max = 64},
    {.name = "list", .type = FB_Q_ENUM, .flags = FB_Q_REQUIRED,
     .choices = fb_bulk_lists},
    {.name = "email", .type = FB_Q_STRING, .flags = FB_Q_REQUIRED, .min = 1,
     .max = 500},
    {.name = "token", .type = FB_Q_STRING, .flags = FB_Q_REQUIRED,
     .min = 64, .max = 64},
    {.name = NULL}
};

/* Answers a minimal page whose body is the markup body. */
static void fb_unsubscribe_page(fb_req_t *fr, const char *body)
{
    fb_respond_html(fr, HTTP_OK, apr_pstrcat(
        fr->pool, "<!DOCTYPE html>\n<html lang=\"en\"><head>"
        "<meta charset=\"utf-8\"><meta name=\"viewport\" "
        "content=\"width=device-width\"><title>Unsubscribe</title>"
        "</head><body>", body, "</body></html>\n", NULL));
}

/* The link's parts (each required by the query's rules), checked: 400
 * when the token does not sign them. */
static fb_error_t *fb_unsubscribe_check(fb_req_t *fr, const char **org,
                                        const char **email)
{
    const char *list = fb_query_get(&fr->query, "list");
    const char *token = fb_query_get(&fr->query, "token");

    *org = fb_query_get(&fr->query, "org");
    *email = fb_query_get(&fr->query, "email");
    if (fr->conf->secret == NULL
        || !fb_unsubscribe_valid(fr->pool, fr->conf->secret, *org, list,
                                 *email, token)) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, "token",
                             "The link is not valid.");
    }
    return NULL;
}

/* What the page calls the list of the link. */
static const char *fb_unsubscribe_list_name(const char *list)
{
    int i;

    for (i = 0; strcmp(fb_bulk_lists[i], list) != 0; i++) {
    }
    return fb_bulk_list_names[i];
}

static fb_error_t *fb_unsubscribe(fb_req_t *fr)
{
    const char *org, *email, *list, *shown, *name;
    fb_error_t *err;

    if ((err = fb_unsubscribe_check(fr, &org, &email)) != NULL) {
        return err;
    }
    list = fb_query_get(&fr->query, "list");
    name = fb_unsubscribe_list_name(list);
    shown = apr_pescape_entity(fr->pool, email, 0);
    if (strcmp(fr->r->method, "POST") == 0) {
        fb_db_t *db = fb_req_db(fr);
        fb_rows_t rows;

        /*
         * The route is public: no API key, so no principal.  The
         * organization is the link's, now that its signature is checked,
         * and is given to this one statement explicitly rather than set
         * as the request's principal, which would make the request look
         * authenticated to everything that reads the principal after it.
         */
        if (db == NULL
            || fb_db_select(db, fr->pool, &fb_sql_unsubscribe, org,
                            FB_NAMED(unsubscribe, .email = email,
                                     .list = list),
                            &rows) != APR_SUCCESS) {
            return fb_req_db_failed(fr);
        }
        fb_unsubscribe_page(fr, apr_pstrcat(fr->pool, "<p>", shown,
                                            " will receive no more ", name,
                                            " emails.</p>", NULL));
        return NULL;
    }
    /* The form posts back to this very URL, query included. */
    fb_unsubscribe_page(fr, apr_pstrcat(fr->pool, "<form method=\"post\">"
                                        "<p>Stop sending ", name,
                                        " emails to ", shown, "?</p><button "
                                        "type=\"submit\">Unsubscribe"
                                        "</button></form>", NULL));
    return NULL;
}

static const fb_op_t fb_unsubscribe_op = {
    .handler = fb_unsubscribe,
    .flags = FB_OP_PUBLIC,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_NONE,
    .query = fb_unsubscribe_rules,
};

static const fb_route_t fb_unsubscribe_routes[] = {
    {"GET", "/email/unsubscribe", &fb_unsubscribe_op},
    {"POST", "/email/unsubscribe", &fb_unsubscribe_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_unsubscribe_module = {
    .name = "unsubscribe",
    .routes = fb_unsubscribe_routes,
    .statements = fb_unsubscribe_statements,
};
