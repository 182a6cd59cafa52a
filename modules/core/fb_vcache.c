/*
 * fb_vcache: key -> (version, value) under one mutex, values counted by
 * their holders.
 */
#include <stdlib.h>
#include <string.h>

#include <apr_hash.h>
#include <apr_thread_mutex.h>

#include "fb_vcache.h"

struct fb_vcache_entry {
    char *key;                  /* malloc'd, the hash's key */
    apr_int64_t version;
    void *value;
    int holders;
    int cached;                 /* still in the table */
};

struct fb_vcache {
    apr_thread_mutex_t *mutex;
    apr_hash_t *entries;
    int max_entries;
};

static void fb_vcache_free(struct fb_vcache_entry *e)
{
    free(e->value);
    free(e->key);
    free(e);
}

/* Takes e out of the table, freeing it unless someone holds it; the
 * caller holds the mutex. */
static void fb_vcache_drop(fb_vcache_t *c, struct fb_vcache_entry *e)
{
    apr_hash_set(c->entries, e->key, APR_HASH_KEY_STRING, NULL);
    e->cached = 0;
    if (e->holders == 0) {
        fb_vcache_free(e);
    }
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
    rv = apr_thread_mutex_create(&c->mutex, APR_THREAD_MUTEX_DEFAULT, p);
    if (rv == APR_SUCCESS) {
        /* Registered after the mutex's own: runs before it goes. */
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
    apr_thread_mutex_lock(c->mutex);
    e = apr_hash_get(c->entries, key, APR_HASH_KEY_STRING);
    if (e != NULL && e->version == version) {
        e->holders++;
        *ref = e;
    }
    apr_thread_mutex_unlock(c->mutex);
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
    e->holders = 1;
    e->cached = 1;
    apr_thread_mutex_lock(c->mutex);
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
    apr_thread_mutex_unlock(c->mutex);
    return e;
}

void fb_vcache_release(fb_vcache_t *c, fb_vcache_ref_t *ref)
{
    if (ref == NULL) {
        return;
    }
    apr_thread_mutex_lock(c->mutex);
    if (--ref->holders == 0 && !ref->cached) {
        fb_vcache_free(ref);
    }
    apr_thread_mutex_unlock(c->mutex);
}

int fb_vcache_count(fb_vcache_t *c)
{
    int n;

    apr_thread_mutex_lock(c->mutex);
    n = (int)apr_hash_count(c->entries);
    apr_thread_mutex_unlock(c->mutex);
    return n;
}
