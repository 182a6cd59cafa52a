/*
 * fb_smtp: handing one message to an SMTP server with libcurl.
 *
 * A session is one curl handle, used by one thread at a time; libcurl
 * keeps the connection to the server open between messages, so a batch of
 * mails costs one TCP (and TLS) set-up, not one per message.
 *
 * Transport security: smtps:// is TLS from the start; smtp:// upgrades
 * with STARTTLS when the server offers it, and requires it when a user
 * name is set, so that a password never crosses the network in clear.
 * Certificates are verified (libcurl's default).
 */
#ifndef FB_SMTP_H
#define FB_SMTP_H

#include <apr_pools.h>

typedef struct {
    const char *url;            /* smtp://host:port or smtps://host:port */
    const char *user;           /* NULL: no authentication */
    const char *password;
    long timeout_ms;            /* the whole exchange of one message */
    /* Polled during a transfer: non-zero abandons it (a stopping server). */
    int (*abandon)(void *baton);
    void *baton;
} fb_smtp_conf_t;

typedef enum {
    FB_SMTP_SENT,               /* the server accepted the message */
    FB_SMTP_TRANSIENT,          /* try again later (4xx, network, timeout) */
    FB_SMTP_PERMANENT,          /* the server refused it for good (5xx) */
    FB_SMTP_ABANDONED           /* conf->abandon asked to stop */
} fb_smtp_result_e;

typedef struct fb_smtp_t fb_smtp_t;

/*
 * A session with conf (copied), ended with p.  NULL when libcurl cannot
 * make a handle.  libcurl must have been initialised (at start-up, by
 * fb_fetch_global_init).
 */
fb_smtp_t *fb_smtp_create(apr_pool_t *p, const fb_smtp_conf_t *conf);

/*
 * Sends message (CRLF lines, as fb_mail_build makes) from the envelope
 * sender to one recipient.  Unless the result is FB_SMTP_SENT, *error
 * (in p) says what happened, with the server's last reply when there was
 * one.
 */
fb_smtp_result_e fb_smtp_send(fb_smtp_t *smtp, apr_pool_t *p,
                              const char *from, const char *to,
                              const char *message, const char **error);

#endif
