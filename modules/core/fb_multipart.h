/*
 * fb_multipart: a streaming multipart/form-data parser (RFC 7578,
 * RFC 2046 section 5.1).
 *
 * The body is fed in chunks of any size as they arrive (a bucket
 * brigade's buckets); part data is handed to a callback as soon as it is
 * known not to be the start of a delimiter, so at most the delimiter's
 * length of data is ever held back, and a file is never in memory whole.
 * Everything the parser keeps is bounded: the boundary (1..70
 * characters), one part's header block, the number of parts, the total
 * size.  Only what form-data needs is read from a part's headers:
 * Content-Disposition (name, filename) and Content-Type.
 */
#ifndef FB_MULTIPART_H
#define FB_MULTIPART_H

#include <apr_pools.h>

#define FB_MULTIPART_BOUNDARY_MAX 70

typedef struct fb_multipart fb_multipart_t;

/* What one part's headers say; its strings live until the next part
 * begins. */
typedef struct {
    const char *name;           /* never NULL */
    const char *filename;       /* NULL when the part is not a file */
    const char *content_type;   /* NULL when not given */
} fb_multipart_part_t;

/*
 * The callbacks: anything but APR_SUCCESS stops the parse, and feed
 * returns that status.  data gets each run of a part's bytes (len > 0)
 * in order; end is called once the part's closing delimiter is seen.
 */
typedef struct {
    apr_status_t (*begin)(void *baton, const fb_multipart_part_t *part);
    apr_status_t (*data)(void *baton, const char *buf, apr_size_t len);
    apr_status_t (*end)(void *baton);
} fb_multipart_callbacks_t;

typedef struct {
    apr_size_t max_header;      /* bytes of one part's header block */
    int max_parts;
    apr_off_t max_total;        /* bytes of the whole body */
} fb_multipart_limits_t;

/*
 * The boundary of a Content-Type of multipart/form-data (the type's case
 * ignored, the parameter a token or a quoted string), in p.  NULL when
 * the type is another, or the boundary is absent, longer than
 * FB_MULTIPART_BOUNDARY_MAX, or has characters RFC 2046 does not allow.
 */
const char *fb_multipart_boundary(apr_pool_t *p, const char *content_type);

/* A parser in p for boundary (as fb_multipart_boundary gave it). */
fb_multipart_t *fb_multipart_create(apr_pool_t *p, const char *boundary,
                                    const fb_multipart_limits_t *limits,
                                    const fb_multipart_callbacks_t *cb,
                                    void *baton);

/*
 * Parses the next len bytes of the body.  APR_SUCCESS, APR_EINVAL when
 * the body is malformed, APR_ENOSPC when a limit is passed, or what a
 * callback returned; once it failed, every later call returns the same.
 */
apr_status_t fb_multipart_feed(fb_multipart_t *mp, const char *buf,
                               apr_size_t len);

/* After the last bytes: APR_SUCCESS when the closing delimiter was
 * seen, else as feed (APR_EINVAL for a body cut short). */
apr_status_t fb_multipart_finish(fb_multipart_t *mp);

/* Why the parse failed, for a client (NULL when it did not). */
const char *fb_multipart_error(const fb_multipart_t *mp);

#endif
