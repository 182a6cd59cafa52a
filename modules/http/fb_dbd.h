/*
 * fb_dbd: the module's use of mod_dbd.
 *
 * mod_dbd owns the connection pool (DBDriver, DBDParams, DBDMin, ...).
 * At start-up every statement table of the module is handed to mod_dbd,
 * which prepares the statements on each pooled connection; a request
 * borrows a connection for its lifetime.
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

#endif
