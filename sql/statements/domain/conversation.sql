-- The statements of modules/domain/conversation.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- conversation_render (scoped; varchar, varchar)
SELECT
(jsonb_build_object('object', 'conversation', 'id', cv.id,
  'brandId', cv.brand_id, 'state', cv.state,
  'isBlocked', EXISTS (SELECT 1 FROM conversation_participants cp
    JOIN contacts ct ON ct.org_id = cp.org_id AND ct.id = cp.user_id
    WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
    AND cp.kind = 'contact' AND ct.is_blocked),
  'priority', cv.priority,
  'prioritySetAt', fb_iso(cv.priority_set_at),
  'adminAssigneeId', cv.admin_assignee_id,
  'teamAssigneeId', cv.team_assignee_id,
  'userPreferredLanguage', cv.language,
  'hasAdminOverriddenLanguage', false,
  'participants',
COALESCE((SELECT jsonb_agg(jsonb_build_object('type',
    CASE cp.kind WHEN 'admin' THEN 'admin' ELSE ct.type END,
    'id', cp.user_id) ORDER BY cp.added_at, cp.user_id)
  FROM conversation_participants cp
  LEFT JOIN contacts ct ON cp.kind = 'contact'
    AND ct.org_id = cp.org_id AND ct.id = cp.user_id
  LEFT JOIN admins ad ON cp.kind = 'admin'
    AND ad.org_id = cp.org_id AND ad.id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
    AND coalesce(ct.id, ad.id) IS NOT NULL), '[]'::jsonb),
  'tags',
COALESCE((SELECT jsonb_agg(jsonb_build_object('type', 'tag',
    'id', t.id, 'name', t.name) ORDER BY lower(t.name), t.id)
  FROM conversation_tag_links l JOIN conversation_tags t
    ON t.org_id = l.org_id AND t.id = l.tag_id
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id),
  '[]'::jsonb),
  'botConversationStateLastUpdatedAt', NULL,
  'disableCustomerReply', cv.disable_customer_reply,
  'awaitingCustomerReply', cv.awaiting_customer_reply,
  'lastActivityAt', fb_iso(cv.last_activity_at),
  'waitingSince', fb_iso(cv.waiting_since),
  'snoozedUntil', fb_iso(cv.snoozed_until),
  'customAttributes', cv.custom_attributes,
  'readReceipts',
COALESCE((SELECT jsonb_agg(jsonb_build_object('id', cp.user_id,
    'userType', CASE cp.kind WHEN 'admin' THEN 'admin'
      ELSE ct.type END,
    'lastReadPartId', cp.last_read_part_id)
    ORDER BY cp.added_at, cp.user_id)
  FROM conversation_participants cp
  LEFT JOIN contacts ct ON cp.kind = 'contact'
    AND ct.org_id = cp.org_id AND ct.id = cp.user_id
  LEFT JOIN admins ad ON cp.kind = 'admin'
    AND ad.org_id = cp.org_id AND ad.id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
    AND cp.last_read_part_id IS NOT NULL
    AND coalesce(ct.id, ad.id) IS NOT NULL), '[]'::jsonb),
  'createdAt', fb_iso(cv.created_at),
  'updatedAt', fb_iso(cv.updated_at))
 || CASE WHEN cv.title IS NULL THEN '{}'::jsonb
    ELSE jsonb_build_object('title', cv.title) END
 || COALESCE(jsonb_build_object('source',
(SELECT jsonb_build_object('channel', cv.channel,
   'deliveredAs', cv.delivered_as,
   'bodyHtml', coalesce(pt.body_html, ''),
   'bodyMarkdown', coalesce(pt.body_markdown, ''),
   'author', jsonb_build_object('type', CASE pt.author_kind
     WHEN 'admin' THEN 'admin' ELSE coalesce((SELECT a.type
       FROM contacts a WHERE a.org_id = pt.org_id
       AND a.id = pt.author_id), 'customer') END,
     'id', pt.author_id))
   || CASE WHEN cv.subject IS NULL THEN '{}'::jsonb
      ELSE jsonb_build_object('subject', cv.subject) END
 FROM conversation_parts pt
 WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
 AND pt.author_kind IS NOT NULL
 ORDER BY pt.created_at, pt.n LIMIT 1)), '{}'::jsonb))
 FROM conversations cv
WHERE cv.org_id = $1 AND cv.id = $2;

-- conversation_render_full (scoped; varchar, varchar)
SELECT
((jsonb_build_object('object', 'conversation', 'id', cv.id,
  'brandId', cv.brand_id, 'state', cv.state,
  'isBlocked', EXISTS (SELECT 1 FROM conversation_participants cp
    JOIN contacts ct ON ct.org_id = cp.org_id AND ct.id = cp.user_id
    WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
    AND cp.kind = 'contact' AND ct.is_blocked),
  'priority', cv.priority,
  'prioritySetAt', fb_iso(cv.priority_set_at),
  'adminAssigneeId', cv.admin_assignee_id,
  'teamAssigneeId', cv.team_assignee_id,
  'userPreferredLanguage', cv.language,
  'hasAdminOverriddenLanguage', false,
  'participants',
COALESCE((SELECT jsonb_agg(jsonb_build_object('type',
    CASE cp.kind WHEN 'admin' THEN 'admin' ELSE ct.type END,
    'id', cp.user_id) ORDER BY cp.added_at, cp.user_id)
  FROM conversation_participants cp
  LEFT JOIN contacts ct ON cp.kind = 'contact'
    AND ct.org_id = cp.org_id AND ct.id = cp.user_id
  LEFT JOIN admins ad ON cp.kind = 'admin'
    AND ad.org_id = cp.org_id AND ad.id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
    AND coalesce(ct.id, ad.id) IS NOT NULL), '[]'::jsonb),
  'tags',
COALESCE((SELECT jsonb_agg(jsonb_build_object('type', 'tag',
    'id', t.id, 'name', t.name) ORDER BY lower(t.name), t.id)
  FROM conversation_tag_links l JOIN conversation_tags t
    ON t.org_id = l.org_id AND t.id = l.tag_id
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id),
  '[]'::jsonb),
  'botConversationStateLastUpdatedAt', NULL,
  'disableCustomerReply', cv.disable_customer_reply,
  'awaitingCustomerReply', cv.awaiting_customer_reply,
  'lastActivityAt', fb_iso(cv.last_activity_at),
  'waitingSince', fb_iso(cv.waiting_since),
  'snoozedUntil', fb_iso(cv.snoozed_until),
  'customAttributes', cv.custom_attributes,
  'readReceipts',
COALESCE((SELECT jsonb_agg(jsonb_build_object('id', cp.user_id,
    'userType', CASE cp.kind WHEN 'admin' THEN 'admin'
      ELSE ct.type END,
    'lastReadPartId', cp.last_read_part_id)
    ORDER BY cp.added_at, cp.user_id)
  FROM conversation_participants cp
  LEFT JOIN contacts ct ON cp.kind = 'contact'
    AND ct.org_id = cp.org_id AND ct.id = cp.user_id
  LEFT JOIN admins ad ON cp.kind = 'admin'
    AND ad.org_id = cp.org_id AND ad.id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
    AND cp.last_read_part_id IS NOT NULL
    AND coalesce(ct.id, ad.id) IS NOT NULL), '[]'::jsonb),
  'createdAt', fb_iso(cv.created_at),
  'updatedAt', fb_iso(cv.updated_at))
 || CASE WHEN cv.title IS NULL THEN '{}'::jsonb
    ELSE jsonb_build_object('title', cv.title) END
 || COALESCE(jsonb_build_object('source',
(SELECT jsonb_build_object('channel', cv.channel,
   'deliveredAs', cv.delivered_as,
   'bodyHtml', coalesce(pt.body_html, ''),
   'bodyMarkdown', coalesce(pt.body_markdown, ''),
   'author', jsonb_build_object('type', CASE pt.author_kind
     WHEN 'admin' THEN 'admin' ELSE coalesce((SELECT a.type
       FROM contacts a WHERE a.org_id = pt.org_id
       AND a.id = pt.author_id), 'customer') END,
     'id', pt.author_id))
   || CASE WHEN cv.subject IS NULL THEN '{}'::jsonb
      ELSE jsonb_build_object('subject', cv.subject) END
 FROM conversation_parts pt
 WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
 AND pt.author_kind IS NOT NULL
 ORDER BY pt.created_at, pt.n LIMIT 1)), '{}'::jsonb))
 || jsonb_build_object('conversationParts',
COALESCE((SELECT jsonb_agg(x.j ORDER BY x.created_at, x.n) FROM (
  SELECT
(jsonb_build_object('object', 'conversation_part', 'id', pt.id,
  'partType', pt.part_type, 'createdAt', fb_iso(pt.created_at),
  'updatedAt', fb_iso(pt.updated_at))
 || CASE WHEN pt.author_kind IS NULL THEN pt.data
    ELSE jsonb_build_object('author',
COALESCE(CASE pt.author_kind WHEN 'contact' THEN (
  SELECT jsonb_build_object('type', a.type, 'id', a.id,
    'name', a.name, 'profilePicture', a.profile_picture)
    || CASE WHEN a.email IS NULL THEN '{}'::jsonb
       ELSE jsonb_build_object('email', a.email) END
  FROM contacts a
  WHERE a.org_id = pt.org_id AND a.id = pt.author_id)
WHEN 'admin' THEN (
  SELECT jsonb_build_object('type', 'admin', 'id', a.id,
    'name', a.name, 'email', a.email,
    'profilePicture', a.profile_picture)
  FROM admins a
  WHERE a.org_id = pt.org_id AND a.id = pt.author_id) END,
  jsonb_build_object('type', CASE pt.author_kind WHEN 'admin'
    THEN 'admin' ELSE 'customer' END, 'id', pt.author_id)),
      'redacted', pt.redacted, 'bodyHtml', pt.body_html,
      'bodyMarkdown', pt.body_markdown)
      || CASE WHEN pt.part_type = 'admin_note' THEN '{}'::jsonb
         ELSE jsonb_build_object('channel', pt.channel) END END)
 AS j, pt.created_at, pt.n
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND
true
 ORDER BY pt.created_at DESC, pt.n DESC
  LIMIT
500) x), '[]'::jsonb)))
 FROM conversations cv
WHERE cv.org_id = $1 AND cv.id = $2;

-- conversation_render_customer (scoped; varchar, varchar)
SELECT
((jsonb_build_object('object', 'conversation', 'id', cv.id,
  'brandId', cv.brand_id, 'state', cv.state,
  'isBlocked', EXISTS (SELECT 1 FROM conversation_participants cp
    JOIN contacts ct ON ct.org_id = cp.org_id AND ct.id = cp.user_id
    WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
    AND cp.kind = 'contact' AND ct.is_blocked),
  'priority', cv.priority,
  'prioritySetAt', fb_iso(cv.priority_set_at),
  'adminAssigneeId', cv.admin_assignee_id,
  'teamAssigneeId', cv.team_assignee_id,
  'userPreferredLanguage', cv.language,
  'hasAdminOverriddenLanguage', false,
  'participants',
COALESCE((SELECT jsonb_agg(jsonb_build_object('type',
    CASE cp.kind WHEN 'admin' THEN 'admin' ELSE ct.type END,
    'id', cp.user_id) ORDER BY cp.added_at, cp.user_id)
  FROM conversation_participants cp
  LEFT JOIN contacts ct ON cp.kind = 'contact'
    AND ct.org_id = cp.org_id AND ct.id = cp.user_id
  LEFT JOIN admins ad ON cp.kind = 'admin'
    AND ad.org_id = cp.org_id AND ad.id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
    AND coalesce(ct.id, ad.id) IS NOT NULL), '[]'::jsonb),
  'tags',
COALESCE((SELECT jsonb_agg(jsonb_build_object('type', 'tag',
    'id', t.id, 'name', t.name) ORDER BY lower(t.name), t.id)
  FROM conversation_tag_links l JOIN conversation_tags t
    ON t.org_id = l.org_id AND t.id = l.tag_id
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id),
  '[]'::jsonb),
  'botConversationStateLastUpdatedAt', NULL,
  'disableCustomerReply', cv.disable_customer_reply,
  'awaitingCustomerReply', cv.awaiting_customer_reply,
  'lastActivityAt', fb_iso(cv.last_activity_at),
  'waitingSince', fb_iso(cv.waiting_since),
  'snoozedUntil', fb_iso(cv.snoozed_until),
  'customAttributes', cv.custom_attributes,
  'readReceipts',
COALESCE((SELECT jsonb_agg(jsonb_build_object('id', cp.user_id,
    'userType', CASE cp.kind WHEN 'admin' THEN 'admin'
      ELSE ct.type END,
    'lastReadPartId', cp.last_read_part_id)
    ORDER BY cp.added_at, cp.user_id)
  FROM conversation_participants cp
  LEFT JOIN contacts ct ON cp.kind = 'contact'
    AND ct.org_id = cp.org_id AND ct.id = cp.user_id
  LEFT JOIN admins ad ON cp.kind = 'admin'
    AND ad.org_id = cp.org_id AND ad.id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
    AND cp.last_read_part_id IS NOT NULL
    AND coalesce(ct.id, ad.id) IS NOT NULL), '[]'::jsonb),
  'createdAt', fb_iso(cv.created_at),
  'updatedAt', fb_iso(cv.updated_at))
 || CASE WHEN cv.title IS NULL THEN '{}'::jsonb
    ELSE jsonb_build_object('title', cv.title) END
 || COALESCE(jsonb_build_object('source',
(SELECT jsonb_build_object('channel', cv.channel,
   'deliveredAs', cv.delivered_as,
   'bodyHtml', coalesce(pt.body_html, ''),
   'bodyMarkdown', coalesce(pt.body_markdown, ''),
   'author', jsonb_build_object('type', CASE pt.author_kind
     WHEN 'admin' THEN 'admin' ELSE coalesce((SELECT a.type
       FROM contacts a WHERE a.org_id = pt.org_id
       AND a.id = pt.author_id), 'customer') END,
     'id', pt.author_id))
   || CASE WHEN cv.subject IS NULL THEN '{}'::jsonb
      ELSE jsonb_build_object('subject', cv.subject) END
 FROM conversation_parts pt
 WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
 AND pt.author_kind IS NOT NULL
 ORDER BY pt.created_at, pt.n LIMIT 1)), '{}'::jsonb))
 || jsonb_build_object('conversationParts',
COALESCE((SELECT jsonb_agg(x.j ORDER BY x.created_at, x.n) FROM (
  SELECT
(jsonb_build_object('object', 'conversation_part', 'id', pt.id,
  'partType', pt.part_type, 'createdAt', fb_iso(pt.created_at),
  'updatedAt', fb_iso(pt.updated_at))
 || CASE WHEN pt.author_kind IS NULL THEN pt.data
    ELSE jsonb_build_object('author',
COALESCE(CASE pt.author_kind WHEN 'contact' THEN (
  SELECT jsonb_build_object('type', a.type, 'id', a.id,
    'name', a.name, 'profilePicture', a.profile_picture)
    || CASE WHEN a.email IS NULL THEN '{}'::jsonb
       ELSE jsonb_build_object('email', a.email) END
  FROM contacts a
  WHERE a.org_id = pt.org_id AND a.id = pt.author_id)
WHEN 'admin' THEN (
  SELECT jsonb_build_object('type', 'admin', 'id', a.id,
    'name', a.name, 'email', a.email,
    'profilePicture', a.profile_picture)
  FROM admins a
  WHERE a.org_id = pt.org_id AND a.id = pt.author_id) END,
  jsonb_build_object('type', CASE pt.author_kind WHEN 'admin'
    THEN 'admin' ELSE 'customer' END, 'id', pt.author_id)),
      'redacted', pt.redacted, 'bodyHtml', pt.body_html,
      'bodyMarkdown', pt.body_markdown)
      || CASE WHEN pt.part_type = 'admin_note' THEN '{}'::jsonb
         ELSE jsonb_build_object('channel', pt.channel) END END)
 AS j, pt.created_at, pt.n
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND
pt.part_type IN ('user_msg', 'admin_msg', 'email_msg')
 ORDER BY pt.created_at DESC, pt.n DESC
  LIMIT
500) x), '[]'::jsonb)))
 FROM conversations cv WHERE cv.org_id = $1 AND cv.id = $2;

-- conversation_part_render (scoped; varchar, varchar)
SELECT
(jsonb_build_object('object', 'conversation_part', 'id', pt.id,
  'partType', pt.part_type, 'createdAt', fb_iso(pt.created_at),
  'updatedAt', fb_iso(pt.updated_at))
 || CASE WHEN pt.author_kind IS NULL THEN pt.data
    ELSE jsonb_build_object('author',
COALESCE(CASE pt.author_kind WHEN 'contact' THEN (
  SELECT jsonb_build_object('type', a.type, 'id', a.id,
    'name', a.name, 'profilePicture', a.profile_picture)
    || CASE WHEN a.email IS NULL THEN '{}'::jsonb
       ELSE jsonb_build_object('email', a.email) END
  FROM contacts a
  WHERE a.org_id = pt.org_id AND a.id = pt.author_id)
WHEN 'admin' THEN (
  SELECT jsonb_build_object('type', 'admin', 'id', a.id,
    'name', a.name, 'email', a.email,
    'profilePicture', a.profile_picture)
  FROM admins a
  WHERE a.org_id = pt.org_id AND a.id = pt.author_id) END,
  jsonb_build_object('type', CASE pt.author_kind WHEN 'admin'
    THEN 'admin' ELSE 'customer' END, 'id', pt.author_id)),
      'redacted', pt.redacted, 'bodyHtml', pt.body_html,
      'bodyMarkdown', pt.body_markdown)
      || CASE WHEN pt.part_type = 'admin_note' THEN '{}'::jsonb
         ELSE jsonb_build_object('channel', pt.channel) END END)
 FROM conversation_parts pt
WHERE pt.org_id = $1 AND pt.id = $2;

-- conversation_part_insert (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar)
SELECT fb_conversation_part_add($1, $2, $3, $4, $5, $6, $7, $8,
  $9::jsonb, $10::timestamptz);

-- conversation_state_move (scoped; varchar, varchar, varchar, varchar)
UPDATE conversations c SET state = k.state, snoozed_until = k.until,
  waiting_since = CASE WHEN k.state = 'closed' THEN NULL
    ELSE c.waiting_since END,
  wake_lease = CASE WHEN k.state = 'snoozed' THEN NULL
    ELSE c.wake_lease END, updated_at = now()
FROM (SELECT $1::text AS org_id, $2::text AS id, $3::text AS state,
  $4::timestamptz AS until) k,
  (SELECT state AS before FROM conversations
   WHERE org_id = $1 AND id = $2) b
WHERE c.org_id = k.org_id AND c.id = k.id
  AND (c.state, c.snoozed_until)
      IS DISTINCT FROM (k.state, k.until)
RETURNING b.before, jsonb_build_object('status', k.state,
  'snoozedUntil', fb_iso(k.until))::text;

-- conversation_wake_due (scoped; varchar, varchar)
SELECT id FROM conversations WHERE org_id = $1 AND id = $2
AND state = 'snoozed' AND snoozed_until <= now() FOR UPDATE;
