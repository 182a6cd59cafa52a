/*
 * fb_manage: the create, update and delete handlers every managed
 * resource shares (fb_manage.h).
 */
#include "apr_strings.h"

#include "fb_events.h"
#include "fb_json.h"
#include "fb_manage.h"
#include "fb_owner.h"

/* Fails w with kind when a check's rows found something: the text of
 * the first row's rule (rows (rule, value), or with_param (param, rule,
 * value), naming param). */
static void fb_manage_refuse(fb_write_t *w, const fb_manage_t *m,
                             const fb_rows_t *rows, fb_error_e kind,
                             int with_param)
{
    const char *param, *text;

    if (!fb_write_ok(w) || rows->nrows == 0) {
        return;
    }
    param = with_param ? fb_rows_get(rows, 0, 0) : NULL;
    text = fb_rule_text(w->fr, m->messages, rows, with_param ? 1 : 0,
                        param);
    fb_write_fail(w, text != NULL
        ? fb_error_make(w->fr->pool, kind, param, text)
        : fb_error_make(w->fr->pool, FB_E_INTERNAL, NULL, NULL));
}

/* The checks and preparation create and update share, after the lock. */
static void fb_manage_prepare(fb_write_t *w, const fb_manage_t *m,
                              const char *id, const char *body)
{
    fb_args_t args = FB_NAMED(manage, .id = id, .b = body);
    fb_rows_t rows;

    if (m->refs != NULL && fb_write_select(w, m->refs, args, &rows)) {
        fb_manage_refuse(w, m, &rows, FB_E_INVALID_PARAMETER, 1);
    }
    if (m->conflicts != NULL
        && fb_write_select(w, m->conflicts, args, &rows)) {
        fb_manage_refuse(w, m, &rows, FB_E_RESOURCE_CONFLICT, 0);
    }
    if (m->before != NULL) {
        fb_write_exec(w, m->before, args);
    }
}

/* What only an Owner may do, for the body on id (fb_owner.h). */
static void fb_manage_owners(fb_write_t *w, const fb_manage_t *m,
                             const char *id, const char *body)
{
    if (m->owners != NULL) {
        fb_owner_check(w, m->owners, FB_NAMED(manage, .id = id, .b = body),
                       m->owners_unseen ? &m->res->not_found : NULL);
    }
}

/* Waits for the organization's other writes of the resource. */
static void fb_manage_serialize(fb_write_t *w, const fb_manage_t *m)
{
    if (m->serialize != NULL) {
        fb_write_exec(w, m->serialize, FB_NO_ARGS);
    }
}

/* Locks the row id with lock (the manage's lock or lock_change); its
 * absence fails w with the resource's 404. */
static void fb_manage_lock(fb_write_t *w, const fb_manage_t *m,
                           const fb_statement_t *lock, const char *id)
{
    fb_rows_t rows;

    if (fb_write_select(w, lock, FB_ARGS(id), &rows) && rows.nrows == 0) {
        fb_write_fail(w, fb_error_make(w->fr->pool, m->res->not_found, "id",
                                       NULL));
    }
}

/* The JSON of id as the write sees it (the resource's GET), with the
 * secret member added when there is one. */
static const char *fb_manage_answer(fb_write_t *w, const fb_manage_t *m,
                                    const char *id, const char *secret)
{
    const char *json;
    json_object *obj;
    fb_rows_t rows;

    if (!fb_write_select(w, m->res->get,
                         fb_resource_get_args(w->fr, m->res, id), &rows)) {
        return NULL;
    }
    if (rows.nrows == 0) {
        fb_write_fail(w, fb_error_make(w->fr->pool, m->res->not_found,
                                       "id", NULL));
        return NULL;
    }
    if ((json = fb_resource_json(w->fr, m->res, &rows, 0)) == NULL) {
        fb_write_fail(w, fb_error_make(w->fr->pool, FB_E_INTERNAL, NULL,
                                       NULL));
        return NULL;
    }
    if (secret == NULL) {
        return json;
    }
    obj = fb_json_owned(w->fr->pool, json_tokener_parse(json));
    json_object_object_add(obj, m->secret, json_object_new_string(secret));
    return fb_json_text(w->fr->pool, obj);
}

/* Records topic (when the resource has events) about the object json,
 * unless the write has failed. */
static void fb_manage_event(fb_write_t *w, const char *topic,
                            const char *json)
{
    if (topic != NULL && fb_write_ok(w)) {
        fb_write_event(w, topic, json, NULL);
    }
}

fb_error_t *fb_manage_create(fb_req_t *fr)
{
    const fb_manage_t *m = fr->op->data;
    const char *body, *json = NULL;
    fb_rows_t made;
    fb_write_t w;
    fb_error_t *err;

    if (m->check != NULL && (err = m->check(fr, fr->body, NULL)) != NULL) {
        return err;
    }
    body = fb_json_text(fr->pool, fr->body);
    fb_write_begin(&w, fr);
    fb_manage_serialize(&w, m);
    fb_manage_owners(&w, m, NULL, body);
    fb_manage_prepare(&w, m, NULL, body);
    if (fb_write_select(&w, m->insert, FB_ARGS(body), &made)) {
        json = fb_manage_answer(&w, m, fb_rows_get(&made, 0, 0),
                                m->secret ? fb_rows_get(&made, 0, 1)
                                          : NULL);
        fb_manage_event(&w, m->created_topic, json);
    }
    return fb_write_respond(&w, m->created_status ? m->created_status
                                                  : HTTP_CREATED, json);
}

fb_error_t *fb_manage_update(fb_req_t *fr)
{
    const fb_manage_t *m = fr->op->data;
    const char *id, *body, *json = NULL;
    fb_write_t w;
    fb_error_t *err;

    if ((err = fb_resource_id(fr, &id)) != NULL
        || (m->check != NULL && (err = m->check(fr, fr->body, id)) != NULL)) {
        return err;
    }
    body = fb_json_text(fr->pool, fr->body);
    fb_write_begin(&w, fr);
    fb_manage_serialize(&w, m);
    fb_manage_lock(&w, m, m->lock_change != NULL ? m->lock_change
                                                 : m->lock, id);
    fb_manage_owners(&w, m, id, body);
    fb_manage_prepare(&w, m, id, body);
    if (fb_write_exec(&w, m->update, FB_NAMED(manage, .id = id, .b = body))) {
        json = fb_manage_answer(&w, m, id, NULL);
        fb_manage_event(&w, m->updated_topic, json);
    }
    return fb_write_respond(&w, HTTP_OK, json);
}

fb_error_t *fb_manage_delete(fb_req_t *fr)
{
    const fb_manage_t *m = fr->op->data;
    const char *id;
    fb_rows_t rows;
    fb_write_t w;
    fb_error_t *err;

    if ((err = fb_resource_id(fr, &id)) != NULL) {
        return err;
    }
    fb_write_begin(&w, fr);
    fb_manage_serialize(&w, m);
    fb_manage_lock(&w, m, m->lock, id);
    fb_manage_owners(&w, m, id, NULL);
    if (m->in_use != NULL
        && fb_write_select(&w, m->in_use, FB_ARGS(id), &rows)) {
        fb_manage_refuse(&w, m, &rows, FB_E_RESOURCE_IN_USE, 0);
    }
    if (m->deleted_topic != NULL) {
        fb_manage_event(&w, m->deleted_topic,
                        fb_manage_answer(&w, m, id, NULL));
    }
    if (m->before_remove != NULL) {
        fb_write_step(&w, m->before_remove, (void *)id);
    }
    fb_write_exec(&w, m->remove, FB_ARGS(id));
    return fb_write_respond(&w, HTTP_OK,
                            fb_resource_deleted(fr->pool, id, m->object));
}

/* The changes of a moved row: [{"field" : f, "oldValue" : ..., "newValue"
 * : ...}], as json_build_array(json_build_object(...)) wrote them. */
static const char *fb_manage_move_changes(fb_req_t *fr,
                                          const fb_manage_move_t *how,
                                          const char *const *row)
{
    fb_jsonw_t w;

    fb_jsonw_init(&w, fr->pool, 512);
    fb_jsonw_array(&w);
    fb_jsonw_object(&w);
    fb_jsonw_key(&w, "field");
    fb_jsonw_string(&w, how->field);
    fb_jsonw_key(&w, "oldValue");
    if (fb_rj_object(fr, &w, how->value, row + how->old_col)
        != APR_SUCCESS) {
        return NULL;
    }
    fb_jsonw_key(&w, "newValue");
    if (fb_rj_object(fr, &w, how->value, row + how->new_col)
        != APR_SUCCESS) {
        return NULL;
    }
    fb_jsonw_end(&w);
    fb_jsonw_end(&w);
    return fb_jsonw_text(&w, NULL);
}

fb_error_t *fb_manage_move(fb_req_t *fr, const fb_statement_t *move,
                           fb_args_t args, const char *topic,
                           const fb_manage_move_t *how)
{
    fb_rows_t moved;
    fb_error_t *err;
    int i;

    err = fb_req_select(fr, move, args, &moved);
    if (err == NULL && how->prepare != NULL) {
        err = how->prepare(fr, &moved);
    }
    for (i = 0; err == NULL && i < moved.nrows; i++) {
        const char *const *row = moved.cells + i * moved.ncols;
        const char *item = how->render(fr, row);
        const char *changes = item != NULL
                              ? fb_manage_move_changes(fr, how, row) : NULL;

        if (changes == NULL) {
            err = fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
        }
        else if (fb_event_record(fr->db, fr->pool, fr->principal.org_id,
                                 topic, item, changes) != APR_SUCCESS) {
            err = fb_req_db_failed(fr);
        }
    }
    return err;
}

fb_error_t *fb_manage_moved(fb_req_t *fr, const fb_resource_t *res,
                            const fb_rows_t *ids, const char *topic)
{
    fb_rows_t rows;
    fb_error_t *err;
    const char *json;
    int i;

    for (i = 0; i < ids->nrows; i++) {
        err = fb_req_select(fr, res->get,
                            fb_resource_get_args(fr, res,
                                                 fb_rows_get(ids, i, 0)),
                            &rows);
        if (err != NULL) {
            return err;
        }
        if (rows.nrows == 0) {
            continue;               /* not readable as itself: no event */
        }
        if ((json = fb_resource_json(fr, res, &rows, 0)) == NULL) {
            return fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
        }
        if (fb_event_record(fr->db, fr->pool, fr->principal.org_id, topic,
                            json, NULL) != APR_SUCCESS) {
            return fb_req_db_failed(fr);
        }
    }
    return NULL;
}
