/*
 * fb_validate: request bodies, declared and checked as data.
 *
 * A write operation lists its fields as rules; fb_validate_body() checks a
 * parsed body against them and reports every bad field (in `details`),
 * naming the first in the error's code and param:
 *   - a field no rule names: parameter_not_supported;
 *   - a required field absent or null: missing_parameter;
 *   - a value of the wrong type, length, range or choice: invalid_parameter.
 * An explicit null on an optional field passes and means "not given":
 * unless the rule has FB_FIELD_NULL_CLEARS (the handler then clears the
 * value), the member is removed from the body, in every object that has
 * rules (array items included), so that handlers and statements given the
 * body see such a field only with a value.  Nulls inside values without
 * rules of their own (FB_FIELD_VALUES, a plain FB_FIELD_OBJECT) stay.
 */
#ifndef FB_VALIDATE_H
#define FB_VALIDATE_H

#include <apr_pools.h>
#include <json.h>

#include "fb_error.h"
#include "fb_utf8.h"

typedef enum {
    FB_FIELD_STRING,        /* length in characters min..max */
    FB_FIELD_INT,           /* integer min..max */
    FB_FIELD_NUMBER,        /* any JSON number */
    FB_FIELD_BOOL,
    FB_FIELD_ENUM,          /* a string among choices */
    FB_FIELD_ID,            /* a 24-hex object id */
    FB_FIELD_OBJECT,
    FB_FIELD_STRING_ARRAY,  /* min..max items, each at most item_max */
    FB_FIELD_ARRAY,         /* min..max items of any type */
    FB_FIELD_STRINGS,       /* a string, or an array as STRING_ARRAY */
    FB_FIELD_TIME,          /* an ISO 8601 date or date-time (fb_time.h) */
    FB_FIELD_TIME_OR_UNIX,  /* that, or Unix seconds as a number >= 0 */
    FB_FIELD_EMAIL,         /* an email address of min..max characters */
    FB_FIELD_URL,           /* an http or https URL of at most max */
    FB_FIELD_WEBSITE,       /* that, or an address without a scheme
                             * ("acme.com", "acme.com:8080/x") */
    FB_FIELD_VALUES,        /* an object of at most max members, each a
                             * string, number, boolean, null or an array
                             * of those (custom field values) */
    FB_FIELD_ANY,
    FB_FIELD_GROUP          /* not a member: a rule over the members that
                             * choices names (FB_FIELD_GROUP_OF) */
} fb_field_type_e;

/* FB_FIELD_TIME_OR_UNIX: Unix seconds are below this (year 10000). */
#define FB_UNIX_SECONDS_END 253402300800LL

#define FB_FIELD_REQUIRED    0x1
#define FB_FIELD_NULL_CLEARS 0x2
/* FB_FIELD_STRING: white space around the text is removed from the body
 * before its length is checked, so "   " is empty and a title is stored
 * without it. */
#define FB_FIELD_TRIM        0x4
/* FB_FIELD_GROUP: at most one of its members may be given (with
 * FB_FIELD_REQUIRED: exactly one). */
#define FB_FIELD_EXCLUSIVE   0x8
/* The value is a secret (a webhook's header values, the identity
 * secret): the audit log keeps that it was given, never the value. */
#define FB_FIELD_SECRET      0x10

/*
 * A form a string's text must have beyond its length (FB_FIELD_STRING's
 * format, a query parameter's, a path parameter's): valid says whether
 * text has it.  A text without it is refused as "The <field> must be
 * <what>." (the form's own sentence, where a length's problem reads
 * "'<field>' must ...").  pattern is the same form as a regular
 * expression (ECMA 262, JSON Schema's "pattern"), which the served
 * description shows: the two are written side by side so that they
 * change together, and t/unit/test_validate.c and
 * t/api/test_description_strict.py hold them to one another.  min and
 * max, when not 0, are its length in characters, shown as minLength and
 * maxLength.
 */
typedef struct {
    int (*valid)(const char *text);
    const char *what;
    const char *pattern;
    long min;
    long max;
} fb_field_format_t;

/* "#" and six hexadecimal digits, as "#3B82F6". */
extern const fb_field_format_t fb_format_hex_colour;

/* An object id: 24 hexadecimal characters of either case (fb_id.h). */
extern const fb_field_format_t fb_format_object_id;

/* The ids of the help center's objects: 1 to 16 letters and digits, as
 * the hosted API's request schemas take them. */
int fb_short_id_valid(const char *s);
extern const fb_field_format_t fb_format_short_id;

/* One segment of a URL's path as the help center's subpath is written:
 * 1 to 63 of [a-z0-9-], not beginning with a dash. */
int fb_path_segment_valid(const char *s);
extern const fb_field_format_t fb_format_path_segment;

/* A host name as a custom domain is written: lowercase labels of
 * [a-z0-9] and inner dashes, at least two, joined by dots, no port. */
int fb_host_name_valid(const char *s);
extern const fb_field_format_t fb_format_host_name;

/* The forms of FB_FIELD_EMAIL, FB_FIELD_URL, FB_FIELD_WEBSITE and
 * FB_FIELD_TIME (fb_email_valid, fb_url_valid, fb_website_valid,
 * fb_time_parse), whose patterns the served description shows. */
extern const fb_field_format_t fb_format_email;
extern const fb_field_format_t fb_format_url;
extern const fb_field_format_t fb_format_website;
extern const fb_field_format_t fb_format_time;

/* A string of characters none of which is NUL, which no body or query
 * can carry (fb_json.c, fb_query.c): the pattern of every other text. */
#define FB_PATTERN_NO_NUL "^[^\\u0000]*$"

/*
 * A group: the members named (NULL-terminated) of which at least one
 * must be given (FB_FIELD_REQUIRED) and at most one may be
 * (FB_FIELD_EXCLUSIVE), checked once every member is: given none, a
 * missing_parameter naming the first; given two, an invalid_parameter
 * naming the second.  Explicit nulls count as not given.  The served
 * description says it as anyOf / oneOf / not of "required".
 */
#define FB_FIELD_GROUP_OF(group_flags, ...) \
    {.name = "", .type = FB_FIELD_GROUP, .flags = (group_flags), \
     .choices = (const char *const[]){__VA_ARGS__, NULL}}

typedef struct fb_field_rule {
    const char *name;
    fb_field_type_e type;
    unsigned flags;
    long min;
    long max;
    /* FB_FIELD_ENUM: NULL-terminated; FB_FIELD_STRING_ARRAY: what each
     * item must be one of (NULL: any text). */
    const char *const *choices;
    long item_max;                  /* FB_FIELD_STRING_ARRAY, STRINGS */
    /* FB_FIELD_OBJECT: its members; FB_FIELD_ARRAY: every item is an
     * object with these members (named "field[i].member"). */
    const struct fb_field_rule *fields;
    /* FB_FIELD_STRING, and each item of FB_FIELD_STRING_ARRAY: the form
     * the text has, checked after its length; or NULL. */
    const fb_field_format_t *format;
} fb_field_rule_t;

/* Non-zero when s looks like an email address: one "@" with text on both
 * sides, a dot in the domain, no white space or control characters. */
int fb_email_valid(const char *s);

/* Non-zero when s is an absolute http or https URL with a host and no
 * white space or control characters. */
int fb_url_valid(const char *s);

/* Non-zero when s is an http or https URL (fb_url_valid), or an address
 * without a scheme: no white space or control characters, and no colon
 * before the first '/', '?' or '#' but one a port follows.  Other
 * schemes (javascript:, data:, mailto:) are not a website. */
int fb_website_valid(const char *s);

/* Non-zero when s is "#" and six hexadecimal digits. */
int fb_hex_colour_valid(const char *s);

/*
 * Checks body against rules (terminated by a rule with a NULL name);
 * members of objects with their own rules are checked the same way and
 * named "outer.inner".  Removes the nulls that mean "not given" (above).
 * Returns NULL when the body is acceptable.
 */
fb_error_t *fb_validate_body(apr_pool_t *p, json_object *body,
                             const fb_field_rule_t *rules);

#endif
