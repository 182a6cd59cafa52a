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
#include "fb_events.h"
#include "fb_id.h"
#include "fb_json.h"
#include "people/people.h"
#include "post_fields.h"

FB_SQL(post_u_lock, 2,
    "SELECT author_contact_id, status_id, custom_fields::text FROM posts "
    "WHERE org_id = %s AND id = %s "
    "AND (%s::boolean OR visibility = 'public') FOR UPDATE");

FB_SQL(post_u_board, 1,
    "SELECT id FROM boards WHERE org_id = %s AND id = %s");

/* NULL leaves a column as it is, except where a flag says that the
 * value (NULL included) is to be set. */
FB_SQL_GLOBAL(post_u_update, 22,
    "UPDATE posts SET "
    "  title = COALESCE(%s, title), "
    "  content = COALESCE(%s, content), "
    "  content_text = COALESCE(%s, content_text), "
    "  board_id = COALESCE(%s, board_id), "
    "  status_id = COALESCE(%s, status_id), "
    "  comments_enabled = COALESCE(%s::boolean, comments_enabled), "
    "  in_review = COALESCE(%s::boolean, in_review), "
    "  is_pinned = COALESCE(%s::boolean, is_pinned), "
    "  visibility = COALESCE(%s, visibility), "
    "  custom_fields = COALESCE(%s::jsonb, custom_fields), "
    "  upvotes = COALESCE(%s::integer, upvotes), "
    "  created_at = COALESCE(%s::timestamptz, created_at), "
    "  eta = CASE WHEN %s::boolean THEN %s::timestamptz ELSE eta END, "
    "  assignee_id = CASE WHEN %s::boolean THEN %s ELSE assignee_id END, "
    "  author_contact_id = CASE WHEN %s::boolean THEN %s "
    "                      ELSE author_contact_id END, "
    "  author_admin_id = CASE WHEN %s::boolean THEN %s "
    "                    ELSE author_admin_id END, "
    "  updated_at = now(), "
    "  last_activity_at = greatest(last_activity_at, now()) "
    "WHERE org_id = %s AND id = %s");

FB_SQL(post_u_untag, 1,
    "DELETE FROM post_tags WHERE org_id = %s AND post_id = %s");

FB_SQL_GLOBAL(post_u_author_count, 3,
    "UPDATE contacts SET posts_created = greatest(posts_created "
    "                                             + %s::integer, 0) "
    "WHERE org_id = %s AND id = %s");

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
    {.name = "title", .type = FB_FIELD_STRING, .min = 2, .max = 512},
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

/* The post as the transaction sees it, locked; NULL id when absent. */
typedef struct {
    const char *id;
    const char *author_contact_id;
    const char *status_id;
    const char *custom_fields;
    const char *json;
} fb_post_locked_t;

static fb_error_t *fb_post_lock(fb_req_t *fr, fb_post_locked_t *p)
{
    const char *args[3];
    fb_rows_t rows;
    fb_error_t *err;

    memset(p, 0, sizeof(*p));
    if ((err = fb_resource_id(fr, &args[1])) != NULL
        || (err = fb_req_begin(fr)) != NULL) {
        return err;
    }
    args[0] = fr->principal.org_id;
    args[2] = fb_bool_text(fb_post_sees_private(fr));
    if ((err = fb_req_select_label(fr, "post_u_lock", 3, args, &rows)) != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, FB_E_POST_NOT_FOUND, "id", NULL);
    }
    p->id = args[1];
    p->author_contact_id = fb_rows_get(&rows, 0, 0);
    p->status_id = fb_rows_get(&rows, 0, 1);
    p->custom_fields = fb_rows_get(&rows, 0, 2);
    return fb_post_render(fr, p->id, 1, &p->json);
}

/* Moves the author's posts count when the author changes. */
static void fb_post_recount(fb_req_t *fr, const char *from, const char *to)
{
    if (from != NULL && (to == NULL || strcmp(from, to) != 0)) {
        const char *args[3] = {"-1", fr->principal.org_id, from};

        fb_db_exec_label(fr->db, fr->pool, "post_u_author_count", 3, args, NULL);
    }
    if (to != NULL && (from == NULL || strcmp(from, to) != 0)) {
        const char *args[3] = {"1", fr->principal.org_id, to};

        fb_db_exec_label(fr->db, fr->pool, "post_u_author_count", 3, args, NULL);
    }
}

/* Queues the status update email to every voter with an address. */
static void fb_post_status_emails(fb_req_t *fr, const char *post_id,
                                  const char *after)
{
    json_object *post = fb_json_owned(fr->pool, json_tokener_parse(after));
    const char *title = fb_json_string(post, "title");
    const char *status = fb_json_string(
        json_object_object_get(post, "status"), "name");
    const char *args[2] = {fr->principal.org_id, post_id};
    fb_bulk_mail_t m = {"post.status", "postUpdates", NULL, NULL, NULL,
                        NULL, post_id, NULL};
    fb_rows_t voters;

    m.subject = apr_pstrcat(fr->pool, "Status update: ", title, NULL);
    m.html = apr_pstrcat(fr->pool, "<p><strong>",
                         apr_pescape_entity(fr->pool, title, 0),
                         "</strong> is now <strong>",
                         apr_pescape_entity(fr->pool, status, 0),
                         "</strong>.</p>",
                         fb_bulk_footer_html(fr->pool, m.list), NULL);
    m.text = apr_pstrcat(fr->pool, title, " is now ", status, ".",
                         fb_bulk_footer_text(fr->pool, m.list), NULL);
    if (fb_db_select_label(fr->db, fr->pool, "post_u_status_recipients", 2, args,
                     &voters) == APR_SUCCESS) {
        fb_bulk_mail_queue(fr->db, fr->pool, &fr->conf->settings,
                           fr->principal.org_id, &m, &voters);
    }
}

/* The changes of a PATCH, inside the transaction. */
static fb_error_t *fb_post_apply(fb_req_t *fr, fb_post_locked_t *p,
                                 fb_post_draft_t *d)
{
    json_object *body = fr->body;
    const char *html, *text;
    const char *board = fb_id_normalize(fr->pool,
                                        fb_json_string(body, "boardId"));
    int has_author = json_object_object_get(body, "author") != NULL;
    json_object *upvotes = json_object_object_get(body, "upvotes");
    const char *assignee = NULL, *found;
    const char *args[25];
    fb_error_t *err;
    int i;

    if (board != NULL) {
        if ((err = fb_resource_lookup(fr, &fb_sql_post_u_board, board, &found))
            != NULL) {
            return err;
        }
        if (found == NULL) {
            return fb_error_make(fr->pool, FB_E_BOARD_NOT_FOUND, "boardId",
                                 NULL);
        }
    }
    html = d->html;
    text = d->text;
    if ((json_object_object_get(body, "statusId") != NULL
         && (err = fb_post_status(fr, d)) != NULL)
        || (err = fb_post_assignee(fr, &assignee)) != NULL
        || (has_author
            && (err = fb_person_resolve(fr, json_object_object_get(
                                            body, "author"), "author",
                                        1, &d->contact_id, &d->admin_id))
               != NULL)
        || (json_object_object_get(body, "customFields") != NULL
            && (err = fb_post_custom_fields(fr, d, p->custom_fields))
               != NULL)
        || (json_object_object_get(body, "tags") != NULL
            && (err = fb_post_tags(fr, d)) != NULL)) {
        return err;
    }
    args[0] = fb_json_string(body, "title");
    args[1] = html;
    args[2] = text;
    args[3] = board;
    args[4] = d->status_id;
    args[5] = json_object_object_get(body, "commentsEnabled")
              ? fb_bool_arg(body, "commentsEnabled", 1) : NULL;
    args[6] = json_object_object_get(body, "inReview")
              ? fb_bool_arg(body, "inReview", 0) : NULL;
    args[7] = json_object_object_get(body, "isPinned")
              ? fb_bool_arg(body, "isPinned", 0) : NULL;
    args[8] = fb_json_string(body, "visibility");
    args[9] = d->custom_fields;
    args[10] = upvotes ? apr_ltoa(fr->pool, json_object_get_int(upvotes))
                       : NULL;
    args[11] = fb_body_time(fr, "createdAt");
    args[12] = fb_bool_text(json_object_object_get_ex(body, "eta", NULL));
    args[13] = fb_body_time(fr, "eta");
    args[14] = fb_bool_text(json_object_object_get_ex(body, "assigneeId",
                                                       NULL));
    args[15] = assignee;
    args[16] = args[18] = fb_bool_text(has_author);
    args[17] = d->contact_id;
    args[19] = d->admin_id;
    args[20] = fr->principal.org_id;
    args[21] = p->id;
    fb_db_exec_label(fr->db, fr->pool, "post_u_update", 22, args, NULL);
    if (d->tag_ids != NULL) {
        const char *untag[2] = {fr->principal.org_id, p->id};

        fb_db_exec_label(fr->db, fr->pool, "post_u_untag", 2, untag, NULL);
        for (i = 0; i < d->tag_ids->nelts; i++) {
            const char *link[3] = {fr->principal.org_id, p->id,
                                   APR_ARRAY_IDX(d->tag_ids, i,
                                                 const char *)};

            fb_db_exec_label(fr->db, fr->pool, "post_f_tag_link", 3, link, NULL);
        }
    }
    if (has_author) {
        fb_post_recount(fr, p->author_contact_id, d->contact_id);
    }
    return NULL;
}

/* PATCH /posts/{id} */
static fb_error_t *fb_post_update(fb_req_t *fr)
{
    fb_post_locked_t p;
    fb_post_draft_t d;
    const char *after = NULL, *changes;
    fb_error_t *err;
    int n;

    memset(&d, 0, sizeof(d));
    /* Content first: its images are stored before the transaction. */
    if ((err = fb_post_flags(fr, 1)) != NULL
        || (err = fb_body_html(fr, "content", &d.html, &d.text)) != NULL) {
        return err;
    }
    err = fb_post_lock(fr, &p);
    if (err == NULL) {
        err = fb_post_apply(fr, &p, &d);
    }
    if (err == NULL) {
        err = fb_post_render(fr, p.id, 1, &after);
    }
    if (err == NULL) {
        changes = fb_changes_diff(fr->pool, p.json, after, &n);
        if (n > 0 && fb_event_record(fr->db, fr->pool, fr->principal.org_id,
                                     "post.updated", after, changes)
                     != APR_SUCCESS) {
            err = fb_req_db_failed(fr);
        }
        if (err == NULL && d.status_id != NULL
            && strcmp(d.status_id, p.status_id) != 0
            && fb_json_bool(fr->body, "sendStatusUpdateEmail", 0)) {
            fb_post_status_emails(fr, p.id, after);
        }
    }
    if (fr->db != NULL && fr->db->tx) {
        err = fb_req_end(fr, err);
    }
    if (err != NULL) {
        return err;
    }
    /* Without the right to see private posts, the answer is the public
     * rendering, which is the same post. */
    fb_respond(fr, HTTP_OK, after);
    return NULL;
}

/* DELETE /posts/{id}: the post, its votes, tags and emails go with it
 * (foreign keys that cascade). */
static fb_error_t *fb_post_delete(fb_req_t *fr)
{
    fb_post_locked_t p;
    fb_error_t *err = fb_post_lock(fr, &p);

    if (err == NULL) {
        const char *args[2] = {fr->principal.org_id, p.id};

        fb_db_exec_label(fr->db, fr->pool, "post_u_delete", 2, args, NULL);
        fb_post_recount(fr, p.author_contact_id, NULL);
        if (fb_event_record(fr->db, fr->pool, fr->principal.org_id,
                            "post.deleted", p.json, NULL) != APR_SUCCESS) {
            err = fb_req_db_failed(fr);
        }
    }
    if (fr->db != NULL && fr->db->tx) {
        err = fb_req_end(fr, err);
    }
    if (err != NULL) {
        return err;
    }
    fb_respond(fr, HTTP_OK, apr_pstrcat(fr->pool, "{\"id\":\"", p.id,
                                        "\",\"object\":\"post\","
                                        "\"deleted\":true}", NULL));
    return NULL;
}

static const fb_op_t fb_post_update_op = {
    fb_post_update, FB_OP_BODY | FB_OP_WRITE, FB_VERSION_CLOVER,
    FB_PERM_NONE, NULL, fb_post_update_rules, NULL
};

static const fb_op_t fb_post_delete_op = {
    fb_post_delete, FB_OP_WRITE | FB_OP_MEMBER, FB_VERSION_CLOVER,
    FB_PERM_MODERATE_POSTS, NULL, NULL, NULL
};

static const fb_route_t fb_post_update_routes[] = {
    {"PATCH", "/posts/{id}", &fb_post_update_op},
    {"DELETE", "/posts/{id}", &fb_post_delete_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_post_update_module = {
    "post update", fb_post_update_routes, fb_post_update_statements
};
