/*
 * fb_registry: everything the module serves and prepares, listed in one
 * place (fb_registry.c): the route table of every resource and every
 * table of statements, whichever layer declares them.
 */
#ifndef FB_REGISTRY_H
#define FB_REGISTRY_H

#include "fb_db.h"
#include "fb_route.h"

/* The route tables of every resource module, NULL-terminated (in p). */
const fb_route_t *const *fb_registry_routes(apr_pool_t *p);

/* Every table of statements of the module, NULL-terminated (in p). */
const fb_statement_t *const *const *fb_registry_statements(apr_pool_t *p);

/*
 * Checks every statement (labels unique, placeholders as declared);
 * APR_SUCCESS, or the first failure with *why (in p) saying what.  The
 * check_config hook runs it, so `apache2 -t` fails on a mismatch.
 */
apr_status_t fb_registry_check(apr_pool_t *p, const char **why);

#endif
