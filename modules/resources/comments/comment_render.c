/*
 * comment_render: a comment's JSON written from its columns (comments.h).
 *
 * The object, member by member, is the one the API has always answered,
 * to the byte: what json_build_object wrote when PostgreSQL built it.
 */
#include "comments.h"

#include "fb_rowjson.h"

/* The author: the contact when the comment names one (null if it is
 * gone), else the admin; without email (the contract's comment author). */
static const fb_rj_author_t fb_comment_author = {
    .contact_id = COMMENT_COL_CONTACT_ID, .admin_id = COMMENT_COL_ADMIN_ID,
    .contact = COMMENT_COL_CONTACT_FOUND, .admin = COMMENT_COL_ADMIN_FOUND,
    .with_email = 0
};

static const fb_rj_member_t fb_comment_members[] = {
    FB_RJ_CONST("object", "\"comment\""),
    FB_RJ_STRING("id", COMMENT_COL_ID),
    FB_RJ_STRING("postId", COMMENT_COL_POST_ID),
    FB_RJ_STRING("changelogId", COMMENT_COL_CHANGELOG_ID),
    FB_RJ_STRING("parentCommentId", COMMENT_COL_PARENT_ID),
    FB_RJ_STRING("content", COMMENT_COL_CONTENT),
    FB_RJ_AUTHOR("author", &fb_comment_author),
    FB_RJ_RAW("upvotes", COMMENT_COL_UPVOTES),
    FB_RJ_RAW("downvotes", COMMENT_COL_DOWNVOTES),
    FB_RJ_RAW("score", COMMENT_COL_SCORE),
    FB_RJ_BOOL("isPrivate", COMMENT_COL_IS_PRIVATE),
    FB_RJ_BOOL("isDeleted", COMMENT_COL_IS_DELETED),
    FB_RJ_BOOL("isPinned", COMMENT_COL_IS_PINNED),
    FB_RJ_BOOL("inReview", COMMENT_COL_IN_REVIEW),
    FB_RJ_BOOL("isSpam", COMMENT_COL_IS_SPAM),
    FB_RJ_TIME("createdAt", COMMENT_COL_CREATED_AT),
    FB_RJ_TIME("updatedAt", COMMENT_COL_UPDATED_AT),
    FB_RJ_END
};

/* About what a comment takes, to size the buffer once. */
#define FB_COMMENT_JSON_SIZE 768

const char *fb_comment_json(fb_req_t *fr, const char *const *row)
{
    return fb_rj_json(fr, fb_comment_members, row, FB_COMMENT_JSON_SIZE);
}

const char *fb_comment_page_json(fb_req_t *fr, const fb_rows_t *rows, int n)
{
    return fb_rj_page(fr, fb_comment_members, rows, n,
                      FB_COMMENT_JSON_SIZE);
}
