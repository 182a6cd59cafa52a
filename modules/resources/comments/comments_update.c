/*
 * comments_update: PATCH /comments/{id}, DELETE /comments/{id} and the
 * legacy DELETE /comment with the id in the body.
 *
 * Both lock the comment's row, render it as it was, write, and record the
 * event (comment.updated with the fields that changed, or comment.deleted
 * with the comment as it was) on the same transaction.  A delete locks
 * the comment's post or changelog first, as that one's delete does (its
 * cascade takes the comments): holding the comment while waiting for the
 * target, whose counter it moves, deadlocked with it.
 *
 * A comment without replies is removed; one with replies stays in place
 * as [deleted] (no author, votes reset), so that threads never break.
 * Removing the last reply of a [deleted] comment removes that placeholder
 * too, up the thread (fb_comment_prune in sql/011_comments.sql).
 */
#include <string.h>

#include "apr_strings.h"

#include "body_fields.h"
#include "comment_content.h"
#include "comments.h"
#include "fb_changes.h"
#include "fb_id.h"
#include "fb_json.h"
#include "fb_perm.h"
#include "posts/post_fields.h"
#include "posts/posts.h"

FB_SQL_WITH(comment_u_lock, comment_seen,
    COMMENT_SEEN_ARGS
    "SELECT c.target_id, c.post_id, c.changelog_id, c.author_contact_id, "
    "  c.author_admin_id, c.is_deleted, c.parent_comment_id, "
    "  EXISTS (SELECT 1 FROM comments r WHERE r.org_id = c.org_id "
    "          AND r.target_id = c.target_id "
    "          AND r.parent_comment_id = c.id) "
    "FROM k, comments c WHERE c.org_id = k.org_id AND c.id = k.id "
    "AND " COMMENT_VISIBLE "FOR UPDATE OF c");

/* The post or changelog of a comment, locked as its counter's update
 * locks it, before the comment (which this does not lock).  A target
 * gone meanwhile locks nothing: the comment's own lock, after, finds the
 * comment gone too.  A scalar subquery per table: a lock cannot take the
 * nullable side of an outer join. */
FB_SQL(comment_u_target_first, 1,
    "WITH c AS (SELECT post_id, changelog_id FROM comments "
    "           WHERE org_id = %s AND id = %s) "
    "SELECT (SELECT p.id FROM posts p, c WHERE p.org_id = $1 "
    "        AND p.id = c.post_id FOR NO KEY UPDATE OF p), "
    "       (SELECT l.id FROM changelogs l, c WHERE l.org_id = $1 "
    "        AND l.id = c.changelog_id FOR NO KEY UPDATE OF l)");

/* NULL leaves a column as it is. */
FB_SQL_NAMED(comment_u_update,
             (id, content, content_text, is_private, is_pinned, in_review,
              created_at, upvotes, downvotes),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::text AS content, %s::text AS content_text, "
    "  %s::boolean AS is_private, %s::boolean AS is_pinned, "
    "  %s::boolean AS in_review, %s::timestamptz AS created_at, "
    "  %s::integer AS upvotes, %s::integer AS downvotes) "
    "UPDATE comments c SET "
    "  content = COALESCE(k.content, c.content), "
    "  content_text = COALESCE(k.content_text, c.content_text), "
    "  is_private = COALESCE(k.is_private, c.is_private), "
    "  is_pinned = COALESCE(k.is_pinned, c.is_pinned), "
    "  in_review = COALESCE(k.in_review, c.in_review), "
    "  created_at = COALESCE(k.created_at, c.created_at), "
    "  upvotes = COALESCE(k.upvotes, c.upvotes), "
    "  downvotes = COALESCE(k.downvotes, c.downvotes), "
    "  updated_at = now() "
    "FROM k WHERE c.org_id = k.org_id AND c.id = k.id");

FB_SQL(comment_u_soft_delete, 1,
    "UPDATE comments SET content = '[deleted]', content_text = '', "
    "  author_contact_id = NULL, author_admin_id = NULL, upvotes = 0, "
    "  downvotes = 0, is_deleted = true, updated_at = now() "
    "WHERE org_id = %s AND id = %s");

FB_SQL(comment_u_delete, 1,
    "DELETE FROM comments WHERE org_id = %s AND id = %s");

FB_SQL_NAMED(comment_u_prune, (target, parent),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS target, "
    "  %s::text AS parent) "
    "SELECT fb_comment_prune(k.org_id, k.target, k.parent) FROM k");

FB_SQL(comment_u_post_uncount, 1,
    "UPDATE posts SET comment_count = greatest(comment_count - 1, 0) "
    "WHERE org_id = %s AND id = %s");

FB_SQL(comment_u_changelog_uncount, 1,
    "UPDATE changelogs SET comment_count = greatest(comment_count - 1, 0) "
    "WHERE org_id = %s AND id = %s");

FB_SQL(comment_u_author_uncount, 1,
    "UPDATE contacts SET comments_created = "
    "  greatest(comments_created - 1, 0) "
    "WHERE org_id = %s AND id = %s");

static const fb_statement_t *const fb_comment_update_statements[] = {
    &fb_sql_comment_u_target_first, &fb_sql_comment_u_lock,
    &fb_sql_comment_u_update, &fb_sql_comment_u_soft_delete,
    &fb_sql_comment_u_delete, &fb_sql_comment_u_prune,
    &fb_sql_comment_u_post_uncount, &fb_sql_comment_u_changelog_uncount,
    &fb_sql_comment_u_author_uncount, NULL
};

static const fb_field_rule_t fb_comment_update_rules[] = {
    {.name = "content", .type = FB_FIELD_STRING, .min = 2, .max = 500000},
    {.name = "isPrivate", .type = FB_FIELD_BOOL},
    {.name = "isPinned", .type = FB_FIELD_BOOL},
    {.name = "inReview", .type = FB_FIELD_BOOL},
    {.name = "createdAt", .type = FB_FIELD_TIME},
    {.name = "upvotes", .type = FB_FIELD_INT, .max = 1000000000},
    {.name = "downvotes", .type = FB_FIELD_INT, .max = 1000000000},
    {.name = NULL}
};

static const fb_field_rule_t fb_comment_legacy_delete_rules[] = {
    {.name = "id", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .max = 64},
    {.name = NULL}
};

/* The comment as the transaction sees it, locked. */
typedef struct {
    const char *id;
    const char *target_id;
    const char *post_id;
    const char *changelog_id;
    const char *author_contact_id;
    const char *author_admin_id;
    const char *parent_id;
    int is_deleted;
    int has_replies;
    const char *json;
} fb_comment_locked_t;

static int fb_comment_may(const fb_req_t *fr, int flag)
{
    return (fr->principal.perms & FB_PERM_BIT(flag)) != 0;
}

/*
 * Locks comment c->id, which the key must be allowed to change: its own
 * (written as the key's admin), or any with moderate_comments; and
 * renders it as it was.
 */
static fb_error_t *fb_comment_lock(fb_req_t *fr, void *locked)
{
    fb_comment_locked_t *c = locked;
    fb_rows_t rows;
    fb_error_t *err;

    err = fb_req_select(fr, &fb_sql_comment_u_lock,
                        FB_NAMED(comment_seen, .id = c->id,
                                 .private = fb_bool_text(
                                     fb_comment_sees_private(fr)),
                                 .post_private = fb_bool_text(
                                     fb_post_sees_private(fr))),
                        &rows);
    if (err != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, FB_E_COMMENT_NOT_FOUND, "id", NULL);
    }
    c->target_id = fb_rows_get(&rows, 0, 0);
    c->post_id = fb_rows_get(&rows, 0, 1);
    c->changelog_id = fb_rows_get(&rows, 0, 2);
    c->author_contact_id = fb_rows_get(&rows, 0, 3);
    c->author_admin_id = fb_rows_get(&rows, 0, 4);
    c->is_deleted = strcmp(fb_rows_get(&rows, 0, 5), "t") == 0;
    c->parent_id = fb_rows_get(&rows, 0, 6);
    c->has_replies = strcmp(fb_rows_get(&rows, 0, 7), "t") == 0;
    if ((c->author_admin_id == NULL
         || strcmp(c->author_admin_id, fr->principal.admin_id) != 0)
        && !fb_comment_may(fr, FB_PERM_MODERATE_COMMENTS)) {
        return fb_error_make(fr->pool, FB_E_INSUFFICIENT_PERMISSIONS, "id",
                             "Changing another author's comment needs the "
                             "moderate_comments permission.");
    }
    return fb_comment_render(fr, c->id, 1, &c->json);
}

/* A 403 when the body sets a flag the key's role may not set. */
static fb_error_t *fb_comment_flags(fb_req_t *fr)
{
    static const struct {
        const char *field;
        int flag;
    } rules[] = {
        {"isPrivate", FB_PERM_MANAGE_COMMENTS_PRIVATE},
        {"isPinned", FB_PERM_SET_COMMENT_PINNED},
        {"inReview", FB_PERM_MODERATE_COMMENTS},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
        json_object *v = json_object_object_get(fr->body, rules[i].field);

        if (v != NULL && !fb_comment_may(fr, rules[i].flag)) {
            return fb_error_make(fr->pool, FB_E_INSUFFICIENT_PERMISSIONS,
                                 rules[i].field,
                                 apr_psprintf(fr->pool, "'%s' needs the %s "
                                              "permission.", rules[i].field,
                                              fb_perm_name(rules[i].flag)));
        }
    }
    return NULL;
}

/* PATCH /comments/{id} */
static fb_error_t *fb_comment_update(fb_req_t *fr)
{
    fb_comment_locked_t c;
    const char *html, *text, *after, *changes;
    fb_write_t w;
    fb_error_t *err;
    int n = 0;

    memset(&c, 0, sizeof(c));
    if ((err = fb_resource_id(fr, &c.id)) != NULL
        || (err = fb_comment_flags(fr)) != NULL
        || (err = fb_comment_content(fr, &html, &text)) != NULL) {
        return err;
    }
    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_comment_lock, &c);
    if (c.is_deleted) {
        fb_write_fail(&w, fb_error_make(fr->pool, FB_E_INVALID_REQUEST, NULL,
                                        "A deleted comment cannot be "
                                        "changed."));
    }
    fb_write_exec(&w, FB_CALL(comment_u_update, .id = c.id,
                              .content = html, .content_text = text,
                              .is_private = fb_bool_given(fr, "isPrivate"),
                              .is_pinned = fb_bool_given(fr, "isPinned"),
                              .in_review = fb_bool_given(fr, "inReview"),
                              .created_at = fb_body_time(fr, "createdAt"),
                              .upvotes = fb_int_given(fr, "upvotes"),
                              .downvotes = fb_int_given(fr, "downvotes")));
    fb_comment_write_render(&w, c.id, &after);
    changes = fb_write_ok(&w) ? fb_changes_diff(fr->pool, c.json, after, &n)
                              : NULL;
    if (n > 0) {
        fb_write_event(&w, "comment.updated", after, changes);
    }
    return fb_write_respond(&w, HTTP_OK, after);
}

/* The counters a comment leaving the count moves: its target's, and its
 * author's only when it stays as [deleted] (a removed row moves that one
 * by trigger, as cascades from posts and changelogs do:
 * sql/011_comments.sql). */
static void fb_comment_uncount(fb_write_t *w, const fb_comment_locked_t *c,
                               int stays)
{
    if (c->post_id != NULL) {
        fb_write_exec(w, &fb_sql_comment_u_post_uncount,
                      FB_ARGS(c->post_id));
    }
    else {
        fb_write_exec(w, &fb_sql_comment_u_changelog_uncount,
                      FB_ARGS(c->changelog_id));
    }
    if (stays && c->author_contact_id != NULL) {
        fb_write_exec(w, &fb_sql_comment_u_author_uncount,
                      FB_ARGS(c->author_contact_id));
    }
}

/* The step locking c->id's target before the comment
 * (comment_u_target_first). */
static fb_error_t *fb_comment_target_first(fb_req_t *fr, void *locked)
{
    const fb_comment_locked_t *c = locked;
    fb_rows_t rows;

    return fb_req_select(fr, &fb_sql_comment_u_target_first,
                         FB_ARGS(c->id), &rows);
}

/* Deletes comment id by the rule above, inside one transaction. */
static fb_error_t *fb_comment_remove(fb_req_t *fr, const char *id)
{
    fb_comment_locked_t c;
    fb_rows_t pruned;
    fb_write_t w;

    memset(&c, 0, sizeof(c));
    c.id = id;
    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_comment_target_first, &c);
    fb_write_step(&w, fb_comment_lock, &c);
    if (!c.has_replies) {
        fb_write_exec(&w, &fb_sql_comment_u_delete, FB_ARGS(id));
        if (c.parent_id != NULL) {
            fb_write_select(&w, FB_CALL(comment_u_prune,
                                        .target = c.target_id,
                                        .parent = c.parent_id),
                            &pruned);
        }
    }
    else if (!c.is_deleted) {
        fb_write_exec(&w, &fb_sql_comment_u_soft_delete, FB_ARGS(id));
    }
    if (!c.is_deleted) {
        fb_comment_uncount(&w, &c, c.has_replies);
    }
    /* One that stays [deleted] as it was has not changed. */
    if (!c.has_replies || !c.is_deleted) {
        fb_write_event(&w, "comment.deleted", c.json, NULL);
    }
    return fb_write_end(&w);
}

/* DELETE /comments/{id} */
static fb_error_t *fb_comment_delete(fb_req_t *fr)
{
    const char *id;
    fb_error_t *err;

    if ((err = fb_resource_id(fr, &id)) != NULL
        || (err = fb_comment_remove(fr, id)) != NULL) {
        return err;
    }
    fb_respond(fr, HTTP_OK, fb_resource_deleted(fr->pool, id, "comment"));
    return NULL;
}

/* DELETE /comment with {id} in the body: the legacy (clover) form, which
 * answers {success: true}. */
static fb_error_t *fb_comment_delete_legacy(fb_req_t *fr)
{
    const char *id = fb_id_normalize(fr->pool,
                                     fb_json_string(fr->body, "id"));
    fb_error_t *err;

    if (id == NULL) {
        return fb_error_make(fr->pool, FB_E_INVALID_ID, "id",
                             "The id must be a 24-character hexadecimal "
                             "object id.");
    }
    if ((err = fb_comment_remove(fr, id)) != NULL) {
        return err;
    }
    fb_respond(fr, HTTP_OK, "{\"success\":true}");
    return NULL;
}

static const fb_op_t fb_comment_update_op = {
    .handler = fb_comment_update,
    .flags = FB_OP_BODY | FB_OP_WRITE,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_NONE,
    .body = fb_comment_update_rules,
    .audit = FB_AUDIT_OF("comment.updated", "feedback", "comment"),
};

static const fb_op_t fb_comment_delete_op = {
    .handler = fb_comment_delete,
    .flags = FB_OP_WRITE,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_NONE,
    .audit = FB_AUDIT_OF("comment.deleted", "feedback", "comment"),
};

static const fb_op_t fb_comment_delete_legacy_op = {
    .handler = fb_comment_delete_legacy,
    .flags = FB_OP_BODY | FB_OP_WRITE,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_NONE,
    .body = fb_comment_legacy_delete_rules,
    .audit = FB_AUDIT_TARGET("comment.deleted", "feedback", "comment",
                              FB_AUDIT_BODY, "id"),
};

static const fb_route_t fb_comment_update_routes[] = {
    {"PATCH", "/comments/{id}", &fb_comment_update_op},
    {"DELETE", "/comments/{id}", &fb_comment_delete_op},
    {"DELETE", "/comment", &fb_comment_delete_legacy_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_comment_update_module = {
    .name = "comment update",
    .routes = fb_comment_update_routes,
    .statements = fb_comment_update_statements,
};
