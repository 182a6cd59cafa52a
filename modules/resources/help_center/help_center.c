/*
 * help_center: the translations writer, URLs and locales the help
 * center's resources share (help_center.h).
 */
#include "help_center.h"

#include "apr_strings.h"
#include "http_log.h"

#include "fb_db.h"
#include "fb_log.h"

#define HC_LOCALE_NAME(locale, arg) locale,

const char *const fb_hc_locales[] = {
    HC_LOCALES(HC_LOCALE_NAME, 0) NULL
};

const fb_path_rule_t fb_hc_id_path[] = {
    {.name = "id", .format = &fb_format_short_id},
    {.name = NULL}
};

const char *fb_hc_url(fb_req_t *fr, const char *const *row,
                      const fb_hc_urls_t *urls, int external,
                      const char *locale, const char *slug)
{
    const char *portal = row[urls->portal_col];

    if (external) {
        return row[urls->domain_col] == NULL ? NULL
            : apr_pstrcat(fr->pool, "https://", row[urls->domain_col], "/",
                          locale, "/", urls->kind, "/", slug, NULL);
    }
    return apr_pstrcat(fr->pool,
                       portal != NULL ? portal : fb_req_portal_default(fr),
                       "/", row[urls->subpath_col], "/", locale, "/",
                       urls->kind, "/", slug, NULL);
}

void fb_hc_url_members(fb_req_t *fr, fb_jsonw_t *w, const char *const *row,
                       const fb_hc_urls_t *urls, const char *locale,
                       const char *slug)
{
    const char *external;

    if (slug == NULL) {
        return;
    }
    fb_jsonw_member_string(w, "featurebaseUrl",
                           fb_hc_url(fr, row, urls, 0, locale, slug));
    external = fb_hc_url(fr, row, urls, 1, locale, slug);
    if (external != NULL) {
        fb_jsonw_member_string(w, "externalUrl", external);
    }
}

apr_status_t fb_hc_translations(fb_req_t *fr, fb_jsonw_t *w,
                                const char *const *row, int locales_col,
                                const fb_hc_tr_member_t *members,
                                const fb_hc_urls_t *urls)
{
    apr_array_header_t *locales, *values[16];
    const fb_hc_tr_member_t *m;
    int i, k, slug = -1;

    if (row[locales_col] == NULL) {
        fb_jsonw_object(w);
        fb_jsonw_end(w);
        return APR_SUCCESS;
    }
    if (fb_db_array_parse(fr->pool, row[locales_col], &locales)
            != APR_SUCCESS) {
        goto bad;
    }
    for (m = members, k = 0; m->key != NULL && k < 16; m++, k++) {
        if (row[m->col] == NULL
            || fb_db_array_parse(fr->pool, row[m->col], &values[k])
               != APR_SUCCESS
            || values[k]->nelts != locales->nelts) {
            goto bad;
        }
        if (strcmp(m->key, "slug") == 0) {
            slug = k;
        }
    }
    fb_jsonw_object(w);
    for (i = 0; i < locales->nelts; i++) {
        const char *locale = APR_ARRAY_IDX(locales, i, const char *);

        fb_jsonw_key(w, locale);
        fb_jsonw_object(w);
        for (m = members, k = 0; m->key != NULL && k < 16; m++, k++) {
            const char *v = APR_ARRAY_IDX(values[k], i, const char *);

            if (v == NULL) {
                continue;
            }
            fb_jsonw_key(w, m->key);
            if (m->raw) {
                fb_jsonw_raw(w, v);
            }
            else {
                fb_jsonw_string(w, v);
            }
        }
        if (urls != NULL && slug >= 0) {
            fb_hc_url_members(fr, w, row, urls, locale,
                              APR_ARRAY_IDX(values[slug], i, const char *));
        }
        fb_jsonw_end(w);
    }
    fb_jsonw_end(w);
    return APR_SUCCESS;
bad:
    ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, fr->r, FBLOGNO(00680)
                  "help center: a row's translations are not parallel "
                  "arrays");
    return APR_EGENERAL;
}
