/*
 * fb_utf8: UTF-8 as PostgreSQL accepts it.
 */
#ifndef FB_UTF8_H
#define FB_UTF8_H

#include <apr.h>
#include <apr_pools.h>

/*
 * The length of the well-formed UTF-8 sequence at s (at most len bytes
 * available), or 0: overlong forms, surrogates (U+D800..U+DFFF) and code
 * points above U+10FFFF are not well formed.
 */
apr_size_t fb_utf8_sequence(const unsigned char *s, apr_size_t len);

/* Non-zero when len bytes at s are well-formed UTF-8 without NUL. */
int fb_utf8_valid(const char *s, apr_size_t len);

/*
 * s as well-formed UTF-8 of at most max bytes (max >= 8): each byte
 * that begins no well-formed sequence becomes U+FFFD, and a longer text
 * is cut at a character's boundary and ends in U+2026 (...) within max.
 * s itself when it needs neither.  What a message echoes of a request
 * passes here (fb_error_render), so an answer is UTF-8 whatever the
 * request held.
 */
const char *fb_utf8_clean(apr_pool_t *p, const char *s, apr_size_t max);

/* Length of a (valid) UTF-8 string in code points. */
apr_size_t fb_utf8_length(const char *s);

#endif
