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

#include "fb_json.h"
#include "fb_jsonw.h"
#include "people/people.h"
#include "post_fields.h"

/* The post of a vote (id) if the key may see it (private: may see
 * private posts). */
FB_PARAMS(voter_post, (id, private));

#define VOTER_POST \
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS id, " \
    "  %s::boolean AS private) " \
    "SELECT p.id FROM k, posts p WHERE p.org_id = k.org_id " \
    "AND p.id = k.id AND (k.private OR p.visibility = 'public')"

FB_SQL_WITH(voter_post, voter_post, VOTER_POST);

/* A vote's post, KEY SHARE locked (the lock the vote's foreign key
 * takes) before the vote's row is written: a post delete under way
 * finishes first and the post is missing (404, where the insert's check
 * failed: 500), and one coming waits, where it deadlocked with a removal
 * holding the vote its cascade deletes. */
FB_SQL_WITH(voter_post_locked, voter_post, VOTER_POST " FOR KEY SHARE OF p");

FB_LIST_PARAMS(voter_list, (post));

#define VOTER_LIST(after) \
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS after_key, " \
    "  %s::text AS after_id, %s::text AS post) " \
    "SELECT " CONTACT_SELECT("fb_ts_key(v.created_at), v.contact_id") " " \
    "FROM post_votes v JOIN contacts c " \
    "  ON c.org_id = v.org_id AND c.id = v.contact_id, k " \
    "WHERE v.org_id = k.org_id AND v.post_id = k.post " after \
    "ORDER BY v.created_at DESC, v.contact_id DESC LIMIT %d"

FB_SQL_WITH(voter_list, voter_list, VOTER_LIST(""));

FB_SQL_WITH(voter_list_after, voter_list, VOTER_LIST(
    "AND (v.created_at, v.contact_id) "
    "  < (fb_ts_from_key(k.after_key), k.after_id) "));

/* A vote added or removed: the post's, the contact's. */
FB_PARAMS(voter_change, (post, contact));

#define VOTER_CHANGE_ARGS \
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS post, " \
    "  %s::text AS contact), "

FB_SQL_WITH(voter_add, voter_change,
    VOTER_CHANGE_ARGS
    "vote AS (INSERT INTO post_votes (org_id, post_id, contact_id) "
    "         SELECT k.org_id, k.post, k.contact FROM k "
    "         ON CONFLICT DO NOTHING "
    "         RETURNING org_id, post_id, contact_id), "
    "post AS (UPDATE posts p SET upvotes = p.upvotes + 1, "
    "           last_activity_at = now() "
    "         FROM vote WHERE p.org_id = vote.org_id "
    "           AND p.id = vote.post_id RETURNING p.id), "
    "who AS (UPDATE contacts c SET last_activity = now() "
    "        FROM vote WHERE c.org_id = vote.org_id "
    "          AND c.id = vote.contact_id RETURNING c.id) "
    "SELECT count(*) FROM post");

FB_SQL_WITH(voter_remove, voter_change,
    VOTER_CHANGE_ARGS
    "vote AS (DELETE FROM post_votes v USING k WHERE v.org_id = k.org_id "
    "         AND v.post_id = k.post AND v.contact_id = k.contact "
    "         RETURNING v.org_id, v.post_id), "
    "post AS (UPDATE posts p SET upvotes = greatest(p.upvotes - 1, 0) "
    "         FROM vote WHERE p.org_id = vote.org_id "
    "           AND p.id = vote.post_id RETURNING p.id) "
    "SELECT count(*) FROM post");

static const fb_statement_t *const fb_voter_statements[] = {
    &fb_sql_voter_post, &fb_sql_voter_post_locked, &fb_sql_voter_list,
    &fb_sql_voter_list_after, &fb_sql_voter_add, &fb_sql_voter_remove,
    NULL
};

static const fb_list_order_t fb_voters_newest = {
    .first = &fb_sql_voter_list,
    .after = &fb_sql_voter_list_after,
    .cursor_sort = "voters.createdAt.desc",
    .key_valid = fb_key_integer,
};

static const fb_field_rule_t fb_voter_remove_rules[] = {
    {.name = "id", .type = FB_FIELD_ID},
    {.name = "userId", .type = FB_FIELD_STRING, .min = 1, .max = 255},
    {.name = "email", .type = FB_FIELD_EMAIL, .min = 3, .max = 255},
    {.name = NULL}
};

/* DELETE may name the voter in the query instead of the body. */
static const fb_query_rule_t fb_voter_remove_query[] = {
    {.name = "id", .type = FB_Q_STRING, .min = 24, .max = 24,
     .format = &fb_format_object_id},
    {.name = "userId", .type = FB_Q_STRING, .min = 1, .max = 255},
    {.name = "email", .type = FB_Q_STRING, .min = 3, .max = 255,
     .format = &fb_format_email},
    {.name = NULL}
};

/* The post of the path, visible to the key (locked for a vote), or
 * 404. */
static fb_error_t *fb_voter_post(fb_req_t *fr, int lock,
                                 const char **post_id)
{
    const char *id;
    fb_rows_t rows;
    fb_error_t *err;

    if ((err = fb_resource_id(fr, &id)) != NULL
        || (err = fb_req_select(fr, lock ? &fb_sql_voter_post_locked
                                         : &fb_sql_voter_post,
                                FB_NAMED(voter_post, .id = id,
                                         .private = fb_bool_text(
                                             fb_post_sees_private(fr))),
                                &rows)) != NULL) {
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

/* The answer of a vote added or removed (verb), compact as it has
 * always been: {"object":"voter","added":true,"id":...,"postId":...}. */
static const char *fb_voter_answer(apr_pool_t *p, const char *verb,
                                   const char *voter, const char *post)
{
    fb_jsonw_t w;

    fb_jsonw_init(&w, p, 128);
    fb_jsonw_compact(&w);
    fb_jsonw_member_string(&w, "object", "voter");
    fb_jsonw_member_bool(&w, verb, "t");
    fb_jsonw_member_string(&w, "id", voter);
    fb_jsonw_member_string(&w, "postId", post);
    fb_jsonw_end(&w);
    return fb_jsonw_text(&w, NULL);
}

/* GET /posts/{id}/voters */
static fb_error_t *fb_voter_list(fb_req_t *fr)
{
    const char *post_id;
    fb_error_t *err = fb_voter_post(fr, 0, &post_id);

    return err ? err : fb_list_respond_rows(fr, &fb_voters_newest,
                                            FB_NAMED(voter_list,
                                                     .post = post_id),
                                            &fb_contact_rows);
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

/* A vote being added or removed. */
typedef struct {
    int adding;
    const char *post_id;
    const char *contact_id;     /* the voter, as a contact */
    const char *admin_id;       /* or as an admin, until its contact is
                                 * found */
} fb_vote_t;

/* The post, the voter (made as a contact on first use when adding) and
 * the right to vote for them; an admin votes as its contact. */
static fb_error_t *fb_voter_find(fb_req_t *fr, void *vote)
{
    fb_vote_t *v = vote;
    fb_error_t *err;

    if ((err = fb_voter_post(fr, 1, &v->post_id)) != NULL
        || (err = fb_person_resolve(fr, fb_voter_who(fr), "voter",
                                    v->adding, &v->contact_id,
                                    &v->admin_id)) != NULL
        || (err = fb_voter_on_behalf(fr, v->contact_id, v->admin_id))
           != NULL) {
        return err;
    }
    if (v->contact_id == NULL && v->admin_id != NULL) {
        return fb_person_admin_contact(fr, v->admin_id, &v->contact_id);
    }
    return NULL;
}

/* POST and DELETE /posts/{id}/voters.  Adding is idempotent; removing
 * someone who has no vote on the post (or whom nobody knows) is 404
 * voter_not_found, as the reference documents. */
static fb_error_t *fb_voter_change(fb_req_t *fr)
{
    fb_vote_t v = {strcmp(fr->r->method, "POST") == 0, NULL, NULL, NULL};
    const char *json;
    fb_rows_t moved;
    fb_write_t w;
    int changed;

    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_voter_find, &v);
    changed = fb_write_ok(&w) && v.contact_id != NULL
              && fb_write_select(&w, v.adding ? &fb_sql_voter_add
                                              : &fb_sql_voter_remove,
                                 FB_NAMED(voter_change, .post = v.post_id,
                                          .contact = v.contact_id),
                                 &moved)
              && strcmp(fb_rows_get(&moved, 0, 0), "1") == 0;
    if (v.adding && changed) {
        /* A new vote: post.voted carries the post with its upvotes. */
        fb_post_write_render(&w, v.post_id, &json);
        fb_write_event(&w, "post.voted", json, NULL);
    }
    else if (!v.adding && !changed && fb_write_ok(&w)) {
        fb_write_fail(&w, fb_error_make(fr->pool, FB_E_VOTER_NOT_FOUND,
                                        NULL, NULL));
    }
    return fb_write_respond(&w, v.adding ? HTTP_CREATED : HTTP_OK,
                            fb_voter_answer(fr->pool, v.adding ? "added"
                                                               : "removed",
                                            v.contact_id, v.post_id));
}

static const fb_op_t fb_voter_list_op = {
    .handler = fb_voter_list,
    .flags = FB_OP_MEMBER,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_NONE,
    .query = fb_resource_page_rules,
};

static const fb_op_t fb_voter_add_op = {
    .handler = fb_voter_change,
    .flags = FB_OP_BODY | FB_OP_WRITE | FB_OP_MEMBER,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_NONE,
    .body = fb_person_rules,
    .audit = FB_AUDIT_OF("post.voter_added", "feedback", "post"),
};

static const fb_op_t fb_voter_remove_op = {
    .handler = fb_voter_change,
    .flags = FB_OP_BODY | FB_OP_WRITE | FB_OP_MEMBER,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_NONE,
    .query = fb_voter_remove_query,
    .body = fb_voter_remove_rules,
    .audit = FB_AUDIT_OF("post.voter_removed", "feedback", "post"),
};

static const fb_route_t fb_voter_routes[] = {
    {"GET", "/posts/{id}/voters", &fb_voter_list_op},
    {"POST", "/posts/{id}/voters", &fb_voter_add_op},
    {"DELETE", "/posts/{id}/voters", &fb_voter_remove_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_post_voters_module = {
    .name = "post voters",
    .routes = fb_voter_routes,
    .statements = fb_voter_statements,
};
