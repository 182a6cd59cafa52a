/*
 * reports.h: what the files of the reports family share (issue 31; the
 * official client's reports resource, docs/decisions.md "Reports").
 *
 * The catalog is data: datasets (report_catalog.c) of metrics and
 * attributes, each a row of a C table; an organization's custom
 * conversation attributes and ticket fields are attributes made per
 * request from their definitions (fb_report_catalog_load).  A query
 * (report_query.c) is checked against the same tables, so what the
 * catalog says is what the query accepts.
 */
#ifndef FB_REPORTS_H
#define FB_REPORTS_H

#include "fb_resource.h"

/* Operators of filter rules, as bits of an attribute's mask. */
#define FB_ROP_IS           0x0001
#define FB_ROP_IS_NOT       0x0002
#define FB_ROP_IN           0x0004
#define FB_ROP_NOT_IN       0x0008
#define FB_ROP_CONTAINS     0x0010
#define FB_ROP_NOT_CONTAINS 0x0020
#define FB_ROP_GTE          0x0040
#define FB_ROP_LTE          0x0080
#define FB_ROP_BETWEEN      0x0100
#define FB_ROP_EXISTS       0x0200
#define FB_ROP_NOT_EXISTS   0x0400
#define FB_ROP_MEMBER       0x0800
#define FB_ROP_NOT_MEMBER   0x1000

#define FB_ROPS_SET (FB_ROP_IS | FB_ROP_IS_NOT | FB_ROP_IN | FB_ROP_NOT_IN)
#define FB_ROPS_PRESENT (FB_ROP_EXISTS | FB_ROP_NOT_EXISTS)
#define FB_ROPS_ID (FB_ROPS_SET | FB_ROPS_PRESENT)
#define FB_ROPS_TEXT (FB_ROPS_ID | FB_ROP_CONTAINS | FB_ROP_NOT_CONTAINS)
#define FB_ROPS_RANGE (FB_ROP_GTE | FB_ROP_LTE | FB_ROP_BETWEEN)
#define FB_ROPS_NUMBER (FB_ROP_IS | FB_ROP_IS_NOT | FB_ROPS_RANGE \
                        | FB_ROPS_PRESENT)
#define FB_ROPS_DATE (FB_ROPS_RANGE | FB_ROPS_PRESENT)
#define FB_ROPS_BOOL (FB_ROP_IS | FB_ROP_IS_NOT)
#define FB_ROPS_MULTI (FB_ROPS_ID | FB_ROP_MEMBER | FB_ROP_NOT_MEMBER)

/* What an attribute supports. */
#define FB_RA_FILTER 0x1
#define FB_RA_GROUP  0x2
#define FB_RA_LOOKUP 0x4
#define FB_RA_MULTI  0x8

/* Aggregations, as bits of a metric's mask. */
#define FB_RAGG_COUNT      0x01
#define FB_RAGG_SUM        0x02
#define FB_RAGG_AVG        0x04
#define FB_RAGG_MEDIAN     0x08
#define FB_RAGG_MIN        0x10
#define FB_RAGG_MAX        0x20
#define FB_RAGG_PERCENTILE 0x40
#define FB_RAGG_VALUE      0x80
#define FB_RAGGS_DURATION (FB_RAGG_AVG | FB_RAGG_MEDIAN | FB_RAGG_MIN \
                           | FB_RAGG_MAX | FB_RAGG_PERCENTILE)

/* Views, as bits of a metric's mask. */
#define FB_RVIEW_STANDARD 0x1
#define FB_RVIEW_HEATMAP  0x2
#define FB_RVIEW_SANKEY   0x4

typedef struct {
    const char *value;          /* NULL ends a list */
    const char *label;
} fb_report_option_t;

/* The kinds of value an attribute has (the client's valueType). */
typedef enum {
    FB_RV_STRING, FB_RV_NUMBER, FB_RV_BOOLEAN, FB_RV_DATE, FB_RV_ENUM,
    FB_RV_ID
} fb_report_value_e;

typedef struct {
    const char *id;             /* the fieldId; NULL ends a table */
    const char *form;           /* the statements' name of it (custom
                                 * attributes share one, with a key) */
    const char *key;            /* a custom attribute's stored key */
    const char *name;
    const char *category;
    const char *description;
    fb_report_value_e type;
    unsigned ops;
    unsigned flags;             /* FB_RA_* */
    const fb_report_option_t *options;  /* static options, or NULL */
} fb_report_attr_t;

typedef struct {
    const char *id;             /* NULL ends a table */
    const char *name;
    const char *description;
    const char *type;           /* count, duration */
    const char *unit;           /* count, duration_ms */
    unsigned aggs;
    unsigned views;
    const fb_statement_t *st;   /* the statement its rows are read by */
    const fb_statement_t *plain;    /* ... without dimensions */
    const fb_statement_t *drill;    /* ... its drill-in's; NULL: none */
    const fb_statement_t *rollup;   /* ... from its rollup; NULL: none */
    const fb_statement_t *rollup_plain;
    const char *const *rollup_forms;    /* the attributes its rollup
                                         * keeps (NULL ends) */
    /* ... by its day plan (days, weeks, months; REPORT_DAY_PLAN): every
     * set, and without dimensions; NULL: none */
    const fb_statement_t *rollup_days;
    const fb_statement_t *rollup_days_plain;
    const char *const *days_forms;      /* the attributes its day rows
                                         * keep (NULL: none; then no
                                         * filter, no dimension) */
} fb_report_metric_t;

typedef struct {
    const char *id;             /* NULL ends the table */
    const char *name;
    const char *description;
    const fb_report_metric_t *metrics;
    const fb_report_attr_t *attributes;
    const char *custom;         /* whose custom attributes it has:
                                 * "conversation", "ticket" or NULL */
} fb_report_dataset_t;

/* The datasets, in the catalog's order (report_catalog.c). */
extern const fb_report_dataset_t fb_report_datasets[];

/* An organization's custom attributes as attribute rows: conversation
 * attributes (not archived) and ticket fields. */
typedef struct {
    fb_report_attr_t *conversation;     /* each ends with a NULL id */
    fb_report_attr_t *ticket;
} fb_report_custom_t;

fb_error_t *fb_report_custom_load(fb_req_t *fr, fb_report_custom_t *c);

/* The custom attributes of dataset d (an empty table when none). */
const fb_report_attr_t *fb_report_custom_of(const fb_report_custom_t *c,
                                            const fb_report_dataset_t *d);

/* The metric named id, *dataset its dataset; NULL when none is. */
const fb_report_metric_t *fb_report_metric(
    const char *id, const fb_report_dataset_t **dataset);

/* The attribute id of dataset d (its own or custom); NULL when none. */
const fb_report_attr_t *fb_report_attr(const fb_report_dataset_t *d,
                                       const fb_report_custom_t *c,
                                       const char *id);

/* The client's names of operators, value kinds, aggregations, views. */
const char *fb_report_op_name(unsigned bit);
unsigned fb_report_op_bit(const char *name);
const char *fb_report_value_name(fb_report_value_e v);
const char *fb_report_agg_name(unsigned bit);
unsigned fb_report_agg_bit(const char *name);

extern const fb_statement_t *const fb_report_catalog_statements[];

#endif
