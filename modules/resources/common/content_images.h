/*
 * content_images: images of HTML content taken into the server's files.
 *
 * decisions.md "Content": the src of every <img>, an http(s) URL or a
 * base64 data URI, is fetched (under the outbound rules, fb_fetch.h) or
 * decoded, stored (files.h), and replaced with the file's marker, which
 * responses turn into a signed URL (fb_filesign.h).  An image that cannot
 * be had (refused address, over 10 MB, not an image, an error) loses its
 * src, so the sanitizer that runs next drops it; the write goes on.
 * Every content field reaches it through body_fields.h.
 */
#ifndef CONTENT_IMAGES_H
#define CONTENT_IMAGES_H

#include "fb_request.h"

/* At most this many images of one content are taken; later ones are
 * dropped. */
#define FB_CONTENT_MAX_IMAGES 10

/*
 * html (NUL-terminated, already accepted by the sanitizer, whose limits
 * bound this parse too) with its images taken in, in fr's pool; html
 * itself when it has none.  Each image is stored in a transaction of its
 * own on the request's connection: call it before the write's own
 * transaction begins.
 */
const char *fb_content_images(fb_req_t *fr, const char *html);

#endif
