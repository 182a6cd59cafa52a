/*
 * posts: the feedback itself.  Reading: one post, and the list with its
 * filters (boards, statuses, tags, text search, moderation) and sorts.
 *
 * A post renders in SQL like every resource.  Its statements first pick
 * the rows (a CTE named page, filtered and ordered on indexed keys) and
 * then render them, so that the portal URL the JSON needs is the last
 * argument of every statement.
 */
#include <string.h>

#include "apr_strings.h"

#include "fb_id.h"
#include "fb_resource.h"

#define POST_AUTHOR_JSON \
    "CASE WHEN p.author_contact_id IS NOT NULL THEN (" \
    "  SELECT json_build_object('id', c.id, 'name', c.name, " \
    "         'email', c.email, 'profilePicture', c.profile_picture, " \
    "         'type', c.type) " \
    "  FROM contacts c " \
    "  WHERE c.org_id = p.org_id AND c.id = p.author_contact_id) " \
    "WHEN p.author_admin_id IS NOT NULL THEN (" \
    "  SELECT json_build_object('id', a.id, 'name', a.name, " \
    "         'email', a.email, 'profilePicture', a.profile_picture, " \
    "         'type', 'admin') " \
    "  FROM admins a " \
    "  WHERE a.org_id = p.org_id AND a.id = p.author_admin_id) END"

#define POST_STATUS_OF_JSON \
    "(SELECT json_build_object('object', 'post_status', 'id', s.id, " \
    "        'name', s.name, 'color', s.color, 'type', s.type, " \
    "        'isDefault', s.is_default) " \
    " FROM post_statuses s WHERE s.org_id = p.org_id AND s.id = p.status_id)"

#define POST_TAGS_JSON \
    "COALESCE((SELECT json_agg(json_build_object('id', t.id, " \
    "                 'name', t.name, 'color', t.color) " \
    "                 ORDER BY lower(t.name)) " \
    "          FROM post_tags pt JOIN tags t " \
    "            ON t.org_id = pt.org_id AND t.id = pt.tag_id " \
    "          WHERE pt.org_id = p.org_id AND pt.post_id = p.id), " \
    "         '[]'::json)"

/* Visibility as access: authorOnly names the author, companyOnly the
 * author's companies (by their external ids). */
#define POST_ACCESS_JSON \
    "json_build_object(" \
    "  'userIds', CASE WHEN p.visibility = 'authorOnly' " \
    "      AND COALESCE(p.author_contact_id, p.author_admin_id) IS NOT NULL " \
    "    THEN json_build_array(COALESCE(p.author_contact_id, " \
    "                                   p.author_admin_id)) " \
    "    ELSE '[]'::json END, " \
    "  'companyExternalIds', CASE WHEN p.visibility = 'companyOnly' " \
    "    THEN COALESCE((SELECT json_agg(co.company_id " \
    "                                   ORDER BY co.company_id) " \
    "      FROM contact_companies cc JOIN companies co " \
    "        ON co.org_id = cc.org_id AND co.id = cc.company_id " \
    "      WHERE cc.org_id = p.org_id " \
    "        AND cc.contact_id = p.author_contact_id), '[]'::json) " \
    "    ELSE '[]'::json END)"

/* The post; its one argument is the default portal URL. */
#define POST_JSON \
    "json_build_object(" \
    "'object', 'post', 'id', p.id, 'slug', p.slug, " \
    "'postUrl', COALESCE((SELECT o.portal_url FROM organizations o " \
    "                     WHERE o.id = p.org_id), %s) || '/p/' || p.slug, " \
    "'title', p.title, 'content', p.content, 'boardId', p.board_id, " \
    "'author', " POST_AUTHOR_JSON ", " \
    "'status', " POST_STATUS_OF_JSON ", " \
    "'tags', " POST_TAGS_JSON ", " \
    "'features', json_build_object('commentsEnabled', p.comments_enabled), " \
    "'upvotes', p.upvotes, 'commentCount', p.comment_count, " \
    "'inReview', p.in_review, 'isPinned', p.is_pinned, " \
    "'access', " POST_ACCESS_JSON ", " \
    "'assigneeId', p.assignee_id, 'eta', fb_iso(p.eta), " \
    "'customFields', p.custom_fields, " \
    "'createdAt', fb_iso(p.created_at), 'updatedAt', fb_iso(p.updated_at), " \
    "'integrations', p.integrations, 'opportunityAmount', NULL::numeric)"

/*
 * The list filters, in argument order: may see private posts, include
 * posts in review, board ids (twice), status ids (twice), tag names
 * (twice; matched without regard to case), search text (twice).  A NULL
 * list or text means no filter.
 */
#define POST_FILTERS \
    "AND (%s::boolean OR p.visibility = 'public') " \
    "AND (%s::boolean OR NOT p.in_review) " \
    "AND (%s::text[] IS NULL OR p.board_id = ANY (%s::text[])) " \
    "AND (%s::text[] IS NULL OR p.status_id = ANY (%s::text[])) " \
    "AND (%s::text[] IS NULL OR EXISTS (" \
    "  SELECT 1 FROM post_tags pt JOIN tags t " \
    "    ON t.org_id = pt.org_id AND t.id = pt.tag_id " \
    "  WHERE pt.org_id = p.org_id AND pt.post_id = p.id " \
    "    AND lower(t.name) IN (SELECT lower(n) " \
    "                          FROM unnest(%s::text[]) n))) " \
    "AND (%s::text IS NULL " \
    "     OR p.search @@ websearch_to_tsquery('english', %s)) "

#define POST_PAGE(after, order, key) \
    "WITH page AS (SELECT * FROM posts p WHERE p.org_id = %s " \
    POST_FILTERS after " ORDER BY " order " LIMIT %d) " \
    "SELECT " POST_JSON ", " key ", p.id FROM page p ORDER BY " order

/* The four statements of one sort: descending and ascending, first page
 * and the pages after a cursor. */
#define POST_SORT(name, col, key, key_in) \
    {"post_list_" name "_desc", \
     POST_PAGE("", col " DESC, p.id DESC", key)}, \
    {"post_list_" name "_desc_after", \
     POST_PAGE("AND (" col ", p.id) < (" key_in ", %s)", \
               col " DESC, p.id DESC", key)}, \
    {"post_list_" name "_asc", \
     POST_PAGE("", col " ASC, p.id ASC", key)}, \
    {"post_list_" name "_asc_after", \
     POST_PAGE("AND (" col ", p.id) > (" key_in ", %s)", \
               col " ASC, p.id ASC", key)}

static const fb_statement_t fb_post_statements[] = {
    {"post_get",
     "WITH page AS (SELECT * FROM posts p WHERE p.org_id = %s "
     "AND p.id = %s AND (%s::boolean OR p.visibility = 'public')) "
     "SELECT " POST_JSON " FROM page p"},
    POST_SORT("created", "p.created_at", "fb_ts_key(p.created_at)",
              "fb_ts_from_key(%s)"),
    POST_SORT("upvotes", "p.upvotes", "p.upvotes::text", "%s::integer"),
    POST_SORT("recent", "p.last_activity_at", "fb_ts_key(p.last_activity_at)",
              "fb_ts_from_key(%s)"),
    {NULL, NULL}
};

/* The orders of the list, by sortBy and sortOrder. */
#define POST_ORDER(name, sort) \
    {"post_list_" name "_desc", "post_list_" name "_desc_after", \
     "posts." sort ".desc", fb_key_integer}, \
    {"post_list_" name "_asc", "post_list_" name "_asc_after", \
     "posts." sort ".asc", fb_key_integer}

static const fb_list_order_t fb_post_orders[] = {
    POST_ORDER("created", "createdAt"),
    POST_ORDER("upvotes", "upvotes"),
    POST_ORDER("recent", "recent"),
};

static const char *const fb_post_sorts[] = {"createdAt", "upvotes",
                                            "recent", NULL};
static const char *const fb_sort_orders[] = {"asc", "desc", NULL};

static const fb_query_rule_t fb_post_list_rules[] = {
    FB_QUERY_RULES_PAGE,
    {"boardId", FB_Q_LIST, 1, 64, NULL},
    {"statusId", FB_Q_LIST, 1, 64, NULL},
    {"tags", FB_Q_LIST, 1, 255, NULL},
    {"q", FB_Q_STRING, 1, 255, NULL},
    {"inReview", FB_Q_BOOL, 0, 0, NULL},
    {"sortBy", FB_Q_ENUM, 0, 0, fb_post_sorts},
    {"sortOrder", FB_Q_ENUM, 0, 0, fb_sort_orders},
    {NULL, 0, 0, 0, NULL}
};

static const char *fb_bool_text(int b)
{
    return b ? "true" : "false";
}

/* May the key see authorOnly and companyOnly posts? */
static int fb_post_sees_private(const fb_req_t *fr)
{
    return (fr->principal.perms
            & FB_PERM_BIT(FB_PERM_VIEW_POSTS_PRIVATE)) != 0;
}

/* The ids given for name, normalized, as an array literal; NULL for none.
 * A value that is not an object id is 400 invalid_parameter. */
static fb_error_t *fb_post_id_filter(fb_req_t *fr, const char *name,
                                     const char **out)
{
    apr_array_header_t *ids = fb_query_list(fr->pool, &fr->query, name);
    int i;

    for (i = 0; i < ids->nelts; i++) {
        const char *id = fb_id_normalize(fr->pool,
                                         APR_ARRAY_IDX(ids, i, char *));

        if (id == NULL) {
            return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, name,
                                 apr_psprintf(fr->pool, "'%s' must hold "
                                              "24-character hexadecimal "
                                              "ids.", name));
        }
        APR_ARRAY_IDX(ids, i, const char *) = id;
    }
    *out = fb_db_text_array(fr->pool, ids);
    return NULL;
}

static fb_error_t *fb_post_list(fb_req_t *fr)
{
    const char *sort = fb_query_get(&fr->query, "sortBy");
    const char *dir = fb_query_get(&fr->query, "sortOrder");
    const char *boards, *statuses;
    const char *filters[10];
    const char *render[1];
    fb_args_t f = {10, filters}, r = {1, render};
    fb_error_t *err;
    int i, order = 0;

    for (i = 0; sort != NULL && fb_post_sorts[i] != NULL; i++) {
        if (strcmp(sort, fb_post_sorts[i]) == 0) {
            order = 2 * i;
        }
    }
    if (dir != NULL && strcmp(dir, "asc") == 0) {
        order++;
    }
    if ((err = fb_post_id_filter(fr, "boardId", &boards)) != NULL
        || (err = fb_post_id_filter(fr, "statusId", &statuses)) != NULL) {
        return err;
    }
    filters[0] = fb_bool_text(fb_post_sees_private(fr));
    filters[1] = fb_bool_text(fb_query_bool(&fr->query, "inReview", 0));
    filters[2] = filters[3] = boards;
    filters[4] = filters[5] = statuses;
    filters[6] = filters[7] = fb_db_text_array(
        fr->pool, fb_query_list(fr->pool, &fr->query, "tags"));
    filters[8] = filters[9] = fb_query_get(&fr->query, "q");
    render[0] = fb_req_portal_default(fr);
    return fb_list_respond(fr, &fb_post_orders[order], f, r);
}

static fb_error_t *fb_post_get(fb_req_t *fr)
{
    const char *id, *args[4];
    fb_rows_t rows;
    fb_error_t *err;

    if ((err = fb_resource_id(fr, &id)) != NULL) {
        return err;
    }
    args[0] = fr->principal.org_id;
    args[1] = id;
    args[2] = fb_bool_text(fb_post_sees_private(fr));
    args[3] = fb_req_portal_default(fr);
    if ((err = fb_req_select(fr, "post_get", 4, args, &rows)) != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_error_make(fr->pool, FB_E_POST_NOT_FOUND, "id", NULL);
    }
    fb_respond(fr, HTTP_OK, fb_rows_get(&rows, 0, 0));
    return NULL;
}

static const fb_op_t fb_post_list_op =
    FB_OP_READ(fb_post_list, FB_VERSION_CLOVER, NULL, fb_post_list_rules);
static const fb_op_t fb_post_get_op =
    FB_OP_READ(fb_post_get, FB_VERSION_CLOVER, NULL, NULL);

static const fb_route_t fb_post_routes[] = {
    {"GET", "/posts", &fb_post_list_op},
    {"GET", "/posts/{id}", &fb_post_get_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_posts_module = {
    "posts", fb_post_routes, fb_post_statements
};
