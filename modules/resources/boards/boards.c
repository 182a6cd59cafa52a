/*
 * boards: the containers posts live in.  Creating, changing and deleting
 * them are management extensions (fb_manage.h, docs/decisions.md): a
 * board with posts is not deleted (409 naming how many).
 */
#include "boards.h"
#include "fb_manage.h"
#include "fb_resource.h"

static const fb_rj_member_t fb_board_members[] = {
    BOARD_MEMBERS,
    FB_RJ_END
};

static const fb_list_rows_t fb_board_rows = {
    .members = fb_board_members, .json_size = BOARD_JSON_SIZE
};

FB_SQL(board_get, 1,
    "SELECT " BOARD_SELECT("NULL") " FROM boards b "
    "WHERE b.org_id = %s AND b.id = %s");

FB_SQL(board_list, 0,
    "SELECT " BOARD_SELECT("NULL") " FROM boards b WHERE b.org_id = %s "
    "ORDER BY b.created_at DESC, b.id DESC");

FB_SQL(board_insert, 1, BOARD_INSERT_SQL("boards", "", ""));

FB_SQL_WITH(board_update, manage, BOARD_UPDATE_SQL("boards"));

FB_SQL_WITH(board_refs, manage, BOARD_REFS_SQL("post"));

FB_SQL(board_in_use, 1,
    "SELECT 'has_posts', count(*) FROM posts "
    "WHERE org_id = %s AND board_id = %s HAVING count(*) > 0");

FB_MANAGE_SQL(board, "boards");

static const fb_statement_t *const fb_board_statements[] = {
    &fb_sql_board_get, &fb_sql_board_list, &fb_sql_board_insert,
    &fb_sql_board_update, &fb_sql_board_refs, &fb_sql_board_in_use,
    &fb_sql_board_lock, &fb_sql_board_lock_change, &fb_sql_board_remove, NULL
};

static const fb_resource_t fb_boards = {
    .get = &fb_sql_board_get,
    .not_found = FB_E_BOARD_NOT_FOUND,
    .shape = FB_LIST_BARE,
    .list = &fb_sql_board_list,
    .rows = &fb_board_rows,
};

static const fb_rule_text_t fb_board_messages[] = {
    BOARD_REFS_TEXTS,
    {"has_posts", "The board has {value} post(s); move or delete them "
     "first."},
    {NULL, NULL}
};

static const fb_manage_t fb_board_manage = {
    .res = &fb_boards, .object = "board", .check = fb_board_check,
    FB_MANAGE_LOCKS(board), .refs = &fb_sql_board_refs,
    .insert = &fb_sql_board_insert, .update = &fb_sql_board_update,
    .in_use = &fb_sql_board_in_use, .remove = &fb_sql_board_remove,
    .messages = fb_board_messages,
};

FB_MANAGE_AUDITS(fb_board, "workspace_settings", "board",
                 "settings.boards_updated", "settings.boards_updated",
                 "settings.boards_updated");
FB_MANAGE_OPS(fb_board, FB_VERSION_CLOVER, &fb_boards, NULL,
              FB_PERM_MANAGE_BOARDS, &fb_board_manage, fb_board_create_rules,
              fb_board_update_rules);

static const fb_route_t fb_board_routes[] = {
    FB_MANAGE_ROUTE_ROWS(fb_board, "/boards"),
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_boards_module = {
    .name = "boards",
    .routes = fb_board_routes,
    .statements = fb_board_statements,
};
