/*
 * fb_write: one transaction per write, steps that stop at the first
 * failure.
 */
#include "fb_audit.h"
#include "fb_events.h"
#include "fb_idempotency.h"
#include "fb_write.h"

void fb_write_begin(fb_write_t *w, fb_req_t *fr)
{
    w->fr = fr;
    w->affected = 0;
    w->err = fb_req_begin(fr);
}

int fb_write_ok(const fb_write_t *w)
{
    return w->err == NULL;
}

int fb_write_exec(fb_write_t *w, const fb_statement_t *st, fb_args_t args)
{
    w->affected = 0;
    if (w->err == NULL) {
        w->err = fb_req_exec(w->fr, st, args, &w->affected);
    }
    return w->err == NULL;
}

int fb_write_select(fb_write_t *w, const fb_statement_t *st, fb_args_t args,
                    fb_rows_t *rows)
{
    if (w->err != NULL) {
        rows->nrows = rows->ncols = 0;
        rows->cells = NULL;
        return 0;
    }
    w->err = fb_req_select(w->fr, st, args, rows);
    return w->err == NULL;
}

int fb_write_step(fb_write_t *w, fb_write_step_fn step, void *ctx)
{
    if (w->err == NULL) {
        w->err = step(w->fr, ctx);
    }
    return w->err == NULL;
}

void fb_write_fail(fb_write_t *w, fb_error_t *err)
{
    if (w->err == NULL) {
        w->err = err;
    }
}

void fb_write_event(fb_write_t *w, const char *topic, const char *item_json,
                    const char *changes_json)
{
    fb_req_t *fr = w->fr;

    if (w->err != NULL) {
        return;
    }
    if (item_json == NULL
        || fb_event_record(fr->db, fr->pool, fr->principal.org_id, topic,
                           item_json, changes_json) != APR_SUCCESS) {
        w->err = fb_req_db_failed(fr);
    }
}

fb_error_t *fb_write_end(fb_write_t *w)
{
    if (w->fr->db == NULL || !w->fr->db->tx) {
        return w->err;      /* BEGIN itself failed: nothing to end */
    }
    return fb_req_end(w->fr, w->err);
}

void fb_write_target(fb_write_t *w, const char *id)
{
    w->fr->audit_target = id;
}

fb_error_t *fb_write_respond(fb_write_t *w, int status, const char *json)
{
    fb_error_t *err;

    fb_audit_answer(w->fr, json);
    /* An Idempotency-Key's answer commits with the write (fb_idempotency
     * _commit) instead of in a transaction of its own after it. */
    if (w->err == NULL) {
        fb_idempotency_capture(w->fr, status, json);
    }
    err = fb_write_end(w);

    if (err == NULL) {
        fb_respond(w->fr, status, json);
    }
    return err;
}
