-- The statements of modules/domain/conversation.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- conversation_render (scoped; varchar, varchar)
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
NULL
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
WHERE cv.org_id = $1 AND cv.id = $2;

-- conversation_parts_all (scoped; varchar, varchar)
SELECT
pt.id,
pt.part_type,
pt.created_at AT TIME ZONE 'UTC',
pt.updated_at AT TIME ZONE 'UTC',
pt.author_kind,
pt.author_id,
pt.redacted,
pt.body_html,
pt.body_markdown,
pt.channel,
CASE WHEN pt.author_kind IS NULL THEN ARRAY(SELECT
ARRAY[d.key, d.value::text] FROM jsonb_each(pt.data) d) END,
a.id,
a.type,
a.name,
a.email,
a.profile_picture,
ad.id,
ad.name,
ad.email,
ad.profile_picture,
pt.n
 FROM
(SELECT pt.org_id, pt.id, pt.n, pt.part_type, pt.created_at,
  pt.updated_at, pt.author_kind, pt.author_id, pt.redacted,
  pt.body_html, pt.body_markdown, pt.channel, pt.data
 FROM conversation_parts pt
 WHERE pt.org_id = $1 AND pt.conversation_id = $2 AND
true
 ORDER BY pt.created_at DESC, pt.n DESC
 LIMIT
500)
 pt
LEFT JOIN contacts a ON pt.author_kind = 'contact'
  AND a.org_id = pt.org_id AND a.id = pt.author_id
LEFT JOIN admins ad ON pt.author_kind = 'admin'
  AND ad.org_id = pt.org_id AND ad.id = pt.author_id
ORDER BY pt.created_at, pt.n;

-- conversation_parts_customer (scoped; varchar, varchar)
SELECT
pt.id,
pt.part_type,
pt.created_at AT TIME ZONE 'UTC',
pt.updated_at AT TIME ZONE 'UTC',
pt.author_kind,
pt.author_id,
pt.redacted,
pt.body_html,
pt.body_markdown,
pt.channel,
CASE WHEN pt.author_kind IS NULL THEN ARRAY(SELECT
ARRAY[d.key, d.value::text] FROM jsonb_each(pt.data) d) END,
a.id,
a.type,
a.name,
a.email,
a.profile_picture,
ad.id,
ad.name,
ad.email,
ad.profile_picture,
pt.n
 FROM
(SELECT pt.org_id, pt.id, pt.n, pt.part_type, pt.created_at,
  pt.updated_at, pt.author_kind, pt.author_id, pt.redacted,
  pt.body_html, pt.body_markdown, pt.channel, pt.data
 FROM conversation_parts pt
 WHERE pt.org_id = $1 AND pt.conversation_id = $2 AND
pt.part_type IN ('user_msg', 'admin_msg', 'email_msg')
 ORDER BY pt.created_at DESC, pt.n DESC
 LIMIT
500)
 pt
LEFT JOIN contacts a ON pt.author_kind = 'contact'
  AND a.org_id = pt.org_id AND a.id = pt.author_id
LEFT JOIN admins ad ON pt.author_kind = 'admin'
  AND ad.org_id = pt.org_id AND ad.id = pt.author_id
ORDER BY pt.created_at, pt.n;

-- conversation_parts_messages (scoped; varchar, varchar)
SELECT
pt.id,
pt.part_type,
pt.created_at AT TIME ZONE 'UTC',
pt.updated_at AT TIME ZONE 'UTC',
pt.author_kind,
pt.author_id,
pt.redacted,
pt.body_html,
pt.body_markdown,
pt.channel,
CASE WHEN pt.author_kind IS NULL THEN ARRAY(SELECT
ARRAY[d.key, d.value::text] FROM jsonb_each(pt.data) d) END,
a.id,
a.type,
a.name,
a.email,
a.profile_picture,
ad.id,
ad.name,
ad.email,
ad.profile_picture,
pt.n
 FROM
(SELECT pt.org_id, pt.id, pt.n, pt.part_type, pt.created_at,
  pt.updated_at, pt.author_kind, pt.author_id, pt.redacted,
  pt.body_html, pt.body_markdown, pt.channel, pt.data
 FROM conversation_parts pt
 WHERE pt.org_id = $1 AND pt.conversation_id = $2 AND
pt.part_type IN ('user_msg', 'admin_msg',
'email_msg', 'admin_note')
 ORDER BY pt.created_at DESC, pt.n DESC
 LIMIT
500)
 pt
LEFT JOIN contacts a ON pt.author_kind = 'contact'
  AND a.org_id = pt.org_id AND a.id = pt.author_id
LEFT JOIN admins ad ON pt.author_kind = 'admin'
  AND ad.org_id = pt.org_id AND ad.id = pt.author_id
ORDER BY pt.created_at, pt.n;

-- conversation_part_render (scoped; varchar, varchar)
SELECT
pt.id,
pt.part_type,
pt.created_at AT TIME ZONE 'UTC',
pt.updated_at AT TIME ZONE 'UTC',
pt.author_kind,
pt.author_id,
pt.redacted,
pt.body_html,
pt.body_markdown,
pt.channel,
CASE WHEN pt.author_kind IS NULL THEN ARRAY(SELECT
ARRAY[d.key, d.value::text] FROM jsonb_each(pt.data) d) END,
a.id,
a.type,
a.name,
a.email,
a.profile_picture,
ad.id,
ad.name,
ad.email,
ad.profile_picture,
pt.n
 FROM
conversation_parts
 pt
LEFT JOIN contacts a ON pt.author_kind = 'contact'
  AND a.org_id = pt.org_id AND a.id = pt.author_id
LEFT JOIN admins ad ON pt.author_kind = 'admin'
  AND ad.org_id = pt.org_id AND ad.id = pt.author_id
WHERE pt.org_id = $1 AND pt.id = $2;

-- conversation_part_insert (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (conversation, type, author_kind, author_id, html, markdown, channel, data, created_at)
SELECT fb_conversation_part_add(k.org_id, k.conversation, k.type,
  k.author_kind, k.author_id, k.html, k.markdown, k.channel, k.data,
  k.created_at)
FROM (SELECT $1::text AS org_id, $2::text AS conversation,
  $3::text AS type, $4::text AS author_kind, $5::text AS author_id,
  $6::text AS html, $7::text AS markdown, $8::text AS channel,
  $9::jsonb AS data, $10::timestamptz AS created_at) k;

-- conversation_state_move (scoped; varchar, varchar, varchar, varchar) named (id, state, until)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id, $2::text AS id,
  $3::text AS state, $4::timestamptz AS until)
UPDATE conversations c SET state = k.state, snoozed_until = k.until,
  waiting_since = CASE WHEN k.state = 'closed' THEN NULL
    ELSE c.waiting_since END,
  wake_lease = CASE WHEN k.state = 'snoozed' THEN NULL
    ELSE c.wake_lease END, updated_at = now()
FROM k, (SELECT o.state AS before FROM conversations o, k
         WHERE o.org_id = k.org_id AND o.id = k.id) b
WHERE c.org_id = k.org_id AND c.id = k.id
  AND (c.state, c.snoozed_until)
      IS DISTINCT FROM (k.state, k.until)
RETURNING b.before, jsonb_build_object('status', k.state,
  'snoozedUntil', fb_iso(k.until))::text;

-- conversation_wake_due (scoped; varchar, varchar)
SELECT id FROM conversations WHERE org_id = $1 AND id = $2
AND state = 'snoozed' AND snoozed_until <= now() FOR UPDATE;
