/*
 * fb_errordoc: httpd's own error answers under the API prefix in the
 * JSON envelope, and TRACE refused there by the router (fb_errordoc.c).
 */
#ifndef FB_ERRORDOC_H
#define FB_ERRORDOC_H

#include "apr_pools.h"

void fb_errordoc_register_hooks(apr_pool_t *p);

#endif
