/*
 * board_rules: the field rules of a board's body, which ticket
 * categories share (boards.h).
 */
#include "boards.h"

static const char *const fb_board_icon_types[] = {
    "emoji", "icon", "url", NULL
};

static const char *const fb_board_visibilities[] = {
    "public", "authorOnly", "companyOnly", NULL
};

const fb_field_rule_t fb_board_icon_rules[] = {
    {.name = "type", .type = FB_FIELD_ENUM, .flags = FB_FIELD_REQUIRED,
     .choices = fb_board_icon_types},
    {.name = "value", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 2048},
    {.name = NULL}
};

#define FB_NAME_LIST(n) \
    {.name = (n), .type = FB_FIELD_STRING_ARRAY, .max = 100, \
     .item_max = 255}

const fb_field_rule_t fb_board_access_rules[] = {
    {.name = "adminOnly", .type = FB_FIELD_BOOL},
    FB_NAME_LIST("segments"), FB_NAME_LIST("allowedRoles"),
    FB_NAME_LIST("deniedRoles"),
    {.name = NULL}
};

const fb_field_rule_t fb_board_feature_rules[] = {
    {.name = "postingEnabled", .type = FB_FIELD_BOOL},
    {.name = "commentsEnabled", .type = FB_FIELD_BOOL},
    {.name = "createdDatesVisible", .type = FB_FIELD_BOOL},
    {.name = NULL}
};

const fb_field_rule_t fb_board_default_rules[] = {
    {.name = "visibility", .type = FB_FIELD_ENUM,
     .choices = fb_board_visibilities},
    {.name = NULL}
};

/* Each a map of language code to text. */
#define FB_LOCALIZED(n) {.name = (n), .type = FB_FIELD_VALUES, .max = 200}

const fb_field_rule_t fb_board_localization_rules[] = {
    FB_LOCALIZED("name"), FB_LOCALIZED("description"),
    FB_LOCALIZED("formPlaceholder"), FB_LOCALIZED("heroTitle"),
    FB_LOCALIZED("heroDescription"), FB_LOCALIZED("submitButtonText"),
    {.name = NULL}
};

const fb_field_rule_t fb_board_create_rules[] = {
    BOARD_FIELDS(FB_FIELD_REQUIRED, 0)
};

const fb_field_rule_t fb_board_update_rules[] = {
    BOARD_FIELDS(0, FB_FIELD_NULL_CLEARS)
};
