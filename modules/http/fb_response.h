/*
 * fb_response: writing JSON responses and error envelopes (and the few
 * pages people open from emails).
 */
#ifndef FB_RESPONSE_H
#define FB_RESPONSE_H

#include "httpd.h"

#include "fb_error.h"

/* Writes body with status and the content type type, never cached. */
void fb_response_send(request_rec *r, int status, const char *type,
                      const char *body);

/* Writes json with status and the JSON content type; the version header
 * is set by the caller beforehand. */
void fb_response_write(request_rec *r, int status, const char *json);

/* 304 Not Modified: no body (the headers already set stay). */
void fb_response_not_modified(request_rec *r);

/* Writes err as the error envelope with its status; a 405 gets allow as
 * its Allow header. */
void fb_response_error(request_rec *r, const fb_error_t *err,
                       const char *allow);

#endif
