/*
 * fb_perm: the permission flag names and their parsing.
 */
#include <string.h>

#include <json.h>

#include "fb_perm.h"

static const char *const fb_perm_names[FB_PERM__COUNT] = {
    "view_comments_private", "manage_comments", "manage_comments_private",
    "set_comment_pinned", "moderate_comments", "set_post_category",
    "set_post_pinned", "set_post_eta", "set_post_tags", "set_post_author",
    "set_post_status", "set_post_assignee", "set_post_custom_fields",
    "post_vote_on_behalf", "post_merge", "post_import", "post_export",
    "moderate_posts", "view_users", "manage_users", "view_posts_private",
    "view_private_post_tags", "manage_changelogs", "manage_surveys",
    "manage_branding", "manage_billing", "manage_team_members",
    "manage_sso", "manage_api", "manage_statuses", "manage_boards",
    "manage_post_tags", "manage_custom_fields",
    "manage_moderation_settings", "manage_roadmap", "manage_user_roles",
    "manage_prioritization", "manage_notifications", "manage_custom_domain",
    "manage_integrations", "use_integrations", "manage_help_center",
    "auto_approve_posts", "set_conversation_tags",
    "manage_conversation_tags",
};

const char *fb_perm_name(int flag)
{
    if (flag < 0 || flag >= FB_PERM__COUNT) {
        return NULL;
    }
    return fb_perm_names[flag];
}

int fb_perm_lookup(const char *name)
{
    int i;

    for (i = 0; name != NULL && i < FB_PERM__COUNT; i++) {
        if (strcmp(name, fb_perm_names[i]) == 0) {
            return i;
        }
    }
    return -1;
}

fb_perms_t fb_perm_from_json(const char *json_text)
{
    json_object *obj;
    fb_perms_t perms = 0;

    if (json_text == NULL) {
        return 0;
    }
    obj = json_tokener_parse(json_text);
    if (obj != NULL && json_object_is_type(obj, json_type_object)) {
        json_object_object_foreach(obj, key, val) {
            int flag = fb_perm_lookup(key);

            if (flag >= 0 && json_object_is_type(val, json_type_boolean)
                && json_object_get_boolean(val)) {
                perms |= FB_PERM_BIT(flag);
            }
        }
    }
    json_object_put(obj);
    return perms;
}
