/*
 * fb_limits: the shared-memory tables and the headers.
 */
#include "httpd.h"
#include <string.h>

#include "apr_strings.h"

#include "fb_crypto.h"
#include "fb_keyset.h"
#include "fb_limits.h"
#include "fb_ratelimit.h"
#include "fb_shm.h"

#define FB_LIMITS_SLOTS 8192
/* The keys the node knows good: more than the keys a busy node sees. */
#define FB_LIMITS_KNOWN_KEYS 16384

static fb_shm_t fb_limits_shm = {"the rate limits", NULL};
static fb_ratelimit_t *fb_limits_keys;
static fb_ratelimit_t *fb_limits_orgs;
static fb_ratelimit_t *fb_limits_clients;
static fb_ratelimit_t *fb_limits_auth_failures;
static fb_keyset_t *fb_limits_known_keys;

apr_status_t fb_limits_post_config(apr_pool_t *pconf, server_rec *s)
{
    apr_size_t one = APR_ALIGN_DEFAULT(fb_ratelimit_size(FB_LIMITS_SLOTS));
    apr_status_t rv;
    char *base;

    fb_limits_keys = NULL;
    rv = fb_shm_create(&fb_limits_shm,
                       4 * one + fb_keyset_size(FB_LIMITS_KNOWN_KEYS),
                       pconf, s);
    if (rv != APR_SUCCESS) {
        return rv;
    }
    base = fb_shm_base(&fb_limits_shm);
    fb_limits_keys = fb_ratelimit_init(base, FB_LIMITS_SLOTS);
    fb_limits_orgs = fb_ratelimit_init(base + one, FB_LIMITS_SLOTS);
    fb_limits_clients = fb_ratelimit_init(base + 2 * one, FB_LIMITS_SLOTS);
    fb_limits_auth_failures = fb_ratelimit_init(base + 3 * one,
                                                FB_LIMITS_SLOTS);
    fb_limits_known_keys = fb_keyset_init(base + 4 * one,
                                          FB_LIMITS_KNOWN_KEYS);
    return APR_SUCCESS;
}

/* Sets the headers of shown (nothing when it is unlimited); when it is
 * spent, Retry-After and the 429 with message. */
static fb_error_t *fb_limits_answer(fb_req_t *fr,
                                    const fb_ratelimit_result_t *shown,
                                    apr_int64_t now, const char *message)
{
    apr_table_t *h = fr->r->headers_out;

    if (shown->limit == 0) {
        return NULL;
    }
    apr_table_setn(h, "X-RateLimit-Limit",
                   apr_psprintf(fr->pool, "%u", shown->limit));
    apr_table_setn(h, "X-RateLimit-Remaining",
                   apr_psprintf(fr->pool, "%u", shown->remaining));
    apr_table_setn(h, "X-RateLimit-Reset",
                   apr_psprintf(fr->pool, "%" APR_INT64_T_FMT,
                                shown->reset));
    if (shown->allowed) {
        return NULL;
    }
    apr_table_setn(h, "Retry-After",
                   apr_psprintf(fr->pool, "%" APR_INT64_T_FMT,
                                shown->reset - now));
    return fb_error_make(fr->pool, FB_E_RATE_LIMITED, NULL, message);
}

fb_error_t *fb_limits_check(fb_req_t *fr)
{
    apr_int64_t now = apr_time_sec(apr_time_now());
    apr_uint64_t key = fb_fingerprint(fr->key_hash, FB_SHA256_LEN);
    fb_ratelimit_result_t by_key, by_org;
    const fb_ratelimit_result_t *shown;

    if (fb_limits_keys == NULL
        || !fb_shm_lock(&fb_limits_shm)) {
        return NULL;    /* counting is best effort; never refuse for it */
    }
    /* Only an authenticated request comes here: its key is known good to
     * the node from now on (and seen again, the last to be given up). */
    fb_keyset_add(fb_limits_known_keys, key, now);
    fb_ratelimit_hit(fb_limits_keys, key, now,
                     (apr_uint32_t)fr->conf->rate_limit_key, &by_key);
    fb_ratelimit_hit(fb_limits_orgs,
                     fb_fingerprint(fr->principal.org_id,
                                           strlen(fr->principal.org_id)),
                     now, (apr_uint32_t)fr->conf->rate_limit_org, &by_org);
    fb_shm_unlock(&fb_limits_shm);

    /* Show the limit that refused, else the one closest to running out
     * (an unlimited one never). */
    shown = !by_key.allowed ? &by_key
          : !by_org.allowed ? &by_org
          : by_key.limit == 0 ? &by_org
          : by_org.limit == 0 ? &by_key
          : by_org.remaining < by_key.remaining ? &by_org : &by_key;
    return fb_limits_answer(fr, shown, now, shown == &by_key
                            ? "The API key's request limit for this minute "
                              "is spent."
                            : "The organization's request limit for this "
                              "minute is spent.");
}

/* The fingerprint of the request's client address. */
static apr_uint64_t fb_limits_client(const fb_req_t *fr)
{
    const char *ip = fr->r->useragent_ip ? fr->r->useragent_ip : "";

    return fb_fingerprint(ip, strlen(ip));
}

/*
 * Runs count (a hit or a peek) on table for the client address under
 * limit; NULL, or the 429 with message.  Counting is best effort: a
 * table that cannot be reached never refuses.
 */
static fb_error_t *fb_limits_client_check(fb_req_t *fr, fb_ratelimit_t *table,
                                          int limit, int count,
                                          const char *message)
{
    apr_int64_t now = apr_time_sec(apr_time_now());
    fb_ratelimit_result_t result;

    if (table == NULL
        || !fb_shm_lock(&fb_limits_shm)) {
        return NULL;
    }
    (count ? fb_ratelimit_hit : fb_ratelimit_peek)(
        table, fb_limits_client(fr), now, (apr_uint32_t)limit, &result);
    fb_shm_unlock(&fb_limits_shm);
    return fb_limits_answer(fr, &result, now, message);
}

fb_error_t *fb_limits_check_public(fb_req_t *fr)
{
    return fb_limits_client_check(fr, fb_limits_clients,
                                  fr->conf->rate_limit_public, 1,
                                  "Too many requests from this address "
                                  "this minute.");
}

#define FB_LIMITS_AUTH_MESSAGE \
    "Too many failed authentications from this address this minute."

/* Whether fr's key is known good to the node (0 when the set cannot be
 * reached: the key is then limited as any other); with forget, it is no
 * longer. */
static int fb_limits_known_key(fb_req_t *fr, int forget)
{
    apr_uint64_t key = fb_fingerprint(fr->key_hash, FB_SHA256_LEN);
    int known;

    if (fb_limits_known_keys == NULL
        || !fb_shm_lock(&fb_limits_shm)) {
        return 0;
    }
    known = fb_keyset_has(fb_limits_known_keys, key);
    if (forget) {
        fb_keyset_remove(fb_limits_known_keys, key);
    }
    fb_shm_unlock(&fb_limits_shm);
    return known;
}

fb_error_t *fb_limits_check_auth_failures(fb_req_t *fr)
{
    /* A key the node knows good is looked up whatever its address did:
     * the guessing of others behind the same address (a NAT, a proxy
     * without mod_remoteip) must not lock it out, and every child knows
     * it, whatever its own key cache has forgotten. */
    fb_error_t *err = fb_limits_known_key(fr, 0)
        ? NULL
        : fb_limits_client_check(fr, fb_limits_auth_failures,
                                 fr->conf->rate_limit_auth_failures, 0,
                                 FB_LIMITS_AUTH_MESSAGE);

    if (err == NULL) {
        /* Let through: the headers will speak of the key's limits. */
        apr_table_unset(fr->r->headers_out, "X-RateLimit-Limit");
        apr_table_unset(fr->r->headers_out, "X-RateLimit-Remaining");
        apr_table_unset(fr->r->headers_out, "X-RateLimit-Reset");
    }
    return err;
}

void fb_limits_forget_key(fb_req_t *fr)
{
    fb_limits_known_key(fr, 1);
}

void fb_limits_show_auth_failures(fb_req_t *fr)
{
    fb_limits_client_check(fr, fb_limits_auth_failures,
                           fr->conf->rate_limit_auth_failures, 0,
                           FB_LIMITS_AUTH_MESSAGE);
}

int fb_limits_count_auth_failure(fb_req_t *fr)
{
    apr_int64_t now = apr_time_sec(apr_time_now());
    fb_ratelimit_result_t result;

    if (fb_limits_auth_failures == NULL
        || !fb_shm_lock(&fb_limits_shm)) {
        return 0;
    }
    fb_ratelimit_hit(fb_limits_auth_failures, fb_limits_client(fr), now,
                     (apr_uint32_t)fr->conf->rate_limit_auth_failures,
                     &result);
    fb_shm_unlock(&fb_limits_shm);
    fb_limits_answer(fr, &result, now, FB_LIMITS_AUTH_MESSAGE);
    return result.limit > 0 && result.allowed && result.remaining == 0;
}

int fb_limits_usage(fb_limits_use_t *out)
{
    const fb_limits_use_t names[FB_LIMITS_TABLES] = {
        {"keys", "Keys", 0, 0},
        {"organizations", "Organizations", 0, 0},
        {"addresses", "Addresses", 0, 0},
        {"refused keys", "RefusedKeys", 0, 0}
    };
    fb_ratelimit_t *const tables[FB_LIMITS_TABLES] = {
        fb_limits_keys, fb_limits_orgs, fb_limits_clients,
        fb_limits_auth_failures
    };
    apr_int64_t now = apr_time_sec(apr_time_now());
    int i;

    if (fb_limits_keys == NULL
        || !fb_shm_lock(&fb_limits_shm)) {
        return 0;
    }
    for (i = 0; i < FB_LIMITS_TABLES; i++) {
        out[i] = names[i];
        out[i].used = fb_ratelimit_used(tables[i], now);
        out[i].slots = fb_ratelimit_slots(tables[i]);
    }
    fb_shm_unlock(&fb_limits_shm);
    return FB_LIMITS_TABLES;
}
