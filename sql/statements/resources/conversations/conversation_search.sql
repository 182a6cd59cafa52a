-- The statements of modules/resources/conversations/conversation_search.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- conversation_search_activity_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
cv.*,
fb_ts_key(coalesce(cv.last_activity_at, cv.created_at))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
conversations cv, k WHERE cv.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.state), 'null'::jsonb)
WHEN 'priority' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.priority::text), 'null'::jsonb)
WHEN 'adminAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.admin_assignee_id), 'null'::jsonb)
WHEN 'teamAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.team_assignee_id), 'null'::jsonb)
WHEN 'brandId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.brand_id), 'null'::jsonb)
WHEN 'tagIds' THEN
EXISTS (SELECT 1 FROM conversation_tag_links l
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
l.tag_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  JOIN contact_companies cc
    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND cp.kind = 'contact' AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
cv.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
cv.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
cv.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
cv.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
cv.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'customAttributes' THEN
(fc.j -> 'v') @> jsonb_build_array(coalesce(
  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 DESC,
cv.uid
 DESC
 LIMIT $8)
, shown AS (SELECT cv.*, k.q IS NOT NULL AS searched,
  CASE WHEN k.q IS NOT NULL THEN
(SELECT pt.id FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.search @@ k.q
  ORDER BY ts_rank(pt.search, k.q) DESC, pt.n DESC LIMIT 1)
 END AS match_id
  FROM page cv, k)
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
(SELECT u.user_id FROM conversation_participants u
JOIN contacts uc ON uc.org_id = u.org_id AND uc.id = u.user_id
WHERE u.org_id = cv.org_id AND u.conversation_id = cv.id
AND u.kind = 'contact' ORDER BY u.added_at, u.user_id LIMIT 1),
cv.search_score,
cv.searched,
mp.id,
mp.part_type,
mp.created_at AT TIME ZONE 'UTC',
CASE WHEN mp.redacted THEN NULL
ELSE left(mp.body_markdown,
500) END,
mp.author_kind,
mp.author_id,
cv.sort_key, cv.uid, cv.search_total
 FROM
shown
 cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html,
  pt.body_markdown, pt.author_kind, pt.author_id,
  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id
   AND a.id = pt.author_id) AS contact_type
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.author_kind IS NOT NULL
  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true
LEFT JOIN conversation_parts mp
  ON mp.org_id = cv.org_id AND mp.id = cv.match_id
 ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 DESC,
cv.uid
 DESC;

-- conversation_search_activity_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
cv.*,
fb_ts_key(coalesce(cv.last_activity_at, cv.created_at))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
conversations cv, k WHERE cv.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.state), 'null'::jsonb)
WHEN 'priority' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.priority::text), 'null'::jsonb)
WHEN 'adminAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.admin_assignee_id), 'null'::jsonb)
WHEN 'teamAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.team_assignee_id), 'null'::jsonb)
WHEN 'brandId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.brand_id), 'null'::jsonb)
WHEN 'tagIds' THEN
EXISTS (SELECT 1 FROM conversation_tag_links l
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
l.tag_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  JOIN contact_companies cc
    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND cp.kind = 'contact' AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
cv.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
cv.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
cv.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
cv.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
cv.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'customAttributes' THEN
(fc.j -> 'v') @> jsonb_build_array(coalesce(
  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (coalesce(cv.last_activity_at, cv.created_at),
cv.uid) < (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 DESC,
cv.uid
 DESC
 LIMIT $8)
, shown AS (SELECT cv.*, k.q IS NOT NULL AS searched,
  CASE WHEN k.q IS NOT NULL THEN
(SELECT pt.id FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.search @@ k.q
  ORDER BY ts_rank(pt.search, k.q) DESC, pt.n DESC LIMIT 1)
 END AS match_id
  FROM page cv, k)
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
(SELECT u.user_id FROM conversation_participants u
JOIN contacts uc ON uc.org_id = u.org_id AND uc.id = u.user_id
WHERE u.org_id = cv.org_id AND u.conversation_id = cv.id
AND u.kind = 'contact' ORDER BY u.added_at, u.user_id LIMIT 1),
cv.search_score,
cv.searched,
mp.id,
mp.part_type,
mp.created_at AT TIME ZONE 'UTC',
CASE WHEN mp.redacted THEN NULL
ELSE left(mp.body_markdown,
500) END,
mp.author_kind,
mp.author_id,
cv.sort_key, cv.uid, cv.search_total
 FROM
shown
 cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html,
  pt.body_markdown, pt.author_kind, pt.author_id,
  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id
   AND a.id = pt.author_id) AS contact_type
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.author_kind IS NOT NULL
  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true
LEFT JOIN conversation_parts mp
  ON mp.org_id = cv.org_id AND mp.id = cv.match_id
 ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 DESC,
cv.uid
 DESC;

-- conversation_search_activity_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
cv.*,
fb_ts_key(coalesce(cv.last_activity_at, cv.created_at))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
conversations cv, k WHERE cv.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.state), 'null'::jsonb)
WHEN 'priority' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.priority::text), 'null'::jsonb)
WHEN 'adminAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.admin_assignee_id), 'null'::jsonb)
WHEN 'teamAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.team_assignee_id), 'null'::jsonb)
WHEN 'brandId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.brand_id), 'null'::jsonb)
WHEN 'tagIds' THEN
EXISTS (SELECT 1 FROM conversation_tag_links l
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
l.tag_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  JOIN contact_companies cc
    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND cp.kind = 'contact' AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
cv.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
cv.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
cv.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
cv.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
cv.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'customAttributes' THEN
(fc.j -> 'v') @> jsonb_build_array(coalesce(
  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 ASC,
cv.uid
 ASC
 LIMIT $8)
, shown AS (SELECT cv.*, k.q IS NOT NULL AS searched,
  CASE WHEN k.q IS NOT NULL THEN
(SELECT pt.id FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.search @@ k.q
  ORDER BY ts_rank(pt.search, k.q) DESC, pt.n DESC LIMIT 1)
 END AS match_id
  FROM page cv, k)
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
(SELECT u.user_id FROM conversation_participants u
JOIN contacts uc ON uc.org_id = u.org_id AND uc.id = u.user_id
WHERE u.org_id = cv.org_id AND u.conversation_id = cv.id
AND u.kind = 'contact' ORDER BY u.added_at, u.user_id LIMIT 1),
cv.search_score,
cv.searched,
mp.id,
mp.part_type,
mp.created_at AT TIME ZONE 'UTC',
CASE WHEN mp.redacted THEN NULL
ELSE left(mp.body_markdown,
500) END,
mp.author_kind,
mp.author_id,
cv.sort_key, cv.uid, cv.search_total
 FROM
shown
 cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html,
  pt.body_markdown, pt.author_kind, pt.author_id,
  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id
   AND a.id = pt.author_id) AS contact_type
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.author_kind IS NOT NULL
  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true
LEFT JOIN conversation_parts mp
  ON mp.org_id = cv.org_id AND mp.id = cv.match_id
 ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 ASC,
cv.uid
 ASC;

-- conversation_search_activity_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
cv.*,
fb_ts_key(coalesce(cv.last_activity_at, cv.created_at))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
conversations cv, k WHERE cv.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.state), 'null'::jsonb)
WHEN 'priority' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.priority::text), 'null'::jsonb)
WHEN 'adminAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.admin_assignee_id), 'null'::jsonb)
WHEN 'teamAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.team_assignee_id), 'null'::jsonb)
WHEN 'brandId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.brand_id), 'null'::jsonb)
WHEN 'tagIds' THEN
EXISTS (SELECT 1 FROM conversation_tag_links l
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
l.tag_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  JOIN contact_companies cc
    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND cp.kind = 'contact' AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
cv.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
cv.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
cv.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
cv.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
cv.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'customAttributes' THEN
(fc.j -> 'v') @> jsonb_build_array(coalesce(
  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (coalesce(cv.last_activity_at, cv.created_at),
cv.uid) > (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 ASC,
cv.uid
 ASC
 LIMIT $8)
, shown AS (SELECT cv.*, k.q IS NOT NULL AS searched,
  CASE WHEN k.q IS NOT NULL THEN
(SELECT pt.id FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.search @@ k.q
  ORDER BY ts_rank(pt.search, k.q) DESC, pt.n DESC LIMIT 1)
 END AS match_id
  FROM page cv, k)
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
(SELECT u.user_id FROM conversation_participants u
JOIN contacts uc ON uc.org_id = u.org_id AND uc.id = u.user_id
WHERE u.org_id = cv.org_id AND u.conversation_id = cv.id
AND u.kind = 'contact' ORDER BY u.added_at, u.user_id LIMIT 1),
cv.search_score,
cv.searched,
mp.id,
mp.part_type,
mp.created_at AT TIME ZONE 'UTC',
CASE WHEN mp.redacted THEN NULL
ELSE left(mp.body_markdown,
500) END,
mp.author_kind,
mp.author_id,
cv.sort_key, cv.uid, cv.search_total
 FROM
shown
 cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html,
  pt.body_markdown, pt.author_kind, pt.author_id,
  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id
   AND a.id = pt.author_id) AS contact_type
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.author_kind IS NOT NULL
  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true
LEFT JOIN conversation_parts mp
  ON mp.org_id = cv.org_id AND mp.id = cv.match_id
 ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 ASC,
cv.uid
 ASC;

-- conversation_search_count (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
SELECT count(*) FROM (SELECT 1 FROM
conversations cv, k WHERE cv.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.state), 'null'::jsonb)
WHEN 'priority' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.priority::text), 'null'::jsonb)
WHEN 'adminAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.admin_assignee_id), 'null'::jsonb)
WHEN 'teamAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.team_assignee_id), 'null'::jsonb)
WHEN 'brandId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.brand_id), 'null'::jsonb)
WHEN 'tagIds' THEN
EXISTS (SELECT 1 FROM conversation_tag_links l
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
l.tag_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  JOIN contact_companies cc
    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND cp.kind = 'contact' AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
cv.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
cv.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
cv.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
cv.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
cv.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'customAttributes' THEN
(fc.j -> 'v') @> jsonb_build_array(coalesce(
  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
 LIMIT $8) x;

-- conversation_search_tagged_activity_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
cv.*,
fb_ts_key(coalesce(cv.last_activity_at, cv.created_at))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT l.conversation_id AS id
  FROM conversation_tag_links l, k WHERE l.org_id = k.org_id
  AND l.tag_id = ANY (fb_search_ids(k.index_clauses, 'tagIds'))) d,
  conversations cv WHERE cv.org_id = k.org_id AND cv.id = d.id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.state), 'null'::jsonb)
WHEN 'priority' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.priority::text), 'null'::jsonb)
WHEN 'adminAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.admin_assignee_id), 'null'::jsonb)
WHEN 'teamAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.team_assignee_id), 'null'::jsonb)
WHEN 'brandId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.brand_id), 'null'::jsonb)
WHEN 'tagIds' THEN
EXISTS (SELECT 1 FROM conversation_tag_links l
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
l.tag_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  JOIN contact_companies cc
    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND cp.kind = 'contact' AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
cv.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
cv.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
cv.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
cv.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
cv.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'customAttributes' THEN
(fc.j -> 'v') @> jsonb_build_array(coalesce(
  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 DESC,
cv.uid
 DESC
 LIMIT $8)
, shown AS (SELECT cv.*, k.q IS NOT NULL AS searched,
  CASE WHEN k.q IS NOT NULL THEN
(SELECT pt.id FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.search @@ k.q
  ORDER BY ts_rank(pt.search, k.q) DESC, pt.n DESC LIMIT 1)
 END AS match_id
  FROM page cv, k)
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
(SELECT u.user_id FROM conversation_participants u
JOIN contacts uc ON uc.org_id = u.org_id AND uc.id = u.user_id
WHERE u.org_id = cv.org_id AND u.conversation_id = cv.id
AND u.kind = 'contact' ORDER BY u.added_at, u.user_id LIMIT 1),
cv.search_score,
cv.searched,
mp.id,
mp.part_type,
mp.created_at AT TIME ZONE 'UTC',
CASE WHEN mp.redacted THEN NULL
ELSE left(mp.body_markdown,
500) END,
mp.author_kind,
mp.author_id,
cv.sort_key, cv.uid, cv.search_total
 FROM
shown
 cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html,
  pt.body_markdown, pt.author_kind, pt.author_id,
  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id
   AND a.id = pt.author_id) AS contact_type
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.author_kind IS NOT NULL
  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true
LEFT JOIN conversation_parts mp
  ON mp.org_id = cv.org_id AND mp.id = cv.match_id
 ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 DESC,
cv.uid
 DESC;

-- conversation_search_tagged_activity_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
cv.*,
fb_ts_key(coalesce(cv.last_activity_at, cv.created_at))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT l.conversation_id AS id
  FROM conversation_tag_links l, k WHERE l.org_id = k.org_id
  AND l.tag_id = ANY (fb_search_ids(k.index_clauses, 'tagIds'))) d,
  conversations cv WHERE cv.org_id = k.org_id AND cv.id = d.id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.state), 'null'::jsonb)
WHEN 'priority' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.priority::text), 'null'::jsonb)
WHEN 'adminAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.admin_assignee_id), 'null'::jsonb)
WHEN 'teamAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.team_assignee_id), 'null'::jsonb)
WHEN 'brandId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.brand_id), 'null'::jsonb)
WHEN 'tagIds' THEN
EXISTS (SELECT 1 FROM conversation_tag_links l
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
l.tag_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  JOIN contact_companies cc
    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND cp.kind = 'contact' AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
cv.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
cv.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
cv.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
cv.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
cv.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'customAttributes' THEN
(fc.j -> 'v') @> jsonb_build_array(coalesce(
  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (coalesce(cv.last_activity_at, cv.created_at),
cv.uid) < (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 DESC,
cv.uid
 DESC
 LIMIT $8)
, shown AS (SELECT cv.*, k.q IS NOT NULL AS searched,
  CASE WHEN k.q IS NOT NULL THEN
(SELECT pt.id FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.search @@ k.q
  ORDER BY ts_rank(pt.search, k.q) DESC, pt.n DESC LIMIT 1)
 END AS match_id
  FROM page cv, k)
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
(SELECT u.user_id FROM conversation_participants u
JOIN contacts uc ON uc.org_id = u.org_id AND uc.id = u.user_id
WHERE u.org_id = cv.org_id AND u.conversation_id = cv.id
AND u.kind = 'contact' ORDER BY u.added_at, u.user_id LIMIT 1),
cv.search_score,
cv.searched,
mp.id,
mp.part_type,
mp.created_at AT TIME ZONE 'UTC',
CASE WHEN mp.redacted THEN NULL
ELSE left(mp.body_markdown,
500) END,
mp.author_kind,
mp.author_id,
cv.sort_key, cv.uid, cv.search_total
 FROM
shown
 cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html,
  pt.body_markdown, pt.author_kind, pt.author_id,
  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id
   AND a.id = pt.author_id) AS contact_type
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.author_kind IS NOT NULL
  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true
LEFT JOIN conversation_parts mp
  ON mp.org_id = cv.org_id AND mp.id = cv.match_id
 ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 DESC,
cv.uid
 DESC;

-- conversation_search_tagged_activity_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
cv.*,
fb_ts_key(coalesce(cv.last_activity_at, cv.created_at))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT l.conversation_id AS id
  FROM conversation_tag_links l, k WHERE l.org_id = k.org_id
  AND l.tag_id = ANY (fb_search_ids(k.index_clauses, 'tagIds'))) d,
  conversations cv WHERE cv.org_id = k.org_id AND cv.id = d.id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.state), 'null'::jsonb)
WHEN 'priority' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.priority::text), 'null'::jsonb)
WHEN 'adminAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.admin_assignee_id), 'null'::jsonb)
WHEN 'teamAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.team_assignee_id), 'null'::jsonb)
WHEN 'brandId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.brand_id), 'null'::jsonb)
WHEN 'tagIds' THEN
EXISTS (SELECT 1 FROM conversation_tag_links l
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
l.tag_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  JOIN contact_companies cc
    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND cp.kind = 'contact' AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
cv.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
cv.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
cv.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
cv.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
cv.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'customAttributes' THEN
(fc.j -> 'v') @> jsonb_build_array(coalesce(
  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 ASC,
cv.uid
 ASC
 LIMIT $8)
, shown AS (SELECT cv.*, k.q IS NOT NULL AS searched,
  CASE WHEN k.q IS NOT NULL THEN
(SELECT pt.id FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.search @@ k.q
  ORDER BY ts_rank(pt.search, k.q) DESC, pt.n DESC LIMIT 1)
 END AS match_id
  FROM page cv, k)
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
(SELECT u.user_id FROM conversation_participants u
JOIN contacts uc ON uc.org_id = u.org_id AND uc.id = u.user_id
WHERE u.org_id = cv.org_id AND u.conversation_id = cv.id
AND u.kind = 'contact' ORDER BY u.added_at, u.user_id LIMIT 1),
cv.search_score,
cv.searched,
mp.id,
mp.part_type,
mp.created_at AT TIME ZONE 'UTC',
CASE WHEN mp.redacted THEN NULL
ELSE left(mp.body_markdown,
500) END,
mp.author_kind,
mp.author_id,
cv.sort_key, cv.uid, cv.search_total
 FROM
shown
 cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html,
  pt.body_markdown, pt.author_kind, pt.author_id,
  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id
   AND a.id = pt.author_id) AS contact_type
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.author_kind IS NOT NULL
  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true
LEFT JOIN conversation_parts mp
  ON mp.org_id = cv.org_id AND mp.id = cv.match_id
 ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 ASC,
cv.uid
 ASC;

-- conversation_search_tagged_activity_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
cv.*,
fb_ts_key(coalesce(cv.last_activity_at, cv.created_at))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT l.conversation_id AS id
  FROM conversation_tag_links l, k WHERE l.org_id = k.org_id
  AND l.tag_id = ANY (fb_search_ids(k.index_clauses, 'tagIds'))) d,
  conversations cv WHERE cv.org_id = k.org_id AND cv.id = d.id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.state), 'null'::jsonb)
WHEN 'priority' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.priority::text), 'null'::jsonb)
WHEN 'adminAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.admin_assignee_id), 'null'::jsonb)
WHEN 'teamAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.team_assignee_id), 'null'::jsonb)
WHEN 'brandId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.brand_id), 'null'::jsonb)
WHEN 'tagIds' THEN
EXISTS (SELECT 1 FROM conversation_tag_links l
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
l.tag_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  JOIN contact_companies cc
    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND cp.kind = 'contact' AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
cv.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
cv.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
cv.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
cv.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
cv.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'customAttributes' THEN
(fc.j -> 'v') @> jsonb_build_array(coalesce(
  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (coalesce(cv.last_activity_at, cv.created_at),
cv.uid) > (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 ASC,
cv.uid
 ASC
 LIMIT $8)
, shown AS (SELECT cv.*, k.q IS NOT NULL AS searched,
  CASE WHEN k.q IS NOT NULL THEN
(SELECT pt.id FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.search @@ k.q
  ORDER BY ts_rank(pt.search, k.q) DESC, pt.n DESC LIMIT 1)
 END AS match_id
  FROM page cv, k)
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
(SELECT u.user_id FROM conversation_participants u
JOIN contacts uc ON uc.org_id = u.org_id AND uc.id = u.user_id
WHERE u.org_id = cv.org_id AND u.conversation_id = cv.id
AND u.kind = 'contact' ORDER BY u.added_at, u.user_id LIMIT 1),
cv.search_score,
cv.searched,
mp.id,
mp.part_type,
mp.created_at AT TIME ZONE 'UTC',
CASE WHEN mp.redacted THEN NULL
ELSE left(mp.body_markdown,
500) END,
mp.author_kind,
mp.author_id,
cv.sort_key, cv.uid, cv.search_total
 FROM
shown
 cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html,
  pt.body_markdown, pt.author_kind, pt.author_id,
  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id
   AND a.id = pt.author_id) AS contact_type
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.author_kind IS NOT NULL
  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true
LEFT JOIN conversation_parts mp
  ON mp.org_id = cv.org_id AND mp.id = cv.match_id
 ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 ASC,
cv.uid
 ASC;

-- conversation_search_tagged_count (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
SELECT count(*) FROM (SELECT 1 FROM
k, (SELECT DISTINCT l.conversation_id AS id
  FROM conversation_tag_links l, k WHERE l.org_id = k.org_id
  AND l.tag_id = ANY (fb_search_ids(k.index_clauses, 'tagIds'))) d,
  conversations cv WHERE cv.org_id = k.org_id AND cv.id = d.id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.state), 'null'::jsonb)
WHEN 'priority' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.priority::text), 'null'::jsonb)
WHEN 'adminAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.admin_assignee_id), 'null'::jsonb)
WHEN 'teamAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.team_assignee_id), 'null'::jsonb)
WHEN 'brandId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.brand_id), 'null'::jsonb)
WHEN 'tagIds' THEN
EXISTS (SELECT 1 FROM conversation_tag_links l
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
l.tag_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  JOIN contact_companies cc
    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND cp.kind = 'contact' AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
cv.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
cv.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
cv.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
cv.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
cv.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'customAttributes' THEN
(fc.j -> 'v') @> jsonb_build_array(coalesce(
  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
 LIMIT $8) x;

-- conversation_search_tag_links (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
SELECT count(*) FROM (SELECT 1
FROM conversation_tag_links l, k WHERE l.org_id = k.org_id
AND l.tag_id = ANY (fb_search_ids(k.index_clauses, 'tagIds')) LIMIT $8) x;

-- conversation_search_joined_activity_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
cv.*,
fb_ts_key(coalesce(cv.last_activity_at, cv.created_at))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT p.conversation_id AS id
  FROM conversation_participants p, k WHERE p.org_id = k.org_id
  AND p.user_id = ANY (fb_search_ids(k.index_clauses, 'participantId'))) d,
  conversations cv WHERE cv.org_id = k.org_id AND cv.id = d.id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.state), 'null'::jsonb)
WHEN 'priority' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.priority::text), 'null'::jsonb)
WHEN 'adminAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.admin_assignee_id), 'null'::jsonb)
WHEN 'teamAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.team_assignee_id), 'null'::jsonb)
WHEN 'brandId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.brand_id), 'null'::jsonb)
WHEN 'tagIds' THEN
EXISTS (SELECT 1 FROM conversation_tag_links l
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
l.tag_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  JOIN contact_companies cc
    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND cp.kind = 'contact' AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
cv.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
cv.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
cv.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
cv.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
cv.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'customAttributes' THEN
(fc.j -> 'v') @> jsonb_build_array(coalesce(
  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 DESC,
cv.uid
 DESC
 LIMIT $8)
, shown AS (SELECT cv.*, k.q IS NOT NULL AS searched,
  CASE WHEN k.q IS NOT NULL THEN
(SELECT pt.id FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.search @@ k.q
  ORDER BY ts_rank(pt.search, k.q) DESC, pt.n DESC LIMIT 1)
 END AS match_id
  FROM page cv, k)
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
(SELECT u.user_id FROM conversation_participants u
JOIN contacts uc ON uc.org_id = u.org_id AND uc.id = u.user_id
WHERE u.org_id = cv.org_id AND u.conversation_id = cv.id
AND u.kind = 'contact' ORDER BY u.added_at, u.user_id LIMIT 1),
cv.search_score,
cv.searched,
mp.id,
mp.part_type,
mp.created_at AT TIME ZONE 'UTC',
CASE WHEN mp.redacted THEN NULL
ELSE left(mp.body_markdown,
500) END,
mp.author_kind,
mp.author_id,
cv.sort_key, cv.uid, cv.search_total
 FROM
shown
 cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html,
  pt.body_markdown, pt.author_kind, pt.author_id,
  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id
   AND a.id = pt.author_id) AS contact_type
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.author_kind IS NOT NULL
  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true
LEFT JOIN conversation_parts mp
  ON mp.org_id = cv.org_id AND mp.id = cv.match_id
 ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 DESC,
cv.uid
 DESC;

-- conversation_search_joined_activity_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
cv.*,
fb_ts_key(coalesce(cv.last_activity_at, cv.created_at))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT p.conversation_id AS id
  FROM conversation_participants p, k WHERE p.org_id = k.org_id
  AND p.user_id = ANY (fb_search_ids(k.index_clauses, 'participantId'))) d,
  conversations cv WHERE cv.org_id = k.org_id AND cv.id = d.id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.state), 'null'::jsonb)
WHEN 'priority' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.priority::text), 'null'::jsonb)
WHEN 'adminAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.admin_assignee_id), 'null'::jsonb)
WHEN 'teamAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.team_assignee_id), 'null'::jsonb)
WHEN 'brandId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.brand_id), 'null'::jsonb)
WHEN 'tagIds' THEN
EXISTS (SELECT 1 FROM conversation_tag_links l
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
l.tag_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  JOIN contact_companies cc
    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND cp.kind = 'contact' AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
cv.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
cv.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
cv.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
cv.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
cv.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'customAttributes' THEN
(fc.j -> 'v') @> jsonb_build_array(coalesce(
  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (coalesce(cv.last_activity_at, cv.created_at),
cv.uid) < (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 DESC,
cv.uid
 DESC
 LIMIT $8)
, shown AS (SELECT cv.*, k.q IS NOT NULL AS searched,
  CASE WHEN k.q IS NOT NULL THEN
(SELECT pt.id FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.search @@ k.q
  ORDER BY ts_rank(pt.search, k.q) DESC, pt.n DESC LIMIT 1)
 END AS match_id
  FROM page cv, k)
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
(SELECT u.user_id FROM conversation_participants u
JOIN contacts uc ON uc.org_id = u.org_id AND uc.id = u.user_id
WHERE u.org_id = cv.org_id AND u.conversation_id = cv.id
AND u.kind = 'contact' ORDER BY u.added_at, u.user_id LIMIT 1),
cv.search_score,
cv.searched,
mp.id,
mp.part_type,
mp.created_at AT TIME ZONE 'UTC',
CASE WHEN mp.redacted THEN NULL
ELSE left(mp.body_markdown,
500) END,
mp.author_kind,
mp.author_id,
cv.sort_key, cv.uid, cv.search_total
 FROM
shown
 cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html,
  pt.body_markdown, pt.author_kind, pt.author_id,
  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id
   AND a.id = pt.author_id) AS contact_type
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.author_kind IS NOT NULL
  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true
LEFT JOIN conversation_parts mp
  ON mp.org_id = cv.org_id AND mp.id = cv.match_id
 ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 DESC,
cv.uid
 DESC;

-- conversation_search_joined_activity_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
cv.*,
fb_ts_key(coalesce(cv.last_activity_at, cv.created_at))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT p.conversation_id AS id
  FROM conversation_participants p, k WHERE p.org_id = k.org_id
  AND p.user_id = ANY (fb_search_ids(k.index_clauses, 'participantId'))) d,
  conversations cv WHERE cv.org_id = k.org_id AND cv.id = d.id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.state), 'null'::jsonb)
WHEN 'priority' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.priority::text), 'null'::jsonb)
WHEN 'adminAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.admin_assignee_id), 'null'::jsonb)
WHEN 'teamAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.team_assignee_id), 'null'::jsonb)
WHEN 'brandId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.brand_id), 'null'::jsonb)
WHEN 'tagIds' THEN
EXISTS (SELECT 1 FROM conversation_tag_links l
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
l.tag_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  JOIN contact_companies cc
    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND cp.kind = 'contact' AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
cv.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
cv.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
cv.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
cv.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
cv.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'customAttributes' THEN
(fc.j -> 'v') @> jsonb_build_array(coalesce(
  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 ASC,
cv.uid
 ASC
 LIMIT $8)
, shown AS (SELECT cv.*, k.q IS NOT NULL AS searched,
  CASE WHEN k.q IS NOT NULL THEN
(SELECT pt.id FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.search @@ k.q
  ORDER BY ts_rank(pt.search, k.q) DESC, pt.n DESC LIMIT 1)
 END AS match_id
  FROM page cv, k)
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
(SELECT u.user_id FROM conversation_participants u
JOIN contacts uc ON uc.org_id = u.org_id AND uc.id = u.user_id
WHERE u.org_id = cv.org_id AND u.conversation_id = cv.id
AND u.kind = 'contact' ORDER BY u.added_at, u.user_id LIMIT 1),
cv.search_score,
cv.searched,
mp.id,
mp.part_type,
mp.created_at AT TIME ZONE 'UTC',
CASE WHEN mp.redacted THEN NULL
ELSE left(mp.body_markdown,
500) END,
mp.author_kind,
mp.author_id,
cv.sort_key, cv.uid, cv.search_total
 FROM
shown
 cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html,
  pt.body_markdown, pt.author_kind, pt.author_id,
  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id
   AND a.id = pt.author_id) AS contact_type
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.author_kind IS NOT NULL
  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true
LEFT JOIN conversation_parts mp
  ON mp.org_id = cv.org_id AND mp.id = cv.match_id
 ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 ASC,
cv.uid
 ASC;

-- conversation_search_joined_activity_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
cv.*,
fb_ts_key(coalesce(cv.last_activity_at, cv.created_at))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT p.conversation_id AS id
  FROM conversation_participants p, k WHERE p.org_id = k.org_id
  AND p.user_id = ANY (fb_search_ids(k.index_clauses, 'participantId'))) d,
  conversations cv WHERE cv.org_id = k.org_id AND cv.id = d.id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.state), 'null'::jsonb)
WHEN 'priority' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.priority::text), 'null'::jsonb)
WHEN 'adminAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.admin_assignee_id), 'null'::jsonb)
WHEN 'teamAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.team_assignee_id), 'null'::jsonb)
WHEN 'brandId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.brand_id), 'null'::jsonb)
WHEN 'tagIds' THEN
EXISTS (SELECT 1 FROM conversation_tag_links l
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
l.tag_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  JOIN contact_companies cc
    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND cp.kind = 'contact' AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
cv.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
cv.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
cv.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
cv.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
cv.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'customAttributes' THEN
(fc.j -> 'v') @> jsonb_build_array(coalesce(
  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (coalesce(cv.last_activity_at, cv.created_at),
cv.uid) > (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 ASC,
cv.uid
 ASC
 LIMIT $8)
, shown AS (SELECT cv.*, k.q IS NOT NULL AS searched,
  CASE WHEN k.q IS NOT NULL THEN
(SELECT pt.id FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.search @@ k.q
  ORDER BY ts_rank(pt.search, k.q) DESC, pt.n DESC LIMIT 1)
 END AS match_id
  FROM page cv, k)
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
(SELECT u.user_id FROM conversation_participants u
JOIN contacts uc ON uc.org_id = u.org_id AND uc.id = u.user_id
WHERE u.org_id = cv.org_id AND u.conversation_id = cv.id
AND u.kind = 'contact' ORDER BY u.added_at, u.user_id LIMIT 1),
cv.search_score,
cv.searched,
mp.id,
mp.part_type,
mp.created_at AT TIME ZONE 'UTC',
CASE WHEN mp.redacted THEN NULL
ELSE left(mp.body_markdown,
500) END,
mp.author_kind,
mp.author_id,
cv.sort_key, cv.uid, cv.search_total
 FROM
shown
 cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html,
  pt.body_markdown, pt.author_kind, pt.author_id,
  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id
   AND a.id = pt.author_id) AS contact_type
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.author_kind IS NOT NULL
  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true
LEFT JOIN conversation_parts mp
  ON mp.org_id = cv.org_id AND mp.id = cv.match_id
 ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 ASC,
cv.uid
 ASC;

-- conversation_search_joined_count (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
SELECT count(*) FROM (SELECT 1 FROM
k, (SELECT DISTINCT p.conversation_id AS id
  FROM conversation_participants p, k WHERE p.org_id = k.org_id
  AND p.user_id = ANY (fb_search_ids(k.index_clauses, 'participantId'))) d,
  conversations cv WHERE cv.org_id = k.org_id AND cv.id = d.id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.state), 'null'::jsonb)
WHEN 'priority' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.priority::text), 'null'::jsonb)
WHEN 'adminAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.admin_assignee_id), 'null'::jsonb)
WHEN 'teamAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.team_assignee_id), 'null'::jsonb)
WHEN 'brandId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.brand_id), 'null'::jsonb)
WHEN 'tagIds' THEN
EXISTS (SELECT 1 FROM conversation_tag_links l
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
l.tag_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  JOIN contact_companies cc
    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND cp.kind = 'contact' AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
cv.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
cv.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
cv.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
cv.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
cv.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'customAttributes' THEN
(fc.j -> 'v') @> jsonb_build_array(coalesce(
  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
 LIMIT $8) x;

-- conversation_search_people_links (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
SELECT count(*) FROM (SELECT 1
FROM conversation_participants p, k WHERE p.org_id = k.org_id
AND p.user_id = ANY (fb_search_ids(k.index_clauses, 'participantId'))
LIMIT $8) x;

-- conversation_search_text_activity_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
m AS (SELECT pt.conversation_id AS id, ts_rank(pt.search, k.q) AS r
  FROM conversation_parts pt, k
  WHERE pt.org_id = k.org_id AND pt.search @@ k.q
  UNION ALL SELECT cv.id, ts_rank(cv.search, k.q)
  FROM conversations cv, k
  WHERE cv.org_id = k.org_id AND cv.search @@ k.q),
hit AS (SELECT m.id,
  round(sum(m.r::float8)::numeric, 6) AS search_score
  FROM m GROUP BY m.id),
admitted AS (SELECT cv.*, hit.search_score FROM hit JOIN k ON true
  JOIN conversations cv ON cv.org_id = k.org_id AND cv.id = hit.id
  WHERE true
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.state), 'null'::jsonb)
WHEN 'priority' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.priority::text), 'null'::jsonb)
WHEN 'adminAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.admin_assignee_id), 'null'::jsonb)
WHEN 'teamAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.team_assignee_id), 'null'::jsonb)
WHEN 'brandId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.brand_id), 'null'::jsonb)
WHEN 'tagIds' THEN
EXISTS (SELECT 1 FROM conversation_tag_links l
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
l.tag_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  JOIN contact_companies cc
    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND cp.kind = 'contact' AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
cv.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
cv.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
cv.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
cv.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
cv.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'customAttributes' THEN
(fc.j -> 'v') @> jsonb_build_array(coalesce(
  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
cv.*,
fb_ts_key(coalesce(cv.last_activity_at, cv.created_at))
 AS sort_key FROM counted
cv, k
  WHERE true
 ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 DESC,
cv.uid
 DESC
 LIMIT $8)
, shown AS (SELECT cv.*, k.q IS NOT NULL AS searched,
  CASE WHEN k.q IS NOT NULL THEN
(SELECT pt.id FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.search @@ k.q
  ORDER BY ts_rank(pt.search, k.q) DESC, pt.n DESC LIMIT 1)
 END AS match_id
  FROM page cv, k)
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
(SELECT u.user_id FROM conversation_participants u
JOIN contacts uc ON uc.org_id = u.org_id AND uc.id = u.user_id
WHERE u.org_id = cv.org_id AND u.conversation_id = cv.id
AND u.kind = 'contact' ORDER BY u.added_at, u.user_id LIMIT 1),
cv.search_score,
cv.searched,
mp.id,
mp.part_type,
mp.created_at AT TIME ZONE 'UTC',
CASE WHEN mp.redacted THEN NULL
ELSE left(mp.body_markdown,
500) END,
mp.author_kind,
mp.author_id,
cv.sort_key, cv.uid, cv.search_total
 FROM
shown
 cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html,
  pt.body_markdown, pt.author_kind, pt.author_id,
  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id
   AND a.id = pt.author_id) AS contact_type
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.author_kind IS NOT NULL
  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true
LEFT JOIN conversation_parts mp
  ON mp.org_id = cv.org_id AND mp.id = cv.match_id
 ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 DESC,
cv.uid
 DESC;

-- conversation_search_text_activity_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
m AS (SELECT pt.conversation_id AS id, ts_rank(pt.search, k.q) AS r
  FROM conversation_parts pt, k
  WHERE pt.org_id = k.org_id AND pt.search @@ k.q
  UNION ALL SELECT cv.id, ts_rank(cv.search, k.q)
  FROM conversations cv, k
  WHERE cv.org_id = k.org_id AND cv.search @@ k.q),
hit AS (SELECT m.id,
  round(sum(m.r::float8)::numeric, 6) AS search_score
  FROM m GROUP BY m.id),
admitted AS (SELECT cv.*, hit.search_score FROM hit JOIN k ON true
  JOIN conversations cv ON cv.org_id = k.org_id AND cv.id = hit.id
  WHERE true
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.state), 'null'::jsonb)
WHEN 'priority' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.priority::text), 'null'::jsonb)
WHEN 'adminAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.admin_assignee_id), 'null'::jsonb)
WHEN 'teamAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.team_assignee_id), 'null'::jsonb)
WHEN 'brandId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.brand_id), 'null'::jsonb)
WHEN 'tagIds' THEN
EXISTS (SELECT 1 FROM conversation_tag_links l
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
l.tag_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  JOIN contact_companies cc
    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND cp.kind = 'contact' AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
cv.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
cv.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
cv.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
cv.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
cv.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'customAttributes' THEN
(fc.j -> 'v') @> jsonb_build_array(coalesce(
  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
cv.*,
fb_ts_key(coalesce(cv.last_activity_at, cv.created_at))
 AS sort_key FROM counted
cv, k
  WHERE true
AND (coalesce(cv.last_activity_at, cv.created_at),
cv.uid) < (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 DESC,
cv.uid
 DESC
 LIMIT $8)
, shown AS (SELECT cv.*, k.q IS NOT NULL AS searched,
  CASE WHEN k.q IS NOT NULL THEN
(SELECT pt.id FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.search @@ k.q
  ORDER BY ts_rank(pt.search, k.q) DESC, pt.n DESC LIMIT 1)
 END AS match_id
  FROM page cv, k)
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
(SELECT u.user_id FROM conversation_participants u
JOIN contacts uc ON uc.org_id = u.org_id AND uc.id = u.user_id
WHERE u.org_id = cv.org_id AND u.conversation_id = cv.id
AND u.kind = 'contact' ORDER BY u.added_at, u.user_id LIMIT 1),
cv.search_score,
cv.searched,
mp.id,
mp.part_type,
mp.created_at AT TIME ZONE 'UTC',
CASE WHEN mp.redacted THEN NULL
ELSE left(mp.body_markdown,
500) END,
mp.author_kind,
mp.author_id,
cv.sort_key, cv.uid, cv.search_total
 FROM
shown
 cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html,
  pt.body_markdown, pt.author_kind, pt.author_id,
  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id
   AND a.id = pt.author_id) AS contact_type
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.author_kind IS NOT NULL
  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true
LEFT JOIN conversation_parts mp
  ON mp.org_id = cv.org_id AND mp.id = cv.match_id
 ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 DESC,
cv.uid
 DESC;

-- conversation_search_text_activity_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
m AS (SELECT pt.conversation_id AS id, ts_rank(pt.search, k.q) AS r
  FROM conversation_parts pt, k
  WHERE pt.org_id = k.org_id AND pt.search @@ k.q
  UNION ALL SELECT cv.id, ts_rank(cv.search, k.q)
  FROM conversations cv, k
  WHERE cv.org_id = k.org_id AND cv.search @@ k.q),
hit AS (SELECT m.id,
  round(sum(m.r::float8)::numeric, 6) AS search_score
  FROM m GROUP BY m.id),
admitted AS (SELECT cv.*, hit.search_score FROM hit JOIN k ON true
  JOIN conversations cv ON cv.org_id = k.org_id AND cv.id = hit.id
  WHERE true
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.state), 'null'::jsonb)
WHEN 'priority' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.priority::text), 'null'::jsonb)
WHEN 'adminAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.admin_assignee_id), 'null'::jsonb)
WHEN 'teamAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.team_assignee_id), 'null'::jsonb)
WHEN 'brandId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.brand_id), 'null'::jsonb)
WHEN 'tagIds' THEN
EXISTS (SELECT 1 FROM conversation_tag_links l
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
l.tag_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  JOIN contact_companies cc
    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND cp.kind = 'contact' AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
cv.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
cv.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
cv.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
cv.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
cv.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'customAttributes' THEN
(fc.j -> 'v') @> jsonb_build_array(coalesce(
  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
cv.*,
fb_ts_key(coalesce(cv.last_activity_at, cv.created_at))
 AS sort_key FROM counted
cv, k
  WHERE true
 ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 ASC,
cv.uid
 ASC
 LIMIT $8)
, shown AS (SELECT cv.*, k.q IS NOT NULL AS searched,
  CASE WHEN k.q IS NOT NULL THEN
(SELECT pt.id FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.search @@ k.q
  ORDER BY ts_rank(pt.search, k.q) DESC, pt.n DESC LIMIT 1)
 END AS match_id
  FROM page cv, k)
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
(SELECT u.user_id FROM conversation_participants u
JOIN contacts uc ON uc.org_id = u.org_id AND uc.id = u.user_id
WHERE u.org_id = cv.org_id AND u.conversation_id = cv.id
AND u.kind = 'contact' ORDER BY u.added_at, u.user_id LIMIT 1),
cv.search_score,
cv.searched,
mp.id,
mp.part_type,
mp.created_at AT TIME ZONE 'UTC',
CASE WHEN mp.redacted THEN NULL
ELSE left(mp.body_markdown,
500) END,
mp.author_kind,
mp.author_id,
cv.sort_key, cv.uid, cv.search_total
 FROM
shown
 cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html,
  pt.body_markdown, pt.author_kind, pt.author_id,
  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id
   AND a.id = pt.author_id) AS contact_type
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.author_kind IS NOT NULL
  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true
LEFT JOIN conversation_parts mp
  ON mp.org_id = cv.org_id AND mp.id = cv.match_id
 ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 ASC,
cv.uid
 ASC;

-- conversation_search_text_activity_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
m AS (SELECT pt.conversation_id AS id, ts_rank(pt.search, k.q) AS r
  FROM conversation_parts pt, k
  WHERE pt.org_id = k.org_id AND pt.search @@ k.q
  UNION ALL SELECT cv.id, ts_rank(cv.search, k.q)
  FROM conversations cv, k
  WHERE cv.org_id = k.org_id AND cv.search @@ k.q),
hit AS (SELECT m.id,
  round(sum(m.r::float8)::numeric, 6) AS search_score
  FROM m GROUP BY m.id),
admitted AS (SELECT cv.*, hit.search_score FROM hit JOIN k ON true
  JOIN conversations cv ON cv.org_id = k.org_id AND cv.id = hit.id
  WHERE true
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.state), 'null'::jsonb)
WHEN 'priority' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.priority::text), 'null'::jsonb)
WHEN 'adminAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.admin_assignee_id), 'null'::jsonb)
WHEN 'teamAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.team_assignee_id), 'null'::jsonb)
WHEN 'brandId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.brand_id), 'null'::jsonb)
WHEN 'tagIds' THEN
EXISTS (SELECT 1 FROM conversation_tag_links l
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
l.tag_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  JOIN contact_companies cc
    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND cp.kind = 'contact' AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
cv.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
cv.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
cv.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
cv.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
cv.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'customAttributes' THEN
(fc.j -> 'v') @> jsonb_build_array(coalesce(
  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
cv.*,
fb_ts_key(coalesce(cv.last_activity_at, cv.created_at))
 AS sort_key FROM counted
cv, k
  WHERE true
AND (coalesce(cv.last_activity_at, cv.created_at),
cv.uid) > (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 ASC,
cv.uid
 ASC
 LIMIT $8)
, shown AS (SELECT cv.*, k.q IS NOT NULL AS searched,
  CASE WHEN k.q IS NOT NULL THEN
(SELECT pt.id FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.search @@ k.q
  ORDER BY ts_rank(pt.search, k.q) DESC, pt.n DESC LIMIT 1)
 END AS match_id
  FROM page cv, k)
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
(SELECT u.user_id FROM conversation_participants u
JOIN contacts uc ON uc.org_id = u.org_id AND uc.id = u.user_id
WHERE u.org_id = cv.org_id AND u.conversation_id = cv.id
AND u.kind = 'contact' ORDER BY u.added_at, u.user_id LIMIT 1),
cv.search_score,
cv.searched,
mp.id,
mp.part_type,
mp.created_at AT TIME ZONE 'UTC',
CASE WHEN mp.redacted THEN NULL
ELSE left(mp.body_markdown,
500) END,
mp.author_kind,
mp.author_id,
cv.sort_key, cv.uid, cv.search_total
 FROM
shown
 cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html,
  pt.body_markdown, pt.author_kind, pt.author_id,
  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id
   AND a.id = pt.author_id) AS contact_type
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.author_kind IS NOT NULL
  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true
LEFT JOIN conversation_parts mp
  ON mp.org_id = cv.org_id AND mp.id = cv.match_id
 ORDER BY
coalesce(cv.last_activity_at, cv.created_at)
 ASC,
cv.uid
 ASC;

-- conversation_search_text (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
m AS (SELECT pt.conversation_id AS id, ts_rank(pt.search, k.q) AS r
  FROM conversation_parts pt, k
  WHERE pt.org_id = k.org_id AND pt.search @@ k.q
  UNION ALL SELECT cv.id, ts_rank(cv.search, k.q)
  FROM conversations cv, k
  WHERE cv.org_id = k.org_id AND cv.search @@ k.q),
hit AS (SELECT m.id,
  round(sum(m.r::float8)::numeric, 6) AS search_score
  FROM m GROUP BY m.id),
admitted AS (SELECT cv.*, hit.search_score FROM hit JOIN k ON true
  JOIN conversations cv ON cv.org_id = k.org_id AND cv.id = hit.id
  WHERE true
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.state), 'null'::jsonb)
WHEN 'priority' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.priority::text), 'null'::jsonb)
WHEN 'adminAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.admin_assignee_id), 'null'::jsonb)
WHEN 'teamAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.team_assignee_id), 'null'::jsonb)
WHEN 'brandId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.brand_id), 'null'::jsonb)
WHEN 'tagIds' THEN
EXISTS (SELECT 1 FROM conversation_tag_links l
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
l.tag_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  JOIN contact_companies cc
    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND cp.kind = 'contact' AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
cv.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
cv.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
cv.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
cv.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
cv.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'customAttributes' THEN
(fc.j -> 'v') @> jsonb_build_array(coalesce(
  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
cv.*,
cv.search_score::text
 AS sort_key FROM counted
cv, k
  WHERE true
 ORDER BY
cv.search_score DESC,
cv.uid
 DESC
 LIMIT $8)
, shown AS (SELECT cv.*, k.q IS NOT NULL AS searched,
  CASE WHEN k.q IS NOT NULL THEN
(SELECT pt.id FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.search @@ k.q
  ORDER BY ts_rank(pt.search, k.q) DESC, pt.n DESC LIMIT 1)
 END AS match_id
  FROM page cv, k)
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
(SELECT u.user_id FROM conversation_participants u
JOIN contacts uc ON uc.org_id = u.org_id AND uc.id = u.user_id
WHERE u.org_id = cv.org_id AND u.conversation_id = cv.id
AND u.kind = 'contact' ORDER BY u.added_at, u.user_id LIMIT 1),
cv.search_score,
cv.searched,
mp.id,
mp.part_type,
mp.created_at AT TIME ZONE 'UTC',
CASE WHEN mp.redacted THEN NULL
ELSE left(mp.body_markdown,
500) END,
mp.author_kind,
mp.author_id,
cv.sort_key, cv.uid, cv.search_total
 FROM
shown
 cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html,
  pt.body_markdown, pt.author_kind, pt.author_id,
  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id
   AND a.id = pt.author_id) AS contact_type
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.author_kind IS NOT NULL
  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true
LEFT JOIN conversation_parts mp
  ON mp.org_id = cv.org_id AND mp.id = cv.match_id
 ORDER BY
cv.search_score DESC,
cv.uid
 DESC;

-- conversation_search_text_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
m AS (SELECT pt.conversation_id AS id, ts_rank(pt.search, k.q) AS r
  FROM conversation_parts pt, k
  WHERE pt.org_id = k.org_id AND pt.search @@ k.q
  UNION ALL SELECT cv.id, ts_rank(cv.search, k.q)
  FROM conversations cv, k
  WHERE cv.org_id = k.org_id AND cv.search @@ k.q),
hit AS (SELECT m.id,
  round(sum(m.r::float8)::numeric, 6) AS search_score
  FROM m GROUP BY m.id),
admitted AS (SELECT cv.*, hit.search_score FROM hit JOIN k ON true
  JOIN conversations cv ON cv.org_id = k.org_id AND cv.id = hit.id
  WHERE true
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.state), 'null'::jsonb)
WHEN 'priority' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.priority::text), 'null'::jsonb)
WHEN 'adminAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.admin_assignee_id), 'null'::jsonb)
WHEN 'teamAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.team_assignee_id), 'null'::jsonb)
WHEN 'brandId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.brand_id), 'null'::jsonb)
WHEN 'tagIds' THEN
EXISTS (SELECT 1 FROM conversation_tag_links l
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
l.tag_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  JOIN contact_companies cc
    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND cp.kind = 'contact' AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
cv.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
cv.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
cv.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
cv.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
cv.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'customAttributes' THEN
(fc.j -> 'v') @> jsonb_build_array(coalesce(
  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
cv.*,
cv.search_score::text
 AS sort_key FROM counted
cv, k
  WHERE true
AND (cv.search_score,
cv.uid) < (k.after_key::numeric, k.after_id)
 ORDER BY
cv.search_score DESC,
cv.uid
 DESC
 LIMIT $8)
, shown AS (SELECT cv.*, k.q IS NOT NULL AS searched,
  CASE WHEN k.q IS NOT NULL THEN
(SELECT pt.id FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.search @@ k.q
  ORDER BY ts_rank(pt.search, k.q) DESC, pt.n DESC LIMIT 1)
 END AS match_id
  FROM page cv, k)
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
(SELECT u.user_id FROM conversation_participants u
JOIN contacts uc ON uc.org_id = u.org_id AND uc.id = u.user_id
WHERE u.org_id = cv.org_id AND u.conversation_id = cv.id
AND u.kind = 'contact' ORDER BY u.added_at, u.user_id LIMIT 1),
cv.search_score,
cv.searched,
mp.id,
mp.part_type,
mp.created_at AT TIME ZONE 'UTC',
CASE WHEN mp.redacted THEN NULL
ELSE left(mp.body_markdown,
500) END,
mp.author_kind,
mp.author_id,
cv.sort_key, cv.uid, cv.search_total
 FROM
shown
 cv LEFT JOIN LATERAL (SELECT pt.n, pt.body_html,
  pt.body_markdown, pt.author_kind, pt.author_id,
  (SELECT a.type FROM contacts a WHERE a.org_id = pt.org_id
   AND a.id = pt.author_id) AS contact_type
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND pt.author_kind IS NOT NULL
  ORDER BY pt.created_at, pt.n LIMIT 1) src ON true
LEFT JOIN conversation_parts mp
  ON mp.org_id = cv.org_id AND mp.id = cv.match_id
 ORDER BY
cv.search_score DESC,
cv.uid
 DESC;

-- conversation_search_text_count (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
m AS (SELECT pt.conversation_id AS id, ts_rank(pt.search, k.q) AS r
  FROM conversation_parts pt, k
  WHERE pt.org_id = k.org_id AND pt.search @@ k.q
  UNION ALL SELECT cv.id, ts_rank(cv.search, k.q)
  FROM conversations cv, k
  WHERE cv.org_id = k.org_id AND cv.search @@ k.q),
hit AS (SELECT m.id,
  round(sum(m.r::float8)::numeric, 6) AS search_score
  FROM m GROUP BY m.id),
admitted AS (SELECT cv.*, hit.search_score FROM hit JOIN k ON true
  JOIN conversations cv ON cv.org_id = k.org_id AND cv.id = hit.id
  WHERE true
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'state' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.state), 'null'::jsonb)
WHEN 'priority' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.priority::text), 'null'::jsonb)
WHEN 'adminAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.admin_assignee_id), 'null'::jsonb)
WHEN 'teamAssigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.team_assignee_id), 'null'::jsonb)
WHEN 'brandId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(cv.brand_id), 'null'::jsonb)
WHEN 'tagIds' THEN
EXISTS (SELECT 1 FROM conversation_tag_links l
  WHERE l.org_id = cv.org_id AND l.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
l.tag_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'participantId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND
(fc.j -> 'v') ?
cp.user_id)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM conversation_participants cp
  JOIN contact_companies cc
    ON cc.org_id = cp.org_id AND cc.contact_id = cp.user_id
  WHERE cp.org_id = cv.org_id AND cp.conversation_id = cv.id
  AND cp.kind = 'contact' AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
cv.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
cv.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
cv.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
cv.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
cv.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'customAttributes' THEN
(fc.j -> 'v') @> jsonb_build_array(coalesce(
  cv.custom_attributes -> (fc.j ->> 'k'), 'null'::jsonb))
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
)
 SELECT count(*) FROM (SELECT 1
FROM admitted LIMIT $8) x;
