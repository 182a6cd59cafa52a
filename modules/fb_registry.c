/*
 * fb_registry: the resources and statements of the module.  A new
 * resource adds one line to FB_RESOURCES; a file with statements but no
 * routes adds one line to FB_STATEMENT_TABLES.
 */
#include "apr_hash.h"

#include "fb_auth.h"
#include "fb_events.h"
#include "fb_idempotency.h"
#include "fb_job.h"
#include "fb_registry.h"
#include "fb_resource.h"

/* The resource modules: X(name) names fb_<name>_module. */
#define FB_RESOURCES(X)             \
    X(admins)                       \
    X(api_keys)                     \
    X(audit_logs)                   \
    X(boards)                       \
    X(brands)                       \
    X(changelog_publish)            \
    X(changelog_subscribers)        \
    X(changelog_write)              \
    X(changelogs)                   \
    X(comment_create)               \
    X(comment_search)               \
    X(comment_update)               \
    X(comments)                     \
    X(companies)                    \
    X(company_search)               \
    X(contact_search)               \
    X(contacts)                     \
    X(conversation_attributes)      \
    X(conversation_create)          \
    X(conversation_participants)    \
    X(conversation_redact)          \
    X(conversation_reply)           \
    X(conversation_search)          \
    X(conversation_tags)            \
    X(conversation_update)          \
    X(conversations)                \
    X(custom_fields)                \
    X(files)                        \
    X(help_center_article_search)   \
    X(help_center_articles)         \
    X(help_center_collections)      \
    X(help_center_redirect_rules)   \
    X(help_centers)                 \
    X(openapi)                      \
    X(organization)                 \
    X(post_create)                  \
    X(post_search)                  \
    X(post_statuses)                \
    X(post_update)                  \
    X(post_voters)                  \
    X(posts)                        \
    X(report_catalog)               \
    X(report_query)                 \
    X(report_drill)                 \
    X(report_values)                \
    X(survey_write)                 \
    X(surveys)                      \
    X(tags)                         \
    X(teams)                        \
    X(ticket_categories)            \
    X(ticket_create)                \
    X(ticket_fields)                \
    X(ticket_reply)                 \
    X(ticket_statuses)              \
    X(ticket_update)                \
    X(tickets)                      \
    X(unsubscribe)                  \
    X(webhooks)

/* Statement tables outside the resource modules: X(name) names
 * fb_<name>_statements. */
#define FB_STATEMENT_TABLES(X)      \
    X(audit)                        \
    X(auth)                         \
    X(bulk_mail)                    \
    X(changelog_publishing)         \
    X(conversation)                 \
    X(conversation_values)          \
    X(dbd)                          \
    X(events)                       \
    X(field_values)                 \
    X(file_store)                   \
    X(help_pages)                   \
    X(idempotency)                  \
    X(job_email)                    \
    X(job_publish)                  \
    X(job_snooze)                   \
    X(job_status)                   \
    X(job_webhook)                  \
    X(operator)                     \
    X(people)                       \
    X(post_company)                 \
    X(post_field)                   \
    X(post_lookup)                  \
    X(precondition)                 \
    X(replica)                      \
    X(sweep_rollups)                \
    X(ticket_check)

#define FB_DECLARE_MODULE(name) \
    extern const fb_resource_module_t fb_##name##_module;
#define FB_DECLARE_TABLE(name) \
    extern const fb_statement_t *const fb_##name##_statements[];
FB_RESOURCES(FB_DECLARE_MODULE)
FB_STATEMENT_TABLES(FB_DECLARE_TABLE)

#define FB_MODULE(name) &fb_##name##_module,
#define FB_TABLE(name) fb_##name##_statements,

static const fb_resource_module_t *const fb_registry_modules[] = {
    FB_RESOURCES(FB_MODULE)
    NULL
};

static const fb_statement_t *const *const fb_registry_tables[] = {
    FB_STATEMENT_TABLES(FB_TABLE)
    NULL
};

const fb_route_t *const *fb_registry_routes(apr_pool_t *p)
{
    apr_array_header_t *list = apr_array_make(p, 32, sizeof(void *));
    const fb_resource_module_t *const *m;

    for (m = fb_registry_modules; *m != NULL; m++) {
        if ((*m)->routes != NULL) {
            APR_ARRAY_PUSH(list, const fb_route_t *) = (*m)->routes;
        }
    }
    APR_ARRAY_PUSH(list, const fb_route_t *) = NULL;
    return (const fb_route_t *const *)list->elts;
}

const fb_statement_t *const *const *fb_registry_statements(apr_pool_t *p)
{
    apr_array_header_t *list = apr_array_make(p, 64, sizeof(void *));
    const fb_statement_t *const *const *t;
    const fb_resource_module_t *const *m;

    for (t = fb_registry_tables; *t != NULL; t++) {
        APR_ARRAY_PUSH(list, const fb_statement_t *const *) = *t;
    }
    for (m = fb_registry_modules; *m != NULL; m++) {
        if ((*m)->statements != NULL) {
            APR_ARRAY_PUSH(list, const fb_statement_t *const *) =
                (*m)->statements;
        }
    }
    APR_ARRAY_PUSH(list, const fb_statement_t *const *) = NULL;
    return (const fb_statement_t *const *const *)list->elts;
}

apr_status_t fb_registry_check(apr_pool_t *p, const char **why)
{
    apr_hash_t *seen = apr_hash_make(p);
    const fb_statement_t *const *const *t;
    apr_status_t rv;

    for (t = fb_registry_statements(p); *t != NULL; t++) {
        if ((rv = fb_db_registry_add(seen, p, *t, why)) != APR_SUCCESS) {
            return rv;
        }
    }
    return APR_SUCCESS;
}
