/*
 * tickets_update: PATCH /tickets/{id} and DELETE /tickets/{id}, the id
 * being the ticket number.
 *
 * Both lock the ticket's row, render it as it was, write, and record the
 * event (ticket.updated with the fields that changed, or ticket.deleted
 * with the ticket as it was) on the same transaction; a customer
 * ticket's delete takes its linked conversation along, whose lock it
 * takes first (tickets.h, fb_ticket_conversation_first).
 *
 * Open, closed, snoozed (api.md "States and transitions"): open:false
 * closes and unsnoozes, leaving statusId alone; open:true reopens;
 * snoozedUntil (a future time) snoozes an open ticket, null unsnoozes.
 */
#include <string.h>

#include "apr_strings.h"

#include "fb_changes.h"
#include "fb_json.h"
#include "fb_time.h"
#include "conversations/conversations.h"
#include "ticket_files.h"

FB_SQL(ticket_u_lock, 1,
    "SELECT t.id, t.open, t.custom_fields::text, "
    "  (SELECT b.custom_field_ids::text FROM ticket_categories b "
    "   WHERE b.org_id = t.org_id AND b.id = t.category_id), "
    "  t.linked_conversation_id, " TICKET_KIND " "
    "FROM tickets t WHERE t.org_id = %s AND t.number = %s::bigint "
    "FOR UPDATE OF t");

/* NULL leaves a column as it is, except where a flag says that the
 * value (NULL included) is to be set. */
FB_SQL_NAMED(ticket_u_update,
             (id, title, content, content_text, status, custom_fields, open,
              assignee_given, assignee, company_given, company,
              snoozed_given, snoozed_until),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::text AS title, %s::text AS content, %s::text AS content_text, "
    "  %s::text AS status, %s::jsonb AS custom_fields, "
    "  %s::boolean AS open, %s::boolean AS assignee_given, "
    "  %s::text AS assignee, %s::boolean AS company_given, "
    "  %s::text AS company, %s::boolean AS snoozed_given, "
    "  %s::timestamptz AS snoozed_until) "
    "UPDATE tickets t SET "
    "  title = COALESCE(k.title, t.title), "
    "  content = COALESCE(k.content, t.content), "
    "  content_text = COALESCE(k.content_text, t.content_text), "
    "  status_id = COALESCE(k.status, t.status_id), "
    "  custom_fields = COALESCE(k.custom_fields, t.custom_fields), "
    "  open = COALESCE(k.open, t.open), "
    "  assignee_id = CASE WHEN k.assignee_given THEN k.assignee "
    "                ELSE t.assignee_id END, "
    "  company_id = CASE WHEN k.company_given THEN k.company "
    "               ELSE t.company_id END, "
    "  snoozed_until = CASE WHEN k.snoozed_given THEN k.snoozed_until "
    "                  ELSE t.snoozed_until END, "
    "  updated_at = now() "
    "FROM k WHERE t.org_id = k.org_id AND t.id = k.id");

FB_SQL(ticket_u_delete, 1,
    "DELETE FROM tickets WHERE org_id = %s AND id = %s");

/* A customer ticket's conversation goes with it: its parts cascade, and
 * other tickets linked to it are unlinked (sql/024). */
FB_SQL(ticket_u_delete_conversation, 1,
    "DELETE FROM conversations WHERE org_id = %s AND id = %s");

static const fb_statement_t *const fb_ticket_update_statements[] = {
    &fb_sql_ticket_u_lock, &fb_sql_ticket_u_update, &fb_sql_ticket_u_delete,
    &fb_sql_ticket_u_delete_conversation, NULL
};

static const fb_field_rule_t fb_ticket_update_rules[] = {
    {.name = "title", .type = FB_FIELD_STRING, .min = 2, .max = 512},
    {.name = "content", .type = FB_FIELD_STRING, .max = 500000},
    {.name = "statusId", .type = FB_FIELD_ID},
    {.name = "open", .type = FB_FIELD_BOOL},
    {.name = "assigneeId", .type = FB_FIELD_ID,
     .flags = FB_FIELD_NULL_CLEARS},
    {.name = "companyId", .type = FB_FIELD_ID,
     .flags = FB_FIELD_NULL_CLEARS},
    {.name = "customFields", .type = FB_FIELD_OBJECT},
    {.name = "snoozedUntil", .type = FB_FIELD_TIME,
     .flags = FB_FIELD_NULL_CLEARS},
    {.name = "skipNotifications", .type = FB_FIELD_BOOL},
    {.name = NULL}
};

/* A PATCH or DELETE under way: the ticket as it was, locked, and what
 * the body changes. */
typedef struct {
    const char *number;
    const char *id;
    int open;                       /* as it was */
    const char *custom_fields;      /* as they were */
    const char *conversation;       /* the linked one, or NULL */
    int customer;                   /* a customer ticket */
    const char *conversation_json;  /* DELETE: the one deleted with it */
    const char *json;               /* the ticket before the write */
    const char *after;              /* PATCH: and after it */
    fb_ticket_draft_t d;            /* PATCH: the changes gathered */
} fb_ticket_change_t;

/* Locks ticket c->number and renders it as it was. */
static fb_error_t *fb_ticket_lock(fb_req_t *fr, void *change)
{
    fb_ticket_change_t *c = change;
    fb_rows_t rows;
    fb_error_t *err;

    if ((err = fb_req_select(fr, &fb_sql_ticket_u_lock, FB_ARGS(c->number),
                             &rows)) != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, FB_E_RESOURCE_NOT_FOUND, "id",
                             "No ticket has this number.");
    }
    c->id = fb_rows_get(&rows, 0, 0);
    c->open = strcmp(fb_rows_get(&rows, 0, 1), "t") == 0;
    c->custom_fields = fb_rows_get(&rows, 0, 2);
    c->d.category_fields = fb_rows_get(&rows, 0, 3);
    c->conversation = fb_rows_get(&rows, 0, 4);
    c->customer = strcmp(fb_rows_get(&rows, 0, 5), "customer") == 0;
    return fb_ticket_render(fr, c->number, 0, &c->json);
}

/*
 * The open and snooze rules: a snooze needs a future time and a ticket
 * that stays open (closing unsnoozes, so a body cannot do both).
 */
static fb_error_t *fb_ticket_snooze_rules(fb_req_t *fr, void *change)
{
    const fb_ticket_change_t *c = change;
    json_object *open_v = json_object_object_get(fr->body, "open");
    const char *until = fb_body_time(fr, "snoozedUntil");
    int open = open_v ? json_object_get_boolean(open_v) : c->open;
    apr_time_t t;

    if (until == NULL) {
        return NULL;
    }
    if (!open) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                             "snoozedUntil", "A closed ticket cannot be "
                             "snoozed; closing a ticket unsnoozes it.");
    }
    if (fb_time_parse(until, &t) != APR_SUCCESS || t <= apr_time_now()) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                             "snoozedUntil", "'snoozedUntil' must be in "
                             "the future.");
    }
    return NULL;
}

/* The checks and lookups of a PATCH, in the transaction: each of
 * status, assignee, company and custom fields that the body gives. */
static fb_error_t *fb_ticket_gather_changes(fb_req_t *fr, void *change)
{
    fb_ticket_change_t *c = change;
    fb_error_t *err;

    if ((err = fb_ticket_snooze_rules(fr, c)) != NULL
        || (err = fb_ticket_status(fr, &c->d, 0)) != NULL
        || (err = fb_ticket_people(fr, &c->d)) != NULL
        || (json_object_object_get(fr->body, "customFields") != NULL
            && (err = fb_ticket_custom_fields(fr, &c->d, c->custom_fields))
               != NULL)) {
        return err;
    }
    return NULL;
}

/* PATCH /tickets/{id} */
static fb_error_t *fb_ticket_update_files(fb_req_t *fr)
{
    json_object *body = fr->body;
    json_object *open_v = json_object_object_get(body, "open");
    int closing = open_v != NULL && !json_object_get_boolean(open_v);
    fb_ticket_change_t c;
    const char *changes;
    fb_write_t w;
    fb_error_t *err;
    int n = 0;

    memset(&c, 0, sizeof(c));
    /* Content first: its images are stored before the transaction. */
    if ((err = fb_ticket_number(fr, &c.number)) != NULL
        || (err = fb_body_html(fr, "content", &c.d.html, &c.d.text))
           != NULL
        || (err = fb_ticket_files_prepare(fr, &c.d.files)) != NULL) {
        return err;
    }
    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_ticket_lock, &c);
    fb_write_step(&w, fb_ticket_gather_changes, &c);
    fb_write_exec(&w, FB_CALL(ticket_u_update, .id = c.id,
                              .title = fb_json_string(body, "title"),
                              .content = c.d.html,
                              .content_text = c.d.text,
                              .status = c.d.status_id,
                              .custom_fields = c.d.custom_fields,
                              .open = open_v ? fb_bool_text(!closing) : NULL,
                              .assignee_given = fb_bool_text(
                                  json_object_object_get_ex(
                                      body, "assigneeId", NULL)),
                              .assignee = c.d.assignee_id,
                              .company_given = fb_bool_text(
                                  json_object_object_get_ex(
                                      body, "companyId", NULL)),
                              .company = c.d.company_id,
                              /* Closing unsnoozes. */
                              .snoozed_given = fb_bool_text(
                                  closing || json_object_object_get_ex(
                                      body, "snoozedUntil", NULL)),
                              .snoozed_until = closing
                                  ? NULL
                                  : fb_body_time(fr, "snoozedUntil")));
    fb_ticket_write_render_current(&w, c.number, &c.after);
    changes = fb_write_ok(&w) ? fb_changes_diff(fr->pool, c.json, c.after,
                                                &n)
                              : NULL;
    if (n > 0) {
        fb_write_event(&w, "ticket.updated", c.after, changes);
    }
    return fb_write_respond(&w, HTTP_OK, fb_ticket_present(fr, c.after));
}

/* The files a refused update stored go at once. */
static fb_error_t *fb_ticket_update(fb_req_t *fr)
{
    fb_error_t *err = fb_ticket_update_files(fr);

    if (err != NULL) {
        fb_ticket_files_drop(fr);
    }
    return err;
}

/* A customer ticket's conversation, locked before the ticket is
 * (fb_ticket_conversation_first). */
static fb_error_t *fb_ticket_delete_order(fb_req_t *fr, void *change)
{
    const fb_ticket_change_t *c = change;

    return fb_ticket_conversation_first(fr, c->number, 1);
}

/* The conversation a customer ticket takes with it, locked (a reply
 * under way finishes first; held already unless the ticket was made
 * after fb_ticket_delete_order looked) and rendered as it was. */
static fb_error_t *fb_ticket_conversation_lock(fb_req_t *fr, void *change)
{
    fb_ticket_change_t *c = change;
    const char *id;
    fb_error_t *err;

    if (c->conversation == NULL || !c->customer) {
        return NULL;
    }
    if ((err = fb_conversation_find(fr, c->conversation, "id", 1, &id))
        != NULL) {
        return err;
    }
    if (fb_conversation_render(fr->db, fr->pool, fr->principal.org_id, id,
                               FB_CONVERSATION_NO_PARTS,
                               &c->conversation_json) != APR_SUCCESS
        || c->conversation_json == NULL) {
        return fb_req_db_failed(fr);
    }
    return NULL;
}

/*
 * DELETE /tickets/{id}.  A customer ticket's linked conversation is
 * deleted too (conversation.deleted); a tracker or back-office ticket's
 * is unlinked (the row that linked it goes) and kept.
 */
static fb_error_t *fb_ticket_delete(fb_req_t *fr)
{
    fb_ticket_change_t c;
    fb_write_t w;
    fb_error_t *err;

    memset(&c, 0, sizeof(c));
    if ((err = fb_ticket_number(fr, &c.number)) != NULL) {
        return err;
    }
    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_ticket_delete_order, &c);
    fb_write_step(&w, fb_ticket_lock, &c);
    fb_write_step(&w, fb_ticket_conversation_lock, &c);
    fb_write_exec(&w, &fb_sql_ticket_u_delete, FB_ARGS(c.id));
    fb_write_event(&w, "ticket.deleted", c.json, NULL);
    if (c.conversation_json != NULL) {
        fb_write_exec(&w, &fb_sql_ticket_u_delete_conversation,
                      FB_ARGS(c.conversation));
        fb_write_event(&w, "conversation.deleted", c.conversation_json,
                       NULL);
    }
    return fb_write_respond(&w, HTTP_OK,
                            fb_resource_deleted(fr->pool, c.id, "ticket"));
}

static const fb_op_t fb_ticket_update_op = {
    .handler = fb_ticket_update,
    .flags = FB_OP_BODY | FB_OP_WRITE | FB_OP_UPLOAD,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_NONE,
    .body = fb_ticket_update_rules,
    .data = &fb_ticket_upload,
    .audit = FB_AUDIT_OF("ticket.updated", "support", "ticket"),
    .path = fb_ticket_path,
};

static const fb_op_t fb_ticket_delete_op = {
    .handler = fb_ticket_delete,
    .flags = FB_OP_WRITE,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_NONE,
    .audit = FB_AUDIT_OF("ticket.deleted", "support", "ticket"),
    .path = fb_ticket_path,
};

static const fb_route_t fb_ticket_update_routes[] = {
    {"PATCH", "/tickets/{id}", &fb_ticket_update_op},
    {"DELETE", "/tickets/{id}", &fb_ticket_delete_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_ticket_update_module = {
    .name = "ticket update",
    .routes = fb_ticket_update_routes,
    .statements = fb_ticket_update_statements,
};
