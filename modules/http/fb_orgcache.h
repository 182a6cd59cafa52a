/*
 * fb_orgcache: what a request reads of its organization besides its own
 * rows (a post's status and tags), kept by each child (fb_vcache.h) and
 * checked against the organization's render_version, which the request's
 * rows carry (sql/030): a change is seen by the next read, in every
 * child, and an unchanged organization costs no statement.
 */
#ifndef FB_ORGCACHE_H
#define FB_ORGCACHE_H

#include "fb_request.h"

/* One kind of value kept per organization. */
typedef struct {
    const char *name;   /* unique; with the organization's id, the cache
                         * key (static: it also keys the request's memo) */
    /* Reads the value on the request's connection: a block from malloc()
     * in *value, self-contained, and the version it was read at. */
    fb_error_t *(*load)(fb_req_t *fr, apr_int64_t *version, void **value);
} fb_org_cached_t;

/* Makes the child's cache. */
apr_status_t fb_orgcache_child_init(apr_pool_t *pchild, server_rec *s);

/*
 * The value of kind for the request's organization at version (the text
 * of organizations.render_version, as a row carries it), read when the
 * cache does not have it.  Held until the request ends.  A value read
 * may be of a later version than asked, when a write committed between
 * the row and the read: it is used all the same, as if the row had been
 * read a moment later.
 */
fb_error_t *fb_org_cached(fb_req_t *fr, const fb_org_cached_t *kind,
                          const char *version, const void **value);

#endif
