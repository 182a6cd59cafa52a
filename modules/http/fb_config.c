/*
 * fb_config: the module's directives, as one table.
 *
 * Each directive is one row of fb_directives[] at the end of the parsers:
 * its name, how its value is read (a whole number, a size, a time, a flag,
 * a string, a span that follows the node's load, or a parser of its
 * own), the field of fb_server_conf_t it sets, its range, its default as
 * it would be written in httpd.conf, whether a virtual host may set it,
 * and a one-line description.  The rest is derived from the rows: the
 * command_rec entries httpd reads, the help text `apache2 -L` prints
 * (t/static/test_directives_doc.py checks docs/directives.md against
 * it), the unset values of a new configuration, the merge, and the
 * defaults filled in at start-up, which go through the directive's own
 * parser.  A new directive is a field in fb_config.h, a row here and a
 * section in docs/directives.md.
 */
#include "httpd.h"
#include <stdlib.h>
#include <string.h>

#include "apr_lib.h"
#include "apr_strings.h"
#include "apr_uri.h"
#include "http_log.h"

#include <libpq-fe.h>
#include <openssl/rand.h>

#include "fb_config.h"
#include "fb_crypto.h"
#include "fb_log.h"
#include "fb_mail.h"
#include "fb_version.h"

extern module AP_MODULE_DECLARE_DATA feedback_module;

/* How a field is kept, which decides its unset value and its merge. */
typedef enum {
    FB_STORE_INT,               /* int, FB_UNSET when unset */
    FB_STORE_OFF,               /* apr_off_t, FB_UNSET when unset */
    FB_STORE_PTR,               /* a pointer, NULL when unset; a virtual
                                 * host's value replaces the main one's */
    FB_STORE_LIST,              /* an apr array, NULL when unset; a virtual
                                 * host's entries add to the main one's */
    FB_STORE_SPAN               /* an fb_pace_span_t, its idle value
                                 * FB_UNSET when unset */
} fb_store_e;

typedef struct fb_directive_s fb_directive_t;

/*
 * Reads one value of d (one argument; each of them for an ITERATE
 * directive) into field, the member of the configuration that d names.
 * Returns NULL or the message that stops the configuration.  Defaults go
 * through the same function, so a default means what the same text in
 * httpd.conf would mean.
 */
typedef const char *fb_parse_fn(const fb_directive_t *d, apr_pool_t *p,
                                const char *arg, void *field);

/* One directive: the cmd_data of its command_rec. */
struct fb_directive_s {
    const char *name;
    fb_parse_fn *parse;
    fb_store_e store;
    apr_size_t offset;          /* of the field in fb_server_conf_t */
    int global_only;            /* main server only (GLOBAL_ONLY) */
    apr_int64_t min, max;       /* whole numbers and sizes: the range */
    const char *low, *high;     /* times: the range, as written */
    const char *deflt;          /* as written in httpd.conf, or NULL */
};

/* The bytes the merge copies for each kind of field. */
static const apr_size_t fb_store_size[] = {
    [FB_STORE_INT] = sizeof(int),
    [FB_STORE_OFF] = sizeof(apr_off_t),
    [FB_STORE_PTR] = sizeof(void *),
    [FB_STORE_LIST] = sizeof(apr_array_header_t *),
    [FB_STORE_SPAN] = sizeof(fb_pace_span_t)
};

/* The field of conf that d names; the merge only reads it from its
 * const inputs. */
static void *fb_field(const fb_server_conf_t *conf, const fb_directive_t *d)
{
    return (char *)conf + d->offset;
}

static int fb_field_is_set(const fb_directive_t *d, const void *field)
{
    const void *ptr;

    switch (d->store) {
    case FB_STORE_INT:
        return *(const int *)field != FB_UNSET;
    case FB_STORE_OFF:
        return *(const apr_off_t *)field != FB_UNSET;
    case FB_STORE_SPAN:
        return ((const fb_pace_span_t *)field)->idle != FB_UNSET;
    default:
        /* Pointers of any type: their bytes say whether they are NULL. */
        memcpy(&ptr, field, sizeof(ptr));
        return ptr != NULL;
    }
}

/* The value parsers of the generic types. */

/* Parses a whole decimal number in [d->min, d->max]. */
static const char *fb_parse_number(const fb_directive_t *d, apr_pool_t *p,
                                   const char *arg, apr_int64_t *out)
{
    char *end;

    *out = apr_strtoi64(arg, &end, 10);
    if (*arg == '\0' || *end != '\0' || *out < d->min || *out > d->max) {
        return apr_psprintf(p, "%s must be a whole number from "
                            "%" APR_INT64_T_FMT " to %" APR_INT64_T_FMT
                            ", not '%s'", d->name, d->min, d->max, arg);
    }
    return NULL;
}

static const char *fb_parse_int(const fb_directive_t *d, apr_pool_t *p,
                                const char *arg, void *field)
{
    apr_int64_t n;
    const char *err = fb_parse_number(d, p, arg, &n);

    if (err == NULL) {
        *(int *)field = (int)n;
    }
    return err;
}

static const char *fb_parse_size(const fb_directive_t *d, apr_pool_t *p,
                                 const char *arg, void *field)
{
    apr_int64_t n;
    const char *err = fb_parse_number(d, p, arg, &n);

    if (err == NULL) {
        *(apr_off_t *)field = (apr_off_t)n;
    }
    return err;
}

/* A time with an optional unit (ms, s, mi, h; none: seconds) from d->low
 * to d->high, kept in milliseconds. */
static const char *fb_parse_msec(const fb_directive_t *d, apr_pool_t *p,
                                 const char *arg, void *field)
{
    apr_interval_time_t t, low, high;

    const char *unit = arg;

    /* httpd's parser reads no number as 0 and a unit by its first letter
     * ("soon" is 0 s): a time here is digits and one of its units. */
    while (apr_isdigit(*unit)) {
        unit++;
    }
    if (unit == arg
        || (*unit && strcmp(unit, "ms") && strcmp(unit, "s")
            && strcmp(unit, "mi") && strcmp(unit, "h"))
        || ap_timeout_parameter_parse(d->low, &low, "s") != APR_SUCCESS
        || ap_timeout_parameter_parse(d->high, &high, "s") != APR_SUCCESS
        || ap_timeout_parameter_parse(arg, &t, "s") != APR_SUCCESS
        || t < low || t > high) {
        return apr_psprintf(p, "%s: '%s' is not a time from %s to %s",
                            d->name, arg, d->low, d->high);
    }
    *(int *)field = (int)apr_time_as_msec(t);
    return NULL;
}

/* httpd reads a FLAG directive's word itself; this reads defaults. */
static const char *fb_parse_flag(const fb_directive_t *d, apr_pool_t *p,
                                 const char *arg, void *field)
{
    if (strcasecmp(arg, "On") != 0 && strcasecmp(arg, "Off") != 0) {
        return apr_psprintf(p, "%s must be On or Off", d->name);
    }
    *(int *)field = strcasecmp(arg, "On") == 0;
    return NULL;
}

static const char *fb_parse_string(const fb_directive_t *d, apr_pool_t *p,
                                   const char *arg, void *field)
{
    (void)d;
    (void)p;
    *(const char **)field = arg;
    return NULL;
}

/*
 * The two words of a span, "IDLE [BUSY]" (one word: the same value at
 * any load); NULL when arg has another number of words.
 */
static const char *fb_span_words(apr_pool_t *p, const char *arg,
                                 const char **busy)
{
    char *words = apr_pstrdup(p, arg), *state;
    const char *idle = apr_strtok(words, " ", &state);

    *busy = idle != NULL ? apr_strtok(NULL, " ", &state) : NULL;
    if (idle == NULL || (*busy != NULL && apr_strtok(NULL, " ", &state))) {
        return NULL;
    }
    if (*busy == NULL) {
        *busy = idle;
    }
    return idle;
}

/* A span of times from d->low to d->high, kept in milliseconds; a busy
 * node never waits longer than an idle one. */
static const char *fb_parse_span_msec(const fb_directive_t *d,
                                      apr_pool_t *p, const char *arg,
                                      void *field)
{
    fb_pace_span_t *span = field, got;
    const char *busy, *idle = fb_span_words(p, arg, &busy), *err;

    if (idle == NULL) {
        return apr_psprintf(p, "%s takes one or two times, not '%s'",
                            d->name, arg);
    }
    if ((err = fb_parse_msec(d, p, idle, &got.idle)) != NULL
        || (err = fb_parse_msec(d, p, busy, &got.busy)) != NULL) {
        return err;
    }
    if (got.busy > got.idle) {
        return apr_psprintf(p, "%s: the time when busy (%s) may not be "
                            "longer than the time when idle (%s)", d->name,
                            busy, idle);
    }
    *span = got;
    return NULL;
}

/* A span of rates (bytes a second) from d->min to d->max; a busy node
 * never asks for less than an idle one. */
static const char *fb_parse_span_rate(const fb_directive_t *d,
                                      apr_pool_t *p, const char *arg,
                                      void *field)
{
    fb_pace_span_t *span = field, got;
    const char *ceiling, *floor = fb_span_words(p, arg, &ceiling), *err;

    if (floor == NULL) {
        return apr_psprintf(p, "%s takes one or two rates, not '%s'",
                            d->name, arg);
    }
    if ((err = fb_parse_int(d, p, floor, &got.idle)) != NULL
        || (err = fb_parse_int(d, p, ceiling, &got.busy)) != NULL) {
        return err;
    }
    if (got.busy < got.idle) {
        return apr_psprintf(p, "%s: the ceiling (%s) may not be below the "
                            "floor (%s)", d->name, ceiling, floor);
    }
    *span = got;
    return NULL;
}

/* The parsers of the directives that have their own syntax. */

static const char *fb_parse_version(const fb_directive_t *d, apr_pool_t *p,
                                    const char *arg, void *field)
{
    int v = fb_version_parse(arg);

    if (v == FB_VERSION_UNKNOWN) {
        return apr_psprintf(p, "%s: unknown version '%s' (known: %s, %s)",
                            d->name, arg, fb_version_name(FB_VERSION_CLOVER),
                            fb_version_name(FB_VERSION_NOVA));
    }
    *(int *)field = v;
    return NULL;
}

static const char *fb_parse_help_hosts(const fb_directive_t *d,
                                       apr_pool_t *p, const char *arg,
                                       void *field)
{
    if (ap_cstr_casecmp(arg, "external") == 0) {
        *(int *)field = FB_HELP_HOSTS_EXTERNAL;
    }
    else if (ap_cstr_casecmp(arg, "portal") == 0) {
        *(int *)field = FB_HELP_HOSTS_PORTAL;
    }
    else {
        return apr_psprintf(p, "%s: '%s' is neither external nor portal",
                            d->name, arg);
    }
    return NULL;
}

static const char *fb_parse_public_url(const fb_directive_t *d,
                                       apr_pool_t *p, const char *arg,
                                       void *field)
{
    apr_uri_t uri;
    apr_size_t n = strlen(arg);

    if (apr_uri_parse(p, arg, &uri) != APR_SUCCESS
        || uri.scheme == NULL || uri.hostname == NULL
        || (strcmp(uri.scheme, "https") != 0
            && strcmp(uri.scheme, "http") != 0)
        || uri.query != NULL || uri.fragment != NULL) {
        return apr_psprintf(p, "%s: '%s' is not an http or https URL "
                            "without query", d->name, arg);
    }
    while (n > 0 && arg[n - 1] == '/') {
        n--;
    }
    *(const char **)field = apr_pstrmemdup(p, arg, n);
    return NULL;
}

static const char *fb_parse_portal_url(const fb_directive_t *d,
                                       apr_pool_t *p, const char *arg,
                                       void *field)
{
    apr_uri_t uri;
    const char *org = ap_strstr_c(arg, "%{org}");
    const char *probe;

    /* Check the template with a sample organization put in. */
    probe = org ? apr_pstrcat(p, apr_pstrmemdup(p, arg, org - arg),
                              "sample", org + 6, NULL)
                : arg;
    if (apr_uri_parse(p, probe, &uri) != APR_SUCCESS
        || uri.scheme == NULL || uri.hostname == NULL
        || (strcmp(uri.scheme, "https") != 0
            && strcmp(uri.scheme, "http") != 0)) {
        return apr_psprintf(p, "%s: '%s' is not an http or https URL "
                            "template", d->name, arg);
    }
    *(const char **)field = arg;
    return NULL;
}

static const char *fb_parse_secret(const fb_directive_t *d, apr_pool_t *p,
                                   const char *arg, void *field)
{
    if (strlen(arg) < FB_MIN_SECRET_LEN) {
        return apr_psprintf(p, "%s must be at least %d characters long",
                            d->name, FB_MIN_SECRET_LEN);
    }
    *(const char **)field = arg;
    return NULL;
}

/* FeedbackReadReplica: a connection string libpq can read (checked now:
 * a typo would otherwise only show as every read going to the primary),
 * given a connect_timeout when it has none. */
#define FB_REPLICA_CONNECT_TIMEOUT "2"
static const char *fb_parse_conninfo(const fb_directive_t *d, apr_pool_t *p,
                                     const char *arg, void *field)
{
    char *why = NULL;
    PQconninfoOption *opts = PQconninfoParse(arg, &why), *o;
    int timed = 0;

    if (opts == NULL) {
        const char *msg = apr_psprintf(p, "%s: '%s' is not a libpq "
                                       "connection string (%s)", d->name,
                                       arg, why ? why : "unreadable");

        PQfreemem(why);
        return msg;
    }
    for (o = opts; o->keyword != NULL; o++) {
        if (strcmp(o->keyword, "connect_timeout") == 0 && o->val != NULL
            && o->val[0] != '\0') {
            timed = 1;
        }
    }
    PQconninfoFree(opts);
    if (!timed) {
        /* Without one, a host that does not answer holds the request
         * trying it for the TCP time-out: 2 s unless the string says. */
        int uri = strncmp(arg, "postgresql://", 13) == 0
                  || strncmp(arg, "postgres://", 11) == 0;

        arg = apr_pstrcat(p, arg, !uri ? " " : strchr(arg, '?') ? "&" : "?",
                          "connect_timeout=" FB_REPLICA_CONNECT_TIMEOUT,
                          NULL);
    }
    *(const char **)field = arg;
    return NULL;
}

/* FeedbackOutboundDeny and FeedbackOutboundAllow: one range per call. */
static const char *fb_parse_outbound_range(const fb_directive_t *d,
                                           apr_pool_t *p, const char *arg,
                                           void *field)
{
    apr_array_header_t **list = field;
    fb_netrange_t range;
    const char *why = fb_netrange_parse(arg, &range);

    if (why != NULL) {
        return apr_psprintf(p, "%s: '%s' %s (expected a range such as "
                            "10.1.2.0/24 or fd00:1::/48, or one address)",
                            d->name, arg, why);
    }
    if (*list == NULL) {
        *list = apr_array_make(p, 4, sizeof(fb_netrange_t));
    }
    *(fb_netrange_t *)apr_array_push(*list) = range;
    return NULL;
}

static const char *fb_parse_ca_file(const fb_directive_t *d, apr_pool_t *p,
                                    const char *arg, void *field)
{
    const char *path = ap_server_root_relative(p, arg);
    apr_finfo_t finfo;

    /* Checked now: a wrong path would otherwise fail every delivery. */
    if (path == NULL
        || apr_stat(&finfo, path, APR_FINFO_TYPE, p) != APR_SUCCESS
        || finfo.filetype != APR_REG) {
        return apr_psprintf(p, "%s: '%s' is not a readable file", d->name,
                            arg);
    }
    *(const char **)field = path;
    return NULL;
}

/* FeedbackWebhookRetrySchedule: one delay per argument, a number with a
 * unit (ms, s, m, h; none: seconds), between 10 ms and 7 days. */
static const char *fb_parse_retry_delay(const fb_directive_t *d,
                                        apr_pool_t *p, const char *arg,
                                        void *field)
{
    apr_array_header_t **list = field;
    char *end;
    apr_int64_t n, ms;

    n = apr_strtoi64(arg, &end, 10);
    if (end == arg || n < 0 || n > 7 * 24 * 3600 * APR_INT64_C(1000)) {
        ms = -1;
    }
    else if (strcmp(end, "ms") == 0) {
        ms = n;
    }
    else if (*end == '\0' || strcmp(end, "s") == 0) {
        ms = n * 1000;
    }
    else if (strcmp(end, "m") == 0) {
        ms = n * 60 * 1000;
    }
    else if (strcmp(end, "h") == 0) {
        ms = n * 3600 * 1000;
    }
    else {
        ms = -1;
    }
    if (ms < 10 || ms > 7 * 24 * 3600 * APR_INT64_C(1000)) {
        return apr_psprintf(p, "%s: '%s' is not a delay between 10ms and 7 "
                            "days (a number with ms, s, m or h)", d->name,
                            arg);
    }
    if (*list == NULL) {
        *list = apr_array_make(p, 8, sizeof(int));
    }
    if ((*list)->nelts >= 100) {
        return apr_psprintf(p, "%s: at most 100 delays", d->name);
    }
    APR_ARRAY_PUSH(*list, int) = (int)ms;
    return NULL;
}

static const char *fb_parse_smtp_url(const fb_directive_t *d, apr_pool_t *p,
                                     const char *arg, void *field)
{
    apr_uri_t uri;

    if (apr_uri_parse(p, arg, &uri) != APR_SUCCESS
        || uri.scheme == NULL || uri.hostname == NULL || *uri.hostname == 0
        || (strcmp(uri.scheme, "smtp") != 0
            && strcmp(uri.scheme, "smtps") != 0)) {
        return apr_psprintf(p, "%s: '%s' is not an smtp:// or smtps:// URL",
                            d->name, arg);
    }
    *(const char **)field = arg;
    return NULL;
}

static const char *fb_parse_mail_from(const fb_directive_t *d,
                                      apr_pool_t *p, const char *arg,
                                      void *field)
{
    if (!fb_mail_address_ok(arg)) {
        return apr_psprintf(p, "%s: '%s' is not a plain email address "
                            "(user@domain)", d->name, arg);
    }
    *(const char **)field = arg;
    return NULL;
}

/* The setters httpd calls: where the directive may be, then its parser. */

static fb_server_conf_t *fb_cmd_conf(cmd_parms *cmd)
{
    return ap_get_module_config(cmd->server->module_config,
                                &feedback_module);
}

/*
 * The worker, email and database pool directives are main server only:
 * the worker is one per child process, not per virtual host, and reads
 * the main server's values.
 */
static const char *fb_cmd_context(cmd_parms *cmd, const fb_directive_t *d)
{
    return d->global_only ? ap_check_cmd_context(cmd, GLOBAL_ONLY) : NULL;
}

static const char *fb_cmd_set(cmd_parms *cmd, void *dc, const char *arg)
{
    const fb_directive_t *d = cmd->info;
    const char *err = fb_cmd_context(cmd, d);

    (void)dc;
    if (err != NULL) {
        return err;
    }
    return d->parse(d, cmd->pool, arg, fb_field(fb_cmd_conf(cmd), d));
}

/* A directive of one or two words (a span): its parser reads them as one
 * string, as it reads its default. */
static const char *fb_cmd_set12(cmd_parms *cmd, void *dc, const char *one,
                                const char *two)
{
    return fb_cmd_set(cmd, dc, two == NULL
                               ? one
                               : apr_pstrcat(cmd->pool, one, " ", two,
                                             NULL));
}

static const char *fb_cmd_flag(cmd_parms *cmd, void *dc, int on)
{
    const fb_directive_t *d = cmd->info;
    const char *err = fb_cmd_context(cmd, d);

    (void)dc;
    if (err == NULL) {
        *(int *)fb_field(fb_cmd_conf(cmd), d) = on;
    }
    return err;
}

/*
 * The row macros.  VHOST or GLOBAL says where a directive may be; the
 * help text is the description followed by what the row says, in the
 * bracketed form t/static/test_directives_doc.py reads:
 * "... [syntax: NAME ARGS; range: LOW to HIGH; default: VALUE; context:
 * server config]", range and default only when the row has them.
 */
#define FB_SCOPE_VHOST 0
#define FB_SCOPE_GLOBAL 1
#define FB_CONTEXT_VHOST "server config, virtual host"
#define FB_CONTEXT_GLOBAL "server config"

#define FB_ROW(nm, prs, st, fld, scope, ...) \
    ((void *)&(const fb_directive_t){ \
        .name = (nm), .parse = (prs), .store = (st), \
        .offset = APR_OFFSETOF(fb_server_conf_t, fld), \
        .global_only = FB_SCOPE_##scope, __VA_ARGS__ })

#define FB_HELP(nm, syntax, more, scope, doc) \
    doc " [syntax: " nm " " syntax more "; context: " FB_CONTEXT_##scope "]"

/* A whole number from lo to hi, into an int. */
#define FB_INT(nm, fld, syntax, lo, hi, def, scope, doc) \
    AP_INIT_TAKE1(nm, fb_cmd_set, \
                  FB_ROW(nm, fb_parse_int, FB_STORE_INT, fld, scope, \
                         .min = (lo), .max = (hi), .deflt = #def), \
                  RSRC_CONF, \
                  FB_HELP(nm, syntax, "; range: " #lo " to " #hi \
                          "; default: " #def, scope, doc))

/* A whole number of bytes from lo to hi, into an apr_off_t. */
#define FB_SIZE(nm, fld, lo, hi, def, scope, doc) \
    AP_INIT_TAKE1(nm, fb_cmd_set, \
                  FB_ROW(nm, fb_parse_size, FB_STORE_OFF, fld, scope, \
                         .min = (lo), .max = (hi), .deflt = #def), \
                  RSRC_CONF, \
                  FB_HELP(nm, "BYTES", "; range: " #lo " to " #hi \
                          "; default: " #def, scope, doc))

/* A time from lo to hi (strings such as "1ms"), into an int of ms. */
#define FB_MSEC(nm, fld, lo, hi, def, scope, doc) \
    AP_INIT_TAKE1(nm, fb_cmd_set, \
                  FB_ROW(nm, fb_parse_msec, FB_STORE_INT, fld, scope, \
                         .low = (lo), .high = (hi), .deflt = (def)), \
                  RSRC_CONF, \
                  FB_HELP(nm, "TIME", "; range: " lo " to " hi \
                          "; default: " def, scope, doc))

/* A span of times (IDLE [BUSY], each from lo to hi, strings such as
 * "1s"; def as written), into an fb_pace_span_t of ms. */
#define FB_SPAN_MSEC(nm, fld, lo, hi, def, scope, doc) \
    AP_INIT_TAKE12(nm, fb_cmd_set12, \
                   FB_ROW(nm, fb_parse_span_msec, FB_STORE_SPAN, fld, scope, \
                          .low = (lo), .high = (hi), .deflt = (def)), \
                   RSRC_CONF, \
                   FB_HELP(nm, "IDLE [BUSY]", "; range: " lo " to " hi \
                           "; default: " def, scope, doc))

/* A span of rates (FLOOR [CEILING] bytes a second, each from lo to hi;
 * def as written), into an fb_pace_span_t. */
#define FB_SPAN_RATE(nm, fld, lo, hi, def, scope, doc) \
    AP_INIT_TAKE12(nm, fb_cmd_set12, \
                   FB_ROW(nm, fb_parse_span_rate, FB_STORE_SPAN, fld, scope, \
                          .min = (lo), .max = (hi), .deflt = (def)), \
                   RSRC_CONF, \
                   FB_HELP(nm, "FLOOR [CEILING]", "; range: " #lo " to " \
                           #hi "; default: " def, scope, doc))

/* On or Off (def is the word), into an int. */
#define FB_FLAG(nm, fld, def, scope, doc) \
    AP_INIT_FLAG(nm, fb_cmd_flag, \
                 FB_ROW(nm, fb_parse_flag, FB_STORE_INT, fld, scope, \
                        .deflt = #def), \
                 RSRC_CONF, \
                 FB_HELP(nm, "On|Off", "; default: " #def, scope, doc))

/* Any one word, into a const char *; no default. */
#define FB_STRING(nm, fld, syntax, scope, doc) \
    AP_INIT_TAKE1(nm, fb_cmd_set, \
                  FB_ROW(nm, fb_parse_string, FB_STORE_PTR, fld, scope, \
                         .deflt = NULL), \
                  RSRC_CONF, FB_HELP(nm, syntax, "", scope, doc))

/* A parser of its own (how: TAKE1 or ITERATE); no default. */
#define FB_OWN(how, nm, prs, st, fld, syntax, scope, doc) \
    AP_INIT_##how(nm, fb_cmd_set, \
                  FB_ROW(nm, prs, st, fld, scope, .deflt = NULL), \
                  RSRC_CONF, FB_HELP(nm, syntax, "", scope, doc))

/* A parser of its own with a default, as written in httpd.conf. */
#define FB_OWN_DEFAULT(how, nm, prs, st, fld, syntax, def, scope, doc) \
    AP_INIT_##how(nm, fb_cmd_set, \
                  FB_ROW(nm, prs, st, fld, scope, .deflt = (def)), \
                  RSRC_CONF, \
                  FB_HELP(nm, syntax, "; default: " def, scope, doc))

const command_rec fb_directives[] = {
    FB_OWN_DEFAULT(TAKE1, "FeedbackDefaultVersion", fb_parse_version,
                   FB_STORE_INT, default_version, "VERSION",
                   "2026-01-01.nova", VHOST,
                   "API version for requests without a version header "
                   "from organizations without a default"),
    FB_SIZE("FeedbackMaxBodySize", max_body, 1024, 1073741824, 1048576,
            VHOST, "Largest JSON request body accepted"),
    FB_SIZE("FeedbackMaxUploadSize", max_upload, 1024, 1073741824,
            419430400, VHOST,
            "Largest multipart/form-data request body (files) accepted"),
    /* Slow clients (fb_pacing.h).  A header's time is the node's: which
     * virtual host it is for is not known before it is read. */
    FB_SPAN_MSEC("FeedbackHeaderTimeout", header_timeout_ms, "100ms",
                 "300s", "20s 500ms", GLOBAL, "Longest a request header may "
                 "take, from an idle node to one with every worker busy"),
    FB_SPAN_MSEC("FeedbackBodyGrace", body_grace_ms, "100ms", "300s",
                 "10s 1s", VHOST, "Time a request body's first bytes may "
                 "take before its rate counts, idle to busy"),
    FB_SPAN_RATE("FeedbackBodyMinRate", body_rate, 0, 104857600,
                 "500 8192", VHOST, "Bytes a second a JSON body must keep "
                 "up, from an idle node to one with every worker busy"),
    FB_MSEC("FeedbackBodyTimeout", body_timeout_ms, "1s", "24h", "60s",
            VHOST, "Longest a JSON request body may take in all"),
    FB_SPAN_RATE("FeedbackUploadMinRate", upload_rate, 0, 104857600,
                 "500 8192", VHOST, "Bytes a second a multipart/form-data "
                 "body must keep up, idle to busy"),
    FB_MSEC("FeedbackUploadTimeout", upload_timeout_ms, "1s", "24h",
            "1800s", VHOST, "Longest a multipart/form-data body (files) "
            "may take in all"),
    /* Without it, the server's own name (fb_config_finish). */
    FB_OWN(TAKE1, "FeedbackPublicURL", fb_parse_public_url, FB_STORE_PTR,
           public_url, "URL", VHOST,
           "The URL this server is reached at from outside, before /v2 "
           "(for links in emails)"),
    FB_OWN_DEFAULT(TAKE1, "FeedbackPortalURL", fb_parse_portal_url,
                   FB_STORE_PTR, portal_url, "URL-TEMPLATE",
                   "https://%{org}.feedback.example.com", VHOST,
                   "Default portal URL template; %{org} is replaced by "
                   "the organization id"),
    FB_OWN_DEFAULT(TAKE1, "FeedbackHelpCenterHosts", fb_parse_help_hosts,
                   FB_STORE_INT, help_hosts, "external|portal", "external",
                   VHOST, "What a request's host names for the public help "
                   "center (SetHandler feedback-help-center): a help "
                   "center's custom domain, or an organization's portal "
                   "URL"),
    FB_INT("FeedbackHelpCenterCacheTTL", help_cache_ttl, "SECONDS", 0, 3600,
           10, VHOST, "Seconds a public help center page is kept by each "
           "child process before it is read again (0: never kept)"),
    /* Without it, a random one (fb_config_finish). */
    FB_OWN(TAKE1, "FeedbackSecret", fb_parse_secret, FB_STORE_PTR, secret,
           "STRING", VHOST,
           "Server secret for signed URLs (32 characters or more)"),
    FB_INT("FeedbackKeyCacheTTL", key_cache_ttl, "SECONDS", 0, 300, 10,
           VHOST, "Seconds an API key lookup is remembered per process"),
    FB_MSEC("FeedbackDBAcquireTimeout", db_acquire_ms, "1ms", "60s", "2s",
            GLOBAL, "Longest wait for a pooled database connection before "
            "a request answers 503"),
    FB_INT("FeedbackRateLimitKey", rate_limit_key, "N", 0, 1000000, 2000,
           VHOST, "Requests a minute per API key and node (0: unlimited)"),
    FB_INT("FeedbackRateLimitOrg", rate_limit_org, "N", 0, 1000000, 3000,
           VHOST, "Requests a minute per organization and node "
           "(0: unlimited)"),
    FB_INT("FeedbackRateLimitPublic", rate_limit_public, "N", 0, 1000000,
           1200, VHOST, "Requests a minute without an API key (files, "
           "unsubscribe links) per client address and node "
           "(0: unlimited)"),
    FB_INT("FeedbackRateLimitAuthFail", rate_limit_auth_failures, "N", 0,
           1000000, 100, VHOST, "Refused API keys a minute per client "
           "address and node, then 429 without a lookup (0: unlimited)"),
    FB_INT("FeedbackShareWorkers", share_workers, "PERCENT", 1, 100, 90,
           GLOBAL, "Per cent of the node's workers (MaxRequestWorkers) "
           "that authenticated requests may hold, split among the "
           "organizations (and the keys) holding any"),
    FB_INT("FeedbackShareFloor", share_floor, "N", 1, 100000, 8, GLOBAL,
           "Workers an organization or key may always hold, however "
           "many share the node"),
    FB_INT("FeedbackExpensivePerOrganization", expensive_per_org, "N", 1,
           1000, 2, GLOBAL, "Full-text and filtered searches one "
           "organization may run at once on a node"),
    FB_INT("FeedbackExpensivePerNode", expensive_per_node, "N", 0, 1000, 0,
           GLOBAL, "Full-text and filtered searches a node runs at once, "
           "of all organizations (0: one fewer than its processors)"),
    FB_MSEC("FeedbackExpensiveQueue", expensive_queue_ms, "0s", "60s", "2s",
            GLOBAL, "Longest a search over its organization's or the "
            "node's limit waits for its turn before it answers 429"),
    FB_INT("FeedbackExpensiveConnections", expensive_connections, "N", 1,
           1000, 1, GLOBAL, "Pooled database connections per child that "
           "searches may hold at once (at most DBDMax - 1)"),
    FB_MSEC("FeedbackExpensiveTimeout", expensive_timeout_ms, "10ms",
            "10mi", "5s", GLOBAL, "Longest a search's statement may run "
            "before it is cancelled and the request answers 503"),
    FB_INT("FeedbackShareDatabase", share_database, "N", 0, 100000, 0,
           GLOBAL, "Requests using the database at once that the "
           "organizations served lately divide (0: the node's "
           "processors); one alone is not limited"),
    FB_MSEC("FeedbackConnectionReserve", connection_reserve_ms, "0s", "60s",
            "250ms", GLOBAL, "How long an organization counts as served "
            "after it last asked for the database: its share is kept, "
            "and a child's last free connection with it (0s: never)"),
    FB_OWN(TAKE1, "FeedbackReadReplica", fb_parse_conninfo, FB_STORE_PTR,
           replica_conninfo, "CONNINFO", GLOBAL, "A streaming replica "
           "(libpq connection string) that serves reads which tolerate "
           "its lag: GETs and searches; without it, everything goes to "
           "DBDParams' database"),
    FB_MSEC("FeedbackReplicaMaxLag", replica_max_lag_ms, "0s", "1h", "2s",
            GLOBAL, "How far behind the primary the read replica may be "
            "and still serve reads; further behind, it is skipped"),
    FB_INT("FeedbackReplicaConnections", replica_connections, "N", 1, 1000,
           4, GLOBAL, "Connections per child to the read replica; a read "
           "that finds them all busy goes to the primary"),
    FB_INT("FeedbackUploadsPerOrganization", uploads_per_org, "N", 1, 10000,
           4, GLOBAL, "Multipart uploads one organization may send to a "
           "node at once, then 429"),
    FB_OWN(ITERATE, "FeedbackOutboundDeny", fb_parse_outbound_range,
           FB_STORE_LIST, outbound_deny, "RANGE [RANGE]...", VHOST,
           "Address ranges outbound HTTP must never reach, in addition "
           "to the built-in ones (CIDR)"),
    FB_OWN(ITERATE, "FeedbackOutboundAllow", fb_parse_outbound_range,
           FB_STORE_LIST, outbound_allow, "RANGE [RANGE]...", VHOST,
           "Address ranges outbound HTTP may reach although the built-in "
           "rules refuse them (CIDR)"),
    FB_OWN(TAKE1, "FeedbackOutboundCAFile", fb_parse_ca_file, FB_STORE_PTR,
           outbound_ca_file, "PATH", VHOST,
           "PEM file of the certificate authorities outbound HTTPS "
           "trusts (without it, the system's)"),
    FB_INT("FeedbackOutboundTimeout", outbound_timeout, "SECONDS", 1, 300,
           10, VHOST, "Seconds an outbound request without a time-out of "
           "its own may take in all"),
    FB_INT("FeedbackOutboundConnectTimeout", outbound_connect_timeout,
           "SECONDS", 1, 300, 5, VHOST, "Seconds an outbound connection, "
           "TLS handshake included, may take"),
    /* The default is api.md's cap on downloaded files, 10 MiB. */
    FB_SIZE("FeedbackOutboundMaxSize", outbound_max_size, 1024, 1073741824,
            10485760, VHOST, "Bytes an outbound response body may have "
            "when its caller sets no cap"),
    FB_FLAG("FeedbackOutboundAllowLoopback", outbound_allow_loopback, Off,
            VHOST, "For tests only: let outbound HTTP reach loopback "
            "addresses and use plain http"),
    FB_FLAG("FeedbackWorker", worker, On, GLOBAL,
            "Run the background worker (email and webhook delivery) in "
            "every child process"),
    FB_INT("FeedbackWorkerInterval", worker_interval_ms, "MILLISECONDS",
           10, 3600000, 1000, GLOBAL, "Milliseconds the worker waits when "
           "it found nothing to do"),
    FB_INT("FeedbackWorkerConcurrency", worker_concurrency, "N", 1, 64, 2,
           GLOBAL, "Worker threads per child process"),
    FB_INT("FeedbackWorkerLease", worker_lease, "SECONDS", 2, 86400, 60,
           GLOBAL, "Seconds a claimed item is reserved for its worker; a "
           "network exchange gets half of it"),
    FB_INT("FeedbackWorkerRetryDelay", worker_retry_ms, "MILLISECONDS", 10,
           86400000, 60000, GLOBAL, "Milliseconds before the first retry "
           "of a failed item, doubled for each further attempt"),
    FB_INT("FeedbackWorkerMaxAttempts", worker_max_attempts, "N", 1, 100, 8,
           GLOBAL, "Attempts before an item is marked failed"),
    FB_INT("FeedbackAuditRetention", audit_retention_days, "DAYS", 0, 36500,
           365, GLOBAL, "Days the audit log keeps an entry before the "
           "worker's sweep removes it (0: for ever)"),
    FB_INT("FeedbackWebhookMax", webhook_max, "N", 0, 100000, 10, VHOST,
           "Webhooks an organization may have"),
    /* Several lines add up; the default applies when there is none. */
    FB_OWN_DEFAULT(ITERATE, "FeedbackWebhookRetrySchedule",
                   fb_parse_retry_delay, FB_STORE_PTR, webhook_retry_ms,
                   "DELAY [DELAY]...", "1m 5m 30m 1h 6h 12h 24h", GLOBAL,
                   "Delays before the retries of a failed webhook "
                   "delivery"),
    FB_INT("FeedbackWebhookFailureThreshold", webhook_failure_threshold,
           "N", 1, 100000, 15, GLOBAL, "Consecutive failed attempts after "
           "which a webhook is suspended"),
    FB_OWN(TAKE1, "FeedbackSMTPServer", fb_parse_smtp_url, FB_STORE_PTR,
           smtp_url, "smtp://HOST[:PORT] | smtps://HOST[:PORT]", GLOBAL,
           "Mail server to send email through; without it, emails are "
           "marked skipped"),
    FB_OWN(TAKE1, "FeedbackMailFrom", fb_parse_mail_from, FB_STORE_PTR,
           mail_from, "ADDRESS", GLOBAL,
           "Sender address of the module's emails"),
    FB_STRING("FeedbackSMTPUser", smtp_user, "NAME", GLOBAL,
              "User name for SMTP authentication (requires TLS)"),
    FB_STRING("FeedbackSMTPPassword", smtp_password, "PASSWORD", GLOBAL,
              "Password for SMTP authentication"),
    {NULL}
};

void *fb_config_create_server(apr_pool_t *p, server_rec *s)
{
    fb_server_conf_t *conf = apr_pcalloc(p, sizeof(*conf));
    const command_rec *c;

    (void)s;
    /* Pointers and lists are unset as NULL already. */
    for (c = fb_directives; c->name != NULL; c++) {
        const fb_directive_t *d = c->cmd_data;

        if (d->store == FB_STORE_INT) {
            *(int *)fb_field(conf, d) = FB_UNSET;
        }
        else if (d->store == FB_STORE_OFF) {
            *(apr_off_t *)fb_field(conf, d) = FB_UNSET;
        }
        else if (d->store == FB_STORE_SPAN) {
            ((fb_pace_span_t *)fb_field(conf, d))->idle = FB_UNSET;
        }
    }
    return conf;
}

void *fb_config_merge_server(apr_pool_t *p, void *basev, void *addv)
{
    const fb_server_conf_t *base = basev, *add = addv;
    fb_server_conf_t *merged = apr_pcalloc(p, sizeof(*merged));
    const command_rec *c;

    for (c = fb_directives; c->name != NULL; c++) {
        const fb_directive_t *d = c->cmd_data;
        void *to = fb_field(merged, d);
        const void *from = fb_field(add, d), *under = fb_field(base, d);

        if (d->store == FB_STORE_LIST && fb_field_is_set(d, from)
            && fb_field_is_set(d, under)) {
            /* Range lists add up: a virtual host extends the main
             * server's. */
            *(apr_array_header_t **)to =
                apr_array_append(p, *(apr_array_header_t *const *)under,
                                 *(apr_array_header_t *const *)from);
        }
        else {
            memcpy(to, fb_field_is_set(d, from) ? from : under,
                   fb_store_size[d->store]);
        }
    }
    return merged;
}

const fb_server_conf_t *fb_config_get(const server_rec *s)
{
    return ap_get_module_config(s->module_config, &feedback_module);
}

const fb_fetch_options_t *fb_config_outbound(const server_rec *s)
{
    return fb_config_get(s)->outbound;
}

/*
 * Gives every unset field with a default its default, read by the
 * directive's own parser (word by word for an ITERATE directive).
 * Returns NULL, or why a default was refused: a defect of the table.
 */
static const char *fb_config_defaults(apr_pool_t *p, fb_server_conf_t *conf)
{
    const command_rec *c;

    for (c = fb_directives; c->name != NULL; c++) {
        const fb_directive_t *d = c->cmd_data;
        void *field = fb_field(conf, d);
        const char *err = NULL;
        char *words, *word, *state;

        if (d->deflt == NULL || fb_field_is_set(d, field)) {
            continue;
        }
        if (c->args_how != ITERATE) {
            err = d->parse(d, p, d->deflt, field);
        }
        else {
            words = apr_pstrdup(p, d->deflt);
            for (word = apr_strtok(words, " ", &state);
                 word != NULL && err == NULL;
                 word = apr_strtok(NULL, " ", &state)) {
                err = d->parse(d, p, word, field);
            }
        }
        if (err != NULL) {
            return err;
        }
    }
    return NULL;
}

apr_status_t fb_config_finish(apr_pool_t *p, server_rec *s)
{
    const char *generated = NULL;
    const char *err;

    for (; s != NULL; s = s->next) {
        fb_server_conf_t *conf = ap_get_module_config(s->module_config,
                                                      &feedback_module);

        if ((err = fb_config_defaults(p, conf)) != NULL) {
            ap_log_error(APLOG_MARK, APLOG_CRIT, 0, s, FBLOGNO(00003)
                         "a built-in default is refused (a defect): %s",
                         err);
            return APR_EGENERAL;
        }
        if (conf->public_url == NULL) {
            /* The server's own name: right for a single node that clients
             * reach directly, which is why the directive exists. */
            conf->public_url = s->port == 0 || s->port == 80
                ? apr_pstrcat(p, "http://", s->server_hostname, NULL)
                : apr_psprintf(p, "http://%s:%u", s->server_hostname,
                               (unsigned)s->port);
        }
        if (conf->smtp_url != NULL && conf->mail_from == NULL) {
            ap_log_error(APLOG_MARK, APLOG_CRIT, 0, s, FBLOGNO(00208)
                         "FeedbackSMTPServer needs FeedbackMailFrom, the "
                         "sender address of the emails");
            return APR_EGENERAL;
        }
        if (conf->secret == NULL) {
            if (generated == NULL) {
                unsigned char raw[32];

                if (RAND_bytes(raw, sizeof(raw)) != 1) {
                    ap_log_error(APLOG_MARK, APLOG_CRIT, 0, s, FBLOGNO(00001)
                                 "could not make a random FeedbackSecret");
                    return APR_EGENERAL;
                }
                generated = fb_hex(p, raw, sizeof(raw));
                ap_log_error(APLOG_MARK, APLOG_WARNING, 0, s, FBLOGNO(00002)
                             "FeedbackSecret is not set: using a random one "
                             "for this run; signed URLs will not survive a "
                             "restart or work across nodes");
            }
            conf->secret = generated;
        }
        conf->settings.portal_url = conf->portal_url;
        conf->settings.public_url = conf->public_url;
        conf->settings.secret = conf->secret;
    }
    return APR_SUCCESS;
}
