/*
 * fb_body: size-limited, timed reading and strict parsing of request
 * bodies.
 */
#include "httpd.h"
#include <string.h>

#include "apr_strings.h"
#include "http_protocol.h"

#include "fb_body.h"
#include "fb_json.h"
#include "fb_pacing.h"

/* Non-zero when content_type is JSON in UTF-8 (or without a charset). */
static int fb_body_is_json(apr_pool_t *p, const char *content_type)
{
    char *type, *params, *state = NULL, *param;

    if (content_type == NULL) {
        return 0;
    }
    type = apr_pstrdup(p, content_type);
    params = strchr(type, ';');
    if (params != NULL) {
        *params++ = '\0';
    }
    apr_collapse_spaces(type, type);
    if (strcasecmp(type, "application/json") != 0) {
        return 0;
    }
    for (param = params ? apr_strtok(params, ";", &state) : NULL;
         param != NULL; param = apr_strtok(NULL, ";", &state)) {
        apr_collapse_spaces(param, param);
        if (strncasecmp(param, "charset=", 8) == 0
            && strcasecmp(param + 8, "utf-8") != 0
            && strcasecmp(param + 8, "\"utf-8\"") != 0) {
            return 0;
        }
    }
    return 1;
}

fb_error_t *fb_body_unread(fb_req_t *fr)
{
    if (fb_pacing_timed_out(fr->r)) {
        return fb_error_make(fr->pool, FB_E_REQUEST_TIMEOUT, NULL,
                             "The request body did not arrive in time.");
    }
    return fb_error_make(fr->pool, FB_E_INVALID_REQUEST, NULL,
                         "The request body could not be read.");
}

fb_error_t *fb_body_discard(fb_req_t *fr)
{
    if (ap_request_has_body(fr->r)) {
        fb_pacing_body(fr->r, FB_PACING_BODY, fr->principal.org_id);
        if (ap_discard_request_body(fr->r) != OK) {
            return fb_body_unread(fr);
        }
    }
    fr->body_read = 1;
    return NULL;
}

fb_error_t *fb_body_read(fb_req_t *fr)
{
    request_rec *r = fr->r;
    apr_off_t limit = fr->conf->max_body;
    const char *clen = apr_table_get(r->headers_in, "Content-Length");
    char *buf;
    apr_size_t len = 0;
    const char *why;
    long n;

    if (clen != NULL && apr_atoi64(clen) > limit) {
        return fb_error_make(fr->pool, FB_E_PAYLOAD_TOO_LARGE, NULL, NULL);
    }
    if (ap_setup_client_block(r, REQUEST_CHUNKED_DECHUNK) != OK) {
        return fb_error_make(fr->pool, FB_E_INVALID_REQUEST, NULL,
                             "The request body could not be read.");
    }
    buf = apr_palloc(fr->pool, 8192);
    fb_pacing_body(r, FB_PACING_BODY, fr->principal.org_id);
    if (ap_should_client_block(r)) {
        apr_size_t cap = 8192;

        for (;;) {
            if (len == cap) {
                char *bigger;

                cap = cap * 2 > (apr_size_t)limit + 1 ? (apr_size_t)limit + 1
                                                      : cap * 2;
                bigger = apr_palloc(fr->pool, cap);
                memcpy(bigger, buf, len);
                buf = bigger;
            }
            n = ap_get_client_block(r, buf + len, cap - len);
            if (n < 0) {
                return fb_body_unread(fr);
            }
            if (n == 0) {
                break;
            }
            len += (apr_size_t)n;
            if (len > (apr_size_t)limit) {
                return fb_error_make(fr->pool, FB_E_PAYLOAD_TOO_LARGE,
                                     NULL, NULL);
            }
        }
    }
    fr->body_read = 1;
    if (len == 0) {
        fr->body = fb_json_owned(fr->pool, json_object_new_object());
        return NULL;
    }
    if (!fb_body_is_json(fr->pool,
                         apr_table_get(r->headers_in, "Content-Type"))) {
        return fb_error_make(fr->pool, FB_E_UNSUPPORTED_MEDIA_TYPE, NULL,
                             NULL);
    }
    if (fb_json_parse(fr->pool, buf, len, &fr->body, &why) != APR_SUCCESS) {
        return fb_error_make(fr->pool, FB_E_INVALID_REQUEST, NULL, why);
    }
    if (!json_object_is_type(fr->body, json_type_object)) {
        return fb_error_make(fr->pool, FB_E_INVALID_REQUEST, NULL,
                             "The body must be a JSON object.");
    }
    return NULL;
}
