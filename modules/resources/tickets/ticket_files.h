/*
 * ticket_files.h: the values of file custom fields (ticket_files.c).
 */
#ifndef TICKET_FILES_H
#define TICKET_FILES_H

#include "fb_upload.h"
#include "tickets.h"

#define FB_TICKET_FILES_MAX 10                          /* a request */
#define FB_TICKET_UPLOAD_MAX ((apr_off_t)400 * 1024 * 1024)

/* The multipart parts of POST and PATCH /tickets (fb_upload.h). */
extern const fb_upload_t fb_ticket_upload;

typedef struct fb_ticket_files fb_ticket_files_t;

/*
 * Before the write's transaction: downloads the files the body's
 * customFields give as {url, name?}, and puts a placeholder for every
 * field with stored files (uploaded or downloaded) into the body.
 */
fb_error_t *fb_ticket_files_prepare(fb_req_t *fr, fb_ticket_files_t **out);

/* Deletes the files the request stored and no write attached: for a
 * request that is refused. */
void fb_ticket_files_drop(fb_req_t *fr);

/* The file callback of the custom field check (field_values.h), ctx
 * the request's files. */
apr_status_t fb_ticket_file_value(fb_req_t *fr, void *ctx, const char *id,
                                  int multiple, json_object *v,
                                  json_object **out, const char **why);

/* A ticket's JSON text as answers show it: each stored file value the
 * JSON string of {key, name, url}, url signed for an hour. */
const char *fb_ticket_present(fb_req_t *fr, const char *json);

#endif
