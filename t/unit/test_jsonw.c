/*
 * test_jsonw.c: the JSON writer (fb_jsonw) and the array reader
 * (fb_db_array_parse), each checked against what PostgreSQL itself
 * writes: the API's bytes were PostgreSQL's before resources were
 * rendered in C, and must stay so.  Needs FEEDBACK_TEST_DB.
 */
#include <string.h>

#include <apr_strings.h>

#include "fb_db.h"
#include "fb_jsonw.h"
#include "unit.h"

FB_SQL_GLOBAL(ut_jw_string, 2,
    "SELECT json_build_object('k', %s::text, 'n', NULL::text, "
    "'a', json_build_array(%s::text, 1, true), 'o', json_build_object(), "
    "'e', '[]'::json, 'j', '{\"x\": [1, \"y\"]}'::jsonb)::text");
FB_SQL_GLOBAL(ut_jw_time, 2,
    "SELECT (%s::timestamptz AT TIME ZONE 'UTC')::text, "
    "fb_iso(%s::timestamptz)");
FB_SQL_GLOBAL(ut_jw_array, 2,
    "SELECT ARRAY[ARRAY[%s::text, NULL, 'x y'], "
    "ARRAY['a,b', '\"q\" \\', '']]::text, ARRAY[]::text[]::text, "
    "ARRAY(SELECT ARRAY[%s::text, NULL] WHERE false)::text");
/* json_object_agg's layout ({ "k" : v }) inside json_build_object's;
 * to_json's arrays are written by PostgreSQL (raw). */
FB_SQL_GLOBAL(ut_jw_agg, 2,
    "SELECT json_build_object('s', json_object_agg(t.k, t.v ORDER BY t.o), "
    "'e', json_build_array())::text "
    "FROM (VALUES (1, %s::text, to_json(%s::text)), "
    "(2, 'de', json_build_object('n', true, 'a', json_build_array()))) "
    "t(o, k, v)");

/* jsonb's layout and order: a key given twice keeps its last value, and
 * every object inside a jsonb is one. */
FB_SQL_GLOBAL(ut_jw_jsonb, 3,
    "SELECT (jsonb_build_object('zz', %s::text, 'a', 1, "
    "'bb', jsonb_build_object('y', true, 'x', jsonb_build_array("
    "jsonb_build_object('q', 1, 'p', 2), '[]'::jsonb)), 'a', 2, "
    "'ab', '{}'::jsonb) || jsonb_build_object(%s::text, 'k', "
    "'c', %s::text))::text");

/* row_to_json's layout: compact, arrays inside it too. */
FB_SQL_GLOBAL(ut_jw_compact, 1,
    "SELECT row_to_json(t)::text FROM (SELECT 'voter'::text AS object, "
    "true AS added, k.s AS id, NULL::text AS none, "
    "ARRAY[k.s, 'x'] AS list, '{}'::text[] AS empty, 7 AS n "
    "FROM (SELECT %s::text AS s) k) t");

static const fb_statement_t *const statements[] = {
    &fb_sql_ut_jw_string, &fb_sql_ut_jw_time, &fb_sql_ut_jw_array,
    &fb_sql_ut_jw_agg, &fb_sql_ut_jw_jsonb, &fb_sql_ut_jw_compact, NULL
};

static apr_pool_t *db_pool;
static fb_db_t db;

static int jsonw_init(void)
{
    static const fb_statement_t *const *const tables[] = {statements, NULL};

    return ut_db_open(&db, &db_pool, "fb_jsonw", tables);
}

static int jsonw_cleanup(void)
{
    ut_db_close(&db, &db_pool);
    return 0;
}

/* Strings whose escaping differs between JSON writers. */
static const char *const tricky[] = {
    "plain", "", "quote \" backslash \\ slash /",
    "tab\tnl\ncr\rbs\bff\f", "\x01\x1f\x7f control",
    "caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac \xf0\x9f\x98\x80",
    "</script><b>&amp;</b>", "NULL", "{a,b}", "\\u0041", NULL
};

/* The writer's object of s in the layout of ut_jw_string. */
static const char *written(const char *s)
{
    fb_jsonw_t w;

    fb_jsonw_init(&w, ut_pool, 8);      /* small: the buffer must grow */
    fb_jsonw_object(&w);
    fb_jsonw_key(&w, "k");
    fb_jsonw_string(&w, s);
    fb_jsonw_key(&w, "n");
    fb_jsonw_string(&w, NULL);
    fb_jsonw_key(&w, "a");
    fb_jsonw_array(&w);
    fb_jsonw_string(&w, s);
    fb_jsonw_raw(&w, "1");
    fb_jsonw_pg_bool(&w, "t");
    fb_jsonw_end(&w);
    fb_jsonw_key(&w, "o");
    fb_jsonw_object(&w);
    fb_jsonw_end(&w);
    fb_jsonw_key(&w, "e");
    fb_jsonw_array(&w);
    fb_jsonw_end(&w);
    fb_jsonw_key(&w, "j");
    fb_jsonw_raw(&w, "{\"x\": [1, \"y\"]}");
    fb_jsonw_end(&w);
    return fb_jsonw_text(&w, NULL);
}

static void test_strings_as_postgres(void)
{
    int i;

    for (i = 0; tricky[i] != NULL; i++) {
        fb_rows_t rows = ut_db_select(&db, &fb_sql_ut_jw_string, NULL,
                                      FB_ARGS(tricky[i], tricky[i]));

        UT_ASSERT_STR(written(tricky[i]), fb_rows_get(&rows, 0, 0));
    }
}

/* The writer's object of s in the layout of ut_jw_agg. */
static const char *written_agg(const char *s)
{
    fb_jsonw_t w;

    fb_jsonw_init(&w, ut_pool, 8);
    fb_jsonw_object(&w);
    fb_jsonw_key(&w, "s");
    fb_jsonw_object_agg(&w);
    fb_jsonw_key(&w, s);
    fb_jsonw_string(&w, s);
    fb_jsonw_key(&w, "de");
    fb_jsonw_object(&w);
    fb_jsonw_key(&w, "n");
    fb_jsonw_pg_bool(&w, "t");
    fb_jsonw_key(&w, "a");
    fb_jsonw_array(&w);
    fb_jsonw_end(&w);
    fb_jsonw_end(&w);
    fb_jsonw_end(&w);
    fb_jsonw_key(&w, "e");
    fb_jsonw_array(&w);
    fb_jsonw_end(&w);
    fb_jsonw_end(&w);
    return fb_jsonw_text(&w, NULL);
}

static void test_object_agg_as_postgres(void)
{
    int i;

    for (i = 0; tricky[i] != NULL; i++) {
        fb_rows_t rows = ut_db_select(&db, &fb_sql_ut_jw_agg, NULL,
                                      FB_ARGS(tricky[i], tricky[i]));

        UT_ASSERT_STR(written_agg(tricky[i]), fb_rows_get(&rows, 0, 0));
    }
}

/* The writer's jsonb of s in the members' order of ut_jw_jsonb (not
 * jsonb's); and, inside it, an object already in jsonb's order. */
static const char *written_jsonb(const char *s)
{
    fb_jsonw_t w;

    fb_jsonw_init(&w, ut_pool, 8);
    fb_jsonw_jsonb(&w);
    fb_jsonw_key(&w, "zz");
    fb_jsonw_string(&w, s);
    fb_jsonw_key(&w, "a");
    fb_jsonw_raw(&w, "1");
    fb_jsonw_key(&w, "bb");
    fb_jsonw_object(&w);
    fb_jsonw_key(&w, "x");
    fb_jsonw_array(&w);
    fb_jsonw_object(&w);
    fb_jsonw_key(&w, "p");
    fb_jsonw_raw(&w, "2");
    fb_jsonw_key(&w, "q");
    fb_jsonw_raw(&w, "1");
    fb_jsonw_end(&w);
    fb_jsonw_array(&w);
    fb_jsonw_end(&w);
    fb_jsonw_end(&w);
    fb_jsonw_key(&w, "y");
    fb_jsonw_pg_bool(&w, "t");
    fb_jsonw_end(&w);
    fb_jsonw_key(&w, "a");
    fb_jsonw_raw(&w, "2");
    fb_jsonw_key(&w, "ab");
    fb_jsonw_object(&w);
    fb_jsonw_end(&w);
    fb_jsonw_key(&w, s);
    fb_jsonw_string(&w, "k");
    fb_jsonw_key(&w, "c");
    fb_jsonw_string(&w, s);
    fb_jsonw_end(&w);
    return fb_jsonw_text(&w, NULL);
}

static void test_jsonb_as_postgres(void)
{
    int i;

    for (i = 0; tricky[i] != NULL; i++) {
        fb_rows_t rows = ut_db_select(&db, &fb_sql_ut_jw_jsonb, NULL,
                                      FB_ARGS(tricky[i], tricky[i],
                                              tricky[i]));

        UT_ASSERT_STR(written_jsonb(tricky[i]), fb_rows_get(&rows, 0, 0));
    }
}

/* A jsonb inside json_build_object's layout, and that layout again
 * after it. */
static void test_jsonb_nested(void)
{
    fb_jsonw_t w;

    fb_jsonw_init(&w, ut_pool, 0);
    fb_jsonw_object(&w);
    fb_jsonw_key(&w, "j");
    fb_jsonw_jsonb(&w);
    fb_jsonw_key(&w, "bb");
    fb_jsonw_object(&w);
    fb_jsonw_end(&w);
    fb_jsonw_key(&w, "a");
    fb_jsonw_raw(&w, "1");
    fb_jsonw_end(&w);
    fb_jsonw_key(&w, "o");
    fb_jsonw_object(&w);
    fb_jsonw_key(&w, "b");
    fb_jsonw_raw(&w, "2");
    fb_jsonw_end(&w);
    fb_jsonw_end(&w);
    UT_ASSERT_STR(fb_jsonw_text(&w, NULL),
                  "{\"j\" : {\"a\": 1, \"bb\": {}}, \"o\" : {\"b\" : 2}}");
}

static void test_times_as_fb_iso(void)
{
    static const char *const times[] = {
        "2026-11-25 08:15:00+00", "2026-11-25 08:15:00.1+00",
        "2026-11-25 08:15:00.12+00", "2026-11-25 08:15:00.123+00",
        "2026-11-25 08:15:00.1239+00", "2026-11-25 08:15:00.999999+00",
        "2026-01-01 00:30:00.000001+02", "1999-12-31 23:59:59.5-05",
        NULL
    };
    int i;

    for (i = 0; times[i] != NULL; i++) {
        fb_rows_t rows = ut_db_select(&db, &fb_sql_ut_jw_time, NULL,
                                      FB_ARGS(times[i], times[i]));
        fb_jsonw_t w;

        fb_jsonw_init(&w, ut_pool, 0);
        CU_ASSERT(fb_jsonw_pg_time(&w, fb_rows_get(&rows, 0, 0)));
        UT_ASSERT_STR(fb_jsonw_text(&w, NULL),
                      apr_pstrcat(ut_pool, "\"", fb_rows_get(&rows, 0, 1),
                                  "\"", NULL));
    }
}

/* Text that is not a UTC timestamp of DateStyle ISO writes null, and
 * says so. */
static void test_times_refused(void)
{
    static const char *const bad[] = {
        "2026-11-25T08:15:00", "2026-11-25 08:15:00+00",
        "2026-11-25 08:15:00.", "2026-11-25 08:15:00.1234567",
        "11/25/2026 08:15:00", "2026-11-25 08:15:00 BC",
        "12026-11-25 08:15:00", "2026-11-25 08:15", "", NULL
    };
    int i;

    for (i = 0; bad[i] != NULL; i++) {
        fb_jsonw_t w;

        fb_jsonw_init(&w, ut_pool, 0);
        CU_ASSERT_FALSE(fb_jsonw_pg_time(&w, bad[i]));
        UT_ASSERT_STR(fb_jsonw_text(&w, NULL), "null");
    }
}

/* The API's list envelope joins PostgreSQL-layout objects with ",". */
static void test_restart(void)
{
    fb_jsonw_t w;

    fb_jsonw_init(&w, ut_pool, 0);
    fb_jsonw_restart(&w, '[');
    fb_jsonw_object(&w);
    fb_jsonw_key(&w, "a");
    fb_jsonw_raw(&w, "1");
    fb_jsonw_end(&w);
    fb_jsonw_restart(&w, ',');
    fb_jsonw_object(&w);
    fb_jsonw_end(&w);
    fb_jsonw_restart(&w, ']');
    UT_ASSERT_STR(fb_jsonw_text(&w, NULL), "[{\"a\" : 1},{}]");
}

static void test_arrays_as_postgres(void)
{
    int i;

    for (i = 0; tricky[i] != NULL; i++) {
        fb_rows_t rows = ut_db_select(&db, &fb_sql_ut_jw_array, NULL,
                                      FB_ARGS(tricky[i], tricky[i]));
        apr_array_header_t *items;

        UT_ASSERT_INT(fb_db_array_parse(ut_pool, fb_rows_get(&rows, 0, 0),
                                        &items), APR_SUCCESS);
        UT_ASSERT_INT(items->nelts, 6);
        UT_ASSERT_STR(APR_ARRAY_IDX(items, 0, const char *), tricky[i]);
        UT_ASSERT_STR(APR_ARRAY_IDX(items, 1, const char *), NULL);
        UT_ASSERT_STR(APR_ARRAY_IDX(items, 2, const char *), "x y");
        UT_ASSERT_STR(APR_ARRAY_IDX(items, 3, const char *), "a,b");
        UT_ASSERT_STR(APR_ARRAY_IDX(items, 4, const char *), "\"q\" \\");
        UT_ASSERT_STR(APR_ARRAY_IDX(items, 5, const char *), "");
        UT_ASSERT_INT(fb_db_array_parse(ut_pool, fb_rows_get(&rows, 0, 1),
                                        &items), APR_SUCCESS);
        UT_ASSERT_INT(items->nelts, 0);
        UT_ASSERT_INT(fb_db_array_parse(ut_pool, fb_rows_get(&rows, 0, 2),
                                        &items), APR_SUCCESS);
        UT_ASSERT_INT(items->nelts, 0);
    }
}

static void test_arrays_refused(void)
{
    static const char *const bad[] = {
        "", "a", "{", "{a", "{a,}", "{,a}", "{a b\"}", "{\"a}", "{a}b",
        "{{a}{b}}", "{a{b}}", "{a,,b}", "{}}", "[1:1]={a}", NULL
    };
    apr_array_header_t *items;
    int i;

    for (i = 0; bad[i] != NULL; i++) {
        CU_ASSERT_EQUAL(fb_db_array_parse(ut_pool, bad[i], &items),
                        APR_EINVAL);
    }
    CU_ASSERT_EQUAL(fb_db_array_parse(ut_pool, NULL, &items), APR_EINVAL);
}

/* The writer's compact object of s in the layout of ut_jw_compact. */
static const char *written_compact(const char *s)
{
    fb_jsonw_t w;

    fb_jsonw_init(&w, ut_pool, 8);
    fb_jsonw_compact(&w);
    fb_jsonw_member_string(&w, "object", "voter");
    fb_jsonw_member_bool(&w, "added", "t");
    fb_jsonw_member_string(&w, "id", s);
    fb_jsonw_member_string(&w, "none", NULL);
    fb_jsonw_key(&w, "list");
    fb_jsonw_array(&w);
    fb_jsonw_string(&w, s);
    fb_jsonw_string(&w, "x");
    fb_jsonw_end(&w);
    fb_jsonw_key(&w, "empty");
    fb_jsonw_array(&w);
    fb_jsonw_end(&w);
    fb_jsonw_key(&w, "n");
    fb_jsonw_raw(&w, "7");
    fb_jsonw_end(&w);
    return fb_jsonw_text(&w, NULL);
}

static void test_compact_as_postgres(void)
{
    int i;

    for (i = 0; tricky[i] != NULL; i++) {
        fb_rows_t rows = ut_db_select(&db, &fb_sql_ut_jw_compact, NULL,
                                      FB_ARGS(tricky[i]));

        UT_ASSERT_STR(written_compact(tricky[i]), fb_rows_get(&rows, 0, 0));
    }
}

void test_jsonw_register(void)
{
    static const ut_test_t tests[] = {
        {"strings and nesting as json_build_object writes them",
         test_strings_as_postgres},
        {"objects as json_object_agg writes them",
         test_object_agg_as_postgres},
        {"objects as jsonb writes them", test_jsonb_as_postgres},
        {"jsonb inside json_build_object's layout", test_jsonb_nested},
        {"timestamps as fb_iso writes them", test_times_as_fb_iso},
        {"timestamps in another form refused", test_times_refused},
        {"restart: a compact sequence of objects", test_restart},
        {"compact objects as row_to_json writes them",
         test_compact_as_postgres},
        {"arrays read as PostgreSQL writes them", test_arrays_as_postgres},
        {"malformed arrays refused", test_arrays_refused},
        {NULL, NULL}
    };

    ut_add_suite("fb_jsonw", jsonw_init, jsonw_cleanup, NULL, NULL, tests);
}
