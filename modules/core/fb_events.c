/*
 * fb_events: recording events in the caller's transaction.
 *
 * The same statement fans the event out: one webhook_deliveries row per
 * webhook of the organization subscribed to its topic (sql/013), pending
 * for an active webhook and skipped, with the reason, for a paused or
 * suspended one (its log shows what it missed).  The reasons are worded
 * in C (fb_webhook_rule.h) and given to the statement as data, from
 * which it picks each row's by the webhook's status.  So the event and its
 * deliveries commit with the write or not at all, and the worker only
 * ever claims deliveries.
 */
#include <apr_strings.h>

#include "fb_events.h"
#include "fb_webhook_rule.h"

/* Its arguments: the topic, the item, the changes, and the reasons of
 * skipped deliveries by status (fb_webhook_skip_reasons_json()). */
FB_SQL_NAMED(fb_event_insert, (topic, item, changes, reasons),
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, "
    "  %s::text AS topic, %s::jsonb AS item, %s::jsonb AS changes, "
    "  %s::jsonb AS reasons), "
    "e AS ("
    "  INSERT INTO events (org_id, topic, item, changes) "
    "  SELECT k.org_id, k.topic, k.item, COALESCE(k.changes, '[]'::jsonb) "
    "  FROM k RETURNING org_id, id, topic) "
    "INSERT INTO webhook_deliveries (org_id, webhook_id, event_id, state, "
    "                                last_error) "
    "SELECT e.org_id, w.id, e.id, "
    "  CASE w.status WHEN 'active' THEN 'pending' ELSE 'skipped' END, "
    "  CASE w.status WHEN 'active' THEN NULL "
    "    ELSE k.reasons->>w.status END "
    "FROM k, e JOIN webhooks w ON w.org_id = e.org_id "
    "  AND w.topics @> ARRAY[e.topic]");

const fb_statement_t *const fb_events_statements[] = {
    &fb_sql_fb_event_insert, NULL
};

apr_status_t fb_event_record(fb_db_t *db, apr_pool_t *p, const char *org_id,
                             const char *topic, const char *item_json,
                             const char *changes_json)
{
    if (!db->tx) {
        db->error = apr_pstrcat(p, "event ", topic,
                                " recorded outside a transaction", NULL);
        return APR_EGENERAL;
    }
    return fb_db_exec(db, p, &fb_sql_fb_event_insert, org_id,
                      FB_NAMED(fb_event_insert, .topic = topic,
                               .item = item_json, .changes = changes_json,
                               .reasons = fb_webhook_skip_reasons_json()),
                      NULL);
}
