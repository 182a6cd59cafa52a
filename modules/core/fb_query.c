/*
 * fb_query: parsing and rule checks for query strings.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <apr_escape.h>
#include <apr_strings.h>

#include "fb_query.h"
#include "fb_utf8.h"

/* The decoded text of s (a name or a value of the query) in *out, or
 * the error saying what keeps it from being one: an escape that is not
 * one, or one of a NUL character, which no parameter takes. */
static fb_error_t *fb_query_decode(apr_pool_t *p, const char *s,
                                   const char **out)
{
    apr_size_t len = 0;
    apr_status_t rv = apr_unescape_url(NULL, s, APR_ESCAPE_STRING, NULL,
                                       NULL, 1, &len);
    char *decoded;

    if (rv == APR_EINVAL) {
        return fb_error_make(p, FB_E_INVALID_REQUEST, NULL,
                             "The query string has a malformed escape.");
    }
    if (rv == APR_BADCH) {
        return fb_error_make(p, FB_E_INVALID_REQUEST, NULL,
                             "The query string holds a NUL character "
                             "(%00): NUL characters are not accepted.");
    }
    if (rv == APR_NOTFOUND) {
        *out = s;
        return NULL;
    }
    decoded = apr_palloc(p, len + 1);
    if (apr_unescape_url(decoded, s, APR_ESCAPE_STRING, NULL, NULL, 1,
                         NULL) != APR_SUCCESS) {
        return fb_error_make(p, FB_E_INVALID_REQUEST, NULL,
                             "The query string has a malformed escape.");
    }
    *out = decoded;
    return NULL;
}

fb_error_t *fb_query_parse(apr_pool_t *p, const char *args, fb_query_t *out)
{
    char *copy, *pair, *state = NULL;

    out->values = apr_table_make(p, 8);
    if (args == NULL || *args == '\0') {
        return NULL;
    }
    copy = apr_pstrdup(p, args);
    for (pair = apr_strtok(copy, "&", &state); pair != NULL;
         pair = apr_strtok(NULL, "&", &state)) {
        char *eq = strchr(pair, '=');
        const char *name, *value;
        fb_error_t *err;
        apr_size_t nlen;

        if (eq != NULL) {
            *eq = '\0';
        }
        if ((err = fb_query_decode(p, pair, &name)) != NULL
            || (err = fb_query_decode(p, eq ? eq + 1 : "", &value))
               != NULL) {
            return err;
        }
        if (!fb_utf8_valid(name, strlen(name))
            || !fb_utf8_valid(value, strlen(value))) {
            return fb_error_make(p, FB_E_INVALID_REQUEST, NULL,
                                 "The query string is not valid UTF-8.");
        }
        nlen = strlen(name);
        if (nlen > 2 && strcmp(name + nlen - 2, "[]") == 0) {
            name = apr_pstrmemdup(p, name, nlen - 2);
        }
        if (*name != '\0') {
            apr_table_addn(out->values, name, value);
        }
    }
    return NULL;
}

static const fb_query_rule_t *fb_query_rule(const fb_query_rule_t *rules,
                                            const char *name)
{
    for (; rules != NULL && rules->name != NULL; rules++) {
        if (strcmp(rules->name, name) == 0) {
            return rules;
        }
    }
    return NULL;
}

/* Parses a plain decimal integer: an optional minus sign and digits,
 * nothing else (no spaces, no plus sign). */
static int fb_query_parse_long(const char *s, long *out)
{
    char *end;
    const char *digits = *s == '-' ? s + 1 : s;

    if (*digits < '0' || *digits > '9') {
        return 0;
    }
    errno = 0;
    *out = strtol(s, &end, 10);
    return errno == 0 && *end == '\0';
}

static int fb_query_in(const char *const *choices, const char *s)
{
    for (; choices != NULL && *choices != NULL; choices++) {
        if (strcmp(*choices, s) == 0) {
            return 1;
        }
    }
    return 0;
}

/* rule's choices, as a reader sees them. */
static const char *fb_query_choices(apr_pool_t *p,
                                    const fb_query_rule_t *rule)
{
    const char *const *c;
    const char *list = NULL;

    for (c = rule->choices; *c != NULL; c++) {
        list = list ? apr_pstrcat(p, list, ", ", *c, NULL) : *c;
    }
    return list;
}

/* What is wrong with one value under rule, or NULL. */
static const char *fb_query_value_problem(apr_pool_t *p,
                                          const fb_query_rule_t *rule,
                                          const char *value)
{
    long n;
    apr_size_t len = fb_utf8_length(value);

    switch (rule->type) {
    case FB_Q_INT:
        if (!fb_query_parse_long(value, &n) || n < rule->min
            || n > rule->max) {
            return apr_psprintf(p, "must be an integer from %ld to %ld",
                                rule->min, rule->max);
        }
        return NULL;
    case FB_Q_BOOL:
        if (strcmp(value, "true") != 0 && strcmp(value, "false") != 0) {
            return "must be true or false";
        }
        return NULL;
    case FB_Q_ENUM:
        return fb_query_in(rule->choices, value)
               ? NULL : apr_pstrcat(p, "must be one of: ",
                                    fb_query_choices(p, rule), NULL);
    case FB_Q_STRING:
    case FB_Q_LIST:
        if ((long)len < rule->min || (long)len > rule->max) {
            return apr_psprintf(p, "must have from %ld to %ld characters",
                                rule->min, rule->max);
        }
        if (rule->format != NULL && !rule->format->valid(value)) {
            return apr_pstrcat(p, rule->type == FB_Q_LIST
                                  ? "must hold values each " : "must be ",
                               rule->format->what, NULL);
        }
        if (rule->type == FB_Q_LIST && rule->choices != NULL
            && !fb_query_in(rule->choices, value)) {
            return apr_pstrcat(p, "may only hold: ",
                               fb_query_choices(p, rule), NULL);
        }
        return NULL;
    }
    return "is not valid";
}

typedef struct {
    apr_pool_t *pool;
    const fb_query_rule_t *rules;
    apr_table_t *seen;
    fb_error_t *err;
} fb_query_check_ctx_t;

static void fb_query_fail(fb_query_check_ctx_t *ctx, fb_error_e kind,
                          const char *name, const char *message)
{
    if (ctx->err == NULL) {
        ctx->err = fb_error_make(ctx->pool, kind, name, message);
    }
    fb_error_add_detail(ctx->pool, ctx->err,
                        apr_pstrcat(ctx->pool, "query.", name, NULL),
                        message);
}

static int fb_query_check_one(void *data, const char *name,
                              const char *value)
{
    fb_query_check_ctx_t *ctx = data;
    const fb_query_rule_t *rule = fb_query_rule(ctx->rules, name);
    apr_pool_t *p = ctx->pool;
    const char *problem;

    if (rule == NULL) {
        fb_query_fail(ctx, FB_E_PARAMETER_NOT_SUPPORTED, name,
                      apr_psprintf(p, "The query parameter '%s' is not "
                                   "supported.", name));
        return 1;
    }
    if (rule->type != FB_Q_LIST) {
        if (apr_table_get(ctx->seen, name) != NULL) {
            fb_query_fail(ctx, FB_E_INVALID_PARAMETER, name,
                          apr_psprintf(p, "'%s' may be given only once.",
                                       name));
            return 1;
        }
        apr_table_setn(ctx->seen, name, "1");
        problem = fb_query_value_problem(p, rule, value);
    }
    else {
        /* Each comma-separated item must satisfy the rule, empty ones
         * too: "boardId=" or "tags=a,,b" is a filter that names nothing,
         * refused rather than read as no filter. */
        const char *item = value;

        do {
            const char *comma = strchr(item, ',');
            apr_size_t len = comma ? (apr_size_t)(comma - item)
                                   : strlen(item);

            problem = fb_query_value_problem(p, rule,
                                             apr_pstrmemdup(p, item, len));
            item = comma ? comma + 1 : NULL;
        } while (item != NULL && problem == NULL);
    }
    if (problem != NULL) {
        fb_query_fail(ctx, FB_E_INVALID_PARAMETER, name,
                      apr_psprintf(p, "'%s' %s.", name, problem));
    }
    return 1;
}

fb_error_t *fb_query_check(apr_pool_t *p, const fb_query_t *q,
                           const fb_query_rule_t *rules)
{
    fb_query_check_ctx_t ctx = {p, rules, apr_table_make(p, 4), NULL};

    const fb_query_rule_t *rule;

    apr_table_do(fb_query_check_one, &ctx, q->values, NULL);
    for (rule = rules; rule != NULL && rule->name != NULL; rule++) {
        if ((rule->flags & FB_Q_REQUIRED)
            && apr_table_get(q->values, rule->name) == NULL) {
            fb_query_fail(&ctx, FB_E_MISSING_PARAMETER, rule->name,
                          apr_psprintf(p, "'%s' is required.", rule->name));
        }
    }
    return ctx.err;
}

const char *fb_query_value(const fb_query_t *q, const fb_query_rule_t *rules,
                           const char *name)
{
    const char *v = fb_query_get(q, name);
    const fb_query_rule_t *rule;

    if (v == NULL && (rule = fb_query_rule(rules, name)) != NULL) {
        v = rule->dflt;
    }
    return v;
}

const char *fb_query_get(const fb_query_t *q, const char *name)
{
    return apr_table_get(q->values, name);
}

long fb_query_int(const fb_query_t *q, const char *name, long def)
{
    const char *v = fb_query_get(q, name);
    long n;

    return (v != NULL && fb_query_parse_long(v, &n)) ? n : def;
}

int fb_query_bool(const fb_query_t *q, const char *name, int def)
{
    const char *v = fb_query_get(q, name);

    return v == NULL ? def : strcmp(v, "true") == 0;
}

typedef struct {
    apr_pool_t *pool;
    apr_array_header_t *items;
} fb_query_list_ctx_t;

static int fb_query_list_one(void *data, const char *name, const char *value)
{
    fb_query_list_ctx_t *ctx = data;
    char *copy = apr_pstrdup(ctx->pool, value), *state = NULL, *item;

    (void)name;
    for (item = apr_strtok(copy, ",", &state); item != NULL;
         item = apr_strtok(NULL, ",", &state)) {
        APR_ARRAY_PUSH(ctx->items, const char *) = item;
    }
    return 1;
}

apr_array_header_t *fb_query_list(apr_pool_t *p, const fb_query_t *q,
                                  const char *name)
{
    fb_query_list_ctx_t ctx = {p, apr_array_make(p, 4, sizeof(char *))};

    apr_table_do(fb_query_list_one, &ctx, q->values, name, NULL);
    return ctx.items;
}
