/*
 * custom_fields: extra fields on posts.  Read-only in this release.
 * Ticket custom fields share the table (scope 'ticket') and the shape.
 */
#include "custom_fields.h"
#include "fb_resource.h"

FB_SQL(custom_field_get, 1,
    "SELECT " CUSTOM_FIELD_JSON " FROM custom_fields f "
    "WHERE f.org_id = %s AND f.id = %s AND f.scope = 'post'");

FB_SQL(custom_field_list, 0,
    "SELECT " CUSTOM_FIELD_JSON " FROM custom_fields f "
    "WHERE f.org_id = %s AND f.scope = 'post' "
    "ORDER BY f.created_at DESC, f.id DESC");

static const fb_statement_t *const fb_custom_field_statements[] = {
    &fb_sql_custom_field_get, &fb_sql_custom_field_list, NULL
};

static const fb_resource_t fb_custom_fields = {
    .get = &fb_sql_custom_field_get,
    .not_found = FB_E_CUSTOM_FIELD_NOT_FOUND,
    .shape = FB_LIST_ENVELOPE,
    .list = &fb_sql_custom_field_list,
};

FB_READ_ROUTES(fb_custom_field_routes, "/custom_fields", FB_VERSION_CLOVER,
               &fb_custom_fields);

const fb_resource_module_t fb_custom_fields_module = {
    "custom_fields", fb_custom_field_routes, fb_custom_field_statements
};
