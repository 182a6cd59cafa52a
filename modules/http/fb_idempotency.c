/*
 * fb_idempotency: the Idempotency-Key header (fb_idempotency.h).
 */
#include <string.h>

#include "apr_lib.h"
#include "apr_strings.h"
#include "http_protocol.h"

#include <json.h>

#include "fb_crypto.h"
#include "fb_idempotency.h"
#include "fb_response.h"

/* The longest key accepted (printable ASCII). */
#define FB_IDEMPOTENCY_KEY_MAX 255

/* The key, (org, api key hash, method, path, key), as every statement
 * binds it first (the arguments' row, k), and the key's row in
 * idempotency_keys i. */
#define FB_IDEM_KEY_BIND(more) \
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS api_key, " \
    "  %s::text AS method, %s::text AS path, %s::text AS idem_key" \
    more ") "
#define FB_IDEM_KEY_MATCH \
    "(i.org_id, i.api_key, i.method, i.path, i.idem_key) " \
    "  = (k.org_id, k.api_key, k.method, k.path, k.idem_key)"

/* A record older than this has expired: its key runs again. */
#define FB_IDEM_EXPIRED(i) \
    "(" i ".created_at <= now() - interval '24 hours')"

/* The key's record as a request with the key finds it before its
 * operation runs (an expired one is none). */
FB_SQL_NAMED(idem_get, (api_key, method, path, idem_key),
    FB_IDEM_KEY_BIND("")
    "SELECT i.body_hash, i.state, i.status, i.response "
    "FROM idempotency_keys i, k WHERE " FB_IDEM_KEY_MATCH
    "  AND NOT " FB_IDEM_EXPIRED("i"));

/* The record, in the write's transaction (or on its own for an answer
 * that wrote nothing): 'done' with the answer, or 'committed' when the
 * answer comes after the COMMIT.  A live record of another request is
 * kept (no row: that request was carried out first; this one rolls
 * back).  An expired record is replaced, and so is a 'running' claim,
 * which only the version before this one made (sql/016): its request
 * died, or it still runs under an old child during an upgrade and then
 * finds its claim gone at its own commit and rolls back. */
FB_SQL_NAMED(idem_record,
             (api_key, method, path, idem_key, body_hash, state, status,
              response),
    FB_IDEM_KEY_BIND(", %s::text AS body_hash, %s::text AS state, "
                     "%s::integer AS status, %s::text AS response")
    "INSERT INTO idempotency_keys AS i (org_id, api_key, method, path, "
    "  idem_key, body_hash, state, status, response) "
    "SELECT k.org_id, k.api_key, k.method, k.path, k.idem_key, "
    "  k.body_hash, k.state, k.status, k.response FROM k "
    "ON CONFLICT (org_id, api_key, method, path, idem_key) DO UPDATE SET "
    "  body_hash = EXCLUDED.body_hash, state = EXCLUDED.state, "
    "  status = EXCLUDED.status, response = EXCLUDED.response, "
    "  claim = EXCLUDED.claim, claimed_at = now(), "
    "  claimed_under = EXCLUDED.claimed_under, created_at = now() "
    "WHERE " FB_IDEM_EXPIRED("i") " OR i.state = 'running'");

/* The answer of a write recorded 'committed', stored after its
 * COMMIT. */
FB_SQL_NAMED(idem_done, (api_key, method, path, idem_key, status, response),
    FB_IDEM_KEY_BIND(", %s::integer AS status, %s::text AS response")
    "UPDATE idempotency_keys i SET state = 'done', status = k.status, "
    "  response = k.response FROM k "
    "WHERE " FB_IDEM_KEY_MATCH " AND i.state = 'committed'");

/* The worker's sweep (modules/jobs/fb_jobs.c). */
FB_SQL_GLOBAL(sweep_idempotency_keys, 1,
    "DELETE FROM idempotency_keys k USING ("
    "  SELECT org_id, api_key, method, path, idem_key "
    "  FROM idempotency_keys "
    "  WHERE " FB_IDEM_EXPIRED("idempotency_keys") " "
    "  ORDER BY created_at LIMIT %d FOR UPDATE SKIP LOCKED) old "
    "WHERE (k.org_id, k.api_key, k.method, k.path, k.idem_key) "
    "  = (old.org_id, old.api_key, old.method, old.path, old.idem_key)");

const fb_statement_t *const fb_idempotency_statements[] = {
    &fb_sql_idem_get, &fb_sql_idem_record, &fb_sql_idem_done,
    &fb_sql_sweep_idempotency_keys, NULL
};

/* The key's values after the organization, by name: every statement's
 * first arguments. */
#define FB_IDEM_KEY(idem) \
    .api_key = (idem)->api_key, .method = (idem)->method, \
    .path = (idem)->path, .idem_key = (idem)->key

struct fb_idem {
    const char *api_key;        /* the key's hash (hex) */
    const char *method;
    const char *path;
    const char *key;            /* the Idempotency-Key */
    const char *body_hash;
    int status;                 /* captured by fb_respond; 0: none */
    const char *response;
    int pending;                /* the transaction running holds the
                                 * record (fb_idempotency_commit) */
    int recorded;               /* a committed transaction holds it
                                 * (fb_idempotency_committed) */
    int stored;                 /* with the answer */
};

/* A key a client may send: 1..255 printable ASCII characters. */
static int fb_idempotency_key_valid(const char *key)
{
    apr_size_t n = 0;

    for (; key[n] != '\0'; n++) {
        if (!apr_isprint(key[n]) || n >= FB_IDEMPOTENCY_KEY_MAX) {
            return 0;
        }
    }
    return n > 0;
}

/* httpd takes the white space around a field's value off, so the
 * pattern has none there. */
const fb_field_format_t fb_idempotency_key_format = {
    .valid = fb_idempotency_key_valid,
    .what = "1 to 255 printable ASCII characters",
    .pattern = "^[!-~]([ -~]{0,253}[!-~])?$",
    .min = 1, .max = FB_IDEMPOTENCY_KEY_MAX,
};

/* The SHA-256 (hex) of the body as parsed: the same JSON however it was
 * spaced. */
static const char *fb_idempotency_body_hash(fb_req_t *fr)
{
    const char *text = fr->body != NULL
        ? json_object_to_json_string_ext(fr->body, JSON_C_TO_STRING_PLAIN)
        : "";
    unsigned char digest[FB_SHA256_LEN];

    fb_sha256(text, strlen(text), digest);
    return fb_hex(fr->pool, digest, sizeof(digest));
}

fb_error_t *fb_idempotency_begin(fb_req_t *fr, int *answered)
{
    request_rec *r = fr->r;
    const char *key = apr_table_get(r->headers_in, FB_IDEMPOTENCY_HEADER);
    const char *state;
    struct fb_idem *idem;
    fb_rows_t rows;
    fb_error_t *err;

    *answered = 0;
    if (key == NULL || r->method_number != M_POST
        || (fr->op->flags & FB_OP_SECRET)) {
        return NULL;
    }
    if (!fb_idempotency_key_format.valid(key)) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                             FB_IDEMPOTENCY_HEADER, apr_pstrcat(
                                 fr->pool, "The Idempotency-Key header "
                                 "must be ", fb_idempotency_key_format.what,
                                 ".", NULL));
    }
    idem = apr_pcalloc(fr->pool, sizeof(*idem));
    idem->api_key = fb_hex(fr->pool, fr->key_hash, FB_SHA256_LEN);
    idem->method = r->method;
    idem->path = r->uri;
    idem->key = key;
    idem->body_hash = fb_idempotency_body_hash(fr);
    if ((err = fb_req_select(fr, FB_CALL(idem_get, FB_IDEM_KEY(idem)),
                             &rows)) != NULL) {
        return err;
    }
    state = rows.nrows == 1 ? fb_rows_get(&rows, 0, 1) : "running";
    if (strcmp(state, "running") == 0) {
        fr->idem = idem;            /* the first: the operation runs */
        return NULL;
    }
    if (strcmp(fb_rows_get(&rows, 0, 0), idem->body_hash) != 0) {
        return fb_error_make(fr->pool, FB_E_IDEMPOTENCY_KEY_REUSED,
                             FB_IDEMPOTENCY_HEADER, NULL);
    }
    if (strcmp(state, "committed") == 0) {
        /* Its write happened; its answer is being stored, or was lost
         * with the process or the database connection that was to
         * store it. */
        return fb_error_make(fr->pool, FB_E_IDEMPOTENCY_KEY_IN_USE,
                             FB_IDEMPOTENCY_HEADER, "The request with this "
                             "Idempotency-Key was carried out, but its "
                             "answer is not stored; it will not run "
                             "again.");
    }
    apr_table_setn(r->headers_out, "Idempotent-Replayed", "true");
    fb_respond(fr, atoi(fb_rows_get(&rows, 0, 2)), fb_rows_get(&rows, 0, 3));
    *answered = 1;
    return NULL;
}

/* Records the key with what is known of the answer; affected: 1, or 0
 * when another request's record holds the key. */
static apr_status_t fb_idempotency_record(fb_req_t *fr,
                                          const struct fb_idem *idem,
                                          fb_db_t *db, const char *state,
                                          int status, const char *response,
                                          int *affected)
{
    return fb_db_exec(db, fr->pool, &fb_sql_idem_record,
                      fr->principal.org_id,
                      FB_NAMED(idem_record, FB_IDEM_KEY(idem),
                               .body_hash = idem->body_hash,
                               .state = state,
                               .status = status != 0
                                   ? apr_itoa(fr->pool, status) : NULL,
                               .response = response),
                      affected);
}

fb_error_t *fb_idempotency_commit(fb_req_t *fr)
{
    struct fb_idem *idem = fr->idem;
    int affected = 0;

    if (idem == NULL || idem->recorded) {
        return NULL;    /* none, or recorded by the request's first
                         * transaction */
    }
    idem->pending = 0;  /* a transaction that did not commit holds none */
    /* The answer known before the COMMIT (fb_write_respond) commits with
     * the write; otherwise it is stored after it. */
    if (fb_idempotency_record(fr, idem, fr->db,
                              idem->status != 0 ? "done" : "committed",
                              idem->status, idem->response, &affected)
        != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    if (affected != 1) {
        /* A concurrent request with the key committed first: its record
         * is now visible and this write must not happen too. */
        return fb_error_make(fr->pool, FB_E_IDEMPOTENCY_KEY_IN_USE,
                             FB_IDEMPOTENCY_HEADER, "Another request with "
                             "this Idempotency-Key was carried out first; "
                             "this one was rolled back.");
    }
    idem->pending = 1;
    return NULL;
}

void fb_idempotency_committed(fb_req_t *fr)
{
    struct fb_idem *idem = fr->idem;

    if (idem != NULL && idem->pending) {
        idem->pending = 0;
        idem->recorded = 1;
        idem->stored = idem->status != 0;
    }
}

void fb_idempotency_capture(fb_req_t *fr, int status, const char *json)
{
    if (fr->idem != NULL) {
        fr->idem->status = status;
        fr->idem->response = json;
    }
}

void fb_idempotency_finish(fb_req_t *fr, const fb_error_t *err)
{
    struct fb_idem *idem = fr->idem;
    const char *response;
    fb_db_t *db;
    int status;

    if (idem == NULL) {
        return;
    }
    fr->idem = NULL;
    if (idem->stored && err == NULL) {
        return;     /* committed with the write */
    }
    status = err != NULL ? fb_error_def(err->kind)->status : idem->status;
    if (status == 0 || status >= 500 || (db = fb_req_db(fr)) == NULL) {
        /* No answer to keep.  A 5xx after the record was written
         * leaves it 'committed' if the COMMIT happened (answer lost: a
         * retry gets 409) and none if it did not (a retry runs). */
        return;
    }
    response = err != NULL ? fb_error_render(fr->pool, err) : idem->response;
    if (idem->recorded) {
        fb_db_exec(db, fr->pool, &fb_sql_idem_done, fr->principal.org_id,
                   FB_NAMED(idem_done, FB_IDEM_KEY(idem),
                            .status = apr_itoa(fr->pool, status),
                            .response = response),
                   NULL);
    }
    else {
        /* Nothing written (a 4xx, or a POST that reads): kept on its
         * own, unless a concurrent request with the key was carried
         * out. */
        fb_idempotency_record(fr, idem, db, "done", status, response,
                              NULL);
    }
}
