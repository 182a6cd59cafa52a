/*
 * fb_resources: the list of every resource module the API serves.
 */
#ifndef FB_RESOURCES_H
#define FB_RESOURCES_H

#include "fb_resource.h"

/* NULL-terminated. */
extern const fb_resource_module_t *const fb_resource_modules[];

/* The route tables and the statement tables of every module, and of the
 * core and http layers, as NULL-terminated lists in p. */
const fb_route_t *const *fb_resources_routes(apr_pool_t *p);
const fb_statement_t *const *fb_resources_statements(apr_pool_t *p);

#endif
