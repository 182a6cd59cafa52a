/*
 * posts.h: what the post files share: the post's JSON as SQL, and
 * rendering one post by id.
 */
#ifndef POSTS_H
#define POSTS_H

#include "fb_resource.h"
#include "fb_validate.h"
#include "fb_write.h"

/* The author of a row (its alias, a string) with author_contact_id and
 * author_admin_id columns; tickets share it. */
#define AUTHOR_JSON_OF(row) \
    "CASE WHEN " row ".author_contact_id IS NOT NULL THEN (" \
    "  SELECT json_build_object('id', c.id, 'name', c.name, " \
    "         'email', c.email, 'profilePicture', c.profile_picture, " \
    "         'type', c.type) " \
    "  FROM contacts c " \
    "  WHERE c.org_id = " row ".org_id " \
    "    AND c.id = " row ".author_contact_id) " \
    "WHEN " row ".author_admin_id IS NOT NULL THEN (" \
    "  SELECT json_build_object('id', a.id, 'name', a.name, " \
    "         'email', a.email, 'profilePicture', a.profile_picture, " \
    "         'type', 'admin') " \
    "  FROM admins a " \
    "  WHERE a.org_id = " row ".org_id " \
    "    AND a.id = " row ".author_admin_id) END"

#define POST_AUTHOR_JSON AUTHOR_JSON_OF("p")

/* A status over a row s with the columns of post_statuses; ticket
 * statuses render the same (tickets/). */
#define POST_STATUS_JSON \
    "json_build_object(" \
    "'object', 'post_status', 'id', s.id, 'name', s.name, " \
    "'color', s.color, 'type', s.type, 'isDefault', s.is_default)"

#define POST_STATUS_OF_JSON \
    "(SELECT " POST_STATUS_JSON \
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
 * The post id as the API renders it, in *json, or NULL when there is no
 * such post that the key may see.  Runs on the request's connection, so
 * inside a write's transaction it sees the write.
 */
fb_error_t *fb_post_render(fb_req_t *fr, const char *id, int see_private,
                           const char **json);

/*
 * fb_post_render() of id, every post visible, as a step of the write w:
 * *json is the post as the write sees it, or NULL once w has failed; a
 * post that is not there fails the write, as a missing event item does.
 */
void fb_post_write_render(fb_write_t *w, const char *id, const char **json);

/* May the key see authorOnly and companyOnly posts? */
int fb_post_sees_private(const fb_req_t *fr);

/* The writes of a status over table (post_statuses, ticket_statuses):
 * (org, body) -> id, and (org, id, body). */
#define POST_STATUS_INSERT_SQL(table) \
    "WITH a AS (SELECT %s::text AS org_id, %s::jsonb AS b) " \
    "INSERT INTO " table " (org_id, name, color, type, is_default) " \
    "SELECT a.org_id, a.b ->> 'name', coalesce(a.b ->> 'color', 'Gray'), " \
    "  a.b ->> 'type', coalesce((a.b ->> 'isDefault')::boolean, false) " \
    "FROM a RETURNING id"

#define POST_STATUS_UPDATE_SQL(table) \
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, " \
    "  %s::jsonb AS b) " \
    "UPDATE " table " x SET " \
    "  name = coalesce(a.b ->> 'name', x.name), " \
    "  color = coalesce(a.b ->> 'color', x.color), " \
    "  type = coalesce(a.b ->> 'type', x.type), " \
    "  is_default = coalesce((a.b ->> 'isDefault')::boolean, " \
    "    x.is_default), " \
    "  updated_at = now() " \
    "FROM a WHERE x.org_id = a.org_id AND x.id = a.id"

/* The members of a status's body (post_status_rules.c). */
extern const fb_field_rule_t fb_post_status_create_rules[];
extern const fb_field_rule_t fb_post_status_update_rules[];

#endif
