/*
 * fb_rowjson: an object of the API written from a row of plain columns,
 * as a table of its members.
 *
 * A resource selects plain columns (no JSON built in PostgreSQL: that
 * costs the database more than finding the rows) and describes its
 * object once, member by member: the key, how the column is written,
 * and which column.  Members that are more than a column (an author, a
 * status, tags) are functions.  The bytes are those json_build_object
 * gave (fb_jsonw.h).
 */
#ifndef FB_ROWJSON_H
#define FB_ROWJSON_H

#include "fb_jsonw.h"
#include "fb_request.h"

/*
 * An author: a contact (when the row names one; null if it is gone), else
 * an admin, else null.  The row holds the author columns of the resource
 * (contact_id, admin_id) and, joined, each person's columns from contact
 * and from admin: id (NULL: not found), name, email (with_email only),
 * profile picture, then the contact's type (an admin's is "admin").
 */
typedef struct {
    int contact_id;
    int admin_id;
    int contact;
    int admin;
    int with_email;
} fb_rj_author_t;

typedef enum {
    FB_RJ_CONST,    /* text: a JSON literal ("\"post\"", "null") */
    FB_RJ_STRING,   /* the column as a string, NULL as null */
    FB_RJ_OPTIONAL, /* the column as a string, the member left out when
                       it is NULL (optional, not nullable, in the API);
                       with fn, fn writes the value when it is not */
    FB_RJ_RAW,      /* the column as JSON text (numbers, jsonb) */
    FB_RJ_BOOL,     /* the column's t / f */
    FB_RJ_TIME,     /* the column's UTC timestamp text, as fb_iso */
    FB_RJ_OBJECT,   /* an object of members over the same row */
    FB_RJ_AUTHOR,   /* the author of the row (fb_rj_author) */
    FB_RJ_FN        /* fn writes the value */
} fb_rj_kind_t;

/* Writes one member's value from row; APR_EGENERAL (logged) when the
 * row is not what the statement should have given. */
typedef apr_status_t (*fb_rj_fn)(fb_req_t *fr, fb_jsonw_t *w,
                                 const char *const *row);

typedef struct fb_rj_member {
    const char *key;            /* NULL ends a table */
    fb_rj_kind_t kind;
    int col;
    const char *text;           /* FB_RJ_CONST */
    fb_rj_fn fn;                /* FB_RJ_FN */
    const struct fb_rj_member *members;     /* FB_RJ_OBJECT */
    const fb_rj_author_t *author;           /* FB_RJ_AUTHOR */
} fb_rj_member_t;

#define FB_RJ_MEMBER(key, kind, col, text, fn) \
    {key, kind, col, text, fn, NULL, NULL}
#define FB_RJ_CONST(key, json) FB_RJ_MEMBER(key, FB_RJ_CONST, 0, json, NULL)
#define FB_RJ_STRING(key, col) FB_RJ_MEMBER(key, FB_RJ_STRING, col, NULL, NULL)
#define FB_RJ_OPTIONAL(key, col) \
    FB_RJ_MEMBER(key, FB_RJ_OPTIONAL, col, NULL, NULL)
#define FB_RJ_OPTIONAL_FN(key, col, fn) \
    FB_RJ_MEMBER(key, FB_RJ_OPTIONAL, col, NULL, fn)
#define FB_RJ_RAW(key, col)    FB_RJ_MEMBER(key, FB_RJ_RAW, col, NULL, NULL)
#define FB_RJ_BOOL(key, col)   FB_RJ_MEMBER(key, FB_RJ_BOOL, col, NULL, NULL)
#define FB_RJ_TIME(key, col)   FB_RJ_MEMBER(key, FB_RJ_TIME, col, NULL, NULL)
#define FB_RJ_FN(key, fn)      FB_RJ_MEMBER(key, FB_RJ_FN, 0, NULL, fn)
#define FB_RJ_OBJECT(key, members) \
    {key, FB_RJ_OBJECT, 0, NULL, NULL, members, NULL}
#define FB_RJ_AUTHOR(key, author) \
    {key, FB_RJ_AUTHOR, 0, NULL, NULL, NULL, author}
#define FB_RJ_END              FB_RJ_MEMBER(NULL, FB_RJ_CONST, 0, NULL, NULL)

/* The members (ending in FB_RJ_END) over row, written into the object
 * open in w: for an object with members of its own after them. */
apr_status_t fb_rj_members(fb_req_t *fr, fb_jsonw_t *w,
                           const fb_rj_member_t *members,
                           const char *const *row);

/* The object of members (ending in FB_RJ_END) over row, written to w. */
apr_status_t fb_rj_object(fb_req_t *fr, fb_jsonw_t *w,
                          const fb_rj_member_t *members,
                          const char *const *row);

/* The object of members over row as a string of the request's pool,
 * its buffer sized first at size; NULL (logged) as fb_rj_object fails. */
const char *fb_rj_json(fb_req_t *fr, const fb_rj_member_t *members,
                       const char *const *row, apr_size_t size);

/* The JSON array of the objects of the first n rows, each of members
 * (about size bytes each): a list's page; NULL as fb_rj_json. */
const char *fb_rj_page(fb_req_t *fr, const fb_rj_member_t *members,
                       const fb_rows_t *rows, int n, apr_size_t size);

/* The row's UTC timestamp at col, or null; APR_EGENERAL (logged) when
 * it is not in the form fb_jsonw_pg_time reads. */
apr_status_t fb_rj_time(fb_req_t *fr, fb_jsonw_t *w, const char *ts);

/* The PostgreSQL array of strings text (a text[] column, or "ARRAY(SELECT
 * ...)") as json_agg wrote them: ["a", "b"], or with compact as to_json
 * wrote them: ["a","b"]; [] when empty, null for NULL; APR_EGENERAL
 * (logged) when it is not an array. */
apr_status_t fb_rj_strings(fb_req_t *fr, fb_jsonw_t *w, const char *text,
                           int compact);

void fb_rj_author(fb_jsonw_t *w, const fb_rj_author_t *a,
                  const char *const *row);

/* The joins that give an author's columns to fb_rj_author: the contact
 * as contact and the admin as admin, of the row row (aliases, strings)
 * with author_contact_id and author_admin_id. */
#define FB_RJ_AUTHOR_JOINS(row, contact, admin) \
    "LEFT JOIN contacts " contact " ON " contact ".org_id = " row \
    ".org_id AND " contact ".id = " row ".author_contact_id " \
    "LEFT JOIN admins " admin " ON " admin ".org_id = " row ".org_id " \
    "AND " admin ".id = " row ".author_admin_id "

/* The columns fb_rj_author reads over FB_RJ_AUTHOR_JOINS(row, "c", "a"),
 * as a resource's X-macro column list takes them: X(name, sql) for the
 * contact's id (NULL: not found), name, email, picture and type, then
 * the admin's id, name, email and picture. */
#define FB_RJ_AUTHOR_COLUMNS(X) \
    X(CONTACT_FOUND, "c.id") \
    X(CONTACT_NAME, "c.name") \
    X(CONTACT_EMAIL, "c.email") \
    X(CONTACT_PICTURE, "c.profile_picture") \
    X(CONTACT_TYPE, "c.type") \
    X(ADMIN_FOUND, "a.id") \
    X(ADMIN_NAME, "a.name") \
    X(ADMIN_EMAIL, "a.email") \
    X(ADMIN_PICTURE, "a.profile_picture")

#endif
