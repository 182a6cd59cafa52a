/*
 * conversation_tags: POST /conversations/{id}/tags and
 * DELETE /conversations/{id}/tags/{tagId}.
 *
 * A tag (tags/tags.c) is applied to a conversation on behalf of an admin
 * (actingAdminId, required), against the newest message or reply (its
 * targetPartId), with a tags part recording who did what; applying it
 * again answers the existing application.  Removing answers the
 * application with removedAt and removedBy.  No webhook topic exists
 * for tags.  Needs set_conversation_tags.
 */
#include "apr_strings.h"

#include "conversations.h"
#include "fb_id.h"
#include "fb_json.h"
#include "fb_perm.h"

FB_SQL(conversation_t_tag, 1,
    "SELECT id FROM conversation_tags WHERE org_id = %s AND id = %s");

/* The newest part a tag can target: a message or reply, not a note. */
FB_SQL(conversation_t_target, 1,
    "SELECT id FROM conversation_parts WHERE org_id = %s "
    "AND conversation_id = %s AND author_kind IS NOT NULL "
    "AND part_type <> 'admin_note' ORDER BY created_at DESC, n DESC "
    "LIMIT 1");

/*
 * An application of a tag: its columns and how they are written, as the
 * answer and as the members of the tags part recording it (the part's
 * data is stored as jsonb, so only its values matter there).  The
 * remover's columns are NULL while it is applied.
 */
enum {
    TAGGING_COL_TAG_ID, TAGGING_COL_TAG_NAME, TAGGING_COL_TARGET,
    TAGGING_COL_APPLIED_AT, TAGGING_COL_APPLIED_BY, TAGGING_COL_REMOVED_AT,
    TAGGING_COL_REMOVER_ID, TAGGING_COL_REMOVER_NAME
};

static const fb_rj_member_t fb_tagging_remover[] = {
    FB_RJ_CONST("type", "\"admin\""),
    FB_RJ_STRING("id", TAGGING_COL_REMOVER_ID),
    FB_RJ_STRING("name", TAGGING_COL_REMOVER_NAME),
    FB_RJ_END
};

/* removedBy: the remover, or null while the tag is applied. */
static apr_status_t fb_tagging_removed_by(fb_req_t *fr, fb_jsonw_t *w,
                                          const char *const *row)
{
    if (row[TAGGING_COL_REMOVER_ID] == NULL) {
        fb_jsonw_raw(w, NULL);
        return APR_SUCCESS;
    }
    return fb_rj_object(fr, w, fb_tagging_remover, row);
}

static const fb_rj_member_t fb_tagging_members[] = {
    FB_RJ_CONST("type", "\"tag\""),
    FB_RJ_STRING("id", TAGGING_COL_TAG_ID),
    FB_RJ_STRING("name", TAGGING_COL_TAG_NAME),
    FB_RJ_STRING("targetPartId", TAGGING_COL_TARGET),
    FB_RJ_TIME("appliedAt", TAGGING_COL_APPLIED_AT),
    FB_RJ_RAW("appliedBy", TAGGING_COL_APPLIED_BY),
    FB_RJ_TIME("removedAt", TAGGING_COL_REMOVED_AT),
    FB_RJ_FN("removedBy", fb_tagging_removed_by),
    FB_RJ_END
};

static const fb_rj_member_t fb_tagging_added_part[] = {
    FB_RJ_CONST("action", "\"added\""),
    FB_RJ_STRING("tagId", TAGGING_COL_TAG_ID),
    FB_RJ_STRING("tagName", TAGGING_COL_TAG_NAME),
    FB_RJ_STRING("targetPartId", TAGGING_COL_TARGET),
    FB_RJ_RAW("actor", TAGGING_COL_APPLIED_BY),
    FB_RJ_TIME("occurredAt", TAGGING_COL_APPLIED_AT),
    FB_RJ_END
};

static const fb_rj_member_t fb_tagging_removed_part[] = {
    FB_RJ_CONST("action", "\"removed\""),
    FB_RJ_STRING("tagId", TAGGING_COL_TAG_ID),
    FB_RJ_STRING("tagName", TAGGING_COL_TAG_NAME),
    FB_RJ_STRING("targetPartId", TAGGING_COL_TARGET),
    FB_RJ_OBJECT("actor", fb_tagging_remover),
    FB_RJ_TIME("occurredAt", TAGGING_COL_REMOVED_AT),
    FB_RJ_END
};

/* The application when the tag was not applied yet (its applied_by is
 * stored data, jsonb, and shown as stored). */
FB_SQL_NAMED(conversation_t_apply, (conv, tag, target, admin),
    "INSERT INTO conversation_tag_links AS n (org_id, conversation_id, "
    "  tag_id, target_part_id, applied_by) "
    "SELECT k.org_id, k.conv, k.tag, k.target, "
    "  jsonb_build_object('type', 'admin', 'id', a.id, 'name', a.name) "
    "FROM (SELECT %s::text AS org_id, %s::text AS conv, %s::text AS tag, "
    "  %s::text AS target, %s::text AS admin) k "
    "JOIN admins a ON a.org_id = k.org_id AND a.id = k.admin "
    "ON CONFLICT DO NOTHING "
    "RETURNING n.tag_id, (SELECT t.name FROM conversation_tags t "
    "    WHERE t.org_id = n.org_id AND t.id = n.tag_id), "
    "  n.target_part_id, n.applied_at AT TIME ZONE 'UTC', n.applied_by");

/* The application. */
FB_SQL_NAMED(conversation_t_applied, (conv, tag),
    "SELECT t.id, t.name, l.target_part_id, "
    "  l.applied_at AT TIME ZONE 'UTC', l.applied_by, NULL, NULL, NULL "
    "FROM (SELECT %s::text AS org_id, %s::text AS conv, "
    "  %s::text AS tag) k "
    "JOIN conversation_tag_links l ON l.org_id = k.org_id "
    "  AND l.conversation_id = k.conv AND l.tag_id = k.tag "
    "JOIN conversation_tags t ON t.org_id = l.org_id AND t.id = l.tag_id");

/* The application as removed. */
FB_SQL_NAMED(conversation_t_remove, (conv, tag, admin),
    "DELETE FROM conversation_tag_links l "
    "USING (SELECT %s::text AS org_id, %s::text AS conv, %s::text AS tag, "
    "  %s::text AS admin) k, conversation_tags t, admins a "
    "WHERE l.org_id = k.org_id AND l.conversation_id = k.conv "
    "AND l.tag_id = k.tag AND t.org_id = k.org_id AND t.id = k.tag "
    "AND a.org_id = k.org_id AND a.id = k.admin "
    "RETURNING t.id, t.name, l.target_part_id, "
    "  l.applied_at AT TIME ZONE 'UTC', l.applied_by, "
    "  now() AT TIME ZONE 'UTC', a.id, a.name");

static const fb_statement_t *const fb_conversation_tag_statements[] = {
    &fb_sql_conversation_t_tag, &fb_sql_conversation_t_target,
    &fb_sql_conversation_t_apply, &fb_sql_conversation_t_applied,
    &fb_sql_conversation_t_remove, NULL
};

static const fb_field_rule_t fb_tag_apply_rules[] = {
    {.name = "tagId", .type = FB_FIELD_ID, .flags = FB_FIELD_REQUIRED},
    {.name = "actingAdminId", .type = FB_FIELD_ID,
     .flags = FB_FIELD_REQUIRED},
    {.name = NULL}
};

static const fb_field_rule_t fb_tag_remove_rules[] = {
    {.name = "actingAdminId", .type = FB_FIELD_ID,
     .flags = FB_FIELD_REQUIRED},
    {.name = NULL}
};

typedef struct {
    const char *id, *tag, *admin, *target;
} fb_tagging_t;

/* The conversation (locked), the admin, the tag and the target. */
static fb_error_t *fb_tagging_gather(fb_req_t *fr, void *ctx)
{
    fb_tagging_t *d = ctx;
    const char *found;
    fb_error_t *err;

    if ((err = fb_conversation_lock(fr, &d->id)) != NULL
        || (err = fb_conversation_admin(
                fr, fb_json_string(fr->body, "actingAdminId"),
                "actingAdminId", &d->admin)) != NULL
        || (err = fb_resource_lookup(fr, &fb_sql_conversation_t_tag, d->tag,
                                     &found)) != NULL
        || (found != NULL
            && (err = fb_resource_lookup(fr, &fb_sql_conversation_t_target,
                                         d->id, &d->target)) != NULL)) {
        return err;
    }
    return found == NULL
           ? fb_error_make(fr->pool, FB_E_RESOURCE_NOT_FOUND, "tagId",
                           "Tag not found.")
           : NULL;
}

/* The application of rows (none: nothing to show) written with
 * members; NULL when there is none or it cannot be written (w failed). */
static const char *fb_tagging_json(fb_write_t *w, const fb_rows_t *rows,
                                   const fb_rj_member_t *members)
{
    const char *json;

    if (!fb_write_ok(w) || rows->nrows != 1) {
        return NULL;
    }
    json = fb_rj_json(w->fr, members, rows->cells, 384);
    if (json == NULL) {
        fb_write_fail(w, fb_error_make(w->fr->pool, FB_E_INTERNAL, NULL,
                                       NULL));
    }
    return json;
}

/* A tags part recording the application of rows (none: nothing). */
static void fb_tagging_part(fb_write_t *w, const char *id,
                            const fb_rows_t *rows,
                            const fb_rj_member_t *members)
{
    fb_conversation_part_t part = {"tags", NULL, NULL, NULL, NULL, NULL,
                                   NULL, NULL};

    if ((part.data = fb_tagging_json(w, rows, members)) != NULL) {
        fb_conversation_write_part(w, id, &part, NULL);
    }
}

static fb_error_t *fb_conversation_tag_apply(fb_req_t *fr)
{
    fb_tagging_t d = {NULL, NULL, NULL, NULL};
    fb_rows_t applied = {0, 0, NULL}, shown = {0, 0, NULL};
    fb_write_t w;

    d.tag = fb_id_normalize(fr->pool, fb_json_string(fr->body, "tagId"));
    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_tagging_gather, &d);
    fb_write_select(&w, FB_CALL(conversation_t_apply, .conv = d.id,
                                .tag = d.tag, .target = d.target,
                                .admin = d.admin),
                    &applied);
    fb_tagging_part(&w, d.id, &applied, fb_tagging_added_part);
    fb_write_select(&w, FB_CALL(conversation_t_applied, .conv = d.id,
                                .tag = d.tag),
                    &shown);
    return fb_write_respond(&w, HTTP_OK,
                            fb_tagging_json(&w, &shown, fb_tagging_members));
}

static fb_error_t *fb_conversation_tag_remove(fb_req_t *fr)
{
    fb_tagging_t d = {NULL, NULL, NULL, NULL};
    fb_rows_t removed = {0, 0, NULL};
    fb_write_t w;

    d.tag = fb_id_normalize(fr->pool, fb_req_param(fr, "tagId"));
    if (d.tag == NULL) {
        return fb_error_make(fr->pool, FB_E_INVALID_ID, "tagId",
                             "The tag id must be a 24-character "
                             "hexadecimal object id.");
    }
    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_tagging_gather, &d);
    fb_write_select(&w, FB_CALL(conversation_t_remove, .conv = d.id,
                                .tag = d.tag, .admin = d.admin),
                    &removed);
    if (fb_write_ok(&w) && removed.nrows == 0) {
        fb_write_fail(&w, fb_error_make(fr->pool, FB_E_RESOURCE_NOT_FOUND,
                                        "tagId", "The tag is not on this "
                                        "conversation."));
    }
    fb_tagging_part(&w, d.id, &removed, fb_tagging_removed_part);
    return fb_write_respond(&w, HTTP_OK,
                            fb_tagging_json(&w, &removed,
                                            fb_tagging_members));
}

static const fb_op_t fb_conversation_tag_apply_op = {
    .handler = fb_conversation_tag_apply,
    .flags = FB_OP_WRITE | FB_OP_BODY,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_SET_CONVERSATION_TAGS,
    .body = fb_tag_apply_rules,
    .audit = FB_AUDIT_OF("conversation.tagged", "support", "conversation"),
    .path = fb_conversation_path,
};
static const fb_op_t fb_conversation_tag_remove_op = {
    .handler = fb_conversation_tag_remove,
    .flags = FB_OP_WRITE | FB_OP_BODY,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_SET_CONVERSATION_TAGS,
    .body = fb_tag_remove_rules,
    .audit = FB_AUDIT_OF("conversation.untagged", "support", "conversation"),
    .path = fb_conversation_path,
};

static const fb_route_t fb_conversation_tag_routes[] = {
    {"POST", "/conversations/{id}/tags", &fb_conversation_tag_apply_op},
    {"DELETE", "/conversations/{id}/tags/{tagId}",
     &fb_conversation_tag_remove_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_conversation_tags_module = {
    .name = "conversation tags",
    .routes = fb_conversation_tag_routes,
    .statements = fb_conversation_tag_statements,
};
