/*
 * test_bulk_mail.c: queueing one email to many recipients (bulk_mail.h)
 * in the database FEEDBACK_TEST_DB names.
 */
#include <string.h>

#include "apr_strings.h"

#include "bulk_mail.h"
#include "fb_unsubscribe.h"
#include "unit.h"

FB_SQL(ut_bm_outbox, 0,
    "SELECT recipient, kind, preference, subject, body_html, body_text, "
    "  dedupe_key, headers->>'List-Unsubscribe', "
    "  headers->>'List-Unsubscribe-Post', state, post_id, changelog_id "
    "FROM email_outbox WHERE org_id = %s ORDER BY recipient");

static const fb_statement_t *const statements[] = {
    &fb_sql_ut_bm_outbox, NULL
};

static const fb_settings_t settings = {
    "https://%{org}.portal.example", "https://api.example.com",
    "0123456789abcdef0123456789abcdef"
};

static apr_pool_t *db_pool;
static fb_db_t db;

static int bm_init(void)
{
    static const fb_statement_t *const *const tables[] = {
        fb_bulk_mail_statements, statements, NULL
    };

    return ut_db_open(&db, &db_pool, "bulk_mail", tables);
}

static int bm_cleanup(void)
{
    ut_db_close(&db, &db_pool);
    return 0;
}

/* The addresses given, as the rows a recipients statement returns. */
static fb_rows_t recipients(int n, const char **emails)
{
    fb_rows_t rows = {n, 1, emails};

    return rows;
}

/* s with every & written &amp;, as an HTML attribute holds it. */
static const char *amp_escaped(const char *s)
{
    const char *out = "";
    const char *amp;

    while ((amp = strchr(s, '&')) != NULL) {
        out = apr_pstrcat(ut_pool, out, apr_pstrmemdup(ut_pool, s, amp - s),
                          "&amp;", NULL);
        s = amp + 1;
    }
    return apr_pstrcat(ut_pool, out, s, NULL);
}

/* A post update email of the kind posts_update.c queues. */
static fb_bulk_mail_t post_update(void)
{
    fb_bulk_mail_t m = {"post.status", "postUpdates", "Planned", NULL, NULL,
                        "post.status/p1/planned/", NULL, NULL};

    m.html = apr_pstrcat(ut_pool, "<p>Planned &amp; more</p>",
                         fb_bulk_footer_html(ut_pool, m.list), NULL);
    m.text = apr_pstrcat(ut_pool, "Planned & more",
                         fb_bulk_footer_text(ut_pool, m.list), NULL);
    return m;
}

/* One copy per recipient, each with its own link in both bodies and the
 * RFC 8058 headers. */
static void test_queue(void)
{
    const char *org = ut_db_org(&db, "unit bulk mail");
    const char *emails[] = {"b@example.com", "a@example.com"};
    fb_rows_t to = recipients(2, emails);
    fb_bulk_mail_t m = post_update();
    fb_rows_t rows;
    int i;

    UT_ASSERT_INT(fb_bulk_mail_queue(&db, ut_pool, &settings, org, &m, &to),
                  APR_SUCCESS);
    rows = ut_db_select(&db, &fb_sql_ut_bm_outbox, org, FB_NO_ARGS);
    UT_ASSERT_INT(rows.nrows, 2);
    for (i = 0; i < rows.nrows; i++) {
        const char *email = emails[1 - i];
        const char *link = fb_unsubscribe_url(ut_pool, settings.public_url,
                                              settings.secret, org,
                                              "postUpdates", email);
        const char *html_link = apr_pstrcat(ut_pool, "<a href=\"",
                                            amp_escaped(link), "\">", NULL);

        UT_ASSERT_STR(fb_rows_get(&rows, i, 0), email);
        UT_ASSERT_STR(fb_rows_get(&rows, i, 1), "post.status");
        UT_ASSERT_STR(fb_rows_get(&rows, i, 2), "postUpdates");
        UT_ASSERT_STR(fb_rows_get(&rows, i, 3), "Planned");
        CU_ASSERT(strstr(fb_rows_get(&rows, i, 4), html_link) != NULL);
        CU_ASSERT(strstr(fb_rows_get(&rows, i, 4), "<p>Planned &amp; more")
                  != NULL);
        CU_ASSERT(strstr(fb_rows_get(&rows, i, 5), link) != NULL);
        CU_ASSERT(strstr(fb_rows_get(&rows, i, 5), FB_BULK_UNSUBSCRIBE)
                  == NULL);
        UT_ASSERT_STR(fb_rows_get(&rows, i, 6),
                      apr_pstrcat(ut_pool, "post.status/p1/planned/", email,
                                  NULL));
        UT_ASSERT_STR(fb_rows_get(&rows, i, 7),
                      apr_pstrcat(ut_pool, "<", link, ">", NULL));
        UT_ASSERT_STR(fb_rows_get(&rows, i, 8), "List-Unsubscribe=One-Click");
        UT_ASSERT_STR(fb_rows_get(&rows, i, 9), "pending");
        UT_ASSERT_STR(fb_rows_get(&rows, i, 10), NULL);
        UT_ASSERT_STR(fb_rows_get(&rows, i, 11), NULL);
    }
}

/* A copy whose dedupe key was queued already is not queued again; the
 * other recipients' are. */
static void test_queue_once(void)
{
    const char *org = ut_db_org(&db, "unit bulk mail once");
    const char *first[] = {"a@example.com"};
    const char *both[] = {"a@example.com", "c@example.com"};
    fb_rows_t to = recipients(1, first);
    fb_bulk_mail_t m = post_update();
    fb_rows_t rows;

    UT_ASSERT_INT(fb_bulk_mail_queue(&db, ut_pool, &settings, org, &m, &to),
                  APR_SUCCESS);
    to = recipients(2, both);
    UT_ASSERT_INT(fb_bulk_mail_queue(&db, ut_pool, &settings, org, &m, &to),
                  APR_SUCCESS);
    rows = ut_db_select(&db, &fb_sql_ut_bm_outbox, org, FB_NO_ARGS);
    UT_ASSERT_INT(rows.nrows, 2);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), "a@example.com");
    UT_ASSERT_STR(fb_rows_get(&rows, 1, 0), "c@example.com");
}

static void test_no_recipients(void)
{
    const char *org = ut_db_org(&db, "unit bulk mail none");
    fb_rows_t to = recipients(0, NULL);
    fb_bulk_mail_t m = post_update();
    fb_rows_t rows;

    UT_ASSERT_INT(fb_bulk_mail_queue(&db, ut_pool, &settings, org, &m, &to),
                  APR_SUCCESS);
    rows = ut_db_select(&db, &fb_sql_ut_bm_outbox, org, FB_NO_ARGS);
    UT_ASSERT_INT(rows.nrows, 0);
}

/* The footers name the list, and carry the link's place. */
static void test_footers(void)
{
    UT_ASSERT_STR(fb_bulk_footer_text(ut_pool, "changelog"),
                  "\n\nUnsubscribe from changelog emails: "
                  FB_BULK_UNSUBSCRIBE "\n");
    UT_ASSERT_STR(fb_bulk_footer_html(ut_pool, "commentReplies"),
                  "\n<hr>\n<p><a href=\"" FB_BULK_UNSUBSCRIBE
                  "\">Unsubscribe</a> from comment reply emails.</p>\n");
    UT_ASSERT_STR(fb_bulk_footer_text(ut_pool, "postUpdates"),
                  "\n\nUnsubscribe from post status update emails: "
                  FB_BULK_UNSUBSCRIBE "\n");
}

void test_bulk_mail_register(void)
{
    static const ut_test_t tests[] = {
        {"queue: a copy per recipient with its link", test_queue},
        {"queue: each copy once", test_queue_once},
        {"queue: no recipients", test_no_recipients},
        {"footers", test_footers},
        {NULL, NULL}
    };

    ut_add_suite("bulk_mail", bm_init, bm_cleanup, NULL, NULL, tests);
}
