/*
 * custom_fields: extra fields on posts.  Ticket custom fields share the
 * table (scope 'ticket') and the shape; only post fields are reached
 * here.  Creating, changing and deleting post fields are management
 * extensions (fb_manage.h): a field a board uses is not deleted (409
 * naming the boards); deleting one drops its values from posts.
 */
#include "custom_fields.h"
#include "fb_manage.h"
#include "fb_resource.h"

FB_SQL(custom_field_get, 1,
    "SELECT " CUSTOM_FIELD_JSON " FROM custom_fields f "
    "WHERE f.org_id = %s AND f.id = %s AND f.scope = 'post'");

FB_SQL(custom_field_list, 0,
    "SELECT " CUSTOM_FIELD_JSON " FROM custom_fields f "
    "WHERE f.org_id = %s AND f.scope = 'post' "
    "ORDER BY f.created_at DESC, f.id DESC");

#define FIELD_BODY \
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, " \
    "  %s::jsonb AS b) "

/* Options keep the ids they are given; new ones get one. */
#define FIELD_OPTIONS \
    "(SELECT coalesce(jsonb_agg(jsonb_build_object(" \
    "   'id', coalesce(o ->> 'id', fb_object_id()), " \
    "   'label', o ->> 'label') ORDER BY n), '[]') " \
    " FROM jsonb_array_elements(a.b -> 'options') WITH ORDINALITY " \
    "   AS e(o, n))"

FB_SQL(custom_field_insert, 1,
    "WITH a AS (SELECT %s::text AS org_id, %s::jsonb AS b) "
    "INSERT INTO custom_fields (org_id, scope, label, type, required, "
    "  allow_multiple, placeholder, public, internal, options) "
    "SELECT a.org_id, 'post', a.b ->> 'label', a.b ->> 'type', "
    "  coalesce((a.b ->> 'required')::boolean, false), "
    "  coalesce((a.b ->> 'allowMultiple')::boolean, false), "
    "  a.b ->> 'placeholder', "
    "  coalesce((a.b ->> 'public')::boolean, true), "
    "  coalesce((a.b ->> 'internal')::boolean, false), "
    "  coalesce(" FIELD_OPTIONS ", '[]') "
    "FROM a RETURNING id");

FB_SQL(custom_field_update, 2,
    FIELD_BODY
    "UPDATE custom_fields x SET "
    "  label = coalesce(a.b ->> 'label', x.label), "
    "  required = coalesce((a.b ->> 'required')::boolean, x.required), "
    "  allow_multiple = coalesce((a.b ->> 'allowMultiple')::boolean, "
    "    x.allow_multiple), "
    "  placeholder = CASE WHEN a.b ? 'placeholder' "
    "    THEN a.b ->> 'placeholder' ELSE x.placeholder END, "
    "  public = coalesce((a.b ->> 'public')::boolean, x.public), "
    "  internal = coalesce((a.b ->> 'internal')::boolean, x.internal), "
    "  options = CASE WHEN a.b ? 'options' THEN " FIELD_OPTIONS
    "    ELSE x.options END, "
    "  updated_at = now() "
    "FROM a WHERE x.org_id = a.org_id AND x.id = a.id");

/* Options belong to select fields; placeholders to text and number. */
FB_SQL(custom_field_refs, 2,
    FIELD_BODY
    "SELECT k, 'A ' || t || ' field takes no ''' || k || '''.' "
    "FROM a LEFT JOIN custom_fields x "
    "  ON x.org_id = a.org_id AND x.id = a.id, "
    "  LATERAL (SELECT coalesce(a.b ->> 'type', x.type) AS t) ty, "
    "  unnest(ARRAY['options', 'placeholder']) k "
    "WHERE a.b ? k AND jsonb_typeof(a.b -> k) <> 'null' "
    "  AND NOT (k = 'options' AND t IN ('select', 'multi-select')) "
    "  AND NOT (k = 'placeholder' AND t IN ('text', 'number')) "
    "LIMIT 1");

FB_SQL(custom_field_in_use, 1,
    "SELECT 'The custom field is used by the board(s) ' "
    "  || string_agg('''' || name || '''', ', ' ORDER BY name) "
    "  || '; remove it from them first.' "
    "FROM boards WHERE org_id = %s AND custom_field_ids @> ARRAY[%s::text] "
    "HAVING count(*) > 0");

FB_SQL(custom_field_lock, 1,
    "SELECT id FROM custom_fields "
    "WHERE org_id = %s AND id = %s AND scope = 'post' FOR UPDATE");

/* The field goes, and its values with it. */
FB_SQL(custom_field_remove, 1,
    "WITH d AS (DELETE FROM custom_fields "
    "  WHERE org_id = %s AND id = %s AND scope = 'post' "
    "  RETURNING org_id, id) "
    "UPDATE posts p SET custom_fields = p.custom_fields - d.id "
    "FROM d WHERE p.org_id = d.org_id AND p.custom_fields ? d.id");

static const fb_statement_t *const fb_custom_field_statements[] = {
    &fb_sql_custom_field_get, &fb_sql_custom_field_list,
    &fb_sql_custom_field_insert, &fb_sql_custom_field_update,
    &fb_sql_custom_field_refs, &fb_sql_custom_field_in_use,
    &fb_sql_custom_field_lock, &fb_sql_custom_field_remove, NULL
};

static const fb_resource_t fb_custom_fields = {
    .get = &fb_sql_custom_field_get,
    .not_found = FB_E_CUSTOM_FIELD_NOT_FOUND,
    .shape = FB_LIST_ENVELOPE,
    .list = &fb_sql_custom_field_list,
};

static const char *const fb_custom_field_types[] = {
    "text", "number", "select", "multi-select", "checkbox", "date", NULL
};

static const fb_field_rule_t fb_custom_field_option_rules[] = {
    {.name = "id", .type = FB_FIELD_STRING, .min = 1, .max = 64},
    {.name = "label", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 255},
    {.name = NULL}
};

#define CUSTOM_FIELD_FIELDS(req, clears) \
    {.name = "label", .type = FB_FIELD_STRING, .flags = (req), \
     .min = 1, .max = 255}, \
    {.name = "required", .type = FB_FIELD_BOOL}, \
    {.name = "allowMultiple", .type = FB_FIELD_BOOL}, \
    {.name = "placeholder", .type = FB_FIELD_STRING, .flags = (clears), \
     .max = 255}, \
    {.name = "public", .type = FB_FIELD_BOOL}, \
    {.name = "internal", .type = FB_FIELD_BOOL}, \
    {.name = "options", .type = FB_FIELD_ARRAY, .max = 200, \
     .fields = fb_custom_field_option_rules}

/* The type is chosen once: values already stored depend on it. */
static const fb_field_rule_t fb_custom_field_create_rules[] = {
    CUSTOM_FIELD_FIELDS(FB_FIELD_REQUIRED, 0),
    {.name = "type", .type = FB_FIELD_ENUM, .flags = FB_FIELD_REQUIRED,
     .choices = fb_custom_field_types},
    {.name = NULL}
};

static const fb_field_rule_t fb_custom_field_update_rules[] = {
    CUSTOM_FIELD_FIELDS(0, FB_FIELD_NULL_CLEARS),
    {.name = NULL}
};

static const fb_manage_t fb_custom_field_manage = {
    .res = &fb_custom_fields, .object = "custom_field",
    .lock = &fb_sql_custom_field_lock, .refs = &fb_sql_custom_field_refs,
    .insert = &fb_sql_custom_field_insert,
    .update = &fb_sql_custom_field_update,
    .in_use = &fb_sql_custom_field_in_use,
    .remove = &fb_sql_custom_field_remove,
};

FB_MANAGE_OPS(fb_custom_field, FB_VERSION_CLOVER, &fb_custom_fields, NULL,
              FB_PERM_NONE, FB_PERM_MANAGE_CUSTOM_FIELDS,
              &fb_custom_field_manage, fb_custom_field_create_rules,
              fb_custom_field_update_rules);

static const fb_route_t fb_custom_field_routes[] = {
    FB_MANAGE_ROUTE_ROWS(fb_custom_field, "/custom_fields"),
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_custom_fields_module = {
    "custom_fields", fb_custom_field_routes, fb_custom_field_statements
};
