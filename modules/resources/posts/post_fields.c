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
#include "custom_fields/field_values.h"
#include "people/people.h"
#include "post_fields.h"

FB_SQL(post_f_status, 1,
    "SELECT " POST_STATUS_PICK("k.org_id", "k.given") " "
    "FROM (SELECT %s::text AS org_id, %s::text AS given) k");

FB_SQL(post_f_tag_ids, 1,
    "SELECT " POST_TAG_IDS_JSON("k.org_id", "k.names") "::text "
    "FROM (SELECT %s::text AS org_id, %s::json AS names) k");

FB_SQL(post_f_tag_create, 1,
    "INSERT INTO tags (org_id, name) VALUES (%s, %s) "
    "ON CONFLICT (org_id, lower(name)) DO UPDATE SET name = tags.name "
    "RETURNING id");

/* ids: a JSON array of tag ids. */
FB_SQL_NAMED(post_f_tag_link, (post_id, ids),
    "INSERT INTO post_tags (org_id, post_id, tag_id) "
    "SELECT DISTINCT k.org_id, k.post_id, t.id "
    "FROM (SELECT %s::text AS org_id, %s::text AS post_id, "
    "             %s::json AS ids) k, "
    "  json_array_elements_text(k.ids) AS t (id) "
    "ON CONFLICT DO NOTHING");

const fb_statement_t *const fb_post_field_statements[] = {
    &fb_sql_post_f_status, &fb_sql_post_f_tag_ids,
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
                                    FB_ARGS(given), &rows);

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

fb_error_t *fb_post_custom_fields(fb_req_t *fr, fb_post_draft_t *d,
                                  const char *existing)
{
    fb_field_values_t fv = {"post", "board", d->board_fields, NULL, NULL};

    return fb_field_values_check(fr, &fv, existing, &d->custom_fields);
}

/* A JSON array of the strings in a. */
static const char *fb_post_strings_json(apr_pool_t *p,
                                        const apr_array_header_t *a)
{
    json_object *out = fb_json_owned(p, json_object_new_array());
    int i;

    for (i = 0; i < a->nelts; i++) {
        json_object_array_add(out, json_object_new_string(
                                  APR_ARRAY_IDX(a, i, const char *)));
    }
    return fb_json_text(p, out);
}

fb_error_t *fb_post_tag_names(fb_req_t *fr, fb_post_draft_t *d)
{
    json_object *tags = json_object_object_get(fr->body, "tags");
    size_t i, n;

    d->tag_names = apr_array_make(fr->pool, 4, sizeof(char *));
    n = tags == NULL ? 0 : json_object_is_type(tags, json_type_array)
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
        APR_ARRAY_PUSH(d->tag_names, const char *) = name;
    }
    d->tag_names_json = fb_post_strings_json(fr->pool, d->tag_names);
    return NULL;
}

fb_error_t *fb_post_tags_found(fb_req_t *fr, fb_post_draft_t *d,
                               const char *found)
{
    json_object *ids = fb_json_owned(fr->pool, json_tokener_parse(
                                         found ? found : "[]"));
    fb_error_t *err = NULL;
    int i;

    d->tag_ids = apr_array_make(fr->pool, d->tag_names->nelts,
                                sizeof(char *));
    for (i = 0; err == NULL && i < d->tag_names->nelts; i++) {
        json_object *v = json_object_is_type(ids, json_type_array)
                         ? json_object_array_get_idx(ids, (size_t)i) : NULL;
        const char *id = json_object_is_type(v, json_type_string)
                         ? apr_pstrdup(fr->pool, json_object_get_string(v))
                         : NULL;

        if (id == NULL) {
            if (!(fr->principal.perms
                  & FB_PERM_BIT(FB_PERM_MANAGE_POST_TAGS))) {
                return fb_error_make(fr->pool,
                                     FB_E_INSUFFICIENT_PERMISSIONS, "tags",
                                     "Creating a tag needs the "
                                     "'manage_post_tags' permission.");
            }
            err = fb_resource_lookup(fr, &fb_sql_post_f_tag_create,
                                     APR_ARRAY_IDX(d->tag_names, i,
                                                   const char *), &id);
        }
        APR_ARRAY_PUSH(d->tag_ids, const char *) = id;
    }
    d->tag_ids_json = fb_post_strings_json(fr->pool, d->tag_ids);
    return err;
}

fb_error_t *fb_post_tags(fb_req_t *fr, fb_post_draft_t *d)
{
    fb_rows_t rows;
    fb_error_t *err;

    if ((err = fb_post_tag_names(fr, d)) != NULL
        || (err = fb_req_select(fr, &fb_sql_post_f_tag_ids,
                                FB_ARGS(d->tag_names_json), &rows))
           != NULL) {
        return err;
    }
    return fb_post_tags_found(fr, d, fb_rows_get(&rows, 0, 0));
}

void fb_post_link_tags(fb_write_t *w, const char *post_id,
                       const fb_post_draft_t *d)
{
    if (d->tag_ids != NULL && d->tag_ids->nelts > 0) {
        fb_write_exec(w, FB_CALL(post_f_tag_link, .post_id = post_id,
                                 .ids = d->tag_ids_json));
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

