/*
 * tags: conversation tags (/tags), a vocabulary of their own, apart from
 * post tags (sql/018).  Nova and newer.
 *
 * POST /tags makes a tag, or answers the one with that name (names are
 * unique without regard to case), or with id renames that tag.  Deleting
 * a tag takes it off every conversation.  Reading needs no flag; writes
 * need manage_conversation_tags.  actingAdminId, when given, must be an
 * admin of the organization.
 */
#include <string.h>

#include "fb_id.h"
#include "fb_json.h"
#include "fb_perm.h"
#include "fb_resource.h"
#include "fb_write.h"

/* A tag's columns, and its JSON. */
enum { TAG_COL_ID, TAG_COL_NAME };

static const fb_rj_member_t fb_tag_members[] = {
    FB_RJ_CONST("type", "\"tag\""),
    FB_RJ_STRING("id", TAG_COL_ID),
    FB_RJ_STRING("name", TAG_COL_NAME),
    FB_RJ_END
};

static const fb_list_rows_t fb_tag_rows = {
    .members = fb_tag_members, .json_size = 96
};

FB_SQL(tag_get, 1,
    "SELECT t.id, t.name FROM conversation_tags t "
    "WHERE t.org_id = %s AND t.id = %s");

FB_SQL(tag_list, 0,
    "SELECT t.id, t.name FROM conversation_tags t WHERE t.org_id = %s "
    "ORDER BY t.created_at DESC, t.id DESC");

/* The tag named so (any case), made when there is none; no row when a
 * concurrent create of the same name won (the caller reads it then). */
FB_SQL(tag_upsert, 1,
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS name), "
    "found AS (SELECT t.id FROM conversation_tags t, k "
    "  WHERE t.org_id = k.org_id AND lower(t.name) = lower(k.name)), "
    "made AS (INSERT INTO conversation_tags (org_id, name) "
    "  SELECT org_id, name FROM k WHERE NOT EXISTS (SELECT 1 FROM found) "
    "  ON CONFLICT DO NOTHING RETURNING id) "
    "SELECT id FROM found UNION ALL SELECT id FROM made");

FB_SQL(tag_by_name, 1,
    "SELECT id FROM conversation_tags "
    "WHERE org_id = %s AND lower(name) = lower(%s)");

/* Writes of one name (any case) run one after another, so that the
 * check for another tag of that name sees the other's commit instead of
 * both reaching the unique index. */
FB_SQL(tag_name_lock, 1,
    "SELECT pg_advisory_xact_lock(hashtextextended("
    "'conversation_tags:' || %s || ' ' || lower(%s), 0))");

FB_SQL(tag_find_locked, 1,
    "SELECT id FROM conversation_tags WHERE org_id = %s AND id = %s "
    "FOR UPDATE");

FB_SQL_NAMED(tag_rename, (id, name),
    "UPDATE conversation_tags t SET name = k.name, updated_at = now() "
    "FROM (SELECT %s::text AS org_id, %s::text AS id, %s::text AS name) k "
    "WHERE t.org_id = k.org_id AND t.id = k.id");

FB_SQL(tag_admin, 1,
    "SELECT id FROM admins WHERE org_id = %s AND id = %s");

FB_SQL(tag_delete, 1,
    "DELETE FROM conversation_tags WHERE org_id = %s AND id = %s");

static const fb_statement_t *const fb_tag_statements[] = {
    &fb_sql_tag_get, &fb_sql_tag_list, &fb_sql_tag_upsert,
    &fb_sql_tag_by_name, &fb_sql_tag_name_lock, &fb_sql_tag_find_locked,
    &fb_sql_tag_rename,
    &fb_sql_tag_admin, &fb_sql_tag_delete, NULL
};

static const fb_resource_t fb_tags = {
    .get = &fb_sql_tag_get,
    .not_found = FB_E_RESOURCE_NOT_FOUND,
    .shape = FB_LIST_ENVELOPE,
    .list = &fb_sql_tag_list,
    .rows = &fb_tag_rows,
};

static const fb_field_rule_t fb_tag_upsert_rules[] = {
    {.name = "id", .type = FB_FIELD_ID},
    {.name = "name", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 255},
    {.name = "actingAdminId", .type = FB_FIELD_ID},
    {.name = NULL}
};

static const fb_field_rule_t fb_tag_delete_rules[] = {
    {.name = "actingAdminId", .type = FB_FIELD_ID},
    {.name = NULL}
};

/* The tag with id (locked), and actingAdminId when given: steps of a
 * tag write. */
typedef struct {
    const char *id;             /* the path's or body's id, or NULL */
    const char *param;
    const char *name;
} fb_tag_write_t;

static fb_error_t *fb_tag_gather(fb_req_t *fr, void *ctx)
{
    fb_tag_write_t *t = ctx;
    const char *admin = fb_id_normalize(
        fr->pool, fb_json_string(fr->body, "actingAdminId"));
    const char *found, *other;
    fb_error_t *err;

    if (admin != NULL) {
        if ((err = fb_resource_lookup(fr, &fb_sql_tag_admin, admin,
                                      &found)) != NULL) {
            return err;
        }
        if (found == NULL) {
            return fb_error_make(fr->pool, FB_E_ADMIN_NOT_FOUND,
                                 "actingAdminId", NULL);
        }
    }
    if (t->name != NULL
        && (err = fb_req_exec(fr, &fb_sql_tag_name_lock, FB_ARGS(t->name),
                               NULL))
           != NULL) {
        return err;
    }
    if (t->id == NULL) {
        return NULL;
    }
    if ((err = fb_resource_lookup(fr, &fb_sql_tag_find_locked, t->id,
                                  &found)) != NULL) {
        return err;
    }
    if (found == NULL) {
        return fb_error_make(fr->pool, FB_E_RESOURCE_NOT_FOUND, t->param,
                             "Tag not found.");
    }
    if (t->name == NULL) {
        return NULL;
    }
    if ((err = fb_resource_lookup(fr, &fb_sql_tag_by_name, t->name,
                                  &other)) != NULL) {
        return err;
    }
    if (other != NULL && strcmp(other, t->id) != 0) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, "name",
                             "Another tag has this name.");
    }
    return NULL;
}

/* POST /tags: made, found by name, or renamed (with id); 200 always,
 * as the hosted API answers. */
static fb_error_t *fb_tag_upsert(fb_req_t *fr)
{
    fb_tag_write_t t = {NULL, "id", NULL};
    fb_rows_t rows = {0, 0, NULL};
    const char *id;
    fb_write_t w;
    fb_error_t *err;

    t.id = fb_id_normalize(fr->pool, fb_json_string(fr->body, "id"));
    t.name = fb_json_string(fr->body, "name");
    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_tag_gather, &t);
    if (t.id != NULL) {
        fb_write_target(&w, t.id);
        fb_write_exec(&w, FB_CALL(tag_rename, .id = t.id, .name = t.name));
    }
    else {
        if (fb_write_select(&w, &fb_sql_tag_upsert, FB_ARGS(t.name), &rows)) {
            fb_write_target(&w, fb_rows_get(&rows, 0, 0));
        }
    }
    if ((err = fb_write_end(&w)) != NULL) {
        return err;
    }
    id = t.id != NULL ? t.id : fb_rows_get(&rows, 0, 0);
    if (id == NULL && (err = fb_resource_lookup(fr, &fb_sql_tag_by_name,
                                                t.name, &id)) != NULL) {
        return err;
    }
    return fb_resource_respond(fr, &fb_tags, HTTP_OK, id);
}

static fb_error_t *fb_tag_delete(fb_req_t *fr)
{
    fb_tag_write_t t = {NULL, "id", NULL};
    fb_write_t w;
    fb_error_t *err;

    if ((err = fb_resource_id(fr, &t.id)) != NULL) {
        return err;
    }
    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_tag_gather, &t);
    fb_write_exec(&w, &fb_sql_tag_delete, FB_ARGS(t.id));
    return fb_write_respond(&w, HTTP_OK,
                            fb_resource_deleted(fr->pool, t.id, "tag"));
}

static const fb_op_t fb_tag_list_op =
    FB_OP_READ(fb_resource_list, FB_VERSION_NOVA, &fb_tags, NULL);
static const fb_op_t fb_tag_get_op =
    FB_OP_READ(fb_resource_get, FB_VERSION_NOVA, &fb_tags, NULL);
static const fb_op_t fb_tag_upsert_op = {
    .handler = fb_tag_upsert,
    .flags = FB_OP_WRITE | FB_OP_BODY,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_MANAGE_CONVERSATION_TAGS,
    .body = fb_tag_upsert_rules,
    .audit = FB_AUDIT_MADE("tag.saved", "support", "tag"),
};
static const fb_op_t fb_tag_delete_op = {
    .handler = fb_tag_delete,
    .flags = FB_OP_WRITE | FB_OP_BODY,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_MANAGE_CONVERSATION_TAGS,
    .body = fb_tag_delete_rules,
    .audit = FB_AUDIT_OF("tag.deleted", "support", "tag"),
};

static const fb_route_t fb_tag_routes[] = {
    {"GET", "/tags", &fb_tag_list_op},
    {"POST", "/tags", &fb_tag_upsert_op},
    {"GET", "/tags/{id}", &fb_tag_get_op},
    {"DELETE", "/tags/{id}", &fb_tag_delete_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_tags_module = {
    .name = "tags",
    .routes = fb_tag_routes,
    .statements = fb_tag_statements,
};
