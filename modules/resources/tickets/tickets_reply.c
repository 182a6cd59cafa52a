/*
 * tickets_reply: POST /tickets/{id}/reply, the id a ticket number.
 *
 * A reply is a part of the ticket's linked conversation (a ticket
 * without one is 400 invalid_request, as the reference says): a
 * contact's message (by contactId, else contactEmail), an admin's
 * message or note.  One transaction: the conversation (row lock), the
 * ticket (key share lock: a delete waits), the part through the domain
 * (which keeps waiting times, participants and receipts with it), a
 * contact's reply opening a closed or snoozed conversation, and the
 * conversation's events, as POST /conversations/{id}/reply.  Answers
 * the ticket with its conversationParts.
 */
#include <string.h>

#include "apr_strings.h"

#include "conversations/conversations.h"
#include "fb_id.h"
#include "fb_json.h"
#include "ticket_files.h"

/* KEY SHARE, taken after the conversation's lock (tickets.h,
 * fb_ticket_conversation_first): a ticket delete waits, while a
 * conversation's delete (its foreign key unlinking the ticket) does
 * not. */
FB_SQL(ticket_r_ticket, 1,
    "SELECT linked_conversation_id FROM tickets "
    "WHERE org_id = %s AND number = %s::bigint FOR KEY SHARE");

FB_SQL(ticket_r_conversation, 1,
    "SELECT channel, state, disable_customer_reply FROM conversations "
    "WHERE org_id = %s AND id = %s FOR UPDATE");

FB_SQL(ticket_r_contact_id, 1,
    "SELECT id, is_blocked FROM contacts WHERE org_id = %s AND id = %s");

/* Customers before leads, then the oldest (emails are not unique). */
FB_SQL(ticket_r_contact_email, 1,
    "SELECT id, is_blocked FROM contacts "
    "WHERE org_id = %s AND lower(email) = lower(%s) "
    "ORDER BY type <> 'customer', created_at, id LIMIT 1");

static const fb_statement_t *const fb_ticket_reply_statements[] = {
    &fb_sql_ticket_r_ticket, &fb_sql_ticket_r_conversation,
    &fb_sql_ticket_r_contact_id, &fb_sql_ticket_r_contact_email, NULL
};

static const char *const fb_ticket_reply_authors[] = {"contact", "admin",
                                                      NULL};
static const char *const fb_ticket_reply_kinds[] = {"comment", "note",
                                                    NULL};

/* An attachment's link: an http or https URL that can stand in an
 * href as it is (no quote or angle bracket). */
static int fb_attachment_url_valid(const char *s)
{
    return fb_url_valid(s) && strpbrk(s, "\"<>") == NULL;
}

static const fb_field_format_t fb_format_attachment_url = {
    .valid = fb_attachment_url_valid,
    .what = "an http or https URL without quotes or angle brackets",
    .pattern = "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#\"<>\\u0000-\\u0020"
               "\\u007f][^\"<>\\u0000-\\u0020\\u007f]*$",
};

static const fb_field_rule_t fb_ticket_reply_rules[] = {
    {.name = "type", .type = FB_FIELD_ENUM, .flags = FB_FIELD_REQUIRED,
     .choices = fb_ticket_reply_authors},
    {.name = "contactId", .type = FB_FIELD_ID},
    {.name = "contactEmail", .type = FB_FIELD_EMAIL, .min = 3, .max = 255},
    {.name = "adminId", .type = FB_FIELD_ID},
    {.name = "body", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 500000},
    {.name = "messageType", .type = FB_FIELD_ENUM,
     .choices = fb_ticket_reply_kinds},
    {.name = "attachmentUrls", .type = FB_FIELD_STRING_ARRAY, .max = 10,
     .item_max = 2048, .format = &fb_format_attachment_url},
    {.name = "skipNotifications", .type = FB_FIELD_BOOL},
    {.name = "createdAt", .type = FB_FIELD_TIME},
    {.name = NULL}
};

/* What a reply has gathered. */
typedef struct {
    int admin, note;
    const char *number;
    const char *conversation;
    const char *channel, *state;
    const char *ticket;             /* the answer */
    fb_conversation_part_t part;
} fb_ticket_reply_t;

/* The members of the other kind of author are refused: the reference
 * describes two bodies that admit no other members. */
static fb_error_t *fb_ticket_reply_shape(fb_req_t *fr,
                                         fb_ticket_reply_t *d)
{
    static const char *const contact_only[] = {"contactId", "contactEmail",
                                               NULL};
    const char *const *other = d->admin ? contact_only : NULL;
    int i;

    if (!d->admin && json_object_object_get_ex(fr->body, "adminId", NULL)) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, "adminId",
                             "'adminId' is for admin replies.");
    }
    for (i = 0; other != NULL && other[i] != NULL; i++) {
        if (json_object_object_get_ex(fr->body, other[i], NULL)) {
            return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                                 other[i], apr_psprintf(
                                     fr->pool, "'%s' is for contact "
                                     "replies.", other[i]));
        }
    }
    if (d->admin && fb_json_string(fr->body, "adminId") == NULL) {
        return fb_error_make(fr->pool, FB_E_MISSING_PARAMETER, "adminId",
                             "An admin reply needs 'adminId'.");
    }
    if (!d->admin && fb_json_string(fr->body, "contactId") == NULL
        && fb_json_string(fr->body, "contactEmail") == NULL) {
        return fb_error_make(fr->pool, FB_E_MISSING_PARAMETER, "contactId",
                             "A contact reply needs 'contactId' or "
                             "'contactEmail'.");
    }
    if (!d->admin && d->note) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                             "messageType",
                             "Contacts can only comment.");
    }
    return NULL;
}

/*
 * The body with the attachments as links after it, back into the body,
 * so that the sanitizer sees them as it sees the rest (a part has no
 * attachment list of its own).  Every URL must be http or https.
 */
static fb_error_t *fb_ticket_reply_attachments(fb_req_t *fr)
{
    json_object *urls = json_object_object_get(fr->body, "attachmentUrls");
    size_t i, n = urls ? json_object_array_length(urls) : 0;
    /* The body, then each link: joined once at the end. */
    apr_array_header_t *html = apr_array_make(fr->pool, (int)(5 * n + 1),
                                              sizeof(char *));

    APR_ARRAY_PUSH(html, const char *) = fb_json_string(fr->body, "body");

    for (i = 0; i < n; i++) {
        const char *u = json_object_get_string(
            json_object_array_get_idx(urls, i));
        const char *q;

        if (!fb_format_attachment_url.valid(u)) {
            return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                                 apr_psprintf(fr->pool,
                                              "attachmentUrls[%d]", (int)i),
                                 "An attachment is an http or https "
                                 "URL.");
        }
        q = ap_escape_html(fr->pool, u);
        APR_ARRAY_PUSH(html, const char *) = "<p><a href=\"";
        APR_ARRAY_PUSH(html, const char *) = q;
        APR_ARRAY_PUSH(html, const char *) = "\">";
        APR_ARRAY_PUSH(html, const char *) = q;
        APR_ARRAY_PUSH(html, const char *) = "</a></p>";
    }
    if (n > 0) {
        json_object_object_add(fr->body, "body", json_object_new_string(
                                   apr_array_pstrcat(fr->pool, html, 0)));
    }
    return NULL;
}

/* A contact's reply: the contact, who may reply here. */
static fb_error_t *fb_ticket_reply_contact(fb_req_t *fr,
                                           fb_ticket_reply_t *d,
                                           int disabled)
{
    const char *id = fb_json_string(fr->body, "contactId");
    const char *param = id != NULL ? "contactId" : "contactEmail";
    fb_rows_t rows;
    fb_error_t *err;

    err = id != NULL
          ? fb_req_select(fr, &fb_sql_ticket_r_contact_id,
                          FB_ARGS(fb_id_normalize(fr->pool, id)), &rows)
          : fb_req_select(fr, &fb_sql_ticket_r_contact_email,
                          FB_ARGS(fb_json_string(fr->body,
                                                 "contactEmail")), &rows);
    if (err != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, FB_E_RESOURCE_NOT_FOUND, param,
                             "Contact not found.");
    }
    d->part.author_id = fb_rows_get(&rows, 0, 0);
    return fb_conversation_may_reply(fr->pool, param,
                                     strcmp(fb_rows_get(&rows, 0, 1), "t")
                                     == 0, disabled,
                                     "ticket's conversation");
}

/* The ticket, its conversation (locked, then locked again: held
 * already unless the ticket was made after the first look) and the
 * author. */
static fb_error_t *fb_ticket_reply_gather(fb_req_t *fr, void *ctx)
{
    fb_ticket_reply_t *d = ctx;
    fb_rows_t rows;
    fb_error_t *err;

    if ((err = fb_ticket_conversation_first(fr, d->number, 0)) != NULL
        || (err = fb_req_select(fr, &fb_sql_ticket_r_ticket,
                                FB_ARGS(d->number), &rows)) != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, FB_E_RESOURCE_NOT_FOUND, "id",
                             "No ticket has this number.");
    }
    d->conversation = fb_rows_get(&rows, 0, 0);
    if (d->conversation != NULL
        && (err = fb_req_select(fr, &fb_sql_ticket_r_conversation,
                                FB_ARGS(d->conversation), &rows)) != NULL) {
        return err;
    }
    /* None, or one deleted while this waited for its lock. */
    if (d->conversation == NULL || rows.nrows == 0) {
        return fb_error_make(fr->pool, FB_E_INVALID_REQUEST, "id",
                             "This ticket has no linked conversation.");
    }
    d->channel = fb_rows_get(&rows, 0, 0);
    d->state = fb_rows_get(&rows, 0, 1);
    if (d->admin) {
        return fb_conversation_admin(fr, fb_json_string(fr->body, "adminId"),
                                     "adminId", &d->part.author_id);
    }
    return fb_ticket_reply_contact(
        fr, d, strcmp(fb_rows_get(&rows, 0, 2), "t") == 0);
}

/* A contact's reply opens a closed or snoozed conversation again. */
static fb_error_t *fb_ticket_reply_reopen(fb_req_t *fr, void *ctx)
{
    fb_ticket_reply_t *d = ctx;

    return d->admin ? NULL
                    : fb_conversation_reopen(fr, d->conversation, d->state);
}

/* The ticket as GET renders it, the new part among its parts. */
static fb_error_t *fb_ticket_reply_render(fb_req_t *fr, void *ctx)
{
    fb_ticket_reply_t *d = ctx;
    fb_error_t *err = fb_ticket_render(fr, d->number, 1, &d->ticket);

    return err != NULL || d->ticket != NULL ? err : fb_req_db_failed(fr);
}

static fb_error_t *fb_ticket_reply(fb_req_t *fr)
{
    const char *kind = fb_json_string(fr->body, "messageType");
    const char *text, *json = NULL;
    fb_ticket_reply_t d;
    fb_write_t w;
    fb_error_t *err;

    memset(&d, 0, sizeof(d));
    d.admin = strcmp(fb_json_string(fr->body, "type"), "admin") == 0;
    d.note = kind != NULL && strcmp(kind, "note") == 0;
    if ((err = fb_ticket_number(fr, &d.number)) != NULL
        || (err = fb_ticket_reply_shape(fr, &d)) != NULL
        || (err = fb_ticket_reply_attachments(fr)) != NULL
        || (err = fb_body_html(fr, "body", &d.part.html, &text)) != NULL) {
        return err;
    }
    if (d.part.html == NULL || *d.part.html == '\0') {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, "body",
                             "The reply has no content once sanitized.");
    }
    /* The body is HTML: its text stands for the markdown. */
    d.part.markdown = text;
    d.part.author_kind = d.admin ? "admin" : "contact";
    d.part.created_at = fb_body_time(fr, "createdAt");

    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_ticket_reply_gather, &d);
    if (fb_write_ok(&w)) {
        d.part.channel = d.note ? NULL : d.channel;
        d.part.type = d.note ? "admin_note"
                      : strcmp(d.channel, "email") == 0 ? "email_msg"
                      : d.admin ? "admin_msg" : "user_msg";
    }
    fb_write_step(&w, fb_ticket_reply_reopen, &d);
    fb_conversation_write_part(&w, d.conversation, &d.part, NULL);
    fb_conversation_write_render(&w, d.conversation, &json);
    fb_write_event(&w, d.note ? "conversation.admin.noted"
                       : d.admin ? "conversation.admin.replied"
                       : "conversation.user.replied", json, NULL);
    fb_write_step(&w, fb_ticket_reply_render, &d);
    return fb_write_respond(&w, HTTP_OK,
                            d.ticket ? fb_ticket_present(fr, d.ticket)
                                     : NULL);
}

static const fb_op_t fb_ticket_reply_op = {
    .handler = fb_ticket_reply,
    .flags = FB_OP_BODY | FB_OP_WRITE,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_NONE,
    .body = fb_ticket_reply_rules,
    .audit = FB_AUDIT_OF("ticket.replied", "support", "ticket"),
    .path = fb_ticket_path,
};

static const fb_route_t fb_ticket_reply_routes[] = {
    {"POST", "/tickets/{id}/reply", &fb_ticket_reply_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_ticket_reply_module = {
    .name = "ticket reply",
    .routes = fb_ticket_reply_routes,
    .statements = fb_ticket_reply_statements,
};
