/*
 * fb_perm: admin role permission flags.
 *
 * A role's permissions are stored as a JSON object of booleans (the shape
 * the API renders); at authentication time they become a bit set so that
 * a check is one AND.  The enum order is the API's listing order.
 */
#ifndef FB_PERM_H
#define FB_PERM_H

#include <stdint.h>

typedef enum {
    FB_PERM_VIEW_COMMENTS_PRIVATE = 0,
    FB_PERM_MANAGE_COMMENTS,
    FB_PERM_MANAGE_COMMENTS_PRIVATE,
    FB_PERM_SET_COMMENT_PINNED,
    FB_PERM_MODERATE_COMMENTS,
    FB_PERM_SET_POST_CATEGORY,
    FB_PERM_SET_POST_PINNED,
    FB_PERM_SET_POST_ETA,
    FB_PERM_SET_POST_TAGS,
    FB_PERM_SET_POST_AUTHOR,
    FB_PERM_SET_POST_STATUS,
    FB_PERM_SET_POST_ASSIGNEE,
    FB_PERM_SET_POST_CUSTOM_FIELDS,
    FB_PERM_POST_VOTE_ON_BEHALF,
    FB_PERM_POST_MERGE,
    FB_PERM_POST_IMPORT,
    FB_PERM_POST_EXPORT,
    FB_PERM_MODERATE_POSTS,
    FB_PERM_VIEW_USERS,
    FB_PERM_MANAGE_USERS,
    FB_PERM_VIEW_POSTS_PRIVATE,
    FB_PERM_VIEW_PRIVATE_POST_TAGS,
    FB_PERM_MANAGE_CHANGELOGS,
    FB_PERM_MANAGE_SURVEYS,
    FB_PERM_MANAGE_BRANDING,
    FB_PERM_MANAGE_BILLING,
    FB_PERM_MANAGE_TEAM_MEMBERS,
    FB_PERM_MANAGE_SSO,
    FB_PERM_MANAGE_API,
    FB_PERM_MANAGE_STATUSES,
    FB_PERM_MANAGE_BOARDS,
    FB_PERM_MANAGE_POST_TAGS,
    FB_PERM_MANAGE_CUSTOM_FIELDS,
    FB_PERM_MANAGE_MODERATION_SETTINGS,
    FB_PERM_MANAGE_ROADMAP,
    FB_PERM_MANAGE_USER_ROLES,
    FB_PERM_MANAGE_PRIORITIZATION,
    FB_PERM_MANAGE_NOTIFICATIONS,
    FB_PERM_MANAGE_CUSTOM_DOMAIN,
    FB_PERM_MANAGE_INTEGRATIONS,
    FB_PERM_USE_INTEGRATIONS,
    FB_PERM_MANAGE_HELP_CENTER,
    FB_PERM_AUTO_APPROVE_POSTS,
    FB_PERM_SET_CONVERSATION_TAGS,
    FB_PERM_MANAGE_CONVERSATION_TAGS,
    FB_PERM__COUNT
} fb_perm_e;

typedef uint64_t fb_perms_t;

#define FB_PERM_BIT(flag) (((fb_perms_t)1) << (flag))

/* The API name of a flag, e.g. "manage_api"; NULL when out of range. */
const char *fb_perm_name(int flag);

/* The flag named name, or -1. */
int fb_perm_lookup(const char *name);

/*
 * The bit set of a stored permissions object (JSON text).  Names that are
 * unknown or not true are ignored; text that is not a JSON object gives 0.
 */
fb_perms_t fb_perm_from_json(const char *json_text);

#endif
