/*
 * fb_unsubscribe: signed unsubscribe links (fb_unsubscribe.h).
 */
#include <string.h>

#include "apr_escape.h"
#include "apr_strings.h"

#include "fb_crypto.h"
#include "fb_unsubscribe.h"

const char *fb_unsubscribe_token(apr_pool_t *p, const char *secret,
                                 const char *org, const char *list,
                                 const char *email)
{
    const char *text = apr_pstrcat(p, org, "\n", list, "\n", email, NULL);
    unsigned char mac[FB_SHA256_LEN];

    fb_hmac_sha256(secret, strlen(secret), text, strlen(text), mac);
    return fb_hex(p, mac, sizeof(mac));
}

int fb_unsubscribe_valid(apr_pool_t *p, const char *secret, const char *org,
                         const char *list, const char *email,
                         const char *token)
{
    const char *expected = fb_unsubscribe_token(p, secret, org, list, email);

    return token != NULL && strlen(token) == strlen(expected)
           && fb_equal_ct(token, expected, strlen(expected));
}

const char *fb_unsubscribe_url(apr_pool_t *p, const char *base,
                               const char *secret, const char *org,
                               const char *list, const char *email)
{
    return apr_pstrcat(p, base, FB_UNSUBSCRIBE_PATH,
                       "?org=", apr_pescape_urlencoded(p, org),
                       "&list=", apr_pescape_urlencoded(p, list),
                       "&email=", apr_pescape_urlencoded(p, email),
                       "&token=",
                       fb_unsubscribe_token(p, secret, org, list, email),
                       NULL);
}
