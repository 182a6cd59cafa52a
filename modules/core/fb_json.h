/*
 * fb_json: json-c bound to APR pools.
 *
 * json-c allocates with malloc and counts references without atomics, so
 * an object must never be shared between threads and must be released on
 * every path.  fb_json_owned() hands the release to a pool cleanup, which
 * makes "no json-c object outlives its request" a property of the pool.
 */
#ifndef FB_JSON_H
#define FB_JSON_H

#include <apr_pools.h>
#include <json.h>

/* Deepest nesting a request body may have. */
#define FB_JSON_MAX_DEPTH 32

/* Ties obj to p: it is put when p is cleared.  Returns obj. */
json_object *fb_json_owned(apr_pool_t *p, json_object *obj);

/* The compact serialisation of obj, copied into p. */
const char *fb_json_text(apr_pool_t *p, json_object *obj);

/* s as a JSON string literal with its quotes, in p; "null" for NULL. */
const char *fb_json_quote(apr_pool_t *p, const char *s);

/*
 * Parses a request body strictly: RFC 8259 only (no NaN, Infinity, single
 * quotes or control characters in strings), well-formed UTF-8, no NUL byte
 * and no \u0000 escape, unpaired surrogate escapes refused, objects and
 * arrays nested at most FB_JSON_MAX_DEPTH deep, nothing but white space
 * after the value.  On success *out is owned by p (NULL for the text
 * null).  On failure returns APR_EINVAL and sets *why to a sentence for
 * the client.
 */
apr_status_t fb_json_parse(apr_pool_t *p, const char *buf, apr_size_t len,
                           json_object **out, const char **why);

/* The string member key of obj; NULL when absent, null or not a string. */
const char *fb_json_string(json_object *obj, const char *key);

/* The member key of obj (any type), or NULL. */
json_object *fb_json_member(json_object *obj, const char *key);

/* Sets obj's member key to v, whose reference obj takes. */
void fb_json_put(json_object *obj, const char *key, json_object *v);

/* Sets obj's member key to a new string of s. */
void fb_json_put_str(json_object *obj, const char *key, const char *s);

/* The boolean member key of obj; def when absent, null or not boolean. */
int fb_json_bool(json_object *obj, const char *key, int def);

/* The name of obj's first member that is none of names (NULL-terminated),
 * or NULL when every member is one of them. */
const char *fb_json_other_member(json_object *obj, const char *const *names);

#endif
