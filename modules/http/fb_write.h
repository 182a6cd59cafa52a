/*
 * fb_write: the shape of every write handler, so that each reads as its
 * steps:
 *
 *     fb_write_t w;
 *     fb_rows_t brand;
 *
 *     fb_write_begin(&w, fr);
 *     fb_write_step(&w, fb_voter_find, &v);
 *     fb_write_select(&w, &fb_sql_voter_add,
 *                     FB_NAMED(voter_change, .post = post, .contact = contact),
 *                     &moved);
 *     fb_write_event(&w, "post.voted", json, NULL);
 *     return fb_write_respond(&w, HTTP_CREATED, answer);
 *
 * (modules/resources/posts/post_voters.c, shortened.)
 *
 * The write runs in one transaction.  Each step runs only while every
 * step before it succeeded; the first failure is kept (a database error,
 * or a rule a step found broken: fb_write_fail), the transaction rolls
 * back, and the handler returns that error.  So a write commits whole,
 * with its events and its Idempotency-Key record, or not at all, and no
 * handler checks after every statement.
 */
#ifndef FB_WRITE_H
#define FB_WRITE_H

#include "fb_audit.h"
#include "fb_request.h"

typedef struct {
    fb_req_t *fr;
    fb_error_t *err;        /* the first failure, or NULL */
    int affected;           /* the rows the last fb_write_exec changed */
} fb_write_t;

/* A step that is more than one statement; its error fails the write. */
typedef fb_error_t *(*fb_write_step_fn)(fb_req_t *fr, void *ctx);

/* Begins the write's transaction. */
void fb_write_begin(fb_write_t *w, fb_req_t *fr);

/* Non-zero while nothing has failed. */
int fb_write_ok(const fb_write_t *w);

/* Runs st (no rows); w->affected tells how many rows it changed.
 * Non-zero when it ran and succeeded. */
int fb_write_exec(fb_write_t *w, const fb_statement_t *st, fb_args_t args);

/* Runs the select st into *rows (no rows once the write has failed).
 * Non-zero when it ran and succeeded. */
int fb_write_select(fb_write_t *w, const fb_statement_t *st, fb_args_t args,
                    fb_rows_t *rows);

/* Runs step(fr, ctx) unless the write has failed; non-zero when it ran
 * and returned no error. */
int fb_write_step(fb_write_t *w, fb_write_step_fn step, void *ctx);

/* Fails the write with err (kept only if it is the first; NULL is
 * ignored). */
void fb_write_fail(fb_write_t *w, fb_error_t *err);

/* Records the event topic about item_json (with changes_json, or NULL)
 * in the write's transaction; an item that is NULL (the row it was to
 * come from is missing) fails the write. */
void fb_write_event(fb_write_t *w, const char *topic, const char *item_json,
                    const char *changes_json);

/* Names what a create made, for its audit entry (FB_AUDIT_ANSWER),
 * where the answer is read after the commit (fb_write_respond() finds
 * the answer's "id" itself). */
void fb_write_target(fb_write_t *w, const char *id);

/* Ends the transaction: commits when nothing failed, else rolls back.
 * Returns the write's error, or the commit's. */
fb_error_t *fb_write_end(fb_write_t *w);

/* fb_write_end(), then, when the write committed, answers status with
 * json. */
fb_error_t *fb_write_respond(fb_write_t *w, int status, const char *json);

#endif
