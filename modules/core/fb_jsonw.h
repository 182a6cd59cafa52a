/*
 * fb_jsonw: JSON written straight into one growing buffer of a pool.
 *
 * Resources used to render their JSON in PostgreSQL (json_build_object,
 * json_agg); that was most of the database's CPU per read.  They now
 * select plain columns and write the JSON here, in the very layout
 * PostgreSQL gave, so that the bytes an API client receives, and the
 * ETags computed over them, stay what they were:
 *
 *   object   {"key" : value, "key" : value}      (json_build_object)
 *   array    [value, value]                      (json_agg, json_build_array)
 *   object   { "key" : value, "key" : value }    (json_object_agg)
 *   strings  escaped as PostgreSQL's escape_json: \" \\ \b \f \n \r \t,
 *            other bytes below 0x20 as \u00xx, everything else as is
 *   jsonb    a column's own text, as is (its layout is {"key": value})
 *   object   {"key": value, "key": value}        (jsonb, fb_jsonw_jsonb:
 *            members in jsonb's order, shorter keys first, then by bytes)
 *   object   {"key":value,"key":value}           (row_to_json, and the
 *            API's own small answers: fb_jsonw_compact)
 *
 * The writer keeps the separators itself: a value written after a key
 * follows its " : ", one written into an array or after another member
 * is preceded by ", ".  No call fails; memory comes from the pool.
 */
#ifndef FB_JSONW_H
#define FB_JSONW_H

#include <apr_pools.h>
#include <apr_tables.h>

/* Objects and arrays nested deeper than this are a bug of the caller. */
#define FB_JSONW_DEPTH 16

typedef struct {
    apr_pool_t *pool;
    char *buf;
    apr_size_t len;
    apr_size_t cap;
    int depth;
    int count[FB_JSONW_DEPTH];  /* values written at each level */
    char close[FB_JSONW_DEPTH]; /* the bracket that ends each level */
    char spaced[FB_JSONW_DEPTH]; /* json_object_agg's "{ " ... " }" */
    int after_key;              /* the next value is a member's */
    char jsonb[FB_JSONW_DEPTH];  /* the level is in jsonb's layout */
    char compact[FB_JSONW_DEPTH]; /* the level is compact (no spaces) */
    char unsorted[FB_JSONW_DEPTH]; /* a jsonb object's member came out of
                                  * jsonb's order, or twice */
    apr_array_header_t *members[FB_JSONW_DEPTH]; /* a jsonb object's
                                  * members so far (fb_jsonw.c) */
    char *scratch;              /* where such an object is sorted */
    apr_size_t scratch_cap;
} fb_jsonw_t;

/* An empty writer whose buffer starts at size bytes (grown as needed). */
void fb_jsonw_init(fb_jsonw_t *w, apr_pool_t *p, apr_size_t size);

/* The text written so far, NUL-terminated, and its length. */
const char *fb_jsonw_text(fb_jsonw_t *w, apr_size_t *len);

void fb_jsonw_object(fb_jsonw_t *w);
void fb_jsonw_array(fb_jsonw_t *w);
/* An object in json_object_agg's layout: { "key" : value, "key" : value }
 * (spaces inside its braces). */
void fb_jsonw_object_agg(fb_jsonw_t *w);
/*
 * An object in jsonb's layout, {"key": value, "key": value}, as
 * PostgreSQL writes a jsonb: its members in jsonb's order (shorter keys
 * first, then by their bytes), a key written twice keeping only its last
 * value (jsonb_build_object's and ||'s rule).  Objects opened inside it,
 * directly or in its arrays, are in jsonb's layout too.  Members written
 * in jsonb's order are written as they come; an object whose members
 * were not is sorted when it ends.  Its keys must live until it ends
 * (literals, strings of the pool).
 */
void fb_jsonw_jsonb(fb_jsonw_t *w);
/*
 * An object in the compact layout, {"key":value,"key":value}, as
 * row_to_json writes a row (and json-c an object): the layout of the
 * API's small answers that are not a resource (a vote's, a delete's).
 * Objects and arrays opened inside it are compact too ([1,"a"]).
 */
void fb_jsonw_compact(fb_jsonw_t *w);
/* Closes the innermost object or array. */
void fb_jsonw_end(fb_jsonw_t *w);

/* The name of the next member of the open object. */
void fb_jsonw_key(fb_jsonw_t *w, const char *key);

/* A string; NULL writes null. */
void fb_jsonw_string(fb_jsonw_t *w, const char *s);

/* A JSON text as is (a number, true, a jsonb column); NULL writes null. */
void fb_jsonw_raw(fb_jsonw_t *w, const char *json);

/* A boolean from PostgreSQL's text form ("t" or "f"); NULL writes null. */
void fb_jsonw_pg_bool(fb_jsonw_t *w, const char *b);

/*
 * A timestamp as the API writes them (fb_iso: "2026-11-25T08:15:00.123Z",
 * milliseconds truncated), from the text PostgreSQL gives for a UTC
 * timestamp without time zone under DateStyle ISO ("2026-11-25
 * 08:15:00.123456", fraction optional); NULL writes null.  Returns 0
 * (writing null) when ts is not in that form.
 */
int fb_jsonw_pg_time(fb_jsonw_t *w, const char *ts);

/* A member: its key, then its value as fb_jsonw_string, fb_jsonw_pg_bool
 * and fb_jsonw_pg_time write it (the last returning what it does). */
void fb_jsonw_member_string(fb_jsonw_t *w, const char *key, const char *s);
void fb_jsonw_member_bool(fb_jsonw_t *w, const char *key, const char *b);
int fb_jsonw_member_time(fb_jsonw_t *w, const char *key, const char *ts);

/*
 * Writes the byte c and starts afresh at the outermost level: for a
 * sequence the writer does not separate itself (the API's own compact
 * list envelope holds objects in PostgreSQL's layout, joined by ",").
 */
void fb_jsonw_restart(fb_jsonw_t *w, char c);

/* Appends bytes with no separator (the writer's own building block). */
void fb_jsonw_bytes(fb_jsonw_t *w, const char *s, apr_size_t n);

#endif
