/*
 * audit_logs: GET /audit-logs, the organization's audit log (sql/034),
 * newest first, filtered by action, domain and a time window, in pages
 * of keyset cursors.  Nova and newer, as the official client says
 * (auditLogs.list).  The entries are written by the writes themselves
 * (modules/http/fb_audit.h); nothing here or anywhere changes or removes
 * one but the retention sweep (modules/jobs/fb_jobs.c).
 *
 * Reading needs the manage_sso permission: the organization's security
 * settings' (docs/decisions.md, "The audit log").
 */
#include <string.h>

#include "apr_lib.h"
#include "apr_strings.h"

#include "fb_perm.h"
#include "fb_resource.h"

/* An entry's columns, over a row l of audit_logs; X(name, sql) gives
 * the enum AUDIT_COL_<name> and the select list. */
#define AUDIT_COLUMNS(X) \
    X(ID, "l.id") \
    X(ACTION, "l.action") \
    X(DOMAIN, "l.domain") \
    X(ACTOR_TYPE, "l.actor_type") \
    X(ACTOR_ID, "l.actor_id") \
    X(ACTOR_EMAIL, "l.actor_email") \
    X(ACTOR_NAME, "l.actor_name") \
    X(KEY_ID, "l.key_id") \
    X(KEY_NAME, "l.key_name") \
    X(TARGET_TYPE, "l.target_type") \
    X(TARGET_ID, "l.target_id") \
    X(METADATA, "l.metadata") \
    X(IP_ADDRESS, "l.ip_address") \
    X(USER_AGENT, "l.user_agent") \
    X(REQUEST_ID, "l.request_id") \
    X(CREATED_AT, "l.created_at AT TIME ZONE 'UTC'")

#define AUDIT_COL_ENUM(name, sql) AUDIT_COL_##name,
enum { AUDIT_COLUMNS(AUDIT_COL_ENUM) AUDIT_NCOLS };
#define AUDIT_COL_SQL(name, sql) sql ", "
#define AUDIT_SELECT \
    AUDIT_COLUMNS(AUDIT_COL_SQL) "fb_ts_key(l.created_at)"

/* A page of entries, its arguments bound once in k: the action and
 * domain (NULL: any) and the window's ends (NULL: open).  filter is
 * the condition of the index the statement reads (audit_logs_action,
 * audit_logs_domain, audit_logs_org); after, the cursor's. */
FB_LIST_PARAMS(audit_list, (action, domain, start_at, end_at));

#define AUDIT_LIST(filter, after) \
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS after_key, " \
    "  %s::text AS after_id, %s::text AS action, %s::text AS domain, " \
    "  %s::timestamptz AS start_at, %s::timestamptz AS end_at) " \
    "SELECT " AUDIT_SELECT " FROM audit_logs l, k " \
    "WHERE l.org_id = k.org_id " filter \
    "AND (l.action = k.action OR k.action IS NULL) " \
    "AND (l.domain = k.domain OR k.domain IS NULL) " \
    "AND l.created_at >= coalesce(k.start_at, '-infinity') " \
    "AND l.created_at < coalesce(k.end_at, 'infinity') " after \
    "ORDER BY l.created_at DESC, l.id DESC LIMIT %d"

#define AUDIT_AFTER \
    "AND (l.created_at, l.id) " \
    "  < (fb_ts_from_key(k.after_key), k.after_id) "

FB_SQL_WITH(audit_list, audit_list, AUDIT_LIST("", ""));
FB_SQL_WITH(audit_list_after, audit_list, AUDIT_LIST("", AUDIT_AFTER));
FB_SQL_WITH(audit_list_action, audit_list,
    AUDIT_LIST("AND l.action = k.action ", ""));
FB_SQL_WITH(audit_list_action_after, audit_list,
    AUDIT_LIST("AND l.action = k.action ", AUDIT_AFTER));
FB_SQL_WITH(audit_list_domain, audit_list,
    AUDIT_LIST("AND l.domain = k.domain ", ""));
FB_SQL_WITH(audit_list_domain_after, audit_list,
    AUDIT_LIST("AND l.domain = k.domain ", AUDIT_AFTER));

static const fb_statement_t *const fb_audit_log_statements[] = {
    &fb_sql_audit_list, &fb_sql_audit_list_after,
    &fb_sql_audit_list_action, &fb_sql_audit_list_action_after,
    &fb_sql_audit_list_domain, &fb_sql_audit_list_domain_after, NULL
};

/* The orders: all, or by the filter with its own index. */
static const fb_list_order_t fb_audit_newest = {
    .first = &fb_sql_audit_list, .after = &fb_sql_audit_list_after,
    .cursor_sort = "auditLogs.createdAt.desc",
    .key_valid = fb_key_integer,
};
static const fb_list_order_t fb_audit_newest_action = {
    .first = &fb_sql_audit_list_action,
    .after = &fb_sql_audit_list_action_after,
    .cursor_sort = "auditLogs.action.createdAt.desc",
    .key_valid = fb_key_integer,
};
static const fb_list_order_t fb_audit_newest_domain = {
    .first = &fb_sql_audit_list_domain,
    .after = &fb_sql_audit_list_domain_after,
    .cursor_sort = "auditLogs.domain.createdAt.desc",
    .key_valid = fb_key_integer,
};

/* email: a string, as the client types it ("" for an operator). */
static apr_status_t fb_audit_actor_email(fb_req_t *fr, fb_jsonw_t *w,
                                         const char *const *row)
{
    (void)fr;
    fb_jsonw_string(w, row[AUDIT_COL_ACTOR_EMAIL] != NULL
                       ? row[AUDIT_COL_ACTOR_EMAIL] : "");
    return APR_SUCCESS;
}

/* apiKey: {id, name}, or null when no key made the change. */
static apr_status_t fb_audit_actor_key(fb_req_t *fr, fb_jsonw_t *w,
                                       const char *const *row)
{
    (void)fr;
    if (row[AUDIT_COL_KEY_ID] == NULL) {
        fb_jsonw_raw(w, NULL);
        return APR_SUCCESS;
    }
    fb_jsonw_object(w);
    fb_jsonw_member_string(w, "id", row[AUDIT_COL_KEY_ID]);
    fb_jsonw_member_string(w, "name", row[AUDIT_COL_KEY_NAME] != NULL
                                      ? row[AUDIT_COL_KEY_NAME] : "");
    fb_jsonw_end(w);
    return APR_SUCCESS;
}

/* The sentence the client shows: who did what to which object. */
static apr_status_t fb_audit_description(fb_req_t *fr, fb_jsonw_t *w,
                                         const char *const *row)
{
    const char *who = row[AUDIT_COL_ACTOR_NAME];
    const char *key = row[AUDIT_COL_KEY_NAME];
    const char *target = row[AUDIT_COL_TARGET_ID];

    if (strcmp(row[AUDIT_COL_ACTOR_TYPE], "api_key") == 0) {
        who = apr_psprintf(fr->pool, "%s (API key%s%s)",
                           who != NULL ? who : "A removed admin",
                           key != NULL && *key ? " " : "",
                           key != NULL ? key : "");
    }
    else if (who == NULL) {
        who = "The system";
    }
    fb_jsonw_string(w, apr_psprintf(fr->pool, "%s: %s, %s%s%s", who,
                                    row[AUDIT_COL_ACTION],
                                    row[AUDIT_COL_TARGET_TYPE],
                                    target != NULL ? " " : "",
                                    target != NULL ? target : ""));
    return APR_SUCCESS;
}

static const fb_rj_member_t fb_audit_actor_members[] = {
    FB_RJ_STRING("id", AUDIT_COL_ACTOR_ID),
    FB_RJ_STRING("type", AUDIT_COL_ACTOR_TYPE),
    FB_RJ_FN("email", fb_audit_actor_email),
    FB_RJ_STRING("name", AUDIT_COL_ACTOR_NAME),
    FB_RJ_FN("apiKey", fb_audit_actor_key),
    FB_RJ_END
};

static const fb_rj_member_t fb_audit_resource_members[] = {
    FB_RJ_STRING("type", AUDIT_COL_TARGET_TYPE),
    FB_RJ_STRING("id", AUDIT_COL_TARGET_ID),
    FB_RJ_CONST("name", "null"),
    FB_RJ_END
};

static const fb_rj_member_t fb_audit_request_members[] = {
    FB_RJ_STRING("ipAddress", AUDIT_COL_IP_ADDRESS),
    FB_RJ_STRING("userAgent", AUDIT_COL_USER_AGENT),
    FB_RJ_END
};

static const fb_rj_member_t fb_audit_members[] = {
    FB_RJ_CONST("object", "\"audit_log\""),
    FB_RJ_STRING("id", AUDIT_COL_ID),
    FB_RJ_STRING("action", AUDIT_COL_ACTION),
    FB_RJ_STRING("domain", AUDIT_COL_DOMAIN),
    FB_RJ_FN("description", fb_audit_description),
    FB_RJ_OBJECT("actor", fb_audit_actor_members),
    FB_RJ_OBJECT("resource", fb_audit_resource_members),
    FB_RJ_OBJECT("request", fb_audit_request_members),
    FB_RJ_RAW("metadata", AUDIT_COL_METADATA),
    FB_RJ_STRING("correlationId", AUDIT_COL_REQUEST_ID),
    FB_RJ_TIME("createdAt", AUDIT_COL_CREATED_AT),
    FB_RJ_END
};

static const fb_list_rows_t fb_audit_rows = {
    .members = fb_audit_members, .json_size = 768,
    .key_col = AUDIT_NCOLS, .id_col = AUDIT_COL_ID
};

/* A name of lower-case letters and underscores, with one dot where dot
 * (an action: "{domain}.{verb}"). */
static int fb_audit_name_valid(const char *s, int dot)
{
    int dots = 0;

    for (; *s != '\0'; s++) {
        if (*s == '.') {
            dots++;
        }
        else if (!apr_islower(*s) && *s != '_') {
            return 0;
        }
    }
    return dots == (dot ? 1 : 0);
}

static int fb_audit_action_valid(const char *s)
{
    return fb_audit_name_valid(s, 1);
}

static int fb_audit_domain_valid(const char *s)
{
    return fb_audit_name_valid(s, 0);
}

static const fb_field_format_t fb_audit_action_format = {
    .valid = fb_audit_action_valid,
    .what = "{domain}.{verb}, lower-case letters and underscores "
            "(webhook.deleted)",
    .pattern = "^[a-z_]*\\.[a-z_]*$",
};

static const fb_field_format_t fb_audit_domain_format = {
    .valid = fb_audit_domain_valid,
    .what = "lower-case letters and underscores (security)",
    .pattern = "^[a-z_]+$",
};

static const fb_query_rule_t fb_audit_list_rules[] = {
    FB_QUERY_RULES_PAGE,
    {.name = "action", .type = FB_Q_STRING, .min = 3, .max = 100,
     .format = &fb_audit_action_format},
    {.name = "domain", .type = FB_Q_STRING, .min = 1, .max = 64,
     .format = &fb_audit_domain_format},
    {.name = "startDate", .type = FB_Q_STRING, .min = 1, .max = 64,
     .format = &fb_format_time},
    {.name = "endDate", .type = FB_Q_STRING, .min = 1, .max = 64,
     .format = &fb_format_time},
    {.name = NULL}
};

/* GET /audit-logs */
static fb_error_t *fb_audit_list(fb_req_t *fr)
{
    const char *action = fb_query_get(&fr->query, "action");
    const char *domain = fb_query_get(&fr->query, "domain");
    const char *start, *end;
    fb_error_t *err;

    if ((err = fb_resource_time_bound(fr, "startDate", 0, &start)) != NULL
        || (err = fb_resource_time_bound(fr, "endDate", 1, &end)) != NULL) {
        return err;
    }
    return fb_list_respond_rows(fr, action != NULL ? &fb_audit_newest_action
                                    : domain != NULL ? &fb_audit_newest_domain
                                    : &fb_audit_newest,
                                FB_NAMED(audit_list, .action = action,
                                         .domain = domain, .start_at = start,
                                         .end_at = end),
                                &fb_audit_rows);
}

static const fb_op_t fb_audit_list_op = {
    .handler = fb_audit_list,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_MANAGE_SSO,
    .query = fb_audit_list_rules,
};

static const fb_route_t fb_audit_log_routes[] = {
    {"GET", "/audit-logs", &fb_audit_list_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_audit_logs_module = {
    .name = "audit_logs",
    .routes = fb_audit_log_routes,
    .statements = fb_audit_log_statements,
};
