/*
 * posts_update: PATCH /posts/{id} and DELETE /posts/{id}.
 *
 * Both lock the post's row, render it as it was, write, render it as it
 * is, and record the event (post.updated with the fields that changed, or
 * post.deleted with the post as it was) on the same transaction.
 */
#include <string.h>

#include "apr_escape.h"
#include "apr_strings.h"

#include "fb_changes.h"
#include "bulk_mail.h"
#include "fb_id.h"
#include "fb_json.h"
#include "people/people.h"
#include "post_fields.h"

FB_SQL_NAMED(post_u_lock, (id, private),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::boolean AS private) "
    "SELECT p.author_contact_id, p.status_id, p.custom_fields::text "
    "FROM k, posts p WHERE p.org_id = k.org_id AND p.id = k.id "
    "AND (k.private OR p.visibility = 'public') FOR UPDATE OF p");

FB_SQL(post_u_board, 1,
    "SELECT id FROM boards WHERE org_id = %s AND id = %s");

/* NULL leaves a column as it is, except where a flag (eta_given,
 * assignee_given, author_given) says that the value (NULL included) is to
 * be set; the author's flag sets the contact and the admin together. */
FB_SQL_NAMED(post_u_update,
             (id, title, content, content_text, board, status,
              comments_enabled, in_review, is_pinned, visibility,
              custom_fields, upvotes, created_at, eta_given, eta,
              assignee_given, assignee, author_given, contact, admin),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::text AS title, %s::text AS content, %s::text AS content_text, "
    "  %s::text AS board, %s::text AS status, "
    "  %s::boolean AS comments_enabled, %s::boolean AS in_review, "
    "  %s::boolean AS is_pinned, %s::text AS visibility, "
    "  %s::jsonb AS custom_fields, %s::integer AS upvotes, "
    "  %s::timestamptz AS created_at, %s::boolean AS eta_given, "
    "  %s::timestamptz AS eta, %s::boolean AS assignee_given, "
    "  %s::text AS assignee, %s::boolean AS author_given, "
    "  %s::text AS contact, %s::text AS admin) "
    "UPDATE posts p SET "
    "  title = COALESCE(k.title, p.title), "
    "  content = COALESCE(k.content, p.content), "
    "  content_text = COALESCE(k.content_text, p.content_text), "
    "  board_id = COALESCE(k.board, p.board_id), "
    "  status_id = COALESCE(k.status, p.status_id), "
    "  comments_enabled = COALESCE(k.comments_enabled, "
    "                              p.comments_enabled), "
    "  in_review = COALESCE(k.in_review, p.in_review), "
    "  is_pinned = COALESCE(k.is_pinned, p.is_pinned), "
    "  visibility = COALESCE(k.visibility, p.visibility), "
    "  custom_fields = COALESCE(k.custom_fields, p.custom_fields), "
    "  upvotes = COALESCE(k.upvotes, p.upvotes), "
    "  created_at = COALESCE(k.created_at, p.created_at), "
    "  eta = CASE WHEN k.eta_given THEN k.eta ELSE p.eta END, "
    "  assignee_id = CASE WHEN k.assignee_given THEN k.assignee "
    "                ELSE p.assignee_id END, "
    "  author_contact_id = CASE WHEN k.author_given THEN k.contact "
    "                      ELSE p.author_contact_id END, "
    "  author_admin_id = CASE WHEN k.author_given THEN k.admin "
    "                    ELSE p.author_admin_id END, "
    "  updated_at = now(), "
    "  last_activity_at = greatest(p.last_activity_at, now()) "
    "FROM k WHERE p.org_id = k.org_id AND p.id = k.id");

FB_SQL(post_u_untag, 1,
    "DELETE FROM post_tags WHERE org_id = %s AND post_id = %s");

/* Moves a contact's posts count by delta. */
FB_SQL_NAMED(post_u_author_count, (id, delta),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS id, "
    "                  %s::integer AS delta) "
    "UPDATE contacts c SET posts_created = greatest(c.posts_created "
    "                                               + k.delta, 0) "
    "FROM k WHERE c.org_id = k.org_id AND c.id = k.id");

/* The voters a status update email goes to. */
FB_SQL(post_u_status_recipients, 1,
    "SELECT c.email FROM post_votes v JOIN contacts c "
    "  ON c.org_id = v.org_id AND c.id = v.contact_id "
    "WHERE v.org_id = %s AND v.post_id = %s AND c.email IS NOT NULL "
    "AND fb_email_allowed(c.email_preferences, 'postUpdates') "
    "ORDER BY c.email");

FB_SQL(post_u_delete, 1,
    "DELETE FROM posts WHERE org_id = %s AND id = %s");

static const fb_statement_t *const fb_post_update_statements[] = {
    &fb_sql_post_u_lock, &fb_sql_post_u_board, &fb_sql_post_u_update,
    &fb_sql_post_u_untag, &fb_sql_post_u_author_count,
    &fb_sql_post_u_status_recipients, &fb_sql_post_u_delete, NULL
};

static const fb_field_rule_t fb_post_update_rules[] = {
    {.name = "title", .type = FB_FIELD_STRING, .flags = FB_FIELD_TRIM,
     .min = 2, .max = 512},
    {.name = "content", .type = FB_FIELD_STRING, .max = 500000},
    {.name = "boardId", .type = FB_FIELD_ID},
    {.name = "statusId", .type = FB_FIELD_ID},
    {.name = "tags", .type = FB_FIELD_STRINGS, .max = 100, .item_max = 255},
    {.name = "commentsEnabled", .type = FB_FIELD_BOOL},
    {.name = "inReview", .type = FB_FIELD_BOOL},
    {.name = "isPinned", .type = FB_FIELD_BOOL},
    {.name = "customFields", .type = FB_FIELD_OBJECT},
    {.name = "eta", .type = FB_FIELD_TIME_OR_UNIX,
     .flags = FB_FIELD_NULL_CLEARS},
    {.name = "createdAt", .type = FB_FIELD_TIME},
    {.name = "assigneeId", .type = FB_FIELD_ID,
     .flags = FB_FIELD_NULL_CLEARS},
    {.name = "visibility", .type = FB_FIELD_ENUM,
     .choices = fb_post_visibilities},
    {.name = "author", .type = FB_FIELD_OBJECT, .fields = fb_person_rules},
    {.name = "sendStatusUpdateEmail", .type = FB_FIELD_BOOL},
    {.name = "upvotes", .type = FB_FIELD_INT, .max = 1000000000},
    {.name = NULL}
};

/* A PATCH or DELETE under way: the post as it was, locked, and what the
 * body changes. */
typedef struct {
    const char *id;
    const char *author_contact_id;
    const char *status_id;
    const char *custom_fields;
    const char *json;               /* the post before the write */
    const char *after;              /* PATCH: and after it */
    fb_post_draft_t d;              /* PATCH: the changes gathered */
    const char *board_id;           /* PATCH: the body's, normalized */
} fb_post_change_t;

/* Locks post c->id (visible to the key) and renders it as it was. */
static fb_error_t *fb_post_lock(fb_req_t *fr, void *change)
{
    fb_post_change_t *c = change;
    fb_rows_t rows;
    fb_error_t *err;

    err = fb_req_select(fr, FB_CALL(post_u_lock, .id = c->id,
                                    .private = fb_bool_text(
                                        fb_post_sees_private(fr))),
                        &rows);
    if (err != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, FB_E_POST_NOT_FOUND, "id", NULL);
    }
    c->author_contact_id = fb_rows_get(&rows, 0, 0);
    c->status_id = fb_rows_get(&rows, 0, 1);
    c->custom_fields = fb_rows_get(&rows, 0, 2);
    return fb_post_render(fr, c->id, 1, &c->json);
}

/* The checks and lookups of a PATCH, in the transaction: the board, and
 * each of status, assignee, author, custom fields and tags that the body
 * gives. */
static fb_error_t *fb_post_gather_changes(fb_req_t *fr, void *change)
{
    fb_post_change_t *c = change;
    json_object *body = fr->body;
    const char *found;
    fb_error_t *err;

    if (c->board_id != NULL) {
        if ((err = fb_resource_lookup(fr, &fb_sql_post_u_board, c->board_id,
                                      &found)) != NULL) {
            return err;
        }
        if (found == NULL) {
            return fb_error_make(fr->pool, FB_E_BOARD_NOT_FOUND, "boardId",
                                 NULL);
        }
    }
    if ((json_object_object_get(body, "statusId") != NULL
         && (err = fb_post_status(fr, &c->d)) != NULL)
        || (err = fb_post_assignee(fr, &c->d.assignee_id)) != NULL
        || (json_object_object_get(body, "author") != NULL
            && (err = fb_person_resolve(fr, json_object_object_get(
                                            body, "author"), "author",
                                        1, &c->d.contact_id,
                                        &c->d.admin_id)) != NULL)
        || (json_object_object_get(body, "customFields") != NULL
            && (err = fb_post_custom_fields(fr, &c->d, c->custom_fields))
               != NULL)
        || (json_object_object_get(body, "tags") != NULL
            && (err = fb_post_tags(fr, &c->d)) != NULL)) {
        return err;
    }
    return NULL;
}

/* Moves the author's posts count when the author changes. */
static void fb_post_recount(fb_write_t *w, const char *from, const char *to)
{
    if (from != NULL && (to == NULL || strcmp(from, to) != 0)) {
        fb_write_exec(w, FB_CALL(post_u_author_count, .id = from,
                                 .delta = "-1"));
    }
    if (to != NULL && (from == NULL || strcmp(from, to) != 0)) {
        fb_write_exec(w, FB_CALL(post_u_author_count, .id = to,
                                 .delta = "1"));
    }
}

/* Queues the status update email to every voter with an address. */
static fb_error_t *fb_post_status_emails(fb_req_t *fr, void *change)
{
    const fb_post_change_t *c = change;
    json_object *post = fb_json_owned(fr->pool,
                                      json_tokener_parse(c->after));
    const char *title = fb_json_string(post, "title");
    const char *status = fb_json_string(
        json_object_object_get(post, "status"), "name");
    fb_bulk_mail_t m = {"post.status", "postUpdates", NULL, NULL, NULL,
                        NULL, c->id, NULL};
    fb_rows_t voters;
    fb_error_t *err;

    m.subject = apr_pstrcat(fr->pool, "Status update: ", title, NULL);
    m.html = apr_pstrcat(fr->pool, "<p><strong>",
                         apr_pescape_entity(fr->pool, title, 0),
                         "</strong> is now <strong>",
                         apr_pescape_entity(fr->pool, status, 0),
                         "</strong>.</p>",
                         fb_bulk_footer_html(fr->pool, m.list), NULL);
    m.text = apr_pstrcat(fr->pool, title, " is now ", status, ".",
                         fb_bulk_footer_text(fr->pool, m.list), NULL);
    if ((err = fb_req_select(fr, &fb_sql_post_u_status_recipients,
                             FB_ARGS(c->id), &voters)) != NULL) {
        return err;
    }
    if (fb_bulk_mail_queue(fr->db, fr->pool, &fr->conf->settings,
                           fr->principal.org_id, &m, &voters)
        != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    return NULL;
}

/* PATCH /posts/{id} */
static fb_error_t *fb_post_update(fb_req_t *fr)
{
    json_object *body = fr->body;
    int has_author = json_object_object_get(body, "author") != NULL;
    fb_post_change_t c;
    const char *changes;
    fb_write_t w;
    fb_error_t *err;
    int n = 0;

    memset(&c, 0, sizeof(c));
    /* Content first: its images are stored before the transaction. */
    if ((err = fb_post_flags(fr, 1)) != NULL
        || (err = fb_body_html(fr, "content", &c.d.html, &c.d.text)) != NULL
        || (err = fb_resource_id(fr, &c.id)) != NULL) {
        return err;
    }
    c.board_id = fb_id_normalize(fr->pool, fb_json_string(body, "boardId"));

    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_post_lock, &c);
    fb_write_step(&w, fb_post_gather_changes, &c);
    fb_write_exec(&w, FB_CALL(post_u_update, .id = c.id,
                              .title = fb_json_string(body, "title"),
                              .content = c.d.html,
                              .content_text = c.d.text,
                              .board = c.board_id,
                              .status = c.d.status_id,
                              .comments_enabled = fb_bool_given(
                                  fr, "commentsEnabled"),
                              .in_review = fb_bool_given(fr, "inReview"),
                              .is_pinned = fb_bool_given(fr, "isPinned"),
                              .visibility = fb_json_string(body,
                                                           "visibility"),
                              .custom_fields = c.d.custom_fields,
                              .upvotes = fb_int_given(fr, "upvotes"),
                              .created_at = fb_body_time(fr, "createdAt"),
                              .eta_given = fb_bool_text(
                                  json_object_object_get_ex(body, "eta",
                                                            NULL)),
                              .eta = fb_body_time(fr, "eta"),
                              .assignee_given = fb_bool_text(
                                  json_object_object_get_ex(
                                      body, "assigneeId", NULL)),
                              .assignee = c.d.assignee_id,
                              .author_given = fb_bool_text(has_author),
                              .contact = c.d.contact_id,
                              .admin = c.d.admin_id));
    if (c.d.tag_ids != NULL) {
        fb_write_exec(&w, &fb_sql_post_u_untag, FB_ARGS(c.id));
        fb_post_link_tags(&w, c.id, &c.d);
    }
    if (has_author) {
        fb_post_recount(&w, c.author_contact_id, c.d.contact_id);
    }
    fb_post_write_render(&w, c.id, &c.after);
    changes = fb_write_ok(&w) ? fb_changes_diff(fr->pool, c.json, c.after,
                                                &n)
                              : NULL;
    if (n > 0) {
        fb_write_event(&w, "post.updated", c.after, changes);
    }
    if (c.d.status_id != NULL && strcmp(c.d.status_id, c.status_id) != 0
        && fb_json_bool(body, "sendStatusUpdateEmail", 0)) {
        fb_write_step(&w, fb_post_status_emails, &c);
    }
    /* Without the right to see private posts, the answer is the public
     * rendering, which is the same post. */
    return fb_write_respond(&w, HTTP_OK, c.after);
}

/* DELETE /posts/{id}: the post, its votes, tags and emails go with it
 * (foreign keys that cascade). */
static fb_error_t *fb_post_delete(fb_req_t *fr)
{
    fb_post_change_t c;
    fb_write_t w;
    fb_error_t *err;

    memset(&c, 0, sizeof(c));
    if ((err = fb_resource_id(fr, &c.id)) != NULL) {
        return err;
    }
    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_post_lock, &c);
    fb_write_exec(&w, &fb_sql_post_u_delete, FB_ARGS(c.id));
    fb_post_recount(&w, c.author_contact_id, NULL);
    fb_write_event(&w, "post.deleted", c.json, NULL);
    return fb_write_respond(&w, HTTP_OK,
                            fb_resource_deleted(fr->pool, c.id, "post"));
}

static const fb_op_t fb_post_update_op = {
    .handler = fb_post_update,
    .flags = FB_OP_BODY | FB_OP_WRITE,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_NONE,
    .body = fb_post_update_rules,
    .audit = FB_AUDIT_OF("post.updated", "feedback", "post"),
};

static const fb_op_t fb_post_delete_op = {
    .handler = fb_post_delete,
    .flags = FB_OP_WRITE | FB_OP_MEMBER,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_MODERATE_POSTS,
    .audit = FB_AUDIT_OF("post.deleted", "feedback", "post"),
};

static const fb_route_t fb_post_update_routes[] = {
    {"PATCH", "/posts/{id}", &fb_post_update_op},
    {"DELETE", "/posts/{id}", &fb_post_delete_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_post_update_module = {
    .name = "post update",
    .routes = fb_post_update_routes,
    .statements = fb_post_update_statements,
};
