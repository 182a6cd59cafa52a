/*
 * test_route.c: the router (fb_route).
 */
#include <string.h>

#include <apr_strings.h>

#include "fb_route.h"
#include "unit.h"

/*
 * Two tables, as the module has one per resource file.  The parameter
 * template comes before the literal one in the first and after it in the
 * second, so that neither order decides which wins.  An operation is the
 * name the tests expect back.
 */
static const fb_route_t boards_changelogs[] = {
    {"GET", "/boards", "boards.list"},
    {"GET", "/boards/{id}", "boards.get"},
    {"GET", "/boards/{board}/posts/{post}", "posts.get"},
    {"GET", "/changelogs/{id}", "changelogs.get"},
    {"POST", "/changelogs/subscribers", "subscribers.add"},
    {"PATCH", "/changelogs/{id}", "changelogs.update"},
    {"DELETE", "/changelogs/subscribers", "subscribers.remove"},
    {NULL, NULL, NULL}
};

static const fb_route_t admins[] = {
    {"GET", "/admins/roles", "roles.list"},
    {"GET", "/admins/{id}", "admins.get"},
    {NULL, NULL, NULL}
};

static const fb_route_t *const tables[] = {boards_changelogs, admins, NULL};

/* The router over tables, in ut_pool. */
static fb_router_t *router(void)
{
    fb_router_t *r = NULL;
    const char *why = NULL;

    if (!UT_ASSERT_INT(fb_router_create(ut_pool, tables, &r, &why),
                       APR_SUCCESS)) {
        UT_ASSERT_STR(why, NULL);
    }
    return r;
}

/* The captured parameters as "name=value" pairs joined by '&'. */
static int join_param(void *data, const char *key, const char *value)
{
    const char **s = data;

    *s = apr_pstrcat(ut_pool, *s, **s ? "&" : "", key, "=", value, NULL);
    return 1;
}

static const char *params_text(const apr_table_t *params)
{
    const char *s = "";

    if (params == NULL) {
        return NULL;
    }
    apr_table_do(join_param, &s, params, NULL);
    return s;
}

static void test_match(void)
{
    static const struct {
        const char *method, *path;
        fb_route_result_e result;
        const char *op;         /* FOUND: the operation */
        const char *params;     /* FOUND: captured, "a=1&b=2" */
        const char *allow;      /* NO_METHOD: the Allow list */
    } cases[] = {
        {"GET", "/boards", FB_ROUTE_FOUND, "boards.list", "", NULL},
        {"GET", "/boards/", FB_ROUTE_FOUND, "boards.list", "", NULL},
        {"HEAD", "/boards", FB_ROUTE_FOUND, "boards.list", "", NULL},
        {"GET", "/boards/b1", FB_ROUTE_FOUND, "boards.get", "id=b1", NULL},
        {"GET", "/boards/b1/", FB_ROUTE_FOUND, "boards.get", "id=b1", NULL},
        {"HEAD", "/boards/b1", FB_ROUTE_FOUND, "boards.get", "id=b1", NULL},
        {"GET", "/boards/b1/posts/p2", FB_ROUTE_FOUND, "posts.get",
         "board=b1&post=p2", NULL},
        {"POST", "/boards", FB_ROUTE_NO_METHOD, NULL, NULL, "GET, HEAD"},
        {"get", "/boards", FB_ROUTE_NO_METHOD, NULL, NULL, "GET, HEAD"},
        {"GET", "/changelogs/subscribers", FB_ROUTE_NO_METHOD, NULL, NULL,
         "POST, DELETE"},
        {"HEAD", "/changelogs/subscribers", FB_ROUTE_NO_METHOD, NULL, NULL,
         "POST, DELETE"},
        {"PATCH", "/changelogs/subscribers/", FB_ROUTE_NO_METHOD, NULL,
         NULL, "POST, DELETE"},
        {"POST", "/changelogs/subscribers", FB_ROUTE_FOUND,
         "subscribers.add", "", NULL},
        {"DELETE", "/changelogs/subscribers", FB_ROUTE_FOUND,
         "subscribers.remove", "", NULL},
        {"GET", "/changelogs/c1", FB_ROUTE_FOUND, "changelogs.get", "id=c1",
         NULL},
        {"PATCH", "/changelogs/c1", FB_ROUTE_FOUND, "changelogs.update",
         "id=c1", NULL},
        {"DELETE", "/changelogs/c1", FB_ROUTE_NO_METHOD, NULL, NULL,
         "GET, HEAD, PATCH"},
        {"GET", "/changelogs/Subscribers", FB_ROUTE_FOUND, "changelogs.get",
         "id=Subscribers", NULL},
        {"GET", "/admins/roles", FB_ROUTE_FOUND, "roles.list", "", NULL},
        {"GET", "/admins/a1", FB_ROUTE_FOUND, "admins.get", "id=a1", NULL},
        {"PATCH", "/admins/roles", FB_ROUTE_NO_METHOD, NULL, NULL,
         "GET, HEAD"},
        {"GET", "", FB_ROUTE_NO_PATH, NULL, NULL, NULL},
        {"GET", "/", FB_ROUTE_NO_PATH, NULL, NULL, NULL},
        {"GET", "//", FB_ROUTE_NO_PATH, NULL, NULL, NULL},
        {"GET", "//boards", FB_ROUTE_NO_PATH, NULL, NULL, NULL},
        {"GET", "/boards//", FB_ROUTE_NO_PATH, NULL, NULL, NULL},
        {"GET", "/boards//posts", FB_ROUTE_NO_PATH, NULL, NULL, NULL},
        {"GET", "/boards/b1/posts//", FB_ROUTE_NO_PATH, NULL, NULL, NULL},
        {"GET", "boards", FB_ROUTE_NO_PATH, NULL, NULL, NULL},
        {"GET", "/Boards", FB_ROUTE_NO_PATH, NULL, NULL, NULL},
        {"GET", "/nope", FB_ROUTE_NO_PATH, NULL, NULL, NULL},
        {"POST", "/nope", FB_ROUTE_NO_PATH, NULL, NULL, NULL},
        {"GET", "/boards/b1/posts", FB_ROUTE_NO_PATH, NULL, NULL, NULL},
        {"GET", "/boards/b1/x/p2", FB_ROUTE_NO_PATH, NULL, NULL, NULL},
        {"GET", "/admins/a1/roles", FB_ROUTE_NO_PATH, NULL, NULL, NULL},
        {"GET", "/a/b/c/d/e/f/g/h/i", FB_ROUTE_NO_PATH, NULL, NULL, NULL},
    };
    fb_router_t *r = router();
    apr_size_t i;

    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        fb_route_match_t m;
        fb_route_result_e res = fb_router_match(r, ut_pool, cases[i].method,
                                                cases[i].path, &m);
        int ok = UT_ASSERT_INT(res, cases[i].result);

        if (ok && res == FB_ROUTE_FOUND) {
            ok = m.route != NULL
                 && UT_ASSERT_STR(m.route->op, cases[i].op)
                 && UT_ASSERT_STR(params_text(m.params), cases[i].params);
        }
        else if (ok) {
            CU_ASSERT_PTR_NULL(m.route);
            ok = UT_ASSERT_STR(m.allow, cases[i].allow);
        }
        if (!ok) {
            UT_ASSERT_STR(apr_pstrcat(ut_pool, cases[i].method, " ",
                                      cases[i].path, NULL), "(matched)");
        }
    }
}

/* Tables that may not be compiled, and the template each names. */
static void test_create_rejects(void)
{
    static const fb_route_t twice[] = {
        {"GET", "/boards", "a"},
        {"POST", "/boards", "b"},
        {"GET", "/boards", "c"},
        {NULL, NULL, NULL}
    };
    static const fb_route_t once[] = {
        {"GET", "/admins/{id}", "x"},
        {NULL, NULL, NULL}
    };
    static const fb_route_t empty_segment[] = {
        {"GET", "/boards//x", "a"},
        {NULL, NULL, NULL}
    };
    static const fb_route_t relative[] = {
        {"GET", "boards", "a"},
        {NULL, NULL, NULL}
    };
    static const struct {
        const fb_route_t *const tables[3];
        const char *mention;
    } cases[] = {
        {{twice, NULL, NULL}, "GET /boards"},
        {{admins, once, NULL}, "GET /admins/{id}"},
        {{empty_segment, NULL, NULL}, "/boards//x"},
        {{relative, NULL, NULL}, "boards"},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        fb_router_t *r = NULL;
        const char *why = NULL;

        UT_ASSERT_INT(fb_router_create(ut_pool, cases[i].tables, &r, &why),
                      APR_EINVAL);
        CU_ASSERT_PTR_NULL(r);
        if (!(why != NULL && strstr(why, cases[i].mention) != NULL)) {
            UT_ASSERT_STR(why, cases[i].mention);
        }
    }
}

/* One template with several methods, and no table at all. */
static void test_create_accepts(void)
{
    static const fb_route_t methods[] = {
        {"GET", "/x", "get"},
        {"POST", "/x", "post"},
        {"PUT", "/x", "put"},
        {"DELETE", "/x", "delete"},
        {NULL, NULL, NULL}
    };
    static const fb_route_t *const one[] = {methods, NULL};
    static const fb_route_t *const none[] = {NULL};
    fb_router_t *r = NULL;
    fb_route_match_t m;
    const char *why = NULL;

    CU_ASSERT_EQUAL_FATAL(fb_router_create(ut_pool, one, &r, &why),
                          APR_SUCCESS);
    UT_ASSERT_INT(fb_router_match(r, ut_pool, "PATCH", "/x", &m),
                  FB_ROUTE_NO_METHOD);
    UT_ASSERT_STR(m.allow, "GET, HEAD, POST, PUT, DELETE");
    UT_ASSERT_INT(fb_router_match(r, ut_pool, "PUT", "/x/", &m),
                  FB_ROUTE_FOUND);
    UT_ASSERT_STR(m.route ? m.route->op : NULL, "put");

    CU_ASSERT_EQUAL_FATAL(fb_router_create(ut_pool, none, &r, &why),
                          APR_SUCCESS);
    UT_ASSERT_INT(fb_router_match(r, ut_pool, "GET", "/x", &m),
                  FB_ROUTE_NO_PATH);
}

void test_route_register(void)
{
    static const ut_test_t tests[] = {
        {"match: table of requests", test_match},
        {"create: duplicates and bad templates", test_create_rejects},
        {"create: methods of one template, no table", test_create_accepts},
        {NULL, NULL}
    };

    ut_add_suite("fb_route", NULL, NULL, NULL, NULL, tests);
}
