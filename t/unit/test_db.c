/*
 * test_db.c: the store layer and the event outbox (fb_db, fb_events),
 * against the PostgreSQL database named by FEEDBACK_TEST_DB.
 *
 * The suite opens one connection and prepares the outbox statements and
 * its own.  Each test that writes makes its own organization, so counts
 * of events are per test whatever ran before.  Without FEEDBACK_TEST_DB
 * the suite fails to start, which fails the run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <apr_strings.h>

#include "fb_db.h"
#include "fb_events.h"
#include "unit.h"

static const fb_statement_t statements[] = {
    {"ut_org_create", "SELECT org_id FROM fb_org_create(%s, %s, %s)"},
    {"ut_org_name", "SELECT name FROM organizations WHERE id = %s"},
    {"ut_org_rename", "UPDATE organizations SET name = %s WHERE id = %s"},
    {"ut_event_count", "SELECT count(*) FROM events WHERE org_id = %s"},
    {"ut_event_get",
     "SELECT topic, item->>'id', changes::text FROM events "
     "WHERE org_id = %s ORDER BY changes::text COLLATE \"C\""},
    {"ut_null_empty", "SELECT NULL::text, ''::text, %s::text"},
    {"ut_series",
     "SELECT g::text, CASE WHEN mod(g, 2) = 0 THEN NULL ELSE '' END "
     "FROM generate_series(1, %s::integer) AS g"},
    {"ut_cast", "SELECT %s::integer"},
    {NULL, NULL}
};

static apr_pool_t *db_pool;
static fb_db_t db;

static int db_init(void)
{
    const char *dsn = getenv("FEEDBACK_TEST_DB");
    const char *error = NULL;

    if (dsn == NULL || *dsn == '\0') {
        fprintf(stderr, "\n*** fb_db: FEEDBACK_TEST_DB is not set: it must "
                "be a libpq connection string to a migrated database "
                "(scripts/test.sh --unit-only sets it). ***\n");
        return 1;
    }
    memset(&db, 0, sizeof(db));
    if (apr_pool_create(&db_pool, NULL) != APR_SUCCESS
        || apr_dbd_get_driver(db_pool, "pgsql", &db.driver) != APR_SUCCESS) {
        fprintf(stderr, "\n*** fb_db: no apr_dbd pgsql driver ***\n");
        return 1;
    }
    if (apr_dbd_open_ex(db.driver, db_pool, dsn, &db.handle, &error)
        != APR_SUCCESS) {
        fprintf(stderr, "\n*** fb_db: cannot connect to %s: %s ***\n", dsn,
                error ? error : "(no reason)");
        db.handle = NULL;
        return 1;
    }
    db.prepared = apr_hash_make(db_pool);
    if (fb_db_prepare_table(&db, db_pool, fb_events_statements)
        != APR_SUCCESS
        || fb_db_prepare_table(&db, db_pool, statements) != APR_SUCCESS) {
        fprintf(stderr, "\n*** fb_db: cannot prepare: %s ***\n",
                db.error ? db.error : "(no reason)");
        return 1;
    }
    return 0;
}

static int db_cleanup(void)
{
    if (db.handle != NULL) {
        apr_dbd_close(db.driver, db.handle);
        db.handle = NULL;
    }
    if (db_pool != NULL) {
        apr_pool_destroy(db_pool);
        db_pool = NULL;
    }
    return 0;
}

/* A test that stopped inside a transaction leaves none behind. */
static void db_teardown(void)
{
    if (db.tx) {
        fb_db_end(&db, ut_pool, 0);
    }
    ut_teardown();
}

/* Runs select label with up to three arguments, asserting success. */
static fb_rows_t select3(const char *label, const char *a1, const char *a2,
                         const char *a3, int nargs)
{
    const char *args[] = {a1, a2, a3};
    fb_rows_t rows = {0, 0, NULL};

    if (!UT_ASSERT_INT(fb_db_select(&db, ut_pool, label, nargs, args, &rows),
                       APR_SUCCESS)) {
        UT_ASSERT_STR(db.error, label);
    }
    return rows;
}

/* A new organization's id, for a test of its own. */
static const char *new_org(const char *name)
{
    fb_rows_t rows = select3("ut_org_create", name, "owner@example.com",
                             "Owner", 3);

    UT_ASSERT_INT(rows.nrows, 1);
    return fb_rows_get(&rows, 0, 0);
}

/* The number of events org has, as counted by the database. */
static const char *event_count(const char *org)
{
    fb_rows_t rows = select3("ut_event_count", org, NULL, NULL, 1);

    return fb_rows_get(&rows, 0, 0);
}

/* The connection still answers outside any transaction. */
static void assert_usable(void)
{
    fb_rows_t rows = select3("ut_cast", "42", NULL, NULL, 1);

    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), "42");
    CU_ASSERT_EQUAL(db.tx, 0);
}

static void test_null_vs_empty(void)
{
    fb_rows_t rows = select3("ut_null_empty", NULL, NULL, NULL, 1);

    UT_ASSERT_INT(rows.nrows, 1);
    UT_ASSERT_INT(rows.ncols, 3);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), NULL);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 1), "");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 2), NULL);
    rows = select3("ut_null_empty", "", NULL, NULL, 1);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 2), "");
    rows = select3("ut_null_empty", "v\xc3\xa9", NULL, NULL, 1);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 2), "v\xc3\xa9");
}

static void test_rows(void)
{
    fb_rows_t rows = select3("ut_series", "3", NULL, NULL, 1);
    static const int outside[][2] = {
        {-1, 0}, {3, 0}, {0, -1}, {0, 2}, {3, 2}, {-1, -1},
    };
    apr_size_t i;

    UT_ASSERT_INT(rows.nrows, 3);
    UT_ASSERT_INT(rows.ncols, 2);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), "1");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 1), "");
    UT_ASSERT_STR(fb_rows_get(&rows, 1, 0), "2");
    UT_ASSERT_STR(fb_rows_get(&rows, 1, 1), NULL);
    UT_ASSERT_STR(fb_rows_get(&rows, 2, 0), "3");
    UT_ASSERT_STR(fb_rows_get(&rows, 2, 1), "");
    for (i = 0; i < sizeof(outside) / sizeof(outside[0]); i++) {
        CU_ASSERT_PTR_NULL(fb_rows_get(&rows, outside[i][0], outside[i][1]));
    }
    rows = select3("ut_series", "0", NULL, NULL, 1);
    UT_ASSERT_INT(rows.nrows, 0);
    UT_ASSERT_INT(rows.ncols, 2);
    CU_ASSERT_PTR_NULL(fb_rows_get(&rows, 0, 0));
}

static void test_unknown_label(void)
{
    fb_rows_t rows = {7, 7, NULL};
    int affected = -5;

    db.error = NULL;
    UT_ASSERT_INT(fb_db_select(&db, ut_pool, "ut_no_such", 0, NULL, &rows),
                  APR_EGENERAL);
    UT_ASSERT_INT(rows.nrows, 0);
    UT_ASSERT_INT(rows.ncols, 0);
    CU_ASSERT(db.error != NULL && strstr(db.error, "ut_no_such") != NULL);
    db.error = NULL;
    UT_ASSERT_INT(fb_db_exec(&db, ut_pool, "ut_no_such_exec", 0, NULL,
                             &affected), APR_EGENERAL);
    UT_ASSERT_INT(affected, -5);
    CU_ASSERT(db.error != NULL
              && strstr(db.error, "ut_no_such_exec") != NULL);
    assert_usable();
}

/* A statement that fails when it runs (not when prepared). */
static void test_failing_statement(void)
{
    const char *args[] = {"x"};
    fb_rows_t rows;

    db.error = NULL;
    UT_ASSERT_INT(fb_db_select(&db, ut_pool, "ut_cast", 1, args, &rows),
                  APR_EGENERAL);
    CU_ASSERT(db.error != NULL && strstr(db.error, "ut_cast") != NULL);
    UT_ASSERT_INT(db.tx_failed, 0);
    assert_usable();
}

static void test_exec_affected(void)
{
    const char *org = new_org("unit exec");
    const char *rename[] = {"unit renamed", org};
    const char *missing[] = {"x", "000000000000000000000000"};
    int affected = -1;
    fb_rows_t rows;

    CU_ASSERT_PTR_NOT_NULL_FATAL(org);
    UT_ASSERT_INT(fb_db_exec(&db, ut_pool, "ut_org_rename", 2, rename,
                             &affected), APR_SUCCESS);
    UT_ASSERT_INT(affected, 1);
    UT_ASSERT_INT(fb_db_exec(&db, ut_pool, "ut_org_rename", 2, missing,
                             &affected), APR_SUCCESS);
    UT_ASSERT_INT(affected, 0);
    UT_ASSERT_INT(fb_db_exec(&db, ut_pool, "ut_org_rename", 2, rename,
                             NULL), APR_SUCCESS);
    rows = select3("ut_org_name", org, NULL, NULL, 1);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), "unit renamed");
}

static void test_event_commit(void)
{
    const char *org = new_org("unit commit");
    fb_rows_t rows;

    CU_ASSERT_PTR_NOT_NULL_FATAL(org);
    UT_ASSERT_STR(event_count(org), "0");
    CU_ASSERT_EQUAL_FATAL(fb_db_begin(&db, ut_pool), APR_SUCCESS);
    UT_ASSERT_INT(fb_event_record(&db, ut_pool, org, "post.created",
                                  "{\"id\":\"p1\",\"title\":\"T\"}", NULL),
                  APR_SUCCESS);
    UT_ASSERT_INT(fb_db_end(&db, ut_pool, 1), APR_SUCCESS);
    CU_ASSERT_EQUAL(db.tx, 0);
    UT_ASSERT_STR(event_count(org), "1");
    rows = select3("ut_event_get", org, NULL, NULL, 1);
    UT_ASSERT_INT(rows.nrows, 1);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), "post.created");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 1), "p1");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 2), "[]");
}

static void test_event_changes(void)
{
    const char *org = new_org("unit changes");
    fb_rows_t rows;

    CU_ASSERT_PTR_NOT_NULL_FATAL(org);
    CU_ASSERT_EQUAL_FATAL(fb_db_begin(&db, ut_pool), APR_SUCCESS);
    UT_ASSERT_INT(fb_event_record(&db, ut_pool, org, "post.updated",
                                  "{\"id\":\"p2\"}",
                                  "[{\"field\":\"title\"}]"),
                  APR_SUCCESS);
    UT_ASSERT_INT(fb_event_record(&db, ut_pool, org, "post.updated",
                                  "{\"id\":\"p2\"}", "[]"), APR_SUCCESS);
    UT_ASSERT_INT(fb_db_end(&db, ut_pool, 1), APR_SUCCESS);
    UT_ASSERT_STR(event_count(org), "2");
    rows = select3("ut_event_get", org, NULL, NULL, 1);
    UT_ASSERT_INT(rows.nrows, 2);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 2), "[]");
    UT_ASSERT_STR(fb_rows_get(&rows, 1, 2), "[{\"field\": \"title\"}]");
}

/*
 * A write and its event, then a failing statement, then a request to
 * commit: nothing is kept, not the write and not the event, and fb_db_end
 * says so.  The connection then works again, transactions included.
 */
static void test_failed_tx_records_no_event(void)
{
    const char *org = new_org("unit failed");
    const char *rename[] = {"unit must not stay", org};
    const char *bad[] = {"not a number"};
    fb_rows_t rows;

    CU_ASSERT_PTR_NOT_NULL_FATAL(org);
    CU_ASSERT_EQUAL_FATAL(fb_db_begin(&db, ut_pool), APR_SUCCESS);
    UT_ASSERT_INT(fb_db_exec(&db, ut_pool, "ut_org_rename", 2, rename, NULL),
                  APR_SUCCESS);
    UT_ASSERT_INT(fb_event_record(&db, ut_pool, org, "org.updated",
                                  "{\"id\":\"o1\"}", NULL), APR_SUCCESS);
    UT_ASSERT_INT(fb_db_select(&db, ut_pool, "ut_cast", 1, bad, &rows),
                  APR_EGENERAL);
    UT_ASSERT_INT(db.tx_failed, 1);
    /* Later statements fail too, and do not clear the failure. */
    UT_ASSERT_INT(fb_event_record(&db, ut_pool, org, "org.updated",
                                  "{\"id\":\"o2\"}", NULL), APR_EGENERAL);
    UT_ASSERT_INT(fb_db_end(&db, ut_pool, 1), APR_EGENERAL);
    CU_ASSERT_EQUAL(db.tx, 0);
    UT_ASSERT_INT(db.tx_failed, 0);

    UT_ASSERT_STR(event_count(org), "0");
    rows = select3("ut_org_name", org, NULL, NULL, 1);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), "unit failed");
    assert_usable();

    CU_ASSERT_EQUAL_FATAL(fb_db_begin(&db, ut_pool), APR_SUCCESS);
    UT_ASSERT_INT(fb_event_record(&db, ut_pool, org, "org.updated",
                                  "{\"id\":\"o3\"}", NULL), APR_SUCCESS);
    UT_ASSERT_INT(fb_db_end(&db, ut_pool, 1), APR_SUCCESS);
    UT_ASSERT_STR(event_count(org), "1");
}

/* The event's own insert failing (bad item JSON) fails the transaction. */
static void test_failed_event_insert(void)
{
    const char *org = new_org("unit bad item");

    CU_ASSERT_PTR_NOT_NULL_FATAL(org);
    CU_ASSERT_EQUAL_FATAL(fb_db_begin(&db, ut_pool), APR_SUCCESS);
    UT_ASSERT_INT(fb_event_record(&db, ut_pool, org, "post.created",
                                  "{\"id\":\"p1\"}", NULL), APR_SUCCESS);
    UT_ASSERT_INT(fb_event_record(&db, ut_pool, org, "post.created",
                                  "{not json", NULL), APR_EGENERAL);
    UT_ASSERT_INT(fb_db_end(&db, ut_pool, 1), APR_EGENERAL);
    UT_ASSERT_STR(event_count(org), "0");
    assert_usable();
}

/* Naming a statement that does not exist inside a transaction fails it. */
static void test_unknown_label_in_tx(void)
{
    const char *org = new_org("unit unknown in tx");
    fb_rows_t rows;

    CU_ASSERT_PTR_NOT_NULL_FATAL(org);
    CU_ASSERT_EQUAL_FATAL(fb_db_begin(&db, ut_pool), APR_SUCCESS);
    UT_ASSERT_INT(fb_event_record(&db, ut_pool, org, "post.created",
                                  "{\"id\":\"p1\"}", NULL), APR_SUCCESS);
    UT_ASSERT_INT(fb_db_select(&db, ut_pool, "ut_no_such", 0, NULL, &rows),
                  APR_EGENERAL);
    UT_ASSERT_INT(fb_db_end(&db, ut_pool, 1), APR_EGENERAL);
    UT_ASSERT_STR(event_count(org), "0");
    assert_usable();
}

static void test_explicit_rollback(void)
{
    const char *org = new_org("unit rollback");

    CU_ASSERT_PTR_NOT_NULL_FATAL(org);
    CU_ASSERT_EQUAL_FATAL(fb_db_begin(&db, ut_pool), APR_SUCCESS);
    UT_ASSERT_INT(fb_event_record(&db, ut_pool, org, "post.created",
                                  "{\"id\":\"p1\"}", NULL), APR_SUCCESS);
    UT_ASSERT_INT(fb_db_end(&db, ut_pool, 0), APR_SUCCESS);
    CU_ASSERT_EQUAL(db.tx, 0);
    UT_ASSERT_STR(event_count(org), "0");
    assert_usable();
}

static void test_event_outside_tx(void)
{
    const char *org = new_org("unit no tx");

    CU_ASSERT_PTR_NOT_NULL_FATAL(org);
    db.error = NULL;
    UT_ASSERT_INT(fb_event_record(&db, ut_pool, org, "post.deleted",
                                  "{\"id\":\"p1\"}", NULL), APR_EGENERAL);
    CU_ASSERT(db.error != NULL && strstr(db.error, "post.deleted") != NULL);
    UT_ASSERT_STR(event_count(org), "0");
}

static void test_end_without_begin(void)
{
    CU_ASSERT_EQUAL_FATAL(db.tx, 0);
    UT_ASSERT_INT(fb_db_end(&db, ut_pool, 1), APR_EGENERAL);
    UT_ASSERT_INT(fb_db_end(&db, ut_pool, 0), APR_EGENERAL);
    assert_usable();
}

/* A table with bad SQL fails and names the statement; good ones work. */
static void test_prepare_table(void)
{
    static const fb_statement_t bad[] = {
        {"ut_bad_sql", "SELEC nonsense FROM %s"},
        {"ut_after_bad", "SELECT 1"},
        {NULL, NULL}
    };
    static const fb_statement_t good[] = {
        {"ut_concat", "SELECT %s::text || 'x'"},
        {NULL, NULL}
    };
    fb_rows_t rows;

    db.error = NULL;
    UT_ASSERT_INT(fb_db_prepare_table(&db, ut_pool, bad), APR_EGENERAL);
    CU_ASSERT(db.error != NULL && strstr(db.error, "ut_bad_sql") != NULL);
    CU_ASSERT_PTR_NULL(apr_hash_get(db.prepared, "ut_bad_sql",
                                    APR_HASH_KEY_STRING));
    UT_ASSERT_INT(fb_db_select(&db, ut_pool, "ut_bad_sql", 0, NULL, &rows),
                  APR_EGENERAL);
    assert_usable();

    /* Statements live as long as the connection: prepare in its pool. */
    UT_ASSERT_INT(fb_db_prepare_table(&db, db_pool, good), APR_SUCCESS);
    rows = select3("ut_concat", "a", NULL, NULL, 1);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), "ax");
}

void test_db_register(void)
{
    static const ut_test_t tests[] = {
        {"select: NULL and empty string differ", test_null_vs_empty},
        {"select: rows, out of range, no rows", test_rows},
        {"select, exec: unknown label", test_unknown_label},
        {"select: failing statement", test_failing_statement},
        {"exec: affected rows", test_exec_affected},
        {"tx: event committed", test_event_commit},
        {"tx: event changes", test_event_changes},
        {"tx: rolled-back write records no event",
         test_failed_tx_records_no_event},
        {"tx: failed event insert", test_failed_event_insert},
        {"tx: unknown label fails it", test_unknown_label_in_tx},
        {"tx: explicit rollback", test_explicit_rollback},
        {"event outside a transaction", test_event_outside_tx},
        {"end without begin", test_end_without_begin},
        {"prepare_table: bad SQL", test_prepare_table},
        {NULL, NULL}
    };

    ut_add_suite("fb_db", db_init, db_cleanup, NULL, db_teardown, tests);
}
