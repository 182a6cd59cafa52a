/*
 * ticket_statuses: the workflow stages of tickets, rendered as post
 * statuses are.  Read-only here.
 */
#include "posts/posts.h"
#include "tickets.h"

FB_SQL(ticket_status_get, 1,
    "SELECT " POST_STATUS_JSON " FROM ticket_statuses s "
    "WHERE s.org_id = %s AND s.id = %s");

FB_SQL(ticket_status_list, 0,
    "SELECT " POST_STATUS_JSON " FROM ticket_statuses s "
    "WHERE s.org_id = %s ORDER BY s.created_at DESC, s.id DESC");

static const fb_statement_t *const fb_ticket_status_statements[] = {
    &fb_sql_ticket_status_get, &fb_sql_ticket_status_list, NULL
};

static const fb_resource_t fb_ticket_statuses = {
    .get = &fb_sql_ticket_status_get,
    .not_found = FB_E_RESOURCE_NOT_FOUND,
    .shape = FB_LIST_BARE,       /* as boards and post statuses */
    .list = &fb_sql_ticket_status_list,
};

FB_READ_ROUTES(fb_ticket_status_routes, "/tickets/statuses",
               FB_VERSION_CLOVER, &fb_ticket_statuses);

const fb_resource_module_t fb_ticket_statuses_module = {
    "ticket_statuses", fb_ticket_status_routes, fb_ticket_status_statements
};
