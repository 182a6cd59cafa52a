/*
 * contacts: the people of an organization (customers and leads), as a CRM
 * sync writes them.  Nova and newer.
 *
 * POST /contacts upserts through fb_contact_upsert() (sql/008), which
 * decides the match and arbitrates races with the unique index on the
 * userId; this file checks the body and the identity hashes, and answers.
 * The other operations name one contact by its id (customers and leads)
 * or by its userId (customers only): a fb_contact_ref_t says which, and
 * every operation starts by finding the contact through it.
 */
#include <string.h>

#include "apr_strings.h"

#include "fb_crypto.h"
#include "fb_json.h"
#include "fb_jsonw.h"
#include "fb_write.h"
#include "people.h"

/* How a path names a contact: its parameter and the statements that find
 * (id, type) by it, plain and with the row locked for a write. */
typedef struct {
    const char *param;
    const fb_statement_t *find;
    const fb_statement_t *find_locked;
} fb_contact_ref_t;

#define CONTACT_FIND(where) \
    "SELECT c.id, c.type FROM contacts c WHERE c.org_id = %s AND " where

/* Customers and leads alike; the list filter (k.type) is a type or
 * NULL. */
FB_LIST_PARAMS(contact_list, (type));

#define CONTACT_LIST(after) \
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS after_key, " \
    "  %s::text AS after_id, %s::text AS type) " \
    "SELECT " CONTACT_SELECT("fb_ts_key(c.created_at), c.id") " " \
    "FROM contacts c, k WHERE c.org_id = k.org_id " \
    "AND (k.type IS NULL OR c.type = k.type) " after \
    "ORDER BY c.created_at DESC, c.id DESC LIMIT %d"

/* A contact's email preferences: their columns, and their JSON.  The
 * preferences by category come made by fb_email_preferences_json()
 * (sql/008: json_object_agg's layout). */
enum { PREF_COL_ID, PREF_COL_USER_ID, PREF_COL_EMAIL, PREF_COL_PREFERENCES };

static const fb_rj_member_t fb_contact_preference_members[] = {
    FB_RJ_CONST("object", "\"contact_email_preferences\""),
    FB_RJ_STRING("contactId", PREF_COL_ID),
    FB_RJ_STRING("userId", PREF_COL_USER_ID),
    FB_RJ_STRING("email", PREF_COL_EMAIL),
    FB_RJ_RAW("preferences", PREF_COL_PREFERENCES),
    FB_RJ_END
};

FB_SQL(contact_get, 1,
    "SELECT " CONTACT_SELECT("NULL") " FROM contacts c "
    "WHERE c.org_id = %s AND c.id = %s");

FB_SQL_WITH(contact_list, contact_list, CONTACT_LIST(""));

FB_SQL_WITH(contact_list_after, contact_list, CONTACT_LIST(
    "AND (c.created_at, c.id) "
    "  < (fb_ts_from_key(k.after_key), k.after_id) "));

FB_SQL(contact_find, 1,
    CONTACT_FIND("c.id = %s"));

FB_SQL(contact_find_locked, 1,
    CONTACT_FIND("c.id = %s FOR UPDATE"));

FB_SQL(contact_find_user, 1,
    CONTACT_FIND("c.user_id = %s AND c.type = 'customer'"));

FB_SQL(contact_find_user_locked, 1,
    CONTACT_FIND("c.user_id = %s AND c.type = 'customer' FOR UPDATE"));

FB_SQL(contact_identity_secret, 0,
    "SELECT identity_secret FROM organizations WHERE id = %s");

FB_SQL_NAMED(contact_upsert, (body, verified),
    "SELECT u.contact_id, u.created "
    "FROM (SELECT %s::text AS org_id, %s::jsonb AS body, "
    "  %s::boolean AS verified) k, "
    "  fb_contact_upsert(k.org_id, k.body, k.verified) u");

FB_SQL_NAMED(contact_block, (id, blocked),
    "UPDATE contacts c SET is_blocked = k.blocked, updated_at = now() "
    "FROM (SELECT %s::text AS org_id, %s::text AS id, "
    "             %s::boolean AS blocked) k "
    "WHERE c.org_id = k.org_id AND c.id = k.id");

/* Deleting: the votes leave their posts' counts, the emails not yet
 * sent to the address are dropped, then the row goes (its votes and
 * company links cascade; posts keep existing without an author). */
FB_SQL(contact_unvote, 1,
    "UPDATE posts p SET upvotes = greatest(p.upvotes - 1, 0) "
    "FROM post_votes v WHERE v.org_id = %s AND v.contact_id = %s "
    "AND p.org_id = v.org_id AND p.id = v.post_id");

FB_SQL(contact_unmail, 1,
    "DELETE FROM email_outbox o USING contacts c "
    "WHERE c.org_id = %s AND c.id = %s AND o.org_id = c.org_id "
    "AND o.state = 'pending' AND lower(o.recipient) = lower(c.email)");

/* A deleted contact's address leaves the changelog subscribers. */
FB_SQL(contact_unsubscribe, 1,
    "DELETE FROM changelog_subscribers s USING contacts c "
    "WHERE c.org_id = %s AND c.id = %s AND s.org_id = c.org_id "
    "AND s.email = lower(c.email)");

FB_SQL(contact_delete, 1,
    "DELETE FROM contacts WHERE org_id = %s AND id = %s");

/* What a contact's delete changes besides its row, locked before the
 * contact, by id: the posts it voted on (their upvotes), wrote (their
 * author) or commented on, and the changelogs it commented on (their
 * comments' author).  A post's or changelog's delete and a comment's
 * lock the post or changelog, then the comments, then their authors
 * (their counters): holding the contact first deadlocked with them. */
FB_SQL(contact_targets_first, 1,
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, "
    "                                   %s::text AS contact), "
    "t AS (SELECT v.post_id AS id FROM post_votes v, k "
    "      WHERE v.org_id = k.org_id AND v.contact_id = k.contact "
    "      UNION SELECT a.id FROM posts a, k WHERE a.org_id = k.org_id "
    "      AND a.author_contact_id = k.contact "
    "      UNION SELECT c.target_id FROM comments c, k "
    "      WHERE c.org_id = k.org_id AND c.author_contact_id = k.contact), "
    "p AS (SELECT p.id FROM k, posts p JOIN t ON t.id = p.id "
    "      WHERE p.org_id = k.org_id ORDER BY p.id FOR UPDATE OF p), "
    "l AS (SELECT l.id FROM k, changelogs l JOIN t ON t.id = l.id "
    "      WHERE l.org_id = k.org_id ORDER BY l.id FOR UPDATE OF l) "
    "SELECT (SELECT count(*) FROM p), (SELECT count(*) FROM l)");

FB_SQL(contact_preferences, 1,
    "SELECT c.id, c.user_id, c.email, "
    "  fb_email_preferences_json(c.email_preferences, "
    "                            c.manually_opted_out_from_changelog) "
    "FROM contacts c "
    "WHERE c.org_id = %s AND c.id = %s");

/* prefs: the preferences; changelog: the changelog one, or NULL (the
 * changelog category is the opt-out flag, sql/008). */
FB_SQL_NAMED(contact_preferences_set, (id, prefs, changelog),
    "UPDATE contacts c SET "
    "  email_preferences = c.email_preferences || (k.prefs - 'changelog'), "
    "  manually_opted_out_from_changelog = CASE k.changelog "
    "    WHEN 'unsubscribed' THEN true WHEN 'subscribed' THEN false "
    "    ELSE c.manually_opted_out_from_changelog END, "
    "  subscribed_to_changelog = CASE k.changelog "
    "    WHEN 'unsubscribed' THEN false WHEN 'subscribed' THEN true "
    "    ELSE c.subscribed_to_changelog END, "
    "  updated_at = now() "
    "FROM (SELECT %s::text AS org_id, %s::text AS id, %s::jsonb AS prefs, "
    "             %s::text AS changelog) k "
    "WHERE c.org_id = k.org_id AND c.id = k.id");

static const fb_statement_t *const fb_contact_statements[] = {
    &fb_sql_contact_get, &fb_sql_contact_list, &fb_sql_contact_list_after,
    &fb_sql_contact_find, &fb_sql_contact_find_locked,
    &fb_sql_contact_find_user, &fb_sql_contact_find_user_locked,
    &fb_sql_contact_identity_secret, &fb_sql_contact_upsert,
    &fb_sql_contact_block, &fb_sql_contact_unvote, &fb_sql_contact_unmail,
    &fb_sql_contact_unsubscribe, &fb_sql_contact_delete,
    &fb_sql_contact_targets_first,
    &fb_sql_contact_preferences, &fb_sql_contact_preferences_set, NULL
};

static const fb_contact_ref_t fb_contact_by_id = {
    "id", &fb_sql_contact_find, &fb_sql_contact_find_locked
};
static const fb_contact_ref_t fb_contact_by_user_id = {
    "userId", &fb_sql_contact_find_user, &fb_sql_contact_find_user_locked
};

/*
 * Finds the contact ref names in the path: its id.  An id that is not an
 * object id is 400 invalid_id; no such contact (or a lead by userId) is
 * 404 contact_not_found; a lead where customer is set (email
 * preferences are kept for customers only) is 400.  With locked, the row
 * stays locked until the transaction ends.
 */
static fb_error_t *fb_contact_find(fb_req_t *fr, const fb_contact_ref_t *ref,
                                   int locked, int customer, const char **id)
{
    const char *value = fb_req_param(fr, ref->param);
    fb_rows_t rows;
    fb_error_t *err;

    if (ref == &fb_contact_by_id
        && (err = fb_resource_id(fr, &value)) != NULL) {
        return err;
    }
    if ((err = fb_req_select(fr, locked ? ref->find_locked : ref->find,
                             FB_ARGS(value), &rows)) != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, FB_E_CONTACT_NOT_FOUND, ref->param,
                             NULL);
    }
    *id = fb_rows_get(&rows, 0, 0);
    if (customer && strcmp(fb_rows_get(&rows, 0, 1), "customer") != 0) {
        return fb_error_make(fr->pool, FB_E_INVALID_REQUEST, ref->param,
                             "Email preferences are kept for customers "
                             "only; this contact is a lead.");
    }
    return NULL;
}

/* What a write on one contact finds first (a step of fb_write): the
 * contact ref names, a customer when customer is set, locked until the
 * write ends; id is where its id goes. */
typedef struct {
    const fb_contact_ref_t *ref;
    int customer;
    const char *id;
} fb_contact_lock_t;

static fb_error_t *fb_contact_lock(fb_req_t *fr, void *ctx)
{
    fb_contact_lock_t *lock = ctx;

    return fb_contact_find(fr, lock->ref, 1, lock->customer, &lock->id);
}

/* ---- GET /contacts, GET /contacts/{id}, .../by-user-id/{userId} ---- */

static const fb_list_order_t fb_contacts_newest = {
    .first = &fb_sql_contact_list,
    .after = &fb_sql_contact_list_after,
    .cursor_sort = "contacts.createdAt.desc",
    .key_valid = fb_key_integer,
};

static const char *const fb_contact_types[] = {"customer", "lead", "all",
                                               NULL};

static const fb_query_rule_t fb_contact_list_rules[] = {
    FB_QUERY_RULES_PAGE,
    {.name = "contactType", .type = FB_Q_ENUM, .choices = fb_contact_types},
    {.name = NULL}
};

static fb_error_t *fb_contact_list(fb_req_t *fr)
{
    const char *type = fb_query_get(&fr->query, "contactType");

    if (type == NULL) {
        type = "customer";
    }
    else if (strcmp(type, "all") == 0) {
        type = NULL;
    }
    return fb_list_respond_rows(fr, &fb_contacts_newest,
                                FB_NAMED(contact_list, .type = type),
                                &fb_contact_rows);
}

static fb_error_t *fb_contact_get(fb_req_t *fr)
{
    const char *id;
    fb_error_t *err = fb_contact_find(fr, fr->op->data, 0, 0, &id);

    return err != NULL ? err : fb_contact_respond(fr, HTTP_OK, id);
}

/* ---- POST /contacts ---- */

/* A contact's companies name their external id "id" and may be signed
 * (companyHash). */
static const fb_field_rule_t fb_contact_company_rules[] = {
    {.name = "id", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 500},
    COMPANY_FIELD_RULES,
    {.name = "companyHash", .type = FB_FIELD_STRING, .min = 1, .max = 256},
    {.name = NULL}
};

static const fb_field_rule_t fb_contact_upsert_rules[] = {
    {.name = "email", .type = FB_FIELD_EMAIL, .min = 3, .max = 500},
    {.name = "userId", .type = FB_FIELD_STRING, .min = 1, .max = 500},
    {.name = "userHash", .type = FB_FIELD_STRING, .min = 1, .max = 256},
    {.name = "name", .type = FB_FIELD_STRING, .min = 1, .max = 500},
    FB_PROFILE_PICTURE_RULE(FB_FIELD_NULL_CLEARS),
    {.name = "companies", .type = FB_FIELD_ARRAY, .max = 100,
     .fields = fb_contact_company_rules},
    {.name = "customFields", .type = FB_FIELD_VALUES, .max = 100},
    {.name = "subscribedToChangelog", .type = FB_FIELD_BOOL},
    {.name = "locale", .type = FB_FIELD_STRING, .min = 1, .max = 10},
    {.name = "phone", .type = FB_FIELD_STRING, .max = 500,
     .flags = FB_FIELD_NULL_CLEARS},
    {.name = "roles", .type = FB_FIELD_STRING_ARRAY, .max = 100,
     .item_max = 255},
    {.name = "createdAt", .type = FB_FIELD_TIME},
    /* Who the contact is: an email, a userId, or both. */
    FB_FIELD_GROUP_OF(FB_FIELD_REQUIRED, "userId", "email"),
    {.name = NULL}
};

/*
 * Checks the identity hashes of the body against the organization's
 * secret: userHash signs the userId (else the email), each companyHash its
 * company's id.  A hash that does not match is 403 forbidden; without a
 * secret, hashes are not checked.  *verified tells whether a userHash
 * matched.
 */
static fb_error_t *fb_contact_verify(fb_req_t *fr, json_object *body,
                                     int *verified)
{
    json_object *companies = json_object_object_get(body, "companies");
    const char *user_hash = fb_json_string(body, "userHash");
    const char *signed_text = fb_json_string(body, "userId");
    const char *secret;
    apr_size_t i, n = companies != NULL
                      ? json_object_array_length(companies) : 0;
    int hashes = user_hash != NULL;
    fb_error_t *err;
    fb_rows_t rows;

    *verified = 0;
    for (i = 0; i < n; i++) {
        hashes |= fb_json_string(json_object_array_get_idx(companies, i),
                                 "companyHash") != NULL;
    }
    if (!hashes) {
        return NULL;
    }
    if ((err = fb_req_select(fr, &fb_sql_contact_identity_secret,
                             FB_NO_ARGS, &rows)) != NULL
        || (secret = fb_rows_get(&rows, 0, 0)) == NULL) {
        return err;
    }
    if (signed_text == NULL) {
        signed_text = fb_json_string(body, "email");
    }
    if (user_hash != NULL) {
        if (!fb_hmac_sha256_matches(secret, signed_text, user_hash)) {
            return fb_error_make(fr->pool, FB_E_FORBIDDEN, "userHash",
                                 "The userHash does not match.");
        }
        *verified = 1;
    }
    for (i = 0; i < n; i++) {
        json_object *item = json_object_array_get_idx(companies, i);
        const char *hash = fb_json_string(item, "companyHash");

        if (hash != NULL
            && !fb_hmac_sha256_matches(secret, fb_json_string(item, "id"),
                                       hash)) {
            return fb_error_make(
                fr->pool, FB_E_FORBIDDEN,
                apr_psprintf(fr->pool, "companies[%lu].companyHash",
                             (unsigned long)i),
                "The companyHash does not match.");
        }
    }
    return NULL;
}

/* POST /contacts: created (201) or updated (200) by fb_contact_upsert(),
 * answered as it is once committed. */
static fb_error_t *fb_contact_upsert(fb_req_t *fr)
{
    json_object *body = fr->body;
    json_object *companies = json_object_object_get(body, "companies");
    const char *created, *json;
    fb_rows_t upserted;
    fb_write_t w;
    fb_error_t *err;
    apr_size_t i;
    int verified;

    if ((err = fb_contact_verify(fr, body, &verified)) != NULL) {
        return err;
    }
    fb_people_created_at(fr->pool, body);
    for (i = 0; companies != NULL && i < json_object_array_length(companies);
         i++) {
        fb_people_created_at(fr->pool,
                             json_object_array_get_idx(companies, i));
    }
    fb_write_begin(&w, fr);
    fb_write_select(&w, FB_CALL(contact_upsert,
                                .body = fb_json_text(fr->pool, body),
                                .verified = fb_bool_text(verified)),
                    &upserted);
    created = fb_rows_get(&upserted, 0, 1);
    fb_contact_write_render(&w, fb_rows_get(&upserted, 0, 0), &json);
    return fb_write_respond(&w, created != NULL && strcmp(created, "t") == 0
                                ? HTTP_CREATED : HTTP_OK,
                            json);
}

/* ---- DELETE /contacts/{id} and .../by-user-id/{userId} ---- */

/* The rows contact_targets_first names, locked before the contact. */
static fb_error_t *fb_contact_targets_first(fb_req_t *fr, void *ctx)
{
    fb_contact_lock_t *lock = ctx;
    fb_rows_t rows;
    fb_error_t *err;

    if ((err = fb_contact_find(fr, lock->ref, 0, 0, &lock->id)) != NULL) {
        return err;
    }
    return fb_req_select(fr, &fb_sql_contact_targets_first,
                         FB_ARGS(lock->id), &rows);
}

static fb_error_t *fb_contact_delete(fb_req_t *fr)
{
    fb_contact_lock_t contact = {fr->op->data, 0, NULL};
    fb_write_t w;

    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_contact_targets_first, &contact);
    fb_write_step(&w, fb_contact_lock, &contact);
    fb_write_exec(&w, &fb_sql_contact_unvote, FB_ARGS(contact.id));
    fb_write_exec(&w, &fb_sql_contact_unmail, FB_ARGS(contact.id));
    fb_write_exec(&w, &fb_sql_contact_unsubscribe, FB_ARGS(contact.id));
    fb_write_exec(&w, &fb_sql_contact_delete, FB_ARGS(contact.id));
    return fb_write_respond(&w, HTTP_OK,
                            fb_resource_deleted(fr->pool, contact.id,
                                                "contact"));
}

/* ---- POST /contacts/{id}/block and /unblock ---- */

/* What block and unblock set, and the member their answer confirms. */
typedef struct {
    int blocked;
    const char *member;
} fb_contact_block_t;

static const fb_contact_block_t fb_contact_blocking = {1, "blocked"};
static const fb_contact_block_t fb_contact_unblocking = {0, "unblocked"};

static fb_error_t *fb_contact_block(fb_req_t *fr)
{
    const fb_contact_block_t *how = fr->op->data;
    fb_contact_lock_t contact = {&fb_contact_by_id, 0, NULL};
    fb_write_t w;
    fb_jsonw_t json;

    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_contact_lock, &contact);
    fb_write_exec(&w, FB_CALL(contact_block, .id = contact.id,
                              .blocked = fb_bool_text(how->blocked)));
    fb_jsonw_init(&json, fr->pool, 96);
    fb_jsonw_compact(&json);
    fb_jsonw_member_string(&json, "id", contact.id);
    fb_jsonw_member_string(&json, "object", "contact");
    fb_jsonw_member_bool(&json, how->member, "t");
    fb_jsonw_end(&json);
    return fb_write_respond(&w, HTTP_OK, fb_jsonw_text(&json, NULL));
}

/* ---- GET/PATCH .../email-preferences ---- */

static const char *const fb_preference_states[] = {"subscribed",
                                                   "unsubscribed", NULL};

#define PREFERENCE(key) \
    {.name = (key), .type = FB_FIELD_ENUM, .choices = fb_preference_states}

static const fb_field_rule_t fb_preference_rules[] = {
    PREFERENCE("all"), PREFERENCE("postUpdates"), PREFERENCE("postComments"),
    PREFERENCE("commentReplies"), PREFERENCE("changelog"),
    {.name = NULL}
};

static const fb_field_rule_t fb_preference_body_rules[] = {
    {.name = "preferences", .type = FB_FIELD_OBJECT,
     .flags = FB_FIELD_REQUIRED, .fields = fb_preference_rules},
    {.name = NULL}
};

static fb_error_t *fb_contact_preferences_respond(fb_req_t *fr,
                                                  const char *id)
{
    const char *json;
    fb_rows_t rows;
    fb_error_t *err = fb_req_select(fr, &fb_sql_contact_preferences,
                                    FB_ARGS(id), &rows);

    if (err != NULL) {
        return err;
    }
    if (rows.nrows == 0) {      /* deleted since it was written */
        return fb_error_make(fr->pool, FB_E_CONTACT_NOT_FOUND, "id", NULL);
    }
    json = fb_rj_json(fr, fb_contact_preference_members, rows.cells, 256);
    if (json == NULL) {
        return fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
    }
    fb_respond(fr, HTTP_OK, json);
    return NULL;
}

static fb_error_t *fb_contact_preferences_get(fb_req_t *fr)
{
    const char *id;
    fb_error_t *err = fb_contact_find(fr, fr->op->data, 0, 1, &id);

    return err != NULL ? err : fb_contact_preferences_respond(fr, id);
}

static fb_error_t *fb_contact_preferences_set(fb_req_t *fr)
{
    json_object *prefs = json_object_object_get(fr->body, "preferences");
    fb_contact_lock_t customer = {fr->op->data, 1, NULL};
    fb_write_t w;
    fb_error_t *err;

    if (json_object_object_length(prefs) == 0) {
        return fb_error_make(fr->pool, FB_E_MISSING_PARAMETER,
                             "preferences",
                             "At least one preference must be given.");
    }
    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_contact_lock, &customer);
    fb_write_exec(&w, FB_CALL(contact_preferences_set, .id = customer.id,
                              .prefs = fb_json_text(fr->pool, prefs),
                              .changelog = fb_json_string(prefs,
                                                          "changelog")));
    return (err = fb_write_end(&w)) != NULL
           ? err : fb_contact_preferences_respond(fr, customer.id);
}

/* ---- routes ---- */

#define CONTACT_READ(fn, desc, query_rules) \
    {.handler = (fn), .min_version = FB_VERSION_NOVA, \
     .permission = FB_PERM_VIEW_USERS, .query = (query_rules), \
     .data = (desc)}
#define CONTACT_WRITE(fn, op_flags, desc, rules, audited) \
    {.handler = (fn), .flags = FB_OP_WRITE | (op_flags), \
     .min_version = FB_VERSION_NOVA, .permission = FB_PERM_MANAGE_USERS, \
     .body = (rules), .data = (desc), .audit = (audited)}

static const fb_op_t fb_contact_list_op =
    CONTACT_READ(fb_contact_list, NULL, fb_contact_list_rules);
static const fb_op_t fb_contact_upsert_op =
    CONTACT_WRITE(fb_contact_upsert, FB_OP_BODY, NULL,
                  fb_contact_upsert_rules,
                  FB_AUDIT_MADE("contact.saved", "people", "contact"));
/* Blocking a contact is the client's banning of a user. */
static const fb_op_t fb_contact_block_op =
    CONTACT_WRITE(fb_contact_block, 0, &fb_contact_blocking, NULL,
                  FB_AUDIT_OF("security.user_banned", "security",
                              "contact"));
static const fb_op_t fb_contact_unblock_op =
    CONTACT_WRITE(fb_contact_block, 0, &fb_contact_unblocking, NULL,
                  FB_AUDIT_OF("security.user_unbanned", "security",
                              "contact"));

/* The operations on one contact, by id and by userId (the path's
 * parameter param). */
#define CONTACT_OPS(name, ref, param) \
    static const fb_op_t name##_get = \
        CONTACT_READ(fb_contact_get, &(ref), NULL); \
    static const fb_op_t name##_delete = \
        CONTACT_WRITE(fb_contact_delete, 0, &(ref), NULL, \
                      FB_AUDIT_TARGET("contact.deleted", "people", \
                                      "contact", FB_AUDIT_PATH, param)); \
    static const fb_op_t name##_preferences_get = \
        CONTACT_READ(fb_contact_preferences_get, &(ref), NULL); \
    static const fb_op_t name##_preferences_set = \
        CONTACT_WRITE(fb_contact_preferences_set, FB_OP_BODY, &(ref), \
                      fb_preference_body_rules, \
                      FB_AUDIT_TARGET("contact.email_preferences_changed", \
                                      "people", "contact", FB_AUDIT_PATH, \
                                      param))

CONTACT_OPS(fb_contact_id, fb_contact_by_id, "id");
CONTACT_OPS(fb_contact_user, fb_contact_by_user_id, "userId");

#define CONTACT_ROUTES(path, name) \
    {"GET", path, &name##_get}, \
    {"DELETE", path, &name##_delete}, \
    {"GET", path "/email-preferences", &name##_preferences_get}, \
    {"PATCH", path "/email-preferences", &name##_preferences_set}

static const fb_route_t fb_contact_routes[] = {
    {"GET", "/contacts", &fb_contact_list_op},
    {"POST", "/contacts", &fb_contact_upsert_op},
    CONTACT_ROUTES("/contacts/{id}", fb_contact_id),
    CONTACT_ROUTES("/contacts/by-user-id/{userId}", fb_contact_user),
    {"POST", "/contacts/{id}/block", &fb_contact_block_op},
    {"POST", "/contacts/{id}/unblock", &fb_contact_unblock_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_contacts_module = {
    .name = "contacts",
    .routes = fb_contact_routes,
    .statements = fb_contact_statements,
};
