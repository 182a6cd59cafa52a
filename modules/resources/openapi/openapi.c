/*
 * openapi: GET /v2/openapi.json, the description of what this server
 * serves (put together by fb_openapi.c).  Served without a key, like the
 * hosted API's published description, and the same for every version.
 */
#include "fb_etag.h"
#include "fb_openapi.h"
#include "fb_resource.h"
#include "fb_response.h"

static fb_error_t *fb_openapi_get(fb_req_t *fr)
{
    request_rec *r = fr->r;
    const char *inm = apr_table_get(r->headers_in, "If-None-Match");

    apr_table_setn(r->headers_out, "ETag", fb_openapi_etag());
    if (inm != NULL && fb_etag_matches(inm, fb_openapi_etag(), 1)) {
        fb_response_not_modified(r);
        return NULL;
    }
    fb_response_write(r, HTTP_OK, fb_openapi_text());
    return NULL;
}

static const fb_op_t fb_openapi_op = {
    .handler = fb_openapi_get,
    .flags = FB_OP_PUBLIC,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_NONE,
};

static const fb_route_t fb_openapi_routes[] = {
    {"GET", "/openapi.json", &fb_openapi_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_openapi_module = {
    .name = "openapi",
    .routes = fb_openapi_routes,
};
