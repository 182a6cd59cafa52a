/*
 * unit.h: what the CUnit tests over modules/core and modules/domain
 * share.
 *
 * Every test runs with a fresh pool, ut_pool, made by the suite's set-up
 * and destroyed by its tear-down, so nothing a test allocates outlives it.
 * The assertion macros below print the values they compared, which plain
 * CU_ASSERT does not.
 */
#ifndef UNIT_H
#define UNIT_H

#include <apr_pools.h>
#include <apr_tables.h>
#include <CUnit/CUnit.h>
#include <json.h>

#include "fb_db.h"
#include "fb_error.h"

/* One row of a suite's test table; the table ends with a NULL name. */
typedef struct {
    const char *name;
    CU_TestFunc fn;
} ut_test_t;

/* The pool of the running test. */
extern apr_pool_t *ut_pool;

/* The default per-test set-up and tear-down: they make and drop ut_pool. */
void ut_setup(void);
void ut_teardown(void);

/*
 * Registers a suite with its tests.  init and cleanup run once around the
 * suite and may be NULL; setup and teardown run around each test and
 * default to ut_setup and ut_teardown when NULL.  A registration failure
 * ends the program.
 */
void ut_add_suite(const char *name, CU_InitializeFunc init,
                  CU_CleanupFunc cleanup, CU_SetUpFunc setup,
                  CU_TearDownFunc teardown, const ut_test_t *tests);

/* Asserts two strings equal; either may be NULL (NULL equals only NULL). */
#define UT_ASSERT_STR(actual, expected) \
    ut_assert_str((actual), (expected), #actual, __FILE__, __LINE__)

/* Asserts two integers equal. */
#define UT_ASSERT_INT(actual, expected) \
    ut_assert_int((long long)(actual), (long long)(expected), #actual, \
                  __FILE__, __LINE__)

/* Asserts that err is an error of kind naming param (NULL: no param). */
#define UT_ASSERT_ERROR(err, kind, param) \
    ut_assert_error((err), (kind), (param), #err, __FILE__, __LINE__)

/* Asserts that the paths of err's details are exactly the ones given. */
#define UT_ASSERT_DETAILS(err, ...) \
    ut_assert_details((err), (const char *const[]){__VA_ARGS__, NULL}, \
                      #err, __FILE__, __LINE__)

int ut_assert_str(const char *actual, const char *expected, const char *what,
                  const char *file, int line);
int ut_assert_int(long long actual, long long expected, const char *what,
                  const char *file, int line);
int ut_assert_error(const fb_error_t *err, fb_error_e kind,
                    const char *param, const char *what, const char *file,
                    int line);
int ut_assert_details(const fb_error_t *err, const char *const *paths,
                      const char *what, const char *file, int line);

/* The message of err's detail i, or NULL. */
const char *ut_detail_message(const fb_error_t *err, int i);

/*
 * Parses JSON text with json-c; the object is owned by ut_pool.  NULL when
 * the text is not JSON.
 */
json_object *ut_json(const char *text);

/* The "error" object of err's rendered envelope, owned by ut_pool. */
json_object *ut_render_error(const fb_error_t *err);

/* The string member key of obj, or NULL when absent or not a string. */
const char *ut_json_str(json_object *obj, const char *key);

/*
 * For a suite's init: a connection to the database FEEDBACK_TEST_DB names
 * (migrated), in a new *pool, with the statements of tables (a
 * NULL-terminated list of NULL-terminated tables) and ut_db_org()'s
 * prepared; only those run on it.  Non-zero, with a message naming
 * suite, when it cannot be had: the suite then fails.
 */
int ut_db_open(fb_db_t *db, apr_pool_t **pool, const char *suite,
               const fb_statement_t *const *const *tables);

/* For a suite's cleanup: closes what ut_db_open() opened. */
void ut_db_close(fb_db_t *db, apr_pool_t **pool);

/* The rows of the select st for org on db, asserting that it ran (else
 * no rows). */
fb_rows_t ut_db_select(fb_db_t *db, const fb_statement_t *st,
                       const char *org, fb_args_t args);

/* A new organization's id, for a test of its own (its writes counted
 * alone whatever ran before). */
const char *ut_db_org(fb_db_t *db, const char *name);

/* Each test file registers its suites with one of these (main.c). */
void test_json_register(void);
void test_error_register(void);
void test_utf8_register(void);
void test_id_register(void);
void test_cursor_register(void);
void test_query_register(void);
void test_validate_register(void);
void test_route_register(void);
void test_keycache_register(void);
void test_keyset_register(void);
void test_perm_register(void);
void test_crypto_register(void);
void test_version_register(void);
void test_db_register(void);
void test_jsonw_register(void);
void test_htmlw_register(void);
void test_gate_register(void);
void test_vcache_register(void);
void test_db_session_register(void);
void test_ratelimit_register(void);
void test_sharetab_register(void);
void test_html_register(void);
void test_html_budget_register(void);
void test_time_register(void);
void test_markdown_register(void);
void test_unsubscribe_register(void);
void test_netpolicy_register(void);
void test_fetch_register(void);
void test_mail_register(void);
void test_filesign_register(void);
void test_portal_register(void);
void test_webhook_secret_register(void);
void test_webhook_rule_register(void);
void test_bulk_mail_register(void);
void test_changelog_publishing_register(void);
void test_conversation_register(void);
void test_file_store_register(void);
void test_etag_register(void);
void test_multipart_register(void);
void test_filetype_register(void);
void test_archive_register(void);
void test_disposition_register(void);
void test_schema_register(void);
void test_pace_register(void);

#endif
