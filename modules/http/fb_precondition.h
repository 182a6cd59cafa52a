/*
 * fb_precondition: If-Match on PATCH and DELETE (RFC 9110, 13.1.1).
 *
 * The condition is checked inside the write's transaction, when it
 * begins (fb_req_begin): under a transaction-scoped advisory lock on the
 * organization and path, the current representation is rendered by the
 * path's GET route and its entity tag compared with the field's.  Two
 * conditional writes of one resource thus run one after the other, and
 * the second sees what the first wrote: of two PATCHes sent with the
 * same tag, one wins and the other gets 412.
 */
#ifndef FB_PRECONDITION_H
#define FB_PRECONDITION_H

#include "fb_request.h"

/* NULL when the request has no If-Match to check (or it holds); else
 * 412 precondition_failed, or the database's error.  Checks once. */
fb_error_t *fb_precondition_check(fb_req_t *fr);

#endif
