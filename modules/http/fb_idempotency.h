/*
 * fb_idempotency: the Idempotency-Key header of POST requests.
 *
 * A POST that carries Idempotency-Key is recorded, per organization, API
 * key, method and path, with a hash of its body (sql/015).  The same key
 * with the same body within 24 hours gets the first request's answer
 * again (status and body, with the header Idempotent-Replayed: true) and
 * runs nothing; with another body, 422 idempotency_key_reused; running
 * beside a first with the key, 409 idempotency_key_in_use at its COMMIT.
 * A first request that ends in a 5xx leaves no record, so it can be
 * retried with the same key.
 *
 * The record is written by the write's own transaction, with its answer
 * when the answer is known before the COMMIT: the write and its key
 * commit together or not at all.  Two requests with one key that both
 * run meet on the record's primary key: the second waits for the first
 * to commit, finds its record, and rolls back with 409 (issue 32;
 * docs/decisions.md, "Idempotency keys").
 */
#ifndef FB_IDEMPOTENCY_H
#define FB_IDEMPOTENCY_H

#include "fb_request.h"

#define FB_IDEMPOTENCY_HEADER "Idempotency-Key"

/* The form of a key: 1 to 255 printable ASCII characters (as a field
 * value, without white space around them). */
extern const fb_field_format_t fb_idempotency_key_format;

extern const fb_statement_t *const fb_idempotency_statements[];

/*
 * Before the operation of an authenticated POST with the header, its body
 * read: answers from an earlier request with the key (*answered set: the
 * response is written, the operation must not run), or returns the error
 * to answer, or lets the operation run.  Without the header (or on
 * another method) it does nothing.
 */
fb_error_t *fb_idempotency_begin(fb_req_t *fr, int *answered);

/*
 * Inside the operation's transaction, just before its COMMIT (called by
 * fb_req_end): records the key, with the answer when it is known by then
 * (fb_write_respond captures it first), else as 'committed' for
 * fb_idempotency_finish to complete.  409 idempotency_key_in_use when a
 * concurrent request with the key was carried out first (this one must
 * then roll back); NULL otherwise, also without a key, and in a
 * request's later transactions.
 */
fb_error_t *fb_idempotency_commit(fb_req_t *fr);

/* Called by fb_req_end once that transaction has committed: the record
 * it wrote is the request's (a later transaction records nothing). */
void fb_idempotency_committed(fb_req_t *fr);

/* Called by fb_respond(): keeps the answer of a recorded request. */
void fb_idempotency_capture(fb_req_t *fr, int status, const char *json);

/* After the operation: stores its answer (err, or what was captured) for
 * later retries; nothing after a 5xx. */
void fb_idempotency_finish(fb_req_t *fr, const fb_error_t *err);

#endif
