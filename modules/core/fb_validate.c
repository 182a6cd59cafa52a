/*
 * fb_validate: the body rule checker.
 */
#include <string.h>
#include <strings.h>

#include <apr_lib.h>
#include <apr_strings.h>

#include "fb_id.h"
#include "fb_time.h"
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

int fb_email_valid(const char *s)
{
    const char *at = strchr(s, '@'), *c;

    if (at == NULL || at == s || strchr(at + 1, '@') != NULL
        || strchr(at + 1, '.') == NULL || at[1] == '.'
        || s[strlen(s) - 1] == '.') {
        return 0;
    }
    for (c = s; *c != '\0'; c++) {
        if ((unsigned char)*c <= ' ' || *c == '\x7f') {
            return 0;
        }
    }
    return 1;
}

static const char *fb_range_text(apr_pool_t *p, const char *what,
                                 long min, long max)
{
    return apr_psprintf(p, "must have from %ld to %ld %s", min, max, what);
}

/* A JSON value that is not an object or an array. */
static int fb_is_primitive(json_object *v)
{
    return v == NULL || (!json_object_is_type(v, json_type_object)
                         && !json_object_is_type(v, json_type_array));
}

static int fb_all_primitive(json_object *array)
{
    apr_size_t i, n = json_object_array_length(array);

    for (i = 0; i < n; i++) {
        if (!fb_is_primitive(json_object_array_get_idx(array, i))) {
            return 0;
        }
    }
    return 1;
}

/* Whether s has no white space or control characters. */
static int fb_no_space(const char *s)
{
    for (; *s != '\0'; s++) {
        if ((unsigned char)*s <= ' ' || *s == 0x7f) {
            return 0;
        }
    }
    return 1;
}

int fb_url_valid(const char *s)
{
    const char *host;

    if (strncasecmp(s, "https://", 8) == 0) {
        host = s + 8;
    }
    else if (strncasecmp(s, "http://", 7) == 0) {
        host = s + 7;
    }
    else {
        return 0;
    }
    if (*host == '\0' || *host == '/' || *host == '?' || *host == '#') {
        return 0;
    }
    return fb_no_space(s);
}

int fb_website_valid(const char *s)
{
    const char *at;

    if (fb_url_valid(s)) {
        return 1;
    }
    if (*s == '\0' || !fb_no_space(s)) {
        return 0;
    }
    /* A colon before the path is a scheme's, unless a port follows it:
     * "acme.com:8080", not "javascript:x" nor "http:x" (no host). */
    at = s + strcspn(s, ":/?#");
    if (*at != ':' || at == s) {
        return *at != ':';
    }
    at++;
    if (!apr_isdigit(*at)) {
        return 0;
    }
    while (apr_isdigit(*at)) {
        at++;
    }
    return *at == '\0' || *at == '/' || *at == '?' || *at == '#';
}

int fb_hex_colour_valid(const char *s)
{
    return s[0] == '#' && strlen(s) == 7
           && strspn(s + 1, "0123456789abcdefABCDEF") == 6;
}

const fb_field_format_t fb_format_hex_colour = {
    .valid = fb_hex_colour_valid,
    .what = "a hex colour such as #3B82F6",
    .pattern = "^#[0-9A-Fa-f]{6}$",
    .min = 7, .max = 7,
};

int fb_short_id_valid(const char *s)
{
    apr_size_t n = strlen(s);

    return n >= 1 && n <= 16
           && strspn(s, "0123456789abcdefghijklmnopqrstuvwxyz"
                        "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == n;
}

const fb_field_format_t fb_format_short_id = {
    .valid = fb_short_id_valid,
    .what = "1 to 16 letters and digits",
    .pattern = "^[a-zA-Z0-9]{1,16}$",
    .min = 1, .max = 16,
};

int fb_path_segment_valid(const char *s)
{
    apr_size_t n = strlen(s);

    return n >= 1 && n <= 63
           && ((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= '0' && s[0] <= '9'))
           && strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-") == n;
}

const fb_field_format_t fb_format_path_segment = {
    .valid = fb_path_segment_valid,
    .what = "lowercase letters, digits and dashes, not beginning with a "
            "dash",
    .pattern = "^[a-z0-9][a-z0-9-]{0,62}$",
    .min = 1, .max = 63,
};

/* Labels of [a-z0-9] and inner dashes, two or more, joined by dots. */
int fb_host_name_valid(const char *s)
{
    apr_size_t n = strlen(s), label = 0, labels = 0;
    const char *c;

    if (n == 0 || n > 253) {
        return 0;
    }
    for (c = s; ; c++) {
        if (*c == '.' || *c == '\0') {
            if (label == 0 || c[-1] == '-') {
                return 0;
            }
            labels++;
            label = 0;
            if (*c == '\0') {
                break;
            }
            continue;
        }
        if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9')
              || (*c == '-' && label > 0))) {
            return 0;
        }
        label++;
    }
    return labels >= 2;
}

const fb_field_format_t fb_format_host_name = {
    .valid = fb_host_name_valid,
    .what = "a lowercase host name such as help.example.com",
    .pattern = "^[a-z0-9]([a-z0-9-]*[a-z0-9])?"
               "(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$",
    .min = 1, .max = 253,
};

const fb_field_format_t fb_format_object_id = {
    .valid = fb_id_valid,
    .what = "a 24-character hexadecimal object id",
    .pattern = "^[0-9A-Fa-f]{24}$",
    .min = FB_ID_LEN, .max = FB_ID_LEN,
};

/* The characters fb_no_space() refuses, as a class's ranges. */
#define FB_RE_SPACE "\\u0000-\\u0020\\u007f"

const fb_field_format_t fb_format_email = {
    .valid = fb_email_valid,
    .what = "an email address",
    .pattern = "^[^@" FB_RE_SPACE "]+@[^@." FB_RE_SPACE "][^@" FB_RE_SPACE
               "]*\\.[^@" FB_RE_SPACE "]*[^@." FB_RE_SPACE "]$",
};

#define FB_RE_URL "[Hh][Tt][Tt][Pp][Ss]?://[^/?#" FB_RE_SPACE "][^" \
    FB_RE_SPACE "]*"

const fb_field_format_t fb_format_url = {
    .valid = fb_url_valid,
    .what = "an absolute http or https URL",
    .pattern = "^" FB_RE_URL "$",
};

/* A URL, or an address whose first ':' (before any '/', '?' or '#') is
 * a port's. */
#define FB_RE_REST "([/?#][^" FB_RE_SPACE "]*)?"
#define FB_RE_HEAD "[^:/?#" FB_RE_SPACE "]"

const fb_field_format_t fb_format_website = {
    .valid = fb_website_valid,
    .what = "a web address (http or https, or without a scheme)",
    .pattern = "^(" FB_RE_URL "|" FB_RE_HEAD "*" FB_RE_REST "|" FB_RE_HEAD
               "+:[0-9]+" FB_RE_REST ")$",
    .min = 1,
};

static int fb_time_valid(const char *s)
{
    apr_time_t t;

    return fb_time_parse(s, &t) == APR_SUCCESS;
}

/* fb_time.h's dates: the pattern leaves out the 29th of February and
 * 1970, whose first hours with an offset east of UTC come before the
 * epoch: what it calls valid is. */
const fb_field_format_t fb_format_time = {
    .valid = fb_time_valid,
    .what = "an ISO 8601 date or date-time with a time zone",
    .pattern = "^(197[1-9]|19[89][0-9]|[2-9][0-9]{3})-"
               "((0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])"
               "|(0[13-9]|1[0-2])-(29|30)|(0[13578]|1[02])-31)"
               "(T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?"
               "(\\.[0-9]{1,6})?(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9]))?$",
};

/* The string member key of obj (value v) without the white space around
 * it, replacing the member when there was some; the value to check. */
static json_object *fb_field_trim(json_object *obj, const char *key,
                                  json_object *v)
{
    const char *s = json_object_get_string(v);
    apr_size_t len = (apr_size_t)json_object_get_string_len(v);
    apr_size_t start = 0;

    while (start < len && apr_isspace(s[start])) {
        start++;
    }
    while (len > start && apr_isspace(s[len - 1])) {
        len--;
    }
    if (start == 0 && len == (apr_size_t)json_object_get_string_len(v)) {
        return v;
    }
    /* Replacing a member keeps its entry: safe while visiting it. */
    v = json_object_new_string_len(s + start, (int)(len - start));
    json_object_object_add(obj, key, v);
    return v;
}

/* What is wrong with a non-null value under rule, or NULL. */
static const char *fb_field_problem(apr_pool_t *p,
                                    const fb_field_rule_t *rule,
                                    json_object *v)
{
    apr_size_t n, i;
    int64_t iv;
    apr_time_t t;

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
    case FB_FIELD_STRINGS:
        if (json_object_is_type(v, json_type_string)) {
            n = fb_utf8_length(json_object_get_string(v));
            return (long)n > rule->item_max
                ? apr_psprintf(p, "must have at most %ld characters",
                               rule->item_max)
                : NULL;
        }
        if (!json_object_is_type(v, json_type_array)) {
            return "must be a string or an array of strings";
        }
        /* An array is checked as a string array. */
        __attribute__((fallthrough));
    case FB_FIELD_STRING_ARRAY:
    case FB_FIELD_ARRAY:
        if (!json_object_is_type(v, json_type_array)) {
            return "must be an array";
        }
        n = json_object_array_length(v);
        if ((long)n < rule->min || (long)n > rule->max) {
            return fb_range_text(p, "items", rule->min, rule->max);
        }
        for (i = 0; rule->type != FB_FIELD_ARRAY && i < n; i++) {
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
    case FB_FIELD_TIME_OR_UNIX:
        if ((json_object_is_type(v, json_type_int)
             || json_object_is_type(v, json_type_double))
            && json_object_get_double(v) >= 0
            && json_object_get_double(v) < (double)FB_UNIX_SECONDS_END) {
            return NULL;
        }
        /* Else it must be a date. */
        __attribute__((fallthrough));
    case FB_FIELD_TIME:
        if (!json_object_is_type(v, json_type_string)
            || fb_time_parse(json_object_get_string(v), &t) != APR_SUCCESS) {
            return rule->type == FB_FIELD_TIME
                ? "must be an ISO 8601 date or date-time with a time zone"
                : "must be an ISO 8601 date or date-time with a time zone, "
                  "or Unix seconds";
        }
        return NULL;
    case FB_FIELD_EMAIL:
        if (!json_object_is_type(v, json_type_string)
            || !fb_email_valid(json_object_get_string(v))) {
            return "must be an email address";
        }
        n = fb_utf8_length(json_object_get_string(v));
        if ((long)n < rule->min || (long)n > rule->max) {
            return fb_range_text(p, "characters", rule->min, rule->max);
        }
        return NULL;
    case FB_FIELD_URL:
        if (!json_object_is_type(v, json_type_string)
            || !fb_url_valid(json_object_get_string(v))) {
            return "must be an http or https URL";
        }
        n = fb_utf8_length(json_object_get_string(v));
        if ((long)n > rule->max) {
            return fb_range_text(p, "characters", 1, rule->max);
        }
        return NULL;
    case FB_FIELD_WEBSITE:
        if (!json_object_is_type(v, json_type_string)
            || !fb_website_valid(json_object_get_string(v))) {
            return "must be a web address (http or https, or without a "
                   "scheme)";
        }
        n = fb_utf8_length(json_object_get_string(v));
        if ((long)n > rule->max) {
            return fb_range_text(p, "characters", 1, rule->max);
        }
        return NULL;
    case FB_FIELD_VALUES:
        if (!json_object_is_type(v, json_type_object)) {
            return "must be an object";
        }
        if ((long)json_object_object_length(v) > rule->max) {
            return apr_psprintf(p, "must have at most %ld members",
                                rule->max);
        }
        {
            json_object_object_foreach(v, key, val) {
                (void)key;
                if (!fb_is_primitive(val)
                    && !(json_object_is_type(val, json_type_array)
                         && fb_all_primitive(val))) {
                    return "must have values that are strings, numbers, "
                           "booleans, null or arrays of those";
                }
            }
        }
        return NULL;
    case FB_FIELD_ANY:
    case FB_FIELD_GROUP:
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

static void fb_validate_object(apr_pool_t *p, json_object *obj,
                               const fb_field_rule_t *rules,
                               const char *prefix, fb_error_t **err);

static void fb_validate_string_items(apr_pool_t *p, json_object *array,
                                     const fb_field_rule_t *rule,
                                     const char *name, fb_error_t **err);

/* "'a' or 'b'" of a group's members, each after prefix. */
static const char *fb_group_names(apr_pool_t *p, const fb_field_rule_t *g,
                                  const char *prefix)
{
    const char *const *c;
    const char *list = NULL;

    for (c = g->choices; *c != NULL; c++) {
        const char *one = apr_pstrcat(p, "'", prefix, *c, "'", NULL);

        list = list == NULL ? one
               : apr_pstrcat(p, list, c[1] != NULL ? ", " : " or ", one,
                             NULL);
    }
    return list;
}

/* A group's rule (FB_FIELD_GROUP_OF) over the members of obj. */
static void fb_validate_group(apr_pool_t *p, json_object *obj,
                              const fb_field_rule_t *g, const char *prefix,
                              fb_error_t **err)
{
    const char *const *c;
    const char *second = NULL;
    int given = 0;

    for (c = g->choices; *c != NULL; c++) {
        if (json_object_object_get(obj, *c) != NULL && given++ == 1) {
            second = *c;
        }
    }
    if (given == 0 && (g->flags & FB_FIELD_REQUIRED)) {
        fb_validate_fail(p, err, FB_E_MISSING_PARAMETER,
                         apr_pstrcat(p, prefix, g->choices[0], NULL),
                         apr_pstrcat(p, "Give ", fb_group_names(p, g, prefix),
                                     ".", NULL));
    }
    else if (second != NULL && (g->flags & FB_FIELD_EXCLUSIVE)) {
        fb_validate_fail(p, err, FB_E_INVALID_PARAMETER,
                         apr_pstrcat(p, prefix, second, NULL),
                         apr_pstrcat(p, "Give ", fb_group_names(p, g, prefix),
                                     ", not more than one.", NULL));
    }
}

/* Checks every item of array (strings of a right length) against the
 * choices of rule (an item outside them names the array, as a set of
 * choices is the array's) or its form (naming the item, name[i]). */
static void fb_validate_string_items(apr_pool_t *p, json_object *array,
                                     const fb_field_rule_t *rule,
                                     const char *name, fb_error_t **err)
{
    apr_size_t i, n = json_object_array_length(array);

    for (i = 0; i < n; i++) {
        const char *s = json_object_get_string(
            json_object_array_get_idx(array, i));
        const char *at = apr_psprintf(p, "%s[%lu]", name, (unsigned long)i);

        if (rule->choices != NULL && !fb_in_choices(rule->choices, s)) {
            fb_validate_fail(p, err, FB_E_INVALID_PARAMETER, name,
                             apr_psprintf(p, "'%s' may not hold '%s'.",
                                          name, s));
        }
        else if (rule->format != NULL && !rule->format->valid(s)) {
            fb_validate_fail(p, err, FB_E_INVALID_PARAMETER, at,
                             apr_pstrcat(p, "The ", at, " must be ",
                                         rule->format->what, ".", NULL));
        }
    }
}

/* Checks that every item of array is an object whose members follow
 * rules; item i is named name[i]. */
static void fb_validate_items(apr_pool_t *p, json_object *array,
                              const fb_field_rule_t *rules,
                              const char *name, fb_error_t **err)
{
    apr_size_t i, n = json_object_array_length(array);

    for (i = 0; i < n; i++) {
        json_object *item = json_object_array_get_idx(array, i);
        const char *at = apr_psprintf(p, "%s[%lu]", name, (unsigned long)i);

        if (!json_object_is_type(item, json_type_object)) {
            fb_validate_fail(p, err, FB_E_INVALID_PARAMETER, at,
                             apr_psprintf(p, "'%s' must be an object.", at));
            continue;
        }
        fb_validate_object(p, item, rules, apr_pstrcat(p, at, ".", NULL),
                           err);
    }
}

/* Checks the members of obj, named prefix + member, into *err. */
static void fb_validate_object(apr_pool_t *p, json_object *obj,
                               const fb_field_rule_t *rules,
                               const char *prefix, fb_error_t **err)
{
    const fb_field_rule_t *rule;

    json_object_object_foreach(obj, key, val) {
        const char *name = apr_pstrcat(p, prefix, key, NULL);
        const char *problem;

        for (rule = rules; rule->name != NULL; rule++) {
            if (rule->type != FB_FIELD_GROUP
                && strcmp(rule->name, key) == 0) {
                break;
            }
        }
        if (rule->name == NULL) {
            fb_validate_fail(p, err, FB_E_PARAMETER_NOT_SUPPORTED, name,
                             apr_psprintf(p, "The field '%s' is not "
                                          "supported.", name));
            continue;
        }
        if (val == NULL) {
            /*
             * Null means "not given" (decisions.md) unless the rule says
             * it clears: it leaves the body here, once for every
             * operation, so that no handler, and no statement that takes
             * the body as JSON, meets a null where it expects a value.
             * Required-and-null is reported below either way.  Deleting
             * the member being visited is safe: the loop already holds
             * the next one.
             */
            if (!(rule->flags & FB_FIELD_NULL_CLEARS)) {
                json_object_object_del(obj, key);
            }
            continue;
        }
        if ((rule->flags & FB_FIELD_TRIM)
            && json_object_is_type(val, json_type_string)) {
            val = fb_field_trim(obj, key, val);
        }
        problem = fb_field_problem(p, rule, val);
        if (problem != NULL) {
            fb_validate_fail(p, err, FB_E_INVALID_PARAMETER, name,
                             apr_psprintf(p, "'%s' %s.", name, problem));
        }
        else if (rule->type == FB_FIELD_STRING_ARRAY
                 && (rule->choices != NULL || rule->format != NULL)) {
            fb_validate_string_items(p, val, rule, name, err);
        }
        else if (rule->type == FB_FIELD_STRING && rule->format != NULL
                 && !rule->format->valid(json_object_get_string(val))) {
            fb_validate_fail(p, err, FB_E_INVALID_PARAMETER, name,
                             apr_pstrcat(p, "The ", name, " must be ",
                                         rule->format->what, ".", NULL));
        }
        else if (rule->type == FB_FIELD_OBJECT && rule->fields != NULL) {
            fb_validate_object(p, val, rule->fields,
                               apr_pstrcat(p, name, ".", NULL), err);
        }
        else if (rule->type == FB_FIELD_ARRAY && rule->fields != NULL) {
            fb_validate_items(p, val, rule->fields, name, err);
        }
    }
    for (rule = rules; rule->name != NULL; rule++) {
        if (rule->type == FB_FIELD_GROUP) {
            fb_validate_group(p, obj, rule, prefix, err);
        }
        else if ((rule->flags & FB_FIELD_REQUIRED)
            && json_object_object_get(obj, rule->name) == NULL) {
            const char *name = apr_pstrcat(p, prefix, rule->name, NULL);

            fb_validate_fail(p, err, FB_E_MISSING_PARAMETER, name,
                             apr_psprintf(p, "'%s' is required.", name));
        }
    }
}

fb_error_t *fb_validate_body(apr_pool_t *p, json_object *body,
                             const fb_field_rule_t *rules)
{
    fb_error_t *err = NULL;

    if (!json_object_is_type(body, json_type_object)) {
        return fb_error_make(p, FB_E_INVALID_REQUEST, NULL,
                             "The body must be a JSON object.");
    }
    fb_validate_object(p, body, rules, "", &err);
    return err;
}
