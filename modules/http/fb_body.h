/*
 * fb_body: reading a JSON request body.
 */
#ifndef FB_BODY_H
#define FB_BODY_H

#include "fb_request.h"

/*
 * Reads the body of fr's request (at most FeedbackMaxBodySize bytes),
 * checks its media type and parses it strictly into fr->body; an absent
 * body reads as {}.  Errors: 413, 415, 400 invalid_request.
 */
fb_error_t *fb_body_read(fb_req_t *fr);

#endif
