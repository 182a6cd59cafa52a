/*
 * conversation: what requests and the worker (and later tickets, which
 * show a linked conversation's parts) do alike with conversations: their
 * JSON, adding a part, moving the state.
 *
 * A conversation (table conversations, sql/018) is rendered as jsonb so
 * that optional members without a value are left out, never null
 * (decisions.md, "Requests and responses").  Every message, note and
 * change is a part (conversation_parts); the first message is the
 * conversation's source.  fb_conversation_part_add() (SQL, sql/018) keeps
 * participants, read receipts, waitingSince, awaitingCustomerReply and
 * lastActivityAt consistent with the parts in the caller's transaction.
 */
#ifndef CONVERSATION_H
#define CONVERSATION_H

#include "fb_db.h"

/* At most this many parts (the newest) come with a conversation. */
#define FB_CONVERSATION_MAX_PARTS "500"

/* A part's author (alias pt): the contact or admin as they are now. */
#define CONVERSATION_AUTHOR_JSON \
    "COALESCE(CASE pt.author_kind WHEN 'contact' THEN (" \
    "  SELECT jsonb_build_object('type', a.type, 'id', a.id, " \
    "    'name', a.name, 'profilePicture', a.profile_picture) " \
    "    || CASE WHEN a.email IS NULL THEN '{}'::jsonb " \
    "       ELSE jsonb_build_object('email', a.email) END " \
    "  FROM contacts a " \
    "  WHERE a.org_id = pt.org_id AND a.id = pt.author_id) " \
    "WHEN 'admin' THEN (" \
    "  SELECT jsonb_build_object('type', 'admin', 'id', a.id, " \
    "    'name', a.name, 'email', a.email, " \
    "    'profilePicture', a.profile_picture) " \
    "  FROM admins a " \
    "  WHERE a.org_id = pt.org_id AND a.id = pt.author_id) END, " \
    "  jsonb_build_object('type', CASE pt.author_kind WHEN 'admin' " \
    "    THEN 'admin' ELSE 'customer' END, 'id', pt.author_id))"

/* A part (alias pt): messages and notes with their author and body,
 * changes with their own members (the data column). */
#define CONVERSATION_PART_JSON \
    "(jsonb_build_object('object', 'conversation_part', 'id', pt.id, " \
    "  'partType', pt.part_type, 'createdAt', fb_iso(pt.created_at), " \
    "  'updatedAt', fb_iso(pt.updated_at)) " \
    " || CASE WHEN pt.author_kind IS NULL THEN pt.data " \
    "    ELSE jsonb_build_object('author', " CONVERSATION_AUTHOR_JSON ", " \
    "      'redacted', pt.redacted, 'bodyHtml', pt.body_html, " \
    "      'bodyMarkdown', pt.body_markdown) " \
    "      || CASE WHEN pt.part_type = 'admin_note' THEN '{}'::jsonb " \
    "         ELSE jsonb_build_object('channel', pt.channel) END END)"

/* The source: the first message (one subquery per row); a change dated
 * before it (a migrated conversation dated ahead) is no source. */
#define CONVERSATION_SOURCE_JSON \
    "(SELECT jsonb_build_object('channel', cv.channel, " \
    "   'deliveredAs', cv.delivered_as, " \
    "   'bodyHtml', coalesce(pt.body_html, ''), " \
    "   'bodyMarkdown', coalesce(pt.body_markdown, ''), " \
    "   'author', jsonb_build_object('type', CASE pt.author_kind " \
    "     WHEN 'admin' THEN 'admin' ELSE coalesce((SELECT a.type " \
    "       FROM contacts a WHERE a.org_id = pt.org_id " \
    "       AND a.id = pt.author_id), 'customer') END, " \
    "     'id', pt.author_id)) " \
    "   || CASE WHEN cv.subject IS NULL THEN '{}'::jsonb " \
    "      ELSE jsonb_build_object('subject', cv.subject) END " \
    " FROM conversation_parts pt " \
    " WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id " \
    " AND pt.author_kind IS NOT NULL " \
    " ORDER BY pt.created_at, pt.n LIMIT 1)"

/* The participants of cv that still exist (cp, with ct or ad), where
 * cond holds too; those deleted since are left out. */
#define CONVERSATION_PEOPLE(cond) \
    "  FROM conversation_participants cp " \
    "  LEFT JOIN contacts ct ON cp.kind = 'contact' " \
    "    AND ct.org_id = cp.org_id AND ct.id = cp.user_id " \
    "  LEFT JOIN admins ad ON cp.kind = 'admin' " \
    "    AND ad.org_id = cp.org_id AND ad.id = cp.user_id " \
    "  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id " \
    cond "    AND coalesce(ct.id, ad.id) IS NOT NULL"

/* Participants: contacts with their type, admins. */
#define CONVERSATION_PARTICIPANTS_JSON \
    "COALESCE((SELECT jsonb_agg(jsonb_build_object('type', " \
    "    CASE cp.kind WHEN 'admin' THEN 'admin' ELSE ct.type END, " \
    "    'id', cp.user_id) ORDER BY cp.added_at, cp.user_id) " \
    CONVERSATION_PEOPLE("") "), '[]'::jsonb)"

#define CONVERSATION_RECEIPTS_JSON \
    "COALESCE((SELECT jsonb_agg(jsonb_build_object('id', cp.user_id, " \
    "    'userType', CASE cp.kind WHEN 'admin' THEN 'admin' " \
    "      ELSE ct.type END, " \
    "    'lastReadPartId', cp.last_read_part_id) " \
    "    ORDER BY cp.added_at, cp.user_id) " \
    CONVERSATION_PEOPLE("    AND cp.last_read_part_id IS NOT NULL ") \
    "), '[]'::jsonb)"

#define CONVERSATION_TAGS_JSON \
    "COALESCE((SELECT jsonb_agg(jsonb_build_object('type', 'tag', " \
    "    'id', t.id, 'name', t.name) ORDER BY lower(t.name), t.id) " \
    "  FROM conversation_tag_links l JOIN conversation_tags t " \
    "    ON t.org_id = l.org_id AND t.id = l.tag_id " \
    "  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id), " \
    "  '[]'::jsonb)"

/* A conversation (alias cv) without its parts. */
#define CONVERSATION_JSON \
    "(jsonb_build_object('object', 'conversation', 'id', cv.id, " \
    "  'brandId', cv.brand_id, 'state', cv.state, " \
    "  'isBlocked', EXISTS (SELECT 1 FROM conversation_participants cp " \
    "    JOIN contacts ct ON ct.org_id = cp.org_id AND ct.id = cp.user_id " \
    "    WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id " \
    "    AND cp.kind = 'contact' AND ct.is_blocked), " \
    "  'priority', cv.priority, " \
    "  'prioritySetAt', fb_iso(cv.priority_set_at), " \
    "  'adminAssigneeId', cv.admin_assignee_id, " \
    "  'teamAssigneeId', cv.team_assignee_id, " \
    "  'userPreferredLanguage', cv.language, " \
    "  'hasAdminOverriddenLanguage', false, " \
    "  'participants', " CONVERSATION_PARTICIPANTS_JSON ", " \
    "  'tags', " CONVERSATION_TAGS_JSON ", " \
    "  'botConversationStateLastUpdatedAt', NULL, " \
    "  'disableCustomerReply', cv.disable_customer_reply, " \
    "  'awaitingCustomerReply', cv.awaiting_customer_reply, " \
    "  'lastActivityAt', fb_iso(cv.last_activity_at), " \
    "  'waitingSince', fb_iso(cv.waiting_since), " \
    "  'snoozedUntil', fb_iso(cv.snoozed_until), " \
    "  'customAttributes', cv.custom_attributes, " \
    "  'readReceipts', " CONVERSATION_RECEIPTS_JSON ", " \
    "  'createdAt', fb_iso(cv.created_at), " \
    "  'updatedAt', fb_iso(cv.updated_at)) " \
    " || CASE WHEN cv.title IS NULL THEN '{}'::jsonb " \
    "    ELSE jsonb_build_object('title', cv.title) END " \
    " || COALESCE(jsonb_build_object('source', " \
    "      " CONVERSATION_SOURCE_JSON "), '{}'::jsonb))"

/* The newest FB_CONVERSATION_MAX_PARTS parts of cv that pass the SQL
 * condition which (over pt), oldest first. */
#define CONVERSATION_PARTS_JSON(which) \
    "COALESCE((SELECT jsonb_agg(x.j ORDER BY x.created_at, x.n) FROM (" \
    "  SELECT " CONVERSATION_PART_JSON " AS j, pt.created_at, pt.n " \
    "  FROM conversation_parts pt " \
    "  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id " \
    "  AND " which " ORDER BY pt.created_at DESC, pt.n DESC " \
    "  LIMIT " FB_CONVERSATION_MAX_PARTS ") x), '[]'::jsonb)"

/* A conversation with its parts (which: as above). */
#define CONVERSATION_FULL_JSON(which) \
    "(" CONVERSATION_JSON " || jsonb_build_object('conversationParts', " \
    CONVERSATION_PARTS_JSON(which) "))"

/* Which parts a rendering shows. */
typedef enum {
    FB_CONVERSATION_NO_PARTS,   /* lists, writes, events */
    FB_CONVERSATION_ALL_PARTS,  /* GET /conversations/{id}: admins */
    FB_CONVERSATION_CUSTOMER    /* what the customer sees: messages, never
                                 * notes or internal changes (a customer-
                                 * facing ticket shows these) */
} fb_conversation_parts_e;

extern const fb_statement_t *const fb_conversation_statements[];

/* A part to add. */
typedef struct {
    const char *type;           /* user_msg, admin_msg, admin_note, ... */
    const char *author_kind;    /* "contact", "admin", or NULL */
    const char *author_id;
    const char *html;           /* sanitized, images as markers */
    const char *markdown;
    const char *channel;        /* desktop, email, or NULL */
    const char *data;           /* JSON object text (changes), or NULL */
    const char *created_at;     /* time text, or NULL: now */
} fb_conversation_part_t;

/*
 * Adds part to conversation conv of org, in the transaction open on db,
 * and keeps the conversation consistent with it (above); *id is the new
 * part's id.
 */
apr_status_t fb_conversation_part_add(fb_db_t *db, apr_pool_t *p,
                                      const char *org, const char *conv,
                                      const fb_conversation_part_t *part,
                                      const char **id);

/*
 * The conversation id as the API renders it, with the parts that parts
 * says, in *json, or NULL when there is none.
 */
apr_status_t fb_conversation_render(fb_db_t *db, apr_pool_t *p,
                                    const char *org, const char *id,
                                    fb_conversation_parts_e parts,
                                    const char **json);

/* The part id as the API renders it in *json, or NULL. */
apr_status_t fb_conversation_part_render(fb_db_t *db, apr_pool_t *p,
                                         const char *org, const char *id,
                                         const char **json);

/*
 * Moves conversation id (locked by the caller) to state (snoozed with
 * until, a time text), recording a status part.  *topic is the event
 * the move causes, or NULL when the state does not change.
 */
apr_status_t fb_conversation_state_set(fb_db_t *db, apr_pool_t *p,
                                       const char *org, const char *id,
                                       const char *state, const char *until,
                                       const char **topic);

/*
 * Wakes conversation id when it is still snoozed and due, in one
 * transaction begun and ended here: open again, a status part, the
 * conversation.admin.unsnoozed event.  *woke tells whether it did
 * (another worker, a reopen or a new snooze may have come first).
 */
apr_status_t fb_conversation_wake(fb_db_t *db, apr_pool_t *p,
                                  const char *org, const char *id,
                                  int *woke);

#endif
