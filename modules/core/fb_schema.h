/*
 * fb_schema: the JSON Schema (2020-12, as OpenAPI 3.1 uses it) of what
 * the body and query rules accept.
 *
 * The served description (/v2/openapi.json) takes its request bodies and
 * query parameters from the very rules the pipeline checks requests
 * against, so the two cannot disagree.  A rule's schema accepts exactly
 * what fb_validate_body() and fb_query_check() accept, except for what
 * JSON Schema cannot say (an id's form is a pattern, a date's form is a
 * format, and white space trimmed before a length is counted).
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

/* The OpenAPI parameter objects (in: query) of rules (NULL: none): a new
 * array the caller owns. */
json_object *fb_schema_query_params(const fb_query_rule_t *rules);

#endif
