/*
 * fb_request: what handlers call on their request: parameters, the
 * database connection and its transaction, the response.
 */
#include "httpd.h"
#include "http_core.h"
#include "http_log.h"
#include "apr_atomic.h"
#include "apr_strings.h"

#include <string.h>

#include "fb_audit.h"
#include "fb_dbd.h"
#include "fb_etag.h"
#include "fb_filesign.h"
#include "fb_handler.h"
#include "fb_log.h"
#include "fb_idempotency.h"
#include "fb_precondition.h"
#include "fb_replica.h"
#include "fb_request.h"
#include "fb_response.h"
#include "fb_shares.h"
#include "portal.h"

const char *fb_req_param(const fb_req_t *fr, const char *name)
{
    return fr->path_params ? apr_table_get(fr->path_params, name) : NULL;
}

/*
 * Gives back the connection and the organization's share of the
 * database that came with it (also the end-of-request check-in, for a
 * connection a path kept).
 *
 * The replica's flags of fb_req_t:
 *   reads_replica  set by fb_handler for a read operation (and by
 *                  fb_auth around the key lookup while the primary is out
 *                  of reach): fb_req_select may take the replica;
 *   db_replica     set by fb_req_replica when db is the replica's,
 *                  cleared here when it goes back;
 *   replica_failed set by fb_req_select when a statement failed on the
 *                  replica: the rest of the request runs on the primary;
 *   db_wrote       set by fb_handler for a write operation, and by
 *                  fb_req_exec / fb_req_begin: db may have written.
 * A position is recorded for the key's reads when a primary connection
 * (never the replica's) goes back having written: a COMMIT or a
 * statement outside a transaction committed (db->committed), or a write
 * operation ran statements without any transaction (a select that
 * writes commits on its own).  A write undone (a 404 PATCH) records
 * nothing.
 */
static void fb_req_db_give(fb_req_t *fr)
{
    if (fr->db != NULL) {
        if (fr->db_wrote && !fr->db_replica && !fr->db->tx && fr->db->used
            && (fr->db->committed || !fr->db->began)
            && fb_replica_enabled()) {
            /* Before the answer leaves: the key's next read must find
             * the position already. */
            fb_replica_note_write(fr->db, fr->pool, fr->principal.key_id);
        }
        if (fr->reads_replica && fr->db->used && !fb_db_lost(fr->db)
            && !(fr->db_replica && fr->replica_failed)) {
            fb_replica_count_read(fr->db_replica);
        }
        fb_dbd_checkin(fr->db, fr->pool);
        fr->db = NULL;
        fr->db_replica = 0;
    }
    if (fr->db_share != NULL) {
        fb_shares_give_back(fr, fr->db_share);
        fr->db_share = NULL;
    }
}

static apr_status_t fb_req_db_cleanup(void *data)
{
    fb_req_db_give(data);
    return APR_SUCCESS;
}

void fb_req_db_release(fb_req_t *fr)
{
    if (fr->db != NULL && !fr->db->tx) {
        fb_req_db_give(fr);
    }
}

fb_db_t *fb_req_db(fb_req_t *fr)
{
    if (fr->db != NULL && fr->db_replica) {
        /* Whoever asks for the connection itself gets the primary's. */
        fb_req_db_give(fr);
    }
    if (fr->db != NULL && !fr->db->tx && fb_db_lost(fr->db)) {
        /* Lost under an earlier statement: what follows (storing an
         * Idempotency-Key's answer, say) gets a connection that works. */
        fb_req_db_release(fr);
    }
    if (fr->db == NULL) {
        /* The gate serves the organization holding fewest first. */
        apr_uint64_t tag = fb_fingerprint(fr->principal.org_id,
                                          strlen(fr->principal.org_id));

        /* The organization's share of the database first: over it, the
         * request waits here, not holding a place at the gate. */
        if (fr->principal.org_id[0] != '\0' && fr->db_share == NULL) {
            fr->db_share = fb_shares_database(fr, apr_time_from_msec(
                fb_config_get(fr->r->server)->db_acquire_ms));
        }
        fr->db = fb_dbd_checkout_for(fr->pool, fr->r->server, tag,
                                     fr->expensive, &fr->db_why);
        if (fr->db == NULL && fr->db_share != NULL) {
            fb_shares_give_back(fr, fr->db_share);
            fr->db_share = NULL;
        }
        if (fr->db != NULL && !fr->db_guarded) {
            apr_pool_cleanup_register(fr->pool, fr, fb_req_db_cleanup,
                                      apr_pool_cleanup_null);
            fr->db_guarded = 1;
        }
    }
    return fr->db;
}

fb_error_t *fb_req_expensive(fb_req_t *fr)
{
    fb_error_t *err;

    if (fr->expensive) {
        return NULL;
    }
    if ((err = fb_shares_take(fr, FB_SHARE_EXPENSIVE, apr_time_from_msec(
             fb_config_get(fr->r->server)->expensive_queue_ms))) != NULL) {
        return err;
    }
    /* A connection taken before (an Idempotency-Key's read) goes back:
     * the search's comes through the bulkhead. */
    fb_req_db_release(fr);
    fr->expensive = 1;
    return NULL;
}

/* Logs that the database is out of reach at most once a second per
 * process: an outage must not flood the error log. */
static void fb_req_log_unavailable(fb_req_t *fr, const char *why)
{
    static apr_uint32_t last;
    apr_uint32_t now = (apr_uint32_t)apr_time_sec(apr_time_now());
    apr_uint32_t seen = apr_atomic_read32(&last);

    if (seen != now && apr_atomic_cas32(&last, now, seen) == seen) {
        ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, fr->r, FBLOGNO(00032)
                      "database unavailable, answering 503: %s", why);
    }
}

fb_error_t *fb_req_db_failed(fb_req_t *fr)
{
    if (fr->db == NULL && fr->expensive && fr->db_why == APR_TIMEUP) {
        /* Searches' capacity (the bulkhead) is spent, not the database:
         * a limit of the class, answered as the other limits are. */
        apr_table_setn(fr->r->headers_out, "Retry-After", "1");
        return fb_error_make(fr->pool, FB_E_RATE_LIMITED, NULL,
                             "Every connection this server gives to "
                             "searches is busy; retry in a moment.");
    }
    if (fr->db == NULL) {
        fb_req_log_unavailable(fr, fr->db_why == APR_TIMEUP
                                   ? "no pooled connection came free in "
                                     "time (FeedbackDBAcquireTimeout)"
                                   : fr->db_why == FB_DBD_SCHEMA_NEWER
                                   ? "the database's schema is newer than "
                                     "this module (FB00452)"
                                   : "no connection could be made");
        return fb_error_make(fr->pool, FB_E_SERVICE_UNAVAILABLE, NULL, NULL);
    }
    if (fb_db_lost(fr->db)) {
        fb_req_log_unavailable(fr, fr->db->error ? fr->db->error
                                                 : "the connection was lost");
        return fb_error_make(fr->pool, FB_E_SERVICE_UNAVAILABLE, NULL, NULL);
    }
    if (fr->db->conflict) {
        /* Undone whole for a concurrent write's sake: the client may send
         * it again (a 5xx forgets its Idempotency-Key). */
        if (fr->db->conflict == 1) {
            ap_log_rerror(APLOG_MARK, APLOG_WARNING, 0, fr->r,
                          FBLOGNO(00492) "write undone by a deadlock or "
                          "a serialization failure, answering 503: %s",
                          fr->db->error ? fr->db->error : "(none given)");
            fr->db->conflict = 2;
        }
        return fb_error_make(fr->pool, FB_E_SERVICE_UNAVAILABLE, NULL,
                             "The write met a concurrent one and was "
                             "undone; retry it.");
    }
    if (fr->db->canceled) {
        /* Its statement_timeout ran out: expensive work over its budget
         * (or an operator's pg_cancel_backend). */
        ap_log_rerror(APLOG_MARK, APLOG_WARNING, 0, fr->r, FBLOGNO(00524)
                      "a statement ran past its time budget "
                      "(FeedbackExpensiveTimeout), answering 400: %s",
                      fr->db->error ? fr->db->error : "(none given)");
        return fb_error_make(fr->pool, FB_E_QUERY_TOO_EXPENSIVE, NULL,
                             NULL);
    }
    ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, fr->r, FBLOGNO(00031)
                  "database error: %s",
                  fr->db->error ? fr->db->error : "(none given)");
    return fb_error_make(fr->pool, FB_E_DATABASE, NULL, NULL);
}

/* The path parameters whose name says their form whatever the
 * operation: the ids a client gives its own people and companies, and a
 * stored file's key (its signature decides). */
static const fb_path_rule_t fb_path_by_name[] = {
    {.name = "userId", .format = NULL},
    {.name = "companyId", .format = NULL},
    {.name = "key", .format = NULL},
    {.name = NULL}
};

static const fb_path_rule_t *fb_path_rule(const fb_path_rule_t *rules,
                                          const char *name)
{
    for (; rules != NULL && rules->name != NULL; rules++) {
        if (strcmp(rules->name, name) == 0) {
            return rules;
        }
    }
    return NULL;
}

const fb_field_format_t *fb_op_path_format(const fb_op_t *op,
                                           const char *name)
{
    const fb_path_rule_t *rule = fb_path_rule(op->path, name);

    if (rule == NULL) {
        rule = fb_path_rule(fb_path_by_name, name);
    }
    return rule != NULL ? rule->format : &fb_format_object_id;
}

/* A GET of one resource carries its entity tag, and answers 304 without
 * a body when If-None-Match names it.  Non-zero when it answered. */
static int fb_respond_not_modified(fb_req_t *fr, int status,
                                   const char *json)
{
    const char *etag, *cond;

    if (status != HTTP_OK || fr->r->method_number != M_GET || fr->is_list) {
        return 0;
    }
    etag = fb_etag_of(fr->pool, json);
    apr_table_setn(fr->r->headers_out, "ETag", etag);
    cond = apr_table_get(fr->r->headers_in, "If-None-Match");
    if (cond == NULL || !fb_etag_matches(cond, etag, 1)) {
        return 0;
    }
    fb_response_not_modified(fr->r);
    return 1;
}

void fb_respond(fb_req_t *fr, int status, const char *json)
{
    if (fr->capture != NULL) {
        *fr->capture = json;
        return;
    }
    /* Kept as it is stored: signed again whenever it is replayed. */
    fb_idempotency_capture(fr, status, json);
    fb_idempotency_finish(fr, NULL);
    /* A slow client must not hold a pooled connection. */
    fb_req_db_release(fr);
    /* The tag is of the JSON as stored: signing is not a change. */
    if (fb_respond_not_modified(fr, status, json)) {
        return;
    }
    if (fr->etag != NULL && ap_is_HTTP_SUCCESS(status)) {
        apr_table_setn(fr->r->headers_out, "ETag", fr->etag);
    }
    /* Stored files are named by markers, signed on the way out. */
    if (fr->conf->secret != NULL && strstr(json, FB_FILE_MARKER) != NULL) {
        json = fb_filesign_rewrite(
            fr->pool, json, ap_construct_url(fr->pool, "/v2/files/", fr->r),
            fr->conf->secret, apr_time_now() + apr_time_from_sec(3600));
    }
    fb_response_write(fr->r, status, json);
}

void fb_respond_html(fb_req_t *fr, int status, const char *html)
{
    fb_response_send(fr->r, status, "text/html; charset=utf-8", html);
}

const char *fb_req_portal_default(const fb_req_t *fr)
{
    return fb_portal_default(fr->pool, &fr->conf->settings,
                             fr->principal.org_id);
}

/* The organization st is run for: the principal's, when scoped. */
static const char *fb_req_org(const fb_req_t *fr, const fb_statement_t *st)
{
    return st->scoped ? fr->principal.org_id : NULL;
}

/* The read replica's connection for a read operation's statement, NULL
 * when it is to run on the primary. */
static fb_db_t *fb_req_replica(fb_req_t *fr)
{
    apr_uint64_t since;

    if (!fr->reads_replica || fr->replica_failed || !fb_replica_enabled()) {
        return NULL;
    }
    if (fr->db != NULL) {
        return fr->db_replica ? fr->db : NULL;
    }
    since = fb_replica_key_since(fr->principal.key_id);
    if (since == FB_REPLICA_UNKNOWN) {
        return NULL;
    }
    if (fr->principal.org_id[0] != '\0' && fr->db_share == NULL) {
        fr->db_share = fb_shares_database(fr, apr_time_from_msec(
            fb_config_get(fr->r->server)->db_acquire_ms));
    }
    fr->db = fb_dbd_checkout_replica(fr->pool, fr->r->server, fr->expensive,
                                     since);
    if (fr->db == NULL) {
        /* The primary's checkout takes the share again. */
        if (fr->db_share != NULL) {
            fb_shares_give_back(fr, fr->db_share);
            fr->db_share = NULL;
        }
        return NULL;
    }
    fr->db_replica = 1;
    if (!fr->db_guarded) {
        apr_pool_cleanup_register(fr->pool, fr, fb_req_db_cleanup,
                                  apr_pool_cleanup_null);
        fr->db_guarded = 1;
    }
    return fr->db;
}

fb_error_t *fb_req_select(fb_req_t *fr, const fb_statement_t *st,
                          fb_args_t args, fb_rows_t *rows)
{
    fb_db_t *db = fb_req_replica(fr);

    if (db != NULL) {
        if (fb_db_select(db, fr->pool, st, fb_req_org(fr, st), args, rows)
            == APR_SUCCESS) {
            return NULL;
        }
        if (db->canceled) {
            /* Over its budget: as it would be on the primary. */
            return fb_req_db_failed(fr);
        }
        /* Run again on the primary, and the rest of the request too; the
         * client sees nothing of it. */
        fb_replica_count_fallback();
        fr->replica_failed = 1;
        fb_req_db_give(fr);
    }
    db = fb_req_db(fr);

    if (db == NULL) {
        rows->nrows = rows->ncols = 0;
        rows->cells = NULL;
        return fb_req_db_failed(fr);
    }
    if (fb_db_select(db, fr->pool, st, fb_req_org(fr, st), args, rows)
        != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    return NULL;
}

fb_error_t *fb_req_exec(fb_req_t *fr, const fb_statement_t *st,
                        fb_args_t args, int *affected)
{
    fb_db_t *db = fb_req_db(fr);

    fr->db_wrote = 1;
    if (db == NULL) {
        return fb_req_db_failed(fr);
    }
    if (fb_db_exec(db, fr->pool, st, fb_req_org(fr, st), args, affected)
        != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    return NULL;
}

fb_error_t *fb_req_begin(fb_req_t *fr)
{
    fb_db_t *db = fb_req_db(fr);

    fr->db_wrote = 1;
    if (db == NULL) {
        return fb_req_db_failed(fr);
    }
    if (fb_db_begin(db, fr->pool) != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    return fb_precondition_check(fr);
}

fb_error_t *fb_req_end(fb_req_t *fr, fb_error_t *err)
{
    apr_status_t rv;

    /* A PATCH answers the tag a GET of its path gives once it commits
     * (so that an If-Match can follow without a GET), rendered here, in
     * the transaction, where no other write can come between; or by the
     * handler, from the rows it read for its own answer. */
    if (err == NULL && fr->r->method_number == M_PATCH
        && fr->capture == NULL) {
        const char *current = fr->current != NULL ? fr->current
                                                  : fb_handler_current(fr);

        fr->etag = current != NULL ? fb_etag_of(fr->pool, current) : NULL;
    }
    if (err == NULL) {
        err = fb_audit_record(fr);
    }
    if (err == NULL) {
        err = fb_idempotency_commit(fr);
    }
    rv = fb_db_end(fr->db, fr->pool, err == NULL);
    if (err != NULL) {
        return err;
    }
    if (rv != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    fb_idempotency_committed(fr);
    /* A handler that commits twice is one write: one entry. */
    fr->audited = fr->op != NULL && fr->op->audit != NULL;
    return NULL;
}
