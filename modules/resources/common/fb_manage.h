/*
 * fb_manage: the one write path of the management extensions (boards,
 * post statuses, custom fields, teams, brands, admin roles, admins, API
 * keys, surveys: docs/decisions.md).
 *
 * A managed resource is data: its field rules (checked by the pipeline),
 * an fb_manage_t naming its statements, FB_MANAGE_OPS and
 * FB_MANAGE_ROUTE_ROWS.  The
 * statements take the checked body as one JSON argument and do the
 * column work in SQL, so create, update and delete are the same three
 * handlers for every resource:
 *
 *   create: check, serialize, owners, refs, conflicts, before, insert,
 *           get                                                    201
 *   update: check, serialize, lock, owners, refs, conflicts, before,
 *           update, get                                            200
 *   delete: serialize, lock, owners, in_use, before_remove, remove
 *                                                       {id, deleted}
 *
 * each step a statement of the one transaction (fb_write), the first
 * failure the answer.  The answer is the resource's own GET statement
 * run after the write, so a write answers exactly what a read shows.
 * lock comes first on an existing row so that the checks after it see
 * every committed change that could make them wrong (a post made on a
 * board being deleted waits, or is seen).  owners is where a write that
 * touches an Owner's is refused to others (fb_owner.h).
 *
 * The checks (refs, conflicts, in_use) return data: the rule a row
 * breaks and its value.  The sentence the answer says is the resource's
 * messages' text for that rule (fb_rule_text.h), so a message is written
 * once, in C, beside the statements.
 */
#ifndef FB_MANAGE_H
#define FB_MANAGE_H

#include "fb_resource.h"
#include "fb_rule_text.h"
#include "fb_write.h"

/*
 * Checks what field rules cannot (relations between members) and may
 * complete the body (ids of nested items); id is NULL on create.
 */
typedef fb_error_t *(*fb_manage_check_fn)(fb_req_t *fr, json_object *body,
                                          const char *id);

/*
 * The arguments of a resource's owners, refs, conflicts, before and
 * update statements: the id (NULL on create) and the checked body, JSON
 * (NULL on delete), after the organization.  Each is declared
 * FB_SQL_WITH(name, manage, ...) and binds them
 *
 *     "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, "
 *     "  %s::jsonb AS b) "
 *
 * (fb_params.h); fb_manage calls them with FB_NAMED(manage, ...).
 */
FB_PARAMS(manage, (id, b));

typedef struct {
    const fb_resource_t *res;       /* get: the answer; not_found */
    const char *object;             /* the deletion confirmation's */
    fb_manage_check_fn check;       /* or NULL */
    /* (org): waits for the organization's other writes of this resource
     * (FB_MANAGE_SERIALIZE), where a rule spans rows (one default, one
     * Owner, unique names) and two writes could each see it kept; or
     * NULL. */
    const fb_statement_t *serialize;
    /* (org, id) -> a row when it exists, locked for the write: FOR
     * UPDATE, which keeps new references out while a delete runs. */
    const fb_statement_t *lock;
    /* The same for an update, which changes no key: FOR NO KEY UPDATE,
     * which a reference's foreign key check (KEY SHARE) does not wait
     * for.  Were it FOR UPDATE, a write that locks what the update
     * locks after the row (a post's create: its new tags bump the
     * organization's render_version, which a status's change bumps too)
     * and then references the row would wait for it while it waits for
     * that write: a deadlock.  NULL: lock. */
    const fb_statement_t *lock_change;
    /* (org, id or NULL, body; NULL on delete) -> rows (rule,
     * permissions): what of an Owner's the write touches and the
     * permissions it gives, checked for callers who are not an Owner
     * (fb_owner_check); or NULL: nothing of the resource is an Owner's. */
    const fb_statement_t *owners;
    /* An Owner's is not shown to others (API keys): their writes to it
     * answer as for a missing id, not 403. */
    int owners_unseen;
    /* (org, id or NULL, body) -> rows (param, rule, value): what the
     * body names that does not resolve, or does not fit the stored
     * resource (400 invalid_parameter on param); or NULL. */
    const fb_statement_t *refs;
    /* (org, id or NULL, body) -> rows (rule, value): a rule of the
     * organization the write would break (409 resource_conflict); or
     * NULL. */
    const fb_statement_t *conflicts;
    /* (org, id or NULL, body): runs before the write (demote the old
     * default); or NULL. */
    const fb_statement_t *before;
    /* (org, body) -> the new id, and with secret the value shown once. */
    const fb_statement_t *insert;
    /* The member the insert's second column is shown as, in the create
     * answer only (an API key's key); or NULL. */
    const char *secret;
    /* (org, id, body): changes it. */
    const fb_statement_t *update;
    /* (org, id) -> rows (rule, value): what uses it (409
     * resource_in_use, the message names it); or NULL. */
    const fb_statement_t *in_use;
    /* Moves what uses it elsewhere, recording its events (ctx: the id);
     * or NULL. */
    fb_write_step_fn before_remove;
    /* (org, id): deletes it. */
    const fb_statement_t *remove;
    /* The text of every rule refs, conflicts and in_use name. */
    const fb_rule_text_t *messages;
    /* The create's answer status; 0: 201 (the help center's creates
     * answer 200, as the hosted API's do). */
    int created_status;
    /* The events of its writes, or NULL: none.  Each is recorded in the
     * write's transaction with the object as the answer shows it (the
     * deleted one as it was before the delete). */
    const char *created_topic;
    const char *updated_topic;
    const char *deleted_topic;
} fb_manage_t;

fb_error_t *fb_manage_create(fb_req_t *fr);
fb_error_t *fb_manage_update(fb_req_t *fr);
fb_error_t *fb_manage_delete(fb_req_t *fr);

/*
 * A before_remove's work where what uses the resource moves elsewhere
 * (statuses): runs move with args -> rows (the moved item as it now is,
 * then the value it had and the value it has now, each a run of cells)
 * and records topic for each, with the change of field.  render writes
 * a row's item, after prepare (if not NULL) has read what rendering the
 * rows takes; value writes the old value from the cells at old_col and
 * the new one from those at new_col.
 */
typedef struct {
    fb_error_t *(*prepare)(fb_req_t *fr, const fb_rows_t *rows);
    const char *(*render)(fb_req_t *fr, const char *const *row);
    const char *field;
    const fb_rj_member_t *value;
    int old_col;
    int new_col;
} fb_manage_move_t;

fb_error_t *fb_manage_move(fb_req_t *fr, const fb_statement_t *move,
                           fb_args_t args, const char *topic,
                           const fb_manage_move_t *how);

/*
 * A before_remove's work where what uses the resource was moved by a
 * statement that returned the moved ones' ids (column 0 of ids): records
 * topic for each, the object as res's get reads it now (the help
 * center's collections, whose children move up when it goes).
 */
fb_error_t *fb_manage_moved(fb_req_t *fr, const fb_resource_t *res,
                            const fb_rows_t *ids, const char *topic);

/* The lock and remove statements of a resource in table: declares
 * fb_sql_<name>_lock (a delete's), fb_sql_<name>_lock_change (an
 * update's) and fb_sql_<name>_remove; FB_MANAGE_LOCKS(name) names both
 * locks in the resource's fb_manage_t. */
#define FB_MANAGE_SQL(name, table)                                        \
    FB_SQL(name##_lock, 1,                                                \
        "SELECT id FROM " table " WHERE org_id = %s AND id = %s "         \
        "FOR UPDATE");                                                    \
    FB_SQL(name##_lock_change, 1,                                         \
        "SELECT id FROM " table " WHERE org_id = %s AND id = %s "         \
        "FOR NO KEY UPDATE");                                             \
    FB_SQL(name##_remove, 1,                                              \
        "DELETE FROM " table " WHERE org_id = %s AND id = %s")

#define FB_MANAGE_LOCKS(name)                                             \
    .lock = &fb_sql_##name##_lock, .lock_change = &fb_sql_##name##_lock_change

/* A transaction lock on the organization's writes of a resource,
 * fb_sql_<name>_serialize: the statements after it see what the writes
 * before it committed. */
#define FB_MANAGE_SERIALIZE(name)                                         \
    FB_SQL(name##_serialize, 0,                                           \
        "SELECT pg_advisory_xact_lock(hashtextextended("                  \
        "'manage:" #name ":' || %s, 0))")

/*
 * Resources of which one is the default (post statuses, brands): the
 * body's isDefault true demotes the old default (before); false on the
 * default is refused (conflicts, rule default_kept: another must become
 * it); the default is not deleted (in_use, rule default_removed).
 * Declares fb_sql_<name>_conflicts, _demote and _in_use for table; the
 * texts are FB_MANAGE_ONE_DEFAULT_TEXTS.
 */
#define FB_MANAGE_ONE_DEFAULT(name, table)                                \
    FB_MANAGE_ONE_DEFAULT_USED(name, table, "")

/* The same where other uses also keep it (in_use): uses is "UNION ALL
 * SELECT rule, value ..." over a (org_id, id), the row being deleted. */
#define FB_MANAGE_ONE_DEFAULT_USED(name, table, uses)                     \
    FB_SQL_WITH(name##_conflicts, manage,                                 \
        "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, "          \
        "  %s::jsonb AS b) "                                              \
        "SELECT 'default_kept', NULL FROM a JOIN " table " x "            \
        "  ON x.org_id = a.org_id AND x.id = a.id "                       \
        "WHERE x.is_default AND a.b -> 'isDefault' = 'false'");           \
    FB_SQL_WITH(name##_demote, manage,                                    \
        "WITH a AS (SELECT %s::text AS org_id, %s::text AS id, "          \
        "  %s::jsonb AS b) "                                              \
        "UPDATE " table " x SET is_default = false, updated_at = now() "  \
        "FROM a WHERE x.org_id = a.org_id AND x.is_default "              \
        "AND x.id IS DISTINCT FROM a.id "                                 \
        "AND a.b -> 'isDefault' = 'true'");                               \
    FB_SQL(name##_in_use, 1,                                              \
        "WITH a AS NOT MATERIALIZED (SELECT %s::text AS org_id, "         \
        "  %s::text AS id) "                                              \
        "SELECT 'default_removed', NULL FROM " table " x JOIN a "         \
        "  ON x.org_id = a.org_id AND x.id = a.id WHERE x.is_default "    \
        uses)

/* The messages' rows of FB_MANAGE_ONE_DEFAULT, noun naming the resource
 * in them. */
#define FB_MANAGE_ONE_DEFAULT_TEXTS(noun)                                 \
    {"default_kept", "This " noun " is the default; make another " noun   \
     " the default instead."},                                            \
    {"default_removed", "The default " noun " cannot be deleted; make "   \
     "another " noun " the default first."}

/* The audit log entries of a managed resource's writes (fb_audit.h):
 * the actions of create, update and delete, in the domain dom, of
 * targets of type what.  Declares name##_audits, which FB_MANAGE_OPS
 * takes. */
#define FB_MANAGE_AUDITS(name, dom, what, created, updated, deleted)      \
    static const fb_audit_t name##_audits[] = {                           \
        {.action = (created), .domain = (dom), .target = (what),          \
         .from = FB_AUDIT_ANSWER},                                        \
        {.action = (updated), .domain = (dom), .target = (what),          \
         .from = FB_AUDIT_PATH, .param = "id"},                           \
        {.action = (deleted), .domain = (dom), .target = (what),          \
         .from = FB_AUDIT_PATH, .param = "id"}}

/* The operations of a managed resource: its reads, open to every role
 * (list_query: the list's query rules, or NULL), and the three writes,
 * guarded by the permission flag perm, audited as name##_audits says
 * (FB_MANAGE_AUDITS). */
#define FB_MANAGE_OPS(name, version, res, list_query, perm, manage,       \
                      create_rules, update_rules)                         \
    static const fb_op_t name##_list_op = {                               \
        .handler = fb_resource_list, .min_version = (version),            \
        .permission = FB_PERM_NONE, .query = (list_query),                \
        .data = (res)};                                                   \
    static const fb_op_t name##_get_op = {                                \
        .handler = fb_resource_get, .min_version = (version),             \
        .permission = FB_PERM_NONE, .data = (res)};                       \
    static const fb_op_t name##_create_op = {                             \
        .handler = fb_manage_create, .flags = FB_OP_BODY | FB_OP_WRITE,   \
        .min_version = (version), .permission = (perm),                   \
        .body = (create_rules), .data = (manage),                         \
        .audit = &name##_audits[0]};                                      \
    static const fb_op_t name##_update_op = {                             \
        .handler = fb_manage_update, .flags = FB_OP_BODY | FB_OP_WRITE,   \
        .min_version = (version), .permission = (perm),                   \
        .body = (update_rules), .data = (manage),                         \
        .audit = &name##_audits[1]};                                      \
    static const fb_op_t name##_delete_op = {                             \
        .handler = fb_manage_delete, .flags = FB_OP_WRITE,                \
        .min_version = (version), .permission = (perm), .data = (manage), \
        .audit = &name##_audits[2]}

/* The route rows of FB_MANAGE_OPS(name, ...) under path. */
#define FB_MANAGE_ROUTE_ROWS(name, path)                                  \
    {"GET", path, &name##_list_op},                                       \
    {"POST", path, &name##_create_op},                                    \
    {"GET", path "/{id}", &name##_get_op},                                \
    {"PATCH", path "/{id}", &name##_update_op},                           \
    {"DELETE", path "/{id}", &name##_delete_op}

#endif
