/*
 * fb_shares: the shared tables, the node's size, and the 429.
 */
#include "httpd.h"
#include <string.h>

#include "ap_mpm.h"

#include "apr_strings.h"

#include "fb_crypto.h"
#include "fb_shares.h"
#include "fb_shm.h"

/* A table never needs more slots than there are requests in flight;
 * twice that keeps probes short. */
#define FB_SHARES_MIN_SLOTS 256

static fb_shm_t fb_shares_shm = {"feedback-shares", "the fair shares",
                                 NULL, NULL};
static fb_sharetab_t *fb_shares_orgs;
static fb_sharetab_t *fb_shares_keys;
/* MaxRequestWorkers of the node, and the rules made of it and of the
 * main server's directives at start-up. */
static apr_uint32_t fb_shares_workers;
static fb_share_rule_t fb_shares_rule[FB_SHARE_CLASSES];

apr_status_t fb_shares_pre_config(apr_pool_t *pconf)
{
    return fb_shm_pre_config(&fb_shares_shm, pconf);
}

/* MaxRequestWorkers: the MPM's processes times their threads. */
static apr_uint32_t fb_shares_node_workers(void)
{
    int daemons = 0, threads = 0;

    if (ap_mpm_query(AP_MPMQ_MAX_DAEMONS, &daemons) != APR_SUCCESS
        || daemons < 1) {
        daemons = 1;
    }
    if (ap_mpm_query(AP_MPMQ_MAX_THREADS, &threads) != APR_SUCCESS
        || threads < 1) {
        threads = 1;    /* prefork */
    }
    return (apr_uint32_t)daemons * (apr_uint32_t)threads;
}

/* The rule of each class from the configuration. */
static void fb_shares_rules(const fb_server_conf_t *conf)
{
    memset(fb_shares_rule, 0, sizeof(fb_shares_rule));
    fb_shares_rule[FB_SHARE_WORKERS].pool =
        fb_shares_workers * (apr_uint32_t)conf->share_workers / 100;
    fb_shares_rule[FB_SHARE_WORKERS].floor = (apr_uint32_t)conf->share_floor;
    fb_shares_rule[FB_SHARE_EXPENSIVE].fixed =
        (apr_uint32_t)conf->expensive_per_org;
    fb_shares_rule[FB_SHARE_UPLOADS].fixed =
        (apr_uint32_t)conf->uploads_per_org;
}

apr_status_t fb_shares_post_config(apr_pool_t *pconf, server_rec *s)
{
    apr_uint32_t slots = FB_SHARES_MIN_SLOTS;
    apr_size_t one;
    apr_status_t rv;
    char *base;

    fb_shares_orgs = fb_shares_keys = NULL;
    fb_shares_workers = fb_shares_node_workers();
    fb_shares_rules(fb_config_get(s));
    while (slots < 2 * fb_shares_workers) {
        slots *= 2;
    }
    one = APR_ALIGN_DEFAULT(fb_sharetab_size(slots));
    if ((rv = fb_shm_create(&fb_shares_shm, 2 * one, pconf, s))
        != APR_SUCCESS) {
        return rv;
    }
    base = fb_shm_base(&fb_shares_shm);
    fb_shares_orgs = fb_sharetab_init(base, slots);
    fb_shares_keys = fb_sharetab_init(base + one, slots);
    return APR_SUCCESS;
}

apr_status_t fb_shares_child_init(apr_pool_t *pchild, server_rec *s)
{
    return fb_shm_child_init(&fb_shares_shm, pchild, s);
}

/* What one request took, given back when its pool goes. */
typedef struct {
    fb_sharetab_t *table;
    apr_uint64_t subject;
    fb_share_class_e cls;
} fb_share_hold_t;

static apr_status_t fb_shares_give(void *data)
{
    const fb_share_hold_t *h = data;

    if (fb_shm_lock(&fb_shares_shm)) {
        fb_sharetab_give(h->table, h->subject, h->cls);
        fb_shm_unlock(&fb_shares_shm);
    }
    return APR_SUCCESS;
}

/* Remembers in fr's pool to give back what result took. */
static void fb_shares_hold(fb_req_t *fr, fb_sharetab_t *table,
                           apr_uint64_t subject, fb_share_class_e cls,
                           const fb_share_result_t *result)
{
    fb_share_hold_t *h;

    if (result->outcome != FB_SHARE_TAKEN) {
        return;
    }
    h = apr_palloc(fr->pool, sizeof(*h));
    h->table = table;
    h->subject = subject;
    h->cls = cls;
    apr_pool_cleanup_register(fr->pool, h, fb_shares_give,
                              apr_pool_cleanup_null);
}

/* The 429 of a share, with the message of what is held. */
static fb_error_t *fb_shares_refused(fb_req_t *fr, const char *what)
{
    apr_table_setn(fr->r->headers_out, "Retry-After", "1");
    return fb_error_make(fr->pool, FB_E_RATE_LIMITED, NULL, what);
}

fb_error_t *fb_shares_enter(fb_req_t *fr)
{
    const fb_share_rule_t *rule = &fb_shares_rule[FB_SHARE_WORKERS];
    apr_uint64_t org = fb_fingerprint(fr->principal.org_id,
                                             strlen(fr->principal.org_id));
    apr_uint64_t key = fb_fingerprint(fr->key_hash, FB_SHA256_LEN);
    fb_share_result_t by_org, by_key;
    char label[FB_SHARE_LABEL_LEN];

    if (fb_shares_orgs == NULL || !fb_shm_lock(&fb_shares_shm)) {
        return NULL;    /* best effort: never refuse for it */
    }
    fb_sharetab_take(fb_shares_orgs, org, fr->principal.org_id,
                     FB_SHARE_WORKERS, rule, &by_org);
    if (by_org.outcome != FB_SHARE_REFUSED) {
        /* The key's label: its organization and the start of its hash. */
        apr_snprintf(label, sizeof(label), "%.12s key %02x%02x%02x",
                     fr->principal.org_id, fr->key_hash[0],
                     fr->key_hash[1], fr->key_hash[2]);
        fb_sharetab_take(fb_shares_keys, key, label, FB_SHARE_WORKERS,
                         rule, &by_key);
        if (by_key.outcome == FB_SHARE_REFUSED
            && by_org.outcome == FB_SHARE_TAKEN) {
            fb_sharetab_give(fb_shares_orgs, org, FB_SHARE_WORKERS);
        }
    }
    fb_shm_unlock(&fb_shares_shm);

    if (by_org.outcome == FB_SHARE_REFUSED) {
        return fb_shares_refused(fr, apr_psprintf(
            fr->pool, "The organization has %u requests in flight on this "
            "server, its share while others are served; retry when one "
            "has finished.", by_org.held));
    }
    if (by_key.outcome == FB_SHARE_REFUSED) {
        return fb_shares_refused(fr, apr_psprintf(
            fr->pool, "The API key has %u requests in flight on this "
            "server, its share while others are served; retry when one "
            "has finished.", by_key.held));
    }
    fb_shares_hold(fr, fb_shares_orgs, org, FB_SHARE_WORKERS, &by_org);
    fb_shares_hold(fr, fb_shares_keys, key, FB_SHARE_WORKERS, &by_key);
    return NULL;
}

/* What a refusal of each class with a fixed limit says; "%u" is what the
 * organization holds. */
static const char *const fb_shares_refusal[FB_SHARE_CLASSES] = {
    [FB_SHARE_EXPENSIVE] =
        "The organization already runs %u searches on this server, as "
        "many as it may at once; retry when one has finished.",
    [FB_SHARE_UPLOADS] =
        "The organization already sends %u uploads to this server, as "
        "many as it may at once; retry when one has finished."
};

fb_error_t *fb_shares_take(fb_req_t *fr, fb_share_class_e cls)
{
    apr_uint64_t org = fb_fingerprint(fr->principal.org_id,
                                             strlen(fr->principal.org_id));
    fb_share_result_t result;

    if (fb_shares_orgs == NULL || !fb_shm_lock(&fb_shares_shm)) {
        return NULL;
    }
    fb_sharetab_take(fb_shares_orgs, org, fr->principal.org_id, cls,
                     &fb_shares_rule[cls], &result);
    fb_shm_unlock(&fb_shares_shm);
    if (result.outcome == FB_SHARE_REFUSED) {
        return fb_shares_refused(fr, apr_psprintf(
            fr->pool, fb_shares_refusal[cls], result.held));
    }
    fb_shares_hold(fr, fb_shares_orgs, org, cls, &result);
    return NULL;
}

int fb_shares_usage(fb_shares_use_t *out)
{
    int c;

    if (fb_shares_orgs == NULL || !fb_shm_lock(&fb_shares_shm)) {
        return 0;
    }
    memset(out, 0, sizeof(*out));
    out->workers = fb_shares_workers;
    out->pool = fb_shares_rule[FB_SHARE_WORKERS].pool;
    for (c = 0; c < FB_SHARE_CLASSES; c++) {
        out->held[c] = fb_sharetab_total(fb_shares_orgs, c);
        out->organizations[c] = fb_sharetab_holders(fb_shares_orgs, c);
        out->refused[c] = fb_sharetab_refused(fb_shares_orgs, c);
    }
    out->keys_refused = fb_sharetab_refused(fb_shares_keys,
                                            FB_SHARE_WORKERS);
    out->ntop = fb_sharetab_top(fb_shares_orgs, out->top,
                                (int)(sizeof(out->top)
                                      / sizeof(out->top[0])));
    fb_shm_unlock(&fb_shares_shm);
    return 1;
}
