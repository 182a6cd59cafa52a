/*
 * webhooks: the limits of a webhook's settings and the topics it may
 * subscribe to.  Its secret, which the delivery job signs with, is the
 * domain's (webhook_secret.h).
 */
#ifndef FB_WEBHOOKS_H
#define FB_WEBHOOKS_H

#define FB_WEBHOOK_TIMEOUT_MIN 1000
#define FB_WEBHOOK_TIMEOUT_MAX 30000
#define FB_WEBHOOK_HEADERS_MAX 10
#define FB_WEBHOOK_HEADER_VALUE_MAX 1024

/* Every topic a webhook may subscribe to, NULL-terminated. */
extern const char *const fb_webhook_topics[];

/* Non-zero when topic is one of fb_webhook_topics. */
int fb_webhook_topic_known(const char *topic);

#endif
