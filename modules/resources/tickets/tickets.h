/*
 * tickets.h: what the ticket files share: the JSON of a ticket as SQL,
 * rendering one ticket, and the checks that creating
 * and updating one share.
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
 * The members of a ticket over a row t of tickets, its one argument the
 * default portal URL.  The linked conversation's role is the kind of
 * the ticket's category; its parts are only in TICKET_ONE_JSON.
 */
#define TICKET_MEMBERS \
    "'object', 'ticket', 'id', t.id, 'ticketNumber', t.number, " \
    "'title', t.title, 'content', t.content, " \
    "'ticketCategoryId', t.category_id, 'categoryType', " TICKET_KIND ", " \
    "'ticketUrl', COALESCE((SELECT o.portal_url FROM organizations o " \
    "                       WHERE o.id = t.org_id), %s) " \
    "             || '/tickets/' || t.number, " \
    "'author', " AUTHOR_JSON_OF("t") ", " \
    "'status', (SELECT " POST_STATUS_JSON " FROM ticket_statuses s " \
    "           WHERE s.org_id = t.org_id AND s.id = t.status_id), " \
    "'customFields', t.custom_fields, 'companyId', t.company_id, " \
    "'assigneeId', t.assignee_id, 'teamAssigneeId', NULL::text, " \
    "'open', t.open, 'snoozedUntil', fb_iso(t.snoozed_until), " \
    "'linkedConversations', CASE WHEN t.linked_conversation_id IS NULL " \
    "  THEN '[]'::json ELSE json_build_array(json_build_object(" \
    "    'id', t.linked_conversation_id, 'role', " TICKET_KIND ")) END, " \
    "'createdAt', fb_iso(t.created_at), 'updatedAt', fb_iso(t.updated_at), " \
    "'integrations', json_build_object('linear', '[]'::json, " \
    "  'jira', '[]'::json, 'clickup', '[]'::json, 'github', '[]'::json, " \
    "  'devops', '[]'::json, 'hubspot', '[]'::json)"

#define TICKET_JSON "json_build_object(" TICKET_MEMBERS ")"

/* The messages and notes of a ticket's conversation (the message
 * history; changes such as assignments are the inbox's business). */
#define TICKET_PARTS \
    "pt.part_type IN ('user_msg', 'admin_msg', 'email_msg', 'admin_note')"

/* With the linked conversation's parts, rendered as the conversation
 * renders them; [] without one. */
#define TICKET_ONE_JSON \
    "json_build_object(" TICKET_MEMBERS ", " \
    "'conversationParts', COALESCE((SELECT " \
    CONVERSATION_PARTS_JSON(TICKET_PARTS) " FROM conversations cv " \
    "  WHERE cv.org_id = t.org_id AND cv.id = t.linked_conversation_id), " \
    "  '[]'::jsonb))"

/*
 * The path's {id}: a ticket number (1 or more, in decimal, at most 15
 * digits) in *number, or the 400 invalid_id error.
 */
fb_error_t *fb_ticket_number(fb_req_t *fr, const char **number);

/*
 * Ticket number as the API renders it (TICKET_ONE_JSON with parts,
 * else TICKET_JSON) in *json, or NULL when the organization has none.
 * On the request's connection: inside a write it sees the write.
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
