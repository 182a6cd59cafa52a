/*
 * comments_create: POST /comments.
 *
 * A create runs in one transaction: the target (locked first, so that it
 * stays, its counter is exact, and locks are taken in the order a delete
 * of the post takes them), the parent comment (locked FOR KEY SHARE, so
 * that a concurrent delete sees the reply and keeps the parent as
 * [deleted]), the author (found or made as a contact), then one statement
 * for the comment, the target's commentCount and last activity and the
 * author's commentsCreated and lastActivity, the notification emails and
 * the comment.created event.  Any error rolls all of it back.
 */
#include <string.h>

#include "apr_escape.h"
#include "apr_strings.h"

#include "body_fields.h"
#include "bulk_mail.h"
#include "changelogs/changelogs.h"
#include "comment_content.h"
#include "comments.h"
#include "fb_id.h"
#include "fb_json.h"
#include "fb_perm.h"
#include "people/people.h"
#include "posts/post_fields.h"

/* The parent: its target, if the key may see it. */
FB_SQL_WITH(comment_c_parent, comment_seen,
    COMMENT_SEEN_ARGS
    "SELECT c.target_id FROM k, comments c "
    "WHERE c.org_id = k.org_id AND c.id = k.id AND " COMMENT_VISIBLE
    "FOR KEY SHARE OF c");

/* The comment and the counters it moves, in one statement: its target's
 * commentCount (and a post's last activity; the target was locked when it
 * was found), the comment, and its author's commentsCreated and
 * lastActivity.  The creation time (now when not given) is also the
 * update time. */
FB_SQL_NAMED(comment_c_insert,
             (post, changelog, parent, content, content_text, contact, admin,
              upvotes, downvotes, is_private, given_at),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS post, "
    "  %s::text AS changelog, %s::text AS parent, %s::text AS content, "
    "  %s::text AS content_text, %s::text AS contact, %s::text AS admin, "
    "  %s::integer AS upvotes, %s::integer AS downvotes, "
    "  %s::boolean AS is_private, %s::timestamptz AS given_at), "
    "t AS (SELECT COALESCE(k.given_at, now()) AS created_at FROM k), "
    "post AS ("
    "  UPDATE posts p SET comment_count = p.comment_count + 1, "
    "    last_activity_at = greatest(p.last_activity_at, t.created_at) "
    "  FROM k, t WHERE p.org_id = k.org_id AND p.id = k.post "
    "  RETURNING p.id), "
    "changelog AS ("
    "  UPDATE changelogs c SET comment_count = c.comment_count + 1 "
    "  FROM k WHERE c.org_id = k.org_id AND c.id = k.changelog "
    "  RETURNING c.id), "
    "made AS ("
    "  INSERT INTO comments (org_id, post_id, changelog_id, "
    "    parent_comment_id, content, content_text, author_contact_id, "
    "    author_admin_id, upvotes, downvotes, is_private, created_at, "
    "    updated_at) "
    "  SELECT k.org_id, k.post, k.changelog, k.parent, k.content, "
    "    k.content_text, k.contact, k.admin, k.upvotes, k.downvotes, "
    "    k.is_private, t.created_at, t.created_at FROM k, t "
    "  RETURNING id), "
    "author AS ("
    "  UPDATE contacts c SET comments_created = c.comments_created + 1, "
    "    last_activity = greatest(c.last_activity, t.created_at) "
    "  FROM k, t, made WHERE c.org_id = k.org_id AND c.id = k.contact) "
    "SELECT id FROM made");

/* One email per voter with an address who takes comment emails,
 * except the comment's author (a contact, or the contact sharing an
 * admin author's address) and the parent's author when they get the
 * reply email instead. */
FB_SQL_NAMED(comment_c_recipients, (post, contact, admin, parent),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS post, "
    "  %s::text AS contact, %s::text AS admin, %s::text AS parent) "
    "SELECT p.email FROM k, post_votes v JOIN contacts p "
    "  ON p.org_id = v.org_id AND p.id = v.contact_id "
    "WHERE v.org_id = k.org_id AND v.post_id = k.post "
    "AND p.email IS NOT NULL "
    "AND fb_email_allowed(p.email_preferences, 'postComments') "
    "AND p.id IS DISTINCT FROM k.contact "
    "AND NOT EXISTS (SELECT 1 FROM admins a WHERE a.org_id = v.org_id "
    "  AND a.id = k.admin AND lower(a.email) = lower(p.email)) "
    "AND NOT EXISTS (SELECT 1 FROM comments pc WHERE pc.org_id = v.org_id "
    "  AND pc.id = k.parent AND pc.author_contact_id = p.id "
    "  AND NOT pc.is_deleted "
    "  AND fb_email_allowed(p.email_preferences, 'commentReplies')) "
    "ORDER BY p.email");

/* The reply email's recipient: the parent's author, a contact with
 * an address who takes reply emails, unless they wrote the reply
 * (as that contact or as an admin with that address); and the title
 * of what the thread is on (a changelog's in the organization's
 * locale when it has one). */
FB_SQL_NAMED(comment_c_reply_to, (parent, contact, admin),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS parent, "
    "  %s::text AS contact, %s::text AS admin) "
    "SELECT p.email, coalesce(po.title, ("
    "  SELECT coalesce(l.live_title, l.title) FROM changelog_locales l "
    "  WHERE l.org_id = c.org_id AND l.changelog_id = c.changelog_id "
    "  ORDER BY l.locale = o.default_locale DESC, l.locale LIMIT 1)) "
    "FROM k, comments c JOIN contacts p "
    "  ON p.org_id = c.org_id AND p.id = c.author_contact_id "
    "JOIN organizations o ON o.id = c.org_id "
    "LEFT JOIN posts po ON po.org_id = c.org_id AND po.id = c.post_id "
    "WHERE c.org_id = k.org_id AND c.id = k.parent AND NOT c.is_deleted "
    "AND p.email IS NOT NULL "
    "AND fb_email_allowed(p.email_preferences, 'commentReplies') "
    "AND p.id IS DISTINCT FROM k.contact "
    "AND NOT EXISTS (SELECT 1 FROM admins a WHERE a.org_id = c.org_id "
    "  AND a.id = k.admin AND lower(a.email) = lower(p.email))");

static const fb_statement_t *const fb_comment_create_statements[] = {
    &fb_sql_comment_c_parent, &fb_sql_comment_c_insert,
    &fb_sql_comment_c_recipients,
    &fb_sql_comment_c_reply_to, NULL
};

static const fb_field_rule_t fb_comment_create_rules[] = {
    {.name = "content", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 2, .max = 500000},
    {.name = "postId", .type = FB_FIELD_STRING, .min = 1, .max = 255,
     .format = &fb_format_post_ref},
    {.name = "changelogId", .type = FB_FIELD_STRING, .min = 1, .max = 255,
     .format = &fb_format_changelog_ref},
    /* What the comment is on: a post or a changelog. */
    FB_FIELD_GROUP_OF(FB_FIELD_REQUIRED | FB_FIELD_EXCLUSIVE, "postId",
                      "changelogId"),
    {.name = "parentCommentId", .type = FB_FIELD_ID},
    {.name = "isPrivate", .type = FB_FIELD_BOOL},
    {.name = "sendNotification", .type = FB_FIELD_BOOL},
    {.name = "author", .type = FB_FIELD_OBJECT, .fields = fb_person_rules},
    {.name = "createdAt", .type = FB_FIELD_TIME},
    {.name = "upvotes", .type = FB_FIELD_INT, .max = 1000000000},
    {.name = "downvotes", .type = FB_FIELD_INT, .max = 1000000000},
    {.name = NULL}
};

/* What a create has gathered. */
typedef struct {
    const char *id;             /* the new comment's, once inserted */
    fb_comment_target_t target;
    const char *parent_id;
    const char *contact_id;
    const char *admin_id;
    const char *html;
    const char *text;
    const char *created_at;
    int is_private;
} fb_comment_draft_t;

/* The target the body names: exactly one of postId and changelogId (the
 * body's group rule). */
static fb_error_t *fb_comment_target(fb_req_t *fr, fb_comment_draft_t *d)
{
    const char *post = fb_json_string(fr->body, "postId");
    const char *changelog = fb_json_string(fr->body, "changelogId");
    fb_error_t *err;

    if (changelog != NULL) {
        memset(&d->target, 0, sizeof(d->target));
        d->target.comments_enabled = 1;
        return fb_changelog_lookup(fr, changelog, "changelogId", 1,
                                   &d->target.changelog_id, NULL);
    }
    if ((err = fb_comment_post(fr, post, "postId", 1, &d->target)) != NULL) {
        return err;
    }
    if (!d->target.comments_enabled) {
        return fb_error_make(fr->pool, FB_E_FEATURE_DISABLED, "postId",
                             "Comments are disabled on this post or its "
                             "board.");
    }
    return NULL;
}

/* The parent comment, when given: one of the same target. */
static fb_error_t *fb_comment_parent(fb_req_t *fr, fb_comment_draft_t *d)
{
    const char *target = d->target.post_id ? d->target.post_id
                                           : d->target.changelog_id;
    fb_rows_t rows;
    fb_error_t *err;

    d->parent_id = fb_id_normalize(fr->pool, fb_json_string(
                                       fr->body, "parentCommentId"));
    if (d->parent_id == NULL) {
        return NULL;
    }
    err = fb_req_select(fr, &fb_sql_comment_c_parent,
                        FB_NAMED(comment_seen, .id = d->parent_id,
                                 .private = fb_bool_text(
                                     fb_comment_sees_private(fr)),
                                 .post_private = fb_bool_text(
                                     fb_post_sees_private(fr))),
                        &rows);
    if (err != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, FB_E_COMMENT_NOT_FOUND,
                             "parentCommentId", "Parent comment not found.");
    }
    if (strcmp(fb_rows_get(&rows, 0, 0), target) != 0) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                             "parentCommentId", "The parent comment "
                             "belongs to another post or changelog.");
    }
    return NULL;
}

/* The bodies of an email about the new comment: intro (HTML-escaped
 * here) and the title, then the comment, then m's footer. */
static void fb_comment_mail_bodies(fb_req_t *fr, const fb_comment_draft_t *d,
                                   const char *intro, const char *title,
                                   fb_bulk_mail_t *m)
{
    m->html = apr_pstrcat(fr->pool, "<p>",
                          apr_pescape_entity(fr->pool, intro, 0),
                          " <strong>",
                          apr_pescape_entity(fr->pool, title, 0),
                          "</strong>:</p><blockquote>", d->html,
                          "</blockquote>",
                          fb_bulk_footer_html(fr->pool, m->list), NULL);
    m->text = apr_pstrcat(fr->pool, intro, " ", title, ":\n\n", d->text,
                          fb_bulk_footer_text(fr->pool, m->list), NULL);
}

/* Queues the new-comment email to the post's voters. */
static fb_error_t *fb_comment_emails(fb_req_t *fr, void *draft)
{
    const fb_comment_draft_t *d = draft;
    const char *title = d->target.title;
    fb_bulk_mail_t m = {"comment.created", "postComments", NULL, NULL, NULL,
                        NULL, d->target.post_id, NULL};
    fb_rows_t voters;
    fb_error_t *err;

    m.subject = apr_pstrcat(fr->pool, "New comment on: ", title, NULL);
    fb_comment_mail_bodies(fr, d, "A new comment on", title, &m);
    m.dedupe = apr_pstrcat(fr->pool, m.kind, "/", d->id, "/", NULL);
    if ((err = fb_req_select(fr, FB_CALL(comment_c_recipients,
                                         .post = d->target.post_id,
                                         .contact = d->contact_id,
                                         .admin = d->admin_id,
                                         .parent = d->parent_id),
                             &voters)) != NULL) {
        return err;
    }
    if (fb_bulk_mail_queue(fr->db, fr->pool, &fr->conf->settings,
                           fr->principal.org_id, &m, &voters)
        != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    return NULL;
}

/* Queues the reply email to the parent comment's author. */
static fb_error_t *fb_comment_reply_email(fb_req_t *fr, void *draft)
{
    const fb_comment_draft_t *d = draft;
    fb_bulk_mail_t m = {"comment.reply", "commentReplies", NULL, NULL, NULL,
                        NULL, d->target.post_id, d->target.changelog_id};
    const char *title;
    fb_rows_t to;
    fb_error_t *err;

    if ((err = fb_req_select(fr, FB_CALL(comment_c_reply_to,
                                         .parent = d->parent_id,
                                         .contact = d->contact_id,
                                         .admin = d->admin_id),
                             &to)) != NULL
        || to.nrows == 0) {
        return err;
    }
    title = fb_rows_get(&to, 0, 1) ? fb_rows_get(&to, 0, 1) : "";
    m.subject = apr_pstrcat(fr->pool, "New reply to your comment on: ",
                            title, NULL);
    fb_comment_mail_bodies(fr, d, "A new reply to your comment on", title,
                           &m);
    m.dedupe = apr_pstrcat(fr->pool, m.kind, "/", d->id, "/", NULL);
    if (fb_bulk_mail_queue(fr->db, fr->pool, &fr->conf->settings,
                           fr->principal.org_id, &m, &to)
        != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    return NULL;
}

/* The checks and lookups before the insert, in the transaction: the
 * target, the parent and the author (made as a contact on first use). */
static fb_error_t *fb_comment_gather(fb_req_t *fr, void *draft)
{
    fb_comment_draft_t *d = draft;
    fb_error_t *err;

    if ((err = fb_comment_target(fr, d)) != NULL
        || (err = fb_comment_parent(fr, d)) != NULL) {
        return err;
    }
    return fb_person_resolve(fr, json_object_object_get(fr->body, "author"),
                             "author", 1, &d->contact_id, &d->admin_id);
}

/* POST /comments */
static fb_error_t *fb_comment_create(fb_req_t *fr)
{
    const char *upvotes = fb_int_given(fr, "upvotes");
    const char *downvotes = fb_int_given(fr, "downvotes");
    fb_comment_draft_t d;
    const char *json;
    fb_rows_t comment;
    fb_write_t w;
    fb_error_t *err;

    memset(&d, 0, sizeof(d));
    d.is_private = fb_json_bool(fr->body, "isPrivate", 0);
    if (d.is_private && !(fr->principal.perms & FB_PERM_BIT(
                              FB_PERM_MANAGE_COMMENTS_PRIVATE))) {
        return fb_error_make(fr->pool, FB_E_INSUFFICIENT_PERMISSIONS,
                             "isPrivate", "Private comments need the "
                             "manage_comments_private permission.");
    }
    if ((err = fb_comment_content(fr, &d.html, &d.text)) != NULL) {
        return err;
    }
    d.created_at = fb_body_time(fr, "createdAt");

    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_comment_gather, &d);
    fb_write_select(&w, FB_CALL(comment_c_insert,
                                .post = d.target.post_id,
                                .changelog = d.target.changelog_id,
                                .parent = d.parent_id,
                                .content = d.html,
                                .content_text = d.text,
                                .contact = d.contact_id,
                                .admin = d.admin_id,
                                .upvotes = upvotes ? upvotes : "0",
                                .downvotes = downvotes ? downvotes : "0",
                                .is_private = fb_bool_text(d.is_private),
                                .given_at = d.created_at),
                    &comment);
    d.id = fb_rows_get(&comment, 0, 0);
    if (!d.is_private && fb_json_bool(fr->body, "sendNotification", 1)) {
        if (d.parent_id != NULL) {
            fb_write_step(&w, fb_comment_reply_email, &d);
        }
        if (d.target.post_id != NULL) {
            fb_write_step(&w, fb_comment_emails, &d);
        }
    }
    fb_comment_write_render(&w, d.id, &json);
    fb_write_event(&w, "comment.created", json, NULL);
    return fb_write_respond(&w, HTTP_CREATED, json);
}

static const fb_op_t fb_comment_create_op = {
    .handler = fb_comment_create,
    .flags = FB_OP_BODY | FB_OP_WRITE,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_NONE,
    .body = fb_comment_create_rules,
    .audit = FB_AUDIT_MADE("comment.created", "feedback", "comment"),
};

static const fb_route_t fb_comment_create_routes[] = {
    {"POST", "/comments", &fb_comment_create_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_comment_create_module = {
    .name = "comment create",
    .routes = fb_comment_create_routes,
    .statements = fb_comment_create_statements,
};
