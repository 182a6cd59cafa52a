/*
 * fuzz_validate: request bodies, as the server reads them.
 *
 * The input is a request body: it is parsed by fb_json_parse() (the strict
 * scan, then json-c's tokener of bounded depth, exactly as for a request)
 * and, when it is JSON, checked by fb_validate_body() against a rule table
 * that has every field type, required fields, nested objects and arrays of
 * objects.  The error, when there is one, is rendered to its envelope,
 * and the body serialised again, as the server would do.
 */
#include "fz.h"

#include "fb_error.h"
#include "fb_json.h"
#include "fb_validate.h"

static const char *const fz_colours[] = {"red", "green", "blue", NULL};

static const fb_field_rule_t fz_person_rules[] = {
    {.name = "name", .type = FB_FIELD_STRING, .min = 1, .max = 64},
    {.name = "email", .type = FB_FIELD_EMAIL, .flags = FB_FIELD_REQUIRED,
     .min = 3, .max = 254},
    {.name = "userId", .type = FB_FIELD_STRING, .max = 255},
    {.name = "id", .type = FB_FIELD_ID},
    {.name = NULL}
};

static const fb_field_rule_t fz_option_rules[] = {
    {.name = "label", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 20},
    {.name = "colour", .type = FB_FIELD_ENUM, .choices = fz_colours},
    {.name = "author", .type = FB_FIELD_OBJECT, .fields = fz_person_rules},
    {.name = NULL}
};

static const fb_field_rule_t fz_rules[] = {
    {.name = "title", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 2, .max = 512},
    {.name = "boardId", .type = FB_FIELD_ID, .flags = FB_FIELD_REQUIRED},
    {.name = "content", .type = FB_FIELD_STRING, .max = 500000},
    {.name = "tags", .type = FB_FIELD_STRINGS, .max = 100, .item_max = 255},
    {.name = "labels", .type = FB_FIELD_STRING_ARRAY, .min = 1, .max = 5,
     .item_max = 10},
    {.name = "open", .type = FB_FIELD_BOOL},
    {.name = "statusId", .type = FB_FIELD_ID,
     .flags = FB_FIELD_NULL_CLEARS},
    {.name = "author", .type = FB_FIELD_OBJECT, .fields = fz_person_rules},
    {.name = "options", .type = FB_FIELD_ARRAY, .max = 10,
     .fields = fz_option_rules},
    {.name = "extra", .type = FB_FIELD_ARRAY, .max = 3},
    {.name = "customFields", .type = FB_FIELD_VALUES, .max = 20},
    {.name = "integrations", .type = FB_FIELD_OBJECT},
    {.name = "eta", .type = FB_FIELD_TIME_OR_UNIX},
    {.name = "createdAt", .type = FB_FIELD_TIME},
    {.name = "colour", .type = FB_FIELD_ENUM, .choices = fz_colours},
    {.name = "upvotes", .type = FB_FIELD_INT, .min = -5,
     .max = 1000000000},
    {.name = "score", .type = FB_FIELD_NUMBER},
    {.name = "url", .type = FB_FIELD_URL, .max = 2048},
    {.name = "anything", .type = FB_FIELD_ANY},
    {.name = NULL}
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    apr_pool_t *p = fz_pool_begin();
    json_object *body;
    const char *why;
    fb_error_t *err;

    if (fb_json_parse(p, fz_bytes(p, data, size), size, &body, &why)
        == APR_SUCCESS) {
        err = fb_validate_body(p, body, fz_rules);
        if (err != NULL && fb_error_render(p, err) == NULL) {
            fz_fail("fb_error_render", "no envelope");
        }
        (void)fb_json_text(p, body);
    }
    else if (why == NULL) {
        fz_fail("fb_json_parse", "refused without a reason");
    }
    fz_pool_end(p);
    return 0;
}
