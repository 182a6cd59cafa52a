/*
 * fb_cursor: opaque keyset cursors.
 *
 * A cursor names the position after the last row of a page: the sort it
 * was made for, the sort key of that row and its id.  It travels as
 * base64url (no padding) of "sort|key|id", at most FB_CURSOR_MAX
 * characters.  Clients must treat it as opaque; the server refuses a
 * cursor that does not decode or that was made for another sort.
 */
#ifndef FB_CURSOR_H
#define FB_CURSOR_H

#include <apr_pools.h>

#define FB_CURSOR_MAX 512

typedef struct {
    const char *sort;   /* the list and order it belongs to */
    const char *key;    /* the last row's sort key, as text */
    const char *id;     /* the last row's id (tie-breaker) */
} fb_cursor_t;

/* The cursor text for (sort, key, id), in p; NULL if it would be too long. */
const char *fb_cursor_encode(apr_pool_t *p, const char *sort,
                             const char *key, const char *id);

/* The form of the ids a list's cursors carry. */
typedef enum {
    FB_CURSOR_OBJECT_IDS = 0,   /* 24 hexadecimal characters (normalized) */
    FB_CURSOR_SHORT_IDS         /* fb_short_id_valid: the help center's */
} fb_cursor_ids_e;

/*
 * Decodes text into *out.  Fails with APR_EINVAL when the text is too
 * long, not base64url, not of the form, made for a sort other than
 * expected_sort, or when its id is not of the form ids says.
 */
apr_status_t fb_cursor_decode(apr_pool_t *p, const char *text,
                              const char *expected_sort, fb_cursor_ids_e ids,
                              fb_cursor_t *out);

#endif
