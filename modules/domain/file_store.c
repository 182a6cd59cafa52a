/*
 * file_store: storing files and their sweep (file_store.h).
 */
#include <string.h>

#include "apr_strings.h"

#include "fb_filesign.h"
#include "file_store.h"

FB_SQL_NAMED(file_insert, (source, name),
    "INSERT INTO files (org_id, content_type, source, name) "
    "SELECT k.org_id, 'application/octet-stream', k.source, k.name "
    "FROM (SELECT %s::text AS org_id, %s::text AS source, "
    "  %s::text AS name) k "
    "RETURNING key");

/* data: the chunk in hex. */
FB_SQL_NAMED(file_chunk, (key, seq, data),
    "INSERT INTO file_chunks (key, seq, data) "
    "SELECT f.key, a.seq, decode(a.data, 'hex') "
    "FROM (SELECT %s::text AS org_id, %s::text AS key, "
    "  %s::integer AS seq, %s::text AS data) a "
    "JOIN files f ON f.org_id = a.org_id AND f.key = a.key");

/* A file is complete once its size is set: a stored file is never
 * empty. */
FB_SQL_NAMED(file_done, (key, size, content_type),
    "UPDATE files f SET size = a.size, content_type = a.content_type "
    "FROM (SELECT %s::text AS org_id, %s::text AS key, "
    "  %s::bigint AS size, %s::text AS content_type) a "
    "WHERE f.org_id = a.org_id AND f.key = a.key");

/* A chunk read back, of a file not yet complete (its check before it
 * is: fb_archive.h). */
FB_SQL_NAMED(file_chunk_read, (key, seq),
    "SELECT encode(c.data, 'hex') "
    "FROM (SELECT %s::text AS org_id, %s::text AS key, "
    "  %s::integer AS seq) k "
    "JOIN files f ON f.org_id = k.org_id AND f.key = k.key "
    "JOIN file_chunks c ON c.key = f.key AND c.seq = k.seq");

/* (org, key) */
FB_SQL(file_discard, 1,
    "DELETE FROM files WHERE org_id = %s AND key = %s AND size = 0");

/* (org, key) */
FB_SQL(file_drop, 1,
    "DELETE FROM files WHERE org_id = %s AND key = %s "
    "AND attached_at IS NULL");

/* Files stored for a write that never committed, an hour on (sql/014),
 * in every organization: housekeeping of the whole database, run by
 * the worker (fb_jobs.c). */
FB_SQL_GLOBAL(sweep_files_unattached, 1,
    "DELETE FROM files f USING ("
    "  SELECT key FROM files WHERE attached_at IS NULL "
    "    AND created_at < now() - interval '1 hour' "
    "  ORDER BY created_at LIMIT %d FOR UPDATE SKIP LOCKED) old "
    "WHERE f.key = old.key");

const fb_statement_t *const fb_file_store_statements[] = {
    &fb_sql_file_insert, &fb_sql_file_chunk, &fb_sql_file_chunk_read,
    &fb_sql_file_done, &fb_sql_file_discard, &fb_sql_file_drop,
    &fb_sql_sweep_files_unattached, NULL
};

const char *fb_file_sniff(const unsigned char *b, apr_size_t n)
{
    if (n >= 8 && memcmp(b, "\x89PNG\r\n\x1a\n", 8) == 0) {
        return "image/png";
    }
    if (n >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF) {
        return "image/jpeg";
    }
    if (n >= 6 && (memcmp(b, "GIF87a", 6) == 0
                   || memcmp(b, "GIF89a", 6) == 0)) {
        return "image/gif";
    }
    if (n >= 12 && memcmp(b, "RIFF", 4) == 0
        && memcmp(b + 8, "WEBP", 4) == 0) {
        return "image/webp";
    }
    return NULL;
}

apr_status_t fb_file_store_create(fb_db_t *db, apr_pool_t *p,
                                  const char *org, const char *source,
                                  const char *name, const char **key)
{
    fb_rows_t rows;
    apr_status_t rv = fb_db_select(db, p, &fb_sql_file_insert, org,
                                   FB_NAMED(file_insert, .source = source,
                                            .name = name),
                                   &rows);

    *key = rv == APR_SUCCESS ? fb_rows_get(&rows, 0, 0) : NULL;
    return rv == APR_SUCCESS && *key == NULL ? APR_EGENERAL : rv;
}

apr_status_t fb_file_store_chunk(fb_db_t *db, apr_pool_t *p, const char *org,
                                 const char *key, int seq, const char *data,
                                 apr_size_t len)
{
    static const char digits[] = "0123456789abcdef";
    char *hex = apr_palloc(p, 2 * len + 1);
    int affected = 0;
    apr_status_t rv;
    apr_size_t i;

    for (i = 0; i < len; i++) {
        hex[2 * i] = digits[(unsigned char)data[i] >> 4];
        hex[2 * i + 1] = digits[(unsigned char)data[i] & 15];
    }
    hex[2 * len] = '\0';
    rv = fb_db_exec(db, p, &fb_sql_file_chunk, org,
                    FB_NAMED(file_chunk, .key = key, .seq = apr_itoa(p, seq),
                             .data = hex),
                    &affected);
    return rv == APR_SUCCESS && affected != 1 ? APR_ENOENT : rv;
}

/* Hex digit value; the database writes lower case. */
static int fb_file_nibble(char c)
{
    return c <= '9' ? c - '0' : c - 'a' + 10;
}

apr_size_t fb_file_unhex(char *out, const char *hex)
{
    apr_size_t len = strlen(hex) / 2, i;

    for (i = 0; i < len; i++) {
        out[i] = (char)(fb_file_nibble(hex[2 * i]) << 4
                        | fb_file_nibble(hex[2 * i + 1]));
    }
    return len;
}

apr_status_t fb_file_store_read(fb_db_t *db, apr_pool_t *p, const char *org,
                                const char *key, int seq, char *data,
                                apr_size_t max, apr_size_t *len)
{
    fb_rows_t rows;
    const char *hex;
    apr_status_t rv = fb_db_select(db, p, &fb_sql_file_chunk_read, org,
                                   FB_NAMED(file_chunk_read, .key = key,
                                            .seq = apr_itoa(p, seq)),
                                   &rows);

    *len = 0;
    if (rv != APR_SUCCESS) {
        return rv;
    }
    if ((hex = fb_rows_get(&rows, 0, 0)) == NULL) {
        return APR_ENOENT;
    }
    if (strlen(hex) / 2 > max) {
        return APR_EGENERAL;
    }
    *len = fb_file_unhex(data, hex);
    return APR_SUCCESS;
}

apr_status_t fb_file_store_complete(fb_db_t *db, apr_pool_t *p,
                                    const char *org, const char *key,
                                    apr_off_t size, const char *type)
{
    int affected = 0;
    apr_status_t rv = fb_db_exec(db, p, &fb_sql_file_done, org,
                                 FB_NAMED(file_done, .key = key,
                                          .size = apr_off_t_toa(p, size),
                                          .content_type = type),
                                 &affected);

    return rv == APR_SUCCESS && affected != 1 ? APR_ENOENT : rv;
}

apr_status_t fb_file_store_discard(fb_db_t *db, apr_pool_t *p,
                                   const char *org, const char *key)
{
    return fb_db_exec(db, p, &fb_sql_file_discard, org, FB_ARGS(key), NULL);
}

const char *fb_file_links(apr_pool_t *p, const fb_settings_t *settings,
                          const char *text, apr_time_t expires)
{
    if (text == NULL || settings->secret == NULL
        || strstr(text, FB_FILE_MARKER) == NULL) {
        return text;
    }
    return fb_filesign_rewrite(p, text,
                               apr_pstrcat(p, settings->public_url,
                                           "/v2/files/", NULL),
                               settings->secret, expires);
}

apr_status_t fb_file_store_drop(fb_db_t *db, apr_pool_t *p, const char *org,
                                const char *key)
{
    return fb_db_exec(db, p, &fb_sql_file_drop, org, FB_ARGS(key), NULL);
}
