/*
 * fb_body: reading a JSON request body, or discarding one.
 *
 * Every body is read under fb_pacing's clock (fb_pacing.h): one that
 * does not arrive in time is cut and answered 408.  A request whose body
 * was not read to its end closes its connection (fb_handler.c).
 */
#ifndef FB_BODY_H
#define FB_BODY_H

#include "fb_request.h"

/*
 * Reads the body of fr's request (at most FeedbackMaxBodySize bytes),
 * checks its media type and parses it strictly into fr->body; an absent
 * body reads as {}.  Errors: 413, 408, 415, 400 invalid_request.
 */
fb_error_t *fb_body_read(fb_req_t *fr);

/* Reads and drops the body of a request that takes none.  Errors: 408,
 * 400 invalid_request. */
fb_error_t *fb_body_discard(fb_req_t *fr);

/* Why a read of the body failed: 408 request_timeout when it ran out of
 * time, else 400 invalid_request. */
fb_error_t *fb_body_unread(fb_req_t *fr);

#endif
