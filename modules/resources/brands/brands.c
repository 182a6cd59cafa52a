/*
 * brands: the identities an organization's messenger and email speak as.
 * Nova and newer; a cursor list.  Creating a brand is a management
 * extension (docs/decisions.md).
 */
#include "fb_json.h"
#include "fb_resource.h"
#include "fb_write.h"

#define BRAND_JSON \
    "json_build_object(" \
    "'object', 'brand', 'id', b.id, 'name', b.name, " \
    "'isDefault', b.is_default, 'createdAt', fb_iso(b.created_at), " \
    "'updatedAt', fb_iso(b.updated_at), " \
    "'helpCenterId', b.help_center_id, " \
    "'senderEmailAddressId', b.sender_email_address_id)"

/* Newest first; the keyset is (created_at, id). */
FB_SQL(brand_get, 1,
    "SELECT " BRAND_JSON " FROM brands b WHERE b.org_id = %s AND b.id = %s");

FB_SQL(brand_list, 1,
    "SELECT " BRAND_JSON ", fb_ts_key(b.created_at), b.id "
    "FROM brands b WHERE b.org_id = %s "
    "ORDER BY b.created_at DESC, b.id DESC LIMIT %d");

FB_SQL(brand_list_after, 3,
    "SELECT " BRAND_JSON ", fb_ts_key(b.created_at), b.id "
    "FROM brands b WHERE b.org_id = %s "
    "AND (b.created_at, b.id) < (fb_ts_from_key(%s), %s) "
    "ORDER BY b.created_at DESC, b.id DESC LIMIT %d");

FB_SQL(brand_clear_default, 0,
    "UPDATE brands SET is_default = false, updated_at = now() "
    "WHERE org_id = %s AND is_default");

FB_SQL(brand_insert, 4,
    "WITH b AS ("
    "  INSERT INTO brands (org_id, name, is_default, help_center_id, "
    "                      sender_email_address_id) "
    "  VALUES (%s, %s, %s::boolean, %s, %s) RETURNING *) "
    "SELECT " BRAND_JSON " FROM b");

static const fb_statement_t *const fb_brand_statements[] = {
    &fb_sql_brand_get, &fb_sql_brand_list, &fb_sql_brand_list_after,
    &fb_sql_brand_clear_default, &fb_sql_brand_insert, NULL
};

static const fb_list_order_t fb_brands_newest = {
    &fb_sql_brand_list, &fb_sql_brand_list_after, "brands.createdAt.desc",
    fb_key_integer
};

static const fb_resource_t fb_brands = {
    .get = &fb_sql_brand_get,
    .not_found = FB_E_BRAND_NOT_FOUND,
    .shape = FB_LIST_CURSOR,
    .order = &fb_brands_newest,
};

static const fb_field_rule_t fb_brand_create_rules[] = {
    {.name = "name", .type = FB_FIELD_STRING,
     .flags = FB_FIELD_REQUIRED, .min = 1, .max = 255},
    {.name = "isDefault", .type = FB_FIELD_BOOL},
    {.name = "helpCenterId", .type = FB_FIELD_STRING, .min = 1, .max = 255},
    {.name = "senderEmailAddressId", .type = FB_FIELD_STRING,
     .min = 1, .max = 255},
    {.name = NULL}
};

/* POST /brands: a new brand; making it the default demotes the old one in
 * the same transaction. */
static fb_error_t *fb_brand_create(fb_req_t *fr)
{
    json_object *body = fr->body;
    int is_default = fb_json_bool(body, "isDefault", 0);
    fb_rows_t brand;
    fb_write_t w;

    fb_write_begin(&w, fr);
    if (is_default) {
        fb_write_exec(&w, &fb_sql_brand_clear_default, FB_NO_ARGS);
    }
    fb_write_select(&w, &fb_sql_brand_insert,
                    FB_ARGS(fb_json_string(body, "name"),
                            fb_bool_text(is_default),
                            fb_json_string(body, "helpCenterId"),
                            fb_json_string(body, "senderEmailAddressId")),
                    &brand);
    return fb_write_respond(&w, HTTP_CREATED, fb_rows_get(&brand, 0, 0));
}

static const fb_op_t fb_brand_create_op = {
    fb_brand_create, FB_OP_BODY | FB_OP_WRITE, FB_VERSION_NOVA,
    FB_PERM_MANAGE_BRANDING, NULL, fb_brand_create_rules, &fb_brands
};

static const fb_op_t fb_brand_list =
    FB_OP_READ(fb_resource_list, FB_VERSION_NOVA, &fb_brands,
               fb_resource_page_rules);
static const fb_op_t fb_brand_get =
    FB_OP_READ(fb_resource_get, FB_VERSION_NOVA, &fb_brands, NULL);

static const fb_route_t fb_brand_routes[] = {
    {"GET", "/brands", &fb_brand_list},
    {"POST", "/brands", &fb_brand_create_op},
    {"GET", "/brands/{id}", &fb_brand_get},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_brands_module = {
    "brands", fb_brand_routes, fb_brand_statements
};
