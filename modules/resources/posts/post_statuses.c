/*
 * post_statuses: the workflow stages of posts.  Read-only in this release.
 */
#include "posts.h"

FB_SQL(post_status_get, 1,
    "SELECT " POST_STATUS_JSON " FROM post_statuses s "
    "WHERE s.org_id = %s AND s.id = %s");

FB_SQL(post_status_list, 0,
    "SELECT " POST_STATUS_JSON " FROM post_statuses s WHERE s.org_id = %s "
    "ORDER BY s.created_at DESC, s.id DESC");

static const fb_statement_t *const fb_post_status_statements[] = {
    &fb_sql_post_status_get, &fb_sql_post_status_list, NULL
};

static const fb_resource_t fb_post_statuses = {
    .get = &fb_sql_post_status_get,
    .not_found = FB_E_RESOURCE_NOT_FOUND,
    .shape = FB_LIST_BARE,
    .list = &fb_sql_post_status_list,
};

FB_READ_ROUTES(fb_post_status_routes, "/post_statuses", FB_VERSION_CLOVER,
               &fb_post_statuses);

const fb_resource_module_t fb_post_statuses_module = {
    "post_statuses", fb_post_status_routes, fb_post_status_statements
};
