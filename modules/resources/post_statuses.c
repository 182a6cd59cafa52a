/*
 * post_statuses: the workflow stages of posts.  Read-only in this release.
 */
#include "fb_resource.h"

#define POST_STATUS_JSON \
    "json_build_object(" \
    "'object', 'post_status', 'id', s.id, 'name', s.name, " \
    "'color', s.color, 'type', s.type, 'isDefault', s.is_default)"

static const fb_statement_t fb_post_status_statements[] = {
    {"post_status_get",
     "SELECT " POST_STATUS_JSON " FROM post_statuses s "
     "WHERE s.org_id = %s AND s.id = %s"},
    {"post_status_list",
     "SELECT " POST_STATUS_JSON " FROM post_statuses s WHERE s.org_id = %s "
     "ORDER BY s.created_at DESC, s.id DESC"},
    {NULL, NULL}
};

static const fb_resource_t fb_post_statuses = {
    .get = "post_status_get",
    .not_found = FB_E_RESOURCE_NOT_FOUND,
    .shape = FB_LIST_BARE,
    .list = "post_status_list",
};

static const fb_op_t fb_post_status_list =
    FB_OP_READ(fb_resource_list, FB_VERSION_CLOVER, &fb_post_statuses, NULL);
static const fb_op_t fb_post_status_get =
    FB_OP_READ(fb_resource_get, FB_VERSION_CLOVER, &fb_post_statuses, NULL);

static const fb_route_t fb_post_status_routes[] = {
    {"GET", "/post_statuses", &fb_post_status_list},
    {"GET", "/post_statuses/{id}", &fb_post_status_get},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_post_statuses_module = {
    "post_statuses", fb_post_status_routes, fb_post_status_statements
};
