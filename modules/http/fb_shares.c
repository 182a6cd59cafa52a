/*
 * fb_shares: the shared tables, the node's size, and the 429.
 */
#include "httpd.h"
#include <string.h>

#include "ap_mpm.h"
#include "http_log.h"
#include "scoreboard.h"

#include "apr_strings.h"

#include <unistd.h>

#include "fb_crypto.h"
#include "fb_log.h"
#include "fb_shares.h"
#include "fb_shm.h"

/* A table never needs more slots than there are requests in flight;
 * twice that keeps probes short. */
#define FB_SHARES_MIN_SLOTS 256

/* How a request waiting for its organization's own unit polls. */
#define FB_SHARES_NAP_MIN apr_time_from_msec(1)
#define FB_SHARES_NAP_MAX apr_time_from_msec(16)

static fb_shm_t fb_shares_shm = {"the fair shares", NULL};
static fb_sharetab_t *fb_shares_orgs;
static fb_sharetab_t *fb_shares_keys;

/*
 * What each worker thread's request holds, in the same shared memory, so
 * that the parent can give back what a child held when it died
 * (fb_shares_child_exited): a killed child must not keep an
 * organization's searches, or the node's, taken for ever.  A request
 * holds at most a worker of its organization and one of its key, a
 * search, an upload, the database and a mark while it waits; two claims
 * are spare (a request ending on another thread, as write completion
 * may).
 */
#define FB_SHARES_CLAIMS 8

typedef struct {
    apr_uint64_t subject;               /* 0: unused */
    pid_t pid;                          /* the child it was made in */
    unsigned char keys;                 /* of fb_shares_keys, else orgs */
    unsigned char cls;                  /* fb_share_class_e */
    unsigned char waiting;              /* a wait mark, not a unit */
} fb_share_claim_t;

static fb_share_claim_t *fb_shares_claims;   /* [threads][CLAIMS] */
static pid_t fb_shares_pid;                  /* this child's */
static apr_uint32_t fb_shares_threads;       /* ServerLimit x ThreadLimit */
/* MaxRequestWorkers of the node, and the rules made of it and of the
 * main server's directives at start-up. */
static apr_uint32_t fb_shares_workers;
static fb_share_rule_t fb_shares_rule[FB_SHARE_CLASSES];

/* The MPM's answer to daemons times its answer to threads, each at
 * least 1 (prefork has no threads). */
static apr_uint32_t fb_shares_mpm_product(int daemons_query,
                                          int threads_query)
{
    int daemons = 0, threads = 0;

    if (ap_mpm_query(daemons_query, &daemons) != APR_SUCCESS
        || daemons < 1) {
        daemons = 1;
    }
    if (ap_mpm_query(threads_query, &threads) != APR_SUCCESS
        || threads < 1) {
        threads = 1;
    }
    return (apr_uint32_t)daemons * (apr_uint32_t)threads;
}

/* The node's processors (at least one). */
static apr_uint32_t fb_shares_processors(void)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);

    return cpus > 1 ? (apr_uint32_t)cpus : 1;
}

/* Expensive operations the node runs at once: the directive, or one
 * processor fewer than the node has (one is left to everything else),
 * at least one. */
static apr_uint32_t fb_shares_expensive_node(const fb_server_conf_t *conf)
{
    apr_uint32_t cpus = fb_shares_processors();

    if (conf->expensive_per_node > 0) {
        return (apr_uint32_t)conf->expensive_per_node;
    }
    return cpus > 2 ? cpus - 1 : 1;
}

/* The rule of each class from the configuration. */
static void fb_shares_rules(const fb_server_conf_t *conf)
{
    memset(fb_shares_rule, 0, sizeof(fb_shares_rule));
    fb_shares_rule[FB_SHARE_WORKERS] = (fb_share_rule_t) {
        .pool = fb_shares_workers * (apr_uint32_t)conf->share_workers / 100,
        .floor = (apr_uint32_t)conf->share_floor
    };
    fb_shares_rule[FB_SHARE_EXPENSIVE] = (fb_share_rule_t) {
        .fixed = (apr_uint32_t)conf->expensive_per_org,
        .total = fb_shares_expensive_node(conf)
    };
    fb_shares_rule[FB_SHARE_UPLOADS] = (fb_share_rule_t) {
        .fixed = (apr_uint32_t)conf->uploads_per_org
    };
    /* A statement keeps a processor busy while it runs: the processors
     * are what the organizations served lately divide; one alone uses
     * every connection. */
    fb_shares_rule[FB_SHARE_DATABASE] = (fb_share_rule_t) {
        .pool = conf->share_database > 0 ? (apr_uint32_t)conf->share_database
                                          : fb_shares_processors(),
        .floor = 1,
        .linger = apr_time_from_msec(conf->connection_reserve_ms),
        .alone = 1
    };
}

apr_status_t fb_shares_post_config(apr_pool_t *pconf, server_rec *s)
{
    apr_uint32_t slots = FB_SHARES_MIN_SLOTS;
    apr_size_t one, claims;
    apr_status_t rv;
    char *base;

    fb_shares_orgs = fb_shares_keys = NULL;
    fb_shares_claims = NULL;
    /* MaxRequestWorkers, and the scoreboard's thread slots (ServerLimit
     * times ThreadLimit), which the claims are indexed by. */
    fb_shares_workers = fb_shares_mpm_product(AP_MPMQ_MAX_DAEMONS,
                                              AP_MPMQ_MAX_THREADS);
    fb_shares_threads = fb_shares_mpm_product(AP_MPMQ_HARD_LIMIT_DAEMONS,
                                              AP_MPMQ_HARD_LIMIT_THREADS);
    fb_shares_rules(fb_config_get(s));
    while (slots < 2 * fb_shares_workers) {
        slots *= 2;
    }
    one = APR_ALIGN_DEFAULT(fb_sharetab_size(slots));
    claims = (apr_size_t)fb_shares_threads * FB_SHARES_CLAIMS
             * sizeof(fb_share_claim_t);
    if ((rv = fb_shm_create(&fb_shares_shm, 2 * one + claims, pconf, s))
        != APR_SUCCESS) {
        return rv;
    }
    base = fb_shm_base(&fb_shares_shm);
    fb_shares_orgs = fb_sharetab_init(base, slots);
    fb_shares_keys = fb_sharetab_init(base + one, slots);
    fb_shares_claims = (fb_share_claim_t *)(base + 2 * one);
    return APR_SUCCESS;
}

/* The claims of the thread serving r (FB_SHARES_CLAIMS of them), or NULL
 * when its scoreboard slot is not known. */
static fb_share_claim_t *fb_shares_thread_claims(request_rec *r)
{
    worker_score *ws;
    apr_size_t i;

    if (fb_shares_claims == NULL || r->connection->sbh == NULL
        || (ws = ap_get_scoreboard_worker(r->connection->sbh)) == NULL) {
        return NULL;
    }
    /* The scoreboard keeps every child's threads in one array. */
    i = (apr_size_t)(ws - &ap_scoreboard_image->servers[0][0]);
    return i < fb_shares_threads ? &fb_shares_claims[i * FB_SHARES_CLAIMS]
                                 : NULL;
}

/* Notes, under the mutex, that this child holds (or waits for) a unit of
 * cls for subject; the claim to clear, or NULL when none is free (then
 * only a crash in this request would leave it held). */
static fb_share_claim_t *fb_shares_claim(fb_req_t *fr, int keys,
                                         apr_uint64_t subject,
                                         fb_share_class_e cls, int waiting)
{
    fb_share_claim_t *c = fb_shares_thread_claims(fr->r);
    int i;

    if (fb_shares_pid == 0) {
        fb_shares_pid = getpid();   /* each child's own, once */
    }

    for (i = 0; c != NULL && i < FB_SHARES_CLAIMS; i++, c++) {
        if (c->subject == 0) {
            c->subject = subject;
            c->pid = fb_shares_pid;
            c->keys = (unsigned char)keys;
            c->cls = (unsigned char)cls;
            c->waiting = (unsigned char)waiting;
            return c;
        }
    }
    return NULL;
}

/* Gives back, under the mutex, what claim c stands for, and clears it. */
static void fb_shares_release(fb_share_claim_t *c)
{
    fb_sharetab_t *table = c->keys ? fb_shares_keys : fb_shares_orgs;

    if (c->waiting) {
        fb_sharetab_wait(table, c->subject, NULL, c->cls, 0);
    }
    else {
        fb_sharetab_give(table, c->subject, c->cls);
    }
    memset(c, 0, sizeof(*c));
}

/* What one request took, given back when its pool goes. */
typedef struct fb_share_hold {
    fb_sharetab_t *table;
    apr_uint64_t subject;
    fb_share_class_e cls;
    fb_share_claim_t *claim;            /* or NULL */
    int given;                          /* given back before the pool went */
    struct fb_share_hold *next;         /* given back with it */
} fb_share_hold_t;

/* Gives back h and the holds chained to it, in one critical section. */
static apr_status_t fb_shares_give(void *data)
{
    fb_share_hold_t *h = data;

    if (h->given || !fb_shm_lock(&fb_shares_shm)) {
        return APR_SUCCESS;
    }
    for (; h != NULL; h = h->next) {
        h->given = 1;
        if (h->claim != NULL) {
            fb_shares_release(h->claim);
        }
        else {
            fb_sharetab_give(h->table, h->subject, h->cls);
        }
    }
    fb_shm_unlock(&fb_shares_shm);
    return APR_SUCCESS;
}

/* Remembers, under the mutex, to give back what result took: with the
 * hold with (one critical section for both) or else in fr's pool, and in
 * the thread's claims for the parent.  The hold, or NULL when nothing
 * was taken. */
static fb_share_hold_t *fb_shares_hold(fb_req_t *fr, fb_sharetab_t *table,
                                       apr_uint64_t subject,
                                       fb_share_class_e cls,
                                       const fb_share_result_t *result,
                                       fb_share_hold_t *with)
{
    fb_share_hold_t *h;

    if (result->outcome != FB_SHARE_TAKEN) {
        return NULL;
    }
    h = apr_palloc(fr->pool, sizeof(*h));
    h->table = table;
    h->subject = subject;
    h->cls = cls;
    h->given = 0;
    h->next = NULL;
    h->claim = fb_shares_claim(fr, table == fb_shares_keys, subject, cls,
                               0);
    if (with != NULL) {
        h->next = with->next;
        with->next = h;
    }
    else {
        apr_pool_cleanup_register(fr->pool, h, fb_shares_give,
                                  apr_pool_cleanup_null);
    }
    return h;
}

int fb_shares_child_exited(pid_t pid)
{
    apr_size_t i, n = (apr_size_t)fb_shares_threads * FB_SHARES_CLAIMS;
    int given = 0;

    if (fb_shares_claims == NULL || !fb_shm_lock(&fb_shares_shm)) {
        return 0;
    }
    for (i = 0; i < n; i++) {
        fb_share_claim_t *c = &fb_shares_claims[i];

        if (c->subject != 0 && c->pid == pid) {
            fb_shares_release(c);
            given++;
        }
    }
    fb_shm_unlock(&fb_shares_shm);
    return given;
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
                     FB_SHARE_WORKERS, rule, 0, &by_org);
    if (by_org.outcome != FB_SHARE_REFUSED) {
        /* The key's label: its organization and the start of its hash. */
        apr_snprintf(label, sizeof(label), "%.12s key %02x%02x%02x",
                     fr->principal.org_id, fr->key_hash[0],
                     fr->key_hash[1], fr->key_hash[2]);
        fb_sharetab_take(fb_shares_keys, key, label, FB_SHARE_WORKERS,
                         rule, 0, &by_key);
        if (by_key.outcome == FB_SHARE_REFUSED) {
            fb_sharetab_refuse(fb_shares_keys, FB_SHARE_WORKERS);
            if (by_org.outcome == FB_SHARE_TAKEN) {
                fb_sharetab_give(fb_shares_orgs, org, FB_SHARE_WORKERS);
            }
        }
    }
    else {
        fb_sharetab_refuse(fb_shares_orgs, FB_SHARE_WORKERS);
    }
    if (by_org.outcome != FB_SHARE_REFUSED
        && by_key.outcome != FB_SHARE_REFUSED) {
        fb_share_hold_t *h = fb_shares_hold(fr, fb_shares_orgs, org,
                                            FB_SHARE_WORKERS, &by_org, NULL);

        fb_shares_hold(fr, fb_shares_keys, key, FB_SHARE_WORKERS, &by_key,
                       h);
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
    return NULL;
}

/* What a refusal of each class with a fixed limit says; "%u" is what the
 * organization holds. */
static const char *const fb_shares_refusal[FB_SHARE_CLASSES] = {
    [FB_SHARE_EXPENSIVE] =
        "The organization already runs %u searches on this server, as "
        "many as it may at once, and none finished while this one "
        "waited; retry when one has finished.",
    [FB_SHARE_UPLOADS] =
        "The organization already sends %u uploads to this server, as "
        "many as it may at once; retry when one has finished."
};

/* What a class's refusal says when the node holds the rule's total. */
static const char *const fb_shares_busy[FB_SHARE_CLASSES] = {
    [FB_SHARE_EXPENSIVE] =
        "This server runs as many searches at once as it may, and none "
        "came free for this one while it waited its turn; retry in a "
        "moment."
};

/* One try at a unit of cls for org, under the mutex: taken and held, or
 * refused or busy.  A request that will wait is marked as waiting (its
 * claim in *waiting), one that stops waiting unmarked; a refusal is
 * counted when it is the answer (last). */
static void fb_shares_try(fb_req_t *fr, apr_uint64_t org,
                          fb_share_class_e cls, int last,
                          fb_share_claim_t **waiting, int *marked,
                          fb_share_result_t *result, fb_share_hold_t **hold)
{
    result->outcome = FB_SHARE_UNCOUNTED;
    if (!fb_shm_lock(&fb_shares_shm)) {
        return;
    }
    fb_sharetab_take(fb_shares_orgs, org, fr->principal.org_id, cls,
                     &fb_shares_rule[cls], apr_time_now(), result);
    if (result->outcome == FB_SHARE_TAKEN) {
        *hold = fb_shares_hold(fr, fb_shares_orgs, org, cls, result, NULL);
    }
    if (result->outcome == FB_SHARE_REFUSED
        || result->outcome == FB_SHARE_BUSY) {
        if (last) {
            fb_sharetab_refuse(fb_shares_orgs, cls);
        }
        else if (!*marked) {
            *marked = fb_sharetab_wait(fb_shares_orgs, org,
                                       fr->principal.org_id, cls, 1);
            *waiting = *marked ? fb_shares_claim(fr, 0, org, cls, 1) : NULL;
        }
    }
    if (*marked && (last || result->outcome == FB_SHARE_TAKEN
                    || result->outcome == FB_SHARE_UNCOUNTED)) {
        if (*waiting != NULL) {
            fb_shares_release(*waiting);
        }
        else {
            fb_sharetab_wait(fb_shares_orgs, org, NULL, cls, 0);
        }
        *marked = 0;
    }
    fb_shm_unlock(&fb_shares_shm);
}

/* Takes a unit of cls for fr's organization, waiting up to wait for its
 * turn; *result says how it ended, and the hold is returned when one was
 * taken. */
static fb_share_hold_t *fb_shares_await(fb_req_t *fr,
                                        fb_share_class_e cls,
                                        apr_interval_time_t wait,
                                        fb_share_result_t *result)
{
    fb_share_hold_t *hold = NULL;
    apr_uint64_t org = fb_fingerprint(fr->principal.org_id,
                                      strlen(fr->principal.org_id));
    apr_time_t deadline = apr_time_now() + wait;
    apr_interval_time_t nap = FB_SHARES_NAP_MIN, left;
    fb_share_claim_t *waiting = NULL;
    int marked = 0;

    /* Waiting is polled, as the holders are in every child; a nap doubles
     * up to FB_SHARES_NAP_MAX, short against the searches waited for.
     * While it waits, the request is marked as waiting, so that a unit
     * given back goes to the fairest organization, whichever polls
     * first. */
    for (;;) {
        left = deadline - apr_time_now();
        fb_shares_try(fr, org, cls, left <= 0, &waiting, &marked, result,
                      &hold);
        if ((result->outcome != FB_SHARE_REFUSED
             && result->outcome != FB_SHARE_BUSY) || left <= 0) {
            return hold;
        }
        apr_sleep(nap < left ? nap : left);
        nap = nap * 2 < FB_SHARES_NAP_MAX ? nap * 2 : FB_SHARES_NAP_MAX;
    }
}

fb_error_t *fb_shares_take(fb_req_t *fr, fb_share_class_e cls,
                           apr_interval_time_t wait)
{
    fb_share_result_t result;

    if (fb_shares_orgs == NULL) {
        return NULL;
    }
    fb_shares_await(fr, cls, wait, &result);
    if (result.outcome == FB_SHARE_REFUSED) {
        return fb_shares_refused(fr, apr_psprintf(
            fr->pool, fb_shares_refusal[cls], result.held));
    }
    if (result.outcome == FB_SHARE_BUSY) {
        return fb_shares_refused(fr, fb_shares_busy[cls]);
    }
    return NULL;
}

void *fb_shares_database(fb_req_t *fr, apr_interval_time_t wait)
{
    fb_share_result_t result;

    return fb_shares_orgs != NULL
           ? fb_shares_await(fr, FB_SHARE_DATABASE, wait, &result) : NULL;
}

void fb_shares_give_back(fb_req_t *fr, void *hold)
{
    /* Run once: a hold whose cleanup the pool ran already is marked. */
    apr_pool_cleanup_run(fr->pool, hold, fb_shares_give);
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
        out->waiting[c] = fb_sharetab_waiters(fb_shares_orgs, c);
        out->node[c] = fb_shares_rule[c].total;
    }
    out->keys_refused = fb_sharetab_refused(fb_shares_keys,
                                            FB_SHARE_WORKERS);
    out->ntop = fb_sharetab_top(fb_shares_orgs, out->top,
                                (int)(sizeof(out->top)
                                      / sizeof(out->top[0])));
    fb_shm_unlock(&fb_shares_shm);
    return 1;
}
