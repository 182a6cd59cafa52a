/*
 * post_companies: the companies a companyOnly post is shared with (its
 * author's, by external id), read for a page of posts in one statement.
 *
 * Few posts are companyOnly: a sub-select in every post statement cost
 * each of them its plan's start-up and locks on two more tables and
 * their indexes (a sixth of a GET by id's PostgreSQL time, bench/), for
 * rows that almost never need it.  Now only a page (or a post) with such
 * a row reads them, once, and the request keeps what it read for the
 * rendering (fb_post_companies_of).
 */
#include <string.h>

#include "posts.h"

#include "apr_hash.h"
#include "apr_strings.h"

/* Each contact named with the external ids of its companies, in order,
 * as a text array (written as json_agg wrote them: fb_rj_strings). */
FB_SQL(post_companies, 1,
    "SELECT cc.contact_id, "
    "  array_agg(co.company_id ORDER BY co.company_id) "
    "FROM contact_companies cc JOIN companies co "
    "  ON co.org_id = cc.org_id AND co.id = cc.company_id "
    "WHERE cc.org_id = %s AND cc.contact_id = ANY (%s::text[]) "
    "GROUP BY cc.contact_id");

const fb_statement_t *const fb_post_company_statements[] = {
    &fb_sql_post_companies, NULL
};

/* The request's: contact id -> JSON array, for the contacts read. */
#define FB_POST_COMPANIES_KEY "fb_post_companies"

static apr_hash_t *fb_post_companies_held(fb_req_t *fr)
{
    apr_hash_t *held = NULL;

    apr_pool_userdata_get((void **)&held, FB_POST_COMPANIES_KEY, fr->pool);
    if (held == NULL) {
        held = apr_hash_make(fr->pool);
        apr_pool_userdata_setn(held, FB_POST_COMPANIES_KEY, NULL, fr->pool);
    }
    return held;
}

/* Whether row is a companyOnly post by a contact. */
static int fb_post_company_only(const char *const *row)
{
    return row[POST_COL_CONTACT_ID] != NULL
           && strcmp(row[POST_COL_VISIBILITY], "companyOnly") == 0;
}

fb_error_t *fb_post_companies_load(fb_req_t *fr, const fb_rows_t *rows)
{
    apr_array_header_t *contacts = NULL;
    apr_hash_t *held = fb_post_companies_held(fr);
    fb_rows_t found;
    fb_error_t *err;
    int i;

    for (i = 0; i < rows->nrows; i++) {
        const char *const *row = rows->cells + i * rows->ncols;

        if (fb_post_company_only(row)) {
            if (contacts == NULL) {
                contacts = apr_array_make(fr->pool, 4, sizeof(char *));
            }
            APR_ARRAY_PUSH(contacts, const char *) =
                row[POST_COL_CONTACT_ID];
        }
    }
    if (contacts == NULL) {
        return NULL;
    }
    if ((err = fb_req_select(fr, &fb_sql_post_companies,
                             FB_ARGS(fb_db_text_array(fr->pool, contacts)),
                             &found)) != NULL) {
        return err;
    }
    /* Read anew: a write may have changed them since an earlier page. */
    for (i = 0; i < contacts->nelts; i++) {
        apr_hash_set(held, APR_ARRAY_IDX(contacts, i, const char *),
                     APR_HASH_KEY_STRING, "{}");
    }
    for (i = 0; i < found.nrows; i++) {
        apr_hash_set(held, fb_rows_get(&found, i, 0), APR_HASH_KEY_STRING,
                     fb_rows_get(&found, i, 1));
    }
    return NULL;
}

const char *fb_post_companies_of(fb_req_t *fr, const char *const *row)
{
    if (!fb_post_company_only(row)) {
        return "{}";
    }
    return apr_hash_get(fb_post_companies_held(fr),
                        row[POST_COL_CONTACT_ID], APR_HASH_KEY_STRING);
}
