/*
 * fb_crypto: hashing and comparison on OpenSSL.
 *
 * API keys are "sk_" followed by 40 base62 characters.  The server keeps
 * only their SHA-256; a presented key is hashed and looked up by hash.
 * Identity verification (userHash, companyHash) is an HMAC-SHA256 under
 * the organization's secret, sent in hexadecimal.
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

/* Writes HMAC-SHA256(key, data) into out. */
void fb_hmac_sha256(const char *key, apr_size_t key_len, const void *data,
                    apr_size_t len, unsigned char out[FB_SHA256_LEN]);

/* Non-zero when hex (either case) is the HMAC-SHA256 of text under key,
 * compared in constant time. */
int fb_hmac_sha256_matches(const char *key, const char *text,
                           const char *hex);

/* Lower-case hexadecimal of len bytes, in p. */
const char *fb_hex(apr_pool_t *p, const unsigned char *bytes, apr_size_t len);

/* Compares len bytes in time independent of where they differ. */
int fb_equal_ct(const void *a, const void *b, apr_size_t len);

/* Non-zero when key has the form of an API key. */
int fb_api_key_well_formed(const char *key);

/*
 * A 64-bit fingerprint of bytes (FNV-1a), never 0: names a subject that
 * is only counted or compared (rate limits, shares, the connection
 * gate), not a secret.
 */
apr_uint64_t fb_fingerprint(const void *data, apr_size_t len);

#endif
