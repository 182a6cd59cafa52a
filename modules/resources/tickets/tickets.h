/*
 * tickets.h: what the ticket files share: the columns a ticket is written
 * from, rendering one ticket, and the checks that creating and updating
 * one share.
 */
#ifndef TICKETS_H
#define TICKETS_H

#include "body_fields.h"
#include "boards/boards.h"
#include "conversation.h"
#include "fb_resource.h"
#include "fb_write.h"
#include "posts/posts.h"

/* The kind of the category of a row t of tickets. */
#define TICKET_KIND \
    "(SELECT b.category_type FROM ticket_categories b " \
    " WHERE b.org_id = t.org_id AND b.id = t.category_id)"

/*
 * A ticket is written in C (ticket_render.c) from plain columns, with
 * the bytes json_build_object gave when PostgreSQL built it.  The
 * columns, over a row t of tickets and the joins of TICKET_FROM;
 * X(name, sql) gives the enum TICKET_COL_<name> and the select list.
 * The status comes as the cells of POST_STATUS_CELLS, in their order
 * (FB_POST_LOOKUP_*), for the status writer of posts; the portal URL
 * as the organization's (NULL: the default).
 */
#define TICKET_COLUMNS(X) \
    X(ID, "t.id") \
    X(NUMBER, "t.number") \
    X(TITLE, "t.title") \
    X(CONTENT, "t.content") \
    X(CATEGORY_ID, "t.category_id") \
    X(KIND, "b.category_type") \
    X(PORTAL_URL, "o.portal_url") \
    X(CONTACT_ID, "t.author_contact_id") \
    X(ADMIN_ID, "t.author_admin_id") \
    FB_RJ_AUTHOR_COLUMNS(X) \
    X(STATUS, "'s'") \
    X(STATUS_FOUND, "s.id") \
    X(STATUS_NAME, "s.name") \
    X(STATUS_COLOR, "s.color") \
    X(STATUS_TYPE, "s.type") \
    X(STATUS_DEFAULT, "s.is_default") \
    X(CUSTOM_FIELDS, "t.custom_fields") \
    X(COMPANY_ID, "t.company_id") \
    X(ASSIGNEE_ID, "t.assignee_id") \
    X(OPEN, "t.open") \
    X(SNOOZED_UNTIL, "t.snoozed_until AT TIME ZONE 'UTC'") \
    X(CONVERSATION_ID, "t.linked_conversation_id") \
    X(CREATED_AT, "t.created_at AT TIME ZONE 'UTC'") \
    X(UPDATED_AT, "t.updated_at AT TIME ZONE 'UTC'")

#define TICKET_COL_ENUM(name, sql) TICKET_COL_##name,
enum { TICKET_COLUMNS(TICKET_COL_ENUM) TICKET_NCOLS };

#define TICKET_COL_SQL(name, sql) sql ", "
/* The select list of a ticket statement: the columns, then the row's
 * sort key as a list's cursor reads it (column TICKET_NCOLS). */
#define TICKET_SELECT(key) TICKET_COLUMNS(TICKET_COL_SQL) key " AS sort_key"

/* The rows t of tickets, with what the columns read. */
#define TICKET_FROM(rows) \
    rows " t " \
    "JOIN organizations o ON o.id = t.org_id " \
    FB_RJ_AUTHOR_JOINS("t", "c", "a") \
    "LEFT JOIN ticket_categories b " \
    "  ON b.org_id = t.org_id AND b.id = t.category_id " \
    "LEFT JOIN ticket_statuses s " \
    "  ON s.org_id = t.org_id AND s.id = t.status_id "

/* About what a ticket without its parts takes. */
#define FB_TICKET_JSON_SIZE 1024

/*
 * The ticket of row (the columns of TICKET_SELECT) as the API writes it,
 * unsigned (events record it so; answers pass it through
 * fb_ticket_present); with parts (rows of CONVERSATION_PART_SELECT,
 * oldest first), conversationParts too.  NULL (logged) when a column is
 * not in the form the statement gives.
 */
const char *fb_ticket_json_parts(fb_req_t *fr, const char *const *row,
                                 const fb_rows_t *parts);

/* fb_ticket_json_parts() without parts. */
const char *fb_ticket_json(fb_req_t *fr, const char *const *row);

/* How a list's rows of tickets are written: each as fb_ticket_json,
 * presented (fb_ticket_present); the cursor's key follows the columns. */
extern const fb_list_rows_t fb_ticket_rows;

/*
 * The path's {id}: a ticket number (1 or more, in decimal, at most 15
 * digits) in *number, or the 400 invalid_id error.
 */
fb_error_t *fb_ticket_number(fb_req_t *fr, const char **number);

/* A ticket's number as a path gives it: a positive integer of at most
 * 15 digits after any leading zeros; and the path rules of the
 * operations on /tickets/{id}. */
extern const fb_field_format_t fb_format_ticket_number;
extern const fb_path_rule_t fb_ticket_path[];

/*
 * Ticket number as the API renders it (fb_ticket_json_parts: with the
 * messages and notes of its linked conversation when with_parts, [] if
 * it has none) in *json, or NULL when the organization has none.  On the
 * request's connection: inside a write it sees the write.
 */
fb_error_t *fb_ticket_render(fb_req_t *fr, const char *number,
                             int with_parts, const char **json);

/*
 * Locks the conversation linked to ticket number (a customer ticket's
 * only, when customer_only) without locking the ticket: every write that
 * locks both takes the conversation first.  A conversation's delete locks
 * it, then the tickets linked to it (its foreign key unlinks them,
 * sql/024), so a write that held the ticket while it waited for the
 * conversation deadlocked with it.  Nothing to lock (no such ticket, no
 * link, the conversation gone meanwhile) is no error: the caller's own
 * look at the ticket, made after, decides.
 */
fb_error_t *fb_ticket_conversation_first(fb_req_t *fr, const char *number,
                                         int customer_only);

/* fb_ticket_render() without parts as a step of w: a ticket that is not
 * there fails the write. */
void fb_ticket_write_render(fb_write_t *w, const char *number,
                            const char **json);

/* The same, and what a GET of the ticket answers (with its parts) kept
 * as the request's current representation (fb_req_t.current): a PATCH
 * whose last change this render follows tags its answer without a GET
 * of its own. */
void fb_ticket_write_render_current(fb_write_t *w, const char *number,
                                    const char **json);

/* What a create or an update gathers; strings in the request pool, NULL
 * for "not given" (or SQL NULL). */
typedef struct {
    const char *category_id;
    const char *category_fields;    /* the category's field ids */
    const char *status_id;
    const char *contact_id;         /* the author, a contact ... */
    const char *admin_id;           /* ... or an admin */
    const char *assignee_id;
    const char *company_id;
    const char *conversation_id;    /* the linked conversation */
    const char *custom_fields;      /* JSON text */
    const char *html;               /* content, sanitized, images in */
    const char *text;               /* and as plain text */
    struct fb_ticket_files *files;  /* the request's stored files */
} fb_ticket_draft_t;

/* d->status_id: the body's statusId (404 when the organization has no
 * such ticket status), or the default when dflt. */
fb_error_t *fb_ticket_status(fb_req_t *fr, fb_ticket_draft_t *d, int dflt);

/* d->assignee_id and d->company_id: the body's, checked (404 when
 * absent); NULL when not given or null. */
fb_error_t *fb_ticket_people(fb_req_t *fr, fb_ticket_draft_t *d);

/* d->custom_fields: the body's customFields over existing (JSON text),
 * checked against the ticket fields; the category's required fields
 * must have values. */
fb_error_t *fb_ticket_custom_fields(fb_req_t *fr, fb_ticket_draft_t *d,
                                    const char *existing);

#endif
