/*
 * fb_job_webhook: delivers the rows of webhook_deliveries (sql/013).
 *
 * States: pending -> delivered | skipped (the webhook was paused or
 * suspended before the row was sent) | failed (410 Gone, or the retry
 * schedule ran out).  A pending row is due at next_attempt_at while no
 * lease holds it: the claim sets lease_until, so the row of a worker that
 * died is due again when its lease has passed.
 *
 * Each attempt is a POST of the event's payload (decisions.md "Webhooks"),
 * built by the claim from the events row, so it is the same bytes with the
 * same id on every attempt; signed at send time with the webhook's secret
 * as it is then (a rotated secret stops signing at once), under both
 * schemes.  The exchange goes through fb_fetch() and its outbound rules,
 * with the webhook's timeoutMs (at most half the lease) and its custom
 * headers.
 *
 * Deliveries are claimed in batches (fb_job.h): up to FB_WEBHOOK_BATCH
 * due deliveries of one webhook, oldest first, sent in turn on the
 * thread's connection; the first failed attempt ends the batch (the rest
 * are given back).  The finish records the batch in one statement fenced
 * by the lease: each delivery's new state, its attempt in
 * webhook_delivery_attempts, and the webhook's lastStatus and health;
 * it returns the webhook's figures as it locked them, and in the same
 * transaction fb_job_webhook_finished suspends the webhook when
 * fb_webhook_suspends (fb_webhook_rule.h) says so: on 410 or when its
 * consecutive failures reach FeedbackWebhookFailureThreshold.  Retries
 * follow
 * FeedbackWebhookRetrySchedule, not the worker's doubling delay.
 *
 * The threshold is exact although deliveries of one webhook run in
 * parallel: every batch holds one of the webhook's slots (sql/017), as it
 * can add at most one failure, and the failures that bring the run of
 * failures within reach of the threshold spend theirs until the next
 * success, so the failures in a row plus the batches in flight never
 * pass the threshold.  A healthy webhook has at most as many batches in
 * flight as it has slots (the threshold, 15 by default, at most
 * FB_WEBHOOK_SLOTS_MAX); a failing one fewer and fewer.
 */
#include <stdlib.h>
#include <string.h>

#include "httpd.h"
#include "apr_strings.h"
#include "apr_tables.h"

#include <json.h>

#include "fb_fetch.h"
#include "fb_job.h"
#include "fb_json.h"
#include "fb_jsonw.h"
#include "fb_webhook_rule.h"
#include "file_store.h"
#include "webhook_secret.h"

/* The start of a receiver's answer kept in the attempts log. */
#define FB_WEBHOOK_BODY_KEEP 4096

/*
 * The slots of a webhook (sql/017): the threshold, but at most this many.
 * With S slots and threshold T, only failures that bring the run of
 * failures past T - S spend their slot, so the slots spent always number
 * max(0, failures - (T - S)), the attempts in flight at most S minus
 * those, and failures plus attempts in flight at most T.  It is also the
 * most attempts one healthy webhook has in flight.
 */
#define FB_WEBHOOK_SLOTS_MAX "64"

/* The slots of a webhook under threshold t (SQL). */
#define FB_WEBHOOK_SLOTS(t) "least(" t ", " FB_WEBHOOK_SLOTS_MAX ")"

/* Whether slot s of a webhook whose current run of failures is run may
 * be taken (sql/017): no attempt holds it (or its lease ran out: a worker
 * that died), and no failure of that run spent it. */
#define FB_WEBHOOK_SLOT_FREE(s, run) \
    "((" s ".lease_until IS NULL OR " s ".lease_until <= now()) " \
    " AND (" s ".spent_in_run IS NULL OR " s ".spent_in_run < " run "))"

/* Whether delivery d is free of attempts: never claimed, finished, or
 * its lease ran out (a worker that died).  The claim sets the lease only:
 * a delivery keeps its due time, so one given back unattempted
 * ("release") keeps its place in the queue, before the retries that
 * failures of its batch scheduled. */
#define FB_WEBHOOK_UNLEASED(d) \
    "(" d ".lease_until IS NULL OR " d ".lease_until <= now())"

/*
 * The claim takes the lease in seconds, the failure threshold as its
 * setting (fb_job_webhook_claim_arg), which gives the number of slots,
 * a.slots, and the batch (fb_jobs.c): the set job_claim_setting_batch
 * (fb_job.h).  Attempts to an active webhook must hold one of its slots
 * (sql/017): a batch holds one for all its deliveries, since
 * it sends them one after the other and ends at its first failed attempt
 * (fb_job.h), so it adds at most one failure to the run, as a single
 * attempt does.  The claim picks the oldest due delivery whose webhook
 * has a slot free, or misses slot rows (they are made all at once, so
 * the last one tells), takes a free slot FOR UPDATE SKIP LOCKED and up to
 * a batch of that webhook's due deliveries from it on, in order; without
 * a free slot it makes the missing rows and claims nothing this time:
 * the next claim sees them (one statement, one snapshot).  The failures
 * in a row plus the batches in flight thus never pass the threshold, and
 * claims of a healthy webhook never wait for each other.  A webhook that
 * is not active sends nothing (its deliveries are claimed to be skipped)
 * and takes no slot.  The rows come in delivery order.
 *
 * The snapshot's failure_run may be older than the webhook's: a slot a
 * newer run spent then looks spent still, which only errs on the side of
 * fewer attempts.  The delivery is any organization's: the worker serves
 * them all; a batch is one webhook's, so one organization's.
 */
FB_SQL_GLOBAL_WITH(job_webhook_claim, job_claim_setting_batch,
    "WITH a AS (SELECT clock_timestamp() "
    "  + make_interval(secs => k.lease) AS lease, "
    "  " FB_WEBHOOK_SLOTS("k.setting") " AS slots, k.batch "
    "  FROM (SELECT %d AS lease, %d AS setting, %d AS batch) k), "
    "due AS ("
    "  SELECT d.org_id, d.id, d.webhook_id, d.next_attempt_at, w.status, "
    "    w.failure_run, w.consecutive_failures "
    "  FROM webhook_deliveries d, webhooks w, a "
    "  WHERE d.state = 'pending' AND d.next_attempt_at <= now() "
    "    AND " FB_WEBHOOK_UNLEASED("d") " "
    "    AND w.org_id = d.org_id AND w.id = d.webhook_id "
    "    AND (w.status <> 'active' "
    "      OR EXISTS (SELECT 1 FROM webhook_slots s "
    "        WHERE s.org_id = w.org_id AND s.webhook_id = w.id "
    "          AND s.n < a.slots "
    "          AND " FB_WEBHOOK_SLOT_FREE("s", "w.failure_run") ") "
    "      OR NOT EXISTS (SELECT 1 FROM webhook_slots s "
    "        WHERE s.org_id = w.org_id AND s.webhook_id = w.id "
    "          AND s.n = a.slots - 1)) "
    "  ORDER BY d.next_attempt_at LIMIT 1 FOR UPDATE OF d SKIP LOCKED), "
    "free AS ("
    "  SELECT s.org_id, s.webhook_id, s.n FROM webhook_slots s, due, a "
    "  WHERE due.status = 'active' AND s.org_id = due.org_id "
    "    AND s.webhook_id = due.webhook_id AND s.n < a.slots "
    "    AND " FB_WEBHOOK_SLOT_FREE("s", "due.failure_run") " "
    "  ORDER BY s.n LIMIT 1 FOR UPDATE OF s SKIP LOCKED), "
    "made AS ("
    "  INSERT INTO webhook_slots (org_id, webhook_id, n) "
    "  SELECT due.org_id, due.webhook_id, g "
    "  FROM due, a, generate_series(0, a.slots - 1) g "
    "  WHERE due.status = 'active' AND NOT EXISTS (SELECT 1 FROM free) "
    "    AND NOT EXISTS (SELECT 1 FROM webhook_slots s "
    "      WHERE s.org_id = due.org_id AND s.webhook_id = due.webhook_id "
    "        AND s.n = g) "
    "  ON CONFLICT DO NOTHING), "
    "slot AS ("
    "  UPDATE webhook_slots s SET lease_until = a.lease FROM free, a "
    "  WHERE s.org_id = free.org_id AND s.webhook_id = free.webhook_id "
    "    AND s.n = free.n RETURNING s.n), "
    /* The rest of the batch, only with a slot (or to be skipped), and
     * none while the webhook is failing: then each delivery has a claim
     * (and a slot) of its own, so that the batches in flight do not hold
     * back its untried deliveries while its retries come due.  The
     * webhook as values (sub-selects), so that its own index (sql/029)
     * finds its due deliveries. */
    "more AS ("
    "  SELECT d.org_id, d.id, d.next_attempt_at FROM webhook_deliveries d "
    "  WHERE d.org_id = (SELECT org_id FROM due) "
    "    AND d.webhook_id = (SELECT webhook_id FROM due) "
    "    AND d.state = 'pending' AND d.next_attempt_at <= now() "
    "    AND " FB_WEBHOOK_UNLEASED("d") " "
    "    AND d.id <> (SELECT id FROM due) "
    "    AND ((SELECT status FROM due) <> 'active' "
    "      OR EXISTS (SELECT 1 FROM slot)) "
    "  ORDER BY d.next_attempt_at LIMIT (SELECT CASE "
    "    WHEN due.consecutive_failures > 0 THEN 0 ELSE a.batch - 1 END "
    "    FROM due, a) "
    "  FOR UPDATE OF d SKIP LOCKED), "
    "picked AS ("
    "  SELECT org_id, id, next_attempt_at FROM due "
    "  UNION ALL SELECT org_id, id, next_attempt_at FROM more), "
    "claimed AS ("
    "  UPDATE webhook_deliveries d SET attempts = d.attempts + 1, "
    "    lease_until = a.lease, slot = (SELECT n FROM slot), "
    "    updated_at = now() "
    "  FROM picked p, due, a, webhooks w, events e "
    "  WHERE d.org_id = p.org_id AND d.id = p.id "
    "    AND (due.status <> 'active' OR EXISTS (SELECT 1 FROM slot)) "
    "    AND w.org_id = d.org_id AND w.id = d.webhook_id "
    "    AND e.org_id = d.org_id AND e.id = d.event_id "
    "  RETURNING p.next_attempt_at AS due_at, d.org_id, d.id, d.attempts, "
    "    d.lease_until::text AS lease, w.status, w.url, w.secret, "
    "    w.timeout_ms, w.headers::text AS headers, e.id AS event_id, "
    "    e.topic, w.id AS webhook_id, "
    "    e.created_at AT TIME ZONE 'UTC' AS event_created, "
    "    e.item::text AS item, e.changes::text AS changes, "
    "    extract(epoch FROM e.created_at)::bigint AS event_time) "
    "SELECT org_id, id, attempts, lease, status, url, secret, timeout_ms, "
    "  headers, event_id, topic, org_id, webhook_id, event_created, item, "
    "  changes, event_time FROM claimed "
    "ORDER BY due_at, id");

/* The durations of the webhook's last 100 attempts (sql/029) with those
 * of the batch, s.ms, after them. */
#define FB_WEBHOOK_RECENT \
    "(h.recent_ms || s.ms)[greatest(1, cardinality(h.recent_ms) " \
    "  + cardinality(s.ms) - 99):]"

/* The finish of a batch (fb_job.h): each delivery's new state; for the
 * attempts made (a result came), the attempts log, and the webhook's
 * figures once, as after each of them in turn (a success starts the next
 * run of failures; the only failure is the last attempt); and the
 * batch's slot, fenced by its lease, free again, or spent in the current
 * run (as the webhook's row, locked here, has it) by a failure that
 * brings the run past threshold - slots (FB_WEBHOOK_SLOTS_MAX).
 *
 * It returns one row per delivery recorded: its id, and its webhook's
 * figures as the UPDATE locked and left them, for the suspension
 * (fb_job_webhook_finished), NULL when the batch made no attempt: the
 * webhook's id and status, its consecutive failures counting the
 * batch's, the batch's failures and the last attempt's status code (a
 * batch's only failed attempt is its last, fb_job.h).  The row stays
 * locked until the transaction ends, so a concurrent finish waits. */
FB_SQL(job_webhook_finish, 1,
    "WITH a AS NOT MATERIALIZED (SELECT %s::text AS org_id, x.k, "
    "  x.v->>'id' AS id, "
    "  (x.v->>'lease')::timestamptz AS lease, x.v->>'outcome' AS outcome, "
    "  x.v->>'error' AS error, (x.v->>'delay_ms')::bigint AS delay_ms, "
    "  nullif(x.v->'result', 'null') AS r "
    "  FROM jsonb_array_elements(%s::jsonb) WITH ORDINALITY x(v, k)), "
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
    "      WHEN 'release' THEN o.next_attempt_at ELSE now() END, "
    "    delivered_at = CASE WHEN a.outcome = 'done' THEN now() END, "
    "    last_error = CASE WHEN a.outcome = 'done' THEN o.last_error "
    "      ELSE coalesce(a.error, o.last_error) END, "
    "    updated_at = now() "
    /* a inlined, its organization is the parameter, and with the ids
     * as an array the rows come by primary key whatever the statistics
     * say of the batch. */
    "  FROM a WHERE o.org_id = a.org_id "
    "    AND o.id = ANY (ARRAY(SELECT id FROM a)) AND o.id = a.id "
    "    AND o.lease_until = a.lease AND o.state = 'pending' "
    "  RETURNING o.org_id, o.id, o.webhook_id, o.attempts, o.slot, a.k, "
    "    a.lease, a.outcome, a.error, a.r, (a.r IS NOT NULL "
    "    AND a.outcome IN ('done', 'retry', 'failed')) AS attempted), "
    "att AS ("
    "  INSERT INTO webhook_delivery_attempts (org_id, delivery_id, "
    "    webhook_id, attempt, outcome, status_code, duration_ms, error, "
    "    response_body) "
    "  SELECT d.org_id, d.id, d.webhook_id, d.attempts, d.r->>'outcome', "
    "    nullif((d.r->>'code')::integer, 0), (d.r->>'ms')::integer, "
    "    CASE WHEN d.outcome = 'done' THEN NULL ELSE d.error END, "
    "    d.r->>'body' "
    "  FROM d WHERE d.attempted ORDER BY d.k), "
    "s AS ("
    "  SELECT d.org_id, d.webhook_id, "
    "    (array_agg(d.r ORDER BY d.k DESC))[1] AS last, "
    "    bool_or(d.outcome = 'done') AS success, "
    "    count(*) FILTER (WHERE d.outcome <> 'done') AS failures, "
    "    array_agg((d.r->>'ms')::integer ORDER BY d.k) AS ms "
    "  FROM d WHERE d.attempted GROUP BY d.org_id, d.webhook_id), "
    "w AS ("
    "  UPDATE webhooks h SET "
    "    last_code = (s.last->>'code')::integer, "
    "    last_message = s.last->>'message', last_at = now(), "
    "    last_response_ms = (s.last->>'ms')::integer, "
    "    recent_ms = " FB_WEBHOOK_RECENT ", "
    "    avg_response_ms = (SELECT avg(m)::float8 "
    "      FROM unnest(" FB_WEBHOOK_RECENT ") m), "
    "    last_success_at = CASE WHEN s.success THEN now() "
    "      ELSE h.last_success_at END, "
    "    errors_since_success = s.failures + CASE WHEN s.success THEN 0 "
    "      ELSE h.errors_since_success END, "
    "    consecutive_failures = s.failures + CASE WHEN s.success THEN 0 "
    "      ELSE h.consecutive_failures END, "
    "    failure_run = h.failure_run + s.success::integer "
    "  FROM s WHERE h.org_id = s.org_id AND h.id = s.webhook_id "
    "  RETURNING h.org_id, h.id, h.failure_run, "
    "    h.consecutive_failures, h.status, s.failures, "
    "    (s.last->>'code')::integer AS code), "
    "held AS ("
    "  SELECT d.org_id, d.webhook_id, d.slot, d.lease, "
    "    bool_or(d.attempted AND d.outcome <> 'done') AS failed, "
    "    max((d.r->>'threshold')::integer) AS threshold "
    "  FROM d GROUP BY d.org_id, d.webhook_id, d.slot, d.lease), "
    "freed AS ("
    "  UPDATE webhook_slots s SET lease_until = NULL, "
    "    spent_in_run = CASE WHEN d.failed "
    "      AND w.consecutive_failures > d.threshold "
    "        - " FB_WEBHOOK_SLOTS("d.threshold") " "
    "      THEN w.failure_run ELSE s.spent_in_run END "
    "  FROM held d LEFT JOIN w "
    "    ON w.org_id = d.org_id AND w.id = d.webhook_id "
    "  WHERE s.org_id = d.org_id AND s.webhook_id = d.webhook_id "
    "    AND s.n = d.slot AND s.lease_until = d.lease) "
    "SELECT d.id, w.id AS webhook_id, w.status, w.consecutive_failures, "
    "  w.failures, w.code "
    "FROM d LEFT JOIN w ON w.org_id = d.org_id AND w.id = d.webhook_id");

/* The suspension of a webhook (fb_job_webhook_finished), in the finish's
 * transaction: only an active one (a paused one stays paused). */
FB_SQL(job_webhook_suspend, 1,
    "UPDATE webhooks SET status = 'suspended', updated_at = now() "
    "WHERE org_id = %s AND id = %s AND status = 'active'");

/* The sweep of receivers' answers older than 7 days (fb_jobs.c), in
 * every organization: housekeeping of the whole database. */
FB_SQL_GLOBAL(sweep_webhook_answers, 1,
    "UPDATE webhook_delivery_attempts a SET response_body = NULL "
    "FROM (SELECT org_id, id FROM webhook_delivery_attempts "
    "  WHERE response_body IS NOT NULL "
    "    AND created_at < now() - interval '7 days' "
    "  ORDER BY created_at LIMIT %d "
    "  FOR UPDATE SKIP LOCKED) old "
    "WHERE a.org_id = old.org_id AND a.id = old.id");

const fb_statement_t *const fb_job_webhook_statements[] = {
    &fb_sql_job_webhook_claim, &fb_sql_job_webhook_finish,
    &fb_sql_job_webhook_suspend, &fb_sql_sweep_webhook_answers, NULL
};

/* The job's own columns in a claimed row. */
enum {
    FB_WH_STATUS, FB_WH_URL, FB_WH_SECRET, FB_WH_TIMEOUT, FB_WH_HEADERS,
    FB_WH_EVENT, FB_WH_TOPIC, FB_WH_ORG, FB_WH_WEBHOOK, FB_WH_CREATED,
    FB_WH_ITEM, FB_WH_CHANGES, FB_WH_EVENT_TIME
};

/* How long the image URLs of a payload stay valid, from the event: as
 * long as an email's (receivers keep content as readers keep mail). */
#define FB_WEBHOOK_FILE_TTL (90 * 24 * 3600)

/* The payload: the event as a notification_event, its data the item and
 * the changes as they were recorded, in json_build_object's layout (the
 * bytes receivers have always been sent and signatures were made over),
 * with its stored images' links signed (file_store.h).  The expiry
 * follows from the event's time, so every attempt sends the same bytes. */
static const char *fb_webhook_payload(fb_job_ctx_t *ctx)
{
    apr_int64_t at = apr_atoi64(fb_job_col(ctx, FB_WH_EVENT_TIME));
    const char *item = fb_job_col(ctx, FB_WH_ITEM);
    const char *changes = fb_job_col(ctx, FB_WH_CHANGES);
    fb_jsonw_t w;

    fb_jsonw_init(&w, ctx->pool, strlen(item) + strlen(changes) + 512);
    fb_jsonw_object(&w);
    fb_jsonw_member_string(&w, "id", fb_job_col(ctx, FB_WH_EVENT));
    fb_jsonw_member_string(&w, "object", "notification_event");
    fb_jsonw_member_string(&w, "topic", fb_job_col(ctx, FB_WH_TOPIC));
    fb_jsonw_member_string(&w, "organizationId",
                           fb_job_col(ctx, FB_WH_ORG));
    fb_jsonw_member_string(&w, "webhookId", fb_job_col(ctx, FB_WH_WEBHOOK));
    fb_jsonw_member_time(&w, "createdAt", fb_job_col(ctx, FB_WH_CREATED));
    fb_jsonw_key(&w, "data");
    fb_jsonw_object(&w);
    fb_jsonw_member_string(&w, "object", "notification_event_data");
    fb_jsonw_key(&w, "item");
    fb_jsonw_raw(&w, item);
    fb_jsonw_key(&w, "changes");
    fb_jsonw_raw(&w, changes);
    fb_jsonw_end(&w);
    fb_jsonw_end(&w);
    return fb_file_links(ctx->pool, ctx->settings, fb_jsonw_text(&w, NULL),
                         apr_time_from_sec(at + FB_WEBHOOK_FILE_TTL));
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

/* The finish's columns (job_webhook_finish). */
enum {
    FB_WH_DONE_ID, FB_WH_DONE_WEBHOOK, FB_WH_DONE_STATUS,
    FB_WH_DONE_CONSECUTIVE, FB_WH_DONE_FAILURES, FB_WH_DONE_CODE
};

fb_job_finished_fn fb_job_webhook_finished;

/* After the finish, in its transaction: suspends each webhook of the
 * batch that fb_webhook_suspends says its failed attempt suspends,
 * judged on the webhook's row as the finish locked it. */
apr_status_t fb_job_webhook_finished(fb_db_t *db, apr_pool_t *p,
                                     const fb_server_conf_t *conf,
                                     const char *org,
                                     const fb_rows_t *recorded)
{
    const char *judged = NULL;
    int row;

    for (row = 0; row < recorded->nrows; row++) {
        const char *id = fb_rows_get(recorded, row, FB_WH_DONE_WEBHOOK);
        const char *failures = fb_rows_get(recorded, row,
                                           FB_WH_DONE_FAILURES);
        const char *consecutive = fb_rows_get(recorded, row,
                                              FB_WH_DONE_CONSECUTIVE);
        const char *code = fb_rows_get(recorded, row, FB_WH_DONE_CODE);
        apr_status_t rv;

        /* No attempt made; or the webhook judged already (a batch is one
         * webhook's: its rows come together). */
        if (id == NULL || failures == NULL || consecutive == NULL
            || (judged != NULL && strcmp(judged, id) == 0)) {
            continue;
        }
        judged = id;
        if (!fb_webhook_suspends(
                fb_rows_get(recorded, row, FB_WH_DONE_STATUS),
                atol(failures), atol(consecutive),
                code != NULL ? atoi(code) : 0,
                conf->webhook_failure_threshold)) {
            continue;
        }
        rv = fb_db_exec(db, p, &fb_sql_job_webhook_suspend, org,
                        FB_ARGS(id), NULL);
        if (rv != APR_SUCCESS) {
            return rv;
        }
    }
    return APR_SUCCESS;
}

int fb_job_webhook_claim_arg(const fb_server_conf_t *conf);

/* The claim's second argument: the failure threshold it keeps to. */
int fb_job_webhook_claim_arg(const fb_server_conf_t *conf)
{
    return conf->webhook_failure_threshold;
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
    int attempts = atoi(fb_rows_get(ctx->item, ctx->row, 2));
    fb_fetch_request_t req = {0};
    fb_fetch_result_t res;
    json_object *r;
    const char *message;
    apr_int64_t delay;
    fb_job_outcome_e outcome;

    if (strcmp(status, "active") != 0) {
        *error = fb_webhook_skip_reason(ctx->pool, status);
        return FB_JOB_SKIPPED;
    }
    if (timeout_ms <= 0 || timeout_ms > ctx->budget_ms) {
        timeout_ms = ctx->budget_ms;
    }
    if (timeout_ms > ctx->timeout_ms && ctx->row > 0) {
        /* Late in a slow batch: its whole time-out no longer fits in the
         * lease.  Given back, not attempted; due again at once. */
        return FB_JOB_RELEASE;
    }
    if (timeout_ms > ctx->timeout_ms) {
        timeout_ms = ctx->timeout_ms;   /* the first: what the lease left */
    }
    if (!fb_webhook_custom_headers(ctx, fb_job_col(ctx, FB_WH_HEADERS),
                                   headers)
        || !fb_webhook_sign(ctx->pool, fb_job_col(ctx, FB_WH_SECRET),
                            fb_job_col(ctx, FB_WH_EVENT), ts, body,
                            headers)) {
        *error = "the webhook's headers or secret cannot be read";
        return FB_JOB_FAILED;
    }
    apr_table_set(headers, "Content-Type", "application/json");
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
