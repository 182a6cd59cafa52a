-- The statements of tools/import/import_inbox.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- imp_conversations (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, "brandId" text, title text, state text,
    "snoozedUntil" timestamptz, priority boolean,
    "prioritySetAt" timestamptz, "adminAssigneeId" text,
    "teamAssigneeId" text, "userPreferredLanguage" text,
    source jsonb, "disableCustomerReply" boolean,
    "awaitingCustomerReply" boolean, "waitingSince" timestamptz,
    "lastActivityAt" timestamptz, "customAttributes" jsonb,
    "createdAt" timestamptz, "updatedAt" timestamptz,
    participants jsonb, "readReceipts" jsonb, tags jsonb)),
v AS (SELECT s.*, NULLIF(s.source, 'null') AS src_msg FROM k, src s
    WHERE NOT EXISTS (SELECT 1 FROM conversations c
                      WHERE c.org_id = k.org AND c.id = s.id)
      OR EXISTS (SELECT 1 FROM import_ids i
                 WHERE i.id =
k.org || '/conversations/' ||
s.id)),
mine AS (INSERT INTO import_ids (id, org_id, family, here_id)
    SELECT
k.org || '/conversations/' ||
v.id, k.org, k.family, v.id
    FROM k, v ON CONFLICT (id) DO NOTHING),
up AS (INSERT INTO conversations AS t (org_id, id, brand_id, title,
        state, snoozed_until, priority, priority_set_at,
        admin_assignee_id, team_assignee_id, language, channel,
        delivered_as, subject, disable_customer_reply,
        awaiting_customer_reply, waiting_since, last_activity_at,
        custom_attributes, created_at, updated_at)
    SELECT k.org, v.id, v."brandId", v.title, v.state,
      v."snoozedUntil", COALESCE(v.priority, false),
      v."prioritySetAt",
COALESCE((SELECT i.here_id FROM import_ids i WHERE i.id =
v."adminAssigneeId"
   AND i.org_id = k.org),
v."adminAssigneeId"),
      v."teamAssigneeId", COALESCE(v."userPreferredLanguage",
      'en'), COALESCE(v.src_msg ->> 'channel', 'desktop'),
      COALESCE(v.src_msg ->> 'deliveredAs', 'customer_initiated'),
      v.src_msg ->> 'subject',
      COALESCE(v."disableCustomerReply", false),
      COALESCE(v."awaitingCustomerReply", false),
      v."waitingSince", v."lastActivityAt",
      COALESCE(v."customAttributes", '{}'), v."createdAt",
      v."updatedAt" FROM k, v
    ON CONFLICT (org_id, id) DO UPDATE SET brand_id = EXCLUDED.brand_id,
      title = EXCLUDED.title, state = EXCLUDED.state,
      snoozed_until = EXCLUDED.snoozed_until,
      priority = EXCLUDED.priority,
      priority_set_at = EXCLUDED.priority_set_at,
      admin_assignee_id = EXCLUDED.admin_assignee_id,
      team_assignee_id = EXCLUDED.team_assignee_id,
      language = EXCLUDED.language, channel = EXCLUDED.channel,
      delivered_as = EXCLUDED.delivered_as,
      subject = EXCLUDED.subject,
      disable_customer_reply = EXCLUDED.disable_customer_reply,
      awaiting_customer_reply = EXCLUDED.awaiting_customer_reply,
      waiting_since = EXCLUDED.waiting_since,
      last_activity_at = EXCLUDED.last_activity_at,
      custom_attributes = EXCLUDED.custom_attributes,
      created_at = EXCLUDED.created_at,
      updated_at = EXCLUDED.updated_at
    WHERE (t.brand_id, t.title, t.state, t.snoozed_until, t.priority,
           t.priority_set_at, t.admin_assignee_id,
           t.team_assignee_id, t.language, t.channel, t.delivered_as,
           t.subject, t.disable_customer_reply,
           t.awaiting_customer_reply, t.waiting_since,
           t.last_activity_at, t.custom_attributes, t.created_at,
           t.updated_at)
      IS DISTINCT FROM (EXCLUDED.brand_id, EXCLUDED.title,
           EXCLUDED.state, EXCLUDED.snoozed_until, EXCLUDED.priority,
           EXCLUDED.priority_set_at, EXCLUDED.admin_assignee_id,
           EXCLUDED.team_assignee_id, EXCLUDED.language,
           EXCLUDED.channel, EXCLUDED.delivered_as, EXCLUDED.subject,
           EXCLUDED.disable_customer_reply,
           EXCLUDED.awaiting_customer_reply, EXCLUDED.waiting_since,
           EXCLUDED.last_activity_at, EXCLUDED.custom_attributes,
           EXCLUDED.created_at, EXCLUDED.updated_at)
    RETURNING 1),
people AS (SELECT v.id AS conv, v."createdAt" AS at, x.n,
    CASE WHEN x.p ->> 'type' = 'admin' THEN 'admin' ELSE 'contact' END
      AS kind,
    CASE WHEN x.p ->> 'type' = 'admin'
      THEN
COALESCE((SELECT i.here_id FROM import_ids i WHERE i.id =
(x.p ->> 'id')
   AND i.org_id = k.org),
(x.p ->> 'id'))
 ELSE x.p ->> 'id' END AS who,
    (SELECT rr ->> 'lastReadPartId' FROM jsonb_array_elements(
       COALESCE(v."readReceipts", '[]')) rr
     WHERE rr ->> 'id' = x.p ->> 'id' LIMIT 1) AS last_read
    FROM k, v, jsonb_array_elements(COALESCE(v.participants, '[]'))
      WITH ORDINALITY AS x(p, n)),
joined AS (INSERT INTO conversation_participants AS t (org_id,
        conversation_id, kind, user_id, last_read_part_id, added_at)
    SELECT k.org, people.conv, people.kind, people.who,
      people.last_read, people.at + people.n * interval '1 microsecond'
    FROM k, people
    ON CONFLICT (org_id, conversation_id, kind, user_id) DO UPDATE
      SET last_read_part_id = EXCLUDED.last_read_part_id,
      added_at = EXCLUDED.added_at
    WHERE (t.last_read_part_id, t.added_at) IS DISTINCT FROM
      (EXCLUDED.last_read_part_id, EXCLUDED.added_at) RETURNING 1),
left_ AS (DELETE FROM conversation_participants cp USING k, v
    WHERE cp.org_id = k.org AND cp.conversation_id = v.id
      AND NOT EXISTS (SELECT 1 FROM people WHERE people.conv = v.id
          AND people.kind = cp.kind AND people.who = cp.user_id)
    RETURNING 1),
links AS (SELECT v.id AS conv, v."createdAt" AS at, g ->> 'id' AS tag
    FROM v, jsonb_array_elements(COALESCE(v.tags, '[]')) g),
tagged AS (INSERT INTO conversation_tag_links (org_id, conversation_id,
        tag_id, applied_at, applied_by)
    SELECT k.org, links.conv, links.tag, links.at, '{}' FROM k, links
    WHERE EXISTS (SELECT 1 FROM conversation_tags g
                  WHERE g.org_id = k.org AND g.id = links.tag)
    ON CONFLICT DO NOTHING RETURNING 1),
untagged AS (DELETE FROM conversation_tag_links l USING k, v
    WHERE l.org_id = k.org AND l.conversation_id = v.id
      AND NOT EXISTS (SELECT 1 FROM links WHERE links.conv = v.id
                      AND links.tag = l.tag_id) RETURNING 1)
SELECT (SELECT count(*) FROM up) + (SELECT count(*) FROM joined)
  + (SELECT count(*) FROM left_) + (SELECT count(*) FROM tagged)
  + (SELECT count(*) FROM untagged) AS written,
  (SELECT count(*) FROM src) - (SELECT count(*) FROM v) AS skipped;

-- imp_conversations_after (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, top AS (SELECT max(i.here_id::bigint) AS n FROM k, import_ids i
    WHERE i.org_id = k.org AND i.family = k.family
      AND i.here_id ~ '^[0-9]{1,18}$')
INSERT INTO org_counters AS c (org_id, kind, value)
SELECT k.org, 'conversation', top.n FROM k, top
WHERE top.n IS NOT NULL
ON CONFLICT (org_id, kind) DO UPDATE SET value = EXCLUDED.value
WHERE c.value < EXCLUDED.value;

-- imp_conversation_ids (scoped; varchar, varchar, varchar) named (family, after)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org,
  $2::text AS family, $3::text AS after)
SELECT i.here_id FROM k, import_ids i WHERE i.org_id = k.org
  AND i.family = k.family
  AND i.id >
k.org || '/conversations/' ||
COALESCE(k.after, '')
ORDER BY i.id LIMIT 200;

-- imp_conversation_parts_before (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, top AS (SELECT max((p ->> 'id')::bigint) AS n FROM k,
    jsonb_array_elements(k.page) e,
    jsonb_array_elements(COALESCE(e -> 'conversationParts', '[]')) p
    WHERE p ->> 'id' ~ '^[0-9]{1,18}$')
SELECT setval('conversation_part_ids',
  greatest(top.n, nextval('conversation_part_ids'))) FROM top
WHERE top.n IS NOT NULL;

-- imp_conversation_parts (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, cv AS (SELECT e ->> 'id' AS id, e -> 'conversationParts' AS parts,
    NULLIF(e -> 'source', 'null') AS source,
    (e ->> 'createdAt')::timestamptz AS at FROM k,
    jsonb_array_elements(k.page) e
    WHERE EXISTS (SELECT 1 FROM conversations c WHERE c.org_id = k.org
                  AND c.id = e ->> 'id')),
src AS (SELECT cv.id AS conv, x.p, r.* FROM cv,
    jsonb_array_elements(COALESCE(cv.parts, '[]')) AS x(p),
    jsonb_to_record(x.p) AS r(id text, "partType" text,
      author jsonb, "bodyHtml" text, "bodyMarkdown" text,
      channel text, redacted boolean, "createdAt" timestamptz,
      "updatedAt" timestamptz)),
v AS (SELECT s.*,
    CASE WHEN s.author IS NULL THEN NULL
         WHEN s.author ->> 'type' = 'admin' THEN 'admin'
         ELSE 'contact' END AS kind,
    CASE WHEN s.author ->> 'type' = 'admin'
      THEN
COALESCE((SELECT i.here_id FROM import_ids i WHERE i.id =
(s.author ->> 'id')
   AND i.org_id = k.org),
(s.author ->> 'id'))
      ELSE s.author ->> 'id' END AS who,
    CASE WHEN s.author IS NULL THEN s.p - ARRAY['id', 'object',
      'partType', 'createdAt', 'updatedAt'] ELSE '{}' END AS data,
    CASE WHEN s.id ~ '^[0-9]{1,18}$' THEN s.id::bigint ELSE 0 END AS n
    FROM k, src s WHERE NOT EXISTS (SELECT 1 FROM conversation_parts o
      WHERE o.org_id = k.org AND o.id = s.id
        AND o.conversation_id <> s.conv)),
up AS (INSERT INTO conversation_parts AS t (org_id, conversation_id,
        id, n, part_type, author_kind, author_id, body_html,
        body_markdown, channel, redacted, data, created_at,
        updated_at)
    SELECT k.org, v.conv, v.id, v.n, v."partType", v.kind, v.who,
      v."bodyHtml", v."bodyMarkdown", v.channel,
      COALESCE(v.redacted, false), v.data, v."createdAt",
      v."updatedAt" FROM k, v
    ON CONFLICT (org_id, id) DO UPDATE SET
      part_type = EXCLUDED.part_type,
      author_kind = EXCLUDED.author_kind,
      author_id = EXCLUDED.author_id, body_html = EXCLUDED.body_html,
      body_markdown = EXCLUDED.body_markdown,
      channel = EXCLUDED.channel, redacted = EXCLUDED.redacted,
      data = EXCLUDED.data, created_at = EXCLUDED.created_at,
      updated_at = EXCLUDED.updated_at
    WHERE (t.part_type, t.author_kind, t.author_id, t.body_html,
           t.body_markdown, t.channel, t.redacted, t.data,
           t.created_at, t.updated_at)
      IS DISTINCT FROM (EXCLUDED.part_type, EXCLUDED.author_kind,
           EXCLUDED.author_id, EXCLUDED.body_html,
           EXCLUDED.body_markdown, EXCLUDED.channel,
           EXCLUDED.redacted, EXCLUDED.data, EXCLUDED.created_at,
           EXCLUDED.updated_at)
    RETURNING 1),
cut AS (SELECT cv.* FROM cv WHERE cv.source IS NOT NULL
    AND jsonb_array_length(COALESCE(cv.parts, '[]')) >= 500),
first AS (INSERT INTO conversation_parts (org_id, conversation_id,
        id, n, part_type, author_kind, author_id, body_html,
        body_markdown, channel, data, created_at, updated_at)
    SELECT k.org, cut.id, x.n::text, x.n,
      CASE WHEN cut.source #>> '{author,type}' = 'admin'
        THEN 'admin_msg' ELSE 'user_msg' END,
      CASE WHEN cut.source #>> '{author,type}' = 'admin'
        THEN 'admin' ELSE 'contact' END,
      CASE WHEN cut.source #>> '{author,type}' = 'admin'
        THEN
COALESCE((SELECT i.here_id FROM import_ids i WHERE i.id =
(cut.source #>> '{author,id}')
   AND i.org_id = k.org),
(cut.source #>> '{author,id}'))
        ELSE cut.source #>> '{author,id}' END,
      cut.source ->> 'bodyHtml', cut.source ->> 'bodyMarkdown',
      cut.source ->> 'channel', '{"imported": "source"}', cut.at,
      cut.at
    FROM k, cut, LATERAL (SELECT nextval('conversation_part_ids') AS n) x
    WHERE NOT EXISTS (SELECT 1 FROM conversation_parts o
      WHERE o.org_id = k.org AND o.conversation_id = cut.id
        AND o.created_at <= cut.at AND o.author_kind IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM src WHERE src.id = o.id))
    RETURNING 1),
noted AS (INSERT INTO import_notes (org_id, run_id, family, item,
        why)
    SELECT k.org, k.run, k.family, cut.id, 'older_parts' FROM k, cut
    ON CONFLICT DO NOTHING)
SELECT (SELECT count(*) FROM up) + (SELECT count(*) FROM first)
  AS written, (SELECT count(*) FROM cut)
  + (SELECT count(*) FROM src) - (SELECT count(*) FROM v) AS skipped;

-- imp_ticket_fields (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, label text, type text, required boolean,
    "allowMultiple" boolean, placeholder text, public boolean,
    internal boolean, options jsonb, "createdAt" timestamptz,
    "updatedAt" timestamptz)),
up AS (INSERT INTO custom_fields AS t (org_id, id, scope, label, type,
        required, allow_multiple, placeholder, public, internal,
        options, created_at, updated_at)
    SELECT k.org, s.id,
'ticket', s.label, s.type,
      COALESCE(s.required, false), COALESCE(s."allowMultiple", false),
      s.placeholder, COALESCE(s.public, true),
      COALESCE(s.internal, false), COALESCE(s.options, '[]'),
      s."createdAt", s."updatedAt" FROM k, src s
    ON CONFLICT (org_id, id) DO UPDATE SET label = EXCLUDED.label,
      type = EXCLUDED.type, required = EXCLUDED.required,
      allow_multiple = EXCLUDED.allow_multiple,
      placeholder = EXCLUDED.placeholder, public = EXCLUDED.public,
      internal = EXCLUDED.internal, options = EXCLUDED.options,
      created_at = EXCLUDED.created_at,
      updated_at = EXCLUDED.updated_at
    WHERE (t.label, t.type, t.required, t.allow_multiple,
           t.placeholder, t.public, t.internal, t.options,
           t.created_at, t.updated_at)
      IS DISTINCT FROM (EXCLUDED.label, EXCLUDED.type,
           EXCLUDED.required, EXCLUDED.allow_multiple,
           EXCLUDED.placeholder, EXCLUDED.public, EXCLUDED.internal,
           EXCLUDED.options, EXCLUDED.created_at,
           EXCLUDED.updated_at)
    RETURNING 1)
SELECT (SELECT count(*) FROM up) AS written, 0 AS skipped;

-- imp_ticket_categories (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, name text, icon jsonb, access jsonb, features jsonb,
    "postDefaults" jsonb, "customFields" jsonb,
    localization jsonb, "createdAt" timestamptz, "supportBoardType" text)),
v AS (SELECT s.id, s.name, NULLIF(s.icon, 'null') AS icon,
    COALESCE((s.access ->> 'adminOnly')::boolean, false) AS admin_only,
    ARRAY(SELECT jsonb_array_elements_text(s.access -> 'segments'))
      AS segments,
    ARRAY(SELECT jsonb_array_elements_text(s.access -> 'allowedRoles'))
      AS allowed_roles,
    ARRAY(SELECT jsonb_array_elements_text(s.access -> 'deniedRoles'))
      AS denied_roles,
    COALESCE((s.features ->> 'postingEnabled')::boolean, true) AS pe,
    COALESCE((s.features ->> 'commentsEnabled')::boolean, true) AS ce,
    COALESCE((s.features ->> 'createdDatesVisible')::boolean, true)
      AS cdv,
    COALESCE(s."postDefaults" ->> 'visibility', 'public') AS vis,
    ARRAY(SELECT jsonb_array_elements_text(s."customFields"))
      AS fields,
    jsonb_strip_nulls(COALESCE(s.localization, '{}')) AS l,
    s."createdAt" AS created_at, s."supportBoardType" AS kind
 FROM src s),
up AS (INSERT INTO
ticket_categories
 AS t (org_id, id,
category_type,
name, icon, admin_only,
        segments, allowed_roles, denied_roles, posting_enabled,
        comments_enabled, created_dates_visible, default_visibility,
        custom_field_ids, localization, created_at)
    SELECT k.org, v.id,
v.kind,
v.name, v.icon, v.admin_only, v.segments,
      v.allowed_roles, v.denied_roles, v.pe, v.ce, v.cdv, v.vis,
      v.fields, v.l, v.created_at FROM k, v
    ON CONFLICT (org_id, id) DO UPDATE SET name = EXCLUDED.name,
      icon = EXCLUDED.icon, admin_only = EXCLUDED.admin_only,
      segments = EXCLUDED.segments,
      allowed_roles = EXCLUDED.allowed_roles,
      denied_roles = EXCLUDED.denied_roles,
      posting_enabled = EXCLUDED.posting_enabled,
      comments_enabled = EXCLUDED.comments_enabled,
      created_dates_visible = EXCLUDED.created_dates_visible,
      default_visibility = EXCLUDED.default_visibility,
      custom_field_ids = EXCLUDED.custom_field_ids,
      localization = EXCLUDED.localization,
      created_at = EXCLUDED.created_at, updated_at = now()
    WHERE (t.name, t.icon, t.admin_only, t.segments, t.allowed_roles,
           t.denied_roles, t.posting_enabled, t.comments_enabled,
           t.created_dates_visible, t.default_visibility,
           t.custom_field_ids, t.localization, t.created_at)
      IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.icon,
           EXCLUDED.admin_only, EXCLUDED.segments,
           EXCLUDED.allowed_roles, EXCLUDED.denied_roles,
           EXCLUDED.posting_enabled, EXCLUDED.comments_enabled,
           EXCLUDED.created_dates_visible,
           EXCLUDED.default_visibility, EXCLUDED.custom_field_ids,
           EXCLUDED.localization, EXCLUDED.created_at)
    RETURNING 1)
SELECT (SELECT count(*) FROM up) AS written, 0 AS skipped;

-- imp_ticket_categories_after (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
DELETE FROM
ticket_categories
 t USING k WHERE t.org_id = k.org
  AND NOT EXISTS (SELECT 1 FROM import_ids i WHERE i.id = t.id
                  AND i.org_id = k.org AND i.family = k.family)
  AND NOT EXISTS (SELECT 1 FROM
tickets
 p WHERE p.org_id = k.org
                  AND p.category_id
 = t.id);

-- imp_ticket_statuses_before (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
UPDATE
ticket_statuses
 t SET is_default = false, updated_at = now()
FROM k WHERE t.org_id = k.org AND t.is_default
  AND EXISTS (SELECT 1 FROM jsonb_array_elements(k.page) e
              WHERE (e ->> 'isDefault')::boolean
                AND e ->> 'id' <> t.id);

-- imp_ticket_statuses (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, name text, color text, type text, "isDefault" boolean)),
up AS (INSERT INTO
ticket_statuses
 AS t (org_id, id, name, color, type,
        is_default)
    SELECT k.org, s.id, s.name, s.color, s.type,
      COALESCE(s."isDefault", false) FROM k, src s
    ON CONFLICT (org_id, id) DO UPDATE SET name = EXCLUDED.name,
      color = EXCLUDED.color, type = EXCLUDED.type,
      is_default = EXCLUDED.is_default, updated_at = now()
    WHERE (t.name, t.color, t.type, t.is_default) IS DISTINCT FROM
      (EXCLUDED.name, EXCLUDED.color, EXCLUDED.type,
       EXCLUDED.is_default)
    RETURNING 1)
SELECT (SELECT count(*) FROM up) AS written, 0 AS skipped;

-- imp_ticket_statuses_after (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
DELETE FROM
ticket_statuses
 t USING k WHERE t.org_id = k.org
  AND NOT EXISTS (SELECT 1 FROM import_ids i WHERE i.id = t.id
                  AND i.org_id = k.org AND i.family = k.family)
  AND NOT EXISTS (SELECT 1 FROM
tickets
 p WHERE p.org_id = k.org
                  AND p.status_id
 = t.id);

-- imp_tickets (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, "ticketNumber" bigint, title text, content text,
    _text text, "ticketCategoryId" text, author jsonb,
    status jsonb, "customFields" jsonb, "companyId" text,
    "assigneeId" text, open boolean, "snoozedUntil" timestamptz,
    "linkedConversations" jsonb, "createdAt" timestamptz,
    "updatedAt" timestamptz)),
v AS (SELECT s.*,
    CASE WHEN s.author ->> 'type' <> 'admin' AND EXISTS (SELECT 1
      FROM contacts c WHERE c.org_id = k.org
        AND c.id = s.author ->> 'id') THEN s.author ->> 'id' END
      AS contact,
    CASE WHEN s.author ->> 'type' = 'admin' THEN
COALESCE((SELECT i.here_id FROM import_ids i WHERE i.id =
(s.author ->> 'id')
   AND i.org_id = k.org),
(s.author ->> 'id'))
 END AS admin,
COALESCE((SELECT i.here_id FROM import_ids i WHERE i.id =
s."assigneeId"
   AND i.org_id = k.org),
s."assigneeId")
 AS assignee,
    s."linkedConversations" -> 0 ->> 'id' AS conv
    FROM k, src s WHERE NOT EXISTS (SELECT 1 FROM tickets o
      WHERE o.org_id = k.org AND o.number = s."ticketNumber"
        AND o.id <> s.id)
      AND EXISTS (SELECT 1 FROM ticket_categories c
        WHERE c.org_id = k.org AND c.id = s."ticketCategoryId")
      AND EXISTS (SELECT 1 FROM ticket_statuses st
        WHERE st.org_id = k.org AND st.id = s.status ->> 'id')),
w AS (SELECT v.*,
    CASE WHEN EXISTS (SELECT 1 FROM admins a WHERE a.org_id = k.org
      AND a.id = v.admin) THEN v.admin END AS admin_here,
    CASE WHEN EXISTS (SELECT 1 FROM admins a WHERE a.org_id = k.org
      AND a.id = v.assignee) THEN v.assignee END AS assignee_here,
    CASE WHEN EXISTS (SELECT 1 FROM companies c WHERE c.org_id = k.org
      AND c.id = v."companyId") THEN v."companyId" END AS company,
    CASE WHEN EXISTS (SELECT 1 FROM conversations c
      WHERE c.org_id = k.org AND c.id = v.conv) THEN v.conv END
      AS conv_here
    FROM k, v),
up AS (INSERT INTO tickets AS t (org_id, id, number, category_id,
        title, content, content_text, author_contact_id,
        author_admin_id, status_id, custom_fields, company_id,
        assignee_id, linked_conversation_id, open, snoozed_until,
        created_at, updated_at)
    SELECT k.org, w.id, w."ticketNumber", w."ticketCategoryId",
      w.title, COALESCE(w.content, ''), COALESCE(w._text, ''),
      w.contact, w.admin_here, w.status ->> 'id',
      COALESCE(w."customFields", '{}'), w.company, w.assignee_here,
      w.conv_here, COALESCE(w.open, true), w."snoozedUntil",
      w."createdAt", w."updatedAt" FROM k, w
    ON CONFLICT (org_id, id) DO UPDATE SET number = EXCLUDED.number,
      category_id = EXCLUDED.category_id, title = EXCLUDED.title,
      content = EXCLUDED.content,
      content_text = EXCLUDED.content_text,
      author_contact_id = EXCLUDED.author_contact_id,
      author_admin_id = EXCLUDED.author_admin_id,
      status_id = EXCLUDED.status_id,
      custom_fields = EXCLUDED.custom_fields,
      company_id = EXCLUDED.company_id,
      assignee_id = EXCLUDED.assignee_id,
      linked_conversation_id = EXCLUDED.linked_conversation_id,
      open = EXCLUDED.open, snoozed_until = EXCLUDED.snoozed_until,
      created_at = EXCLUDED.created_at,
      updated_at = EXCLUDED.updated_at
    WHERE (t.number, t.category_id, t.title, t.content,
           t.author_contact_id, t.author_admin_id, t.status_id,
           t.custom_fields, t.company_id, t.assignee_id,
           t.linked_conversation_id, t.open, t.snoozed_until,
           t.created_at, t.updated_at)
      IS DISTINCT FROM (EXCLUDED.number, EXCLUDED.category_id,
           EXCLUDED.title, EXCLUDED.content,
           EXCLUDED.author_contact_id, EXCLUDED.author_admin_id,
           EXCLUDED.status_id, EXCLUDED.custom_fields,
           EXCLUDED.company_id, EXCLUDED.assignee_id,
           EXCLUDED.linked_conversation_id, EXCLUDED.open,
           EXCLUDED.snoozed_until, EXCLUDED.created_at,
           EXCLUDED.updated_at)
    RETURNING 1)
SELECT (SELECT count(*) FROM up) AS written,
  (SELECT count(*) FROM src) - (SELECT count(*) FROM v) AS skipped;

-- imp_tickets_after (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, top AS (SELECT max(t.number) AS n FROM k, tickets t
    WHERE t.org_id = k.org)
INSERT INTO org_counters AS c (org_id, kind, value)
SELECT k.org, 'ticket', top.n FROM k, top WHERE top.n IS NOT NULL
ON CONFLICT (org_id, kind) DO UPDATE SET value = EXCLUDED.value
WHERE c.value < EXCLUDED.value;

-- imp_file_find (scoped; varchar, varchar)
WITH k AS (SELECT $1::text AS org, $2::text AS key)
SELECT (f.org_id = k.org)::int, f.size FROM k, files f
WHERE f.key = k.key;

-- imp_file_insert (scoped; varchar, varchar, varchar, varchar) named (key, source, name)
WITH k AS (SELECT $1::text AS org, $2::text AS key,
  $3::text AS source, $4::text AS name)
INSERT INTO files (org_id, key, content_type, source, name)
SELECT k.org, k.key, 'application/octet-stream', k.source, k.name
FROM k ON CONFLICT (key) DO NOTHING;
