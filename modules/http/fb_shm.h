/*
 * fb_shm: a block of memory every process of the node shares, and the
 * global mutex that serialises its users.
 *
 * The rate limits (fb_limits.h) and the fair shares (fb_shares.h) keep
 * their tables in one each.  The block is anonymous shared memory made
 * in post_config, before the children fork, so they inherit it; the
 * mutex type is registered in pre_config (so that Mutex directives can
 * name it) and each child attaches to it in child_init.  Users treat a
 * lock that cannot be taken as "not counted": nothing is refused for it.
 */
#ifndef FB_SHM_H
#define FB_SHM_H

#include "httpd.h"
#include "apr_global_mutex.h"
#include "apr_shm.h"

typedef struct {
    const char *type;           /* the mutex type, e.g. "feedback-shares" */
    const char *what;           /* for the log: "the rate limits" */
    apr_shm_t *shm;
    apr_global_mutex_t *mutex;
} fb_shm_t;

/* Registers t->type (pre_config). */
apr_status_t fb_shm_pre_config(const fb_shm_t *t, apr_pool_t *pconf);

/* Makes size bytes, zeroed, and the mutex (post_config, in the parent);
 * logs what failed. */
apr_status_t fb_shm_create(fb_shm_t *t, apr_size_t size, apr_pool_t *pconf,
                           server_rec *s);

/* Attaches a child to the mutex; logs a failure. */
apr_status_t fb_shm_child_init(fb_shm_t *t, apr_pool_t *pchild,
                               server_rec *s);

/* The block, NULL before fb_shm_create succeeded. */
void *fb_shm_base(const fb_shm_t *t);

/* Takes the mutex: non-zero when held (then fb_shm_unlock). */
int fb_shm_lock(fb_shm_t *t);
void fb_shm_unlock(fb_shm_t *t);

#endif
