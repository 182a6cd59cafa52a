/*
 * boards.h: a board's JSON, writes and field rules as SQL and data,
 * which ticket categories share (tickets/ticket_categories.c).
 */
#ifndef BOARDS_H
#define BOARDS_H

#include "fb_resource.h"
#include "fb_validate.h"

/* Every member after 'object', over a row b with the columns of boards
 * (sql/001). */
#define BOARD_JSON_FIELDS \
    "'id', b.id, 'name', b.name, 'icon', b.icon, " \
    "'access', json_build_object(" \
    "  'adminOnly', b.admin_only, 'segments', to_json(b.segments), " \
    "  'allowedRoles', to_json(b.allowed_roles), " \
    "  'deniedRoles', to_json(b.denied_roles)), " \
    "'features', json_build_object(" \
    "  'postingEnabled', b.posting_enabled, " \
    "  'commentsEnabled', b.comments_enabled, " \
    "  'createdDatesVisible', b.created_dates_visible), " \
    "'postDefaults', json_build_object('visibility', b.default_visibility), " \
    "'customFields', to_json(b.custom_field_ids), " \
    "'localization', json_build_object(" \
    "  'name', COALESCE(b.localization->'name', '{}'::jsonb), " \
    "  'description', b.localization->'description', " \
    "  'formPlaceholder', b.localization->'formPlaceholder', " \
    "  'heroTitle', b.localization->'heroTitle', " \
    "  'heroDescription', b.localization->'heroDescription', " \
    "  'submitButtonText', b.localization->'submitButtonText'), " \
    "'createdAt', fb_iso(b.created_at)"

#define BOARD_JSON \
    "json_build_object('object', 'board', " BOARD_JSON_FIELDS ")"

/* The writes of a board over table (boards, or ticket_categories): the
 * body's members as columns, for insert and update alike, NULL where
 * the body does not give one (a.b is the body). */
#define BOARD_GIVEN \
    "a.b #>> '{access,adminOnly}', " \
    "fb_text_array(a.b #> '{access,segments}'), " \
    "fb_text_array(a.b #> '{access,allowedRoles}'), " \
    "fb_text_array(a.b #> '{access,deniedRoles}'), " \
    "a.b #>> '{features,postingEnabled}', " \
    "a.b #>> '{features,commentsEnabled}', " \
    "a.b #>> '{features,createdDatesVisible}', " \
    "a.b #>> '{postDefaults,visibility}', " \
    "fb_text_array(a.b -> 'customFields')"

#define BOARD_GIVEN_AS \
    "AS g(admin_only, segments, allowed, denied, posting, comments, " \
    "     dates, visibility, fields) "

/* (org, body) -> id.  A new board's name is also its name in the
 * default locale; cols and vals add columns of table (each ending in a
 * comma). */
#define BOARD_INSERT_SQL(table, cols, vals) \
    "WITH a AS (SELECT %s::text AS org_id, %s::jsonb AS b) " \
    "INSERT INTO " table " (org_id, " cols " name, icon, admin_only, " \
    "  segments, allowed_roles, denied_roles, posting_enabled, " \
    "  comments_enabled, created_dates_visible, default_visibility, " \
    "  custom_field_ids, localization) " \
    "SELECT a.org_id, " vals " a.b ->> 'name', a.b -> 'icon', " \
    "  coalesce(g.admin_only::boolean, false), " \
    "  coalesce(g.segments, '{}'), " \
    "  coalesce(g.allowed, '{}'), coalesce(g.denied, '{}'), " \
    "  coalesce(g.posting::boolean, true), " \
    "  coalesce(g.comments::boolean, true), " \
    "  coalesce(g.dates::boolean, true), " \
    "  coalesce(g.visibility, 'public'), coalesce(g.fields, '{}'), " \
    "  jsonb_build_object('name', jsonb_build_object(o.default_locale, " \
    "    a.b ->> 'name')) || coalesce(a.b -> 'localization', '{}') " \
    "FROM a JOIN organizations o ON o.id = a.org_id, " \
    "  LATERAL (SELECT " BOARD_GIVEN ") " BOARD_GIVEN_AS \
    "RETURNING id"

/* (org, id, body).  Given members replace, nested ones one by one; a
 * null icon clears it; localization merges by key. */
#define BOARD_UPDATE_SQL(table) \
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, " \
    "  %s::jsonb AS b) " \
    "UPDATE " table " x SET " \
    "  name = coalesce(a.b ->> 'name', x.name), " \
    "  icon = CASE WHEN a.b ? 'icon' THEN nullif(a.b -> 'icon', 'null') " \
    "    ELSE x.icon END, " \
    "  admin_only = coalesce(g.admin_only::boolean, x.admin_only), " \
    "  segments = coalesce(g.segments, x.segments), " \
    "  allowed_roles = coalesce(g.allowed, x.allowed_roles), " \
    "  denied_roles = coalesce(g.denied, x.denied_roles), " \
    "  posting_enabled = coalesce(g.posting::boolean, " \
    "    x.posting_enabled), " \
    "  comments_enabled = coalesce(g.comments::boolean, " \
    "    x.comments_enabled), " \
    "  created_dates_visible = coalesce(g.dates::boolean, " \
    "    x.created_dates_visible), " \
    "  default_visibility = coalesce(g.visibility, " \
    "    x.default_visibility), " \
    "  custom_field_ids = coalesce(g.fields, x.custom_field_ids), " \
    "  localization = x.localization " \
    "    || coalesce(a.b -> 'localization', '{}'), " \
    "  updated_at = now() " \
    "FROM a, LATERAL (SELECT " BOARD_GIVEN ") " BOARD_GIVEN_AS \
    "WHERE x.org_id = a.org_id AND x.id = a.id"

/* (org, id, body) -> (param, rule, value): customFields must name the
 * organization's fields of scope (post, ticket); the texts are
 * BOARD_REFS_TEXTS. */
#define BOARD_REFS_SQL(scope) \
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, " \
    "  %s::jsonb AS b) " \
    "SELECT 'customFields', 'unknown_custom_field', f " \
    "FROM a, jsonb_array_elements_text(coalesce(a.b -> 'customFields', " \
    "                                           '[]')) f " \
    "WHERE NOT EXISTS (SELECT 1 FROM custom_fields c " \
    "  WHERE c.org_id = a.org_id AND c.id = f " \
    "    AND c.scope = '" scope "') " \
    "LIMIT 1"

#define BOARD_REFS_TEXTS \
    {"unknown_custom_field", "Unknown custom field '{value}'."}

/* The members of a board's body (board_rules.c). */
extern const fb_field_rule_t fb_board_icon_rules[];
extern const fb_field_rule_t fb_board_access_rules[];
extern const fb_field_rule_t fb_board_feature_rules[];
extern const fb_field_rule_t fb_board_default_rules[];
extern const fb_field_rule_t fb_board_localization_rules[];
extern const fb_field_rule_t fb_board_create_rules[];
extern const fb_field_rule_t fb_board_update_rules[];

/* What the rules cannot say: every localization text is a string, a
 * url icon an https URL (an fb_manage_check_fn). */
fb_error_t *fb_board_check(fb_req_t *fr, json_object *body,
                           const char *id);

/* A board's members, for a body's rules (as ticket categories add one). */
#define BOARD_FIELDS(name_flags, icon_flags) \
    {.name = "name", .type = FB_FIELD_STRING, .flags = (name_flags), \
     .min = 1, .max = 255}, \
    {.name = "icon", .type = FB_FIELD_OBJECT, .flags = (icon_flags), \
     .fields = fb_board_icon_rules}, \
    {.name = "access", .type = FB_FIELD_OBJECT, \
     .fields = fb_board_access_rules}, \
    {.name = "features", .type = FB_FIELD_OBJECT, \
     .fields = fb_board_feature_rules}, \
    {.name = "postDefaults", .type = FB_FIELD_OBJECT, \
     .fields = fb_board_default_rules}, \
    {.name = "customFields", .type = FB_FIELD_STRING_ARRAY, .max = 100, \
     .item_max = 24}, \
    {.name = "localization", .type = FB_FIELD_OBJECT, \
     .fields = fb_board_localization_rules}, \
    {.name = NULL}

#endif
