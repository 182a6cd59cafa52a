/*
 * fb_response: the only place that writes response bodies.
 */
#include "httpd.h"
#include <string.h>

#include "http_protocol.h"

#include "fb_response.h"

void fb_response_send(request_rec *r, int status, const char *type,
                      const char *body)
{
    apr_size_t len = strlen(body);

    r->status = status;
    ap_set_content_type(r, type);
    apr_table_setn(r->headers_out, "Cache-Control", "no-store");
    ap_set_content_length(r, len);
    if (!r->header_only) {
        ap_rwrite(body, (int)len, r);
    }
}

void fb_response_not_modified(request_rec *r)
{
    r->status = HTTP_NOT_MODIFIED;
    apr_table_setn(r->headers_out, "Cache-Control", "no-store");
}

void fb_response_write(request_rec *r, int status, const char *json)
{
    fb_response_send(r, status, "application/json; charset=utf-8", json);
}

void fb_response_error(request_rec *r, const fb_error_t *err,
                       const char *allow)
{
    const fb_error_def_t *def = fb_error_def(err->kind);

    if (allow != NULL) {
        apr_table_setn(r->headers_out, "Allow", allow);
    }
    if (def->status == HTTP_SERVICE_UNAVAILABLE) {
        /* The database is away or every connection busy: brief. */
        apr_table_setn(r->headers_out, "Retry-After", "1");
    }
    fb_response_write(r, def->status, fb_error_render(r->pool, err));
}
