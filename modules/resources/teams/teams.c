/*
 * teams: groups of admins that conversations can be assigned to.  Nova
 * and newer.  Creating, changing and deleting teams are management
 * extensions (fb_manage.h); `members` replaces the set of admins; a
 * team conversations are assigned to is not deleted (409).
 */
#include "fb_manage.h"
#include "fb_resource.h"

/* A team's columns (over a row t of teams), its members' ids in the
 * order they joined, and its JSON. */
#define TEAM_COLUMNS \
    "t.id, t.name, t.color, t.icon, " \
    "ARRAY(SELECT m.admin_id FROM team_members m " \
    "      WHERE m.org_id = t.org_id AND m.team_id = t.id " \
    "      ORDER BY m.added_at, m.admin_id)"

enum {
    TEAM_COL_ID, TEAM_COL_NAME, TEAM_COL_COLOR, TEAM_COL_ICON,
    TEAM_COL_MEMBERS
};

static apr_status_t fb_team_member_ids(fb_req_t *fr, fb_jsonw_t *w,
                                       const char *const *row)
{
    return fb_rj_strings(fr, w, row[TEAM_COL_MEMBERS], 0);
}

static const fb_rj_member_t fb_team_members[] = {
    FB_RJ_CONST("object", "\"team\""),
    FB_RJ_STRING("id", TEAM_COL_ID),
    FB_RJ_STRING("name", TEAM_COL_NAME),
    FB_RJ_STRING("color", TEAM_COL_COLOR),
    FB_RJ_RAW("icon", TEAM_COL_ICON),
    FB_RJ_FN("members", fb_team_member_ids),
    FB_RJ_END
};

static const fb_list_rows_t fb_team_rows = {
    .members = fb_team_members, .json_size = 256
};

FB_SQL(team_get, 1,
    "SELECT " TEAM_COLUMNS " FROM teams t "
    "WHERE t.org_id = %s AND t.id = %s");

FB_SQL(team_list, 0,
    "SELECT " TEAM_COLUMNS " FROM teams t WHERE t.org_id = %s "
    "ORDER BY t.created_at DESC, t.id DESC");

#define TEAM_BODY \
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, " \
    "  %s::jsonb AS b) "

/* The members given, in their order, once each. */
#define TEAM_MEMBERS \
    "LATERAL (SELECT m, min(n) AS n FROM jsonb_array_elements_text(" \
    "   a.b -> 'members') WITH ORDINALITY AS e(m, n) GROUP BY m) mm "

/* The team and its members in one statement (the members' key checks
 * run at its end, after the team exists). */
FB_SQL(team_insert, 1,
    "WITH a AS (SELECT %s::text AS org_id, %s::jsonb AS b), "
    "t AS (INSERT INTO teams (org_id, name, color, icon) "
    "  SELECT a.org_id, a.b ->> 'name', "
    "    coalesce(a.b ->> 'color', '#6B7280'), a.b -> 'icon' FROM a "
    "  RETURNING org_id, id), "
    "m AS (INSERT INTO team_members (org_id, team_id, admin_id, added_at) "
    "  SELECT t.org_id, t.id, mm.m, "
    "    now() + mm.n * interval '1 microsecond' "
    "  FROM t, a, " TEAM_MEMBERS ") "
    "SELECT id FROM t");

/* Members given replace the set: those kept keep when they joined. */
FB_SQL_WITH(team_update, manage,
    TEAM_BODY ", "
    "t AS (UPDATE teams x SET "
    "  name = coalesce(a.b ->> 'name', x.name), "
    "  color = coalesce(a.b ->> 'color', x.color), "
    "  icon = CASE WHEN a.b ? 'icon' THEN nullif(a.b -> 'icon', 'null') "
    "    ELSE x.icon END, "
    "  updated_at = now() "
    "  FROM a WHERE x.org_id = a.org_id AND x.id = a.id "
    "  RETURNING x.org_id, x.id), "
    "gone AS (DELETE FROM team_members d USING a "
    "  WHERE d.org_id = a.org_id AND d.team_id = a.id "
    "  AND a.b ? 'members' "
    "  AND NOT d.admin_id = ANY (fb_text_array(a.b -> 'members'))) "
    "INSERT INTO team_members (org_id, team_id, admin_id, added_at) "
    "SELECT t.org_id, t.id, mm.m, "
    "  now() + mm.n * interval '1 microsecond' "
    "FROM t, a, " TEAM_MEMBERS
    "WHERE a.b ? 'members' ON CONFLICT DO NOTHING");

/* Members are the organization's admins (the first that is not).  A
 * colour's form is a field rule (fb_format_hex_colour). */
FB_SQL_WITH(team_refs, manage,
    TEAM_BODY
    "SELECT 'members', 'unknown_admin', m "
    "FROM a, jsonb_array_elements_text(coalesce(a.b -> 'members', "
    "                                           '[]')) m "
    "WHERE NOT EXISTS (SELECT 1 FROM admins x "
    "  WHERE x.org_id = a.org_id AND x.id = m) LIMIT 1");

/* Unassigning would rewrite conversations' histories without a part
 * or an event: whoever deletes reassigns them first (PATCH). */
FB_SQL(team_in_use, 1,
    "SELECT 'assigned', count(*) FROM conversations "
    "WHERE org_id = %s AND team_assignee_id = %s HAVING count(*) > 0");

FB_MANAGE_SQL(team, "teams");

static const fb_statement_t *const fb_team_statements[] = {
    &fb_sql_team_get, &fb_sql_team_list, &fb_sql_team_insert,
    &fb_sql_team_update, &fb_sql_team_refs, &fb_sql_team_in_use,
    &fb_sql_team_lock, &fb_sql_team_lock_change, &fb_sql_team_remove, NULL
};

static const fb_resource_t fb_teams = {
    .get = &fb_sql_team_get,
    .not_found = FB_E_TEAM_NOT_FOUND,
    .shape = FB_LIST_ENVELOPE,
    .list = &fb_sql_team_list,
    .rows = &fb_team_rows,
};

static const char *const fb_team_icon_types[] = {
    "emoji", "predefined", "external", NULL
};

static const fb_field_rule_t fb_team_icon_rules[] = {
    {.name = "type", .type = FB_FIELD_ENUM, .flags = FB_FIELD_REQUIRED,
     .choices = fb_team_icon_types},
    {.name = "value", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 2048},
    {.name = NULL}
};

#define TEAM_FIELDS(req, clears) \
    {.name = "name", .type = FB_FIELD_STRING, .flags = (req), \
     .min = 1, .max = 255}, \
    {.name = "color", .type = FB_FIELD_STRING, .min = 7, .max = 7, \
     .format = &fb_format_hex_colour}, \
    {.name = "icon", .type = FB_FIELD_OBJECT, .flags = (clears), \
     .fields = fb_team_icon_rules}, \
    {.name = "members", .type = FB_FIELD_STRING_ARRAY, .max = 500, \
     .item_max = 24}, \
    {.name = NULL}

static const fb_field_rule_t fb_team_create_rules[] = {
    TEAM_FIELDS(FB_FIELD_REQUIRED, 0)
};

static const fb_field_rule_t fb_team_update_rules[] = {
    TEAM_FIELDS(0, FB_FIELD_NULL_CLEARS)
};

static const fb_rule_text_t fb_team_messages[] = {
    {"unknown_admin", "Unknown admin '{value}'."},
    {"assigned", "The team is assigned {value} conversation(s); reassign "
     "them first."},
    {NULL, NULL}
};

static const fb_manage_t fb_team_manage = {
    .res = &fb_teams, .object = "team",
    FB_MANAGE_LOCKS(team), .refs = &fb_sql_team_refs,
    .insert = &fb_sql_team_insert, .update = &fb_sql_team_update,
    .in_use = &fb_sql_team_in_use, .remove = &fb_sql_team_remove,
    .messages = fb_team_messages,
};

FB_MANAGE_AUDITS(fb_team, "team_management", "team",
                 "team.created", "team.updated",
                 "team.deleted");
FB_MANAGE_OPS(fb_team, FB_VERSION_NOVA, &fb_teams, NULL,
              FB_PERM_MANAGE_TEAM_MEMBERS, &fb_team_manage,
              fb_team_create_rules, fb_team_update_rules);

static const fb_route_t fb_team_routes[] = {
    FB_MANAGE_ROUTE_ROWS(fb_team, "/teams"),
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_teams_module = {
    .name = "teams",
    .routes = fb_team_routes,
    .statements = fb_team_statements,
};
