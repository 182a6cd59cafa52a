/*
 * webhooks: what the resource (webhooks.c) and the delivery job
 * (modules/jobs/fb_job_webhook.c) share.
 */
#ifndef FB_WEBHOOKS_H
#define FB_WEBHOOKS_H

#define FB_WEBHOOK_SECRET_PREFIX "whsec_"
#define FB_WEBHOOK_SECRET_BYTES 32
#define FB_WEBHOOK_TIMEOUT_MIN 1000
#define FB_WEBHOOK_TIMEOUT_MAX 30000
#define FB_WEBHOOK_HEADERS_MAX 10
#define FB_WEBHOOK_HEADER_VALUE_MAX 1024

/* Every topic a webhook may subscribe to, NULL-terminated. */
extern const char *const fb_webhook_topics[];

/* Non-zero when topic is one of fb_webhook_topics. */
int fb_webhook_topic_known(const char *topic);

#endif
