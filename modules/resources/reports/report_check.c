/*
 * report_check: what a query and a drill-in check alike before anything
 * runs: the time zone and the window (its budget of days and buckets),
 * the view, office hours, the dimensions and, through report_filter.c,
 * the filters (docs/decisions.md, "Reports").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apr_hash.h"
#include "apr_lib.h"
#include "apr_strings.h"

#include "fb_id.h"
#include "fb_json.h"
#include "fb_jsonw.h"
#include "fb_time.h"
#include "fb_utf8.h"
#include "report_sql.h"
#include "reports.h"
#include "report_query.h"

fb_error_t *rq_bad(apr_pool_t *p, const char *at, const char *msg)
{
    return fb_error_make(p, FB_E_INVALID_PARAMETER, at, msg);
}

/* ---- the window ---- */

/* Non-zero when name is a time zone of the system's database, which
 * PostgreSQL reads (Debian builds it with the system's tzdata). */
static int rq_zone_valid(apr_pool_t *p, const char *name)
{
    const char *c;
    char magic[4];
    FILE *fp;
    int ok;

    if (*name == '\0' || strlen(name) > 64 || *name == '/'
        || strstr(name, "..") != NULL) {
        return 0;
    }
    for (c = name; *c != '\0'; c++) {
        if (!(apr_isalnum(*c) || *c == '_' || *c == '-' || *c == '+'
              || *c == '/')) {
            return 0;
        }
    }
    fp = fopen(apr_pstrcat(p, "/usr/share/zoneinfo/", name, NULL), "rb");
    if (fp == NULL) {
        return 0;
    }
    ok = fread(magic, 1, 4, fp) == 4 && memcmp(magic, "TZif", 4) == 0;
    fclose(fp);
    return ok;
}

/* The window startDate..endDate (both inclusive; names at) into *w. */
fb_error_t *rq_window(fb_req_t *fr, const char *start_name,
                      const char *end_name, rq_window_t *w)
{
    apr_pool_t *p = fr->pool;
    const char *s = fb_json_string(fr->body, start_name);
    const char *e = fb_json_string(fr->body, end_name);
    apr_time_t t;

    /* the body's rules have checked both forms */
    if (fb_time_parse(s, &w->from) != APR_SUCCESS
        || fb_time_parse(e, &t) != APR_SUCCESS) {
        return rq_bad(p, start_name, "Not an ISO 8601 date or date-time.");
    }
    w->start = strlen(s) == 10 ? s : fb_time_format(p, w->from);
    if (strlen(e) == 10) {
        w->to = t + apr_time_from_sec(86400);
        w->end = apr_pstrndup(p, fb_time_format(p, w->to), 10);
    }
    else {
        w->to = t + 1;
        w->end = fb_time_format(p, w->to);
    }
    if (w->to <= w->from) {
        return rq_bad(p, end_name, apr_psprintf(
            p, "%s must not be before %s.", end_name, start_name));
    }
    if (w->to - w->from > apr_time_from_sec(86400) * RQ_MAX_DAYS) {
        return fb_error_make(p, FB_E_QUERY_TOO_EXPENSIVE, end_name,
                             apr_psprintf(p, "A report's window is at most "
                                          "%d days: narrow it.",
                                          RQ_MAX_DAYS));
    }
    return NULL;
}

/* The buckets of window w at granularity gran, at most. */
long rq_buckets(const rq_window_t *w, const char *gran)
{
    double hours = (double)(w->to - w->from) / apr_time_from_sec(3600);

    switch (gran[0]) {
    case 'h':
        return (long)hours + 2;
    case 'd':
        return (long)(hours / 24) + 2;
    case 'w':
        return (long)(hours / 24 / 7) + 2;
    default:
        return (long)(hours / 24 / 28) + 2;
    }
}

/* The form and key a dimension passes. */
void rq_dim(const fb_report_attr_t *a, const char **form,
            const char **key)
{
    *form = a != NULL ? a->form : NULL;
    *key = a != NULL ? a->key : NULL;
}

fb_error_t *rq_too_many_buckets(apr_pool_t *p)
{
    return fb_error_make(p, FB_E_QUERY_TOO_EXPENSIVE, "granularity",
                         apr_psprintf(p, "A report has at most %d buckets: "
                                      "a coarser granularity or a shorter "
                                      "window.", RQ_MAX_BUCKETS));
}

fb_error_t *rq_no_metric(apr_pool_t *p, const char *at,
                         const char *metric)
{
    return rq_bad(p, at, apr_psprintf(
        p, "'%s' is no metric of the catalog (GET /v2/reports/datasets "
        "lists them).", metric));
}

/* A dimension named by member name (groupBy, segmentBy), or NULL. */
static fb_error_t *rq_dimension(fb_req_t *fr, const rq_query_t *q,
                                const char *name,
                                const fb_report_attr_t **out)
{
    const char *id = fb_json_string(fr->body, name);

    *out = NULL;
    if (id == NULL) {
        return NULL;
    }
    *out = fb_report_attr(q->d, &q->custom, id);
    if (*out == NULL || !((*out)->flags & FB_RA_GROUP)) {
        return rq_bad(fr->pool, name, apr_psprintf(
            fr->pool, "'%s' is no attribute of the dataset %s that "
            "supportsGroupBy (GET /v2/reports/datasets lists them).", id,
            q->d->id));
    }
    if (strcmp(q->view, "hourly_heatmap") == 0) {
        return rq_bad(fr->pool, name, apr_psprintf(
            fr->pool, "The hourly_heatmap view is cut by day of week and "
            "hour only: %s cannot be given with it.", name));
    }
    return NULL;
}

/* Checks what a query and a drill-in share (q's metric known): the
 * view, office hours, the zone, the window, the dimensions, the
 * filters. */
fb_error_t *rq_check_common(fb_req_t *fr, rq_query_t *q,
                            rq_window_t *now)
{
    apr_pool_t *p = fr->pool;
    json_object *office = json_object_object_get(fr->body,
                                                 "officeHoursOnly");
    unsigned view;
    fb_error_t *err;

    q->view = fb_json_string(fr->body, "view");
    q->view = q->view ? q->view : "standard";
    view = strcmp(q->view, "sankey") == 0 ? FB_RVIEW_SANKEY
           : strcmp(q->view, "hourly_heatmap") == 0 ? FB_RVIEW_HEATMAP
           : FB_RVIEW_STANDARD;
    if (!(view & q->m->views)) {
        return fb_error_make(p, FB_E_PARAMETER_NOT_SUPPORTED, "view",
                             apr_psprintf(p, "%s has no %s view: this "
                                          "server records no conversation "
                                          "flows (see its supportedViews).",
                                          q->m->id, q->view));
    }
    if (office != NULL && json_object_get_boolean(office)) {
        return fb_error_make(p, FB_E_PARAMETER_NOT_SUPPORTED,
                             "officeHoursOnly",
                             "No office hours are configured on this "
                             "server: no metric supportsOfficeHours.");
    }
    q->tz = fb_json_string(fr->body, "timezone");
    q->tz = q->tz ? q->tz : "UTC";
    if (!rq_zone_valid(p, q->tz)) {
        return rq_bad(p, "timezone", "timezone must be an IANA time zone "
                      "(America/New_York, Europe/Paris, UTC).");
    }
    q->gran = fb_json_string(fr->body, "granularity");
    if ((err = rq_window(fr, "startDate", "endDate", now)) != NULL) {
        return err;
    }
    if (rq_buckets(now, q->gran) > RQ_MAX_BUCKETS) {
        return rq_too_many_buckets(p);
    }
    if (q->d->custom != NULL
        && (err = fb_report_custom_load(fr, &q->custom)) != NULL) {
        return err;
    }
    if ((err = rq_dimension(fr, q, "groupBy", &q->group)) != NULL
        || (err = rq_dimension(fr, q, "segmentBy", &q->segment)) != NULL) {
        return err;
    }
    q->forms = apr_array_make(p, 4, sizeof(const char *));
    return rq_filters(p, q->d, &q->custom,
                      json_object_object_get(fr->body, "filters"),
                      &q->tree, &q->rules, q->forms);
}


const char *const rq_aggregations[] = {
    "count", "sum", "avg", "median", "min", "max", "percentile", "value",
    NULL
};
const char *const rq_granularities[] = {
    "hour", "day", "week", "month", NULL
};
const char *const rq_views[] = {
    "standard", "hourly_heatmap", "sankey", NULL
};
