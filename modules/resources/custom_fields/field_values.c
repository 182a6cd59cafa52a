/*
 * field_values: custom field values checked against their definitions
 * (field_values.h).
 */
#include <string.h>

#include "apr_strings.h"

#include "fb_id.h"
#include "fb_json.h"
#include "fb_time.h"
#include "field_values.h"

/* (org, scope) */
FB_SQL(field_values_defs, 1,
    "SELECT id, type, required, options::text, allow_multiple "
    "FROM custom_fields WHERE org_id = %s AND scope = %s");

const fb_statement_t *const fb_field_values_statements[] = {
    &fb_sql_field_values_defs, NULL
};

typedef struct {
    fb_req_t *fr;
    json_object *out;
    fb_error_t *err;
} fb_fv_ctx_t;

static void fb_fv_fail(fb_fv_ctx_t *c, fb_error_e kind, const char *id,
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
static const char *fb_fv_option(json_object *options, json_object *v)
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

json_object *fb_field_value(const char *type, json_object *options,
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
        const char *id = fb_fv_option(options, v);

        return id ? json_object_new_string(id) : NULL;
    }
    if (strcmp(type, "multi-select") == 0
        && json_object_is_type(v, json_type_array)) {
        json_object *ids = json_object_new_array();
        size_t i, n = json_object_array_length(v);

        for (i = 0; i < n; i++) {
            const char *id = fb_fv_option(options,
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

/* One given value v of the field in row r of defs, into c->out. */
static void fb_fv_one(fb_fv_ctx_t *c, const fb_field_values_t *fv,
                      const fb_rows_t *defs, int r, const char *key,
                      json_object *v)
{
    fb_req_t *fr = c->fr;
    const char *id = fb_rows_get(defs, r, 0);
    const char *type = fb_rows_get(defs, r, 1);
    const char *why = NULL;
    json_object *stored = NULL;

    if (v == NULL) {
        json_object_object_del(c->out, id);     /* null: no value */
        return;
    }
    if (strcmp(type, "file") != 0) {
        stored = fb_field_value(type, fb_json_owned(fr->pool, json_tokener_parse(
                                 fb_rows_get(defs, r, 3))), v);
    }
    else if (fv->file != NULL
             && fv->file(fr, fv->file_ctx, id,
                         strcmp(fb_rows_get(defs, r, 4), "t") == 0, v,
                         &stored, &why) != APR_SUCCESS) {
        fb_fv_fail(c, FB_E_INVALID_PARAMETER, key,
                   why ? why : "The file could not be stored.");
        return;
    }
    if (stored == NULL) {
        fb_fv_fail(c, FB_E_INVALID_PARAMETER, key,
                   apr_psprintf(fr->pool, "The value does not fit a %s "
                                "field.", type));
        return;
    }
    json_object_object_add(c->out, id, stored);
}

fb_error_t *fb_field_values_check(fb_req_t *fr, const fb_field_values_t *fv,
                                  const char *existing, const char **out)
{
    json_object *given = json_object_object_get(fr->body, "customFields");
    json_object *start = existing ? json_tokener_parse(existing) : NULL;
    fb_fv_ctx_t c = {fr, NULL, NULL};
    fb_rows_t defs;
    fb_error_t *err;
    int r;

    if (!json_object_is_type(start, json_type_object)) {
        json_object_put(start);
        start = json_object_new_object();
    }
    c.out = fb_json_owned(fr->pool, start);
    *out = NULL;
    /* No values given and no fields the container requires: nothing to
     * check them against (the common create needs no statement). */
    if (given == NULL && (fv->container_fields == NULL
                          || strcmp(fv->container_fields, "{}") == 0)) {
        *out = fb_json_text(fr->pool, c.out);
        return NULL;
    }
    if ((err = fb_req_select(fr, &fb_sql_field_values_defs,
                             FB_ARGS(fv->scope), &defs)) != NULL) {
        return err;
    }
    if (given != NULL) {
        json_object_object_foreach(given, key, v) {
            const char *id = fb_id_normalize(fr->pool, key);

            for (r = 0; id != NULL && r < defs.nrows; r++) {
                if (strcmp(fb_rows_get(&defs, r, 0), id) == 0) {
                    break;
                }
            }
            if (id == NULL || r == defs.nrows) {
                fb_fv_fail(&c, FB_E_INVALID_PARAMETER, key,
                           apr_psprintf(fr->pool, "No %s custom field has "
                                        "this id.", fv->scope));
                continue;
            }
            fb_fv_one(&c, fv, &defs, r, key, v);
        }
    }
    /* Required fields of the container must have a value. */
    for (r = 0; r < defs.nrows; r++) {
        const char *id = fb_rows_get(&defs, r, 0);

        if (strcmp(fb_rows_get(&defs, r, 2), "t") == 0
            && fv->container_fields != NULL
            && strstr(fv->container_fields, id)
            && json_object_object_get(c.out, id) == NULL) {
            fb_fv_fail(&c, FB_E_MISSING_PARAMETER, id,
                       apr_psprintf(fr->pool, "This custom field is "
                                    "required on the %s.",
                                    fv->container));
        }
    }
    *out = fb_json_text(fr->pool, c.out);
    return c.err;
}
