/*
 * fb_query: query strings, declared and checked as data.
 *
 * Each route lists the query parameters it takes as rules.  The request
 * path checks every parameter against them before the handler runs
 * (unknown names, repeated single values, types, ranges, choices), so a
 * handler only reads values that are already known to be good.
 *
 * Parameters that take several values accept the three forms clients
 * send: repeated (a=x&a=y), comma-separated (a=x,y or a=x%2Cy) and a[]=.
 */
#ifndef FB_QUERY_H
#define FB_QUERY_H

#include <apr_pools.h>
#include <apr_tables.h>

#include "fb_error.h"
#include "fb_validate.h"

typedef enum {
    FB_Q_STRING,    /* one value, length min..max */
    FB_Q_INT,       /* one integer in min..max */
    FB_Q_BOOL,      /* one of true, false */
    FB_Q_ENUM,      /* one of choices */
    FB_Q_LIST       /* several values, each of length min..max */
} fb_query_type_e;

/* The parameter must be given (missing_parameter). */
#define FB_Q_REQUIRED 0x1

typedef struct {
    const char *name;
    fb_query_type_e type;
    long min;
    long max;
    /* FB_Q_ENUM, and each value of an FB_Q_LIST that has them: the
     * values taken, NULL-terminated. */
    const char *const *choices;
    unsigned flags;
    /* FB_Q_STRING, and each value of FB_Q_LIST: the form it has (an id,
     * a date), checked after its length; or NULL. */
    const fb_field_format_t *format;
    /* What the handler takes when the parameter is absent, as text; the
     * served description shows it.  Read with fb_query_value(). */
    const char *dflt;
} fb_query_rule_t;

/* The most rows a page shows; the rows a list reads for a page are one
 * more (the cursor's), which lists without filters write into their SQL
 * as a constant so that PostgreSQL keeps a generic plan (posts.c): keep
 * the two together (t/unit/test_query.c checks them). */
#define FB_QUERY_LIMIT_MAX 100
#define FB_QUERY_ROWS_CAP_SQL "101"

/* The rows a page shows when no limit is given. */
#define FB_QUERY_LIMIT_DEFAULT 10

#define FB_QUERY_STR_(x) #x
#define FB_QUERY_STR(x) FB_QUERY_STR_(x)

/* The rules every cursor list shares; lists add their own after them. */
#define FB_QUERY_RULES_PAGE \
    {.name = "limit", .type = FB_Q_INT, .min = 1, .max = FB_QUERY_LIMIT_MAX, \
     .dflt = FB_QUERY_STR(FB_QUERY_LIMIT_DEFAULT)}, \
    {.name = "cursor", .type = FB_Q_STRING, .min = 1, .max = 512}

typedef struct {
    apr_table_t *values;    /* name (without []) -> decoded value */
} fb_query_t;

/*
 * Parses args (r->args, may be NULL) into *out.  Fails with an
 * invalid_request error when an escape is malformed or decodes to NUL.
 */
fb_error_t *fb_query_parse(apr_pool_t *p, const char *args, fb_query_t *out);

/*
 * Checks q against rules (terminated by a rule with a NULL name).  Every
 * problem is listed in the error's details; the first names the code and
 * param.  Returns NULL when q is acceptable.
 */
fb_error_t *fb_query_check(apr_pool_t *p, const fb_query_t *q,
                           const fb_query_rule_t *rules);

/* The value of name, or NULL. */
const char *fb_query_get(const fb_query_t *q, const char *name);

/* The value of name, or when absent its rule's default (dflt; NULL when
 * rules have none or do not name it). */
const char *fb_query_value(const fb_query_t *q, const fb_query_rule_t *rules,
                           const char *name);

/* The integer value of name, or def when absent. */
long fb_query_int(const fb_query_t *q, const char *name, long def);

/* The boolean value of name, or def when absent. */
int fb_query_bool(const fb_query_t *q, const char *name, int def);

/* Every value of name, commas split, empty items dropped; never NULL. */
apr_array_header_t *fb_query_list(apr_pool_t *p, const fb_query_t *q,
                                  const char *name);

#endif
