/*
 * fb_upload: reading a multipart/form-data request body (RFC 7578) as
 * it arrives: the part named "data" holds the JSON body (read as a JSON
 * body is: at most FeedbackMaxBodySize bytes), every other part is a
 * file handed, chunk by chunk, to the operation's upload callbacks,
 * which store it.  Nothing waits for the whole body, and no file is ever
 * held whole in memory; the callbacks hold a database connection only
 * while they store a chunk (files.h).  A file part is begun once its
 * first 64 KiB (or its end) have come, so that a slow sender, cut for
 * time before then, costs the database nothing.
 */
#ifndef FB_UPLOAD_H
#define FB_UPLOAD_H

#include "fb_multipart.h"
#include "fb_request.h"

typedef struct fb_upload {
    /* A file part begins: *file is its state for data and end.  An
     * error refuses the request. */
    fb_error_t *(*begin)(fb_req_t *fr, const fb_multipart_part_t *part,
                         void **file);
    /* Its next bytes; anything but APR_SUCCESS ends the part (end is
     * then told !ok and gives the error). */
    apr_status_t (*data)(void *file, const char *buf, apr_size_t len);
    /* The part ended (ok), or the file is to be discarded (!ok: its
     * data failed, or the request is refused).  An error refuses the
     * request; discarding answers one only when the file itself is
     * refused (NULL otherwise: the caller knows why it discards). */
    fb_error_t *(*end)(fb_req_t *fr, void *file, int ok);
    /* The request is refused while its body is read: the files the
     * parts before stored are to be discarded. */
    void (*abort)(fb_req_t *fr);
    int max_files;          /* file parts in one body */
    apr_off_t max_total;    /* bytes of the whole body */
} fb_upload_t;

/* Non-zero when the request's body is multipart/form-data. */
int fb_upload_is_multipart(fb_req_t *fr);

/*
 * Reads the multipart body into fr->body (the data part's JSON, {} when
 * there is none) and the upload's callbacks, under fb_pacing's clock for
 * uploads.  Errors: 413 over max_total or max_files (and over
 * FeedbackMaxBodySize for the data part), 408 when it does not arrive in
 * time, 400 for a malformed body or data part, or a callback's.
 */
fb_error_t *fb_upload_read(fb_req_t *fr, const fb_upload_t *up);

#endif
