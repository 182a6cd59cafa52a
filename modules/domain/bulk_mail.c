/*
 * bulk_mail: one email, many recipients (bulk_mail.h).
 */
#include <string.h>

#include "apr_strings.h"

#include "bulk_mail.h"
#include "fb_unsubscribe.h"

const char *const fb_bulk_lists[] = {"changelog", "postUpdates",
                                     "postComments", "commentReplies", NULL};
const char *const fb_bulk_list_names[] = {"changelog", "post status update",
                                          "new comment", "comment reply",
                                          NULL};

/* The members of fb_bulk_mail_t, then the recipients' addresses and
 * their unsubscribe links, two arrays in the same order. */
FB_SQL_NAMED(bulk_mail_queue,
             (kind, list, subject, html, text, dedupe, post_id, changelog_id,
              emails, links),
    "INSERT INTO email_outbox (org_id, kind, preference, recipient, "
    "  subject, body_html, body_text, dedupe_key, headers, post_id, "
    "  changelog_id) "
    "SELECT k.org_id, k.kind, k.list, r.email, k.subject, "
    "  replace(k.html, '" FB_BULK_UNSUBSCRIBE "', "
    "          replace(r.link, '&', '&amp;')), "
    "  replace(k.text, '" FB_BULK_UNSUBSCRIBE "', r.link), "
    "  k.dedupe || r.email, "
    "  jsonb_build_object('List-Unsubscribe', '<' || r.link || '>', "
    "    'List-Unsubscribe-Post', 'List-Unsubscribe=One-Click'), "
    "  k.post_id, k.changelog_id "
    "FROM (SELECT %s::text AS org_id, %s::text AS kind, %s::text AS list, "
    "  %s::text AS subject, %s::text AS html, %s::text AS text, "
    "  %s::text AS dedupe, %s::text AS post_id, %s::text AS changelog_id, "
    "  %s::text[] AS emails, %s::text[] AS links) k, "
    "  unnest(k.emails, k.links) AS r(email, link) "
    "ON CONFLICT DO NOTHING");

const fb_statement_t *const fb_bulk_mail_statements[] = {
    &fb_sql_bulk_mail_queue, NULL
};

/* What the unsubscribe page and the footers call list. */
static const char *fb_bulk_list_name(const char *list)
{
    int i;

    for (i = 0; fb_bulk_lists[i] != NULL; i++) {
        if (strcmp(fb_bulk_lists[i], list) == 0) {
            return fb_bulk_list_names[i];
        }
    }
    return list;
}

const char *fb_bulk_footer_html(apr_pool_t *p, const char *list)
{
    return apr_pstrcat(p, "\n<hr>\n<p><a href=\"" FB_BULK_UNSUBSCRIBE
                       "\">Unsubscribe</a> from ", fb_bulk_list_name(list),
                       " emails.</p>\n", NULL);
}

const char *fb_bulk_footer_text(apr_pool_t *p, const char *list)
{
    return apr_pstrcat(p, "\n\nUnsubscribe from ", fb_bulk_list_name(list),
                       " emails: " FB_BULK_UNSUBSCRIBE "\n", NULL);
}

apr_status_t fb_bulk_mail_queue(fb_db_t *db, apr_pool_t *p,
                                const fb_settings_t *settings,
                                const char *org, const fb_bulk_mail_t *m,
                                const fb_rows_t *recipients)
{
    apr_array_header_t *emails, *links;
    int i;

    if (recipients->nrows == 0) {
        return APR_SUCCESS;
    }
    emails = apr_array_make(p, recipients->nrows, sizeof(const char *));
    links = apr_array_make(p, recipients->nrows, sizeof(const char *));
    for (i = 0; i < recipients->nrows; i++) {
        const char *email = fb_rows_get(recipients, i, 0);

        APR_ARRAY_PUSH(emails, const char *) = email;
        APR_ARRAY_PUSH(links, const char *) = fb_unsubscribe_url(
            p, settings->public_url, settings->secret, org, m->list, email);
    }
    return fb_db_exec(db, p, &fb_sql_bulk_mail_queue, org,
                      FB_NAMED(bulk_mail_queue, .kind = m->kind,
                               .list = m->list, .subject = m->subject,
                               .html = m->html, .text = m->text,
                               .dedupe = m->dedupe, .post_id = m->post_id,
                               .changelog_id = m->changelog_id,
                               .emails = fb_db_text_array(p, emails),
                               .links = fb_db_text_array(p, links)),
                      NULL);
}
