/*
 * fb_job_webhook: delivers the rows of webhook_deliveries (sql/013).
 *
 * States: pending -> delivered | skipped (the webhook was paused or
 * suspended before the row was sent) | failed (410 Gone, or the retry
 * schedule ran out).  A pending row is due at next_attempt_at; the claim
 * moves it to the end of the lease, so the row of a worker that died is
 * due again then.
 *
 * Each attempt is a POST of the event's payload (decisions.md "Webhooks"),
 * built by the claim from the events row, so it is the same bytes with the
 * same id on every attempt; signed at send time with the webhook's secret
 * as it is then (a rotated secret stops signing at once), under both
 * schemes.  The exchange goes through fb_fetch() and its outbound rules,
 * with the webhook's timeoutMs (at most half the lease) and its custom
 * headers.
 *
 * The finish statement records, in one statement fenced by the lease:
 * the delivery's new state, the attempt in webhook_delivery_attempts, and
 * the webhook's lastStatus and health, suspending it on 410 or when its
 * consecutive failures reach FeedbackWebhookFailureThreshold.  Retries
 * follow FeedbackWebhookRetrySchedule, not the worker's doubling delay.
 */
#include <stdlib.h>
#include <string.h>

#include "httpd.h"
#include "apr_base64.h"
#include "apr_strings.h"
#include "apr_tables.h"

#include <json.h>

#include "fb_crypto.h"
#include "fb_fetch.h"
#include "fb_filesign.h"
#include "fb_job.h"
#include "fb_json.h"
#include "webhooks.h"

/* The start of a receiver's answer kept in the attempts log. */
#define FB_WEBHOOK_BODY_KEEP 4096

#define FB_WEBHOOK_PAYLOAD \
    "json_build_object('id', e.id, 'object', 'notification_event', " \
    "'topic', e.topic, 'organizationId', e.org_id, 'webhookId', w.id, " \
    "'createdAt', fb_iso(e.created_at), " \
    "'data', json_build_object('object', 'notification_event_data', " \
    "  'item', e.item, 'changes', e.changes))::text"

/* Whether this failed attempt suspends webhook h: 410, or the run of
 * failures reaching the threshold.  Judged on the row as the UPDATE has
 * locked it (a concurrent finish may have counted a failure meanwhile), so
 * it stands in the SET list, for the status and for updatedAt. */
#define FB_WEBHOOK_SUSPENDS \
    "(h.status = 'active' AND d.outcome <> 'done' " \
    " AND ((d.r->>'code')::integer = 410 " \
    "   OR h.consecutive_failures + 1 >= (d.r->>'threshold')::integer))"

/* The attempt's outcome, for the attempts log and the webhook's figures,
 * comes in the result (JSON): {outcome, code, ms, message, body,
 * threshold}. */
const fb_statement_t fb_job_webhook_statements[] = {
    {"job_webhook_claim",
     "WITH due AS ("
     "  SELECT org_id, id FROM webhook_deliveries "
     "  WHERE state = 'pending' AND next_attempt_at <= now() "
     "  ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED), "
     "lease AS (SELECT clock_timestamp() + make_interval(secs => %d) AS t) "
     "UPDATE webhook_deliveries d SET attempts = d.attempts + 1, "
     "  lease_until = lease.t, next_attempt_at = lease.t, "
     "  updated_at = now() "
     "FROM due, lease, webhooks w, events e "
     "WHERE d.org_id = due.org_id AND d.id = due.id "
     "  AND w.org_id = d.org_id AND w.id = d.webhook_id "
     "  AND e.org_id = d.org_id AND e.id = d.event_id "
     "RETURNING d.org_id, d.id, d.attempts, d.lease_until::text, "
     "  w.status, w.url, w.secret, w.timeout_ms, w.headers::text, e.id, "
     "  " FB_WEBHOOK_PAYLOAD ", "
     "  extract(epoch FROM e.created_at)::bigint"},
    {"job_webhook_finish",
     "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, "
     "  %s::timestamptz AS lease, %s::text AS outcome, %s::text AS error, "
     "  %d AS delay_ms, %s::jsonb AS r), "
     "d AS ("
     "  UPDATE webhook_deliveries o SET "
     "    state = CASE a.outcome WHEN 'done' THEN 'delivered' "
     "      WHEN 'skipped' THEN 'skipped' WHEN 'failed' THEN 'failed' "
     "      ELSE 'pending' END, "
     "    attempts = o.attempts "
     "      - (a.outcome IN ('release', 'skipped'))::integer, "
     "    lease_until = NULL, "
     "    next_attempt_at = CASE a.outcome WHEN 'retry' THEN "
     "      clock_timestamp() + a.delay_ms * interval '1 millisecond' "
     "      ELSE now() END, "
     "    delivered_at = CASE WHEN a.outcome = 'done' THEN now() END, "
     "    last_error = CASE WHEN a.outcome = 'done' THEN o.last_error "
     "      ELSE coalesce(a.error, o.last_error) END, "
     "    updated_at = now() "
     "  FROM a WHERE o.org_id = a.org_id AND o.id = a.id "
     "    AND o.lease_until = a.lease AND o.state = 'pending' "
     "  RETURNING o.org_id, o.id, o.webhook_id, o.attempts, a.outcome, "
     "    a.error, a.r), "
     "att AS ("
     "  INSERT INTO webhook_delivery_attempts (org_id, delivery_id, "
     "    webhook_id, attempt, outcome, status_code, duration_ms, error, "
     "    response_body) "
     "  SELECT d.org_id, d.id, d.webhook_id, d.attempts, d.r->>'outcome', "
     "    nullif((d.r->>'code')::integer, 0), (d.r->>'ms')::integer, "
     "    CASE WHEN d.outcome = 'done' THEN NULL ELSE d.error END, "
     "    d.r->>'body' "
     "  FROM d WHERE d.r IS NOT NULL AND d.outcome IN ('done', 'retry', "
     "    'failed')), "
     "w AS ("
     "  UPDATE webhooks h SET "
     "    last_code = (d.r->>'code')::integer, "
     "    last_message = d.r->>'message', last_at = now(), "
     "    last_response_ms = (d.r->>'ms')::integer, "
     "    avg_response_ms = (prev.total + (d.r->>'ms')::integer) "
     "      / (prev.n + 1), "
     "    last_success_at = CASE WHEN d.outcome = 'done' THEN now() "
     "      ELSE h.last_success_at END, "
     "    errors_since_success = CASE WHEN d.outcome = 'done' THEN 0 "
     "      ELSE h.errors_since_success + 1 END, "
     "    consecutive_failures = CASE WHEN d.outcome = 'done' THEN 0 "
     "      ELSE h.consecutive_failures + 1 END, "
     "    status = CASE WHEN " FB_WEBHOOK_SUSPENDS " "
     "      THEN 'suspended' ELSE h.status END, "
     "    updated_at = CASE WHEN " FB_WEBHOOK_SUSPENDS " "
     "      THEN now() ELSE h.updated_at END "
     "  FROM d, LATERAL ("
     "    SELECT coalesce(sum(x.duration_ms), 0)::float8 AS total, "
     "      count(*) AS n FROM ("
     "      SELECT duration_ms FROM webhook_delivery_attempts x "
     "      WHERE x.org_id = d.org_id AND x.webhook_id = d.webhook_id "
     "      ORDER BY x.created_at DESC LIMIT 99) x) prev "
     "  WHERE h.org_id = d.org_id AND h.id = d.webhook_id "
     "    AND d.r IS NOT NULL AND d.outcome IN ('done', 'retry', 'failed')) "
     "SELECT id FROM d"},
    /* The sweep of receivers' answers older than 7 days (fb_jobs.c). */
    {"sweep_webhook_answers",
     "UPDATE webhook_delivery_attempts a SET response_body = NULL "
     "FROM (SELECT org_id, id FROM webhook_delivery_attempts "
     "  WHERE response_body IS NOT NULL "
     "    AND created_at < now() - interval '7 days' "
     "  ORDER BY created_at LIMIT %d "
     "  FOR UPDATE SKIP LOCKED) old "
     "WHERE a.org_id = old.org_id AND a.id = old.id"},
    {NULL, NULL}
};

/* The job's own columns in a claimed row. */
enum {
    FB_WH_STATUS, FB_WH_URL, FB_WH_SECRET, FB_WH_TIMEOUT, FB_WH_HEADERS,
    FB_WH_EVENT, FB_WH_PAYLOAD, FB_WH_EVENT_TIME
};

/* How long the image URLs of a payload stay valid, from the event: as
 * long as an email's (receivers keep content as readers keep mail). */
#define FB_WEBHOOK_FILE_TTL (90 * 24 * 3600)

/* The payload with the markers of stored images (fb_filesign.h) signed
 * under FeedbackPublicURL.  The expiry follows from the event's time, so
 * every attempt sends the same bytes. */
static const char *fb_webhook_payload(fb_job_ctx_t *ctx)
{
    const char *payload = fb_job_col(ctx, FB_WH_PAYLOAD);
    apr_int64_t at = apr_atoi64(fb_job_col(ctx, FB_WH_EVENT_TIME));

    if (ctx->conf->secret == NULL || strstr(payload, FB_FILE_MARKER) == NULL) {
        return payload;
    }
    return fb_filesign_rewrite(
        ctx->pool, payload,
        apr_pstrcat(ctx->pool, ctx->conf->public_url, "/v2/files/", NULL),
        ctx->conf->secret, apr_time_from_sec(at + FB_WEBHOOK_FILE_TTL));
}

/* The custom headers (a JSON object of strings) into t. */
static int fb_webhook_custom_headers(fb_job_ctx_t *ctx, const char *json,
                                     apr_table_t *t)
{
    json_object *obj = fb_json_owned(ctx->pool, json_tokener_parse(json));

    if (!json_object_is_type(obj, json_type_object)) {
        return 0;
    }
    json_object_object_foreach(obj, name, value) {
        if (json_object_is_type(value, json_type_string)) {
            apr_table_set(t, apr_pstrdup(ctx->pool, name),
                          apr_pstrdup(ctx->pool,
                                      json_object_get_string(value)));
        }
    }
    return 1;
}

/* Both signature schemes of body for the event id at Unix time ts. */
static int fb_webhook_sign(fb_job_ctx_t *ctx, const char *secret,
                           const char *id, const char *ts, const char *body,
                           apr_table_t *t)
{
    unsigned char mac[FB_SHA256_LEN];
    const char *text, *encoded;
    char *key, *b64;
    int key_len;

    /* The hosted scheme: hex HMAC of "{ts}.{body}" under the whole
     * secret string. */
    text = apr_pstrcat(ctx->pool, ts, ".", body, NULL);
    fb_hmac_sha256(secret, strlen(secret), text, strlen(text), mac);
    apr_table_set(t, "X-Webhook-Timestamp", ts);
    apr_table_set(t, "X-Webhook-Signature", fb_hex(ctx->pool, mac,
                                                   sizeof(mac)));

    /* Standard Webhooks: base64 HMAC of "{id}.{ts}.{body}" under the
     * decoded part of the secret after whsec_. */
    if (strncmp(secret, FB_WEBHOOK_SECRET_PREFIX,
                strlen(FB_WEBHOOK_SECRET_PREFIX)) != 0) {
        return 0;
    }
    encoded = secret + strlen(FB_WEBHOOK_SECRET_PREFIX);
    key = apr_palloc(ctx->pool, apr_base64_decode_len(encoded) + 1);
    key_len = apr_base64_decode_binary((unsigned char *)key, encoded);
    text = apr_pstrcat(ctx->pool, id, ".", ts, ".", body, NULL);
    fb_hmac_sha256(key, (apr_size_t)key_len, text, strlen(text), mac);
    b64 = apr_palloc(ctx->pool, apr_base64_encode_len(sizeof(mac)));
    apr_base64_encode_binary(b64, mac, sizeof(mac));
    apr_table_set(t, "webhook-id", id);
    apr_table_set(t, "webhook-timestamp", ts);
    apr_table_set(t, "webhook-signature", apr_pstrcat(ctx->pool, "v1,", b64,
                                                      NULL));
    return 1;
}

/* A receiver's answer as the log may keep it: printable ASCII, line
 * breaks and tabs; anything else becomes '?'. */
static const char *fb_webhook_body_text(apr_pool_t *p, const char *body,
                                        apr_size_t len)
{
    char *out;
    apr_size_t i;

    if (body == NULL) {
        return NULL;
    }
    if (len > FB_WEBHOOK_BODY_KEEP) {
        len = FB_WEBHOOK_BODY_KEEP;
    }
    out = apr_palloc(p, len + 1);
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)body[i];

        out[i] = (c >= 0x20 && c < 0x7f) || c == '\n' || c == '\t'
                 || c == '\r' ? (char)c : '?';
    }
    out[len] = '\0';
    return out;
}

/* The retry delay before attempt number attempts + 1, or -1 when the
 * schedule has run out. */
static apr_int64_t fb_webhook_delay(const fb_server_conf_t *conf,
                                    int attempts)
{
    const apr_array_header_t *s = conf->webhook_retry_ms;

    if (s == NULL || attempts < 1 || attempts > s->nelts) {
        return -1;
    }
    return APR_ARRAY_IDX(s, attempts - 1, int);
}

fb_job_outcome_e fb_job_webhook_run(fb_job_ctx_t *ctx, const char **error);

fb_job_outcome_e fb_job_webhook_run(fb_job_ctx_t *ctx, const char **error)
{
    const char *status = fb_job_col(ctx, FB_WH_STATUS);
    const char *body = fb_webhook_payload(ctx);
    const char *ts = apr_psprintf(ctx->pool, "%" APR_TIME_T_FMT,
                                  apr_time_sec(apr_time_now()));
    const fb_fetch_options_t *opt = fb_config_outbound(ctx->s);
    apr_table_t *headers = apr_table_make(ctx->pool, 16);
    long timeout_ms = atol(fb_job_col(ctx, FB_WH_TIMEOUT));
    int attempts = atoi(fb_rows_get(ctx->item, 0, 2));
    fb_fetch_request_t req = {0};
    fb_fetch_result_t res;
    json_object *r;
    const char *message;
    apr_int64_t delay;
    fb_job_outcome_e outcome;

    if (strcmp(status, "active") != 0) {
        *error = apr_pstrcat(ctx->pool, "the webhook was ", status, NULL);
        return FB_JOB_SKIPPED;
    }
    if (!fb_webhook_custom_headers(ctx, fb_job_col(ctx, FB_WH_HEADERS),
                                   headers)
        || !fb_webhook_sign(ctx, fb_job_col(ctx, FB_WH_SECRET),
                            fb_job_col(ctx, FB_WH_EVENT), ts, body,
                            headers)) {
        *error = "the webhook's headers or secret cannot be read";
        return FB_JOB_FAILED;
    }
    apr_table_set(headers, "Content-Type", "application/json");
    if (timeout_ms <= 0 || timeout_ms > ctx->timeout_ms) {
        timeout_ms = ctx->timeout_ms;
    }
    req.url = fb_job_col(ctx, FB_WH_URL);
    req.method = "POST";
    req.body = body;
    req.body_len = strlen(body);
    req.headers = headers;
    req.max_size = FB_WEBHOOK_BODY_KEEP;
    req.timeout = apr_time_from_msec(timeout_ms);
    req.flags = FB_FETCH_TRUNCATE;
    req.abandon = fb_job_stopping;
    req.abandon_baton = (void *)ctx->stopping;
    /* The thread's session: deliveries to one receiver reuse its
     * connection. */
    if (*ctx->state == NULL) {
        *ctx->state = fb_fetch_session_make(ctx->thread_pool);
    }
    fb_fetch_in(*ctx->state, ctx->pool, opt, &req, &res);

    if (res.error == FB_FETCH_ABANDONED) {
        /* Stopping: the row is due again at once, this attempt not
         * counted nor logged (the receiver may have it: at least once). */
        *error = "the worker stopped during the delivery";
        return FB_JOB_RELEASE;
    }
    if (res.error == FB_FETCH_OK) {
        outcome = FB_JOB_DONE;
        message = "Success";
    }
    else {
        message = res.error == FB_FETCH_HTTP_STATUS
            ? apr_psprintf(ctx->pool, "HTTP %d", res.status)
            : apr_pstrcat(ctx->pool, fb_fetch_error_name(res.error),
                          res.message != NULL ? ": " : "",
                          res.message != NULL ? res.message : "", NULL);
        *error = message;
        delay = fb_webhook_delay(ctx->conf, attempts);
        if (res.status == 410 || delay < 0) {
            outcome = FB_JOB_FAILED;
        }
        else {
            outcome = FB_JOB_RETRY;
            ctx->retry_delay_ms = delay;
        }
    }
    r = fb_json_owned(ctx->pool, json_object_new_object());
    json_object_object_add(r, "outcome", json_object_new_string(
                               fb_fetch_error_name(res.error)));
    json_object_object_add(r, "code", json_object_new_int(res.status));
    json_object_object_add(r, "ms", json_object_new_int64(
                               apr_time_as_msec(res.elapsed)));
    json_object_object_add(r, "message", json_object_new_string(
                               fb_webhook_body_text(ctx->pool, message,
                                                    strlen(message))));
    if (res.body != NULL) {
        json_object_object_add(r, "body", json_object_new_string(
                                   fb_webhook_body_text(ctx->pool, res.body,
                                                        res.body_len)));
    }
    json_object_object_add(r, "threshold", json_object_new_int(
                               ctx->conf->webhook_failure_threshold));
    ctx->result = fb_json_text(ctx->pool, r);
    return outcome;
}
