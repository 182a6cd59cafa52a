/*
 * test_json.c: strict body parsing, quoting and pool ownership (fb_json).
 */
#include <string.h>

#include <apr_strings.h>

#include "fb_json.h"
#include "unit.h"

/* The sentences fb_json_parse gives the client, by cause. */
#define WHY_JSON  "The body is not valid JSON."
#define WHY_UTF8  "The body is not valid UTF-8."
#define WHY_DEPTH "The body is nested too deeply."
#define WHY_NUL   "The body contains a NUL character."
#define WHY_TRAIL "The body has bytes after the JSON value."
#define WHY_DUP   "The body names a member twice in one object."

/* A body: its bytes and, since it may hold NUL bytes, its length. */
typedef struct {
    const char *text;
    apr_size_t len;         /* 0: strlen(text) */
} body_t;

/* Runs fb_json_parse on b; *why is NULL unless the parse failed. */
static apr_status_t parse(const body_t *b, json_object **out,
                          const char **why)
{
    apr_size_t len = b->len ? b->len : strlen(b->text);
    apr_status_t rv;

    *why = NULL;
    rv = fb_json_parse(ut_pool, b->text, len, out, why);
    if (rv == APR_SUCCESS) {
        *why = NULL;
    }
    return rv;
}

/* n containers opened by open, holding inner, closed by close. */
static char *nested(int n, const char *open, const char *inner,
                    const char *close)
{
    char *s = apr_pstrdup(ut_pool, inner);
    int i;

    for (i = 0; i < n; i++) {
        s = apr_pstrcat(ut_pool, open, s, close, NULL);
    }
    return s;
}

static void test_parse_object(void)
{
    static const body_t b = {"{\"a\": 1, \"b\": [true, null], "
                             "\"c\": {\"d\": \"x\"}}", 0};
    json_object *obj = NULL, *v, *c;
    const char *why;

    CU_ASSERT_EQUAL_FATAL(parse(&b, &obj, &why), APR_SUCCESS);
    CU_ASSERT_FATAL(json_object_is_type(obj, json_type_object));
    UT_ASSERT_INT(json_object_object_length(obj), 3);
    CU_ASSERT(json_object_object_get_ex(obj, "a", &v));
    UT_ASSERT_INT(json_object_get_int(v), 1);
    CU_ASSERT(json_object_object_get_ex(obj, "b", &v));
    UT_ASSERT_INT(json_object_array_length(v), 2);
    CU_ASSERT(json_object_object_get_ex(obj, "c", &c));
    UT_ASSERT_STR(ut_json_str(c, "d"), "x");
}

/* Bodies that must parse; the value checked is obj["a"] as text. */
static void test_parse_accepts(void)
{
    static const struct {
        body_t body;
        const char *a;      /* json_object_get_string of "a", or NULL */
    } cases[] = {
        {{"{}", 0}, NULL},
        {{"{} \t\r\n", 0}, NULL},
        {{" \n{\"a\":\"x\"}", 0}, "x"},
        {{"[1, 2]", 0}, NULL},
        /* An escaped backslash followed by u0000 is no NUL escape. */
        {{"{\"a\":\"\\\\u0000\"}", 0}, "\\u0000"},
        {{"{\"a\":\"\\\\\\\\u0000\"}", 0}, "\\\\u0000"},
        {{"{\"a\":\"\\u00e9\\n\"}", 0}, "\xc3\xa9\n"},
        {{"{\"a\":\"\xc3\xa9\xe6\x97\xa5\xf0\x9f\x98\x80\"}", 0},
         "\xc3\xa9\xe6\x97\xa5\xf0\x9f\x98\x80"},
        /* One name in two objects is no duplicate. */
        {{"{\"a\":\"x\",\"b\":{\"a\":1},\"c\":[{\"a\":1},{\"a\":2}]}", 0},
         "x"},
        {{"{\"a\":\"x\",\"A\":1,\"a \":2}", 0}, "x"},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        json_object *obj = NULL;
        const char *why;

        if (!UT_ASSERT_INT(parse(&cases[i].body, &obj, &why), APR_SUCCESS)) {
            UT_ASSERT_STR(cases[i].body.text, "(accepted)");
            continue;
        }
        CU_ASSERT_PTR_NOT_NULL(obj);
        if (cases[i].a != NULL) {
            UT_ASSERT_STR(ut_json_str(obj, "a"), cases[i].a);
        }
    }
}

/* Bodies that must be refused, with the sentence the client gets. */
static void test_parse_rejects(void)
{
    static const struct {
        body_t body;
        const char *why;    /* NULL: WHY_JSON or WHY_TRAIL */
    } cases[] = {
        {{"", 0}, WHY_JSON},
        {{"  ", 0}, WHY_JSON},
        {{"{\"a\":}", 0}, WHY_JSON},
        {{"{\"a\":1,}", 0}, WHY_JSON},
        {{"{\"a\" 1}", 0}, WHY_JSON},
        {{"{a:1}", 0}, WHY_JSON},
        {{"{\"a\":tru}", 0}, WHY_JSON},
        {{"{\"a\":01}", 0}, WHY_JSON},
        {{"{\"a\":\"x}", 0}, WHY_JSON},
        {{"[1,", 0}, WHY_JSON},
        {{"{\"a\":\"\xff\"}", 0}, WHY_UTF8},
        {{"{\"\xfe\":1}", 0}, WHY_UTF8},
        {{"{\"a\":\"\xc3\"}", 0}, WHY_UTF8},
        {{"{\"a\":\"\x80\"}", 0}, WHY_UTF8},
        {{"{\"a\":1}\0", 8}, WHY_NUL},
        {{"{\"a\":\"x\0y\"}", 11}, WHY_NUL},
        {{"\0{}", 3}, WHY_NUL},
        {{"{\"a\":\"\\u0000\"}", 0}, WHY_NUL},
        {{"{\"\\u0000\":1}", 0}, WHY_NUL},
        {{"{\"a\":\"x\\u0000y\"}", 0}, WHY_NUL},
        /* An escaped backslash, then a real \u0000 escape. */
        {{"{\"a\":\"\\\\\\u0000\"}", 0}, WHY_NUL},
        {{"[\"\\\\\",\"\\u0000\"]", 0}, WHY_NUL},
        {{"{\"a\":\"\\\"\\u0000\"}", 0}, WHY_NUL},
        {{"{}x", 0}, NULL},
        {{"{} x", 0}, NULL},
        {{"{}\n,", 0}, NULL},
        {{"{} {}", 0}, NULL},
        {{"[1] 2", 0}, NULL},
        {{"{}}", 0}, NULL},
        /* A name twice in one object, at any depth, however spelt. */
        {{"{\"a\":1,\"a\":2}", 0}, WHY_DUP},
        {{"{\"a\":1,\"\\u0061\":2}", 0}, WHY_DUP},
        {{"{\"b\":{\"c\":{},\"c\":{\"d\":1}}}", 0}, WHY_DUP},
        {{"[{}, {\"x\":[{\"y\":1,\"y\":1}]}]", 0}, WHY_DUP},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        json_object *obj = (json_object *)&obj;
        const char *why;
        apr_status_t rv = parse(&cases[i].body, &obj, &why);

        if (!UT_ASSERT_INT(rv, APR_EINVAL)) {
            UT_ASSERT_STR(cases[i].body.text, "(rejected)");
            continue;
        }
        CU_ASSERT_PTR_NULL(obj);
        if (cases[i].why != NULL) {
            UT_ASSERT_STR(why, cases[i].why);
        }
        else if (why == NULL || strcmp(why, WHY_JSON) != 0) {
            UT_ASSERT_STR(why, WHY_TRAIL);
        }
    }
}

/*
 * FB_JSON_MAX_DEPTH levels of nesting are allowed and one more is not,
 * whether the innermost container is empty or holds a value.
 */
static void test_parse_depth(void)
{
    static const struct {
        const char *open, *inner, *close;
    } shapes[] = {
        {"[", "", "]"},
        {"[", "1", "]"},
        {"{\"a\":", "{}", "}"},
        {"{\"a\":", "1", "}"},
        {"[", "{}", "]"},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
        /* The "{}" inner values are one level of their own. */
        int extra = strcmp(shapes[i].inner, "{}") == 0;
        int n = FB_JSON_MAX_DEPTH - extra;
        body_t ok = {nested(n, shapes[i].open, shapes[i].inner,
                            shapes[i].close), 0};
        body_t deep = {nested(n + 1, shapes[i].open, shapes[i].inner,
                              shapes[i].close), 0};
        json_object *obj;
        const char *why;

        if (!UT_ASSERT_INT(parse(&ok, &obj, &why), APR_SUCCESS)) {
            UT_ASSERT_STR(ok.text, "(accepted)");
        }
        if (!UT_ASSERT_INT(parse(&deep, &obj, &why), APR_EINVAL)) {
            UT_ASSERT_STR(deep.text, "(rejected as too deep)");
            continue;
        }
        UT_ASSERT_STR(why, WHY_DEPTH);
    }
}

/* Asserts that every body of cases is refused. */
static void assert_all_refused(const body_t *cases, apr_size_t n)
{
    apr_size_t i;

    for (i = 0; i < n; i++) {
        json_object *obj;
        const char *why;

        if (!UT_ASSERT_INT(parse(&cases[i], &obj, &why), APR_EINVAL)) {
            UT_ASSERT_STR(cases[i].text, "(rejected)");
        }
    }
}

/* Text that json-c takes in strict mode but that is not JSON (RFC 8259). */
static void test_parse_rejects_extensions(void)
{
    static const body_t cases[] = {
        {"{'a':1}", 0},
        {"{\"a\":'b'}", 0},
        {"{\"a\":NaN}", 0},
        {"{\"a\":Infinity}", 0},
        {"{\"a\":-Infinity}", 0},
        {"{\"a\":1.}", 0},
        {"{\"a\":\"\x01\"}", 0},
        {"{\"a\":\"x\ny\"}", 0},
        {"{\"a\":\"x\ty\"}", 0},
    };

    assert_all_refused(cases, sizeof(cases) / sizeof(cases[0]));
}

/* Byte sequences json-c lets through that are not UTF-8 (RFC 3629). */
static void test_parse_rejects_bad_utf8(void)
{
    static const body_t cases[] = {
        /* Overlong forms of '/', in two and three bytes. */
        {"{\"a\":\"\xc0\xaf\"}", 0},
        {"{\"a\":\"\xe0\x80\xaf\"}", 0},
        /* A UTF-16 surrogate, U+D800. */
        {"{\"a\":\"\xed\xa0\x80\"}", 0},
        /* A code point above U+10FFFF. */
        {"{\"a\":\"\xf4\x90\x80\x80\"}", 0},
    };

    assert_all_refused(cases, sizeof(cases) / sizeof(cases[0]));
}

static void test_parse_owned_by_pool(void)
{
    static const body_t b = {"{\"a\":[1]}", 0};
    apr_pool_t *sub;
    json_object *obj;
    const char *why;

    CU_ASSERT_EQUAL_FATAL(apr_pool_create(&sub, ut_pool), APR_SUCCESS);
    CU_ASSERT_EQUAL_FATAL(fb_json_parse(sub, b.text, strlen(b.text), &obj,
                                        &why), APR_SUCCESS);
    /* Our extra reference survives the pool's put; ours then frees it. */
    json_object_get(obj);
    apr_pool_destroy(sub);
    UT_ASSERT_INT(json_object_put(obj), 1);
}

static void test_owned(void)
{
    apr_pool_t *sub;
    json_object *obj = json_object_new_object();

    CU_ASSERT_EQUAL_FATAL(apr_pool_create(&sub, ut_pool), APR_SUCCESS);
    CU_ASSERT_PTR_EQUAL(fb_json_owned(sub, obj), obj);
    json_object_get(obj);
    /* Clearing runs the cleanup: the pool's reference is gone after it. */
    apr_pool_clear(sub);
    UT_ASSERT_INT(json_object_put(obj), 1);
    CU_ASSERT_PTR_NULL(fb_json_owned(sub, NULL));
    apr_pool_destroy(sub);
}

static void test_text_is_a_copy(void)
{
    json_object *obj = json_object_new_object();
    const char *text;

    json_object_object_add(obj, "k", json_object_new_string("a/b"));
    json_object_object_add(obj, "n", json_object_new_int(-2));
    text = fb_json_text(ut_pool, obj);
    json_object_put(obj);
    UT_ASSERT_STR(text, "{\"k\":\"a/b\",\"n\":-2}");
}

static void test_quote(void)
{
    static const struct {
        const char *in, *out;
    } cases[] = {
        {"", "\"\""},
        {"plain", "\"plain\""},
        {"a\"b", "\"a\\\"b\""},
        {"a\\b", "\"a\\\\b\""},
        {"\n\t\r\b\f", "\"\\n\\t\\r\\b\\f\""},
        {"\x01\x1f", "\"\\u0001\\u001f\""},
        {"a/b", "\"a/b\""},
        {"\xc3\xa9", "\"\xc3\xa9\""},
    };
    apr_size_t i;

    UT_ASSERT_STR(fb_json_quote(ut_pool, NULL), "null");
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const char *q = fb_json_quote(ut_pool, cases[i].in);
        json_object *back = ut_json(q);

        UT_ASSERT_STR(q, cases[i].out);
        CU_ASSERT(json_object_is_type(back, json_type_string));
        UT_ASSERT_STR(json_object_get_string(back), cases[i].in);
    }
}

static void test_member_getters(void)
{
    json_object *obj = ut_json("{\"s\":\"x\",\"e\":\"\",\"n\":null,"
                               "\"t\":true,\"f\":false,\"i\":1,"
                               "\"b\":\"true\"}");

    CU_ASSERT_PTR_NOT_NULL_FATAL(obj);
    UT_ASSERT_STR(fb_json_string(obj, "s"), "x");
    UT_ASSERT_STR(fb_json_string(obj, "e"), "");
    UT_ASSERT_STR(fb_json_string(obj, "n"), NULL);
    UT_ASSERT_STR(fb_json_string(obj, "i"), NULL);
    UT_ASSERT_STR(fb_json_string(obj, "t"), NULL);
    UT_ASSERT_STR(fb_json_string(obj, "absent"), NULL);
    UT_ASSERT_INT(fb_json_bool(obj, "t", 0), 1);
    UT_ASSERT_INT(fb_json_bool(obj, "f", 1), 0);
    UT_ASSERT_INT(fb_json_bool(obj, "n", 1), 1);
    UT_ASSERT_INT(fb_json_bool(obj, "n", 0), 0);
    UT_ASSERT_INT(fb_json_bool(obj, "i", 0), 0);
    UT_ASSERT_INT(fb_json_bool(obj, "b", 0), 0);
    UT_ASSERT_INT(fb_json_bool(obj, "absent", 1), 1);
}

static void test_other_member(void)
{
    static const char *const known[] = {"a", "b", NULL};
    static const char *const none[] = {NULL};

    UT_ASSERT_STR(fb_json_other_member(ut_json("{\"a\":1,\"b\":2}"), known),
                  NULL);
    UT_ASSERT_STR(fb_json_other_member(ut_json("{\"b\":1,\"c\":2}"), known),
                  "c");
    UT_ASSERT_STR(fb_json_other_member(ut_json("{}"), none), NULL);
    UT_ASSERT_STR(fb_json_other_member(ut_json("{\"a\":1}"), none), "a");
}

void test_json_register(void)
{
    static const ut_test_t tests[] = {
        {"parse: a plain object", test_parse_object},
        {"parse: accepted bodies", test_parse_accepts},
        {"parse: rejected bodies and why", test_parse_rejects},
        {"parse: nesting limit", test_parse_depth},
        {"parse: non-JSON extensions refused",
         test_parse_rejects_extensions},
        {"parse: invalid UTF-8 sequences refused",
         test_parse_rejects_bad_utf8},
        {"parse: result owned by the pool", test_parse_owned_by_pool},
        {"owned: put when the pool is cleared", test_owned},
        {"text: copied out of the object", test_text_is_a_copy},
        {"quote: escapes and null", test_quote},
        {"member getters: string and bool", test_member_getters},
        {"other member: the first not named", test_other_member},
        {NULL, NULL}
    };

    ut_add_suite("fb_json", NULL, NULL, NULL, NULL, tests);
}
