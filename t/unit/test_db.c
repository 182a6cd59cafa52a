/*
 * test_db.c: the store layer and the event outbox (fb_db, fb_events),
 * against the PostgreSQL database named by FEEDBACK_TEST_DB.
 *
 * The suite opens one connection and prepares the outbox statements and
 * its own.  Each test that writes makes its own organization, so counts
 * of events are per test whatever ran before.  Without FEEDBACK_TEST_DB
 * the suite fails to start, which fails the run.
 */
#include <string.h>

#include <apr_strings.h>

#include "fb_db.h"
#include "fb_events.h"
#include "unit.h"

FB_SQL(ut_org_name, 0, "SELECT name FROM organizations WHERE id = %s");
FB_SQL_GLOBAL(ut_org_rename, 2,
    "UPDATE organizations SET name = %s WHERE id = %s");
FB_SQL(ut_event_count, 0, "SELECT count(*) FROM events WHERE org_id = %s");
FB_SQL(ut_event_get, 0,
    "SELECT topic, item->>'id', changes::text FROM events "
    "WHERE org_id = %s ORDER BY changes::text COLLATE \"C\"");
FB_SQL_GLOBAL(ut_null_empty, 1, "SELECT NULL::text, ''::text, %s::text");
FB_SQL_GLOBAL(ut_series, 1,
    "SELECT g::text, CASE WHEN mod(g, 2) = 0 THEN NULL ELSE '' END "
    "FROM generate_series(1, %s::integer) AS g");
FB_SQL_GLOBAL(ut_cast, 1, "SELECT %s::integer");
/* Never prepared on the suite's connection. */
FB_SQL_GLOBAL(ut_no_such, 0, "SELECT 1");
/* Named arguments (fb_params.h), one statement's and a shared set. */
FB_SQL_NAMED(ut_named, (first, second),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS first, "
    "  %s::text AS second) "
    "SELECT k.first, k.second, o.name FROM k "
    "JOIN organizations o ON o.id = k.org_id");
FB_PARAMS(ut_pair, (first, second));
FB_SQL_WITH(ut_pair_joined, ut_pair,
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS first, "
    "  %s::text AS second) "
    "SELECT k.first || k.second FROM k");

static const fb_statement_t *const statements[] = {
    &fb_sql_ut_org_name, &fb_sql_ut_org_rename, &fb_sql_ut_event_count,
    &fb_sql_ut_event_get, &fb_sql_ut_null_empty, &fb_sql_ut_series,
    &fb_sql_ut_cast, &fb_sql_ut_named, &fb_sql_ut_pair_joined, NULL
};

static apr_pool_t *db_pool;
static fb_db_t db;

static int db_init(void)
{
    static const fb_statement_t *const *const tables[] = {
        fb_events_statements, statements, NULL
    };

    return ut_db_open(&db, &db_pool, "fb_db", tables);
}

static int db_cleanup(void)
{
    ut_db_close(&db, &db_pool);
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

/* Runs the select st for org with args, asserting success. */
static fb_rows_t select_ok(const fb_statement_t *st, const char *org,
                           fb_args_t args)
{
    return ut_db_select(&db, st, org, args);
}

/* A new organization's id, for a test of its own. */
static const char *new_org(const char *name)
{
    return ut_db_org(&db, name);
}

/* The number of events org has, as counted by the database. */
static const char *event_count(const char *org)
{
    fb_rows_t rows = select_ok(&fb_sql_ut_event_count, org, FB_NO_ARGS);

    return fb_rows_get(&rows, 0, 0);
}

/* The connection still answers outside any transaction. */
static void assert_usable(void)
{
    fb_rows_t rows = select_ok(&fb_sql_ut_cast, NULL, FB_ARGS("42"));

    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), "42");
    CU_ASSERT_EQUAL(db.tx, 0);
}

static void test_null_vs_empty(void)
{
    fb_rows_t rows = select_ok(&fb_sql_ut_null_empty, NULL, FB_ARGS(NULL));

    UT_ASSERT_INT(rows.nrows, 1);
    UT_ASSERT_INT(rows.ncols, 3);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), NULL);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 1), "");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 2), NULL);
    rows = select_ok(&fb_sql_ut_null_empty, NULL, FB_ARGS(""));
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 2), "");
    rows = select_ok(&fb_sql_ut_null_empty, NULL, FB_ARGS("v\xc3\xa9"));
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 2), "v\xc3\xa9");
}

static void test_rows(void)
{
    fb_rows_t rows = select_ok(&fb_sql_ut_series, NULL, FB_ARGS("3"));
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
    rows = select_ok(&fb_sql_ut_series, NULL, FB_ARGS("0"));
    UT_ASSERT_INT(rows.nrows, 0);
    UT_ASSERT_INT(rows.ncols, 2);
    CU_ASSERT_PTR_NULL(fb_rows_get(&rows, 0, 0));
}

/* A statement this connection never prepared (an untracked connection
 * runs only what it was given). */
static void test_unprepared(void)
{
    fb_rows_t rows = {7, 7, NULL};
    int affected = -5;

    db.error = NULL;
    UT_ASSERT_INT(fb_db_select(&db, ut_pool, &fb_sql_ut_no_such, NULL,
                               FB_NO_ARGS, &rows), APR_EGENERAL);
    UT_ASSERT_INT(rows.nrows, 0);
    UT_ASSERT_INT(rows.ncols, 0);
    CU_ASSERT(db.error != NULL && strstr(db.error, "ut_no_such") != NULL);
    db.error = NULL;
    UT_ASSERT_INT(fb_db_exec(&db, ut_pool, &fb_sql_ut_no_such, NULL,
                             FB_NO_ARGS, &affected), APR_EGENERAL);
    UT_ASSERT_INT(affected, -5);
    CU_ASSERT(db.error != NULL && strstr(db.error, "ut_no_such") != NULL);
    assert_usable();
}

/*
 * Arguments that are not what the statement declares are refused before
 * anything runs: too few (the driver would read past the array), too
 * many, an organization missing for a scoped statement or given to a
 * global one.  The refusal names the statement and the counts.
 */
static void test_arguments_checked(void)
{
    static const char *const three[] = {"1", "2", "3"};
    static const struct {
        const fb_statement_t *st;
        const char *org;
        fb_args_t args;
    } wrong[] = {
        {&fb_sql_ut_cast, NULL, {.n = 0, .v = NULL}},
        {&fb_sql_ut_cast, NULL, {.n = 3, .v = three}},
        {&fb_sql_ut_cast, NULL, {.n = 1, .v = NULL}},
        {&fb_sql_ut_cast, "000000000000000000000001", {.n = 1, .v = three}},
        {&fb_sql_ut_org_name, NULL, {.n = 0, .v = NULL}},
        {&fb_sql_ut_org_name, "000000000000000000000001", {.n = 1, .v = three}},
    };
    fb_rows_t rows = {7, 7, NULL};
    int affected = -5;
    apr_size_t i;

    for (i = 0; i < sizeof(wrong) / sizeof(wrong[0]); i++) {
        db.error = NULL;
        UT_ASSERT_INT(fb_db_select(&db, ut_pool, wrong[i].st, wrong[i].org,
                                   wrong[i].args, &rows), APR_EGENERAL);
        UT_ASSERT_INT(rows.nrows, 0);
        CU_ASSERT(db.error != NULL
                  && strstr(db.error, wrong[i].st->label) != NULL
                  && strstr(db.error, "it takes") != NULL);
        UT_ASSERT_INT(fb_db_exec(&db, ut_pool, wrong[i].st, wrong[i].org,
                                 wrong[i].args, &affected), APR_EGENERAL);
        UT_ASSERT_INT(affected, -5);
    }
    UT_ASSERT_STR(db.error, "ut_org_name: called with 1 arguments and an "
                  "organization; it takes 0 and an organization");
    assert_usable();
}

/* FB_ARGS and FB_ARRAY_ARGS count what they are given. */
static void test_args_macros(void)
{
    const char *four[4] = {"a", NULL, "c", NULL};
    fb_args_t a = FB_ARGS("x", NULL, "z");
    fb_args_t b = FB_ARRAY_ARGS(four);
    fb_args_t c = FB_ARGS(NULL);

    UT_ASSERT_INT(a.n, 3);
    UT_ASSERT_STR(a.v[0], "x");
    CU_ASSERT_PTR_NULL(a.v[1]);
    UT_ASSERT_STR(a.v[2], "z");
    UT_ASSERT_INT(b.n, 4);
    CU_ASSERT_PTR_EQUAL(b.v, four);
    UT_ASSERT_INT(c.n, 1);
    CU_ASSERT_PTR_NULL(c.v[0]);
    UT_ASSERT_INT(FB_NO_ARGS.n, 0);
}

/* FB_NAMED lays the values out in the order of the names, a name not
 * given NULL, and carries the names of its set. */
static void test_named_macros(void)
{
    fb_args_t a = FB_NAMED(ut_named, .second = "2");
    fb_args_t b = FB_NAMED(ut_pair, .first = "1", .second = "2");

    UT_ASSERT_INT(a.n, 2);
    CU_ASSERT_PTR_NULL(a.v[0]);
    UT_ASSERT_STR(a.v[1], "2");
    UT_ASSERT_STR(a.names, "(first, second)");
    CU_ASSERT_PTR_EQUAL(fb_sql_ut_named.params, fb_params_ut_named_names);
    UT_ASSERT_INT(fb_sql_ut_named.nargs, 2);
    UT_ASSERT_INT(b.n, FB_PARAMS_COUNT(ut_pair));
    UT_ASSERT_STR(b.v[0], "1");
    UT_ASSERT_STR(b.v[1], "2");
    CU_ASSERT(fb_params_same(b.names, fb_sql_ut_pair_joined.params));
    CU_ASSERT(!fb_params_same(NULL, fb_sql_ut_pair_joined.params));
    CU_ASSERT(!fb_params_same("(first)", fb_sql_ut_pair_joined.params));
    CU_ASSERT(fb_params_same(NULL, NULL));
}

/* fb_params_check: every placeholder bound by name, as declared. */
static void test_params_check(void)
{
    static const struct {
        const char *sql;
        int scoped;
        const char *names;
        const char *why;        /* NULL: accepted */
    } cases[] = {
        {"WITH k AS (SELECT %s::text AS org_id, %s::text[] AS a, "
         "%d AS b) SELECT 1 FROM k", 1, "(a, b)", NULL},
        {"SELECT x FROM (SELECT %s AS a, %s::integer   AS  b) k "
         "LIMIT 1", 0, "(a, b)", NULL},
        {"WITH k AS (SELECT %s::text AS org_id, %s::text AS a) "
         "SELECT '100%%' FROM k LIMIT %d", 1, "(a, limit)", NULL},
        {"WITH k AS (SELECT %s::text AS org_id, %s::text AS a) "
         "SELECT 1 FROM k WHERE x = %s", 1, "(a, b)",
         "placeholder 3 is not bound by name"},
        {"WITH k AS (SELECT %s::text AS org_id, %s::text AS b, "
         "%s::text AS a) SELECT 1", 1, "(a, b)",
         "placeholder 2 is bound as b, but the argument declared there "
         "is a"},
        {"WITH k AS (SELECT %s::text AS org_id, %s::text AS a) SELECT 1",
         1, "(a, b)", "argument b is declared but bound by no placeholder"},
        {"WITH k AS (SELECT %s::text AS org_id, %s::text AS a, "
         "%s::text AS b) SELECT 1", 1, "(a)",
         "placeholder 3 is bound as b, but the argument declared there is "
         "none"},
        {"SELECT 1 WHERE org_id = %s", 1, "()",
         "placeholder 1 is not bound by name"},
        {"SELECT %s::text ASa", 0, "(a)",
         "placeholder 1 is not bound by name"},
        {"SELECT 1 OFFSET %d", 0, "(limit)",
         "placeholder 1 is not bound by name"},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const char *why = NULL;
        apr_status_t rv = fb_params_check(ut_pool, cases[i].sql,
                                          cases[i].scoped, cases[i].names,
                                          &why);

        if (cases[i].why == NULL) {
            UT_ASSERT_INT(rv, APR_SUCCESS);
        }
        else {
            UT_ASSERT_INT(rv, APR_EINVAL);
            CU_ASSERT(why != NULL && strstr(why, cases[i].why) != NULL);
        }
    }
}

FB_SQL_NAMED(ut_reg_misnamed, (a, b),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS b, %s::text AS a) "
    "SELECT 1");

/* A named statement whose placeholders are not its names stops the
 * start-up, naming it. */
static void test_registry_named(void)
{
    static const fb_statement_t *const good[] = {&fb_sql_ut_named, NULL};
    static const fb_statement_t *const bad[] = {&fb_sql_ut_reg_misnamed,
                                                NULL};
    apr_hash_t *registry = apr_hash_make(ut_pool);
    const char *why = NULL;

    UT_ASSERT_INT(fb_db_registry_add(registry, ut_pool, good, &why),
                  APR_SUCCESS);
    UT_ASSERT_INT(fb_db_registry_add(registry, ut_pool, bad, &why),
                  APR_EINVAL);
    CU_ASSERT(why != NULL && strstr(why, "ut_reg_misnamed: placeholder 2 "
                                    "is bound as b") != NULL);
}

/* A named statement runs with its own names, and refuses values given
 * by position or named for another set, without running. */
static void test_named_call(void)
{
    const char *org = new_org("named");
    fb_rows_t rows = select_ok(&fb_sql_ut_named, org,
                               FB_NAMED(ut_named, .first = "x",
                                        .second = "y"));
    fb_args_t other = FB_NAMED(ut_pair, .first = "x", .second = "y");

    UT_ASSERT_INT(rows.nrows, 1);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), "x");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 1), "y");
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 2), "named");
    rows = select_ok(&fb_sql_ut_pair_joined, org, other);
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), "xy");
    db.error = NULL;
    UT_ASSERT_INT(fb_db_select(&db, ut_pool, &fb_sql_ut_named, org,
                               FB_ARGS("x", "y"), &rows), APR_EGENERAL);
    CU_ASSERT(db.error != NULL
              && strstr(db.error, "ut_named: called with arguments named "
                        "by position; it takes (first, second)") != NULL);
    db.error = NULL;
    other.names = "(second, first)";
    UT_ASSERT_INT(fb_db_select(&db, ut_pool, &fb_sql_ut_pair_joined, org,
                               other, &rows), APR_EGENERAL);
    CU_ASSERT(db.error != NULL
              && strstr(db.error, "named (second, first)") != NULL);
    assert_usable();
}

/* Placeholders as apr_dbd counts them. */
static void test_placeholders(void)
{
    UT_ASSERT_INT(fb_db_placeholders(""), 0);
    UT_ASSERT_INT(fb_db_placeholders("SELECT 1"), 0);
    UT_ASSERT_INT(fb_db_placeholders("SELECT %s, %d, %s::text[]"), 3);
    UT_ASSERT_INT(fb_db_placeholders("SELECT '100%%' || %s"), 1);
    UT_ASSERT_INT(fb_db_placeholders("SELECT '%' || %s"), 1);
    UT_ASSERT_INT(fb_db_placeholders("SELECT $1, %s"), 1);
    UT_ASSERT_INT(fb_db_placeholders("%"), 0);
}

FB_SQL(ut_reg_ok, 1, "SELECT %s, %s");
FB_SQL_GLOBAL(ut_reg_global, 1, "SELECT %s");
FB_SQL(ut_reg_unnamed, 2, "SELECT %s, %s, %s");
FB_SQL(ut_reg_short, 2, "SELECT %s, %s");
FB_SQL_GLOBAL(ut_reg_long, 1, "SELECT %s, %s");

/* The registry refuses a label twice and a count that is not the SQL's,
 * naming the statement. */
static void test_registry(void)
{
    static const fb_statement_t *const good[] = {
        &fb_sql_ut_reg_ok, &fb_sql_ut_reg_global, NULL
    };
    static const fb_statement_t *const dup[] = {&fb_sql_ut_reg_ok, NULL};
    static const fb_statement_t *const shrt[] = {&fb_sql_ut_reg_short, NULL};
    static const fb_statement_t *const lng[] = {&fb_sql_ut_reg_long, NULL};
    static const fb_statement_t *const unnamed[] = {&fb_sql_ut_reg_unnamed,
                                                    NULL};
    apr_hash_t *registry = apr_hash_make(ut_pool);
    const char *why = NULL;

    UT_ASSERT_INT(fb_db_registry_add(registry, ut_pool, good, &why),
                  APR_SUCCESS);
    CU_ASSERT_PTR_EQUAL(apr_hash_get(registry, "ut_reg_ok",
                                     APR_HASH_KEY_STRING),
                        &fb_sql_ut_reg_ok);
    UT_ASSERT_INT(fb_db_registry_add(registry, ut_pool, dup, &why),
                  APR_EEXIST);
    CU_ASSERT(why != NULL && strstr(why, "ut_reg_ok") != NULL);
    why = NULL;
    UT_ASSERT_INT(fb_db_registry_add(registry, ut_pool, shrt, &why),
                  APR_EINVAL);
    CU_ASSERT(why != NULL && strstr(why, "ut_reg_short declares 2 "
                                    "arguments and the organization but "
                                    "its SQL has 2 placeholders") != NULL);
    why = NULL;
    UT_ASSERT_INT(fb_db_registry_add(registry, ut_pool, lng, &why),
                  APR_EINVAL);
    CU_ASSERT(why != NULL && strstr(why, "ut_reg_long") != NULL);
    why = NULL;
    UT_ASSERT_INT(fb_db_registry_add(registry, ut_pool, unnamed, &why),
                  APR_EINVAL);
    CU_ASSERT(why != NULL && strstr(why, "ut_reg_unnamed takes 2 arguments "
                                    "by position: name them") != NULL);
}

/* A statement that fails when it runs (not when prepared). */
static void test_failing_statement(void)
{
    fb_rows_t rows;

    db.error = NULL;
    UT_ASSERT_INT(fb_db_select(&db, ut_pool, &fb_sql_ut_cast, NULL,
                               FB_ARGS("x"), &rows), APR_EGENERAL);
    CU_ASSERT(db.error != NULL && strstr(db.error, "ut_cast") != NULL);
    UT_ASSERT_INT(db.tx_failed, 0);
    assert_usable();
}

static void test_exec_affected(void)
{
    const char *org = new_org("unit exec");
    int affected = -1;
    fb_rows_t rows;

    CU_ASSERT_PTR_NOT_NULL_FATAL(org);
    UT_ASSERT_INT(fb_db_exec(&db, ut_pool, &fb_sql_ut_org_rename, NULL,
                             FB_ARGS("unit renamed", org), &affected),
                  APR_SUCCESS);
    UT_ASSERT_INT(affected, 1);
    UT_ASSERT_INT(fb_db_exec(&db, ut_pool, &fb_sql_ut_org_rename, NULL,
                             FB_ARGS("x", "000000000000000000000000"),
                             &affected), APR_SUCCESS);
    UT_ASSERT_INT(affected, 0);
    UT_ASSERT_INT(fb_db_exec(&db, ut_pool, &fb_sql_ut_org_rename, NULL,
                             FB_ARGS("unit renamed", org), NULL),
                  APR_SUCCESS);
    rows = select_ok(&fb_sql_ut_org_name, org, FB_NO_ARGS);
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
    rows = select_ok(&fb_sql_ut_event_get, org, FB_NO_ARGS);
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
    rows = select_ok(&fb_sql_ut_event_get, org, FB_NO_ARGS);
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
    fb_rows_t rows;

    CU_ASSERT_PTR_NOT_NULL_FATAL(org);
    CU_ASSERT_EQUAL_FATAL(fb_db_begin(&db, ut_pool), APR_SUCCESS);
    UT_ASSERT_INT(fb_db_exec(&db, ut_pool, &fb_sql_ut_org_rename, NULL,
                             FB_ARGS("unit must not stay", org), NULL),
                  APR_SUCCESS);
    UT_ASSERT_INT(fb_event_record(&db, ut_pool, org, "org.updated",
                                  "{\"id\":\"o1\"}", NULL), APR_SUCCESS);
    UT_ASSERT_INT(fb_db_select(&db, ut_pool, &fb_sql_ut_cast, NULL,
                               FB_ARGS("not a number"), &rows),
                  APR_EGENERAL);
    UT_ASSERT_INT(db.tx_failed, 1);
    /* Later statements fail too, and do not clear the failure. */
    UT_ASSERT_INT(fb_event_record(&db, ut_pool, org, "org.updated",
                                  "{\"id\":\"o2\"}", NULL), APR_EGENERAL);
    UT_ASSERT_INT(fb_db_end(&db, ut_pool, 1), APR_EGENERAL);
    CU_ASSERT_EQUAL(db.tx, 0);
    UT_ASSERT_INT(db.tx_failed, 0);

    UT_ASSERT_STR(event_count(org), "0");
    rows = select_ok(&fb_sql_ut_org_name, org, FB_NO_ARGS);
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

/* A call with the wrong arguments inside a transaction fails it: the
 * write cannot commit without the statement it skipped. */
static void test_wrong_arguments_in_tx(void)
{
    const char *org = new_org("unit unknown in tx");
    fb_rows_t rows;

    CU_ASSERT_PTR_NOT_NULL_FATAL(org);
    CU_ASSERT_EQUAL_FATAL(fb_db_begin(&db, ut_pool), APR_SUCCESS);
    UT_ASSERT_INT(fb_event_record(&db, ut_pool, org, "post.created",
                                  "{\"id\":\"p1\"}", NULL), APR_SUCCESS);
    UT_ASSERT_INT(fb_db_select(&db, ut_pool, &fb_sql_ut_cast, NULL,
                               FB_NO_ARGS, &rows), APR_EGENERAL);
    UT_ASSERT_INT(db.tx_failed, 1);
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

FB_SQL_GLOBAL(ut_bad_sql, 1, "SELEC nonsense FROM %s");
FB_SQL_GLOBAL(ut_after_bad, 0, "SELECT 1");
FB_SQL_GLOBAL(ut_concat, 1, "SELECT %s::text || 'x'");

/* A table with bad SQL fails and names the statement; good ones work. */
static void test_prepare_table(void)
{
    static const fb_statement_t *const bad[] = {
        &fb_sql_ut_bad_sql, &fb_sql_ut_after_bad, NULL
    };
    static const fb_statement_t *const good[] = {&fb_sql_ut_concat, NULL};
    fb_rows_t rows;

    db.error = NULL;
    UT_ASSERT_INT(fb_db_prepare_table(&db, ut_pool, bad), APR_EGENERAL);
    CU_ASSERT(db.error != NULL && strstr(db.error, "ut_bad_sql") != NULL);
    CU_ASSERT_PTR_NULL(apr_hash_get(db.prepared, "ut_bad_sql",
                                    APR_HASH_KEY_STRING));
    UT_ASSERT_INT(fb_db_select(&db, ut_pool, &fb_sql_ut_bad_sql, NULL,
                               FB_ARGS("x"), &rows), APR_EGENERAL);
    assert_usable();

    /* Statements live as long as the connection: prepare in its pool. */
    UT_ASSERT_INT(fb_db_prepare_table(&db, db_pool, good), APR_SUCCESS);
    rows = select_ok(&fb_sql_ut_concat, NULL, FB_ARGS("a"));
    UT_ASSERT_STR(fb_rows_get(&rows, 0, 0), "ax");
}

void test_db_register(void)
{
    static const ut_test_t tests[] = {
        {"select: NULL and empty string differ", test_null_vs_empty},
        {"select: rows, out of range, no rows", test_rows},
        {"select, exec: statement not prepared", test_unprepared},
        {"select, exec: arguments as declared", test_arguments_checked},
        {"FB_ARGS, FB_ARRAY_ARGS", test_args_macros},
        {"FB_NAMED: values by name", test_named_macros},
        {"fb_params_check: placeholders bound by name", test_params_check},
        {"registry: named statements checked", test_registry_named},
        {"select: named values as declared", test_named_call},
        {"placeholders counted as apr_dbd does", test_placeholders},
        {"registry: duplicates, counts", test_registry},
        {"select: failing statement", test_failing_statement},
        {"exec: affected rows", test_exec_affected},
        {"tx: event committed", test_event_commit},
        {"tx: event changes", test_event_changes},
        {"tx: rolled-back write records no event",
         test_failed_tx_records_no_event},
        {"tx: failed event insert", test_failed_event_insert},
        {"tx: wrong arguments fail it", test_wrong_arguments_in_tx},
        {"tx: explicit rollback", test_explicit_rollback},
        {"event outside a transaction", test_event_outside_tx},
        {"end without begin", test_end_without_begin},
        {"prepare_table: bad SQL", test_prepare_table},
        {NULL, NULL}
    };

    ut_add_suite("fb_db", db_init, db_cleanup, NULL, db_teardown, tests);
}
