/*
 * fb_vcache: a per-process cache of values that carry a version.
 *
 * For what nearly every read would otherwise look up again, such as an
 * organization's statuses and tags.  The database keeps the version and
 * bumps it in the transaction of every write that changes the value; a
 * read gets the version with its rows and uses the cached value only when
 * its version is the same, so a change is seen by the next read, in every
 * child.  Versions must never be reused (a sequence): a value read inside
 * a write that then rolled back carries a number nobody else will see.
 *
 * Thread-safe (one read-write lock: lookups share it, a put takes it
 * alone; holders are counted atomically).  A value is shared by whoever
 * got it and freed after the last holder releases it, once it has been
 * replaced or dropped.  Bounded: when full, every entry is dropped.
 */
#ifndef FB_VCACHE_H
#define FB_VCACHE_H

#include <apr_pools.h>

typedef struct fb_vcache fb_vcache_t;
typedef struct fb_vcache_entry fb_vcache_ref_t;

/* A cache of at most max_entries keys, living as long as p. */
apr_status_t fb_vcache_create(apr_pool_t *p, int max_entries,
                              fb_vcache_t **out);

/*
 * The value cached for key at version, held (*ref) until
 * fb_vcache_release(); NULL when there is none at that version.
 */
const void *fb_vcache_get(fb_vcache_t *c, const char *key,
                          apr_int64_t version, fb_vcache_ref_t **ref);

/*
 * Caches value, a block from malloc() the cache now owns and frees with
 * free(), as key's at version (replacing what was), and holds it as
 * fb_vcache_get() does.  NULL, value freed, when out of memory.
 */
fb_vcache_ref_t *fb_vcache_put(fb_vcache_t *c, const char *key,
                               apr_int64_t version, void *value);

/* Lets go of a value got or put; NULL does nothing. */
void fb_vcache_release(fb_vcache_t *c, fb_vcache_ref_t *ref);

/* Keys held (for tests). */
int fb_vcache_count(fb_vcache_t *c);

#endif
