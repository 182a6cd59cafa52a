/*
 * ticket_categories: the boards tickets are filed in, each of one kind
 * (customer, tracker, back-office).  A category renders as a board does
 * (boards.h: its columns and members), with supportBoard and
 * supportBoardType added, and is written as a
 * board is (fb_manage.h, boards.h), its kind chosen at creation only: a
 * category with tickets is not deleted (409 naming how many).
 */
#include "fb_manage.h"
#include "tickets.h"

/* A category over a row b of ticket_categories: a board, and its kind
 * (the column after a board's). */
#define TICKET_CATEGORY_COL_TYPE BOARD_NCOLS

static const fb_rj_member_t fb_ticket_category_members[] = {
    BOARD_MEMBERS,
    FB_RJ_CONST("supportBoard", "true"),
    FB_RJ_STRING("supportBoardType", TICKET_CATEGORY_COL_TYPE),
    FB_RJ_END
};

static const fb_list_rows_t fb_ticket_category_rows = {
    .members = fb_ticket_category_members, .json_size = BOARD_JSON_SIZE
};

FB_SQL(ticket_category_get, 1,
    "SELECT " BOARD_SELECT("b.category_type") " FROM ticket_categories b "
    "WHERE b.org_id = %s AND b.id = %s");

FB_SQL(ticket_category_list, 0,
    "SELECT " BOARD_SELECT("b.category_type") " FROM ticket_categories b "
    "WHERE b.org_id = %s ORDER BY b.created_at DESC, b.id DESC");

FB_SQL(ticket_category_insert, 1,
    BOARD_INSERT_SQL("ticket_categories", "category_type,",
                     "a.b ->> 'supportBoardType',"));

FB_SQL_WITH(ticket_category_update, manage,
    BOARD_UPDATE_SQL("ticket_categories"));

FB_SQL_WITH(ticket_category_refs, manage, BOARD_REFS_SQL("ticket"));

FB_SQL(ticket_category_in_use, 1,
    "SELECT 'has_tickets', count(*) FROM tickets "
    "WHERE org_id = %s AND category_id = %s HAVING count(*) > 0");

FB_MANAGE_SQL(ticket_category, "ticket_categories");

static const fb_statement_t *const fb_ticket_category_statements[] = {
    &fb_sql_ticket_category_get, &fb_sql_ticket_category_list,
    &fb_sql_ticket_category_insert, &fb_sql_ticket_category_update,
    &fb_sql_ticket_category_refs, &fb_sql_ticket_category_in_use,
    &fb_sql_ticket_category_lock, &fb_sql_ticket_category_lock_change,
    &fb_sql_ticket_category_remove, NULL
};

static const fb_resource_t fb_ticket_categories = {
    .get = &fb_sql_ticket_category_get,
    .not_found = FB_E_BOARD_NOT_FOUND,
    .shape = FB_LIST_BARE,       /* as boards and post statuses */
    .list = &fb_sql_ticket_category_list,
    .rows = &fb_ticket_category_rows,
};

static const char *const fb_ticket_category_types[] = {
    "customer", "tracker", "back-office", NULL
};

/* The kind is chosen once: the category's tickets are of that kind. */
static const fb_field_rule_t fb_ticket_category_create_rules[] = {
    {.name = "supportBoardType", .type = FB_FIELD_ENUM,
     .flags = FB_FIELD_REQUIRED, .choices = fb_ticket_category_types},
    BOARD_FIELDS(FB_FIELD_REQUIRED, 0)
};

static const fb_rule_text_t fb_ticket_category_messages[] = {
    BOARD_REFS_TEXTS,
    {"has_tickets", "The ticket category has {value} ticket(s); move or "
     "delete them first."},
    {NULL, NULL}
};

static const fb_manage_t fb_ticket_category_manage = {
    .res = &fb_ticket_categories, .object = "board",
    .check = fb_board_check,    /* written as boards are */
    FB_MANAGE_LOCKS(ticket_category),
    .refs = &fb_sql_ticket_category_refs,
    .insert = &fb_sql_ticket_category_insert,
    .update = &fb_sql_ticket_category_update,
    .in_use = &fb_sql_ticket_category_in_use,
    .remove = &fb_sql_ticket_category_remove,
    .messages = fb_ticket_category_messages,
};

FB_MANAGE_AUDITS(fb_ticket_category, "workspace_settings", "ticket_category",
                 "ticket_category.created", "ticket_category.updated",
                 "ticket_category.deleted");
FB_MANAGE_OPS(fb_ticket_category, FB_VERSION_CLOVER, &fb_ticket_categories,
              NULL, FB_PERM_MANAGE_BOARDS, &fb_ticket_category_manage,
              fb_ticket_category_create_rules, fb_board_update_rules);

static const fb_route_t fb_ticket_category_routes[] = {
    FB_MANAGE_ROUTE_ROWS(fb_ticket_category, "/tickets/categories"),
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_ticket_categories_module = {
    .name = "ticket_categories",
    .routes = fb_ticket_category_routes,
    .statements = fb_ticket_category_statements,
};
