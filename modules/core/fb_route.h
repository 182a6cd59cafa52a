/*
 * fb_route: matching a method and path against route tables.
 *
 * A route is a row {method, path template, operation}.  Templates are
 * slash-separated; a segment "{name}" captures one path segment.  When
 * several templates match a path, the one with a literal segment where
 * the others have a parameter wins, left to right, so that
 * "/changelogs/subscribers" is never read as "/changelogs/{id}".  The
 * winning template alone decides between the operation and 405.
 */
#ifndef FB_ROUTE_H
#define FB_ROUTE_H

#include <apr_pools.h>
#include <apr_tables.h>

typedef struct {
    const char *method;     /* "GET", "POST", "PATCH", "DELETE", "PUT" */
    const char *path;       /* e.g. "/boards/{id}" */
    const void *op;         /* what to run; opaque here */
} fb_route_t;

typedef struct fb_router fb_router_t;

typedef enum {
    FB_ROUTE_FOUND = 0,
    FB_ROUTE_NO_PATH,       /* 404 */
    FB_ROUTE_NO_METHOD      /* 405; allow lists the methods */
} fb_route_result_e;

typedef struct {
    const fb_route_t *route;
    apr_table_t *params;    /* captured path parameters */
    const char *allow;      /* for FB_ROUTE_NO_METHOD: "GET, POST" */
} fb_route_match_t;

/*
 * Compiles the routes of tables (each terminated by a row with a NULL
 * method; the list of tables by NULL) into p, which must live as long as
 * the router.  Fails when a table repeats a method and template.
 */
apr_status_t fb_router_create(apr_pool_t *p, const fb_route_t *const *tables,
                              fb_router_t **out, const char **why);

/* Matches method and path; HEAD matches GET. */
fb_route_result_e fb_router_match(const fb_router_t *router, apr_pool_t *p,
                                  const char *method, const char *path,
                                  fb_route_match_t *out);

#endif
