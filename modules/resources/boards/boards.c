/*
 * boards: the containers posts live in.  Read-only in this release.
 */
#include "boards.h"
#include "fb_resource.h"

FB_SQL(board_get, 1,
    "SELECT " BOARD_JSON " FROM boards b WHERE b.org_id = %s AND b.id = %s");

FB_SQL(board_list, 0,
    "SELECT " BOARD_JSON " FROM boards b WHERE b.org_id = %s "
    "ORDER BY b.created_at DESC, b.id DESC");

static const fb_statement_t *const fb_board_statements[] = {
    &fb_sql_board_get, &fb_sql_board_list, NULL
};

static const fb_resource_t fb_boards = {
    .get = &fb_sql_board_get,
    .not_found = FB_E_BOARD_NOT_FOUND,
    .shape = FB_LIST_BARE,
    .list = &fb_sql_board_list,
};

FB_READ_ROUTES(fb_board_routes, "/boards", FB_VERSION_CLOVER, &fb_boards);

const fb_resource_module_t fb_boards_module = {
    "boards", fb_board_routes, fb_board_statements
};
