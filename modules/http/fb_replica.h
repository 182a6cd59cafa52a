/*
 * fb_replica: the read replica's pool, and what decides whether a read
 * may go to it.
 *
 * FeedbackReadReplica names a streaming replica of DBDParams' database.
 * mod_dbd keeps one pool per server, so the replica's is the module's
 * own: an apr_reslist of apr_dbd "pgsql" connections per child,
 * FeedbackReplicaConnections of them.  Its connections prepare
 * statements on first use like the primary's (fb_db.h): the registry is
 * the same.
 *
 * Which reads: only the statements a read operation (no FB_OP_WRITE)
 * runs outside a transaction through fb_req_select (fb_request.h).
 * Writes, If-Match checks, Idempotency-Key records and everything a
 * write reads stay on the primary; so does the key lookup, except for a
 * read operation while the primary is out of reach (fb_auth.c: the
 * replica's answer for a key it knows, so that reads go on through a
 * failover).
 *
 * When the replica is skipped (the read goes to the primary):
 *   - it is further behind than FeedbackReplicaMaxLag;
 *   - the key asking wrote something the replica has not replayed yet:
 *     every write records the primary's WAL insert position after its
 *     commit in a node-wide table of slots by key (a slot shared by two
 *     keys keeps the later position of the two: conservative), and a
 *     read of that key needs the replica's replay position at or past
 *     it.  Each connection keeps the replica's position and lag as last
 *     read, read again on it every FB_REPLICA_REFRESH and whenever a key
 *     needs a later position than the one kept;
 *   - every replica connection of the child is busy;
 *   - it could not be reached, or a statement failed on it: the read
 *     runs again on the primary (the client sees nothing); when the
 *     connection could not be made or was lost (not for a statement
 *     merely refused, such as one cancelled by a recovery conflict), it
 *     is closed and the child leaves the replica alone for a second,
 *     then two, up to five, trying it with one request at a time (no
 *     connect storm).
 *
 * Read-your-writes holds per node: a key's writes recorded on one httpd
 * are not known to another (docs/decisions.md).
 */
#ifndef FB_REPLICA_H
#define FB_REPLICA_H

#include "httpd.h"
#include "apr_dbd.h"

#include "fb_db.h"

/* How often a connection reads the replica's position and lag again. */
#define FB_REPLICA_REFRESH apr_time_from_msec(200)

/* The slots of the table of writes' positions, a power of two. */
#define FB_REPLICA_SLOTS 4096

/* A position no replica reaches: the write's was not learnt. */
#define FB_REPLICA_UNKNOWN APR_UINT64_MAX

/* The statements of the replica's state and of a write's position. */
extern const fb_statement_t *const fb_replica_statements[];

/* Makes the node's table and counters (post_config, in the parent). */
apr_status_t fb_replica_post_config(apr_pool_t *pconf, server_rec *s);

/* Makes this child's pool when a replica is configured. */
apr_status_t fb_replica_child_init(apr_pool_t *pchild, server_rec *s);

/* Non-zero when this child has a replica pool. */
int fb_replica_enabled(void);

/* One checked-out replica connection. */
typedef struct fb_replica_conn fb_replica_conn_t;

/* A connection of the replica pool, NULL when it is to be left alone
 * now (none configured, out of reach and not yet to be tried again, all
 * busy, or none could be made). */
fb_replica_conn_t *fb_replica_acquire(server_rec *s);

/* Its apr_dbd driver and handle. */
const apr_dbd_driver_t *fb_replica_driver(void);
apr_dbd_t *fb_replica_handle(fb_replica_conn_t *rc);

/*
 * Non-zero when the replica behind rc may serve a read of a key whose
 * last write is at position since (0: none known): not further behind
 * than FeedbackReplicaMaxLag, and past since.  Reads the replica's state
 * on db (rc's connection, checked out) when what rc kept is older than
 * FB_REPLICA_REFRESH or not past since.
 */
int fb_replica_usable(fb_replica_conn_t *rc, fb_db_t *db, apr_pool_t *p,
                      server_rec *s, apr_uint64_t since);

/* Gives rc back: broken when its connection failed (it is closed, and
 * the child leaves the replica alone for a while). */
void fb_replica_release(fb_replica_conn_t *rc, int broken, server_rec *s);

/* The position of the last write of the key key_id ("" for none: 0). */
apr_uint64_t fb_replica_key_since(const char *key_id);

/* After the key key_id's write committed on db (the primary's, still
 * checked out): records the primary's WAL position for its reads. */
void fb_replica_note_write(fb_db_t *db, apr_pool_t *p, const char *key_id);

/* Counts a read served: by the replica or by the primary. */
void fb_replica_count_read(int replica);

/* Counts a read the replica failed, run again on the primary. */
void fb_replica_count_fallback(void);

/* Notes the host a checked-out primary connection is on, for
 * server-status (at each new session). */
void fb_replica_note_primary(fb_db_t *db);

/* The replica part of server-status. */
void fb_replica_status(request_rec *r, int flags);

#endif
