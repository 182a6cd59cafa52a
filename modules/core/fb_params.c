/*
 * fb_params: the start-up check of a named statement's placeholders.
 */
#include <string.h>

#include <apr_lib.h>
#include <apr_strings.h>

#include "fb_params.h"

/* The length of the SQL identifier at s (0: none). */
static apr_size_t fb_params_ident(const char *s)
{
    apr_size_t n = 0;

    if (!apr_isalpha(*s) && *s != '_') {
        return 0;
    }
    while (apr_isalnum(s[n]) || s[n] == '_') {
        n++;
    }
    return n;
}

/*
 * The name a placeholder's value is bound as: after "%s", an optional
 * "::type" (one word, "text" or "integer", with "[]" for an array; the
 * statements use no type of two words), then " AS name".  *len is the
 * name's length, 0 when the placeholder is not bound so.
 */
static const char *fb_params_binding(const char *after, apr_size_t *len)
{
    const char *s = after;
    apr_size_t n;

    *len = 0;
    if (s[0] == ':' && s[1] == ':') {
        s += 2;
        if ((n = fb_params_ident(s)) == 0) {
            return NULL;
        }
        s += n;
        if (s[0] == '[' && s[1] == ']') {
            s += 2;
        }
    }
    if (!apr_isspace(*s)) {
        return NULL;
    }
    while (apr_isspace(*s)) {
        s++;
    }
    if (strncasecmp(s, "AS", 2) != 0 || !apr_isspace(s[2])) {
        return NULL;
    }
    s += 2;
    while (apr_isspace(*s)) {
        s++;
    }
    *len = fb_params_ident(s);
    return *len > 0 ? s : NULL;
}

/* Non-zero when the placeholder at at (in sql) is a LIMIT's count. */
static int fb_params_after_limit(const char *sql, const char *at)
{
    while (at > sql && apr_isspace(at[-1])) {
        at--;
    }
    return at - sql >= 5 && strncasecmp(at - 5, "LIMIT", 5) == 0
           && (at - sql == 5 || (!apr_isalnum(at[-6]) && at[-6] != '_'));
}

/* The next name of a list "(a, b, c)" after *at; *len 0 at its end. */
static const char *fb_params_next_name(const char **at, apr_size_t *len)
{
    const char *s = *at;

    while (*s == '(' || *s == ',' || *s == ')' || apr_isspace(*s)) {
        s++;
    }
    *len = fb_params_ident(s);
    *at = s + *len;
    return s;
}

apr_status_t fb_params_check(apr_pool_t *p, const char *sql, int scoped,
                             const char *names, const char **why)
{
    const char *s, *want = names, *bound, *name;
    apr_size_t blen, nlen;
    int i = 0;

    for (s = sql; *s != '\0'; s++) {
        if (s[0] == '%' && s[1] == '%') {
            s++;
            continue;
        }
        if (s[0] != '%' || !apr_isalpha(s[1])) {
            continue;
        }
        i++;
        if (fb_params_after_limit(sql, s)) {
            bound = "limit";
            blen = 5;
        }
        else if ((bound = fb_params_binding(s + 2, &blen)) == NULL) {
            *why = apr_psprintf(p, "placeholder %d is not bound by name "
                                "(\"%%s::type AS name\")", i);
            return APR_EINVAL;
        }
        if (scoped && i == 1) {
            continue;   /* the organization's, under any name */
        }
        name = fb_params_next_name(&want, &nlen);
        if (nlen == 0 || nlen != blen || strncmp(name, bound, nlen) != 0) {
            *why = apr_psprintf(p, "placeholder %d is bound as %s, but the "
                                "argument declared there is %s", i,
                                apr_pstrmemdup(p, bound, blen),
                                nlen ? apr_pstrmemdup(p, name, nlen)
                                     : "none");
            return APR_EINVAL;
        }
    }
    name = fb_params_next_name(&want, &nlen);
    if (nlen > 0) {
        *why = apr_psprintf(p, "argument %s is declared but bound by no "
                            "placeholder", apr_pstrmemdup(p, name, nlen));
        return APR_EINVAL;
    }
    return APR_SUCCESS;
}

int fb_params_same(const char *given, const char *names)
{
    return given == names
           || (given != NULL && names != NULL && strcmp(given, names) == 0);
}
