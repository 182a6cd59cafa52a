/*
 * api_keys: the organization's API keys, a management extension
 * (fb_manage.h) guarded by manage_api.  A key is made as the operator
 * command makes it (sql/002: "sk_" and 40 base62 characters from the
 * CSPRNG, only its SHA-256 kept) and shown once, in the create answer;
 * afterwards only its prefix.  DELETE revokes: the row stays, with
 * revokedAt, and the key stops working within FeedbackKeyCacheTTL.
 * A key is made for the caller's own admin unless adminId names
 * another, which only the Owner may do (a key carries its admin's role).
 * The Owners' keys are not there for callers who are not an Owner
 * (fb_owner.h): left out of the list, 404 by id.
 */
#include <string.h>

#include "fb_json.h"
#include "fb_manage.h"
#include "fb_owner.h"
#include "fb_resource.h"

/* A key's columns (over a row k of api_keys), and its JSON. */
#define API_KEY_COLUMNS \
    "k.id, k.name, k.prefix, k.admin_id, " \
    "k.created_at AT TIME ZONE 'UTC', k.revoked_at AT TIME ZONE 'UTC'"

enum {
    API_KEY_COL_ID, API_KEY_COL_NAME, API_KEY_COL_PREFIX,
    API_KEY_COL_ADMIN_ID, API_KEY_COL_CREATED_AT, API_KEY_COL_REVOKED_AT
};

static const fb_rj_member_t fb_api_key_members[] = {
    FB_RJ_CONST("object", "\"api_key\""),
    FB_RJ_STRING("id", API_KEY_COL_ID),
    FB_RJ_STRING("name", API_KEY_COL_NAME),
    FB_RJ_STRING("prefix", API_KEY_COL_PREFIX),
    FB_RJ_STRING("adminId", API_KEY_COL_ADMIN_ID),
    FB_RJ_TIME("createdAt", API_KEY_COL_CREATED_AT),
    FB_RJ_TIME("revokedAt", API_KEY_COL_REVOKED_AT),
    FB_RJ_END
};

static const fb_list_rows_t fb_api_key_rows = {
    .members = fb_api_key_members, .json_size = 256
};

/* Whether the reader sees k: an Owner (the argument) sees every key,
 * others all but the Owners'. */
#define API_KEY_SEEN \
    "(a.reader OR NOT " FB_OWNER_ADMIN("a.org_id", "k.admin_id") ")"

FB_SQL_WITH(api_key_get, resource_read,
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::boolean AS reader) "
    "SELECT " API_KEY_COLUMNS " FROM api_keys k, a "
    "WHERE k.org_id = a.org_id AND k.id = a.id AND " API_KEY_SEEN);

FB_SQL(api_key_list, 1,
    "WITH a AS (SELECT %s::text AS org_id, %s::boolean AS reader) "
    "SELECT " API_KEY_COLUMNS " FROM api_keys k, a "
    "WHERE k.org_id = a.org_id "
    "AND " API_KEY_SEEN " ORDER BY k.created_at DESC, k.id DESC");

FB_SQL(api_key_insert, 1,
    "WITH a AS (SELECT %s::text AS org_id, %s::jsonb AS b) "
    "SELECT i.id, i.key FROM a, "
    "  fb_api_key_issue(a.org_id, a.b ->> 'adminId', a.b ->> 'name') i");

FB_SQL_WITH(api_key_update, manage,
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::jsonb AS b) "
    "UPDATE api_keys x SET name = coalesce(a.b ->> 'name', x.name) "
    "FROM a WHERE x.org_id = a.org_id AND x.id = a.id");

FB_SQL_WITH(api_key_refs, manage,
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::jsonb AS b) "
    "SELECT 'adminId', 'unknown_admin', a.b ->> 'adminId' "
    "FROM a WHERE NOT EXISTS (SELECT 1 FROM admins x "
    "  WHERE x.org_id = a.org_id AND x.id = a.b ->> 'adminId') "
    "AND a.b ? 'adminId'");

/* An Owner's key, for the rule (fb_owner.h).  Making one is the
 * Owner's anyway: a key for another admin is (fb_api_key_check). */
FB_SQL_WITH(api_key_owners, manage,
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::jsonb AS b) "
    "SELECT 'owner_key', NULL FROM a JOIN api_keys k "
    "  ON k.org_id = a.org_id AND k.id = a.id "
    "WHERE " FB_OWNER_ADMIN("k.org_id", "k.admin_id"));

FB_SQL(api_key_lock, 1,
    "SELECT id FROM api_keys WHERE org_id = %s AND id = %s FOR UPDATE");

/* Revoking a revoked key changes nothing. */
FB_SQL(api_key_remove, 1,
    "UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) "
    "WHERE org_id = %s AND id = %s");

static const fb_statement_t *const fb_api_key_statements[] = {
    &fb_sql_api_key_get, &fb_sql_api_key_list, &fb_sql_api_key_insert,
    &fb_sql_api_key_update, &fb_sql_api_key_refs, &fb_sql_api_key_owners,
    &fb_sql_api_key_lock, &fb_sql_api_key_remove, NULL
};

static const fb_resource_t fb_api_keys = {
    .get = &fb_sql_api_key_get,
    .not_found = FB_E_RESOURCE_NOT_FOUND,
    .shape = FB_LIST_ENVELOPE,
    .list = &fb_sql_api_key_list,
    .rows = &fb_api_key_rows,
    .reader = fb_owner_reader,
};

/* The caller's own admin by default; another admin only for the Owner. */
static fb_error_t *fb_api_key_check(fb_req_t *fr, json_object *body,
                                    const char *id)
{
    const char *admin = fb_json_string(body, "adminId");

    if (id != NULL) {
        return NULL;
    }
    if (admin == NULL) {
        json_object_object_add(body, "adminId", json_object_new_string(
                                   fr->principal.admin_id));
    }
    else if (strcmp(admin, fr->principal.admin_id) != 0
             && !fr->principal.owner) {
        return fb_error_make(fr->pool, FB_E_INSUFFICIENT_PERMISSIONS, NULL,
                             "Only the organization's Owner may make keys "
                             "for other admins.");
    }
    return NULL;
}

static const fb_field_rule_t fb_api_key_create_rules[] = {
    {.name = "name", .type = FB_FIELD_STRING, .max = 255},
    {.name = "adminId", .type = FB_FIELD_ID},
    {.name = NULL}
};

static const fb_field_rule_t fb_api_key_update_rules[] = {
    {.name = "name", .type = FB_FIELD_STRING, .max = 255},
    {.name = NULL}
};

static const fb_rule_text_t fb_api_key_messages[] = {
    {"unknown_admin", "Unknown admin '{value}'."},
    {NULL, NULL}
};

static const fb_manage_t fb_api_key_manage = {
    .res = &fb_api_keys, .object = "api_key",
    .check = fb_api_key_check, .lock = &fb_sql_api_key_lock,
    .owners = &fb_sql_api_key_owners, .owners_unseen = 1,
    .refs = &fb_sql_api_key_refs, .insert = &fb_sql_api_key_insert,
    .secret = "key", .update = &fb_sql_api_key_update,
    .remove = &fb_sql_api_key_remove, .messages = fb_api_key_messages,
};

/* Every operation needs manage_api, reading too.  The create answer
 * holds the key: an Idempotency-Key replay would keep it in the
 * database for a day, so none is kept (FB_OP_SECRET). */
#define FB_API_KEY_OP(fn, op_flags, rules, desc) \
    FB_API_KEY_WRITE(fn, op_flags, rules, desc, NULL)
#define FB_API_KEY_WRITE(fn, op_flags, rules, desc, audited) \
    {.handler = (fn), .flags = (op_flags), .min_version = FB_VERSION_CLOVER, \
     .permission = FB_PERM_MANAGE_API, .body = (rules), .data = (desc), \
     .audit = (audited)}

static const fb_op_t fb_api_key_list_op =
    FB_API_KEY_OP(fb_resource_list, 0, NULL, &fb_api_keys);
static const fb_op_t fb_api_key_get_op =
    FB_API_KEY_OP(fb_resource_get, 0, NULL, &fb_api_keys);
static const fb_op_t fb_api_key_issue_op =
    FB_API_KEY_WRITE(fb_manage_create,
                     FB_OP_BODY | FB_OP_WRITE | FB_OP_SECRET,
                     fb_api_key_create_rules, &fb_api_key_manage,
                     FB_AUDIT_MADE("api_key.created", "security", "api_key"));
static const fb_op_t fb_api_key_update_op =
    FB_API_KEY_WRITE(fb_manage_update, FB_OP_BODY | FB_OP_WRITE,
                     fb_api_key_update_rules, &fb_api_key_manage,
                     FB_AUDIT_OF("api_key.updated", "security", "api_key"));
/* Revoking: the client's api_key.deleted. */
static const fb_op_t fb_api_key_delete_op =
    FB_API_KEY_WRITE(fb_manage_delete, FB_OP_WRITE, NULL, &fb_api_key_manage,
                     FB_AUDIT_OF("api_key.deleted", "security", "api_key"));

static const fb_route_t fb_api_key_routes[] = {
    {"GET", "/api_keys", &fb_api_key_list_op},
    {"POST", "/api_keys", &fb_api_key_issue_op},
    {"GET", "/api_keys/{id}", &fb_api_key_get_op},
    {"PATCH", "/api_keys/{id}", &fb_api_key_update_op},
    {"DELETE", "/api_keys/{id}", &fb_api_key_delete_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_api_keys_module = {
    .name = "api_keys",
    .routes = fb_api_key_routes,
    .statements = fb_api_key_statements,
};
