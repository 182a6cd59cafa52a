/*
 * Statement shapes two families of an import share (a board and a
 * ticket category, a post status and a ticket status, a post's custom
 * field and a ticket's), each family a use of its shape with its table.
 */
#ifndef IMPORT_SHAPES_H
#define IMPORT_SHAPES_H

#include "import.h"

/* Boards, and ticket categories (boards of tickets, each of a kind):
 * table, and what a category adds (the source's member, its value in
 * v, the column and the value written). */
#define IMP_BOARDS_SQL(table, src_more, v_more, cols, vals) \
    IMP_K \
    ", src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(" \
    "    id text, name text, icon jsonb, access jsonb, features jsonb, " \
    "    \"postDefaults\" jsonb, \"customFields\" jsonb, " \
    "    localization jsonb, \"createdAt\" timestamptz" src_more ")), " \
    "v AS (SELECT s.id, s.name, NULLIF(s.icon, 'null') AS icon, " \
    "    COALESCE((s.access ->> 'adminOnly')::boolean, false) AS admin_only, " \
    "    ARRAY(SELECT jsonb_array_elements_text(s.access -> 'segments')) " \
    "      AS segments, " \
    "    ARRAY(SELECT jsonb_array_elements_text(s.access -> 'allowedRoles')) " \
    "      AS allowed_roles, " \
    "    ARRAY(SELECT jsonb_array_elements_text(s.access -> 'deniedRoles')) " \
    "      AS denied_roles, " \
    "    COALESCE((s.features ->> 'postingEnabled')::boolean, true) AS pe, " \
    "    COALESCE((s.features ->> 'commentsEnabled')::boolean, true) AS ce, " \
    "    COALESCE((s.features ->> 'createdDatesVisible')::boolean, true) " \
    "      AS cdv, " \
    "    COALESCE(s.\"postDefaults\" ->> 'visibility', 'public') AS vis, " \
    "    ARRAY(SELECT jsonb_array_elements_text(s.\"customFields\")) " \
    "      AS fields, " \
    "    jsonb_strip_nulls(COALESCE(s.localization, '{}')) AS l, " \
    "    s.\"createdAt\" AS created_at" v_more " FROM src s), " \
    "up AS (INSERT INTO " table " AS t (org_id, id, " cols "name, icon, admin_only, " \
    "        segments, allowed_roles, denied_roles, posting_enabled, " \
    "        comments_enabled, created_dates_visible, default_visibility, " \
    "        custom_field_ids, localization, created_at) " \
    "    SELECT k.org, v.id, " vals "v.name, v.icon, v.admin_only, v.segments, " \
    "      v.allowed_roles, v.denied_roles, v.pe, v.ce, v.cdv, v.vis, " \
    "      v.fields, v.l, v.created_at FROM k, v " \
    "    ON CONFLICT (org_id, id) DO UPDATE SET name = EXCLUDED.name, " \
    "      icon = EXCLUDED.icon, admin_only = EXCLUDED.admin_only, " \
    "      segments = EXCLUDED.segments, " \
    "      allowed_roles = EXCLUDED.allowed_roles, " \
    "      denied_roles = EXCLUDED.denied_roles, " \
    "      posting_enabled = EXCLUDED.posting_enabled, " \
    "      comments_enabled = EXCLUDED.comments_enabled, " \
    "      created_dates_visible = EXCLUDED.created_dates_visible, " \
    "      default_visibility = EXCLUDED.default_visibility, " \
    "      custom_field_ids = EXCLUDED.custom_field_ids, " \
    "      localization = EXCLUDED.localization, " \
    "      created_at = EXCLUDED.created_at, updated_at = now() " \
    "    WHERE (t.name, t.icon, t.admin_only, t.segments, t.allowed_roles, " \
    "           t.denied_roles, t.posting_enabled, t.comments_enabled, " \
    "           t.created_dates_visible, t.default_visibility, " \
    "           t.custom_field_ids, t.localization, t.created_at) " \
    "      IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.icon, " \
    "           EXCLUDED.admin_only, EXCLUDED.segments, " \
    "           EXCLUDED.allowed_roles, EXCLUDED.denied_roles, " \
    "           EXCLUDED.posting_enabled, EXCLUDED.comments_enabled, " \
    "           EXCLUDED.created_dates_visible, " \
    "           EXCLUDED.default_visibility, EXCLUDED.custom_field_ids, " \
    "           EXCLUDED.localization, EXCLUDED.created_at) " \
    "    RETURNING 1) " \
    "SELECT (SELECT count(*) FROM up) AS written, 0 AS skipped"

/* Post statuses (and ticket statuses: table): the default moves to the
 * source's before its page is written (one default per organization),
 * and once the source's are all here, the organization's own that no
 * post (row of users naming it in used) uses and the source did not
 * have (the set every new organization starts with) go. */
#define IMP_STATUSES_BEFORE_SQL(table) \
    IMP_K \
    "UPDATE " table " t SET is_default = false, updated_at = now() " \
    "FROM k WHERE t.org_id = k.org AND t.is_default " \
    "  AND EXISTS (SELECT 1 FROM jsonb_array_elements(k.page) e " \
    "              WHERE (e ->> 'isDefault')::boolean " \
    "                AND e ->> 'id' <> t.id)"

#define IMP_STATUSES_SQL(table) \
    IMP_K \
    ", src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(" \
    "    id text, name text, color text, type text, \"isDefault\" boolean)), " \
    "up AS (INSERT INTO " table " AS t (org_id, id, name, color, type, " \
    "        is_default) " \
    "    SELECT k.org, s.id, s.name, s.color, s.type, " \
    "      COALESCE(s.\"isDefault\", false) FROM k, src s " \
    "    ON CONFLICT (org_id, id) DO UPDATE SET name = EXCLUDED.name, " \
    "      color = EXCLUDED.color, type = EXCLUDED.type, " \
    "      is_default = EXCLUDED.is_default, updated_at = now() " \
    "    WHERE (t.name, t.color, t.type, t.is_default) IS DISTINCT FROM " \
    "      (EXCLUDED.name, EXCLUDED.color, EXCLUDED.type, " \
    "       EXCLUDED.is_default) " \
    "    RETURNING 1) " \
    "SELECT (SELECT count(*) FROM up) AS written, 0 AS skipped"

#define IMP_STATUSES_AFTER_SQL(table, users, used) \
    IMP_K \
    "DELETE FROM " table " t USING k WHERE t.org_id = k.org " \
    "  AND NOT EXISTS (SELECT 1 FROM import_ids i WHERE i.id = t.id " \
    "                  AND i.org_id = k.org AND i.family = k.family) " \
    "  AND NOT EXISTS (SELECT 1 FROM " users " p WHERE p.org_id = k.org " \
    "                  AND p." used " = t.id)"

/* Custom fields of posts, and of tickets: scope (SQL text). */
#define IMP_FIELDS_SQL(scope) \
    IMP_K \
    ", src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(" \
    "    id text, label text, type text, required boolean, " \
    "    \"allowMultiple\" boolean, placeholder text, public boolean, " \
    "    internal boolean, options jsonb, \"createdAt\" timestamptz, " \
    "    \"updatedAt\" timestamptz)), " \
    "up AS (INSERT INTO custom_fields AS t (org_id, id, scope, label, type, " \
    "        required, allow_multiple, placeholder, public, internal, " \
    "        options, created_at, updated_at) " \
    "    SELECT k.org, s.id, " scope ", s.label, s.type, " \
    "      COALESCE(s.required, false), COALESCE(s.\"allowMultiple\", false), " \
    "      s.placeholder, COALESCE(s.public, true), " \
    "      COALESCE(s.internal, false), COALESCE(s.options, '[]'), " \
    "      s.\"createdAt\", s.\"updatedAt\" FROM k, src s " \
    "    ON CONFLICT (org_id, id) DO UPDATE SET label = EXCLUDED.label, " \
    "      type = EXCLUDED.type, required = EXCLUDED.required, " \
    "      allow_multiple = EXCLUDED.allow_multiple, " \
    "      placeholder = EXCLUDED.placeholder, public = EXCLUDED.public, " \
    "      internal = EXCLUDED.internal, options = EXCLUDED.options, " \
    "      created_at = EXCLUDED.created_at, " \
    "      updated_at = EXCLUDED.updated_at " \
    "    WHERE (t.label, t.type, t.required, t.allow_multiple, " \
    "           t.placeholder, t.public, t.internal, t.options, " \
    "           t.created_at, t.updated_at) " \
    "      IS DISTINCT FROM (EXCLUDED.label, EXCLUDED.type, " \
    "           EXCLUDED.required, EXCLUDED.allow_multiple, " \
    "           EXCLUDED.placeholder, EXCLUDED.public, EXCLUDED.internal, " \
    "           EXCLUDED.options, EXCLUDED.created_at, " \
    "           EXCLUDED.updated_at) " \
    "    RETURNING 1) " \
    "SELECT (SELECT count(*) FROM up) AS written, 0 AS skipped"

#endif
