/*
 * test_error.c: the error table and the envelope renderer (fb_error).
 */
#include <string.h>

#include "fb_error.h"
#include "fb_utf8.h"
#include "unit.h"

#define BAD "invalid_request_error"

/* What every row of the table must say. */
static const struct {
    fb_error_e kind;
    const char *code;
    int status;
    const char *type;
} expected[] = {
    {FB_E_INVALID_REQUEST, "invalid_request", 400, BAD},
    {FB_E_INVALID_ID, "invalid_id", 400, BAD},
    {FB_E_INVALID_PARAMETER, "invalid_parameter", 400, BAD},
    {FB_E_MISSING_PARAMETER, "missing_parameter", 400, BAD},
    {FB_E_INVALID_CURSOR, "invalid_cursor", 400, BAD},
    {FB_E_PARAMETER_NOT_SUPPORTED, "parameter_not_supported", 400, BAD},
    {FB_E_VERSION_INVALID, "version_not_supported", 400, BAD},
    {FB_E_MISSING_API_KEY, "missing_api_key", 401, "authentication_error"},
    {FB_E_INVALID_API_KEY, "invalid_api_key", 401, "authentication_error"},
    {FB_E_INSUFFICIENT_PERMISSIONS, "insufficient_permissions", 403,
     "authorization_error"},
    {FB_E_FORBIDDEN, "forbidden", 403, "authorization_error"},
    {FB_E_FEATURE_DISABLED, "feature_disabled", 403, "authorization_error"},
    {FB_E_ROUTE_NOT_FOUND, "resource_not_found", 404, BAD},
    {FB_E_RESOURCE_NOT_FOUND, "resource_not_found", 404, BAD},
    {FB_E_BOARD_NOT_FOUND, "board_not_found", 404, BAD},
    {FB_E_POST_NOT_FOUND, "post_not_found", 404, BAD},
    {FB_E_CUSTOM_FIELD_NOT_FOUND, "custom_field_not_found", 404, BAD},
    {FB_E_ADMIN_NOT_FOUND, "admin_not_found", 404, BAD},
    {FB_E_CONTACT_NOT_FOUND, "contact_not_found", 404, BAD},
    {FB_E_TEAM_NOT_FOUND, "team_not_found", 404, BAD},
    {FB_E_BRAND_NOT_FOUND, "brand_not_found", 404, BAD},
    {FB_E_COMPANY_NOT_FOUND, "company_not_found", 404, BAD},
    {FB_E_CHANGELOG_NOT_FOUND, "changelog_not_found", 404, BAD},
    {FB_E_COMMENT_NOT_FOUND, "comment_not_found", 404, BAD},
    {FB_E_WEBHOOK_NOT_FOUND, "webhook_not_found", 404, BAD},
    {FB_E_CONVERSATION_NOT_FOUND, "conversation_not_found", 404, BAD},
    {FB_E_WEBHOOK_DELIVERY_NOT_FOUND, "webhook_delivery_not_found", 404,
     BAD},
    {FB_E_VOTER_NOT_FOUND, "voter_not_found", 404, BAD},
    {FB_E_SURVEY_NOT_FOUND, "survey_not_found", 404, BAD},
    {FB_E_CONVERSATION_PART_NOT_FOUND, "conversation_part_not_found", 404,
     BAD},
    {FB_E_PARTICIPANT_NOT_FOUND, "participant_not_found", 404, BAD},
    {FB_E_HELP_CENTER_NOT_FOUND, "help_center_not_found", 404, BAD},
    {FB_E_COLLECTION_NOT_FOUND, "collection_not_found", 404, BAD},
    {FB_E_ARTICLE_NOT_FOUND, "article_not_found", 404, BAD},
    {FB_E_REDIRECT_RULE_NOT_FOUND, "redirect_rule_not_found", 404, BAD},
    {FB_E_RESOURCE_IN_USE, "resource_in_use", 409, BAD},
    {FB_E_RESOURCE_CONFLICT, "resource_conflict", 409, BAD},
    {FB_E_CONTACT_NOT_ATTACHED, "contact_not_attached", 400, BAD},
    {FB_E_QUERY_TOO_BROAD, "query_too_broad", 400, BAD},
    {FB_E_QUERY_TOO_EXPENSIVE, "query_too_expensive", 400, BAD},
    {FB_E_IDEMPOTENCY_KEY_REUSED, "idempotency_key_reused", 422, BAD},
    {FB_E_IDEMPOTENCY_KEY_IN_USE, "idempotency_key_in_use", 409, BAD},
    {FB_E_VERSION_UNAVAILABLE, "version_not_supported", 404, BAD},
    {FB_E_METHOD_NOT_ALLOWED, "method_not_allowed", 405, BAD},
    {FB_E_PRECONDITION_FAILED, "precondition_failed", 412, BAD},
    {FB_E_PAYLOAD_TOO_LARGE, "request_too_large", 413, BAD},
    {FB_E_UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type", 415, BAD},
    {FB_E_RATE_LIMITED, "rate_limit_exceeded", 429, "rate_limit_error"},
    {FB_E_REQUEST_TIMEOUT, "request_timeout", 408, BAD},
    {FB_E_LENGTH_REQUIRED, "length_required", 411, BAD},
    {FB_E_URI_TOO_LONG, "uri_too_long", 414, BAD},
    {FB_E_HEADERS_TOO_LARGE, "headers_too_large", 431, BAD},
    {FB_E_NOT_IMPLEMENTED, "not_implemented", 501, "api_error"},
    {FB_E_INTERNAL, "internal_error", 500, "api_error"},
    {FB_E_DATABASE, "database_error", 500, "api_error"},
    {FB_E_SERVICE_UNAVAILABLE, "service_unavailable", 503, "api_error"},
};

#define NEXPECTED ((int)(sizeof(expected) / sizeof(expected[0])))

/* The integer member key of obj, or -1 when absent or not an integer. */
static int json_int(json_object *obj, const char *key)
{
    json_object *v;

    if (!json_object_object_get_ex(obj, key, &v)
        || !json_object_is_type(v, json_type_int)) {
        return -1;
    }
    return json_object_get_int(v);
}

static int has_key(json_object *obj, const char *key)
{
    return json_object_object_get_ex(obj, key, NULL);
}

static void test_table_complete(void)
{
    int k;

    UT_ASSERT_INT(NEXPECTED, FB_E__COUNT);
    for (k = 0; k < FB_E__COUNT; k++) {
        const fb_error_def_t *def = fb_error_def((fb_error_e)k);

        CU_ASSERT_PTR_NOT_NULL_FATAL(def);
        CU_ASSERT(def->code != NULL && *def->code != '\0'
                  && strspn(def->code, "abcdefghijklmnopqrstuvwxyz_")
                     == strlen(def->code));
        CU_ASSERT(def->type != NULL && *def->type != '\0');
        CU_ASSERT(def->message != NULL && *def->message != '\0');
        CU_ASSERT(def->status >= 400 && def->status <= 599);
    }
    for (k = 0; k < NEXPECTED; k++) {
        const fb_error_def_t *def = fb_error_def(expected[k].kind);

        UT_ASSERT_STR(def->code, expected[k].code);
        UT_ASSERT_INT(def->status, expected[k].status);
        UT_ASSERT_STR(def->type, expected[k].type);
    }
}

static void test_out_of_range(void)
{
    const fb_error_def_t *internal = fb_error_def(FB_E_INTERNAL);
    fb_error_t *err = fb_error_make(ut_pool, (fb_error_e)(FB_E__COUNT + 3),
                                    NULL, NULL);
    json_object *e;

    CU_ASSERT_PTR_EQUAL(fb_error_def(FB_E__COUNT), internal);
    CU_ASSERT_PTR_EQUAL(fb_error_def((fb_error_e)-1), internal);
    e = ut_render_error(err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    UT_ASSERT_STR(ut_json_str(e, "code"), "internal_error");
    UT_ASSERT_STR(ut_json_str(e, "type"), "api_error");
    UT_ASSERT_INT(json_int(e, "status"), 500);
}

static void test_make(void)
{
    fb_error_t *err = fb_error_make(ut_pool, FB_E_INVALID_ID, "id", "m");

    CU_ASSERT_PTR_NOT_NULL_FATAL(err);
    UT_ASSERT_INT(err->kind, FB_E_INVALID_ID);
    UT_ASSERT_STR(err->param, "id");
    UT_ASSERT_STR(err->message, "m");
    CU_ASSERT_PTR_NULL(err->details);
}

/* Every kind renders its row, with the default message and no param. */
static void test_render_defaults(void)
{
    int k;

    for (k = 0; k < NEXPECTED; k++) {
        const fb_error_def_t *def = fb_error_def(expected[k].kind);
        json_object *e = ut_render_error(
            fb_error_make(ut_pool, expected[k].kind, NULL, NULL));

        if (e == NULL) {
            UT_ASSERT_STR(expected[k].code, "(rendered)");
            continue;
        }
        UT_ASSERT_STR(ut_json_str(e, "type"), expected[k].type);
        UT_ASSERT_STR(ut_json_str(e, "code"), expected[k].code);
        UT_ASSERT_STR(ut_json_str(e, "message"), def->message);
        UT_ASSERT_INT(json_int(e, "status"), expected[k].status);
        CU_ASSERT_FALSE(has_key(e, "param"));
        CU_ASSERT_FALSE(has_key(e, "details"));
        UT_ASSERT_INT(json_object_object_length(e), 4);
    }
}

static void test_render_param_and_message(void)
{
    fb_error_t *err = fb_error_make(ut_pool, FB_E_INVALID_PARAMETER, "limit",
                                    "'limit' is \"bad\".\n");
    json_object *e = ut_render_error(err);

    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    UT_ASSERT_STR(ut_json_str(e, "code"), "invalid_parameter");
    UT_ASSERT_STR(ut_json_str(e, "param"), "limit");
    UT_ASSERT_STR(ut_json_str(e, "message"), "'limit' is \"bad\".\n");
    UT_ASSERT_INT(json_int(e, "status"), 400);
    CU_ASSERT_FALSE(has_key(e, "details"));
}

static void test_render_details(void)
{
    fb_error_t *err = fb_error_make(ut_pool, FB_E_MISSING_PARAMETER, "title",
                                    NULL);
    json_object *e, *details, *d;

    fb_error_add_detail(ut_pool, err, "body.title", "'title' is required.");
    fb_error_add_detail(ut_pool, err, "query.limit", "bad \"limit\"");
    UT_ASSERT_DETAILS(err, "body.title", "query.limit");
    e = ut_render_error(err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    UT_ASSERT_STR(ut_json_str(e, "message"),
                  fb_error_def(FB_E_MISSING_PARAMETER)->message);
    CU_ASSERT_FATAL(json_object_object_get_ex(e, "details", &details));
    CU_ASSERT_FATAL(json_object_is_type(details, json_type_array));
    UT_ASSERT_INT(json_object_array_length(details), 2);
    d = json_object_array_get_idx(details, 0);
    UT_ASSERT_STR(ut_json_str(d, "path"), "body.title");
    UT_ASSERT_STR(ut_json_str(d, "message"), "'title' is required.");
    UT_ASSERT_INT(json_object_object_length(d), 2);
    d = json_object_array_get_idx(details, 1);
    UT_ASSERT_STR(ut_json_str(d, "path"), "query.limit");
    UT_ASSERT_STR(ut_json_str(d, "message"), "bad \"limit\"");
}

/* A details array with no entry is left out of the envelope. */
static void test_render_empty_details(void)
{
    fb_error_t *err = fb_error_make(ut_pool, FB_E_INVALID_REQUEST, NULL,
                                    NULL);
    json_object *e;

    err->details = apr_array_make(ut_pool, 1, sizeof(fb_error_detail_t));
    e = ut_render_error(err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_FALSE(has_key(e, "details"));
}

static void test_version_not_supported(void)
{
    json_object *invalid = ut_render_error(
        fb_error_make(ut_pool, FB_E_VERSION_INVALID, "Feedback-Version",
                      NULL));
    json_object *unavailable = ut_render_error(
        fb_error_make(ut_pool, FB_E_VERSION_UNAVAILABLE, NULL, NULL));

    CU_ASSERT_PTR_NOT_NULL_FATAL(invalid);
    CU_ASSERT_PTR_NOT_NULL_FATAL(unavailable);
    UT_ASSERT_STR(ut_json_str(invalid, "code"), "version_not_supported");
    UT_ASSERT_INT(json_int(invalid, "status"), 400);
    UT_ASSERT_STR(ut_json_str(invalid, "param"), "Feedback-Version");
    UT_ASSERT_STR(ut_json_str(unavailable, "code"), "version_not_supported");
    UT_ASSERT_INT(json_int(unavailable, "status"), 404);
    CU_ASSERT_FALSE(has_key(unavailable, "param"));
}

/* Whatever bytes a message, param or detail echoes of a request, the
 * envelope is well-formed UTF-8 and bounded: a byte that starts no
 * sequence is U+FFFD, a long echo is cut with an ellipsis. */
static void test_render_is_utf8(void)
{
    char *huge = apr_palloc(ut_pool, 70001);
    fb_error_t *err;
    const char *text;
    json_object *e, *d;

    memset(huge, 'x', 70000);
    huge[70000] = '\0';
    err = fb_error_make(ut_pool, FB_E_VERSION_INVALID, "Service-Version",
                        "Unknown API version '\x97'.");
    fb_error_add_detail(ut_pool, err, "body.\xc3(", "bad \xed\xa0\x80");
    fb_error_add_detail(ut_pool, err, huge, huge);
    text = fb_error_render(ut_pool, err);
    CU_ASSERT_TRUE(fb_utf8_valid(text, strlen(text)));
    CU_ASSERT_TRUE(strlen(text) < 4000);
    e = ut_render_error(err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    UT_ASSERT_STR(ut_json_str(e, "message"),
                  "Unknown API version '\xef\xbf\xbd'.");
    d = json_object_array_get_idx(json_object_object_get(e, "details"), 0);
    UT_ASSERT_STR(ut_json_str(d, "path"), "body.\xef\xbf\xbd(");
    UT_ASSERT_STR(ut_json_str(d, "message"),
                  "bad \xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
    d = json_object_array_get_idx(json_object_object_get(e, "details"), 1);
    UT_ASSERT_INT(strlen(ut_json_str(d, "path")), 1024);
    CU_ASSERT_PTR_NOT_NULL(strstr(ut_json_str(d, "message"),
                                  "xxx\xe2\x80\xa6"));
}

/* httpd's own statuses map to their generic kinds, others to 400/500. */
static void test_for_status(void)
{
    static const struct {
        int status;
        fb_error_e kind;
    } cases[] = {
        {400, FB_E_INVALID_REQUEST}, {403, FB_E_FORBIDDEN},
        {404, FB_E_ROUTE_NOT_FOUND}, {405, FB_E_METHOD_NOT_ALLOWED},
        {408, FB_E_REQUEST_TIMEOUT}, {411, FB_E_LENGTH_REQUIRED},
        {413, FB_E_PAYLOAD_TOO_LARGE}, {414, FB_E_URI_TOO_LONG},
        {415, FB_E_UNSUPPORTED_MEDIA_TYPE}, {429, FB_E_RATE_LIMITED},
        {431, FB_E_HEADERS_TOO_LARGE}, {500, FB_E_INTERNAL},
        {501, FB_E_NOT_IMPLEMENTED}, {503, FB_E_SERVICE_UNAVAILABLE},
        {417, FB_E_INVALID_REQUEST}, {418, FB_E_INVALID_REQUEST},
        {502, FB_E_INTERNAL}, {505, FB_E_INTERNAL}
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        UT_ASSERT_INT(fb_error_for_status(cases[i].status), cases[i].kind);
    }
}

void test_error_register(void)
{
    static const ut_test_t tests[] = {
        {"table: every kind has a complete row", test_table_complete},
        {"def: out of range is internal_error", test_out_of_range},
        {"make: fields as given", test_make},
        {"render: defaults for every kind", test_render_defaults},
        {"render: param and message", test_render_param_and_message},
        {"render: details", test_render_details},
        {"render: empty details left out", test_render_empty_details},
        {"for_status: httpd's own answers", test_for_status},
        {"render: UTF-8 and bounded whatever the request held",
         test_render_is_utf8},
        {"render: version_not_supported 400 and 404",
         test_version_not_supported},
        {NULL, NULL}
    };

    ut_add_suite("fb_error", NULL, NULL, NULL, NULL, tests);
}
