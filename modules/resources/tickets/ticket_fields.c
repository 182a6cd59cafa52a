/*
 * ticket_fields: the custom fields of tickets, custom_fields rows of
 * scope 'ticket' rendered and written as post fields are (fb_manage.h,
 * custom_fields.h), file fields among them: a field a category uses is
 * not deleted (409 naming the categories); deleting one drops its
 * values (and their files) from tickets.
 */
#include "custom_fields/custom_fields.h"
#include "fb_manage.h"
#include "tickets.h"

FB_SQL(ticket_field_get, 1,
    "SELECT " CUSTOM_FIELD_COLUMNS " FROM custom_fields f "
    "WHERE f.org_id = %s AND f.id = %s AND f.scope = 'ticket'");

FB_SQL(ticket_field_list, 0,
    "SELECT " CUSTOM_FIELD_COLUMNS " FROM custom_fields f "
    "WHERE f.org_id = %s AND f.scope = 'ticket' "
    "ORDER BY f.created_at DESC, f.id DESC");

FB_SQL(ticket_field_insert, 1, CUSTOM_FIELD_INSERT_SQL("ticket"));

FB_SQL_WITH(ticket_field_update, manage, CUSTOM_FIELD_UPDATE_SQL);

FB_SQL_WITH(ticket_field_refs, manage, CUSTOM_FIELD_REFS_SQL);

FB_SQL(ticket_field_in_use, 1,
    CUSTOM_FIELD_IN_USE_SQL("ticket_categories"));

FB_SQL(ticket_field_lock, 1, CUSTOM_FIELD_LOCK_SQL("ticket"));

FB_SQL(ticket_field_remove, 1, CUSTOM_FIELD_REMOVE_SQL("ticket", "tickets"));

static const fb_statement_t *const fb_ticket_field_statements[] = {
    &fb_sql_ticket_field_get, &fb_sql_ticket_field_list,
    &fb_sql_ticket_field_insert, &fb_sql_ticket_field_update,
    &fb_sql_ticket_field_refs, &fb_sql_ticket_field_in_use,
    &fb_sql_ticket_field_lock, &fb_sql_ticket_field_remove, NULL
};

static const fb_resource_t fb_ticket_fields = {
    .get = &fb_sql_ticket_field_get,
    .not_found = FB_E_CUSTOM_FIELD_NOT_FOUND,
    .shape = FB_LIST_ENVELOPE,
    .list = &fb_sql_ticket_field_list,
    .rows = &fb_custom_field_rows,
};

/* Ticket fields may also take files. */
static const char *const fb_ticket_field_types[] = {
    "text", "number", "select", "multi-select", "checkbox", "date", "file",
    NULL
};

static const fb_field_rule_t fb_ticket_field_create_rules[] = {
    CUSTOM_FIELD_FIELDS(FB_FIELD_REQUIRED, 0),
    {.name = "type", .type = FB_FIELD_ENUM, .flags = FB_FIELD_REQUIRED,
     .choices = fb_ticket_field_types},
    {.name = NULL}
};

static const fb_rule_text_t fb_ticket_field_messages[] = {
    CUSTOM_FIELD_TEXTS("ticket category(ies)")
};

static const fb_manage_t fb_ticket_field_manage = {
    .res = &fb_ticket_fields, .object = "custom_field",
    .lock = &fb_sql_ticket_field_lock, .refs = &fb_sql_ticket_field_refs,
    .insert = &fb_sql_ticket_field_insert,
    .update = &fb_sql_ticket_field_update,
    .in_use = &fb_sql_ticket_field_in_use,
    .remove = &fb_sql_ticket_field_remove,
    .messages = fb_ticket_field_messages,
};

FB_MANAGE_AUDITS(fb_ticket_field, "workspace_settings", "ticket_custom_field",
                 "ticket_custom_field.created", "ticket_custom_field.updated",
                 "ticket_custom_field.deleted");
FB_MANAGE_OPS(fb_ticket_field, FB_VERSION_CLOVER, &fb_ticket_fields, NULL,
              FB_PERM_MANAGE_CUSTOM_FIELDS, &fb_ticket_field_manage,
              fb_ticket_field_create_rules, fb_custom_field_update_rules);

static const fb_route_t fb_ticket_field_routes[] = {
    FB_MANAGE_ROUTE_ROWS(fb_ticket_field, "/tickets/custom_fields"),
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_ticket_fields_module = {
    .name = "ticket_fields",
    .routes = fb_ticket_field_routes,
    .statements = fb_ticket_field_statements,
};
