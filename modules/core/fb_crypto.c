/*
 * fb_crypto: thin wrappers over OpenSSL.
 */
#include <string.h>

#include <apr_lib.h>
#include <openssl/crypto.h>
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
