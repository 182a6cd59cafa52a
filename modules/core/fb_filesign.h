/*
 * fb_filesign: signed URLs of stored files.
 *
 * Stored content never holds a file's real URL, which depends on the host
 * a client uses and expires: it holds a marker, FB_FILE_MARKER followed
 * by the file's key, in an <img src>.  Responses sign markers on their
 * way out (fb_filesign_rewrite): each becomes base + key +
 * "?expires=T&signature=S" (the & written &amp;, as HTML attributes
 * want), S being the hexadecimal HMAC-SHA256 of "key.T" under the server
 * secret, T Unix seconds.  GET /v2/files/{key} checks the pair
 * (fb_filesign_valid).
 */
#ifndef FB_FILESIGN_H
#define FB_FILESIGN_H

#include <apr_pools.h>
#include <apr_time.h>

#define FB_FILE_MARKER "https://files.feedback.invalid/"
#define FB_FILE_KEY_LEN 32

/* Non-zero when key is FB_FILE_KEY_LEN lower-case hex characters. */
int fb_file_key_valid(const char *key);

/* The marker URL of key, in p. */
const char *fb_file_marker(apr_pool_t *p, const char *key);

/*
 * A file's URL that is a whole JSON string (a ticket's file value) is
 * kept unsigned too, so that an answer's bytes (its ETag, an
 * Idempotency-Key replay) do not depend on when it was signed: the link
 * marker FB_FILE_LINK_MARKER, the key, '.' and a tag, the first
 * FB_FILE_TAG_LEN hexadecimal characters of the HMAC-SHA256 of
 * "link.<key>" under secret.  Text a user writes cannot pass for one
 * without the secret (a plain marker could be typed into any field).
 */
#define FB_FILE_LINK_MARKER FB_FILE_MARKER "link/"
#define FB_FILE_TAG_LEN 16

/* The link marker of key under secret, in p. */
const char *fb_file_link_marker(apr_pool_t *p, const char *key,
                                const char *secret);

/*
 * text with every marker that is the src of an <img> (text written by
 * the sanitizer, raw or inside a JSON string) replaced by its signed URL
 * under base (ending in "/"), expiring at expires, and every link marker
 * whose tag is right, followed by the end of its string, likewise (with
 * a plain '&': a URL, not an HTML attribute).  text itself when it has
 * none.
 */
const char *fb_filesign_rewrite(apr_pool_t *p, const char *text,
                                const char *base, const char *secret,
                                apr_time_t expires);

/* The signed URL of key under base (ending in "/"), expiring at
 * expires, as JSON and plain text want it (a plain '&'). */
const char *fb_filesign_url(apr_pool_t *p, const char *base,
                            const char *key, const char *secret,
                            apr_time_t expires);

/* Non-zero when signature is key's for the Unix time expires_text under
 * secret, compared in constant time, and that time is not before now. */
int fb_filesign_valid(const char *secret, const char *key,
                      const char *expires_text, const char *signature,
                      apr_time_t now);

#endif
