/*
 * ticket_files: the values of file custom fields.
 *
 * Files come two ways, both stored before the write's transaction
 * begins (a file in chunks, a connection held only while a chunk is
 * stored: files.h):
 *   - multipart: parts named customFields.<fieldId>, streamed to the
 *     store as they arrive (fb_upload.h), repeated for allowMultiple;
 *   - JSON: a value {url, name?} (an array of them for allowMultiple),
 *     downloaded under the outbound rules (HTTPS, 10 MB) with no
 *     connection or transaction held.
 * Either way the body's value for the field becomes a placeholder
 * object that only this request holds (compared by address: no JSON a
 * client sends can be one), and the custom field check
 * (field_values.h) takes it for the stored files.  At most
 * FB_TICKET_FILES_MAX files a request; executables are refused by name
 * and by content, archives holding them too (fb_filetype.h,
 * fb_archive.h).
 *
 * A stored value is {key, name}; answers show it as the JSON string of
 * {key, name, url} (several files: of the array of them), url signed for
 * an hour (fb_filesign.h).  The files follow the ticket: attached by
 * its write, deleted with it or with the value (sql/021); files of a
 * write that failed are swept.
 */
#include <string.h>

#include "ticket_files.h"

#include "apr_strings.h"
#include "http_core.h"
#include "http_log.h"
#include "httpd.h"

#include "fb_fetch.h"
#include "fb_filesign.h"
#include "fb_filetype.h"
#include "fb_id.h"
#include "fb_json.h"
#include "fb_log.h"
#include "fb_upload.h"
#include "files/files.h"

/* The files of one request: what was stored, by field. */
typedef struct {
    const char *field;      /* the field id */
    const char *key;
    const char *name;
} fb_tf_file_t;

struct fb_ticket_files {
    apr_array_header_t *files;          /* fb_tf_file_t */
    apr_array_header_t *placeholders;   /* json_object *, by field */
    apr_array_header_t *fields;         /* const char *, the same order */
};

/* A list of the request's files kept with its pool under name. */
static apr_array_header_t *fb_tf_list(fb_req_t *fr, const char *name)
{
    void *list = NULL;

    apr_pool_userdata_get(&list, name, fr->pool);
    if (list == NULL) {
        list = apr_array_make(fr->pool, 4, sizeof(fb_tf_file_t));
        apr_pool_userdata_setn(list, name, NULL, fr->pool);
    }
    return list;
}

/* The files the request's parts uploaded. */
static apr_array_header_t *fb_tf_uploads(fb_req_t *fr)
{
    return fb_tf_list(fr, "fb_ticket_uploads");
}

/* Every file the request stored, uploaded or downloaded. */
static apr_array_header_t *fb_tf_stored_files(fb_req_t *fr)
{
    return fb_tf_list(fr, "fb_ticket_stored");
}

/* A file name as stored: the last path segment, at most 255 bytes. */
static const char *fb_tf_name(apr_pool_t *p, const char *name)
{
    const char *slash;

    if (name == NULL || *name == '\0') {
        return "file";
    }
    if ((slash = strrchr(name, '/')) != NULL && slash[1] != '\0') {
        name = slash + 1;
    }
    if ((slash = strrchr(name, '\\')) != NULL && slash[1] != '\0') {
        name = slash + 1;
    }
    return strlen(name) > 255 ? apr_pstrndup(p, name, 255)
                              : apr_pstrdup(p, name);
}

/* --- multipart parts */

typedef struct {
    fb_file_writer_t *w;
    const char *field;
    const char *param;
    const char *name;
} fb_tf_part_t;

static fb_error_t *fb_tf_part_begin(fb_req_t *fr,
                                    const fb_multipart_part_t *part,
                                    void **file)
{
    static const char prefix[] = "customFields.";
    const char *id = strncmp(part->name, prefix, sizeof(prefix) - 1) == 0
                     ? fb_id_normalize(fr->pool,
                                       part->name + sizeof(prefix) - 1)
                     : NULL;
    const char *why;
    fb_tf_part_t *f;
    fb_error_t *err;

    if (id == NULL) {
        return fb_error_make(fr->pool, FB_E_PARAMETER_NOT_SUPPORTED,
                             part->name, "A file part must be named "
                             "customFields.<fieldId>.");
    }
    f = apr_pcalloc(fr->pool, sizeof(*f));
    f->field = id;
    f->param = apr_pstrcat(fr->pool, prefix, id, NULL);
    f->name = fb_tf_name(fr->pool, part->filename);
    if ((why = fb_filetype_name_refused(fr->pool, f->name)) != NULL) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, f->param,
                             apr_psprintf(fr->pool, FB_FILETYPE_REFUSED,
                                          why));
    }
    if ((err = fb_file_begin_any(fr, "upload", f->name,
                                 FB_TICKET_UPLOAD_MAX, &f->w)) != NULL) {
        const char *key;

        fb_file_finish(f->w, 0, &key);
        return err;
    }
    *file = f;
    return NULL;
}

static apr_status_t fb_tf_part_data(void *file, const char *buf,
                                    apr_size_t len)
{
    fb_tf_part_t *f = file;

    return fb_file_write(f->w, buf, len);
}

static fb_error_t *fb_tf_part_end(fb_req_t *fr, void *file, int ok)
{
    fb_tf_part_t *f = file;
    const char *key, *why = fb_file_why(f->w);
    fb_tf_file_t *stored;

    fb_file_finish(f->w, ok, &key);
    why = why != NULL ? why : fb_file_why(f->w);
    if (why != NULL) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, f->param,
                             why);
    }
    if (!ok) {
        return NULL;    /* discarded, as asked: nothing went wrong */
    }
    if (key == NULL) {
        return fb_req_db_failed(fr);
    }
    stored = apr_array_push(fb_tf_uploads(fr));
    stored->field = f->field;
    stored->key = key;
    stored->name = f->name;
    *(fb_tf_file_t *)apr_array_push(fb_tf_stored_files(fr)) = *stored;
    return NULL;
}

void fb_ticket_files_drop(fb_req_t *fr)
{
    apr_array_header_t *stored = fb_tf_stored_files(fr);
    int i;

    for (i = 0; i < stored->nelts; i++) {
        if (fb_req_db(fr) == NULL) {
            break;      /* the sweep takes them an hour on */
        }
        fb_file_store_drop(fr->db, fr->pool, fr->principal.org_id,
                           APR_ARRAY_IDX(stored, i, fb_tf_file_t).key);
    }
    stored->nelts = 0;
    fb_req_db_release(fr);
}

const fb_upload_t fb_ticket_upload = {
    fb_tf_part_begin, fb_tf_part_data, fb_tf_part_end,
    fb_ticket_files_drop, FB_TICKET_FILES_MAX, FB_TICKET_UPLOAD_MAX
};

/* --- downloads */

/* Downloads the file of v ({url, name?}) for field; *out is it. */
static fb_error_t *fb_tf_download(fb_req_t *fr, const char *field,
                                  const char *param, json_object *v,
                                  fb_tf_file_t *out)
{
    const fb_fetch_options_t *opt = fb_config_outbound(fr->r->server);
    const char *url = fb_json_string(v, "url");
    const char *name = fb_json_string(v, "name");
    const char *why, *key;
    fb_fetch_result_t res;
    fb_file_writer_t *w;
    fb_error_t *err;

    if (url == NULL || json_object_object_length(v) > 2
        || (json_object_object_length(v) == 2 && name == NULL)) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, param,
                             "A file is given as {url, name?}.");
    }
    if (name == NULL) {
        /* The URL's last path segment, without its query, decoded: the
         * name a browser would save it under ("a.exe%3B.png" is
         * "a.exe;.png"). */
        char *path = apr_pstrndup(fr->pool, url, strcspn(url, "?#"));
        char *last = strrchr(path, '/');

        last = last != NULL ? last + 1 : path;
        if (ap_unescape_url(last) != OK) {
            return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, param,
                                 "The URL's file name cannot be decoded; "
                                 "give the file's name.");
        }
        name = last;
    }
    name = fb_tf_name(fr->pool, name);
    if ((why = fb_filetype_name_refused(fr->pool, name)) != NULL) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, param,
                             apr_psprintf(fr->pool, FB_FILETYPE_REFUSED,
                                          why));
    }
    if (opt == NULL || (why = fb_fetch_check_url(opt->policy, url))
                       != NULL) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, param,
                             opt == NULL ? "The URL cannot be fetched."
                                         : why);
    }
    if ((err = fb_file_begin_any(fr, url, name, FB_FILE_MAX_SIZE, &w))
        != NULL) {
        fb_file_finish(w, 0, &key);
        return err;
    }
    fb_file_fetch(fr, opt, url, w, &res);
    why = res.error == FB_FETCH_TOO_LARGE
          ? "The file is larger than 10 MB." : fb_file_why(w);
    fb_file_finish(w, res.error == FB_FETCH_OK, &key);
    if (key == NULL) {
        why = why != NULL ? why : fb_file_why(w);
        ap_log_rerror(APLOG_MARK, APLOG_INFO, 0, fr->r, FBLOGNO(00350)
                      "ticket file not taken from %s: %s", url,
                      why ? why : fb_fetch_error_name(res.error));
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, param,
                             why ? why : apr_psprintf(
                                 fr->pool, "The file could not be "
                                 "downloaded (%s).",
                                 fb_fetch_error_name(res.error)));
    }
    out->field = field;
    out->key = key;
    out->name = name;
    *(fb_tf_file_t *)apr_array_push(fb_tf_stored_files(fr)) = *out;
    return NULL;
}

/* A value that asks for downloads: {url...} or an array of such. */
static int fb_tf_is_download(json_object *v)
{
    json_object *first;

    if (json_object_is_type(v, json_type_object)) {
        return json_object_object_get_ex(v, "url", NULL);
    }
    if (!json_object_is_type(v, json_type_array)
        || json_object_array_length(v) == 0) {
        return 0;
    }
    first = json_object_array_get_idx(v, 0);
    return json_object_is_type(first, json_type_object)
           && json_object_object_get_ex(first, "url", NULL);
}

/* Puts the placeholder for field into the body's customFields. */
static void fb_tf_placeholder(fb_req_t *fr, fb_ticket_files_t *tf,
                              json_object *given, const char *key,
                              const char *field)
{
    json_object *ph = fb_json_owned(fr->pool, json_object_new_object());

    /* The body keeps a reference; the pool keeps the object alive. */
    json_object_object_add(given, key, json_object_get(ph));
    APR_ARRAY_PUSH(tf->placeholders, json_object *) = ph;
    APR_ARRAY_PUSH(tf->fields, const char *) = field;
}

fb_error_t *fb_ticket_files_prepare(fb_req_t *fr, fb_ticket_files_t **out)
{
    json_object *given = json_object_object_get(fr->body, "customFields");
    apr_array_header_t *uploads = fb_tf_uploads(fr);
    fb_ticket_files_t *tf = apr_pcalloc(fr->pool, sizeof(*tf));
    fb_error_t *err;
    int i, count = uploads->nelts;

    *out = tf;
    tf->files = apr_array_make(fr->pool, 4, sizeof(fb_tf_file_t));
    tf->placeholders = apr_array_make(fr->pool, 4, sizeof(json_object *));
    tf->fields = apr_array_make(fr->pool, 4, sizeof(const char *));
    apr_array_cat(tf->files, uploads);
    if (given == NULL && uploads->nelts > 0) {
        given = json_object_new_object();
        json_object_object_add(fr->body, "customFields", given);
    }
    /* Downloads: the keys are collected first, as the body changes. */
    if (given != NULL) {
        apr_array_header_t *keys = apr_array_make(fr->pool, 4,
                                                  sizeof(char *));

        json_object_object_foreach(given, k, v) {
            if (fb_tf_is_download(v)) {
                APR_ARRAY_PUSH(keys, const char *) = k;
                count += json_object_is_type(v, json_type_array)
                         ? (int)json_object_array_length(v) : 1;
            }
        }
        if (count > FB_TICKET_FILES_MAX) {
            return fb_error_make(fr->pool, FB_E_INVALID_REQUEST, NULL,
                                 apr_psprintf(
                                     fr->pool, "At most %d files may be "
                                     "sent at once.",
                                     FB_TICKET_FILES_MAX));
        }
        for (i = 0; i < keys->nelts; i++) {
            const char *k = APR_ARRAY_IDX(keys, i, const char *);
            const char *field = fb_id_normalize(fr->pool, k);
            const char *param = apr_pstrcat(fr->pool, "customFields.", k,
                                             NULL);
            json_object *v = json_object_object_get(given, k);
            size_t j, n = json_object_is_type(v, json_type_array)
                          ? json_object_array_length(v) : 1;

            if (field == NULL) {
                continue;   /* refused as an unknown field later */
            }
            for (j = 0; j < n; j++) {
                json_object *one = json_object_is_type(v, json_type_array)
                                   ? json_object_array_get_idx(v, j) : v;

                if (!json_object_is_type(one, json_type_object)) {
                    return fb_error_make(fr->pool,
                                         FB_E_INVALID_PARAMETER, param,
                                         "A file is given as {url, "
                                         "name?}.");
                }
                if ((err = fb_tf_download(fr, field, param, one,
                                          apr_array_push(tf->files)))
                    != NULL) {
                    return err;
                }
            }
            fb_tf_placeholder(fr, tf, given, k, field);
        }
    }
    /* Uploads: one placeholder per field (a JSON value given for the
     * same field too is replaced: the files win). */
    for (i = 0; i < uploads->nelts; i++) {
        const char *field = APR_ARRAY_IDX(uploads, i, fb_tf_file_t).field;
        int j, seen = 0;

        for (j = 0; j < tf->fields->nelts; j++) {
            seen |= strcmp(APR_ARRAY_IDX(tf->fields, j, const char *),
                           field) == 0;
        }
        if (!seen) {
            fb_tf_placeholder(fr, tf, given, field, field);
        }
    }
    return NULL;
}

apr_status_t fb_ticket_file_value(fb_req_t *fr, void *ctx, const char *id,
                                  int multiple, json_object *v,
                                  json_object **out, const char **why)
{
    fb_ticket_files_t *tf = ctx;
    json_object *files;
    int i, n = 0;

    (void)fr;
    *out = NULL;
    for (i = 0; tf != NULL && i < tf->placeholders->nelts; i++) {
        if (APR_ARRAY_IDX(tf->placeholders, i, json_object *) == v) {
            break;
        }
    }
    if (tf == NULL || i == tf->placeholders->nelts) {
        *why = "A file field takes files: multipart parts, or "
               "{url, name?}.";
        return APR_EINVAL;
    }
    files = json_object_new_array();
    for (i = 0; i < tf->files->nelts; i++) {
        const fb_tf_file_t *f = &APR_ARRAY_IDX(tf->files, i, fb_tf_file_t);
        json_object *one;

        if (strcmp(f->field, id) != 0) {
            continue;
        }
        one = json_object_new_object();
        json_object_object_add(one, "key", json_object_new_string(f->key));
        json_object_object_add(one, "name",
                               json_object_new_string(f->name));
        json_object_array_add(files, one);
        n++;
    }
    if (multiple) {
        *out = files;
        return APR_SUCCESS;
    }
    if (n != 1) {
        json_object_put(files);
        *why = "This file field takes one file.";
        return APR_EINVAL;
    }
    *out = json_object_get(json_object_array_get_idx(files, 0));
    json_object_put(files);
    return APR_SUCCESS;
}

/* --- answers */

/* The object of a stored value as answered: {key, name, url}, the url
 * a link marker that fb_respond signs on the way out (fb_filesign.h),
 * so that the answer's bytes do not change with the time it is read. */
static json_object *fb_tf_object(fb_req_t *fr, json_object *v)
{
    const char *key = fb_json_string(v, "key");
    json_object *o = json_object_new_object();

    json_object_object_add(o, "key", json_object_new_string(key));
    json_object_object_add(o, "name", json_object_new_string(
                               fb_json_string(v, "name")
                               ? fb_json_string(v, "name") : "file"));
    json_object_object_add(o, "url", json_object_new_string(
                               fb_file_link_marker(fr->pool, key,
                                                   fr->conf->secret)));
    return o;
}

/* The answer's form of a value: the JSON string of o (taken), as the
 * reference shows file values; slashes unescaped, for the marker is
 * found as written. */
static json_object *fb_tf_shown(json_object *o)
{
    json_object *s = json_object_new_string(json_object_to_json_string_ext(
        o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));

    json_object_put(o);
    return s;
}

/* A stored file value: an object with a key (no other value type is an
 * object). */
static int fb_tf_stored(json_object *v)
{
    return json_object_is_type(v, json_type_object)
           && fb_file_key_valid(fb_json_string(v, "key"));
}

const char *fb_ticket_present(fb_req_t *fr, const char *json)
{
    json_object *t, *fields;
    int changed = 0;

    if (json == NULL || fr->conf->secret == NULL
        || strstr(json, "\"key\"") == NULL
        || (t = fb_json_owned(fr->pool, json_tokener_parse(json))) == NULL
        || (fields = json_object_object_get(t, "customFields")) == NULL
        || !json_object_is_type(fields, json_type_object)) {
        return json;
    }
    json_object_object_foreach(fields, k, v) {
        if (fb_tf_stored(v)) {
            json_object_object_add(fields, k,
                                   fb_tf_shown(fb_tf_object(fr, v)));
            changed = 1;
        }
        else if (json_object_is_type(v, json_type_array)
                 && json_object_array_length(v) > 0
                 && fb_tf_stored(json_object_array_get_idx(v, 0))) {
            /* Several files: one JSON string of the array of them. */
            json_object *all = json_object_new_array();
            size_t i, n = json_object_array_length(v);

            for (i = 0; i < n; i++) {
                json_object *one = json_object_array_get_idx(v, i);

                if (fb_tf_stored(one)) {
                    json_object_array_add(all, fb_tf_object(fr, one));
                }
            }
            json_object_object_add(fields, k, fb_tf_shown(all));
            changed = 1;
        }
    }
    return changed ? fb_json_text(fr->pool, t) : json;
}
