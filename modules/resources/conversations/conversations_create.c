/*
 * conversations_create: POST /conversations.
 *
 * A contact starts a conversation (from {type:'contact', id}), or an
 * admin reaches out to recipients (from {type:'admin', id} with
 * recipients.to, cc, bcc: contact ids, or emails, whose contacts are
 * found or made).  One transaction: the number (fb_next_number), the
 * conversation, its participants, its first part (the source) and the
 * event.  A blocked contact cannot start one (403).  customAttributes
 * (an extension: the client's create has none) are checked against their
 * definitions as a PATCH's are (conversation_attributes/).
 */
#include <string.h>

#include "apr_strings.h"

#include "body_fields.h"
#include "conversation_attributes/conversation_attributes.h"
#include "conversations.h"
#include "fb_id.h"
#include "fb_json.h"
#include "fb_validate.h"
#include "people/people.h"

/* The contact's language is the conversation's (English without one). */
FB_SQL_NAMED(conversation_c_insert,
             (channel, delivered_as, subject, contact, at, attributes),
    "INSERT INTO conversations (org_id, id, brand_id, channel, "
    "  delivered_as, subject, language, created_at, updated_at, "
    "  custom_attributes) "
    "SELECT k.org_id, fb_next_number(k.org_id, 'conversation')::text, "
    "  (SELECT b.id FROM brands b WHERE b.org_id = k.org_id "
    "   AND b.is_default), k.channel, k.delivered_as, k.subject, "
    "  coalesce((SELECT c.locale FROM contacts c WHERE c.org_id = k.org_id "
    "            AND c.id = k.contact), 'en'), "
    "  coalesce(k.at, now()), coalesce(k.at, now()), "
    "  coalesce(jsonb_strip_nulls(k.attributes), '{}') "
    "FROM (SELECT %s::text AS org_id, %s::text AS channel, "
    "  %s::text AS delivered_as, %s::text AS subject, %s::text AS contact, "
    "  %s::timestamptz AS at, %s::jsonb AS attributes) k "
    "RETURNING id");

FB_SQL_NAMED(conversation_c_join, (conversation, contact),
    "SELECT fb_conversation_join(k.org_id, k.conversation, 'contact', "
    "  k.contact) "
    "FROM (SELECT %s::text AS org_id, %s::text AS conversation, "
    "  %s::text AS contact) k");

static const fb_statement_t *const fb_conversation_create_statements[] = {
    &fb_sql_conversation_c_insert, &fb_sql_conversation_c_join, NULL
};

static const char *const fb_conversation_from_types[] = {"contact",
                                                         "admin", NULL};
static const char *const fb_conversation_channels[] = {"desktop", "email",
                                                       NULL};

static const fb_field_rule_t fb_conversation_from_rules[] = {
    {.name = "type", .type = FB_FIELD_ENUM, .flags = FB_FIELD_REQUIRED,
     .choices = fb_conversation_from_types},
    {.name = "id", .type = FB_FIELD_ID, .flags = FB_FIELD_REQUIRED},
    {.name = NULL}
};

static const fb_field_rule_t fb_conversation_recipient_rules[] = {
    {.name = "emails", .type = FB_FIELD_STRING_ARRAY, .max = 50,
     .item_max = 255},
    {.name = "ids", .type = FB_FIELD_STRING_ARRAY, .max = 50,
     .item_max = 24},
    {.name = NULL}
};

static const fb_field_rule_t fb_conversation_recipients_rules[] = {
    {.name = "to", .type = FB_FIELD_OBJECT, .flags = FB_FIELD_REQUIRED,
     .fields = fb_conversation_recipient_rules},
    {.name = "cc", .type = FB_FIELD_OBJECT,
     .fields = fb_conversation_recipient_rules},
    {.name = "bcc", .type = FB_FIELD_OBJECT,
     .fields = fb_conversation_recipient_rules},
    {.name = NULL}
};

static const fb_field_rule_t fb_conversation_create_rules[] = {
    {.name = "from", .type = FB_FIELD_OBJECT, .flags = FB_FIELD_REQUIRED,
     .fields = fb_conversation_from_rules},
    {.name = "bodyMarkdown", .type = FB_FIELD_STRING,
     .flags = FB_FIELD_REQUIRED, .min = 1, .max = 500000},
    {.name = "channel", .type = FB_FIELD_ENUM,
     .choices = fb_conversation_channels},
    {.name = "recipients", .type = FB_FIELD_OBJECT,
     .fields = fb_conversation_recipients_rules},
    {.name = "subject", .type = FB_FIELD_STRING, .min = 1, .max = 500},
    {.name = "createdAt", .type = FB_FIELD_TIME},
    /* Extension (docs/decisions.md, "Conversation attributes"). */
    {.name = "customAttributes", .type = FB_FIELD_VALUES, .max = 100},
    {.name = NULL}
};

/* The recipient lists, in the order they are added as participants. */
static const char *const fb_conversation_lists[] = {"to", "cc", "bcc",
                                                    NULL};

/* What a create has gathered. */
typedef struct {
    int admin;                  /* outreach by an admin */
    const char *from;           /* the contact's or admin's id */
    const char *channel;
    const char *html, *markdown, *created_at;
    apr_array_header_t *contacts;   /* recipients' contact ids */
    const char *id;             /* the new conversation's */
    const char *attributes;     /* customAttributes, checked, or NULL */
} fb_conversation_draft_t;

/* The array member of recipients.list, or NULL. */
static json_object *fb_conversation_list_of(json_object *recipients,
                                            const char *list,
                                            const char *member)
{
    json_object *o = json_object_object_get(recipients, list);

    return o != NULL ? json_object_object_get(o, member) : NULL;
}

/* The checks the rules cannot make, before anything is written. */
static fb_error_t *fb_conversation_create_check(fb_req_t *fr,
                                                fb_conversation_draft_t *d)
{
    json_object *recipients = json_object_object_get(fr->body,
                                                     "recipients");
    json_object *emails;
    apr_size_t i, n = 0;

    if (!d->admin) {
        return recipients == NULL ? NULL : fb_error_make(
            fr->pool, FB_E_INVALID_PARAMETER, "recipients",
            "Recipients are for admin outreach only.");
    }
    if (recipients == NULL) {
        return fb_error_make(fr->pool, FB_E_MISSING_PARAMETER, "recipients",
                             "Admin outreach needs recipients.");
    }
    for (i = 0; i < 2; i++) {
        json_object *a = fb_conversation_list_of(recipients, "to",
                                                  i ? "ids" : "emails");

        n += a != NULL ? json_object_array_length(a) : 0;
    }
    if (n == 0) {
        return fb_error_make(fr->pool, FB_E_MISSING_PARAMETER,
                             "recipients.to", "At least one recipient is "
                             "required in 'to'.");
    }
    if (strcmp(d->channel, "email") == 0
        && fb_json_string(fr->body, "subject") == NULL) {
        return fb_error_make(fr->pool, FB_E_MISSING_PARAMETER, "subject",
                             "An email conversation needs a subject.");
    }
    for (i = 0; fb_conversation_lists[i] != NULL; i++) {
        apr_size_t k;

        emails = fb_conversation_list_of(recipients,
                                         fb_conversation_lists[i],
                                         "emails");
        for (k = 0; emails != NULL && k < json_object_array_length(emails);
             k++) {
            if (!fb_email_valid(json_object_get_string(
                                    json_object_array_get_idx(emails, k)))) {
                return fb_error_make(
                    fr->pool, FB_E_INVALID_PARAMETER,
                    apr_psprintf(fr->pool, "recipients.%s.emails[%lu]",
                                 fb_conversation_lists[i],
                                 (unsigned long)k),
                    "Not an email address.");
            }
        }
    }
    return NULL;
}

/* The recipients' contacts: ids must be the organization's contacts,
 * emails find or make one. */
static fb_error_t *fb_conversation_recipients(fb_req_t *fr,
                                              fb_conversation_draft_t *d)
{
    json_object *recipients = json_object_object_get(fr->body,
                                                     "recipients");
    int i, m, blocked;

    d->contacts = apr_array_make(fr->pool, 4, sizeof(const char *));
    for (i = 0; fb_conversation_lists[i] != NULL; i++) {
        for (m = 0; m < 2; m++) {
            json_object *a = fb_conversation_list_of(
                recipients, fb_conversation_lists[i], m ? "ids" : "emails");
            apr_size_t k;

            for (k = 0; a != NULL && k < json_object_array_length(a); k++) {
                const char *v = json_object_get_string(
                    json_object_array_get_idx(a, k));
                const char *param = apr_psprintf(
                    fr->pool, "recipients.%s.%s[%lu]",
                    fb_conversation_lists[i], m ? "ids" : "emails",
                    (unsigned long)k);
                const char *contact = v, *admin;
                json_object *who;
                fb_error_t *err;

                if (m) {
                    err = fb_conversation_contact(fr, v, param, &blocked);
                }
                else {
                    who = fb_json_owned(fr->pool, json_object_new_object());
                    json_object_object_add(who, "email",
                                           json_object_new_string(v));
                    err = fb_person_resolve(fr, who, param, 1, &contact,
                                            &admin);
                }
                if (err != NULL) {
                    return err;
                }
                APR_ARRAY_PUSH(d->contacts, const char *) = contact;
            }
        }
    }
    return NULL;
}

/* The author and recipients, in the transaction. */
static fb_error_t *fb_conversation_gather(fb_req_t *fr, void *draft)
{
    fb_conversation_draft_t *d = draft;
    json_object *from = json_object_object_get(fr->body, "from");
    const char *given = fb_json_string(from, "id");
    const char *admin;
    fb_error_t *err;
    int blocked;

    if ((err = fb_conversation_attributes_check(
             fr, json_object_object_get(fr->body, "customAttributes"),
             &d->attributes)) != NULL) {
        return err;
    }
    if (d->admin) {
        if ((err = fb_conversation_admin(fr, given, "from.id", &admin))
            != NULL) {
            return err;
        }
        return fb_conversation_recipients(fr, d);
    }
    if ((err = fb_conversation_contact(fr, given, "from.id", &blocked))
        != NULL) {
        return err;
    }
    if (blocked) {
        return fb_error_make(fr->pool, FB_E_FORBIDDEN, "from.id",
                             "This contact is blocked and cannot start "
                             "conversations.");
    }
    return NULL;
}

/* Adds the recipients as participants. */
static fb_error_t *fb_conversation_join_all(fb_req_t *fr, void *draft)
{
    fb_conversation_draft_t *d = draft;
    fb_rows_t rows;
    fb_error_t *err;
    int i;

    for (i = 0; d->contacts != NULL && i < d->contacts->nelts; i++) {
        err = fb_req_select(
            fr, FB_CALL(conversation_c_join, .conversation = d->id,
                        .contact = APR_ARRAY_IDX(d->contacts, i,
                                                 const char *)),
            &rows);
        if (err != NULL) {
            return err;
        }
    }
    return NULL;
}

static fb_error_t *fb_conversation_create(fb_req_t *fr)
{
    json_object *from = json_object_object_get(fr->body, "from");
    fb_conversation_draft_t d;
    fb_conversation_part_t part;
    const char *json = NULL;
    fb_rows_t made;
    fb_write_t w;
    fb_error_t *err;

    memset(&d, 0, sizeof(d));
    d.admin = strcmp(fb_json_string(from, "type"), "admin") == 0;
    d.from = fb_id_normalize(fr->pool, fb_json_string(from, "id"));
    d.channel = fb_json_string(fr->body, "channel");
    if (d.channel == NULL) {
        d.channel = "desktop";
    }
    if ((err = fb_conversation_create_check(fr, &d)) != NULL
        || (err = fb_conversation_body(fr, &d.html, &d.markdown)) != NULL) {
        return err;
    }
    d.created_at = fb_body_time(fr, "createdAt");

    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_conversation_gather, &d);
    fb_write_select(&w,
                    FB_CALL(conversation_c_insert, .channel = d.channel,
                            .delivered_as = d.admin ? "admin_initiated"
                                                    : "customer_initiated",
                            .subject = fb_json_string(fr->body, "subject"),
                            .contact = d.admin ? NULL : d.from,
                            .at = d.created_at,
                            .attributes = d.attributes),
                    &made);
    d.id = fb_rows_get(&made, 0, 0);
    fb_write_step(&w, fb_conversation_join_all, &d);
    memset(&part, 0, sizeof(part));
    part.type = strcmp(d.channel, "email") == 0
                ? "email_msg" : d.admin ? "admin_msg" : "user_msg";
    part.author_kind = d.admin ? "admin" : "contact";
    part.author_id = d.from;
    part.html = d.html;
    part.markdown = d.markdown;
    part.channel = d.channel;
    part.created_at = d.created_at;
    fb_conversation_write_part(&w, d.id, &part, NULL);
    fb_conversation_write_render(&w, d.id, &json);
    fb_write_event(&w, d.admin ? "conversation.admin.replied"
                               : "conversation.user.created", json, NULL);
    return fb_write_respond(&w, HTTP_CREATED, json);
}

static const fb_op_t fb_conversation_create_op =
    CONVERSATION_WRITE(fb_conversation_create, fb_conversation_create_rules,
                       FB_AUDIT_MADE("conversation.created", "support",
                                     "conversation"));

static const fb_route_t fb_conversation_create_routes[] = {
    {"POST", "/conversations", &fb_conversation_create_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_conversation_create_module = {
    .name = "conversation create",
    .routes = fb_conversation_create_routes,
    .statements = fb_conversation_create_statements,
};
