/*
 * custom_fields.h: a custom field's columns and JSON (over a row f of
 * custom_fields), writes and field rules, post and ticket fields alike.
 */
#ifndef CUSTOM_FIELDS_H
#define CUSTOM_FIELDS_H

#include "fb_resource.h"
#include "fb_validate.h"

/* A field's columns, over a row f of custom_fields; its JSON is
 * fb_custom_field_rows (custom_fields.c), placeholder left out when the
 * field has none. */
#define CUSTOM_FIELD_COLUMNS \
    "f.id, f.label, f.type, f.required, f.allow_multiple, f.placeholder, " \
    "f.public, f.internal, f.options, f.created_at AT TIME ZONE 'UTC', " \
    "f.updated_at AT TIME ZONE 'UTC'"

enum {
    CUSTOM_FIELD_COL_ID, CUSTOM_FIELD_COL_LABEL, CUSTOM_FIELD_COL_TYPE,
    CUSTOM_FIELD_COL_REQUIRED, CUSTOM_FIELD_COL_ALLOW_MULTIPLE,
    CUSTOM_FIELD_COL_PLACEHOLDER, CUSTOM_FIELD_COL_PUBLIC,
    CUSTOM_FIELD_COL_INTERNAL, CUSTOM_FIELD_COL_OPTIONS,
    CUSTOM_FIELD_COL_CREATED_AT, CUSTOM_FIELD_COL_UPDATED_AT
};

extern const fb_list_rows_t fb_custom_field_rows;

/* The writes of a field of scope (post, ticket), a.b the body. */
#define CUSTOM_FIELD_BODY \
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, " \
    "  %s::jsonb AS b) "

/* Options keep the ids they are given; new ones get one. */
#define CUSTOM_FIELD_OPTIONS \
    "(SELECT coalesce(jsonb_agg(jsonb_build_object(" \
    "   'id', coalesce(o ->> 'id', fb_object_id()), " \
    "   'label', o ->> 'label') ORDER BY n), '[]') " \
    " FROM jsonb_array_elements(a.b -> 'options') WITH ORDINALITY " \
    "   AS e(o, n))"

/* (org, body) -> id */
#define CUSTOM_FIELD_INSERT_SQL(scope) \
    "WITH a AS (SELECT %s::text AS org_id, %s::jsonb AS b) " \
    "INSERT INTO custom_fields (org_id, scope, label, type, required, " \
    "  allow_multiple, placeholder, public, internal, options) " \
    "SELECT a.org_id, '" scope "', a.b ->> 'label', a.b ->> 'type', " \
    "  coalesce((a.b ->> 'required')::boolean, false), " \
    "  coalesce((a.b ->> 'allowMultiple')::boolean, false), " \
    "  a.b ->> 'placeholder', " \
    "  coalesce((a.b ->> 'public')::boolean, true), " \
    "  coalesce((a.b ->> 'internal')::boolean, false), " \
    "  coalesce(" CUSTOM_FIELD_OPTIONS ", '[]') " \
    "FROM a RETURNING id"

/* (org, id, body): the lock has found the row in its scope. */
#define CUSTOM_FIELD_UPDATE_SQL \
    CUSTOM_FIELD_BODY \
    "UPDATE custom_fields x SET " \
    "  label = coalesce(a.b ->> 'label', x.label), " \
    "  required = coalesce((a.b ->> 'required')::boolean, x.required), " \
    "  allow_multiple = coalesce((a.b ->> 'allowMultiple')::boolean, " \
    "    x.allow_multiple), " \
    "  placeholder = CASE WHEN a.b ? 'placeholder' " \
    "    THEN a.b ->> 'placeholder' ELSE x.placeholder END, " \
    "  public = coalesce((a.b ->> 'public')::boolean, x.public), " \
    "  internal = coalesce((a.b ->> 'internal')::boolean, x.internal), " \
    "  options = CASE WHEN a.b ? 'options' THEN " CUSTOM_FIELD_OPTIONS \
    "    ELSE x.options END, " \
    "  updated_at = now() " \
    "FROM a WHERE x.org_id = a.org_id AND x.id = a.id"

/* (org, id, body) -> (param, rule, value): options belong to select
 * fields; placeholders to text and number. */
#define CUSTOM_FIELD_REFS_SQL \
    CUSTOM_FIELD_BODY \
    "SELECT k, 'not_for_type', t " \
    "FROM a LEFT JOIN custom_fields x " \
    "  ON x.org_id = a.org_id AND x.id = a.id, " \
    "  LATERAL (SELECT coalesce(a.b ->> 'type', x.type) AS t) ty, " \
    "  unnest(ARRAY['options', 'placeholder']) k " \
    "WHERE a.b ? k AND jsonb_typeof(a.b -> k) <> 'null' " \
    "  AND NOT (k = 'options' AND t IN ('select', 'multi-select')) " \
    "  AND NOT (k = 'placeholder' AND t IN ('text', 'number')) " \
    "LIMIT 1"

/* (org, id) -> rows (rule, value): the boards of table (with
 * custom_field_ids) that use the field, by name. */
#define CUSTOM_FIELD_IN_USE_SQL(table) \
    "SELECT 'used_by', name FROM " table " WHERE org_id = %s " \
    "  AND custom_field_ids @> ARRAY[%s::text] ORDER BY name"

/* The texts of the refs and in_use above, noun naming the boards. */
#define CUSTOM_FIELD_TEXTS(noun) \
    {"not_for_type", "A {value} field takes no '{param}'."}, \
    {"used_by", "The custom field is used by the " noun " {values}; " \
     "remove it from them first."}, \
    {NULL, NULL}

#define CUSTOM_FIELD_LOCK_SQL(scope) \
    "SELECT id FROM custom_fields " \
    "WHERE org_id = %s AND id = %s AND scope = '" scope "' FOR UPDATE"

/* The field goes, and its values leave the rows of table. */
#define CUSTOM_FIELD_REMOVE_SQL(scope, table) \
    "WITH d AS (DELETE FROM custom_fields " \
    "  WHERE org_id = %s AND id = %s AND scope = '" scope "' " \
    "  RETURNING org_id, id) " \
    "UPDATE " table " p SET custom_fields = p.custom_fields - d.id " \
    "FROM d WHERE p.org_id = d.org_id AND p.custom_fields ? d.id"

/* The members of a field's body but its type (custom_field_rules.c). */
extern const fb_field_rule_t fb_custom_field_option_rules[];
extern const fb_field_rule_t fb_custom_field_update_rules[];

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


#endif
