/*
 * conversations_reply: POST /conversations/{id}/reply.
 *
 * A contact (by id, else by userId: customers only) replies, or an admin
 * replies (visible to the customer) or writes a note (internal).  One
 * transaction under the conversation's row lock: the part (added by the
 * domain, which keeps the waiting times, participants and read receipts
 * with it), a contact's reply reopening a closed or snoozed
 * conversation, and the events.  Blocked contacts, and contacts of a
 * conversation with disableCustomerReply, are refused (403).
 */
#include <string.h>

#include "apr_strings.h"

#include "conversations.h"
#include "fb_id.h"
#include "fb_events.h"
#include "fb_json.h"

/* The conversation, locked for its new part (FOR NO KEY UPDATE: the
 * part changes none of its keys, so rows that refer to it are not held
 * up), with the author the body names: the admin by id, or the contact
 * by id, else by userId (customers only); one round trip. */
FB_SQL_NAMED(conversation_r_gather, (id, admin, contact, user_id),
    "SELECT c.id, c.channel, c.disable_customer_reply, c.state, a.id, "
    "  coalesce(ci.id, cu.id), coalesce(ci.is_blocked, cu.is_blocked) "
    "FROM (SELECT %s::text AS org_id, %s::text AS id, %s::text AS admin, "
    "  %s::text AS contact, %s::text AS user_id) k "
    "JOIN conversations c ON c.org_id = k.org_id AND c.id = k.id "
    "LEFT JOIN admins a ON a.org_id = k.org_id AND a.id = k.admin "
    "LEFT JOIN contacts ci ON ci.org_id = k.org_id AND ci.id = k.contact "
    "LEFT JOIN contacts cu ON cu.org_id = k.org_id "
    "  AND cu.user_id = k.user_id AND cu.type = 'customer' "
    "FOR NO KEY UPDATE OF c");

static const fb_statement_t *const fb_conversation_reply_statements[] = {
    &fb_sql_conversation_r_gather, NULL
};

static const char *const fb_reply_authors[] = {"contact", "admin", NULL};
static const char *const fb_reply_types[] = {"reply", "note", NULL};

static const fb_field_rule_t fb_conversation_reply_rules[] = {
    {.name = "type", .type = FB_FIELD_ENUM, .flags = FB_FIELD_REQUIRED,
     .choices = fb_reply_authors},
    {.name = "id", .type = FB_FIELD_ID},
    {.name = "userId", .type = FB_FIELD_STRING, .min = 1, .max = 255},
    {.name = "bodyMarkdown", .type = FB_FIELD_STRING,
     .flags = FB_FIELD_REQUIRED, .min = 1, .max = 500000},
    {.name = "messageType", .type = FB_FIELD_ENUM,
     .flags = FB_FIELD_REQUIRED, .choices = fb_reply_types},
    {.name = "skipNotifications", .type = FB_FIELD_BOOL},
    {.name = NULL}
};

/* What a reply has gathered. */
typedef struct {
    int admin, note;
    const char *id;                 /* the conversation's */
    const char *channel, *state;
    fb_conversation_part_t part;
} fb_reply_t;

/* Whether the cell at (0, col) is true. */
static int fb_reply_true(const fb_rows_t *rows, int col)
{
    const char *cell = fb_rows_get(rows, 0, col);

    return cell != NULL && strcmp(cell, "t") == 0;
}

/* The conversation (locked) and the author, in the transaction, in the
 * order of their checks: the conversation, then its author, then whether
 * a contact may reply. */
static fb_error_t *fb_reply_gather(fb_req_t *fr, void *ctx)
{
    fb_reply_t *d = ctx;
    const char *path = fb_req_param(fr, "id");
    const char *id = fb_json_string(fr->body, "id");
    const char *given = id != NULL ? fb_id_normalize(fr->pool, id) : NULL;
    fb_rows_t rows;
    fb_error_t *err;

    if (path == NULL || !fb_format_conversation_id.valid(path)) {
        return fb_error_make(fr->pool, FB_E_INVALID_ID, "id",
                             apr_pstrcat(fr->pool, "The id must be ",
                                         fb_format_conversation_id.what,
                                         ".", NULL));
    }
    err = fb_req_select(fr, FB_CALL(conversation_r_gather, .id = path,
                                    .admin = d->admin ? given : NULL,
                                    .contact = d->admin ? NULL : given,
                                    .user_id = d->admin || id != NULL
                                        ? NULL
                                        : fb_json_string(fr->body,
                                                         "userId")),
                        &rows);
    if (err != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, FB_E_CONVERSATION_NOT_FOUND, "id",
                             NULL);
    }
    d->id = fb_rows_get(&rows, 0, 0);
    d->channel = fb_rows_get(&rows, 0, 1);
    d->state = fb_rows_get(&rows, 0, 3);
    if (d->admin) {
        /* An id not of the admin form names nobody (as before). */
        d->part.author_id = fb_rows_get(&rows, 0, 4);
        return given != NULL && d->part.author_id == NULL
               ? fb_error_make(fr->pool, FB_E_ADMIN_NOT_FOUND, "id", NULL)
               : NULL;
    }
    if (id != NULL && given == NULL) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, "id",
                             "A contact id is 24 hexadecimal characters.");
    }
    d->part.author_id = fb_rows_get(&rows, 0, 5);
    if (d->part.author_id == NULL) {
        return fb_error_make(fr->pool, FB_E_CONTACT_NOT_FOUND,
                             id != NULL ? "id" : "userId", NULL);
    }
    return fb_conversation_may_reply(
        fr->pool, id != NULL ? "id" : "userId",
        fb_reply_true(&rows, 6), fb_reply_true(&rows, 2), "conversation");
}

/* A contact's reply opens a closed or snoozed conversation again. */
static fb_error_t *fb_reply_reopen(fb_req_t *fr, void *ctx)
{
    fb_reply_t *d = ctx;

    return d->admin ? NULL : fb_conversation_reopen(fr, d->id, d->state);
}

/* The new part as the API renders it, as a step. */
typedef struct {
    const char *id;
    const char *json;
} fb_reply_part_t;

static fb_error_t *fb_reply_render(fb_req_t *fr, void *ctx)
{
    fb_reply_part_t *r = ctx;

    if (fb_conversation_part_render(fr->db, fr->pool, fr->principal.org_id,
                                    r->id, &r->json) != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    return NULL;
}

static fb_error_t *fb_conversation_reply(fb_req_t *fr)
{
    const char *message = fb_json_string(fr->body, "messageType");
    fb_reply_part_t made = {NULL, NULL};
    const char *json = NULL;
    fb_reply_t d;
    fb_write_t w;
    fb_error_t *err;

    memset(&d, 0, sizeof(d));
    d.admin = strcmp(fb_json_string(fr->body, "type"), "admin") == 0;
    d.note = strcmp(message, "note") == 0;
    if (!d.admin && d.note) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                             "messageType", "Contacts can only reply.");
    }
    if (d.admin && fb_json_string(fr->body, "id") == NULL) {
        return fb_error_make(fr->pool, FB_E_MISSING_PARAMETER, "id",
                             "An admin reply needs the admin's id.");
    }
    if (!d.admin && fb_json_string(fr->body, "id") == NULL
        && fb_json_string(fr->body, "userId") == NULL) {
        return fb_error_make(fr->pool, FB_E_MISSING_PARAMETER, "id",
                             "A contact reply needs 'id' or 'userId'.");
    }
    if ((err = fb_conversation_body(fr, &d.part.html, &d.part.markdown))
        != NULL) {
        return err;
    }
    d.part.author_kind = d.admin ? "admin" : "contact";

    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_reply_gather, &d);
    if (fb_write_ok(&w)) {
        d.part.channel = d.note ? NULL : d.channel;
        d.part.type = d.note ? "admin_note"
                      : strcmp(d.channel, "email") == 0 ? "email_msg"
                      : d.admin ? "admin_msg" : "user_msg";
    }
    fb_write_step(&w, fb_reply_reopen, &d);
    fb_conversation_write_part(&w, d.id, &d.part, &made.id);
    fb_write_step(&w, fb_reply_render, &made);
    fb_conversation_write_render(&w, d.id, &json);
    fb_write_event(&w, d.note ? "conversation.admin.noted"
                       : d.admin ? "conversation.admin.replied"
                       : "conversation.user.replied", json, NULL);
    return fb_write_respond(&w, HTTP_CREATED, made.json);
}

static const fb_op_t fb_conversation_reply_op =
    CONVERSATION_WRITE(fb_conversation_reply, fb_conversation_reply_rules,
                       FB_AUDIT_OF("conversation.replied", "support",
                                   "conversation"));

static const fb_route_t fb_conversation_reply_routes[] = {
    {"POST", "/conversations/{id}/reply", &fb_conversation_reply_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_conversation_reply_module = {
    .name = "conversation reply",
    .routes = fb_conversation_reply_routes,
    .statements = fb_conversation_reply_statements,
};
