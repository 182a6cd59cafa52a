/*
 * webhook_secret: a webhook's signing secret, made when the webhook is
 * created or its secret rotated (webhooks.c), and the signatures the
 * worker sends with every delivery (fb_job_webhook.c).
 *
 * A secret is whsec_ followed by the base64 of 32 random bytes, the
 * Standard Webhooks format.  Each delivery carries two signatures
 * (decisions.md "Webhooks"): the hosted scheme's, a hex HMAC-SHA256 of
 * "{timestamp}.{body}" under the whole secret string, and Standard
 * Webhooks', a base64 HMAC-SHA256 of "{id}.{timestamp}.{body}" under the
 * bytes the secret's base64 part decodes to.
 */
#ifndef WEBHOOK_SECRET_H
#define WEBHOOK_SECRET_H

#include <apr_pools.h>
#include <apr_tables.h>

#define FB_WEBHOOK_SECRET_PREFIX "whsec_"
#define FB_WEBHOOK_SECRET_BYTES 32

/* A new secret in *secret; APR's error when no random bytes could be
 * had. */
apr_status_t fb_webhook_secret_make(apr_pool_t *p, const char **secret);

/*
 * Sets the signature headers of body, sent as the event id at Unix time
 * ts (decimal seconds) and signed with secret, in headers:
 * X-Webhook-Timestamp and X-Webhook-Signature (hosted), webhook-id,
 * webhook-timestamp and webhook-signature ("v1,{base64}", Standard
 * Webhooks).  Returns 0, with only the hosted ones set, when the secret
 * does not start with whsec_.
 */
int fb_webhook_sign(apr_pool_t *p, const char *secret, const char *id,
                    const char *ts, const char *body, apr_table_t *headers);

#endif
