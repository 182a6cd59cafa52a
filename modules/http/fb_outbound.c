/*
 * fb_outbound: building the outbound options at start-up.
 */
#include "httpd.h"
#include "http_config.h"
#include "http_log.h"

#include "fb_config.h"
#include "fb_fetch.h"
#include "fb_log.h"
#include "fb_netpolicy.h"

extern module AP_MODULE_DECLARE_DATA feedback_module;

apr_status_t fb_outbound_post_config(apr_pool_t *pconf, server_rec *s)
{
    const char *why = NULL;

    if (fb_fetch_global_init(pconf, &why) != APR_SUCCESS) {
        ap_log_error(APLOG_MARK, APLOG_CRIT, 0, s, FBLOGNO(00050)
                     "outbound HTTP is unavailable: %s", why);
        return APR_EGENERAL;
    }
    for (; s != NULL; s = s->next) {
        fb_server_conf_t *conf = ap_get_module_config(s->module_config,
                                                      &feedback_module);
        fb_fetch_options_t *opt = apr_pcalloc(pconf, sizeof(*opt));
        int flags = conf->outbound_allow_loopback ? FB_NETPOLICY_TESTING
                                                  : 0;

        opt->policy = fb_netpolicy_create(pconf, conf->outbound_deny,
                                          conf->outbound_allow, flags);
        if (opt->policy == NULL) {
            ap_log_error(APLOG_MARK, APLOG_CRIT, 0, s, FBLOGNO(00051)
                         "the built-in outbound address table is invalid "
                         "(a build defect)");
            return APR_EGENERAL;
        }
        opt->ca_file = conf->outbound_ca_file;
        opt->timeout = apr_time_from_sec(conf->outbound_timeout);
        opt->connect_timeout =
            apr_time_from_sec(conf->outbound_connect_timeout);
        opt->max_size = conf->outbound_max_size;
        opt->user_agent = "mod_feedback";
        conf->outbound = opt;
        if (flags & FB_NETPOLICY_TESTING) {
            ap_log_error(APLOG_MARK, APLOG_WARNING, 0, s, FBLOGNO(00052)
                         "FeedbackOutboundAllowLoopback is On: webhooks "
                         "and downloads may reach this machine's loopback "
                         "addresses over plain http; use it for tests "
                         "only");
        }
    }
    return APR_SUCCESS;
}
