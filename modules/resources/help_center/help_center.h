/*
 * help_center: what the help center's files share (sql/038,
 * docs/decisions.md "The help center"): the reference's 42 locales, the
 * translations object every resource of the family writes from parallel
 * arrays of its translation rows, and the public URLs of a slug.
 */
#ifndef HELP_CENTER_H
#define HELP_CENTER_H

#include "fb_resource.h"

/* X(locale, arg) for each of the reference's locales, in its order (the
 * same list as sql/038's fb_hc_locales()). */
#define HC_LOCALES(X, arg) \
    X("bn", arg) X("bs", arg) X("pt-BR", arg) X("bg", arg) X("ca", arg) \
    X("hr", arg) X("cs", arg) X("da", arg) X("nl", arg) X("en", arg) \
    X("et", arg) X("fi", arg) X("fr", arg) X("de", arg) X("el", arg) \
    X("hi", arg) X("hu", arg) X("id", arg) X("it", arg) X("ja", arg) \
    X("ko", arg) X("lv", arg) X("lt", arg) X("ms", arg) X("mn", arg) \
    X("nb", arg) X("pl", arg) X("pt", arg) X("ro", arg) X("ru", arg) \
    X("sr", arg) X("zh-CN", arg) X("sk", arg) X("sl", arg) X("es", arg) \
    X("sw", arg) X("sv", arg) X("th", arg) X("zh-TW", arg) X("tr", arg) \
    X("uk", arg) X("vi", arg)

/* The field rule of one locale's member of a translations object whose
 * members have rules; HC_LOCALES(HC_LOCALE_RULE, rules). */
#define HC_LOCALE_RULE(locale, rules) \
    {.name = (locale), .type = FB_FIELD_OBJECT, .fields = (rules)},

/* A CTE `offered` of a write that gives an object texts in locales
 * (SQL of a text[] over the CTE tx): its help center h (a CTE with org_id
 * and id) offers them from then on (availableLocales, which search and
 * the public pages go by). */
#define HC_OFFER(locales) \
    "offered AS (UPDATE help_centers y SET available_locales = ARRAY(" \
    "  SELECT DISTINCT l FROM unnest(y.available_locales || " locales \
    "  ) l ORDER BY l), updated_at = now() FROM h " \
    "  WHERE y.org_id = h.org_id AND y.id = h.id " \
    "  AND NOT y.available_locales @> " locales ") "

/* The locales, NULL-terminated: the choices of a locale field. */
extern const char *const fb_hc_locales[];

/* Seconds of the cursor key (created_at) of the family's lists, and
 * its form (fb_ts_key's microseconds). */
#define HC_KEY(alias) "fb_ts_key(" alias ".created_at)"

/*
 * A member of a translation, written from the column col of the row: a
 * PostgreSQL array with one element per translation, in the order of the
 * locales' array.  raw: the elements are JSON texts (numbers, jsonb);
 * else strings.  A NULL element leaves the member out.
 */
typedef struct {
    const char *key;        /* NULL ends a table */
    int col;
    int raw;
} fb_hc_tr_member_t;

/* Where a translation's public URLs come from: the row's columns of the
 * organization's portal URL, the help center's subpath and external
 * domain, and the kind in the path ("articles", "collections"); the
 * slug is the translation member named "slug". */
typedef struct {
    int portal_col;
    int subpath_col;
    int domain_col;
    const char *kind;
} fb_hc_urls_t;

/*
 * Writes the translations object {locale: {member: value, ...}, ...}:
 * one member per element of the locales array at locales_col, each with
 * members, and with urls (or NULL) featurebaseUrl and externalUrl (the
 * latter only when the help center has an external domain).
 */
apr_status_t fb_hc_translations(fb_req_t *fr, fb_jsonw_t *w,
                                const char *const *row, int locales_col,
                                const fb_hc_tr_member_t *members,
                                const fb_hc_urls_t *urls);

/* The public URL of slug in locale: on the portal (external 0) or on
 * the external domain (1; NULL when the help center has none). */
const char *fb_hc_url(fb_req_t *fr, const char *const *row,
                      const fb_hc_urls_t *urls, int external,
                      const char *locale, const char *slug);

/* Writes the members featurebaseUrl and externalUrl (when there is an
 * external domain) of the row's slug in locale. */
void fb_hc_url_members(fb_req_t *fr, fb_jsonw_t *w, const char *const *row,
                       const fb_hc_urls_t *urls, const char *locale,
                       const char *slug);

/* The path rules of the family's operations on {id}: a short id. */
extern const fb_path_rule_t fb_hc_id_path[];

#endif
