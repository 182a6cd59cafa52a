/*
 * ticket_statuses: the workflow stages of tickets, rendered and written
 * as post statuses are (fb_manage.h, posts.h): one is the default at a
 * time, and the tickets of a deleted status move to the default, each
 * with its ticket.updated event.
 */
#include "fb_manage.h"
#include "posts/posts.h"
#include "tickets.h"

FB_SQL(ticket_status_get, 1,
    "SELECT " POST_STATUS_CELLS " FROM ticket_statuses s "
    "WHERE s.org_id = %s AND s.id = %s");

FB_SQL(ticket_status_list, 0,
    "SELECT " POST_STATUS_CELLS " FROM ticket_statuses s "
    "WHERE s.org_id = %s ORDER BY s.created_at DESC, s.id DESC");

FB_SQL(ticket_status_insert, 1, POST_STATUS_INSERT_SQL("ticket_statuses"));

FB_SQL_WITH(ticket_status_update, manage,
    POST_STATUS_UPDATE_SQL("ticket_statuses"));

FB_MANAGE_ONE_DEFAULT(ticket_status, "ticket_statuses");

/* The tickets of (org, id) move to the default status; each row is the
 * ticket as it now is (tickets.h), then the status it had and the
 * default (POST_STATUS_CELLS each), as the posts' move. */
FB_SQL(ticket_status_move, 1,
    "WITH a AS NOT MATERIALIZED (SELECT %s::text AS org_id, "
    "  %s::text AS id), "
    "old AS (SELECT s.* FROM ticket_statuses s, a "
    "  WHERE s.org_id = a.org_id AND s.id = a.id), "
    "d AS (SELECT s.* FROM ticket_statuses s, a "
    "  WHERE s.org_id = a.org_id AND s.is_default), "
    "moved AS (UPDATE tickets x SET status_id = d.id, updated_at = now() "
    "  FROM a, d WHERE x.org_id = a.org_id AND x.status_id = a.id "
    "  RETURNING x.*) "
    "SELECT " TICKET_SELECT(POST_STATUS_CELLS_OF("was") ", "
                            POST_STATUS_CELLS_OF("now"))
    " FROM " TICKET_FROM("moved") ", old was, d now "
    "ORDER BY t.created_at, t.id");

FB_MANAGE_SERIALIZE(ticket_status);

FB_MANAGE_SQL(ticket_status, "ticket_statuses");

static const fb_statement_t *const fb_ticket_status_statements[] = {
    &fb_sql_ticket_status_get, &fb_sql_ticket_status_list,
    &fb_sql_ticket_status_insert, &fb_sql_ticket_status_update,
    &fb_sql_ticket_status_conflicts, &fb_sql_ticket_status_demote,
    &fb_sql_ticket_status_in_use, &fb_sql_ticket_status_move,
    &fb_sql_ticket_status_lock, &fb_sql_ticket_status_lock_change,
    &fb_sql_ticket_status_serialize,
    &fb_sql_ticket_status_remove, NULL
};

static const fb_resource_t fb_ticket_statuses = {
    .get = &fb_sql_ticket_status_get,
    .not_found = FB_E_RESOURCE_NOT_FOUND,
    .shape = FB_LIST_BARE,       /* as boards and post statuses */
    .list = &fb_sql_ticket_status_list,
    .rows = &fb_post_status_rows,
};

/* Moves the tickets of the status being deleted (ctx: its id) to the
 * default, recording ticket.updated for each. */
static fb_error_t *fb_ticket_status_move(fb_req_t *fr, void *ctx)
{
    static const fb_manage_move_t ticket = {
        .render = fb_ticket_json, .field = "status",
        .value = fb_post_status_members, .old_col = TICKET_NCOLS,
        .new_col = TICKET_NCOLS + POST_STATUS_NCELLS
    };

    return fb_manage_move(fr, &fb_sql_ticket_status_move, FB_ARGS(ctx),
                          "ticket.updated", &ticket);
}

static const fb_rule_text_t fb_ticket_status_messages[] = {
    FB_MANAGE_ONE_DEFAULT_TEXTS("status"),
    {NULL, NULL}
};

static const fb_manage_t fb_ticket_status_manage = {
    .serialize = &fb_sql_ticket_status_serialize,
    .res = &fb_ticket_statuses, .object = "post_status",
    FB_MANAGE_LOCKS(ticket_status),
    .conflicts = &fb_sql_ticket_status_conflicts,
    .before = &fb_sql_ticket_status_demote,
    .insert = &fb_sql_ticket_status_insert,
    .update = &fb_sql_ticket_status_update,
    .in_use = &fb_sql_ticket_status_in_use,
    .before_remove = fb_ticket_status_move,
    .remove = &fb_sql_ticket_status_remove, .messages = fb_ticket_status_messages,
};

FB_MANAGE_AUDITS(fb_ticket_status, "workspace_settings", "ticket_status",
                 "ticket_status.created", "ticket_status.updated",
                 "ticket_status.deleted");
FB_MANAGE_OPS(fb_ticket_status, FB_VERSION_CLOVER, &fb_ticket_statuses, NULL,
              FB_PERM_MANAGE_STATUSES, &fb_ticket_status_manage,
              fb_post_status_create_rules, fb_post_status_update_rules);

static const fb_route_t fb_ticket_status_routes[] = {
    FB_MANAGE_ROUTE_ROWS(fb_ticket_status, "/tickets/statuses"),
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_ticket_statuses_module = {
    .name = "ticket_statuses",
    .routes = fb_ticket_status_routes,
    .statements = fb_ticket_status_statements,
};
