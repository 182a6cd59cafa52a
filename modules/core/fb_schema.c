/*
 * fb_schema: JSON Schema of body and query rules (fb_schema.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fb_json.h"
#include "fb_schema.h"

static void fb_put_int(json_object *o, const char *key, long v)
{
    fb_json_put(o, key, json_object_new_int64(v));
}

static json_object *fb_typed(const char *type)
{
    json_object *s = json_object_new_object();

    fb_json_put_str(s, "type", type);
    return s;
}

/* {key: v} */
static json_object *fb_one_key(const char *key, json_object *v)
{
    json_object *o = json_object_new_object();

    fb_json_put(o, key, v);
    return o;
}

static json_object *fb_choices(const char *const *choices)
{
    json_object *a = json_object_new_array();

    for (; choices != NULL && *choices != NULL; choices++) {
        json_object_array_add(a, json_object_new_string(*choices));
    }
    return a;
}

/* The JSON types of a custom field value (an array, of the others). */
static const char *const fb_value_types[] = {
    "array", "string", "number", "boolean", "null", NULL
};
static const char *const fb_time_types[] = {"string", "number", NULL};
static const char *const fb_strings_types[] = {"string", "array", NULL};

/* A string of min..max characters, none of them NUL. */
static json_object *fb_string_schema(long min, long max)
{
    json_object *s = fb_typed("string");

    if (min > 0) {
        fb_put_int(s, "minLength", min);
    }
    fb_put_int(s, "maxLength", max);
    fb_json_put_str(s, "pattern", FB_PATTERN_NO_NUL);
    return s;
}

/* s (a string's schema) of the form f: its pattern (or, for a form
 * written without one, its words), and its length where the form's is
 * tighter. */
static json_object *fb_formed(json_object *s, const fb_field_format_t *f)
{
    json_object *v;

    if (f->pattern != NULL) {
        fb_json_put_str(s, "pattern", f->pattern);
    }
    else {
        char text[256];

        snprintf(text, sizeof(text), "Must be %s.", f->what);
        fb_json_put_str(s, "description", text);
    }
    if (f->min > 0 && (!json_object_object_get_ex(s, "minLength", &v)
                       || json_object_get_int64(v) < f->min)) {
        fb_put_int(s, "minLength", f->min);
    }
    if (f->max > 0 && (!json_object_object_get_ex(s, "maxLength", &v)
                       || json_object_get_int64(v) > f->max)) {
        fb_put_int(s, "maxLength", f->max);
    }
    return s;
}

/* What fb_field_trim() leaves must still be min..max long: at least one
 * character that is not white space (isspace: tab to carriage return,
 * space); above one character, none around the text (narrower than the
 * server, which trims it, but exact about length). */
#define FB_RE_WS "\\t-\\r "
static void fb_trimmed(json_object *s, long min)
{
    if (min == 1) {
        fb_json_put_str(s, "pattern", "^[" FB_RE_WS "]*[^" FB_RE_WS
                        "\\u0000][^\\u0000]*$");
    }
    else if (min > 1) {
        fb_json_put_str(s, "pattern", "^[^" FB_RE_WS "\\u0000]"
                        "([^\\u0000]*[^" FB_RE_WS "\\u0000])?$");
    }
}

static json_object *fb_int_schema(long min, long max)
{
    json_object *s = fb_typed("integer");

    fb_put_int(s, "minimum", min);
    fb_put_int(s, "maximum", max);
    return s;
}

static json_object *fb_enum_schema(const char *const *choices)
{
    json_object *s = fb_typed("string");

    fb_json_put(s, "enum", fb_choices(choices));
    return s;
}

/* Lets s also be null: its type gains "null", its choices null. */
static void fb_nullable(json_object *s)
{
    json_object *type, *choices;

    if (json_object_object_get_ex(s, "type", &type)) {
        if (json_object_is_type(type, json_type_string)) {
            json_object *a = json_object_new_array();

            json_object_array_add(a, json_object_get(type));
            fb_json_put(s, "type", a);
            type = a;
        }
        json_object_array_add(type, json_object_new_string("null"));
    }
    if (json_object_object_get_ex(s, "enum", &choices)) {
        json_object_array_add(choices, NULL);
    }
}

#define FB_COMPONENT(name) "#/components/schemas/" name

/* A reference to the JsonValue component. */
static json_object *fb_any_value(void)
{
    return fb_one_key("$ref", json_object_new_string(
                                  FB_COMPONENT(FB_SCHEMA_JSON_VALUE)));
}

/* The values that are no container: no NUL in a text. */
static void fb_any_scalars(json_object *any)
{
    json_object *s = fb_typed("string");

    fb_json_put_str(s, "pattern", FB_PATTERN_NO_NUL);
    json_object_array_add(any, fb_typed("number"));
    json_object_array_add(any, fb_typed("boolean"));
    json_object_array_add(any, fb_typed("null"));
    json_object_array_add(any, s);
}

json_object *fb_schema_json_object(void)
{
    json_object *s = fb_typed("object");

    fb_json_put(s, "additionalProperties", fb_any_value());
    fb_json_put(s, "propertyNames", fb_one_key(
                    "pattern", json_object_new_string(FB_PATTERN_NO_NUL)));
    return s;
}

json_object *fb_schema_json_value(void)
{
    json_object *any = json_object_new_array();
    json_object *items = json_object_new_array();
    json_object *a = fb_typed("array"), *s;

    /* An array's items are no arrays: the recursion goes through objects
     * only, which typed clients can declare (TypeScript refuses a type
     * that is an array of itself). */
    fb_any_scalars(items);
    json_object_array_add(items, fb_one_key(
        "$ref", json_object_new_string(FB_COMPONENT(FB_SCHEMA_JSON_OBJECT))));
    fb_json_put(a, "items", fb_one_key("anyOf", items));
    fb_any_scalars(any);
    json_object_array_add(any, a);
    json_object_array_add(any, fb_one_key(
        "$ref", json_object_new_string(FB_COMPONENT(FB_SCHEMA_JSON_OBJECT))));
    s = fb_one_key("anyOf", any);
    fb_json_put_str(s, "description", "Any JSON value but an array in an "
                    "array; no text in it, nor a member's name, holds a NUL "
                    "character.");
    return s;
}

static json_object *fb_rule_schema(const fb_field_rule_t *rule)
{
    json_object *s, *items;

    switch (rule->type) {
    case FB_FIELD_STRING:
        s = fb_string_schema(rule->min, rule->max);
        if (rule->format != NULL) {
            return fb_formed(s, rule->format);
        }
        if (rule->flags & FB_FIELD_TRIM) {
            fb_trimmed(s, rule->min);
        }
        return s;
    case FB_FIELD_INT:
        return fb_int_schema(rule->min, rule->max);
    case FB_FIELD_NUMBER:
        return fb_typed("number");
    case FB_FIELD_BOOL:
        return fb_typed("boolean");
    case FB_FIELD_ENUM:
        return fb_enum_schema(rule->choices);
    case FB_FIELD_ID:
        return fb_formed(fb_typed("string"), &fb_format_object_id);
    case FB_FIELD_OBJECT:
        return rule->fields != NULL ? fb_schema_of_rules(rule->fields)
                                    : fb_schema_json_object();
    case FB_FIELD_STRING_ARRAY:
    case FB_FIELD_ARRAY:
    case FB_FIELD_STRINGS:
        s = fb_typed("array");
        if (rule->type == FB_FIELD_ARRAY) {
            items = rule->fields != NULL ? fb_schema_of_rules(rule->fields)
                                         : fb_any_value();
        }
        else if (rule->type == FB_FIELD_STRING_ARRAY
                 && rule->choices != NULL) {
            items = fb_enum_schema(rule->choices);
        }
        else {
            items = fb_string_schema(0, rule->item_max);
            if (rule->type == FB_FIELD_STRING_ARRAY
                && rule->format != NULL) {
                fb_formed(items, rule->format);
            }
        }
        fb_json_put(s, "items", items);
        if (rule->min > 0) {
            fb_put_int(s, "minItems", rule->min);
        }
        fb_put_int(s, "maxItems", rule->max);
        if (rule->type == FB_FIELD_STRINGS) {
            /* A string, or an array of such strings. */
            fb_json_put(s, "type", fb_choices(fb_strings_types));
            fb_put_int(s, "maxLength", rule->item_max);
            fb_json_put_str(s, "pattern", FB_PATTERN_NO_NUL);
        }
        return s;
    case FB_FIELD_TIME_OR_UNIX:
        /* The pattern applies to a string, the bounds to a number. */
        s = fb_formed(json_object_new_object(), &fb_format_time);
        fb_json_put(s, "type", fb_choices(fb_time_types));
        fb_put_int(s, "minimum", 0);
        fb_json_put(s, "exclusiveMaximum",
                    json_object_new_int64(FB_UNIX_SECONDS_END));
        fb_json_put_str(s, "description", "An ISO 8601 date or date-time with "
                        "a time zone, or Unix seconds.");
        return s;
    case FB_FIELD_TIME:
        s = fb_formed(fb_typed("string"), &fb_format_time);
        fb_json_put_str(s, "format", "date-time");
        fb_json_put_str(s, "description",
                        "An ISO 8601 date or date-time with a time zone.");
        return s;
    case FB_FIELD_EMAIL:
        s = fb_formed(fb_string_schema(rule->min, rule->max),
                      &fb_format_email);
        fb_json_put_str(s, "format", "email");
        return s;
    case FB_FIELD_URL:
        s = fb_formed(fb_string_schema(1, rule->max), &fb_format_url);
        fb_json_put_str(s, "format", "uri");
        return s;
    case FB_FIELD_WEBSITE:
        s = fb_formed(fb_string_schema(1, rule->max), &fb_format_website);
        fb_json_put_str(s, "description", "An http or https URL, or an "
                        "address without a scheme (acme.com).");
        return s;
    case FB_FIELD_VALUES:
        /* Custom field values: primitives, or arrays of them. */
        s = fb_typed("object");
        fb_put_int(s, "maxProperties", rule->max);
        items = json_object_new_object();
        fb_json_put(items, "type", fb_choices(fb_value_types));
        fb_json_put_str(items, "pattern", FB_PATTERN_NO_NUL);
        fb_json_put(items, "items", json_object_new_object());
        fb_json_put(json_object_object_get(items, "items"), "type",
                    fb_choices(fb_value_types + 1));
        fb_json_put_str(json_object_object_get(items, "items"), "pattern",
                        FB_PATTERN_NO_NUL);
        fb_json_put(s, "additionalProperties", items);
        fb_json_put(s, "propertyNames", fb_one_key(
                        "pattern", json_object_new_string(FB_PATTERN_NO_NUL)));
        return s;
    case FB_FIELD_ANY:
        return fb_any_value();
    case FB_FIELD_GROUP:
        return json_object_new_object();
    }
    return json_object_new_object();
}

/* The member name is given: present, and not null. */
static json_object *fb_given(const char *name)
{
    json_object *o = json_object_new_object();
    json_object *a = json_object_new_array();

    json_object_array_add(a, json_object_new_string(name));
    fb_json_put(o, "required", a);
    fb_json_put(o, "properties", fb_one_key(name, fb_one_key(
                    "not", fb_one_key("type",
                                      json_object_new_string("null")))));
    return o;
}

/*
 * A group (FB_FIELD_GROUP_OF) as JSON Schema, added to s's allOf:
 * required, anyOf of each member required; exclusive, not two of them
 * (not of anyOf of each pair required).  A member given null counts as
 * not given: each "required" is of a member that is not null.
 */
static void fb_group_schema(json_object *s, const fb_field_rule_t *g)
{
    json_object *all, *any, *pairs, *not_;
    const char *const *a, *const *b;

    if (!json_object_object_get_ex(s, "allOf", &all)) {
        fb_json_put(s, "allOf", all = json_object_new_array());
    }
    if (g->flags & FB_FIELD_REQUIRED) {
        any = json_object_new_array();
        for (a = g->choices; *a != NULL; a++) {
            json_object_array_add(any, fb_given(*a));
        }
        json_object_array_add(all, fb_one_key("anyOf", any));
    }
    if (g->flags & FB_FIELD_EXCLUSIVE) {
        pairs = json_object_new_array();
        for (a = g->choices; *a != NULL; a++) {
            for (b = a + 1; *b != NULL; b++) {
                json_object *both = json_object_new_array();

                json_object_array_add(both, fb_given(*a));
                json_object_array_add(both, fb_given(*b));
                json_object_array_add(pairs, fb_one_key("allOf", both));
            }
        }
        not_ = fb_one_key("anyOf", pairs);
        json_object_array_add(all, fb_one_key("not", not_));
    }
}

json_object *fb_schema_of_rules(const fb_field_rule_t *rules)
{
    json_object *s = fb_typed("object");
    json_object *props = json_object_new_object();
    json_object *required = json_object_new_array();
    const fb_field_rule_t *rule;

    for (rule = rules; rule != NULL && rule->name != NULL; rule++) {
        json_object *member;

        if (rule->type == FB_FIELD_GROUP) {
            fb_group_schema(s, rule);
            continue;
        }
        member = fb_rule_schema(rule);

        if (rule->flags & FB_FIELD_REQUIRED) {
            json_object_array_add(required,
                                  json_object_new_string(rule->name));
        }
        else {
            /* An optional member may be null: "not given", or with
             * FB_FIELD_NULL_CLEARS "clear it". */
            fb_nullable(member);
        }
        fb_json_put(props, rule->name, member);
    }
    fb_json_put(s, "properties", props);
    if (json_object_array_length(required) > 0) {
        fb_json_put(s, "required", required);
    }
    else {
        json_object_put(required);
    }
    fb_json_put(s, "additionalProperties", json_object_new_boolean(0));
    return s;
}

/* A query value's schema: a string of its rule's length and form.  A
 * list's values are split at commas, so none holds one. */
static json_object *fb_query_string(const fb_query_rule_t *rule)
{
    json_object *s = fb_string_schema(rule->min, rule->max);

    if (rule->format != NULL) {
        return fb_formed(s, rule->format);
    }
    if (rule->type == FB_Q_LIST) {
        fb_json_put_str(s, "pattern", "^[^,\\u0000]*$");
    }
    return s;
}

static json_object *fb_query_schema(const fb_query_rule_t *rule)
{
    json_object *s;

    switch (rule->type) {
    case FB_Q_INT:
        s = fb_int_schema(rule->min, rule->max);
        if (rule->dflt != NULL) {
            fb_put_int(s, "default", atol(rule->dflt));
        }
        return s;
    case FB_Q_BOOL:
        s = fb_typed("boolean");
        if (rule->dflt != NULL) {
            fb_json_put(s, "default", json_object_new_boolean(
                            strcmp(rule->dflt, "true") == 0));
        }
        return s;
    case FB_Q_ENUM:
        s = fb_enum_schema(rule->choices);
        break;
    case FB_Q_LIST:
        s = fb_typed("array");
        fb_json_put(s, "items", rule->choices != NULL
                                ? fb_enum_schema(rule->choices)
                                : fb_query_string(rule));
        break;
    case FB_Q_STRING:
    default:
        s = fb_query_string(rule);
        break;
    }
    if (rule->dflt != NULL) {
        fb_json_put_str(s, "default", rule->dflt);
    }
    return s;
}

json_object *fb_schema_query_params(const fb_query_rule_t *rules)
{
    json_object *list = json_object_new_array();
    const fb_query_rule_t *rule;

    for (rule = rules; rule != NULL && rule->name != NULL; rule++) {
        json_object *param = json_object_new_object();

        fb_json_put_str(param, "name", rule->name);
        fb_json_put_str(param, "in", "query");
        if (rule->flags & FB_Q_REQUIRED) {
            fb_json_put(param, "required", json_object_new_boolean(1));
        }
        if (rule->type == FB_Q_LIST) {
            /* Also taken repeated and as name[]; comma-separated is the
             * form every client can send. */
            fb_json_put_str(param, "style", "form");
            fb_json_put(param, "explode", json_object_new_boolean(0));
        }
        fb_json_put(param, "schema", fb_query_schema(rule));
        json_object_array_add(list, param);
    }
    return list;
}
