/*
 * fb_rowjson: objects written from rows, member by member.
 */
#include "fb_rowjson.h"

#include "http_log.h"

#include "fb_db.h"
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

apr_status_t fb_rj_members(fb_req_t *fr, fb_jsonw_t *w,
                           const fb_rj_member_t *members,
                           const char *const *row)
{
    const fb_rj_member_t *m;
    apr_status_t rv = APR_SUCCESS;

    for (m = members; m->key != NULL && rv == APR_SUCCESS; m++) {
        if (m->kind == FB_RJ_OPTIONAL && row[m->col] == NULL) {
            continue;
        }
        fb_jsonw_key(w, m->key);
        switch (m->kind) {
        case FB_RJ_CONST:
            fb_jsonw_raw(w, m->text);
            break;
        case FB_RJ_STRING:
        case FB_RJ_OPTIONAL:
            if (m->fn != NULL) {
                rv = m->fn(fr, w, row);
                break;
            }
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
        case FB_RJ_OBJECT:
            rv = fb_rj_object(fr, w, m->members, row);
            break;
        case FB_RJ_AUTHOR:
            fb_rj_author(w, m->author, row);
            break;
        case FB_RJ_FN:
            rv = m->fn(fr, w, row);
            break;
        }
    }
    return rv;
}

apr_status_t fb_rj_object(fb_req_t *fr, fb_jsonw_t *w,
                          const fb_rj_member_t *members,
                          const char *const *row)
{
    apr_status_t rv;

    fb_jsonw_object(w);
    rv = fb_rj_members(fr, w, members, row);
    fb_jsonw_end(w);
    return rv;
}

const char *fb_rj_json(fb_req_t *fr, const fb_rj_member_t *members,
                       const char *const *row, apr_size_t size)
{
    fb_jsonw_t w;

    fb_jsonw_init(&w, fr->pool, size);
    return fb_rj_object(fr, &w, members, row) == APR_SUCCESS
           ? fb_jsonw_text(&w, NULL) : NULL;
}

const char *fb_rj_page(fb_req_t *fr, const fb_rj_member_t *members,
                       const fb_rows_t *rows, int n, apr_size_t size)
{
    fb_jsonw_t w;
    int i;

    fb_jsonw_init(&w, fr->pool, (apr_size_t)n * size + 2);
    fb_jsonw_restart(&w, '[');
    for (i = 0; i < n; i++) {
        if (i > 0) {
            fb_jsonw_restart(&w, ',');
        }
        if (fb_rj_object(fr, &w, members, rows->cells + i * rows->ncols)
            != APR_SUCCESS) {
            return NULL;
        }
    }
    fb_jsonw_restart(&w, ']');
    return fb_jsonw_text(&w, NULL);
}

apr_status_t fb_rj_strings(fb_req_t *fr, fb_jsonw_t *w, const char *text,
                           int compact)
{
    apr_array_header_t *items;
    fb_jsonw_t list;
    int i;

    if (text == NULL) {
        fb_jsonw_raw(w, NULL);
        return APR_SUCCESS;
    }
    if (fb_db_array_parse(fr->pool, text, &items) != APR_SUCCESS) {
        ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, fr->r, FBLOGNO(00560)
                      "an array of strings came as '%s'", text);
        return APR_EGENERAL;
    }
    if (!compact) {
        fb_jsonw_array(w);
        for (i = 0; i < items->nelts; i++) {
            fb_jsonw_string(w, APR_ARRAY_IDX(items, i, const char *));
        }
        fb_jsonw_end(w);
        return APR_SUCCESS;
    }
    /* Each string written afresh after its comma, as fb_rj_page joins
     * objects, and the list then as one value of w. */
    fb_jsonw_init(&list, fr->pool, 64);
    fb_jsonw_restart(&list, '[');
    for (i = 0; i < items->nelts; i++) {
        if (i > 0) {
            fb_jsonw_restart(&list, ',');
        }
        fb_jsonw_string(&list, APR_ARRAY_IDX(items, i, const char *));
    }
    fb_jsonw_restart(&list, ']');
    fb_jsonw_raw(w, fb_jsonw_text(&list, NULL));
    return APR_SUCCESS;
}

/* A person's columns from first: id, name, [email,] picture. */
static void fb_rj_person(fb_jsonw_t *w, const char *const *row, int first,
                         int with_email, const char *type)
{
    int col = first;

    fb_jsonw_object(w);
    fb_jsonw_key(w, "id");
    fb_jsonw_string(w, row[col++]);
    fb_jsonw_key(w, "name");
    fb_jsonw_string(w, row[col++]);
    if (with_email) {
        fb_jsonw_key(w, "email");
        fb_jsonw_string(w, row[col++]);
    }
    fb_jsonw_key(w, "profilePicture");
    fb_jsonw_string(w, row[col++]);
    fb_jsonw_key(w, "type");
    fb_jsonw_string(w, type != NULL ? type : row[col]);
    fb_jsonw_end(w);
}

void fb_rj_author(fb_jsonw_t *w, const fb_rj_author_t *a,
                  const char *const *row)
{
    if (row[a->contact_id] != NULL && row[a->contact] != NULL) {
        fb_rj_person(w, row, a->contact, a->with_email, NULL);
    }
    else if (row[a->contact_id] == NULL && row[a->admin_id] != NULL
             && row[a->admin] != NULL) {
        fb_rj_person(w, row, a->admin, a->with_email, "admin");
    }
    else {
        fb_jsonw_raw(w, NULL);
    }
}
