/*
 * test_validate.c: body rules (fb_validate).
 */
#include <regex.h>
#include <string.h>

#include <apr_strings.h>

#include "fb_validate.h"
#include "unit.h"

static const char *const colors[] = {"red", "green", NULL};

/* The members of an item of "items". */
static const fb_field_rule_t item[] = {
    {.name = "id", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 3},
    {.name = "n", .type = FB_FIELD_INT, .max = 9},
    {.name = NULL}
};

/* One rule of each field type; only "title" is required. */
static const fb_field_rule_t rules[] = {
    {.name = "title", .type = FB_FIELD_STRING,
     .flags = FB_FIELD_REQUIRED, .min = 1, .max = 5},
    {.name = "count", .type = FB_FIELD_INT, .max = 10},
    {.name = "score", .type = FB_FIELD_NUMBER},
    {.name = "open", .type = FB_FIELD_BOOL},
    {.name = "color", .type = FB_FIELD_ENUM, .choices = colors},
    {.name = "board", .type = FB_FIELD_ID},
    {.name = "meta", .type = FB_FIELD_OBJECT},
    {.name = "tags", .type = FB_FIELD_STRING_ARRAY, .max = 2, .item_max = 3},
    {.name = "list", .type = FB_FIELD_ARRAY, .min = 1, .max = 2},
    {.name = "extra", .type = FB_FIELD_ANY},
    {.name = "site", .type = FB_FIELD_URL, .max = 20},
    {.name = "values", .type = FB_FIELD_VALUES, .max = 2},
    {.name = "items", .type = FB_FIELD_ARRAY, .max = 2, .fields = item},
    {.name = "eta", .type = FB_FIELD_STRING,
     .flags = FB_FIELD_NULL_CLEARS, .max = 10},
    {.name = NULL}
};

/* Parses text (JSON) and validates it against rules. */
static fb_error_t *validate(const char *text)
{
    json_object *body = ut_json(text);

    if (body == NULL && strcmp(text, "null") != 0) {
        UT_ASSERT_STR(text, "(parsed by json-c)");
    }
    return fb_validate_body(ut_pool, body, rules);
}

static void test_utf8_length(void)
{
    static const struct {
        const char *s;
        apr_size_t n;
    } cases[] = {
        {"", 0},
        {"abc", 3},
        {"\xc3\xa9", 1},
        {"\xe6\x97\xa5\xe6\x9c\xac", 2},
        {"\xf0\x9f\x98\x80", 1},
        {"a\xc3\xa9\xf0\x9f\x98\x80z", 4},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        UT_ASSERT_INT(fb_utf8_length(cases[i].s), cases[i].n);
    }
}

static void test_fields(void)
{
    static const struct {
        const char *body;
        int kind;           /* -1: acceptable */
        const char *param;
    } cases[] = {
        {"{\"title\":\"a\"}", -1, NULL},
        {"{\"title\":\"abcde\"}", -1, NULL},
        {"{\"title\":\"\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\"}", -1,
         NULL},
        {"{\"title\":\"\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\"}", -1, NULL},
        {"{\"title\":\"\xf0\x9f\x98\x80\xf0\x9f\x98\x80\"}", -1, NULL},
        {"{\"title\":\"\"}", FB_E_INVALID_PARAMETER, "title"},
        {"{\"title\":\"abcdef\"}", FB_E_INVALID_PARAMETER, "title"},
        {"{\"title\":\"\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\"}",
         FB_E_INVALID_PARAMETER, "title"},
        {"{\"title\":1}", FB_E_INVALID_PARAMETER, "title"},
        {"{\"title\":[\"a\"]}", FB_E_INVALID_PARAMETER, "title"},
        {"{\"title\":\"a\",\"count\":0}", -1, NULL},
        {"{\"title\":\"a\",\"count\":10}", -1, NULL},
        {"{\"title\":\"a\",\"count\":-1}", FB_E_INVALID_PARAMETER, "count"},
        {"{\"title\":\"a\",\"count\":11}", FB_E_INVALID_PARAMETER, "count"},
        {"{\"title\":\"a\",\"count\":1.5}", FB_E_INVALID_PARAMETER, "count"},
        {"{\"title\":\"a\",\"count\":\"1\"}", FB_E_INVALID_PARAMETER,
         "count"},
        {"{\"title\":\"a\",\"count\":true}", FB_E_INVALID_PARAMETER, "count"},
        {"{\"title\":\"a\",\"count\":99999999999999999999}",
         FB_E_INVALID_PARAMETER, "count"},
        {"{\"title\":\"a\",\"score\":-3}", -1, NULL},
        {"{\"title\":\"a\",\"score\":2.5e3}", -1, NULL},
        {"{\"title\":\"a\",\"score\":\"1\"}", FB_E_INVALID_PARAMETER,
         "score"},
        {"{\"title\":\"a\",\"score\":false}", FB_E_INVALID_PARAMETER,
         "score"},
        {"{\"title\":\"a\",\"open\":true}", -1, NULL},
        {"{\"title\":\"a\",\"open\":false}", -1, NULL},
        {"{\"title\":\"a\",\"open\":1}", FB_E_INVALID_PARAMETER, "open"},
        {"{\"title\":\"a\",\"open\":\"true\"}", FB_E_INVALID_PARAMETER,
         "open"},
        {"{\"title\":\"a\",\"color\":\"red\"}", -1, NULL},
        {"{\"title\":\"a\",\"color\":\"green\"}", -1, NULL},
        {"{\"title\":\"a\",\"color\":\"blue\"}", FB_E_INVALID_PARAMETER,
         "color"},
        {"{\"title\":\"a\",\"color\":\"Red\"}", FB_E_INVALID_PARAMETER,
         "color"},
        {"{\"title\":\"a\",\"color\":1}", FB_E_INVALID_PARAMETER, "color"},
        {"{\"title\":\"a\",\"board\":\"0123456789abcdef01234567\"}", -1,
         NULL},
        {"{\"title\":\"a\",\"board\":\"0123456789ABCDEF01234567\"}", -1,
         NULL},
        {"{\"title\":\"a\",\"board\":\"0123456789abcdef0123456\"}",
         FB_E_INVALID_PARAMETER, "board"},
        {"{\"title\":\"a\",\"board\":\"0123456789abcdef0123456z\"}",
         FB_E_INVALID_PARAMETER, "board"},
        {"{\"title\":\"a\",\"board\":123}", FB_E_INVALID_PARAMETER, "board"},
        {"{\"title\":\"a\",\"meta\":{}}", -1, NULL},
        {"{\"title\":\"a\",\"meta\":{\"x\":[1]}}", -1, NULL},
        {"{\"title\":\"a\",\"meta\":[]}", FB_E_INVALID_PARAMETER, "meta"},
        {"{\"title\":\"a\",\"meta\":\"x\"}", FB_E_INVALID_PARAMETER, "meta"},
        {"{\"title\":\"a\",\"tags\":[]}", -1, NULL},
        {"{\"title\":\"a\",\"tags\":[\"abc\",\"\"]}", -1, NULL},
        {"{\"title\":\"a\",\"tags\":[\"\xc3\xa9\xc3\xa9\xc3\xa9\"]}", -1,
         NULL},
        {"{\"title\":\"a\",\"tags\":[\"abcd\"]}", FB_E_INVALID_PARAMETER,
         "tags"},
        {"{\"title\":\"a\",\"tags\":[\"a\",\"b\",\"c\"]}",
         FB_E_INVALID_PARAMETER, "tags"},
        {"{\"title\":\"a\",\"tags\":[1]}", FB_E_INVALID_PARAMETER, "tags"},
        {"{\"title\":\"a\",\"tags\":[\"a\",null]}", FB_E_INVALID_PARAMETER,
         "tags"},
        {"{\"title\":\"a\",\"tags\":\"a\"}", FB_E_INVALID_PARAMETER, "tags"},
        {"{\"title\":\"a\",\"list\":[1]}", -1, NULL},
        {"{\"title\":\"a\",\"list\":[1,\"x\"]}", -1, NULL},
        {"{\"title\":\"a\",\"list\":[]}", FB_E_INVALID_PARAMETER, "list"},
        {"{\"title\":\"a\",\"list\":[1,2,3]}", FB_E_INVALID_PARAMETER,
         "list"},
        {"{\"title\":\"a\",\"list\":{}}", FB_E_INVALID_PARAMETER, "list"},
        {"{\"title\":\"a\",\"extra\":[1,{}]}", -1, NULL},
        {"{\"title\":\"a\",\"extra\":\"x\"}", -1, NULL},
        {"{\"title\":\"a\",\"site\":\"https://a.b/c?d\"}", -1, NULL},
        {"{\"title\":\"a\",\"site\":\"HTTP://a\"}", -1, NULL},
        {"{\"title\":\"a\",\"site\":\"ftp://a.b\"}",
         FB_E_INVALID_PARAMETER, "site"},
        {"{\"title\":\"a\",\"site\":\"https://\"}",
         FB_E_INVALID_PARAMETER, "site"},
        {"{\"title\":\"a\",\"site\":\"https:///x\"}",
         FB_E_INVALID_PARAMETER, "site"},
        {"{\"title\":\"a\",\"site\":\"https://a b\"}",
         FB_E_INVALID_PARAMETER, "site"},
        {"{\"title\":\"a\",\"site\":\"https://a.b/0123456789\"}",
         FB_E_INVALID_PARAMETER, "site"},
        {"{\"title\":\"a\",\"site\":\"javascript:alert(1)\"}",
         FB_E_INVALID_PARAMETER, "site"},
        {"{\"title\":\"a\",\"values\":{}}", -1, NULL},
        {"{\"title\":\"a\",\"values\":{\"a\":\"x\",\"b\":null}}", -1,
         NULL},
        {"{\"title\":\"a\",\"values\":{\"a\":[1,\"x\",true,null]}}", -1,
         NULL},
        {"{\"title\":\"a\",\"values\":{\"a\":1,\"b\":2,\"c\":3}}",
         FB_E_INVALID_PARAMETER, "values"},
        {"{\"title\":\"a\",\"values\":{\"a\":{}}}",
         FB_E_INVALID_PARAMETER, "values"},
        {"{\"title\":\"a\",\"values\":{\"a\":[[1]]}}",
         FB_E_INVALID_PARAMETER, "values"},
        {"{\"title\":\"a\",\"values\":{\"a\":[{}]}}",
         FB_E_INVALID_PARAMETER, "values"},
        {"{\"title\":\"a\",\"values\":[]}", FB_E_INVALID_PARAMETER,
         "values"},
        {"{\"title\":\"a\",\"items\":[]}", -1, NULL},
        {"{\"title\":\"a\",\"items\":[{\"id\":\"x\",\"n\":1},{\"id\":\"y\"}]}",
         -1, NULL},
        {"{\"title\":\"a\",\"items\":[{\"id\":\"x\"},{\"n\":1}]}",
         FB_E_MISSING_PARAMETER, "items[1].id"},
        {"{\"title\":\"a\",\"items\":[{\"id\":\"long\"}]}",
         FB_E_INVALID_PARAMETER, "items[0].id"},
        {"{\"title\":\"a\",\"items\":[{\"id\":\"x\",\"z\":1}]}",
         FB_E_PARAMETER_NOT_SUPPORTED, "items[0].z"},
        {"{\"title\":\"a\",\"items\":[\"x\"]}", FB_E_INVALID_PARAMETER,
         "items[0]"},
        {"{\"title\":\"a\",\"items\":[{},{},{}]}", FB_E_INVALID_PARAMETER,
         "items"},
        {"{\"title\":\"a\",\"count\":null,\"score\":null,\"open\":null,"
         "\"color\":null,\"board\":null,\"meta\":null,\"tags\":null,"
         "\"list\":null,\"extra\":null,\"eta\":null}", -1, NULL},
        {"{\"title\":\"a\",\"nope\":1}", FB_E_PARAMETER_NOT_SUPPORTED,
         "nope"},
        {"{\"title\":\"a\",\"Title\":\"b\"}", FB_E_PARAMETER_NOT_SUPPORTED,
         "Title"},
        {"{\"title\":\"a\",\"nope\":null}", FB_E_PARAMETER_NOT_SUPPORTED,
         "nope"},
        {"{}", FB_E_MISSING_PARAMETER, "title"},
        {"{\"count\":1}", FB_E_MISSING_PARAMETER, "title"},
        {"{\"title\":null}", FB_E_MISSING_PARAMETER, "title"},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        fb_error_t *err = validate(cases[i].body);
        int ok;

        if (cases[i].kind < 0) {
            ok = UT_ASSERT_STR(err ? err->message : NULL, NULL);
        }
        else {
            ok = UT_ASSERT_ERROR(err, (fb_error_e)cases[i].kind,
                                 cases[i].param)
                 && UT_ASSERT_DETAILS(err, apr_pstrcat(ut_pool, "body.",
                                                       cases[i].param,
                                                       NULL));
        }
        if (!ok) {
            UT_ASSERT_STR(cases[i].body, "(validated right)");
        }
    }
}

/*
 * Null on a field without FB_FIELD_NULL_CLEARS means "not given": the
 * checked body no longer has it, in objects with rules at any depth.
 * Where null clears, and inside values without rules of their own, it
 * stays.
 */
static void test_nulls_leave_the_body(void)
{
    static const struct {
        const char *body, *after;
    } cases[] = {
        {"{\"title\":\"a\",\"count\":null}", "{\"title\":\"a\"}"},
        {"{\"count\":null,\"title\":\"a\",\"tags\":null,\"list\":null,"
         "\"extra\":null,\"site\":null,\"meta\":null,\"values\":null,"
         "\"items\":null}", "{\"title\":\"a\"}"},
        {"{\"title\":\"a\",\"eta\":null}",
         "{\"title\":\"a\",\"eta\":null}"},
        {"{\"title\":\"a\",\"items\":[{\"id\":\"x\",\"n\":null},"
         "{\"n\":1,\"id\":\"y\"}]}",
         "{\"title\":\"a\",\"items\":[{\"id\":\"x\"},"
         "{\"n\":1,\"id\":\"y\"}]}"},
        {"{\"title\":\"a\",\"values\":{\"a\":null},\"meta\":{\"b\":null},"
         "\"list\":[null]}",
         "{\"title\":\"a\",\"values\":{\"a\":null},\"meta\":{\"b\":null},"
         "\"list\":[null]}"},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        json_object *body = ut_json(cases[i].body);
        fb_error_t *err = fb_validate_body(ut_pool, body, rules);

        UT_ASSERT_STR(err ? err->message : NULL, NULL);
        UT_ASSERT_STR(json_object_to_json_string_ext(
                          body, JSON_C_TO_STRING_PLAIN), cases[i].after);
    }
}

static void test_not_an_object(void)
{
    static const char *const bodies[] = {
        "[]", "[{\"title\":\"a\"}]", "1", "\"title\"", "true", "null",
    };
    apr_size_t i;

    for (i = 0; i < sizeof(bodies) / sizeof(bodies[0]); i++) {
        fb_error_t *err = validate(bodies[i]);

        if (!UT_ASSERT_ERROR(err, FB_E_INVALID_REQUEST, NULL)) {
            UT_ASSERT_STR(bodies[i], "(refused)");
            continue;
        }
        CU_ASSERT_PTR_NULL(err->details);
        UT_ASSERT_STR(err->message, "The body must be a JSON object.");
    }
}

/* Every bad field is a detail; the first one names the error. */
static void test_several(void)
{
    fb_error_t *err = validate(
        "{\"nope\":1,\"count\":\"x\",\"color\":\"blue\","
        "\"open\":true,\"zzz\":null}");

    UT_ASSERT_ERROR(err, FB_E_PARAMETER_NOT_SUPPORTED, "nope");
    UT_ASSERT_DETAILS(err, "body.nope", "body.count", "body.color",
                      "body.zzz", "body.title");
    UT_ASSERT_STR(ut_detail_message(err, 0),
                  "The field 'nope' is not supported.");
    UT_ASSERT_STR(ut_detail_message(err, 1), "'count' must be an integer.");
    UT_ASSERT_STR(ut_detail_message(err, 2),
                  "'color' must be one of: red, green.");
    UT_ASSERT_STR(ut_detail_message(err, 4), "'title' is required.");
}

/* The first problem's message is the error's message. */
static void test_messages(void)
{
    static const struct {
        const char *body, *message;
    } cases[] = {
        {"{\"title\":\"abcdef\"}",
         "'title' must have from 1 to 5 characters."},
        {"{\"title\":\"a\",\"count\":11}",
         "'count' must be from 0 to 10."},
        {"{\"title\":\"a\",\"tags\":[\"a\",\"b\",\"c\"]}",
         "'tags' must have from 0 to 2 items."},
        {"{\"title\":\"a\",\"tags\":[\"abcd\"]}",
         "'tags' must contain strings of at most 3 characters."},
        {"{\"title\":\"a\",\"board\":1}",
         "'board' must be a 24-character hexadecimal id."},
        {"{}", "'title' is required."},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        fb_error_t *err = validate(cases[i].body);

        CU_ASSERT_PTR_NOT_NULL_FATAL(err);
        UT_ASSERT_STR(err->message, cases[i].message);
    }
}

/* FB_FIELD_TRIM: white space around the text is not counted, and the
 * body keeps the text without it; white space alone is empty. */
static void test_trim(void)
{
    static const fb_field_rule_t trimmed[] = {
        {.name = "name", .type = FB_FIELD_STRING,
         .flags = FB_FIELD_REQUIRED | FB_FIELD_TRIM, .min = 2, .max = 4},
        {.name = NULL}
    };
    static const struct {
        const char *body, *kept;    /* kept: NULL when refused */
    } cases[] = {
        {"{\"name\":\"ab\"}", "ab"},
        {"{\"name\":\" \\t ab \\n\"}", "ab"},
        {"{\"name\":\"  a b \"}", "a b"},
        {"{\"name\":\"   \"}", NULL},
        {"{\"name\":\" a \"}", NULL},
        {"{\"name\":\" abcde \"}", NULL},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        json_object *body = ut_json(cases[i].body);
        fb_error_t *err = fb_validate_body(ut_pool, body, trimmed);

        if (cases[i].kept == NULL) {
            CU_ASSERT_PTR_NOT_NULL_FATAL(err);
            UT_ASSERT_STR(err->param, "name");
            continue;
        }
        CU_ASSERT_PTR_NULL(err);
        UT_ASSERT_STR(json_object_get_string(
                          json_object_object_get(body, "name")),
                      cases[i].kept);
    }
}

static void test_website(void)
{
    static const struct {
        const char *text;
        int valid;
    } cases[] = {
        {"https://acme.example/about", 1},
        {"HTTP://acme.example", 1},
        {"acme.example", 1},
        {"www.acme.example/about?x=1#top", 1},
        {"acme.example:8080", 1},
        {"acme.example:8080/path", 1},
        {"//acme.example", 1},
        {"javascript:alert(1)", 0},
        {"JavaScript:alert(1)", 0},
        {"vbscript:msgbox", 0},
        {"data:text/html,<b>x</b>", 0},
        {"mailto:a@acme.example", 0},
        {"http:acme.example", 0},
        {"https://", 0},
        {"java\tscript:alert(1)", 0},
        {"acme .example", 0},
        {"acme.example:80x", 0},
        {"acme.example:", 0},
        {":8080", 0},
        {"", 0},
    };
    static const fb_field_rule_t site[] = {
        {.name = "website", .type = FB_FIELD_WEBSITE, .max = 12},
        {.name = NULL}
    };
    fb_error_t *err;
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        if (fb_website_valid(cases[i].text) != cases[i].valid) {
            UT_ASSERT_STR(cases[i].text, cases[i].valid ? "(valid)"
                                                        : "(refused)");
        }
    }
    CU_ASSERT_PTR_NULL(fb_validate_body(
        ut_pool, ut_json("{\"website\":\"acme.example\"}"), site));
    err = fb_validate_body(ut_pool, ut_json("{\"website\":\"data:x\"}"),
                           site);
    CU_ASSERT_PTR_NOT_NULL_FATAL(err);
    UT_ASSERT_STR(err->param, "website");
    err = fb_validate_body(ut_pool,
                           ut_json("{\"website\":\"acme.example/long\"}"),
                           site);
    CU_ASSERT_PTR_NOT_NULL_FATAL(err);
    UT_ASSERT_STR(err->param, "website");
}

/* A string's form (fb_field_format_t): checked after its length, and
 * refused in the form's own sentence. */
static void test_format(void)
{
    static const struct {
        const char *text;
        int valid;
    } cases[] = {
        {"#3B82F6", 1}, {"#abcdef", 1}, {"#000000", 1},
        {"#12345G", 0}, {"1234567", 0}, {"#12 456", 0}, {"#1234567", 0},
        {"#12345", 0}, {"", 0}, {"##12345", 0},
    };
    static const fb_field_rule_t colour[] = {
        {.name = "color", .type = FB_FIELD_STRING, .min = 7, .max = 7,
         .format = &fb_format_hex_colour},
        {.name = NULL}
    };
    fb_error_t *err;
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        if (fb_hex_colour_valid(cases[i].text) != cases[i].valid) {
            UT_ASSERT_STR(cases[i].text, cases[i].valid ? "(valid)"
                                                        : "(refused)");
        }
    }
    CU_ASSERT_PTR_NULL(fb_validate_body(
        ut_pool, ut_json("{\"color\":\"#3b82f6\"}"), colour));
    err = fb_validate_body(ut_pool, ut_json("{\"color\":\"#3B82FG\"}"),
                           colour);
    CU_ASSERT_PTR_NOT_NULL_FATAL(err);
    CU_ASSERT_EQUAL(err->kind, FB_E_INVALID_PARAMETER);
    UT_ASSERT_STR(err->param, "color");
    UT_ASSERT_STR(err->message,
                  "The color must be a hex colour such as #3B82F6.");
    /* The length comes first, in its own words. */
    err = fb_validate_body(ut_pool, ut_json("{\"color\":\"#3B8\"}"),
                           colour);
    CU_ASSERT_PTR_NOT_NULL_FATAL(err);
    UT_ASSERT_STR(err->message, "'color' must have from 7 to 7 characters.");
}

static const fb_field_rule_t one[] = {
    {.name = "a", .type = FB_FIELD_STRING, .max = 5},
    {.name = "b", .type = FB_FIELD_STRING, .max = 5},
    FB_FIELD_GROUP_OF(FB_FIELD_REQUIRED | FB_FIELD_EXCLUSIVE, "a", "b"),
    {.name = NULL}
};
static const fb_field_rule_t most[] = {
    {.name = "a", .type = FB_FIELD_STRING, .max = 5},
    {.name = "b", .type = FB_FIELD_STRING, .max = 5},
    {.name = "c", .type = FB_FIELD_STRING, .max = 5},
    FB_FIELD_GROUP_OF(FB_FIELD_EXCLUSIVE, "a", "b", "c"),
    {.name = NULL}
};

/* A group (FB_FIELD_GROUP_OF): one of its members at least, one at
 * most; a null member is not given; the group is no member itself. */
static void test_group(void)
{
    fb_error_t *err;

    CU_ASSERT_PTR_NULL(fb_validate_body(ut_pool, ut_json("{\"a\":\"x\"}"),
                                        one));
    CU_ASSERT_PTR_NULL(fb_validate_body(
        ut_pool, ut_json("{\"a\":null,\"b\":\"y\"}"), one));
    err = fb_validate_body(ut_pool, ut_json("{\"a\":null}"), one);
    CU_ASSERT_PTR_NOT_NULL_FATAL(err);
    CU_ASSERT_EQUAL(err->kind, FB_E_MISSING_PARAMETER);
    UT_ASSERT_STR(err->param, "a");
    UT_ASSERT_STR(err->message, "Give 'a' or 'b'.");
    err = fb_validate_body(ut_pool, ut_json("{\"a\":\"x\",\"b\":\"y\"}"),
                           one);
    CU_ASSERT_PTR_NOT_NULL_FATAL(err);
    CU_ASSERT_EQUAL(err->kind, FB_E_INVALID_PARAMETER);
    UT_ASSERT_STR(err->param, "b");
    UT_ASSERT_STR(err->message, "Give 'a' or 'b', not more than one.");
    /* The group's empty name is no member. */
    err = fb_validate_body(ut_pool, ut_json("{\"\":\"x\",\"a\":\"x\"}"),
                           one);
    CU_ASSERT_PTR_NOT_NULL_FATAL(err);
    CU_ASSERT_EQUAL(err->kind, FB_E_PARAMETER_NOT_SUPPORTED);
    /* At most one, none needed. */
    CU_ASSERT_PTR_NULL(fb_validate_body(ut_pool, ut_json("{}"), most));
    err = fb_validate_body(ut_pool, ut_json("{\"c\":\"x\",\"a\":\"x\"}"),
                           most);
    CU_ASSERT_PTR_NOT_NULL_FATAL(err);
    UT_ASSERT_STR(err->param, "c");
    UT_ASSERT_STR(err->message, "Give 'a', 'b' or 'c', not more than one.");
}

/* s with its first from replaced by to. */
static const char *replace(const char *s, const char *from, const char *to)
{
    const char *at = strstr(s, from);

    return at == NULL ? s
        : apr_pstrcat(ut_pool, apr_pstrmemdup(ut_pool, s, at - s), to,
                      at + strlen(from), NULL);
}

/* Each form's pattern says what its valid() accepts, over samples of
 * both (the patterns are ECMA 262; these use only what POSIX extended
 * expressions share with it, once \\uXXXX is the byte). */
static void test_format_patterns(void)
{
    static const struct {
        const fb_field_format_t *form;
        const char *samples[12];
    } forms[] = {
        {&fb_format_hex_colour, {"#3B82F6", "#abcdef", "#12345G", "3B82F6",
                                 "#3B82F", "", NULL}},
        {&fb_format_object_id, {"6b0a8f27133fecd5f2000001",
                                "6B0A8F27133FECD5F2000001",
                                "6b0a8f27133fecd5f200000", "zz",
                                "6b0a8f27133fecd5f20000011", "", NULL}},
        {&fb_format_short_id, {"2tgy0ig982j54qfl", "6474684", "AbC1",
                               "2tgy0ig982j54qflx", "", "a-b", "a b",
                               NULL}},
        {&fb_format_path_segment, {"help", "docs-2", "0", "-help",
                                   "Help", "a/b", "", NULL}},
        {&fb_format_host_name, {"help.example.com", "a.b", "x-1.y2.z",
                                "localhost", "Help.example.com", "-a.b",
                                "a-.b", "a..b", "a.b:80", ".a.b", "a.b.",
                                NULL}},
        {&fb_format_email, {"a@b.co", "a@b", "@b.co", "a@.b", "a@b.",
                            "a b@c.d", "a@b@c.d", "a@b..c", NULL}},
        {&fb_format_url, {"https://x", "HTTP://x/y?z", "http://", "ftp://x",
                          "https:///x", "https://x y", "//x", NULL}},
        {&fb_format_website, {"acme.com", "acme.com:8080/x", "/x",
                              "https://a", "javascript:x", "http:x",
                              ":80", "a:80x", "a b", NULL}},
        {&fb_format_time, {"2026-01-01", "2026-01-01T12:00Z",
                           "2026-01-01T12:00:00.123456+02:00",
                           "2026-02-30", "2026-13-01", "2026-01-01T12:00",
                           "2026-01-01T24:00Z", "26-01-01",
                           "2026-01-01T12:00:00.1234567Z", NULL}},
    };
    apr_size_t i, j;

    for (i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
        const char *ere = forms[i].form->pattern;
        regex_t re;

        /* \\uXXXX (in a class here) as the characters themselves: NUL
         * cannot be one, and no sample holds it. */
        while (strstr(ere, "\\u0000-\\u0020") != NULL) {
            ere = replace(ere, "\\u0000-\\u0020", "\x01- ");
        }
        while (strstr(ere, "\\u007f") != NULL) {
            ere = replace(ere, "\\u007f", "\x7f");
        }
        CU_ASSERT_EQUAL_FATAL(regcomp(&re, ere, REG_EXTENDED | REG_NOSUB),
                              0);
        for (j = 0; forms[i].samples[j] != NULL; j++) {
            const char *s = forms[i].samples[j];
            int matched = regexec(&re, s, 0, NULL, 0) == 0;

            if (matched != (forms[i].form->valid(s) != 0)) {
                UT_ASSERT_STR(apr_pstrcat(ut_pool, ere, " ~ ", s, NULL),
                              "(the pattern and valid() agree)");
            }
        }
        regfree(&re);
    }
}

void test_validate_register(void)
{
    static const ut_test_t tests[] = {
        {"utf8 length in code points", test_utf8_length},
        {"fields: rules table", test_fields},
        {"nulls of optional fields leave the body",
         test_nulls_leave_the_body},
        {"body not an object", test_not_an_object},
        {"several problems in details", test_several},
        {"messages", test_messages},
        {"trimmed strings", test_trim},
        {"websites: http(s) or no scheme", test_website},
        {"formats: a hex colour", test_format},
        {"groups: one of, at most one of", test_group},
        {"formats: the pattern is valid()", test_format_patterns},
        {NULL, NULL}
    };

    ut_add_suite("fb_validate", NULL, NULL, NULL, NULL, tests);
}
