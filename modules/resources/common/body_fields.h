/*
 * body_fields: request body fields that several resources read the same
 * way: times, and content given as HTML or as markdown (sanitized, images
 * taken in).
 */
#ifndef BODY_FIELDS_H
#define BODY_FIELDS_H

#include "fb_request.h"

/*
 * The time field of the body (an ISO 8601 string, or Unix seconds where
 * the rules allow a number) as the exact text PostgreSQL reads, or NULL
 * when the body has none (or null).
 */
const char *fb_body_time(fb_req_t *fr, const char *field);

/*
 * The HTML field of the body sanitized (*html) and as plain text (*text);
 * both NULL when the body does not have it.  Its images are taken in
 * (content_images.h), each stored in a transaction of its own: call this
 * before the write's transaction begins.  Markup too complex to sanitize
 * within the sanitizer's limits is 400 invalid_parameter.
 */
fb_error_t *fb_body_html(fb_req_t *fr, const char *field, const char **html,
                         const char **text);

/*
 * The markdown field of the body rendered with CommonMark, then sanitized
 * and made plain text as fb_body_html() does.
 */
fb_error_t *fb_body_markdown(fb_req_t *fr, const char *field,
                             const char **html, const char **text);

/*
 * The content given (a value of the body named field, nested or not),
 * HTML or, with markdown, markdown rendered with CommonMark, sanitized
 * and made plain text as fb_body_html() does; NULL given gives NULLs.
 */
fb_error_t *fb_body_content(fb_req_t *fr, const char *field,
                            const char *given, int markdown,
                            const char **html, const char **text);

#endif
