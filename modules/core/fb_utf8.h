/*
 * fb_utf8: UTF-8 as PostgreSQL accepts it.
 */
#ifndef FB_UTF8_H
#define FB_UTF8_H

#include <apr.h>

/*
 * The length of the well-formed UTF-8 sequence at s (at most len bytes
 * available), or 0: overlong forms, surrogates (U+D800..U+DFFF) and code
 * points above U+10FFFF are not well formed.
 */
apr_size_t fb_utf8_sequence(const unsigned char *s, apr_size_t len);

/* Non-zero when len bytes at s are well-formed UTF-8 without NUL. */
int fb_utf8_valid(const char *s, apr_size_t len);

/* Length of a (valid) UTF-8 string in code points. */
apr_size_t fb_utf8_length(const char *s);

#endif
