/*
 * brands: the identities an organization's messenger and email speak as.
 * Nova and newer; a cursor list.  Creating, changing and deleting brands
 * are management extensions (fb_manage.h): one is the default at a
 * time, and neither the default nor a brand with conversations is
 * deleted.
 */
#include "fb_manage.h"
#include "fb_resource.h"

/* A brand's columns (over a row b of brands), and its JSON. */
#define BRAND_COLUMNS \
    "b.id, b.name, b.is_default, b.created_at AT TIME ZONE 'UTC', " \
    "b.updated_at AT TIME ZONE 'UTC', b.help_center_id, " \
    "b.sender_email_address_id"

enum {
    BRAND_COL_ID, BRAND_COL_NAME, BRAND_COL_IS_DEFAULT, BRAND_COL_CREATED_AT,
    BRAND_COL_UPDATED_AT, BRAND_COL_HELP_CENTER_ID, BRAND_COL_SENDER_ID,
    BRAND_NCOLS
};

static const fb_rj_member_t fb_brand_members[] = {
    FB_RJ_CONST("object", "\"brand\""),
    FB_RJ_STRING("id", BRAND_COL_ID),
    FB_RJ_STRING("name", BRAND_COL_NAME),
    FB_RJ_BOOL("isDefault", BRAND_COL_IS_DEFAULT),
    FB_RJ_TIME("createdAt", BRAND_COL_CREATED_AT),
    FB_RJ_TIME("updatedAt", BRAND_COL_UPDATED_AT),
    FB_RJ_STRING("helpCenterId", BRAND_COL_HELP_CENTER_ID),
    FB_RJ_STRING("senderEmailAddressId", BRAND_COL_SENDER_ID),
    FB_RJ_END
};

/* A list's rows end with the cursor's key. */
static const fb_list_rows_t fb_brand_rows = {
    .members = fb_brand_members, .json_size = 320,
    .key_col = BRAND_NCOLS, .id_col = BRAND_COL_ID
};

/* Newest first; the keyset is (created_at, id). */
FB_SQL(brand_get, 1,
    "SELECT " BRAND_COLUMNS " FROM brands b "
    "WHERE b.org_id = %s AND b.id = %s");

FB_LIST_PARAMS(brand_list, ());

#define BRAND_LIST(after) \
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS after_key, " \
    "  %s::text AS after_id) " \
    "SELECT " BRAND_COLUMNS ", fb_ts_key(b.created_at) " \
    "FROM brands b, k WHERE b.org_id = k.org_id " after \
    "ORDER BY b.created_at DESC, b.id DESC LIMIT %d"

FB_SQL_WITH(brand_list, brand_list, BRAND_LIST(""));
FB_SQL_WITH(brand_list_after, brand_list, BRAND_LIST(
    "AND (b.created_at, b.id) < (fb_ts_from_key(k.after_key), k.after_id) "));

#define BRAND_BODY \
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, " \
    "  %s::jsonb AS b) "

FB_SQL(brand_insert, 1,
    "WITH a AS (SELECT %s::text AS org_id, %s::jsonb AS b) "
    "INSERT INTO brands (org_id, name, is_default, help_center_id, "
    "                    sender_email_address_id) "
    "SELECT a.org_id, a.b ->> 'name', "
    "  coalesce((a.b ->> 'isDefault')::boolean, false), "
    "  a.b ->> 'helpCenterId', a.b ->> 'senderEmailAddressId' "
    "FROM a RETURNING id");

/* helpCenterId and senderEmailAddressId are cleared by null. */
FB_SQL_WITH(brand_update, manage,
    BRAND_BODY
    "UPDATE brands x SET "
    "  name = coalesce(a.b ->> 'name', x.name), "
    "  is_default = coalesce((a.b ->> 'isDefault')::boolean, x.is_default), "
    "  help_center_id = CASE WHEN a.b ? 'helpCenterId' "
    "    THEN a.b ->> 'helpCenterId' ELSE x.help_center_id END, "
    "  sender_email_address_id = CASE WHEN a.b ? 'senderEmailAddressId' "
    "    THEN a.b ->> 'senderEmailAddressId' "
    "    ELSE x.sender_email_address_id END, "
    "  updated_at = now() "
    "FROM a WHERE x.org_id = a.org_id AND x.id = a.id");

/* Conversations keep their brand: moving them to another would change
 * whom they speak as, without a part or an event. */
FB_MANAGE_ONE_DEFAULT_USED(brand, "brands",
    "UNION ALL SELECT 'has_conversations', count(*) "
    "FROM conversations c JOIN a "
    "  ON c.org_id = a.org_id AND c.brand_id = a.id "
    "HAVING count(*) > 0");

FB_MANAGE_SERIALIZE(brand);

FB_MANAGE_SQL(brand, "brands");

static const fb_statement_t *const fb_brand_statements[] = {
    &fb_sql_brand_get, &fb_sql_brand_list, &fb_sql_brand_list_after,
    &fb_sql_brand_insert, &fb_sql_brand_update, &fb_sql_brand_conflicts,
    &fb_sql_brand_demote, &fb_sql_brand_in_use, &fb_sql_brand_lock,
    &fb_sql_brand_lock_change,
    &fb_sql_brand_serialize, &fb_sql_brand_remove, NULL
};

static const fb_list_order_t fb_brands_newest = {
    .first = &fb_sql_brand_list,
    .after = &fb_sql_brand_list_after,
    .cursor_sort = "brands.createdAt.desc",
    .key_valid = fb_key_integer,
};

static const fb_resource_t fb_brands = {
    .get = &fb_sql_brand_get,
    .not_found = FB_E_BRAND_NOT_FOUND,
    .shape = FB_LIST_CURSOR,
    .order = &fb_brands_newest,
    .rows = &fb_brand_rows,
};

#define BRAND_FIELDS(req, clears) \
    {.name = "name", .type = FB_FIELD_STRING, .flags = (req), \
     .min = 1, .max = 255}, \
    {.name = "isDefault", .type = FB_FIELD_BOOL}, \
    {.name = "helpCenterId", .type = FB_FIELD_STRING, .flags = (clears), \
     .min = 1, .max = 255}, \
    {.name = "senderEmailAddressId", .type = FB_FIELD_STRING, \
     .flags = (clears), .min = 1, .max = 255}, \
    {.name = NULL}

static const fb_field_rule_t fb_brand_create_rules[] = {
    BRAND_FIELDS(FB_FIELD_REQUIRED, 0)
};

static const fb_field_rule_t fb_brand_update_rules[] = {
    BRAND_FIELDS(0, FB_FIELD_NULL_CLEARS)
};

static const fb_rule_text_t fb_brand_messages[] = {
    FB_MANAGE_ONE_DEFAULT_TEXTS("brand"),
    {"has_conversations", "The brand has {value} conversation(s); it "
     "cannot be deleted while they exist."},
    {NULL, NULL}
};

static const fb_manage_t fb_brand_manage = {
    .serialize = &fb_sql_brand_serialize,
    .res = &fb_brands, .object = "brand",
    FB_MANAGE_LOCKS(brand), .conflicts = &fb_sql_brand_conflicts,
    .before = &fb_sql_brand_demote, .insert = &fb_sql_brand_insert,
    .update = &fb_sql_brand_update, .in_use = &fb_sql_brand_in_use,
    .remove = &fb_sql_brand_remove, .messages = fb_brand_messages,
};

FB_MANAGE_AUDITS(fb_brand, "brands", "brand",
                 "brand.created", "brand.updated",
                 "brand.deleted");
FB_MANAGE_OPS(fb_brand, FB_VERSION_NOVA, &fb_brands, fb_resource_page_rules,
              FB_PERM_MANAGE_BRANDING, &fb_brand_manage,
              fb_brand_create_rules, fb_brand_update_rules);

static const fb_route_t fb_brand_routes[] = {
    FB_MANAGE_ROUTE_ROWS(fb_brand, "/brands"),
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_brands_module = {
    .name = "brands",
    .routes = fb_brand_routes,
    .statements = fb_brand_statements,
};
