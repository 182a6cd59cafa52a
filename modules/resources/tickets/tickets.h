/*
 * tickets.h: what the ticket files share: the JSON of a category and of
 * a ticket as SQL.
 */
#ifndef TICKETS_H
#define TICKETS_H

#include "boards/boards.h"
#include "fb_resource.h"

/* A category over a row b of ticket_categories: a board, and its kind. */
#define TICKET_CATEGORY_JSON \
    "json_build_object('object', 'board', " BOARD_JSON_FIELDS ", " \
    "'supportBoard', true, 'supportBoardType', b.category_type)"

#endif
