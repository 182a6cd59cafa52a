/*
 * test_conversation.c: the conversation operations requests, the worker
 * and (later) tickets share (conversation.h), in the database
 * FEEDBACK_TEST_DB names: a part keeps the conversation consistent, the
 * customer's view has no notes, a state move records its part and topic,
 * a due snooze wakes once.
 */
#include <string.h>

#include "apr_strings.h"

#include <json.h>

#include "conversation.h"
#include "fb_events.h"
#include "unit.h"

/* A contact.  (org) */
FB_SQL(ut_cv_contact, 0,
    "INSERT INTO contacts (org_id, name, email) "
    "VALUES (%s, 'Cat', 'cat@example.com') RETURNING id");

/* A conversation numbered as requests number them.  (org) */
FB_SQL(ut_cv_create, 0,
    "INSERT INTO conversations (org_id, id, channel, delivered_as) "
    "SELECT $1, fb_next_number($1, 'conversation')::text, 'desktop', "
    "  'customer_initiated' FROM (SELECT %s::text) k RETURNING id");

FB_SQL(ut_cv_admin, 0,
    "SELECT id FROM admins WHERE org_id = %s LIMIT 1");

/* A snooze that is due.  (org, id) */
FB_SQL(ut_cv_due, 1,
    "UPDATE conversations SET state = 'snoozed', "
    "  snoozed_until = now() - interval '1 second' "
    "WHERE org_id = %s AND id = %s");

FB_SQL(ut_cv_events, 0,
    "SELECT topic, item->>'state' FROM events WHERE org_id = %s "
    "ORDER BY created_at, id");

static const fb_statement_t *const statements[] = {
    &fb_sql_ut_cv_contact, &fb_sql_ut_cv_create, &fb_sql_ut_cv_admin,
    &fb_sql_ut_cv_due, &fb_sql_ut_cv_events, NULL
};

static apr_pool_t *db_pool;
static fb_db_t db;

static int cv_init(void)
{
    static const fb_statement_t *const *const tables[] = {
        fb_conversation_statements, fb_events_statements, statements, NULL
    };

    return ut_db_open(&db, &db_pool, "conversation", tables);
}

static int cv_cleanup(void)
{
    ut_db_close(&db, &db_pool);
    return 0;
}

static void cv_teardown(void)
{
    if (db.tx) {
        fb_db_end(&db, ut_pool, 0);
    }
    ut_teardown();
}

static const char *cell(const fb_statement_t *st, const char *org,
                        fb_args_t args)
{
    fb_rows_t rows = ut_db_select(&db, st, org, args);

    UT_ASSERT_INT(rows.nrows, 1);
    return fb_rows_get(&rows, 0, 0);
}

/* Adds a message part in a transaction of its own; its id. */
static const char *add(const char *org, const char *conv, const char *type,
                       const char *kind, const char *author,
                       const char *text)
{
    fb_conversation_part_t part = {type, kind, author, NULL, text,
                                   "desktop", NULL, NULL};
    const char *id = NULL;

    part.html = apr_pstrcat(ut_pool, "<p>", text, "</p>", NULL);
    UT_ASSERT_INT(fb_db_begin(&db, ut_pool), APR_SUCCESS);
    UT_ASSERT_INT(fb_conversation_part_add(&db, ut_pool, org, conv, &part,
                                           &id), APR_SUCCESS);
    UT_ASSERT_INT(fb_db_end(&db, ut_pool, 1), APR_SUCCESS);
    return id;
}

static json_object *render(const char *org, const char *id,
                           fb_conversation_parts_e parts)
{
    const char *json = NULL;

    UT_ASSERT_INT(fb_conversation_render(&db, ut_pool, org, id, parts,
                                         &json), APR_SUCCESS);
    return json != NULL ? ut_json(json) : NULL;
}

static int count_parts(json_object *c)
{
    json_object *parts;

    return json_object_object_get_ex(c, "conversationParts", &parts)
           ? (int)json_object_array_length(parts) : -1;
}

/* Waiting times, participants and receipts follow the parts; the
 * customer's view leaves the note out. */
static void test_parts(void)
{
    const char *org = ut_db_org(&db, "unit conversation parts");
    const char *contact = cell(&fb_sql_ut_cv_contact, org, FB_NO_ARGS);
    const char *admin = cell(&fb_sql_ut_cv_admin, org, FB_NO_ARGS);
    const char *conv = cell(&fb_sql_ut_cv_create, org, FB_NO_ARGS);
    json_object *c, *parts;

    UT_ASSERT_STR(conv, "1");
    add(org, conv, "user_msg", "contact", contact, "Help");
    c = render(org, conv, FB_CONVERSATION_NO_PARTS);
    CU_ASSERT(ut_json_str(c, "waitingSince") != NULL);
    CU_ASSERT(!json_object_get_boolean(json_object_object_get(
                  c, "awaitingCustomerReply")));
    UT_ASSERT_INT(count_parts(c), -1);
    add(org, conv, "admin_note", "admin", admin, "VIP");
    c = render(org, conv, FB_CONVERSATION_NO_PARTS);
    CU_ASSERT(ut_json_str(c, "waitingSince") != NULL);
    add(org, conv, "admin_msg", "admin", admin, "On it");
    c = render(org, conv, FB_CONVERSATION_ALL_PARTS);
    UT_ASSERT_STR(ut_json_str(c, "waitingSince"), NULL);
    CU_ASSERT(json_object_get_boolean(json_object_object_get(
                  c, "awaitingCustomerReply")));
    UT_ASSERT_INT(count_parts(c), 3);
    UT_ASSERT_INT(json_object_array_length(json_object_object_get(
                      c, "participants")), 2);
    UT_ASSERT_INT(json_object_array_length(json_object_object_get(
                      c, "readReceipts")), 2);
    c = render(org, conv, FB_CONVERSATION_CUSTOMER);
    UT_ASSERT_INT(count_parts(c), 2);
    parts = json_object_object_get(c, "conversationParts");
    UT_ASSERT_STR(ut_json_str(json_object_array_get_idx(parts, 1),
                              "partType"), "admin_msg");
    UT_ASSERT_STR(ut_json_str(json_object_object_get(c, "source"),
                              "bodyMarkdown"), "Help");
    CU_ASSERT(render(org, "424242", FB_CONVERSATION_ALL_PARTS) == NULL);
    /* Another organization's conversation 1 is not this one. */
    CU_ASSERT(render(ut_db_org(&db, "unit conversation other"), conv,
                     FB_CONVERSATION_NO_PARTS) == NULL);
}

/* A move records a status part and names its topic; no move, none. */
static void test_state(void)
{
    const char *org = ut_db_org(&db, "unit conversation state");
    const char *conv = cell(&fb_sql_ut_cv_create, org, FB_NO_ARGS);
    const char *topic;

    UT_ASSERT_INT(fb_db_begin(&db, ut_pool), APR_SUCCESS);
    UT_ASSERT_INT(fb_conversation_state_set(&db, ut_pool, org, conv,
                                            "closed", NULL, &topic),
                  APR_SUCCESS);
    UT_ASSERT_STR(topic, "conversation.admin.closed");
    UT_ASSERT_INT(fb_conversation_state_set(&db, ut_pool, org, conv,
                                            "closed", NULL, &topic),
                  APR_SUCCESS);
    UT_ASSERT_STR(topic, NULL);
    UT_ASSERT_INT(fb_conversation_state_set(&db, ut_pool, org, conv,
                                            "open", NULL, &topic),
                  APR_SUCCESS);
    UT_ASSERT_STR(topic, "conversation.admin.opened");
    UT_ASSERT_INT(fb_db_end(&db, ut_pool, 1), APR_SUCCESS);
    UT_ASSERT_INT(count_parts(render(org, conv, FB_CONVERSATION_ALL_PARTS)),
                  2);
    UT_ASSERT_INT(count_parts(render(org, conv, FB_CONVERSATION_CUSTOMER)),
                  0);
}

/* A due snooze wakes once, with its event; a second wake finds none. */
static void test_wake(void)
{
    const char *org = ut_db_org(&db, "unit conversation wake");
    const char *conv = cell(&fb_sql_ut_cv_create, org, FB_NO_ARGS);
    fb_rows_t rows;
    int woke = -1;

    UT_ASSERT_INT(fb_conversation_wake(&db, ut_pool, org, conv, &woke),
                  APR_SUCCESS);
    UT_ASSERT_INT(woke, 0);
    UT_ASSERT_INT(fb_db_exec(&db, ut_pool, &fb_sql_ut_cv_due, org,
                             FB_ARGS(conv), NULL), APR_SUCCESS);
    UT_ASSERT_INT(fb_conversation_wake(&db, ut_pool, org, conv, &woke),
                  APR_SUCCESS);
    UT_ASSERT_INT(woke, 1);
    UT_ASSERT_INT(fb_conversation_wake(&db, ut_pool, org, conv, &woke),
                  APR_SUCCESS);
    UT_ASSERT_INT(woke, 0);
    UT_ASSERT_STR(ut_json_str(render(org, conv, FB_CONVERSATION_NO_PARTS),
                              "state"), "open");
    rows = ut_db_select(&db, &fb_sql_ut_cv_events, org, FB_NO_ARGS);
    UT_ASSERT_INT(rows.nrows, 1);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), "conversation.admin.unsnoozed");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 1), "open");
}

void test_conversation_register(void)
{
    static const ut_test_t tests[] = {
        {"parts: waiting, receipts, the customer's view", test_parts},
        {"state: a part and a topic per move", test_state},
        {"wake: once, with its event", test_wake},
        {NULL, NULL}
    };

    ut_add_suite("conversation", cv_init, cv_cleanup, NULL, cv_teardown,
                 tests);
}
