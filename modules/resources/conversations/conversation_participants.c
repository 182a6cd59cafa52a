/*
 * conversation_participants: POST and DELETE
 * /conversations/{id}/participants.
 *
 * Adding finds the contact by id (customers and leads), else userId,
 * else email (customers only), and makes it a participant with a
 * part_add part and conversation.contact.attached; one who already is
 * changes nothing.  Removing (the contact's id in the body or the query)
 * records conversation.contact.detached; a contact who is not a
 * participant is 404 participant_not_found.  actingAdminId, when given, must be an admin of
 * the organization.
 */
#include <string.h>

#include "apr_strings.h"

#include "conversations.h"
#include "fb_id.h"
#include "fb_json.h"

FB_SQL(conversation_pa_by_user, 1,
    "SELECT id FROM contacts WHERE org_id = %s AND user_id = %s "
    "AND type = 'customer'");

FB_SQL(conversation_pa_by_email, 1,
    "SELECT id FROM contacts WHERE org_id = %s AND email IS NOT NULL "
    "AND lower(email) = lower(%s) AND type = 'customer' "
    "ORDER BY created_at, id LIMIT 1");

/* The contact of a conversation that joins or leaves it. */
FB_PARAMS(conversation_pa_contact, (conversation, contact));

/* The part's members when it joined. */
FB_SQL_WITH(conversation_pa_join, conversation_pa_contact,
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS conversation, "
    "  %s::text AS contact) "
    "SELECT jsonb_build_object('participant', jsonb_build_object("
    "  'id', c.id, 'type', c.type))::text "
    "FROM contacts c, k WHERE c.org_id = k.org_id AND c.id = k.contact "
    "AND fb_conversation_join(k.org_id, k.conversation, 'contact', "
    "                         k.contact)");

FB_SQL_WITH(conversation_pa_leave, conversation_pa_contact,
    "DELETE FROM conversation_participants p "
    "USING (SELECT %s::text AS org_id, %s::text AS conversation, "
    "  %s::text AS contact) k "
    "WHERE p.org_id = k.org_id AND p.conversation_id = k.conversation "
    "AND p.kind = 'contact' AND p.user_id = k.contact");

static const fb_statement_t *const fb_participant_statements[] = {
    &fb_sql_conversation_pa_by_user, &fb_sql_conversation_pa_by_email,
    &fb_sql_conversation_pa_join, &fb_sql_conversation_pa_leave, NULL
};

static const fb_field_rule_t fb_participant_rules[] = {
    {.name = "id", .type = FB_FIELD_ID},
    {.name = "userId", .type = FB_FIELD_STRING, .min = 1, .max = 255},
    {.name = "email", .type = FB_FIELD_EMAIL, .min = 3, .max = 255},
    {.name = NULL}
};

static const fb_field_rule_t fb_participant_add_rules[] = {
    {.name = "participant", .type = FB_FIELD_OBJECT,
     .flags = FB_FIELD_REQUIRED, .fields = fb_participant_rules},
    {.name = "actingAdminId", .type = FB_FIELD_ID},
    {.name = NULL}
};

static const fb_field_rule_t fb_participant_remove_rules[] = {
    {.name = "id", .type = FB_FIELD_ID},
    {.name = "actingAdminId", .type = FB_FIELD_ID},
    {.name = NULL}
};

static const fb_query_rule_t fb_participant_remove_query[] = {
    {.name = "id", .type = FB_Q_STRING, .min = 1, .max = 64,
     .format = &fb_format_object_id},
    {.name = "actingAdminId", .type = FB_Q_STRING, .min = 1, .max = 64,
     .format = &fb_format_object_id},
    {.name = NULL}
};

/* What adding or removing has gathered. */
typedef struct {
    const char *id;             /* the conversation's */
    const char *contact;
    const char *actor;
    const char *acting;         /* actingAdminId as given */
    int remove;
} fb_participant_t;

/* The contact the participant object names, in lookup order. */
static fb_error_t *fb_participant_find(fb_req_t *fr, json_object *who,
                                       const char **contact)
{
    const char *id = fb_json_string(who, "id");
    const char *user = fb_json_string(who, "userId");
    const char *email = fb_json_string(who, "email");
    fb_error_t *err = NULL;
    int blocked;

    *contact = NULL;
    if (id != NULL) {
        if ((err = fb_conversation_contact(fr, id, "participant.id",
                                           &blocked)) == NULL) {
            *contact = fb_id_normalize(fr->pool, id);
        }
        return err;
    }
    if (user != NULL) {
        err = fb_resource_lookup(fr, &fb_sql_conversation_pa_by_user, user,
                                 contact);
    }
    if (err == NULL && *contact == NULL && email != NULL) {
        err = fb_resource_lookup(fr, &fb_sql_conversation_pa_by_email,
                                 email, contact);
    }
    if (err == NULL && *contact == NULL) {
        err = fb_error_make(fr->pool, FB_E_CONTACT_NOT_FOUND,
                            user != NULL ? "participant.userId"
                                         : "participant.email", NULL);
    }
    return err;
}

static fb_error_t *fb_participant_gather(fb_req_t *fr, void *ctx)
{
    fb_participant_t *d = ctx;
    fb_error_t *err;
    int blocked;

    if ((err = fb_conversation_lock(fr, &d->id)) != NULL
        || (err = fb_conversation_admin(fr, d->acting, "actingAdminId",
                                        &d->actor)) != NULL) {
        return err;
    }
    if (d->remove) {
        return fb_conversation_contact(fr, d->contact, "id", &blocked);
    }
    return fb_participant_find(
        fr, json_object_object_get(fr->body, "participant"), &d->contact);
}

/* The conversation as the change left it, and its event. */
static fb_error_t *fb_participant_respond(fb_write_t *w,
                                          fb_participant_t *d,
                                          const char *topic)
{
    const char *json = NULL;

    fb_conversation_write_render(w, d->id, &json);
    if (topic != NULL) {
        fb_write_event(w, topic, json, NULL);
    }
    return fb_write_respond(w, HTTP_OK, json);
}

static fb_error_t *fb_participant_add(fb_req_t *fr)
{
    json_object *who = json_object_object_get(fr->body, "participant");
    fb_participant_t d = {NULL, NULL, NULL, NULL, 0};
    fb_conversation_part_t part = {"part_add", NULL, NULL, NULL, NULL,
                                   NULL, NULL, NULL};
    fb_rows_t joined = {0, 0, NULL};
    fb_write_t w;

    if (fb_json_string(who, "id") == NULL
        && fb_json_string(who, "userId") == NULL
        && fb_json_string(who, "email") == NULL) {
        return fb_error_make(fr->pool, FB_E_MISSING_PARAMETER,
                             "participant", "Give the participant's id, "
                             "userId or email.");
    }
    d.acting = fb_json_string(fr->body, "actingAdminId");
    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_participant_gather, &d);
    fb_write_select(&w, &fb_sql_conversation_pa_join,
                    FB_NAMED(conversation_pa_contact, .conversation = d.id,
                             .contact = d.contact),
                    &joined);
    if (fb_write_ok(&w) && joined.nrows == 1) {
        part.data = fb_rows_get(&joined, 0, 0);
        fb_conversation_write_part(&w, d.id, &part, NULL);
    }
    return fb_participant_respond(&w, &d, joined.nrows == 1
                                  ? "conversation.contact.attached" : NULL);
}

static fb_error_t *fb_participant_remove(fb_req_t *fr)
{
    fb_participant_t d = {NULL, NULL, NULL, NULL, 1};
    fb_write_t w;

    d.contact = fb_json_string(fr->body, "id");
    d.acting = fb_json_string(fr->body, "actingAdminId");
    if (d.contact == NULL) {
        d.contact = fb_query_get(&fr->query, "id");
    }
    if (d.acting == NULL) {
        d.acting = fb_query_get(&fr->query, "actingAdminId");
    }
    if (d.contact == NULL) {
        return fb_error_make(fr->pool, FB_E_MISSING_PARAMETER, "id",
                             "Give the contact's id.");
    }
    if (fb_id_normalize(fr->pool, d.contact) == NULL
        || (d.acting != NULL && fb_id_normalize(fr->pool, d.acting) == NULL)) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                             fb_id_normalize(fr->pool, d.contact) == NULL
                             ? "id" : "actingAdminId",
                             "Not a 24-character hexadecimal id.");
    }
    d.contact = fb_id_normalize(fr->pool, d.contact);
    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_participant_gather, &d);
    fb_write_exec(&w, &fb_sql_conversation_pa_leave,
                  FB_NAMED(conversation_pa_contact, .conversation = d.id,
                           .contact = d.contact));
    if (fb_write_ok(&w) && w.affected == 0) {
        fb_write_fail(&w, fb_error_make(fr->pool,
                                        FB_E_PARTICIPANT_NOT_FOUND,
                                        "id", "This contact is not a "
                                        "participant of the "
                                        "conversation."));
    }
    return fb_participant_respond(&w, &d, "conversation.contact.detached");
}

static const fb_op_t fb_participant_add_op =
    CONVERSATION_WRITE(fb_participant_add, fb_participant_add_rules,
                       FB_AUDIT_OF("conversation.participant_added",
                                   "support", "conversation"));
static const fb_op_t fb_participant_remove_op = {
    .handler = fb_participant_remove,
    .flags = FB_OP_WRITE | FB_OP_BODY,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_NONE,
    .query = fb_participant_remove_query,
    .body = fb_participant_remove_rules,
    .audit = FB_AUDIT_OF("conversation.participant_removed", "support",
                          "conversation"),
    .path = fb_conversation_path,
};

static const fb_route_t fb_participant_routes[] = {
    {"POST", "/conversations/{id}/participants", &fb_participant_add_op},
    {"DELETE", "/conversations/{id}/participants",
     &fb_participant_remove_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_conversation_participants_module = {
    .name = "conversation participants",
    .routes = fb_participant_routes,
    .statements = fb_participant_statements,
};
