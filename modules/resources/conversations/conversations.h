/*
 * conversations.h: what the conversation files share: finding the
 * conversation a path names, the acting admin, and answering with the
 * conversation as a write left it, its events recorded.
 *
 * The JSON, adding parts and moving the state are the domain's
 * (conversation.h): tickets and the snooze wake-up job use them too.
 */
#ifndef CONVERSATIONS_H
#define CONVERSATIONS_H

#include "conversation.h"
#include "fb_resource.h"
#include "fb_write.h"

/* A conversation's id: 1 to 16 letters and digits. */
extern const fb_field_format_t fb_format_conversation_id;

/* The path rules of every operation on /conversations/{id}. */
extern const fb_path_rule_t fb_conversation_path[];

/* The operation descriptor of a conversation read or write (nova). */
#define CONVERSATION_READ(fn, query_rules) \
    {.handler = (fn), .min_version = FB_VERSION_NOVA, \
     .permission = FB_PERM_NONE, .query = (query_rules), \
     .path = fb_conversation_path}
#define CONVERSATION_WRITE(fn, body_rules, audited) \
    {.handler = (fn), .flags = FB_OP_WRITE | FB_OP_BODY, \
     .min_version = FB_VERSION_NOVA, .permission = FB_PERM_NONE, \
     .body = (body_rules), .audit = (audited), \
     .path = fb_conversation_path}

/*
 * The conversation named value (a path's id, or a body's member param):
 * 1 to 16 letters and digits (else 400 invalid_id), one of the
 * organization's (else 404 conversation_not_found naming param).  With
 * lock, its row stays locked until the transaction ends.
 */
fb_error_t *fb_conversation_find(fb_req_t *fr, const char *value,
                                 const char *param, int lock,
                                 const char **id);

/* A step of fb_write: the path's conversation, locked, into *ctx (a
 * const char *). */
fb_error_t *fb_conversation_lock(fb_req_t *fr, void *ctx);

/*
 * The admin id value (NULL: none given) of the organization in *id, else
 * 404 admin_not_found naming param.
 */
fb_error_t *fb_conversation_admin(fb_req_t *fr, const char *value,
                                  const char *param, const char **id);

/* The contact id (customers and leads) and whether it is blocked; 404
 * contact_not_found naming param when there is none. */
fb_error_t *fb_conversation_contact(fb_req_t *fr, const char *id,
                                    const char *param, int *blocked);

/* Whether a contact may reply (param names it): 403 when the contact is
 * blocked, or when customer replies are disabled on the conversation
 * (where: "conversation", "ticket's conversation"); NULL when it may. */
fb_error_t *fb_conversation_may_reply(apr_pool_t *p, const char *param,
                                      int blocked, int disabled,
                                      const char *where);

/* A contact's reply to conversation id (locked, its state state) opens
 * it again when closed or snoozed: a status part and its event. */
fb_error_t *fb_conversation_reopen(fb_req_t *fr, const char *id,
                                   const char *state);

/*
 * Adds part to conversation id as a step of w; *part_id (may be NULL)
 * is its id.
 */
void fb_conversation_write_part(fb_write_t *w, const char *id,
                                const fb_conversation_part_t *part,
                                const char **part_id);

/*
 * Renders conversation id (without its parts) as a step of w into
 * *json; a conversation that is not there fails the write.
 */
void fb_conversation_write_render(fb_write_t *w, const char *id,
                                  const char **json);

/* The same, and what a GET of the conversation answers (every part) kept
 * as the request's current representation (fb_req_t.current): a PATCH
 * whose last change this render follows tags its answer without a GET
 * of its own. */
void fb_conversation_write_render_current(fb_write_t *w, const char *id,
                                          const char **json);

/* The expansions a conversation read takes (include): the client's one,
 * customAttributeDefinitions, which adds customAttributeValues. */
extern const char *const fb_conversation_includes[];

#define FB_CONVERSATION_INCLUDE_RULE \
    {.name = "include", .type = FB_Q_LIST, .min = 1, .max = 64, \
     .choices = fb_conversation_includes}

/*
 * The customAttributeValues of the first n conversations of rows (the
 * columns of CONVERSATION_SELECT) into *values when the request asks for
 * them (include, in its query or its body), else *values is NULL.
 */
fb_error_t *fb_conversation_values_load(
    fb_req_t *fr, const fb_rows_t *rows, int n,
    const fb_conversation_values_t **values);

/* The markdown body field rendered and sanitized (images taken in):
 * call before the write begins. */
fb_error_t *fb_conversation_body(fb_req_t *fr, const char **html,
                                 const char **markdown);

#endif
