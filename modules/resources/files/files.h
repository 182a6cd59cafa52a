/*
 * files.h: storing the files of a request (images taken into content)
 * and serving them.
 *
 * A file is written as it arrives, in chunks of FB_FILE_CHUNK bytes, each
 * stored on its own (file_store.h): a database connection is held only
 * while a chunk is stored, never while the next one is awaited from a
 * slow or silent server.  A file abandoned half-way is discarded at
 * once, or by the sweep of unattached files when even that fails.
 */
#ifndef FILES_H
#define FILES_H

#include "fb_fetch.h"
#include "fb_resource.h"
#include "file_store.h"

#define FB_FILE_CHUNK (256 * 1024)
#define FB_FILE_MAX_SIZE (10 * 1024 * 1024)   /* api.md's download cap */

typedef struct fb_file_writer fb_file_writer_t;

/* Starts a file of the request's organization from source (a URL, or
 * "data:"). */
fb_error_t *fb_file_begin(fb_req_t *fr, const char *source,
                          fb_file_writer_t **w);

/*
 * Starts a file of any type but an executable (fb_filetype.h), named
 * name (already checked: fb_filetype_name_refused), of at most max
 * bytes: ticket files.  Its type is told by its content.
 */
fb_error_t *fb_file_begin_any(fb_req_t *fr, const char *source,
                              const char *name, apr_off_t max,
                              fb_file_writer_t **w);

/* Why the file was abandoned, for a client (NULL when it was not, or
 * for a failure of the server's own). */
const char *fb_file_why(const fb_file_writer_t *w);

/* Adds data; anything but APR_SUCCESS (not an image, over the cap, a
 * database failure) means the file is to be abandoned. */
apr_status_t fb_file_write(fb_file_writer_t *w, const char *data,
                           apr_size_t len);

/* Downloads url into w, at most FB_FILE_MAX_SIZE bytes, with the node's
 * outbound options opt; *res says how it went (w is not finished). */
void fb_file_fetch(fb_req_t *fr, const fb_fetch_options_t *opt,
                   const char *url, fb_file_writer_t *w,
                   fb_fetch_result_t *res);

/* Ends the file: with ok, the rest is written, the file is looked into
 * as an archive (fb_archive.h: it is read back, chunk by chunk) and
 * completed (*key is the file's key); else, or when that fails or
 * refuses it (fb_file_why), it is deleted and *key is NULL. */
void fb_file_finish(fb_file_writer_t *w, int ok, const char **key);

/*
 * The key of a file of the request's organization that url names, or
 * NULL: its marker, or a URL this server gave for it (any host,
 * "/v2/files/{key}", whatever signature or expiry), so content given
 * back as the API returned it keeps its images without fetching them
 * again (an expired URL would fail).  Another organization's key is not
 * one.
 */
const char *fb_file_owned(fb_req_t *fr, const char *url);

#endif
