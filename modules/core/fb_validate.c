/*
 * fb_validate: the body rule checker.
 */
#include <string.h>

#include <apr_strings.h>

#include "fb_id.h"
#include "fb_validate.h"

static int fb_in_choices(const char *const *choices, const char *s)
{
    for (; choices != NULL && *choices != NULL; choices++) {
        if (strcmp(*choices, s) == 0) {
            return 1;
        }
    }
    return 0;
}

static const char *fb_range_text(apr_pool_t *p, const char *what,
                                 long min, long max)
{
    return apr_psprintf(p, "must have from %ld to %ld %s", min, max, what);
}

/* What is wrong with a non-null value under rule, or NULL. */
static const char *fb_field_problem(apr_pool_t *p,
                                    const fb_field_rule_t *rule,
                                    json_object *v)
{
    apr_size_t n, i;
    int64_t iv;

    switch (rule->type) {
    case FB_FIELD_STRING:
        if (!json_object_is_type(v, json_type_string)) {
            return "must be a string";
        }
        n = fb_utf8_length(json_object_get_string(v));
        if ((long)n < rule->min || (long)n > rule->max) {
            return fb_range_text(p, "characters", rule->min, rule->max);
        }
        return NULL;
    case FB_FIELD_INT:
        if (!json_object_is_type(v, json_type_int)) {
            return "must be an integer";
        }
        iv = json_object_get_int64(v);
        if (iv < rule->min || iv > rule->max) {
            return apr_psprintf(p, "must be from %ld to %ld",
                                rule->min, rule->max);
        }
        return NULL;
    case FB_FIELD_NUMBER:
        if (!json_object_is_type(v, json_type_int)
            && !json_object_is_type(v, json_type_double)) {
            return "must be a number";
        }
        return NULL;
    case FB_FIELD_BOOL:
        return json_object_is_type(v, json_type_boolean)
               ? NULL : "must be a boolean";
    case FB_FIELD_ENUM:
        if (!json_object_is_type(v, json_type_string)
            || !fb_in_choices(rule->choices, json_object_get_string(v))) {
            const char *const *c;
            const char *list = NULL;

            for (c = rule->choices; c != NULL && *c != NULL; c++) {
                list = list ? apr_pstrcat(p, list, ", ", *c, NULL) : *c;
            }
            return apr_pstrcat(p, "must be one of: ", list, NULL);
        }
        return NULL;
    case FB_FIELD_ID:
        return (json_object_is_type(v, json_type_string)
                && fb_id_valid(json_object_get_string(v)))
               ? NULL : "must be a 24-character hexadecimal id";
    case FB_FIELD_OBJECT:
        return json_object_is_type(v, json_type_object)
               ? NULL : "must be an object";
    case FB_FIELD_STRING_ARRAY:
    case FB_FIELD_ARRAY:
        if (!json_object_is_type(v, json_type_array)) {
            return "must be an array";
        }
        n = json_object_array_length(v);
        if ((long)n < rule->min || (long)n > rule->max) {
            return fb_range_text(p, "items", rule->min, rule->max);
        }
        for (i = 0; rule->type == FB_FIELD_STRING_ARRAY && i < n; i++) {
            json_object *item = json_object_array_get_idx(v, i);

            if (!json_object_is_type(item, json_type_string)) {
                return "must contain only strings";
            }
            if ((long)fb_utf8_length(json_object_get_string(item))
                > rule->item_max) {
                return apr_psprintf(p, "must contain strings of at most "
                                    "%ld characters", rule->item_max);
            }
        }
        return NULL;
    case FB_FIELD_ANY:
        return NULL;
    }
    return "is not valid";
}

static void fb_validate_fail(apr_pool_t *p, fb_error_t **err,
                             fb_error_e kind, const char *name,
                             const char *message)
{
    if (*err == NULL) {
        *err = fb_error_make(p, kind, name, message);
    }
    fb_error_add_detail(p, *err, apr_pstrcat(p, "body.", name, NULL),
                        message);
}

fb_error_t *fb_validate_body(apr_pool_t *p, json_object *body,
                             const fb_field_rule_t *rules)
{
    const fb_field_rule_t *rule;
    fb_error_t *err = NULL;

    if (!json_object_is_type(body, json_type_object)) {
        return fb_error_make(p, FB_E_INVALID_REQUEST, NULL,
                             "The body must be a JSON object.");
    }
    json_object_object_foreach(body, key, val) {
        const char *problem;

        for (rule = rules; rule->name != NULL; rule++) {
            if (strcmp(rule->name, key) == 0) {
                break;
            }
        }
        if (rule->name == NULL) {
            fb_validate_fail(p, &err, FB_E_PARAMETER_NOT_SUPPORTED, key,
                             apr_psprintf(p, "The field '%s' is not "
                                          "supported.", key));
            continue;
        }
        if (val == NULL) {
            continue;   /* required-and-null is reported below */
        }
        problem = fb_field_problem(p, rule, val);
        if (problem != NULL) {
            fb_validate_fail(p, &err, FB_E_INVALID_PARAMETER, key,
                             apr_psprintf(p, "'%s' %s.", key, problem));
        }
    }
    for (rule = rules; rule->name != NULL; rule++) {
        if ((rule->flags & FB_FIELD_REQUIRED)
            && json_object_object_get(body, rule->name) == NULL) {
            fb_validate_fail(p, &err, FB_E_MISSING_PARAMETER, rule->name,
                             apr_psprintf(p, "'%s' is required.",
                                          rule->name));
        }
    }
    return err;
}
