/*
 * fb_auth: key extraction, lookup through the cache, permission checks.
 */
#include "httpd.h"
#include <string.h>

#include "apr_strings.h"
#include "http_log.h"

#include "fb_audit.h"
#include "fb_auth.h"
#include "fb_crypto.h"
#include "fb_limits.h"
#include "fb_log.h"
#include "fb_replica.h"
#include "fb_stats.h"
#include "fb_version.h"

/* Enough for every key in use on a busy node; see fb_keycache.h. */
#define FB_KEYCACHE_ENTRIES 10000

FB_SQL_GLOBAL(fb_auth_key, 1,
    "SELECT k.org_id, k.admin_id, r.permissions::text, r.builtin, "
    "       o.api_version, k.id "
    "FROM api_keys k "
    "JOIN admins a ON a.org_id = k.org_id AND a.id = k.admin_id "
    "JOIN roles r ON r.org_id = a.org_id AND r.id = a.role_id "
    "JOIN organizations o ON o.id = k.org_id "
    "WHERE k.key_hash = %s AND k.revoked_at IS NULL");

/* An address locked out for refused keys: a security event of no
 * organization (the operators'), in the audit log (sql/034). */
FB_SQL_GLOBAL_NAMED(fb_auth_lockout, (ip, agent, request),
    "INSERT INTO audit_logs (action, domain, actor_type, target_type, "
    "  target_id, ip_address, user_agent, request_id) "
    "SELECT 'security.api_key_lockout', 'security', 'system', "
    "  'client_address', k.ip, k.ip, k.agent, k.request "
    "FROM (SELECT %s::text AS ip, %s::text AS agent, "
    "  %s::text AS request) k");

const fb_statement_t *const fb_auth_statements[] = {
    &fb_sql_fb_auth_key, &fb_sql_fb_auth_lockout, NULL
};

static fb_keycache_t *fb_keycache;

apr_status_t fb_auth_child_init(apr_pool_t *p, server_rec *s)
{
    const fb_server_conf_t *conf = fb_config_get(s);
    apr_status_t rv = fb_keycache_create(p, FB_KEYCACHE_ENTRIES,
                                         apr_time_from_sec(
                                             conf->key_cache_ttl),
                                         &fb_keycache);

    if (rv != APR_SUCCESS) {
        ap_log_error(APLOG_MARK, APLOG_CRIT, rv, s, FBLOGNO(00020)
                     "could not create the API key cache");
    }
    return rv;
}

/* The key the client sent, or NULL; *present tells whether it tried. */
static const char *fb_auth_presented_key(request_rec *r, int *present)
{
    const char *h = apr_table_get(r->headers_in, "Authorization");

    *present = 1;
    if (h != NULL) {
        if (strncasecmp(h, "Bearer ", 7) != 0) {
            return NULL;
        }
        for (h += 7; *h == ' '; h++) {
        }
        return h;
    }
    h = apr_table_get(r->headers_in, "X-API-Key");
    if (h != NULL) {
        return h;
    }
    *present = 0;
    return NULL;
}

/*
 * The key lookup of a read operation when the primary cannot be reached
 * (it died, and no standby is promoted yet): the read replica's answer,
 * so that reads go on flowing.  Only a key the replica knows counts: one
 * it does not know may be younger than its lag, and the request keeps
 * its 503.  A lookup goes to the primary otherwise, so that a key made a
 * moment ago is never refused.  The price (docs/decisions.md): during a
 * primary outage, a key revoked less than FeedbackReplicaMaxLag before
 * may still be accepted for reads, as a cached key is for
 * FeedbackKeyCacheTTL.
 */
static fb_error_t *fb_auth_lookup_replica(fb_req_t *fr,
                                          const unsigned char *hash,
                                          fb_rows_t *rows)
{
    fb_error_t *err;

    if (fr->op == NULL || (fr->op->flags & (FB_OP_WRITE | FB_OP_PUBLIC))
        || !fb_replica_enabled()) {
        return fb_error_make(fr->pool, FB_E_SERVICE_UNAVAILABLE, NULL, NULL);
    }
    fb_req_db_release(fr);
    fr->reads_replica = 1;
    err = fb_req_select(fr, &fb_sql_fb_auth_key,
                        FB_ARGS(fb_hex(fr->pool, hash, FB_SHA256_LEN)),
                        rows);
    fb_req_db_release(fr);
    fr->reads_replica = 0;
    if (err == NULL && rows->nrows != 1) {
        err = fb_error_make(fr->pool, FB_E_SERVICE_UNAVAILABLE, NULL, NULL);
    }
    return err;
}

/* Resolves a key hash through the database; NULL error on success, with
 * *found telling whether the key is valid. */
static fb_error_t *fb_auth_lookup(fb_req_t *fr, const unsigned char *hash,
                                  fb_principal_t *out, int *found)
{
    fb_rows_t rows;
    fb_error_t *err;

    *found = 0;
    err = fb_req_select(fr, &fb_sql_fb_auth_key,
                        FB_ARGS(fb_hex(fr->pool, hash, FB_SHA256_LEN)),
                        &rows);
    if (err != NULL && err->kind == FB_E_SERVICE_UNAVAILABLE) {
        /* The primary is out of reach: the replica's answer, or its
         * own reason for none. */
        err = fb_auth_lookup_replica(fr, hash, &rows);
    }
    if (err != NULL) {
        return err;
    }
    if (rows.nrows == 1) {
        const char *builtin = fb_rows_get(&rows, 0, 3);

        memset(out, 0, sizeof(*out));
        apr_cpystrn(out->org_id, fb_rows_get(&rows, 0, 0),
                    sizeof(out->org_id));
        apr_cpystrn(out->admin_id, fb_rows_get(&rows, 0, 1),
                    sizeof(out->admin_id));
        out->perms = fb_perm_from_json(fb_rows_get(&rows, 0, 2));
        out->viewer = builtin != NULL && strcmp(builtin, "viewer") == 0;
        out->owner = builtin != NULL && strcmp(builtin, "owner") == 0;
        out->version = fb_version_parse(fb_rows_get(&rows, 0, 4));
        apr_cpystrn(out->key_id, fb_rows_get(&rows, 0, 5),
                    sizeof(out->key_id));
        *found = 1;
    }
    return NULL;
}

/* A refused key: counted against the client address, then 401.  The
 * refusal that locks the address out is recorded (once a minute at most
 * per address and node); a failure to record it is logged, and the
 * answer stays 401. */
static fb_error_t *fb_auth_refused(fb_req_t *fr)
{
    if (fb_limits_count_auth_failure(fr)) {
        const char *ip = fr->r->useragent_ip;

        if (fb_req_exec(fr, FB_CALL(fb_auth_lockout, .ip = ip,
                                    .agent = fb_audit_agent(fr),
                                    .request = fb_audit_request_id(fr)),
                        NULL) != NULL) {
            ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, fr->r, FBLOGNO(00601)
                          "the lockout of %s for refused API keys could "
                          "not be recorded in the audit log", ip);
        }
        ap_log_rerror(APLOG_MARK, APLOG_NOTICE, 0, fr->r, FBLOGNO(00602)
                      "%s is locked out for this minute: it presented "
                      "%d refused API keys", ip,
                      fr->conf->rate_limit_auth_failures);
    }
    return fb_error_make(fr->pool, FB_E_INVALID_API_KEY, NULL, NULL);
}

fb_error_t *fb_auth_authenticate(fb_req_t *fr)
{
    int present, found;
    const char *key = fb_auth_presented_key(fr->r, &present);
    unsigned char *hash = fr->key_hash;
    apr_time_t now = apr_time_now();
    fb_error_t *err;

    if (!present) {
        fb_limits_show_auth_failures(fr);
        return fb_error_make(fr->pool, FB_E_MISSING_API_KEY, NULL, NULL);
    }
    if (!fb_api_key_well_formed(key)) {
        return fb_auth_refused(fr);
    }
    fb_sha256(key, strlen(key), hash);
    switch (fb_keycache
            ? fb_keycache_get(fb_keycache, hash, now, &fr->principal)
            : FB_KEYCACHE_MISS) {
    case FB_KEYCACHE_FOUND:
        FB_STATS_INC(key_hits);
        return NULL;
    case FB_KEYCACHE_INVALID:
        FB_STATS_INC(key_hits);
        return fb_auth_refused(fr);
    case FB_KEYCACHE_MISS:
        FB_STATS_INC(key_misses);
        break;
    }
    /* Only a lookup costs the database: an address that keeps presenting
     * unknown keys is refused before it. */
    if ((err = fb_limits_check_auth_failures(fr)) != NULL) {
        return err;
    }
    err = fb_auth_lookup(fr, hash, &fr->principal, &found);
    if (err != NULL) {
        return err;
    }
    if (fb_keycache != NULL) {
        fb_keycache_put(fb_keycache, hash, now,
                        found ? &fr->principal : NULL);
    }
    if (!found) {
        /* Revoked, if the node knew it good: from now on it is held up
         * like any unknown key. */
        fb_limits_forget_key(fr);
    }
    return found ? NULL : fb_auth_refused(fr);
}

fb_error_t *fb_auth_authorize(fb_req_t *fr)
{
    const fb_op_t *op = fr->op;
    const fb_principal_t *who = &fr->principal;
    const char *why = NULL;

    if ((op->flags & (FB_OP_WRITE | FB_OP_MEMBER)) && who->viewer) {
        why = "The Viewer role may only read.";
    }
    else if ((op->flags & FB_OP_OWNER) && !who->owner) {
        why = "Only the organization's Owner may do this.";
    }
    else if (op->permission != FB_PERM_NONE
             && !(who->perms & FB_PERM_BIT(op->permission))) {
        why = apr_psprintf(fr->pool, "The API key's role lacks the "
                           "'%s' permission.",
                           fb_perm_name(op->permission));
    }
    return why ? fb_error_make(fr->pool, FB_E_INSUFFICIENT_PERMISSIONS,
                               NULL, why)
               : NULL;
}
