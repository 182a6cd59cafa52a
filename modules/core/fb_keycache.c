/*
 * fb_keycache: hash -> principal with expiry, under one mutex.
 */
#include <string.h>

#include <apr_hash.h>
#include <apr_thread_mutex.h>

#include "fb_keycache.h"

typedef struct fb_keycache_entry {
    unsigned char hash[FB_SHA256_LEN];
    apr_time_t expires;
    int valid;
    fb_principal_t principal;
    struct fb_keycache_entry *next_free;
} fb_keycache_entry_t;

struct fb_keycache {
    apr_pool_t *pool;
    apr_thread_mutex_t *mutex;
    apr_hash_t *entries;
    fb_keycache_entry_t *free_list;
    int max_entries;
    apr_interval_time_t ttl;
};

apr_status_t fb_keycache_create(apr_pool_t *p, int max_entries,
                                apr_interval_time_t ttl,
                                fb_keycache_t **out)
{
    fb_keycache_t *c = apr_pcalloc(p, sizeof(*c));
    apr_status_t rv;

    c->pool = p;
    c->entries = apr_hash_make(p);
    c->max_entries = max_entries > 0 ? max_entries : 1;
    c->ttl = ttl;
    rv = apr_thread_mutex_create(&c->mutex, APR_THREAD_MUTEX_DEFAULT, p);
    if (rv == APR_SUCCESS) {
        *out = c;
    }
    return rv;
}

static void fb_keycache_remove(fb_keycache_t *c, fb_keycache_entry_t *e)
{
    apr_hash_set(c->entries, e->hash, FB_SHA256_LEN, NULL);
    e->next_free = c->free_list;
    c->free_list = e;
}

/* Makes room for one more entry; the caller holds the mutex. */
static void fb_keycache_make_room(fb_keycache_t *c, apr_time_t now)
{
    apr_hash_index_t *hi;

    if ((int)apr_hash_count(c->entries) < c->max_entries) {
        return;
    }
    for (hi = apr_hash_first(NULL, c->entries); hi; hi = apr_hash_next(hi)) {
        fb_keycache_entry_t *e = apr_hash_this_val(hi);

        if (e->expires <= now) {
            fb_keycache_remove(c, e);
        }
    }
    if ((int)apr_hash_count(c->entries) < c->max_entries) {
        return;
    }
    for (hi = apr_hash_first(NULL, c->entries); hi; hi = apr_hash_next(hi)) {
        fb_keycache_remove(c, apr_hash_this_val(hi));
    }
}

fb_keycache_result_e fb_keycache_get(fb_keycache_t *c,
                                     const unsigned char *hash,
                                     apr_time_t now, fb_principal_t *out)
{
    fb_keycache_entry_t *e;
    fb_keycache_result_e result = FB_KEYCACHE_MISS;

    if (c->ttl <= 0) {
        return FB_KEYCACHE_MISS;
    }
    apr_thread_mutex_lock(c->mutex);
    e = apr_hash_get(c->entries, hash, FB_SHA256_LEN);
    if (e != NULL && e->expires <= now) {
        fb_keycache_remove(c, e);
    }
    else if (e != NULL && fb_equal_ct(e->hash, hash, FB_SHA256_LEN)) {
        result = e->valid ? FB_KEYCACHE_FOUND : FB_KEYCACHE_INVALID;
        if (e->valid) {
            *out = e->principal;
        }
    }
    apr_thread_mutex_unlock(c->mutex);
    return result;
}

void fb_keycache_put(fb_keycache_t *c, const unsigned char *hash,
                     apr_time_t now, const fb_principal_t *principal)
{
    fb_keycache_entry_t *e;

    if (c->ttl <= 0) {
        return;
    }
    apr_thread_mutex_lock(c->mutex);
    e = apr_hash_get(c->entries, hash, FB_SHA256_LEN);
    if (e == NULL) {
        fb_keycache_make_room(c, now);
        if (c->free_list != NULL) {
            e = c->free_list;
            c->free_list = e->next_free;
        }
        else {
            e = apr_palloc(c->pool, sizeof(*e));
        }
        memcpy(e->hash, hash, FB_SHA256_LEN);
        apr_hash_set(c->entries, e->hash, FB_SHA256_LEN, e);
    }
    e->expires = now + c->ttl;
    e->valid = principal != NULL;
    if (principal != NULL) {
        e->principal = *principal;
    }
    e->next_free = NULL;
    apr_thread_mutex_unlock(c->mutex);
}

int fb_keycache_count(fb_keycache_t *c)
{
    int n;

    apr_thread_mutex_lock(c->mutex);
    n = (int)apr_hash_count(c->entries);
    apr_thread_mutex_unlock(c->mutex);
    return n;
}
