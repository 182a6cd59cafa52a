/*
 * posts.h: what the post files share: the columns a post is rendered
 * from, and rendering one post by id.
 */
#ifndef POSTS_H
#define POSTS_H

#include "fb_jsonw.h"
#include "fb_resource.h"
#include "fb_rowjson.h"
#include "fb_validate.h"
#include "fb_write.h"

/*
 * A post is rendered in C (post_render.c) from plain columns: building
 * JSON in PostgreSQL was most of the database's work per read.  The
 * columns, over a row p of posts (with the columns of posts) and the
 * joins of POST_FROM; X(name, sql) gives the enum POST_COL_<name> and
 * the select list, so the two cannot disagree.  Timestamps come as UTC
 * text (fb_jsonw_pg_time), companyExternalIds already as JSON (only
 * companyOnly posts have them: rare).  The status and the tags come as
 * ids (the tags' kept on the row, sql/031): the organization's statuses
 * and tags are kept by each child (post_lookups.c) at the
 * render_version the row carries.
 */
#define POST_COLUMNS(X) \
    X(ID, "p.id") \
    X(SLUG, "p.slug") \
    X(TITLE, "p.title") \
    X(CONTENT, "p.content") \
    X(BOARD_ID, "p.board_id") \
    X(CONTACT_ID, "p.author_contact_id") \
    X(ADMIN_ID, "p.author_admin_id") \
    FB_RJ_AUTHOR_COLUMNS(X) \
    X(STATUS_ID, "p.status_id") \
    X(TAG_IDS, "p.tag_ids") \
    X(COMMENTS_ENABLED, "p.comments_enabled") \
    X(UPVOTES, "p.upvotes") \
    X(COMMENT_COUNT, "p.comment_count") \
    X(IN_REVIEW, "p.in_review") \
    X(IS_PINNED, "p.is_pinned") \
    X(VISIBILITY, "p.visibility") \
    X(ASSIGNEE_ID, "p.assignee_id") \
    X(ETA, "p.eta AT TIME ZONE 'UTC'") \
    X(CUSTOM_FIELDS, "p.custom_fields") \
    X(CREATED_AT, "p.created_at AT TIME ZONE 'UTC'") \
    X(UPDATED_AT, "p.updated_at AT TIME ZONE 'UTC'") \
    X(INTEGRATIONS, "p.integrations") \
    X(PORTAL_URL, "o.portal_url") \
    X(RENDER_VERSION, "o.render_version")

#define POST_COL_ENUM(name, sql) POST_COL_##name,
enum { POST_COLUMNS(POST_COL_ENUM) POST_NCOLS };

#define POST_COL_SQL(name, sql) sql ", "
/* The select list of a post statement: the columns, then the row's sort
 * key as a list's cursor reads it (column POST_NCOLS; NULL for a
 * statement without an order). */
#define POST_SELECT(key) POST_COLUMNS(POST_COL_SQL) key " AS sort_key"

/* The rows p of posts, with what the columns read. */
#define POST_FROM(rows) \
    rows " p " \
    "JOIN organizations o ON o.id = p.org_id " \
    FB_RJ_AUTHOR_JOINS("p", "c", "a")

/*
 * The post of row (the columns of POST_SELECT) as the API writes it; NULL
 * (logged) when a column is not in the form the statement gives (a bug,
 * or a database set up otherwise: DateStyle) or when the organization's
 * statuses and tags could not be read.
 */
const char *fb_post_json(fb_req_t *fr, const char *const *row);

/* The JSON array of the posts of the first n rows (a list's page); NULL
 * as fb_post_json. */
const char *fb_post_page_json(fb_req_t *fr, const fb_rows_t *rows, int n);

/*
 * Reads what rendering rows takes besides them (the statuses and tags of
 * the organization at the rows' render_version, unless the child has
 * them; the companies of companyOnly posts): run before fb_post_json()
 * or fb_post_page_json(), it makes a database failure an error of its
 * own instead of a row that cannot be written.
 */
fb_error_t *fb_post_prepare(fb_req_t *fr, const fb_rows_t *rows);

/* The companies of the authors of the companyOnly posts of rows, kept by
 * the request for fb_post_companies_of (post_companies.c). */
fb_error_t *fb_post_companies_load(fb_req_t *fr, const fb_rows_t *rows);

/* The external ids of the companies row's post is shared with, as a
 * PostgreSQL text array ("{}" unless it is companyOnly); NULL when
 * fb_post_companies_load did not read them. */
const char *fb_post_companies_of(fb_req_t *fr, const char *const *row);

/* The organization's statuses and tags, as post_render.c reads them. */
typedef struct fb_post_lookups fb_post_lookups_t;

/* Those of the request's organization at version (fb_orgcache.h). */
fb_error_t *fb_post_lookups(fb_req_t *fr, const char *version,
                            const fb_post_lookups_t **out);

/* A status, as the cells of FB_POST_LOOKUP_*; NULL when there is none of
 * that id. */
const char *const *fb_post_status_of(const fb_post_lookups_t *lk,
                                     const char *id);

/* A tag, as the cells of FB_POST_LOOKUP_*, and its place in the order
 * tags are written in (by name); NULL when there is none of that id. */
const char *const *fb_post_tag_of(const fb_post_lookups_t *lk,
                                  const char *id, int *place);

/* The cells of a status (FB_POST_LOOKUP_*, POST_STATUS_NCELLS of them)
 * over a row s of post_statuses or ticket_statuses, from which
 * fb_post_status_members writes one (post_render.c): GET /post_statuses
 * and /tickets/statuses, and the changes of a status's delete. */
#define POST_STATUS_CELLS_OF(s) \
    "'s', " s ".id, " s ".name, " s ".color, " s ".type, " s ".is_default"
#define POST_STATUS_CELLS POST_STATUS_CELLS_OF("s")
#define POST_STATUS_NCELLS 6
extern const fb_rj_member_t fb_post_status_members[];
extern const fb_list_rows_t fb_post_status_rows;

/* The cells of a status or a tag. */
enum {
    FB_POST_LOOKUP_KIND,        /* s: a status, t: a tag */
    FB_POST_LOOKUP_ID,
    FB_POST_LOOKUP_NAME,
    FB_POST_LOOKUP_COLOR,
    FB_POST_LOOKUP_TYPE,        /* a status's type */
    FB_POST_LOOKUP_DEFAULT,     /* a status's isDefault */
    FB_POST_LOOKUP_PLACE,       /* a tag's place by name */
    FB_POST_LOOKUP_NCOLS
};

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
