/*
 * fb_errordoc: httpd's own error answers under the API, in the envelope.
 *
 * Some requests never reach the handler: httpd refuses a malformed header
 * or chunk, a request mod_reqtimeout cut short, a body over
 * LimitRequestBody, with its HTML error page.  Under the API prefix an
 * error filter (inserted by httpd for exactly those answers) replaces the
 * page with the JSON envelope of the same status, so clients parse every
 * error the same way.  TRACE, which httpd answers before any handler by
 * echoing the request (API keys included), is kept from httpd's TRACE
 * hook under the prefix: the router then refuses it with 405.
 */
#include "httpd.h"
#include "http_config.h"
#include "http_protocol.h"
#include "http_request.h"
#include "util_filter.h"

#include <string.h>

#include "fb_error.h"
#include "fb_errordoc.h"
#include "fb_handler.h"

#define FB_ERRORDOC_FILTER "FEEDBACK_ERRORDOC"

/* Non-zero when r names a path under the API prefix. */
static int fb_errordoc_under_api(const request_rec *r)
{
    apr_size_t n = sizeof(FB_API_PREFIX) - 1;

    return r->uri != NULL && strncmp(r->uri, FB_API_PREFIX, n) == 0
           && (r->uri[n] == '/' || r->uri[n] == '\0');
}

/*
 * Holds back httpd's page and sends the envelope at its end.  httpd
 * writes the page in several pieces and then the end of stream; nothing
 * reaches the client before that, so the headers can still change.
 */
static apr_status_t fb_errordoc_filter(ap_filter_t *f,
                                       apr_bucket_brigade *bb)
{
    request_rec *r = f->r;
    apr_bucket *b = APR_BRIGADE_FIRST(bb);

    while (b != APR_BRIGADE_SENTINEL(bb)) {
        apr_bucket *next = APR_BUCKET_NEXT(b);

        if (APR_BUCKET_IS_EOS(b)) {
            fb_error_t err;
            const char *json;

            memset(&err, 0, sizeof(err));
            err.kind = fb_error_for_status(r->status);
            json = fb_error_render(r->pool, &err);
            ap_set_content_type(r, "application/json; charset=utf-8");
            apr_table_unset(r->headers_out, "Content-Length");
            APR_BUCKET_INSERT_BEFORE(
                b, apr_bucket_pool_create(json, strlen(json), r->pool,
                                          f->c->bucket_alloc));
            ap_remove_output_filter(f);
            return ap_pass_brigade(f->next, bb);
        }
        apr_bucket_delete(b);
        b = next;
    }
    return APR_SUCCESS;
}

static void fb_errordoc_insert(request_rec *r)
{
    if (fb_errordoc_under_api(r)) {
        ap_add_output_filter(FB_ERRORDOC_FILTER, NULL, r, r->connection);
    }
}

/* Ahead of httpd's TRACE hook: under the API, TRACE is a method like any
 * other, which no route allows. */
static int fb_errordoc_trace(request_rec *r)
{
    return r->method_number == M_TRACE && fb_errordoc_under_api(r)
           ? OK : DECLINED;
}

void fb_errordoc_register_hooks(apr_pool_t *p)
{
    (void)p;
    ap_register_output_filter(FB_ERRORDOC_FILTER, fb_errordoc_filter, NULL,
                              AP_FTYPE_RESOURCE);
    ap_hook_insert_error_filter(fb_errordoc_insert, NULL, NULL,
                                APR_HOOK_MIDDLE);
    ap_hook_map_to_storage(fb_errordoc_trace, NULL, NULL, APR_HOOK_FIRST);
}
