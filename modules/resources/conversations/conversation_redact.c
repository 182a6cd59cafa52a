/*
 * conversation_redact: POST /conversations/redact.
 *
 * A message part (the source message is the first part) loses its
 * content: bodyHtml and bodyMarkdown become null (the source's empty
 * strings), redacted true, its stored images deleted with it (sql/014);
 * conversation_part.redacted carries the part as it is now.  Redacting
 * a redacted part again changes nothing and records nothing.  Parts that
 * are changes (status, assignment, tags...) have no content: 400; a part
 * the conversation does not have is 404 conversation_part_not_found.
 */
#include "apr_strings.h"

#include "conversations.h"
#include "fb_events.h"
#include "fb_json.h"

static const char *const fb_redact_types[] = {"conversation_part", NULL};

static const fb_field_rule_t fb_redact_rules[] = {
    {.name = "type", .type = FB_FIELD_ENUM, .flags = FB_FIELD_REQUIRED,
     .choices = fb_redact_types},
    {.name = "conversationId", .type = FB_FIELD_STRING,
     .flags = FB_FIELD_REQUIRED, .min = 1, .max = 16},
    {.name = "conversationPartId", .type = FB_FIELD_STRING,
     .flags = FB_FIELD_REQUIRED, .min = 1, .max = 16},
    {.name = "actingAdminId", .type = FB_FIELD_ID},
    {.name = NULL}
};

/* The part, locked, whether it is a message and whether it is
 * redacted. */
FB_SQL_NAMED(conversation_x_part, (conversation, part),
    "SELECT p.id, p.author_kind IS NOT NULL, p.redacted "
    "FROM (SELECT %s::text AS org_id, %s::text AS conversation, "
    "  %s::text AS part) k "
    "JOIN conversation_parts p ON p.org_id = k.org_id "
    "  AND p.conversation_id = k.conversation AND p.id = k.part "
    "FOR UPDATE OF p");

FB_SQL(conversation_x_redact, 1,
    "UPDATE conversation_parts SET body_html = NULL, body_markdown = NULL, "
    "  redacted = true, updated_at = now() "
    "WHERE org_id = %s AND id = %s");

static const fb_statement_t *const fb_redact_statements[] = {
    &fb_sql_conversation_x_part, &fb_sql_conversation_x_redact, NULL
};

typedef struct {
    const char *id, *part, *actor;
    int done;                   /* redacted before */
} fb_redact_t;

static fb_error_t *fb_redact_gather(fb_req_t *fr, void *ctx)
{
    fb_redact_t *d = ctx;
    fb_rows_t rows;
    fb_error_t *err;

    if ((err = fb_conversation_find(
             fr, fb_json_string(fr->body, "conversationId"),
             "conversationId", 1, &d->id)) != NULL
        || (err = fb_conversation_admin(
                fr, fb_json_string(fr->body, "actingAdminId"),
                "actingAdminId", &d->actor)) != NULL
        || (err = fb_req_select(fr, FB_CALL(conversation_x_part,
                                            .conversation = d->id,
                                            .part = fb_json_string(
                                                fr->body,
                                                "conversationPartId")),
                                &rows)) != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, FB_E_CONVERSATION_PART_NOT_FOUND,
                             "conversationPartId",
                             "No such part in this conversation.");
    }
    if (fb_rows_get(&rows, 0, 1)[0] != 't') {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                             "conversationPartId", "Only messages and "
                             "notes have content to redact.");
    }
    d->part = fb_rows_get(&rows, 0, 0);
    d->done = fb_rows_get(&rows, 0, 2)[0] == 't';
    return NULL;
}

/* The redacted part, for the event. */
static fb_error_t *fb_redact_event(fb_req_t *fr, void *ctx)
{
    fb_redact_t *d = ctx;
    const char *json;

    if (fb_conversation_part_render(fr->db, fr->pool, fr->principal.org_id,
                                    d->part, &json) != APR_SUCCESS
        || fb_event_record(fr->db, fr->pool, fr->principal.org_id,
                           "conversation_part.redacted", json, NULL)
           != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    return NULL;
}

static fb_error_t *fb_conversation_redact(fb_req_t *fr)
{
    fb_redact_t d = {NULL, NULL, NULL, 0};
    const char *json = NULL;
    fb_write_t w;

    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_redact_gather, &d);
    if (fb_write_ok(&w) && !d.done) {
        fb_write_exec(&w, &fb_sql_conversation_x_redact, FB_ARGS(d.part));
        fb_write_step(&w, fb_redact_event, &d);
    }
    fb_conversation_write_render(&w, d.id, &json);
    return fb_write_respond(&w, HTTP_OK, json);
}

static const fb_op_t fb_conversation_redact_op =
    CONVERSATION_WRITE(fb_conversation_redact, fb_redact_rules,
                       FB_AUDIT_TARGET("conversation.part_redacted",
                                       "support", "conversation",
                                       FB_AUDIT_BODY, "conversationId"));

static const fb_route_t fb_redact_routes[] = {
    {"POST", "/conversations/redact", &fb_conversation_redact_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_conversation_redact_module = {
    .name = "conversation redact",
    .routes = fb_redact_routes,
    .statements = fb_redact_statements,
};
