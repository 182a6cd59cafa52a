/*
 * fb_config: the module's httpd.conf directives.
 *
 * All settings are per server (virtual hosts inherit and may override,
 * except where a directive is main server only); docs/directives.md
 * describes each one.  fb_config.c declares each directive as one row of
 * a table (its field here, range, default and help); an unset field holds
 * FB_UNSET or NULL until the merge and the defaults fill it in.
 */
#ifndef FB_CONFIG_H
#define FB_CONFIG_H

#include "httpd.h"
#include "http_config.h"

#include "fb_fetch.h"
#include "fb_pace.h"
#include "settings.h"

#define FB_UNSET (-1)

/* How the public help center finds the organization of a request
 * (FeedbackHelpCenterHosts). */
typedef enum {
    FB_HELP_HOSTS_EXTERNAL,     /* the host is a help center's custom
                                 * domain (its externalDomain) */
    FB_HELP_HOSTS_PORTAL        /* the host (and path) is an
                                 * organization's portal URL, made by
                                 * FeedbackPortalURL's template */
} fb_help_hosts_e;

typedef struct {
    int default_version;            /* fb_version_e, or FB_UNSET */
    apr_off_t max_body;             /* bytes, or FB_UNSET */
    apr_off_t max_upload;           /* bytes, or FB_UNSET */
    const char *portal_url;         /* template with %{org}, or NULL */
    const char *public_url;         /* this server from outside, no
                                     * trailing slash, or NULL */
    const char *secret;             /* signing secret, or NULL */
    /* The public help center (SetHandler feedback-help-center). */
    int help_hosts;                 /* fb_help_hosts_e, or FB_UNSET */
    int help_cache_ttl;             /* seconds a page is kept, 0: none */
    int key_cache_ttl;              /* seconds, or FB_UNSET */
    int db_acquire_ms;              /* longest wait for a pooled database
                                     * connection (main server only) */
    int rate_limit_key;             /* requests a minute, 0: none */
    int rate_limit_org;             /* requests a minute, 0: none */
    int rate_limit_public;          /* keyless requests a minute per
                                     * client address, 0: none */
    int rate_limit_auth_failures;   /* refused API keys a minute per
                                     * client address, 0: none */
    /* Fair shares of the node (main server only; fb_shares.h). */
    int share_workers;              /* per cent of MaxRequestWorkers */
    int share_floor;                /* workers a subject may always hold */
    int expensive_per_org;          /* searches at once per organization */
    int expensive_queue_ms;         /* one more waits for one of them */
    int expensive_per_node;         /* searches at once on the node, 0:
                                     * the processors less one */
    int expensive_connections;      /* pooled connections per child */
    int expensive_timeout_ms;       /* a search statement's time budget */
    int uploads_per_org;            /* uploads at once per organization */
    int share_database;             /* what organizations using the
                                     * database divide, 0: processors */
    int connection_reserve_ms;      /* a child's last free connection is
                                     * kept this long for another
                                     * organization (fb_gate.h) */
    /* The read replica (main server only; fb_replica.h). */
    const char *replica_conninfo;   /* libpq's, or NULL: no replica */
    int replica_max_lag_ms;         /* further behind: skipped */
    int replica_connections;        /* its pool's size per child */
    /* Slow clients (fb_pacing.h): spans go from an idle node to one
     * whose workers are all busy; idle is FB_UNSET when unset. */
    fb_pace_span_t header_timeout_ms;   /* main server only */
    fb_pace_span_t body_grace_ms;
    fb_pace_span_t body_rate;       /* bytes a second */
    int body_timeout_ms;
    fb_pace_span_t upload_rate;     /* bytes a second */
    int upload_timeout_ms;
    /* Outbound HTTP (webhooks, image downloads); see fb_outbound.h. */
    apr_array_header_t *outbound_deny;  /* fb_netrange_t, or NULL */
    apr_array_header_t *outbound_allow; /* fb_netrange_t, or NULL */
    const char *outbound_ca_file;   /* path, or NULL: the system's */
    int outbound_timeout;           /* seconds, or FB_UNSET */
    int outbound_connect_timeout;   /* seconds, or FB_UNSET */
    apr_off_t outbound_max_size;    /* bytes, or FB_UNSET */
    int outbound_allow_loopback;    /* 0, 1 or FB_UNSET */
    /* Made from the above at start-up (fb_outbound_post_config). */
    const fb_fetch_options_t *outbound;
    /* The background worker and email (main server only, GLOBAL_ONLY). */
    int worker;                     /* on/off, or FB_UNSET */
    int worker_interval_ms;         /* idle poll period */
    int audit_retention_days;       /* 0: kept for ever */
    int worker_concurrency;         /* threads per child process */
    int worker_lease;               /* seconds an item stays claimed */
    int worker_retry_ms;            /* first retry delay, then doubled */
    int worker_max_attempts;        /* then the item has failed */
    const char *smtp_url;           /* smtp:// or smtps://, or NULL: off */
    const char *smtp_user;          /* NULL: no authentication */
    const char *smtp_password;
    const char *mail_from;          /* envelope and From address */
    /* Webhooks. */
    int webhook_max;                /* per organization, or FB_UNSET */
    apr_array_header_t *webhook_retry_ms;  /* int delays (main server
                                     * only), or NULL: the default */
    int webhook_failure_threshold;  /* consecutive failures, then
                                     * suspended (main server only) */
    /* What the domain's operations need of the above, filled in when
     * the configuration is complete (fb_config_finish). */
    fb_settings_t settings;
} fb_server_conf_t;

/* The shortest FeedbackSecret accepted. */
#define FB_MIN_SECRET_LEN 32

extern const command_rec fb_directives[];

void *fb_config_create_server(apr_pool_t *p, server_rec *s);
void *fb_config_merge_server(apr_pool_t *p, void *base, void *add);

/* The effective configuration of s (defaults filled in). */
const fb_server_conf_t *fb_config_get(const server_rec *s);

/*
 * The outbound HTTP options of s, its address policy included, for
 * fb_fetch() and fb_fetch_check_url() (opt->policy): made once at
 * start-up, read-only, shared by every thread.
 */
const fb_fetch_options_t *fb_config_outbound(const server_rec *s);

/*
 * Completes every server's configuration at start-up: fills defaults and,
 * when FeedbackSecret is missing, makes a random one (with a warning);
 * then its settings, for the domain's operations.
 */
apr_status_t fb_config_finish(apr_pool_t *p, server_rec *s);

#endif
