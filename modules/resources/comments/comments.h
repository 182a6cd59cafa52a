/*
 * comments.h: what the comment files share: the comment's JSON as SQL,
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
#include "fb_write.h"

/* The author (alias c): a contact, an admin, or null. */
#define COMMENT_AUTHOR_JSON \
    "CASE WHEN c.author_contact_id IS NOT NULL THEN (" \
    "  SELECT json_build_object('id', p.id, 'name', p.name, " \
    "         'profilePicture', p.profile_picture, 'type', p.type) " \
    "  FROM contacts p " \
    "  WHERE p.org_id = c.org_id AND p.id = c.author_contact_id) " \
    "WHEN c.author_admin_id IS NOT NULL THEN (" \
    "  SELECT json_build_object('id', a.id, 'name', a.name, " \
    "         'profilePicture', a.profile_picture, 'type', 'admin') " \
    "  FROM admins a " \
    "  WHERE a.org_id = c.org_id AND a.id = c.author_admin_id) END"

/* The comment (alias c). */
#define COMMENT_JSON \
    "json_build_object(" \
    "'object', 'comment', 'id', c.id, 'postId', c.post_id, " \
    "'changelogId', c.changelog_id, " \
    "'parentCommentId', c.parent_comment_id, 'content', c.content, " \
    "'author', " COMMENT_AUTHOR_JSON ", " \
    "'upvotes', c.upvotes, 'downvotes', c.downvotes, 'score', c.score, " \
    "'isPrivate', c.is_private, 'isDeleted', c.is_deleted, " \
    "'isPinned', c.is_pinned, 'inReview', c.in_review, " \
    "'isSpam', c.is_spam, " \
    "'createdAt', fb_iso(c.created_at), 'updatedAt', fb_iso(c.updated_at))"

/*
 * Who may see a comment (alias c), as SQL over two boolean arguments:
 * private comments need the first (view_comments_private), comments on
 * authorOnly or companyOnly posts the second (view_posts_private).
 * The post is read by its key per row (a scalar subquery): an EXISTS here
 * may be planned as a hash of every public post of every organization.
 */
#define COMMENT_VISIBLE \
    "(%s::boolean OR NOT c.is_private) " \
    "AND (%s::boolean OR c.post_id IS NULL OR (" \
    "  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id " \
    "  AND vp.id = c.post_id) = 'public') "

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
fb_error_t *fb_comment_post(fb_req_t *fr, const char *given,
                            const char *param, int lock,
                            fb_comment_target_t *t);

#endif
