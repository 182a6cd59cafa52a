/*
 * fb_openapi: the OpenAPI 3.1 description of what this server serves,
 * answered at GET /v2/openapi.json.
 *
 * It is put together once, when the configuration is read, from:
 *   - the route tables: every path and method, nothing else;
 *   - each operation's rules: path, query and header parameters, the
 *     request body's schema (fb_schema.h), whether a key is needed;
 *   - the error table: the error envelope and its codes;
 *   - each resource family's part, openapi.json beside its sources:
 *     a summary and the answers of each of its operations, and the
 *     schemas of what it answers (the shapes its statements render).
 * Every route must have its part's entry and every entry its route, and
 * every schema reference must resolve, or httpd does not start (FB00480):
 * the description cannot drift from the routes.  The suite checks every
 * answer it receives against the description served (t/api/contract.py).
 *
 * A part is a JSON object:
 *   {"tag": "Teams",
 *    "operations": {
 *      "GET /teams": {"operationId": "listTeams", "summary": "...",
 *                     "200": {"list": "Team"}},
 *      "POST /teams": {"summary": "...", "extension": true,
 *                      "rules": {"members": "Ids of admins ..."},
 *                      "201": "Team"}},
 *    "schemas": {"Team": {...JSON Schema...}}}
 * operationId is the reference's where it has the operation (else one is
 * made of the method and the path); rules are what a parameter or member
 * must be beyond its schema, each a sentence, shown in the description
 * and as x-rules (a cursor's rule is added to every operation with one).
 * An answer is a schema's name, {"list": name} (the list envelope of
 * such items), {"array": name}, {"schema": {...}}, {"media": type} (a
 * page or a file) or null (no body).
 * Errors are described once for all: any 4xx or 5xx is the envelope.
 */
#ifndef FB_OPENAPI_H
#define FB_OPENAPI_H

#include "httpd.h"

#include "fb_route.h"

/* One family's part: its file's name and text (fb_openapi_parts.c is
 * made from modules/resources/<family>/openapi.json by the build). */
typedef struct {
    const char *file;
    const char *text;
} fb_openapi_part_t;

extern const fb_openapi_part_t fb_openapi_parts[];  /* NULL-terminated */

/* Puts the description of tables together in p and keeps it for
 * fb_openapi_text().  On a failure returns APR_EINVAL and sets *why. */
apr_status_t fb_openapi_build(apr_pool_t *p, const fb_route_t *const *tables,
                              const char **why);

/* The description (compact JSON) and its strong entity tag. */
const char *fb_openapi_text(void);
const char *fb_openapi_etag(void);

#endif
