/*
 * conversations_update: PATCH /conversations/{id}.
 *
 * Under the conversation's row lock, in one transaction: title, custom
 * attributes (checked against their definitions, conversation_attributes/;
 * merged; null removes one), disableCustomerReply and
 * priority (extensions), the assignees (an assign part), the state (a
 * status part; snoozed needs a future snoozedUntil; any other state
 * clears it) and read receipts (markAsRead: only users who have one
 * move, to the newest part; the all* flags win over the id lists).
 * Each change that has a topic records its event with the conversation
 * as the PATCH leaves it.
 * actingAdminId must be an admin of the organization; without it the
 * changes are the bot's (no admin named).
 */
#include <string.h>

#include "apr_strings.h"
#include "apr_time.h"

#include "body_fields.h"
#include "conversation_attributes/conversation_attributes.h"
#include "conversations.h"
#include "fb_id.h"
#include "fb_json.h"
#include "fb_time.h"

FB_SQL(conversation_u_lock, 1,
    "SELECT state FROM conversations WHERE org_id = %s AND id = %s "
    "FOR UPDATE");

FB_SQL(conversation_u_team, 1,
    "SELECT id FROM teams WHERE org_id = %s AND id = %s");

FB_SQL_NAMED(conversation_u_fields,
             (id, title_given, title, attributes, disable),
    "UPDATE conversations c SET "
    "  title = CASE WHEN k.title_given THEN k.title ELSE c.title END, "
    "  custom_attributes = CASE WHEN k.attributes IS NULL "
    "    THEN c.custom_attributes "
    "    ELSE jsonb_strip_nulls(c.custom_attributes || k.attributes) END, "
    "  disable_customer_reply = coalesce(k.disable, "
    "    c.disable_customer_reply), "
    "  updated_at = now() "
    "FROM (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::boolean AS title_given, %s::text AS title, "
    "  %s::jsonb AS attributes, %s::boolean AS disable) k "
    "WHERE c.org_id = k.org_id AND c.id = k.id");

/* The assign part's members when an assignee changes. */
FB_SQL_NAMED(conversation_u_assign,
             (id, admin_given, admin, team_given, team, by),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::boolean AS admin_given, %s::text AS admin, "
    "  %s::boolean AS team_given, %s::text AS team, %s::text AS by), "
    "old AS (SELECT c.admin_assignee_id, c.team_assignee_id "
    "  FROM conversations c, k WHERE c.org_id = k.org_id "
    "  AND c.id = k.id) "
    "UPDATE conversations c SET "
    "  admin_assignee_id = CASE WHEN k.admin_given THEN k.admin "
    "    ELSE c.admin_assignee_id END, "
    "  team_assignee_id = CASE WHEN k.team_given THEN k.team "
    "    ELSE c.team_assignee_id END, updated_at = now() "
    "FROM k, old WHERE c.org_id = k.org_id AND c.id = k.id "
    "AND (old.admin_assignee_id, old.team_assignee_id) IS DISTINCT FROM "
    "  (CASE WHEN k.admin_given THEN k.admin "
    "     ELSE old.admin_assignee_id END, "
    "   CASE WHEN k.team_given THEN k.team "
    "     ELSE old.team_assignee_id END) "
    "RETURNING jsonb_build_object('adminAssigneeId', c.admin_assignee_id, "
    "  'adminAssignerId', k.by, "
    "  'teamAssigneeId', c.team_assignee_id)::text");

/* The priority part's members when it changes. */
FB_SQL_NAMED(conversation_u_priority, (id, priority),
    "UPDATE conversations c SET priority = k.priority, "
    "  priority_set_at = CASE WHEN k.priority THEN now() END, "
    "  updated_at = now() "
    "FROM (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::boolean AS priority) k "
    "WHERE c.org_id = k.org_id AND c.id = k.id "
    "AND c.priority <> k.priority "
    "RETURNING jsonb_build_object('isPriority', k.priority)::text");

/* The receipts moved to the newest part. */
FB_SQL_NAMED(conversation_u_read,
             (id, all_admins, admins, all_contacts, contacts),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::boolean AS all_admins, %s::text[] AS admins, "
    "  %s::boolean AS all_contacts, %s::text[] AS contacts), "
    "newest AS (SELECT pt.id FROM conversation_parts pt, k "
    "  WHERE pt.org_id = k.org_id AND pt.conversation_id = k.id "
    "  ORDER BY pt.created_at DESC, pt.n DESC LIMIT 1) "
    "UPDATE conversation_participants cp SET last_read_part_id = newest.id "
    "FROM k, newest WHERE cp.org_id = k.org_id "
    "AND cp.conversation_id = k.id AND cp.last_read_part_id IS NOT NULL "
    "AND cp.last_read_part_id <> newest.id "
    "AND CASE cp.kind WHEN 'admin' "
    "  THEN k.all_admins OR cp.user_id = ANY (k.admins) "
    "  ELSE k.all_contacts OR cp.user_id = ANY (k.contacts) END");

static const fb_statement_t *const fb_conversation_update_statements[] = {
    &fb_sql_conversation_u_lock, &fb_sql_conversation_u_team,
    &fb_sql_conversation_u_fields, &fb_sql_conversation_u_assign,
    &fb_sql_conversation_u_priority, &fb_sql_conversation_u_read, NULL
};

static const char *const fb_conversation_states[] = {"open", "closed",
                                                     "snoozed", NULL};

static const fb_field_rule_t fb_mark_as_read_rules[] = {
    {.name = "allAdmins", .type = FB_FIELD_BOOL},
    {.name = "adminIds", .type = FB_FIELD_STRING_ARRAY, .max = 255,
     .item_max = 24},
    {.name = "allContacts", .type = FB_FIELD_BOOL},
    {.name = "contactIds", .type = FB_FIELD_STRING_ARRAY, .max = 255,
     .item_max = 24},
    {.name = NULL}
};

static const fb_field_rule_t fb_conversation_update_rules[] = {
    {.name = "actingAdminId", .type = FB_FIELD_ID},
    {.name = "state", .type = FB_FIELD_ENUM,
     .choices = fb_conversation_states},
    {.name = "snoozedUntil", .type = FB_FIELD_TIME,
     .flags = FB_FIELD_NULL_CLEARS},
    {.name = "adminAssigneeId", .type = FB_FIELD_ID,
     .flags = FB_FIELD_NULL_CLEARS},
    {.name = "teamAssigneeId", .type = FB_FIELD_ID,
     .flags = FB_FIELD_NULL_CLEARS},
    {.name = "title", .type = FB_FIELD_STRING, .max = 255},
    {.name = "customAttributes", .type = FB_FIELD_VALUES, .max = 100},
    {.name = "markAsRead", .type = FB_FIELD_OBJECT,
     .fields = fb_mark_as_read_rules},
    /* Extensions (docs/decisions.md, "Conversations"). */
    {.name = "priority", .type = FB_FIELD_BOOL},
    {.name = "disableCustomerReply", .type = FB_FIELD_BOOL},
    {.name = NULL}
};

/* What a PATCH has gathered. */
typedef struct {
    const char *id;
    const char *state;          /* the conversation's, once locked */
    const char *to;             /* the state asked for, or NULL */
    const char *until;
    const char *actor;          /* actingAdminId, checked */
    const char *admin, *team;   /* assignees, checked */
    const char *attributes;     /* customAttributes, checked, or NULL */
    apr_array_header_t *topics; /* the events, in order */
} fb_update_t;

/* Non-zero when the body has member (null included). */
static int fb_update_has(fb_req_t *fr, const char *member)
{
    return json_object_object_get_ex(fr->body, member, NULL);
}

/* The state rules the field rules cannot check. */
static fb_error_t *fb_update_check(fb_req_t *fr, fb_update_t *d)
{
    apr_time_t t;

    d->to = fb_json_string(fr->body, "state");
    d->until = fb_body_time(fr, "snoozedUntil");
    if (d->to == NULL && d->until != NULL) {
        d->to = "snoozed";      /* a snooze time alone snoozes */
    }
    if (d->to != NULL && strcmp(d->to, "snoozed") == 0) {
        if (d->until == NULL) {
            return fb_error_make(fr->pool, FB_E_MISSING_PARAMETER,
                                 "snoozedUntil", "Snoozing needs "
                                 "'snoozedUntil'.");
        }
        if (fb_time_parse(fb_json_string(fr->body, "snoozedUntil"), &t)
            != APR_SUCCESS || t <= apr_time_now()) {
            return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                                 "snoozedUntil", "'snoozedUntil' must be "
                                 "in the future.");
        }
    }
    else if (d->until != NULL) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                             "snoozedUntil", "'snoozedUntil' goes with "
                             "state 'snoozed' only.");
    }
    return NULL;
}

/* The conversation (locked), the acting admin and the assignees. */
static fb_error_t *fb_update_gather(fb_req_t *fr, void *ctx)
{
    fb_update_t *d = ctx;
    const char *team;
    fb_rows_t rows;
    fb_error_t *err;

    /* The attributes' definitions are held before the conversation, as
     * a change of their options holds them before the conversations it
     * rewrites: the same order, no deadlock. */
    if ((err = fb_conversation_find(fr, fb_req_param(fr, "id"), "id", 0,
                                    &d->id)) != NULL
        || (err = fb_conversation_attributes_check(
                fr, json_object_object_get(fr->body, "customAttributes"),
                &d->attributes)) != NULL
        || (err = fb_req_select(fr, &fb_sql_conversation_u_lock,
                                FB_ARGS(d->id), &rows)) != NULL) {
        return err;
    }
    d->state = fb_rows_get(&rows, 0, 0);
    if (d->state == NULL) {
        return fb_error_make(fr->pool, FB_E_CONVERSATION_NOT_FOUND, "id",
                             NULL);
    }
    if (d->to == NULL && fb_update_has(fr, "snoozedUntil")
        && strcmp(d->state, "snoozed") == 0) {
        d->to = "open";         /* snoozedUntil null unsnoozes */
    }
    if ((err = fb_conversation_admin(
             fr, fb_json_string(fr->body, "actingAdminId"),
             "actingAdminId", &d->actor)) != NULL
        || (err = fb_conversation_admin(
                fr, fb_json_string(fr->body, "adminAssigneeId"),
                "adminAssigneeId", &d->admin)) != NULL) {
        return err;
    }
    team = fb_id_normalize(fr->pool,
                           fb_json_string(fr->body, "teamAssigneeId"));
    if (team != NULL) {
        if ((err = fb_resource_lookup(fr, &fb_sql_conversation_u_team,
                                      team, &d->team)) != NULL) {
            return err;
        }
        if (d->team == NULL) {
            return fb_error_make(fr->pool, FB_E_TEAM_NOT_FOUND,
                                 "teamAssigneeId", NULL);
        }
    }
    return NULL;
}

/* A change part with members data (a JSON text from a statement), and
 * its topic, when the statement changed something. */
static void fb_update_change(fb_write_t *w, fb_update_t *d,
                             const char *type, const fb_rows_t *rows,
                             const char *topic)
{
    fb_conversation_part_t part = {type, NULL, NULL, NULL, NULL, NULL,
                                   NULL, NULL};

    if (!fb_write_ok(w) || rows->nrows == 0) {
        return;
    }
    part.data = fb_rows_get(rows, 0, 0);
    fb_conversation_write_part(w, d->id, &part, NULL);
    APR_ARRAY_PUSH(d->topics, const char *) = topic;
}

/* The state move, by the domain. */
static fb_error_t *fb_update_state(fb_req_t *fr, void *ctx)
{
    fb_update_t *d = ctx;
    const char *topic;

    if (d->to == NULL) {
        return NULL;
    }
    if (fb_conversation_state_set(fr->db, fr->pool, fr->principal.org_id,
                                  d->id, d->to, d->until, &topic)
        != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    if (topic != NULL) {
        APR_ARRAY_PUSH(d->topics, const char *) = topic;
    }
    return NULL;
}

/* The id list member of markAsRead as a text[] literal. */
static const char *fb_update_ids(fb_req_t *fr, json_object *mark,
                                 const char *member)
{
    json_object *a = json_object_object_get(mark, member);
    apr_array_header_t *ids = apr_array_make(fr->pool, 4,
                                             sizeof(const char *));
    apr_size_t i;

    for (i = 0; a != NULL && i < json_object_array_length(a); i++) {
        const char *id = fb_id_normalize(
            fr->pool, json_object_get_string(json_object_array_get_idx(a,
                                                                       i)));

        if (id != NULL) {
            APR_ARRAY_PUSH(ids, const char *) = id;
        }
    }
    return fb_db_text_array(fr->pool, ids);
}

static void fb_update_read(fb_write_t *w, fb_update_t *d)
{
    fb_req_t *fr = w->fr;
    json_object *mark = json_object_object_get(fr->body, "markAsRead");

    if (mark == NULL) {
        return;
    }
    fb_write_exec(
        w, FB_CALL(conversation_u_read, .id = d->id,
                   .all_admins = fb_bool_text(fb_json_bool(mark, "allAdmins",
                                                           0)),
                   .admins = fb_update_ids(fr, mark, "adminIds"),
                   .all_contacts = fb_bool_text(fb_json_bool(
                       mark, "allContacts", 0)),
                   .contacts = fb_update_ids(fr, mark, "contactIds")));
    if (fb_write_ok(w) && w->affected > 0) {
        APR_ARRAY_PUSH(d->topics, const char *) = "conversation.read";
    }
}

static fb_error_t *fb_conversation_update(fb_req_t *fr)
{
    json_object *disable = json_object_object_get(fr->body,
                                                  "disableCustomerReply");
    json_object *priority = json_object_object_get(fr->body, "priority");
    int admin_given = fb_update_has(fr, "adminAssigneeId");
    int team_given = fb_update_has(fr, "teamAssigneeId");
    const char *json = NULL;
    fb_rows_t changed;
    fb_update_t d;
    fb_write_t w;
    fb_error_t *err;
    int i;

    memset(&d, 0, sizeof(d));
    d.topics = apr_array_make(fr->pool, 4, sizeof(const char *));
    if ((err = fb_update_check(fr, &d)) != NULL) {
        return err;
    }
    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_update_gather, &d);
    fb_write_exec(
        &w, FB_CALL(conversation_u_fields, .id = d.id,
                    .title_given = fb_bool_text(fb_update_has(fr, "title")),
                    .title = fb_json_string(fr->body, "title"),
                    .attributes = d.attributes,
                    .disable = disable ? fb_bool_text(
                                             json_object_get_boolean(disable))
                                       : NULL));
    if (admin_given || team_given) {
        fb_write_select(&w, FB_CALL(conversation_u_assign, .id = d.id,
                                    .admin_given = fb_bool_text(admin_given),
                                    .admin = d.admin,
                                    .team_given = fb_bool_text(team_given),
                                    .team = d.team, .by = d.actor),
                        &changed);
        fb_update_change(&w, &d, "assign", &changed,
                         "conversation.admin.assigned");
    }
    if (priority != NULL) {
        fb_write_select(&w, FB_CALL(conversation_u_priority, .id = d.id,
                                    .priority = fb_bool_text(
                                        json_object_get_boolean(priority))),
                        &changed);
        fb_update_change(&w, &d, "priority", &changed,
                         "conversation.priority.updated");
    }
    fb_write_step(&w, fb_update_state, &d);
    fb_update_read(&w, &d);
    fb_conversation_write_render_current(&w, d.id, &json);
    for (i = 0; i < d.topics->nelts; i++) {
        fb_write_event(&w, APR_ARRAY_IDX(d.topics, i, const char *), json,
                       NULL);
    }
    return fb_write_respond(&w, HTTP_OK, json);
}

static const fb_op_t fb_conversation_update_op =
    CONVERSATION_WRITE(fb_conversation_update, fb_conversation_update_rules,
                       FB_AUDIT_OF("conversation.updated", "support",
                                   "conversation"));

static const fb_route_t fb_conversation_update_routes[] = {
    {"PATCH", "/conversations/{id}", &fb_conversation_update_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_conversation_update_module = {
    .name = "conversation update",
    .routes = fb_conversation_update_routes,
    .statements = fb_conversation_update_statements,
};
