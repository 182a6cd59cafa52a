/*
 * fb_handler: route, authenticate, version, authorize, check the query and
 * the body, run the operation, answer errors in the envelope.
 */
#include "httpd.h"
#include <string.h>

#include "apr_strings.h"
#include "http_log.h"
#include "http_protocol.h"

#include "fb_auth.h"
#include "fb_body.h"
#include "fb_upload.h"
#include "fb_handler.h"
#include "fb_idempotency.h"
#include "fb_limits.h"
#include "fb_log.h"
#include "fb_response.h"
#include "fb_shares.h"
#include "fb_utf8.h"
#include "fb_version.h"

#define FB_VERSION_HEADER "Service-Version"
#define FB_VERSION_HEADER_OLD "Featurebase-Version"

static const fb_router_t *fb_router;

apr_status_t fb_handler_init(apr_pool_t *p, server_rec *s,
                             const fb_route_t *const *tables)
{
    fb_router_t *router;
    const char *why = NULL;
    apr_status_t rv = fb_router_create(p, tables, &router, &why);

    if (rv != APR_SUCCESS) {
        ap_log_error(APLOG_MARK, APLOG_CRIT, rv, s, FBLOGNO(00030)
                     "invalid route table: %s", why);
        return rv;
    }
    fb_router = router;
    return APR_SUCCESS;
}

/*
 * The version the client asked for: FB_VERSION_UNKNOWN when it named none.
 * Both header names are accepted; naming two different versions, or an
 * unknown one, is an error.
 */
static fb_error_t *fb_requested_version(fb_req_t *fr, int *out)
{
    const char *v = apr_table_get(fr->r->headers_in, FB_VERSION_HEADER);
    const char *old = apr_table_get(fr->r->headers_in,
                                    FB_VERSION_HEADER_OLD);
    const char *header = FB_VERSION_HEADER;

    *out = FB_VERSION_UNKNOWN;
    if (v != NULL && old != NULL && strcmp(v, old) != 0) {
        return fb_error_make(fr->pool, FB_E_VERSION_INVALID, header,
                             "Service-Version and Featurebase-Version name "
                             "different versions.");
    }
    if (v == NULL) {
        v = old;
        header = FB_VERSION_HEADER_OLD;
    }
    if (v == NULL) {
        return NULL;
    }
    *out = fb_version_parse(v);
    if (*out == FB_VERSION_UNKNOWN) {
        return fb_error_make(fr->pool, FB_E_VERSION_INVALID, header,
                             apr_psprintf(fr->pool, "Unknown API version "
                                          "'%s'; known: %s, %s.", v,
                                          fb_version_name(FB_VERSION_CLOVER),
                                          fb_version_name(FB_VERSION_NOVA)));
    }
    return NULL;
}

static void fb_set_version(fb_req_t *fr, int version)
{
    fr->version = version;
    apr_table_setn(fr->r->headers_out, FB_VERSION_HEADER,
                   fb_version_name(version));
}

/* Path parameters are text the database compares: they must be UTF-8
 * (an invalid one names nothing, but PostgreSQL would refuse the
 * statement), and of their operation's form (fb_path_rule_t). */
static fb_error_t *fb_path_params_check(fb_req_t *fr)
{
    const apr_array_header_t *params;
    int i;

    if (fr->path_params == NULL) {
        return NULL;
    }
    params = apr_table_elts(fr->path_params);
    for (i = 0; i < params->nelts; i++) {
        const apr_table_entry_t *e =
            &APR_ARRAY_IDX(params, i, apr_table_entry_t);

        const fb_field_format_t *form;

        if (!fb_utf8_valid(e->val, strlen(e->val))) {
            return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, e->key,
                                 apr_pstrcat(fr->pool, "'", e->key,
                                             "' must be UTF-8 text.", NULL));
        }
        form = fb_op_path_format(fr->op, e->key);
        if (form != NULL && !form->valid(e->val)) {
            return fb_error_make(fr->pool, FB_E_INVALID_ID, e->key,
                                 apr_pstrcat(fr->pool, "The ", e->key,
                                             " must be ", form->what, ".",
                                             NULL));
        }
    }
    return NULL;
}

const char *fb_handler_current(fb_req_t *fr)
{
    const fb_op_t *op = fr->op;
    apr_table_t *params = fr->path_params;
    fb_query_t query = fr->query;
    const char *json = NULL;
    fb_route_match_t match;
    fb_error_t *err;

    const fb_op_t *get;

    if (fb_router_match(fb_router, fr->pool, "GET",
                        fr->r->uri + strlen(FB_API_PREFIX), &match)
            != FB_ROUTE_FOUND
        || fr->version < (get = match.route->op)->min_version) {
        return NULL;
    }
    fr->op = get;
    fr->path_params = match.params;
    fb_query_parse(fr->pool, NULL, &fr->query);
    fr->capture = &json;
    err = fr->op->handler(fr);
    fr->capture = NULL;
    fr->op = op;
    fr->path_params = params;
    fr->query = query;
    return err == NULL ? json : NULL;
}

/*
 * A request no route serves (404, 405) still shows the limit it counts
 * under: its key's when it presents a good one (the request counts, and
 * a spent limit is 429 as anywhere), else its address's refused-key
 * window (a refused key counts there).  Whatever the key, the route's
 * answer stands: a database fault while looking the key up only leaves
 * the headers out.
 */
static fb_error_t *fb_unrouted(fb_req_t *fr, fb_error_t *route_err)
{
    fb_error_t *err = fb_auth_authenticate(fr);

    fb_req_db_release(fr);
    if (err == NULL) {
        err = fb_limits_check(fr);
    }
    return err != NULL && err->kind == FB_E_RATE_LIMITED ? err : route_err;
}

static fb_error_t *fb_dispatch(fb_req_t *fr, const char **allow)
{
    request_rec *r = fr->r;
    fb_route_match_t match;
    fb_error_t *err, *version_err;
    int requested, answered;
    const fb_op_t *op;

    version_err = fb_requested_version(fr, &requested);
    fb_set_version(fr, requested != FB_VERSION_UNKNOWN
                       ? requested : fr->conf->default_version);

    switch (fb_router_match(fb_router, fr->pool, r->method,
                            r->uri + strlen(FB_API_PREFIX), &match)) {
    case FB_ROUTE_NO_PATH:
        return fb_unrouted(fr, fb_error_make(fr->pool, FB_E_ROUTE_NOT_FOUND,
                                             NULL, NULL));
    case FB_ROUTE_NO_METHOD:
        *allow = match.allow;
        return fb_unrouted(fr, fb_error_make(
                                   fr->pool, FB_E_METHOD_NOT_ALLOWED, NULL,
                                   NULL));
    case FB_ROUTE_FOUND:
        break;
    }
    op = match.route->op;
    fr->op = op;
    fr->path_params = match.params;

    if (op->flags & FB_OP_PUBLIC) {
        /* No key, hence no organization or permissions, and a limit per
         * client address: the handler checks what the query carries
         * itself. */
        if ((err = fb_limits_check_public(fr)) != NULL
            || (err = fb_query_parse(fr->pool, r->args, &fr->query)) != NULL
            || (err = fb_query_check(fr->pool, &fr->query, op->query))
               != NULL
            || (err = fb_path_params_check(fr)) != NULL
            || (err = fb_body_discard(fr)) != NULL) {
            return err;
        }
        return op->handler(fr);
    }
    err = fb_auth_authenticate(fr);
    /* The key lookup's connection goes back before the body is read: a
     * slow sender must not hold one. */
    fb_req_db_release(fr);
    if (err == NULL && (err = fb_limits_check(fr)) == NULL) {
        /* From here until it ends the request holds a worker of its
         * organization's and its key's shares (its body read included). */
        err = fb_shares_enter(fr);
    }
    if (err != NULL) {
        return err;
    }
    if (version_err != NULL) {
        return version_err;
    }
    if (requested == FB_VERSION_UNKNOWN && fr->principal.version >= 0) {
        fb_set_version(fr, fr->principal.version);
    }
    if (fr->version < op->min_version) {
        return fb_error_make(fr->pool, FB_E_VERSION_UNAVAILABLE, NULL,
                             apr_psprintf(fr->pool, "This endpoint needs "
                                          "API version %s or newer.",
                                          fb_version_name(op->min_version)));
    }
    if ((err = fb_auth_authorize(fr)) != NULL) {
        return err;
    }
    if ((err = fb_query_parse(fr->pool, r->args, &fr->query)) != NULL
        || (err = fb_query_check(fr->pool, &fr->query, op->query)) != NULL
        || (err = fb_path_params_check(fr)) != NULL) {
        return err;
    }
    if (op->flags & FB_OP_BODY) {
        int files = (op->flags & FB_OP_UPLOAD) && fb_upload_is_multipart(fr);

        if (files && (err = fb_shares_take(fr, FB_SHARE_UPLOADS, 0)) != NULL) {
            return err;
        }
        if ((err = files ? fb_upload_read(fr, op->data)
                         : fb_body_read(fr)) != NULL
            || (err = fb_validate_body(fr->pool, fr->body, op->body))
               != NULL) {
            if (files) {
                /* Files stored for a body refused after all. */
                ((const fb_upload_t *)op->data)->abort(fr);
            }
            return err;
        }
    }
    else if ((err = fb_body_discard(fr)) != NULL) {
        return err;
    }
    /* A write's position is recorded for its key's reads; a read may go
     * to the replica (fb_replica.h). */
    fr->db_wrote = (op->flags & FB_OP_WRITE) != 0;
    if ((err = fb_idempotency_begin(fr, &answered)) != NULL || answered) {
        return err;
    }
    if (r->method_number == M_PATCH || r->method_number == M_DELETE) {
        fr->if_match = apr_table_get(r->headers_in, "If-Match");
    }
    fr->reads_replica = !(op->flags & FB_OP_WRITE);
    err = op->handler(fr);
    if (err == NULL && op->audit != NULL && !fr->audited) {
        /* A write that never went through fb_req_end (fb_audit.h). */
        ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, r, FBLOGNO(00603)
                      "%s %s answered without its audit log entry (a "
                      "defect: its handler commits no write transaction)",
                      r->method, r->uri);
    }
    fb_idempotency_finish(fr, err);
    fb_req_db_release(fr);
    return err;
}

int fb_handler(request_rec *r)
{
    fb_req_t *fr;
    fb_error_t *err;
    const char *allow = NULL;
    apr_size_t plen = strlen(FB_API_PREFIX);

    if (r->handler == NULL || strcmp(r->handler, "feedback") != 0) {
        return DECLINED;
    }
    fr = apr_pcalloc(r->pool, sizeof(*fr));
    fr->r = r;
    fr->pool = r->pool;
    fr->conf = fb_config_get(r->server);
    fr->principal.version = FB_VERSION_UNKNOWN;

    if (strncmp(r->uri, FB_API_PREFIX, plen) != 0
        || (r->uri[plen] != '/' && r->uri[plen] != '\0')) {
        fb_set_version(fr, fr->conf->default_version);
        err = fb_unrouted(fr, fb_error_make(fr->pool, FB_E_ROUTE_NOT_FOUND,
                                            NULL, NULL));
    }
    else {
        err = fb_dispatch(fr, &allow);
    }
    if (err != NULL) {
        if (!fr->body_read && ap_request_has_body(r)) {
            /* Refused before its body was read to its end: at the route,
             * the key, a limit, the version, the permission, the query,
             * or the body itself (too large, cut for time, broken off).
             * What is left is never read, so the connection cannot carry
             * another request; and closing it keeps httpd from reading
             * the rest to discard it (ap_finalize_request_protocol does,
             * unless the connection is closing), which a client that
             * announces a large body and trickles it would make last. */
            r->connection->keepalive = AP_CONN_CLOSE;
        }
        fb_response_error(r, err, allow);
    }
    return OK;
}
