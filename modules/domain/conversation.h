/*
 * conversation: what requests and the worker (and later tickets, which
 * show a linked conversation's parts) do alike with conversations: their
 * JSON, adding a part, moving the state.
 *
 * A conversation (table conversations, sql/018) is written in jsonb's
 * layout (conversation_render.c; PostgreSQL built it as jsonb before),
 * its optional members without a value left out, never null
 * (decisions.md, "Requests and responses").  Every message, note and
 * change is a part (conversation_parts); the first message is the
 * conversation's source.  fb_conversation_part_add() (SQL, sql/018) keeps
 * participants, read receipts, waitingSince, awaitingCustomerReply and
 * lastActivityAt consistent with the parts in the caller's transaction.
 */
#ifndef CONVERSATION_H
#define CONVERSATION_H

#include "fb_db.h"
#include "fb_jsonw.h"

/* At most this many parts (the newest) come with a conversation. */
#define FB_CONVERSATION_MAX_PARTS "500"

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

/* The tags of cv (t), by name. */
#define CONVERSATION_TAG_ROWS \
    "  FROM conversation_tag_links l JOIN conversation_tags t " \
    "    ON t.org_id = l.org_id AND t.id = l.tag_id " \
    "  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id "
#define CONVERSATION_TAG_ORDER "lower(t.name), t.id"

/*
 * A conversation is written in C (conversation_render.c) from plain
 * columns, as posts are; jsonb's layout is kept ({"key": value}, keys
 * shorter first, then by bytes: fb_jsonw_jsonb), since the answers were
 * jsonb text before.  The worker renders conversations too (the snooze
 * wake-up's event), so the writer is the domain's, over core's fb_jsonw,
 * not resources' fb_rowjson (which needs a request).
 *
 * CONVERSATION_COLUMNS(X): X(name, sql) gives the enum CONV_COL_<name>
 * and the select list over CONVERSATION_FROM.  The lists inside the
 * object are text arrays of arrays, one inner array per element:
 * participants [id, type], read receipts [id, userType, lastReadPartId],
 * tags [id, name, type].  CONVERSATION_ROW_COLUMNS are those a search row
 * shows too (conversation_search_rows.h), first, so that their numbers
 * are the same in both; the subqueries only a whole conversation needs
 * (isBlocked, read receipts) come after them.  isBlocked is an aggregate
 * of the conversation's participants, not an EXISTS: PostgreSQL may run
 * an EXISTS as one hashed pass over every blocked contact of every
 * organization, and it did for a list's page.
 */
#define CONVERSATION_COLUMNS(X) \
    CONVERSATION_ROW_COLUMNS(X) \
    X(IS_BLOCKED, "coalesce((SELECT bool_or(ct.is_blocked) " \
      "FROM conversation_participants cp " \
      "JOIN contacts ct ON ct.org_id = cp.org_id AND ct.id = cp.user_id " \
      "WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id " \
      "AND cp.kind = 'contact'), false)") \
    X(RECEIPTS, "ARRAY(SELECT ARRAY[cp.user_id, CASE cp.kind " \
      "WHEN 'admin' THEN 'admin' ELSE ct.type END, cp.last_read_part_id] " \
      CONVERSATION_PEOPLE("AND cp.last_read_part_id IS NOT NULL ") \
      " ORDER BY cp.added_at, cp.user_id)")

/* The stored custom attributes an answer shows: those of the
 * organization's definitions that are not archived (sql/035); the
 * others stay stored, keys taken out of the value with jsonb's '-'. */
#define CONVERSATION_SHOWN_ATTRIBUTES \
    "cv.custom_attributes - ARRAY(SELECT e " \
    "FROM jsonb_object_keys(cv.custom_attributes) e " \
    "WHERE NOT EXISTS (SELECT 1 FROM conversation_attributes ca " \
    "  WHERE ca.org_id = cv.org_id AND ca.id = e AND NOT ca.archived))"

#define CONVERSATION_ROW_COLUMNS(X) \
    X(ID, "cv.id") \
    X(BRAND_ID, "cv.brand_id") \
    X(TITLE, "cv.title") \
    X(STATE, "cv.state") \
    X(PRIORITY, "cv.priority") \
    X(PRIORITY_SET_AT, "cv.priority_set_at AT TIME ZONE 'UTC'") \
    X(ADMIN_ASSIGNEE_ID, "cv.admin_assignee_id") \
    X(TEAM_ASSIGNEE_ID, "cv.team_assignee_id") \
    X(LANGUAGE, "cv.language") \
    X(PARTICIPANTS, "ARRAY(SELECT ARRAY[cp.user_id, CASE cp.kind " \
      "WHEN 'admin' THEN 'admin' ELSE ct.type END] " \
      CONVERSATION_PEOPLE("") " ORDER BY cp.added_at, cp.user_id)") \
    X(TAGS, "ARRAY(SELECT ARRAY[t.id, t.name, 'tag'] " \
      CONVERSATION_TAG_ROWS \
      "ORDER BY " CONVERSATION_TAG_ORDER ")") \
    X(DISABLE_CUSTOMER_REPLY, "cv.disable_customer_reply") \
    X(AWAITING_CUSTOMER_REPLY, "cv.awaiting_customer_reply") \
    X(LAST_ACTIVITY_AT, "cv.last_activity_at AT TIME ZONE 'UTC'") \
    X(WAITING_SINCE, "cv.waiting_since AT TIME ZONE 'UTC'") \
    X(SNOOZED_UNTIL, "cv.snoozed_until AT TIME ZONE 'UTC'") \
    X(CUSTOM_ATTRIBUTES, CONVERSATION_SHOWN_ATTRIBUTES) \
    X(CREATED_AT, "cv.created_at AT TIME ZONE 'UTC'") \
    X(UPDATED_AT, "cv.updated_at AT TIME ZONE 'UTC'") \
    X(CHANNEL, "cv.channel") \
    X(DELIVERED_AS, "cv.delivered_as") \
    X(SUBJECT, "cv.subject") \
    X(SOURCE_FOUND, "src.n") \
    X(SOURCE_HTML, "src.body_html") \
    X(SOURCE_MARKDOWN, "src.body_markdown") \
    X(SOURCE_AUTHOR_KIND, "src.author_kind") \
    X(SOURCE_AUTHOR_ID, "src.author_id") \
    X(SOURCE_AUTHOR_TYPE, "src.contact_type")

#define CONV_COL_ENUM(name, sql) CONV_COL_##name,
enum { CONVERSATION_COLUMNS(CONV_COL_ENUM) CONV_NCOLS };

#define CONV_COL_SQL(name, sql) sql ", "
/* The select list of a conversation statement: the columns, then the
 * row's sort key as a list's cursor reads it (column CONV_NCOLS) and
 * the conversation's uid (CONV_NCOLS + 1). */
#define CONVERSATION_SELECT(key) \
    CONVERSATION_COLUMNS(CONV_COL_SQL) key " AS sort_key, cv.uid"

/* The rows cv of conversations with their source (src): the first
 * message; a change dated before it (a migrated conversation dated
 * ahead) is no source. */
#define CONVERSATION_FROM(rows) \
    rows " cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html, " \
    "  pt.body_markdown, pt.author_kind, pt.author_id, " \
    "  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id " \
    "   AND a.id = pt.author_id) AS contact_type " \
    "  FROM conversation_parts pt " \
    "  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id " \
    "  AND pt.author_kind IS NOT NULL " \
    "  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true "

/* A part's columns (alias pt), its author's (a contact as a, an admin
 * as ad) and, for a change (no author), its members (data) as a text
 * array of [key, value as jsonb text] arrays. */
#define CONVERSATION_PART_COLUMNS(X) \
    X(ID, "pt.id") \
    X(PART_TYPE, "pt.part_type") \
    X(CREATED_AT, "pt.created_at AT TIME ZONE 'UTC'") \
    X(UPDATED_AT, "pt.updated_at AT TIME ZONE 'UTC'") \
    X(AUTHOR_KIND, "pt.author_kind") \
    X(AUTHOR_ID, "pt.author_id") \
    X(REDACTED, "pt.redacted") \
    X(BODY_HTML, "pt.body_html") \
    X(BODY_MARKDOWN, "pt.body_markdown") \
    X(CHANNEL, "pt.channel") \
    X(DATA, "CASE WHEN pt.author_kind IS NULL THEN ARRAY(SELECT " \
      "ARRAY[d.key, d.value::text] FROM jsonb_each(pt.data) d) END") \
    X(CONTACT_FOUND, "a.id") \
    X(CONTACT_TYPE, "a.type") \
    X(CONTACT_NAME, "a.name") \
    X(CONTACT_EMAIL, "a.email") \
    X(CONTACT_PICTURE, "a.profile_picture") \
    X(ADMIN_FOUND, "ad.id") \
    X(ADMIN_NAME, "ad.name") \
    X(ADMIN_EMAIL, "ad.email") \
    X(ADMIN_PICTURE, "ad.profile_picture")

#define PART_COL_ENUM(name, sql) PART_COL_##name,
enum { CONVERSATION_PART_COLUMNS(PART_COL_ENUM) PART_NCOLS };

#define PART_COL_SQL(name, sql) sql ", "
#define CONVERSATION_PART_SELECT \
    CONVERSATION_PART_COLUMNS(PART_COL_SQL) "pt.n"

/* The rows pt of conversation_parts with their authors. */
#define CONVERSATION_PART_FROM(rows) \
    rows " pt " \
    "LEFT JOIN contacts a ON pt.author_kind = 'contact' " \
    "  AND a.org_id = pt.org_id AND a.id = pt.author_id " \
    "LEFT JOIN admins ad ON pt.author_kind = 'admin' " \
    "  AND ad.org_id = pt.org_id AND ad.id = pt.author_id "

/* Which parts a rendering shows. */
typedef enum {
    FB_CONVERSATION_NO_PARTS,   /* lists, writes, events */
    FB_CONVERSATION_ALL_PARTS,  /* GET /conversations/{id}: admins */
    FB_CONVERSATION_CUSTOMER,   /* what the customer sees: messages, never
                                 * notes or internal changes (a customer-
                                 * facing ticket shows these) */
    FB_CONVERSATION_MESSAGES    /* a ticket's history: messages and notes,
                                 * no changes (assignments are the inbox's
                                 * business) */
} fb_conversation_parts_e;

extern const fb_statement_t *const fb_conversation_statements[];

/* About what a conversation without its parts takes, to size a page's
 * buffer once. */
#define FB_CONVERSATION_JSON_SIZE 1024

/* Custom attribute values with their definitions (below). */
typedef struct fb_conversation_values_t fb_conversation_values_t;

/*
 * The conversation of row (the columns of CONVERSATION_SELECT) as the API
 * writes it, into w; with parts (rows of CONVERSATION_PART_SELECT, oldest
 * first), conversationParts too; with values, customAttributeValues.  0
 * when a column is not in the form the statements give (a bug, or a
 * database whose DateStyle is not ISO).
 */
int fb_conversation_write(fb_jsonw_t *w, const char *const *row,
                          const fb_rows_t *parts,
                          const fb_conversation_values_t *values);

/*
 * For writers of other shapes of a conversation (search rows), from row
 * as fb_conversation_write: the head opens its object (jsonb's layout)
 * and writes the members that come first in jsonb's order, id, tags,
 * state, title (when it has one), object and source (null without a first
 * message); participants is that member.  0 as fb_conversation_write.
 */
int fb_conversation_head_write(fb_jsonw_t *w, const char *const *row);
int fb_conversation_participants_write(fb_jsonw_t *w,
                                       const char *const *row);

/* The part of row (the columns of CONVERSATION_PART_SELECT) into w; 0 as
 * fb_conversation_write. */
int fb_conversation_part_write(fb_jsonw_t *w, const char *const *row);

/* About what a part takes. */
#define FB_CONVERSATION_PART_SIZE 640

/* The array of the parts of rows (as fb_conversation_write takes them)
 * into w; 0 as fb_conversation_write. */
int fb_conversation_parts_write(fb_jsonw_t *w, const fb_rows_t *parts);

/* The JSON array of the conversations of the first n rows (a list's
 * page), with values as fb_conversation_write, in p; NULL when a row is
 * not in the form the statements give. */
const char *fb_conversation_page(apr_pool_t *p, const fb_rows_t *rows,
                                 int n,
                                 const fb_conversation_values_t *values);

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

/*
 * The custom attribute values of some conversations with their
 * definitions, the client's customAttributeValues (include=
 * customAttributeDefinitions): each value the conversation's
 * customAttributes shows, in the definitions' order (conversation_values.c).
 */
struct fb_conversation_values_t {
    fb_rows_t rows;
    apr_hash_t *spans;      /* conversation id -> its rows */
};

/* Those of the conversations ids (a PostgreSQL text array) of org. */
apr_status_t fb_conversation_values_read(fb_db_t *db, apr_pool_t *p,
                                         const char *org, const char *ids,
                                         fb_conversation_values_t *out);

/* customAttributeValues of conversation id (a member; [] when it has no
 * value) into w; 0 as fb_conversation_write. */
int fb_conversation_values_write(fb_jsonw_t *w,
                                 const fb_conversation_values_t *values,
                                 const char *id);

/* A conversation attribute's field subtypes (the client's fieldSubType)
 * and the storage-level data type of each (its dataType): X(sub, data). */
#define CONVERSATION_ATTRIBUTE_TYPES(X) \
    X("text", "string") \
    X("number", "number") \
    X("select", "string") \
    X("multi-select", "array") \
    X("checkbox", "boolean") \
    X("date", "date")

/* The data type of sub_type, or NULL when it is no subtype. */
const char *fb_conversation_attribute_data_type(const char *sub_type);

/*
 * The conversation id without its parts in *json, and with every part
 * (FB_CONVERSATION_ALL_PARTS, no attribute values) in *full, from one
 * read of the conversation and one of its parts; both NULL when there is
 * none.
 */
apr_status_t fb_conversation_render_full(fb_db_t *db, apr_pool_t *p,
                                         const char *org, const char *id,
                                         const char **json,
                                         const char **full);

/*
 * As fb_conversation_render, with customAttributeValues from values
 * (read for id) when values is not NULL.
 */
apr_status_t fb_conversation_render_with(fb_db_t *db, apr_pool_t *p,
                                         const char *org, const char *id,
                                         fb_conversation_parts_e parts,
                                         const fb_conversation_values_t
                                             *values,
                                         const char **json);

/*
 * The parts of conversation id that parts says, as rows of
 * CONVERSATION_PART_SELECT, oldest first: the newest
 * FB_CONVERSATION_MAX_PARTS of them (none for FB_CONVERSATION_NO_PARTS).
 */
apr_status_t fb_conversation_parts(fb_db_t *db, apr_pool_t *p,
                                   const char *org, const char *id,
                                   fb_conversation_parts_e parts,
                                   fb_rows_t *rows);

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
