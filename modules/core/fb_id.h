/*
 * fb_id: object ids as the API shows them.
 *
 * Ids are 24 hexadecimal characters in the ObjectId layout (4-byte
 * seconds, 5 random bytes, 3-byte counter).  PostgreSQL makes them
 * (fb_object_id() in sql/001_init.sql) so every writer, the module and the
 * operator command alike, uses one generator; this file only reads them.
 */
#ifndef FB_ID_H
#define FB_ID_H

#include <apr_pools.h>

#define FB_ID_LEN 24

/* Non-zero when s is 24 hexadecimal characters of either case. */
int fb_id_valid(const char *s);

/* s in the stored (lower-case) form, in p; NULL when s is not valid. */
const char *fb_id_normalize(apr_pool_t *p, const char *s);

#endif
