/*
 * conversation_attributes.h: what the conversation files take of the
 * attribute definitions: checking a body's customAttributes against
 * them (docs/decisions.md, "Conversation attributes").
 */
#ifndef CONVERSATION_ATTRIBUTES_H
#define CONVERSATION_ATTRIBUTES_H

#include "fb_request.h"

/*
 * The body's customAttributes (an object; NULL: none given) checked
 * against the organization's definitions, in the write's transaction
 * (the definitions named are locked for share until it ends, so that
 * an archive or a change of options waits for it): each key the id of a
 * definition that is not archived, each value of its subtype (select
 * options by id, or by label, stored as the id), null to remove it.
 * *out is the JSON text to merge into the stored values (keys as ids),
 * or NULL when none was given.  Every bad key is listed in the error's
 * details, the first named in its param (customAttributes.<key>).
 */
fb_error_t *fb_conversation_attributes_check(fb_req_t *fr,
                                             json_object *given,
                                             const char **out);

#endif
