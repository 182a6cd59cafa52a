/*
 * fb_keycache: a per-process cache of API key lookups.
 *
 * Authenticating every request against the database would cost a round
 * trip per request, so each httpd child remembers what a key hash
 * resolved to (or that it resolved to nothing) for a short time-to-live.
 * A revoked key therefore keeps working in a child for at most the TTL
 * after its revocation (FeedbackKeyCacheTTL, 10 s by default).
 *
 * Thread-safe (one mutex); bounded: when full, expired entries go first
 * and, if none has expired, everything is dropped.  Entries are reused,
 * so memory stays flat whatever the traffic.
 */
#ifndef FB_KEYCACHE_H
#define FB_KEYCACHE_H

#include <apr_pools.h>
#include <apr_time.h>

#include "fb_crypto.h"
#include "fb_perm.h"

/* Who a key speaks for. */
typedef struct {
    char org_id[25];
    char admin_id[25];
    char key_id[25];        /* the API key's id */
    fb_perms_t perms;
    int viewer;             /* the built-in read-only role */
    int owner;              /* the built-in Owner role */
    int version;            /* the organization's default, or -1 */
} fb_principal_t;

typedef struct fb_keycache fb_keycache_t;

typedef enum {
    FB_KEYCACHE_MISS = 0,
    FB_KEYCACHE_FOUND,      /* *out is filled */
    FB_KEYCACHE_INVALID     /* known not to be a valid key */
} fb_keycache_result_e;

apr_status_t fb_keycache_create(apr_pool_t *p, int max_entries,
                                apr_interval_time_t ttl,
                                fb_keycache_t **out);

fb_keycache_result_e fb_keycache_get(fb_keycache_t *c,
                                     const unsigned char *hash,
                                     apr_time_t now, fb_principal_t *out);

/* Remembers hash -> principal (NULL: not a valid key) until now + ttl. */
void fb_keycache_put(fb_keycache_t *c, const unsigned char *hash,
                     apr_time_t now, const fb_principal_t *principal);

/* Number of entries held (for tests). */
int fb_keycache_count(fb_keycache_t *c);

#endif
