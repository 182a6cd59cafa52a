/*
 * fb_unsubscribe: the signed links that take an address off a mailing
 * list (the changelog subscribers, for now), for the body of every bulk
 * email and its List-Unsubscribe header (RFC 8058).
 *
 * A link names the organization, the list and the address, and carries
 * the HMAC-SHA256, under the server secret (FeedbackSecret), of the three
 * joined by line feeds; the module serves it at FB_UNSUBSCRIBE_PATH
 * without an API key.  It does not expire: an unsubscribe link must work
 * for as long as the email may be read.
 */
#ifndef FB_UNSUBSCRIBE_H
#define FB_UNSUBSCRIBE_H

#include <apr_pools.h>

#define FB_UNSUBSCRIBE_PATH "/v2/email/unsubscribe"

/* The token of (org, list, email) under secret, in hexadecimal. */
const char *fb_unsubscribe_token(apr_pool_t *p, const char *secret,
                                 const char *org, const char *list,
                                 const char *email);

/* Non-zero when token is that of (org, list, email), compared in
 * constant time. */
int fb_unsubscribe_valid(apr_pool_t *p, const char *secret, const char *org,
                         const char *list, const char *email,
                         const char *token);

/* The link: base (the module's public URL, without a trailing slash),
 * FB_UNSUBSCRIBE_PATH and the query, every value percent-encoded. */
const char *fb_unsubscribe_url(apr_pool_t *p, const char *base,
                               const char *secret, const char *org,
                               const char *list, const char *email);

#endif
