/*
 * teams: groups of admins that conversations can be assigned to.
 * Read-only in this release; nova and newer.
 */
#include "fb_resource.h"

#define TEAM_JSON \
    "json_build_object(" \
    "'object', 'team', 'id', t.id, 'name', t.name, 'color', t.color, " \
    "'icon', t.icon, " \
    "'members', COALESCE((SELECT json_agg(m.admin_id " \
    "                                     ORDER BY m.added_at, m.admin_id) " \
    "                     FROM team_members m " \
    "                     WHERE m.org_id = t.org_id AND m.team_id = t.id), " \
    "                    '[]'::json))"

FB_SQL(team_get, 1,
    "SELECT " TEAM_JSON " FROM teams t WHERE t.org_id = %s AND t.id = %s");

FB_SQL(team_list, 0,
    "SELECT " TEAM_JSON " FROM teams t WHERE t.org_id = %s "
    "ORDER BY t.created_at DESC, t.id DESC");

static const fb_statement_t *const fb_team_statements[] = {
    &fb_sql_team_get, &fb_sql_team_list, NULL
};

static const fb_resource_t fb_teams = {
    .get = &fb_sql_team_get,
    .not_found = FB_E_TEAM_NOT_FOUND,
    .shape = FB_LIST_ENVELOPE,
    .list = &fb_sql_team_list,
};

FB_READ_ROUTES(fb_team_routes, "/teams", FB_VERSION_NOVA, &fb_teams);

const fb_resource_module_t fb_teams_module = {
    "teams", fb_team_routes, fb_team_statements
};
