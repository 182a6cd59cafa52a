/*
 * fb_auth: API keys.
 *
 * A key comes as "Authorization: Bearer <key>" or, in the older form, as
 * "X-API-Key: <key>".  It is hashed (SHA-256) and resolved to the
 * organization, admin and role it speaks for; the resolution is cached
 * per process (fb_keycache.h) for FeedbackKeyCacheTTL seconds.
 */
#ifndef FB_AUTH_H
#define FB_AUTH_H

#include "fb_request.h"

extern const fb_statement_t *const fb_auth_statements[];

/* Creates the process's key cache. */
apr_status_t fb_auth_child_init(apr_pool_t *p, server_rec *s);

/* Authenticates fr's request and fills fr->principal; an error (401, or
 * 500 when the database fails) otherwise. */
fb_error_t *fb_auth_authenticate(fb_req_t *fr);

/* Checks the principal against an operation's needs (403 otherwise). */
fb_error_t *fb_auth_authorize(fb_req_t *fr);

#endif
