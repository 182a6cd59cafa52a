/*
 * fb_outbound: outbound HTTP in httpd (webhook deliveries, image and file
 * downloads): libcurl's process-wide set-up, and each server's fetch
 * options and address policy, made from the FeedbackOutbound* directives.
 *
 * Both happen in post_config, in the parent, before any child or thread
 * exists: libcurl's global initialisation is not safe to run while other
 * threads use the library, and the policy is then only read, by every
 * thread of every child.  Users get a server's options with
 * fb_config_outbound() (fb_config.h).
 */
#ifndef FB_OUTBOUND_H
#define FB_OUTBOUND_H

#include "httpd.h"

/*
 * Initialises libcurl (its clean-up is registered on pconf) and makes the
 * options of s and of every virtual host after it.  Logs a warning
 * (FB00052) for each server with FeedbackOutboundAllowLoopback On.
 */
apr_status_t fb_outbound_post_config(apr_pool_t *pconf, server_rec *s);

#endif
