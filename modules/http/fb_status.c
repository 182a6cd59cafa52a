/*
 * fb_status: the key cache, rate limit and slow client part of
 * server-status.
 */
#include "httpd.h"
#include "http_protocol.h"
#include "mod_status.h"

#include "fb_limits.h"
#include "fb_stats.h"
#include "fb_status.h"

void fb_status_node(request_rec *r, int flags)
{
    fb_stats_t *st = fb_stats();
    fb_limits_use_t use[FB_LIMITS_TABLES];
    int i, n = fb_limits_usage(use);
    apr_uint64_t hits = st ? apr_atomic_read64(&st->key_hits) : 0;
    apr_uint64_t misses = st ? apr_atomic_read64(&st->key_misses) : 0;
    double rate = hits + misses ? (double)hits / (double)(hits + misses)
                                : 0.0;
    apr_uint64_t cut_headers = st ? apr_atomic_read64(&st->cut_headers) : 0;
    apr_uint64_t cut_bodies = st ? apr_atomic_read64(&st->cut_bodies) : 0;

    if (flags & AP_STATUS_SHORT) {
        ap_rprintf(r, "FBCountersSince: %" APR_TIME_T_FMT "\n"
                   "FBKeyCacheHits: %" APR_UINT64_T_FMT "\n"
                   "FBKeyCacheMisses: %" APR_UINT64_T_FMT "\n"
                   "FBKeyCacheHitRate: %.3f\n"
                   "FBSlowHeadersCut: %" APR_UINT64_T_FMT "\n"
                   "FBSlowBodiesCut: %" APR_UINT64_T_FMT "\n",
                   st ? apr_time_sec((apr_time_t)st->started) : 0,
                   hits, misses, rate, cut_headers, cut_bodies);
        for (i = 0; i < n; i++) {
            ap_rprintf(r, "FBRateLimit%sUsed: %u\n"
                       "FBRateLimit%sSlots: %u\n",
                       use[i].auto_name, use[i].used, use[i].auto_name,
                       use[i].slots);
        }
        return;
    }
    ap_rputs("<hr />\n<h2>mod_feedback</h2>\n", r);
    if (st != NULL) {
        char since[APR_RFC822_DATE_LEN];

        apr_rfc822_date(since, (apr_time_t)st->started);
        ap_rprintf(r, "<dl><dt>Counters since %s</dt>\n"
                   "<dt>API key cache: %" APR_UINT64_T_FMT " answered, "
                   "%" APR_UINT64_T_FMT " looked up (hit rate %.1f %%)"
                   "</dt>\n<dt>Slow clients cut: %" APR_UINT64_T_FMT
                   " headers, %" APR_UINT64_T_FMT " bodies</dt></dl>\n",
                   since, hits, misses, rate * 100.0, cut_headers,
                   cut_bodies);
    }
    if (n > 0) {
        ap_rputs("<table border=\"1\"><tr><th>Rate limit table</th>"
                 "<th>Counted this minute</th><th>Slots</th></tr>\n", r);
        for (i = 0; i < n; i++) {
            ap_rprintf(r, "<tr><td>%s</td><td>%u</td><td>%u</td></tr>\n",
                       use[i].name, use[i].used, use[i].slots);
        }
        ap_rputs("</table>\n", r);
    }
}
