/*
 * fb_config: directive handlers, creation and merging.
 */
#include "httpd.h"
#include <stdlib.h>
#include <string.h>

#include "apr_strings.h"
#include "apr_uri.h"
#include "http_log.h"

#include <openssl/rand.h>

#include "fb_config.h"
#include "fb_crypto.h"
#include "fb_log.h"
#include "fb_mail.h"
#include "fb_version.h"

extern module AP_MODULE_DECLARE_DATA feedback_module;

void *fb_config_create_server(apr_pool_t *p, server_rec *s)
{
    fb_server_conf_t *conf = apr_pcalloc(p, sizeof(*conf));

    (void)s;
    conf->default_version = FB_UNSET;
    conf->max_body = FB_UNSET;
    conf->key_cache_ttl = FB_UNSET;
    conf->db_acquire_ms = FB_UNSET;
    conf->rate_limit_key = FB_UNSET;
    conf->rate_limit_org = FB_UNSET;
    conf->rate_limit_public = FB_UNSET;
    conf->rate_limit_auth_failures = FB_UNSET;
    conf->outbound_timeout = FB_UNSET;
    conf->outbound_connect_timeout = FB_UNSET;
    conf->outbound_max_size = FB_UNSET;
    conf->outbound_allow_loopback = FB_UNSET;
    conf->worker = FB_UNSET;
    conf->worker_interval_ms = FB_UNSET;
    conf->worker_concurrency = FB_UNSET;
    conf->worker_lease = FB_UNSET;
    conf->worker_retry_ms = FB_UNSET;
    conf->worker_max_attempts = FB_UNSET;
    conf->webhook_max = FB_UNSET;
    conf->webhook_failure_threshold = FB_UNSET;
    return conf;
}

#define FB_MERGE_INT(f) merged->f = (add->f != FB_UNSET) ? add->f : base->f
#define FB_MERGE_PTR(f) merged->f = (add->f != NULL) ? add->f : base->f
/* Range lists add up: a virtual host extends the main server's. */
#define FB_MERGE_LIST(f) \
    merged->f = (add->f == NULL) ? base->f : (base->f == NULL) ? add->f \
                : apr_array_append(p, base->f, add->f)

void *fb_config_merge_server(apr_pool_t *p, void *basev, void *addv)
{
    const fb_server_conf_t *base = basev, *add = addv;
    fb_server_conf_t *merged = apr_pcalloc(p, sizeof(*merged));

    FB_MERGE_INT(default_version);
    FB_MERGE_INT(max_body);
    FB_MERGE_PTR(portal_url);
    FB_MERGE_PTR(public_url);
    FB_MERGE_PTR(secret);
    FB_MERGE_INT(key_cache_ttl);
    FB_MERGE_INT(db_acquire_ms);
    FB_MERGE_INT(rate_limit_key);
    FB_MERGE_INT(rate_limit_org);
    FB_MERGE_INT(rate_limit_public);
    FB_MERGE_INT(rate_limit_auth_failures);
    FB_MERGE_LIST(outbound_deny);
    FB_MERGE_LIST(outbound_allow);
    FB_MERGE_PTR(outbound_ca_file);
    FB_MERGE_INT(outbound_timeout);
    FB_MERGE_INT(outbound_connect_timeout);
    FB_MERGE_INT(outbound_max_size);
    FB_MERGE_INT(outbound_allow_loopback);
    FB_MERGE_INT(worker);
    FB_MERGE_INT(worker_interval_ms);
    FB_MERGE_INT(worker_concurrency);
    FB_MERGE_INT(worker_lease);
    FB_MERGE_INT(worker_retry_ms);
    FB_MERGE_INT(worker_max_attempts);
    FB_MERGE_PTR(smtp_url);
    FB_MERGE_PTR(smtp_user);
    FB_MERGE_PTR(smtp_password);
    FB_MERGE_PTR(mail_from);
    FB_MERGE_INT(webhook_max);
    FB_MERGE_PTR(webhook_retry_ms);
    FB_MERGE_INT(webhook_failure_threshold);
    return merged;
}

const fb_server_conf_t *fb_config_get(const server_rec *s)
{
    return ap_get_module_config(s->module_config, &feedback_module);
}

const fb_fetch_options_t *fb_config_outbound(const server_rec *s)
{
    return fb_config_get(s)->outbound;
}

static fb_server_conf_t *fb_cmd_conf(cmd_parms *cmd)
{
    return ap_get_module_config(cmd->server->module_config,
                                &feedback_module);
}

/* Parses a whole decimal number in [min, max]. */
static const char *fb_parse_number(cmd_parms *cmd, const char *arg,
                                   apr_int64_t min, apr_int64_t max,
                                   apr_int64_t *out)
{
    char *end;

    *out = apr_strtoi64(arg, &end, 10);
    if (*arg == '\0' || *end != '\0' || *out < min || *out > max) {
        return apr_psprintf(cmd->pool, "%s must be a whole number from "
                            "%" APR_INT64_T_FMT " to %" APR_INT64_T_FMT
                            ", not '%s'", cmd->cmd->name, min, max, arg);
    }
    return NULL;
}

static const char *fb_set_default_version(cmd_parms *cmd, void *dc,
                                          const char *arg)
{
    int v = fb_version_parse(arg);

    (void)dc;
    if (v == FB_VERSION_UNKNOWN) {
        return apr_psprintf(cmd->pool, "FeedbackDefaultVersion: unknown "
                            "version '%s' (known: %s, %s)", arg,
                            fb_version_name(FB_VERSION_CLOVER),
                            fb_version_name(FB_VERSION_NOVA));
    }
    fb_cmd_conf(cmd)->default_version = v;
    return NULL;
}

static const char *fb_set_max_body(cmd_parms *cmd, void *dc, const char *arg)
{
    apr_int64_t n;
    const char *err = fb_parse_number(cmd, arg, 1024,
                                      APR_INT64_C(1073741824), &n);

    (void)dc;
    if (err == NULL) {
        fb_cmd_conf(cmd)->max_body = (apr_off_t)n;
    }
    return err;
}

static const char *fb_set_public_url(cmd_parms *cmd, void *dc,
                                     const char *arg)
{
    apr_uri_t uri;
    apr_size_t n = strlen(arg);

    (void)dc;
    if (apr_uri_parse(cmd->pool, arg, &uri) != APR_SUCCESS
        || uri.scheme == NULL || uri.hostname == NULL
        || (strcmp(uri.scheme, "https") != 0
            && strcmp(uri.scheme, "http") != 0)
        || uri.query != NULL || uri.fragment != NULL) {
        return apr_psprintf(cmd->pool, "FeedbackPublicURL: '%s' is not an "
                            "http or https URL without query", arg);
    }
    while (n > 0 && arg[n - 1] == '/') {
        n--;
    }
    fb_cmd_conf(cmd)->public_url = apr_pstrmemdup(cmd->pool, arg, n);
    return NULL;
}

static const char *fb_set_portal_url(cmd_parms *cmd, void *dc,
                                     const char *arg)
{
    apr_uri_t uri;
    const char *probe;

    (void)dc;
    /* Check the template with a sample organization put in. */
    probe = ap_strstr_c(arg, "%{org}")
        ? apr_pstrcat(cmd->pool, apr_pstrmemdup(cmd->pool, arg,
                                                ap_strstr_c(arg, "%{org}")
                                                - arg),
                      "sample", ap_strstr_c(arg, "%{org}") + 6, NULL)
        : arg;
    if (apr_uri_parse(cmd->pool, probe, &uri) != APR_SUCCESS
        || uri.scheme == NULL || uri.hostname == NULL
        || (strcmp(uri.scheme, "https") != 0
            && strcmp(uri.scheme, "http") != 0)) {
        return apr_psprintf(cmd->pool, "FeedbackPortalURL: '%s' is not an "
                            "http or https URL template", arg);
    }
    fb_cmd_conf(cmd)->portal_url = arg;
    return NULL;
}

static const char *fb_set_secret(cmd_parms *cmd, void *dc, const char *arg)
{
    (void)dc;
    if (strlen(arg) < FB_MIN_SECRET_LEN) {
        return apr_psprintf(cmd->pool, "FeedbackSecret must be at least %d "
                            "characters long", FB_MIN_SECRET_LEN);
    }
    fb_cmd_conf(cmd)->secret = arg;
    return NULL;
}

static const char *fb_set_key_cache_ttl(cmd_parms *cmd, void *dc,
                                        const char *arg)
{
    apr_int64_t n;
    const char *err = fb_parse_number(cmd, arg, 0, 300, &n);

    (void)dc;
    if (err == NULL) {
        fb_cmd_conf(cmd)->key_cache_ttl = (int)n;
    }
    return err;
}

/* FeedbackDBAcquireTimeout: a time with an optional unit (ms, s, mi, h;
 * none: seconds), from 1 ms to 60 s. */
static const char *fb_set_db_acquire_timeout(cmd_parms *cmd, void *dc,
                                             const char *arg)
{
    const char *err = ap_check_cmd_context(cmd, GLOBAL_ONLY);
    apr_interval_time_t t;

    (void)dc;
    if (err != NULL) {
        return err;
    }
    if (ap_timeout_parameter_parse(arg, &t, "s") != APR_SUCCESS
        || t < apr_time_from_msec(1) || t > apr_time_from_sec(60)) {
        return apr_psprintf(cmd->pool, "FeedbackDBAcquireTimeout: '%s' is "
                            "not a time from 1ms to 60s", arg);
    }
    fb_cmd_conf(cmd)->db_acquire_ms = (int)apr_time_as_msec(t);
    return NULL;
}

static const char *fb_set_rate_limit(cmd_parms *cmd, void *dc,
                                     const char *arg)
{
    apr_int64_t n;
    const char *err = fb_parse_number(cmd, arg, 0, 1000000, &n);

    (void)dc;
    if (err == NULL) {
        *(int *)((char *)fb_cmd_conf(cmd) + (apr_size_t)cmd->info) = (int)n;
    }
    return err;
}

static const char *fb_set_webhook_max(cmd_parms *cmd, void *dc,
                                      const char *arg)
{
    apr_int64_t n;
    const char *err = fb_parse_number(cmd, arg, 0, 100000, &n);

    (void)dc;
    if (err == NULL) {
        fb_cmd_conf(cmd)->webhook_max = (int)n;
    }
    return err;
}

/* FeedbackWebhookRetrySchedule: one delay per argument, a number with a
 * unit (ms, s, m, h; none: seconds), between 10 ms and 7 days. */
static const char *fb_add_webhook_retry(cmd_parms *cmd, void *dc,
                                        const char *arg)
{
    const char *err = ap_check_cmd_context(cmd, GLOBAL_ONLY);
    fb_server_conf_t *conf = fb_cmd_conf(cmd);
    char *end;
    apr_int64_t n, ms;

    (void)dc;
    if (err != NULL) {
        return err;
    }
    n = apr_strtoi64(arg, &end, 10);
    if (end == arg || n < 0 || n > 7 * 24 * 3600 * APR_INT64_C(1000)) {
        ms = -1;
    }
    else if (strcmp(end, "ms") == 0) {
        ms = n;
    }
    else if (*end == '\0' || strcmp(end, "s") == 0) {
        ms = n * 1000;
    }
    else if (strcmp(end, "m") == 0) {
        ms = n * 60 * 1000;
    }
    else if (strcmp(end, "h") == 0) {
        ms = n * 3600 * 1000;
    }
    else {
        ms = -1;
    }
    if (ms < 10 || ms > 7 * 24 * 3600 * APR_INT64_C(1000)) {
        return apr_psprintf(cmd->pool, "FeedbackWebhookRetrySchedule: '%s' "
                            "is not a delay between 10ms and 7 days (a "
                            "number with ms, s, m or h)", arg);
    }
    if (conf->webhook_retry_ms == NULL) {
        conf->webhook_retry_ms = apr_array_make(cmd->pool, 8, sizeof(int));
    }
    if (conf->webhook_retry_ms->nelts >= 100) {
        return "FeedbackWebhookRetrySchedule: at most 100 delays";
    }
    APR_ARRAY_PUSH(conf->webhook_retry_ms, int) = (int)ms;
    return NULL;
}

/* FeedbackOutboundDeny and FeedbackOutboundAllow: one range per call. */
static const char *fb_add_outbound_range(cmd_parms *cmd, void *dc,
                                         const char *arg)
{
    fb_server_conf_t *conf = fb_cmd_conf(cmd);
    apr_array_header_t **list = cmd->info ? &conf->outbound_allow
                                          : &conf->outbound_deny;
    fb_netrange_t range;
    const char *why = fb_netrange_parse(arg, &range);

    (void)dc;
    if (why != NULL) {
        return apr_psprintf(cmd->pool, "%s: '%s' %s (expected a range "
                            "such as 10.1.2.0/24 or fd00:1::/48, or one "
                            "address)", cmd->cmd->name, arg, why);
    }
    if (*list == NULL) {
        *list = apr_array_make(cmd->pool, 4, sizeof(fb_netrange_t));
    }
    *(fb_netrange_t *)apr_array_push(*list) = range;
    return NULL;
}

static const char *fb_set_outbound_ca_file(cmd_parms *cmd, void *dc,
                                           const char *arg)
{
    const char *path = ap_server_root_relative(cmd->pool, arg);
    apr_finfo_t finfo;

    (void)dc;
    /* Checked now: a wrong path would otherwise fail every delivery. */
    if (path == NULL
        || apr_stat(&finfo, path, APR_FINFO_TYPE, cmd->pool) != APR_SUCCESS
        || finfo.filetype != APR_REG) {
        return apr_psprintf(cmd->pool, "FeedbackOutboundCAFile: '%s' is "
                            "not a readable file", arg);
    }
    fb_cmd_conf(cmd)->outbound_ca_file = path;
    return NULL;
}

/* FeedbackOutboundTimeout and FeedbackOutboundConnectTimeout: seconds,
 * into the int field at offset cmd->info. */
static const char *fb_set_outbound_seconds(cmd_parms *cmd, void *dc,
                                           const char *arg)
{
    apr_int64_t n;
    const char *err = fb_parse_number(cmd, arg, 1, 300, &n);

    (void)dc;
    if (err == NULL) {
        *(int *)((char *)fb_cmd_conf(cmd) + (apr_size_t)cmd->info) = (int)n;
    }
    return err;
}

static const char *fb_set_outbound_max_size(cmd_parms *cmd, void *dc,
                                            const char *arg)
{
    apr_int64_t n;
    const char *err = fb_parse_number(cmd, arg, 1024,
                                      APR_INT64_C(1073741824), &n);

    (void)dc;
    if (err == NULL) {
        fb_cmd_conf(cmd)->outbound_max_size = (apr_off_t)n;
    }
    return err;
}

static const char *fb_set_outbound_allow_loopback(cmd_parms *cmd, void *dc,
                                                  int on)
{
    (void)dc;
    fb_cmd_conf(cmd)->outbound_allow_loopback = on;
    return NULL;
}

/*
 * The worker's directives are GLOBAL_ONLY: the worker is one per child
 * process, not per virtual host, and reads the main server's values.
 */
static const char *fb_set_worker(cmd_parms *cmd, void *dc, int on)
{
    const char *err = ap_check_cmd_context(cmd, GLOBAL_ONLY);

    (void)dc;
    if (err == NULL) {
        fb_cmd_conf(cmd)->worker = on;
    }
    return err;
}

/* A whole-number directive of the worker: where it goes, its bounds. */
typedef struct {
    apr_size_t offset;
    apr_int64_t min;
    apr_int64_t max;
} fb_number_directive_t;

#define FB_NUMBER(field, lo, hi) \
    (&(const fb_number_directive_t){APR_OFFSETOF(fb_server_conf_t, field), \
                                    (lo), (hi)})

static const char *fb_set_worker_number(cmd_parms *cmd, void *dc,
                                        const char *arg)
{
    const fb_number_directive_t *d = cmd->info;
    const char *err = ap_check_cmd_context(cmd, GLOBAL_ONLY);
    apr_int64_t n;

    (void)dc;
    if (err == NULL
        && (err = fb_parse_number(cmd, arg, d->min, d->max, &n)) == NULL) {
        *(int *)((char *)fb_cmd_conf(cmd) + d->offset) = (int)n;
    }
    return err;
}

static const char *fb_set_smtp_server(cmd_parms *cmd, void *dc,
                                      const char *arg)
{
    const char *err = ap_check_cmd_context(cmd, GLOBAL_ONLY);
    apr_uri_t uri;

    (void)dc;
    if (err != NULL) {
        return err;
    }
    if (apr_uri_parse(cmd->pool, arg, &uri) != APR_SUCCESS
        || uri.scheme == NULL || uri.hostname == NULL || *uri.hostname == 0
        || (strcmp(uri.scheme, "smtp") != 0
            && strcmp(uri.scheme, "smtps") != 0)) {
        return apr_psprintf(cmd->pool, "FeedbackSMTPServer: '%s' is not an "
                            "smtp:// or smtps:// URL", arg);
    }
    fb_cmd_conf(cmd)->smtp_url = arg;
    return NULL;
}

static const char *fb_set_mail_from(cmd_parms *cmd, void *dc,
                                    const char *arg)
{
    const char *err = ap_check_cmd_context(cmd, GLOBAL_ONLY);

    (void)dc;
    if (err != NULL) {
        return err;
    }
    if (!fb_mail_address_ok(arg)) {
        return apr_psprintf(cmd->pool, "FeedbackMailFrom: '%s' is not a "
                            "plain email address (user@domain)", arg);
    }
    fb_cmd_conf(cmd)->mail_from = arg;
    return NULL;
}

static const char *fb_set_global_string(cmd_parms *cmd, void *dc,
                                        const char *arg)
{
    const char *err = ap_check_cmd_context(cmd, GLOBAL_ONLY);

    (void)dc;
    if (err == NULL) {
        *(const char **)((char *)fb_cmd_conf(cmd)
                         + (apr_size_t)cmd->info) = arg;
    }
    return err;
}

const command_rec fb_directives[] = {
    AP_INIT_TAKE1("FeedbackDefaultVersion", fb_set_default_version, NULL,
                  RSRC_CONF, "API version for requests without a version "
                  "header from organizations without a default"),
    AP_INIT_TAKE1("FeedbackMaxBodySize", fb_set_max_body, NULL, RSRC_CONF,
                  "Largest JSON request body accepted, in bytes"),
    AP_INIT_TAKE1("FeedbackPublicURL", fb_set_public_url, NULL, RSRC_CONF,
                  "The URL this server is reached at from outside, before "
                  "/v2 (for links in emails)"),
    AP_INIT_TAKE1("FeedbackPortalURL", fb_set_portal_url, NULL, RSRC_CONF,
                  "Default portal URL template; %{org} is replaced by the "
                  "organization id"),
    AP_INIT_TAKE1("FeedbackSecret", fb_set_secret, NULL, RSRC_CONF,
                  "Server secret for signed URLs (32 characters or more)"),
    AP_INIT_TAKE1("FeedbackKeyCacheTTL", fb_set_key_cache_ttl, NULL,
                  RSRC_CONF, "Seconds an API key lookup is remembered per "
                  "process (0 to 300)"),
    AP_INIT_TAKE1("FeedbackDBAcquireTimeout", fb_set_db_acquire_timeout,
                  NULL, RSRC_CONF, "Longest wait for a pooled database "
                  "connection before a request answers 503 (default 2s)"),
    AP_INIT_TAKE1("FeedbackRateLimitKey", fb_set_rate_limit,
                  (void *)APR_OFFSETOF(fb_server_conf_t, rate_limit_key),
                  RSRC_CONF, "Requests a minute per API key and node "
                  "(0: unlimited)"),
    AP_INIT_TAKE1("FeedbackRateLimitOrg", fb_set_rate_limit,
                  (void *)APR_OFFSETOF(fb_server_conf_t, rate_limit_org),
                  RSRC_CONF, "Requests a minute per organization and node "
                  "(0: unlimited)"),
    AP_INIT_TAKE1("FeedbackRateLimitPublic", fb_set_rate_limit,
                  (void *)APR_OFFSETOF(fb_server_conf_t, rate_limit_public),
                  RSRC_CONF, "Requests a minute without an API key (files, "
                  "unsubscribe links) per client address and node "
                  "(0: unlimited)"),
    AP_INIT_TAKE1("FeedbackRateLimitAuthFail", fb_set_rate_limit,
                  (void *)APR_OFFSETOF(fb_server_conf_t,
                                       rate_limit_auth_failures),
                  RSRC_CONF, "Refused API keys a minute per client address "
                  "and node, then 429 without a lookup (0: unlimited)"),
    AP_INIT_ITERATE("FeedbackOutboundDeny", fb_add_outbound_range, NULL,
                    RSRC_CONF, "Address ranges outbound HTTP must never "
                    "reach, in addition to the built-in ones (CIDR)"),
    AP_INIT_ITERATE("FeedbackOutboundAllow", fb_add_outbound_range,
                    (void *)1, RSRC_CONF, "Address ranges outbound HTTP may "
                    "reach although the built-in rules refuse them (CIDR)"),
    AP_INIT_TAKE1("FeedbackOutboundCAFile", fb_set_outbound_ca_file, NULL,
                  RSRC_CONF, "PEM file of the certificate authorities "
                  "outbound HTTPS trusts (default: the system's)"),
    AP_INIT_TAKE1("FeedbackOutboundTimeout", fb_set_outbound_seconds,
                  (void *)APR_OFFSETOF(fb_server_conf_t, outbound_timeout),
                  RSRC_CONF, "Seconds an outbound request without a "
                  "time-out of its own may take in all (1 to 300)"),
    AP_INIT_TAKE1("FeedbackOutboundConnectTimeout", fb_set_outbound_seconds,
                  (void *)APR_OFFSETOF(fb_server_conf_t,
                                       outbound_connect_timeout),
                  RSRC_CONF, "Seconds an outbound connection, TLS "
                  "handshake included, may take (1 to 300)"),
    AP_INIT_TAKE1("FeedbackOutboundMaxSize", fb_set_outbound_max_size, NULL,
                  RSRC_CONF, "Bytes an outbound response body may have "
                  "when its caller sets no cap (1024 to 1073741824)"),
    AP_INIT_FLAG("FeedbackOutboundAllowLoopback",
                 fb_set_outbound_allow_loopback, NULL, RSRC_CONF,
                 "For tests only: let outbound HTTP reach loopback "
                 "addresses and use plain http"),
    AP_INIT_FLAG("FeedbackWorker", fb_set_worker, NULL, RSRC_CONF,
                 "Run the background worker (email delivery) in every "
                 "child process (default On)"),
    AP_INIT_TAKE1("FeedbackWorkerInterval", fb_set_worker_number,
                  (void *)FB_NUMBER(worker_interval_ms, 10, 3600000),
                  RSRC_CONF, "Milliseconds the worker waits when it found "
                  "nothing to do (10 to 3600000)"),
    AP_INIT_TAKE1("FeedbackWorkerConcurrency", fb_set_worker_number,
                  (void *)FB_NUMBER(worker_concurrency, 1, 64),
                  RSRC_CONF, "Worker threads per child process (1 to 64)"),
    AP_INIT_TAKE1("FeedbackWorkerLease", fb_set_worker_number,
                  (void *)FB_NUMBER(worker_lease, 2, 86400),
                  RSRC_CONF, "Seconds a claimed item is reserved for its "
                  "worker; a network exchange gets half of it (2 to 86400)"),
    AP_INIT_TAKE1("FeedbackWorkerRetryDelay", fb_set_worker_number,
                  (void *)FB_NUMBER(worker_retry_ms, 10, 86400000),
                  RSRC_CONF, "Milliseconds before the first retry of a "
                  "failed item, doubled for each further attempt"),
    AP_INIT_TAKE1("FeedbackWorkerMaxAttempts", fb_set_worker_number,
                  (void *)FB_NUMBER(worker_max_attempts, 1, 100),
                  RSRC_CONF, "Attempts before an item is marked failed "
                  "(1 to 100)"),
    AP_INIT_TAKE1("FeedbackWebhookMax", fb_set_webhook_max, NULL, RSRC_CONF,
                  "Webhooks an organization may have (0 to 100000, "
                  "default 10)"),
    AP_INIT_ITERATE("FeedbackWebhookRetrySchedule", fb_add_webhook_retry,
                    NULL, RSRC_CONF, "Delays before the retries of a "
                    "failed webhook delivery (default 1m 5m 30m 1h 6h 12h "
                    "24h)"),
    AP_INIT_TAKE1("FeedbackWebhookFailureThreshold", fb_set_worker_number,
                  (void *)FB_NUMBER(webhook_failure_threshold, 1, 100000),
                  RSRC_CONF, "Consecutive failed attempts after which a "
                  "webhook is suspended (default 15)"),
    AP_INIT_TAKE1("FeedbackSMTPServer", fb_set_smtp_server, NULL, RSRC_CONF,
                  "smtp://host:port or smtps://host:port to send email "
                  "through; without it, emails are marked skipped"),
    AP_INIT_TAKE1("FeedbackMailFrom", fb_set_mail_from, NULL, RSRC_CONF,
                  "Sender address of the module's emails"),
    AP_INIT_TAKE1("FeedbackSMTPUser", fb_set_global_string,
                  (void *)APR_OFFSETOF(fb_server_conf_t, smtp_user),
                  RSRC_CONF, "User name for SMTP authentication (requires "
                  "TLS)"),
    AP_INIT_TAKE1("FeedbackSMTPPassword", fb_set_global_string,
                  (void *)APR_OFFSETOF(fb_server_conf_t, smtp_password),
                  RSRC_CONF, "Password for SMTP authentication"),
    {NULL}
};

#define FB_DEFAULT(f, v) if (conf->f == FB_UNSET) conf->f = (v)

static void fb_config_worker_defaults(fb_server_conf_t *conf)
{
    FB_DEFAULT(worker, 1);
    FB_DEFAULT(worker_interval_ms, FB_DEFAULT_WORKER_INTERVAL_MS);
    FB_DEFAULT(worker_concurrency, FB_DEFAULT_WORKER_CONCURRENCY);
    FB_DEFAULT(worker_lease, FB_DEFAULT_WORKER_LEASE);
    FB_DEFAULT(worker_retry_ms, FB_DEFAULT_WORKER_RETRY_MS);
    FB_DEFAULT(worker_max_attempts, FB_DEFAULT_WORKER_MAX_ATTEMPTS);
    FB_DEFAULT(webhook_failure_threshold,
               FB_DEFAULT_WEBHOOK_FAILURE_THRESHOLD);
}

/* 1 min, 5 min, 30 min, 1 h, 6 h, 12 h, 24 h (decisions.md). */
static void fb_config_webhook_defaults(apr_pool_t *p, fb_server_conf_t *conf)
{
    static const int minutes[] = {1, 5, 30, 60, 360, 720, 1440};
    apr_size_t i;

    FB_DEFAULT(webhook_max, FB_DEFAULT_WEBHOOK_MAX);
    if (conf->webhook_retry_ms == NULL) {
        conf->webhook_retry_ms = apr_array_make(p, 8, sizeof(int));
        for (i = 0; i < sizeof(minutes) / sizeof(minutes[0]); i++) {
            APR_ARRAY_PUSH(conf->webhook_retry_ms, int) =
                minutes[i] * 60 * 1000;
        }
    }
}

apr_status_t fb_config_finish(apr_pool_t *p, server_rec *s)
{
    const char *generated = NULL;

    for (; s != NULL; s = s->next) {
        fb_server_conf_t *conf = ap_get_module_config(s->module_config,
                                                      &feedback_module);

        if (conf->default_version == FB_UNSET) {
            conf->default_version = FB_VERSION_NOVA;
        }
        if (conf->max_body == FB_UNSET) {
            conf->max_body = FB_DEFAULT_MAX_BODY;
        }
        if (conf->portal_url == NULL) {
            conf->portal_url = FB_DEFAULT_PORTAL_URL;
        }
        if (conf->public_url == NULL) {
            /* The server's own name: right for a single node that clients
             * reach directly, which is why the directive exists. */
            conf->public_url = s->port == 0 || s->port == 80
                ? apr_pstrcat(p, "http://", s->server_hostname, NULL)
                : apr_psprintf(p, "http://%s:%u", s->server_hostname,
                               (unsigned)s->port);
        }
        if (conf->key_cache_ttl == FB_UNSET) {
            conf->key_cache_ttl = FB_DEFAULT_KEY_CACHE_TTL;
        }
        if (conf->db_acquire_ms == FB_UNSET) {
            conf->db_acquire_ms = FB_DEFAULT_DB_ACQUIRE_MS;
        }
        if (conf->rate_limit_key == FB_UNSET) {
            conf->rate_limit_key = FB_DEFAULT_RATE_LIMIT_KEY;
        }
        if (conf->rate_limit_org == FB_UNSET) {
            conf->rate_limit_org = FB_DEFAULT_RATE_LIMIT_ORG;
        }
        if (conf->rate_limit_public == FB_UNSET) {
            conf->rate_limit_public = FB_DEFAULT_RATE_LIMIT_PUBLIC;
        }
        if (conf->rate_limit_auth_failures == FB_UNSET) {
            conf->rate_limit_auth_failures =
                FB_DEFAULT_RATE_LIMIT_AUTH_FAILURES;
        }
        if (conf->outbound_timeout == FB_UNSET) {
            conf->outbound_timeout = FB_DEFAULT_OUTBOUND_TIMEOUT;
        }
        if (conf->outbound_connect_timeout == FB_UNSET) {
            conf->outbound_connect_timeout =
                FB_DEFAULT_OUTBOUND_CONNECT_TIMEOUT;
        }
        if (conf->outbound_max_size == FB_UNSET) {
            conf->outbound_max_size = FB_DEFAULT_OUTBOUND_MAX_SIZE;
        }
        if (conf->outbound_allow_loopback == FB_UNSET) {
            conf->outbound_allow_loopback = 0;
        }
        fb_config_worker_defaults(conf);
        fb_config_webhook_defaults(p, conf);
        if (conf->smtp_url != NULL && conf->mail_from == NULL) {
            ap_log_error(APLOG_MARK, APLOG_CRIT, 0, s, FBLOGNO(00208)
                         "FeedbackSMTPServer needs FeedbackMailFrom, the "
                         "sender address of the emails");
            return APR_EGENERAL;
        }
        if (conf->secret == NULL) {
            if (generated == NULL) {
                unsigned char raw[32];

                if (RAND_bytes(raw, sizeof(raw)) != 1) {
                    ap_log_error(APLOG_MARK, APLOG_CRIT, 0, s, FBLOGNO(00001)
                                 "could not make a random FeedbackSecret");
                    return APR_EGENERAL;
                }
                generated = fb_hex(p, raw, sizeof(raw));
                ap_log_error(APLOG_MARK, APLOG_WARNING, 0, s, FBLOGNO(00002)
                             "FeedbackSecret is not set: using a random one "
                             "for this run; signed URLs will not survive a "
                             "restart or work across nodes");
            }
            conf->secret = generated;
        }
    }
    return APR_SUCCESS;
}
