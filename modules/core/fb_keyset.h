/*
 * fb_keyset: a bounded set of 64-bit fingerprints, each with the time it
 * was last seen.
 *
 * httpd keeps the API keys a node has seen authenticate in one (in the
 * rate limits' shared memory, fb_limits.c), so that every child of the
 * node knows them whatever its own key cache has forgotten.  As with
 * fb_ratelimit, the table lives in memory the caller provides and the
 * caller serialises calls; this file only keeps the set.
 *
 * A fingerprint has a bucket of FB_KEYSET_WAYS slots, chosen by its
 * value.  A full bucket gives up the fingerprint seen least recently, so
 * the set never grows and what is in use stays; a fingerprint given up
 * is only unknown again until it is added anew.
 */
#ifndef FB_KEYSET_H
#define FB_KEYSET_H

#include <apr.h>

#define FB_KEYSET_WAYS 8

typedef struct fb_keyset fb_keyset_t;

/* Bytes needed for a set of nslots slots (whole buckets: at least
 * FB_KEYSET_WAYS). */
apr_size_t fb_keyset_size(apr_uint32_t nslots);

/* Lays an empty set over mem (of fb_keyset_size(nslots) bytes). */
fb_keyset_t *fb_keyset_init(void *mem, apr_uint32_t nslots);

/* Adds fingerprint, or marks it seen again, at Unix time now. */
void fb_keyset_add(fb_keyset_t *ks, apr_uint64_t fingerprint,
                   apr_int64_t now);

/* Whether fingerprint is in the set. */
int fb_keyset_has(const fb_keyset_t *ks, apr_uint64_t fingerprint);

/* Takes fingerprint out of the set (nothing when it is not there). */
void fb_keyset_remove(fb_keyset_t *ks, apr_uint64_t fingerprint);

/* How many fingerprints the set holds, and its number of slots. */
apr_uint32_t fb_keyset_used(const fb_keyset_t *ks);
apr_uint32_t fb_keyset_slots(const fb_keyset_t *ks);

#endif
