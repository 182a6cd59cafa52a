/*
 * post_lookups: an organization's post statuses and tags, which every
 * post is written with, read once per change instead of once per row.
 *
 * Each child keeps them (fb_orgcache.h) at the organization's
 * render_version, which a change to a status or a tag bumps in its own
 * transaction (sql/030) and every post statement returns with its rows.
 * The value is one block from malloc(): the rows' cells, their strings,
 * and the tags sorted by id to be found by bisection.
 */
#include <stdlib.h>
#include <string.h>

#include "posts.h"

#include "apr_strings.h"
#include "http_log.h"

#include "fb_log.h"
#include "fb_orgcache.h"

/* One row for the version (kind v, its id the version), one per status
 * (s) and per tag (t, with its place in the order tags are written in:
 * by name, which is unique per organization without regard to case). */
FB_SQL(post_lookups, 0,
    "WITH k AS (SELECT %s::text AS org_id) "
    "SELECT 'v', o.render_version::text, NULL, NULL, NULL, NULL, NULL "
    "FROM organizations o, k WHERE o.id = k.org_id "
    "UNION ALL "
    "SELECT " POST_STATUS_CELLS ", NULL "
    "FROM post_statuses s, k WHERE s.org_id = k.org_id "
    "UNION ALL "
    "SELECT 't', t.id, t.name, t.color, NULL, NULL, "
    "  (row_number() OVER (ORDER BY lower(t.name)))::text "
    "FROM tags t, k WHERE t.org_id = k.org_id");

const fb_statement_t *const fb_post_lookup_statements[] = {
    &fb_sql_post_lookups, NULL
};

struct fb_post_lookups {
    int nstatuses;
    int ntags;
    const char *const **statuses;   /* rows of FB_POST_LOOKUP_NCOLS */
    const char *const **tags;       /* the same, by id */
    int *places;                    /* of tags[i] */
};

/* Bytes that make the value, and where the next ones go. */
typedef struct {
    char *at;
} fb_lk_block_t;

static void *fb_lk_take(fb_lk_block_t *b, apr_size_t n)
{
    void *p = b->at;

    b->at += APR_ALIGN_DEFAULT(n);
    return p;
}

static int fb_lk_by_id(const void *a, const void *b)
{
    const char *const *x = *(const char *const *const *)a;
    const char *const *y = *(const char *const *const *)b;

    return strcmp(x[FB_POST_LOOKUP_ID], y[FB_POST_LOOKUP_ID]);
}

/* The value of rows, copied into one block. */
static struct fb_post_lookups *fb_lk_build(const fb_rows_t *rows)
{
    apr_size_t size = APR_ALIGN_DEFAULT(sizeof(struct fb_post_lookups));
    struct fb_post_lookups *lk;
    fb_lk_block_t b;
    int i, c, n = rows->nrows;
    char *block;

    size += APR_ALIGN_DEFAULT(sizeof(char *) * (apr_size_t)n
                              * FB_POST_LOOKUP_NCOLS)
            + 2 * APR_ALIGN_DEFAULT(sizeof(char **) * (apr_size_t)n)
            + APR_ALIGN_DEFAULT(sizeof(int) * (apr_size_t)n);
    for (i = 0; i < n * FB_POST_LOOKUP_NCOLS; i++) {
        if (rows->cells[i] != NULL) {
            size += strlen(rows->cells[i]) + 1;
        }
    }
    if ((block = malloc(size)) == NULL) {
        return NULL;
    }
    b.at = block;
    lk = fb_lk_take(&b, sizeof(*lk));
    lk->nstatuses = lk->ntags = 0;
    lk->statuses = fb_lk_take(&b, sizeof(char **) * (apr_size_t)n);
    lk->tags = fb_lk_take(&b, sizeof(char **) * (apr_size_t)n);
    lk->places = fb_lk_take(&b, sizeof(int) * (apr_size_t)n);
    {
        const char **cells = fb_lk_take(&b, sizeof(char *) * (apr_size_t)n
                                            * FB_POST_LOOKUP_NCOLS);

        for (i = 0; i < n; i++) {
            const char *const *from = rows->cells + i * rows->ncols;
            const char **row = cells + i * FB_POST_LOOKUP_NCOLS;

            for (c = 0; c < FB_POST_LOOKUP_NCOLS; c++) {
                row[c] = NULL;
                if (from[c] != NULL) {
                    apr_size_t len = strlen(from[c]) + 1;

                    row[c] = memcpy(b.at, from[c], len);
                    b.at += len;
                }
            }
            if (row[FB_POST_LOOKUP_KIND][0] == 's') {
                lk->statuses[lk->nstatuses++] = row;
            }
            else if (row[FB_POST_LOOKUP_KIND][0] == 't') {
                lk->tags[lk->ntags++] = row;
            }
        }
    }
    qsort(lk->tags, (size_t)lk->ntags, sizeof(*lk->tags), fb_lk_by_id);
    for (i = 0; i < lk->ntags; i++) {
        lk->places[i] = atoi(lk->tags[i][FB_POST_LOOKUP_PLACE]);
    }
    return lk;
}

static fb_error_t *fb_lk_load(fb_req_t *fr, apr_int64_t *version,
                              void **value)
{
    const char *v = NULL;
    fb_rows_t rows;
    fb_error_t *err;
    int i;

    if ((err = fb_req_select(fr, &fb_sql_post_lookups, FB_NO_ARGS, &rows))
        != NULL) {
        return err;
    }
    for (i = 0; i < rows.nrows; i++) {
        if (strcmp(fb_rows_get(&rows, i, FB_POST_LOOKUP_KIND), "v") == 0) {
            v = fb_rows_get(&rows, i, FB_POST_LOOKUP_ID);
        }
    }
    if (v == NULL || rows.ncols != FB_POST_LOOKUP_NCOLS) {
        /* The organization went while its key was still cached. */
        ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, fr->r, FBLOGNO(00491)
                      "organization %s has no render version",
                      fr->principal.org_id);
        return fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
    }
    *version = apr_atoi64(v);
    if ((*value = fb_lk_build(&rows)) == NULL) {
        return fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
    }
    return NULL;
}

static const fb_org_cached_t fb_post_lookup_kind = {
    "post_lookups", fb_lk_load
};

fb_error_t *fb_post_lookups(fb_req_t *fr, const char *version,
                            const fb_post_lookups_t **out)
{
    const void *value;
    fb_error_t *err = fb_org_cached(fr, &fb_post_lookup_kind, version,
                                    &value);

    *out = err == NULL ? value : NULL;
    return err;
}

const char *const *fb_post_status_of(const fb_post_lookups_t *lk,
                                     const char *id)
{
    int i;

    for (i = 0; id != NULL && i < lk->nstatuses; i++) {
        if (strcmp(lk->statuses[i][FB_POST_LOOKUP_ID], id) == 0) {
            return lk->statuses[i];
        }
    }
    return NULL;
}

const char *const *fb_post_tag_of(const fb_post_lookups_t *lk,
                                  const char *id, int *place)
{
    int lo = 0, hi = lk->ntags - 1;

    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        int cmp = strcmp(id, lk->tags[mid][FB_POST_LOOKUP_ID]);

        if (cmp == 0) {
            *place = lk->places[mid];
            return lk->tags[mid];
        }
        if (cmp < 0) {
            hi = mid - 1;
        }
        else {
            lo = mid + 1;
        }
    }
    return NULL;
}
