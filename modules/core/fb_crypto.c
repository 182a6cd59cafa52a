/*
 * fb_crypto: thin wrappers over OpenSSL.
 */
#include <stdlib.h>
#include <string.h>

#include <apr_lib.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include "fb_crypto.h"

void fb_sha256(const void *data, apr_size_t len,
               unsigned char out[FB_SHA256_LEN])
{
    SHA256(data, len, out);
}

const char *fb_hex(apr_pool_t *p, const unsigned char *bytes, apr_size_t len)
{
    static const char digits[] = "0123456789abcdef";
    char *out = apr_palloc(p, len * 2 + 1);
    apr_size_t i;

    for (i = 0; i < len; i++) {
        out[2 * i] = digits[bytes[i] >> 4];
        out[2 * i + 1] = digits[bytes[i] & 0x0f];
    }
    out[len * 2] = '\0';
    return out;
}

void fb_hmac_sha256(const char *key, apr_size_t key_len, const void *data,
                    apr_size_t len, unsigned char out[FB_SHA256_LEN])
{
    unsigned int n = FB_SHA256_LEN;

    HMAC(EVP_sha256(), key, (int)key_len, data, len, out, &n);
}

int fb_hmac_sha256_matches(const char *key, const char *text,
                           const char *hex)
{
    unsigned char mac[FB_SHA256_LEN], given[FB_SHA256_LEN];
    apr_size_t i;

    if (strlen(hex) != 2 * FB_SHA256_LEN) {
        return 0;
    }
    for (i = 0; i < FB_SHA256_LEN; i++) {
        int hi = apr_isxdigit(hex[2 * i]), lo = apr_isxdigit(hex[2 * i + 1]);
        char byte[3] = {hex[2 * i], hex[2 * i + 1], '\0'};

        if (!hi || !lo) {
            return 0;
        }
        given[i] = (unsigned char)strtoul(byte, NULL, 16);
    }
    fb_hmac_sha256(key, strlen(key), text, strlen(text), mac);
    return fb_equal_ct(mac, given, FB_SHA256_LEN);
}

int fb_equal_ct(const void *a, const void *b, apr_size_t len)
{
    return CRYPTO_memcmp(a, b, len) == 0;
}

int fb_api_key_well_formed(const char *key)
{
    apr_size_t plen = sizeof(FB_API_KEY_PREFIX) - 1;
    int i;

    if (key == NULL || strncmp(key, FB_API_KEY_PREFIX, plen) != 0) {
        return 0;
    }
    for (i = 0; i < FB_API_KEY_BODY_LEN; i++) {
        if (!apr_isalnum(key[plen + i])) {
            return 0;
        }
    }
    return key[plen + FB_API_KEY_BODY_LEN] == '\0';
}

apr_uint64_t fb_fingerprint(const void *data, apr_size_t len)
{
    const unsigned char *p = data;
    apr_uint64_t h = APR_UINT64_C(14695981039346656037);
    apr_size_t i;

    for (i = 0; i < len; i++) {
        h = (h ^ p[i]) * APR_UINT64_C(1099511628211);
    }
    return h != 0 ? h : 1;
}
