/*
 * fb_filesign: signed URLs of stored files (fb_filesign.h).
 */
#include <stdlib.h>
#include <string.h>

#include "apr_strings.h"

#include "fb_crypto.h"
#include "fb_filesign.h"

int fb_file_key_valid(const char *key)
{
    return key != NULL && strlen(key) == FB_FILE_KEY_LEN
           && strspn(key, "0123456789abcdef") == FB_FILE_KEY_LEN;
}

const char *fb_file_marker(apr_pool_t *p, const char *key)
{
    return apr_pstrcat(p, FB_FILE_MARKER, key, NULL);
}

static const char *fb_filesign_mac(apr_pool_t *p, const char *secret,
                                   const char *key, const char *expires)
{
    const char *msg = apr_pstrcat(p, key, ".", expires, NULL);
    unsigned char mac[FB_SHA256_LEN];

    fb_hmac_sha256(secret, strlen(secret), msg, strlen(msg), mac);
    return fb_hex(p, mac, sizeof(mac));
}

/* The tag of key's link marker: the MAC of "link.<key>", shortened. */
static const char *fb_file_link_tag(apr_pool_t *p, const char *key,
                                    const char *secret)
{
    return apr_pstrndup(p, fb_filesign_mac(p, secret, "link", key),
                        FB_FILE_TAG_LEN);
}

const char *fb_file_link_marker(apr_pool_t *p, const char *key,
                                const char *secret)
{
    return apr_pstrcat(p, FB_FILE_LINK_MARKER, key, ".",
                       fb_file_link_tag(p, key, secret), NULL);
}

/* The key of the link marker at hit when it is whole, rightly tagged and
 * ends its string; NULL otherwise.  *len: the marker's length. */
static const char *fb_filesign_link(apr_pool_t *p, const char *hit,
                                    const char *secret, apr_size_t *len)
{
    const apr_size_t mlen = sizeof(FB_FILE_LINK_MARKER) - 1;
    const char *key, *tag, *end;

    if (strncmp(hit, FB_FILE_LINK_MARKER, mlen) != 0
        || strnlen(hit + mlen, FB_FILE_KEY_LEN + 1 + FB_FILE_TAG_LEN)
           != FB_FILE_KEY_LEN + 1 + FB_FILE_TAG_LEN
        || hit[mlen + FB_FILE_KEY_LEN] != '.') {
        return NULL;
    }
    key = apr_pstrmemdup(p, hit + mlen, FB_FILE_KEY_LEN);
    tag = hit + mlen + FB_FILE_KEY_LEN + 1;
    end = tag + FB_FILE_TAG_LEN;
    if (!fb_file_key_valid(key) || (*end != '"' && *end != '\\')
        || !fb_equal_ct(tag, fb_file_link_tag(p, key, secret),
                        FB_FILE_TAG_LEN)) {
        return NULL;
    }
    *len = (apr_size_t)(end - hit);
    return key;
}

const char *fb_filesign_url(apr_pool_t *p, const char *base,
                            const char *key, const char *secret,
                            apr_time_t expires)
{
    const char *when = apr_psprintf(p, "%" APR_TIME_T_FMT,
                                    apr_time_sec(expires));

    return apr_pstrcat(p, base, key, "?expires=", when, "&signature=",
                       fb_filesign_mac(p, secret, key, when), NULL);
}

/* Non-zero when the marker at text + at is the src of an <img>: right
 * after src=" (or src=\" in JSON), inside a tag that starts with <img.
 * Text nodes cannot pass for this: the sanitizer writes < in text as
 * &lt;. */
static int fb_filesign_in_img(const char *text, apr_size_t at)
{
    apr_size_t i;

    if (at >= 6 && strncmp(text + at - 6, "src=\\\"", 6) == 0) {
        at -= 6;
    }
    else if (at >= 5 && strncmp(text + at - 5, "src=\"", 5) == 0) {
        at -= 5;
    }
    else {
        return 0;
    }
    for (i = at; i > 0; i--) {
        if (text[i - 1] == '>') {
            return 0;
        }
        if (text[i - 1] == '<') {
            return strncmp(text + i - 1, "<img ", 5) == 0;
        }
    }
    return 0;
}

const char *fb_filesign_rewrite(apr_pool_t *p, const char *text,
                                const char *base, const char *secret,
                                apr_time_t expires)
{
    const apr_size_t mlen = sizeof(FB_FILE_MARKER) - 1;
    const char *when = apr_psprintf(p, "%" APR_TIME_T_FMT,
                                    apr_time_sec(expires));
    const char *hit = strstr(text, FB_FILE_MARKER);
    const char *from = text;
    char *out = NULL;

    while (hit != NULL) {
        char key[FB_FILE_KEY_LEN + 1];
        apr_size_t n = strnlen(hit + mlen, FB_FILE_KEY_LEN), llen;
        const char *link = fb_filesign_link(p, hit, secret, &llen);

        if (link != NULL) {
            out = apr_pstrcat(p, out ? out : "",
                              apr_pstrmemdup(p, from, hit - from), base,
                              link, "?expires=", when, "&signature=",
                              fb_filesign_mac(p, secret, link, when), NULL);
            from = hit + llen;
            hit = strstr(from, FB_FILE_MARKER);
            continue;
        }
        memcpy(key, hit + mlen, n);
        key[n] = '\0';
        if (fb_file_key_valid(key)
            && (hit[mlen + n] == '"' || hit[mlen + n] == '\\')
            && fb_filesign_in_img(text, (apr_size_t)(hit - text))) {
            out = apr_pstrcat(p, out ? out : "",
                              apr_pstrmemdup(p, from, hit - from), base,
                              key, "?expires=", when, "&amp;signature=",
                              fb_filesign_mac(p, secret, key, when), NULL);
            from = hit + mlen + FB_FILE_KEY_LEN;
        }
        hit = strstr(hit + mlen, FB_FILE_MARKER);
    }
    return out == NULL ? text : apr_pstrcat(p, out, from, NULL);
}

int fb_filesign_valid(const char *secret, const char *key,
                      const char *expires_text, const char *signature,
                      apr_time_t now)
{
    apr_pool_t *p;
    const char *want;
    char *end;
    long long t;
    int ok;

    if (secret == NULL || !fb_file_key_valid(key) || expires_text == NULL
        || signature == NULL || strlen(signature) != 2 * FB_SHA256_LEN
        || *expires_text < '0' || *expires_text > '9') {
        return 0;
    }
    t = strtoll(expires_text, &end, 10);
    if (*end != '\0' || t < apr_time_sec(now)) {
        return 0;
    }
    if (apr_pool_create(&p, NULL) != APR_SUCCESS) {
        return 0;
    }
    want = fb_filesign_mac(p, secret, key, expires_text);
    ok = fb_equal_ct(want, signature, 2 * FB_SHA256_LEN);
    apr_pool_destroy(p);
    return ok;
}
