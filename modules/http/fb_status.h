/*
 * fb_status: the module's section of server-status (mod_status): the
 * node's key cache and rate limit tables; the worker adds its jobs
 * (fb_worker_status.h).  docs/operator.md lists every field.
 */
#ifndef FB_STATUS_H
#define FB_STATUS_H

#include "httpd.h"

/* Writes the section's heading, key cache and rate limits to r, as HTML
 * or (flags has AP_STATUS_SHORT: ?auto) as "Name: value" lines. */
void fb_status_node(request_rec *r, int flags);

#endif
