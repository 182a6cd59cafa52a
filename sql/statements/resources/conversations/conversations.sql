-- The statements of modules/resources/conversations/conversations.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- conversation_list (scoped; varchar, varchar, varchar, integer) named (after_key, after_id, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS after_key, $3::text AS after_id)
SELECT
cv.id,
cv.brand_id,
cv.title,
cv.state,
cv.priority,
cv.priority_set_at AT TIME ZONE 'UTC',
cv.admin_assignee_id,
cv.team_assignee_id,
cv.language,
ARRAY(SELECT ARRAY[cp.user_id, CASE cp.kind
WHEN 'admin' THEN 'admin' ELSE ct.type END]
  FROM conversation_participants cp
  LEFT JOIN contacts ct ON cp.kind = 'contact'
    AND ct.org_id = cp.org_id AND ct.id = cp.user_id
  LEFT JOIN admins ad ON cp.kind = 'admin'
    AND ad.org_id = cp.org_id AND ad.id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
    AND coalesce(ct.id, ad.id) IS NOT NULL
 ORDER BY cp.added_at, cp.user_id),
ARRAY(SELECT ARRAY[t.id, t.name, 'tag']
  FROM conversation_tag_links l JOIN conversation_tags t
    ON t.org_id = l.org_id AND t.id = l.tag_id
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
ORDER BY
lower(t.name), t.id),
cv.disable_customer_reply,
cv.awaiting_customer_reply,
cv.last_activity_at AT TIME ZONE 'UTC',
cv.waiting_since AT TIME ZONE 'UTC',
cv.snoozed_until AT TIME ZONE 'UTC',
cv.custom_attributes - ARRAY(SELECT e
FROM jsonb_object_keys(cv.custom_attributes) e
WHERE NOT EXISTS (SELECT 1 FROM conversation_attributes ca
  WHERE ca.org_id = cv.org_id AND ca.id = e AND NOT ca.archived)),
cv.created_at AT TIME ZONE 'UTC',
cv.updated_at AT TIME ZONE 'UTC',
cv.channel,
cv.delivered_as,
cv.subject,
src.n,
src.body_html,
src.body_markdown,
src.author_kind,
src.author_id,
src.contact_type,
coalesce((SELECT bool_or(ct.is_blocked)
FROM conversation_participants cp
JOIN contacts ct ON ct.org_id = cp.org_id AND ct.id = cp.user_id
WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
AND cp.kind = 'contact'), false),
ARRAY(SELECT ARRAY[cp.user_id, CASE cp.kind
WHEN 'admin' THEN 'admin' ELSE ct.type END, cp.last_read_part_id]
  FROM conversation_participants cp
  LEFT JOIN contacts ct ON cp.kind = 'contact'
    AND ct.org_id = cp.org_id AND ct.id = cp.user_id
  LEFT JOIN admins ad ON cp.kind = 'admin'
    AND ad.org_id = cp.org_id AND ad.id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
AND cp.last_read_part_id IS NOT NULL
    AND coalesce(ct.id, ad.id) IS NOT NULL
 ORDER BY cp.added_at, cp.user_id),
fb_ts_key(cv.created_at)
 AS sort_key, cv.uid
 FROM
conversations
 cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html,
  pt.body_markdown, pt.author_kind, pt.author_id,
  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id
   AND a.id = pt.author_id) AS contact_type
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.author_kind IS NOT NULL
  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true
, k WHERE cv.org_id = k.org_id
ORDER BY cv.created_at DESC, cv.uid DESC LIMIT $4;

-- conversation_list_after (scoped; varchar, varchar, varchar, integer) named (after_key, after_id, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS after_key, $3::text AS after_id)
SELECT
cv.id,
cv.brand_id,
cv.title,
cv.state,
cv.priority,
cv.priority_set_at AT TIME ZONE 'UTC',
cv.admin_assignee_id,
cv.team_assignee_id,
cv.language,
ARRAY(SELECT ARRAY[cp.user_id, CASE cp.kind
WHEN 'admin' THEN 'admin' ELSE ct.type END]
  FROM conversation_participants cp
  LEFT JOIN contacts ct ON cp.kind = 'contact'
    AND ct.org_id = cp.org_id AND ct.id = cp.user_id
  LEFT JOIN admins ad ON cp.kind = 'admin'
    AND ad.org_id = cp.org_id AND ad.id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
    AND coalesce(ct.id, ad.id) IS NOT NULL
 ORDER BY cp.added_at, cp.user_id),
ARRAY(SELECT ARRAY[t.id, t.name, 'tag']
  FROM conversation_tag_links l JOIN conversation_tags t
    ON t.org_id = l.org_id AND t.id = l.tag_id
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
ORDER BY
lower(t.name), t.id),
cv.disable_customer_reply,
cv.awaiting_customer_reply,
cv.last_activity_at AT TIME ZONE 'UTC',
cv.waiting_since AT TIME ZONE 'UTC',
cv.snoozed_until AT TIME ZONE 'UTC',
cv.custom_attributes - ARRAY(SELECT e
FROM jsonb_object_keys(cv.custom_attributes) e
WHERE NOT EXISTS (SELECT 1 FROM conversation_attributes ca
  WHERE ca.org_id = cv.org_id AND ca.id = e AND NOT ca.archived)),
cv.created_at AT TIME ZONE 'UTC',
cv.updated_at AT TIME ZONE 'UTC',
cv.channel,
cv.delivered_as,
cv.subject,
src.n,
src.body_html,
src.body_markdown,
src.author_kind,
src.author_id,
src.contact_type,
coalesce((SELECT bool_or(ct.is_blocked)
FROM conversation_participants cp
JOIN contacts ct ON ct.org_id = cp.org_id AND ct.id = cp.user_id
WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
AND cp.kind = 'contact'), false),
ARRAY(SELECT ARRAY[cp.user_id, CASE cp.kind
WHEN 'admin' THEN 'admin' ELSE ct.type END, cp.last_read_part_id]
  FROM conversation_participants cp
  LEFT JOIN contacts ct ON cp.kind = 'contact'
    AND ct.org_id = cp.org_id AND ct.id = cp.user_id
  LEFT JOIN admins ad ON cp.kind = 'admin'
    AND ad.org_id = cp.org_id AND ad.id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
AND cp.last_read_part_id IS NOT NULL
    AND coalesce(ct.id, ad.id) IS NOT NULL
 ORDER BY cp.added_at, cp.user_id),
fb_ts_key(cv.created_at)
 AS sort_key, cv.uid
 FROM
conversations
 cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html,
  pt.body_markdown, pt.author_kind, pt.author_id,
  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id
   AND a.id = pt.author_id) AS contact_type
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.author_kind IS NOT NULL
  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true
, k WHERE cv.org_id = k.org_id
AND (cv.created_at, cv.uid)
  < (fb_ts_from_key(k.after_key), k.after_id)
ORDER BY cv.created_at DESC, cv.uid DESC LIMIT $4;

-- conversation_list_tagged (scoped; varchar, varchar, varchar, varchar, integer) named (after_key, after_id, tags, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS after_key, $3::text AS after_id, $4::text[] AS tags)
SELECT
cv.id,
cv.brand_id,
cv.title,
cv.state,
cv.priority,
cv.priority_set_at AT TIME ZONE 'UTC',
cv.admin_assignee_id,
cv.team_assignee_id,
cv.language,
ARRAY(SELECT ARRAY[cp.user_id, CASE cp.kind
WHEN 'admin' THEN 'admin' ELSE ct.type END]
  FROM conversation_participants cp
  LEFT JOIN contacts ct ON cp.kind = 'contact'
    AND ct.org_id = cp.org_id AND ct.id = cp.user_id
  LEFT JOIN admins ad ON cp.kind = 'admin'
    AND ad.org_id = cp.org_id AND ad.id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
    AND coalesce(ct.id, ad.id) IS NOT NULL
 ORDER BY cp.added_at, cp.user_id),
ARRAY(SELECT ARRAY[t.id, t.name, 'tag']
  FROM conversation_tag_links l JOIN conversation_tags t
    ON t.org_id = l.org_id AND t.id = l.tag_id
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
ORDER BY
lower(t.name), t.id),
cv.disable_customer_reply,
cv.awaiting_customer_reply,
cv.last_activity_at AT TIME ZONE 'UTC',
cv.waiting_since AT TIME ZONE 'UTC',
cv.snoozed_until AT TIME ZONE 'UTC',
cv.custom_attributes - ARRAY(SELECT e
FROM jsonb_object_keys(cv.custom_attributes) e
WHERE NOT EXISTS (SELECT 1 FROM conversation_attributes ca
  WHERE ca.org_id = cv.org_id AND ca.id = e AND NOT ca.archived)),
cv.created_at AT TIME ZONE 'UTC',
cv.updated_at AT TIME ZONE 'UTC',
cv.channel,
cv.delivered_as,
cv.subject,
src.n,
src.body_html,
src.body_markdown,
src.author_kind,
src.author_id,
src.contact_type,
coalesce((SELECT bool_or(ct.is_blocked)
FROM conversation_participants cp
JOIN contacts ct ON ct.org_id = cp.org_id AND ct.id = cp.user_id
WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
AND cp.kind = 'contact'), false),
ARRAY(SELECT ARRAY[cp.user_id, CASE cp.kind
WHEN 'admin' THEN 'admin' ELSE ct.type END, cp.last_read_part_id]
  FROM conversation_participants cp
  LEFT JOIN contacts ct ON cp.kind = 'contact'
    AND ct.org_id = cp.org_id AND ct.id = cp.user_id
  LEFT JOIN admins ad ON cp.kind = 'admin'
    AND ad.org_id = cp.org_id AND ad.id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
AND cp.last_read_part_id IS NOT NULL
    AND coalesce(ct.id, ad.id) IS NOT NULL
 ORDER BY cp.added_at, cp.user_id),
fb_ts_key(cv.created_at)
 AS sort_key, cv.uid
 FROM
conversations
 cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html,
  pt.body_markdown, pt.author_kind, pt.author_id,
  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id
   AND a.id = pt.author_id) AS contact_type
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.author_kind IS NOT NULL
  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true
, k WHERE cv.org_id = k.org_id
AND cv.id IN (SELECT l.conversation_id
  FROM conversation_tag_links l, k
  WHERE l.org_id = k.org_id AND l.tag_id = ANY (k.tags)
  GROUP BY l.conversation_id HAVING count(*) =
  (SELECT count(DISTINCT x) FROM k, unnest(k.tags) x))
ORDER BY cv.created_at DESC, cv.uid DESC LIMIT $5;

-- conversation_list_tagged_after (scoped; varchar, varchar, varchar, varchar, integer) named (after_key, after_id, tags, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS after_key, $3::text AS after_id, $4::text[] AS tags)
SELECT
cv.id,
cv.brand_id,
cv.title,
cv.state,
cv.priority,
cv.priority_set_at AT TIME ZONE 'UTC',
cv.admin_assignee_id,
cv.team_assignee_id,
cv.language,
ARRAY(SELECT ARRAY[cp.user_id, CASE cp.kind
WHEN 'admin' THEN 'admin' ELSE ct.type END]
  FROM conversation_participants cp
  LEFT JOIN contacts ct ON cp.kind = 'contact'
    AND ct.org_id = cp.org_id AND ct.id = cp.user_id
  LEFT JOIN admins ad ON cp.kind = 'admin'
    AND ad.org_id = cp.org_id AND ad.id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
    AND coalesce(ct.id, ad.id) IS NOT NULL
 ORDER BY cp.added_at, cp.user_id),
ARRAY(SELECT ARRAY[t.id, t.name, 'tag']
  FROM conversation_tag_links l JOIN conversation_tags t
    ON t.org_id = l.org_id AND t.id = l.tag_id
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
ORDER BY
lower(t.name), t.id),
cv.disable_customer_reply,
cv.awaiting_customer_reply,
cv.last_activity_at AT TIME ZONE 'UTC',
cv.waiting_since AT TIME ZONE 'UTC',
cv.snoozed_until AT TIME ZONE 'UTC',
cv.custom_attributes - ARRAY(SELECT e
FROM jsonb_object_keys(cv.custom_attributes) e
WHERE NOT EXISTS (SELECT 1 FROM conversation_attributes ca
  WHERE ca.org_id = cv.org_id AND ca.id = e AND NOT ca.archived)),
cv.created_at AT TIME ZONE 'UTC',
cv.updated_at AT TIME ZONE 'UTC',
cv.channel,
cv.delivered_as,
cv.subject,
src.n,
src.body_html,
src.body_markdown,
src.author_kind,
src.author_id,
src.contact_type,
coalesce((SELECT bool_or(ct.is_blocked)
FROM conversation_participants cp
JOIN contacts ct ON ct.org_id = cp.org_id AND ct.id = cp.user_id
WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
AND cp.kind = 'contact'), false),
ARRAY(SELECT ARRAY[cp.user_id, CASE cp.kind
WHEN 'admin' THEN 'admin' ELSE ct.type END, cp.last_read_part_id]
  FROM conversation_participants cp
  LEFT JOIN contacts ct ON cp.kind = 'contact'
    AND ct.org_id = cp.org_id AND ct.id = cp.user_id
  LEFT JOIN admins ad ON cp.kind = 'admin'
    AND ad.org_id = cp.org_id AND ad.id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
AND cp.last_read_part_id IS NOT NULL
    AND coalesce(ct.id, ad.id) IS NOT NULL
 ORDER BY cp.added_at, cp.user_id),
fb_ts_key(cv.created_at)
 AS sort_key, cv.uid
 FROM
conversations
 cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html,
  pt.body_markdown, pt.author_kind, pt.author_id,
  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id
   AND a.id = pt.author_id) AS contact_type
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.author_kind IS NOT NULL
  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true
, k WHERE cv.org_id = k.org_id
AND cv.id IN (SELECT l.conversation_id
  FROM conversation_tag_links l, k
  WHERE l.org_id = k.org_id AND l.tag_id = ANY (k.tags)
  GROUP BY l.conversation_id HAVING count(*) =
  (SELECT count(DISTINCT x) FROM k, unnest(k.tags) x))
AND (cv.created_at, cv.uid)
  < (fb_ts_from_key(k.after_key), k.after_id)
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
