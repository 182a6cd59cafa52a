/*
 * test_changelog_publishing.c: publishing a changelog and rendering it
 * (changelog_publishing.h) in the database FEEDBACK_TEST_DB names, as
 * requests and the worker do: the locales made live, the event, the
 * subscriber emails queued once.
 */
#include <string.h>

#include "apr_strings.h"
#include "apr_tables.h"

#include <json.h>

#include "bulk_mail.h"
#include "changelog_publishing.h"
#include "fb_events.h"
#include "unit.h"

/* A changelog with a draft in one locale.  (org, locale, title) */
FB_SQL(ut_cp_create, 2,
    "WITH c AS (INSERT INTO changelogs (org_id) VALUES (%s) "
    "  RETURNING org_id, id) "
    "INSERT INTO changelog_locales (org_id, changelog_id, locale, slug, "
    "  title, content, content_text) "
    "SELECT c.org_id, c.id, %s, 'release-' || c.id, %s, "
    "  '<p>What is new</p>', 'What is new' FROM c "
    "RETURNING changelog_id");

/* Another locale's draft.  (org, id, locale, title) */
FB_SQL(ut_cp_add_locale, 3,
    "INSERT INTO changelog_locales (org_id, changelog_id, locale, slug, "
    "  title, content, content_text) "
    "VALUES (%s, %s, %s, $3 || '-' || $2, %s, '<p>Nouveau</p>', "
    "  'Nouveau')");

/* (org, email, locale) */
FB_SQL(ut_cp_subscribe, 2,
    "INSERT INTO changelog_subscribers (org_id, email, locale) "
    "VALUES (%s, %s, %s)");

/* A publish scheduled to come, with or without email.  (org, id,
 * locale, email) */
FB_SQL(ut_cp_schedule, 3,
    "UPDATE changelog_locales l SET "
    "  scheduled_at = now() + interval '1 day', scheduled_email = a.email "
    "FROM (SELECT %s::text AS org_id, %s::text AS id, %s::text AS locale, "
    "  %s::boolean AS email) a "
    "WHERE l.org_id = a.org_id AND l.changelog_id = a.id "
    "  AND l.locale = a.locale");

FB_SQL(ut_cp_locales, 1,
    "SELECT locale, live_title, published_at IS NOT NULL, send_email, "
    "  email_sent, scheduled_at IS NULL "
    "FROM changelog_locales WHERE org_id = %s AND changelog_id = %s "
    "ORDER BY locale");

FB_SQL(ut_cp_events, 0,
    "SELECT topic, item->>'id', item->>'state', item->>'url', "
    "  item->>'title' "
    "FROM events WHERE org_id = %s ORDER BY created_at, id");

FB_SQL(ut_cp_outbox, 0,
    "SELECT recipient, kind, subject, changelog_id, dedupe_key, "
    "  preference, body_text "
    "FROM email_outbox WHERE org_id = %s ORDER BY recipient");

static const fb_statement_t *const statements[] = {
    &fb_sql_ut_cp_create, &fb_sql_ut_cp_add_locale, &fb_sql_ut_cp_subscribe,
    &fb_sql_ut_cp_schedule, &fb_sql_ut_cp_locales, &fb_sql_ut_cp_events,
    &fb_sql_ut_cp_outbox, NULL
};

static const fb_settings_t settings = {
    "https://%{org}.portal.example", "https://api.example.com",
    "0123456789abcdef0123456789abcdef"
};

static apr_pool_t *db_pool;
static fb_db_t db;

static int cp_init(void)
{
    static const fb_statement_t *const *const tables[] = {
        fb_changelog_publishing_statements, fb_bulk_mail_statements,
        fb_events_statements, statements, NULL
    };

    return ut_db_open(&db, &db_pool, "changelog_publishing", tables);
}

static int cp_cleanup(void)
{
    ut_db_close(&db, &db_pool);
    return 0;
}

/* A test that stopped inside a transaction leaves none behind. */
static void cp_teardown(void)
{
    if (db.tx) {
        fb_db_end(&db, ut_pool, 0);
    }
    ut_teardown();
}

/* A new changelog of org with an English draft titled title. */
static const char *new_changelog(const char *org, const char *title)
{
    fb_rows_t rows = ut_db_select(&db, &fb_sql_ut_cp_create, org,
                                  FB_ARGS("en", title));

    UT_ASSERT_INT(rows.nrows, 1);
    return fb_rows_get(&rows, 0, 0);
}

static void exec_ok(const fb_statement_t *st, const char *org,
                    fb_args_t args)
{
    if (!UT_ASSERT_INT(fb_db_exec(&db, ut_pool, st, org, args, NULL),
                       APR_SUCCESS)) {
        UT_ASSERT_STR(db.error, st->label);
    }
}

/* Publishes as requests and the worker do: in a transaction. */
static void publish(const char *org, const char *id, const char *locales,
                    int send_email)
{
    UT_ASSERT_INT(fb_db_begin(&db, ut_pool), APR_SUCCESS);
    UT_ASSERT_INT(fb_changelog_publish_now(&db, ut_pool, &settings, org, id,
                                           locales, send_email),
                  APR_SUCCESS);
    UT_ASSERT_INT(fb_db_end(&db, ut_pool, 1), APR_SUCCESS);
}

/* The text[] literal of the locales listed. */
static const char *locales(const char *a, const char *b)
{
    apr_array_header_t *list = apr_array_make(ut_pool, 2,
                                              sizeof(const char *));

    APR_ARRAY_PUSH(list, const char *) = a;
    if (b != NULL) {
        APR_ARRAY_PUSH(list, const char *) = b;
    }
    return fb_db_text_array(ut_pool, list);
}

/* Live, its event with the changelog as the API renders it, and one
 * email per subscriber of the locale (not of another locale). */
static void test_publish_with_email(void)
{
    const char *org = ut_db_org(&db, "unit publish");
    const char *id = new_changelog(org, "Release 1");
    fb_rows_t rows;

    exec_ok(&fb_sql_ut_cp_subscribe, org, FB_ARGS("a@example.com", "en"));
    exec_ok(&fb_sql_ut_cp_subscribe, org, FB_ARGS("b@example.com", "en"));
    exec_ok(&fb_sql_ut_cp_subscribe, org, FB_ARGS("c@example.com", "fr"));
    publish(org, id, NULL, 1);

    rows = ut_db_select(&db, &fb_sql_ut_cp_locales, org, FB_ARGS(id));
    UT_ASSERT_INT(rows.nrows, 1);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 1), "Release 1");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 2), "t");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 3), "t");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 4), "t");

    rows = ut_db_select(&db, &fb_sql_ut_cp_events, org, FB_NO_ARGS);
    UT_ASSERT_INT(rows.nrows, 1);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), "changelog.published");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 1), id);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 2), "live");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 3),
                  apr_pstrcat(ut_pool, "https://", org, ".portal.example"
                              "/en/changelog/release-", id, NULL));
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 4), "Release 1");

    rows = ut_db_select(&db, &fb_sql_ut_cp_outbox, org, FB_NO_ARGS);
    UT_ASSERT_INT(rows.nrows, 2);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), "a@example.com");
    UT_ASSERT_STR(fb_rows_get(&rows, 1, 0), "b@example.com");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 1), "changelog");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 2), "Release 1");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 3), id);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 4),
                  apr_pstrcat(ut_pool, "changelog/", id, "/en/a@example.com",
                              NULL));
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 5), "changelog");
    CU_ASSERT(strstr(fb_rows_get(&rows, 0, 6), "What is new") != NULL);
    CU_ASSERT(strstr(fb_rows_get(&rows, 0, 6), "Unsubscribe from changelog")
              != NULL);
}

/* A locale mails its subscribers once, ever; each publish is an event. */
static void test_publish_again(void)
{
    const char *org = ut_db_org(&db, "unit publish again");
    const char *id = new_changelog(org, "Release 2");
    fb_rows_t rows;

    exec_ok(&fb_sql_ut_cp_subscribe, org, FB_ARGS("a@example.com", "en"));
    publish(org, id, NULL, 1);
    publish(org, id, NULL, 1);
    rows = ut_db_select(&db, &fb_sql_ut_cp_events, org, FB_NO_ARGS);
    UT_ASSERT_INT(rows.nrows, 2);
    rows = ut_db_select(&db, &fb_sql_ut_cp_outbox, org, FB_NO_ARGS);
    UT_ASSERT_INT(rows.nrows, 1);
}

/* Without sendEmail nothing is queued, and the email is still to come. */
static void test_publish_without_email(void)
{
    const char *org = ut_db_org(&db, "unit publish quietly");
    const char *id = new_changelog(org, "Release 3");
    fb_rows_t rows;

    exec_ok(&fb_sql_ut_cp_subscribe, org, FB_ARGS("a@example.com", "en"));
    publish(org, id, NULL, 0);
    rows = ut_db_select(&db, &fb_sql_ut_cp_locales, org, FB_ARGS(id));
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 2), "t");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 3), "f");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 4), "f");
    rows = ut_db_select(&db, &fb_sql_ut_cp_outbox, org, FB_NO_ARGS);
    UT_ASSERT_INT(rows.nrows, 0);
    rows = ut_db_select(&db, &fb_sql_ut_cp_events, org, FB_NO_ARGS);
    UT_ASSERT_INT(rows.nrows, 1);
}

/* The worker's publish (-1) follows each locale's schedule: it ends,
 * and its email flag decides. */
static void test_publish_scheduled(void)
{
    const char *org = ut_db_org(&db, "unit publish scheduled");
    const char *id = new_changelog(org, "Release 4");
    fb_rows_t rows;

    exec_ok(&fb_sql_ut_cp_add_locale, org, FB_ARGS(id, "fr", "Version 4"));
    exec_ok(&fb_sql_ut_cp_subscribe, org, FB_ARGS("a@example.com", "en"));
    exec_ok(&fb_sql_ut_cp_subscribe, org, FB_ARGS("b@example.com", "fr"));
    exec_ok(&fb_sql_ut_cp_schedule, org, FB_ARGS(id, "en", "true"));
    exec_ok(&fb_sql_ut_cp_schedule, org, FB_ARGS(id, "fr", "false"));
    publish(org, id, locales("en", "fr"), -1);

    rows = ut_db_select(&db, &fb_sql_ut_cp_locales, org, FB_ARGS(id));
    UT_ASSERT_INT(rows.nrows, 2);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), "en");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 3), "t");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 5), "t");
    UT_ASSERT_STR(fb_rows_get(&rows, 1, 0), "fr");
    UT_ASSERT_STR(fb_rows_get(&rows, 1, 2), "t");
    UT_ASSERT_STR(fb_rows_get(&rows, 1, 3), "f");
    UT_ASSERT_STR(fb_rows_get(&rows, 1, 5), "t");
    rows = ut_db_select(&db, &fb_sql_ut_cp_outbox, org, FB_NO_ARGS);
    UT_ASSERT_INT(rows.nrows, 1);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), "a@example.com");
}

/* Only the locales named are published; the others keep their draft. */
static void test_publish_named_locales(void)
{
    const char *org = ut_db_org(&db, "unit publish named");
    const char *id = new_changelog(org, "Release 5");
    fb_rows_t rows;

    exec_ok(&fb_sql_ut_cp_add_locale, org, FB_ARGS(id, "fr", "Version 5"));
    publish(org, id, locales("fr", NULL), 0);
    rows = ut_db_select(&db, &fb_sql_ut_cp_locales, org, FB_ARGS(id));
    UT_ASSERT_INT(rows.nrows, 2);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 1), NULL);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 2), "f");
    UT_ASSERT_STR(fb_rows_get(&rows, 1, 1), "Version 5");
    UT_ASSERT_STR(fb_rows_get(&rows, 1, 2), "t");
}

/* Another organization's changelog is not found: nothing is published
 * and no event recorded. */
static void test_publish_other_organization(void)
{
    const char *org = ut_db_org(&db, "unit publish owner");
    const char *other = ut_db_org(&db, "unit publish other");
    const char *id = new_changelog(org, "Release 6");
    fb_rows_t rows;

    publish(other, id, NULL, 1);
    rows = ut_db_select(&db, &fb_sql_ut_cp_locales, org, FB_ARGS(id));
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 2), "f");
    rows = ut_db_select(&db, &fb_sql_ut_cp_events, other, FB_NO_ARGS);
    UT_ASSERT_INT(rows.nrows, 0);
    rows = ut_db_select(&db, &fb_sql_ut_cp_events, org, FB_NO_ARGS);
    UT_ASSERT_INT(rows.nrows, 0);
}

/* The draft and the live copy as the API renders them; by slug too. */
static void test_render(void)
{
    const char *org = ut_db_org(&db, "unit render");
    const char *id = new_changelog(org, "Release 7");
    const char *portal = "https://portal.example";
    const char *json = NULL;
    json_object *o;

    UT_ASSERT_INT(fb_changelog_render(&db, ut_pool, org, id, NULL, 1, portal,
                                      &json), APR_SUCCESS);
    o = ut_json(json);
    UT_ASSERT_STR(ut_json_str(o, "id"), id);
    UT_ASSERT_STR(ut_json_str(o, "state"), "draft");
    UT_ASSERT_STR(ut_json_str(o, "title"), "Release 7");
    UT_ASSERT_STR(ut_json_str(o, "url"),
                  apr_pstrcat(ut_pool, portal, "/en/changelog/release-", id,
                              NULL));
    publish(org, id, NULL, 0);
    UT_ASSERT_INT(fb_changelog_render(&db, ut_pool, org,
                                      apr_pstrcat(ut_pool, "release-", id,
                                                  NULL),
                                      NULL, 0, portal, &json), APR_SUCCESS);
    o = ut_json(json);
    UT_ASSERT_STR(ut_json_str(o, "id"), id);
    UT_ASSERT_STR(ut_json_str(o, "state"), "live");
    UT_ASSERT_INT(fb_changelog_render(&db, ut_pool, org,
                                      "000000000000000000000000", NULL, 0,
                                      portal, &json), APR_SUCCESS);
    UT_ASSERT_STR(json, NULL);
}

void test_changelog_publishing_register(void)
{
    static const ut_test_t tests[] = {
        {"publish: live, event, emails", test_publish_with_email},
        {"publish again: an event, no second email", test_publish_again},
        {"publish without email", test_publish_without_email},
        {"publish a schedule: its email flag", test_publish_scheduled},
        {"publish the locales named", test_publish_named_locales},
        {"publish: another organization's id",
         test_publish_other_organization},
        {"render: draft, live, by slug, none", test_render},
        {NULL, NULL}
    };

    ut_add_suite("changelog_publishing", cp_init, cp_cleanup, NULL,
                 cp_teardown, tests);
}
