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

/* How long a 'running' claim may go without committing before a retry
 * with the same body may take it over: a request that died (its child
 * killed) must not block its key for long.  One still running then is
 * not harmed, only superseded: its commit finds another claim and rolls
 * back (fb_idempotency_commit).  A claim made under another PostgreSQL
 * server than the one running now (restarted after a crash, or a standby
 * promoted in its place: claimed_under, the postmaster's start time) is
 * taken over at once: its request's connection died with that server,
 * so it can no longer commit. */
#define FB_IDEM_LEASE "interval '10 seconds'"

/* A new record; or one armed again: expired, or a claim whose request
 * died before committing.  No row: another request has the key. */
FB_SQL_NAMED(idem_claim, (api_key, method, path, idem_key, body_hash),
    FB_IDEM_KEY_BIND(", %s::text AS body_hash")
    "INSERT INTO idempotency_keys AS i (org_id, api_key, method, path, "
    "  idem_key, body_hash) "
    "SELECT k.org_id, k.api_key, k.method, k.path, k.idem_key, "
    "  k.body_hash FROM k "
    "ON CONFLICT (org_id, api_key, method, path, idem_key) DO UPDATE SET "
    "  body_hash = EXCLUDED.body_hash, state = 'running', status = NULL, "
    "  response = NULL, claim = EXCLUDED.claim, claimed_at = now(), "
    "  claimed_under = EXCLUDED.claimed_under, "
    "  created_at = CASE WHEN i.created_at <= now() - interval '24 hours' "
    "    THEN now() ELSE i.created_at END "
    "WHERE i.created_at <= now() - interval '24 hours' "
    "  OR (i.state = 'running' AND i.body_hash = EXCLUDED.body_hash "
    "      AND (i.claimed_at <= now() - " FB_IDEM_LEASE " "
    "           OR i.claimed_under <> EXCLUDED.claimed_under)) "
    "RETURNING claim");

FB_SQL_NAMED(idem_get, (api_key, method, path, idem_key),
    FB_IDEM_KEY_BIND("")
    "SELECT i.body_hash, i.state, i.status, i.response "
    "FROM idempotency_keys i, k WHERE " FB_IDEM_KEY_MATCH);

/* The key and the claim this request holds: what the commit and the
 * forgetting of a claim take. */
FB_PARAMS(idem_held, (api_key, method, path, idem_key, claim));

/* In the operation's transaction: commits with it, or not at all. */
FB_SQL_WITH(idem_commit, idem_held,
    FB_IDEM_KEY_BIND(", %s::text AS claim")
    "UPDATE idempotency_keys i SET state = 'committed' FROM k "
    "WHERE " FB_IDEM_KEY_MATCH " AND i.claim = k.claim "
    "  AND i.state IN ('running', 'committed')");

/* The answer, stored under the claim. */
FB_SQL_NAMED(idem_done,
             (api_key, method, path, idem_key, claim, status, response),
    FB_IDEM_KEY_BIND(", %s::text AS claim, %s::integer AS status, "
                     "%s::text AS response")
    "UPDATE idempotency_keys i SET state = 'done', status = k.status, "
    "  response = k.response FROM k "
    "WHERE " FB_IDEM_KEY_MATCH " AND i.claim = k.claim "
    "  AND i.state IN ('running', 'committed')");

FB_SQL_WITH(idem_forget, idem_held,
    FB_IDEM_KEY_BIND(", %s::text AS claim")
    "DELETE FROM idempotency_keys i USING k "
    "WHERE " FB_IDEM_KEY_MATCH " AND i.claim = k.claim "
    "  AND i.state = 'running'");

/* The worker's sweep (modules/jobs/fb_jobs.c). */
FB_SQL_GLOBAL(sweep_idempotency_keys, 1,
    "DELETE FROM idempotency_keys k USING ("
    "  SELECT org_id, api_key, method, path, idem_key "
    "  FROM idempotency_keys "
    "  WHERE created_at <= now() - interval '24 hours' "
    "  ORDER BY created_at LIMIT %d FOR UPDATE SKIP LOCKED) old "
    "WHERE (k.org_id, k.api_key, k.method, k.path, k.idem_key) "
    "  = (old.org_id, old.api_key, old.method, old.path, old.idem_key)");

const fb_statement_t *const fb_idempotency_statements[] = {
    &fb_sql_idem_claim, &fb_sql_idem_get, &fb_sql_idem_commit,
    &fb_sql_idem_done, &fb_sql_idem_forget, &fb_sql_sweep_idempotency_keys,
    NULL
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
    const char *claim;          /* the claim this request holds */
    int status;                 /* captured by fb_respond; 0: none */
    const char *response;
    int stored;                 /* the answer went into the write's
                                 * transaction (fb_idempotency_commit) */
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
    const char *body_hash;
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
    body_hash = fb_idempotency_body_hash(fr);
    if ((err = fb_req_select(fr, FB_CALL(idem_claim, FB_IDEM_KEY(idem),
                                             .body_hash = body_hash),
                             &rows))
        != NULL) {
        return err;
    }
    if (rows.nrows == 1) {
        idem->claim = fb_rows_get(&rows, 0, 0);
        fr->idem = idem;            /* the first: the operation runs */
        return NULL;
    }
    if ((err = fb_req_select(fr, FB_CALL(idem_get, FB_IDEM_KEY(idem)),
                             &rows)) != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        /* Swept between the two statements: too close to call. */
        return fb_error_make(fr->pool, FB_E_IDEMPOTENCY_KEY_IN_USE,
                             FB_IDEMPOTENCY_HEADER, NULL);
    }
    if (strcmp(fb_rows_get(&rows, 0, 0), body_hash) != 0) {
        return fb_error_make(fr->pool, FB_E_IDEMPOTENCY_KEY_REUSED,
                             FB_IDEMPOTENCY_HEADER, NULL);
    }
    if (strcmp(fb_rows_get(&rows, 0, 1), "committed") == 0) {
        /* Its write happened, its answer was lost with the process or
         * the database connection that was to store it. */
        return fb_error_make(fr->pool, FB_E_IDEMPOTENCY_KEY_IN_USE,
                             FB_IDEMPOTENCY_HEADER, "The request with this "
                             "Idempotency-Key was carried out, but its "
                             "answer was lost; it will not run again.");
    }
    if (strcmp(fb_rows_get(&rows, 0, 1), "done") != 0) {
        return fb_error_make(fr->pool, FB_E_IDEMPOTENCY_KEY_IN_USE,
                             FB_IDEMPOTENCY_HEADER, NULL);
    }
    apr_table_setn(r->headers_out, "Idempotent-Replayed", "true");
    fb_respond(fr, atoi(fb_rows_get(&rows, 0, 2)), fb_rows_get(&rows, 0, 3));
    *answered = 1;
    return NULL;
}

fb_error_t *fb_idempotency_commit(fb_req_t *fr)
{
    struct fb_idem *idem = fr->idem;
    int affected = 0;
    apr_status_t rv;

    if (idem == NULL) {
        return NULL;
    }
    /* The answer known before the COMMIT (fb_write_respond): stored by
     * the write's own transaction, which saves the transaction after it
     * (its round trip and its WAL flush). */
    if (idem->status != 0) {
        rv = fb_db_exec(fr->db, fr->pool, &fb_sql_idem_done,
                        fr->principal.org_id,
                        FB_NAMED(idem_done, FB_IDEM_KEY(idem),
                                 .claim = idem->claim,
                                 .status = apr_itoa(fr->pool, idem->status),
                                 .response = idem->response),
                        &affected);
        idem->stored = rv == APR_SUCCESS && affected == 1;
    }
    else {
        rv = fb_db_exec(fr->db, fr->pool, &fb_sql_idem_commit,
                        fr->principal.org_id,
                        FB_NAMED(idem_held, FB_IDEM_KEY(idem),
                                 .claim = idem->claim),
                        &affected);
    }
    if (rv != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    return affected == 1
        ? NULL
        : fb_error_make(fr->pool, FB_E_IDEMPOTENCY_KEY_IN_USE,
                        FB_IDEMPOTENCY_HEADER, "Another request took this "
                        "Idempotency-Key over; this one was rolled back.");
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
    const char *status_text, *response;
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
    if ((db = fb_req_db(fr)) == NULL) {
        return;     /* the lease lets a retry take the claim over */
    }
    if (status == 0 || status >= 500) {
        fb_db_exec(db, fr->pool, &fb_sql_idem_forget, fr->principal.org_id,
                   FB_NAMED(idem_held, FB_IDEM_KEY(idem),
                            .claim = idem->claim),
                   NULL);
        return;
    }
    status_text = apr_itoa(fr->pool, status);
    response = err != NULL ? fb_error_render(fr->pool, err) : idem->response;
    fb_db_exec(db, fr->pool, &fb_sql_idem_done, fr->principal.org_id,
               FB_NAMED(idem_done, FB_IDEM_KEY(idem), .claim = idem->claim,
                        .status = status_text, .response = response),
               NULL);
}
