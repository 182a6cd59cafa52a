/*
 * fb_shm: anonymous shared memory and the robust mutex at its head.
 */
#include "httpd.h"
#include <errno.h>
#include <pthread.h>
#include <string.h>

#include "http_log.h"

#include "fb_log.h"
#include "fb_shm.h"

/* The block begins with its mutex; the users' memory follows, aligned. */
typedef struct {
    pthread_mutex_t mutex;
} fb_shm_head_t;

#define FB_SHM_HEAD APR_ALIGN_DEFAULT(sizeof(fb_shm_head_t))

static fb_shm_head_t *fb_shm_head(const fb_shm_t *t)
{
    return t->shm != NULL ? apr_shm_baseaddr_get(t->shm) : NULL;
}

/* A process-shared mutex that a dead holder does not leave locked
 * (robust), without priority inheritance: APR's global mutex on Linux
 * is a PI futex behind a thread mutex, and PI futexes go through the
 * kernel whenever they are contended, which every request of a busy
 * node does a few times. */
static int fb_shm_mutex_init(pthread_mutex_t *m)
{
    pthread_mutexattr_t attr;
    int rc;

    if ((rc = pthread_mutexattr_init(&attr)) != 0) {
        return rc;
    }
    if ((rc = pthread_mutexattr_setpshared(&attr, PTHREAD_PROCESS_SHARED))
        == 0
        && (rc = pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST))
           == 0) {
        rc = pthread_mutex_init(m, &attr);
    }
    pthread_mutexattr_destroy(&attr);
    return rc;
}

apr_status_t fb_shm_create(fb_shm_t *t, apr_size_t size, apr_pool_t *pconf,
                           server_rec *s)
{
    apr_status_t rv;
    int rc;

    /* Anonymous: the children inherit it, and its mutex, across fork. */
    t->shm = NULL;
    rv = apr_shm_create(&t->shm, FB_SHM_HEAD + size, NULL, pconf);
    if (rv != APR_SUCCESS) {
        t->shm = NULL;
        ap_log_error(APLOG_MARK, APLOG_CRIT, rv, s, FBLOGNO(00040)
                     "could not create the shared memory of %s", t->what);
        return rv;
    }
    memset(apr_shm_baseaddr_get(t->shm), 0, FB_SHM_HEAD + size);
    if ((rc = fb_shm_mutex_init(&fb_shm_head(t)->mutex)) != 0) {
        ap_log_error(APLOG_MARK, APLOG_CRIT, rc, s, FBLOGNO(00041)
                     "could not create the mutex of %s", t->what);
        t->shm = NULL;
        return rc;
    }
    return APR_SUCCESS;
}

void *fb_shm_base(const fb_shm_t *t)
{
    return t->shm != NULL ? (char *)fb_shm_head(t) + FB_SHM_HEAD : NULL;
}

int fb_shm_lock(fb_shm_t *t)
{
    fb_shm_head_t *h = fb_shm_head(t);
    int rc;

    if (h == NULL) {
        return 0;
    }
    rc = pthread_mutex_lock(&h->mutex);
    if (rc == EOWNERDEAD) {
        /* A child died holding it, mid-update at worst: the books are
         * counts that the parent corrects for a dead child's requests
         * (fb_shares_child_exited) or that a minute renews (the rate
         * limits).  Carry on with them. */
        rc = pthread_mutex_consistent(&h->mutex);
    }
    return rc == 0;
}

void fb_shm_unlock(fb_shm_t *t)
{
    pthread_mutex_unlock(&fb_shm_head(t)->mutex);
}
