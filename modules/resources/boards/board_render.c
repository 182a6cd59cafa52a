/*
 * board_render: the objects inside a board, written from its columns
 * (boards.h), which boards and ticket categories share.
 */
#include "boards.h"

const fb_rj_member_t fb_board_access_members[] = {
    FB_RJ_BOOL("adminOnly", BOARD_COL_ADMIN_ONLY),
    FB_RJ_RAW("segments", BOARD_COL_SEGMENTS),
    FB_RJ_RAW("allowedRoles", BOARD_COL_ALLOWED_ROLES),
    FB_RJ_RAW("deniedRoles", BOARD_COL_DENIED_ROLES),
    FB_RJ_END
};

const fb_rj_member_t fb_board_feature_members[] = {
    FB_RJ_BOOL("postingEnabled", BOARD_COL_POSTING_ENABLED),
    FB_RJ_BOOL("commentsEnabled", BOARD_COL_COMMENTS_ENABLED),
    FB_RJ_BOOL("createdDatesVisible", BOARD_COL_CREATED_DATES_VISIBLE),
    FB_RJ_END
};

const fb_rj_member_t fb_board_default_members[] = {
    FB_RJ_STRING("visibility", BOARD_COL_VISIBILITY),
    FB_RJ_END
};

/* Each text by locale, a jsonb value of the row's localization (its own
 * layout); the name is {} when there is none. */
const fb_rj_member_t fb_board_localization_members[] = {
    FB_RJ_RAW("name", BOARD_COL_L_NAME),
    FB_RJ_RAW("description", BOARD_COL_L_DESCRIPTION),
    FB_RJ_RAW("formPlaceholder", BOARD_COL_L_PLACEHOLDER),
    FB_RJ_RAW("heroTitle", BOARD_COL_L_HERO_TITLE),
    FB_RJ_RAW("heroDescription", BOARD_COL_L_HERO_DESCRIPTION),
    FB_RJ_RAW("submitButtonText", BOARD_COL_L_SUBMIT),
    FB_RJ_END
};
