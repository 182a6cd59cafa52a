/*
 * feedback-import: moves an organization here from another server that
 * speaks this API (docs/operator.md, "Moving an organization here";
 * docs/decisions.md, "Import").
 *
 * What is imported is a table of families (import_families.c), in the
 * order they depend on each other: each is the source's list it reads,
 * how that list pages, the parent family it hangs from (a post's voters
 * are read per post), and the statements that write one page of it.
 * Adding a family is adding a row and its statement.
 */
#ifndef IMPORT_H
#define IMPORT_H

#include <apr_pools.h>
#include <json-c/json.h>

#include "fb_db.h"

/* Every statement that writes a page takes the same arguments: the run,
 * the family's name, the page (the source's objects, a JSON array) and
 * the parent's id for a child family (NULL otherwise). */
FB_PARAMS(import_page, (run, family, page, parent));

/* A child family's parents after the one reached (NULL: from the
 * first), in order: the ids of its parent family (import.c), or what
 * the family's own .parents statement gives. */
FB_PARAMS(import_parents, (family, after));

/* The arguments, bound once; k is read by several parts, so it is not
 * materialized (docs/architecture.md, "Statements"). */
#define IMP_K \
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org, %s::text AS run, " \
    "  %s::text AS family, %s::jsonb AS page, %s::text AS parent) "

/* The id an author or assignee that is an admin has here: an admin
 * matched by email to one the organization had is that one (import_ids
 * .here_id). */
#define IMP_ADMIN(col) \
    "COALESCE((SELECT i.here_id FROM import_ids i WHERE i.id = " col \
    "   AND i.org_id = k.org), " col ")"

/* The source's API (import_source.c). */
typedef struct imp_source imp_source_t;

typedef enum {
    IMP_ONE_PAGE = 0,   /* the list is every object at once */
    IMP_CURSOR,         /* ?limit=&cursor=, nextCursor in the answer */
    IMP_OBJECT          /* the answer is one object: the page is [it] */
} imp_paging_e;

/* What a family's prepare step may use (import.c). */
typedef struct imp_page_ctx imp_page_ctx_t;

typedef struct {
    const char *name;           /* the family, as checkpoints name it */
    const char *list;           /* the source's list path; a child's has
                                 * one %s, its parent's id */
    const char *query;          /* added to the list's query, or NULL */
    imp_paging_e paging;
    const char *parent;         /* the family whose ids a child's list
                                 * hangs from, or NULL */
    int claims;                 /* its objects have ids of their own,
                                 * claimed for the organization
                                 * (import_ids) */
    const char *text_of;        /* the member of HTML whose plain text is
                                 * stored too (added as "_text"), or
                                 * NULL */
    const fb_statement_t *before;   /* run before write, or NULL */
    const fb_statement_t *write;    /* upserts a page: one row
                                     * (written, skipped) */
    const fb_statement_t *after;    /* run once the family is read
                                     * whole (in the transaction of its
                                     * last page), or NULL */
    const char *differs;        /* why the target's list differs from
                                 * the source's by design, or NULL */
    const char *skipped_why;    /* what a skipped object is, for the
                                 * report */
    const fb_statement_t *parents;  /* a child's parents (import_parents:
                                     * values its list's %s takes, in
                                     * order), when they are not the ids
                                     * of the family .parent names (then a
                                     * label), or NULL */
    /* Run on a page before its transaction (files fetched and stored),
     * or NULL. */
    void (*prepare)(imp_page_ctx_t *c, apr_pool_t *p, json_object *page);
    /* A list the source may not have (the help center's): 404 or 403 on
     * its first page is the source having none (the family is done,
     * nothing read, and the report says so). */
    int optional;
    /* Completes each page from the source before it is written (reads
     * what the list does not give, adds members to the page's objects),
     * or NULL; non-zero with *why when it failed. */
    int (*complete)(imp_source_t *source, apr_pool_t *p,
                    json_object *page, const char **why);
} imp_family_t;

extern const imp_family_t imp_families[];
/* The statements of the families. */
extern const fb_statement_t *const imp_statements[];

/* Changelogs (with their locales, drafts and categories), roles,
 * surveys and their responses (import_changelogs_roles_surveys.c). */
extern const fb_statement_t fb_sql_imp_changelog_locales,
    fb_sql_imp_changelogs, fb_sql_imp_changelog_drafts, fb_sql_imp_roles,
    fb_sql_imp_surveys, fb_sql_imp_survey_responses;

/* The source: an API base URL and its key (import_source.c). */

imp_source_t *imp_source_make(apr_pool_t *p, const char *base,
                              const char *key, int verbose);

/* GETs base + path (path begins with "/"), retrying what is transient
 * and waiting out rate limits; *out is the parsed answer (owned by the
 * caller: json_object_put).  Non-zero, with *why, when it failed for
 * good: IMP_SOURCE_GONE when the source answered 404. */
#define IMP_SOURCE_GONE 2
int imp_source_get(imp_source_t *s, apr_pool_t *p, const char *path,
                   json_object **out, const char **why);

/* The HTTP status of the source's last answer (0: none). */
long imp_source_status(const imp_source_t *s);

/* The help center (import_help.c): its families' statements and the
 * article pages' preparation (each translation's plain text, and the
 * drafts of an article whose drafts differ from what readers see). */
extern const fb_statement_t fb_sql_imp_help_centers_before;
extern const fb_statement_t fb_sql_imp_help_centers;
extern const fb_statement_t fb_sql_imp_help_collections;
extern const fb_statement_t fb_sql_imp_help_collection_parents;
extern const fb_statement_t fb_sql_imp_help_articles;
extern const fb_statement_t fb_sql_imp_help_redirect_rules;
int imp_help_articles_complete(imp_source_t *source, apr_pool_t *p,
                               json_object *page, const char **why);

/* Requests made, retries, and seconds waited for rate limits. */
void imp_source_counts(const imp_source_t *s, long *requests,
                       long *retries, double *waited);

/* ---- conversations, tickets, files (import_inbox.c) ---- */

#include "fb_fetch.h"

/* What a prepare step sees: the target, the outbound rules, and the
 * notes of the page (an array of {item, why}) written with it. */
struct imp_page_ctx {
    fb_db_t *db;
    const char *org;
    const fb_fetch_options_t *fetch;
    json_object *notes;
};

/* The statements of import_inbox.c. */
extern const fb_statement_t *const imp_inbox_statements[];
extern const fb_statement_t fb_sql_imp_conversations,
    fb_sql_imp_conversations_after, fb_sql_imp_conversation_ids,
    fb_sql_imp_conversation_parts_before, fb_sql_imp_conversation_parts,
    fb_sql_imp_ticket_fields, fb_sql_imp_ticket_categories,
    fb_sql_imp_ticket_categories_after, fb_sql_imp_ticket_statuses_before,
    fb_sql_imp_ticket_statuses, fb_sql_imp_ticket_statuses_after,
    fb_sql_imp_tickets, fb_sql_imp_tickets_after;

/* The prepare steps: images of content (posts', comments',
 * changelogs'), of the conversations' parts and of tickets' content, and
 * the files of tickets' file fields. */
void imp_content_files(imp_page_ctx_t *c, apr_pool_t *p,
                       json_object *page);
void imp_inbox_parts_files(imp_page_ctx_t *c, apr_pool_t *p,
                           json_object *page);
void imp_inbox_ticket_files(imp_page_ctx_t *c, apr_pool_t *p,
                            json_object *page);

#endif
