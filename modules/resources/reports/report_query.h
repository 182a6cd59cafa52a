/*
 * report_query.h: what a report's query (report_query.c) and drill-in
 * (report_drill.c) share: the checked query, its window, the budget,
 * and the checks of report_check.c and report_filter.c that make them.
 */
#ifndef FB_REPORT_QUERY_H
#define FB_REPORT_QUERY_H

#include "reports.h"

/* ---- limits ---- */

/* Rules in a filter, and levels of groups, at most (the client's). */
#define RQ_MAX_RULES 100
#define RQ_MAX_DEPTH 6
/* Values of a rule (in, not_in, ...), and characters of a text value. */
#define RQ_MAX_VALUES 100
#define RQ_TEXT_MAX 256
/* The budget of one query: its window (and a comparison's) at most this
 * many days, and this many buckets. */
#define RQ_MAX_DAYS 732
#define RQ_MAX_BUCKETS 1000
/* Groups an answer lists at most (the largest first). */
#define RQ_MAX_GROUPS 1000

/* A window: startDate..endDate as the statements take it. */
typedef struct {
    const char *start;          /* a date, or an instant */
    const char *end;            /* exclusive */
    apr_time_t from, to;        /* as UTC, for the budget */
} rq_window_t;

/* A checked query (or drill-in): the catalog's rows it names and the
 * values its statement takes; forms, the attributes its filter names
 * (by their forms), which say whether a rollup can answer it. */
typedef struct {
    const fb_report_dataset_t *d;
    const fb_report_metric_t *m;
    const char *agg;
    const char *pct;
    const char *tz;
    const char *gran;
    const char *view;
    const char *tree, *rules;
    const fb_report_attr_t *group, *segment;
    fb_report_custom_t custom;
    apr_array_header_t *forms;
} rq_query_t;

/* A 400 invalid_parameter naming at. */
fb_error_t *rq_bad(apr_pool_t *p, const char *at, const char *msg);

/* The body's filters into *tree and *rules (JSON texts; NULL: none):
 * report_filter.c. */
fb_error_t *rq_filters(apr_pool_t *p, const fb_report_dataset_t *d,
                       const fb_report_custom_t *custom,
                       json_object *filters, const char **tree,
                       const char **rules, apr_array_header_t *forms);

/* The window startDate..endDate (both inclusive; names at) into *w. */
fb_error_t *rq_window(fb_req_t *fr, const char *start_name,
                      const char *end_name, rq_window_t *w);

/* The buckets of window w at granularity gran, at most. */
long rq_buckets(const rq_window_t *w, const char *gran);

/* The form and key a dimension passes. */
void rq_dim(const fb_report_attr_t *a, const char **form, const char **key);

fb_error_t *rq_too_many_buckets(apr_pool_t *p);
fb_error_t *rq_no_metric(apr_pool_t *p, const char *at, const char *metric);

/* Checks what a query and a drill-in share (q's metric known): the
 * view, office hours, the zone, the window, the dimensions, the
 * filters. */
fb_error_t *rq_check_common(fb_req_t *fr, rq_query_t *q, rq_window_t *now);

/* The body rules' choices. */
extern const char *const rq_aggregations[];
extern const char *const rq_granularities[];
extern const char *const rq_views[];

#endif
