/*
 * custom_fields: extra fields on posts.  Ticket custom fields share the
 * table (scope 'ticket') and the shape; only post fields are reached
 * here (ticket_fields.c reaches the others).  Creating, changing and
 * deleting post fields are management
 * extensions (fb_manage.h): a field a board uses is not deleted (409
 * naming the boards); deleting one drops its values from posts.
 */
#include "custom_fields.h"
#include "fb_manage.h"
#include "fb_resource.h"

static const fb_rj_member_t fb_custom_field_members[] = {
    FB_RJ_CONST("object", "\"custom_field\""),
    FB_RJ_STRING("id", CUSTOM_FIELD_COL_ID),
    FB_RJ_STRING("label", CUSTOM_FIELD_COL_LABEL),
    FB_RJ_STRING("type", CUSTOM_FIELD_COL_TYPE),
    FB_RJ_BOOL("required", CUSTOM_FIELD_COL_REQUIRED),
    FB_RJ_BOOL("allowMultiple", CUSTOM_FIELD_COL_ALLOW_MULTIPLE),
    FB_RJ_OPTIONAL("placeholder", CUSTOM_FIELD_COL_PLACEHOLDER),
    FB_RJ_BOOL("public", CUSTOM_FIELD_COL_PUBLIC),
    FB_RJ_BOOL("internal", CUSTOM_FIELD_COL_INTERNAL),
    FB_RJ_RAW("options", CUSTOM_FIELD_COL_OPTIONS),
    FB_RJ_TIME("createdAt", CUSTOM_FIELD_COL_CREATED_AT),
    FB_RJ_TIME("updatedAt", CUSTOM_FIELD_COL_UPDATED_AT),
    FB_RJ_END
};

/* Post and ticket fields alike (ticket_fields.c). */
const fb_list_rows_t fb_custom_field_rows = {
    .members = fb_custom_field_members, .json_size = 512
};

FB_SQL(custom_field_get, 1,
    "SELECT " CUSTOM_FIELD_COLUMNS " FROM custom_fields f "
    "WHERE f.org_id = %s AND f.id = %s AND f.scope = 'post'");

FB_SQL(custom_field_list, 0,
    "SELECT " CUSTOM_FIELD_COLUMNS " FROM custom_fields f "
    "WHERE f.org_id = %s AND f.scope = 'post' "
    "ORDER BY f.created_at DESC, f.id DESC");

FB_SQL(custom_field_insert, 1, CUSTOM_FIELD_INSERT_SQL("post"));

FB_SQL_WITH(custom_field_update, manage, CUSTOM_FIELD_UPDATE_SQL);

FB_SQL_WITH(custom_field_refs, manage, CUSTOM_FIELD_REFS_SQL);

FB_SQL(custom_field_in_use, 1, CUSTOM_FIELD_IN_USE_SQL("boards"));

FB_SQL(custom_field_lock, 1, CUSTOM_FIELD_LOCK_SQL("post"));

FB_SQL(custom_field_remove, 1, CUSTOM_FIELD_REMOVE_SQL("post", "posts"));

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
    .rows = &fb_custom_field_rows,
};

static const char *const fb_custom_field_types[] = {
    "text", "number", "select", "multi-select", "checkbox", "date", NULL
};

/* The type is chosen once (custom_field_rules.c). */
static const fb_field_rule_t fb_custom_field_create_rules[] = {
    CUSTOM_FIELD_FIELDS(FB_FIELD_REQUIRED, 0),
    {.name = "type", .type = FB_FIELD_ENUM, .flags = FB_FIELD_REQUIRED,
     .choices = fb_custom_field_types},
    {.name = NULL}
};

static const fb_rule_text_t fb_custom_field_messages[] = {
    CUSTOM_FIELD_TEXTS("board(s)")
};

static const fb_manage_t fb_custom_field_manage = {
    .res = &fb_custom_fields, .object = "custom_field",
    .lock = &fb_sql_custom_field_lock, .refs = &fb_sql_custom_field_refs,
    .insert = &fb_sql_custom_field_insert,
    .update = &fb_sql_custom_field_update,
    .in_use = &fb_sql_custom_field_in_use,
    .remove = &fb_sql_custom_field_remove,
    .messages = fb_custom_field_messages,
};

FB_MANAGE_AUDITS(fb_custom_field, "workspace_settings", "custom_field",
                 "custom_field.created", "custom_field.updated",
                 "custom_field.deleted");
FB_MANAGE_OPS(fb_custom_field, FB_VERSION_CLOVER, &fb_custom_fields, NULL,
              FB_PERM_MANAGE_CUSTOM_FIELDS, &fb_custom_field_manage,
              fb_custom_field_create_rules, fb_custom_field_update_rules);

static const fb_route_t fb_custom_field_routes[] = {
    FB_MANAGE_ROUTE_ROWS(fb_custom_field, "/custom_fields"),
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_custom_fields_module = {
    .name = "custom_fields",
    .routes = fb_custom_field_routes,
    .statements = fb_custom_field_statements,
};
