/*
 * fb_orgcache: the child's fb_vcache of per-organization values, held by
 * requests through their pools.
 */
#include <stdlib.h>
#include <string.h>

#include "fb_orgcache.h"

#include "apr_strings.h"
#include "http_log.h"

#include "fb_log.h"
#include "fb_vcache.h"

/* Organizations a child keeps; past it, it starts again (fb_vcache.h). */
#define FB_ORGCACHE_ENTRIES 4096

static fb_vcache_t *fb_orgcache;

apr_status_t fb_orgcache_child_init(apr_pool_t *pchild, server_rec *s)
{
    apr_status_t rv = fb_vcache_create(pchild, FB_ORGCACHE_ENTRIES,
                                       &fb_orgcache);

    if (rv != APR_SUCCESS) {
        fb_orgcache = NULL;
        ap_log_error(APLOG_MARK, APLOG_CRIT, rv, s, FBLOGNO(00490)
                     "could not create the organization cache: every "
                     "read of posts reads statuses and tags");
    }
    return rv;
}

/* What a request holds of one kind: the version it asked for last. */
typedef struct {
    const char *version;
    const void *value;
} fb_org_held_t;

static apr_status_t fb_org_release(void *ref)
{
    fb_vcache_release(fb_orgcache, ref);
    return APR_SUCCESS;
}

static apr_status_t fb_org_free(void *value)
{
    free(value);
    return APR_SUCCESS;
}

/* value becomes the request's until it ends (a NULL ref: not cached, the
 * pool frees it). */
static void fb_org_hold(fb_req_t *fr, fb_vcache_ref_t *ref, void *value)
{
    if (ref != NULL) {
        apr_pool_cleanup_register(fr->pool, ref, fb_org_release,
                                  apr_pool_cleanup_null);
    }
    else {
        apr_pool_cleanup_register(fr->pool, value, fb_org_free,
                                  apr_pool_cleanup_null);
    }
}

fb_error_t *fb_org_cached(fb_req_t *fr, const fb_org_cached_t *kind,
                          const char *version, const void **value)
{
    fb_org_held_t *held = NULL;
    fb_vcache_ref_t *ref = NULL;
    const char *key;
    apr_int64_t got;
    void *loaded;
    fb_error_t *err;

    /* The same version again in one request (a page's rows): a request
     * has one organization, so the kind's name is the key there. */
    apr_pool_userdata_get((void **)&held, kind->name, fr->pool);
    if (held != NULL && strcmp(held->version, version) == 0) {
        *value = held->value;
        return NULL;
    }
    key = apr_pstrcat(fr->pool, kind->name, ":", fr->principal.org_id,
                      NULL);
    *value = fb_orgcache != NULL
             ? fb_vcache_get(fb_orgcache, key, apr_atoi64(version), &ref)
             : NULL;
    if (*value == NULL) {
        if ((err = kind->load(fr, &got, &loaded)) != NULL) {
            return err;
        }
        ref = fb_orgcache != NULL
              ? fb_vcache_put(fb_orgcache, key, got, loaded) : NULL;
        if (fb_orgcache != NULL && ref == NULL) {
            return fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
        }
        *value = loaded;
    }
    fb_org_hold(fr, ref, (void *)*value);
    if (held == NULL) {
        held = apr_palloc(fr->pool, sizeof(*held));
        apr_pool_userdata_setn(held, kind->name, NULL, fr->pool);
    }
    held->version = apr_pstrdup(fr->pool, version);
    held->value = *value;
    return NULL;
}
