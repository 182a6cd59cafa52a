/*
 * fb_route: a compiled router.  Templates are split into segments once;
 * a request is split once and compared against each template.
 */
#include <string.h>

#include <apr_strings.h>

#include "fb_route.h"

#define FB_ROUTE_MAX_SEGMENTS 8

typedef struct {
    const fb_route_t *route;
    int nseg;
    const char *seg[FB_ROUTE_MAX_SEGMENTS];
    int is_param[FB_ROUTE_MAX_SEGMENTS];
} fb_compiled_route_t;

struct fb_router {
    apr_array_header_t *routes;     /* of fb_compiled_route_t */
};

/* Splits path into at most FB_ROUTE_MAX_SEGMENTS segments; -1 if more or
 * if a segment is empty (a trailing slash is ignored). */
static int fb_route_split(apr_pool_t *p, const char *path,
                          const char **seg)
{
    char *copy, *s;
    int n = 0;
    apr_size_t len;

    if (path == NULL || *path != '/') {
        return -1;
    }
    copy = apr_pstrdup(p, path + 1);
    len = strlen(copy);
    if (len > 0 && copy[len - 1] == '/') {
        copy[len - 1] = '\0';
    }
    if (*copy == '\0') {
        return 0;
    }
    for (s = copy; s != NULL; n++) {
        char *slash = strchr(s, '/');

        if (n == FB_ROUTE_MAX_SEGMENTS) {
            return -1;
        }
        if (slash != NULL) {
            *slash = '\0';
        }
        if (*s == '\0') {
            return -1;
        }
        seg[n] = s;
        s = slash ? slash + 1 : NULL;
    }
    return n;
}

/* Two templates are the same when they match the same paths, whatever
 * their parameters are called. */
static int fb_route_same_template(const fb_compiled_route_t *a,
                                  const fb_compiled_route_t *b)
{
    int i;

    if (a->nseg != b->nseg) {
        return 0;
    }
    for (i = 0; i < a->nseg; i++) {
        if (a->is_param[i] != b->is_param[i]
            || (!a->is_param[i] && strcmp(a->seg[i], b->seg[i]) != 0)) {
            return 0;
        }
    }
    return 1;
}

apr_status_t fb_router_create(apr_pool_t *p, const fb_route_t *const *tables,
                              fb_router_t **out, const char **why)
{
    fb_router_t *router = apr_pcalloc(p, sizeof(*router));
    const fb_route_t *r;
    int i, j;

    router->routes = apr_array_make(p, 64, sizeof(fb_compiled_route_t));
    for (; *tables != NULL; tables++) {
        for (r = *tables; r->method != NULL; r++) {
            fb_compiled_route_t *c = apr_array_push(router->routes);

            memset(c, 0, sizeof(*c));
            c->route = r;
            c->nseg = fb_route_split(p, r->path, c->seg);
            if (c->nseg < 0) {
                *why = apr_psprintf(p, "bad route template %s", r->path);
                return APR_EINVAL;
            }
            for (i = 0; i < c->nseg; i++) {
                c->is_param[i] = c->seg[i][0] == '{';
                if (c->is_param[i]) {
                    c->seg[i] = apr_pstrmemdup(p, c->seg[i] + 1,
                                               strlen(c->seg[i]) - 2);
                }
            }
        }
    }
    for (i = 0; i < router->routes->nelts; i++) {
        fb_compiled_route_t *a = &APR_ARRAY_IDX(router->routes, i,
                                                fb_compiled_route_t);

        for (j = i + 1; j < router->routes->nelts; j++) {
            fb_compiled_route_t *b = &APR_ARRAY_IDX(router->routes, j,
                                                    fb_compiled_route_t);

            if (fb_route_same_template(a, b)
                && strcmp(a->route->method, b->route->method) == 0) {
                *why = apr_psprintf(p, "route %s %s is declared twice",
                                    a->route->method, a->route->path);
                return APR_EINVAL;
            }
        }
    }
    *out = router;
    return APR_SUCCESS;
}

/*
 * Compares how specific two matching templates are: the first segment
 * where one is literal and the other a parameter decides.  Positive when
 * a is more specific.
 */
static int fb_route_specificity(const fb_compiled_route_t *a,
                                const fb_compiled_route_t *b)
{
    int i;

    for (i = 0; i < a->nseg; i++) {
        if (a->is_param[i] != b->is_param[i]) {
            return b->is_param[i] ? 1 : -1;
        }
    }
    return 0;
}

static int fb_route_matches(const fb_compiled_route_t *c, int nseg,
                            const char **seg)
{
    int i;

    if (c->nseg != nseg) {
        return 0;
    }
    for (i = 0; i < nseg; i++) {
        if (!c->is_param[i] && strcmp(c->seg[i], seg[i]) != 0) {
            return 0;
        }
    }
    return 1;
}

fb_route_result_e fb_router_match(const fb_router_t *router, apr_pool_t *p,
                                  const char *method, const char *path,
                                  fb_route_match_t *out)
{
    const char *seg[FB_ROUTE_MAX_SEGMENTS];
    const fb_compiled_route_t *best = NULL, *hit = NULL;
    int nseg = fb_route_split(p, path, seg);
    int i;

    memset(out, 0, sizeof(*out));
    if (nseg < 0) {
        return FB_ROUTE_NO_PATH;
    }
    if (strcmp(method, "HEAD") == 0) {
        method = "GET";
    }
    for (i = 0; i < router->routes->nelts; i++) {
        const fb_compiled_route_t *c = &APR_ARRAY_IDX(router->routes, i,
                                                      fb_compiled_route_t);

        if (fb_route_matches(c, nseg, seg)
            && (best == NULL || fb_route_specificity(c, best) > 0)) {
            best = c;
        }
    }
    if (best == NULL) {
        return FB_ROUTE_NO_PATH;
    }
    /* Among the routes sharing the winning template, find the method. */
    for (i = 0; i < router->routes->nelts; i++) {
        const fb_compiled_route_t *c = &APR_ARRAY_IDX(router->routes, i,
                                                      fb_compiled_route_t);

        if (!fb_route_same_template(c, best)) {
            continue;
        }
        if (strcmp(c->route->method, method) == 0) {
            hit = c;
        }
        out->allow = out->allow
            ? apr_pstrcat(p, out->allow, ", ", c->route->method, NULL)
            : c->route->method;
        if (strcmp(c->route->method, "GET") == 0) {
            out->allow = apr_pstrcat(p, out->allow, ", HEAD", NULL);
        }
    }
    if (hit == NULL) {
        return FB_ROUTE_NO_METHOD;
    }
    out->route = hit->route;
    out->params = apr_table_make(p, 2);
    for (i = 0; i < nseg; i++) {
        if (hit->is_param[i]) {
            apr_table_setn(out->params, hit->seg[i], seg[i]);
        }
    }
    return FB_ROUTE_FOUND;
}
