/*
 * test_db_session.c: a connection whose PostgreSQL session dies (fb_db),
 * against the database named by FEEDBACK_TEST_DB.
 *
 * Each test opens a tracked connection (a session record and the
 * statement tables, as mod_dbd's pooled ones have through fb_dbd), then
 * kills its backend from a second connection with pg_terminate_backend,
 * which is what a PostgreSQL restart or an operator does to it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <apr_strings.h>

#include "fb_db.h"
#include "unit.h"

FB_SQL_GLOBAL(uts_pid, 0, "SELECT pg_backend_pid()::text");
FB_SQL_GLOBAL(uts_echo, 1, "SELECT %s::text");
FB_SQL_GLOBAL(uts_kill, 1, "SELECT pg_terminate_backend(%s::integer)");
/* A failure with the SQLSTATE given (pg_temp: the session's own, so
 * not among the statements the killer prepares). */
FB_SQL_GLOBAL(uts_raise, 1, "SELECT pg_temp.uts_raise(%s)");
FB_SQL_GLOBAL_NAMED(uts_org_rename, (name, id),
    "UPDATE organizations o SET name = k.name "
    "FROM (SELECT %s::text AS name, %s::text AS id) k WHERE o.id = k.id");

static const fb_statement_t *const statements[] = {
    &fb_sql_uts_pid, &fb_sql_uts_echo, &fb_sql_uts_kill,
    &fb_sql_uts_org_rename, NULL
};

static apr_pool_t *suite_pool;
static fb_db_t killer;          /* kills the other one's backend */
static fb_db_t live;            /* the tracked connection under test */
static apr_pool_t *live_pool;

/* Opens db on the test database, with every statement prepared when
 * prepare is set (a tracked connection prepares its own as it goes). */
static int open_db(fb_db_t *db, apr_pool_t *p, int prepare)
{
    const char *dsn = getenv("FEEDBACK_TEST_DB");
    const char *error = NULL;

    memset(db, 0, sizeof(*db));
    if (dsn == NULL || *dsn == '\0'
        || apr_dbd_get_driver(p, "pgsql", &db->driver) != APR_SUCCESS
        || apr_dbd_open_ex(db->driver, p, dsn, &db->handle, &error)
           != APR_SUCCESS) {
        fprintf(stderr, "\n*** fb_db session: no database (%s) ***\n",
                error ? error : "FEEDBACK_TEST_DB");
        db->handle = NULL;
        return 1;
    }
    db->prepared = apr_hash_make(p);
    return prepare && fb_db_prepare_table(db, p, statements) != APR_SUCCESS;
}

static int suite_init(void)
{
    if (apr_pool_create(&suite_pool, NULL) != APR_SUCCESS) {
        return 1;
    }
    return open_db(&killer, suite_pool, 1);
}

static int suite_cleanup(void)
{
    if (killer.handle != NULL) {
        apr_dbd_close(killer.driver, killer.handle);
    }
    apr_pool_destroy(suite_pool);
    return 0;
}

/* A fresh tracked connection per test, checked out as fb_dbd does. */
static void setup(void)
{
    ut_setup();
    apr_pool_create(&live_pool, suite_pool);
    if (open_db(&live, live_pool, 0) == 0) {
        live.tracked = 1;
        fb_db_checkout(&live, ut_pool);
    }
}

static void teardown(void)
{
    if (live.handle != NULL) {
        apr_dbd_close(live.driver, live.handle);
        live.handle = NULL;
    }
    apr_pool_destroy(live_pool);
    ut_teardown();
}

/* The backend pid of db's session, as PostgreSQL reports it. */
static const char *backend_pid(fb_db_t *db)
{
    fb_rows_t rows = {0, 0, NULL};

    fb_db_select(db, ut_pool, &fb_sql_uts_pid, NULL, FB_NO_ARGS, &rows);
    return fb_rows_get(&rows, 0, 0);
}

/* Terminates the live connection's backend and waits until it is gone;
 * with checkout, then takes the connection as if from the pool again. */
static void kill_backend(int checkout)
{
    const char *pid = backend_pid(&live);
    fb_rows_t rows;
    int i;

    CU_ASSERT_PTR_NOT_NULL_FATAL(pid);
    UT_ASSERT_INT(fb_db_select(&killer, ut_pool, &fb_sql_uts_kill, NULL,
                               FB_ARGS(pid), &rows), APR_SUCCESS);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), "t");
    for (i = 0; i < 100; i++) {
        /* pg_terminate_backend only signals: wait for the exit. */
        if (fb_db_select(&killer, ut_pool, &fb_sql_uts_kill, NULL,
                         FB_ARGS(pid), &rows) == APR_SUCCESS
            && strcmp(fb_rows_get(&rows, 0, 0), "f") == 0) {
            break;
        }
        apr_sleep(apr_time_from_msec(10));
    }
    if (checkout) {
        UT_ASSERT_INT(fb_db_checkout(&live, ut_pool), APR_SUCCESS);
    }
}

#define kill_live() kill_backend(1)

/* The first statement of a checkout finds the session gone: it runs on a
 * new session, which prepares its statements as they are first run. */
static void test_first_statement_recovers(void)
{
    const char *before, *after;
    const char *arg = "still here";
    fb_rows_t rows;

    CU_ASSERT_PTR_NOT_NULL_FATAL(live.handle);
    before = backend_pid(&live);
    kill_live();
    UT_ASSERT_INT(fb_db_select(&live, ut_pool, &fb_sql_uts_echo, NULL,
                               FB_ARGS(arg), &rows), APR_SUCCESS);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), "still here");
    after = backend_pid(&live);
    CU_ASSERT(before != NULL && after != NULL && strcmp(before, after) != 0);
    UT_ASSERT_INT(live.lost, 0);
    /* Only what ran in the new session was prepared in it. */
    UT_ASSERT_INT(apr_hash_count(live.prepared), 2);
}

/* A statement is prepared on first use, once per session. */
static void test_prepared_on_first_use(void)
{
    const char *arg = "once";
    fb_rows_t rows;
    apr_dbd_prepared_t *first;

    CU_ASSERT_PTR_NOT_NULL_FATAL(live.handle);
    UT_ASSERT_INT(apr_hash_count(live.prepared), 0);
    UT_ASSERT_INT(fb_db_select(&live, ut_pool, &fb_sql_uts_echo, NULL,
                               FB_ARGS(arg), &rows), APR_SUCCESS);
    first = apr_hash_get(live.prepared, "uts_echo", APR_HASH_KEY_STRING);
    CU_ASSERT_PTR_NOT_NULL(first);
    UT_ASSERT_INT(fb_db_select(&live, ut_pool, &fb_sql_uts_echo, NULL,
                               FB_ARGS(arg), &rows), APR_SUCCESS);
    CU_ASSERT_PTR_EQUAL(apr_hash_get(live.prepared, "uts_echo",
                                     APR_HASH_KEY_STRING), first);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), "once");
}

/* A label registered twice is refused. */
static void test_registry_duplicate(void)
{
    apr_hash_t *r = apr_hash_make(ut_pool);
    const char *why = NULL;

    UT_ASSERT_INT(fb_db_registry_add(r, ut_pool, statements, &why),
                  APR_SUCCESS);
    UT_ASSERT_INT(fb_db_registry_add(r, ut_pool, statements, &why),
                  APR_EEXIST);
    UT_ASSERT_STR(why, "statement label uts_pid is used twice");
}

/* BEGIN on a dead connection: retried on a new session when first, a
 * clean FB_DB_UNAVAILABLE later (the pgsql driver's own transaction call
 * dereferenced NULL here). */
static void test_begin_on_dead_connection(void)
{
    CU_ASSERT_PTR_NOT_NULL_FATAL(live.handle);
    kill_live();
    UT_ASSERT_INT(fb_db_begin(&live, ut_pool), APR_SUCCESS);
    UT_ASSERT_INT(fb_db_end(&live, ut_pool, 1), APR_SUCCESS);

    /* Not the checkout's first statement: no retry. */
    kill_backend(0);
    UT_ASSERT_INT(fb_db_begin(&live, ut_pool), FB_DB_UNAVAILABLE);
    UT_ASSERT_INT(live.lost, 1);
    UT_ASSERT_INT(live.tx, 0);
}

/* A session that dies inside a transaction: the statement and the COMMIT
 * report FB_DB_UNAVAILABLE, nothing is retried, nothing is committed. */
static void test_death_inside_transaction(void)
{
    fb_args_t rename = FB_NAMED(uts_org_rename, .name = "never",
                                .id = "000000000000000000000000");
    const char *pid;
    fb_rows_t rows;

    CU_ASSERT_PTR_NOT_NULL_FATAL(live.handle);
    pid = backend_pid(&live);
    UT_ASSERT_INT(fb_db_begin(&live, ut_pool), APR_SUCCESS);
    UT_ASSERT_INT(fb_db_exec(&live, ut_pool, &fb_sql_uts_org_rename, NULL,
                             rename, NULL), APR_SUCCESS);
    fb_db_select(&killer, ut_pool, &fb_sql_uts_kill, NULL, FB_ARGS(pid),
                 &rows);
    apr_sleep(apr_time_from_msec(200));
    UT_ASSERT_INT(fb_db_exec(&live, ut_pool, &fb_sql_uts_org_rename, NULL,
                             rename, NULL), FB_DB_UNAVAILABLE);
    UT_ASSERT_INT(live.lost, 1);
    UT_ASSERT_INT(fb_db_end(&live, ut_pool, 1), FB_DB_UNAVAILABLE);
    UT_ASSERT_INT(live.tx, 0);
    /* Given back to the pool: nothing to roll back on a dead one. */
    UT_ASSERT_INT(fb_db_checkin(&live, ut_pool), APR_SUCCESS);
}

/* A SQL error is not a lost connection. */
static void test_sql_error_is_not_lost(void)
{
    const char *arg = "x";
    fb_rows_t rows;

    CU_ASSERT_PTR_NOT_NULL_FATAL(live.handle);
    UT_ASSERT_INT(fb_db_select(&live, ut_pool, &fb_sql_uts_kill, NULL,
                               FB_ARGS(arg), &rows), APR_EGENERAL);
    UT_ASSERT_INT(live.lost, 0);
}

/* A deadlock (40P01) or a serialization failure (40001) marks the
 * connection's conflict, told by the SQLSTATE of the statement's result;
 * another error does not, and BEGIN starts without one. */
static void test_conflict_by_sqlstate(void)
{
    static const struct {
        const char *code;
        int conflict;
    } cases[] = {{"40P01", 1}, {"40001", 1}, {"22012", 0}, {"40002", 0}};
    fb_rows_t rows;
    int n = 0;
    apr_size_t i;

    CU_ASSERT_PTR_NOT_NULL_FATAL(live.handle);
    CU_ASSERT_EQUAL_FATAL(apr_dbd_query(
        live.driver, live.handle, &n,
        "CREATE FUNCTION pg_temp.uts_raise(code text) RETURNS int "
        "LANGUAGE plpgsql AS $$ BEGIN "
        "RAISE EXCEPTION 'raised' USING ERRCODE = code; END $$"), 0);
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        UT_ASSERT_INT(fb_db_begin(&live, ut_pool), APR_SUCCESS);
        UT_ASSERT_INT(live.conflict, 0);
        UT_ASSERT_INT(fb_db_select(&live, ut_pool, &fb_sql_uts_raise, NULL,
                                   FB_ARGS(cases[i].code), &rows),
                      APR_EGENERAL);
        UT_ASSERT_INT(live.conflict, cases[i].conflict);
        UT_ASSERT_INT(live.lost, 0);
        UT_ASSERT_INT(fb_db_end(&live, ut_pool, 1), APR_EGENERAL);
    }
}

/* A transaction left open is rolled back when the connection goes back,
 * so the next checkout never inherits it. */
static void test_checkin_rolls_back(void)
{
    CU_ASSERT_PTR_NOT_NULL_FATAL(live.handle);
    UT_ASSERT_INT(fb_db_begin(&live, ut_pool), APR_SUCCESS);
    UT_ASSERT_INT(fb_db_checkin(&live, ut_pool), APR_EGENERAL);
    UT_ASSERT_INT(live.tx, 0);
    UT_ASSERT_INT(fb_db_checkin(&live, ut_pool), APR_SUCCESS);
    /* Outside a transaction now: BEGIN works again. */
    UT_ASSERT_INT(fb_db_begin(&live, ut_pool), APR_SUCCESS);
    UT_ASSERT_INT(fb_db_end(&live, ut_pool, 0), APR_SUCCESS);
}

/* An untracked connection (no session record: tests, tools) runs only
 * what it was given: a clean error naming the statement. */
static void test_untracked_runs_only_given(void)
{
    const char *arg = "x";
    fb_rows_t rows;

    CU_ASSERT_PTR_NOT_NULL_FATAL(live.handle);
    live.tracked = 0;
    live.session = NULL;
    live.prepared = apr_hash_make(ut_pool);
    UT_ASSERT_INT(fb_db_select(&live, ut_pool, &fb_sql_uts_echo, NULL,
                               FB_ARGS(arg), &rows), APR_EGENERAL);
    CU_ASSERT(live.error != NULL && strstr(live.error, "uts_echo"));
}

void test_db_session_register(void)
{
    static const ut_test_t tests[] = {
        {"first statement after the session died",
         test_first_statement_recovers},
        {"BEGIN on a dead connection", test_begin_on_dead_connection},
        {"death inside a transaction", test_death_inside_transaction},
        {"SQL error is not a lost connection", test_sql_error_is_not_lost},
        {"check-in rolls back an open transaction", test_checkin_rolls_back},
        {"deadlocks told by their SQLSTATE", test_conflict_by_sqlstate},
        {"prepared on first use, once", test_prepared_on_first_use},
        {"registry: a label twice", test_registry_duplicate},
        {"untracked: only what it was given", test_untracked_runs_only_given},
        {NULL, NULL}
    };

    ut_add_suite("fb_db session", suite_init, suite_cleanup, setup,
                 teardown, tests);
}
