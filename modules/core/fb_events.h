/*
 * fb_events: the event outbox.
 *
 * A write that should notify webhooks records its event with
 * fb_event_record() on the same transaction as the write itself, so the
 * event exists exactly when the write committed.  Delivery is the
 * background worker's business (modules/jobs); here events are only
 * recorded.
 */
#ifndef FB_EVENTS_H
#define FB_EVENTS_H

#include "fb_db.h"

extern const fb_statement_t *const fb_events_statements[];

/*
 * Records topic for org_id with item (the resource as the API renders it,
 * JSON text) and changes (JSON array text, or NULL for none).  Must be
 * called inside a transaction opened with fb_db_begin().
 */
apr_status_t fb_event_record(fb_db_t *db, apr_pool_t *p, const char *org_id,
                             const char *topic, const char *item_json,
                             const char *changes_json);

#endif
