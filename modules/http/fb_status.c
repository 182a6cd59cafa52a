/*
 * fb_status: the key cache, rate limit, fair shares and slow client part
 * of server-status.
 */
#include "httpd.h"
#include "http_protocol.h"
#include "mod_status.h"

#include "apr_strings.h"

#include "fb_limits.h"
#include "fb_shares.h"
#include "fb_stats.h"
#include "fb_status.h"

/* The names of the share classes: as a heading, and in ?auto keys. */
static const char *const fb_status_share_names[FB_SHARE_CLASSES][2] = {
    [FB_SHARE_WORKERS] = {"requests in flight", "Workers"},
    [FB_SHARE_EXPENSIVE] = {"searches running", "Expensive"},
    [FB_SHARE_UPLOADS] = {"uploads", "Uploads"},
    [FB_SHARE_DATABASE] = {"requests using the database", "Database"}
};

/* The fair shares: what organizations hold now, what was refused. */
static void fb_status_shares(request_rec *r, int flags)
{
    fb_shares_use_t use;
    int c, i;

    if (!fb_shares_usage(&use)) {
        return;
    }
    if (flags & AP_STATUS_SHORT) {
        ap_rprintf(r, "FBShareWorkersOfNode: %u\n"
                   "FBShareWorkersPool: %u\n"
                   "FBShareKeysRefused: %" APR_UINT64_T_FMT "\n",
                   use.workers, use.pool, use.keys_refused);
        for (c = 0; c < FB_SHARE_CLASSES; c++) {
            const char *name = fb_status_share_names[c][1];

            ap_rprintf(r, "FBShare%sHeld: %u\n"
                       "FBShare%sOrganizations: %u\n"
                       "FBShare%sWaiting: %u\n"
                       "FBShare%sRefused: %" APR_UINT64_T_FMT "\n",
                       name, use.held[c], name, use.organizations[c], name,
                       use.waiting[c], name, use.refused[c]);
            if (use.node[c] != 0) {
                ap_rprintf(r, "FBShare%sOfNode: %u\n", name, use.node[c]);
            }
        }
        return;
    }
    ap_rprintf(r, "<p>Fair shares: authenticated requests may hold %u of "
               "the node's %u workers, split among the organizations "
               "holding any; %" APR_UINT64_T_FMT " refused to a key over "
               "its share.</p>\n", use.pool, use.workers, use.keys_refused);
    ap_rputs("<table border=\"1\"><tr><th>Share</th><th>Held now</th>"
             "<th>Node's bound</th><th>Organizations holding</th>"
             "<th>Organizations waiting</th><th>Refused (429)</th></tr>\n",
             r);
    for (c = 0; c < FB_SHARE_CLASSES; c++) {
        ap_rprintf(r, "<tr><td>%s</td><td>%u</td><td>%s</td><td>%u</td>"
                   "<td>%u</td><td>%" APR_UINT64_T_FMT "</td></tr>\n",
                   fb_status_share_names[c][0], use.held[c],
                   use.node[c] ? apr_itoa(r->pool, (int)use.node[c]) : "-",
                   use.organizations[c], use.waiting[c], use.refused[c]);
    }
    ap_rputs("</table>\n", r);
    if (use.ntop == 0) {
        return;
    }
    ap_rputs("<table border=\"1\"><tr><th>Organization</th>", r);
    for (c = 0; c < FB_SHARE_CLASSES; c++) {
        ap_rprintf(r, "<th>%s</th>", fb_status_share_names[c][0]);
    }
    ap_rputs("</tr>\n", r);
    for (i = 0; i < use.ntop; i++) {
        ap_rprintf(r, "<tr><td>%s</td>",
                   ap_escape_html(r->pool, use.top[i].label));
        for (c = 0; c < FB_SHARE_CLASSES; c++) {
            ap_rprintf(r, "<td>%u</td>", use.top[i].held[c]);
        }
        ap_rputs("</tr>\n", r);
    }
    ap_rputs("</table>\n", r);
}

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
        fb_status_shares(r, flags);
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
    fb_status_shares(r, flags);
}
