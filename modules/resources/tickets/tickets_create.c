/*
 * tickets_create: POST /tickets.
 *
 * A create runs in one transaction: the category, status, author (found
 * or made as a contact), assignee, company and custom field checks, the
 * ticket with the organization's next ticket number (fb_next_number: a
 * row lock on the organization's counter, so concurrent creates get
 * distinct numbers and a rolled-back create leaves no gap), and the
 * ticket.created event.  Any error rolls all of it back.
 */
#include <string.h>

#include "apr_strings.h"

#include "fb_id.h"
#include "fb_json.h"
#include "people/people.h"
#include "ticket_files.h"

FB_SQL(ticket_w_category, 1,
    "SELECT id, custom_field_ids::text FROM ticket_categories "
    "WHERE org_id = %s AND id = %s");

/* A conversation of the organization to link (any id text: a lookup).
 * KEY SHARE, the lock the insert's foreign key takes: a delete under way
 * finishes first and the conversation is missing (404), where the
 * insert's check would have failed (500). */
FB_SQL(ticket_w_conversation, 1,
    "SELECT id FROM conversations WHERE org_id = %s AND id = %s "
    "FOR KEY SHARE");

/* The creation time (now when not given) is also the update time. */
FB_SQL_NAMED(ticket_w_insert,
             (category, title, content, content_text, contact, admin, status,
              custom_fields, company, assignee, conversation, created_at),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS category, "
    "  %s::text AS title, %s::text AS content, %s::text AS content_text, "
    "  %s::text AS contact, %s::text AS admin, %s::text AS status, "
    "  %s::jsonb AS custom_fields, %s::text AS company, "
    "  %s::text AS assignee, %s::text AS conversation, "
    "  %s::timestamptz AS created_at) "
    "INSERT INTO tickets (org_id, number, category_id, title, content, "
    "  content_text, author_contact_id, author_admin_id, status_id, "
    "  custom_fields, company_id, assignee_id, linked_conversation_id, "
    "  created_at, updated_at) "
    "SELECT k.org_id, fb_next_number(k.org_id, 'ticket'), k.category, "
    "  k.title, k.content, k.content_text, k.contact, k.admin, k.status, "
    "  k.custom_fields, k.company, k.assignee, k.conversation, "
    "  COALESCE(k.created_at, now()), COALESCE(k.created_at, now()) "
    "FROM k "
    "RETURNING number");

static const fb_statement_t *const fb_ticket_create_statements[] = {
    &fb_sql_ticket_w_category, &fb_sql_ticket_w_conversation,
    &fb_sql_ticket_w_insert, NULL
};

static const fb_field_rule_t fb_ticket_create_rules[] = {
    {.name = "ticketCategoryId", .type = FB_FIELD_ID,
     .flags = FB_FIELD_REQUIRED},
    {.name = "title", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 2, .max = 512},
    {.name = "author", .type = FB_FIELD_OBJECT, .flags = FB_FIELD_REQUIRED,
     .fields = fb_person_rules},
    {.name = "content", .type = FB_FIELD_STRING, .max = 500000},
    {.name = "customFields", .type = FB_FIELD_OBJECT},
    {.name = "companyId", .type = FB_FIELD_ID},
    {.name = "linkedConversationId", .type = FB_FIELD_STRING, .min = 1,
     .max = 32},
    {.name = "assigneeId", .type = FB_FIELD_ID},
    {.name = "statusId", .type = FB_FIELD_ID},
    {.name = "createdAt", .type = FB_FIELD_TIME},
    {.name = "skipNotifications", .type = FB_FIELD_BOOL},
    {.name = NULL}
};

/* d->conversation_id: the body's linkedConversationId, one of the
 * organization's conversations (404 otherwise, another organization's
 * included); NULL when not given. */
static fb_error_t *fb_ticket_conversation(fb_req_t *fr,
                                          fb_ticket_draft_t *d)
{
    const char *given = fb_json_string(fr->body, "linkedConversationId");
    fb_error_t *err;

    if (given == NULL) {
        return NULL;
    }
    err = fb_resource_lookup(fr, &fb_sql_ticket_w_conversation, given,
                             &d->conversation_id);
    if (err == NULL && d->conversation_id == NULL) {
        err = fb_error_make(fr->pool, FB_E_RESOURCE_NOT_FOUND,
                            "linkedConversationId",
                            "Conversation not found.");
    }
    return err;
}

/* The checks and lookups before the insert, in the transaction. */
static fb_error_t *fb_ticket_gather(fb_req_t *fr, void *draft)
{
    fb_ticket_draft_t *d = draft;
    fb_rows_t rows;
    fb_error_t *err;

    err = fb_req_select(fr, &fb_sql_ticket_w_category,
                        FB_ARGS(fb_id_normalize(fr->pool, fb_json_string(
                            fr->body, "ticketCategoryId"))), &rows);
    if (err != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, FB_E_RESOURCE_NOT_FOUND,
                             "ticketCategoryId",
                             "Ticket category not found.");
    }
    d->category_id = fb_rows_get(&rows, 0, 0);
    d->category_fields = fb_rows_get(&rows, 0, 1);
    if ((err = fb_ticket_status(fr, d, 1)) != NULL
        || (err = fb_person_resolve(fr, json_object_object_get(fr->body,
                                                               "author"),
                                    "author", 1, &d->contact_id,
                                    &d->admin_id)) != NULL
        || (err = fb_ticket_people(fr, d)) != NULL) {
        return err;
    }
    if ((err = fb_ticket_custom_fields(fr, d, NULL)) != NULL) {
        return err;
    }
    return fb_ticket_conversation(fr, d);
}

/* POST /tickets */
static fb_error_t *fb_ticket_create_files(fb_req_t *fr)
{
    const char *created_at = fb_body_time(fr, "createdAt");
    const char *number, *json;
    fb_ticket_draft_t d;
    fb_rows_t row;
    fb_write_t w;
    fb_error_t *err;

    memset(&d, 0, sizeof(d));
    /* Content and files first: images and files are stored before the
     * transaction. */
    if ((err = fb_body_html(fr, "content", &d.html, &d.text)) != NULL
        || (err = fb_ticket_files_prepare(fr, &d.files)) != NULL) {
        return err;
    }
    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_ticket_gather, &d);
    fb_write_select(&w, FB_CALL(ticket_w_insert,
                                .category = d.category_id,
                                .title = fb_json_string(fr->body, "title"),
                                .content = d.html ? d.html : "",
                                .content_text = d.text ? d.text : "",
                                .contact = d.contact_id,
                                .admin = d.admin_id,
                                .status = d.status_id,
                                .custom_fields = d.custom_fields,
                                .company = d.company_id,
                                .assignee = d.assignee_id,
                                .conversation = d.conversation_id,
                                .created_at = created_at),
                    &row);
    number = fb_rows_get(&row, 0, 0);
    fb_ticket_write_render(&w, number, &json);
    fb_write_event(&w, "ticket.created", json, NULL);
    return fb_write_respond(&w, HTTP_CREATED, fb_ticket_present(fr, json));
}

/* The files a refused create stored go at once. */
static fb_error_t *fb_ticket_create(fb_req_t *fr)
{
    fb_error_t *err = fb_ticket_create_files(fr);

    if (err != NULL) {
        fb_ticket_files_drop(fr);
    }
    return err;
}

static const fb_op_t fb_ticket_create_op = {
    .handler = fb_ticket_create,
    .flags = FB_OP_BODY | FB_OP_WRITE | FB_OP_UPLOAD,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_NONE,
    .body = fb_ticket_create_rules,
    .data = &fb_ticket_upload,
    .audit = FB_AUDIT_MADE("ticket.created", "support", "ticket"),
};

static const fb_route_t fb_ticket_create_routes[] = {
    {"POST", "/tickets", &fb_ticket_create_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_ticket_create_module = {
    .name = "ticket create",
    .routes = fb_ticket_create_routes,
    .statements = fb_ticket_create_statements,
};
