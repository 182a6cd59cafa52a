/*
 * boards: the containers posts live in.  Creating, changing and deleting
 * them are management extensions (fb_manage.h, docs/decisions.md): a
 * board with posts is not deleted (409 naming how many).
 */
#include "boards.h"
#include "fb_manage.h"
#include "fb_resource.h"

FB_SQL(board_get, 1,
    "SELECT " BOARD_JSON " FROM boards b WHERE b.org_id = %s AND b.id = %s");

FB_SQL(board_list, 0,
    "SELECT " BOARD_JSON " FROM boards b WHERE b.org_id = %s "
    "ORDER BY b.created_at DESC, b.id DESC");

/* The body's members as columns, for insert and update alike: NULL
 * where the body does not give one (a.b is the body). */
#define BOARD_GIVEN \
    "a.b #>> '{access,adminOnly}', " \
    "fb_text_array(a.b #> '{access,segments}'), " \
    "fb_text_array(a.b #> '{access,allowedRoles}'), " \
    "fb_text_array(a.b #> '{access,deniedRoles}'), " \
    "a.b #>> '{features,postingEnabled}', " \
    "a.b #>> '{features,commentsEnabled}', " \
    "a.b #>> '{features,createdDatesVisible}', " \
    "a.b #>> '{postDefaults,visibility}', " \
    "fb_text_array(a.b -> 'customFields')"

#define BOARD_GIVEN_AS \
    "AS g(admin_only, segments, allowed, denied, posting, comments, " \
    "     dates, visibility, fields) "

/* A new board's name is also its name in the default locale. */
FB_SQL(board_insert, 1,
    "WITH a AS (SELECT %s::text AS org_id, %s::jsonb AS b) "
    "INSERT INTO boards (org_id, name, icon, admin_only, segments, "
    "  allowed_roles, denied_roles, posting_enabled, comments_enabled, "
    "  created_dates_visible, default_visibility, custom_field_ids, "
    "  localization) "
    "SELECT a.org_id, a.b ->> 'name', a.b -> 'icon', "
    "  coalesce(g.admin_only::boolean, false), coalesce(g.segments, '{}'), "
    "  coalesce(g.allowed, '{}'), coalesce(g.denied, '{}'), "
    "  coalesce(g.posting::boolean, true), "
    "  coalesce(g.comments::boolean, true), "
    "  coalesce(g.dates::boolean, true), coalesce(g.visibility, 'public'), "
    "  coalesce(g.fields, '{}'), "
    "  jsonb_build_object('name', jsonb_build_object(o.default_locale, "
    "    a.b ->> 'name')) || coalesce(a.b -> 'localization', '{}') "
    "FROM a JOIN organizations o ON o.id = a.org_id, "
    "  LATERAL (SELECT " BOARD_GIVEN ") " BOARD_GIVEN_AS
    "RETURNING id");

/* Given members replace, nested ones one by one; a null icon clears it;
 * localization merges by key. */
FB_SQL(board_update, 2,
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::jsonb AS b) "
    "UPDATE boards x SET "
    "  name = coalesce(a.b ->> 'name', x.name), "
    "  icon = CASE WHEN a.b ? 'icon' THEN nullif(a.b -> 'icon', 'null') "
    "    ELSE x.icon END, "
    "  admin_only = coalesce(g.admin_only::boolean, x.admin_only), "
    "  segments = coalesce(g.segments, x.segments), "
    "  allowed_roles = coalesce(g.allowed, x.allowed_roles), "
    "  denied_roles = coalesce(g.denied, x.denied_roles), "
    "  posting_enabled = coalesce(g.posting::boolean, x.posting_enabled), "
    "  comments_enabled = coalesce(g.comments::boolean, "
    "    x.comments_enabled), "
    "  created_dates_visible = coalesce(g.dates::boolean, "
    "    x.created_dates_visible), "
    "  default_visibility = coalesce(g.visibility, x.default_visibility), "
    "  custom_field_ids = coalesce(g.fields, x.custom_field_ids), "
    "  localization = x.localization "
    "    || coalesce(a.b -> 'localization', '{}'), "
    "  updated_at = now() "
    "FROM a, LATERAL (SELECT " BOARD_GIVEN ") " BOARD_GIVEN_AS
    "WHERE x.org_id = a.org_id AND x.id = a.id");

/* customFields must name the organization's post fields. */
FB_SQL(board_refs, 2,
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::jsonb AS b) "
    "SELECT 'customFields', 'Unknown custom field ''' || f || '''.' "
    "FROM a, jsonb_array_elements_text(coalesce(a.b -> 'customFields', "
    "                                           '[]')) f "
    "WHERE NOT EXISTS (SELECT 1 FROM custom_fields c "
    "  WHERE c.org_id = a.org_id AND c.id = f AND c.scope = 'post') "
    "LIMIT 1");

FB_SQL(board_in_use, 1,
    "SELECT 'The board has ' || count(*) || ' post(s); move or delete "
    "them first.' FROM posts WHERE org_id = %s AND board_id = %s "
    "HAVING count(*) > 0");

FB_MANAGE_SQL(board, "boards");

static const fb_statement_t *const fb_board_statements[] = {
    &fb_sql_board_get, &fb_sql_board_list, &fb_sql_board_insert,
    &fb_sql_board_update, &fb_sql_board_refs, &fb_sql_board_in_use,
    &fb_sql_board_lock, &fb_sql_board_remove, NULL
};

static const fb_resource_t fb_boards = {
    .get = &fb_sql_board_get,
    .not_found = FB_E_BOARD_NOT_FOUND,
    .shape = FB_LIST_BARE,
    .list = &fb_sql_board_list,
};

static const char *const fb_board_icon_types[] = {
    "emoji", "icon", "url", NULL
};

static const char *const fb_board_visibilities[] = {
    "public", "authorOnly", "companyOnly", NULL
};

static const fb_field_rule_t fb_board_icon_rules[] = {
    {.name = "type", .type = FB_FIELD_ENUM, .flags = FB_FIELD_REQUIRED,
     .choices = fb_board_icon_types},
    {.name = "value", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED,
     .min = 1, .max = 2048},
    {.name = NULL}
};

#define FB_NAME_LIST(n) \
    {.name = (n), .type = FB_FIELD_STRING_ARRAY, .max = 100, \
     .item_max = 255}

static const fb_field_rule_t fb_board_access_rules[] = {
    {.name = "adminOnly", .type = FB_FIELD_BOOL},
    FB_NAME_LIST("segments"), FB_NAME_LIST("allowedRoles"),
    FB_NAME_LIST("deniedRoles"),
    {.name = NULL}
};

static const fb_field_rule_t fb_board_feature_rules[] = {
    {.name = "postingEnabled", .type = FB_FIELD_BOOL},
    {.name = "commentsEnabled", .type = FB_FIELD_BOOL},
    {.name = "createdDatesVisible", .type = FB_FIELD_BOOL},
    {.name = NULL}
};

static const fb_field_rule_t fb_board_default_rules[] = {
    {.name = "visibility", .type = FB_FIELD_ENUM,
     .choices = fb_board_visibilities},
    {.name = NULL}
};

/* Each a map of language code to text. */
#define FB_LOCALIZED(n) {.name = (n), .type = FB_FIELD_VALUES, .max = 200}

static const fb_field_rule_t fb_board_localization_rules[] = {
    FB_LOCALIZED("name"), FB_LOCALIZED("description"),
    FB_LOCALIZED("formPlaceholder"), FB_LOCALIZED("heroTitle"),
    FB_LOCALIZED("heroDescription"), FB_LOCALIZED("submitButtonText"),
    {.name = NULL}
};

#define BOARD_FIELDS(name_flags, icon_flags) \
    {.name = "name", .type = FB_FIELD_STRING, .flags = (name_flags), \
     .min = 1, .max = 255}, \
    {.name = "icon", .type = FB_FIELD_OBJECT, .flags = (icon_flags), \
     .fields = fb_board_icon_rules}, \
    {.name = "access", .type = FB_FIELD_OBJECT, \
     .fields = fb_board_access_rules}, \
    {.name = "features", .type = FB_FIELD_OBJECT, \
     .fields = fb_board_feature_rules}, \
    {.name = "postDefaults", .type = FB_FIELD_OBJECT, \
     .fields = fb_board_default_rules}, \
    {.name = "customFields", .type = FB_FIELD_STRING_ARRAY, .max = 100, \
     .item_max = 24}, \
    {.name = "localization", .type = FB_FIELD_OBJECT, \
     .fields = fb_board_localization_rules}, \
    {.name = NULL}

static const fb_field_rule_t fb_board_create_rules[] = {
    BOARD_FIELDS(FB_FIELD_REQUIRED, 0)
};

static const fb_field_rule_t fb_board_update_rules[] = {
    BOARD_FIELDS(0, FB_FIELD_NULL_CLEARS)
};

static const fb_manage_t fb_board_manage = {
    .res = &fb_boards, .object = "board",
    .lock = &fb_sql_board_lock, .refs = &fb_sql_board_refs,
    .insert = &fb_sql_board_insert, .update = &fb_sql_board_update,
    .in_use = &fb_sql_board_in_use, .remove = &fb_sql_board_remove,
};

FB_MANAGE_OPS(fb_board, FB_VERSION_CLOVER, &fb_boards, NULL,
              FB_PERM_NONE, FB_PERM_MANAGE_BOARDS, &fb_board_manage,
              fb_board_create_rules, fb_board_update_rules);

static const fb_route_t fb_board_routes[] = {
    FB_MANAGE_ROUTE_ROWS(fb_board, "/boards"),
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_boards_module = {
    "boards", fb_board_routes, fb_board_statements
};
