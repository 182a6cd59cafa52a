/*
 * post_fields: the post fields that creating and updating share: which
 * need a permission, the status, the assignee, custom field values
 * checked against their definitions, tags by name, and times.
 */
#include <string.h>

#include "apr_strings.h"

#include "fb_html.h"
#include "fb_id.h"
#include "fb_json.h"
#include "fb_time.h"
#include "people/people.h"
#include "post_fields.h"

FB_SQL(post_f_status, 2,
    "SELECT id FROM post_statuses WHERE org_id = %s "
    "AND (id = %s OR (%s::text IS NULL AND is_default))");

FB_SQL(post_f_fields, 0,
    "SELECT id, type, required, options::text FROM custom_fields "
    "WHERE org_id = %s AND scope = 'post'");

FB_SQL(post_f_tag_find, 1,
    "SELECT id FROM tags WHERE org_id = %s AND lower(name) = lower(%s)");

FB_SQL(post_f_tag_create, 1,
    "INSERT INTO tags (org_id, name) VALUES (%s, %s) "
    "ON CONFLICT (org_id, lower(name)) DO UPDATE SET name = tags.name "
    "RETURNING id");

FB_SQL(post_f_tag_link, 2,
    "INSERT INTO post_tags (org_id, post_id, tag_id) VALUES (%s, %s, %s) "
    "ON CONFLICT DO NOTHING");

const fb_statement_t *const fb_post_field_statements[] = {
    &fb_sql_post_f_status, &fb_sql_post_f_fields, &fb_sql_post_f_tag_find,
    &fb_sql_post_f_tag_create, &fb_sql_post_f_tag_link, NULL
};

const char *const fb_post_visibilities[] = {"public", "authorOnly",
                                              "companyOnly", NULL};

/* Fields that need a permission flag when given; some only when changed
 * on an existing post (a new post names its board without moving it). */
static const struct {
    const char *field;
    int flag;
    int update_only;
} fb_post_field_flags[] = {
    {"statusId", FB_PERM_SET_POST_STATUS, 0},
    {"tags", FB_PERM_SET_POST_TAGS, 0},
    {"eta", FB_PERM_SET_POST_ETA, 0},
    {"assigneeId", FB_PERM_SET_POST_ASSIGNEE, 0},
    {"customFields", FB_PERM_SET_POST_CUSTOM_FIELDS, 0},
    {"author", FB_PERM_SET_POST_AUTHOR, 0},
    {"inReview", FB_PERM_MODERATE_POSTS, 0},
    {"boardId", FB_PERM_SET_POST_CATEGORY, 1},
    {"isPinned", FB_PERM_SET_POST_PINNED, 1},
    {NULL, 0, 0}
};

fb_error_t *fb_post_flags(fb_req_t *fr, int updating)
{
    int i;

    for (i = 0; fb_post_field_flags[i].field != NULL; i++) {
        json_object *v = NULL;
        /* On a new post null means "not given"; on a change it clears. */
        int given = json_object_object_get_ex(
            fr->body, fb_post_field_flags[i].field, &v)
            && (v != NULL || updating);

        if (fb_post_field_flags[i].update_only && !updating) {
            continue;
        }
        if (given && !(fr->principal.perms
                           & FB_PERM_BIT(fb_post_field_flags[i].flag))) {
            return fb_error_make(fr->pool, FB_E_INSUFFICIENT_PERMISSIONS,
                                 fb_post_field_flags[i].field,
                                 apr_psprintf(fr->pool, "Setting '%s' needs "
                                              "the '%s' permission.",
                                              fb_post_field_flags[i].field,
                                              fb_perm_name(
                                                  fb_post_field_flags[i]
                                                  .flag)));
        }
    }
    return NULL;
}

fb_error_t *fb_post_status(fb_req_t *fr, fb_post_draft_t *d)
{
    const char *given = fb_id_normalize(fr->pool, fb_json_string(
                                            fr->body, "statusId"));
    fb_rows_t rows;
    fb_error_t *err = fb_req_select(fr, &fb_sql_post_f_status,
                                    FB_ARGS(given, given), &rows);

    if (err != NULL) {
        return err;
    }
    d->status_id = fb_rows_get(&rows, 0, 0);
    if (d->status_id == NULL) {
        return fb_error_make(fr->pool, FB_E_RESOURCE_NOT_FOUND, "statusId",
                             given ? "Post status not found."
                                   : "The organization has no default "
                                     "post status.");
    }
    return NULL;
}

fb_error_t *fb_post_assignee(fb_req_t *fr, const char **assignee)
{
    const char *given = fb_id_normalize(fr->pool, fb_json_string(
                                            fr->body, "assigneeId"));
    fb_error_t *err;

    *assignee = NULL;
    if (given == NULL) {
        return NULL;
    }
    if ((err = fb_resource_lookup(fr, &fb_sql_people_admin, given, assignee))
        != NULL) {
        return err;
    }
    return *assignee ? NULL
                     : fb_error_make(fr->pool, FB_E_ADMIN_NOT_FOUND,
                                     "assigneeId", NULL);
}

/*
 * Custom field values, checked against the organization's post field
 * definitions: each key is a field id, each value of the field's type
 * (select options by id, or by label mapped to the id).
 */
typedef struct {
    fb_req_t *fr;
    json_object *out;
    fb_error_t *err;
} fb_cf_ctx_t;

static void fb_cf_fail(fb_cf_ctx_t *c, fb_error_e kind, const char *id,
                       const char *message)
{
    const char *param = apr_pstrcat(c->fr->pool, "customFields.", id, NULL);

    if (c->err == NULL) {
        c->err = fb_error_make(c->fr->pool, kind, param, message);
    }
    fb_error_add_detail(c->fr->pool, c->err,
                        apr_pstrcat(c->fr->pool, "body.", param, NULL),
                        message);
}

/* The option id named by v (an id or a label) among options, or NULL. */
static const char *fb_cf_option(json_object *options, json_object *v)
{
    const char *want = json_object_get_string(v);
    size_t i, n = json_object_array_length(options);

    if (!json_object_is_type(v, json_type_string)) {
        return NULL;
    }
    for (i = 0; i < n; i++) {
        json_object *o = json_object_array_get_idx(options, i);
        const char *id = fb_json_string(o, "id");
        const char *label = fb_json_string(o, "label");

        if ((id && strcmp(id, want) == 0)
            || (label && strcmp(label, want) == 0)) {
            return id;
        }
    }
    return NULL;
}

/* The stored value of v for a field of type with options, or NULL when v
 * does not fit. */
static json_object *fb_cf_value(const char *type, json_object *options,
                                json_object *v)
{
    apr_time_t t;

    if (strcmp(type, "text") == 0) {
        return json_object_is_type(v, json_type_string)
               ? json_object_get(v) : NULL;
    }
    if (strcmp(type, "number") == 0) {
        return (json_object_is_type(v, json_type_int)
                || json_object_is_type(v, json_type_double))
               ? json_object_get(v) : NULL;
    }
    if (strcmp(type, "checkbox") == 0) {
        return json_object_is_type(v, json_type_boolean)
               ? json_object_get(v) : NULL;
    }
    if (strcmp(type, "date") == 0) {
        return json_object_is_type(v, json_type_string)
               && fb_time_parse(json_object_get_string(v), &t)
                  == APR_SUCCESS
               ? json_object_get(v) : NULL;
    }
    if (strcmp(type, "select") == 0) {
        const char *id = fb_cf_option(options, v);

        return id ? json_object_new_string(id) : NULL;
    }
    if (strcmp(type, "multi-select") == 0
        && json_object_is_type(v, json_type_array)) {
        json_object *ids = json_object_new_array();
        size_t i, n = json_object_array_length(v);

        for (i = 0; i < n; i++) {
            const char *id = fb_cf_option(options,
                                          json_object_array_get_idx(v, i));

            if (id == NULL) {
                json_object_put(ids);
                return NULL;
            }
            json_object_array_add(ids, json_object_new_string(id));
        }
        return ids;
    }
    return NULL;
}

fb_error_t *fb_post_custom_fields(fb_req_t *fr, fb_post_draft_t *d,
                                  const char *existing)
{
    json_object *given = json_object_object_get(fr->body, "customFields");
    json_object *start = existing ? json_tokener_parse(existing) : NULL;
    fb_cf_ctx_t c = {fr, NULL, NULL};
    fb_rows_t defs;
    fb_error_t *err;
    int r;

    if (!json_object_is_type(start, json_type_object)) {
        json_object_put(start);
        start = json_object_new_object();
    }
    c.out = fb_json_owned(fr->pool, start);
    if ((err = fb_req_select(fr, &fb_sql_post_f_fields, FB_NO_ARGS, &defs))
        != NULL) {
        return err;
    }
    if (given != NULL) {
        json_object_object_foreach(given, key, v) {
            const char *id = fb_id_normalize(fr->pool, key);
            json_object *stored = NULL;

            for (r = 0; id != NULL && r < defs.nrows; r++) {
                if (strcmp(fb_rows_get(&defs, r, 0), id) == 0) {
                    break;
                }
            }
            if (id == NULL || r == defs.nrows) {
                fb_cf_fail(&c, FB_E_INVALID_PARAMETER, key,
                           "No post custom field has this id.");
                continue;
            }
            if (v == NULL) {
                json_object_object_del(c.out, id);  /* null: no value */
                continue;
            }
            stored = fb_cf_value(fb_rows_get(&defs, r, 1),
                                 fb_json_owned(fr->pool, json_tokener_parse(
                                     fb_rows_get(&defs, r, 3))), v);
            if (stored == NULL) {
                fb_cf_fail(&c, FB_E_INVALID_PARAMETER, key,
                           apr_psprintf(fr->pool, "The value does not fit "
                                        "a %s field.",
                                        fb_rows_get(&defs, r, 1)));
                continue;
            }
            json_object_object_add(c.out, id, stored);
        }
    }
    /* Required fields of the board must have a value. */
    for (r = 0; r < defs.nrows; r++) {
        const char *id = fb_rows_get(&defs, r, 0);

        if (strcmp(fb_rows_get(&defs, r, 2), "t") == 0
            && d->board_fields != NULL && strstr(d->board_fields, id)
            && json_object_object_get(c.out, id) == NULL) {
            fb_cf_fail(&c, FB_E_MISSING_PARAMETER, id,
                       "This custom field is required on the board.");
        }
    }
    d->custom_fields = fb_json_text(fr->pool, c.out);
    return c.err;
}

/* The tag names given as an array or one string, trimmed; commas are not
 * allowed in names. */
static fb_error_t *fb_post_tag_names(fb_req_t *fr, apr_array_header_t **out)
{
    json_object *tags = json_object_object_get(fr->body, "tags");
    size_t i, n;

    *out = apr_array_make(fr->pool, 4, sizeof(char *));
    if (tags == NULL) {
        return NULL;
    }
    n = json_object_is_type(tags, json_type_array)
        ? json_object_array_length(tags) : 1;
    for (i = 0; i < n; i++) {
        json_object *t = json_object_is_type(tags, json_type_array)
                         ? json_object_array_get_idx(tags, i) : tags;
        char *name = apr_pstrdup(fr->pool, json_object_get_string(t));

        while (*name == ' ') {
            name++;
        }
        while (*name && name[strlen(name) - 1] == ' ') {
            name[strlen(name) - 1] = '\0';
        }
        if (*name == '\0' || strchr(name, ',') != NULL) {
            return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, "tags",
                                 "Tag names must be non-empty and may not "
                                 "contain commas.");
        }
        APR_ARRAY_PUSH(*out, const char *) = name;
    }
    return NULL;
}

/* The ids of the named tags, making the missing ones when the key may. */
fb_error_t *fb_post_tags(fb_req_t *fr, fb_post_draft_t *d)
{
    apr_array_header_t *names;
    fb_error_t *err = fb_post_tag_names(fr, &names);
    int i;

    d->tag_ids = apr_array_make(fr->pool, names->nelts, sizeof(char *));
    for (i = 0; err == NULL && i < names->nelts; i++) {
        const char *name = APR_ARRAY_IDX(names, i, const char *);
        const char *id;

        if ((err = fb_resource_lookup(fr, &fb_sql_post_f_tag_find, name, &id))
            != NULL) {
            break;
        }
        if (id == NULL) {
            if (!(fr->principal.perms
                  & FB_PERM_BIT(FB_PERM_MANAGE_POST_TAGS))) {
                return fb_error_make(fr->pool,
                                     FB_E_INSUFFICIENT_PERMISSIONS, "tags",
                                     "Creating a tag needs the "
                                     "'manage_post_tags' permission.");
            }
            err = fb_resource_lookup(fr, &fb_sql_post_f_tag_create, name, &id);
        }
        APR_ARRAY_PUSH(d->tag_ids, const char *) = id;
    }
    return err;
}

void fb_post_link_tags(fb_write_t *w, const char *post_id,
                       const apr_array_header_t *tag_ids)
{
    int i;

    for (i = 0; tag_ids != NULL && i < tag_ids->nelts; i++) {
        fb_write_exec(w, &fb_sql_post_f_tag_link,
                      FB_ARGS(post_id,
                              APR_ARRAY_IDX(tag_ids, i, const char *)));
    }
}

const char *fb_bool_arg(json_object *body, const char *field, int def)
{
    return fb_bool_text(fb_json_bool(body, field, def));
}

const char *fb_bool_given(fb_req_t *fr, const char *field)
{
    return json_object_object_get(fr->body, field) != NULL
           ? fb_bool_arg(fr->body, field, 0) : NULL;
}

const char *fb_int_given(fb_req_t *fr, const char *field)
{
    json_object *v = json_object_object_get(fr->body, field);

    return v != NULL ? apr_ltoa(fr->pool, (long)json_object_get_int64(v))
                     : NULL;
}

