/*
 * posts_create: POST /posts.
 *
 * A create runs in one transaction: the board and status checks, the
 * author (found or created as a contact), tags (created on first use),
 * custom field values checked against their definitions, the post, its
 * first vote, the author's counters, the post.created event and any admin
 * notifications.  Any error rolls all of it back.
 */
#include <string.h>

#include "apr_escape.h"
#include "apr_strings.h"

#include "fb_events.h"
#include "fb_id.h"
#include "fb_json.h"
#include "people/people.h"
#include "post_fields.h"

FB_SQL(post_w_board, 1,
    "SELECT posting_enabled, default_visibility, custom_field_ids::text "
    "FROM boards WHERE org_id = %s AND id = %s");

FB_SQL(post_w_insert, 19,
    "INSERT INTO posts (org_id, slug, title, content, content_text, "
    "  board_id, author_contact_id, author_admin_id, status_id, "
    "  comments_enabled, in_review, visibility, assignee_id, eta, "
    "  custom_fields, upvotes, created_at, updated_at, last_activity_at) "
    "VALUES (%s, fb_post_slug(%s, %s), %s, %s, %s, %s, %s, %s, %s, "
    "  %s::boolean, %s::boolean, %s, %s, %s::timestamptz, %s::jsonb, "
    "  %s::integer, COALESCE(%s::timestamptz, now()), "
    "  COALESCE(%s::timestamptz, now()), COALESCE(%s::timestamptz, now())) "
    "RETURNING id");

FB_SQL(post_w_vote, 3,
    "INSERT INTO post_votes (org_id, post_id, contact_id, created_at) "
    "VALUES (%s, %s, %s, COALESCE(%s::timestamptz, now())) "
    "ON CONFLICT DO NOTHING");

FB_SQL_GLOBAL(post_w_author_counts, 3,
    "UPDATE contacts SET posts_created = posts_created + 1, "
    "  last_activity = greatest(last_activity, "
    "                           COALESCE(%s::timestamptz, now())) "
    "WHERE org_id = %s AND id = %s");

FB_SQL_GLOBAL(post_w_notify_admins, 5,
    "INSERT INTO email_outbox (org_id, kind, recipient, subject, "
    "  body_html, body_text, dedupe_key) "
    "SELECT a.org_id, 'post.created.admin', a.email, %s, %s, %s, "
    "  'post.created.admin/' || %s || '/' || a.id "
    "FROM admins a WHERE a.org_id = %s");

static const fb_statement_t *const fb_post_create_statements[] = {
    &fb_sql_post_w_board, &fb_sql_post_w_insert, &fb_sql_post_w_vote,
    &fb_sql_post_w_author_counts, &fb_sql_post_w_notify_admins, NULL
};

static const fb_field_rule_t fb_post_create_rules[] = {
    {.name = "title", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 2, .max = 512},
    {.name = "boardId", .type = FB_FIELD_ID, .flags = FB_FIELD_REQUIRED},
    {.name = "content", .type = FB_FIELD_STRING, .max = 500000},
    {.name = "tags", .type = FB_FIELD_STRINGS, .max = 100, .item_max = 255},
    {.name = "commentsEnabled", .type = FB_FIELD_BOOL},
    {.name = "statusId", .type = FB_FIELD_ID},
    {.name = "author", .type = FB_FIELD_OBJECT, .fields = fb_person_rules},
    {.name = "inReview", .type = FB_FIELD_BOOL},
    {.name = "customFields", .type = FB_FIELD_OBJECT},
    {.name = "eta", .type = FB_FIELD_TIME_OR_UNIX},
    {.name = "createdAt", .type = FB_FIELD_TIME},
    {.name = "assigneeId", .type = FB_FIELD_ID},
    {.name = "visibility", .type = FB_FIELD_ENUM,
     .choices = fb_post_visibilities},
    {.name = "upvotes", .type = FB_FIELD_INT, .max = 1000000000},
    {.name = "notifyAdmins", .type = FB_FIELD_BOOL},
    {.name = "integrations", .type = FB_FIELD_OBJECT},
    {.name = NULL}
};

static fb_error_t *fb_post_board(fb_req_t *fr, fb_post_draft_t *d)
{
    const char *args[2] = {fr->principal.org_id,
                           fb_id_normalize(fr->pool, fb_json_string(
                                               fr->body, "boardId"))};
    fb_rows_t rows;
    fb_error_t *err = fb_req_select_label(fr, "post_w_board", 2, args, &rows);

    if (err != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, FB_E_BOARD_NOT_FOUND, "boardId",
                             NULL);
    }
    if (strcmp(fb_rows_get(&rows, 0, 0), "t") != 0) {
        return fb_error_make(fr->pool, FB_E_FEATURE_DISABLED, "boardId",
                             "Posting is disabled on this board.");
    }
    d->visibility = fb_json_string(fr->body, "visibility");
    if (d->visibility == NULL) {
        d->visibility = fb_rows_get(&rows, 0, 1);
    }
    d->board_fields = fb_rows_get(&rows, 0, 2);
    return NULL;
}

/* Queues the "new post" email to every admin when asked to. */
static void fb_post_notify_admins(fb_req_t *fr, const char *post_id,
                                  const char *title)
{
    const char *subject = apr_pstrcat(fr->pool, "New post: ", title, NULL);
    const char *args[5] = {
        subject,
        apr_pstrcat(fr->pool, "<p>A new post was created: <strong>",
                    apr_pescape_entity(fr->pool, title, 0), "</strong></p>",
                    NULL),
        apr_pstrcat(fr->pool, "A new post was created: ", title, NULL),
        post_id, fr->principal.org_id
    };

    fb_db_exec_label(fr->db, fr->pool, "post_w_notify_admins", 5, args, NULL);
}

/* Everything of a create after the checks, inside the transaction. */
static fb_error_t *fb_post_insert(fb_req_t *fr, fb_post_draft_t *d,
                                  const char **json)
{
    json_object *body = fr->body;
    const char *html, *text;
    json_object *upvotes_v = json_object_object_get(body, "upvotes");
    long upvotes = upvotes_v ? json_object_get_int64(upvotes_v) : 1;
    const char *title = fb_json_string(body, "title");
    const char *assignee;
    const char *args[20];
    fb_rows_t rows;
    fb_error_t *err;
    const char *post_id;
    int i;

    if ((err = fb_post_assignee(fr, &assignee)) != NULL) {
        return err;
    }
    html = d->html;
    text = d->text;
    args[0] = fr->principal.org_id;
    args[1] = fr->principal.org_id;
    args[2] = title;
    args[3] = title;
    args[4] = html ? html : "";
    args[5] = text ? text : "";
    args[6] = fb_id_normalize(fr->pool, fb_json_string(body, "boardId"));
    args[7] = d->contact_id;
    args[8] = d->admin_id;
    args[9] = d->status_id;
    args[10] = fb_bool_arg(body, "commentsEnabled", 1);
    args[11] = fb_bool_arg(body, "inReview", 0);
    args[12] = d->visibility;
    args[13] = assignee;
    args[14] = d->eta;
    args[15] = d->custom_fields;
    args[16] = apr_ltoa(fr->pool, upvotes);
    args[17] = args[18] = args[19] = d->created_at;
    if ((err = fb_req_select_label(fr, "post_w_insert", 20, args, &rows))
        != NULL) {
        return err;
    }
    post_id = fb_rows_get(&rows, 0, 0);
    for (i = 0; i < d->tag_ids->nelts; i++) {
        const char *link[3] = {fr->principal.org_id, post_id,
                               APR_ARRAY_IDX(d->tag_ids, i, const char *)};

        fb_db_exec_label(fr->db, fr->pool, "post_f_tag_link", 3, link, NULL);
    }
    if (d->contact_id != NULL) {
        const char *counts[3] = {d->created_at, fr->principal.org_id,
                                 d->contact_id};

        fb_db_exec_label(fr->db, fr->pool, "post_w_author_counts", 3, counts,
                   NULL);
    }
    if (upvotes > 0) {
        /* The author is the first voter; an admin votes as the contact
         * sharing the admin's email. */
        const char *voter = d->contact_id;
        const char *vote[4];

        if (voter == NULL
            && (err = fb_person_admin_contact(fr, d->admin_id, &voter))
               != NULL) {
            return err;
        }
        vote[0] = fr->principal.org_id;
        vote[1] = post_id;
        vote[2] = voter;
        vote[3] = d->created_at;
        fb_db_exec_label(fr->db, fr->pool, "post_w_vote", 4, vote, NULL);
    }
    if (fb_json_bool(body, "notifyAdmins", 0)) {
        fb_post_notify_admins(fr, post_id, title);
    }
    if ((err = fb_post_render(fr, post_id, 1, json)) != NULL) {
        return err;
    }
    if (fb_event_record(fr->db, fr->pool, fr->principal.org_id,
                        "post.created", *json, NULL) != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    return NULL;
}

/* POST /posts */
static fb_error_t *fb_post_create(fb_req_t *fr)
{
    fb_post_draft_t d;
    const char *json = NULL;
    fb_error_t *err;

    memset(&d, 0, sizeof(d));
    /* Content first: its images are stored before the transaction. */
    if ((err = fb_post_flags(fr, 0)) != NULL
        || (err = fb_body_html(fr, "content", &d.html, &d.text)) != NULL
        || (err = fb_req_begin(fr)) != NULL) {
        return err;
    }
    d.created_at = fb_body_time(fr, "createdAt");
    d.eta = fb_body_time(fr, "eta");
    err = fb_post_board(fr, &d);
    if (err == NULL) {
        err = fb_post_status(fr, &d);
    }
    if (err == NULL) {
        err = fb_person_resolve(fr, json_object_object_get(fr->body,
                                                           "author"),
                                "author", 1, &d.contact_id, &d.admin_id);
    }
    if (err == NULL) {
        err = fb_post_custom_fields(fr, &d, NULL);
    }
    if (err == NULL) {
        err = fb_post_tags(fr, &d);
    }
    if (err == NULL) {
        err = fb_post_insert(fr, &d, &json);
    }
    if ((err = fb_req_end(fr, err)) != NULL) {
        return err;
    }
    fb_respond(fr, HTTP_CREATED, json);
    return NULL;
}

static const fb_op_t fb_post_create_op = {
    fb_post_create, FB_OP_BODY | FB_OP_WRITE, FB_VERSION_CLOVER,
    FB_PERM_NONE, NULL, fb_post_create_rules, NULL
};

static const fb_route_t fb_post_create_routes[] = {
    {"POST", "/posts", &fb_post_create_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_post_create_module = {
    "post create", fb_post_create_routes, fb_post_create_statements
};
