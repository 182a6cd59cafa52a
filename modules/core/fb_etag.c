/*
 * fb_etag: entity tags and their comparison.
 */
#include <string.h>

#include <apr_strings.h>

#include "fb_crypto.h"
#include "fb_etag.h"

/* 128 bits of SHA-256: ample for telling versions of one resource. */
#define FB_ETAG_BYTES 16

const char *fb_etag_of(apr_pool_t *p, const char *json)
{
    unsigned char digest[FB_SHA256_LEN];

    fb_sha256(json, strlen(json), digest);
    return apr_pstrcat(p, "\"", fb_hex(p, digest, FB_ETAG_BYTES), "\"",
                       NULL);
}

static const char *fb_etag_skip_space(const char *s)
{
    while (*s == ' ' || *s == '\t') {
        s++;
    }
    return s;
}

int fb_etag_matches(const char *header, const char *etag, int weak)
{
    const char *s = fb_etag_skip_space(header);
    apr_size_t elen;
    int found = 0;

    if (etag == NULL) {
        return 0;
    }
    if (*s == '*') {
        return *fb_etag_skip_space(s + 1) == '\0';
    }
    elen = strlen(etag);
    /* The whole list is read: one that is malformed anywhere matches
     * nothing, even a tag before the fault. */
    for (;;) {
        const char *end;
        int is_weak = 0;

        s = fb_etag_skip_space(s);
        if (s[0] == 'W' && s[1] == '/') {
            is_weak = 1;
            s += 2;
        }
        /* An entity tag is DQUOTE *etagc DQUOTE: no quote inside. */
        if (*s != '"' || (end = strchr(s + 1, '"')) == NULL) {
            return 0;
        }
        end++;
        if ((weak || !is_weak) && (apr_size_t)(end - s) == elen
            && memcmp(s, etag, elen) == 0) {
            found = 1;
        }
        s = fb_etag_skip_space(end);
        if (*s == '\0') {
            return found;
        }
        if (*s++ != ',') {
            return 0;
        }
    }
}
