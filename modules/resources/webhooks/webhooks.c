/*
 * webhooks: an organization's subscriptions of HTTPS endpoints to event
 * topics.  Nova and newer; every operation needs manage_api, and every
 * response carries the signing secret (api.md, decisions.md "Webhooks").
 *
 * A URL is checked when it is stored (fb_fetch_check_url under the
 * server's outbound policy), and again, address by address, when a
 * delivery connects (fb_fetch).  Deliveries are rows of
 * webhook_deliveries, made with the event (fb_events.c) and sent by the
 * worker (modules/jobs/fb_job_webhook.c).
 */
#include <string.h>

#include "apr_hash.h"
#include "apr_strings.h"
#include "apr_lib.h"

#include "fb_fetch.h"
#include "fb_id.h"
#include "fb_json.h"
#include "fb_resource.h"
#include "fb_log.h"
#include "fb_write.h"
#include "webhook_secret.h"
#include "webhooks.h"

/*
 * A webhook's columns, over a row w with the columns of webhooks (the
 * table, or a write's RETURNING *); X(name, sql) gives the enum
 * WEBHOOK_COL_<name> and the select list.
 */
#define WEBHOOK_COLUMNS(X) \
    X(ID, "w.id") \
    X(NAME, "w.name") \
    X(URL, "w.url") \
    X(SECRET, "w.secret") \
    X(DESCRIPTION, "w.description") \
    X(TOPICS, "w.topics") \
    X(STATUS, "w.status") \
    X(TIMEOUT, "w.timeout_ms") \
    X(HEADERS, "w.headers") \
    X(LAST_AT, "w.last_at AT TIME ZONE 'UTC'") \
    X(LAST_CODE, "w.last_code") \
    X(LAST_MESSAGE, "w.last_message") \
    X(LAST_RESPONSE, "w.last_response_ms") \
    X(AVG_RESPONSE, "round(w.avg_response_ms)::integer") \
    X(LAST_SUCCESS, "w.last_success_at AT TIME ZONE 'UTC'") \
    X(ERRORS, "w.errors_since_success") \
    X(FAILURES, "w.consecutive_failures") \
    X(VERSION, "w.version") \
    X(CREATED_AT, "w.created_at AT TIME ZONE 'UTC'") \
    X(UPDATED_AT, "w.updated_at AT TIME ZONE 'UTC'")

#define WEBHOOK_COL_ENUM(name, sql) WEBHOOK_COL_##name,
enum { WEBHOOK_COLUMNS(WEBHOOK_COL_ENUM) WEBHOOK_NCOLS };

/* The select list: the columns, then the list's sort key (column
 * WEBHOOK_NCOLS). */
#define WEBHOOK_COL_SQL(name, sql) sql ", "
#define WEBHOOK_SELECT \
    WEBHOOK_COLUMNS(WEBHOOK_COL_SQL) "fb_ts_key(w.created_at)"

/* A delivery's columns, over d of webhook_deliveries and its event e;
 * its attempts are read for a whole page at once (fb_delivery_prepare). */
#define DELIVERY_COLUMNS(X) \
    X(ID, "d.id") \
    X(WEBHOOK_ID, "d.webhook_id") \
    X(EVENT_ID, "d.event_id") \
    X(TOPIC, "e.topic") \
    X(STATUS, "d.state") \
    X(ATTEMPTS, "d.attempts") \
    X(NEXT_AT, "CASE WHEN d.state = 'pending' " \
               "THEN d.next_attempt_at AT TIME ZONE 'UTC' END") \
    X(LAST_ERROR, "d.last_error") \
    X(DELIVERED_AT, "d.delivered_at AT TIME ZONE 'UTC'") \
    X(CREATED_AT, "d.created_at AT TIME ZONE 'UTC'") \
    X(UPDATED_AT, "d.updated_at AT TIME ZONE 'UTC'")

#define DELIVERY_COL_ENUM(name, sql) DELIVERY_COL_##name,
enum { DELIVERY_COLUMNS(DELIVERY_COL_ENUM) DELIVERY_NCOLS };

#define DELIVERY_SELECT \
    DELIVERY_COLUMNS(WEBHOOK_COL_SQL) "fb_ts_key(d.created_at)"

/* An attempt's columns, after the id of its delivery; answers older
 * than 7 days are no longer shown (decisions.md). */
enum {
    ATTEMPT_COL_DELIVERY_ID, ATTEMPT_COL_ATTEMPT, ATTEMPT_COL_OUTCOME,
    ATTEMPT_COL_STATUS_CODE, ATTEMPT_COL_DURATION, ATTEMPT_COL_ERROR,
    ATTEMPT_COL_BODY, ATTEMPT_COL_CREATED_AT
};

#define DELIVERY_FROM \
    "FROM webhook_deliveries d JOIN events e " \
    "ON e.org_id = d.org_id AND e.id = d.event_id "

/* Newest first; the keyset is (created_at, id); the one filter is the
 * status (NULL: any). */
FB_SQL(webhook_get, 1,
    "SELECT " WEBHOOK_SELECT " FROM webhooks w "
    "WHERE w.org_id = %s AND w.id = %s");

FB_LIST_PARAMS(webhook_list, (status));

#define WEBHOOK_LIST(after) \
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS after_key, " \
    "  %s::text AS after_id, %s::text AS status) " \
    "SELECT " WEBHOOK_SELECT " " \
    "FROM webhooks w, k WHERE w.org_id = k.org_id " \
    "AND w.status = coalesce(k.status, w.status) " after \
    "ORDER BY w.created_at DESC, w.id DESC LIMIT %d"

FB_SQL_WITH(webhook_list, webhook_list, WEBHOOK_LIST(""));

FB_SQL_WITH(webhook_list_after, webhook_list, WEBHOOK_LIST(
    "AND (w.created_at, w.id) "
    "  < (fb_ts_from_key(k.after_key), k.after_id) "));

/* Creations of one organization queue here, so that the count and
 * the insert see the same set of webhooks. */
FB_SQL(webhook_lock_org, 0,
    "SELECT pg_advisory_xact_lock(hashtextextended('webhooks:' || %s, 0))");

/* No row when the organization already has its maximum. */
FB_SQL_NAMED(webhook_insert,
             (name, url, description, secret, topics, timeout_ms, headers,
              maximum),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS name, "
    "  %s::text AS url, %s::text AS description, %s::text AS secret, "
    "  %s::text[] AS topics, %s::integer AS timeout_ms, "
    "  %s::jsonb AS headers, %d AS maximum), "
    "w AS ("
    "  INSERT INTO webhooks (org_id, name, url, description, secret, "
    "                        topics, timeout_ms, headers) "
    "  SELECT k.org_id, k.name, k.url, k.description, k.secret, k.topics, "
    "    coalesce(k.timeout_ms, 10000), coalesce(k.headers, '{}') "
    "  FROM k WHERE (SELECT count(*) FROM webhooks x "
    "                WHERE x.org_id = k.org_id) < k.maximum "
    "  RETURNING *) "
    "SELECT " WEBHOOK_SELECT " FROM w");

/* Given fields replace; the description is cleared by a null (the
 * flag says it was given); status 'active' resets the health
 * figures and lastStatus. */
FB_SQL_NAMED(webhook_update,
             (id, name, url, description_given, description, topics,
              timeout_ms, headers, status),
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::text AS name, %s::text AS url, "
    "  %s::boolean AS description_given, %s::text AS description, "
    "  %s::text[] AS topics, %s::integer AS timeout_ms, "
    "  %s::jsonb AS headers, %s::text AS status), "
    "w AS ("
    "  UPDATE webhooks o SET "
    "    name = coalesce(a.name, o.name), url = coalesce(a.url, o.url), "
    "    description = CASE WHEN a.description_given THEN a.description "
    "      ELSE o.description END, "
    "    topics = coalesce(a.topics, o.topics), "
    "    timeout_ms = coalesce(a.timeout_ms, o.timeout_ms), "
    "    headers = coalesce(a.headers, o.headers), "
    "    status = coalesce(a.status, o.status), "
    "    consecutive_failures = CASE WHEN a.status = 'active' THEN 0 "
    "      ELSE o.consecutive_failures END, "
    "    errors_since_success = CASE WHEN a.status = 'active' THEN 0 "
    "      ELSE o.errors_since_success END, "
    /* A resume starts a new run of failures: its slots are free
     * (sql/017). */
    "    failure_run = CASE WHEN a.status = 'active' "
    "      THEN o.failure_run + 1 ELSE o.failure_run END, "
    "    updated_at = now() "
    "  FROM a WHERE o.org_id = a.org_id AND o.id = a.id RETURNING o.*) "
    "SELECT " WEBHOOK_SELECT " FROM w");

FB_SQL_NAMED(webhook_secret, (id, secret),
    "WITH w AS ("
    "  UPDATE webhooks o SET secret = a.secret, updated_at = now() "
    "  FROM (SELECT %s::text AS org_id, %s::text AS id, "
    "    %s::text AS secret) a "
    "  WHERE o.org_id = a.org_id AND o.id = a.id RETURNING o.*) "
    "SELECT " WEBHOOK_SELECT " FROM w");

FB_SQL(webhook_find, 1,
    "SELECT id FROM webhooks WHERE org_id = %s AND id = %s");

/* A webhook.test event with its item (the webhook without its secret,
 * fb_webhook_test_item) for this webhook only, and its delivery. */
FB_SQL_NAMED(webhook_test, (item, webhook),
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, "
    "  %s::jsonb AS item, %s::text AS webhook), "
    "e AS ("
    "  INSERT INTO events (org_id, topic, item) "
    "  SELECT k.org_id, 'webhook.test', k.item FROM k "
    "  RETURNING org_id, id) "
    "INSERT INTO webhook_deliveries (org_id, webhook_id, event_id) "
    "SELECT e.org_id, k.webhook, e.id FROM e, k RETURNING id");

/* (org, delivery ids) -> the attempts of those deliveries, each
 * delivery's oldest first. */
FB_SQL(webhook_attempts, 1,
    "SELECT a.delivery_id, a.attempt, a.outcome, a.status_code, "
    "  a.duration_ms, a.error, CASE WHEN a.created_at "
    "    > now() - interval '7 days' THEN a.response_body END, "
    "  a.created_at AT TIME ZONE 'UTC' "
    "FROM webhook_delivery_attempts a "
    "WHERE a.org_id = %s AND a.delivery_id = ANY (%s::text[]) "
    "ORDER BY a.delivery_id, a.created_at, a.id");

/* One delivery of a webhook, as its read and its redelivery take it. */
FB_PARAMS(webhook_delivery, (webhook, delivery));

#define WEBHOOK_DELIVERY_KEY \
    "(SELECT %s::text AS org_id, %s::text AS webhook, " \
    "  %s::text AS delivery) k "
#define WEBHOOK_DELIVERY_MATCH \
    "d.org_id = k.org_id AND d.webhook_id = k.webhook " \
    "AND d.id = k.delivery "

FB_SQL_WITH(webhook_delivery_get, webhook_delivery,
    "SELECT " DELIVERY_SELECT " " DELIVERY_FROM ", " WEBHOOK_DELIVERY_KEY
    "WHERE " WEBHOOK_DELIVERY_MATCH);

FB_LIST_PARAMS(webhook_deliveries, (webhook));

#define WEBHOOK_DELIVERIES(after) \
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS after_key, " \
    "  %s::text AS after_id, %s::text AS webhook) " \
    "SELECT " DELIVERY_SELECT " " \
    DELIVERY_FROM ", k WHERE d.org_id = k.org_id " \
    "AND d.webhook_id = k.webhook " after \
    "ORDER BY d.created_at DESC, d.id DESC LIMIT %d"

FB_SQL_WITH(webhook_deliveries, webhook_deliveries, WEBHOOK_DELIVERIES(""));

FB_SQL_WITH(webhook_deliveries_after, webhook_deliveries,
    WEBHOOK_DELIVERIES("AND (d.created_at, d.id) "
                       "  < (fb_ts_from_key(k.after_key), k.after_id) "));

/* A finished delivery is due again at once with a fresh schedule;
 * a pending one is left as it is. */
FB_SQL_WITH(webhook_redeliver, webhook_delivery,
    "UPDATE webhook_deliveries d SET state = 'pending', attempts = 0, "
    "  next_attempt_at = now(), lease_until = NULL, delivered_at = NULL, "
    "  updated_at = now() "
    "FROM " WEBHOOK_DELIVERY_KEY
    "WHERE " WEBHOOK_DELIVERY_MATCH "AND d.state <> 'pending'");

FB_SQL(webhook_delete, 1,
    "DELETE FROM webhooks WHERE org_id = %s AND id = %s RETURNING id");

static const fb_statement_t *const fb_webhook_statements[] = {
    &fb_sql_webhook_get, &fb_sql_webhook_list, &fb_sql_webhook_list_after,
    &fb_sql_webhook_lock_org, &fb_sql_webhook_insert, &fb_sql_webhook_update,
    &fb_sql_webhook_secret, &fb_sql_webhook_find, &fb_sql_webhook_test,
    &fb_sql_webhook_delivery_get, &fb_sql_webhook_deliveries,
    &fb_sql_webhook_deliveries_after, &fb_sql_webhook_attempts,
    &fb_sql_webhook_redeliver, &fb_sql_webhook_delete, NULL
};

/* ---- how webhooks and deliveries are written ---- */

static const fb_rj_member_t fb_webhook_request_config[] = {
    FB_RJ_RAW("timeoutMs", WEBHOOK_COL_TIMEOUT),
    FB_RJ_RAW("headers", WEBHOOK_COL_HEADERS),
    FB_RJ_END
};

static const fb_rj_member_t fb_webhook_last_status[] = {
    FB_RJ_RAW("code", WEBHOOK_COL_LAST_CODE),
    FB_RJ_STRING("message", WEBHOOK_COL_LAST_MESSAGE),
    FB_RJ_TIME("timestamp", WEBHOOK_COL_LAST_AT),
    FB_RJ_END
};

/* lastStatus: null until a delivery was tried. */
static apr_status_t fb_webhook_last_status_of(fb_req_t *fr, fb_jsonw_t *w,
                                              const char *const *row)
{
    if (row[WEBHOOK_COL_LAST_AT] == NULL) {
        fb_jsonw_raw(w, NULL);
        return APR_SUCCESS;
    }
    return fb_rj_object(fr, w, fb_webhook_last_status, row);
}

static const fb_rj_member_t fb_webhook_health[] = {
    FB_RJ_RAW("lastResponseTime", WEBHOOK_COL_LAST_RESPONSE),
    FB_RJ_RAW("avgResponseTime", WEBHOOK_COL_AVG_RESPONSE),
    FB_RJ_TIME("lastSuccessAt", WEBHOOK_COL_LAST_SUCCESS),
    FB_RJ_RAW("errorsSinceLastSuccess", WEBHOOK_COL_ERRORS),
    FB_RJ_RAW("consecutiveFailures", WEBHOOK_COL_FAILURES),
    FB_RJ_END
};

/* topics: as to_json(w.topics) wrote them, ["a","b"]. */
static apr_status_t fb_webhook_topics_of(fb_req_t *fr, fb_jsonw_t *w,
                                         const char *const *row)
{
    return fb_rj_strings(fr, w, row[WEBHOOK_COL_TOPICS], 1);
}

static const fb_rj_member_t fb_webhook_members[] = {
    FB_RJ_CONST("object", "\"webhook\""),
    FB_RJ_STRING("id", WEBHOOK_COL_ID),
    FB_RJ_STRING("name", WEBHOOK_COL_NAME),
    FB_RJ_STRING("url", WEBHOOK_COL_URL),
    FB_RJ_STRING("secret", WEBHOOK_COL_SECRET),
    FB_RJ_STRING("description", WEBHOOK_COL_DESCRIPTION),
    FB_RJ_FN("topics", fb_webhook_topics_of),
    FB_RJ_STRING("status", WEBHOOK_COL_STATUS),
    FB_RJ_OBJECT("requestConfig", fb_webhook_request_config),
    FB_RJ_FN("lastStatus", fb_webhook_last_status_of),
    FB_RJ_OBJECT("health", fb_webhook_health),
    FB_RJ_STRING("version", WEBHOOK_COL_VERSION),
    FB_RJ_TIME("createdAt", WEBHOOK_COL_CREATED_AT),
    FB_RJ_TIME("updatedAt", WEBHOOK_COL_UPDATED_AT),
    FB_RJ_END
};

static const fb_list_rows_t fb_webhook_rows = {
    .members = fb_webhook_members, .json_size = 1024,
    .key_col = WEBHOOK_NCOLS, .id_col = WEBHOOK_COL_ID
};

/* The item of a webhook.test event: the webhook without its secret. */
static const fb_rj_member_t fb_webhook_test_item[] = {
    FB_RJ_CONST("object", "\"webhook\""),
    FB_RJ_STRING("id", WEBHOOK_COL_ID),
    FB_RJ_STRING("name", WEBHOOK_COL_NAME),
    FB_RJ_STRING("url", WEBHOOK_COL_URL),
    FB_RJ_FN("topics", fb_webhook_topics_of),
    FB_RJ_END
};

static const fb_rj_member_t fb_attempt_members[] = {
    FB_RJ_RAW("attempt", ATTEMPT_COL_ATTEMPT),
    FB_RJ_STRING("outcome", ATTEMPT_COL_OUTCOME),
    FB_RJ_RAW("statusCode", ATTEMPT_COL_STATUS_CODE),
    FB_RJ_RAW("durationMs", ATTEMPT_COL_DURATION),
    FB_RJ_STRING("error", ATTEMPT_COL_ERROR),
    FB_RJ_STRING("responseBody", ATTEMPT_COL_BODY),
    FB_RJ_TIME("createdAt", ATTEMPT_COL_CREATED_AT),
    FB_RJ_END
};

/* The request's: delivery id -> its attempts (rows of webhook_attempts,
 * an array of const char *const *), for the deliveries read. */
#define FB_WEBHOOK_ATTEMPTS_KEY "fb_webhook_attempts"

/* Reads the attempts of the deliveries of rows, kept by the request for
 * fb_delivery_attempts. */
static fb_error_t *fb_delivery_prepare(fb_req_t *fr, const fb_rows_t *rows)
{
    apr_array_header_t *ids = apr_array_make(fr->pool, rows->nrows,
                                             sizeof(const char *));
    apr_hash_t *held = apr_hash_make(fr->pool);
    fb_rows_t attempts;
    fb_error_t *err;
    int i;

    for (i = 0; i < rows->nrows; i++) {
        APR_ARRAY_PUSH(ids, const char *) = fb_rows_get(rows, i,
                                                        DELIVERY_COL_ID);
    }
    if ((err = fb_req_select(fr, &fb_sql_webhook_attempts,
                             FB_ARGS(fb_db_text_array(fr->pool, ids)),
                             &attempts)) != NULL) {
        return err;
    }
    for (i = 0; i < attempts.nrows; i++) {
        const char *const *row = attempts.cells + i * attempts.ncols;
        apr_array_header_t *of = apr_hash_get(
            held, row[ATTEMPT_COL_DELIVERY_ID], APR_HASH_KEY_STRING);

        if (of == NULL) {
            of = apr_array_make(fr->pool, 4, sizeof(const char *const *));
            apr_hash_set(held, row[ATTEMPT_COL_DELIVERY_ID],
                         APR_HASH_KEY_STRING, of);
        }
        APR_ARRAY_PUSH(of, const char *const *) = row;
    }
    apr_pool_userdata_setn(held, FB_WEBHOOK_ATTEMPTS_KEY, NULL, fr->pool);
    return NULL;
}

/* attemptLog: the delivery's attempts, oldest first, as json_agg wrote
 * them. */
static apr_status_t fb_delivery_attempts(fb_req_t *fr, fb_jsonw_t *w,
                                         const char *const *row)
{
    apr_hash_t *held = NULL;
    apr_array_header_t *of;
    apr_status_t rv = APR_SUCCESS;
    int i;

    apr_pool_userdata_get((void **)&held, FB_WEBHOOK_ATTEMPTS_KEY,
                          fr->pool);
    if (held == NULL) {
        ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, fr->r, FBLOGNO(00561)
                      "the attempts of delivery %s were not read",
                      row[DELIVERY_COL_ID]);
        return APR_EGENERAL;
    }
    of = apr_hash_get(held, row[DELIVERY_COL_ID], APR_HASH_KEY_STRING);
    fb_jsonw_array(w);
    for (i = 0; of != NULL && i < of->nelts && rv == APR_SUCCESS; i++) {
        rv = fb_rj_object(fr, w, fb_attempt_members,
                          APR_ARRAY_IDX(of, i, const char *const *));
    }
    fb_jsonw_end(w);
    return rv;
}

static const fb_rj_member_t fb_delivery_members[] = {
    FB_RJ_CONST("object", "\"webhook_delivery\""),
    FB_RJ_STRING("id", DELIVERY_COL_ID),
    FB_RJ_STRING("webhookId", DELIVERY_COL_WEBHOOK_ID),
    FB_RJ_STRING("eventId", DELIVERY_COL_EVENT_ID),
    FB_RJ_STRING("topic", DELIVERY_COL_TOPIC),
    FB_RJ_STRING("status", DELIVERY_COL_STATUS),
    FB_RJ_RAW("attempts", DELIVERY_COL_ATTEMPTS),
    FB_RJ_TIME("nextAttemptAt", DELIVERY_COL_NEXT_AT),
    FB_RJ_STRING("lastError", DELIVERY_COL_LAST_ERROR),
    FB_RJ_TIME("deliveredAt", DELIVERY_COL_DELIVERED_AT),
    FB_RJ_TIME("createdAt", DELIVERY_COL_CREATED_AT),
    FB_RJ_TIME("updatedAt", DELIVERY_COL_UPDATED_AT),
    FB_RJ_FN("attemptLog", fb_delivery_attempts),
    FB_RJ_END
};

static const fb_list_rows_t fb_delivery_rows = {
    .members = fb_delivery_members, .json_size = 1024,
    .key_col = DELIVERY_NCOLS, .id_col = DELIVERY_COL_ID,
    .prepare = fb_delivery_prepare
};

static const fb_list_order_t fb_webhooks_newest = {
    .first = &fb_sql_webhook_list,
    .after = &fb_sql_webhook_list_after,
    .cursor_sort = "webhooks.createdAt.desc",
    .key_valid = fb_key_integer,
};

static const fb_resource_t fb_webhooks = {
    .get = &fb_sql_webhook_get,
    .not_found = FB_E_WEBHOOK_NOT_FOUND,
    .shape = FB_LIST_CURSOR,
    .order = &fb_webhooks_newest,
    .rows = &fb_webhook_rows,
};

const char *const fb_webhook_topics[] = {
    "post.created", "post.updated", "post.deleted", "post.voted",
    "ticket.created", "ticket.updated", "ticket.deleted",
    "changelog.published",
    "comment.created", "comment.updated", "comment.deleted",
    "conversation.user.created", "conversation.user.replied",
    "conversation.admin.replied", "conversation.admin.noted",
    "conversation.admin.assigned", "conversation.admin.opened",
    "conversation.admin.closed", "conversation.admin.snoozed",
    "conversation.admin.unsnoozed", "conversation.contact.attached",
    "conversation.contact.detached", "conversation.priority.updated",
    "conversation.read", "conversation.deleted",
    "conversation.handover_requested", "conversation_part.redacted",
    "article.created", "article.updated", "article.deleted",
    "collection.created", "collection.updated", "collection.deleted",
    NULL
};

static const char *const fb_webhook_statuses[] = {
    "active", "paused", "suspended", NULL
};

static const char *const fb_webhook_settable[] = {"active", "paused", NULL};

/* Headers a receiver cannot be sent as custom ones: what HTTP itself or
 * libcurl writes, and the signature set. */
static const char *const fb_webhook_reserved_headers[] = {
    "host", "content-type", "content-length", "transfer-encoding",
    "connection", "expect", "keep-alive", "te", "trailer", "upgrade",
    "x-webhook-signature", "x-webhook-timestamp", "webhook-id",
    "webhook-timestamp", "webhook-signature", NULL
};

/* ---- input ---- */

static const fb_field_rule_t fb_webhook_config_rules[] = {
    {.name = "timeoutMs", .type = FB_FIELD_INT, .min = FB_WEBHOOK_TIMEOUT_MIN,
     .max = FB_WEBHOOK_TIMEOUT_MAX},
    {.name = "headers", .type = FB_FIELD_OBJECT, .flags = FB_FIELD_SECRET},
    {.name = NULL}
};

#define WEBHOOK_FIELDS(req) \
    {.name = "name", .type = FB_FIELD_STRING, .flags = (req), \
     .min = 1, .max = 255}, \
    {.name = "url", .type = FB_FIELD_URL, .flags = (req), \
     .max = FB_FETCH_URL_MAX}, \
    {.name = "topics", .type = FB_FIELD_STRING_ARRAY, .flags = (req), \
     .min = 1, .max = 64, .item_max = 64, .choices = fb_webhook_topics}, \
    {.name = "requestConfig", .type = FB_FIELD_OBJECT, \
     .fields = fb_webhook_config_rules}

static const fb_field_rule_t fb_webhook_create_rules[] = {
    WEBHOOK_FIELDS(FB_FIELD_REQUIRED),
    {.name = "description", .type = FB_FIELD_STRING, .max = 500},
    {.name = NULL}
};

static const fb_field_rule_t fb_webhook_update_rules[] = {
    WEBHOOK_FIELDS(0),
    {.name = "description", .type = FB_FIELD_STRING, .max = 500,
     .flags = FB_FIELD_NULL_CLEARS},
    {.name = "status", .type = FB_FIELD_ENUM, .choices = fb_webhook_settable},
    {.name = NULL}
};

static fb_error_t *fb_webhook_bad(fb_req_t *fr, const char *param,
                                  const char *message)
{
    return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, param, message);
}

static int fb_in_list(const char *const *list, const char *s, int nocase)
{
    for (; *list != NULL; list++) {
        if ((nocase ? strcasecmp(*list, s) : strcmp(*list, s)) == 0) {
            return 1;
        }
    }
    return 0;
}

int fb_webhook_topic_known(const char *topic)
{
    return fb_in_list(fb_webhook_topics, topic, 0);
}

/* An HTTP token (RFC 9110): at least one tchar. */
static int fb_http_token(const char *s)
{
    if (*s == '\0') {
        return 0;
    }
    for (; *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;

        if (!apr_isalnum(c) && strchr("!#$%&'*+-.^_`|~", c) == NULL) {
            return 0;
        }
    }
    return 1;
}

/* The topics given, known and without repeats, as a text[] literal. */
static fb_error_t *fb_webhook_topics_arg(fb_req_t *fr, json_object *topics,
                                         const char **out)
{
    apr_array_header_t *list = apr_array_make(fr->pool, 8, sizeof(char *));
    size_t i, j, n = json_object_array_length(topics);

    for (i = 0; i < n; i++) {
        const char *t = json_object_get_string(
            json_object_array_get_idx(topics, i));
        int seen = 0;

        if (!fb_webhook_topic_known(t)) {
            return fb_webhook_bad(fr, "topics", apr_psprintf(
                fr->pool, "Unknown topic '%s'.", t));
        }
        for (j = 0; j < (size_t)list->nelts; j++) {
            seen |= strcmp(APR_ARRAY_IDX(list, j, const char *), t) == 0;
        }
        if (!seen) {
            APR_ARRAY_PUSH(list, const char *) = apr_pstrdup(fr->pool, t);
        }
    }
    *out = fb_db_text_array(fr->pool, list);
    return NULL;
}

/* requestConfig.headers: at most 10 HTTP tokens, not reserved, with
 * string values of at most 1024 characters without CR or LF. */
static fb_error_t *fb_webhook_headers_arg(fb_req_t *fr, json_object *headers,
                                          const char **out)
{
    const char *param = "requestConfig.headers";

    if (json_object_object_length(headers) > FB_WEBHOOK_HEADERS_MAX) {
        return fb_webhook_bad(fr, param, "At most 10 custom headers.");
    }
    json_object_object_foreach(headers, name, value) {
        const char *v;

        if (!fb_http_token(name) || strlen(name) > 256) {
            return fb_webhook_bad(fr, param, apr_psprintf(
                fr->pool, "'%s' is not a valid header name.", name));
        }
        if (fb_in_list(fb_webhook_reserved_headers, name, 1)
            || strncasecmp(name, "proxy-", 6) == 0) {
            return fb_webhook_bad(fr, param, apr_psprintf(
                fr->pool, "The header '%s' cannot be set.", name));
        }
        if (!json_object_is_type(value, json_type_string)) {
            return fb_webhook_bad(fr, param, apr_psprintf(
                fr->pool, "The value of '%s' must be a string.", name));
        }
        v = json_object_get_string(value);
        if (strlen(v) > FB_WEBHOOK_HEADER_VALUE_MAX
            || strpbrk(v, "\r\n") != NULL
            || (size_t)json_object_get_string_len(value) != strlen(v)) {
            return fb_webhook_bad(fr, param, apr_psprintf(
                fr->pool, "The value of '%s' must have at most 1024 "
                "characters and no line breaks.", name));
        }
    }
    *out = fb_json_text(fr->pool, headers);
    return NULL;
}

static fb_error_t *fb_webhook_url_arg(fb_req_t *fr, const char *url)
{
    const fb_fetch_options_t *opt = fb_config_outbound(fr->r->server);
    const char *why = fb_fetch_check_url(opt->policy, url);

    return why == NULL ? NULL
        : fb_webhook_bad(fr, "url", apr_pstrcat(fr->pool, "url ", why, ".",
                                                NULL));
}

/* The checked arguments of a create or an update. */
typedef struct {
    const char *name, *url, *topics, *timeout, *headers;
    const char *description;
    int description_given;
    const char *status;
} fb_webhook_input_t;

static fb_error_t *fb_webhook_input(fb_req_t *fr, fb_webhook_input_t *in)
{
    json_object *body = fr->body, *v, *config;
    fb_error_t *err;

    memset(in, 0, sizeof(*in));
    in->name = fb_json_string(body, "name");
    in->url = fb_json_string(body, "url");
    in->status = fb_json_string(body, "status");
    if (json_object_object_get_ex(body, "description", &v)) {
        in->description_given = 1;
        in->description = json_object_is_type(v, json_type_null)
                          ? NULL : json_object_get_string(v);
    }
    if (in->url != NULL && (err = fb_webhook_url_arg(fr, in->url)) != NULL) {
        return err;
    }
    if (json_object_object_get_ex(body, "topics", &v)
        && json_object_is_type(v, json_type_array)
        && (err = fb_webhook_topics_arg(fr, v, &in->topics)) != NULL) {
        return err;
    }
    if (json_object_object_get_ex(body, "requestConfig", &config)
        && json_object_is_type(config, json_type_object)) {
        if (json_object_object_get_ex(config, "timeoutMs", &v)
            && json_object_is_type(v, json_type_int)) {
            in->timeout = apr_psprintf(fr->pool, "%d",
                                       json_object_get_int(v));
        }
        if (json_object_object_get_ex(config, "headers", &v)
            && json_object_is_type(v, json_type_object)
            && (err = fb_webhook_headers_arg(fr, v, &in->headers)) != NULL) {
            return err;
        }
    }
    return NULL;
}

/* A new secret (webhook_secret.h). */
static fb_error_t *fb_webhook_new_secret(fb_req_t *fr, const char **out)
{
    return fb_webhook_secret_make(fr->pool, out) == APR_SUCCESS ? NULL
        : fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
}

/* Answers the webhook of rows (one). */
static fb_error_t *fb_webhook_respond(fb_req_t *fr, int status,
                                      const fb_rows_t *rows)
{
    const char *json = fb_resource_json(fr, &fb_webhooks, rows, 0);

    if (json == NULL) {
        return fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
    }
    fb_respond(fr, status, json);
    return NULL;
}

/* ---- POST /webhooks ---- */

static fb_error_t *fb_webhook_create(fb_req_t *fr)
{
    fb_webhook_input_t in;
    const char *secret;
    fb_error_t *err;
    fb_rows_t rows;
    fb_write_t w;

    if ((err = fb_webhook_input(fr, &in)) != NULL
        || (err = fb_webhook_new_secret(fr, &secret)) != NULL) {
        return err;
    }
    fb_write_begin(&w, fr);
    fb_write_exec(&w, &fb_sql_webhook_lock_org, FB_NO_ARGS);
    fb_write_select(&w, FB_CALL(webhook_insert, .name = in.name,
                                .url = in.url,
                                .description = in.description,
                                .secret = secret, .topics = in.topics,
                                .timeout_ms = in.timeout,
                                .headers = in.headers,
                                .maximum = apr_itoa(fr->pool,
                                                    fr->conf->webhook_max)),
                    &rows);
    if (fb_write_ok(&w) && rows.nrows == 0) {
        /* Refused: nothing was made, nothing is audited. */
        fb_write_fail(&w, fb_error_make(fr->pool, FB_E_INVALID_REQUEST,
                                        NULL, apr_psprintf(
                                            fr->pool, "The organization "
                                            "already has its maximum of %d "
                                            "webhooks.",
                                            fr->conf->webhook_max)));
    }
    else if (fb_write_ok(&w)) {
        fb_write_target(&w, fb_rows_get(&rows, 0, WEBHOOK_COL_ID));
    }
    if ((err = fb_write_end(&w)) != NULL) {
        return err;
    }
    return fb_webhook_respond(fr, HTTP_CREATED, &rows);
}

/* Runs st with args and answers the webhook it returns, or 404
 * webhook_not_found when it returns none. */
static fb_error_t *fb_webhook_answer(fb_req_t *fr, const fb_statement_t *st,
                                     fb_args_t args)
{
    fb_rows_t rows;
    fb_write_t w;

    fb_error_t *err;

    fb_write_begin(&w, fr);
    if (fb_write_select(&w, st, args, &rows) && rows.nrows == 0) {
        fb_write_fail(&w, fb_error_make(fr->pool, FB_E_WEBHOOK_NOT_FOUND,
                                        "id", NULL));
    }
    if ((err = fb_write_end(&w)) != NULL) {
        return err;
    }
    return fb_webhook_respond(fr, HTTP_OK, &rows);
}

/* ---- PATCH /webhooks/{id} ---- */

static fb_error_t *fb_webhook_update(fb_req_t *fr)
{
    fb_webhook_input_t in;
    const char *id;
    fb_error_t *err;

    if ((err = fb_resource_id(fr, &id)) != NULL
        || (err = fb_webhook_input(fr, &in)) != NULL) {
        return err;
    }
    return fb_webhook_answer(
        fr, FB_CALL(webhook_update, .id = id, .name = in.name, .url = in.url,
                    .description_given = fb_bool_text(in.description_given),
                    .description = in.description, .topics = in.topics,
                    .timeout_ms = in.timeout, .headers = in.headers,
                    .status = in.status));
}

/* ---- POST /webhooks/{id}/secret ---- */

static fb_error_t *fb_webhook_rotate(fb_req_t *fr)
{
    const char *id, *secret;
    fb_error_t *err;

    if ((err = fb_resource_id(fr, &id)) != NULL
        || (err = fb_webhook_new_secret(fr, &secret)) != NULL) {
        return err;
    }
    return fb_webhook_answer(fr, FB_CALL(webhook_secret, .id = id,
                                         .secret = secret));
}

/* ---- DELETE /webhooks/{id} ---- */

/* Its deliveries and their attempts go with it (cascade). */
static fb_error_t *fb_webhook_delete(fb_req_t *fr)
{
    const char *id;
    fb_error_t *err;
    fb_rows_t rows;
    fb_write_t w;

    if ((err = fb_resource_id(fr, &id)) != NULL) {
        return err;
    }
    fb_write_begin(&w, fr);
    if (fb_write_select(&w, &fb_sql_webhook_delete, FB_ARGS(id), &rows)
        && rows.nrows == 0) {
        fb_write_fail(&w, fb_error_make(fr->pool, FB_E_WEBHOOK_NOT_FOUND,
                                        "id", NULL));
    }
    return fb_write_respond(&w, HTTP_OK,
                            fb_resource_deleted(fr->pool, id, "webhook"));
}

/* ---- deliveries ---- */

/* The webhook of the path: 400 invalid_id, 404 webhook_not_found. */
static fb_error_t *fb_webhook_find(fb_req_t *fr, const char **id)
{
    const char *found = NULL;
    fb_error_t *err;

    if ((err = fb_resource_id(fr, id)) != NULL
        || (err = fb_resource_lookup(fr, &fb_sql_webhook_find, *id, &found))
           != NULL) {
        return err;
    }
    return found == NULL
           ? fb_error_make(fr->pool, FB_E_WEBHOOK_NOT_FOUND, "id", NULL)
           : NULL;
}

/* Answers one delivery of webhook id. */
static fb_error_t *fb_delivery_respond(fb_req_t *fr, int status,
                                       const char *id, const char *delivery)
{
    const char *json;
    fb_rows_t rows;
    fb_error_t *err = fb_req_select(fr, &fb_sql_webhook_delivery_get,
                                    FB_NAMED(webhook_delivery, .webhook = id,
                                             .delivery = delivery),
                                    &rows);

    if (err != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, FB_E_WEBHOOK_DELIVERY_NOT_FOUND,
                             "deliveryId", NULL);
    }
    if ((err = fb_delivery_prepare(fr, &rows)) != NULL) {
        return err;
    }
    if ((json = fb_rj_json(fr, fb_delivery_members, rows.cells,
                           fb_delivery_rows.json_size)) == NULL) {
        return fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
    }
    fb_respond(fr, status, json);
    return NULL;
}

/* POST /webhooks/{id}/test: a webhook.test event delivered to this
 * webhook alone, by the worker like any other; 202 with the delivery. */
static fb_error_t *fb_webhook_test(fb_req_t *fr)
{
    const char *id, *item = NULL;
    fb_rows_t rows, made;
    fb_error_t *err;
    fb_write_t w;

    if ((err = fb_resource_id(fr, &id)) != NULL) {
        return err;
    }
    fb_write_begin(&w, fr);
    if (fb_write_select(&w, &fb_sql_webhook_get, FB_ARGS(id), &rows)
        && rows.nrows == 0) {
        fb_write_fail(&w, fb_error_make(fr->pool, FB_E_WEBHOOK_NOT_FOUND,
                                        "id", NULL));
    }
    else if (fb_write_ok(&w)
             && (item = fb_rj_json(fr, fb_webhook_test_item, rows.cells,
                                   512)) == NULL) {
        fb_write_fail(&w, fb_error_make(fr->pool, FB_E_INTERNAL, NULL,
                                        NULL));
    }
    fb_write_select(&w, FB_CALL(webhook_test, .item = item, .webhook = id),
                    &made);
    if ((err = fb_write_end(&w)) != NULL) {
        return err;
    }
    return fb_delivery_respond(fr, HTTP_ACCEPTED, id,
                               fb_rows_get(&made, 0, 0));
}

static const fb_list_order_t fb_webhook_deliveries_order = {
    .first = &fb_sql_webhook_deliveries,
    .after = &fb_sql_webhook_deliveries_after,
    .cursor_sort = "webhook.deliveries.createdAt.desc",
    .key_valid = fb_key_integer,
};

/* GET /webhooks/{id}/deliveries: the delivery log, newest first. */
static fb_error_t *fb_webhook_deliveries(fb_req_t *fr)
{
    const char *id;
    fb_error_t *err = fb_webhook_find(fr, &id);

    return err != NULL ? err
        : fb_list_respond_rows(fr, &fb_webhook_deliveries_order,
                               FB_NAMED(webhook_deliveries, .webhook = id),
                               &fb_delivery_rows);
}

/* POST /webhooks/{id}/deliveries/{deliveryId}/redeliver: 202 with the
 * delivery, due again at once. */
static fb_error_t *fb_webhook_redeliver(fb_req_t *fr)
{
    const char *id, *delivery;
    fb_rows_t rows;
    fb_write_t w;
    fb_error_t *err;

    if ((err = fb_webhook_find(fr, &id)) != NULL) {
        return err;
    }
    delivery = fb_id_normalize(fr->pool, fb_req_param(fr, "deliveryId"));
    if (delivery == NULL) {
        return fb_error_make(fr->pool, FB_E_INVALID_ID, "deliveryId",
                             "The delivery id must be a 24-character "
                             "hexadecimal object id.");
    }
    /* A write of its own (its audit entry): a delivery that is not
     * there changes nothing. */
    fb_write_begin(&w, fr);
    fb_write_exec(&w, &fb_sql_webhook_redeliver,
                  FB_NAMED(webhook_delivery, .webhook = id,
                           .delivery = delivery));
    if (fb_write_select(&w, &fb_sql_webhook_delivery_get,
                        FB_NAMED(webhook_delivery, .webhook = id,
                                 .delivery = delivery),
                        &rows) && rows.nrows == 0) {
        fb_write_fail(&w, fb_error_make(fr->pool,
                                        FB_E_WEBHOOK_DELIVERY_NOT_FOUND,
                                        "deliveryId", NULL));
    }
    if ((err = fb_write_end(&w)) != NULL) {
        return err;
    }
    return fb_delivery_respond(fr, HTTP_ACCEPTED, id, delivery);
}

/* ---- GET /webhooks ---- */

static const fb_query_rule_t fb_webhook_list_rules[] = {
    FB_QUERY_RULES_PAGE,
    {.name = "status", .type = FB_Q_ENUM, .choices = fb_webhook_statuses},
    {.name = NULL}
};

static fb_error_t *fb_webhook_list(fb_req_t *fr)
{
    return fb_list_respond_rows(
        fr, &fb_webhooks_newest,
        FB_NAMED(webhook_list, .status = fb_query_get(&fr->query, "status")),
        &fb_webhook_rows);
}

/* ---- routes ---- */

#define WEBHOOK_OP(fn, op_flags, query_rules, body_rules) \
    WEBHOOK_WRITE(fn, op_flags, query_rules, body_rules, NULL)
#define WEBHOOK_WRITE(fn, op_flags, query_rules, body_rules, audited) \
    {.handler = (fn), .flags = (op_flags), .min_version = FB_VERSION_NOVA, \
     .permission = FB_PERM_MANAGE_API, .query = (query_rules), \
     .body = (body_rules), .data = &fb_webhooks, .audit = (audited)}

static const fb_op_t fb_webhook_list_op =
    WEBHOOK_OP(fb_webhook_list, 0, fb_webhook_list_rules, NULL);
static const fb_op_t fb_webhook_get_op =
    WEBHOOK_OP(fb_resource_get, 0, NULL, NULL);
static const fb_op_t fb_webhook_create_op =
    WEBHOOK_WRITE(fb_webhook_create, FB_OP_BODY | FB_OP_WRITE, NULL, fb_webhook_create_rules,
                  FB_AUDIT_MADE("webhook.created", "integrations", "webhook"));
static const fb_op_t fb_webhook_update_op =
    WEBHOOK_WRITE(fb_webhook_update, FB_OP_BODY | FB_OP_WRITE, NULL, fb_webhook_update_rules,
                  FB_AUDIT_OF("webhook.updated", "integrations", "webhook"));
static const fb_op_t fb_webhook_delete_op =
    WEBHOOK_WRITE(fb_webhook_delete, FB_OP_WRITE, NULL, NULL,
                  FB_AUDIT_OF("webhook.deleted", "integrations", "webhook"));
static const fb_op_t fb_webhook_rotate_op =
    WEBHOOK_WRITE(fb_webhook_rotate, FB_OP_WRITE, NULL, NULL,
                  FB_AUDIT_OF("webhook.secret_rotated", "integrations", "webhook"));

static const fb_op_t fb_webhook_test_op =
    WEBHOOK_WRITE(fb_webhook_test, FB_OP_WRITE, NULL, NULL,
                  FB_AUDIT_OF("webhook.tested", "integrations", "webhook"));
static const fb_op_t fb_webhook_deliveries_op =
    WEBHOOK_OP(fb_webhook_deliveries, 0, fb_resource_page_rules, NULL);
static const fb_op_t fb_webhook_redeliver_op =
    WEBHOOK_WRITE(fb_webhook_redeliver, FB_OP_WRITE, NULL, NULL,
                  FB_AUDIT_OF("webhook.redelivered", "integrations", "webhook"));

static const fb_route_t fb_webhook_routes[] = {
    {"GET", "/webhooks", &fb_webhook_list_op},
    {"POST", "/webhooks", &fb_webhook_create_op},
    {"GET", "/webhooks/{id}", &fb_webhook_get_op},
    {"PATCH", "/webhooks/{id}", &fb_webhook_update_op},
    {"DELETE", "/webhooks/{id}", &fb_webhook_delete_op},
    {"POST", "/webhooks/{id}/secret", &fb_webhook_rotate_op},
    {"POST", "/webhooks/{id}/test", &fb_webhook_test_op},
    {"GET", "/webhooks/{id}/deliveries", &fb_webhook_deliveries_op},
    {"POST", "/webhooks/{id}/deliveries/{deliveryId}/redeliver",
     &fb_webhook_redeliver_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_webhooks_module = {
    .name = "webhooks",
    .routes = fb_webhook_routes,
    .statements = fb_webhook_statements,
};
