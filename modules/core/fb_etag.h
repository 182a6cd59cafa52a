/*
 * fb_etag: entity tags of JSON representations, and the conditions of
 * RFC 9110 (If-None-Match, If-Match) over them.
 *
 * A representation's tag is strong: a digest of the exact JSON the
 * resource renders to, before stored files' URLs are signed (those carry
 * the time they were signed at, not a change of the resource).  So a
 * tag changes exactly when the bytes a client would read change: a
 * related name, a count, a field of another table included.
 */
#ifndef FB_ETAG_H
#define FB_ETAG_H

#include <apr_pools.h>

/* The quoted strong entity tag of json, in p: the first 16 bytes of its
 * SHA-256 in lowercase hexadecimal, between quotes (FB_ETAG_PATTERN, as
 * the served description shows it). */
#define FB_ETAG_PATTERN "^\"[0-9a-f]{32}\"$"

const char *fb_etag_of(apr_pool_t *p, const char *json);

/*
 * Non-zero when the field value header (a list of entity tags, or "*")
 * names etag.  weak: the weak comparison (If-None-Match: W/ prefixes are
 * ignored on both sides); else the strong one (If-Match: a weak tag never
 * matches).  etag NULL means the resource has no current representation:
 * nothing matches it, "*" included.  A malformed list matches nothing.
 */
int fb_etag_matches(const char *header, const char *etag, int weak);

#endif
