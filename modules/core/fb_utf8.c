/*
 * fb_utf8: checking and counting UTF-8.
 */
#include <string.h>

#include "fb_utf8.h"

#define FB_UTF8_REPLACEMENT "\xef\xbf\xbd"    /* U+FFFD */
#define FB_UTF8_ELLIPSIS "\xe2\x80\xa6"       /* U+2026 */

apr_size_t fb_utf8_sequence(const unsigned char *s, apr_size_t len)
{
    unsigned char c = s[0];
    apr_size_t n, i;
    unsigned char lo = 0x80, hi = 0xbf;     /* bounds of the second byte */

    if (c < 0x80) {
        return 1;
    }
    if (c >= 0xc2 && c <= 0xdf) {
        n = 2;
    }
    else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        lo = c == 0xe0 ? 0xa0 : 0x80;       /* no overlong forms */
        hi = c == 0xed ? 0x9f : 0xbf;       /* no surrogates */
    }
    else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        lo = c == 0xf0 ? 0x90 : 0x80;       /* no overlong forms */
        hi = c == 0xf4 ? 0x8f : 0xbf;       /* nothing above U+10FFFF */
    }
    else {
        return 0;
    }
    if (len < n || s[1] < lo || s[1] > hi) {
        return 0;
    }
    for (i = 2; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80) {
            return 0;
        }
    }
    return n;
}

int fb_utf8_valid(const char *s, apr_size_t len)
{
    const unsigned char *p = (const unsigned char *)s;
    apr_size_t i = 0, n;

    while (i < len) {
        if (p[i] == 0 || (n = fb_utf8_sequence(p + i, len - i)) == 0) {
            return 0;
        }
        i += n;
    }
    return 1;
}

apr_size_t fb_utf8_length(const char *s)
{
    apr_size_t n = 0;

    for (; *s != '\0'; s++) {
        if (((unsigned char)*s & 0xc0) != 0x80) {
            n++;
        }
    }
    return n;
}

const char *fb_utf8_clean(apr_pool_t *p, const char *s, apr_size_t max)
{
    const unsigned char *in = (const unsigned char *)s;
    apr_size_t len = strlen(s), i = 0, o = 0, n;
    char *out;

    if (len <= max && fb_utf8_valid(s, len)) {
        return s;
    }
    /* Every byte in is at most 3 out (a replacement). */
    out = apr_palloc(p, 3 * len + 1);
    while (i < len) {
        n = fb_utf8_sequence(in + i, len - i);
        if (n == 0) {
            memcpy(out + o, FB_UTF8_REPLACEMENT, 3);
            o += 3;
            i++;
        }
        else {
            memcpy(out + o, in + i, n);
            o += n;
            i += n;
        }
    }
    if (o > max) {
        /* Cut at the start of a character, leaving room for the
         * ellipsis (out is well formed now: continuation bytes are
         * exactly those of the form 10xxxxxx). */
        o = max - 3;
        while (o > 0 && ((unsigned char)out[o] & 0xc0) == 0x80) {
            o--;
        }
        memcpy(out + o, FB_UTF8_ELLIPSIS, 3);
        o += 3;
    }
    out[o] = '\0';
    return out;
}
