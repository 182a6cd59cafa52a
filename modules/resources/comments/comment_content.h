/*
 * comment_content: the content field of comment writes.
 */
#ifndef COMMENT_CONTENT_H
#define COMMENT_CONTENT_H

#include "fb_request.h"

/*
 * The body's content sanitized (*html) and as plain text (*text); both
 * NULL when the body has none.  Content with nothing left after
 * sanitizing (no text, no image) is 400 invalid_parameter.  Runs before
 * the write's transaction begins: nothing here needs the database.
 */
fb_error_t *fb_comment_content(fb_req_t *fr, const char **html,
                               const char **text);

#endif
