/*
 * fb_dbd: optional functions of mod_dbd, found once.
 */
#include "httpd.h"
#include "http_log.h"
#include "apr_dbd.h"
#include "mod_dbd.h"

#include "fb_dbd.h"
#include "fb_log.h"

static APR_OPTIONAL_FN_TYPE(ap_dbd_prepare) *fb_dbd_prepare_fn;
static APR_OPTIONAL_FN_TYPE(ap_dbd_acquire) *fb_dbd_acquire_fn;
static APR_OPTIONAL_FN_TYPE(ap_dbd_open) *fb_dbd_open_fn;
static APR_OPTIONAL_FN_TYPE(ap_dbd_close) *fb_dbd_close_fn;

/* An opened connection: the store's view first, then mod_dbd's handle. */
typedef struct {
    fb_db_t db;
    ap_dbd_t *dbd;
} fb_dbd_opened_t;

apr_status_t fb_dbd_register(server_rec *s,
                             const fb_statement_t *const *tables)
{
    const fb_statement_t *st;

    fb_dbd_prepare_fn = APR_RETRIEVE_OPTIONAL_FN(ap_dbd_prepare);
    fb_dbd_acquire_fn = APR_RETRIEVE_OPTIONAL_FN(ap_dbd_acquire);
    fb_dbd_open_fn = APR_RETRIEVE_OPTIONAL_FN(ap_dbd_open);
    fb_dbd_close_fn = APR_RETRIEVE_OPTIONAL_FN(ap_dbd_close);
    if (fb_dbd_prepare_fn == NULL || fb_dbd_acquire_fn == NULL
        || fb_dbd_open_fn == NULL || fb_dbd_close_fn == NULL) {
        ap_log_error(APLOG_MARK, APLOG_CRIT, 0, s, FBLOGNO(00010)
                     "mod_dbd is not loaded: add LoadModule dbd_module "
                     "and configure DBDriver pgsql and DBDParams");
        return APR_EGENERAL;
    }
    for (; *tables != NULL; tables++) {
        for (st = *tables; st->label != NULL; st++) {
            fb_dbd_prepare_fn(s, st->sql, st->label);
        }
    }
    return APR_SUCCESS;
}

fb_db_t *fb_dbd_acquire(request_rec *r)
{
    ap_dbd_t *dbd = fb_dbd_acquire_fn ? fb_dbd_acquire_fn(r) : NULL;
    fb_db_t *db;

    if (dbd == NULL) {
        ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, r, FBLOGNO(00011)
                      "no database connection could be acquired");
        return NULL;
    }
    db = apr_pcalloc(r->pool, sizeof(*db));
    db->driver = dbd->driver;
    db->handle = dbd->handle;
    db->prepared = dbd->prepared;
    return db;
}

fb_db_t *fb_dbd_open(apr_pool_t *p, server_rec *s)
{
    ap_dbd_t *dbd = fb_dbd_open_fn ? fb_dbd_open_fn(p, s) : NULL;
    fb_dbd_opened_t *opened;

    if (dbd == NULL) {
        return NULL;
    }
    opened = apr_pcalloc(p, sizeof(*opened));
    opened->db.driver = dbd->driver;
    opened->db.handle = dbd->handle;
    opened->db.prepared = dbd->prepared;
    opened->dbd = dbd;
    return &opened->db;
}

void fb_dbd_close(server_rec *s, fb_db_t *db)
{
    /* db is the first member of the fb_dbd_opened_t fb_dbd_open made. */
    fb_dbd_close_fn(s, ((fb_dbd_opened_t *)db)->dbd);
}
