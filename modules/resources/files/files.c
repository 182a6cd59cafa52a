/*
 * files: stored files in chunks (files.h), and GET /files/{key}, which
 * serves one under a signed URL (fb_filesign.h) without an API key, so
 * that browsers showing content can load its images.
 */
#include <string.h>

#include "apr_strings.h"
#include "apr_uri.h"
#include "http_protocol.h"

#include "fb_archive.h"
#include "fb_disposition.h"
#include "fb_filesign.h"
#include "fb_filetype.h"
#include "files.h"

/* Serving: the file and its number of chunks, then each chunk, by key
 * alone: the signed URL names no organization, and whoever holds one
 * may read the file.  (key) */
FB_SQL_GLOBAL(file_get, 1,
    "SELECT f.content_type, f.size, "
    "  (SELECT count(*) FROM file_chunks c WHERE c.key = f.key), f.name "
    "FROM files f WHERE f.key = %s AND f.size > 0");

/* The chunk seq of the file key, as file_get. */
FB_SQL_GLOBAL_NAMED(file_get_chunk, (key, seq),
    "WITH k AS (SELECT %s::text AS key, %s::integer AS seq) "
    "SELECT encode(c.data, 'hex') FROM k, file_chunks c "
    "WHERE c.key = k.key AND c.seq = k.seq");

FB_SQL(file_owned, 1,
    "SELECT key FROM files WHERE org_id = %s AND key = %s AND size > 0");

static const fb_statement_t *const fb_file_statements[] = {
    &fb_sql_file_get, &fb_sql_file_get_chunk, &fb_sql_file_owned, NULL
};

struct fb_file_writer {
    fb_req_t *fr;
    const char *key;
    const char *type;       /* known from the first bytes */
    magic_t magic;          /* libmagic's, loaded at its first use */
    char *buf;
    apr_size_t used;
    apr_off_t total;
    apr_off_t max;
    int any;                /* any type but an executable */
    int seq;
    int failed;
    const char *why;        /* for the client */
};

/* Starts a file named name (NULL: an image of content). */
static fb_error_t *fb_file_start(fb_req_t *fr, const char *source,
                                 const char *name, fb_file_writer_t **w)
{
    fb_db_t *db = fb_req_db(fr);
    fb_error_t *err = NULL;

    *w = apr_pcalloc(fr->pool, sizeof(**w));
    (*w)->fr = fr;
    if (db == NULL
        || fb_file_store_create(db, fr->pool, fr->principal.org_id, source,
                                name, &(*w)->key) != APR_SUCCESS) {
        err = fb_req_db_failed(fr);
    }
    /* Nothing is held while the first bytes are awaited. */
    fb_req_db_release(fr);
    if (err != NULL) {
        (*w)->failed = 1;
        return err;
    }
    (*w)->buf = apr_palloc(fr->pool, FB_FILE_CHUNK);
    (*w)->max = FB_FILE_MAX_SIZE;
    return NULL;
}

fb_error_t *fb_file_begin(fb_req_t *fr, const char *source,
                          fb_file_writer_t **w)
{
    return fb_file_start(fr, source, NULL, w);
}

fb_error_t *fb_file_begin_any(fb_req_t *fr, const char *source,
                              const char *name, apr_off_t max,
                              fb_file_writer_t **w)
{
    fb_error_t *err = fb_file_start(fr, source, name, w);

    (*w)->any = 1;
    (*w)->max = max;
    return err;
}

const char *fb_file_why(const fb_file_writer_t *w)
{
    return w->why;
}

const char *fb_file_owned(fb_req_t *fr, const char *url)
{
    const apr_size_t mlen = sizeof(FB_FILE_MARKER) - 1;
    static const char served[] = "/v2/files/";
    const char *key = NULL;
    apr_uri_t uri;
    fb_rows_t rows;

    if (strncmp(url, FB_FILE_MARKER, mlen) == 0) {
        key = url + mlen;
    }
    else if (apr_uri_parse(fr->pool, url, &uri) == APR_SUCCESS
             && uri.path != NULL
             && strlen(uri.path) == sizeof(served) - 1 + FB_FILE_KEY_LEN
             && strncmp(uri.path, served, sizeof(served) - 1) == 0) {
        key = uri.path + sizeof(served) - 1;
    }
    if (key == NULL || !fb_file_key_valid(key)
        || fb_req_select(fr, &fb_sql_file_owned, FB_ARGS(key), &rows) != NULL
        || rows.nrows != 1) {
        return NULL;
    }
    return fb_rows_get(&rows, 0, 0);
}

/* Writes the buffered bytes as the next chunk. */
static apr_status_t fb_file_flush(fb_file_writer_t *w)
{
    fb_req_t *fr = w->fr;
    apr_pool_t *p;
    apr_status_t rv;

    if (w->used == 0) {
        return APR_SUCCESS;
    }
    if (w->type == NULL && w->any) {
        /* The first chunk tells the type; nothing is stored before. */
        const char *why;

        w->type = fb_file_sniff((unsigned char *)w->buf, w->used);
        if (w->type == NULL) {
            w->magic = fb_filetype_magic(fr->pool);
            w->type = fb_filetype_of(fr->pool, w->magic,
                                     (unsigned char *)w->buf, w->used);
        }
        if ((why = fb_filetype_content_refused(
                 fr->pool, (unsigned char *)w->buf, w->used, w->type))
            != NULL) {
            w->why = apr_psprintf(fr->pool, FB_FILETYPE_REFUSED, why);
            return APR_EINVAL;
        }
    }
    if (w->type == NULL
        && (w->type = fb_file_sniff((unsigned char *)w->buf, w->used))
           == NULL) {
        return APR_EINVAL;
    }
    /* A chunk's hex text lives only as long as its insert. */
    if ((rv = apr_pool_create(&p, fr->pool)) != APR_SUCCESS) {
        return rv;
    }
    rv = fb_req_db(fr) == NULL
        ? FB_DB_UNAVAILABLE
        : fb_file_store_chunk(fr->db, p, fr->principal.org_id, w->key,
                              w->seq++, w->buf, w->used);
    fb_req_db_release(fr);
    apr_pool_destroy(p);
    w->used = 0;
    return rv;
}

apr_status_t fb_file_write(fb_file_writer_t *w, const char *data,
                           apr_size_t len)
{
    if (w->failed || w->total + (apr_off_t)len > w->max) {
        if (!w->failed) {
            w->why = apr_psprintf(w->fr->pool, "The file is larger than "
                                  "%" APR_OFF_T_FMT " bytes.", w->max);
        }
        w->failed = 1;
        return APR_ENOSPC;
    }
    w->total += (apr_off_t)len;
    while (len > 0) {
        apr_size_t n = FB_FILE_CHUNK - w->used;

        if (n > len) {
            n = len;
        }
        memcpy(w->buf + w->used, data, n);
        w->used += n;
        data += n;
        len -= n;
        if (w->used == FB_FILE_CHUNK && fb_file_flush(w) != APR_SUCCESS) {
            w->failed = 1;
            return APR_EGENERAL;
        }
    }
    return APR_SUCCESS;
}

/* The stored file read back by offset for its archive check: one chunk
 * at a time, a connection held only while it is read. */
typedef struct {
    fb_file_writer_t *w;
    char *chunk;
    apr_size_t len;
    int seq;                /* the chunk held, -1: none */
} fb_file_reader_t;

static apr_status_t fb_file_read_at(void *baton, apr_off_t at,
                                    const char **data, apr_size_t *len)
{
    fb_file_reader_t *r = baton;
    fb_req_t *fr = r->w->fr;
    int seq = (int)(at / FB_FILE_CHUNK);
    apr_size_t off = (apr_size_t)(at % FB_FILE_CHUNK);
    apr_status_t rv = APR_SUCCESS;

    if (seq != r->seq) {
        apr_pool_t *p;

        r->seq = -1;
        if ((rv = apr_pool_create(&p, fr->pool)) != APR_SUCCESS) {
            return rv;
        }
        rv = fb_req_db(fr) == NULL
             ? FB_DB_UNAVAILABLE
             : fb_file_store_read(fr->db, p, fr->principal.org_id,
                                  r->w->key, seq, r->chunk, FB_FILE_CHUNK,
                                  &r->len);
        fb_req_db_release(fr);
        apr_pool_destroy(p);
        if (rv != APR_SUCCESS) {
            return rv;
        }
        r->seq = seq;
    }
    if (off >= r->len) {
        return APR_EOF;
    }
    *data = r->chunk + off;
    *len = r->len - off;
    return APR_SUCCESS;
}

/* Looks into the stored file as an archive (fb_archive.h): APR_SUCCESS
 * with w->why set when it is refused; another status when it could not
 * be read back. */
static apr_status_t fb_file_check(fb_file_writer_t *w)
{
    fb_file_reader_t r;
    const char *why;
    apr_status_t rv;

    r.w = w;
    r.chunk = w->buf;       /* everything is written: it is free */
    r.len = 0;
    r.seq = -1;
    rv = fb_archive_check(w->fr->pool, &w->magic, &fb_archive_limits,
                          fb_file_read_at, &r, w->total, &why);
    if (rv == APR_SUCCESS && why != NULL) {
        w->why = why;
    }
    return rv;
}

/* A download's bytes, as they come, into its file. */
static apr_status_t fb_file_sink(void *baton, const char *data,
                                 apr_size_t len)
{
    return fb_file_write(baton, data, len);
}

void fb_file_fetch(fb_req_t *fr, const fb_fetch_options_t *opt,
                   const char *url, fb_file_writer_t *w,
                   fb_fetch_result_t *res)
{
    fb_fetch_request_t req;

    memset(&req, 0, sizeof(req));
    req.url = url;
    req.max_size = FB_FILE_MAX_SIZE;
    req.sink = fb_file_sink;
    req.sink_baton = w;
    fb_fetch(fr->pool, opt, &req, res);
}

void fb_file_finish(fb_file_writer_t *w, int ok, const char **key)
{
    fb_req_t *fr = w->fr;
    const char *org = fr->principal.org_id;

    *key = NULL;
    if (w->key == NULL) {
        return;
    }
    if (ok && w->total == 0 && w->why == NULL) {
        w->why = "The file is empty.";
    }
    ok = ok && !w->failed && fb_file_flush(w) == APR_SUCCESS
         && w->total > 0 && w->type != NULL
         && fb_file_check(w) == APR_SUCCESS && w->why == NULL;
    if (fb_req_db(fr) != NULL) {
        if (ok && fb_file_store_complete(fr->db, fr->pool, org, w->key,
                                         w->total, w->type) == APR_SUCCESS) {
            *key = w->key;
        }
        else {
            fb_file_store_discard(fr->db, fr->pool, org, w->key);
        }
    }
    fb_req_db_release(fr);
}

/* GET /files/{key}?expires=...&signature=... */
static fb_error_t *fb_file_get(fb_req_t *fr)
{
    const char *key = fb_req_param(fr, "key"), *type;
    fb_rows_t rows;
    fb_error_t *err;
    int i, n;

    if (!fb_filesign_valid(fr->conf->secret, key,
                           fb_query_get(&fr->query, "expires"),
                           fb_query_get(&fr->query, "signature"),
                           apr_time_now())) {
        return fb_error_make(fr->pool, FB_E_FORBIDDEN, "signature",
                             "The file URL is not signed or has "
                             "expired.");
    }
    if ((err = fb_req_select(fr, &fb_sql_file_get, FB_ARGS(key), &rows))
        != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, FB_E_RESOURCE_NOT_FOUND, "key",
                             NULL);
    }
    n = atoi(fb_rows_get(&rows, 0, 2));
    type = apr_pstrdup(fr->pool, fb_rows_get(&rows, 0, 0));
    ap_set_content_type(fr->r, type);
    ap_set_content_length(fr->r, apr_atoi64(fb_rows_get(&rows, 0, 1)));
    apr_table_setn(fr->r->headers_out, "Cache-Control", "private, "
                   "max-age=3600");
    /* Only a raster image is shown; anything else (HTML, SVG, PDF, text)
     * is saved under its name, never rendered in the API's origin, and
     * sandboxed should a browser render it all the same. */
    if (!fb_filetype_inline(type)) {
        apr_table_setn(fr->r->headers_out, "Content-Disposition",
                       fb_disposition_attachment(fr->pool,
                                                 fb_rows_get(&rows, 0, 3)));
    }
    apr_table_setn(fr->r->headers_out, "X-Content-Type-Options", "nosniff");
    apr_table_setn(fr->r->headers_out, "Content-Security-Policy",
                   "default-src 'none'; sandbox");
    if (fr->r->header_only) {
        return NULL;
    }
    /* One chunk in memory at a time. */
    for (i = 0; i < n; i++) {
        apr_pool_t *p;
        const char *hex;
        char *bin;
        apr_size_t len;

        if (apr_pool_create(&p, fr->pool) != APR_SUCCESS) {
            break;
        }
        if (fb_req_db(fr) == NULL
            || fb_db_select(fr->db, p, &fb_sql_file_get_chunk, NULL,
                            FB_NAMED(file_get_chunk, .key = key,
                                     .seq = apr_itoa(p, i)),
                            &rows)
               != APR_SUCCESS
            || (hex = fb_rows_get(&rows, 0, 0)) == NULL) {
            apr_pool_destroy(p);
            break;      /* the status line is gone: cut the body short */
        }
        /* A slow reader holds no connection while its chunk is sent. */
        fb_req_db_release(fr);
        bin = apr_palloc(p, strlen(hex) / 2 + 1);
        len = fb_file_unhex(bin, hex);
        ap_rwrite(bin, (int)len, fr->r);
        apr_pool_destroy(p);
    }
    return NULL;
}

static const fb_query_rule_t fb_file_get_rules[] = {
    {.name = "expires", .type = FB_Q_STRING, .min = 1, .max = 20},
    {.name = "signature", .type = FB_Q_STRING, .min = 1, .max = 128},
    {.name = NULL}
};

static const fb_op_t fb_file_get_op = {
    .handler = fb_file_get,
    .flags = FB_OP_PUBLIC,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_NONE,
    .query = fb_file_get_rules,
};

static const fb_route_t fb_file_routes[] = {
    {"GET", "/files/{key}", &fb_file_get_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_files_module = {
    .name = "files",
    .routes = fb_file_routes,
    .statements = fb_file_statements,
};
