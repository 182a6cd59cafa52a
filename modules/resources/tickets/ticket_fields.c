/*
 * ticket_fields: the custom fields of tickets, custom_fields rows of
 * scope 'ticket' rendered as post fields are.  Read-only here.
 */
#include "custom_fields/custom_fields.h"
#include "tickets.h"

FB_SQL(ticket_field_get, 1,
    "SELECT " CUSTOM_FIELD_JSON " FROM custom_fields f "
    "WHERE f.org_id = %s AND f.id = %s AND f.scope = 'ticket'");

FB_SQL(ticket_field_list, 0,
    "SELECT " CUSTOM_FIELD_JSON " FROM custom_fields f "
    "WHERE f.org_id = %s AND f.scope = 'ticket' "
    "ORDER BY f.created_at DESC, f.id DESC");

static const fb_statement_t *const fb_ticket_field_statements[] = {
    &fb_sql_ticket_field_get, &fb_sql_ticket_field_list, NULL
};

static const fb_resource_t fb_ticket_fields = {
    .get = &fb_sql_ticket_field_get,
    .not_found = FB_E_CUSTOM_FIELD_NOT_FOUND,
    .shape = FB_LIST_ENVELOPE,
    .list = &fb_sql_ticket_field_list,
};

FB_READ_ROUTES(fb_ticket_field_routes, "/tickets/custom_fields",
               FB_VERSION_CLOVER, &fb_ticket_fields);

const fb_resource_module_t fb_ticket_fields_module = {
    "ticket_fields", fb_ticket_field_routes, fb_ticket_field_statements
};
