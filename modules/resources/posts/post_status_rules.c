/*
 * post_status_rules: the field rules of a status's body, which ticket
 * statuses share (posts.h).
 */
#include "posts.h"

static const char *const fb_post_status_types[] = {
    "reviewing", "unstarted", "active", "completed", "canceled", NULL
};

#define POST_STATUS_FIELDS(req) \
    {.name = "name", .type = FB_FIELD_STRING, .flags = (req), \
     .min = 1, .max = 255}, \
    {.name = "color", .type = FB_FIELD_STRING, .min = 1, .max = 64}, \
    {.name = "type", .type = FB_FIELD_ENUM, .flags = (req), \
     .choices = fb_post_status_types}, \
    {.name = "isDefault", .type = FB_FIELD_BOOL}, \
    {.name = NULL}

const fb_field_rule_t fb_post_status_create_rules[] = {
    POST_STATUS_FIELDS(FB_FIELD_REQUIRED)
};

const fb_field_rule_t fb_post_status_update_rules[] = {
    POST_STATUS_FIELDS(0)
};
