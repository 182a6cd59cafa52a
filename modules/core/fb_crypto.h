/*
 * fb_crypto: hashing and comparison on OpenSSL.
 *
 * API keys are "sk_" followed by 40 base62 characters.  The server keeps
 * only their SHA-256; a presented key is hashed and looked up by hash.
 */
#ifndef FB_CRYPTO_H
#define FB_CRYPTO_H

#include <apr_pools.h>

#define FB_SHA256_LEN 32
#define FB_API_KEY_PREFIX "sk_"
#define FB_API_KEY_BODY_LEN 40

/* Writes the SHA-256 of data into out. */
void fb_sha256(const void *data, apr_size_t len,
               unsigned char out[FB_SHA256_LEN]);

/* Lower-case hexadecimal of len bytes, in p. */
const char *fb_hex(apr_pool_t *p, const unsigned char *bytes, apr_size_t len);

/* Compares len bytes in time independent of where they differ. */
int fb_equal_ct(const void *a, const void *b, apr_size_t len);

/* Non-zero when key has the form of an API key. */
int fb_api_key_well_formed(const char *key);

#endif
