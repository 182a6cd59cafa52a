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

#include "apr_strings.h"
#include "apr_lib.h"

#include "fb_fetch.h"
#include "fb_id.h"
#include "fb_json.h"
#include "fb_resource.h"
#include "fb_write.h"
#include "webhook_secret.h"
#include "webhooks.h"

#define WEBHOOK_JSON \
    "json_build_object(" \
    "'object', 'webhook', 'id', w.id, 'name', w.name, 'url', w.url, " \
    "'secret', w.secret, 'description', w.description, " \
    "'topics', to_json(w.topics), 'status', w.status, " \
    "'requestConfig', json_build_object('timeoutMs', w.timeout_ms, " \
    "  'headers', w.headers), " \
    "'lastStatus', CASE WHEN w.last_at IS NULL THEN NULL ELSE " \
    "  json_build_object('code', w.last_code, 'message', w.last_message, " \
    "  'timestamp', fb_iso(w.last_at)) END, " \
    "'health', json_build_object(" \
    "  'lastResponseTime', w.last_response_ms, " \
    "  'avgResponseTime', round(w.avg_response_ms)::integer, " \
    "  'lastSuccessAt', fb_iso(w.last_success_at), " \
    "  'errorsSinceLastSuccess', w.errors_since_success, " \
    "  'consecutiveFailures', w.consecutive_failures), " \
    "'version', w.version, 'createdAt', fb_iso(w.created_at), " \
    "'updatedAt', fb_iso(w.updated_at))"

/* A delivery with its attempts, oldest first; answers older than 7 days
 * are no longer shown (decisions.md). */
#define DELIVERY_JSON \
    "json_build_object(" \
    "'object', 'webhook_delivery', 'id', d.id, 'webhookId', d.webhook_id, " \
    "'eventId', d.event_id, 'topic', e.topic, 'status', d.state, " \
    "'attempts', d.attempts, " \
    "'nextAttemptAt', CASE WHEN d.state = 'pending' " \
    "  THEN fb_iso(d.next_attempt_at) END, " \
    "'lastError', d.last_error, 'deliveredAt', fb_iso(d.delivered_at), " \
    "'createdAt', fb_iso(d.created_at), 'updatedAt', fb_iso(d.updated_at), " \
    "'attemptLog', coalesce((SELECT json_agg(json_build_object(" \
    "  'attempt', a.attempt, 'outcome', a.outcome, " \
    "  'statusCode', a.status_code, 'durationMs', a.duration_ms, " \
    "  'error', a.error, 'responseBody', CASE WHEN a.created_at " \
    "    > now() - interval '7 days' THEN a.response_body END, " \
    "  'createdAt', fb_iso(a.created_at)) ORDER BY a.created_at, a.id) " \
    "  FROM webhook_delivery_attempts a " \
    "  WHERE a.org_id = d.org_id AND a.delivery_id = d.id), '[]'))"

#define DELIVERY_FROM \
    "FROM webhook_deliveries d JOIN events e " \
    "ON e.org_id = d.org_id AND e.id = d.event_id "

/* Newest first; the keyset is (created_at, id); the one filter is the
 * status (NULL: any). */
FB_SQL(webhook_get, 1,
    "SELECT " WEBHOOK_JSON " FROM webhooks w "
    "WHERE w.org_id = %s AND w.id = %s");

FB_SQL(webhook_list, 2,
    "SELECT " WEBHOOK_JSON ", fb_ts_key(w.created_at), w.id "
    "FROM webhooks w WHERE w.org_id = %s "
    "AND w.status = coalesce(%s, w.status) "
    "ORDER BY w.created_at DESC, w.id DESC LIMIT %d");

FB_SQL(webhook_list_after, 4,
    "SELECT " WEBHOOK_JSON ", fb_ts_key(w.created_at), w.id "
    "FROM webhooks w WHERE w.org_id = %s "
    "AND w.status = coalesce(%s, w.status) "
    "AND (w.created_at, w.id) < (fb_ts_from_key(%s), %s) "
    "ORDER BY w.created_at DESC, w.id DESC LIMIT %d");

/* Creations of one organization queue here, so that the count and
 * the insert see the same set of webhooks. */
FB_SQL(webhook_lock_org, 0,
    "SELECT pg_advisory_xact_lock(hashtextextended('webhooks:' || %s, 0))");

/* No row when the organization already has its maximum.  (org, name,
 * url, description, secret, topics, timeout, headers, maximum) */
FB_SQL(webhook_insert, 8,
    "WITH w AS ("
    "  INSERT INTO webhooks (org_id, name, url, description, secret, "
    "                        topics, timeout_ms, headers) "
    "  SELECT %s, %s, %s, %s, %s, %s::text[], "
    "    coalesce(%s::integer, 10000), coalesce(%s::jsonb, '{}') "
    "  WHERE (SELECT count(*) FROM webhooks WHERE org_id = $1) < %d "
    "  RETURNING *) "
    "SELECT " WEBHOOK_JSON " FROM w");

/* Given fields replace; the description is cleared by a null (the
 * flag says it was given); status 'active' resets the health
 * figures and lastStatus.  (org, id, name, url, description given,
 * description, topics, timeout, headers, status) */
FB_SQL(webhook_update, 9,
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
    "SELECT " WEBHOOK_JSON " FROM w");

/* (org, id, secret) */
FB_SQL(webhook_secret, 2,
    "WITH w AS ("
    "  UPDATE webhooks o SET secret = a.secret, updated_at = now() "
    "  FROM (SELECT %s::text AS org_id, %s::text AS id, "
    "    %s::text AS secret) a "
    "  WHERE o.org_id = a.org_id AND o.id = a.id RETURNING o.*) "
    "SELECT " WEBHOOK_JSON " FROM w");

FB_SQL(webhook_find, 1,
    "SELECT id FROM webhooks WHERE org_id = %s AND id = %s");

/* A webhook.test event for this webhook only, and its delivery, in
 * one statement; the item is the webhook without its secret. */
FB_SQL(webhook_test, 1,
    "WITH w AS (SELECT * FROM webhooks WHERE org_id = %s AND id = %s), "
    "e AS ("
    "  INSERT INTO events (org_id, topic, item) "
    "  SELECT w.org_id, 'webhook.test', json_build_object("
    "    'object', 'webhook', 'id', w.id, 'name', w.name, 'url', w.url, "
    "    'topics', to_json(w.topics))::jsonb FROM w "
    "  RETURNING org_id, id), "
    "d AS ("
    "  INSERT INTO webhook_deliveries (org_id, webhook_id, event_id) "
    "  SELECT e.org_id, w.id, e.id FROM e, w RETURNING id) "
    "SELECT id FROM d");

FB_SQL(webhook_delivery_get, 2,
    "SELECT " DELIVERY_JSON " " DELIVERY_FROM
    "WHERE d.org_id = %s AND d.webhook_id = %s AND d.id = %s");

FB_SQL(webhook_deliveries, 2,
    "SELECT " DELIVERY_JSON ", fb_ts_key(d.created_at), d.id "
    DELIVERY_FROM "WHERE d.org_id = %s AND d.webhook_id = %s "
    "ORDER BY d.created_at DESC, d.id DESC LIMIT %d");

FB_SQL(webhook_deliveries_after, 4,
    "SELECT " DELIVERY_JSON ", fb_ts_key(d.created_at), d.id "
    DELIVERY_FROM "WHERE d.org_id = %s AND d.webhook_id = %s "
    "AND (d.created_at, d.id) < (fb_ts_from_key(%s), %s) "
    "ORDER BY d.created_at DESC, d.id DESC LIMIT %d");

/* A finished delivery is due again at once with a fresh schedule;
 * a pending one is left as it is. */
FB_SQL(webhook_redeliver, 2,
    "UPDATE webhook_deliveries SET state = 'pending', attempts = 0, "
    "  next_attempt_at = now(), lease_until = NULL, delivered_at = NULL, "
    "  updated_at = now() "
    "WHERE org_id = %s AND webhook_id = %s AND id = %s "
    "  AND state <> 'pending'");

FB_SQL(webhook_delete, 1,
    "DELETE FROM webhooks WHERE org_id = %s AND id = %s RETURNING id");

static const fb_statement_t *const fb_webhook_statements[] = {
    &fb_sql_webhook_get, &fb_sql_webhook_list, &fb_sql_webhook_list_after,
    &fb_sql_webhook_lock_org, &fb_sql_webhook_insert, &fb_sql_webhook_update,
    &fb_sql_webhook_secret, &fb_sql_webhook_find, &fb_sql_webhook_test,
    &fb_sql_webhook_delivery_get, &fb_sql_webhook_deliveries,
    &fb_sql_webhook_deliveries_after, &fb_sql_webhook_redeliver,
    &fb_sql_webhook_delete, NULL
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
    {.name = "headers", .type = FB_FIELD_OBJECT},
    {.name = NULL}
};

#define WEBHOOK_FIELDS(req) \
    {.name = "name", .type = FB_FIELD_STRING, .flags = (req), \
     .min = 1, .max = 255}, \
    {.name = "url", .type = FB_FIELD_STRING, .flags = (req), \
     .min = 1, .max = FB_FETCH_URL_MAX}, \
    {.name = "topics", .type = FB_FIELD_STRING_ARRAY, .flags = (req), \
     .min = 1, .max = 64, .item_max = 64}, \
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
    fb_write_select(&w, &fb_sql_webhook_insert,
                    FB_ARGS(in.name, in.url, in.description, secret,
                            in.topics, in.timeout, in.headers,
                            apr_itoa(fr->pool, fr->conf->webhook_max)),
                    &rows);
    if ((err = fb_write_end(&w)) != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, FB_E_INVALID_REQUEST, NULL,
                             apr_psprintf(fr->pool, "The organization "
                                          "already has its maximum of %d "
                                          "webhooks.",
                                          fr->conf->webhook_max));
    }
    fb_respond(fr, HTTP_CREATED, fb_rows_get(&rows, 0, 0));
    return NULL;
}

/* Runs st with args and answers the webhook it returns, or 404
 * webhook_not_found when it returns none. */
static fb_error_t *fb_webhook_answer(fb_req_t *fr, const fb_statement_t *st,
                                     fb_args_t args)
{
    fb_rows_t rows;
    fb_write_t w;

    fb_write_begin(&w, fr);
    if (fb_write_select(&w, st, args, &rows) && rows.nrows == 0) {
        fb_write_fail(&w, fb_error_make(fr->pool, FB_E_WEBHOOK_NOT_FOUND,
                                        "id", NULL));
    }
    return fb_write_respond(&w, HTTP_OK, fb_rows_get(&rows, 0, 0));
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
    return fb_webhook_answer(fr, &fb_sql_webhook_update,
                             FB_ARGS(id, in.name, in.url,
                                     fb_bool_text(in.description_given),
                                     in.description, in.topics, in.timeout,
                                     in.headers, in.status));
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
    return fb_webhook_answer(fr, &fb_sql_webhook_secret,
                             FB_ARGS(id, secret));
}

/* Runs st with the path's id (in *id); 404 webhook_not_found when it
 * returns no row. */
static fb_error_t *fb_webhook_by_id(fb_req_t *fr, const fb_statement_t *st,
                                    const char **id, fb_rows_t *rows)
{
    fb_error_t *err;

    if ((err = fb_resource_id(fr, id)) != NULL
        || (err = fb_req_select(fr, st, FB_ARGS(*id), rows)) != NULL) {
        return err;
    }
    return rows->nrows == 0
           ? fb_error_make(fr->pool, FB_E_WEBHOOK_NOT_FOUND, "id", NULL)
           : NULL;
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
    fb_rows_t rows;
    fb_error_t *err = fb_req_select(fr, &fb_sql_webhook_delivery_get,
                                    FB_ARGS(id, delivery), &rows);

    if (err != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, FB_E_WEBHOOK_DELIVERY_NOT_FOUND,
                             "deliveryId", NULL);
    }
    fb_respond(fr, status, fb_rows_get(&rows, 0, 0));
    return NULL;
}

/* POST /webhooks/{id}/test: a webhook.test event delivered to this
 * webhook alone, by the worker like any other; 202 with the delivery. */
static fb_error_t *fb_webhook_test(fb_req_t *fr)
{
    const char *id;
    fb_error_t *err;
    fb_rows_t rows;

    if ((err = fb_webhook_by_id(fr, &fb_sql_webhook_test, &id, &rows))
        != NULL) {
        return err;
    }
    return fb_delivery_respond(fr, HTTP_ACCEPTED, id,
                               fb_rows_get(&rows, 0, 0));
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
        : fb_list_respond(fr, &fb_webhook_deliveries_order, FB_ARGS(id),
                          FB_NO_ARGS);
}

/* POST /webhooks/{id}/deliveries/{deliveryId}/redeliver: 202 with the
 * delivery, due again at once. */
static fb_error_t *fb_webhook_redeliver(fb_req_t *fr)
{
    const char *id, *delivery;
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
    if ((err = fb_req_exec(fr, &fb_sql_webhook_redeliver,
                           FB_ARGS(id, delivery), NULL)) != NULL) {
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
    return fb_list_respond(fr, &fb_webhooks_newest,
                           FB_ARGS(fb_query_get(&fr->query, "status")),
                           FB_NO_ARGS);
}

/* ---- routes ---- */

#define WEBHOOK_OP(fn, op_flags, query_rules, body_rules) \
    {.handler = (fn), .flags = (op_flags), .min_version = FB_VERSION_NOVA, \
     .permission = FB_PERM_MANAGE_API, .query = (query_rules), \
     .body = (body_rules), .data = &fb_webhooks}

static const fb_op_t fb_webhook_list_op =
    WEBHOOK_OP(fb_webhook_list, 0, fb_webhook_list_rules, NULL);
static const fb_op_t fb_webhook_get_op =
    WEBHOOK_OP(fb_resource_get, 0, NULL, NULL);
static const fb_op_t fb_webhook_create_op =
    WEBHOOK_OP(fb_webhook_create, FB_OP_BODY | FB_OP_WRITE, NULL,
               fb_webhook_create_rules);
static const fb_op_t fb_webhook_update_op =
    WEBHOOK_OP(fb_webhook_update, FB_OP_BODY | FB_OP_WRITE, NULL,
               fb_webhook_update_rules);
static const fb_op_t fb_webhook_delete_op =
    WEBHOOK_OP(fb_webhook_delete, FB_OP_WRITE, NULL, NULL);
static const fb_op_t fb_webhook_rotate_op =
    WEBHOOK_OP(fb_webhook_rotate, FB_OP_WRITE, NULL, NULL);

static const fb_op_t fb_webhook_test_op =
    WEBHOOK_OP(fb_webhook_test, FB_OP_WRITE, NULL, NULL);
static const fb_op_t fb_webhook_deliveries_op =
    WEBHOOK_OP(fb_webhook_deliveries, 0, fb_resource_page_rules, NULL);
static const fb_op_t fb_webhook_redeliver_op =
    WEBHOOK_OP(fb_webhook_redeliver, FB_OP_WRITE, NULL, NULL);

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
