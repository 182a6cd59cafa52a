/*
 * test_schema.c: the JSON Schema of body and query rules (fb_schema),
 * compared whole against the schema each rule must give.
 */
#include <string.h>

#include "fb_json.h"
#include "fb_schema.h"
#include "unit.h"

static const char *const sizes[] = {"s", "m", NULL};

static const fb_field_rule_t inner[] = {
    {.name = "k", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 4},
    {.name = NULL}
};

static const fb_field_rule_t rules[] = {
    {.name = "title", .type = FB_FIELD_STRING,
     .flags = FB_FIELD_REQUIRED | FB_FIELD_TRIM, .min = 1, .max = 5},
    {.name = "n", .type = FB_FIELD_INT, .min = 0, .max = 9},
    {.name = "size", .type = FB_FIELD_ENUM, .choices = sizes},
    {.name = "board", .type = FB_FIELD_ID, .flags = FB_FIELD_NULL_CLEARS},
    {.name = "tags", .type = FB_FIELD_STRINGS, .max = 2, .item_max = 3},
    {.name = "items", .type = FB_FIELD_ARRAY, .min = 1, .max = 2,
     .fields = inner},
    {.name = "meta", .type = FB_FIELD_OBJECT},
    {.name = NULL}
};

/* Compares the compact JSON of got with expected (as written, compact),
 * and puts got. */
static void assert_json(json_object *got, const char *expected)
{
    const char *text = fb_json_text(ut_pool, got);

    UT_ASSERT_STR(text, expected);
    json_object_put(got);
}

/* Required members are required and never null; optional ones take
 * null ("not given" or, with NULL_CLEARS, "clear"); nothing else is
 * accepted; nested rules give nested schemas. */
static void test_body(void)
{
    assert_json(fb_schema_of_rules(rules),
        "{\"type\":\"object\",\"properties\":{\"title\":{\"type\":\"s"
        "tring\",\"minLength\":1,\"maxLength\":5,\"pattern\":\"^[\\\\t"
        "-\\\\r ]*[^\\\\t-\\\\r \\\\u0000][^\\\\u0000]*$\"},\"n\":{\""
        "type\":[\"integer\",\"null\"],\"minimum\":0,\"maximum\":9},\""
        "size\":{\"type\":[\"string\",\"null\"],\"enum\":[\"s\",\"m\""
        ",null]},\"board\":{\"type\":[\"string\",\"null\"],\"pattern\""
        ":\"^[0-9A-Fa-f]{24}$\",\"minLength\":24,\"maxLength\":24},\""
        "tags\":{\"type\":[\"string\",\"array\",\"null\"],\"items\":{"
        "\"type\":\"string\",\"maxLength\":3,\"pattern\":\"^[^\\\\u00"
        "00]*$\"},\"maxItems\":2,\"maxLength\":3,\"pattern\":\"^[^\\\\u"
        "0000]*$\"},\"items\":{\"type\":[\"array\",\"null\"],\"items\""
        ":{\"type\":\"object\",\"properties\":{\"k\":{\"type\":\"stri"
        "ng\",\"minLength\":1,\"maxLength\":4,\"pattern\":\"^[^\\\\u0"
        "000]*$\"}},\"required\":[\"k\"],\"additionalProperties\":fal"
        "se},\"minItems\":1,\"maxItems\":2},\"meta\":{\"type\":[\"obj"
        "ect\",\"null\"],\"additionalProperties\":{\"$ref\":\"#/compo"
        "nents/schemas/JsonValue\"},\"propertyNames\":{\"pattern\":"
        "\"^[^\\\\u0000]*$\"}}},\"required\":[\"title\"],\"additio"
        "nalProperties\":false}");
}

/* No rules: an empty object only. */
static void test_empty(void)
{
    static const fb_field_rule_t none[] = {{.name = NULL}};

    assert_json(fb_schema_of_rules(none),
                "{\"type\":\"object\",\"properties\":{},"
                "\"additionalProperties\":false}");
}

/* Any value but an array in an array, no NUL at any depth: the two
 * components refer to each other. */
static void test_json_value(void)
{
    assert_json(fb_schema_json_value(),
                "{\"anyOf\":[{\"type\":\"number\"},{\"type\":\"boolean\"},"
                "{\"type\":\"null\"},{\"type\":\"string\",\"pattern\":"
                "\"^[^\\\\u0000]*$\"},{\"type\":\"array\",\"items\":{"
                "\"anyOf\":[{\"type\":\"number\"},{\"type\":\"boolean\"},"
                "{\"type\":\"null\"},{\"type\":\"string\",\"pattern\":"
                "\"^[^\\\\u0000]*$\"},{\"$ref\":\"#/components/schemas/"
                "JsonObject\"}]}},{\"$ref\":\"#/components/schemas/JsonObje"
                "ct\"}],\"description\":\"Any JSON value but an array in an "
                "array; no text in it, nor a member's name, holds a NUL "
                "character.\"}");
    assert_json(fb_schema_json_object(),
                "{\"type\":\"object\",\"additionalProperties\":{\"$ref\":"
                "\"#/components/schemas/JsonValue\"},\"propertyNames\":{"
                "\"pattern\":\"^[^\\\\u0000]*$\"}}");
}

static void test_query(void)
{
    static const fb_query_rule_t q[] = {
        FB_QUERY_RULES_PAGE,
        {.name = "open", .type = FB_Q_BOOL},
        {.name = "size", .type = FB_Q_ENUM, .choices = sizes},
        {.name = "tags", .type = FB_Q_LIST, .min = 1, .max = 255},
        {.name = NULL}
    };

    assert_json(fb_schema_query_params(q),
        "[{\"name\":\"limit\",\"in\":\"query\",\"schema\":{\"type\":\""
        "integer\",\"minimum\":1,\"maximum\":100,\"default\":10}},{\""
        "name\":\"cursor\",\"in\":\"query\",\"schema\":{\"type\":\"st"
        "ring\",\"minLength\":1,\"maxLength\":512,\"pattern\":\"^[^\\\\u"
        "0000]*$\"}},{\"name\":\"open\",\"in\":\"query\",\"schema\":{"
        "\"type\":\"boolean\"}},{\"name\":\"size\",\"in\":\"query\",\""
        "schema\":{\"type\":\"string\",\"enum\":[\"s\",\"m\"]}},{\"na"
        "me\":\"tags\",\"in\":\"query\",\"style\":\"form\",\"explode\""
        ":false,\"schema\":{\"type\":\"array\",\"items\":{\"type\":\""
        "string\",\"minLength\":1,\"maxLength\":255,\"pattern\":\"^[^"
        ",\\\\u0000]*$\"}}}]");
    assert_json(fb_schema_query_params(NULL), "[]");
}

void test_schema_register(void)
{
    static const ut_test_t tests[] = {
        {"body rules", test_body},
        {"no rules", test_empty},
        {"any value", test_json_value},
        {"query rules", test_query},
        {NULL, NULL}
    };

    ut_add_suite("fb_schema", NULL, NULL, NULL, NULL, tests);
}
