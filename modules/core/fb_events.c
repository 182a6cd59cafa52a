/*
 * fb_events: recording events in the caller's transaction.
 */
#include <apr_strings.h>

#include "fb_events.h"

const fb_statement_t fb_events_statements[] = {
    {"fb_event_insert",
     "INSERT INTO events (org_id, topic, item, changes) "
     "VALUES (%s, %s, %s::jsonb, COALESCE(%s::jsonb, '[]'::jsonb))"},
    {NULL, NULL}
};

apr_status_t fb_event_record(fb_db_t *db, apr_pool_t *p, const char *org_id,
                             const char *topic, const char *item_json,
                             const char *changes_json)
{
    const char *args[] = {org_id, topic, item_json, changes_json};

    if (db->tx == NULL) {
        db->error = apr_pstrcat(p, "event ", topic,
                                " recorded outside a transaction", NULL);
        return APR_EGENERAL;
    }
    return fb_db_exec(db, p, "fb_event_insert", 4, args, NULL);
}
