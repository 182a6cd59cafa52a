/*
 * fb_upload: multipart/form-data request bodies (fb_upload.h).
 */
#include "httpd.h"
#include <string.h>

#include "apr_strings.h"
#include "http_protocol.h"

#include "fb_body.h"
#include "fb_json.h"
#include "fb_pacing.h"
#include "fb_upload.h"

/* Reads are this big: a bucket brigade's worth, never a whole file. */
#define FB_UPLOAD_READ (64 * 1024)

/* A part's header block, at most. */
#define FB_UPLOAD_HEADER_MAX 8192

/* A file part is begun (the operation's begin callback, which stores a
 * row) once this much of it, or its end, has come: a client sending
 * slowly is cut (fb_pacing.h) before it costs the database anything,
 * while an honest one's first 64 KiB take milliseconds. */
#define FB_UPLOAD_HOLD (64 * 1024)

typedef struct {
    fb_req_t *fr;
    const fb_upload_t *up;
    int in_data;            /* the current part is "data" */
    void *file;             /* the current file part, or NULL */
    int holding;            /* held_part is a file part not begun yet */
    fb_multipart_part_t held_part;  /* its strings live until the next
                                     * part begins */
    char *held;             /* its first bytes */
    apr_size_t held_len;
    int files;
    char *data;             /* the data part so far */
    apr_size_t data_len;
    int data_seen;
    fb_error_t *err;        /* why a callback stopped the parse */
} fb_upload_ctx_t;

int fb_upload_is_multipart(fb_req_t *fr)
{
    return fb_multipart_boundary(fr->pool, apr_table_get(
        fr->r->headers_in, "Content-Type")) != NULL;
}

static apr_status_t fb_upload_stop(fb_upload_ctx_t *c, fb_error_t *err)
{
    c->err = err;
    return APR_EGENERAL;
}

static apr_status_t fb_upload_begin(void *baton,
                                    const fb_multipart_part_t *part)
{
    fb_upload_ctx_t *c = baton;
    fb_req_t *fr = c->fr;

    if (strcmp(part->name, "data") == 0) {
        if (c->data_seen++) {
            return fb_upload_stop(c, fb_error_make(
                fr->pool, FB_E_INVALID_REQUEST, "data",
                "The body has two data parts."));
        }
        c->in_data = 1;
        return APR_SUCCESS;
    }
    if (++c->files > c->up->max_files) {
        return fb_upload_stop(c, fb_error_make(
            fr->pool, FB_E_INVALID_REQUEST, NULL,
            apr_psprintf(fr->pool, "At most %d files may be sent at "
                         "once.", c->up->max_files)));
    }
    c->holding = 1;
    c->held_part = *part;
    c->held_len = 0;
    return APR_SUCCESS;
}

/* Hands a file part's bytes to the operation. */
static apr_status_t fb_upload_file_data(fb_upload_ctx_t *c, const char *buf,
                                        apr_size_t len)
{
    fb_req_t *fr = c->fr;
    apr_status_t rv = c->up->data(c->file, buf, len);

    if (rv != APR_SUCCESS) {
        /* The operation says why the file is refused, or it was the
         * server's own failure (the database's, fb_req_db_failed). */
        fb_error_t *err = c->up->end(fr, c->file, 0);

        c->file = NULL;
        return fb_upload_stop(c, err ? err : fb_req_db_failed(fr));
    }
    return APR_SUCCESS;
}

/* Begins the held file part and hands it the bytes held. */
static apr_status_t fb_upload_start(fb_upload_ctx_t *c)
{
    fb_error_t *err;

    c->holding = 0;
    if ((err = c->up->begin(c->fr, &c->held_part, &c->file)) != NULL) {
        c->file = NULL;
        return fb_upload_stop(c, err);
    }
    return c->held_len > 0 ? fb_upload_file_data(c, c->held, c->held_len)
                           : APR_SUCCESS;
}

static apr_status_t fb_upload_data(void *baton, const char *buf,
                                   apr_size_t len)
{
    fb_upload_ctx_t *c = baton;
    fb_req_t *fr = c->fr;
    apr_size_t limit = (apr_size_t)fr->conf->max_body;
    apr_status_t rv;

    if (!c->in_data) {
        if (c->holding) {
            if (c->held_len + len < FB_UPLOAD_HOLD) {
                if (c->held == NULL) {
                    c->held = apr_palloc(fr->pool, FB_UPLOAD_HOLD);
                }
                memcpy(c->held + c->held_len, buf, len);
                c->held_len += len;
                return APR_SUCCESS;
            }
            if ((rv = fb_upload_start(c)) != APR_SUCCESS) {
                return rv;
            }
        }
        return fb_upload_file_data(c, buf, len);
    }
    if (c->data_len + len > limit) {
        return fb_upload_stop(c, fb_error_make(
            fr->pool, FB_E_PAYLOAD_TOO_LARGE, "data",
            "The data part is too large."));
    }
    if (c->data == NULL) {
        /* The data part is JSON text, bounded like a JSON body. */
        c->data = apr_palloc(fr->pool, limit + 1);
    }
    memcpy(c->data + c->data_len, buf, len);
    c->data_len += len;
    return APR_SUCCESS;
}

static apr_status_t fb_upload_end(void *baton)
{
    fb_upload_ctx_t *c = baton;
    fb_error_t *err;
    apr_status_t rv;

    if (c->in_data) {
        c->in_data = 0;
        return APR_SUCCESS;
    }
    if (c->holding && (rv = fb_upload_start(c)) != APR_SUCCESS) {
        return rv;
    }
    err = c->up->end(c->fr, c->file, 1);
    c->file = NULL;
    return err != NULL ? fb_upload_stop(c, err) : APR_SUCCESS;
}

static const fb_multipart_callbacks_t fb_upload_callbacks = {
    fb_upload_begin, fb_upload_data, fb_upload_end
};

/* The data part as the JSON body. */
static fb_error_t *fb_upload_json(fb_upload_ctx_t *c)
{
    fb_req_t *fr = c->fr;
    const char *why;

    if (c->data_len == 0) {
        fr->body = fb_json_owned(fr->pool, json_object_new_object());
        return NULL;
    }
    if (fb_json_parse(fr->pool, c->data, c->data_len, &fr->body, &why)
        != APR_SUCCESS) {
        return fb_error_make(fr->pool, FB_E_INVALID_REQUEST, "data", why);
    }
    if (!json_object_is_type(fr->body, json_type_object)) {
        return fb_error_make(fr->pool, FB_E_INVALID_REQUEST, "data",
                             "The data part must be a JSON object.");
    }
    return NULL;
}

fb_error_t *fb_upload_read(fb_req_t *fr, const fb_upload_t *up)
{
    request_rec *r = fr->r;
    const char *clen = apr_table_get(r->headers_in, "Content-Length");
    apr_off_t max = fr->conf->max_upload < up->max_total
                    ? fr->conf->max_upload : up->max_total;
    /* The data part, the files, and one more: the count of files is
     * refused by the callbacks, with their message. */
    fb_multipart_limits_t limits = {FB_UPLOAD_HEADER_MAX,
                                    up->max_files + 2, max};
    fb_upload_ctx_t c;
    fb_multipart_t *mp;
    apr_status_t rv = APR_SUCCESS;
    char *buf;
    long n;

    memset(&c, 0, sizeof(c));
    c.fr = fr;
    c.up = up;
    if (clen != NULL && apr_atoi64(clen) > max) {
        return fb_error_make(fr->pool, FB_E_PAYLOAD_TOO_LARGE, NULL,
                             NULL);
    }
    mp = fb_multipart_create(fr->pool, fb_multipart_boundary(
                                 fr->pool, apr_table_get(r->headers_in,
                                                         "Content-Type")),
                             &limits, &fb_upload_callbacks, &c);
    if (ap_setup_client_block(r, REQUEST_CHUNKED_DECHUNK) != OK) {
        return fb_error_make(fr->pool, FB_E_INVALID_REQUEST, NULL,
                             "The request body could not be read.");
    }
    buf = apr_palloc(fr->pool, FB_UPLOAD_READ);
    fb_pacing_body(r, FB_PACING_UPLOAD, fr->principal.org_id);
    if (ap_should_client_block(r)) {
        while (rv == APR_SUCCESS
               && (n = ap_get_client_block(r, buf, FB_UPLOAD_READ)) != 0) {
            if (n < 0) {
                rv = APR_EOF;
                break;
            }
            rv = fb_multipart_feed(mp, buf, (apr_size_t)n);
        }
    }
    if (rv == APR_SUCCESS) {
        /* Read to its end, whatever the parts say. */
        fr->body_read = 1;
        rv = fb_multipart_finish(mp);
    }
    if (rv == APR_SUCCESS) {
        return fb_upload_json(&c);
    }
    /* Refused: a file part left open is discarded, and what is left of
     * the body is not read (fb_handler.c closes the connection). */
    if (c.file != NULL) {
        up->end(fr, c.file, 0);
    }
    up->abort(fr);
    if (c.err != NULL) {
        return c.err;
    }
    if (rv == APR_ENOSPC) {
        return fb_error_make(fr->pool, FB_E_PAYLOAD_TOO_LARGE, NULL,
                             fb_multipart_error(mp));
    }
    if (rv == APR_EOF) {
        return fb_body_unread(fr);
    }
    return fb_error_make(fr->pool, FB_E_INVALID_REQUEST, NULL,
                         fb_multipart_error(mp));
}
