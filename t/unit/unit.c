/*
 * unit.c: the helpers the test files share.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <apr_strings.h>

#include "fb_json.h"
#include "unit.h"

apr_pool_t *ut_pool;

FB_SQL_GLOBAL(ut_org_create, 3,
    "SELECT org_id FROM fb_org_create(%s, %s, %s)");

/* What every suite's connection prepares. */
static const fb_statement_t *const ut_db_statements[] = {
    &fb_sql_ut_org_create, NULL
};

void ut_setup(void)
{
    if (apr_pool_create(&ut_pool, NULL) != APR_SUCCESS) {
        fprintf(stderr, "unit: cannot create a pool\n");
        exit(2);
    }
}

void ut_teardown(void)
{
    apr_pool_destroy(ut_pool);
    ut_pool = NULL;
}

void ut_add_suite(const char *name, CU_InitializeFunc init,
                  CU_CleanupFunc cleanup, CU_SetUpFunc setup,
                  CU_TearDownFunc teardown, const ut_test_t *tests)
{
    CU_pSuite suite = CU_add_suite_with_setup_and_teardown(
        name, init, cleanup, setup ? setup : ut_setup,
        teardown ? teardown : ut_teardown);

    for (; suite != NULL && tests->name != NULL; tests++) {
        if (CU_add_test(suite, tests->name, tests->fn) == NULL) {
            break;
        }
    }
    if (suite == NULL || CU_get_error() != CUE_SUCCESS) {
        fprintf(stderr, "unit: cannot register suite %s: %s\n", name,
                CU_get_error_msg());
        exit(2);
    }
}

/* Records the outcome of a check; CUnit copies the message it is given. */
static int ut_report(int ok, const char *file, int line, const char *fmt,
                     ...) __attribute__((format(printf, 4, 5)));

static int ut_report(int ok, const char *file, int line, const char *fmt,
                     ...)
{
    char msg[1024] = "";

    if (!ok) {
        va_list ap;

        va_start(ap, fmt);
        vsnprintf(msg, sizeof(msg), fmt, ap);
        va_end(ap);
    }
    CU_assertImplementation(ok ? CU_TRUE : CU_FALSE, (unsigned)line, msg,
                            file, "", CU_FALSE);
    return ok;
}

static const char *ut_show(const char *s)
{
    return s ? s : "(NULL)";
}

int ut_assert_str(const char *actual, const char *expected, const char *what,
                  const char *file, int line)
{
    int ok = (actual == NULL || expected == NULL)
             ? actual == expected : strcmp(actual, expected) == 0;

    return ut_report(ok, file, line, "%s is \"%s\", expected \"%s\"", what,
                     ut_show(actual), ut_show(expected));
}

int ut_assert_int(long long actual, long long expected, const char *what,
                  const char *file, int line)
{
    return ut_report(actual == expected, file, line,
                     "%s is %lld, expected %lld", what, actual, expected);
}

int ut_assert_error(const fb_error_t *err, fb_error_e kind,
                    const char *param, const char *what, const char *file,
                    int line)
{
    if (err == NULL) {
        return ut_report(0, file, line, "%s is NULL, expected %s (%s)",
                         what, fb_error_def(kind)->code, ut_show(param));
    }
    return ut_report(err->kind == kind
                     && ((err->param == NULL || param == NULL)
                         ? err->param == param
                         : strcmp(err->param, param) == 0),
                     file, line, "%s is %s (%s), expected %s (%s)", what,
                     fb_error_def(err->kind)->code, ut_show(err->param),
                     fb_error_def(kind)->code, ut_show(param));
}

int ut_assert_details(const fb_error_t *err, const char *const *paths,
                      const char *what, const char *file, int line)
{
    const char *got = "", *want = "";
    int i, n = 0, ok;

    for (i = 0; err != NULL && err->details != NULL
                && i < err->details->nelts; i++) {
        got = apr_pstrcat(ut_pool, got, i ? ", " : "",
                          APR_ARRAY_IDX(err->details, i,
                                        fb_error_detail_t).path, NULL);
    }
    for (; paths[n] != NULL; n++) {
        want = apr_pstrcat(ut_pool, want, n ? ", " : "", paths[n], NULL);
    }
    ok = err != NULL && err->details != NULL && err->details->nelts == n
         && strcmp(got, want) == 0;
    return ut_report(ok, file, line, "details of %s are [%s], expected [%s]",
                     what, got, want);
}

const char *ut_detail_message(const fb_error_t *err, int i)
{
    if (err == NULL || err->details == NULL || i < 0
        || i >= err->details->nelts) {
        return NULL;
    }
    return APR_ARRAY_IDX(err->details, i, fb_error_detail_t).message;
}

json_object *ut_json(const char *text)
{
    return fb_json_owned(ut_pool, json_tokener_parse(text));
}

json_object *ut_render_error(const fb_error_t *err)
{
    json_object *root = ut_json(fb_error_render(ut_pool, err));
    json_object *e = NULL;

    if (root != NULL && json_object_object_length(root) == 1) {
        json_object_object_get_ex(root, "error", &e);
    }
    return e;
}

const char *ut_json_str(json_object *obj, const char *key)
{
    json_object *v;

    if (!json_object_object_get_ex(obj, key, &v)
        || !json_object_is_type(v, json_type_string)) {
        return NULL;
    }
    return json_object_get_string(v);
}

int ut_db_open(fb_db_t *db, apr_pool_t **pool, const char *suite,
               const fb_statement_t *const *const *tables)
{
    const char *dsn = getenv("FEEDBACK_TEST_DB");
    const char *error = NULL;

    memset(db, 0, sizeof(*db));
    if (dsn == NULL || *dsn == '\0') {
        fprintf(stderr, "\n*** %s: FEEDBACK_TEST_DB is not set: it must "
                "be a libpq connection string to a migrated database "
                "(scripts/test.sh --unit-only sets it). ***\n", suite);
        return 1;
    }
    if (apr_pool_create(pool, NULL) != APR_SUCCESS
        || apr_dbd_get_driver(*pool, "pgsql", &db->driver) != APR_SUCCESS) {
        fprintf(stderr, "\n*** %s: no apr_dbd pgsql driver ***\n", suite);
        return 1;
    }
    if (apr_dbd_open_ex(db->driver, *pool, dsn, &db->handle, &error)
        != APR_SUCCESS) {
        fprintf(stderr, "\n*** %s: cannot connect to %s: %s ***\n", suite,
                dsn, error ? error : "(no reason)");
        db->handle = NULL;
        return 1;
    }
    db->prepared = apr_hash_make(*pool);
    if (fb_db_prepare_table(db, *pool, ut_db_statements) != APR_SUCCESS) {
        tables = NULL;
    }
    for (; tables != NULL && *tables != NULL; tables++) {
        if (fb_db_prepare_table(db, *pool, *tables) != APR_SUCCESS) {
            tables = NULL;
        }
    }
    if (tables == NULL) {
        fprintf(stderr, "\n*** %s: cannot prepare: %s ***\n", suite,
                db->error ? db->error : "(no reason)");
        return 1;
    }
    return 0;
}

void ut_db_close(fb_db_t *db, apr_pool_t **pool)
{
    if (db->handle != NULL) {
        apr_dbd_close(db->driver, db->handle);
        db->handle = NULL;
    }
    if (*pool != NULL) {
        apr_pool_destroy(*pool);
        *pool = NULL;
    }
}

fb_rows_t ut_db_select(fb_db_t *db, const fb_statement_t *st,
                       const char *org, fb_args_t args)
{
    fb_rows_t rows = {0, 0, NULL};

    if (!UT_ASSERT_INT(fb_db_select(db, ut_pool, st, org, args, &rows),
                       APR_SUCCESS)) {
        UT_ASSERT_STR(db->error, st->label);
    }
    return rows;
}

const char *ut_db_org(fb_db_t *db, const char *name)
{
    fb_rows_t rows = ut_db_select(db, &fb_sql_ut_org_create, NULL,
                                  FB_ARGS(name, "owner@example.com",
                                          "Owner"));

    UT_ASSERT_INT(rows.nrows, 1);
    return fb_rows_get(&rows, 0, 0);
}
