/*
 * settings: what the domain's operations need from the server's
 * configuration, as plain values.
 *
 * The http layer fills one per server once, when the configuration is
 * complete (fb_config_finish), so that requests (fr->conf->settings) and
 * the worker (ctx->settings) hand the same values to the same
 * operations, and the domain never sees httpd's configuration.
 */
#ifndef SETTINGS_H
#define SETTINGS_H

typedef struct {
    const char *portal_url;     /* FeedbackPortalURL: a template in which
                                 * %{org} stands for the organization */
    const char *public_url;     /* FeedbackPublicURL: this server from
                                 * outside, without a trailing slash */
    const char *secret;         /* FeedbackSecret: signs links */
} fb_settings_t;

#endif
