/*
 * post_voters: GET, POST and DELETE /posts/{id}/voters.
 *
 * A vote is a row keyed by (organization, post, contact): adding one that
 * exists inserts nothing, so a repeated vote adds nothing, and the post's
 * upvotes move by one in the same statement group only when a row was
 * inserted or deleted.  Concurrent votes therefore keep upvotes exact
 * without reading before writing.  Voting for someone else than the key's
 * own admin needs post_vote_on_behalf; admins vote through the contact
 * that shares their email.
 */
#include <string.h>

#include "apr_strings.h"

#include "fb_events.h"
#include "fb_json.h"
#include "people/people.h"
#include "post_fields.h"

FB_SQL(voter_post, 2,
    "SELECT id FROM posts WHERE org_id = %s AND id = %s "
    "AND (%s::boolean OR visibility = 'public')");

FB_SQL(voter_list, 2,
    "SELECT " CONTACT_JSON ", fb_ts_key(v.created_at), v.contact_id "
    "FROM post_votes v JOIN contacts c "
    "  ON c.org_id = v.org_id AND c.id = v.contact_id "
    "WHERE v.org_id = %s AND v.post_id = %s "
    "ORDER BY v.created_at DESC, v.contact_id DESC LIMIT %d");

FB_SQL(voter_list_after, 4,
    "SELECT " CONTACT_JSON ", fb_ts_key(v.created_at), v.contact_id "
    "FROM post_votes v JOIN contacts c "
    "  ON c.org_id = v.org_id AND c.id = v.contact_id "
    "WHERE v.org_id = %s AND v.post_id = %s "
    "AND (v.created_at, v.contact_id) < (fb_ts_from_key(%s), %s) "
    "ORDER BY v.created_at DESC, v.contact_id DESC LIMIT %d");

FB_SQL(voter_add, 2,
    "WITH vote AS (INSERT INTO post_votes (org_id, post_id, contact_id) "
    "              VALUES (%s, %s, %s) ON CONFLICT DO NOTHING "
    "              RETURNING org_id, post_id, contact_id), "
    "post AS (UPDATE posts p SET upvotes = p.upvotes + 1, "
    "           last_activity_at = now() "
    "         FROM vote WHERE p.org_id = vote.org_id "
    "           AND p.id = vote.post_id RETURNING p.id), "
    "who AS (UPDATE contacts c SET last_activity = now() "
    "        FROM vote WHERE c.org_id = vote.org_id "
    "          AND c.id = vote.contact_id RETURNING c.id) "
    "SELECT count(*) FROM post");

FB_SQL(voter_remove, 2,
    "WITH vote AS (DELETE FROM post_votes WHERE org_id = %s "
    "              AND post_id = %s AND contact_id = %s "
    "              RETURNING org_id, post_id), "
    "post AS (UPDATE posts p SET upvotes = greatest(p.upvotes - 1, 0) "
    "         FROM vote WHERE p.org_id = vote.org_id "
    "           AND p.id = vote.post_id RETURNING p.id) "
    "SELECT count(*) FROM post");

static const fb_statement_t *const fb_voter_statements[] = {
    &fb_sql_voter_post, &fb_sql_voter_list, &fb_sql_voter_list_after,
    &fb_sql_voter_add, &fb_sql_voter_remove, NULL
};

static const fb_list_order_t fb_voters_newest = {
    &fb_sql_voter_list, &fb_sql_voter_list_after, "voters.createdAt.desc",
    fb_key_integer
};

static const fb_field_rule_t fb_voter_remove_rules[] = {
    {.name = "id", .type = FB_FIELD_ID},
    {.name = "userId", .type = FB_FIELD_STRING, .min = 1, .max = 255},
    {.name = "email", .type = FB_FIELD_EMAIL, .min = 3, .max = 255},
    {.name = NULL}
};

/* DELETE may name the voter in the query instead of the body. */
static const fb_query_rule_t fb_voter_remove_query[] = {
    {"id", FB_Q_STRING, 24, 24, NULL},
    {"userId", FB_Q_STRING, 1, 255, NULL},
    {"email", FB_Q_STRING, 3, 255, NULL},
    {NULL, 0, 0, 0, NULL}
};

/* The post of the path, visible to the key, or 404. */
static fb_error_t *fb_voter_post(fb_req_t *fr, const char **post_id)
{
    const char *args[3];
    fb_rows_t rows;
    fb_error_t *err;

    if ((err = fb_resource_id(fr, &args[1])) != NULL) {
        return err;
    }
    args[0] = fr->principal.org_id;
    args[2] = fb_bool_text(fb_post_sees_private(fr));
    if ((err = fb_req_select_label(fr, "voter_post", 3, args, &rows)) != NULL) {
        return err;
    }
    *post_id = fb_rows_get(&rows, 0, 0);
    return *post_id ? NULL : fb_error_make(fr->pool, FB_E_POST_NOT_FOUND,
                                           "id", NULL);
}

/* Someone other than the key's own admin needs post_vote_on_behalf. */
static fb_error_t *fb_voter_on_behalf(fb_req_t *fr, const char *contact_id,
                                      const char *admin_id)
{
    int own = contact_id == NULL && admin_id != NULL
              && strcmp(admin_id, fr->principal.admin_id) == 0;

    if (own || (fr->principal.perms
                 & FB_PERM_BIT(FB_PERM_POST_VOTE_ON_BEHALF))) {
        return NULL;
    }
    return fb_error_make(fr->pool, FB_E_INSUFFICIENT_PERMISSIONS, NULL,
                         "Voting for someone else needs the "
                         "'post_vote_on_behalf' permission.");
}

static const char *fb_voter_answer(apr_pool_t *p, const char *verb,
                                   const char *voter, const char *post)
{
    return apr_pstrcat(p, "{\"object\":\"voter\",\"", verb, "\":true,"
                       "\"id\":", fb_json_quote(p, voter),
                       ",\"postId\":\"", post, "\"}", NULL);
}

/* GET /posts/{id}/voters */
static fb_error_t *fb_voter_list(fb_req_t *fr)
{
    const char *post_id;
    fb_error_t *err = fb_voter_post(fr, &post_id);
    fb_args_t filters = {1, &post_id}, none = {0, NULL};

    return err ? err : fb_list_respond(fr, &fb_voters_newest, filters, none);
}

/* The voter named by the body, else by the query (DELETE only). */
static json_object *fb_voter_who(fb_req_t *fr)
{
    static const char *const keys[] = {"id", "userId", "email"};
    json_object *who;
    int i;

    if (json_object_object_length(fr->body) > 0) {
        return fr->body;
    }
    who = fb_json_owned(fr->pool, json_object_new_object());
    for (i = 0; i < 3; i++) {
        const char *v = fb_query_get(&fr->query, keys[i]);

        if (v != NULL) {
            json_object_object_add(who, keys[i], json_object_new_string(v));
        }
    }
    return who;
}

/* POST and DELETE /posts/{id}/voters */
static fb_error_t *fb_voter_change(fb_req_t *fr)
{
    int adding = strcmp(fr->r->method, "POST") == 0;
    const char *post_id = NULL, *contact = NULL, *admin = NULL, *json;
    const char *args[3];
    fb_rows_t rows;
    fb_error_t *err;
    int changed = 0;

    if ((err = fb_req_begin(fr)) != NULL) {
        return err;
    }
    err = fb_voter_post(fr, &post_id);
    if (err == NULL) {
        err = fb_person_resolve(fr, fb_voter_who(fr), "voter", adding,
                                &contact, &admin);
    }
    if (err == NULL) {
        err = fb_voter_on_behalf(fr, contact, admin);
    }
    if (err == NULL && contact == NULL && admin != NULL) {
        err = fb_person_admin_contact(fr, admin, &contact);
    }
    if (err == NULL && contact != NULL) {
        args[0] = fr->principal.org_id;
        args[1] = post_id;
        args[2] = contact;
        err = fb_req_select_label(fr, adding ? "voter_add" : "voter_remove", 3,
                            args, &rows);
        changed = err == NULL && strcmp(fb_rows_get(&rows, 0, 0), "1") == 0;
    }
    if (err == NULL && adding && changed) {
        err = fb_post_render(fr, post_id, 1, &json);
        if (err == NULL
            && fb_event_record(fr->db, fr->pool, fr->principal.org_id,
                               "post.voted", json, NULL) != APR_SUCCESS) {
            err = fb_req_db_failed(fr);
        }
    }
    if ((err = fb_req_end(fr, err)) != NULL) {
        return err;
    }
    fb_respond(fr, adding ? HTTP_CREATED : HTTP_OK,
               fb_voter_answer(fr->pool, adding ? "added" : "removed",
                               contact, post_id));
    return NULL;
}

static const fb_op_t fb_voter_list_op = {
    fb_voter_list, FB_OP_MEMBER, FB_VERSION_CLOVER, FB_PERM_NONE,
    fb_resource_page_rules, NULL, NULL
};

static const fb_op_t fb_voter_add_op = {
    fb_voter_change, FB_OP_BODY | FB_OP_WRITE | FB_OP_MEMBER,
    FB_VERSION_CLOVER, FB_PERM_NONE, NULL, fb_person_rules, NULL
};

static const fb_op_t fb_voter_remove_op = {
    fb_voter_change, FB_OP_BODY | FB_OP_WRITE | FB_OP_MEMBER,
    FB_VERSION_CLOVER, FB_PERM_NONE, fb_voter_remove_query,
    fb_voter_remove_rules, NULL
};

static const fb_route_t fb_voter_routes[] = {
    {"GET", "/posts/{id}/voters", &fb_voter_list_op},
    {"POST", "/posts/{id}/voters", &fb_voter_add_op},
    {"DELETE", "/posts/{id}/voters", &fb_voter_remove_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_post_voters_module = {
    "post voters", fb_voter_routes, fb_voter_statements
};
