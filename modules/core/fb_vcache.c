/*
 * fb_vcache: key -> (version, value) under one read-write lock, values
 * counted by their holders (atomically: the table holds one count while
 * a value is in it, each fb_vcache_get or _put one more).
 *
 * Lookups share the lock and count the value they found with an atomic
 * increment, so readers never wait for one another (under a mutex, a
 * reader preempted while holding it stopped every other reader of the
 * child for its time slice: the public help center's pages, all
 * answered from here, showed that as their tail).  Only putting (and
 * dropping) takes the lock alone; releasing takes no lock: whoever
 * brings the count to zero frees the value, which is then in no table.
 */
#include <stdlib.h>
#include <string.h>

#include <apr_atomic.h>
#include <apr_hash.h>
#include <apr_thread_rwlock.h>

#include "fb_vcache.h"

struct fb_vcache_entry {
    char *key;                  /* malloc'd, the hash's key */
    apr_int64_t version;
    void *value;
    volatile apr_uint32_t holders;  /* the table's count included */
};

struct fb_vcache {
    apr_thread_rwlock_t *lock;
    apr_hash_t *entries;
    int max_entries;
};

static void fb_vcache_free(struct fb_vcache_entry *e)
{
    free(e->value);
    free(e->key);
    free(e);
}

/* Lets go of one count of e, freeing it with the last. */
static void fb_vcache_unhold(struct fb_vcache_entry *e)
{
    if (apr_atomic_dec32(&e->holders) == 0) {
        fb_vcache_free(e);
    }
}

/* Takes e out of the table (the table's count goes); the caller holds
 * the lock alone (or the cache is going). */
static void fb_vcache_drop(fb_vcache_t *c, struct fb_vcache_entry *e)
{
    apr_hash_set(c->entries, e->key, APR_HASH_KEY_STRING, NULL);
    fb_vcache_unhold(e);
}

/* With its pool: what is still cached goes (a holder frees its own). */
static apr_status_t fb_vcache_cleanup(void *data)
{
    fb_vcache_t *c = data;
    apr_hash_index_t *hi;

    for (hi = apr_hash_first(NULL, c->entries); hi; hi = apr_hash_next(hi)) {
        fb_vcache_drop(c, apr_hash_this_val(hi));
    }
    return APR_SUCCESS;
}

apr_status_t fb_vcache_create(apr_pool_t *p, int max_entries,
                              fb_vcache_t **out)
{
    fb_vcache_t *c = apr_pcalloc(p, sizeof(*c));
    apr_status_t rv;

    c->entries = apr_hash_make(p);
    c->max_entries = max_entries > 0 ? max_entries : 1;
    rv = apr_thread_rwlock_create(&c->lock, p);
    if (rv == APR_SUCCESS) {
        /* Registered after the lock's own: runs before it goes. */
        apr_pool_cleanup_register(p, c, fb_vcache_cleanup,
                                  apr_pool_cleanup_null);
        *out = c;
    }
    return rv;
}

const void *fb_vcache_get(fb_vcache_t *c, const char *key,
                          apr_int64_t version, fb_vcache_ref_t **ref)
{
    struct fb_vcache_entry *e;

    *ref = NULL;
    apr_thread_rwlock_rdlock(c->lock);
    e = apr_hash_get(c->entries, key, APR_HASH_KEY_STRING);
    if (e != NULL && e->version == version) {
        /* In the table: its count is at least 1, and stays so while the
         * lock is shared. */
        apr_atomic_inc32(&e->holders);
        *ref = e;
    }
    apr_thread_rwlock_unlock(c->lock);
    return *ref != NULL ? (*ref)->value : NULL;
}

fb_vcache_ref_t *fb_vcache_put(fb_vcache_t *c, const char *key,
                               apr_int64_t version, void *value)
{
    struct fb_vcache_entry *e = calloc(1, sizeof(*e)), *old;
    apr_hash_index_t *hi;

    if (e == NULL || (e->key = strdup(key)) == NULL) {
        free(e);
        free(value);
        return NULL;
    }
    e->version = version;
    e->value = value;
    e->holders = 2;             /* the table's and the caller's */
    apr_thread_rwlock_wrlock(c->lock);
    old = apr_hash_get(c->entries, key, APR_HASH_KEY_STRING);
    if (old != NULL) {
        fb_vcache_drop(c, old);
    }
    else if ((int)apr_hash_count(c->entries) >= c->max_entries) {
        for (hi = apr_hash_first(NULL, c->entries); hi;
             hi = apr_hash_next(hi)) {
            fb_vcache_drop(c, apr_hash_this_val(hi));
        }
    }
    apr_hash_set(c->entries, e->key, APR_HASH_KEY_STRING, e);
    apr_thread_rwlock_unlock(c->lock);
    return e;
}

void fb_vcache_release(fb_vcache_t *c, fb_vcache_ref_t *ref)
{
    (void)c;
    if (ref != NULL) {
        fb_vcache_unhold(ref);
    }
}

int fb_vcache_count(fb_vcache_t *c)
{
    int n;

    apr_thread_rwlock_rdlock(c->lock);
    n = (int)apr_hash_count(c->entries);
    apr_thread_rwlock_unlock(c->lock);
    return n;
}
