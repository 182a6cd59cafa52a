/*
 * brands: the identities an organization's messenger and email speak as.
 * Read-only in this release; nova and newer; a cursor list.
 */
#include "fb_resource.h"

#define BRAND_JSON \
    "json_build_object(" \
    "'object', 'brand', 'id', b.id, 'name', b.name, " \
    "'isDefault', b.is_default, 'createdAt', fb_iso(b.created_at), " \
    "'updatedAt', fb_iso(b.updated_at), " \
    "'helpCenterId', b.help_center_id, " \
    "'senderEmailAddressId', b.sender_email_address_id)"

/* Newest first; the keyset is (created_at, id). */
static const fb_statement_t fb_brand_statements[] = {
    {"brand_get",
     "SELECT " BRAND_JSON " FROM brands b WHERE b.org_id = %s AND b.id = %s"},
    {"brand_list",
     "SELECT " BRAND_JSON ", fb_ts_key(b.created_at), b.id "
     "FROM brands b WHERE b.org_id = %s "
     "ORDER BY b.created_at DESC, b.id DESC LIMIT %d"},
    {"brand_list_after",
     "SELECT " BRAND_JSON ", fb_ts_key(b.created_at), b.id "
     "FROM brands b WHERE b.org_id = %s "
     "AND (b.created_at, b.id) < (fb_ts_from_key(%s), %s) "
     "ORDER BY b.created_at DESC, b.id DESC LIMIT %d"},
    {NULL, NULL}
};

static const fb_resource_t fb_brands = {
    .get = "brand_get",
    .not_found = FB_E_BRAND_NOT_FOUND,
    .shape = FB_LIST_CURSOR,
    .list = "brand_list",
    .list_after = "brand_list_after",
    .cursor_sort = "brands.createdAt.desc",
    .cursor_key_integer = 1,
};

static const fb_op_t fb_brand_list =
    FB_OP_READ(fb_resource_list, FB_VERSION_NOVA, &fb_brands,
               fb_resource_page_rules);
static const fb_op_t fb_brand_get =
    FB_OP_READ(fb_resource_get, FB_VERSION_NOVA, &fb_brands, NULL);

static const fb_route_t fb_brand_routes[] = {
    {"GET", "/brands", &fb_brand_list},
    {"GET", "/brands/{id}", &fb_brand_get},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_brands_module = {
    "brands", fb_brand_routes, fb_brand_statements
};
