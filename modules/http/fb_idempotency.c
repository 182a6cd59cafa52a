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

/* The key columns, (org, api key hash, method, path, key), are the first
 * five arguments of every statement. */
#define FB_IDEM_KEY_MATCH \
    "org_id = %s AND api_key = %s AND method = %s AND path = %s " \
    "AND idem_key = %s"

/* How long a 'running' claim may go without committing before a retry
 * with the same body may take it over: a request that died (its child
 * killed, its database gone) must not block its key for long.  One still
 * running then is not harmed, only superseded: its commit finds another
 * claim and rolls back (fb_idempotency_commit). */
#define FB_IDEM_LEASE "interval '10 seconds'"

const fb_statement_t fb_idempotency_statements[] = {
    /* A new record; or one armed again: expired, or a claim whose request
     * died before committing.  No row: another request has the key. */
    {"idem_claim",
     "INSERT INTO idempotency_keys AS k (org_id, api_key, method, path, "
     "  idem_key, body_hash) VALUES (%s, %s, %s, %s, %s, %s) "
     "ON CONFLICT (org_id, api_key, method, path, idem_key) DO UPDATE SET "
     "  body_hash = EXCLUDED.body_hash, state = 'running', status = NULL, "
     "  response = NULL, claim = EXCLUDED.claim, claimed_at = now(), "
     "  created_at = CASE WHEN k.created_at <= now() - interval '24 hours' "
     "    THEN now() ELSE k.created_at END "
     "WHERE k.created_at <= now() - interval '24 hours' "
     "  OR (k.state = 'running' AND k.body_hash = EXCLUDED.body_hash "
     "      AND k.claimed_at <= now() - " FB_IDEM_LEASE ") "
     "RETURNING claim"},
    {"idem_get",
     "SELECT body_hash, state, status, response FROM idempotency_keys "
     "WHERE " FB_IDEM_KEY_MATCH},
    /* In the operation's transaction: commits with it, or not at all. */
    {"idem_commit",
     "UPDATE idempotency_keys SET state = 'committed' "
     "WHERE " FB_IDEM_KEY_MATCH " AND claim = %s "
     "  AND state IN ('running', 'committed')"},
    {"idem_done",
     "UPDATE idempotency_keys SET state = 'done', status = %d, "
     "  response = %s "
     "WHERE " FB_IDEM_KEY_MATCH " AND claim = %s "
     "  AND state IN ('running', 'committed')"},
    {"idem_forget",
     "DELETE FROM idempotency_keys "
     "WHERE " FB_IDEM_KEY_MATCH " AND claim = %s AND state = 'running'"},
    /* The worker's sweep (modules/jobs/fb_jobs.c). */
    {"sweep_idempotency_keys",
     "DELETE FROM idempotency_keys k USING ("
     "  SELECT org_id, api_key, method, path, idem_key "
     "  FROM idempotency_keys "
     "  WHERE created_at <= now() - interval '24 hours' "
     "  ORDER BY created_at LIMIT %d FOR UPDATE SKIP LOCKED) old "
     "WHERE (k.org_id, k.api_key, k.method, k.path, k.idem_key) "
     "  = (old.org_id, old.api_key, old.method, old.path, old.idem_key)"},
    {NULL, NULL}
};

struct fb_idem {
    const char *args[6];        /* org, api key, method, path, key, and
                                 * the claim this request holds */
    int status;                 /* captured by fb_respond; 0: none */
    const char *response;
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
    const char *claim[6];
    struct fb_idem *idem;
    fb_rows_t rows;
    fb_error_t *err;

    *answered = 0;
    if (key == NULL || r->method_number != M_POST) {
        return NULL;
    }
    if (!fb_idempotency_key_valid(key)) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                             FB_IDEMPOTENCY_HEADER, "The Idempotency-Key "
                             "header must be 1 to 255 printable ASCII "
                             "characters.");
    }
    idem = apr_pcalloc(fr->pool, sizeof(*idem));
    idem->args[0] = fr->principal.org_id;
    idem->args[1] = fb_hex(fr->pool, fr->key_hash, FB_SHA256_LEN);
    idem->args[2] = r->method;
    idem->args[3] = r->uri;
    idem->args[4] = key;
    memcpy(claim, idem->args, 5 * sizeof(idem->args[0]));
    claim[5] = fb_idempotency_body_hash(fr);
    if ((err = fb_req_select(fr, "idem_claim", 6, claim, &rows)) != NULL) {
        return err;
    }
    if (rows.nrows == 1) {
        idem->args[5] = fb_rows_get(&rows, 0, 0);
        fr->idem = idem;            /* the first: the operation runs */
        return NULL;
    }
    if ((err = fb_req_select(fr, "idem_get", 5, idem->args, &rows)) != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        /* Swept between the two statements: too close to call. */
        return fb_error_make(fr->pool, FB_E_IDEMPOTENCY_KEY_IN_USE,
                             FB_IDEMPOTENCY_HEADER, NULL);
    }
    if (strcmp(fb_rows_get(&rows, 0, 0), claim[5]) != 0) {
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
    int affected = 0;

    if (fr->idem == NULL) {
        return NULL;
    }
    if (fb_db_exec(fr->db, fr->pool, "idem_commit", 6, fr->idem->args,
                   &affected) != APR_SUCCESS) {
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
    const char *args[8];
    fb_db_t *db;
    int status;

    if (idem == NULL) {
        return;
    }
    fr->idem = NULL;
    status = err != NULL ? fb_error_def(err->kind)->status : idem->status;
    if ((db = fb_req_db(fr)) == NULL) {
        return;     /* the lease lets a retry take the claim over */
    }
    if (status == 0 || status >= 500) {
        fb_db_exec(db, fr->pool, "idem_forget", 6, idem->args, NULL);
        return;
    }
    args[0] = apr_itoa(fr->pool, status);
    args[1] = err != NULL ? fb_error_render(fr->pool, err) : idem->response;
    memcpy(args + 2, idem->args, sizeof(idem->args));
    fb_db_exec(db, fr->pool, "idem_done", 8, args, NULL);
}
