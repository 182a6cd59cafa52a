/*
 * tickets: reading tickets: one by its number, and the list with its
 * filters (categories, statuses, kind, assignee, text search) and sorts
 * (creation, last change, number).  Writes are in tickets_create.c,
 * tickets_update.c and tickets_reply.c.
 *
 * As posts do, the statements first pick the rows (a CTE named page,
 * filtered and ordered on indexed keys) and then join what their columns
 * read (TICKET_FROM); ticket_render.c writes them.
 */
#include <string.h>

#include "apr_strings.h"

#include "fb_id.h"
#include "ticket_files.h"

/*
 * A page's arguments, each bound once and named in k: the organization,
 * the cursor's key and id (FB_LIST_PARAMS), and the list filters,
 * category ids, status ids, search text, assignee and category kind,
 * NULL meaning no filter; then comes the limit.  k is a FROM-less select, which PostgreSQL pulls up into the query: to
 * the planner k.x is the parameter itself, and a filter left NULL is
 * planned away.
 */
FB_LIST_PARAMS(ticket_list, (categories, statuses, q, assignee, kind));

#define TICKET_ARGS \
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS after_key, " \
    "  %s::text AS after_id, %s::text[] AS categories, " \
    "  %s::text[] AS statuses, %s::text AS q, %s::text AS assignee, " \
    "  %s::text AS kind) "

#define TICKET_FILTERS \
    "AND (k.categories IS NULL OR t.category_id = ANY (k.categories)) " \
    "AND (k.statuses IS NULL OR t.status_id = ANY (k.statuses)) " \
    "AND (k.q IS NULL " \
    "     OR t.search @@ websearch_to_tsquery('english', k.q)) " \
    "AND (k.assignee IS NULL OR t.assignee_id = k.assignee) " \
    "AND (k.kind IS NULL OR t.category_id IN (" \
    "  SELECT b.id FROM ticket_categories b " \
    "  WHERE b.org_id = k.org_id AND b.category_type = k.kind)) "

#define TICKET_PAGE(after, order, key) \
    TICKET_ARGS ", page AS (SELECT t.* FROM tickets t, k " \
    "WHERE t.org_id = k.org_id " \
    TICKET_FILTERS after " ORDER BY " order " LIMIT %d) " \
    "SELECT " TICKET_SELECT(key) " FROM " TICKET_FROM("page") \
    "ORDER BY " order

/* The four statements of an order on col (its cursor key is key, read
 * back from k.after_key by key_in). */
#define TICKET_SORT(name, col, key, key_in) \
    FB_SQL_WITH(ticket_list_##name##_desc, ticket_list, \
                TICKET_PAGE("", col " DESC, t.id DESC", key)); \
    FB_SQL_WITH(ticket_list_##name##_desc_after, ticket_list, \
                TICKET_PAGE("AND (" col ", t.id) < (" key_in \
                            ", k.after_id)", col " DESC, t.id DESC", key)); \
    FB_SQL_WITH(ticket_list_##name##_asc, ticket_list, \
                TICKET_PAGE("", col " ASC, t.id ASC", key)); \
    FB_SQL_WITH(ticket_list_##name##_asc_after, ticket_list, \
                TICKET_PAGE("AND (" col ", t.id) > (" key_in \
                            ", k.after_id)", col " ASC, t.id ASC", key))

TICKET_SORT(date, "t.created_at", "fb_ts_key(t.created_at)",
            "fb_ts_from_key(k.after_key)");
TICKET_SORT(recent, "t.updated_at", "fb_ts_key(t.updated_at)",
            "fb_ts_from_key(k.after_key)");
TICKET_SORT(number, "t.number", "t.number::text", "k.after_key::bigint");

/* (number): its parts are read after, from its linked conversation. */
FB_SQL(ticket_get, 1,
    "SELECT " TICKET_SELECT("NULL") " FROM " TICKET_FROM("tickets")
    "WHERE t.org_id = %s AND t.number = %s::bigint");

/* The ticket's (number) linked conversation, locked (of customer
 * tickets only when customer_only); the ticket is not. */
FB_SQL_NAMED(ticket_conversation_first, (number, customer_only),
    "WITH k AS (SELECT %s::text AS org_id, %s::bigint AS number, "
    "  %s::boolean AS customer_only) "
    "SELECT cv.id FROM k, tickets t JOIN conversations cv "
    "  ON cv.org_id = t.org_id AND cv.id = t.linked_conversation_id "
    "WHERE t.org_id = k.org_id AND t.number = k.number "
    "AND (NOT k.customer_only OR " TICKET_KIND " = 'customer') "
    "FOR UPDATE OF cv");

#define TICKET_SQL(name) \
    &fb_sql_ticket_list_##name##_desc, \
    &fb_sql_ticket_list_##name##_desc_after, \
    &fb_sql_ticket_list_##name##_asc, &fb_sql_ticket_list_##name##_asc_after

static const fb_statement_t *const fb_ticket_statements[] = {
    &fb_sql_ticket_get, &fb_sql_ticket_conversation_first, TICKET_SQL(date),
    TICKET_SQL(recent), TICKET_SQL(number), NULL
};

/* The order by sortBy and sortOrder of the statements ticket_list_name_d
 * and ticket_list_name_d_after. */
#define TICKET_ORDER(by, d, name) \
    {.sort = by, .dir = #d, \
     .order = {.first = &fb_sql_ticket_list_##name##_##d, \
               .after = &fb_sql_ticket_list_##name##_##d##_after, \
               .cursor_sort = "tickets." by "." #d, \
               .key_valid = fb_key_integer}}

static const fb_list_choice_t fb_ticket_orders[] = {
    TICKET_ORDER("date", desc, date),
    TICKET_ORDER("date", asc, date),
    TICKET_ORDER("recent", desc, recent),
    TICKET_ORDER("recent", asc, recent),
    TICKET_ORDER("ticketNumber", desc, number),
    TICKET_ORDER("ticketNumber", asc, number),
    {.sort = NULL}
};

/* sortBy values. */
static const char *const fb_ticket_sorts[] = {"date", "recent",
                                              "ticketNumber", NULL};

static const char *const fb_ticket_kinds[] = {"customer", "tracker",
                                              "back-office", NULL};

static const fb_query_rule_t fb_ticket_list_rules[] = {
    FB_QUERY_RULES_PAGE,
    {.name = "ticketCategoryIds", .type = FB_Q_LIST, .min = 1, .max = 64,
     .format = &fb_format_object_id},
    {.name = "statusIds", .type = FB_Q_LIST, .min = 1, .max = 64,
     .format = &fb_format_object_id},
    {.name = "q", .type = FB_Q_STRING, .min = 1, .max = 255},
    {.name = "assigneeId", .type = FB_Q_STRING, .min = 1, .max = 64,
     .format = &fb_format_object_id},
    {.name = "categoryType", .type = FB_Q_ENUM, .choices = fb_ticket_kinds},
    {.name = "sortBy", .type = FB_Q_ENUM, .choices = fb_ticket_sorts,
     .dflt = "date"},
    {.name = "sortOrder", .type = FB_Q_ENUM, .choices = fb_sort_orders,
     .dflt = "desc"},
    {.name = NULL}
};

static fb_error_t *fb_ticket_list(fb_req_t *fr)
{
    const char *sort = fb_query_value(&fr->query, fr->op->query, "sortBy");
    const char *dir = fb_query_value(&fr->query, fr->op->query,
                                     "sortOrder");
    const char *q = fb_query_get(&fr->query, "q");
    const char *kind = fb_query_get(&fr->query, "categoryType");
    const char *assignee = fb_query_get(&fr->query, "assigneeId");
    const char *cats, *statuses;
    const fb_list_order_t *order;
    fb_error_t *err;

    if (q != NULL && (err = fb_req_expensive(fr)) != NULL) {
        return err;
    }
    order = fb_list_choose(fb_ticket_orders, sort, dir);
    if (order == NULL) {        /* the rules let no other through */
        return fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
    }
    if (assignee != NULL
        && (assignee = fb_id_normalize(fr->pool, assignee)) == NULL) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, "assigneeId",
                             "'assigneeId' must be a 24-character "
                             "hexadecimal id.");
    }
    if ((err = fb_resource_id_filter(fr, "ticketCategoryIds", &cats))
           != NULL
        || (err = fb_resource_id_filter(fr, "statusIds", &statuses))
           != NULL) {
        return err;
    }
    return fb_list_respond_rows(
        fr, order,
        FB_NAMED(ticket_list, .categories = cats, .statuses = statuses,
                 .q = q, .assignee = assignee, .kind = kind),
        &fb_ticket_rows);
}

/* Renders ticket number without its parts in *json, when json is not
 * NULL, and with them in *full, when full is not NULL: one read of the
 * ticket, and of its parts for full.  Both NULL when the organization
 * has no such ticket. */
static fb_error_t *fb_ticket_render_as(fb_req_t *fr, const char *number,
                                       const char **json, const char **full)
{
    const char *conversation;
    fb_rows_t rows, parts;
    fb_error_t *err;

    if (json != NULL) {
        *json = NULL;
    }
    if (full != NULL) {
        *full = NULL;
    }
    if ((err = fb_req_select(fr, &fb_sql_ticket_get, FB_ARGS(number),
                             &rows)) != NULL
        || rows.nrows == 0) {
        return err;
    }
    conversation = fb_rows_get(&rows, 0, TICKET_COL_CONVERSATION_ID);
    if (full != NULL
        && fb_conversation_parts(fr->db, fr->pool, fr->principal.org_id,
                                 conversation,
                                 conversation != NULL
                                 ? FB_CONVERSATION_MESSAGES
                                 : FB_CONVERSATION_NO_PARTS,
                                 &parts) != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    if ((json != NULL
         && (*json = fb_ticket_json_parts(fr, rows.cells, NULL)) == NULL)
        || (full != NULL
            && (*full = fb_ticket_json_parts(fr, rows.cells, &parts))
               == NULL)) {
        return fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
    }
    return NULL;
}

fb_error_t *fb_ticket_render(fb_req_t *fr, const char *number,
                             int with_parts, const char **json)
{
    return with_parts ? fb_ticket_render_as(fr, number, NULL, json)
                      : fb_ticket_render_as(fr, number, json, NULL);
}

fb_error_t *fb_ticket_conversation_first(fb_req_t *fr, const char *number,
                                         int customer_only)
{
    fb_rows_t rows;

    return fb_req_select(fr, FB_CALL(ticket_conversation_first,
                                     .number = number,
                                     .customer_only = fb_bool_text(
                                         customer_only)),
                         &rows);
}

/* What GET /tickets/{id} answers for full, the ticket with its parts
 * (fb_ticket_get, and a PATCH's current representation). */
static const char *fb_ticket_got(fb_req_t *fr, const char *full)
{
    return fb_ticket_present(fr, full);
}

/* The write renders of ticket number: without its parts in *json, and
 * when current, with them as the request's current representation. */
static void fb_ticket_write_render_as(fb_write_t *w, const char *number,
                                      const char **json, int current)
{
    const char *full = NULL;

    *json = NULL;
    if (fb_write_ok(w)) {
        fb_write_fail(w, fb_ticket_render_as(w->fr, number, json,
                                             current ? &full : NULL));
    }
    if (fb_write_ok(w) && *json == NULL) {
        fb_write_fail(w, fb_req_db_failed(w->fr));
    }
    if (fb_write_ok(w) && current) {
        w->fr->current = fb_ticket_got(w->fr, full);
    }
}

void fb_ticket_write_render(fb_write_t *w, const char *number,
                            const char **json)
{
    fb_ticket_write_render_as(w, number, json, 0);
}

void fb_ticket_write_render_current(fb_write_t *w, const char *number,
                                    const char **json)
{
    fb_ticket_write_render_as(w, number, json, 1);
}

static fb_error_t *fb_ticket_get(fb_req_t *fr)
{
    const char *number, *json;
    fb_error_t *err;

    if ((err = fb_ticket_number(fr, &number)) != NULL
        || (err = fb_ticket_render(fr, number, 1, &json)) != NULL) {
        return err;
    }
    if (json == NULL) {
        return fb_error_make(fr->pool, FB_E_RESOURCE_NOT_FOUND, "id",
                             "No ticket has this number.");
    }
    fb_respond(fr, HTTP_OK, fb_ticket_got(fr, json));
    return NULL;
}

static const fb_op_t fb_ticket_list_op =
    FB_OP_READ(fb_ticket_list, FB_VERSION_CLOVER, NULL,
               fb_ticket_list_rules);
static const fb_op_t fb_ticket_get_op = {
    .handler = fb_ticket_get,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_NONE,
    .path = fb_ticket_path,
};

static const fb_route_t fb_ticket_routes[] = {
    {"GET", "/tickets", &fb_ticket_list_op},
    {"GET", "/tickets/{id}", &fb_ticket_get_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_tickets_module = {
    .name = "tickets",
    .routes = fb_ticket_routes,
    .statements = fb_ticket_statements,
};
