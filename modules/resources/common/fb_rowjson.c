/*
 * fb_rowjson: objects written from rows, member by member.
 */
#include "fb_rowjson.h"

#include "http_log.h"

#include "fb_log.h"

apr_status_t fb_rj_time(fb_req_t *fr, fb_jsonw_t *w, const char *ts)
{
    if (fb_jsonw_pg_time(w, ts)) {
        return APR_SUCCESS;
    }
    /* The statements select "... AT TIME ZONE 'UTC'", whose text is ISO
     * unless the database's DateStyle was changed from its default. */
    ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, fr->r, FBLOGNO(00481)
                  "a timestamp came as '%s', not as ISO text "
                  "(DateStyle must be ISO)", ts);
    return APR_EGENERAL;
}

apr_status_t fb_rj_object(fb_req_t *fr, fb_jsonw_t *w,
                          const fb_rj_member_t *members,
                          const char *const *row)
{
    const fb_rj_member_t *m;
    apr_status_t rv = APR_SUCCESS;

    fb_jsonw_object(w);
    for (m = members; m->key != NULL && rv == APR_SUCCESS; m++) {
        fb_jsonw_key(w, m->key);
        switch (m->kind) {
        case FB_RJ_CONST:
            fb_jsonw_raw(w, m->text);
            break;
        case FB_RJ_STRING:
            fb_jsonw_string(w, row[m->col]);
            break;
        case FB_RJ_RAW:
            fb_jsonw_raw(w, row[m->col]);
            break;
        case FB_RJ_BOOL:
            fb_jsonw_pg_bool(w, row[m->col]);
            break;
        case FB_RJ_TIME:
            rv = fb_rj_time(fr, w, row[m->col]);
            break;
        case FB_RJ_FN:
            rv = m->fn(fr, w, row);
            break;
        }
    }
    fb_jsonw_end(w);
    return rv;
}
