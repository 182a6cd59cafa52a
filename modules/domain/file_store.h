/*
 * file_store: the life of a stored file (an image taken into content),
 * from its creation to its removal, and its links for readers outside
 * any request.
 *
 * A file is created for its organization before the write whose content
 * shows it (each file in a transaction of its own, files.c), filled in
 * chunks, each a row written on its own, and completed when its size is
 * set; until then it is served to no one and named by no content, and
 * one abandoned half-way is discarded.  Content that shows a file
 * attaches it in the write's own transaction, and content that stops
 * showing it deletes it (triggers, sql/014); a file never attached (its
 * write failed) is deleted by the worker's sweep an hour after it was
 * stored.  Images of content are stored only when their first bytes say
 * so (fb_file_sniff), whatever a server claims; ticket files of any
 * type but programs (fb_filetype.h).  Every file is looked into as an
 * archive before it is completed (fb_archive.h), by reading its chunks
 * back (fb_file_store_read).
 */
#ifndef FILE_STORE_H
#define FILE_STORE_H

#include <apr_time.h>

#include "fb_db.h"
#include "settings.h"

extern const fb_statement_t *const fb_file_store_statements[];

/* The worker's sweep of files never attached (fb_jobs.c): it takes the
 * batch, the most files one run deletes. */
extern const fb_statement_t fb_sql_sweep_files_unattached;

/* The image type (PNG, JPEG, GIF or WebP) of a file whose first n bytes
 * are b, or NULL. */
const char *fb_file_sniff(const unsigned char *b, apr_size_t n);

/* A new, empty file of org from source (the URL fetched, or "data:"),
 * named name (NULL: none, an image of content); *key is its key. */
apr_status_t fb_file_store_create(fb_db_t *db, apr_pool_t *p,
                                  const char *org, const char *source,
                                  const char *name, const char **key);

/* Stores the len bytes of data as chunk seq (0, 1, ...) of org's file
 * key; APR_ENOENT when org has no such file. */
apr_status_t fb_file_store_chunk(fb_db_t *db, apr_pool_t *p, const char *org,
                                 const char *key, int seq, const char *data,
                                 apr_size_t len);

/* Reads chunk seq of org's file key, complete or not, into data (max
 * bytes); *len is its length.  APR_ENOENT when there is no such chunk. */
apr_status_t fb_file_store_read(fb_db_t *db, apr_pool_t *p, const char *org,
                                const char *key, int seq, char *data,
                                apr_size_t max, apr_size_t *len);

/* The bytes of hex (the database's lower case, as encode(..., 'hex')
 * writes) into out, which holds half its length; that length. */
apr_size_t fb_file_unhex(char *out, const char *hex);

/* Completes org's file key: size bytes (more than none) of type.
 * APR_ENOENT when org has no such file. */
apr_status_t fb_file_store_complete(fb_db_t *db, apr_pool_t *p,
                                    const char *org, const char *key,
                                    apr_off_t size, const char *type);

/* Deletes org's file key, with its chunks, unless it was completed. */
apr_status_t fb_file_store_discard(fb_db_t *db, apr_pool_t *p,
                                   const char *org, const char *key);

/* Deletes org's file key unless a write has attached it: a file stored
 * for a request that was then refused. */
apr_status_t fb_file_store_drop(fb_db_t *db, apr_pool_t *p, const char *org,
                                const char *key);

/*
 * text with the markers of its stored images (fb_filesign.h) replaced by
 * URLs under the public URL of settings, signed with its secret and
 * valid until expires: for what is read away from this server and later
 * (emails, webhook payloads).  text itself when it shows none.
 */
const char *fb_file_links(apr_pool_t *p, const fb_settings_t *settings,
                          const char *text, apr_time_t expires);

#endif
