/*
 * fb_audit: the audit log entry of a write, written in its transaction
 * (fb_audit.h).
 */
#include <string.h>

#include "httpd.h"
#include "apr_strings.h"

#include "fb_audit.h"
#include "fb_crypto.h"
#include "fb_jsonw.h"
#include "fb_utf8.h"

/* The longest User-Agent kept (bytes, cut at a character). */
#define FB_AUDIT_AGENT_MAX 512

/* What an entry keeps of a value set: a string's first 256 bytes (cut at
 * a character), another value whole up to 1 KB of JSON.  An entry stays
 * small whatever the body (a post's content is kept as its start). */
#define FB_AUDIT_VALUE_MAX 256
#define FB_AUDIT_JSON_MAX 1024

/* The actor's admin and key are named as they are now: the entry keeps
 * the names whatever becomes of them.  One statement, in the write's
 * transaction; its arguments named once in k. */
FB_SQL_NAMED(audit_record,
             (action, domain, admin_id, key_id, target_type, target_id,
              metadata, ip_address, user_agent, request_id),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS action, "
    "  %s::text AS domain, %s::text AS admin_id, %s::text AS key_id, "
    "  %s::text AS target_type, %s::text AS target_id, "
    "  %s::jsonb AS metadata, %s::text AS ip_address, "
    "  %s::text AS user_agent, %s::text AS request_id) "
    "INSERT INTO audit_logs (org_id, action, domain, actor_type, actor_id, "
    "  actor_email, actor_name, key_id, key_name, target_type, target_id, "
    "  metadata, ip_address, user_agent, request_id) "
    "SELECT k.org_id, k.action, k.domain, 'api_key', k.admin_id, a.email, "
    "  a.name, k.key_id, ak.name, k.target_type, k.target_id, k.metadata, "
    "  k.ip_address, k.user_agent, k.request_id "
    "FROM k LEFT JOIN admins a ON a.org_id = k.org_id AND a.id = k.admin_id "
    "LEFT JOIN api_keys ak ON ak.id = k.key_id AND ak.org_id = k.org_id");

/* The worker's retention sweep (modules/jobs/fb_jobs.c): the oldest
 * entries past FeedbackAuditRetention days (0: none), a batch at a
 * time.  Across organizations, as every sweep.  It alone may delete
 * entries: it says so for its own transaction before the first row
 * goes, which sql/034's trigger reads. */
FB_SQL_GLOBAL_WITH(sweep_audit_logs, sweep_setting,
    "WITH k AS (SELECT %d::integer AS batch, %d::integer AS setting, "
    "  set_config('feedback.audit_sweep', 'on', true) AS sweeping), "
    "old AS (SELECT l.id FROM audit_logs l, k "
    "  WHERE k.setting > 0 "
    "    AND l.created_at < now() - k.setting * interval '1 day' "
    "  ORDER BY l.created_at LIMIT (SELECT batch FROM k) "
    "  FOR UPDATE OF l SKIP LOCKED) "
    "DELETE FROM audit_logs l USING old, k "
    "WHERE l.id = old.id AND k.sweeping = 'on'");

const fb_statement_t *const fb_audit_statements[] = {
    &fb_sql_audit_record, &fb_sql_sweep_audit_logs, NULL
};

const char *fb_audit_request_id(fb_req_t *fr)
{
    request_rec *r = fr->r;
    unsigned char bytes[12];
    const char *id;

    if (fr->request_id != NULL) {
        return fr->request_id;
    }
    id = apr_table_get(r->subprocess_env, "UNIQUE_ID");
    if (id == NULL) {
        id = r->log_id;
    }
    if (id == NULL || !fb_utf8_valid(id, strlen(id)) || strlen(id) > 64) {
        if (apr_generate_random_bytes(bytes, sizeof(bytes))
            != APR_SUCCESS) {
            memset(bytes, 0, sizeof(bytes));
        }
        id = fb_hex(fr->pool, bytes, sizeof(bytes));
    }
    fr->request_id = id;
    apr_table_setn(r->headers_out, "X-Request-Id", id);
    return id;
}

/* s cut to at most max bytes at a character's start; NULL when s is not
 * UTF-8 (a header may carry any byte). */
static const char *fb_audit_text(apr_pool_t *p, const char *s,
                                 apr_size_t max)
{
    apr_size_t n;

    if (s == NULL) {
        return NULL;
    }
    n = strlen(s);
    if (n > max) {
        n = max;
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80) {
            n--;
        }
        s = apr_pstrndup(p, s, n);
    }
    return fb_utf8_valid(s, n) ? s : NULL;
}

const char *fb_audit_agent(fb_req_t *fr)
{
    return fb_audit_text(fr->pool, apr_table_get(fr->r->headers_in,
                                                 "User-Agent"),
                         FB_AUDIT_AGENT_MAX);
}

/*
 * The top-level "id" string of a JSON object as the module writes its
 * answers (escapes only where an id has none), or NULL: a scan, not a
 * parse, as a large answer (a post) costs a parse's worth of time.
 */
static const char *fb_audit_answer_id(apr_pool_t *p, const char *json)
{
    const char *s = json, *key = NULL;
    int depth = 0;

    if (json == NULL) {
        return NULL;
    }
    for (; *s != '\0'; s++) {
        if (*s == '"') {
            const char *start = ++s;

            while (*s != '\0' && *s != '"') {
                s += (*s == '\\' && s[1] != '\0') ? 2 : 1;
            }
            if (*s == '\0') {
                return NULL;
            }
            if (key != NULL && depth == 1) {
                return apr_pstrndup(p, start, (apr_size_t)(s - start));
            }
            if (depth == 1) {
                const char *after = s + 1;

                while (*after == ' ') {
                    after++;
                }
                if (*after == ':' && s - start == 2
                    && strncmp(start, "id", 2) == 0) {
                    key = start;
                }
            }
        }
        else if (*s == '{' || *s == '[') {
            depth++;
        }
        else if (*s == '}' || *s == ']') {
            depth--;
        }
        else if (key != NULL && depth == 1 && *s != ' ' && *s != ':') {
            return NULL;    /* an id that is not a string */
        }
    }
    return NULL;
}

/* The entry's target id, as its audit says where to find it. */
static const char *fb_audit_target_id(fb_req_t *fr, const fb_audit_t *a)
{
    json_object *v = NULL;

    switch (a->from) {
    case FB_AUDIT_PATH:
        return fb_req_param(fr, a->param != NULL ? a->param : "id");
    case FB_AUDIT_ANSWER:
        return fr->audit_target;
    case FB_AUDIT_BODY:
        return fr->body != NULL
               && json_object_object_get_ex(fr->body, a->param, &v)
               && json_object_is_type(v, json_type_string)
               ? fb_audit_text(fr->pool, json_object_get_string(v), 255)
               : NULL;
    case FB_AUDIT_ORG:
        return fr->principal.org_id;
    case FB_AUDIT_NONE:
        return NULL;
    }
    return NULL;
}

static void fb_audit_members(fb_jsonw_t *w, const fb_field_rule_t *rules,
                             json_object *body);

/* The value of v as an entry keeps it under rule: a string cut at
 * FB_AUDIT_VALUE_MAX bytes (at a character), an object of known members
 * member by member (its secrets left out), any other value as it came
 * unless its text is longer than FB_AUDIT_JSON_MAX: then only its size. */
static void fb_audit_value(fb_jsonw_t *w, const fb_field_rule_t *rule,
                           json_object *v)
{
    const char *text;
    apr_size_t n;

    if (json_object_is_type(v, json_type_string)) {
        fb_jsonw_string(w, fb_audit_text(w->pool, json_object_get_string(v),
                                         FB_AUDIT_VALUE_MAX));
        return;
    }
    if (json_object_is_type(v, json_type_object) && rule->fields != NULL) {
        fb_audit_members(w, rule->fields, v);
        return;
    }
    text = json_object_to_json_string_length(v, JSON_C_TO_STRING_PLAIN, &n);
    if (n > FB_AUDIT_JSON_MAX) {
        fb_jsonw_string(w, apr_psprintf(w->pool, "(%lu bytes, not kept)",
                                        (unsigned long)n));
        return;
    }
    fb_jsonw_raw(w, text);
}

static void fb_audit_members(fb_jsonw_t *w, const fb_field_rule_t *rules,
                             json_object *body)
{
    const fb_field_rule_t *rule;
    json_object *v;

    fb_jsonw_object(w);
    for (rule = rules; rule->name != NULL; rule++) {
        if (!(rule->flags & FB_FIELD_SECRET)
            && json_object_object_get_ex(body, rule->name, &v)) {
            fb_jsonw_key(w, rule->name);
            fb_audit_value(w, rule, v);
        }
    }
    fb_jsonw_end(w);
}

/* {"method", "path", "fields": the names of the body's members the
 * operation's rules know, "after": their values but the secrets'}. */
static const char *fb_audit_metadata(fb_req_t *fr)
{
    const fb_field_rule_t *rule;
    const char *path = fb_audit_text(fr->pool, fr->r->uri, 1024);
    fb_jsonw_t w;

    fb_jsonw_init(&w, fr->pool, 256);
    fb_jsonw_object(&w);
    fb_jsonw_key(&w, "method");
    fb_jsonw_string(&w, fr->r->method);
    fb_jsonw_key(&w, "path");
    fb_jsonw_string(&w, path);
    fb_jsonw_key(&w, "fields");
    fb_jsonw_array(&w);
    for (rule = fr->op->body; fr->body != NULL && rule != NULL
         && rule->name != NULL; rule++) {
        if (json_object_object_get_ex(fr->body, rule->name, NULL)) {
            fb_jsonw_string(&w, rule->name);
        }
    }
    fb_jsonw_end(&w);
    if (fr->body != NULL && fr->op->body != NULL) {
        fb_jsonw_key(&w, "after");
        fb_audit_members(&w, fr->op->body, fr->body);
    }
    fb_jsonw_end(&w);
    return fb_jsonw_text(&w, NULL);
}

fb_error_t *fb_audit_record(fb_req_t *fr)
{
    const fb_audit_t *a = fr->op != NULL ? fr->op->audit : NULL;
    const char *action, *domain, *admin, *key, *target, *metadata, *agent;
    const char *request;
    json_object *member = NULL;
    int then;
    apr_status_t rv;

    if (a == NULL || fr->audited || fr->principal.org_id[0] == '\0') {
        return NULL;
    }
    then = a->when != NULL && fr->body != NULL
           && json_object_object_get_ex(fr->body, a->when, &member);
    action = then ? a->then_action : a->action;
    domain = then ? a->then_domain : a->domain;
    if (then && a->then_by != NULL) {
        const fb_audit_value_t *v;
        const char *is = json_object_is_type(member, json_type_string)
                         ? json_object_get_string(member) : NULL;

        action = a->action;
        domain = a->domain;
        for (v = a->then_by; is != NULL && v->value != NULL; v++) {
            if (strcmp(v->value, is) == 0) {
                action = v->action;
                domain = a->then_domain;
                break;
            }
        }
    }
    admin = fr->principal.admin_id[0] ? fr->principal.admin_id : NULL;
    key = fr->principal.key_id[0] ? fr->principal.key_id : NULL;
    target = fb_audit_target_id(fr, a);
    metadata = fb_audit_metadata(fr);
    agent = fb_audit_agent(fr);
    request = fb_audit_request_id(fr);
    /* k's columns after the organization, in the order they are named. */
    rv = fb_db_exec(fr->db, fr->pool, &fb_sql_audit_record,
                    fr->principal.org_id,
                    FB_NAMED(audit_record, .action = action,
                             .domain = domain, .admin_id = admin,
                             .key_id = key, .target_type = a->target,
                             .target_id = target, .metadata = metadata,
                             .ip_address = fr->r->useragent_ip,
                             .user_agent = agent, .request_id = request),
                    NULL);
    return rv == APR_SUCCESS ? NULL : fb_req_db_failed(fr);
}

void fb_audit_answer(fb_req_t *fr, const char *json)
{
    const fb_audit_t *a = fr->op != NULL ? fr->op->audit : NULL;

    if (a != NULL && a->from == FB_AUDIT_ANSWER && fr->audit_target == NULL) {
        fr->audit_target = fb_audit_answer_id(fr->pool, json);
    }
}

int fb_audit_routes_check(apr_pool_t *p, const fb_route_t *const *tables,
                          const char **why)
{
    int t, i;

    for (t = 0; tables[t] != NULL; t++) {
        for (i = 0; tables[t][i].method != NULL; i++) {
            const fb_route_t *route = &tables[t][i];
            const fb_op_t *op = route->op;
            int writes = (op->flags & FB_OP_WRITE) != 0;

            if (writes != (op->audit != NULL)
                || (op->audit != NULL
                    && (op->audit->action == NULL
                        || op->audit->domain == NULL
                        || op->audit->target == NULL
                        || (op->audit->when != NULL
                            && ((op->audit->then_action == NULL
                                 && op->audit->then_by == NULL)
                                || op->audit->then_domain == NULL))))) {
                *why = apr_psprintf(p, "%s %s %s", route->method,
                                    route->path,
                                    writes ? "writes without a whole audit "
                                             "entry (fb_op_t .audit)"
                                           : "reads but has an audit entry");
                return 0;
            }
        }
    }
    return 1;
}
