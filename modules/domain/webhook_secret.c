/*
 * webhook_secret: making webhook secrets and signing with them
 * (webhook_secret.h).
 */
#include <string.h>

#include "apr_base64.h"
#include "apr_general.h"
#include "apr_strings.h"

#include "fb_crypto.h"
#include "webhook_secret.h"

apr_status_t fb_webhook_secret_make(apr_pool_t *p, const char **secret)
{
    unsigned char raw[FB_WEBHOOK_SECRET_BYTES];
    char *b64 = apr_palloc(p, apr_base64_encode_len(sizeof(raw)));
    apr_status_t rv = apr_generate_random_bytes(raw, sizeof(raw));

    if (rv != APR_SUCCESS) {
        return rv;
    }
    apr_base64_encode_binary(b64, raw, sizeof(raw));
    *secret = apr_pstrcat(p, FB_WEBHOOK_SECRET_PREFIX, b64, NULL);
    return APR_SUCCESS;
}

int fb_webhook_sign(apr_pool_t *p, const char *secret, const char *id,
                    const char *ts, const char *body, apr_table_t *headers)
{
    const apr_size_t prefix = strlen(FB_WEBHOOK_SECRET_PREFIX);
    unsigned char mac[FB_SHA256_LEN];
    const char *text;
    char *key, *b64;
    int key_len;

    /* The hosted scheme: under the whole secret string. */
    text = apr_pstrcat(p, ts, ".", body, NULL);
    fb_hmac_sha256(secret, strlen(secret), text, strlen(text), mac);
    apr_table_set(headers, "X-Webhook-Timestamp", ts);
    apr_table_set(headers, "X-Webhook-Signature",
                  fb_hex(p, mac, sizeof(mac)));

    /* Standard Webhooks: under the decoded part after whsec_. */
    if (strncmp(secret, FB_WEBHOOK_SECRET_PREFIX, prefix) != 0) {
        return 0;
    }
    key = apr_palloc(p, apr_base64_decode_len(secret + prefix) + 1);
    key_len = apr_base64_decode_binary((unsigned char *)key, secret + prefix);
    text = apr_pstrcat(p, id, ".", ts, ".", body, NULL);
    fb_hmac_sha256(key, (apr_size_t)key_len, text, strlen(text), mac);
    b64 = apr_palloc(p, apr_base64_encode_len(sizeof(mac)));
    apr_base64_encode_binary(b64, mac, sizeof(mac));
    apr_table_set(headers, "webhook-id", id);
    apr_table_set(headers, "webhook-timestamp", ts);
    apr_table_set(headers, "webhook-signature",
                  apr_pstrcat(p, "v1,", b64, NULL));
    return 1;
}
