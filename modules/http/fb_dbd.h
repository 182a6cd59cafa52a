/*
 * fb_dbd: the module's use of mod_dbd.
 *
 * mod_dbd owns the connection pool (DBDriver, DBDParams, DBDMin, ...).
 * At start-up every statement table of the module goes into one registry
 * (a label used twice stops the server); a pooled connection prepares a
 * statement the first time it runs it (fb_db.h).  Requests and
 * the background worker check a connection out only while statements
 * run, and give it back at once (never across a body read, an outbound
 * fetch or a slow client).
 *
 * A checkout first takes a place at a gate sized to the pool (DBDMax):
 * mod_dbd would wait for a free connection without any limit, the gate
 * waits at most FeedbackDBAcquireTimeout.  A connection whose database
 * session was replaced (PostgreSQL restarted, the backend was killed) has
 * its statements prepared again before use (fb_db.h).
 */
#ifndef FB_DBD_H
#define FB_DBD_H

#include "httpd.h"

#include "fb_db.h"

/*
 * Finds mod_dbd's functions and registers the statements of tables (a
 * NULL-terminated list of NULL-terminated tables, which must live as long
 * as pconf).  Runs in post_config; may be called more than once.
 */
apr_status_t fb_dbd_register(apr_pool_t *pconf, server_rec *s,
                             const fb_statement_t *const *const *tables);

/* The SQL registered as label, NULL when none is (mod_feedback.h). */
const char *fb_dbd_statement_sql(const char *label);

/* Why a checkout failed: the database's schema is newer than the
 * migrations this module was built with (FB_SCHEMA_VERSION).  Checked at
 * each child's first connection; the child then serves nothing from the
 * database (503), as an older module may misread a newer schema. */
#define FB_DBD_SCHEMA_NEWER (APR_OS_START_USERERR + 450)

/* The statements of the schema check and of the expensive work's
 * time-out (the registry lists them). */
extern const fb_statement_t *const fb_dbd_statements[];

/* Makes this child's gate. */
apr_status_t fb_dbd_child_init(apr_pool_t *p, server_rec *s);

/*
 * A connection of s's pool, ready for statements, or NULL with *why:
 * APR_TIMEUP when none came free in time, FB_DB_UNAVAILABLE when the
 * database cannot be reached.  Each one must go back with fb_dbd_checkin,
 * p outliving the checkout.
 */
fb_db_t *fb_dbd_checkout(apr_pool_t *p, server_rec *s, apr_status_t *why);

/*
 * The same for a request of the organization tagged tag (a fingerprint:
 * the gate serves the organization holding fewest connections first).
 * expensive work first takes a place at the bulkhead
 * (FeedbackExpensiveConnections), within the same wait, and runs with
 * the statement time-out FeedbackExpensiveTimeout until checkin.
 */
fb_db_t *fb_dbd_checkout_for(apr_pool_t *p, server_rec *s,
                             apr_uint64_t tag, int expensive,
                             apr_status_t *why);

/*
 * A connection of the read replica's pool (fb_replica.h) for a read of a
 * key whose last write is at position since, or NULL when the replica
 * is not to serve it (none configured, out of reach, too far behind or
 * before since, every connection busy): the read then goes to the
 * primary.  expensive work gets the same budget as on the primary.
 * Given back with fb_dbd_checkin.
 */
fb_db_t *fb_dbd_checkout_replica(apr_pool_t *p, server_rec *s,
                                 int expensive, apr_uint64_t since);

/* Non-zero when db came from fb_dbd_checkout_replica. */
int fb_dbd_is_replica(const fb_db_t *db);

/* Gives a connection back (a transaction left open is rolled back). */
void fb_dbd_checkin(fb_db_t *db, apr_pool_t *p);

#endif
