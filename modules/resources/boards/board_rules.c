/*
 * board_rules: the field rules of a board's body and the checks rules
 * cannot say, which ticket categories share (boards.h).
 */
#include <string.h>

#include "apr_strings.h"

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

static void fb_board_fail(apr_pool_t *p, fb_error_t **err,
                          const char *param, const char *message)
{
    if (*err == NULL) {
        *err = fb_error_make(p, FB_E_INVALID_PARAMETER, param, message);
    }
    fb_error_add_detail(p, *err, apr_pstrcat(p, "body.", param, NULL),
                        message);
}

/* The rules let any primitive into a localization map (FB_FIELD_VALUES)
 * and any text into an icon; a board shows text per language and an
 * icon URL is an HTTPS one (api.md). */
fb_error_t *fb_board_check(fb_req_t *fr, json_object *body, const char *id)
{
    json_object *loc = json_object_object_get(body, "localization");
    json_object *icon = json_object_object_get(body, "icon");
    const char *type = json_object_get_string(
        json_object_object_get(icon, "type"));
    const char *url = json_object_get_string(
        json_object_object_get(icon, "value"));
    apr_pool_t *p = fr->pool;
    fb_error_t *err = NULL;

    (void)id;
    if (loc != NULL) {
        json_object_object_foreach(loc, member, map) {
            json_object_object_foreach(map, lang, text) {
                if (!json_object_is_type(text, json_type_string)) {
                    const char *at = apr_pstrcat(p, "localization.", member,
                                                 ".", lang, NULL);

                    fb_board_fail(p, &err, at, apr_psprintf(
                                      p, "'%s' must be a string.", at));
                }
            }
        }
    }
    if (type != NULL && strcmp(type, "url") == 0 && url != NULL
        && (strncmp(url, "https://", 8) != 0 || !fb_url_valid(url))) {
        fb_board_fail(p, &err, "icon.value",
                      "'icon.value' must be an https URL.");
    }
    return err;
}
