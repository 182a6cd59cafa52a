/*
 * feedback-import --from URL --key KEY --into ORG [--report FILE]
 *                 [--target URL --target-key KEY] [--page N]
 *
 * Reads every family of import_families.c from the source's API and
 * writes it into the organization ORG of the database FEEDBACK_DB (a
 * libpq connection string), page by page: each page's rows and the
 * family's checkpoint in one transaction, so that a run stopped at any
 * point resumes where it stopped and memory does not grow with the
 * source.  At the end, a verification table (the source's count, the
 * target's, and a digest of the objects as each API renders them when
 * --target names the target's API) and what could not be carried, on
 * standard output and in the report file.
 *
 * Exit status: 0 done; 1 failed (run again to resume); 2 usage; 3 an id
 * of the source belongs to another organization here (refused).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include <apr_general.h>
#include <apr_hash.h>
#include <apr_lib.h>
#include <apr_strings.h>
#include <curl/curl.h>
#include <openssl/evp.h>

#include "fb_filesign.h"
#include "fb_json.h"
#include "fb_html.h"
#include "file_store.h"
#include "import.h"

#define IMP_PAGE_DEFAULT 100

/* Claims a page's ids for the organization; answers one id of the page
 * another organization holds (refused), or no row.  It reads other
 * organizations' claims by design, as ids are unique across the
 * database; the operator is told the id, never the other's data. */
FB_SQL_WITH(imp_claim, import_page,
    IMP_K
    ", ids AS (SELECT e ->> 'id' AS id FROM k, "
    "    jsonb_array_elements(k.page) e), "
    "claimed AS (INSERT INTO import_ids (id, org_id, family) "
    "    SELECT ids.id, k.org, k.family FROM k, ids "
    "    ON CONFLICT (id) DO NOTHING RETURNING id) "
    "SELECT i.id, i.org_id, i.family FROM k CROSS JOIN ids "
    "JOIN import_ids i ON i.id = ids.id "
    "WHERE i.org_id <> k.org LIMIT 1");

/* The run: the unfinished one of the organization, or a new one. */
FB_SQL(imp_run_open, 1,
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org, "
    "  %s::text AS source), "
    "made AS (INSERT INTO import_runs (org_id, source) "
    "    SELECT k.org, k.source FROM k WHERE NOT EXISTS ( "
    "      SELECT 1 FROM import_runs r WHERE r.org_id = k.org "
    "        AND r.finished_at IS NULL) RETURNING id, source) "
    "SELECT id, source FROM made UNION ALL "
    "SELECT r.id, r.source FROM k, import_runs r WHERE r.org_id = k.org "
    "  AND r.finished_at IS NULL");

/* Where the run is in a family. */
FB_SQL_NAMED(imp_checkpoint_get, (run, family),
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org, %s::text AS run, "
    "  %s::text AS family) "
    "SELECT c.parent, c.cursor, c.page, c.read, c.written, c.skipped, "
    "  c.done::int FROM k, import_checkpoints c WHERE c.org_id = k.org "
    "  AND c.run_id = k.run AND c.family = k.family");

FB_PARAMS(imp_checkpoint,
          (run, family, parent, cursor, page, read, written, skipped, done));
FB_SQL_WITH(imp_checkpoint_put, imp_checkpoint,
    "WITH k AS (SELECT %s::text AS org, %s::text AS run, "
    "  %s::text AS family, %s::text AS parent, %s::text AS cursor, "
    "  %s::int AS page, %s::bigint AS read, %s::bigint AS written, "
    "  %s::bigint AS skipped, %s::boolean AS done) "
    "INSERT INTO import_checkpoints (org_id, run_id, family, parent, "
    "  cursor, page, read, written, skipped, done) "
    "SELECT k.org, k.run, k.family, k.parent, k.cursor, k.page, k.read, "
    "  k.written, k.skipped, k.done FROM k "
    "ON CONFLICT (org_id, run_id, family) DO UPDATE SET "
    "  parent = EXCLUDED.parent, cursor = EXCLUDED.cursor, "
    "  page = EXCLUDED.page, read = EXCLUDED.read, "
    "  written = EXCLUDED.written, skipped = EXCLUDED.skipped, "
    "  done = EXCLUDED.done, updated_at = now()");

/* The parents of a child family, in order, after the one reached. */
FB_SQL_WITH(imp_parents, import_parents,
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org, "
    "  %s::text AS family, %s::text AS after) "
    "SELECT i.id FROM k, import_ids i WHERE i.org_id = k.org "
    "  AND i.family = k.family AND i.id > COALESCE(k.after, '') "
    "ORDER BY i.id LIMIT 200");

/* A note of a family whose parents are its own notes (changelog_drafts),
 * for an object the source no longer has: dropped, so that later runs do
 * not ask for it again. */
FB_SQL_NAMED(imp_note_drop, (family, id),
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org, "
    "  %s::text AS family, %s::text AS id) "
    "DELETE FROM import_ids i USING k WHERE i.org_id = k.org "
    "  AND i.family = k.family AND i.id = k.id");

/* The family's objects here, for the verification table. */
FB_SQL(imp_count, 1,
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org, "
    "  %s::text AS family) "
    "SELECT count(*) FROM k, import_ids i WHERE i.org_id = k.org "
    "  AND i.family = k.family");

/* The run is finished, with its one audit-log entry: what was written
 * by family, from where. */
FB_SQL_NAMED(imp_run_finish, (run, operator),
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org, %s::text AS run, "
    "  %s::text AS operator), "
    "r AS (UPDATE import_runs r SET finished_at = now() FROM k "
    "    WHERE r.org_id = k.org AND r.id = k.run RETURNING r.id, r.source) "
    "SELECT fb_audit_operator(k.org, 'organization.imported', "
    "  'organization', k.operator, 'organization', k.org, "
    "  jsonb_build_object('source', r.source, 'run', r.id, 'written', "
    "    (SELECT jsonb_object_agg(c.family, c.written) "
    "     FROM import_checkpoints c WHERE c.org_id = k.org "
    "       AND c.run_id = k.run)), NULL, NULL) FROM k, r");

/* The notes of a page (an array of {item, why}), with it. */
FB_SQL_WITH(imp_note_put, import_page,
    IMP_K
    "INSERT INTO import_notes (org_id, run_id, family, item, why) "
    "SELECT DISTINCT ON (e ->> 'item') k.org, k.run, k.family, "
    "  e ->> 'item', e ->> 'why' FROM k, jsonb_array_elements(k.page) e "
    "ON CONFLICT (org_id, run_id, family, item) DO UPDATE "
    "  SET why = EXCLUDED.why");

/* The run's notes, after the one reached (family, item), in order. */
FB_SQL_NAMED(imp_notes, (run, family, item),
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org, %s::text AS run, "
    "  %s::text AS family, %s::text AS item) "
    "SELECT n.family, n.item, n.why FROM k, import_notes n "
    "WHERE n.org_id = k.org AND n.run_id = k.run "
    "  AND (n.family, n.item) > (k.family, k.item) "
    "ORDER BY n.family, n.item LIMIT 200");

static const fb_statement_t *const imp_run_statements[] = {
    &fb_sql_imp_claim, &fb_sql_imp_run_open, &fb_sql_imp_checkpoint_get,
    &fb_sql_imp_checkpoint_put, &fb_sql_imp_parents, &fb_sql_imp_count,
    &fb_sql_imp_run_finish, &fb_sql_imp_note_put, &fb_sql_imp_notes,
    &fb_sql_imp_note_drop, NULL
};

typedef struct {
    fb_db_t db;
    apr_pool_t *pool;
    const char *org, *run, *source_url;
    imp_source_t *source;
    imp_source_t *target;       /* the target's API, or NULL */
    int page_size;
    int tty;
    fb_fetch_options_t fetch;   /* files, under the outbound policy */
    double shown;               /* when progress was last shown */
    FILE *report;
} imp_t;

/* A source's cursor or id, held in place so that a run's memory does not
 * grow with its pages. */
#define IMP_TOKEN_MAX 4096

typedef struct {
    const char *parent, *cursor;    /* NULL, or the buffers below */
    long page, read, written, skipped;
    int done;
    char parent_buf[IMP_TOKEN_MAX];
    char cursor_buf[IMP_TOKEN_MAX];
} imp_mark_t;

static double imp_now(void)
{
    struct timeval tv;

    gettimeofday(&tv, NULL);
    return (double)tv.tv_sec + tv.tv_usec / 1e6;
}

static void imp_die(imp_t *im, int status, const char *fmt, const char *a)
{
    fprintf(stderr, "feedback-import: ");
    fprintf(stderr, fmt, a);
    fprintf(stderr, "\n");
    if (im && im->report) {
        fprintf(im->report, "FAILED: ");
        fprintf(im->report, fmt, a);
        fprintf(im->report, "\n");
        fclose(im->report);
    }
    exit(status);
}

/* Copies token (NULL: none) into buf; where is what it is, for the
 * message when it is too long. */
static const char *imp_keep(imp_t *im, char *buf, const char *token,
                            const char *where)
{
    if (token == NULL) {
        return NULL;
    }
    if (strlen(token) >= IMP_TOKEN_MAX) {
        imp_die(im, 1, "%s: the source's token is too long", where);
    }
    strcpy(buf, token);
    return buf;
}

static const char *imp_num(apr_pool_t *p, long n)
{
    return apr_psprintf(p, "%ld", n);
}

static void imp_mark_get(imp_t *im, apr_pool_t *p, const imp_family_t *f,
                         imp_mark_t *m)
{
    fb_rows_t rows;

    m->parent = m->cursor = NULL;
    m->page = m->read = m->written = m->skipped = 0;
    m->done = 0;
    if (fb_db_select(&im->db, p, &fb_sql_imp_checkpoint_get, im->org,
                     FB_NAMED(imp_checkpoint_get, .run = im->run,
                              .family = f->name), &rows)
        != APR_SUCCESS) {
        imp_die(im, 1, "reading the checkpoint: %s", im->db.error);
    }
    if (rows.nrows == 1) {
        m->parent = imp_keep(im, m->parent_buf, fb_rows_get(&rows, 0, 0),
                             f->name);
        m->cursor = imp_keep(im, m->cursor_buf, fb_rows_get(&rows, 0, 1),
                             f->name);
        m->page = atol(fb_rows_get(&rows, 0, 2));
        m->read = atol(fb_rows_get(&rows, 0, 3));
        m->written = atol(fb_rows_get(&rows, 0, 4));
        m->skipped = atol(fb_rows_get(&rows, 0, 5));
        m->done = atoi(fb_rows_get(&rows, 0, 6));
    }
}

static void imp_mark_put(imp_t *im, apr_pool_t *p, const imp_family_t *f,
                         const imp_mark_t *m)
{
    fb_db_exec(&im->db, p, &fb_sql_imp_checkpoint_put, im->org,
               FB_NAMED(imp_checkpoint, .run = im->run,
                                   .family = f->name, .parent = m->parent,
                                   .cursor = m->cursor,
                                   .page = imp_num(p, m->page),
                                   .read = imp_num(p, m->read),
                                   .written = imp_num(p, m->written),
                                   .skipped = imp_num(p, m->skipped),
                                   .done = m->done ? "true" : "false"),
               NULL);
}

/* The objects of a list's answer, and its next cursor (NULL: none). */
static json_object *imp_data(json_object *answer, const char **next,
                             long *total)
{
    json_object *data, *v;

    *next = NULL;
    if (json_object_is_type(answer, json_type_array)) {
        return answer;
    }
    data = fb_json_member(answer, "data");
    if ((v = fb_json_member(answer, "nextCursor")) != NULL
        && json_object_is_type(v, json_type_string)
        && *json_object_get_string(v) != '\0') {
        *next = json_object_get_string(v);
    }
    if ((v = fb_json_member(answer, "totalCount")) != NULL
        && json_object_is_type(v, json_type_int)) {
        *total = (long)json_object_get_int64(v);
    }
    return data && json_object_is_type(data, json_type_array) ? data : NULL;
}

static const char *imp_list_path(apr_pool_t *p, const imp_family_t *f,
                                 const char *parent, const char *cursor,
                                 int page_size)
{
    const char *path = parent ? apr_psprintf(p, f->list, parent) : f->list;
    const char *q = f->query;

    if (f->paging == IMP_CURSOR) {
        q = apr_psprintf(p, "%s%slimit=%d", q ? q : "", q ? "&" : "",
                         page_size);
        if (cursor) {
            char *e = curl_easy_escape(NULL, cursor, 0);

            q = apr_pstrcat(p, q, "&cursor=", e, NULL);
            curl_free(e);
        }
    }
    return q ? apr_pstrcat(p, path, strchr(path, '?') ? "&" : "?", q, NULL)
             : path;
}

static void imp_progress(imp_t *im, const imp_family_t *f,
                         const imp_mark_t *m, long total, double started,
                         long read_before, int last)
{
    double now = imp_now(), rate = 0;
    char eta[32] = "";

    /* A terminal's line is redrawn at most 10 times a second; plain
     * lines come every 5 seconds, and at the end of the family. */
    if (!last && now - im->shown < (im->tty ? 0.1 : 5)) {
        return;
    }
    im->shown = now;
    if (now > started) {
        rate = (double)(m->read - read_before) / (now - started);
    }
    if (total > 0 && rate > 0 && m->read < total) {
        snprintf(eta, sizeof(eta), "  ETA %.0f s",
                 (double)(total - m->read) / rate);
    }
    if (total > 0) {
        printf("%s%-16s %8ld / %-8ld %8.1f/s  written %ld%s%s",
               im->tty ? "\r" : "", f->name, m->read, total, rate,
               m->written, eta, im->tty ? "\033[K" : "");
    }
    else {
        printf("%s%-16s %8ld %19.1f/s  written %ld%s",
               im->tty ? "\r" : "", f->name, m->read, rate, m->written,
               im->tty ? "\033[K" : "");
    }
    if (!im->tty || last) {
        printf("\n");
    }
    fflush(stdout);
}

/* Adds each object's plain text of the member f->text_of as "_text". */
static void imp_texts(apr_pool_t *p, const imp_family_t *f,
                      json_object *data)
{
    size_t i, n = json_object_array_length(data);

    for (i = 0; i < n; i++) {
        json_object *o = json_object_array_get_idx(data, i);
        const char *html = fb_json_string(o, f->text_of);
        const char *text = html ? fb_html_text(p, html, strlen(html)) : "";

        json_object_object_add(o, "_text",
                               json_object_new_string(text ? text : ""));
    }
}

/* Writes one page and the checkpoint after it, in one transaction. */
static void imp_write_page(imp_t *im, apr_pool_t *p, const imp_family_t *f,
                           json_object *data, imp_mark_t *m)
{
    imp_page_ctx_t c = {.db = &im->db, .org = im->org,
                        .fetch = &im->fetch, .notes = NULL};
    const char *page, *notes = NULL;
    fb_args_t args;
    fb_rows_t rows;

    /* Files are stored before the page's transaction, each on its own
     * (one a kill leaves unattached is found by the next run, or swept
     * by the module's worker). */
    if (f->prepare) {
        c.notes = fb_json_owned(p, json_object_new_array());
        f->prepare(&c, p, data);
        if (json_object_array_length(c.notes) > 0) {
            notes = json_object_to_json_string_ext(c.notes,
                                                   JSON_C_TO_STRING_PLAIN);
        }
    }
    page = json_object_to_json_string_ext(data, JSON_C_TO_STRING_PLAIN);
    args = FB_NAMED(import_page, .run = im->run, .family = f->name,
                    .page = page, .parent = m->parent);
    if (fb_db_begin(&im->db, p) != APR_SUCCESS) {
        imp_die(im, 1, "the database: %s", im->db.error);
    }
    if (f->claims) {
        if (fb_db_select(&im->db, p, &fb_sql_imp_claim, im->org, args,
                         &rows) == APR_SUCCESS && rows.nrows > 0) {
            fb_db_end(&im->db, p, 0);
            imp_die(im, 3, "%s", apr_psprintf(
                p, "refused: the id %s (%s) of the source already belongs "
                "to the organization %s here (%s); an id is never in two "
                "organizations: import into that one, or remove it there "
                "first", fb_rows_get(&rows, 0, 0), f->name,
                fb_rows_get(&rows, 0, 1), fb_rows_get(&rows, 0, 2)));
        }
    }
    if (f->before && fb_db_exec(&im->db, p, f->before, im->org, args, NULL)
                     != APR_SUCCESS) {
        const char *why = apr_pstrdup(p, im->db.error);

        fb_db_end(&im->db, p, 0);
        imp_die(im, 1, "%s", apr_psprintf(p, "%s, page %ld: %s (run again "
                                          "to resume)", f->name,
                                          m->page + 1, why));
    }
    if (notes && fb_db_exec(&im->db, p, &fb_sql_imp_note_put, im->org,
                            FB_NAMED(import_page, .run = im->run,
                                     .family = f->name, .page = notes,
                                     .parent = m->parent),
                            NULL) != APR_SUCCESS) {
        const char *why = apr_pstrdup(p, im->db.error);

        fb_db_end(&im->db, p, 0);
        imp_die(im, 1, "%s", apr_psprintf(p, "%s, page %ld: %s (run again "
                                          "to resume)", f->name,
                                          m->page + 1, why));
    }
    if (fb_db_select(&im->db, p, f->write, im->org, args, &rows)
        == APR_SUCCESS && rows.nrows == 1) {
        m->written += atol(fb_rows_get(&rows, 0, 0));
        m->skipped += atol(fb_rows_get(&rows, 0, 1));
    }
    else {
        const char *why = apr_pstrdup(p, im->db.error ? im->db.error
                                         : "no answer");

        fb_db_end(&im->db, p, 0);
        imp_die(im, 1, "%s", apr_psprintf(
            p, "%s, page %ld: %s (run again to resume)", f->name,
            m->page + 1, why));
    }
    m->read += (long)json_object_array_length(data);
    m->page++;
    imp_mark_put(im, p, f, m);
    if (fb_db_end(&im->db, p, 1) != APR_SUCCESS) {
        imp_die(im, 1, "%s", apr_psprintf(
            p, "%s, page %ld: %s (run again to resume)", f->name, m->page,
            im->db.error ? im->db.error : "the transaction failed"));
    }
}

/* Reads the pages of one list (a family's, or a parent's child list)
 * from m->cursor on. */
static void imp_read_list(imp_t *im, const imp_family_t *f, imp_mark_t *m,
                          long *total, double started, long read_before)
{
    for (;;) {
        apr_pool_t *p;
        json_object *answer, *data;
        const char *why, *next;
        int rc;

        apr_pool_create(&p, im->pool);
        rc = imp_source_get(im->source, p, imp_list_path(
                                p, f, m->parent, m->cursor, im->page_size),
                            &answer, &why);
        if (rc == IMP_SOURCE_GONE && f->parent != NULL) {
            /* A parent the source no longer has (deleted since it was
             * read: its deletion is not carried): nothing to read; a
             * note of the family's own is not asked for again. */
            fprintf(stderr, "feedback-import: %s: passed (the source no "
                    "longer has it)\n", why);
            if (strcmp(f->parent, f->name) == 0
                && fb_db_exec(&im->db, p, &fb_sql_imp_note_drop, im->org,
                              FB_NAMED(imp_note_drop, .family = f->name,
                                       .id = m->parent), NULL)
                   != APR_SUCCESS) {
                imp_die(im, 1, "%s", apr_psprintf(
                    p, "%s: %s (run again to resume)", f->name,
                    im->db.error ? im->db.error
                                 : "the note could not be dropped"));
            }
            m->cursor = NULL;
            apr_pool_destroy(p);
            return;
        }
        if (rc != 0) {
            long status = imp_source_status(im->source);

            /* A list the source does not have: nothing to read. */
            if (f->optional && m->page == 0 && m->parent == NULL
                && (status == 404 || status == 403)) {
                const char *line = apr_psprintf(
                    p, "%s: the source has none (%ld): not imported\n",
                    f->name, status);

                fputs(line, stdout);
                if (im->report) {
                    fputs(line, im->report);
                }
                m->cursor = NULL;
                apr_pool_destroy(p);
                return;
            }
            imp_die(im, 1, "%s (run again to resume)", why);
        }
        if (f->paging == IMP_OBJECT
            && json_object_is_type(answer, json_type_object)) {
            /* One object: the page is an array of it. */
            data = fb_json_owned(p, json_object_new_array());
            json_object_array_add(data, json_object_get(answer));
            next = NULL;
        }
        else if ((data = imp_data(answer, &next, total)) == NULL) {
            imp_die(im, 1, "%s: the source's answer has no list", f->name);
        }
        if (f->text_of) {
            imp_texts(p, f, data);
        }
        if (f->complete && f->complete(im->source, p, data, &why) != 0) {
            imp_die(im, 1, "%s (run again to resume)", why);
        }
        /* The cursor of the page after (NULL: the list is read); for a
         * one-page list, there is none. */
        m->cursor = f->paging == IMP_CURSOR
                    ? imp_keep(im, m->cursor_buf, next, f->name) : NULL;
        if (json_object_array_length(data) > 0 || m->cursor == NULL) {
            imp_write_page(im, p, f, data, m);
        }
        json_object_put(answer);
        apr_pool_destroy(p);
        imp_progress(im, f, m, *total, started, read_before, 0);
        if (m->cursor == NULL) {
            return;
        }
    }
}

static void imp_family(imp_t *im, const imp_family_t *f, imp_mark_t *m)
{
    double started = imp_now();
    long total = 0, read_before;

    imp_mark_get(im, im->pool, f, m);
    read_before = m->read;
    im->shown = started;
    if (m->done) {
        imp_progress(im, f, m, total, started, read_before, 1);
        return;
    }
    if (f->parent == NULL) {
        /* A list whose last page is written (no cursor after it) was
         * read whole: only its end is left to do. */
        if (m->page == 0 || m->cursor != NULL) {
            imp_read_list(im, f, m, &total, started, read_before);
        }
    }
    else {
        /* A parent's children: m->parent is the parent being read (its
         * list done when m->cursor is NULL). */
        if (m->parent && m->cursor) {
            imp_read_list(im, f, m, &total, started, read_before);
        }
        for (;;) {
            apr_pool_t *p;
            fb_rows_t rows;
            int i;

            apr_pool_create(&p, im->pool);
            if (fb_db_select(&im->db, p, f->parents ? f->parents
                                         : &fb_sql_imp_parents, im->org,
                             FB_NAMED(import_parents, .family = f->parent,
                                      .after = m->parent),
                             &rows) != APR_SUCCESS) {
                imp_die(im, 1, "the database: %s", im->db.error);
            }
            for (i = 0; i < rows.nrows; i++) {
                m->parent = imp_keep(im, m->parent_buf,
                                     fb_rows_get(&rows, i, 0), f->name);
                m->cursor = NULL;
                imp_read_list(im, f, m, &total, started, read_before);
            }
            apr_pool_destroy(p);
            if (rows.nrows == 0) {
                break;
            }
        }
    }
    m->done = 1;
    if (fb_db_begin(&im->db, im->pool) != APR_SUCCESS) {
        imp_die(im, 1, "the database: %s", im->db.error);
    }
    if (f->after
        && fb_db_exec(&im->db, im->pool, f->after, im->org,
                      FB_NAMED(import_page, .run = im->run,
                               .family = f->name), NULL) != APR_SUCCESS) {
        imp_die(im, 1, "%s", apr_pstrcat(im->pool, f->name, ": the end "
                                         "of the family: ", im->db.error,
                                         NULL));
    }
    imp_mark_put(im, im->pool, f, m);
    if (fb_db_end(&im->db, im->pool, 1) != APR_SUCCESS) {
        imp_die(im, 1, "%s: the end of the family failed", f->name);
    }
    imp_progress(im, f, m, total, started, read_before, 1);
}

/* s with each signed URL of a stored file (any host, "/v2/files/KEY"
 * then its expiry and signature, & or &amp; between) written
 * "file:KEY": a server signs its files' URLs under its own address
 * each time it renders them. */
static const char *imp_unsign(apr_pool_t *p, const char *s)
{
    static const char served[] = "/v2/files/";
    apr_array_header_t *out;
    const char *rest = s, *at;

    if (strstr(s, served) == NULL) {
        return s;
    }
    out = apr_array_make(p, 4, sizeof(const char *));
    while ((at = strstr(rest, served)) != NULL) {
        const char *key = at + sizeof(served) - 1, *start = at, *end;

        end = key + FB_FILE_KEY_LEN;
        while (start > rest && strncmp(start, "http", 4) != 0) {
            start--;
        }
        if (strncmp(start, "http", 4) != 0
            || strlen(key) < FB_FILE_KEY_LEN
            || !fb_file_key_valid(apr_pstrndup(p, key, FB_FILE_KEY_LEN))
            || strncmp(end, "?expires=", 9) != 0) {
            APR_ARRAY_PUSH(out, const char *) = apr_pstrndup(p, rest,
                                                             key - rest);
            rest = key;
            continue;
        }
        for (end += 9; *end >= '0' && *end <= '9'; end++) {
        }
        end += strncmp(end, "&amp;", 5) == 0 ? 5 : *end == '&' ? 1 : 0;
        if (strncmp(end, "signature=", 10) == 0) {
            for (end += 10; apr_isxdigit(*end); end++) {
            }
        }
        APR_ARRAY_PUSH(out, const char *) = apr_pstrndup(p, rest,
                                                         start - rest);
        APR_ARRAY_PUSH(out, const char *) = apr_pstrcat(
            p, "file:", apr_pstrndup(p, key, FB_FILE_KEY_LEN), NULL);
        rest = end;
    }
    APR_ARRAY_PUSH(out, const char *) = rest;
    return apr_array_pstrcat(p, out, 0);
}

/* The canonical text of a value: members in the order of their names,
 * those that name the organization or its address left out (an
 * organizationId or organization, a postUrl, a ticketUrl, a help
 * center's featurebaseUrl differ by design), the URLs of stored files by
 * their keys (imp_unsign). */
static void imp_canon(apr_pool_t *p, json_object *o, struct apr_array_header_t
                      *out)
{
    if (json_object_is_type(o, json_type_object)) {
        apr_array_header_t *keys = apr_array_make(p, 16, sizeof(char *));
        int i;

        json_object_object_foreach(o, key, val) {
            (void)val;
            if (strcmp(key, "organizationId") != 0
                && strcmp(key, "organization") != 0
                && strcmp(key, "postUrl") != 0
                && strcmp(key, "ticketUrl") != 0
                && strcmp(key, "featurebaseUrl") != 0) {
                APR_ARRAY_PUSH(keys, const char *) = key;
            }
        }
        for (i = 1; i < keys->nelts; i++) {     /* a few: insertion */
            const char *k = APR_ARRAY_IDX(keys, i, const char *);
            int j = i - 1;

            while (j >= 0 && strcmp(APR_ARRAY_IDX(keys, j, const char *), k)
                   > 0) {
                APR_ARRAY_IDX(keys, j + 1, const char *) =
                    APR_ARRAY_IDX(keys, j, const char *);
                j--;
            }
            APR_ARRAY_IDX(keys, j + 1, const char *) = k;
        }
        APR_ARRAY_PUSH(out, const char *) = "{";
        for (i = 0; i < keys->nelts; i++) {
            const char *k = APR_ARRAY_IDX(keys, i, const char *);

            APR_ARRAY_PUSH(out, const char *) = apr_pstrcat(
                p, i ? "," : "", fb_json_quote(p, k), ":", NULL);
            imp_canon(p, json_object_object_get(o, k), out);
        }
        APR_ARRAY_PUSH(out, const char *) = "}";
    }
    else if (json_object_is_type(o, json_type_array)) {
        size_t i, n = json_object_array_length(o);

        APR_ARRAY_PUSH(out, const char *) = "[";
        for (i = 0; i < n; i++) {
            if (i) {
                APR_ARRAY_PUSH(out, const char *) = ",";
            }
            imp_canon(p, json_object_array_get_idx(o, i), out);
        }
        APR_ARRAY_PUSH(out, const char *) = "]";
    }
    else if (json_object_is_type(o, json_type_string)) {
        APR_ARRAY_PUSH(out, const char *) = fb_json_quote(
            p, imp_unsign(p, json_object_get_string(o)));
    }
    else {
        APR_ARRAY_PUSH(out, const char *) = apr_pstrdup(
            p, json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN));
    }
}

/* The digest of a family's list as api renders it: the XOR of each
 * object's SHA-256, so the order of the list does not matter and memory
 * holds one page.  Returns the objects counted, -1 on failure. */
static long imp_digest(imp_t *im, imp_source_t *api, const imp_family_t *f,
                       unsigned char sum[32])
{
    const char *cursor = NULL;
    char buf[IMP_TOKEN_MAX];
    long n = 0;

    memset(sum, 0, 32);
    do {
        apr_pool_t *p;
        json_object *answer, *data;
        const char *why, *next;
        long total = 0;
        size_t i, len;

        apr_pool_create(&p, im->pool);
        if (imp_source_get(api, p, imp_list_path(p, f, NULL, cursor, 100),
                           &answer, &why) != 0
            || (data = imp_data(answer, &next, &total)) == NULL) {
            return -1;
        }
        len = json_object_array_length(data);
        for (i = 0; i < len; i++) {
            apr_array_header_t *parts = apr_array_make(p, 64,
                                                       sizeof(char *));
            unsigned char one[32];
            unsigned int olen = 0;
            const char *text;
            int j;

            imp_canon(p, json_object_array_get_idx(data, i), parts);
            text = apr_array_pstrcat(p, parts, 0);
            EVP_Digest(text, strlen(text), one, &olen, EVP_sha256(), NULL);
            for (j = 0; j < 32; j++) {
                sum[j] ^= one[j];
            }
            n++;
        }
        cursor = f->paging == IMP_CURSOR
                 ? imp_keep(im, buf, next, f->name) : NULL;
        json_object_put(answer);
        apr_pool_destroy(p);
    } while (cursor);
    return n;
}

static void imp_out(imp_t *im, const char *line)
{
    fputs(line, stdout);
    if (im->report) {
        fputs(line, im->report);
    }
}

/* What a note's code says, in the report. */
static const struct {
    const char *why, *text;
} imp_note_texts[] = {
    {.why = "older_parts", .text = "parts older than the 500 newest the "
     "source's API shows were not carried (the API tells no count); its "
     "first message was"},
    {.why = "refused", .text = "the outbound address policy refused it: "
     "not stored, the source's link kept"},
    {.why = "too_large", .text = "larger than the module stores: not "
     "stored, the source's link kept"},
    {.why = "unfetched", .text = "could not be fetched: not stored, the "
     "source's link kept"},
    {.why = "refused_type", .text = "a type the module does not store: "
     "not stored, the source's link kept"},
    {.why = NULL, .text = NULL}
};

/* The run's notes, a page of them at a time. */
static void imp_notes_out(imp_t *im)
{
    char family[IMP_TOKEN_MAX] = "", item[IMP_TOKEN_MAX] = "";
    int n;

    do {
        apr_pool_t *p;
        fb_rows_t rows;
        int i, j;

        apr_pool_create(&p, im->pool);
        if (fb_db_select(&im->db, p, &fb_sql_imp_notes, im->org,
                         FB_NAMED(imp_notes, .run = im->run,
                                  .family = family, .item = item),
                         &rows) != APR_SUCCESS) {
            imp_die(im, 1, "reading the notes: %s", im->db.error);
        }
        n = rows.nrows;
        for (i = 0; i < n; i++) {
            const char *why = fb_rows_get(&rows, i, 2), *text = why;

            for (j = 0; imp_note_texts[j].why; j++) {
                if (strcmp(imp_note_texts[j].why, why) == 0) {
                    text = imp_note_texts[j].text;
                }
            }
            imp_out(im, apr_psprintf(p, "%-16s %s: %s\n",
                                     fb_rows_get(&rows, i, 0),
                                     fb_rows_get(&rows, i, 1), text));
            imp_keep(im, family, fb_rows_get(&rows, i, 0), "notes");
            imp_keep(im, item, fb_rows_get(&rows, i, 1), "notes");
        }
        apr_pool_destroy(p);
    } while (n == 200);
}

static void imp_verify(imp_t *im, const imp_mark_t *marks)
{
    const imp_family_t *f;
    int i;

    imp_out(im, "\nverification\n");
    imp_out(im, apr_psprintf(im->pool, "%-16s %9s %9s %9s %8s  %s\n",
                             "family", "source", "target", "written",
                             "skipped", "digest"));
    for (f = imp_families, i = 0; f->name; f++, i++) {
        const char *digest = "-";
        long here = -1;
        fb_rows_t rows;

        if (f->claims
            && fb_db_select(&im->db, im->pool, &fb_sql_imp_count, im->org,
                            FB_ARGS(f->name),
                            &rows) == APR_SUCCESS && rows.nrows == 1) {
            here = atol(fb_rows_get(&rows, 0, 0));
        }
        if (im->target && f->parent == NULL) {
            unsigned char a[32], b[32];
            long ns = imp_digest(im, im->source, f, a);
            long nt = imp_digest(im, im->target, f, b);

            here = nt;
            digest = ns < 0 || nt < 0 ? "unreadable"
                     : memcmp(a, b, 32) == 0
                       ? apr_psprintf(im->pool, "same %02x%02x%02x%02x",
                                      a[0], a[1], a[2], a[3])
                       : apr_psprintf(im->pool, "%s %02x%02x%02x%02x"
                                      "/%02x%02x%02x%02x%s%s",
                                      f->differs ? "differs" : "DIFFERS",
                                      a[0], a[1], a[2], a[3], b[0], b[1],
                                      b[2], b[3], f->differs ? ": " : "",
                                      f->differs ? f->differs : "");
        }
        imp_out(im, apr_psprintf(
            im->pool, "%-16s %9ld %9s %9ld %8ld  %s\n", f->name,
            marks[i].read, here < 0 ? "-" : imp_num(im->pool, here),
            marks[i].written, marks[i].skipped, digest));
    }
    imp_out(im, "\nnot carried\n");
    for (f = imp_families, i = 0; f->name; f++, i++) {
        if (marks[i].skipped > 0) {
            imp_out(im, apr_psprintf(im->pool, "%-16s %ld: %s\n", f->name,
                                     marks[i].skipped, f->skipped_why
                                     ? f->skipped_why : "skipped"));
        }
    }
    imp_notes_out(im);
    imp_out(im, "API keys and webhook secrets: the API never shows them\n"
                "changelog subscribers added by address: the API never "
                "lists them (a contact's subscription comes with it)\n"
                "help center: the slugs articles and collections had "
                "(the API does not list them), images in articles (their "
                "URLs are kept as the source renders them)\n");
}

static void imp_usage(void)
{
    fprintf(stderr, "usage: feedback-import --from URL --key KEY --into ORG "
                    "[--report FILE] [--target URL --target-key KEY] "
                    "[--page N] [--outbound-deny RANGE]... "
                    "[--outbound-allow RANGE]... [--outbound-allow-loopback]"
                    "\n");
    exit(2);
}

int main(int argc, const char *const *argv)
{
    imp_t im;
    const char *from = NULL, *key = NULL, *report = NULL, *target = NULL;
    const char *target_key = NULL, *dsn = getenv("FEEDBACK_DB");
    const char *error = NULL, *why = NULL, *who = getenv("FEEDBACK_OPERATOR");
    apr_array_header_t *deny, *allow;
    int loopback = 0;
    apr_hash_t *registry;
    imp_mark_t *marks;
    fb_rows_t rows;
    int i, n;

    memset(&im, 0, sizeof(im));
    im.page_size = IMP_PAGE_DEFAULT;
    apr_app_initialize(&argc, &argv, NULL);
    apr_pool_create(&im.pool, NULL);
    deny = apr_array_make(im.pool, 4, sizeof(fb_netrange_t));
    allow = apr_array_make(im.pool, 4, sizeof(fb_netrange_t));
    for (i = 1; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;

        /* The outbound policy of files, as the module's directives
         * FeedbackOutboundDeny, FeedbackOutboundAllow and
         * FeedbackOutboundAllowLoopback (tests) set it. */
        if (strcmp(argv[i], "--outbound-allow-loopback") == 0) {
            loopback = 1;
            continue;
        }
        if (v == NULL) {
            imp_usage();
        }
        if (strcmp(argv[i], "--outbound-deny") == 0
            || strcmp(argv[i], "--outbound-allow") == 0) {
            fb_netrange_t *r = argv[i][11] == 'd'
                               ? apr_array_push(deny) : apr_array_push(allow);
            const char *bad = fb_netrange_parse(v, r);

            if (bad != NULL) {
                fprintf(stderr, "feedback-import: %s %s: %s\n", argv[i], v,
                        bad);
                exit(2);
            }
            i++;
            continue;
        }
        if (strcmp(argv[i], "--from") == 0) from = v;
        else if (strcmp(argv[i], "--key") == 0) key = v;
        else if (strcmp(argv[i], "--into") == 0) im.org = v;
        else if (strcmp(argv[i], "--report") == 0) report = v;
        else if (strcmp(argv[i], "--target") == 0) target = v;
        else if (strcmp(argv[i], "--target-key") == 0) target_key = v;
        else if (strcmp(argv[i], "--page") == 0) im.page_size = atoi(v);
        else imp_usage();
        i++;
    }
    if (!from || !key || !im.org || (target && !target_key)
        || im.page_size < 1 || im.page_size > 100) {
        imp_usage();
    }
    if (dsn == NULL || *dsn == '\0') {
        imp_die(NULL, 2, "%s", "set FEEDBACK_DB to a libpq connection "
                "string");
    }
    if (fb_fetch_global_init(im.pool, &why) != APR_SUCCESS) {
        imp_die(NULL, 1, "libcurl: %s", why);
    }
    im.fetch.policy = fb_netpolicy_create(im.pool, deny, allow,
                                          loopback ? FB_NETPOLICY_TESTING
                                                   : 0);
    im.fetch.user_agent = "feedback-import";
    im.tty = isatty(STDOUT_FILENO);
    if (report && (im.report = fopen(report, "w")) == NULL) {
        imp_die(NULL, 1, "cannot write the report %s", report);
    }
    /* The statements' placeholders against their names, as httpd's
     * start-up checks the module's. */
    registry = apr_hash_make(im.pool);
    if (fb_db_registry_add(registry, im.pool, imp_statements, &why)
        != APR_SUCCESS
        || fb_db_registry_add(registry, im.pool, imp_run_statements, &why)
           != APR_SUCCESS
        || fb_db_registry_add(registry, im.pool, imp_inbox_statements, &why)
           != APR_SUCCESS) {
        imp_die(&im, 1, "a statement is wrong: %s", why);
    }
    if (apr_dbd_init(im.pool) != APR_SUCCESS
        || apr_dbd_get_driver(im.pool, "pgsql", &im.db.driver) != APR_SUCCESS
        || apr_dbd_open_ex(im.db.driver, im.pool, dsn, &im.db.handle,
                           &error) != APR_SUCCESS) {
        imp_die(&im, 1, "cannot open the database: %s",
                error ? error : "no pgsql driver");
    }
    im.db.prepared = apr_hash_make(im.pool);
    if (fb_db_prepare_table(&im.db, im.pool, imp_statements) != APR_SUCCESS
        || fb_db_prepare_table(&im.db, im.pool, imp_run_statements)
           != APR_SUCCESS
        || fb_db_prepare_table(&im.db, im.pool, imp_inbox_statements)
           != APR_SUCCESS
        || fb_db_prepare_table(&im.db, im.pool, fb_file_store_statements)
           != APR_SUCCESS) {
        imp_die(&im, 1, "cannot prepare the statements (is the database "
                "migrated?): %s", im.db.error ? im.db.error : "");
    }
    im.source = imp_source_make(im.pool, from, key, 0);
    im.target = target ? imp_source_make(im.pool, target, target_key, 0)
                       : NULL;
    im.source_url = from;
    if (fb_db_select(&im.db, im.pool, &fb_sql_imp_run_open, im.org,
                     FB_ARGS(from),
                     &rows) != APR_SUCCESS || rows.nrows != 1) {
        imp_die(&im, 1, "no such organization here: %s", im.org);
    }
    im.run = fb_rows_get(&rows, 0, 0);
    if (strcmp(fb_rows_get(&rows, 0, 1), from) != 0) {
        imp_die(&im, 1, "%s", apr_psprintf(
            im.pool, "an unfinished import from %s is under way into this "
            "organization: run it to the end first",
            fb_rows_get(&rows, 0, 1)));
    }
    for (n = 0; imp_families[n].name; n++) {
    }
    marks = apr_pcalloc(im.pool, n * sizeof(*marks));
    for (i = 0; i < n; i++) {
        imp_family(&im, &imp_families[i], &marks[i]);
    }
    if (fb_db_select(&im.db, im.pool, &fb_sql_imp_run_finish, im.org,
                     FB_NAMED(imp_run_finish, .run = im.run,
                              .operator = who ? who : "feedback-import"),
                     &rows) != APR_SUCCESS) {
        imp_die(&im, 1, "finishing the run: %s", im.db.error);
    }
    imp_verify(&im, marks);
    {
        long requests, retries;
        double waited;

        imp_source_counts(im.source, &requests, &retries, &waited);
        imp_out(&im, apr_psprintf(im.pool, "\nrun %s: %ld requests to the "
                                  "source, %ld retried, %.1f s waited for "
                                  "its rate limit\n", im.run, requests,
                                  retries, waited));
    }
    if (im.report) {
        fclose(im.report);
    }
    return 0;
}
