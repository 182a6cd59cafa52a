/*
 * fb_precondition: If-Match, checked when a write begins.
 */
#include "fb_etag.h"
#include "fb_handler.h"
#include "fb_precondition.h"

/* Serializes the conditional writes of one path of one organization
 * until the transaction ends. */
FB_SQL(precondition_lock, 1,
    "SELECT pg_advisory_xact_lock(hashtextextended(%s || ' ' || %s, 0))");

const fb_statement_t *const fb_precondition_statements[] = {
    &fb_sql_precondition_lock, NULL
};

fb_error_t *fb_precondition_check(fb_req_t *fr)
{
    const char *cond = fr->if_match, *current;
    fb_rows_t rows;
    fb_error_t *err;

    if (cond == NULL) {
        return NULL;
    }
    fr->if_match = NULL;
    if ((err = fb_req_select(fr, &fb_sql_precondition_lock,
                             FB_ARGS(fr->r->uri), &rows)) != NULL) {
        return err;
    }
    current = fb_handler_current(fr);
    if (fb_etag_matches(cond, current ? fb_etag_of(fr->pool, current)
                                      : NULL, 0)) {
        return NULL;
    }
    return fb_error_make(fr->pool, FB_E_PRECONDITION_FAILED, NULL, NULL);
}
