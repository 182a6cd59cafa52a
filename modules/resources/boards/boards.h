/*
 * boards.h: a board's columns and members, its writes as SQL and its
 * field rules as data, which ticket categories share
 * (tickets/ticket_categories.c).
 */
#ifndef BOARDS_H
#define BOARDS_H

#include "fb_resource.h"
#include "fb_validate.h"

/*
 * A board is written in C from plain columns of a row b of boards
 * (sql/001), as ticket categories are (tickets/ticket_categories.c,
 * which add their kind after them): X(name, sql) gives the enum
 * BOARD_COL_<name> and the select list.  Timestamps come as UTC text;
 * the text arrays as to_json's arrays (["a","b"]), built by PostgreSQL:
 * about 0.4 us a row more than the array's own text, which C would then
 * parse (200,000 arrays of three texts: 215-290 ms as text, 290-460 ms
 * through to_json, psql \timing on a shared 2-core machine).
 */
#define BOARD_COLUMNS(X) \
    X(ID, "b.id") \
    X(NAME, "b.name") \
    X(ICON, "b.icon") \
    X(ADMIN_ONLY, "b.admin_only") \
    X(SEGMENTS, "to_json(b.segments)") \
    X(ALLOWED_ROLES, "to_json(b.allowed_roles)") \
    X(DENIED_ROLES, "to_json(b.denied_roles)") \
    X(POSTING_ENABLED, "b.posting_enabled") \
    X(COMMENTS_ENABLED, "b.comments_enabled") \
    X(CREATED_DATES_VISIBLE, "b.created_dates_visible") \
    X(VISIBILITY, "b.default_visibility") \
    X(CUSTOM_FIELDS, "to_json(b.custom_field_ids)") \
    X(L_NAME, "COALESCE(b.localization -> 'name', '{}')") \
    X(L_DESCRIPTION, "b.localization -> 'description'") \
    X(L_PLACEHOLDER, "b.localization -> 'formPlaceholder'") \
    X(L_HERO_TITLE, "b.localization -> 'heroTitle'") \
    X(L_HERO_DESCRIPTION, "b.localization -> 'heroDescription'") \
    X(L_SUBMIT, "b.localization -> 'submitButtonText'") \
    X(CREATED_AT, "b.created_at AT TIME ZONE 'UTC'")

#define BOARD_COL_ENUM(name, sql) BOARD_COL_##name,
enum { BOARD_COLUMNS(BOARD_COL_ENUM) BOARD_NCOLS };

#define BOARD_COL_SQL(name, sql) sql ", "
/* The select list of a board: the columns, then more, the columns a
 * table adds (at BOARD_NCOLS on; "NULL" for none). */
#define BOARD_SELECT(more) BOARD_COLUMNS(BOARD_COL_SQL) more

/* The objects inside a board (board_render.c). */
extern const fb_rj_member_t fb_board_access_members[];
extern const fb_rj_member_t fb_board_feature_members[];
extern const fb_rj_member_t fb_board_default_members[];
extern const fb_rj_member_t fb_board_localization_members[];

/* The members of a board, in a table that may add its own after them. */
#define BOARD_MEMBERS \
    FB_RJ_CONST("object", "\"board\""), \
    FB_RJ_STRING("id", BOARD_COL_ID), \
    FB_RJ_STRING("name", BOARD_COL_NAME), \
    FB_RJ_RAW("icon", BOARD_COL_ICON), \
    FB_RJ_OBJECT("access", fb_board_access_members), \
    FB_RJ_OBJECT("features", fb_board_feature_members), \
    FB_RJ_OBJECT("postDefaults", fb_board_default_members), \
    FB_RJ_RAW("customFields", BOARD_COL_CUSTOM_FIELDS), \
    FB_RJ_OBJECT("localization", fb_board_localization_members), \
    FB_RJ_TIME("createdAt", BOARD_COL_CREATED_AT)

/* About what a board takes, to size the buffer once. */
#define BOARD_JSON_SIZE 768

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
