/*
 * fb_resources: the registry.  A new resource adds one line here.
 */
#include "fb_auth.h"
#include "fb_events.h"
#include "fb_idempotency.h"
#include "fb_resources.h"

extern const fb_resource_module_t fb_admins_module;
extern const fb_resource_module_t fb_boards_module;
extern const fb_resource_module_t fb_brands_module;
extern const fb_resource_module_t fb_bulk_mail_module;
extern const fb_resource_module_t fb_changelog_publish_module;
extern const fb_resource_module_t fb_changelog_subscribers_module;
extern const fb_resource_module_t fb_changelog_write_module;
extern const fb_resource_module_t fb_changelogs_module;
extern const fb_resource_module_t fb_comment_create_module;
extern const fb_resource_module_t fb_comment_update_module;
extern const fb_resource_module_t fb_comments_module;
extern const fb_resource_module_t fb_companies_module;
extern const fb_resource_module_t fb_contacts_module;
extern const fb_resource_module_t fb_custom_fields_module;
extern const fb_resource_module_t fb_files_module;
extern const fb_resource_module_t fb_people_module;
extern const fb_resource_module_t fb_post_statuses_module;
extern const fb_resource_module_t fb_post_create_module;
extern const fb_resource_module_t fb_post_fields_module;
extern const fb_resource_module_t fb_post_update_module;
extern const fb_resource_module_t fb_post_voters_module;
extern const fb_resource_module_t fb_posts_module;
extern const fb_resource_module_t fb_teams_module;
extern const fb_resource_module_t fb_unsubscribe_module;
extern const fb_resource_module_t fb_webhooks_module;

const fb_resource_module_t *const fb_resource_modules[] = {
    &fb_admins_module,
    &fb_boards_module,
    &fb_brands_module,
    &fb_bulk_mail_module,
    &fb_changelog_publish_module,
    &fb_changelog_subscribers_module,
    &fb_changelog_write_module,
    &fb_changelogs_module,
    &fb_comment_create_module,
    &fb_comment_update_module,
    &fb_comments_module,
    &fb_companies_module,
    &fb_contacts_module,
    &fb_custom_fields_module,
    &fb_files_module,
    &fb_people_module,
    &fb_post_statuses_module,
    &fb_post_create_module,
    &fb_post_fields_module,
    &fb_post_update_module,
    &fb_post_voters_module,
    &fb_posts_module,
    &fb_teams_module,
    &fb_unsubscribe_module,
    &fb_webhooks_module,
    NULL
};

/* Statement tables outside the resource modules. */
static const fb_statement_t *const fb_shared_statements[] = {
    fb_auth_statements,
    fb_events_statements,
    fb_idempotency_statements,
    NULL
};

const fb_route_t *const *fb_resources_routes(apr_pool_t *p)
{
    apr_array_header_t *list = apr_array_make(p, 16, sizeof(void *));
    const fb_resource_module_t *const *m;

    for (m = fb_resource_modules; *m != NULL; m++) {
        if ((*m)->routes != NULL) {
            APR_ARRAY_PUSH(list, const fb_route_t *) = (*m)->routes;
        }
    }
    APR_ARRAY_PUSH(list, const fb_route_t *) = NULL;
    return (const fb_route_t *const *)list->elts;
}

const fb_statement_t *const *fb_resources_statements(apr_pool_t *p)
{
    apr_array_header_t *list = apr_array_make(p, 16, sizeof(void *));
    const fb_resource_module_t *const *m;
    const fb_statement_t *const *s;

    for (s = fb_shared_statements; *s != NULL; s++) {
        APR_ARRAY_PUSH(list, const fb_statement_t *) = *s;
    }
    for (m = fb_resource_modules; *m != NULL; m++) {
        APR_ARRAY_PUSH(list, const fb_statement_t *) = (*m)->statements;
    }
    APR_ARRAY_PUSH(list, const fb_statement_t *) = NULL;
    return (const fb_statement_t *const *)list->elts;
}
