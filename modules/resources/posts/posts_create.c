/*
 * posts_create: POST /posts.
 *
 * A create runs in one transaction: the board and status checks, the
 * author (found or created as a contact), tags (created on first use),
 * custom field values checked against their definitions, the post, its
 * tags, the author's counters, its first vote, any admin notifications
 * and the post.created event.  Any error rolls all of it back.
 */
#include <string.h>

#include "apr_escape.h"
#include "apr_strings.h"

#include "fb_id.h"
#include "fb_json.h"
#include "people/people.h"
#include "post_fields.h"

/* What the checks before the insert read, in one round trip: the board,
 * the status (given, or the default), the ids of the named tags (a JSON
 * array of names) and the people the author may be (the author's keys:
 * id, userId, email).  OFFSET 0 keeps the keys, most of them NULL, out
 * of the plan, as people_find's (people.c). */
FB_SQL_NAMED(post_w_lookup, (board, status, tags, person, user_id, email),
    "SELECT b.posting_enabled, b.default_visibility, "
    "  b.custom_field_ids::text, "
    POST_STATUS_PICK("k.org_id", "k.status") ", "
    POST_TAG_IDS_JSON("k.org_id", "k.tags") "::text, "
    PERSON_FOUND_COLUMNS("k.org_id", "k.person", "k.user_id", "k.email")
    " FROM (SELECT %s::text AS org_id, %s::text AS board, "
    "             %s::text AS status, %s::json AS tags, "
    "             %s::text AS person, %s::text AS user_id, "
    "             %s::text AS email OFFSET 0) k "
    "LEFT JOIN boards b ON b.org_id = k.org_id AND b.id = k.board");

/*
 * The write, in one statement: the post, its tags (a JSON array of ids),
 * the author's counters (the contact, or NULL), and the first vote when
 * vote is true: the author's, or for an admin the contact sharing the
 * admin's email, made on first use.  Its arguments are bound once, by
 * name, in k, which the post, the counters and the vote read; k is NOT
 * MATERIALIZED, so that each keeps them as parameters.  The creation
 * time (now when not given) is the post's update and last activity time
 * too.  Foreign keys are checked at its end, the post's rows included.
 */
FB_SQL_NAMED(post_w_insert,
             (title, content, content_text, board, contact, admin, status,
              comments_enabled, in_review, visibility, assignee, eta,
              custom_fields, upvotes, created_at, tag_ids, vote),
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org_id, "
    "  %s::text AS title, %s::text AS content, %s::text AS content_text, "
    "  %s::text AS board, %s::text AS contact, %s::text AS admin, "
    "  %s::text AS status, %s::boolean AS comments_enabled, "
    "  %s::boolean AS in_review, %s::text AS visibility, "
    "  %s::text AS assignee, %s::timestamptz AS eta, "
    "  %s::jsonb AS custom_fields, %s::integer AS upvotes, "
    "  %s::timestamptz AS created_at, %s::json AS tag_ids, "
    "  %s::boolean AS vote), "
    "p AS ("
    "  INSERT INTO posts (org_id, slug, title, content, content_text, "
    "    board_id, author_contact_id, author_admin_id, status_id, "
    "    comments_enabled, in_review, visibility, assignee_id, eta, "
    "    custom_fields, upvotes, created_at, updated_at, "
    "    last_activity_at, tag_ids) "
    "  SELECT k.org_id, fb_post_slug(k.org_id, k.title), k.title, "
    "    k.content, k.content_text, k.board, k.contact, k.admin, "
    "    k.status, k.comments_enabled, k.in_review, k.visibility, "
    "    k.assignee, k.eta, k.custom_fields, k.upvotes, "
    "    COALESCE(k.created_at, now()), COALESCE(k.created_at, now()), "
    "    COALESCE(k.created_at, now()), "
    "    ARRAY(SELECT DISTINCT j.id "
    "          FROM json_array_elements_text(k.tag_ids) AS j (id) "
    "          ORDER BY 1) "
    "  FROM k "
    "  RETURNING org_id, id, created_at, tag_ids), "
    "t AS ("
    "  INSERT INTO post_tags (org_id, post_id, tag_id) "
    "  SELECT p.org_id, p.id, unnest(p.tag_ids) FROM p "
    "  ON CONFLICT DO NOTHING), "
    "c AS ("
    "  UPDATE contacts c SET posts_created = c.posts_created + 1, "
    "    last_activity = greatest(c.last_activity, p.created_at) "
    "  FROM p, k WHERE c.org_id = p.org_id AND c.id = k.contact), "
    "v AS ("
    "  INSERT INTO post_votes (org_id, post_id, contact_id, created_at) "
    "  SELECT p.org_id, p.id, COALESCE(k.contact, ("
    "    SELECT fb_contact_find_or_create(a.org_id, NULL, a.email, "
    "                                     a.name, a.profile_picture) "
    "    FROM admins a WHERE a.org_id = p.org_id AND a.id = k.admin)), "
    "    p.created_at "
    "  FROM p, k WHERE k.vote "
    "  ON CONFLICT DO NOTHING) "
    "SELECT id FROM p");

/* The "new post" email to every admin. */
FB_SQL_NAMED(post_w_notify_admins, (post_id, subject, body_html, body_text),
    "WITH m AS (SELECT %s::text AS org_id, %s::text AS post_id, "
    "                  %s::text AS subject, %s::text AS body_html, "
    "                  %s::text AS body_text) "
    "INSERT INTO email_outbox (org_id, kind, recipient, subject, "
    "  body_html, body_text, dedupe_key) "
    "SELECT a.org_id, 'post.created.admin', a.email, m.subject, "
    "  m.body_html, m.body_text, "
    "  'post.created.admin/' || m.post_id || '/' || a.id "
    "FROM m JOIN admins a ON a.org_id = m.org_id");

static const fb_statement_t *const fb_post_create_statements[] = {
    &fb_sql_post_w_lookup, &fb_sql_post_w_insert,
    &fb_sql_post_w_notify_admins, NULL
};

static const fb_field_rule_t fb_post_create_rules[] = {
    {.name = "title", .type = FB_FIELD_STRING,
     .flags = FB_FIELD_REQUIRED | FB_FIELD_TRIM, .min = 2, .max = 512},
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

/* The board, the status, the tags and the author, read in one
 * statement; the author's candidates go to people (fb_person_pick). */
static fb_error_t *fb_post_lookup(fb_req_t *fr, fb_post_draft_t *d,
                                  const char **tags_found,
                                  const char *people[4])
{
    const char *given = fb_id_normalize(fr->pool, fb_json_string(
                                            fr->body, "statusId"));
    fb_person_keys_t k;
    fb_rows_t rows;
    fb_error_t *err;
    int i;

    fb_person_keys(fr->pool, json_object_object_get(fr->body, "author"),
                   &k);
    err = fb_req_select(fr, FB_CALL(post_w_lookup,
                                    .board = fb_id_normalize(
                                        fr->pool, fb_json_string(fr->body,
                                                                 "boardId")),
                                    .status = given,
                                    .tags = d->tag_names_json,
                                    .person = k.id, .user_id = k.user_id,
                                    .email = k.email),
                        &rows);
    if (err != NULL) {
        return err;
    }
    if (fb_rows_get(&rows, 0, 0) == NULL) {
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
    d->status_id = fb_rows_get(&rows, 0, 3);
    if (d->status_id == NULL) {
        return fb_error_make(fr->pool, FB_E_RESOURCE_NOT_FOUND, "statusId",
                             given ? "Post status not found."
                                   : "The organization has no default "
                                     "post status.");
    }
    *tags_found = fb_rows_get(&rows, 0, 4);
    for (i = 0; i < 4; i++) {
        people[i] = fb_rows_get(&rows, 0, 5 + i);
    }
    return NULL;
}

/* The checks and lookups before the insert, in the transaction: the
 * board, the status, the author (made as a contact on first use), the
 * custom field values, the tags (made on first use) and the assignee. */
static fb_error_t *fb_post_gather(fb_req_t *fr, void *draft)
{
    fb_post_draft_t *d = draft;
    const char *tags_found = NULL, *people[4];
    fb_error_t *err;

    if ((err = fb_post_lookup(fr, d, &tags_found, people)) != NULL
        || (err = fb_person_pick(fr, json_object_object_get(fr->body,
                                                            "author"),
                                 "author", 1, people, &d->contact_id,
                                 &d->admin_id)) != NULL
        || (err = fb_post_custom_fields(fr, d, NULL)) != NULL
        || (err = fb_post_tags_found(fr, d, tags_found)) != NULL) {
        return err;
    }
    return fb_post_assignee(fr, &d->assignee_id);
}

/* Queues the "new post" email to every admin. */
static void fb_post_notify_admins(fb_write_t *w, const char *post_id,
                                  const char *title)
{
    apr_pool_t *p = w->fr->pool;

    fb_write_exec(w, FB_CALL(post_w_notify_admins, .post_id = post_id,
                             .subject = apr_pstrcat(p, "New post: ", title,
                                                    NULL),
                             .body_html = apr_pstrcat(
                                 p, "<p>A new post was created: <strong>",
                                 apr_pescape_entity(p, title, 0),
                                 "</strong></p>", NULL),
                             .body_text = apr_pstrcat(
                                 p, "A new post was created: ", title,
                                 NULL)));
}

/* POST /posts */
static fb_error_t *fb_post_create(fb_req_t *fr)
{
    json_object *body = fr->body;
    const char *title = fb_json_string(body, "title");
    json_object *upvotes_v = json_object_object_get(body, "upvotes");
    long upvotes = upvotes_v ? json_object_get_int64(upvotes_v) : 1;
    const char *post_id, *json;
    fb_post_draft_t d;
    fb_rows_t post;
    fb_write_t w;
    fb_error_t *err;

    memset(&d, 0, sizeof(d));
    /* Content first: its images are stored before the transaction. */
    if ((err = fb_post_flags(fr, 0)) != NULL
        || (err = fb_post_tag_names(fr, &d)) != NULL
        || (err = fb_body_html(fr, "content", &d.html, &d.text)) != NULL) {
        return err;
    }
    d.created_at = fb_body_time(fr, "createdAt");
    d.eta = fb_body_time(fr, "eta");

    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_post_gather, &d);
    fb_write_select(&w, FB_CALL(post_w_insert,
                                .title = title,
                                .content = d.html ? d.html : "",
                                .content_text = d.text ? d.text : "",
                                .board = fb_id_normalize(
                                    fr->pool, fb_json_string(body,
                                                             "boardId")),
                                .contact = d.contact_id,
                                .admin = d.admin_id,
                                .status = d.status_id,
                                .comments_enabled = fb_bool_arg(
                                    body, "commentsEnabled", 1),
                                .in_review = fb_bool_arg(body, "inReview",
                                                         0),
                                .visibility = d.visibility,
                                .assignee = d.assignee_id,
                                .eta = d.eta,
                                .custom_fields = d.custom_fields,
                                .upvotes = apr_ltoa(fr->pool, upvotes),
                                .created_at = d.created_at,
                                .tag_ids = d.tag_ids_json,
                                .vote = fb_bool_text(upvotes > 0)),
                    &post);
    post_id = fb_rows_get(&post, 0, 0);
    if (fb_json_bool(body, "notifyAdmins", 0)) {
        fb_post_notify_admins(&w, post_id, title);
    }
    fb_post_write_render(&w, post_id, &json);
    fb_write_event(&w, "post.created", json, NULL);
    return fb_write_respond(&w, HTTP_CREATED, json);
}

static const fb_op_t fb_post_create_op = {
    .handler = fb_post_create,
    .flags = FB_OP_BODY | FB_OP_WRITE,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_NONE,
    .body = fb_post_create_rules,
    .audit = FB_AUDIT_MADE("post.created", "feedback", "post"),
};

static const fb_route_t fb_post_create_routes[] = {
    {"POST", "/posts", &fb_post_create_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_post_create_module = {
    .name = "post create",
    .routes = fb_post_create_routes,
    .statements = fb_post_create_statements,
};
