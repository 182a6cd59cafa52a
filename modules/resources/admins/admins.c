/*
 * admins: the organization's team members and their roles.  Inviting,
 * changing and removing admins, and making, changing and deleting custom
 * roles, are management extensions (fb_manage.h): the built-in roles are
 * fixed, a role someone holds is not deleted, and the organization keeps
 * at least one Owner.  An admin removed loses their API keys and team
 * places; what they wrote stays, without its author.  Only an Owner
 * changes an Owner or gives the Owner role, and nobody else gives a
 * permission their own role lacks (fb_owner.h).
 */
#include "apr_strings.h"

#include "fb_manage.h"
#include "fb_owner.h"
#include "fb_perm.h"
#include "fb_resource.h"
#include "people/people.h"

/* An admin's columns (over a row a of admins) and a role's (over r of
 * roles), and their JSON. */
#define ADMIN_COLUMNS "a.id, a.name, a.email, a.profile_picture, a.role_id"
#define ROLE_COLUMNS "r.id, r.name, r.permissions"

enum {
    ADMIN_COL_ID, ADMIN_COL_NAME, ADMIN_COL_EMAIL, ADMIN_COL_PICTURE,
    ADMIN_COL_ROLE_ID
};

enum { ROLE_COL_ID, ROLE_COL_NAME, ROLE_COL_PERMISSIONS };

static const fb_rj_member_t fb_admin_members[] = {
    FB_RJ_CONST("object", "\"admin\""),
    FB_RJ_STRING("id", ADMIN_COL_ID),
    FB_RJ_STRING("name", ADMIN_COL_NAME),
    FB_RJ_STRING("email", ADMIN_COL_EMAIL),
    FB_RJ_STRING("profilePicture", ADMIN_COL_PICTURE),
    FB_RJ_STRING("roleId", ADMIN_COL_ROLE_ID),
    FB_RJ_END
};

static const fb_rj_member_t fb_admin_role_members[] = {
    FB_RJ_CONST("object", "\"admin_role\""),
    FB_RJ_STRING("id", ROLE_COL_ID),
    FB_RJ_STRING("name", ROLE_COL_NAME),
    FB_RJ_RAW("permissions", ROLE_COL_PERMISSIONS),
    FB_RJ_END
};

static const fb_list_rows_t fb_admin_rows = {
    .members = fb_admin_members, .json_size = 256
};

static const fb_list_rows_t fb_admin_role_rows = {
    .members = fb_admin_role_members, .json_size = 1024
};

FB_SQL(admin_get, 1,
    "SELECT " ADMIN_COLUMNS " FROM admins a "
    "WHERE a.org_id = %s AND a.id = %s");

FB_SQL(admin_list, 0,
    "SELECT " ADMIN_COLUMNS " FROM admins a WHERE a.org_id = %s "
    "ORDER BY a.created_at DESC, a.id DESC");

FB_SQL(admin_role_get, 1,
    "SELECT " ROLE_COLUMNS " FROM roles r "
    "WHERE r.org_id = %s AND r.id = %s");

FB_SQL(admin_role_list, 0,
    "SELECT " ROLE_COLUMNS " FROM roles r WHERE r.org_id = %s "
    "ORDER BY r.created_at DESC, r.id DESC");

#define BODY_WITH_ID \
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, " \
    "  %s::jsonb AS b) "

/* ---- roles ---- */

FB_SQL(admin_role_insert, 1,
    "WITH a AS (SELECT %s::text AS org_id, %s::jsonb AS b) "
    "INSERT INTO roles (org_id, name, permissions) "
    "SELECT a.org_id, a.b ->> 'name', "
    "  fb_permissions_complete(a.b -> 'permissions') FROM a RETURNING id");

/* Permissions given are merged over the role's. */
FB_SQL_WITH(admin_role_update, manage,
    BODY_WITH_ID
    "UPDATE roles x SET name = coalesce(a.b ->> 'name', x.name), "
    "  permissions = fb_permissions_complete(x.permissions "
    "    || coalesce(a.b -> 'permissions', '{}')), "
    "  updated_at = now() "
    "FROM a WHERE x.org_id = a.org_id AND x.id = a.id");

FB_SQL_WITH(admin_role_conflicts, manage,
    BODY_WITH_ID
    "SELECT 'builtin_changed', NULL FROM a JOIN roles x "
    "  ON x.org_id = a.org_id AND x.id = a.id WHERE x.builtin IS NOT NULL "
    "UNION ALL "
    "SELECT 'name_taken', x.name "
    "FROM a JOIN roles x ON x.org_id = a.org_id "
    "  AND lower(x.name) = lower(a.b ->> 'name') "
    "  AND x.id IS DISTINCT FROM a.id");

FB_SQL(admin_role_in_use, 1,
    "SELECT CASE WHEN r.builtin IS NOT NULL THEN 'builtin_deleted' "
    "  ELSE 'held' END, "
    "  (SELECT count(*) FROM admins x "
    "    WHERE x.org_id = r.org_id AND x.role_id = r.id) "
    "FROM roles r WHERE r.org_id = %s AND r.id = %s "
    "AND (r.builtin IS NOT NULL OR EXISTS (SELECT 1 FROM admins x "
    "  WHERE x.org_id = r.org_id AND x.role_id = r.id))");

/* For the rule (fb_owner.h): the Owner role, and the permissions the
 * body turns on (true where the role has them not). */
FB_SQL_WITH(admin_role_owners, manage,
    BODY_WITH_ID
    "SELECT 'owner_role', NULL "
    "FROM a JOIN roles x ON x.org_id = a.org_id AND x.id = a.id "
    "WHERE x.builtin = 'owner' "
    "UNION ALL "
    "SELECT NULL, (SELECT jsonb_object_agg(p.key, p.value) "
    "  FROM jsonb_each(a.b -> 'permissions') p "
    "  LEFT JOIN roles x ON x.org_id = a.org_id AND x.id = a.id "
    "  WHERE p.value = 'true' "
    "  AND (x.permissions -> p.key) IS DISTINCT FROM 'true')::text "
    "FROM a WHERE a.b ? 'permissions'");

FB_MANAGE_SERIALIZE(admin_role);

FB_MANAGE_SQL(admin_role, "roles");

/* ---- admins ---- */

FB_SQL(admin_insert, 1,
    "WITH a AS (SELECT %s::text AS org_id, %s::jsonb AS b) "
    "INSERT INTO admins (org_id, name, email, role_id, profile_picture) "
    "SELECT a.org_id, a.b ->> 'name', a.b ->> 'email', a.b ->> 'roleId', "
    "  a.b ->> 'profilePicture' FROM a RETURNING id");

FB_SQL_WITH(admin_update, manage,
    BODY_WITH_ID
    "UPDATE admins x SET name = coalesce(a.b ->> 'name', x.name), "
    "  email = coalesce(a.b ->> 'email', x.email), "
    "  role_id = coalesce(a.b ->> 'roleId', x.role_id), "
    "  profile_picture = CASE WHEN a.b ? 'profilePicture' "
    "    THEN a.b ->> 'profilePicture' ELSE x.profile_picture END, "
    "  updated_at = now() "
    "FROM a WHERE x.org_id = a.org_id AND x.id = a.id");

FB_SQL_WITH(admin_refs, manage,
    BODY_WITH_ID
    "SELECT 'roleId', 'unknown_role', a.b ->> 'roleId' "
    "FROM a WHERE a.b ? 'roleId' AND NOT EXISTS (SELECT 1 FROM roles r "
    "  WHERE r.org_id = a.org_id AND r.id = a.b ->> 'roleId')");

/* The organization's Owners, for keeping one. */
#define OWNERS \
    "(SELECT count(*) FROM admins o JOIN roles r " \
    "  ON r.org_id = o.org_id AND r.id = o.role_id " \
    "  WHERE o.org_id = x.org_id AND r.builtin = 'owner')"

#define IS_OWNER(who) FB_OWNER_ROLE("x.org_id", who)

FB_SQL_WITH(admin_conflicts, manage,
    BODY_WITH_ID
    "SELECT 'email_taken', a.b ->> 'email' "
    "FROM a JOIN admins x ON x.org_id = a.org_id "
    "  AND lower(x.email) = lower(a.b ->> 'email') "
    "  AND x.id IS DISTINCT FROM a.id "
    "UNION ALL "
    "SELECT 'last_owner_kept', NULL "
    "FROM a JOIN admins x ON x.org_id = a.org_id AND x.id = a.id "
    "WHERE a.b ? 'roleId' AND " IS_OWNER("x.role_id")
    "  AND NOT " IS_OWNER("a.b ->> 'roleId'") " AND " OWNERS " = 1");

FB_SQL(admin_in_use, 1,
    "SELECT 'last_owner_removed', NULL "
    "FROM admins x WHERE x.org_id = %s AND x.id = %s "
    "AND " IS_OWNER("x.role_id") " AND " OWNERS " = 1");

/* For the rule (fb_owner.h): an Owner changed or removed, and the role
 * given, when it is not the admin's already (its permissions; the
 * Owner's, whoever asks, is an Owner's to give). */
FB_SQL_WITH(admin_owners, manage,
    BODY_WITH_ID
    "SELECT 'owner', NULL "
    "FROM a JOIN admins x ON x.org_id = a.org_id AND x.id = a.id "
    "WHERE " IS_OWNER("x.role_id") " "
    "UNION ALL "
    "SELECT CASE WHEN r.builtin = 'owner' THEN 'owner_role_given' END, "
    "  r.permissions::text "
    "FROM a JOIN roles r ON r.org_id = a.org_id AND r.id = a.b ->> 'roleId' "
    "WHERE r.id IS DISTINCT FROM (SELECT x.role_id FROM admins x "
    "  WHERE x.org_id = a.org_id AND x.id = a.id)");

FB_MANAGE_SERIALIZE(admin);

FB_MANAGE_SQL(admin, "admins");

static const fb_statement_t *const fb_admin_statements[] = {
    &fb_sql_admin_get, &fb_sql_admin_list, &fb_sql_admin_role_get,
    &fb_sql_admin_role_list, &fb_sql_admin_role_insert,
    &fb_sql_admin_role_update, &fb_sql_admin_role_conflicts,
    &fb_sql_admin_role_in_use, &fb_sql_admin_role_owners,
    &fb_sql_admin_role_lock, &fb_sql_admin_role_lock_change,
    &fb_sql_admin_role_serialize, &fb_sql_admin_role_remove,
    &fb_sql_admin_insert, &fb_sql_admin_update, &fb_sql_admin_refs,
    &fb_sql_admin_conflicts, &fb_sql_admin_in_use, &fb_sql_admin_owners,
    &fb_sql_admin_lock, &fb_sql_admin_lock_change,
    &fb_sql_admin_serialize, &fb_sql_admin_remove, NULL
};

static const fb_resource_t fb_admins = {
    .get = &fb_sql_admin_get,
    .not_found = FB_E_ADMIN_NOT_FOUND,
    .shape = FB_LIST_ENVELOPE,
    .list = &fb_sql_admin_list,
    .rows = &fb_admin_rows,
};

static const fb_resource_t fb_admin_roles = {
    .get = &fb_sql_admin_role_get,
    .not_found = FB_E_RESOURCE_NOT_FOUND,
    .shape = FB_LIST_ENVELOPE,
    .list = &fb_sql_admin_role_list,
    .rows = &fb_admin_role_rows,
};

/* permissions: an object of the API's flag names, each a boolean. */
static fb_error_t *fb_admin_role_check(fb_req_t *fr, json_object *body,
                                       const char *id)
{
    json_object *perms = json_object_object_get(body, "permissions");

    (void)id;
    if (perms == NULL) {
        return NULL;
    }
    {
        json_object_object_foreach(perms, key, val) {
            if (fb_perm_lookup(key) < 0) {
                return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                                     "permissions", apr_psprintf(
                                         fr->pool, "Unknown permission "
                                         "'%s'.", key));
            }
            if (!json_object_is_type(val, json_type_boolean)) {
                return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                                     "permissions", apr_psprintf(
                                         fr->pool, "The permission '%s' "
                                         "must be a boolean.", key));
            }
        }
    }
    return NULL;
}

#define ROLE_FIELDS(req) \
    {.name = "name", .type = FB_FIELD_STRING, .flags = (req), \
     .min = 1, .max = 255}, \
    {.name = "permissions", .type = FB_FIELD_OBJECT}, \
    {.name = NULL}

static const fb_field_rule_t fb_admin_role_create_rules[] = {
    ROLE_FIELDS(FB_FIELD_REQUIRED)
};

static const fb_field_rule_t fb_admin_role_update_rules[] = {
    ROLE_FIELDS(0)
};

#define ADMIN_FIELDS(req, clears) \
    {.name = "name", .type = FB_FIELD_STRING, .flags = (req), \
     .min = 1, .max = 255}, \
    {.name = "email", .type = FB_FIELD_EMAIL, .flags = (req), \
     .min = 3, .max = 255}, \
    {.name = "roleId", .type = FB_FIELD_ID, .flags = (req)}, \
    FB_PROFILE_PICTURE_RULE(clears), \
    {.name = NULL}

static const fb_field_rule_t fb_admin_create_rules[] = {
    ADMIN_FIELDS(FB_FIELD_REQUIRED, 0)
};

static const fb_field_rule_t fb_admin_update_rules[] = {
    ADMIN_FIELDS(0, FB_FIELD_NULL_CLEARS)
};

static const fb_rule_text_t fb_admin_role_messages[] = {
    {"builtin_changed", "Built-in roles cannot be changed."},
    {"name_taken", "A role named '{value}' already exists."},
    {"builtin_deleted", "Built-in roles cannot be deleted."},
    {"held", "The role is held by {value} admin(s); give them another "
     "role first."},
    {NULL, NULL}
};

static const fb_rule_text_t fb_admin_messages[] = {
    {"unknown_role", "Unknown role '{value}'."},
    {"email_taken", "An admin with the email '{value}' already exists."},
    {"last_owner_kept", "The organization's only Owner keeps the Owner "
     "role."},
    {"last_owner_removed", "The organization's only Owner cannot be "
     "removed."},
    {NULL, NULL}
};

static const fb_manage_t fb_admin_role_manage = {
    .serialize = &fb_sql_admin_role_serialize,
    .res = &fb_admin_roles, .object = "admin_role",
    .check = fb_admin_role_check, FB_MANAGE_LOCKS(admin_role),
    .owners = &fb_sql_admin_role_owners,
    .conflicts = &fb_sql_admin_role_conflicts,
    .insert = &fb_sql_admin_role_insert,
    .update = &fb_sql_admin_role_update,
    .in_use = &fb_sql_admin_role_in_use,
    .remove = &fb_sql_admin_role_remove,
    .messages = fb_admin_role_messages,
};

static const fb_manage_t fb_admin_manage = {
    .serialize = &fb_sql_admin_serialize,
    .res = &fb_admins, .object = "admin",
    FB_MANAGE_LOCKS(admin), .owners = &fb_sql_admin_owners,
    .refs = &fb_sql_admin_refs,
    .conflicts = &fb_sql_admin_conflicts, .insert = &fb_sql_admin_insert,
    .update = &fb_sql_admin_update, .in_use = &fb_sql_admin_in_use,
    .remove = &fb_sql_admin_remove, .messages = fb_admin_messages,
};

FB_MANAGE_AUDITS(fb_admin_role, "permissions", "role",
                 "role.created", "role.updated",
                 "role.deleted");
FB_MANAGE_OPS(fb_admin_role, FB_VERSION_CLOVER, &fb_admin_roles, NULL,
              FB_PERM_MANAGE_USER_ROLES, &fb_admin_role_manage,
              fb_admin_role_create_rules, fb_admin_role_update_rules);

/* FB_MANAGE_AUDITS's, but a change of an admin's role is the client's
 * member.role_changed. */
static const fb_audit_t fb_admin_audits[] = {
    {.action = "teammate.invited", .domain = "team_management",
     .target = "admin", .from = FB_AUDIT_ANSWER},
    {.action = "teammate.updated", .domain = "team_management",
     .target = "admin", .from = FB_AUDIT_PATH, .param = "id",
     .when = "roleId", .then_action = "member.role_changed",
     .then_domain = "permissions"},
    {.action = "teammate.removed", .domain = "team_management",
     .target = "admin", .from = FB_AUDIT_PATH, .param = "id"}
};
FB_MANAGE_OPS(fb_admin, FB_VERSION_CLOVER, &fb_admins, NULL,
              FB_PERM_MANAGE_TEAM_MEMBERS, &fb_admin_manage,
              fb_admin_create_rules, fb_admin_update_rules);

static const fb_route_t fb_admin_routes[] = {
    FB_MANAGE_ROUTE_ROWS(fb_admin, "/admins"),
    FB_MANAGE_ROUTE_ROWS(fb_admin_role, "/admins/roles"),
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_admins_module = {
    .name = "admins",
    .routes = fb_admin_routes,
    .statements = fb_admin_statements,
};
