/*
 * fb_shm: anonymous shared memory and its global mutex.
 */
#include "httpd.h"
#include <string.h>

#include "http_log.h"
#include "util_mutex.h"

#include "fb_log.h"
#include "fb_shm.h"

apr_status_t fb_shm_pre_config(const fb_shm_t *t, apr_pool_t *pconf)
{
    return ap_mutex_register(pconf, t->type, NULL, APR_LOCK_DEFAULT, 0);
}

apr_status_t fb_shm_create(fb_shm_t *t, apr_size_t size, apr_pool_t *pconf,
                           server_rec *s)
{
    apr_status_t rv;

    /* Anonymous: the children inherit it across fork. */
    t->shm = NULL;
    rv = apr_shm_create(&t->shm, size, NULL, pconf);
    if (rv != APR_SUCCESS) {
        t->shm = NULL;
        ap_log_error(APLOG_MARK, APLOG_CRIT, rv, s, FBLOGNO(00040)
                     "could not create the shared memory of %s", t->what);
        return rv;
    }
    memset(apr_shm_baseaddr_get(t->shm), 0, size);
    rv = ap_global_mutex_create(&t->mutex, NULL, t->type, NULL, s, pconf,
                                0);
    if (rv != APR_SUCCESS) {
        ap_log_error(APLOG_MARK, APLOG_CRIT, rv, s, FBLOGNO(00041)
                     "could not create the mutex of %s", t->what);
    }
    return rv;
}

apr_status_t fb_shm_child_init(fb_shm_t *t, apr_pool_t *pchild,
                               server_rec *s)
{
    apr_status_t rv;

    if (t->mutex == NULL) {
        return APR_EINIT;
    }
    rv = apr_global_mutex_child_init(
        &t->mutex, apr_global_mutex_lockfile(t->mutex), pchild);
    if (rv != APR_SUCCESS) {
        ap_log_error(APLOG_MARK, APLOG_CRIT, rv, s, FBLOGNO(00042)
                     "could not attach to the mutex of %s", t->what);
    }
    return rv;
}

void *fb_shm_base(const fb_shm_t *t)
{
    return t->shm != NULL ? apr_shm_baseaddr_get(t->shm) : NULL;
}

int fb_shm_lock(fb_shm_t *t)
{
    return t->shm != NULL && t->mutex != NULL
           && apr_global_mutex_lock(t->mutex) == APR_SUCCESS;
}

void fb_shm_unlock(fb_shm_t *t)
{
    apr_global_mutex_unlock(t->mutex);
}
