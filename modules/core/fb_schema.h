/*
 * fb_schema: the JSON Schema (2020-12, as OpenAPI 3.1 uses it) of what
 * the body and query rules accept.
 *
 * The served description (/v2/openapi.json) takes its request bodies and
 * query parameters from the very rules the pipeline checks requests
 * against, so the two cannot disagree.  A rule's schema accepts what
 * fb_validate_body() and fb_query_check() accept: a form's pattern
 * (fb_field_format_t) beside the function that checks it, no NUL in any
 * text, a group's members as anyOf and not of "required".  Where a
 * pattern would be long it is narrower than the check, never wider (a
 * trimmed text above one character is shown without white space around
 * it; fb_format_time leaves out the 29th of February), so what the
 * schema calls valid is accepted.
 */
#ifndef FB_SCHEMA_H
#define FB_SCHEMA_H

#include <json.h>

#include "fb_query.h"
#include "fb_validate.h"

/* The schema of an object whose members are rules (terminated by a NULL
 * name): no other member, the required ones required, null accepted
 * where it means "not given" or "clear".  A new object the caller owns. */
json_object *fb_schema_of_rules(const fb_field_rule_t *rules);

/*
 * A value of any JSON type with no NUL in any text, a member's name
 * included (FB_FIELD_ANY, and objects and arrays whose members no rule
 * names): components of the served description, as they refer to each
 * other.  An array in an array is left out (narrower than the body
 * parser, never wider): a typed client cannot declare a type that is an
 * array of itself.  New objects the caller owns.
 */
#define FB_SCHEMA_JSON_VALUE "JsonValue"
#define FB_SCHEMA_JSON_OBJECT "JsonObject"
json_object *fb_schema_json_value(void);
json_object *fb_schema_json_object(void);

/* The OpenAPI parameter objects (in: query) of rules (NULL: none): a new
 * array the caller owns. */
json_object *fb_schema_query_params(const fb_query_rule_t *rules);

#endif
