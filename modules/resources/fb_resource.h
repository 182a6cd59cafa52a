/*
 * fb_resource: what the read operations of every resource share.
 *
 * Resources render themselves in SQL (json_build_object), so reading one
 * is a single prepared statement returning the finished JSON; the
 * handlers here only choose the statement, check the id and wrap lists.
 * A resource file declares an fb_resource_t with its statements and
 * routes its GETs to fb_resource_get / fb_resource_list.
 */
#ifndef FB_RESOURCE_H
#define FB_RESOURCE_H

#include "fb_request.h"
#include "fb_version.h"

typedef enum {
    FB_LIST_BARE,       /* a JSON array */
    FB_LIST_ENVELOPE,   /* {object:'list', data, nextCursor:null} */
    FB_LIST_CURSOR      /* the envelope, paginated with keyset cursors */
} fb_list_shape_e;

typedef struct {
    /* (org_id, id) -> one row: the JSON. */
    const char *get;
    fb_error_e not_found;
    fb_list_shape_e shape;
    /*
     * BARE and ENVELOPE: (org_id) -> rows: the JSON.
     * CURSOR: (org_id, limit) -> rows: the JSON, the sort key, the id.
     */
    const char *list;
    /* CURSOR: (org_id, key, id, limit), the rows after (key, id). */
    const char *list_after;
    /* CURSOR: the name cursors of this list carry. */
    const char *cursor_sort;
    /* CURSOR: the sort key is an integer (a timestamp as microseconds). */
    int cursor_key_integer;
} fb_resource_t;

/* A module of the API: its routes and its statements. */
typedef struct {
    const char *name;
    const fb_route_t *routes;
    const fb_statement_t *statements;
} fb_resource_module_t;

/* Query rules of a cursor list without filters. */
extern const fb_query_rule_t fb_resource_page_rules[];

/* GET /things/{id} of the resource in op->data. */
fb_error_t *fb_resource_get(fb_req_t *fr);

/* GET /things of the resource in op->data. */
fb_error_t *fb_resource_list(fb_req_t *fr);

/* Operation descriptors for read-only resources. */
#define FB_OP_READ(handler, version, resource, query) \
    {(handler), 0, (version), FB_PERM_NONE, (query), NULL, (resource)}

#endif
