/*
 * fb_resource: what the read operations of every resource share.
 *
 * Reading a resource is one prepared statement returning plain columns,
 * which the resource's member table (fb_rowjson.h) writes as its JSON;
 * the handlers here only choose the statement, check the id and wrap
 * lists.  A resource file declares an fb_resource_t with its statements
 * and its rows, and routes its GETs to fb_resource_get /
 * fb_resource_list.
 */
#ifndef FB_RESOURCE_H
#define FB_RESOURCE_H

#include "fb_cursor.h"
#include "fb_request.h"
#include "fb_rowjson.h"
#include "fb_version.h"
#include "fb_write.h"

typedef enum {
    FB_LIST_BARE,       /* a JSON array */
    FB_LIST_ENVELOPE,   /* {object:'list', data, nextCursor:null} */
    FB_LIST_CURSOR      /* the envelope, paginated with keyset cursors */
} fb_list_shape_e;

/*
 * The arguments of a cursor list's statements (fb_params.h): the cursor's
 * key and id (NULL on a first page, whose statement binds but does not
 * read them), the list's own (its filters), and the count of the page's
 * LIMIT, last.  The pager fills the cursor's and the limit; the caller
 * names its own: FB_LIST_PARAMS(webhook_list, (status)), and each of the
 * order's statements is FB_SQL_WITH(webhook_list_after, webhook_list,
 * "..."); a list without arguments of its own is FB_LIST_PARAMS(set, ()).
 */
#define FB_LIST_PARAMS(set, names) \
    FB_PARAMS(set, (after_key, after_id FB_LIST_OWN names, limit))
#define FB_LIST_OWN(...) , ##__VA_ARGS__

/* The cursor's arguments, as every FB_LIST_PARAMS set begins. */
typedef struct {
    const char *after_key;
    const char *after_id;
} fb_list_after_t;

/*
 * One order of a cursor list.  Its statements return limit + 1 rows, so
 * that the page knows whether another follows, each with the sort key
 * and the id a cursor carries (fb_list_rows_t), and take the arguments of
 * one FB_LIST_PARAMS set: first the first page, after the pages after a
 * cursor's (key, id).
 */
typedef struct {
    const fb_statement_t *first;
    const fb_statement_t *after;
    const char *cursor_sort;            /* the name its cursors carry */
    int (*key_valid)(const char *key);  /* the form of its sort keys */
    fb_cursor_ids_e ids;                /* ... and of its ids */
} fb_list_order_t;

/*
 * An order as a request names it: a list's orders are a table of these,
 * ending with a NULL sort, searched by name (fb_list_choose) rather than
 * indexed by arithmetic on their position.
 */
typedef struct {
    const char *sort;       /* the sortBy value; NULL ends a table */
    const char *dir;        /* the sortOrder value, or NULL: any */
    fb_list_order_t order;
} fb_list_choice_t;

/* The order of choices named sort and dir; NULL when none is. */
const fb_list_order_t *fb_list_choose(const fb_list_choice_t *choices,
                                      const char *sort, const char *dir);

/*
 * Rows of plain columns and how they are written: each row is an object
 * of members (about json_size bytes), or page writes the JSON array of
 * the first n rows (NULL: a row it could not read, answered 500).  In a
 * cursor list the cursor's key and id are the columns key_col and
 * id_col; prepare, when set, first reads what page needs besides the
 * rows, and its error is the answer.
 */
typedef const char *(*fb_page_fn)(fb_req_t *fr, const fb_rows_t *rows,
                                  int n);

typedef struct {
    const fb_rj_member_t *members;
    apr_size_t json_size;
    int key_col;
    int id_col;
    fb_page_fn page;
    fb_error_t *(*prepare)(fb_req_t *fr, const fb_rows_t *rows);
} fb_list_rows_t;

/* The arguments of a get whose resource has a reader: the id, then what
 * the caller may see (FB_SQL_WITH(name, resource_read, ...)). */
FB_PARAMS(resource_read, (id, reader));

typedef struct {
    /* (org_id, id) -> one row; (id, reader) with a reader. */
    const fb_statement_t *get;
    fb_error_e not_found;
    fb_list_shape_e shape;
    /* BARE and ENVELOPE: (org_id) -> rows. */
    const fb_statement_t *list;
    /* CURSOR: the order of the list. */
    const fb_list_order_t *order;
    /* How a row of get, list or order is written; NULL: its statements
     * give the JSON itself, in column 0 (then a cursor list's key and
     * id follow it). */
    const fb_list_rows_t *rows;
    /* Or NULL: the argument get and list (BARE, ENVELOPE) take after
     * their own, telling what the caller may see (API keys:
     * fb_owner_reader, fb_owner.h). */
    const char *(*reader)(const fb_req_t *fr);
} fb_resource_t;

/* A module of the API: its routes and its statements. */
typedef struct {
    const char *name;
    const fb_route_t *routes;
    const fb_statement_t *const *statements;   /* NULL-terminated */
} fb_resource_module_t;

/* The sortOrder choices of every sorted list. */
extern const char *const fb_sort_orders[];

/* Query rules of a cursor list without filters. */
extern const fb_query_rule_t fb_resource_page_rules[];

/* A boolean as the text a "%s::boolean" placeholder reads. */
const char *fb_bool_text(int b);

/* Sort keys that are integers (timestamps as microseconds, counts). */
int fb_key_integer(const char *key);

/* Sort keys that are float8 values as PostgreSQL writes them (scores). */
int fb_key_float(const char *key);

/* The first column of the first row of st run with (org_id, value),
 * or NULL when there is no row. */
fb_error_t *fb_resource_lookup(fb_req_t *fr, const fb_statement_t *st,
                               const char *value, const char **out);

/*
 * A date bound of a list, the query parameter name (an ISO 8601 date or
 * date-time), as the timestamp text a statement reads, or NULL when not
 * given; 400 invalid_parameter when it is no such time.  A start bound
 * is that instant; an end bound (end non-zero) is inclusive, so the
 * value is the first instant after it: the next day for a plain date
 * (which covers its whole day), the next microsecond for a date-time.
 * Statements compare created_at >= start AND created_at < end.
 */
fb_error_t *fb_resource_time_bound(fb_req_t *fr, const char *name, int end,
                                   const char **out);

/* The path's {id}, normalized, or the 400 invalid_id error; an id whose
 * form the operation's path rule makes other than an object id (the
 * help center's short ids) as it is, the pipeline having checked it. */
fb_error_t *fb_resource_id(fb_req_t *fr, const char **id);

/* The object ids of the list query parameter name (repeated or comma-
 * separated), normalized, as a text array literal; NULL for none.  A
 * value that is not an object id is 400 invalid_parameter. */
fb_error_t *fb_resource_id_filter(fb_req_t *fr, const char *name,
                                  const char **out);

/*
 * The name the cursors of order carry on this request: the order's, and,
 * when the request has any, a digest of its path parameters and query
 * parameters other than cursor and limit, so that a cursor is refused
 * (invalid_cursor) on a list other than the one it was made for.
 */
const char *fb_list_cursor_sort(fb_req_t *fr, const fb_list_order_t *order);

/* The JSON array of the first n rows, written as shape says (NULL: a
 * row it could not write). */
const char *fb_list_rows_page(fb_req_t *fr, const fb_list_rows_t *shape,
                              fb_rows_t *rows, int n);

/*
 * Reads one page of order with the list's own arguments (FB_NAMED of its
 * FB_LIST_PARAMS set, the cursor's and the limit left out; FB_NO_ARGS
 * when it has none), and answers the list envelope of its rows, written
 * as rows says, with its nextCursor.
 */
fb_error_t *fb_list_respond_rows(fb_req_t *fr, const fb_list_order_t *order,
                                 fb_args_t own, const fb_list_rows_t *rows);

/* The first n rows' JSON (column 0) joined with commas inside brackets,
 * copied once (a string grown row by row is copied once per row: 100
 * conversations of a search were 50 MB of copying and a page fault per
 * page). */
const char *fb_resource_array(apr_pool_t *p, const fb_rows_t *rows, int n);

/* The JSON of row i of rows, read by one of res's statements; NULL
 * (logged) when the row is not what the statement should have given. */
const char *fb_resource_json(fb_req_t *fr, const fb_resource_t *res,
                             const fb_rows_t *rows, int i);

/* The answer of a delete: {"id":id,"object":object,"deleted":true},
 * compact, as every delete has answered. */
const char *fb_resource_deleted(apr_pool_t *p, const char *id,
                                const char *object);

/* The arguments of res's get for id: id, then the reader's. */
fb_args_t fb_resource_get_args(fb_req_t *fr, const fb_resource_t *res,
                               const char *id);

/* The JSON of id as res's get reads it now into *json, or its not_found
 * error. */
fb_error_t *fb_resource_render(fb_req_t *fr, const fb_resource_t *res,
                               const char *id, const char **json);

/* The same as a step of w, in its transaction: a write's answer, read
 * before its COMMIT (so that an Idempotency-Key's answer commits with
 * it); a failure fails the write. */
void fb_resource_write_render(fb_write_t *w, const fb_resource_t *res,
                              const char *id, const char **json);

/* Answers status with the JSON of id as res's get reads it now, or its
 * not_found error (a write's answer: the row may be gone since). */
fb_error_t *fb_resource_respond(fb_req_t *fr, const fb_resource_t *res,
                                int status, const char *id);

/* GET /things/{id} of the resource in op->data. */
fb_error_t *fb_resource_get(fb_req_t *fr);

/* GET /things of the resource in op->data. */
fb_error_t *fb_resource_list(fb_req_t *fr);

/* A BARE or ENVELOPE list of res whose list statement takes args after
 * the organization (its filters, read from the query by the caller's
 * handler): every row in one page, as fb_resource_list answers. */
fb_error_t *fb_resource_list_with(fb_req_t *fr, const fb_resource_t *res,
                                  fb_args_t args);

/* The operation descriptor of a read: no body, no permission. */
#define FB_OP_READ(fn, version, resource, query_rules) \
    {.handler = (fn), .min_version = (version), \
     .permission = FB_PERM_NONE, .query = (query_rules), .data = (resource)}

#endif
