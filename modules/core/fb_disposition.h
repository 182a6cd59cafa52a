/*
 * fb_disposition: the Content-Disposition of a stored file served as an
 * attachment, so a browser saves it under its name instead of showing
 * it (RFC 6266).
 */
#ifndef FB_DISPOSITION_H
#define FB_DISPOSITION_H

#include <apr_pools.h>

/*
 * "attachment; filename=\"...\"" for name (NULL or "": "file"), in p.
 * filename is printable ASCII with quotes, backslashes and '%' (which
 * some browsers decode) made '_', one '_' for each other character; when
 * that is not the name itself and the name is UTF-8, filename* (RFC
 * 5987, percent-encoded UTF-8) follows with it exactly, which browsers
 * prefer.
 */
const char *fb_disposition_attachment(apr_pool_t *p, const char *name);

#endif
