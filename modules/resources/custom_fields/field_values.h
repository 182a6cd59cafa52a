/*
 * field_values.h: custom field values given in a body (customFields),
 * checked against the organization's field definitions of one scope;
 * posts and tickets share it.
 */
#ifndef FIELD_VALUES_H
#define FIELD_VALUES_H

#include "fb_resource.h"

extern const fb_statement_t *const fb_field_values_statements[];

typedef struct fb_field_values fb_field_values_t;

/*
 * A file field's value v (never null) for field id: the stored value
 * in *out, or an error message for the client in *why.  NULL (the
 * default) refuses file values.
 */
typedef apr_status_t (*fb_field_file_fn)(fb_req_t *fr, void *ctx,
                                         const char *id, int multiple,
                                         json_object *v, json_object **out,
                                         const char **why);

struct fb_field_values {
    const char *scope;          /* "post" or "ticket" */
    const char *container;      /* "board", "category": in messages */
    /* The container's field ids (an array's text): its required fields
     * must have values; NULL checks none. */
    const char *container_fields;
    fb_field_file_fn file;
    void *file_ctx;
};

/*
 * The body's customFields over existing (JSON text of the stored values,
 * or NULL) as JSON text in *out: each key a field id of the scope, each
 * value of the field's type (select options by id, or by label mapped to
 * the id); a null value removes a field.  Every bad value is listed in
 * the error's details.
 */
fb_error_t *fb_field_values_check(fb_req_t *fr, const fb_field_values_t *fv,
                                  const char *existing, const char **out);

/*
 * The stored value of v (not null) for a field of type (text, number,
 * select, multi-select, checkbox, date) with options ([{id, label}]):
 * a new reference, select options by id (or by label, mapped to the
 * id); NULL when v does not fit.  Custom fields and conversation
 * attributes (conversation_attributes/) share it.
 */
json_object *fb_field_value(const char *type, json_object *options,
                            json_object *v);

#endif
