-- The statements of modules/resources/conversations/conversations.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- conversation_list (scoped; varchar, integer)
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
 ORDER BY pt.created_at, pt.n LIMIT 1)), '{}'::jsonb))::text, fb_ts_key(cv.created_at),
  cv.uid FROM conversations cv WHERE cv.org_id = $1
ORDER BY cv.created_at DESC, cv.uid DESC LIMIT $2;

-- conversation_list_after (scoped; varchar, varchar, varchar, integer)
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
 ORDER BY pt.created_at, pt.n LIMIT 1)), '{}'::jsonb))::text, fb_ts_key(cv.created_at),
  cv.uid FROM conversations cv WHERE cv.org_id = $1
AND (cv.created_at, cv.uid) < (fb_ts_from_key($2), $3)
ORDER BY cv.created_at DESC, cv.uid DESC LIMIT $4;

-- conversation_list_tagged (scoped; varchar, varchar, integer)
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
 ORDER BY pt.created_at, pt.n LIMIT 1)), '{}'::jsonb))::text, fb_ts_key(cv.created_at),
  cv.uid FROM conversations cv WHERE cv.org_id = $1
AND cv.id IN (SELECT l.conversation_id FROM conversation_tag_links l
  WHERE l.org_id = $1 AND l.tag_id = ANY ($2::text[])
  GROUP BY l.conversation_id HAVING count(*) =
  (SELECT count(DISTINCT x) FROM unnest($2::text[]) x))
ORDER BY cv.created_at DESC, cv.uid DESC LIMIT $3;

-- conversation_list_tagged_after (scoped; varchar, varchar, varchar, varchar, integer)
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
 ORDER BY pt.created_at, pt.n LIMIT 1)), '{}'::jsonb))::text, fb_ts_key(cv.created_at),
  cv.uid FROM conversations cv WHERE cv.org_id = $1
AND cv.id IN (SELECT l.conversation_id FROM conversation_tag_links l
  WHERE l.org_id = $1 AND l.tag_id = ANY ($2::text[])
  GROUP BY l.conversation_id HAVING count(*) =
  (SELECT count(DISTINCT x) FROM unnest($2::text[]) x))
AND (cv.created_at, cv.uid) < (fb_ts_from_key($3), $4)
ORDER BY cv.created_at DESC, cv.uid DESC LIMIT $5;

-- conversation_find (scoped; varchar, varchar)
SELECT id FROM conversations WHERE org_id = $1 AND id = $2;

-- conversation_find_locked (scoped; varchar, varchar)
SELECT id FROM conversations WHERE org_id = $1 AND id = $2
FOR UPDATE;

-- conversation_admin (scoped; varchar, varchar)
SELECT id FROM admins WHERE org_id = $1 AND id = $2;

-- conversation_contact (scoped; varchar, varchar)
SELECT id, is_blocked FROM contacts WHERE org_id = $1 AND id = $2;

-- conversation_delete (scoped; varchar, varchar)
DELETE FROM conversations WHERE org_id = $1 AND id = $2;
