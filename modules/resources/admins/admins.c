/*
 * admins: the organization's team members and their roles.  Read-only in
 * this release; the operator command creates them.
 */
#include "fb_resource.h"

#define ADMIN_JSON \
    "json_build_object(" \
    "'object', 'admin', 'id', a.id, 'name', a.name, 'email', a.email, " \
    "'profilePicture', a.profile_picture, 'roleId', a.role_id)"

#define ROLE_JSON \
    "json_build_object(" \
    "'object', 'admin_role', 'id', r.id, 'name', r.name, " \
    "'permissions', r.permissions)"

FB_SQL(admin_get, 1,
    "SELECT " ADMIN_JSON " FROM admins a WHERE a.org_id = %s AND a.id = %s");

FB_SQL(admin_list, 0,
    "SELECT " ADMIN_JSON " FROM admins a WHERE a.org_id = %s "
    "ORDER BY a.created_at DESC, a.id DESC");

FB_SQL(admin_role_list, 0,
    "SELECT " ROLE_JSON " FROM roles r WHERE r.org_id = %s "
    "ORDER BY r.created_at DESC, r.id DESC");

static const fb_statement_t *const fb_admin_statements[] = {
    &fb_sql_admin_get, &fb_sql_admin_list, &fb_sql_admin_role_list, NULL
};

static const fb_resource_t fb_admins = {
    .get = &fb_sql_admin_get,
    .not_found = FB_E_ADMIN_NOT_FOUND,
    .shape = FB_LIST_ENVELOPE,
    .list = &fb_sql_admin_list,
};

static const fb_resource_t fb_admin_roles = {
    .shape = FB_LIST_ENVELOPE,
    .list = &fb_sql_admin_role_list,
};

static const fb_op_t fb_admin_list =
    FB_OP_READ(fb_resource_list, FB_VERSION_CLOVER, &fb_admins, NULL);
static const fb_op_t fb_admin_get =
    FB_OP_READ(fb_resource_get, FB_VERSION_CLOVER, &fb_admins, NULL);
static const fb_op_t fb_admin_role_list =
    FB_OP_READ(fb_resource_list, FB_VERSION_CLOVER, &fb_admin_roles, NULL);

static const fb_route_t fb_admin_routes[] = {
    {"GET", "/admins", &fb_admin_list},
    {"GET", "/admins/roles", &fb_admin_role_list},
    {"GET", "/admins/{id}", &fb_admin_get},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_admins_module = {
    "admins", fb_admin_routes, fb_admin_statements
};
