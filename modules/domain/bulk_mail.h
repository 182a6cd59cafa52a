/*
 * bulk_mail: queueing one email to many recipients (changelog
 * subscribers, a post's voters), each copy with the recipient's own
 * unsubscribe link (fb_unsubscribe.h) in its bodies and RFC 8058
 * List-Unsubscribe headers, as decisions.md ("Email") wants of every bulk
 * email.  The copies go into email_outbox on the caller's transaction, in
 * one statement however many there are.
 */
#ifndef BULK_MAIL_H
#define BULK_MAIL_H

#include "fb_db.h"
#include "settings.h"

/* Where the bodies name the recipient's unsubscribe link. */
#define FB_BULK_UNSUBSCRIBE "{{unsubscribe}}"

typedef struct {
    const char *kind;           /* email_outbox.kind */
    /* The list the link leaves, which is also the email preference the
     * worker checks again when it sends: changelog, postUpdates,
     * postComments. */
    const char *list;
    const char *subject;
    const char *html;           /* with FB_BULK_UNSUBSCRIBE in an href */
    const char *text;           /* with FB_BULK_UNSUBSCRIBE */
    /* Each copy's dedupe key is this followed by its recipient; NULL:
     * none. */
    const char *dedupe;
    const char *post_id;        /* what the email is about, or NULL */
    const char *changelog_id;
} fb_bulk_mail_t;

extern const fb_statement_t *const fb_bulk_mail_statements[];

/* The lists a link may name, NULL-terminated, and what each is called on
 * the unsubscribe page ("... emails"). */
extern const char *const fb_bulk_lists[];
extern const char *const fb_bulk_list_names[];

/*
 * Queues m for org to the addresses in column 0 of recipients, each with
 * its unsubscribe link under the public URL of settings, signed with its
 * secret.  Nothing is queued without recipients.
 */
apr_status_t fb_bulk_mail_queue(fb_db_t *db, apr_pool_t *p,
                                const fb_settings_t *settings,
                                const char *org, const fb_bulk_mail_t *m,
                                const fb_rows_t *recipients);

/* The footer of an HTML body and of a text body: why the email came and
 * the unsubscribe link. */
const char *fb_bulk_footer_html(apr_pool_t *p, const char *list);
const char *fb_bulk_footer_text(apr_pool_t *p, const char *list);

#endif
