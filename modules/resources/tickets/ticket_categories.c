/*
 * ticket_categories: the boards tickets are filed in, each of one kind
 * (customer, tracker, back-office).  A category renders as a board does,
 * with supportBoard and supportBoardType added.  Read-only here.
 */
#include "tickets.h"

FB_SQL(ticket_category_get, 1,
    "SELECT " TICKET_CATEGORY_JSON " FROM ticket_categories b "
    "WHERE b.org_id = %s AND b.id = %s");

FB_SQL(ticket_category_list, 0,
    "SELECT " TICKET_CATEGORY_JSON " FROM ticket_categories b "
    "WHERE b.org_id = %s ORDER BY b.created_at DESC, b.id DESC");

static const fb_statement_t *const fb_ticket_category_statements[] = {
    &fb_sql_ticket_category_get, &fb_sql_ticket_category_list, NULL
};

static const fb_resource_t fb_ticket_categories = {
    .get = &fb_sql_ticket_category_get,
    .not_found = FB_E_BOARD_NOT_FOUND,
    .shape = FB_LIST_BARE,       /* as boards and post statuses */
    .list = &fb_sql_ticket_category_list,
};

FB_READ_ROUTES(fb_ticket_category_routes, "/tickets/categories",
               FB_VERSION_CLOVER, &fb_ticket_categories);

const fb_resource_module_t fb_ticket_categories_module = {
    "ticket_categories", fb_ticket_category_routes,
    fb_ticket_category_statements
};
