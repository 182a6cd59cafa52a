/*
 * fb_operator: organizations, admins and keys over HTTP for operators.
 */
#include <string.h>

#include "httpd.h"
#include "http_log.h"
#include "http_protocol.h"
#include "apr_strings.h"

#include <json-c/json.h>

#include "fb_dbd.h"
#include "fb_error.h"
#include "fb_json.h"
#include "fb_log.h"
#include "fb_operator.h"
#include "fb_response.h"
#include "fb_utf8.h"
#include "fb_validate.h"

extern module AP_MODULE_DECLARE_DATA feedback_module;

/* A body larger than this is refused: the calls take a few fields. */
#define FB_OP_MAX_BODY 16384
#define FB_OP_MAX_TEXT 200

/* Organizations are made and listed across organizations: this is the
 * operator's view of the whole database. */
/* Each change records its audit log entry in its statement (sql/034's
 * fb_op_* functions): the operator (operator:USER) and the address. */
FB_SQL_GLOBAL_NAMED(op_org_create,
                    (name, owner_email, owner_name, operator, address),
    "SELECT o.org_id, o.admin_id, o.api_key "
    "FROM (SELECT %s::text AS name, %s::text AS owner_email, "
    "  %s::text AS owner_name, %s::text AS operator, "
    "  %s::text AS address) k, "
    "  fb_op_org_create(k.name, k.owner_email, k.owner_name, k.operator, "
    "                   k.address) o");
FB_SQL_GLOBAL(op_org_list, 0,
    "SELECT id, name, fb_iso(created_at) FROM organizations "
    "ORDER BY created_at, id");
/* A key revoked by its id or itself, whatever its organization. */
FB_SQL_GLOBAL_NAMED(op_key_revoke, (key, operator, address),
    "SELECT fb_op_key_revoke(k.key, k.operator, k.address) "
    "FROM (SELECT %s::text AS key, %s::text AS operator, "
    "  %s::text AS address) k");
FB_SQL(op_org_get, 0, "SELECT id FROM organizations WHERE id = %s");
FB_SQL(op_admin_taken, 1,
    "SELECT id FROM admins WHERE org_id = %s AND lower(email) = lower(%s)");
FB_SQL_NAMED(op_admin_create, (name, email, role, operator, address),
    "SELECT fb_op_admin_create(k.org_id, k.name, k.email, k.role, "
    "  k.operator, k.address) "
    "FROM (SELECT %s::text AS org_id, %s::text AS name, "
    "  %s::text AS email, %s::text AS role, %s::text AS operator, "
    "  %s::text AS address) k");
FB_SQL_NAMED(op_key_create, (admin_id, operator, address),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS admin_id, "
    "  %s::text AS operator, %s::text AS address) "
    "SELECT fb_op_key_create(a.org_id, a.id, k.operator, k.address), a.id "
    "FROM admins a, k WHERE a.org_id = k.org_id AND a.id = k.admin_id");
FB_SQL_NAMED(op_key_create_owner, (operator, address),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS operator, "
    "  %s::text AS address) "
    "SELECT fb_op_key_create(a.org_id, a.id, k.operator, k.address), a.id "
    "FROM k, LATERAL ("
    "  SELECT a.org_id, a.id FROM admins a JOIN roles r "
    "    ON r.org_id = a.org_id AND r.id = a.role_id "
    "  WHERE a.org_id = k.org_id AND r.builtin = 'owner' "
    "  ORDER BY a.created_at, a.id LIMIT 1) a");
FB_SQL(op_key_list, 0,
    "SELECT id, prefix, admin_id, fb_iso(created_at), fb_iso(revoked_at) "
    "FROM api_keys WHERE org_id = %s ORDER BY created_at, id");

const fb_statement_t *const fb_operator_statements[] = {
    &fb_sql_op_org_create, &fb_sql_op_org_list, &fb_sql_op_key_revoke,
    &fb_sql_op_org_get, &fb_sql_op_admin_taken, &fb_sql_op_admin_create,
    &fb_sql_op_key_create, &fb_sql_op_key_create_owner,
    &fb_sql_op_key_list, NULL
};

/* One call in progress. */
typedef struct {
    request_rec *r;
    fb_db_t *db;
    const char *org;        /* the {id} of the path, or NULL */
    const char *id;         /* the {keyId} of the path, or NULL */
    json_object *body;      /* the JSON object sent, or NULL */
    int body_read;          /* the body was read to its end */
    int status;             /* of the answer */
    json_object *out;       /* the answer */
} fb_op_call_t;

typedef fb_error_t *fb_op_fn(fb_op_call_t *c);

static fb_error_t *fb_op_err(fb_op_call_t *c, fb_error_e kind,
                             const char *param, const char *message)
{
    return fb_error_make(c->r->pool, kind, param, message);
}

/* Rows of st for org (NULL: global), or the database's error. */
static fb_error_t *fb_op_select(fb_op_call_t *c, const fb_statement_t *st,
                                const char *org, fb_args_t args,
                                fb_rows_t *rows)
{
    if (fb_db_select(c->db, c->r->pool, st, org, args, rows)
        == APR_SUCCESS) {
        return NULL;
    }
    ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, c->r, FBLOGNO(00454)
                  "operator: database error: %s",
                  c->db->error ? c->db->error : "");
    return fb_op_err(c, fb_db_lost(c->db) ? FB_E_SERVICE_UNAVAILABLE
                                          : FB_E_DATABASE, NULL, NULL);
}

/* The string field name of the body: present, 1 to FB_OP_MAX_TEXT
 * characters (NULL and no error when optional and absent). */
static fb_error_t *fb_op_text(fb_op_call_t *c, const char *name,
                              int required, const char **out)
{
    json_object *v = NULL;

    *out = NULL;
    if (!json_object_object_get_ex(c->body, name, &v) || v == NULL) {
        return required ? fb_op_err(c, FB_E_MISSING_PARAMETER, name,
                                    apr_psprintf(c->r->pool, "'%s' is "
                                                 "required.", name))
                        : NULL;
    }
    *out = json_object_is_type(v, json_type_string)
         ? json_object_get_string(v) : NULL;
    if (*out == NULL || **out == '\0' || strlen(*out) > FB_OP_MAX_TEXT) {
        return fb_op_err(c, FB_E_INVALID_PARAMETER, name,
                         apr_psprintf(c->r->pool, "'%s' must be a string "
                                      "of 1 to %d characters.", name,
                                      FB_OP_MAX_TEXT));
    }
    return NULL;
}

static fb_error_t *fb_op_email(fb_op_call_t *c, const char *name,
                               const char **out)
{
    fb_error_t *err = fb_op_text(c, name, 1, out);

    if (err == NULL && !fb_email_valid(*out)) {
        err = fb_op_err(c, FB_E_INVALID_PARAMETER, name, apr_psprintf(
                        c->r->pool, "'%s' must be an email address.", name));
    }
    return err;
}

/* The operator as the audit log names them: the user httpd
 * authenticated, when it is UTF-8 text of at most 200 bytes. */
static const char *fb_op_who(fb_op_call_t *c)
{
    const char *user = c->r->user;

    if (strlen(user) > 200 || !fb_utf8_valid(user, strlen(user))) {
        user = "(a user name that is not UTF-8 text)";
    }
    return apr_pstrcat(c->r->pool, "operator:", user, NULL);
}

/* Says who changed what, for the error log. */
static void fb_op_audit(fb_op_call_t *c, const char *what, const char *id)
{
    ap_log_rerror(APLOG_MARK, APLOG_NOTICE, 0, c->r, FBLOGNO(00453)
                  "operator %s: %s %s", c->r->user, what, id);
}

static fb_error_t *fb_op_org_list(fb_op_call_t *c)
{
    fb_rows_t rows;
    json_object *data = json_object_new_array();
    fb_error_t *err;
    int i;

    c->out = json_object_new_object();
    json_object_object_add(c->out, "object", json_object_new_string("list"));
    json_object_object_add(c->out, "data", data);
    if ((err = fb_op_select(c, &fb_sql_op_org_list, NULL, FB_NO_ARGS,
                            &rows)) != NULL) {
        return err;
    }
    for (i = 0; i < rows.nrows; i++) {
        json_object *o = json_object_new_object();

        json_object_object_add(o, "object",
                               json_object_new_string("organization"));
        json_object_object_add(o, "id", json_object_new_string(
                                   fb_rows_get(&rows, i, 0)));
        json_object_object_add(o, "name", json_object_new_string(
                                   fb_rows_get(&rows, i, 1)));
        json_object_object_add(o, "createdAt", json_object_new_string(
                                   fb_rows_get(&rows, i, 2)));
        json_object_array_add(data, o);
    }
    return NULL;
}

static fb_error_t *fb_op_org_create(fb_op_call_t *c)
{
    const char *name, *email, *owner;
    fb_error_t *err;
    fb_rows_t rows;

    if ((err = fb_op_text(c, "name", 1, &name)) != NULL
        || (err = fb_op_email(c, "ownerEmail", &email)) != NULL
        || (err = fb_op_text(c, "ownerName", 0, &owner)) != NULL) {
        return err;
    }
    if (owner == NULL) {
        owner = apr_pstrcat(c->r->pool, name, " Owner", NULL);
    }
    if ((err = fb_op_select(c, &fb_sql_op_org_create, NULL,
                            FB_NAMED(op_org_create, .name = name,
                                     .owner_email = email,
                                     .owner_name = owner,
                                     .operator = fb_op_who(c),
                                     .address = c->r->useragent_ip),
                            &rows)) != NULL) {
        return err;
    }
    c->status = HTTP_CREATED;
    c->out = json_object_new_object();
    json_object_object_add(c->out, "object",
                           json_object_new_string("organization"));
    json_object_object_add(c->out, "id", json_object_new_string(
                               fb_rows_get(&rows, 0, 0)));
    json_object_object_add(c->out, "name", json_object_new_string(name));
    json_object_object_add(c->out, "ownerId", json_object_new_string(
                               fb_rows_get(&rows, 0, 1)));
    json_object_object_add(c->out, "apiKey", json_object_new_string(
                               fb_rows_get(&rows, 0, 2)));
    fb_op_audit(c, "created organization", fb_rows_get(&rows, 0, 0));
    return NULL;
}

/* 404 unless the path's organization exists. */
static fb_error_t *fb_op_org_found(fb_op_call_t *c)
{
    fb_rows_t rows;
    fb_error_t *err = fb_op_select(c, &fb_sql_op_org_get, c->org,
                                   FB_NO_ARGS, &rows);

    if (err == NULL && rows.nrows == 0) {
        err = fb_op_err(c, FB_E_RESOURCE_NOT_FOUND, NULL,
                        "Organization not found.");
    }
    return err;
}

static fb_error_t *fb_op_admin_create(fb_op_call_t *c)
{
    static const char *const roles[] = {"owner", "member", "viewer", NULL};
    const char *name, *email, *role;
    fb_error_t *err;
    fb_rows_t rows;
    int i;

    if ((err = fb_op_text(c, "name", 1, &name)) != NULL
        || (err = fb_op_email(c, "email", &email)) != NULL
        || (err = fb_op_text(c, "role", 1, &role)) != NULL) {
        return err;
    }
    for (i = 0; roles[i] != NULL && strcmp(roles[i], role) != 0; i++) {
    }
    if (roles[i] == NULL) {
        return fb_op_err(c, FB_E_INVALID_PARAMETER, "role",
                         "'role' must be owner, member or viewer.");
    }
    if ((err = fb_op_org_found(c)) != NULL
        || (err = fb_op_select(c, &fb_sql_op_admin_taken, c->org,
                               FB_ARGS(email), &rows)) != NULL) {
        return err;
    }
    if (rows.nrows > 0) {
        return fb_op_err(c, FB_E_INVALID_PARAMETER, "email",
                         "An admin of the organization has this email.");
    }
    if ((err = fb_op_select(c, &fb_sql_op_admin_create, c->org,
                            FB_NAMED(op_admin_create, .name = name,
                                     .email = email, .role = role,
                                     .operator = fb_op_who(c),
                                     .address = c->r->useragent_ip),
                            &rows)) != NULL) {
        return err;
    }
    c->status = HTTP_CREATED;
    c->out = json_object_new_object();
    json_object_object_add(c->out, "object", json_object_new_string("admin"));
    json_object_object_add(c->out, "id", json_object_new_string(
                               fb_rows_get(&rows, 0, 0)));
    json_object_object_add(c->out, "organizationId",
                           json_object_new_string(c->org));
    json_object_object_add(c->out, "name", json_object_new_string(name));
    json_object_object_add(c->out, "email", json_object_new_string(email));
    json_object_object_add(c->out, "role", json_object_new_string(role));
    fb_op_audit(c, "created admin", fb_rows_get(&rows, 0, 0));
    return NULL;
}

static fb_error_t *fb_op_key_create(fb_op_call_t *c)
{
    const char *admin;
    fb_error_t *err;
    fb_rows_t rows;

    if ((err = fb_op_text(c, "adminId", 0, &admin)) != NULL
        || (err = fb_op_org_found(c)) != NULL
        || (err = admin != NULL
                ? fb_op_select(c, &fb_sql_op_key_create, c->org,
                               FB_NAMED(op_key_create, .admin_id = admin,
                                        .operator = fb_op_who(c),
                                        .address = c->r->useragent_ip),
                               &rows)
                : fb_op_select(c, &fb_sql_op_key_create_owner, c->org,
                               FB_NAMED(op_key_create_owner,
                                        .operator = fb_op_who(c),
                                        .address = c->r->useragent_ip),
                               &rows)) != NULL) {
        return err;
    }
    if (rows.nrows == 0) {
        return fb_op_err(c, FB_E_ADMIN_NOT_FOUND, "adminId", NULL);
    }
    c->status = HTTP_CREATED;
    c->out = json_object_new_object();
    json_object_object_add(c->out, "object",
                           json_object_new_string("api_key"));
    json_object_object_add(c->out, "key", json_object_new_string(
                               fb_rows_get(&rows, 0, 0)));
    json_object_object_add(c->out, "adminId", json_object_new_string(
                               fb_rows_get(&rows, 0, 1)));
    fb_op_audit(c, "created a key of admin", fb_rows_get(&rows, 0, 1));
    return NULL;
}

static fb_error_t *fb_op_key_list(fb_op_call_t *c)
{
    static const char *const names[] = {
        "id", "prefix", "adminId", "createdAt", "revokedAt"
    };
    json_object *data = json_object_new_array();
    fb_error_t *err;
    fb_rows_t rows;
    int i, j;

    if ((err = fb_op_org_found(c)) != NULL
        || (err = fb_op_select(c, &fb_sql_op_key_list, c->org, FB_NO_ARGS,
                               &rows)) != NULL) {
        return err;
    }
    c->out = json_object_new_object();
    json_object_object_add(c->out, "object", json_object_new_string("list"));
    json_object_object_add(c->out, "data", data);
    for (i = 0; i < rows.nrows; i++) {
        json_object *k = json_object_new_object();

        json_object_object_add(k, "object",
                               json_object_new_string("api_key"));
        for (j = 0; j < 5; j++) {
            const char *v = fb_rows_get(&rows, i, j);

            json_object_object_add(k, names[j],
                                   v ? json_object_new_string(v) : NULL);
        }
        json_object_array_add(data, k);
    }
    return NULL;
}

static fb_error_t *fb_op_key_revoke(fb_op_call_t *c)
{
    fb_rows_t rows;
    fb_error_t *err = fb_op_select(c, &fb_sql_op_key_revoke, NULL,
                                   FB_NAMED(op_key_revoke, .key = c->id,
                                            .operator = fb_op_who(c),
                                            .address = c->r->useragent_ip),
                                   &rows);

    if (err != NULL) {
        return err;
    }
    if (strcmp(fb_rows_get(&rows, 0, 0), "1") != 0) {
        return fb_op_err(c, FB_E_RESOURCE_NOT_FOUND, NULL,
                         "No such active key.");
    }
    c->out = json_object_new_object();
    json_object_object_add(c->out, "object",
                           json_object_new_string("api_key"));
    json_object_object_add(c->out, "revoked", json_object_new_boolean(1));
    fb_op_audit(c, "revoked key", c->id);
    return NULL;
}

/* The calls, by the last segments of the path ("*" is an id) and the
 * method.  The prefix is whatever <Location> the operator chose. */
static const struct {
    const char *method;
    const char *tail[3];
    int body;
    fb_op_fn *fn;
} fb_op_calls[] = {
    {"GET", {"organizations", NULL, NULL}, 0, fb_op_org_list},
    {"POST", {"organizations", NULL, NULL}, 1, fb_op_org_create},
    {"POST", {"organizations", "*", "admins"}, 1, fb_op_admin_create},
    {"POST", {"organizations", "*", "keys"}, 1, fb_op_key_create},
    {"GET", {"organizations", "*", "keys"}, 0, fb_op_key_list},
    {"DELETE", {"keys", "*", NULL}, 0, fb_op_key_revoke},
    {NULL, {NULL, NULL, NULL}, 0, NULL}
};

/* Whether the path's last segments (seg[0..n-1]) are call i's, setting
 * the ids found. */
static int fb_op_match(fb_op_call_t *c, int i, char **seg, int n)
{
    int len = 0, k;

    while (len < 3 && fb_op_calls[i].tail[len] != NULL) {
        len++;
    }
    if (n < len) {
        return 0;
    }
    for (k = 0; k < len; k++) {
        const char *want = fb_op_calls[i].tail[k], *got = seg[n - len + k];

        if (strcmp(want, "*") == 0 ? *got == '\0'
                                   : strcmp(want, got) != 0) {
            return 0;
        }
        if (strcmp(want, "*") == 0) {
            *(k == 1 && len == 3 ? &c->org : &c->id) = got;
        }
    }
    return 1;
}

/* Reads the body as a JSON object (an empty body is an empty object). */
static fb_error_t *fb_op_body(fb_op_call_t *c)
{
    request_rec *r = c->r;
    char *buf = apr_palloc(r->pool, FB_OP_MAX_BODY + 1);
    apr_size_t len = 0;
    const char *why = NULL;
    long got;

    if (ap_setup_client_block(r, REQUEST_CHUNKED_DECHUNK) != OK) {
        return fb_op_err(c, FB_E_INVALID_REQUEST, NULL, NULL);
    }
    if (ap_should_client_block(r)) {
        while ((got = ap_get_client_block(r, buf + len,
                                          FB_OP_MAX_BODY + 1 - len)) > 0) {
            len += (apr_size_t)got;
            if (len > FB_OP_MAX_BODY) {
                return fb_op_err(c, FB_E_PAYLOAD_TOO_LARGE, NULL, NULL);
            }
        }
        if (got < 0) {
            return fb_op_err(c, FB_E_INVALID_REQUEST, NULL, NULL);
        }
    }
    c->body_read = 1;
    if (len == 0) {
        c->body = fb_json_owned(r->pool, json_object_new_object());
        return NULL;
    }
    if (fb_json_parse(r->pool, buf, len, &c->body, &why) != APR_SUCCESS) {
        return fb_op_err(c, FB_E_INVALID_REQUEST, NULL, why);
    }
    if (!json_object_is_type(c->body, json_type_object)) {
        return fb_op_err(c, FB_E_INVALID_REQUEST, NULL,
                         "The body must be a JSON object.");
    }
    return NULL;
}

/* Finds and runs the call of r; the error to answer, or NULL. */
static fb_error_t *fb_op_run(fb_op_call_t *c)
{
    request_rec *r = c->r;
    char *path = apr_pstrdup(r->pool, r->uri), *last;
    char *seg[64];
    int n = 0, i, path_known = 0;
    apr_status_t why;
    fb_error_t *err;

    for (char *s = apr_strtok(path, "/", &last); s != NULL && n < 64;
         s = apr_strtok(NULL, "/", &last)) {
        seg[n++] = s;
    }
    for (i = 0; fb_op_calls[i].fn != NULL; i++) {
        if (!fb_op_match(c, i, seg, n)) {
            continue;
        }
        path_known = 1;
        if (strcmp(fb_op_calls[i].method, r->method) == 0) {
            break;
        }
    }
    if (fb_op_calls[i].fn == NULL) {
        return fb_op_err(c, path_known ? FB_E_METHOD_NOT_ALLOWED
                                       : FB_E_ROUTE_NOT_FOUND, NULL, NULL);
    }
    if (fb_op_calls[i].body && (err = fb_op_body(c)) != NULL) {
        return err;
    }
    /* No connection is held while the body is read. */
    if ((c->db = fb_dbd_checkout(r->pool, r->server, &why)) == NULL) {
        return fb_op_err(c, FB_E_SERVICE_UNAVAILABLE, NULL, NULL);
    }
    err = fb_op_calls[i].fn(c);
    fb_dbd_checkin(c->db, r->pool);
    return err;
}

int fb_operator_handler(request_rec *r)
{
    fb_op_call_t c = {.r = r, .status = HTTP_OK};
    fb_error_t *err;

    if (r->handler == NULL || strcmp(r->handler, "feedback-operator") != 0) {
        return DECLINED;
    }
    /* Only behind httpd's authentication: a <Location> left open (or
     * guarded by address alone) serves nothing. */
    if (r->user == NULL) {
        err = fb_error_make(r->pool, FB_E_FORBIDDEN, NULL,
                            "The operator surface needs a user "
                            "authenticated by httpd (AuthType and Require "
                            "in its <Location>).");
    }
    else {
        err = fb_op_run(&c);
    }
    if (c.out != NULL) {
        fb_json_owned(r->pool, c.out);
    }
    if (err != NULL) {
        /* As the API's handler does: a body refused before its end is not
         * read further (fb_handler.c). */
        if (!c.body_read && ap_request_has_body(r)) {
            r->connection->keepalive = AP_CONN_CLOSE;
        }
        fb_response_error(r, err, NULL);
    }
    else {
        fb_response_write(r, c.status, fb_json_text(r->pool, c.out));
    }
    return OK;
}
