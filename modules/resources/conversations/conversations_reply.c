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

FB_SQL(conversation_r_lock, 1,
    "SELECT id, channel, disable_customer_reply, state FROM conversations "
    "WHERE org_id = %s AND id = %s FOR UPDATE");

FB_SQL(conversation_r_user, 1,
    "SELECT id, is_blocked FROM contacts "
    "WHERE org_id = %s AND user_id = %s AND type = 'customer'");

static const fb_statement_t *const fb_conversation_reply_statements[] = {
    &fb_sql_conversation_r_lock, &fb_sql_conversation_r_user, NULL
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

/* A contact's reply: the contact, who may reply here. */
static fb_error_t *fb_reply_contact(fb_req_t *fr, fb_reply_t *d,
                                    int disabled)
{
    const char *id = fb_json_string(fr->body, "id");
    const char *param = id != NULL ? "id" : "userId";
    fb_rows_t rows;
    fb_error_t *err;
    int blocked = 0;

    if (id != NULL) {
        err = fb_conversation_contact(fr, id, "id", &blocked);
        d->part.author_id = fb_id_normalize(fr->pool, id);
    }
    else {
        err = fb_req_select(fr, &fb_sql_conversation_r_user,
                            FB_ARGS(fb_json_string(fr->body, "userId")),
                            &rows);
        if (err == NULL && rows.nrows == 0) {
            err = fb_error_make(fr->pool, FB_E_CONTACT_NOT_FOUND, "userId",
                                NULL);
        }
        if (err == NULL) {
            d->part.author_id = fb_rows_get(&rows, 0, 0);
            blocked = strcmp(fb_rows_get(&rows, 0, 1), "t") == 0;
        }
    }
    return err != NULL ? err
                       : fb_conversation_may_reply(fr->pool, param, blocked,
                                                   disabled, "conversation");
}

/* The conversation (locked) and the author, in the transaction. */
static fb_error_t *fb_reply_gather(fb_req_t *fr, void *ctx)
{
    fb_reply_t *d = ctx;
    const char *path = fb_req_param(fr, "id");
    fb_rows_t rows;
    fb_error_t *err;

    if ((err = fb_conversation_find(fr, path, "id", 0, &d->id)) != NULL
        || (err = fb_req_select(fr, &fb_sql_conversation_r_lock,
                                FB_ARGS(d->id), &rows)) != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, FB_E_CONVERSATION_NOT_FOUND, "id",
                             NULL);
    }
    d->channel = fb_rows_get(&rows, 0, 1);
    d->state = fb_rows_get(&rows, 0, 3);
    if (d->admin) {
        return fb_conversation_admin(fr, fb_json_string(fr->body, "id"),
                                     "id", &d->part.author_id);
    }
    return fb_reply_contact(fr, d,
                            strcmp(fb_rows_get(&rows, 0, 2), "t") == 0);
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
