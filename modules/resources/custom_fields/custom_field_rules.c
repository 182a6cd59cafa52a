/*
 * custom_field_rules: the field rules of a custom field's body, which
 * post and ticket fields share (custom_fields.h).
 */
#include "custom_fields.h"

const fb_field_rule_t fb_custom_field_option_rules[] = {
    {.name = "id", .type = FB_FIELD_STRING, .min = 1, .max = 64},
    {.name = "label", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 255},
    {.name = NULL}
};

/* The type is chosen once: values already stored depend on it. */
const fb_field_rule_t fb_custom_field_update_rules[] = {
    CUSTOM_FIELD_FIELDS(0, FB_FIELD_NULL_CLEARS),
    {.name = NULL}
};
