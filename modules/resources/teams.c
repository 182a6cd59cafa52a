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

static const fb_statement_t fb_team_statements[] = {
    {"team_get",
     "SELECT " TEAM_JSON " FROM teams t WHERE t.org_id = %s AND t.id = %s"},
    {"team_list",
     "SELECT " TEAM_JSON " FROM teams t WHERE t.org_id = %s "
     "ORDER BY t.created_at DESC, t.id DESC"},
    {NULL, NULL}
};

static const fb_resource_t fb_teams = {
    .get = "team_get",
    .not_found = FB_E_TEAM_NOT_FOUND,
    .shape = FB_LIST_ENVELOPE,
    .list = "team_list",
};

FB_READ_ROUTES(fb_team_routes, "/teams", FB_VERSION_NOVA, &fb_teams);

const fb_resource_module_t fb_teams_module = {
    "teams", fb_team_routes, fb_team_statements
};
