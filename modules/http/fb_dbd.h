/*
 * fb_dbd: the module's use of mod_dbd.
 *
 * mod_dbd owns the connection pool (DBDriver, DBDParams, DBDMin, ...).
 * At start-up every statement table of the module is handed to mod_dbd,
 * which prepares the statements on each pooled connection; a request
 * borrows a connection for its lifetime; the background worker, outside
 * any request, opens one from the same pool and closes it itself.
 */
#ifndef FB_DBD_H
#define FB_DBD_H

#include "httpd.h"

#include "fb_db.h"

/*
 * Finds mod_dbd's functions and registers the statements of tables (a
 * NULL-terminated list of NULL-terminated tables).  Runs in post_config,
 * before mod_dbd's own.
 */
apr_status_t fb_dbd_register(server_rec *s,
                             const fb_statement_t *const *tables);

/* A connection for r, released when r ends; NULL when none (logged). */
fb_db_t *fb_dbd_acquire(request_rec *r);

/*
 * A connection of s's pool outside any request (ap_dbd_open), or NULL
 * when the database cannot be reached (mod_dbd logs why).  Every
 * connection opened must be given back with fb_dbd_close.
 */
fb_db_t *fb_dbd_open(apr_pool_t *p, server_rec *s);
void fb_dbd_close(server_rec *s, fb_db_t *db);

#endif
