-- The statements of modules/resources/reports/report_drill.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- report_drill_conversations (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (metric, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key, bucket, group_value, segment_value, cell, sort, dir, skip, limit)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS tz, $4::text AS start_at,
  $5::text AS end_at, $6::text AS gran, $7::jsonb AS tree,
  $8::jsonb AS rules, $9::text AS d1, $10::text AS d1_key,
  $11::text AS d2, $12::text AS d2_key, $13::timestamptz AS bucket,
  $14::text AS group_value, $15::text AS segment_value,
  $16::text AS cell, $17::text AS sort, $18::text AS dir,
  $19::bigint AS skip),
k AS NOT MATERIALIZED (SELECT a.*,
CASE WHEN length(a.start_at) = 10 THEN
a.start_at::timestamp AT TIME ZONE a.tz
ELSE
a.start_at::timestamptz END
 AS t0,
CASE WHEN length(a.end_at) = 10 THEN
a.end_at::timestamp AT TIME ZONE a.tz
ELSE
a.end_at::timestamptz END
 AS t1 FROM a)
,
x AS (SELECT
c.id
 AS rid,
NULL::text
 AS pid,
c.created_at
 AS t,
  (1)::float8 AS v
  FROM k CROSS JOIN
conversations c
  CROSS JOIN LATERAL (SELECT CASE WHEN k.rules IS NULL
    THEN NULL::boolean[] ELSE ARRAY(SELECT
coalesce(CASE fc.j ->> 'o'
  WHEN 'in' THEN (fc.j -> 'v') ?|
av.vals
  WHEN 'nin' THEN NOT coalesce((fc.j -> 'v') ?|
av.vals, false)
  WHEN 'has' THEN
(strpos(lower(array_to_string(av.vals, chr(1))),
  lower(fc.j -> 'v' ->> 0)) > 0)
  WHEN 'nhas' THEN NOT coalesce((strpos(lower(array_to_string(av.vals, chr(1))),
  lower(fc.j -> 'v' ->> 0)) > 0), false)
  WHEN 'ex' THEN cardinality(array_remove(av.vals, NULL)) > 0
  WHEN 'nex' THEN cardinality(array_remove(av.vals, NULL)) = 0
  WHEN 'ge' THEN
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
>=
 (fc.j -> 'v' ->>
0)::timestamptz
  ELSE (av.vals)[1]::numeric
>=
 (fc.j -> 'v' ->>
0)::numeric END)
  WHEN 'le' THEN
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
<=
 (fc.j -> 'v' ->>
0)::timestamptz
  ELSE (av.vals)[1]::numeric
<=
 (fc.j -> 'v' ->>
0)::numeric END)
  WHEN 'bt' THEN
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
>=
 (fc.j -> 'v' ->>
0)::timestamptz
  ELSE (av.vals)[1]::numeric
>=
 (fc.j -> 'v' ->>
0)::numeric END)
 AND
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
<=
 (fc.j -> 'v' ->>
1)::timestamptz
  ELSE (av.vals)[1]::numeric
<=
 (fc.j -> 'v' ->>
1)::numeric END)
 END, false)
    FROM jsonb_array_elements(k.rules) WITH ORDINALITY fc(j, i),
    LATERAL (SELECT
CASE
fc.j ->> 'f'
WHEN 'conversation.channel' THEN ARRAY[c.channel]
WHEN 'conversation.state' THEN ARRAY[c.state]
WHEN 'conversation.priority' THEN ARRAY[c.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[c.delivered_as]
WHEN 'conversation.language' THEN ARRAY[c.language]
WHEN 'conversation.team' THEN ARRAY[c.team_assignee_id]
WHEN 'conversation.assignee' THEN ARRAY[c.admin_assignee_id]
WHEN 'conversation.brand' THEN ARRAY[c.brand_id]
WHEN 'conversation.tags' THEN ARRAY(SELECT l.tag_id
  FROM conversation_tag_links l WHERE l.org_id = c.org_id
  AND l.conversation_id = c.id)
WHEN 'conversation.custom' THEN
CASE jsonb_typeof(c.custom_attributes
 -> (fc.j ->> 'k')) WHEN 'array'
  THEN ARRAY(SELECT jsonb_array_elements_text(c.custom_attributes
 -> (fc.j ->> 'k')))
  ELSE ARRAY[c.custom_attributes
 ->> (fc.j ->> 'k')] END
ELSE '{}'::text[] END
      AS vals OFFSET 0) av ORDER BY fc.i) END AS pass OFFSET 0) rp
  WHERE
c.org_id = k.org_id AND
c.created_at
 >= k.t0 AND
c.created_at
 < k.t1
 AND (k.tree IS NULL OR
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(k.tree
 -> 'c') c1(j) WHERE coalesce(CASE WHEN c1.j ? 'r'
  THEN rp.pass[(c1.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c1.j
 -> 'c') c2(j) WHERE coalesce(CASE WHEN c2.j ? 'r'
  THEN rp.pass[(c2.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c2.j
 -> 'c') c3(j) WHERE coalesce(CASE WHEN c3.j ? 'r'
  THEN rp.pass[(c3.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c3.j
 -> 'c') c4(j) WHERE coalesce(CASE WHEN c4.j ? 'r'
  THEN rp.pass[(c4.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c4.j
 -> 'c') c5(j) WHERE coalesce(CASE WHEN c5.j ? 'r'
  THEN rp.pass[(c5.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c5.j
 -> 'c') c6(j) WHERE coalesce(CASE WHEN c6.j ? 'r'
  THEN rp.pass[(c6.j ->> 'r')::int] ELSE
false
 END, false)
  = (c5.j
 ->> 'op' = 'or')) <> (c5.j
 ->> 'op' = 'or'))
 END, false)
  = (c4.j
 ->> 'op' = 'or')) <> (c4.j
 ->> 'op' = 'or'))
 END, false)
  = (c3.j
 ->> 'op' = 'or')) <> (c3.j
 ->> 'op' = 'or'))
 END, false)
  = (c2.j
 ->> 'op' = 'or')) <> (c2.j
 ->> 'op' = 'or'))
 END, false)
  = (c1.j
 ->> 'op' = 'or')) <> (c1.j
 ->> 'op' = 'or'))
 END, false)
  = (k.tree
 ->> 'op' = 'or')) <> (k.tree
 ->> 'op' = 'or')))
  AND (k.bucket IS NULL OR
CASE WHEN k.gran = 'hour' THEN (c.created_at) - ((c.created_at) AT TIME ZONE k.tz
  - date_trunc('hour', (c.created_at) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
c.created_at, k.tz) END
 = k.bucket)
  AND (k.cell IS NULL
    OR to_char((c.created_at) AT TIME ZONE k.tz, 'ID:HH24') = k.cell)
  AND
(k.d1
 IS NULL OR
k.group_value
 IS NULL OR coalesce(nullif(array_remove(CASE
k.d1
WHEN 'conversation.channel' THEN ARRAY[c.channel]
WHEN 'conversation.state' THEN ARRAY[c.state]
WHEN 'conversation.priority' THEN ARRAY[c.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[c.delivered_as]
WHEN 'conversation.language' THEN ARRAY[c.language]
WHEN 'conversation.team' THEN ARRAY[c.team_assignee_id]
WHEN 'conversation.assignee' THEN ARRAY[c.admin_assignee_id]
WHEN 'conversation.brand' THEN ARRAY[c.brand_id]
WHEN 'conversation.tags' THEN ARRAY(SELECT l.tag_id
  FROM conversation_tag_links l WHERE l.org_id = c.org_id
  AND l.conversation_id = c.id)
WHEN 'conversation.custom' THEN
CASE jsonb_typeof(c.custom_attributes
 -> (k.d1_key)) WHEN 'array'
  THEN ARRAY(SELECT jsonb_array_elements_text(c.custom_attributes
 -> (k.d1_key)))
  ELSE ARRAY[c.custom_attributes
 ->> (k.d1_key)] END
ELSE '{}'::text[] END, NULL), '{}'::text[]), ARRAY['']) @> ARRAY[k.group_value])
  AND
(k.d2
 IS NULL OR
k.segment_value
 IS NULL OR coalesce(nullif(array_remove(CASE
k.d2
WHEN 'conversation.channel' THEN ARRAY[c.channel]
WHEN 'conversation.state' THEN ARRAY[c.state]
WHEN 'conversation.priority' THEN ARRAY[c.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[c.delivered_as]
WHEN 'conversation.language' THEN ARRAY[c.language]
WHEN 'conversation.team' THEN ARRAY[c.team_assignee_id]
WHEN 'conversation.assignee' THEN ARRAY[c.admin_assignee_id]
WHEN 'conversation.brand' THEN ARRAY[c.brand_id]
WHEN 'conversation.tags' THEN ARRAY(SELECT l.tag_id
  FROM conversation_tag_links l WHERE l.org_id = c.org_id
  AND l.conversation_id = c.id)
WHEN 'conversation.custom' THEN
CASE jsonb_typeof(c.custom_attributes
 -> (k.d2_key)) WHEN 'array'
  THEN ARRAY(SELECT jsonb_array_elements_text(c.custom_attributes
 -> (k.d2_key)))
  ELSE ARRAY[c.custom_attributes
 ->> (k.d2_key)] END
ELSE '{}'::text[] END, NULL), '{}'::text[]), ARRAY['']) @> ARRAY[k.segment_value])),
ranked AS (SELECT x.*, count(*) OVER () AS total, row_number() OVER (
  ORDER BY CASE WHEN k.sort = 'metric.value' AND k.dir = 'asc'
      THEN x.v END ASC NULLS LAST,
    CASE WHEN k.sort = 'metric.value' AND k.dir = 'desc'
      THEN x.v END DESC NULLS LAST,
    CASE WHEN k.dir = 'asc' THEN x.t END ASC, x.t DESC,
    x.rid DESC, x.pid DESC) AS rn FROM x, k),
page AS (SELECT r.* FROM ranked r, k WHERE r.rn > k.skip
  ORDER BY r.rn LIMIT $20)
SELECT p.rid, fb_iso(p.t), trim_scale(round(p.v::numeric, 3)),
  p.total, fb_iso(c.created_at), c.channel, c.state, c.priority,
  c.admin_assignee_id,
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
c.admin_assignee_id),
  c.team_assignee_id,
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
c.team_assignee_id),
  array_to_string(ARRAY(SELECT t.name FROM conversation_tag_links l
    JOIN conversation_tags t ON t.org_id = l.org_id
    AND t.id = l.tag_id WHERE l.org_id = k.org_id
    AND l.conversation_id = c.id ORDER BY lower(t.name)), chr(1)),
  pt.author_id,
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
pt.author_id)
FROM page p CROSS JOIN k
JOIN conversations c ON c.org_id = k.org_id AND c.id = p.rid
LEFT JOIN conversation_parts pt ON pt.org_id = k.org_id
  AND pt.id = p.pid
 ORDER BY p.rn;

-- report_drill_first_reply (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (metric, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key, bucket, group_value, segment_value, cell, sort, dir, skip, limit)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS tz, $4::text AS start_at,
  $5::text AS end_at, $6::text AS gran, $7::jsonb AS tree,
  $8::jsonb AS rules, $9::text AS d1, $10::text AS d1_key,
  $11::text AS d2, $12::text AS d2_key, $13::timestamptz AS bucket,
  $14::text AS group_value, $15::text AS segment_value,
  $16::text AS cell, $17::text AS sort, $18::text AS dir,
  $19::bigint AS skip),
k AS NOT MATERIALIZED (SELECT a.*,
CASE WHEN length(a.start_at) = 10 THEN
a.start_at::timestamp AT TIME ZONE a.tz
ELSE
a.start_at::timestamptz END
 AS t0,
CASE WHEN length(a.end_at) = 10 THEN
a.end_at::timestamp AT TIME ZONE a.tz
ELSE
a.end_at::timestamptz END
 AS t1 FROM a)
,
x AS (SELECT
c.id
 AS rid,
NULL::text
 AS pid,
c.created_at
 AS t,
  (extract(epoch FROM
c.first_reply_at
 -
c.created_at) * 1000)::float8 AS v
  FROM k CROSS JOIN
conversations c
  CROSS JOIN LATERAL (SELECT CASE WHEN k.rules IS NULL
    THEN NULL::boolean[] ELSE ARRAY(SELECT
coalesce(CASE fc.j ->> 'o'
  WHEN 'in' THEN (fc.j -> 'v') ?|
av.vals
  WHEN 'nin' THEN NOT coalesce((fc.j -> 'v') ?|
av.vals, false)
  WHEN 'has' THEN
(strpos(lower(array_to_string(av.vals, chr(1))),
  lower(fc.j -> 'v' ->> 0)) > 0)
  WHEN 'nhas' THEN NOT coalesce((strpos(lower(array_to_string(av.vals, chr(1))),
  lower(fc.j -> 'v' ->> 0)) > 0), false)
  WHEN 'ex' THEN cardinality(array_remove(av.vals, NULL)) > 0
  WHEN 'nex' THEN cardinality(array_remove(av.vals, NULL)) = 0
  WHEN 'ge' THEN
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
>=
 (fc.j -> 'v' ->>
0)::timestamptz
  ELSE (av.vals)[1]::numeric
>=
 (fc.j -> 'v' ->>
0)::numeric END)
  WHEN 'le' THEN
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
<=
 (fc.j -> 'v' ->>
0)::timestamptz
  ELSE (av.vals)[1]::numeric
<=
 (fc.j -> 'v' ->>
0)::numeric END)
  WHEN 'bt' THEN
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
>=
 (fc.j -> 'v' ->>
0)::timestamptz
  ELSE (av.vals)[1]::numeric
>=
 (fc.j -> 'v' ->>
0)::numeric END)
 AND
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
<=
 (fc.j -> 'v' ->>
1)::timestamptz
  ELSE (av.vals)[1]::numeric
<=
 (fc.j -> 'v' ->>
1)::numeric END)
 END, false)
    FROM jsonb_array_elements(k.rules) WITH ORDINALITY fc(j, i),
    LATERAL (SELECT
CASE
fc.j ->> 'f'
WHEN 'conversation.channel' THEN ARRAY[c.channel]
WHEN 'conversation.state' THEN ARRAY[c.state]
WHEN 'conversation.priority' THEN ARRAY[c.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[c.delivered_as]
WHEN 'conversation.language' THEN ARRAY[c.language]
WHEN 'conversation.team' THEN ARRAY[c.team_assignee_id]
WHEN 'conversation.assignee' THEN ARRAY[c.admin_assignee_id]
WHEN 'conversation.brand' THEN ARRAY[c.brand_id]
WHEN 'conversation.tags' THEN ARRAY(SELECT l.tag_id
  FROM conversation_tag_links l WHERE l.org_id = c.org_id
  AND l.conversation_id = c.id)
WHEN 'conversation.custom' THEN
CASE jsonb_typeof(c.custom_attributes
 -> (fc.j ->> 'k')) WHEN 'array'
  THEN ARRAY(SELECT jsonb_array_elements_text(c.custom_attributes
 -> (fc.j ->> 'k')))
  ELSE ARRAY[c.custom_attributes
 ->> (fc.j ->> 'k')] END
ELSE '{}'::text[] END
      AS vals OFFSET 0) av ORDER BY fc.i) END AS pass OFFSET 0) rp
  WHERE
c.org_id = k.org_id AND c.first_reply_at IS NOT NULL
AND
c.created_at
 >= k.t0 AND
c.created_at
 < k.t1
 AND (k.tree IS NULL OR
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(k.tree
 -> 'c') c1(j) WHERE coalesce(CASE WHEN c1.j ? 'r'
  THEN rp.pass[(c1.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c1.j
 -> 'c') c2(j) WHERE coalesce(CASE WHEN c2.j ? 'r'
  THEN rp.pass[(c2.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c2.j
 -> 'c') c3(j) WHERE coalesce(CASE WHEN c3.j ? 'r'
  THEN rp.pass[(c3.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c3.j
 -> 'c') c4(j) WHERE coalesce(CASE WHEN c4.j ? 'r'
  THEN rp.pass[(c4.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c4.j
 -> 'c') c5(j) WHERE coalesce(CASE WHEN c5.j ? 'r'
  THEN rp.pass[(c5.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c5.j
 -> 'c') c6(j) WHERE coalesce(CASE WHEN c6.j ? 'r'
  THEN rp.pass[(c6.j ->> 'r')::int] ELSE
false
 END, false)
  = (c5.j
 ->> 'op' = 'or')) <> (c5.j
 ->> 'op' = 'or'))
 END, false)
  = (c4.j
 ->> 'op' = 'or')) <> (c4.j
 ->> 'op' = 'or'))
 END, false)
  = (c3.j
 ->> 'op' = 'or')) <> (c3.j
 ->> 'op' = 'or'))
 END, false)
  = (c2.j
 ->> 'op' = 'or')) <> (c2.j
 ->> 'op' = 'or'))
 END, false)
  = (c1.j
 ->> 'op' = 'or')) <> (c1.j
 ->> 'op' = 'or'))
 END, false)
  = (k.tree
 ->> 'op' = 'or')) <> (k.tree
 ->> 'op' = 'or')))
  AND (k.bucket IS NULL OR
CASE WHEN k.gran = 'hour' THEN (c.created_at) - ((c.created_at) AT TIME ZONE k.tz
  - date_trunc('hour', (c.created_at) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
c.created_at, k.tz) END
 = k.bucket)
  AND (k.cell IS NULL
    OR to_char((c.created_at) AT TIME ZONE k.tz, 'ID:HH24') = k.cell)
  AND
(k.d1
 IS NULL OR
k.group_value
 IS NULL OR coalesce(nullif(array_remove(CASE
k.d1
WHEN 'conversation.channel' THEN ARRAY[c.channel]
WHEN 'conversation.state' THEN ARRAY[c.state]
WHEN 'conversation.priority' THEN ARRAY[c.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[c.delivered_as]
WHEN 'conversation.language' THEN ARRAY[c.language]
WHEN 'conversation.team' THEN ARRAY[c.team_assignee_id]
WHEN 'conversation.assignee' THEN ARRAY[c.admin_assignee_id]
WHEN 'conversation.brand' THEN ARRAY[c.brand_id]
WHEN 'conversation.tags' THEN ARRAY(SELECT l.tag_id
  FROM conversation_tag_links l WHERE l.org_id = c.org_id
  AND l.conversation_id = c.id)
WHEN 'conversation.custom' THEN
CASE jsonb_typeof(c.custom_attributes
 -> (k.d1_key)) WHEN 'array'
  THEN ARRAY(SELECT jsonb_array_elements_text(c.custom_attributes
 -> (k.d1_key)))
  ELSE ARRAY[c.custom_attributes
 ->> (k.d1_key)] END
ELSE '{}'::text[] END, NULL), '{}'::text[]), ARRAY['']) @> ARRAY[k.group_value])
  AND
(k.d2
 IS NULL OR
k.segment_value
 IS NULL OR coalesce(nullif(array_remove(CASE
k.d2
WHEN 'conversation.channel' THEN ARRAY[c.channel]
WHEN 'conversation.state' THEN ARRAY[c.state]
WHEN 'conversation.priority' THEN ARRAY[c.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[c.delivered_as]
WHEN 'conversation.language' THEN ARRAY[c.language]
WHEN 'conversation.team' THEN ARRAY[c.team_assignee_id]
WHEN 'conversation.assignee' THEN ARRAY[c.admin_assignee_id]
WHEN 'conversation.brand' THEN ARRAY[c.brand_id]
WHEN 'conversation.tags' THEN ARRAY(SELECT l.tag_id
  FROM conversation_tag_links l WHERE l.org_id = c.org_id
  AND l.conversation_id = c.id)
WHEN 'conversation.custom' THEN
CASE jsonb_typeof(c.custom_attributes
 -> (k.d2_key)) WHEN 'array'
  THEN ARRAY(SELECT jsonb_array_elements_text(c.custom_attributes
 -> (k.d2_key)))
  ELSE ARRAY[c.custom_attributes
 ->> (k.d2_key)] END
ELSE '{}'::text[] END, NULL), '{}'::text[]), ARRAY['']) @> ARRAY[k.segment_value])),
ranked AS (SELECT x.*, count(*) OVER () AS total, row_number() OVER (
  ORDER BY CASE WHEN k.sort = 'metric.value' AND k.dir = 'asc'
      THEN x.v END ASC NULLS LAST,
    CASE WHEN k.sort = 'metric.value' AND k.dir = 'desc'
      THEN x.v END DESC NULLS LAST,
    CASE WHEN k.dir = 'asc' THEN x.t END ASC, x.t DESC,
    x.rid DESC, x.pid DESC) AS rn FROM x, k),
page AS (SELECT r.* FROM ranked r, k WHERE r.rn > k.skip
  ORDER BY r.rn LIMIT $20)
SELECT p.rid, fb_iso(p.t), trim_scale(round(p.v::numeric, 3)),
  p.total, fb_iso(c.created_at), c.channel, c.state, c.priority,
  c.admin_assignee_id,
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
c.admin_assignee_id),
  c.team_assignee_id,
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
c.team_assignee_id),
  array_to_string(ARRAY(SELECT t.name FROM conversation_tag_links l
    JOIN conversation_tags t ON t.org_id = l.org_id
    AND t.id = l.tag_id WHERE l.org_id = k.org_id
    AND l.conversation_id = c.id ORDER BY lower(t.name)), chr(1)),
  pt.author_id,
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
pt.author_id)
FROM page p CROSS JOIN k
JOIN conversations c ON c.org_id = k.org_id AND c.id = p.rid
LEFT JOIN conversation_parts pt ON pt.org_id = k.org_id
  AND pt.id = p.pid
 ORDER BY p.rn;

-- report_drill_closes (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (metric, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key, bucket, group_value, segment_value, cell, sort, dir, skip, limit)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS tz, $4::text AS start_at,
  $5::text AS end_at, $6::text AS gran, $7::jsonb AS tree,
  $8::jsonb AS rules, $9::text AS d1, $10::text AS d1_key,
  $11::text AS d2, $12::text AS d2_key, $13::timestamptz AS bucket,
  $14::text AS group_value, $15::text AS segment_value,
  $16::text AS cell, $17::text AS sort, $18::text AS dir,
  $19::bigint AS skip),
k AS NOT MATERIALIZED (SELECT a.*,
CASE WHEN length(a.start_at) = 10 THEN
a.start_at::timestamp AT TIME ZONE a.tz
ELSE
a.start_at::timestamptz END
 AS t0,
CASE WHEN length(a.end_at) = 10 THEN
a.end_at::timestamp AT TIME ZONE a.tz
ELSE
a.end_at::timestamptz END
 AS t1 FROM a)
,
x AS (SELECT
c.id
 AS rid,
pt.id
 AS pid,
pt.created_at
 AS t,
  (CASE WHEN k.metric = 'time_to_close' THEN
extract(epoch FROM
pt.created_at
 -
c.created_at) * 1000
 ELSE 1 END)::float8 AS v
  FROM k CROSS JOIN
conversation_parts pt JOIN conversations c
ON c.org_id = pt.org_id AND c.id = pt.conversation_id
  CROSS JOIN LATERAL (SELECT CASE WHEN k.rules IS NULL
    THEN NULL::boolean[] ELSE ARRAY(SELECT
coalesce(CASE fc.j ->> 'o'
  WHEN 'in' THEN (fc.j -> 'v') ?|
av.vals
  WHEN 'nin' THEN NOT coalesce((fc.j -> 'v') ?|
av.vals, false)
  WHEN 'has' THEN
(strpos(lower(array_to_string(av.vals, chr(1))),
  lower(fc.j -> 'v' ->> 0)) > 0)
  WHEN 'nhas' THEN NOT coalesce((strpos(lower(array_to_string(av.vals, chr(1))),
  lower(fc.j -> 'v' ->> 0)) > 0), false)
  WHEN 'ex' THEN cardinality(array_remove(av.vals, NULL)) > 0
  WHEN 'nex' THEN cardinality(array_remove(av.vals, NULL)) = 0
  WHEN 'ge' THEN
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
>=
 (fc.j -> 'v' ->>
0)::timestamptz
  ELSE (av.vals)[1]::numeric
>=
 (fc.j -> 'v' ->>
0)::numeric END)
  WHEN 'le' THEN
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
<=
 (fc.j -> 'v' ->>
0)::timestamptz
  ELSE (av.vals)[1]::numeric
<=
 (fc.j -> 'v' ->>
0)::numeric END)
  WHEN 'bt' THEN
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
>=
 (fc.j -> 'v' ->>
0)::timestamptz
  ELSE (av.vals)[1]::numeric
>=
 (fc.j -> 'v' ->>
0)::numeric END)
 AND
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
<=
 (fc.j -> 'v' ->>
1)::timestamptz
  ELSE (av.vals)[1]::numeric
<=
 (fc.j -> 'v' ->>
1)::numeric END)
 END, false)
    FROM jsonb_array_elements(k.rules) WITH ORDINALITY fc(j, i),
    LATERAL (SELECT
CASE
fc.j ->> 'f'
WHEN 'conversation.channel' THEN ARRAY[c.channel]
WHEN 'conversation.state' THEN ARRAY[c.state]
WHEN 'conversation.priority' THEN ARRAY[c.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[c.delivered_as]
WHEN 'conversation.language' THEN ARRAY[c.language]
WHEN 'conversation.team' THEN ARRAY[c.team_assignee_id]
WHEN 'conversation.assignee' THEN ARRAY[c.admin_assignee_id]
WHEN 'conversation.brand' THEN ARRAY[c.brand_id]
WHEN 'conversation.tags' THEN ARRAY(SELECT l.tag_id
  FROM conversation_tag_links l WHERE l.org_id = c.org_id
  AND l.conversation_id = c.id)
WHEN 'conversation.custom' THEN
CASE jsonb_typeof(c.custom_attributes
 -> (fc.j ->> 'k')) WHEN 'array'
  THEN ARRAY(SELECT jsonb_array_elements_text(c.custom_attributes
 -> (fc.j ->> 'k')))
  ELSE ARRAY[c.custom_attributes
 ->> (fc.j ->> 'k')] END
ELSE '{}'::text[] END
      AS vals OFFSET 0) av ORDER BY fc.i) END AS pass OFFSET 0) rp
  WHERE
pt.org_id = k.org_id AND pt.part_type = 'status'
AND pt.data ->> 'status' = 'closed' AND
pt.created_at
 >= k.t0 AND
pt.created_at
 < k.t1
 AND (k.tree IS NULL OR
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(k.tree
 -> 'c') c1(j) WHERE coalesce(CASE WHEN c1.j ? 'r'
  THEN rp.pass[(c1.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c1.j
 -> 'c') c2(j) WHERE coalesce(CASE WHEN c2.j ? 'r'
  THEN rp.pass[(c2.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c2.j
 -> 'c') c3(j) WHERE coalesce(CASE WHEN c3.j ? 'r'
  THEN rp.pass[(c3.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c3.j
 -> 'c') c4(j) WHERE coalesce(CASE WHEN c4.j ? 'r'
  THEN rp.pass[(c4.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c4.j
 -> 'c') c5(j) WHERE coalesce(CASE WHEN c5.j ? 'r'
  THEN rp.pass[(c5.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c5.j
 -> 'c') c6(j) WHERE coalesce(CASE WHEN c6.j ? 'r'
  THEN rp.pass[(c6.j ->> 'r')::int] ELSE
false
 END, false)
  = (c5.j
 ->> 'op' = 'or')) <> (c5.j
 ->> 'op' = 'or'))
 END, false)
  = (c4.j
 ->> 'op' = 'or')) <> (c4.j
 ->> 'op' = 'or'))
 END, false)
  = (c3.j
 ->> 'op' = 'or')) <> (c3.j
 ->> 'op' = 'or'))
 END, false)
  = (c2.j
 ->> 'op' = 'or')) <> (c2.j
 ->> 'op' = 'or'))
 END, false)
  = (c1.j
 ->> 'op' = 'or')) <> (c1.j
 ->> 'op' = 'or'))
 END, false)
  = (k.tree
 ->> 'op' = 'or')) <> (k.tree
 ->> 'op' = 'or')))
  AND (k.bucket IS NULL OR
CASE WHEN k.gran = 'hour' THEN (pt.created_at) - ((pt.created_at) AT TIME ZONE k.tz
  - date_trunc('hour', (pt.created_at) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
pt.created_at, k.tz) END
 = k.bucket)
  AND (k.cell IS NULL
    OR to_char((pt.created_at) AT TIME ZONE k.tz, 'ID:HH24') = k.cell)
  AND
(k.d1
 IS NULL OR
k.group_value
 IS NULL OR coalesce(nullif(array_remove(CASE
k.d1
WHEN 'conversation.channel' THEN ARRAY[c.channel]
WHEN 'conversation.state' THEN ARRAY[c.state]
WHEN 'conversation.priority' THEN ARRAY[c.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[c.delivered_as]
WHEN 'conversation.language' THEN ARRAY[c.language]
WHEN 'conversation.team' THEN ARRAY[c.team_assignee_id]
WHEN 'conversation.assignee' THEN ARRAY[c.admin_assignee_id]
WHEN 'conversation.brand' THEN ARRAY[c.brand_id]
WHEN 'conversation.tags' THEN ARRAY(SELECT l.tag_id
  FROM conversation_tag_links l WHERE l.org_id = c.org_id
  AND l.conversation_id = c.id)
WHEN 'conversation.custom' THEN
CASE jsonb_typeof(c.custom_attributes
 -> (k.d1_key)) WHEN 'array'
  THEN ARRAY(SELECT jsonb_array_elements_text(c.custom_attributes
 -> (k.d1_key)))
  ELSE ARRAY[c.custom_attributes
 ->> (k.d1_key)] END
ELSE '{}'::text[] END, NULL), '{}'::text[]), ARRAY['']) @> ARRAY[k.group_value])
  AND
(k.d2
 IS NULL OR
k.segment_value
 IS NULL OR coalesce(nullif(array_remove(CASE
k.d2
WHEN 'conversation.channel' THEN ARRAY[c.channel]
WHEN 'conversation.state' THEN ARRAY[c.state]
WHEN 'conversation.priority' THEN ARRAY[c.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[c.delivered_as]
WHEN 'conversation.language' THEN ARRAY[c.language]
WHEN 'conversation.team' THEN ARRAY[c.team_assignee_id]
WHEN 'conversation.assignee' THEN ARRAY[c.admin_assignee_id]
WHEN 'conversation.brand' THEN ARRAY[c.brand_id]
WHEN 'conversation.tags' THEN ARRAY(SELECT l.tag_id
  FROM conversation_tag_links l WHERE l.org_id = c.org_id
  AND l.conversation_id = c.id)
WHEN 'conversation.custom' THEN
CASE jsonb_typeof(c.custom_attributes
 -> (k.d2_key)) WHEN 'array'
  THEN ARRAY(SELECT jsonb_array_elements_text(c.custom_attributes
 -> (k.d2_key)))
  ELSE ARRAY[c.custom_attributes
 ->> (k.d2_key)] END
ELSE '{}'::text[] END, NULL), '{}'::text[]), ARRAY['']) @> ARRAY[k.segment_value])),
ranked AS (SELECT x.*, count(*) OVER () AS total, row_number() OVER (
  ORDER BY CASE WHEN k.sort = 'metric.value' AND k.dir = 'asc'
      THEN x.v END ASC NULLS LAST,
    CASE WHEN k.sort = 'metric.value' AND k.dir = 'desc'
      THEN x.v END DESC NULLS LAST,
    CASE WHEN k.dir = 'asc' THEN x.t END ASC, x.t DESC,
    x.rid DESC, x.pid DESC) AS rn FROM x, k),
page AS (SELECT r.* FROM ranked r, k WHERE r.rn > k.skip
  ORDER BY r.rn LIMIT $20)
SELECT p.rid, fb_iso(p.t), trim_scale(round(p.v::numeric, 3)),
  p.total, fb_iso(c.created_at), c.channel, c.state, c.priority,
  c.admin_assignee_id,
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
c.admin_assignee_id),
  c.team_assignee_id,
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
c.team_assignee_id),
  array_to_string(ARRAY(SELECT t.name FROM conversation_tag_links l
    JOIN conversation_tags t ON t.org_id = l.org_id
    AND t.id = l.tag_id WHERE l.org_id = k.org_id
    AND l.conversation_id = c.id ORDER BY lower(t.name)), chr(1)),
  pt.author_id,
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
pt.author_id)
FROM page p CROSS JOIN k
JOIN conversations c ON c.org_id = k.org_id AND c.id = p.rid
LEFT JOIN conversation_parts pt ON pt.org_id = k.org_id
  AND pt.id = p.pid
 ORDER BY p.rn;

-- report_drill_replies (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (metric, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key, bucket, group_value, segment_value, cell, sort, dir, skip, limit)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS tz, $4::text AS start_at,
  $5::text AS end_at, $6::text AS gran, $7::jsonb AS tree,
  $8::jsonb AS rules, $9::text AS d1, $10::text AS d1_key,
  $11::text AS d2, $12::text AS d2_key, $13::timestamptz AS bucket,
  $14::text AS group_value, $15::text AS segment_value,
  $16::text AS cell, $17::text AS sort, $18::text AS dir,
  $19::bigint AS skip),
k AS NOT MATERIALIZED (SELECT a.*,
CASE WHEN length(a.start_at) = 10 THEN
a.start_at::timestamp AT TIME ZONE a.tz
ELSE
a.start_at::timestamptz END
 AS t0,
CASE WHEN length(a.end_at) = 10 THEN
a.end_at::timestamp AT TIME ZONE a.tz
ELSE
a.end_at::timestamptz END
 AS t1 FROM a)
,
x AS (SELECT
c.id
 AS rid,
pt.id
 AS pid,
pt.created_at
 AS t,
  (1)::float8 AS v
  FROM k CROSS JOIN
conversation_parts pt JOIN conversations c
ON c.org_id = pt.org_id AND c.id = pt.conversation_id
  CROSS JOIN LATERAL (SELECT CASE WHEN k.rules IS NULL
    THEN NULL::boolean[] ELSE ARRAY(SELECT
coalesce(CASE fc.j ->> 'o'
  WHEN 'in' THEN (fc.j -> 'v') ?|
av.vals
  WHEN 'nin' THEN NOT coalesce((fc.j -> 'v') ?|
av.vals, false)
  WHEN 'has' THEN
(strpos(lower(array_to_string(av.vals, chr(1))),
  lower(fc.j -> 'v' ->> 0)) > 0)
  WHEN 'nhas' THEN NOT coalesce((strpos(lower(array_to_string(av.vals, chr(1))),
  lower(fc.j -> 'v' ->> 0)) > 0), false)
  WHEN 'ex' THEN cardinality(array_remove(av.vals, NULL)) > 0
  WHEN 'nex' THEN cardinality(array_remove(av.vals, NULL)) = 0
  WHEN 'ge' THEN
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
>=
 (fc.j -> 'v' ->>
0)::timestamptz
  ELSE (av.vals)[1]::numeric
>=
 (fc.j -> 'v' ->>
0)::numeric END)
  WHEN 'le' THEN
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
<=
 (fc.j -> 'v' ->>
0)::timestamptz
  ELSE (av.vals)[1]::numeric
<=
 (fc.j -> 'v' ->>
0)::numeric END)
  WHEN 'bt' THEN
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
>=
 (fc.j -> 'v' ->>
0)::timestamptz
  ELSE (av.vals)[1]::numeric
>=
 (fc.j -> 'v' ->>
0)::numeric END)
 AND
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
<=
 (fc.j -> 'v' ->>
1)::timestamptz
  ELSE (av.vals)[1]::numeric
<=
 (fc.j -> 'v' ->>
1)::numeric END)
 END, false)
    FROM jsonb_array_elements(k.rules) WITH ORDINALITY fc(j, i),
    LATERAL (SELECT
CASE
fc.j ->> 'f'
WHEN 'reply.admin' THEN ARRAY[pt.author_id]
WHEN 'reply.channel' THEN ARRAY[pt.part_type]
ELSE
CASE
fc.j ->> 'f'
WHEN 'conversation.channel' THEN ARRAY[c.channel]
WHEN 'conversation.state' THEN ARRAY[c.state]
WHEN 'conversation.priority' THEN ARRAY[c.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[c.delivered_as]
WHEN 'conversation.language' THEN ARRAY[c.language]
WHEN 'conversation.team' THEN ARRAY[c.team_assignee_id]
WHEN 'conversation.assignee' THEN ARRAY[c.admin_assignee_id]
WHEN 'conversation.brand' THEN ARRAY[c.brand_id]
WHEN 'conversation.tags' THEN ARRAY(SELECT l.tag_id
  FROM conversation_tag_links l WHERE l.org_id = c.org_id
  AND l.conversation_id = c.id)
WHEN 'conversation.custom' THEN
CASE jsonb_typeof(c.custom_attributes
 -> (fc.j ->> 'k')) WHEN 'array'
  THEN ARRAY(SELECT jsonb_array_elements_text(c.custom_attributes
 -> (fc.j ->> 'k')))
  ELSE ARRAY[c.custom_attributes
 ->> (fc.j ->> 'k')] END
ELSE '{}'::text[] END
 END
      AS vals OFFSET 0) av ORDER BY fc.i) END AS pass OFFSET 0) rp
  WHERE
pt.org_id = k.org_id AND pt.author_kind = 'admin'
AND pt.part_type IN ('admin_msg', 'email_msg') AND
pt.created_at
 >= k.t0 AND
pt.created_at
 < k.t1
 AND (k.tree IS NULL OR
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(k.tree
 -> 'c') c1(j) WHERE coalesce(CASE WHEN c1.j ? 'r'
  THEN rp.pass[(c1.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c1.j
 -> 'c') c2(j) WHERE coalesce(CASE WHEN c2.j ? 'r'
  THEN rp.pass[(c2.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c2.j
 -> 'c') c3(j) WHERE coalesce(CASE WHEN c3.j ? 'r'
  THEN rp.pass[(c3.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c3.j
 -> 'c') c4(j) WHERE coalesce(CASE WHEN c4.j ? 'r'
  THEN rp.pass[(c4.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c4.j
 -> 'c') c5(j) WHERE coalesce(CASE WHEN c5.j ? 'r'
  THEN rp.pass[(c5.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c5.j
 -> 'c') c6(j) WHERE coalesce(CASE WHEN c6.j ? 'r'
  THEN rp.pass[(c6.j ->> 'r')::int] ELSE
false
 END, false)
  = (c5.j
 ->> 'op' = 'or')) <> (c5.j
 ->> 'op' = 'or'))
 END, false)
  = (c4.j
 ->> 'op' = 'or')) <> (c4.j
 ->> 'op' = 'or'))
 END, false)
  = (c3.j
 ->> 'op' = 'or')) <> (c3.j
 ->> 'op' = 'or'))
 END, false)
  = (c2.j
 ->> 'op' = 'or')) <> (c2.j
 ->> 'op' = 'or'))
 END, false)
  = (c1.j
 ->> 'op' = 'or')) <> (c1.j
 ->> 'op' = 'or'))
 END, false)
  = (k.tree
 ->> 'op' = 'or')) <> (k.tree
 ->> 'op' = 'or')))
  AND (k.bucket IS NULL OR
CASE WHEN k.gran = 'hour' THEN (pt.created_at) - ((pt.created_at) AT TIME ZONE k.tz
  - date_trunc('hour', (pt.created_at) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
pt.created_at, k.tz) END
 = k.bucket)
  AND (k.cell IS NULL
    OR to_char((pt.created_at) AT TIME ZONE k.tz, 'ID:HH24') = k.cell)
  AND
(k.d1
 IS NULL OR
k.group_value
 IS NULL OR coalesce(nullif(array_remove(CASE
k.d1
WHEN 'reply.admin' THEN ARRAY[pt.author_id]
WHEN 'reply.channel' THEN ARRAY[pt.part_type]
ELSE
CASE
k.d1
WHEN 'conversation.channel' THEN ARRAY[c.channel]
WHEN 'conversation.state' THEN ARRAY[c.state]
WHEN 'conversation.priority' THEN ARRAY[c.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[c.delivered_as]
WHEN 'conversation.language' THEN ARRAY[c.language]
WHEN 'conversation.team' THEN ARRAY[c.team_assignee_id]
WHEN 'conversation.assignee' THEN ARRAY[c.admin_assignee_id]
WHEN 'conversation.brand' THEN ARRAY[c.brand_id]
WHEN 'conversation.tags' THEN ARRAY(SELECT l.tag_id
  FROM conversation_tag_links l WHERE l.org_id = c.org_id
  AND l.conversation_id = c.id)
WHEN 'conversation.custom' THEN
CASE jsonb_typeof(c.custom_attributes
 -> (k.d1_key)) WHEN 'array'
  THEN ARRAY(SELECT jsonb_array_elements_text(c.custom_attributes
 -> (k.d1_key)))
  ELSE ARRAY[c.custom_attributes
 ->> (k.d1_key)] END
ELSE '{}'::text[] END
 END, NULL), '{}'::text[]), ARRAY['']) @> ARRAY[k.group_value])
  AND
(k.d2
 IS NULL OR
k.segment_value
 IS NULL OR coalesce(nullif(array_remove(CASE
k.d2
WHEN 'reply.admin' THEN ARRAY[pt.author_id]
WHEN 'reply.channel' THEN ARRAY[pt.part_type]
ELSE
CASE
k.d2
WHEN 'conversation.channel' THEN ARRAY[c.channel]
WHEN 'conversation.state' THEN ARRAY[c.state]
WHEN 'conversation.priority' THEN ARRAY[c.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[c.delivered_as]
WHEN 'conversation.language' THEN ARRAY[c.language]
WHEN 'conversation.team' THEN ARRAY[c.team_assignee_id]
WHEN 'conversation.assignee' THEN ARRAY[c.admin_assignee_id]
WHEN 'conversation.brand' THEN ARRAY[c.brand_id]
WHEN 'conversation.tags' THEN ARRAY(SELECT l.tag_id
  FROM conversation_tag_links l WHERE l.org_id = c.org_id
  AND l.conversation_id = c.id)
WHEN 'conversation.custom' THEN
CASE jsonb_typeof(c.custom_attributes
 -> (k.d2_key)) WHEN 'array'
  THEN ARRAY(SELECT jsonb_array_elements_text(c.custom_attributes
 -> (k.d2_key)))
  ELSE ARRAY[c.custom_attributes
 ->> (k.d2_key)] END
ELSE '{}'::text[] END
 END, NULL), '{}'::text[]), ARRAY['']) @> ARRAY[k.segment_value])),
ranked AS (SELECT x.*, count(*) OVER () AS total, row_number() OVER (
  ORDER BY CASE WHEN k.sort = 'metric.value' AND k.dir = 'asc'
      THEN x.v END ASC NULLS LAST,
    CASE WHEN k.sort = 'metric.value' AND k.dir = 'desc'
      THEN x.v END DESC NULLS LAST,
    CASE WHEN k.dir = 'asc' THEN x.t END ASC, x.t DESC,
    x.rid DESC, x.pid DESC) AS rn FROM x, k),
page AS (SELECT r.* FROM ranked r, k WHERE r.rn > k.skip
  ORDER BY r.rn LIMIT $20)
SELECT p.rid, fb_iso(p.t), trim_scale(round(p.v::numeric, 3)),
  p.total, fb_iso(c.created_at), c.channel, c.state, c.priority,
  c.admin_assignee_id,
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
c.admin_assignee_id),
  c.team_assignee_id,
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
c.team_assignee_id),
  array_to_string(ARRAY(SELECT t.name FROM conversation_tag_links l
    JOIN conversation_tags t ON t.org_id = l.org_id
    AND t.id = l.tag_id WHERE l.org_id = k.org_id
    AND l.conversation_id = c.id ORDER BY lower(t.name)), chr(1)),
  pt.author_id,
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
pt.author_id)
FROM page p CROSS JOIN k
JOIN conversations c ON c.org_id = k.org_id AND c.id = p.rid
LEFT JOIN conversation_parts pt ON pt.org_id = k.org_id
  AND pt.id = p.pid
 ORDER BY p.rn;

-- report_drill_tickets (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (metric, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key, bucket, group_value, segment_value, cell, sort, dir, skip, limit)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS tz, $4::text AS start_at,
  $5::text AS end_at, $6::text AS gran, $7::jsonb AS tree,
  $8::jsonb AS rules, $9::text AS d1, $10::text AS d1_key,
  $11::text AS d2, $12::text AS d2_key, $13::timestamptz AS bucket,
  $14::text AS group_value, $15::text AS segment_value,
  $16::text AS cell, $17::text AS sort, $18::text AS dir,
  $19::bigint AS skip),
k AS NOT MATERIALIZED (SELECT a.*,
CASE WHEN length(a.start_at) = 10 THEN
a.start_at::timestamp AT TIME ZONE a.tz
ELSE
a.start_at::timestamptz END
 AS t0,
CASE WHEN length(a.end_at) = 10 THEN
a.end_at::timestamp AT TIME ZONE a.tz
ELSE
a.end_at::timestamptz END
 AS t1 FROM a)
,
x AS (SELECT
tk.id
 AS rid,
NULL::text
 AS pid,
tk.created_at
 AS t,
  (1)::float8 AS v
  FROM k CROSS JOIN
tickets tk
  CROSS JOIN LATERAL (SELECT CASE WHEN k.rules IS NULL
    THEN NULL::boolean[] ELSE ARRAY(SELECT
coalesce(CASE fc.j ->> 'o'
  WHEN 'in' THEN (fc.j -> 'v') ?|
av.vals
  WHEN 'nin' THEN NOT coalesce((fc.j -> 'v') ?|
av.vals, false)
  WHEN 'has' THEN
(strpos(lower(array_to_string(av.vals, chr(1))),
  lower(fc.j -> 'v' ->> 0)) > 0)
  WHEN 'nhas' THEN NOT coalesce((strpos(lower(array_to_string(av.vals, chr(1))),
  lower(fc.j -> 'v' ->> 0)) > 0), false)
  WHEN 'ex' THEN cardinality(array_remove(av.vals, NULL)) > 0
  WHEN 'nex' THEN cardinality(array_remove(av.vals, NULL)) = 0
  WHEN 'ge' THEN
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
>=
 (fc.j -> 'v' ->>
0)::timestamptz
  ELSE (av.vals)[1]::numeric
>=
 (fc.j -> 'v' ->>
0)::numeric END)
  WHEN 'le' THEN
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
<=
 (fc.j -> 'v' ->>
0)::timestamptz
  ELSE (av.vals)[1]::numeric
<=
 (fc.j -> 'v' ->>
0)::numeric END)
  WHEN 'bt' THEN
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
>=
 (fc.j -> 'v' ->>
0)::timestamptz
  ELSE (av.vals)[1]::numeric
>=
 (fc.j -> 'v' ->>
0)::numeric END)
 AND
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
<=
 (fc.j -> 'v' ->>
1)::timestamptz
  ELSE (av.vals)[1]::numeric
<=
 (fc.j -> 'v' ->>
1)::numeric END)
 END, false)
    FROM jsonb_array_elements(k.rules) WITH ORDINALITY fc(j, i),
    LATERAL (SELECT
CASE
fc.j ->> 'f'
WHEN 'ticket.category' THEN ARRAY[tk.category_id]
WHEN 'ticket.status' THEN ARRAY[tk.status_id]
WHEN 'ticket.open' THEN ARRAY[tk.open::text]
WHEN 'ticket.assignee' THEN ARRAY[tk.assignee_id]
WHEN 'ticket.company' THEN ARRAY[tk.company_id]
WHEN 'ticket.custom' THEN
CASE jsonb_typeof(tk.custom_fields
 -> (fc.j ->> 'k')) WHEN 'array'
  THEN ARRAY(SELECT jsonb_array_elements_text(tk.custom_fields
 -> (fc.j ->> 'k')))
  ELSE ARRAY[tk.custom_fields
 ->> (fc.j ->> 'k')] END
ELSE '{}'::text[] END
      AS vals OFFSET 0) av ORDER BY fc.i) END AS pass OFFSET 0) rp
  WHERE
tk.org_id = k.org_id AND
tk.created_at
 >= k.t0 AND
tk.created_at
 < k.t1
 AND (k.tree IS NULL OR
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(k.tree
 -> 'c') c1(j) WHERE coalesce(CASE WHEN c1.j ? 'r'
  THEN rp.pass[(c1.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c1.j
 -> 'c') c2(j) WHERE coalesce(CASE WHEN c2.j ? 'r'
  THEN rp.pass[(c2.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c2.j
 -> 'c') c3(j) WHERE coalesce(CASE WHEN c3.j ? 'r'
  THEN rp.pass[(c3.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c3.j
 -> 'c') c4(j) WHERE coalesce(CASE WHEN c4.j ? 'r'
  THEN rp.pass[(c4.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c4.j
 -> 'c') c5(j) WHERE coalesce(CASE WHEN c5.j ? 'r'
  THEN rp.pass[(c5.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c5.j
 -> 'c') c6(j) WHERE coalesce(CASE WHEN c6.j ? 'r'
  THEN rp.pass[(c6.j ->> 'r')::int] ELSE
false
 END, false)
  = (c5.j
 ->> 'op' = 'or')) <> (c5.j
 ->> 'op' = 'or'))
 END, false)
  = (c4.j
 ->> 'op' = 'or')) <> (c4.j
 ->> 'op' = 'or'))
 END, false)
  = (c3.j
 ->> 'op' = 'or')) <> (c3.j
 ->> 'op' = 'or'))
 END, false)
  = (c2.j
 ->> 'op' = 'or')) <> (c2.j
 ->> 'op' = 'or'))
 END, false)
  = (c1.j
 ->> 'op' = 'or')) <> (c1.j
 ->> 'op' = 'or'))
 END, false)
  = (k.tree
 ->> 'op' = 'or')) <> (k.tree
 ->> 'op' = 'or')))
  AND (k.bucket IS NULL OR
CASE WHEN k.gran = 'hour' THEN (tk.created_at) - ((tk.created_at) AT TIME ZONE k.tz
  - date_trunc('hour', (tk.created_at) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
tk.created_at, k.tz) END
 = k.bucket)
  AND (k.cell IS NULL
    OR to_char((tk.created_at) AT TIME ZONE k.tz, 'ID:HH24') = k.cell)
  AND
(k.d1
 IS NULL OR
k.group_value
 IS NULL OR coalesce(nullif(array_remove(CASE
k.d1
WHEN 'ticket.category' THEN ARRAY[tk.category_id]
WHEN 'ticket.status' THEN ARRAY[tk.status_id]
WHEN 'ticket.open' THEN ARRAY[tk.open::text]
WHEN 'ticket.assignee' THEN ARRAY[tk.assignee_id]
WHEN 'ticket.company' THEN ARRAY[tk.company_id]
WHEN 'ticket.custom' THEN
CASE jsonb_typeof(tk.custom_fields
 -> (k.d1_key)) WHEN 'array'
  THEN ARRAY(SELECT jsonb_array_elements_text(tk.custom_fields
 -> (k.d1_key)))
  ELSE ARRAY[tk.custom_fields
 ->> (k.d1_key)] END
ELSE '{}'::text[] END, NULL), '{}'::text[]), ARRAY['']) @> ARRAY[k.group_value])
  AND
(k.d2
 IS NULL OR
k.segment_value
 IS NULL OR coalesce(nullif(array_remove(CASE
k.d2
WHEN 'ticket.category' THEN ARRAY[tk.category_id]
WHEN 'ticket.status' THEN ARRAY[tk.status_id]
WHEN 'ticket.open' THEN ARRAY[tk.open::text]
WHEN 'ticket.assignee' THEN ARRAY[tk.assignee_id]
WHEN 'ticket.company' THEN ARRAY[tk.company_id]
WHEN 'ticket.custom' THEN
CASE jsonb_typeof(tk.custom_fields
 -> (k.d2_key)) WHEN 'array'
  THEN ARRAY(SELECT jsonb_array_elements_text(tk.custom_fields
 -> (k.d2_key)))
  ELSE ARRAY[tk.custom_fields
 ->> (k.d2_key)] END
ELSE '{}'::text[] END, NULL), '{}'::text[]), ARRAY['']) @> ARRAY[k.segment_value])),
ranked AS (SELECT x.*, count(*) OVER () AS total, row_number() OVER (
  ORDER BY CASE WHEN k.sort = 'metric.value' AND k.dir = 'asc'
      THEN x.v END ASC NULLS LAST,
    CASE WHEN k.sort = 'metric.value' AND k.dir = 'desc'
      THEN x.v END DESC NULLS LAST,
    CASE WHEN k.dir = 'asc' THEN x.t END ASC, x.t DESC,
    x.rid DESC, x.pid DESC) AS rn FROM x, k),
page AS (SELECT r.* FROM ranked r, k WHERE r.rn > k.skip
  ORDER BY r.rn LIMIT $20)
SELECT p.rid, fb_iso(p.t), trim_scale(round(p.v::numeric, 3)),
  p.total, tk.number::text, tk.title, tk.category_id,
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
tk.category_id),
  tk.status_id,
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
tk.status_id),
  tk.assignee_id,
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
tk.assignee_id), tk.open
FROM page p CROSS JOIN k
JOIN tickets tk ON tk.org_id = k.org_id AND tk.id = p.rid
 ORDER BY p.rn;

-- report_drill_posts (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (metric, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key, bucket, group_value, segment_value, cell, sort, dir, skip, limit)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS tz, $4::text AS start_at,
  $5::text AS end_at, $6::text AS gran, $7::jsonb AS tree,
  $8::jsonb AS rules, $9::text AS d1, $10::text AS d1_key,
  $11::text AS d2, $12::text AS d2_key, $13::timestamptz AS bucket,
  $14::text AS group_value, $15::text AS segment_value,
  $16::text AS cell, $17::text AS sort, $18::text AS dir,
  $19::bigint AS skip),
k AS NOT MATERIALIZED (SELECT a.*,
CASE WHEN length(a.start_at) = 10 THEN
a.start_at::timestamp AT TIME ZONE a.tz
ELSE
a.start_at::timestamptz END
 AS t0,
CASE WHEN length(a.end_at) = 10 THEN
a.end_at::timestamp AT TIME ZONE a.tz
ELSE
a.end_at::timestamptz END
 AS t1 FROM a)
,
x AS (SELECT
p.id
 AS rid,
NULL::text
 AS pid,
p.created_at
 AS t,
  (1)::float8 AS v
  FROM k CROSS JOIN
posts p
  CROSS JOIN LATERAL (SELECT CASE WHEN k.rules IS NULL
    THEN NULL::boolean[] ELSE ARRAY(SELECT
coalesce(CASE fc.j ->> 'o'
  WHEN 'in' THEN (fc.j -> 'v') ?|
av.vals
  WHEN 'nin' THEN NOT coalesce((fc.j -> 'v') ?|
av.vals, false)
  WHEN 'has' THEN
(strpos(lower(array_to_string(av.vals, chr(1))),
  lower(fc.j -> 'v' ->> 0)) > 0)
  WHEN 'nhas' THEN NOT coalesce((strpos(lower(array_to_string(av.vals, chr(1))),
  lower(fc.j -> 'v' ->> 0)) > 0), false)
  WHEN 'ex' THEN cardinality(array_remove(av.vals, NULL)) > 0
  WHEN 'nex' THEN cardinality(array_remove(av.vals, NULL)) = 0
  WHEN 'ge' THEN
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
>=
 (fc.j -> 'v' ->>
0)::timestamptz
  ELSE (av.vals)[1]::numeric
>=
 (fc.j -> 'v' ->>
0)::numeric END)
  WHEN 'le' THEN
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
<=
 (fc.j -> 'v' ->>
0)::timestamptz
  ELSE (av.vals)[1]::numeric
<=
 (fc.j -> 'v' ->>
0)::numeric END)
  WHEN 'bt' THEN
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
>=
 (fc.j -> 'v' ->>
0)::timestamptz
  ELSE (av.vals)[1]::numeric
>=
 (fc.j -> 'v' ->>
0)::numeric END)
 AND
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
<=
 (fc.j -> 'v' ->>
1)::timestamptz
  ELSE (av.vals)[1]::numeric
<=
 (fc.j -> 'v' ->>
1)::numeric END)
 END, false)
    FROM jsonb_array_elements(k.rules) WITH ORDINALITY fc(j, i),
    LATERAL (SELECT
CASE
fc.j ->> 'f'
WHEN 'post.board' THEN ARRAY[p.board_id]
WHEN 'post.status' THEN ARRAY[p.status_id]
WHEN 'post.tags' THEN p.tag_ids
WHEN 'post.visibility' THEN ARRAY[p.visibility]
ELSE '{}'::text[] END
      AS vals OFFSET 0) av ORDER BY fc.i) END AS pass OFFSET 0) rp
  WHERE
p.org_id = k.org_id AND
p.created_at
 >= k.t0 AND
p.created_at
 < k.t1
 AND (k.tree IS NULL OR
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(k.tree
 -> 'c') c1(j) WHERE coalesce(CASE WHEN c1.j ? 'r'
  THEN rp.pass[(c1.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c1.j
 -> 'c') c2(j) WHERE coalesce(CASE WHEN c2.j ? 'r'
  THEN rp.pass[(c2.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c2.j
 -> 'c') c3(j) WHERE coalesce(CASE WHEN c3.j ? 'r'
  THEN rp.pass[(c3.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c3.j
 -> 'c') c4(j) WHERE coalesce(CASE WHEN c4.j ? 'r'
  THEN rp.pass[(c4.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c4.j
 -> 'c') c5(j) WHERE coalesce(CASE WHEN c5.j ? 'r'
  THEN rp.pass[(c5.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c5.j
 -> 'c') c6(j) WHERE coalesce(CASE WHEN c6.j ? 'r'
  THEN rp.pass[(c6.j ->> 'r')::int] ELSE
false
 END, false)
  = (c5.j
 ->> 'op' = 'or')) <> (c5.j
 ->> 'op' = 'or'))
 END, false)
  = (c4.j
 ->> 'op' = 'or')) <> (c4.j
 ->> 'op' = 'or'))
 END, false)
  = (c3.j
 ->> 'op' = 'or')) <> (c3.j
 ->> 'op' = 'or'))
 END, false)
  = (c2.j
 ->> 'op' = 'or')) <> (c2.j
 ->> 'op' = 'or'))
 END, false)
  = (c1.j
 ->> 'op' = 'or')) <> (c1.j
 ->> 'op' = 'or'))
 END, false)
  = (k.tree
 ->> 'op' = 'or')) <> (k.tree
 ->> 'op' = 'or')))
  AND (k.bucket IS NULL OR
CASE WHEN k.gran = 'hour' THEN (p.created_at) - ((p.created_at) AT TIME ZONE k.tz
  - date_trunc('hour', (p.created_at) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
p.created_at, k.tz) END
 = k.bucket)
  AND (k.cell IS NULL
    OR to_char((p.created_at) AT TIME ZONE k.tz, 'ID:HH24') = k.cell)
  AND
(k.d1
 IS NULL OR
k.group_value
 IS NULL OR coalesce(nullif(array_remove(CASE
k.d1
WHEN 'post.board' THEN ARRAY[p.board_id]
WHEN 'post.status' THEN ARRAY[p.status_id]
WHEN 'post.tags' THEN p.tag_ids
WHEN 'post.visibility' THEN ARRAY[p.visibility]
ELSE '{}'::text[] END, NULL), '{}'::text[]), ARRAY['']) @> ARRAY[k.group_value])
  AND
(k.d2
 IS NULL OR
k.segment_value
 IS NULL OR coalesce(nullif(array_remove(CASE
k.d2
WHEN 'post.board' THEN ARRAY[p.board_id]
WHEN 'post.status' THEN ARRAY[p.status_id]
WHEN 'post.tags' THEN p.tag_ids
WHEN 'post.visibility' THEN ARRAY[p.visibility]
ELSE '{}'::text[] END, NULL), '{}'::text[]), ARRAY['']) @> ARRAY[k.segment_value])),
ranked AS (SELECT x.*, count(*) OVER () AS total, row_number() OVER (
  ORDER BY CASE WHEN k.sort = 'metric.value' AND k.dir = 'asc'
      THEN x.v END ASC NULLS LAST,
    CASE WHEN k.sort = 'metric.value' AND k.dir = 'desc'
      THEN x.v END DESC NULLS LAST,
    CASE WHEN k.dir = 'asc' THEN x.t END ASC, x.t DESC,
    x.rid DESC, x.pid DESC) AS rn FROM x, k),
page AS (SELECT r.* FROM ranked r, k WHERE r.rn > k.skip
  ORDER BY r.rn LIMIT $20)
SELECT p.rid, fb_iso(p.t), trim_scale(round(p.v::numeric, 3)),
  p.total, po.title, po.board_id,
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
po.board_id), po.status_id,
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
po.status_id),
  array_to_string(ARRAY(SELECT t.name FROM tags t
    WHERE t.org_id = k.org_id AND t.id = ANY (po.tag_ids)
    ORDER BY lower(t.name)), chr(1)), p.pid,
(SELECT x.name
 FROM
contacts
 x WHERE x.org_id = k.org_id
AND x.id =
p.pid)
FROM page p CROSS JOIN k
JOIN posts po ON po.org_id = k.org_id AND po.id = p.rid
 ORDER BY p.rn;

-- report_drill_votes (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (metric, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key, bucket, group_value, segment_value, cell, sort, dir, skip, limit)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS tz, $4::text AS start_at,
  $5::text AS end_at, $6::text AS gran, $7::jsonb AS tree,
  $8::jsonb AS rules, $9::text AS d1, $10::text AS d1_key,
  $11::text AS d2, $12::text AS d2_key, $13::timestamptz AS bucket,
  $14::text AS group_value, $15::text AS segment_value,
  $16::text AS cell, $17::text AS sort, $18::text AS dir,
  $19::bigint AS skip),
k AS NOT MATERIALIZED (SELECT a.*,
CASE WHEN length(a.start_at) = 10 THEN
a.start_at::timestamp AT TIME ZONE a.tz
ELSE
a.start_at::timestamptz END
 AS t0,
CASE WHEN length(a.end_at) = 10 THEN
a.end_at::timestamp AT TIME ZONE a.tz
ELSE
a.end_at::timestamptz END
 AS t1 FROM a)
,
x AS (SELECT
p.id
 AS rid,
v.contact_id
 AS pid,
v.created_at
 AS t,
  (1)::float8 AS v
  FROM k CROSS JOIN
post_votes v JOIN posts p
ON p.org_id = v.org_id AND p.id = v.post_id
  CROSS JOIN LATERAL (SELECT CASE WHEN k.rules IS NULL
    THEN NULL::boolean[] ELSE ARRAY(SELECT
coalesce(CASE fc.j ->> 'o'
  WHEN 'in' THEN (fc.j -> 'v') ?|
av.vals
  WHEN 'nin' THEN NOT coalesce((fc.j -> 'v') ?|
av.vals, false)
  WHEN 'has' THEN
(strpos(lower(array_to_string(av.vals, chr(1))),
  lower(fc.j -> 'v' ->> 0)) > 0)
  WHEN 'nhas' THEN NOT coalesce((strpos(lower(array_to_string(av.vals, chr(1))),
  lower(fc.j -> 'v' ->> 0)) > 0), false)
  WHEN 'ex' THEN cardinality(array_remove(av.vals, NULL)) > 0
  WHEN 'nex' THEN cardinality(array_remove(av.vals, NULL)) = 0
  WHEN 'ge' THEN
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
>=
 (fc.j -> 'v' ->>
0)::timestamptz
  ELSE (av.vals)[1]::numeric
>=
 (fc.j -> 'v' ->>
0)::numeric END)
  WHEN 'le' THEN
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
<=
 (fc.j -> 'v' ->>
0)::timestamptz
  ELSE (av.vals)[1]::numeric
<=
 (fc.j -> 'v' ->>
0)::numeric END)
  WHEN 'bt' THEN
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
>=
 (fc.j -> 'v' ->>
0)::timestamptz
  ELSE (av.vals)[1]::numeric
>=
 (fc.j -> 'v' ->>
0)::numeric END)
 AND
(CASE WHEN fc.j ->> 't' = 'date'
  THEN (av.vals)[1]::timestamptz
<=
 (fc.j -> 'v' ->>
1)::timestamptz
  ELSE (av.vals)[1]::numeric
<=
 (fc.j -> 'v' ->>
1)::numeric END)
 END, false)
    FROM jsonb_array_elements(k.rules) WITH ORDINALITY fc(j, i),
    LATERAL (SELECT
CASE
fc.j ->> 'f'
WHEN 'post.board' THEN ARRAY[p.board_id]
WHEN 'post.status' THEN ARRAY[p.status_id]
WHEN 'post.tags' THEN p.tag_ids
WHEN 'post.visibility' THEN ARRAY[p.visibility]
ELSE '{}'::text[] END
      AS vals OFFSET 0) av ORDER BY fc.i) END AS pass OFFSET 0) rp
  WHERE
v.org_id = k.org_id AND
v.created_at
 >= k.t0 AND
v.created_at
 < k.t1
 AND (k.tree IS NULL OR
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(k.tree
 -> 'c') c1(j) WHERE coalesce(CASE WHEN c1.j ? 'r'
  THEN rp.pass[(c1.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c1.j
 -> 'c') c2(j) WHERE coalesce(CASE WHEN c2.j ? 'r'
  THEN rp.pass[(c2.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c2.j
 -> 'c') c3(j) WHERE coalesce(CASE WHEN c3.j ? 'r'
  THEN rp.pass[(c3.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c3.j
 -> 'c') c4(j) WHERE coalesce(CASE WHEN c4.j ? 'r'
  THEN rp.pass[(c4.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c4.j
 -> 'c') c5(j) WHERE coalesce(CASE WHEN c5.j ? 'r'
  THEN rp.pass[(c5.j ->> 'r')::int] ELSE
(NOT EXISTS (SELECT 1 FROM jsonb_array_elements(c5.j
 -> 'c') c6(j) WHERE coalesce(CASE WHEN c6.j ? 'r'
  THEN rp.pass[(c6.j ->> 'r')::int] ELSE
false
 END, false)
  = (c5.j
 ->> 'op' = 'or')) <> (c5.j
 ->> 'op' = 'or'))
 END, false)
  = (c4.j
 ->> 'op' = 'or')) <> (c4.j
 ->> 'op' = 'or'))
 END, false)
  = (c3.j
 ->> 'op' = 'or')) <> (c3.j
 ->> 'op' = 'or'))
 END, false)
  = (c2.j
 ->> 'op' = 'or')) <> (c2.j
 ->> 'op' = 'or'))
 END, false)
  = (c1.j
 ->> 'op' = 'or')) <> (c1.j
 ->> 'op' = 'or'))
 END, false)
  = (k.tree
 ->> 'op' = 'or')) <> (k.tree
 ->> 'op' = 'or')))
  AND (k.bucket IS NULL OR
CASE WHEN k.gran = 'hour' THEN (v.created_at) - ((v.created_at) AT TIME ZONE k.tz
  - date_trunc('hour', (v.created_at) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
v.created_at, k.tz) END
 = k.bucket)
  AND (k.cell IS NULL
    OR to_char((v.created_at) AT TIME ZONE k.tz, 'ID:HH24') = k.cell)
  AND
(k.d1
 IS NULL OR
k.group_value
 IS NULL OR coalesce(nullif(array_remove(CASE
k.d1
WHEN 'post.board' THEN ARRAY[p.board_id]
WHEN 'post.status' THEN ARRAY[p.status_id]
WHEN 'post.tags' THEN p.tag_ids
WHEN 'post.visibility' THEN ARRAY[p.visibility]
ELSE '{}'::text[] END, NULL), '{}'::text[]), ARRAY['']) @> ARRAY[k.group_value])
  AND
(k.d2
 IS NULL OR
k.segment_value
 IS NULL OR coalesce(nullif(array_remove(CASE
k.d2
WHEN 'post.board' THEN ARRAY[p.board_id]
WHEN 'post.status' THEN ARRAY[p.status_id]
WHEN 'post.tags' THEN p.tag_ids
WHEN 'post.visibility' THEN ARRAY[p.visibility]
ELSE '{}'::text[] END, NULL), '{}'::text[]), ARRAY['']) @> ARRAY[k.segment_value])),
ranked AS (SELECT x.*, count(*) OVER () AS total, row_number() OVER (
  ORDER BY CASE WHEN k.sort = 'metric.value' AND k.dir = 'asc'
      THEN x.v END ASC NULLS LAST,
    CASE WHEN k.sort = 'metric.value' AND k.dir = 'desc'
      THEN x.v END DESC NULLS LAST,
    CASE WHEN k.dir = 'asc' THEN x.t END ASC, x.t DESC,
    x.rid DESC, x.pid DESC) AS rn FROM x, k),
page AS (SELECT r.* FROM ranked r, k WHERE r.rn > k.skip
  ORDER BY r.rn LIMIT $20)
SELECT p.rid, fb_iso(p.t), trim_scale(round(p.v::numeric, 3)),
  p.total, po.title, po.board_id,
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
po.board_id), po.status_id,
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
po.status_id),
  array_to_string(ARRAY(SELECT t.name FROM tags t
    WHERE t.org_id = k.org_id AND t.id = ANY (po.tag_ids)
    ORDER BY lower(t.name)), chr(1)), p.pid,
(SELECT x.name
 FROM
contacts
 x WHERE x.org_id = k.org_id
AND x.id =
p.pid)
FROM page p CROSS JOIN k
JOIN posts po ON po.org_id = k.org_id AND po.id = p.rid
 ORDER BY p.rn;
