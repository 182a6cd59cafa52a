/*
 * fb_request: one API request as handlers see it.
 *
 * The pipeline (fb_handler.c) matches the route, authenticates, settles
 * the version, checks permissions, the query and the body, and only then
 * calls the operation's handler with a ready fb_req_t.  A handler either
 * writes a response (fb_respond) and returns NULL, or returns an error
 * for the pipeline to render.
 */
#ifndef FB_REQUEST_H
#define FB_REQUEST_H

#include "httpd.h"

#include <json.h>

#include "fb_config.h"
#include "fb_db.h"
#include "fb_error.h"
#include "fb_keycache.h"
#include "fb_query.h"
#include "fb_route.h"
#include "fb_validate.h"

typedef struct fb_req fb_req_t;
struct fb_idem;
struct fb_audit;

typedef fb_error_t *(*fb_handler_fn)(fb_req_t *fr);

/* Operation flags. */
#define FB_OP_BODY    0x01  /* takes a JSON body */
#define FB_OP_WRITE   0x02  /* changes data: refused to the Viewer role */
#define FB_OP_MEMBER  0x04  /* needs member-level access or higher */
#define FB_OP_OWNER   0x08  /* needs the Owner role */
#define FB_OP_PUBLIC  0x10  /* served without an API key (signed links,
                             * signed file URLs): no principal, the body
                             * is discarded, the handler checks the
                             * credentials the request carries */
#define FB_OP_UPLOAD  0x20  /* with FB_OP_BODY: takes a multipart/form-data
                             * body too; data is then its fb_upload_t
                             * (fb_upload.h) */
#define FB_OP_SECRET  0x40  /* its answer shows a secret once (a new API
                             * key): never kept for an Idempotency-Key
                             * replay, so the header is ignored */

#define FB_PERM_NONE (-1)

/*
 * The form of a path parameter, the template's {name}: format, or NULL
 * for any text.  The pipeline refuses a value without it (400
 * invalid_id naming the parameter, before the query and body are read)
 * and the served description shows it (fb_openapi.c), so an operation's
 * path rules are where the form of its ids lives.  A parameter that an
 * operation's rules do not name has the form fb_op_path_format() gives
 * it by its name: an object id, but for the few names that are a
 * client's own ids (userId, companyId) or a stored file's key.
 */
typedef struct {
    const char *name;
    const fb_field_format_t *format;
} fb_path_rule_t;

/* What a route runs: the handler and the rules the pipeline applies. */
typedef struct {
    fb_handler_fn handler;
    unsigned flags;
    int min_version;                /* fb_version_e */
    int permission;                 /* fb_perm_e, or FB_PERM_NONE */
    const fb_query_rule_t *query;   /* NULL: no query parameters */
    const fb_field_rule_t *body;    /* with FB_OP_BODY */
    const void *data;               /* the handler's own descriptor */
    const struct fb_audit *audit;   /* with FB_OP_WRITE: its audit log
                                     * entry (fb_audit.h) */
    const fb_path_rule_t *path;     /* NULL-name-terminated, or NULL:
                                     * see fb_path_rule_t */
} fb_op_t;

/* The form of op's path parameter name (fb_path_rule_t); NULL: any
 * text. */
const fb_field_format_t *fb_op_path_format(const fb_op_t *op,
                                           const char *name);

struct fb_req {
    request_rec *r;
    apr_pool_t *pool;
    const fb_server_conf_t *conf;
    const fb_op_t *op;
    apr_table_t *path_params;
    fb_query_t query;
    json_object *body;              /* with FB_OP_BODY: an object */
    int body_read;                  /* the request body was read to its
                                     * end (taken or discarded): the
                                     * connection may carry another */
    fb_principal_t principal;       /* who the API key speaks for */
    unsigned char key_hash[FB_SHA256_LEN];  /* SHA-256 of the API key */
    int version;                    /* the version being served */
    fb_db_t *db;                    /* see fb_req_db() */
    apr_status_t db_why;            /* why the last checkout failed */
    int db_guarded;                 /* the end-of-request check-in is
                                     * registered */
    struct fb_idem *idem;           /* its Idempotency-Key record, or NULL
                                     * (fb_idempotency.h) */
    const char *if_match;           /* PATCH, DELETE: the If-Match field,
                                     * checked when the write begins
                                     * (fb_precondition.h), then NULL */
    const char **capture;           /* non-NULL: fb_respond() stores the
                                     * JSON there and answers nothing */
    int is_list;                    /* a list page: no ETag */
    const char *etag;               /* PATCH: the entity tag of its path's
                                     * GET as the write left it (set by
                                     * fb_req_end before the commit), or
                                     * NULL */
    const char *current;            /* PATCH: what a GET of its path
                                     * answers, when its handler rendered
                                     * it after its last change (else
                                     * fb_req_end runs the GET) */
    int expensive;                  /* fb_req_expensive() was called */
    void *db_share;                 /* its share of the database while it
                                     * holds db (fb_shares_database) */
    const char *audit_target;       /* the id a create made, for its
                                     * audit entry (fb_write_target) */
    const char *request_id;         /* fb_audit_request_id() */
    int audited;                    /* its audit entry was committed */
    int reads_replica;              /* a read operation's statements may
                                     * go to the read replica
                                     * (fb_req_select, fb_replica.h) */
    int db_replica;                 /* db is the replica's */
    int replica_failed;             /* a statement failed there: the rest
                                     * runs on the primary */
    int db_wrote;                   /* a write may have committed on db:
                                     * its position is recorded for the
                                     * key's reads when db goes back */
};

/* A captured path parameter. */
const char *fb_req_param(const fb_req_t *fr, const char *name);

/*
 * The request's database connection, checked out on first use and held
 * only while statements run: the pipeline gives it back after the key
 * lookup, before the body is read, and before the response is written;
 * fb_file_* give it back around downloads.  NULL when none can be had
 * (fb_req_db_failed() then answers 503).
 */
fb_db_t *fb_req_db(fb_req_t *fr);

/*
 * Marks fr as expensive work (a full-text or filtered search, and what
 * comes later of the kind: reports, exports), before its first
 * statement.  Its organization may run FeedbackExpensivePerOrganization
 * of them at once on the node (one more waits up to
 * FeedbackExpensiveQueue for one of them to finish, then 429), its
 * connection comes through the bulkhead, and its statements are
 * cancelled after FeedbackExpensiveTimeout (400 query_too_expensive:
 * fb_req_db_failed).
 */
fb_error_t *fb_req_expensive(fb_req_t *fr);

/* Gives the connection back now, unless a transaction is open on it. */
void fb_req_db_release(fb_req_t *fr);

/* Logs the database failure behind a call and returns its error: 503
 * service_unavailable when no connection could be had or it was lost,
 * else 500 (which never carries SQL text). */
fb_error_t *fb_req_db_failed(fb_req_t *fr);

/*
 * Runs the select st for the request's organization (an FB_SQL statement
 * gets the principal's organization as its first argument; an
 * FB_SQL_GLOBAL one gets none) on the request's connection; the 500 or
 * 503 error on failure (logged).  A read operation's select outside a
 * transaction may run on the read replica (fb_replica.h); if it fails
 * there it runs again on the primary.
 */
fb_error_t *fb_req_select(fb_req_t *fr, const fb_statement_t *st,
                          fb_args_t args, fb_rows_t *rows);

/* Runs st, which returns no rows, as fb_req_select() does; *affected may
 * be NULL. */
fb_error_t *fb_req_exec(fb_req_t *fr, const fb_statement_t *st,
                        fb_args_t args, int *affected);

/* Starts the transaction a write runs in; a PATCH or DELETE with
 * If-Match has its condition checked in it first (412 when it fails). */
fb_error_t *fb_req_begin(fb_req_t *fr);

/*
 * Ends the transaction begun by fb_req_begin(): commits when err is NULL
 * and every statement in it succeeded, else rolls back.  Returns err, or
 * the database error when the commit did not happen.  A request with an
 * Idempotency-Key commits its key's record in the same transaction, and
 * an audited write its audit log entry (fb_audit.h).
 */
fb_error_t *fb_req_end(fb_req_t *fr, fb_error_t *err);

/* The default portal URL of the request's organization
 * (fb_portal_default(), portal.h). */
const char *fb_req_portal_default(const fb_req_t *fr);

/* Writes a JSON response (after storing it for the Idempotency-Key and
 * giving the database connection back). */
void fb_respond(fb_req_t *fr, int status, const char *json);

/* Writes an HTML page (for people following a link from an email). */
void fb_respond_html(fb_req_t *fr, int status, const char *html);

#endif
