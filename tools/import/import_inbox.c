/*
 * The support inbox's families of an import: conversations (with their
 * participants, read receipts, tags, state, snooze and assignees), their
 * parts, and tickets (with the categories and statuses they name and
 * their custom field values); and the files both show (images in a
 * part's or a ticket's HTML, a ticket's file fields), fetched under the
 * outbound address policy and stored as the module stores its files
 * (docs/decisions.md, "Import: conversations, tickets, files").
 *
 * A conversation's id is a number of its organization, not an object id
 * of its own: it is not claimed (another organization may have the same
 * number), and the import records it in import_ids under a key of the
 * organization's ("ORG/conversations/ID", here_id the number), which
 * the parts family reads its parents from.
 */
#include <string.h>

#include <apr_strings.h>
#include <openssl/evp.h>

#include "fb_archive.h"
#include "fb_filesign.h"
#include "fb_filetype.h"
#include "fb_json.h"
#include "file_store.h"
#include "import.h"
#include "import_shapes.h"

/* The import_ids key of a conversation number n (SQL text) of k.org.
 * import_ids is keyed across the database; this key embeds the
 * organization, so a lookup by it finds this organization's only. */
#define IMP_CONV_KEY(n) "k.org || '/conversations/' || " n

/* Conversations, newest first.  A conversation whose number one of the
 * organization's own (not imported) has is skipped.  Participants keep
 * the source's order (added one microsecond apart from the creation),
 * read receipts their last read part; tags are linked as applied at the
 * creation (the API renders no time of it). */
FB_SQL_WITH(imp_conversations, import_page,
    IMP_K
    ", src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r("
    "    id text, \"brandId\" text, title text, state text, "
    "    \"snoozedUntil\" timestamptz, priority boolean, "
    "    \"prioritySetAt\" timestamptz, \"adminAssigneeId\" text, "
    "    \"teamAssigneeId\" text, \"userPreferredLanguage\" text, "
    "    source jsonb, \"disableCustomerReply\" boolean, "
    "    \"awaitingCustomerReply\" boolean, \"waitingSince\" timestamptz, "
    "    \"lastActivityAt\" timestamptz, \"customAttributes\" jsonb, "
    "    \"createdAt\" timestamptz, \"updatedAt\" timestamptz, "
    "    participants jsonb, \"readReceipts\" jsonb, tags jsonb)), "
    "v AS (SELECT s.*, NULLIF(s.source, 'null') AS src_msg FROM k, src s "
    "    WHERE NOT EXISTS (SELECT 1 FROM conversations c "
    "                      WHERE c.org_id = k.org AND c.id = s.id) "
    "      OR EXISTS (SELECT 1 FROM import_ids i "
    "                 WHERE i.id = " IMP_CONV_KEY("s.id") ")), "
    "mine AS (INSERT INTO import_ids (id, org_id, family, here_id) "
    "    SELECT " IMP_CONV_KEY("v.id") ", k.org, k.family, v.id "
    "    FROM k, v ON CONFLICT (id) DO NOTHING), "
    "up AS (INSERT INTO conversations AS t (org_id, id, brand_id, title, "
    "        state, snoozed_until, priority, priority_set_at, "
    "        admin_assignee_id, team_assignee_id, language, channel, "
    "        delivered_as, subject, disable_customer_reply, "
    "        awaiting_customer_reply, waiting_since, last_activity_at, "
    "        custom_attributes, created_at, updated_at) "
    "    SELECT k.org, v.id, v.\"brandId\", v.title, v.state, "
    "      v.\"snoozedUntil\", COALESCE(v.priority, false), "
    "      v.\"prioritySetAt\", " IMP_ADMIN("v.\"adminAssigneeId\"") ", "
    "      v.\"teamAssigneeId\", COALESCE(v.\"userPreferredLanguage\", "
    "      'en'), COALESCE(v.src_msg ->> 'channel', 'desktop'), "
    "      COALESCE(v.src_msg ->> 'deliveredAs', 'customer_initiated'), "
    "      v.src_msg ->> 'subject', "
    "      COALESCE(v.\"disableCustomerReply\", false), "
    "      COALESCE(v.\"awaitingCustomerReply\", false), "
    "      v.\"waitingSince\", v.\"lastActivityAt\", "
    "      COALESCE(v.\"customAttributes\", '{}'), v.\"createdAt\", "
    "      v.\"updatedAt\" FROM k, v "
    "    ON CONFLICT (org_id, id) DO UPDATE SET brand_id = EXCLUDED.brand_id, "
    "      title = EXCLUDED.title, state = EXCLUDED.state, "
    "      snoozed_until = EXCLUDED.snoozed_until, "
    "      priority = EXCLUDED.priority, "
    "      priority_set_at = EXCLUDED.priority_set_at, "
    "      admin_assignee_id = EXCLUDED.admin_assignee_id, "
    "      team_assignee_id = EXCLUDED.team_assignee_id, "
    "      language = EXCLUDED.language, channel = EXCLUDED.channel, "
    "      delivered_as = EXCLUDED.delivered_as, "
    "      subject = EXCLUDED.subject, "
    "      disable_customer_reply = EXCLUDED.disable_customer_reply, "
    "      awaiting_customer_reply = EXCLUDED.awaiting_customer_reply, "
    "      waiting_since = EXCLUDED.waiting_since, "
    "      last_activity_at = EXCLUDED.last_activity_at, "
    "      custom_attributes = EXCLUDED.custom_attributes, "
    "      created_at = EXCLUDED.created_at, "
    "      updated_at = EXCLUDED.updated_at "
    "    WHERE (t.brand_id, t.title, t.state, t.snoozed_until, t.priority, "
    "           t.priority_set_at, t.admin_assignee_id, "
    "           t.team_assignee_id, t.language, t.channel, t.delivered_as, "
    "           t.subject, t.disable_customer_reply, "
    "           t.awaiting_customer_reply, t.waiting_since, "
    "           t.last_activity_at, t.custom_attributes, t.created_at, "
    "           t.updated_at) "
    "      IS DISTINCT FROM (EXCLUDED.brand_id, EXCLUDED.title, "
    "           EXCLUDED.state, EXCLUDED.snoozed_until, EXCLUDED.priority, "
    "           EXCLUDED.priority_set_at, EXCLUDED.admin_assignee_id, "
    "           EXCLUDED.team_assignee_id, EXCLUDED.language, "
    "           EXCLUDED.channel, EXCLUDED.delivered_as, EXCLUDED.subject, "
    "           EXCLUDED.disable_customer_reply, "
    "           EXCLUDED.awaiting_customer_reply, EXCLUDED.waiting_since, "
    "           EXCLUDED.last_activity_at, EXCLUDED.custom_attributes, "
    "           EXCLUDED.created_at, EXCLUDED.updated_at) "
    "    RETURNING 1), "
    "people AS (SELECT v.id AS conv, v.\"createdAt\" AS at, x.n, "
    "    CASE WHEN x.p ->> 'type' = 'admin' THEN 'admin' ELSE 'contact' END "
    "      AS kind, "
    "    CASE WHEN x.p ->> 'type' = 'admin' "
    "      THEN " IMP_ADMIN("(x.p ->> 'id')") " ELSE x.p ->> 'id' END AS who, "
    "    (SELECT rr ->> 'lastReadPartId' FROM jsonb_array_elements( "
    "       COALESCE(v.\"readReceipts\", '[]')) rr "
    "     WHERE rr ->> 'id' = x.p ->> 'id' LIMIT 1) AS last_read "
    "    FROM k, v, jsonb_array_elements(COALESCE(v.participants, '[]')) "
    "      WITH ORDINALITY AS x(p, n)), "
    "joined AS (INSERT INTO conversation_participants AS t (org_id, "
    "        conversation_id, kind, user_id, last_read_part_id, added_at) "
    "    SELECT k.org, people.conv, people.kind, people.who, "
    "      people.last_read, people.at + people.n * interval '1 microsecond' "
    "    FROM k, people "
    "    ON CONFLICT (org_id, conversation_id, kind, user_id) DO UPDATE "
    "      SET last_read_part_id = EXCLUDED.last_read_part_id, "
    "      added_at = EXCLUDED.added_at "
    "    WHERE (t.last_read_part_id, t.added_at) IS DISTINCT FROM "
    "      (EXCLUDED.last_read_part_id, EXCLUDED.added_at) RETURNING 1), "
    "left_ AS (DELETE FROM conversation_participants cp USING k, v "
    "    WHERE cp.org_id = k.org AND cp.conversation_id = v.id "
    "      AND NOT EXISTS (SELECT 1 FROM people WHERE people.conv = v.id "
    "          AND people.kind = cp.kind AND people.who = cp.user_id) "
    "    RETURNING 1), "
    "links AS (SELECT v.id AS conv, v.\"createdAt\" AS at, g ->> 'id' AS tag "
    "    FROM v, jsonb_array_elements(COALESCE(v.tags, '[]')) g), "
    "tagged AS (INSERT INTO conversation_tag_links (org_id, conversation_id, "
    "        tag_id, applied_at, applied_by) "
    "    SELECT k.org, links.conv, links.tag, links.at, '{}' FROM k, links "
    "    WHERE EXISTS (SELECT 1 FROM conversation_tags g "
    "                  WHERE g.org_id = k.org AND g.id = links.tag) "
    "    ON CONFLICT DO NOTHING RETURNING 1), "
    "untagged AS (DELETE FROM conversation_tag_links l USING k, v "
    "    WHERE l.org_id = k.org AND l.conversation_id = v.id "
    "      AND NOT EXISTS (SELECT 1 FROM links WHERE links.conv = v.id "
    "                      AND links.tag = l.tag_id) RETURNING 1) "
    "SELECT (SELECT count(*) FROM up) + (SELECT count(*) FROM joined) "
    "  + (SELECT count(*) FROM left_) + (SELECT count(*) FROM tagged) "
    "  + (SELECT count(*) FROM untagged) AS written, "
    "  (SELECT count(*) FROM src) - (SELECT count(*) FROM v) AS skipped");

/* Once the conversations are read: the organization's next number is
 * after the greatest imported. */
FB_SQL_WITH(imp_conversations_after, import_page,
    IMP_K
    ", top AS (SELECT max(i.here_id::bigint) AS n FROM k, import_ids i "
    "    WHERE i.org_id = k.org AND i.family = k.family "
    "      AND i.here_id ~ '^[0-9]{1,18}$') "
    "INSERT INTO org_counters AS c (org_id, kind, value) "
    "SELECT k.org, 'conversation', top.n FROM k, top "
    "WHERE top.n IS NOT NULL "
    "ON CONFLICT (org_id, kind) DO UPDATE SET value = EXCLUDED.value "
    "WHERE c.value < EXCLUDED.value");

/* The imported conversations' numbers, after the one reached (the
 * parents of the parts family). */
FB_SQL_WITH(imp_conversation_ids, import_parents,
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org, "
    "  %s::text AS family, %s::text AS after) "
    "SELECT i.here_id FROM k, import_ids i WHERE i.org_id = k.org "
    "  AND i.family = k.family "
    "  AND i.id > " IMP_CONV_KEY("COALESCE(k.after, '')") " "
    "ORDER BY i.id LIMIT 200");

/* Part ids are numbers of one sequence: it moves past the page's ids
 * before they are written, so that parts made here later, and the
 * first message below, never take one. */
FB_SQL_WITH(imp_conversation_parts_before, import_page,
    IMP_K
    ", top AS (SELECT max((p ->> 'id')::bigint) AS n FROM k, "
    "    jsonb_array_elements(k.page) e, "
    "    jsonb_array_elements(COALESCE(e -> 'conversationParts', '[]')) p "
    "    WHERE p ->> 'id' ~ '^[0-9]{1,18}$') "
    "SELECT setval('conversation_part_ids', "
    "  greatest(top.n, nextval('conversation_part_ids'))) FROM top "
    "WHERE top.n IS NOT NULL");

/* A conversation's parts (the page: the conversation as GET renders
 * it, its 500 newest parts).  A message's author is a contact or an
 * admin (as mapped); a change keeps its own members as data.  When the
 * source shows 500 parts, older ones may be missing: the first message
 * (the conversation's source, which the API renders whatever its age)
 * is written as a part of the conversation's creation time, once, and
 * the conversation is noted (import_notes: older_parts).  A part whose
 * id another conversation here has is skipped. */
FB_SQL_WITH(imp_conversation_parts, import_page,
    IMP_K
    ", cv AS (SELECT e ->> 'id' AS id, e -> 'conversationParts' AS parts, "
    "    NULLIF(e -> 'source', 'null') AS source, "
    "    (e ->> 'createdAt')::timestamptz AS at FROM k, "
    "    jsonb_array_elements(k.page) e "
    "    WHERE EXISTS (SELECT 1 FROM conversations c WHERE c.org_id = k.org "
    "                  AND c.id = e ->> 'id')), "
    "src AS (SELECT cv.id AS conv, x.p, r.* FROM cv, "
    "    jsonb_array_elements(COALESCE(cv.parts, '[]')) AS x(p), "
    "    jsonb_to_record(x.p) AS r(id text, \"partType\" text, "
    "      author jsonb, \"bodyHtml\" text, \"bodyMarkdown\" text, "
    "      channel text, redacted boolean, \"createdAt\" timestamptz, "
    "      \"updatedAt\" timestamptz)), "
    "v AS (SELECT s.*, "
    "    CASE WHEN s.author IS NULL THEN NULL "
    "         WHEN s.author ->> 'type' = 'admin' THEN 'admin' "
    "         ELSE 'contact' END AS kind, "
    "    CASE WHEN s.author ->> 'type' = 'admin' "
    "      THEN " IMP_ADMIN("(s.author ->> 'id')") " "
    "      ELSE s.author ->> 'id' END AS who, "
    "    CASE WHEN s.author IS NULL THEN s.p - ARRAY['id', 'object', "
    "      'partType', 'createdAt', 'updatedAt'] ELSE '{}' END AS data, "
    "    CASE WHEN s.id ~ '^[0-9]{1,18}$' THEN s.id::bigint ELSE 0 END AS n "
    "    FROM k, src s WHERE NOT EXISTS (SELECT 1 FROM conversation_parts o "
    "      WHERE o.org_id = k.org AND o.id = s.id "
    "        AND o.conversation_id <> s.conv)), "
    "up AS (INSERT INTO conversation_parts AS t (org_id, conversation_id, "
    "        id, n, part_type, author_kind, author_id, body_html, "
    "        body_markdown, channel, redacted, data, created_at, "
    "        updated_at) "
    "    SELECT k.org, v.conv, v.id, v.n, v.\"partType\", v.kind, v.who, "
    "      v.\"bodyHtml\", v.\"bodyMarkdown\", v.channel, "
    "      COALESCE(v.redacted, false), v.data, v.\"createdAt\", "
    "      v.\"updatedAt\" FROM k, v "
    "    ON CONFLICT (org_id, id) DO UPDATE SET "
    "      part_type = EXCLUDED.part_type, "
    "      author_kind = EXCLUDED.author_kind, "
    "      author_id = EXCLUDED.author_id, body_html = EXCLUDED.body_html, "
    "      body_markdown = EXCLUDED.body_markdown, "
    "      channel = EXCLUDED.channel, redacted = EXCLUDED.redacted, "
    "      data = EXCLUDED.data, created_at = EXCLUDED.created_at, "
    "      updated_at = EXCLUDED.updated_at "
    "    WHERE (t.part_type, t.author_kind, t.author_id, t.body_html, "
    "           t.body_markdown, t.channel, t.redacted, t.data, "
    "           t.created_at, t.updated_at) "
    "      IS DISTINCT FROM (EXCLUDED.part_type, EXCLUDED.author_kind, "
    "           EXCLUDED.author_id, EXCLUDED.body_html, "
    "           EXCLUDED.body_markdown, EXCLUDED.channel, "
    "           EXCLUDED.redacted, EXCLUDED.data, EXCLUDED.created_at, "
    "           EXCLUDED.updated_at) "
    "    RETURNING 1), "
    "cut AS (SELECT cv.* FROM cv WHERE cv.source IS NOT NULL "
    "    AND jsonb_array_length(COALESCE(cv.parts, '[]')) >= 500), "
    "first AS (INSERT INTO conversation_parts (org_id, conversation_id, "
    "        id, n, part_type, author_kind, author_id, body_html, "
    "        body_markdown, channel, data, created_at, updated_at) "
    "    SELECT k.org, cut.id, x.n::text, x.n, "
    "      CASE WHEN cut.source #>> '{author,type}' = 'admin' "
    "        THEN 'admin_msg' ELSE 'user_msg' END, "
    "      CASE WHEN cut.source #>> '{author,type}' = 'admin' "
    "        THEN 'admin' ELSE 'contact' END, "
    "      CASE WHEN cut.source #>> '{author,type}' = 'admin' "
    "        THEN " IMP_ADMIN("(cut.source #>> '{author,id}')") " "
    "        ELSE cut.source #>> '{author,id}' END, "
    "      cut.source ->> 'bodyHtml', cut.source ->> 'bodyMarkdown', "
    "      cut.source ->> 'channel', '{\"imported\": \"source\"}', cut.at, "
    "      cut.at "
    "    FROM k, cut, LATERAL (SELECT nextval('conversation_part_ids') AS n) x "
    "    WHERE NOT EXISTS (SELECT 1 FROM conversation_parts o "
    "      WHERE o.org_id = k.org AND o.conversation_id = cut.id "
    "        AND o.created_at <= cut.at AND o.author_kind IS NOT NULL "
    "        AND NOT EXISTS (SELECT 1 FROM src WHERE src.id = o.id)) "
    "    RETURNING 1), "
    "noted AS (INSERT INTO import_notes (org_id, run_id, family, item, "
    "        why) "
    "    SELECT k.org, k.run, k.family, cut.id, 'older_parts' FROM k, cut "
    "    ON CONFLICT DO NOTHING) "
    "SELECT (SELECT count(*) FROM up) + (SELECT count(*) FROM first) "
    "  AS written, (SELECT count(*) FROM cut) "
    "  + (SELECT count(*) FROM src) - (SELECT count(*) FROM v) AS skipped");

/* Ticket custom fields, categories and statuses, as their post
 * counterparts are (import_shapes.h): the categories and statuses every
 * organization starts with go once the source's are here, unless a
 * ticket uses them. */
FB_SQL_WITH(imp_ticket_fields, import_page, IMP_FIELDS_SQL("'ticket'"));

FB_SQL_WITH(imp_ticket_categories, import_page,
    IMP_BOARDS_SQL("ticket_categories", ", \"supportBoardType\" text",
                   ", s.\"supportBoardType\" AS kind", "category_type, ",
                   "v.kind, "));

FB_SQL_WITH(imp_ticket_categories_after, import_page,
    IMP_STATUSES_AFTER_SQL("ticket_categories", "tickets", "category_id"));

FB_SQL_WITH(imp_ticket_statuses_before, import_page,
    IMP_STATUSES_BEFORE_SQL("ticket_statuses"));

FB_SQL_WITH(imp_ticket_statuses, import_page,
    IMP_STATUSES_SQL("ticket_statuses"));

FB_SQL_WITH(imp_ticket_statuses_after, import_page,
    IMP_STATUSES_AFTER_SQL("ticket_statuses", "tickets", "status_id"));

/* Tickets, oldest first.  A ticket whose category or status the import
 * did not bring, or whose number another ticket here has, is skipped;
 * an author, company, assignee or linked conversation it did not bring
 * is left out (null). */
FB_SQL_WITH(imp_tickets, import_page,
    IMP_K
    ", src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r("
    "    id text, \"ticketNumber\" bigint, title text, content text, "
    "    _text text, \"ticketCategoryId\" text, author jsonb, "
    "    status jsonb, \"customFields\" jsonb, \"companyId\" text, "
    "    \"assigneeId\" text, open boolean, \"snoozedUntil\" timestamptz, "
    "    \"linkedConversations\" jsonb, \"createdAt\" timestamptz, "
    "    \"updatedAt\" timestamptz)), "
    "v AS (SELECT s.*, "
    "    CASE WHEN s.author ->> 'type' <> 'admin' AND EXISTS (SELECT 1 "
    "      FROM contacts c WHERE c.org_id = k.org "
    "        AND c.id = s.author ->> 'id') THEN s.author ->> 'id' END "
    "      AS contact, "
    "    CASE WHEN s.author ->> 'type' = 'admin' THEN "
    "      " IMP_ADMIN("(s.author ->> 'id')") " END AS admin, "
    "    " IMP_ADMIN("s.\"assigneeId\"") " AS assignee, "
    "    s.\"linkedConversations\" -> 0 ->> 'id' AS conv "
    "    FROM k, src s WHERE NOT EXISTS (SELECT 1 FROM tickets o "
    "      WHERE o.org_id = k.org AND o.number = s.\"ticketNumber\" "
    "        AND o.id <> s.id) "
    "      AND EXISTS (SELECT 1 FROM ticket_categories c "
    "        WHERE c.org_id = k.org AND c.id = s.\"ticketCategoryId\") "
    "      AND EXISTS (SELECT 1 FROM ticket_statuses st "
    "        WHERE st.org_id = k.org AND st.id = s.status ->> 'id')), "
    "w AS (SELECT v.*, "
    "    CASE WHEN EXISTS (SELECT 1 FROM admins a WHERE a.org_id = k.org "
    "      AND a.id = v.admin) THEN v.admin END AS admin_here, "
    "    CASE WHEN EXISTS (SELECT 1 FROM admins a WHERE a.org_id = k.org "
    "      AND a.id = v.assignee) THEN v.assignee END AS assignee_here, "
    "    CASE WHEN EXISTS (SELECT 1 FROM companies c WHERE c.org_id = k.org "
    "      AND c.id = v.\"companyId\") THEN v.\"companyId\" END AS company, "
    "    CASE WHEN EXISTS (SELECT 1 FROM conversations c "
    "      WHERE c.org_id = k.org AND c.id = v.conv) THEN v.conv END "
    "      AS conv_here "
    "    FROM k, v), "
    "up AS (INSERT INTO tickets AS t (org_id, id, number, category_id, "
    "        title, content, content_text, author_contact_id, "
    "        author_admin_id, status_id, custom_fields, company_id, "
    "        assignee_id, linked_conversation_id, open, snoozed_until, "
    "        created_at, updated_at) "
    "    SELECT k.org, w.id, w.\"ticketNumber\", w.\"ticketCategoryId\", "
    "      w.title, COALESCE(w.content, ''), COALESCE(w._text, ''), "
    "      w.contact, w.admin_here, w.status ->> 'id', "
    "      COALESCE(w.\"customFields\", '{}'), w.company, w.assignee_here, "
    "      w.conv_here, COALESCE(w.open, true), w.\"snoozedUntil\", "
    "      w.\"createdAt\", w.\"updatedAt\" FROM k, w "
    "    ON CONFLICT (org_id, id) DO UPDATE SET number = EXCLUDED.number, "
    "      category_id = EXCLUDED.category_id, title = EXCLUDED.title, "
    "      content = EXCLUDED.content, "
    "      content_text = EXCLUDED.content_text, "
    "      author_contact_id = EXCLUDED.author_contact_id, "
    "      author_admin_id = EXCLUDED.author_admin_id, "
    "      status_id = EXCLUDED.status_id, "
    "      custom_fields = EXCLUDED.custom_fields, "
    "      company_id = EXCLUDED.company_id, "
    "      assignee_id = EXCLUDED.assignee_id, "
    "      linked_conversation_id = EXCLUDED.linked_conversation_id, "
    "      open = EXCLUDED.open, snoozed_until = EXCLUDED.snoozed_until, "
    "      created_at = EXCLUDED.created_at, "
    "      updated_at = EXCLUDED.updated_at "
    "    WHERE (t.number, t.category_id, t.title, t.content, "
    "           t.author_contact_id, t.author_admin_id, t.status_id, "
    "           t.custom_fields, t.company_id, t.assignee_id, "
    "           t.linked_conversation_id, t.open, t.snoozed_until, "
    "           t.created_at, t.updated_at) "
    "      IS DISTINCT FROM (EXCLUDED.number, EXCLUDED.category_id, "
    "           EXCLUDED.title, EXCLUDED.content, "
    "           EXCLUDED.author_contact_id, EXCLUDED.author_admin_id, "
    "           EXCLUDED.status_id, EXCLUDED.custom_fields, "
    "           EXCLUDED.company_id, EXCLUDED.assignee_id, "
    "           EXCLUDED.linked_conversation_id, EXCLUDED.open, "
    "           EXCLUDED.snoozed_until, EXCLUDED.created_at, "
    "           EXCLUDED.updated_at) "
    "    RETURNING 1) "
    "SELECT (SELECT count(*) FROM up) AS written, "
    "  (SELECT count(*) FROM src) - (SELECT count(*) FROM v) AS skipped");

/* Once the tickets are read: the next ticket number is after the
 * greatest here. */
FB_SQL_WITH(imp_tickets_after, import_page,
    IMP_K
    ", top AS (SELECT max(t.number) AS n FROM k, tickets t "
    "    WHERE t.org_id = k.org) "
    "INSERT INTO org_counters AS c (org_id, kind, value) "
    "SELECT k.org, 'ticket', top.n FROM k, top WHERE top.n IS NOT NULL "
    "ON CONFLICT (org_id, kind) DO UPDATE SET value = EXCLUDED.value "
    "WHERE c.value < EXCLUDED.value");

/* A file by its key: whether it is the organization's, and its size (0:
 * not complete).  It finds another organization's file too, by design:
 * keys are unique across the database, and such a key is fetched and
 * stored anew under one of this organization's, never linked. */
FB_SQL(imp_file_find, 1,
    "WITH k AS (SELECT %s::text AS org, %s::text AS key) "
    "SELECT (f.org_id = k.org)::int, f.size FROM k, files f "
    "WHERE f.key = k.key");

/* A new file of the organization under a key of the import's (as
 * file_store.h's create, which draws a random one). */
FB_SQL_NAMED(imp_file_insert, (key, source, name),
    "WITH k AS (SELECT %s::text AS org, %s::text AS key, "
    "  %s::text AS source, %s::text AS name) "
    "INSERT INTO files (org_id, key, content_type, source, name) "
    "SELECT k.org, k.key, 'application/octet-stream', k.source, k.name "
    "FROM k ON CONFLICT (key) DO NOTHING");

const fb_statement_t *const imp_inbox_statements[] = {
    &fb_sql_imp_conversations, &fb_sql_imp_conversations_after,
    &fb_sql_imp_conversation_ids, &fb_sql_imp_conversation_parts_before,
    &fb_sql_imp_conversation_parts, &fb_sql_imp_ticket_fields,
    &fb_sql_imp_ticket_categories, &fb_sql_imp_ticket_categories_after,
    &fb_sql_imp_ticket_statuses_before, &fb_sql_imp_ticket_statuses,
    &fb_sql_imp_ticket_statuses_after, &fb_sql_imp_tickets, &fb_sql_imp_tickets_after, &fb_sql_imp_file_find,
    &fb_sql_imp_file_insert, NULL
};

/* ---- files ---- */

/* A stored file's chunk: the module's (files.h, FB_FILE_CHUNK), whose
 * reader serves a file chunk by chunk. */
#define IMP_FILE_CHUNK (256 * 1024)

/* A fetched file's bytes read back for the archive check. */
typedef struct {
    const char *data;
    apr_size_t len;
} imp_bytes_t;

static apr_status_t imp_bytes_at(void *baton, apr_off_t at,
                                 const char **data, apr_size_t *len)
{
    imp_bytes_t *b = baton;

    if ((apr_size_t)at >= b->len) {
        return APR_EOF;
    }
    *data = b->data + at;
    *len = b->len - (apr_size_t)at;
    return APR_SUCCESS;
}

/* The key a file of the source's url is stored under: the source's own
 * when url is this module's (/v2/files/KEY), else one made of the
 * organization and url (without its query, which a signature changes
 * at each rendering), so that every run finds the same. */
static const char *imp_file_key(apr_pool_t *p, const char *org,
                                const char *url, int own)
{
    static const char served[] = "/v2/files/";
    const char *q = strchr(url, '?');
    const char *path = apr_pstrndup(p, url, q ? (apr_size_t)(q - url)
                                              : strlen(url));
    const char *at = strstr(path, served);
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int n = 0, i;
    char *hex;

    if (own && at && fb_file_key_valid(at + sizeof(served) - 1)) {
        return at + sizeof(served) - 1;
    }
    hex = apr_palloc(p, FB_FILE_KEY_LEN + 1);
    path = apr_pstrcat(p, org, "\n", path, NULL);
    EVP_Digest(path, strlen(path), md, &n, EVP_md5(), NULL);
    for (i = 0; i < n && 2 * i < FB_FILE_KEY_LEN; i++) {
        apr_snprintf(hex + 2 * i, 3, "%02x", md[i]);
    }
    hex[FB_FILE_KEY_LEN] = '\0';
    return hex;
}

static void imp_note(imp_page_ctx_t *c, const char *item, const char *why)
{
    json_object *o = json_object_new_object();

    json_object_object_add(o, "item", json_object_new_string(item));
    json_object_object_add(o, "why", json_object_new_string(why));
    json_object_array_add(c->notes, o);
}

/*
 * The file at url (an image of content when image, else a ticket's
 * file named name), stored for the organization unless it is there
 * already: its key, or NULL when it could not be (noted).
 */
static const char *imp_file(imp_page_ctx_t *c, apr_pool_t *p,
                            const char *url, const char *name, int image)
{
    const char *key = imp_file_key(p, c->org, url, 1), *type, *why = NULL;
    const char *note = NULL;
    fb_fetch_request_t req;
    fb_fetch_result_t res;
    fb_rows_t rows;
    imp_bytes_t bytes;
    magic_t magic = NULL;
    apr_size_t off;
    int seq = 0, tries;

    for (tries = 0; tries < 2; tries++) {
        if (fb_db_select(c->db, p, &fb_sql_imp_file_find, c->org,
                         FB_ARGS(key), &rows) != APR_SUCCESS) {
            return NULL;
        }
        if (rows.nrows == 0) {
            break;
        }
        if (strcmp(fb_rows_get(&rows, 0, 0), "1") != 0) {
            /* Another organization's key: one of this organization's. */
            key = imp_file_key(p, c->org, url, 0);
            continue;
        }
        if (strcmp(fb_rows_get(&rows, 0, 1), "0") != 0) {
            return key;             /* stored by an earlier run */
        }
        /* Left half-way by a run that was stopped: again. */
        fb_file_store_discard(c->db, p, c->org, key);
        break;
    }
    memset(&req, 0, sizeof(req));
    req.url = url;
    req.max_size = FB_FETCH_DEFAULT_MAX_SIZE;
    fb_fetch(p, c->fetch, &req, &res);
    if (res.error != FB_FETCH_OK) {
        note = res.error == FB_FETCH_FORBIDDEN_ADDRESS
               || res.error == FB_FETCH_INVALID ? "refused"
               : res.error == FB_FETCH_TOO_LARGE ? "too_large"
               : "unfetched";
        imp_note(c, url, note);
        return NULL;
    }
    type = fb_file_sniff((const unsigned char *)res.body, res.body_len);
    if (!image && res.body_len > 0) {
        magic = type ? NULL : fb_filetype_magic(p);
        if (type == NULL) {
            type = fb_filetype_of(p, magic, (const unsigned char *)res.body,
                                  res.body_len < FB_FILETYPE_SNIFF
                                  ? res.body_len : FB_FILETYPE_SNIFF);
        }
        why = fb_filetype_content_refused(p, (const unsigned char *)res.body,
                                          res.body_len, type);
        if (why == NULL && name != NULL) {
            why = fb_filetype_name_refused(p, name);
        }
    }
    /* Every stored file is looked into as an archive (fb_archive.h). */
    bytes.data = res.body;
    bytes.len = res.body_len;
    if (type != NULL && why == NULL && res.body_len > 0
        && fb_archive_check(p, &magic, &fb_archive_limits, imp_bytes_at,
                            &bytes, (apr_off_t)res.body_len, &why)
           != APR_SUCCESS) {
        why = "unreadable";
    }
    if (type == NULL || why != NULL || res.body_len == 0) {
        imp_note(c, url, "refused_type");
        return NULL;
    }
    /* As the module stores a file: a row, its chunks, then its size. */
    if (fb_db_exec(c->db, p, &fb_sql_imp_file_insert, c->org,
                   FB_NAMED(imp_file_insert, .key = key, .source = url,
                            .name = image ? NULL : name), NULL)
        != APR_SUCCESS) {
        return NULL;
    }
    for (off = 0; off < res.body_len; off += IMP_FILE_CHUNK) {
        apr_size_t len = res.body_len - off < IMP_FILE_CHUNK
                         ? res.body_len - off : IMP_FILE_CHUNK;

        if (fb_file_store_chunk(c->db, p, c->org, key, seq++,
                                res.body + off, len) != APR_SUCCESS) {
            fb_file_store_discard(c->db, p, c->org, key);
            imp_note(c, url, "unfetched");
            return NULL;
        }
    }
    if (fb_file_store_complete(c->db, p, c->org, key,
                               (apr_off_t)res.body_len, type)
        != APR_SUCCESS) {
        fb_file_store_discard(c->db, p, c->org, key);
        imp_note(c, url, "unfetched");
        return NULL;
    }
    return key;
}

/* HTML with the images it shows stored here: each <img src="URL"> (the
 * sanitizer writes src first) whose file is stored names it by its
 * marker, as the module's content does; another keeps the source's
 * URL. */
static const char *imp_html(imp_page_ctx_t *c, apr_pool_t *p,
                            const char *html)
{
    static const char tag[] = "<img src=\"";
    struct apr_array_header_t *out;
    const char *at, *rest = html;

    if (html == NULL || strstr(html, tag) == NULL) {
        return html;
    }
    out = apr_array_make(p, 8, sizeof(const char *));
    while ((at = strstr(rest, tag)) != NULL) {
        const char *src = at + sizeof(tag) - 1, *end = strchr(src, '"');
        const char *url, *key;
        char *u, *d, *decoded;

        if (end == NULL) {
            break;
        }
        APR_ARRAY_PUSH(out, const char *) = apr_pstrndup(p, rest,
                                                         src - rest);
        url = apr_pstrndup(p, src, end - src);
        /* The attribute's &amp; is the URL's &. */
        decoded = apr_pstrdup(p, url);
        for (u = d = decoded; *u; d++) {
            if (strncmp(u, "&amp;", 5) == 0) {
                *d = '&';
                u += 5;
            }
            else {
                *d = *u++;
            }
        }
        *d = '\0';
        key = strncmp(url, FB_FILE_MARKER, sizeof(FB_FILE_MARKER) - 1) == 0
              ? NULL : imp_file(c, p, decoded, NULL, 1);
        APR_ARRAY_PUSH(out, const char *) =
            key ? fb_file_marker(p, key) : url;
        rest = end;
    }
    APR_ARRAY_PUSH(out, const char *) = rest;
    return apr_array_pstrcat(p, out, 0);
}

/* Replaces the string member name of o by imp_html's. */
static void imp_html_member(imp_page_ctx_t *c, apr_pool_t *p,
                            json_object *o, const char *name)
{
    const char *html = fb_json_string(o, name), *done;

    if (html != NULL && (done = imp_html(c, p, html)) != html) {
        json_object_object_add(o, name, json_object_new_string(done));
    }
}

void imp_content_files(imp_page_ctx_t *c, apr_pool_t *p,
                       json_object *page)
{
    size_t i;

    for (i = 0; i < json_object_array_length(page); i++) {
        imp_html_member(c, p, json_object_array_get_idx(page, i),
                        "content");
    }
}

void imp_inbox_parts_files(imp_page_ctx_t *c, apr_pool_t *p,
                           json_object *page)
{
    size_t i, j;

    for (i = 0; i < json_object_array_length(page); i++) {
        json_object *cv = json_object_array_get_idx(page, i);
        json_object *parts = fb_json_member(cv, "conversationParts");
        json_object *source = fb_json_member(cv, "source");

        if (source && json_object_is_type(source, json_type_object)) {
            imp_html_member(c, p, source, "bodyHtml");
        }
        for (j = 0; parts && json_object_is_type(parts, json_type_array)
                    && j < json_object_array_length(parts); j++) {
            imp_html_member(c, p, json_object_array_get_idx(parts, j),
                            "bodyHtml");
        }
    }
}

/* A file value as answers show it (the JSON string of {key, name, url},
 * or of an array of them), as stored here: {key, name} (or the array);
 * NULL when it is no file value or a file of it could not be stored
 * (the value is then kept as the source shows it). */
static json_object *imp_file_value(imp_page_ctx_t *c, apr_pool_t *p,
                                   json_object *v)
{
    json_object *parsed, *out;
    int many;
    size_t i, n;

    if (!json_object_is_type(v, json_type_string)
        || strstr(json_object_get_string(v), "\"url\"") == NULL
        || (parsed = fb_json_owned(p, json_tokener_parse(
                json_object_get_string(v)))) == NULL) {
        return NULL;
    }
    many = json_object_is_type(parsed, json_type_array);
    n = many ? json_object_array_length(parsed) : 1;
    out = json_object_new_array();
    for (i = 0; i < n; i++) {
        json_object *f = many ? json_object_array_get_idx(parsed, i)
                              : parsed;
        const char *url = fb_json_string(f, "url");
        const char *name = fb_json_string(f, "name"), *key;
        json_object *stored;

        if (!json_object_is_type(f, json_type_object) || url == NULL
            || !fb_file_key_valid(fb_json_string(f, "key"))
            || (key = imp_file(c, p, url, name, 0)) == NULL) {
            json_object_put(out);
            return NULL;
        }
        stored = json_object_new_object();
        json_object_object_add(stored, "key", json_object_new_string(key));
        json_object_object_add(stored, "name", json_object_new_string(
                                   name ? name : "file"));
        json_object_array_add(out, stored);
    }
    if (!many) {
        json_object *one = json_object_get(json_object_array_get_idx(out,
                                                                     0));

        json_object_put(out);
        return one;
    }
    return out;
}

void imp_inbox_ticket_files(imp_page_ctx_t *c, apr_pool_t *p,
                            json_object *page)
{
    size_t i;

    for (i = 0; i < json_object_array_length(page); i++) {
        json_object *t = json_object_array_get_idx(page, i);
        json_object *fields = fb_json_member(t, "customFields");

        imp_html_member(c, p, t, "content");
        if (fields == NULL || !json_object_is_type(fields,
                                                   json_type_object)) {
            continue;
        }
        json_object_object_foreach(fields, k, v) {
            json_object *stored = imp_file_value(c, p, v);

            if (stored != NULL) {
                json_object_object_add(fields, k, stored);
            }
        }
    }
}
