/*
 * fb_handler: the request pipeline behind "SetHandler feedback".
 */
#ifndef FB_HANDLER_H
#define FB_HANDLER_H

#include "httpd.h"

#include "fb_request.h"
#include "fb_route.h"

/* The prefix every API path starts with. */
#define FB_API_PREFIX "/v2"

/* Compiles the routes of tables for this configuration. */
apr_status_t fb_handler_init(apr_pool_t *p, server_rec *s,
                             const fb_route_t *const *tables);

/*
 * The JSON a GET of the request's path would answer now, rendered by the
 * GET route of that path on the request's connection (inside its
 * transaction) without writing anything; NULL when the path has no GET,
 * or it answers an error (the resource is missing).
 */
const char *fb_handler_current(fb_req_t *fr);

/* The handler hook. */
int fb_handler(request_rec *r);

#endif
