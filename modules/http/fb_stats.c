/*
 * fb_stats: the shared counters.
 */
#include <string.h>

#include "httpd.h"
#include "http_log.h"
#include "apr_shm.h"

#include "fb_log.h"
#include "fb_stats.h"

extern module AP_MODULE_DECLARE_DATA feedback_module;

static fb_stats_t *fb_stats_shared;

apr_status_t fb_stats_post_config(apr_pool_t *pconf, server_rec *s)
{
    apr_shm_t *shm;
    apr_status_t rv = apr_shm_create(&shm, sizeof(fb_stats_t), NULL, pconf);

    if (rv != APR_SUCCESS) {
        /* Status is an aid, not a service: the node runs without it. */
        ap_log_error(APLOG_MARK, APLOG_ERR, rv, s, FBLOGNO(00450)
                     "could not create the status counters' shared "
                     "memory; server-status shows no counters");
        fb_stats_shared = NULL;
        return APR_SUCCESS;
    }
    fb_stats_shared = apr_shm_baseaddr_get(shm);
    memset(fb_stats_shared, 0, sizeof(*fb_stats_shared));
    fb_stats_shared->started = (apr_uint64_t)apr_time_now();
    return APR_SUCCESS;
}

fb_stats_t *fb_stats(void)
{
    return fb_stats_shared;
}
