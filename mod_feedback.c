/*
 * mod_feedback: a feedback and support-inbox JSON API for httpd.
 *
 * This file declares the module and wires its hooks; the work lives in
 * modules/ (core: plain C, http: httpd glue, resources: one file per
 * resource, jobs: background work).
 */
/* AP_DECLARE_MODULE below is this file's APLOG_USE_MODULE (fb_log.h). */
#define FB_MODULE_MAIN

#include "httpd.h"
#include "http_config.h"
#include "http_log.h"
#include "ap_mpm.h"

#include "mod_feedback.h"

#include "fb_audit.h"
#include "fb_auth.h"
#include "fb_busy.h"
#include "fb_config.h"
#include "fb_dbd.h"
#include "fb_errordoc.h"
#include "fb_handler.h"
#include "fb_limits.h"
#include "fb_log.h"
#include "fb_openapi.h"
#include "fb_operator.h"
#include "fb_orgcache.h"
#include "fb_outbound.h"
#include "fb_pacing.h"
#include "fb_registry.h"
#include "fb_replica.h"
#include "fb_shares.h"
#include "fb_stats.h"
#include "fb_status.h"
#include "fb_worker.h"
#include "fb_worker_status.h"
#include "help_pages/help_pages.h"

#include "mod_status.h"

/* Refuses a configuration whose statements do not hold together (a label
 * used twice, placeholders that are not the arguments declared): the
 * check runs with `apache2 -t` too. */
/* Puts the served description together in p (fb_openapi.h); a route and
 * its description that disagree keep httpd from starting. */
static int fb_openapi_check(apr_pool_t *p, server_rec *s,
                            const fb_route_t *const *routes)
{
    const char *why = NULL;

    if (fb_openapi_build(p, routes, &why) != APR_SUCCESS) {
        ap_log_error(APLOG_MARK, APLOG_CRIT, 0, s,
                     FBLOGNO(00480) "the OpenAPI description: %s", why);
        return HTTP_INTERNAL_SERVER_ERROR;
    }
    return OK;
}

static int fb_check_config(apr_pool_t *pconf, apr_pool_t *plog,
                           apr_pool_t *ptemp, server_rec *s)
{
    const char *why = NULL;

    (void)pconf;
    (void)plog;
    if (fb_registry_check(ptemp, &why) != APR_SUCCESS) {
        ap_log_error(APLOG_MARK, APLOG_CRIT, 0, s,
                     FBLOGNO(00014) "%s", why);
        return HTTP_INTERNAL_SERVER_ERROR;
    }
    if (!fb_audit_routes_check(ptemp, fb_registry_routes(ptemp), &why)) {
        ap_log_error(APLOG_MARK, APLOG_CRIT, 0, s,
                     FBLOGNO(00600) "the audit log: %s", why);
        return HTTP_INTERNAL_SERVER_ERROR;
    }
    return fb_openapi_check(ptemp, s, fb_registry_routes(ptemp));
}

static int fb_post_config(apr_pool_t *pconf, apr_pool_t *plog,
                          apr_pool_t *ptemp, server_rec *s)
{
    (void)plog;
    (void)ptemp;
    if (fb_config_finish(pconf, s) != APR_SUCCESS
        || fb_stats_post_config(pconf, s) != APR_SUCCESS
        || fb_replica_post_config(pconf, s) != APR_SUCCESS
        || fb_outbound_post_config(pconf, s) != APR_SUCCESS
        || fb_handler_init(pconf, s, fb_registry_routes(pconf))
           != APR_SUCCESS
        || fb_openapi_check(pconf, s, fb_registry_routes(pconf)) != OK
        || fb_dbd_register(pconf, s, fb_registry_statements(pconf))
           != APR_SUCCESS
        || fb_worker_post_config(s) != APR_SUCCESS
        || fb_limits_post_config(pconf, s) != APR_SUCCESS
        || fb_shares_post_config(pconf, s) != APR_SUCCESS) {
        return HTTP_INTERNAL_SERVER_ERROR;
    }
    fb_help_pages_post_config(pconf);
    return OK;
}

static void fb_child_init(apr_pool_t *pchild, server_rec *s)
{
    fb_dbd_child_init(pchild, s);
    fb_replica_child_init(pchild, s);
    fb_auth_child_init(pchild, s);
    fb_orgcache_child_init(pchild, s);
    fb_busy_child_init(pchild, s);
    fb_help_pages_child_init(pchild);
}

/* In the parent: a child that exited gives back what it held of the fair
 * shares (a killed child's requests never ran their cleanups). */
static void fb_child_status(server_rec *s, pid_t pid, ap_generation_t gen,
                            int slot, mpm_child_status state)
{
    int given;

    (void)gen;
    (void)slot;
    if (state == MPM_CHILD_EXITED && (given = fb_shares_child_exited(pid))) {
        ap_log_error(APLOG_MARK, APLOG_WARNING, 0, s, FBLOGNO(00043)
                     "child %" APR_PID_T_FMT " ended holding %d of the fair "
                     "shares (requests in flight, searches, uploads, the "
                     "database); "
                     "given back", pid, given);
    }
}

/* The module's section of server-status (when mod_status is loaded). */
static int fb_status_hook(request_rec *r, int flags)
{
    fb_status_node(r, flags);
    fb_replica_status(r, flags);
    fb_worker_status(r, flags);
    return OK;
}

/* The optional function of mod_feedback.h: the registry's SQL of a label,
 * for the benchmark's reference handler among others. */
static const char *feedback_statement_sql(const char *label)
{
    return fb_dbd_statement_sql(label);
}

static void fb_register_hooks(apr_pool_t *p)
{
    /* The worker opens connections from mod_dbd's pool, which mod_dbd
     * makes in its own child_init. */
    static const char *const after_dbd[] = {"mod_dbd.c", NULL};

    ap_hook_check_config(fb_check_config, NULL, NULL, APR_HOOK_MIDDLE);
    ap_hook_post_config(fb_post_config, NULL, NULL, APR_HOOK_MIDDLE);
    ap_hook_child_init(fb_child_init, NULL, NULL, APR_HOOK_MIDDLE);
    ap_hook_child_status(fb_child_status, NULL, NULL, APR_HOOK_MIDDLE);
    ap_hook_child_init(fb_worker_child_init, after_dbd, NULL,
                       APR_HOOK_MIDDLE);
    ap_hook_handler(fb_handler, NULL, NULL, APR_HOOK_MIDDLE);
    ap_hook_handler(fb_operator_handler, NULL, NULL, APR_HOOK_MIDDLE);
    ap_hook_handler(fb_help_pages_handler, NULL, NULL, APR_HOOK_MIDDLE);
    fb_errordoc_register_hooks(p);
    fb_pacing_register_hooks(p);
    APR_OPTIONAL_HOOK(ap, status_hook, fb_status_hook, NULL, NULL,
                      APR_HOOK_MIDDLE);
    APR_REGISTER_OPTIONAL_FN(feedback_statement_sql);
}

/* The one symbol the module exports: LoadModule finds it by name.  Every
 * other is hidden (-fvisibility=hidden, Makefile). */
#pragma GCC visibility push(default)
AP_DECLARE_MODULE(feedback) = {
    STANDARD20_MODULE_STUFF,
    NULL,                       /* per-directory config */
    NULL,                       /* merge per-directory config */
    fb_config_create_server,
    fb_config_merge_server,
    fb_directives,
    fb_register_hooks,
    AP_MODULE_FLAG_NONE
};
#pragma GCC visibility pop
