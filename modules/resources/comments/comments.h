/*
 * comments.h: what the comment files share: the comment's columns,
 * who may see what, rendering one comment, and finding a comment's
 * target.
 *
 * A comment belongs to a post or a changelog (its target) and may reply
 * to another comment of the same target.  Lists are flat; threads are
 * drawn by parentCommentId.
 */
#ifndef COMMENTS_H
#define COMMENTS_H

#include "fb_resource.h"
#include "fb_rowjson.h"
#include "fb_write.h"

/*
 * A comment is written in C (comment_render.c) from plain columns, as
 * posts are (posts.h): over a row c with the columns of comments and the
 * joins of COMMENT_FROM.  X(name, sql) gives the enum COMMENT_COL_<name>
 * and the select list.
 */
#define COMMENT_COLUMNS(X) \
    X(ID, "c.id") \
    X(POST_ID, "c.post_id") \
    X(CHANGELOG_ID, "c.changelog_id") \
    X(PARENT_ID, "c.parent_comment_id") \
    X(CONTENT, "c.content") \
    X(CONTACT_ID, "c.author_contact_id") \
    X(ADMIN_ID, "c.author_admin_id") \
    X(CONTACT_FOUND, "ac.id") \
    X(CONTACT_NAME, "ac.name") \
    X(CONTACT_PICTURE, "ac.profile_picture") \
    X(CONTACT_TYPE, "ac.type") \
    X(ADMIN_FOUND, "aa.id") \
    X(ADMIN_NAME, "aa.name") \
    X(ADMIN_PICTURE, "aa.profile_picture") \
    X(UPVOTES, "c.upvotes") \
    X(DOWNVOTES, "c.downvotes") \
    X(SCORE, "c.score") \
    X(IS_PRIVATE, "c.is_private") \
    X(IS_DELETED, "c.is_deleted") \
    X(IS_PINNED, "c.is_pinned") \
    X(IN_REVIEW, "c.in_review") \
    X(IS_SPAM, "c.is_spam") \
    X(CREATED_AT, "c.created_at AT TIME ZONE 'UTC'") \
    X(UPDATED_AT, "c.updated_at AT TIME ZONE 'UTC'")

#define COMMENT_COL_ENUM(name, sql) COMMENT_COL_##name,
enum { COMMENT_COLUMNS(COMMENT_COL_ENUM) COMMENT_NCOLS };

#define COMMENT_COL_SQL(name, sql) sql ", "
/* The select list: the columns, then the sort key (column
 * COMMENT_NCOLS; NULL for a statement without an order). */
#define COMMENT_SELECT(key) \
    COMMENT_COLUMNS(COMMENT_COL_SQL) key " AS sort_key"

/* The rows c of comments, with the author's person. */
#define COMMENT_FROM(rows) \
    rows " c " FB_RJ_AUTHOR_JOINS("c", "ac", "aa")

/* The comment of row (the columns of COMMENT_SELECT) as the API writes
 * it; NULL (logged) when a column is not in the form the statement
 * gives. */
const char *fb_comment_json(fb_req_t *fr, const char *const *row);

/* The JSON array of the comments of the first n rows (a list's page). */
const char *fb_comment_page_json(fb_req_t *fr, const fb_rows_t *rows, int n);

/*
 * Who may see a comment (alias c), as SQL over two boolean arguments:
 * private comments need the first (view_comments_private), comments on
 * authorOnly or companyOnly posts the second (view_posts_private).
 * The post is read by its key per row (a scalar subquery): an EXISTS here
 * may be planned as a hash of every public post of every organization.
 */
#define COMMENT_VISIBLE_TO(private, post_private) \
    "(" private " OR NOT c.is_private) " \
    "AND (" post_private " OR c.post_id IS NULL OR (" \
    "  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id " \
    "  AND vp.id = c.post_id) = 'public') "
/*
 * The arguments of a statement reading one comment that the key may see
 * (comment_get, comment_c_parent, comment_u_lock): its id and the two
 * booleans of COMMENT_VISIBLE_TO, bound in k (COMMENT_SEEN_ARGS), which
 * the statement reads FROM and checks with COMMENT_VISIBLE.
 */
FB_PARAMS(comment_seen, (id, private, post_private));
#define COMMENT_SEEN_ARGS \
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS id, " \
    "  %s::boolean AS private, %s::boolean AS post_private) "
#define COMMENT_VISIBLE COMMENT_VISIBLE_TO("k.private", "k.post_private")

/* May the key see private comments? */
int fb_comment_sees_private(const fb_req_t *fr);

/*
 * The comment id as the API renders it, in *json, or NULL when there is
 * no such comment that the key may see (all: every comment).  Runs on
 * the request's connection, so inside a write it sees the write.
 */
fb_error_t *fb_comment_render(fb_req_t *fr, const char *id, int all,
                              const char **json);

/*
 * fb_comment_render() of id, every comment visible, as a step of the
 * write w: *json is the comment as the write sees it, or NULL once w has
 * failed; a comment that is not there fails the write, as a missing event
 * item does.
 */
void fb_comment_write_render(fb_write_t *w, const char *id,
                             const char **json);

/* A comment's target. */
typedef struct {
    const char *post_id;        /* one of these two is set */
    const char *changelog_id;
    int comments_enabled;       /* on the post and its board */
    const char *title;          /* the post's title (emails) */
} fb_comment_target_t;

/*
 * The post given names (an id or a slug) that the key may see, into *t;
 * param names the field in errors (400 invalid_parameter, 404
 * post_not_found).  With lock, the post's row is locked FOR SHARE so
 * that it stays while the comment is written.
 */
/* A post as a comment's postId names it: its id, or its slug. */
extern const fb_field_format_t fb_format_post_ref;

fb_error_t *fb_comment_post(fb_req_t *fr, const char *given,
                            const char *param, int lock,
                            fb_comment_target_t *t);

#endif
