-- The statements of modules/resources/reports/report_query.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- report_conversations (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (metric, agg, pct, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS agg, $4::float8 AS pct,
  $5::text AS tz, $6::text AS start_at, $7::text AS end_at,
  $8::text AS gran, $9::jsonb AS tree, $10::jsonb AS rules,
  $11::text AS d1, $12::text AS d1_key, $13::text AS d2,
  $14::text AS d2_key),
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
CASE WHEN k.gran = 'hour' THEN (c.created_at) - ((c.created_at) AT TIME ZONE k.tz
  - date_trunc('hour', (c.created_at) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
c.created_at, k.tz) END
 AS b, d1.v AS d1,
  d2.v AS d2, (1)::float8 AS v
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
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d1
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d1
 = '@hour_of_week'
  THEN ARRAY[to_char((c.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
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
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d1(v)
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d2
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d2
 = '@hour_of_week'
  THEN ARRAY[to_char((c.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
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
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d2(v)
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
 ->> 'op' = 'or')))),
agg AS (SELECT
GROUPING(x.b, x.d1, x.d2) AS g, x.b, x.d1, x.d2,
count(x.v) AS n, CASE (SELECT agg FROM a)
    WHEN 'count' THEN count(x.v)::float8 WHEN 'sum' THEN sum(x.v)
    WHEN 'avg' THEN avg(x.v) WHEN 'min' THEN min(x.v)
    WHEN 'max' THEN max(x.v)
    ELSE percentile_cont((SELECT coalesce(pct / 100, 0.5) FROM a))
      WITHIN GROUP (ORDER BY x.v) FILTER (WHERE (SELECT agg FROM a)
      IN ('median', 'percentile')) END AS val
  FROM x GROUP BY GROUPING SETS ((), (x.b), (x.d1), (x.d1, x.d2), (x.d2), (x.b, x.d2))),
series AS (SELECT s.b FROM k, generate_series(CASE WHEN k.gran = 'hour' THEN (k.t0) - ((k.t0) AT TIME ZONE k.tz
  - date_trunc('hour', (k.t0) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
k.t0, k.tz) END, k.t1 - interval '1 microsecond', interval '1 hour')
    s(b) WHERE k.gran = 'hour'
  UNION ALL SELECT l.b AT TIME ZONE k.tz FROM k, generate_series(
    date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b) WHERE k.gran <> 'hour')
SELECT r.g, to_char(r.b AT TIME ZONE k.tz,
  'YYYY-MM-DD"T"HH24:MI:SS') AS local,
  extract(epoch FROM (r.b AT TIME ZONE k.tz)
    - (r.b AT TIME ZONE 'UTC'))::int AS off,
  r.d1,
CASE
k.d1
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
 END
 AS d1_label,
  r.d2,
CASE
k.d2
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
 END
 AS d2_label,
  r.n, trim_scale(round(r.val::numeric, 3)) AS val
FROM (SELECT g, b, d1, d2, n, val FROM agg
  UNION ALL SELECT -1, b, NULL, NULL, 0, NULL FROM series) r, k
ORDER BY r.g, r.val DESC NULLS LAST, r.b, r.d1, r.d2;

-- report_conversations_plain (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (metric, agg, pct, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS agg, $4::float8 AS pct,
  $5::text AS tz, $6::text AS start_at, $7::text AS end_at,
  $8::text AS gran, $9::jsonb AS tree, $10::jsonb AS rules,
  $11::text AS d1, $12::text AS d1_key, $13::text AS d2,
  $14::text AS d2_key),
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
CASE WHEN k.gran = 'hour' THEN (c.created_at) - ((c.created_at) AT TIME ZONE k.tz
  - date_trunc('hour', (c.created_at) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
c.created_at, k.tz) END
 AS b, d1.v AS d1,
  d2.v AS d2, (1)::float8 AS v
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
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d1
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d1
 = '@hour_of_week'
  THEN ARRAY[to_char((c.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
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
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d1(v)
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d2
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d2
 = '@hour_of_week'
  THEN ARRAY[to_char((c.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
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
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d2(v)
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
 ->> 'op' = 'or')))),
agg AS (SELECT
GROUPING(x.b) * 4 + 3 AS g, x.b, NULL::text AS d1, NULL::text AS d2,
count(x.v) AS n, CASE (SELECT agg FROM a)
    WHEN 'count' THEN count(x.v)::float8 WHEN 'sum' THEN sum(x.v)
    WHEN 'avg' THEN avg(x.v) WHEN 'min' THEN min(x.v)
    WHEN 'max' THEN max(x.v)
    ELSE percentile_cont((SELECT coalesce(pct / 100, 0.5) FROM a))
      WITHIN GROUP (ORDER BY x.v) FILTER (WHERE (SELECT agg FROM a)
      IN ('median', 'percentile')) END AS val
  FROM x GROUP BY GROUPING SETS ((), (x.b))),
series AS (SELECT s.b FROM k, generate_series(CASE WHEN k.gran = 'hour' THEN (k.t0) - ((k.t0) AT TIME ZONE k.tz
  - date_trunc('hour', (k.t0) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
k.t0, k.tz) END, k.t1 - interval '1 microsecond', interval '1 hour')
    s(b) WHERE k.gran = 'hour'
  UNION ALL SELECT l.b AT TIME ZONE k.tz FROM k, generate_series(
    date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b) WHERE k.gran <> 'hour')
SELECT r.g, to_char(r.b AT TIME ZONE k.tz,
  'YYYY-MM-DD"T"HH24:MI:SS') AS local,
  extract(epoch FROM (r.b AT TIME ZONE k.tz)
    - (r.b AT TIME ZONE 'UTC'))::int AS off,
  r.d1,
CASE
k.d1
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
 END
 AS d1_label,
  r.d2,
CASE
k.d2
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
 END
 AS d2_label,
  r.n, trim_scale(round(r.val::numeric, 3)) AS val
FROM (SELECT g, b, d1, d2, n, val FROM agg
  UNION ALL SELECT -1, b, NULL, NULL, 0, NULL FROM series) r, k
ORDER BY r.g, r.val DESC NULLS LAST, r.b, r.d1, r.d2;

-- report_first_reply (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (metric, agg, pct, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS agg, $4::float8 AS pct,
  $5::text AS tz, $6::text AS start_at, $7::text AS end_at,
  $8::text AS gran, $9::jsonb AS tree, $10::jsonb AS rules,
  $11::text AS d1, $12::text AS d1_key, $13::text AS d2,
  $14::text AS d2_key),
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
CASE WHEN k.gran = 'hour' THEN (c.created_at) - ((c.created_at) AT TIME ZONE k.tz
  - date_trunc('hour', (c.created_at) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
c.created_at, k.tz) END
 AS b, d1.v AS d1,
  d2.v AS d2, (extract(epoch FROM
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
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d1
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d1
 = '@hour_of_week'
  THEN ARRAY[to_char((c.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
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
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d1(v)
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d2
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d2
 = '@hour_of_week'
  THEN ARRAY[to_char((c.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
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
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d2(v)
  WHERE
c.org_id = k.org_id AND c.first_reply_at IS NOT NULL AND
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
 ->> 'op' = 'or')))),
agg AS (SELECT
GROUPING(x.b, x.d1, x.d2) AS g, x.b, x.d1, x.d2,
count(x.v) AS n, CASE (SELECT agg FROM a)
    WHEN 'count' THEN count(x.v)::float8 WHEN 'sum' THEN sum(x.v)
    WHEN 'avg' THEN avg(x.v) WHEN 'min' THEN min(x.v)
    WHEN 'max' THEN max(x.v)
    ELSE percentile_cont((SELECT coalesce(pct / 100, 0.5) FROM a))
      WITHIN GROUP (ORDER BY x.v) FILTER (WHERE (SELECT agg FROM a)
      IN ('median', 'percentile')) END AS val
  FROM x GROUP BY GROUPING SETS ((), (x.b), (x.d1), (x.d1, x.d2), (x.d2), (x.b, x.d2))),
series AS (SELECT s.b FROM k, generate_series(CASE WHEN k.gran = 'hour' THEN (k.t0) - ((k.t0) AT TIME ZONE k.tz
  - date_trunc('hour', (k.t0) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
k.t0, k.tz) END, k.t1 - interval '1 microsecond', interval '1 hour')
    s(b) WHERE k.gran = 'hour'
  UNION ALL SELECT l.b AT TIME ZONE k.tz FROM k, generate_series(
    date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b) WHERE k.gran <> 'hour')
SELECT r.g, to_char(r.b AT TIME ZONE k.tz,
  'YYYY-MM-DD"T"HH24:MI:SS') AS local,
  extract(epoch FROM (r.b AT TIME ZONE k.tz)
    - (r.b AT TIME ZONE 'UTC'))::int AS off,
  r.d1,
CASE
k.d1
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
 END
 AS d1_label,
  r.d2,
CASE
k.d2
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
 END
 AS d2_label,
  r.n, trim_scale(round(r.val::numeric, 3)) AS val
FROM (SELECT g, b, d1, d2, n, val FROM agg
  UNION ALL SELECT -1, b, NULL, NULL, 0, NULL FROM series) r, k
ORDER BY r.g, r.val DESC NULLS LAST, r.b, r.d1, r.d2;

-- report_first_reply_plain (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (metric, agg, pct, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS agg, $4::float8 AS pct,
  $5::text AS tz, $6::text AS start_at, $7::text AS end_at,
  $8::text AS gran, $9::jsonb AS tree, $10::jsonb AS rules,
  $11::text AS d1, $12::text AS d1_key, $13::text AS d2,
  $14::text AS d2_key),
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
CASE WHEN k.gran = 'hour' THEN (c.created_at) - ((c.created_at) AT TIME ZONE k.tz
  - date_trunc('hour', (c.created_at) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
c.created_at, k.tz) END
 AS b, d1.v AS d1,
  d2.v AS d2, (extract(epoch FROM
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
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d1
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d1
 = '@hour_of_week'
  THEN ARRAY[to_char((c.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
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
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d1(v)
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d2
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d2
 = '@hour_of_week'
  THEN ARRAY[to_char((c.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
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
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d2(v)
  WHERE
c.org_id = k.org_id AND c.first_reply_at IS NOT NULL AND
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
 ->> 'op' = 'or')))),
agg AS (SELECT
GROUPING(x.b) * 4 + 3 AS g, x.b, NULL::text AS d1, NULL::text AS d2,
count(x.v) AS n, CASE (SELECT agg FROM a)
    WHEN 'count' THEN count(x.v)::float8 WHEN 'sum' THEN sum(x.v)
    WHEN 'avg' THEN avg(x.v) WHEN 'min' THEN min(x.v)
    WHEN 'max' THEN max(x.v)
    ELSE percentile_cont((SELECT coalesce(pct / 100, 0.5) FROM a))
      WITHIN GROUP (ORDER BY x.v) FILTER (WHERE (SELECT agg FROM a)
      IN ('median', 'percentile')) END AS val
  FROM x GROUP BY GROUPING SETS ((), (x.b))),
series AS (SELECT s.b FROM k, generate_series(CASE WHEN k.gran = 'hour' THEN (k.t0) - ((k.t0) AT TIME ZONE k.tz
  - date_trunc('hour', (k.t0) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
k.t0, k.tz) END, k.t1 - interval '1 microsecond', interval '1 hour')
    s(b) WHERE k.gran = 'hour'
  UNION ALL SELECT l.b AT TIME ZONE k.tz FROM k, generate_series(
    date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b) WHERE k.gran <> 'hour')
SELECT r.g, to_char(r.b AT TIME ZONE k.tz,
  'YYYY-MM-DD"T"HH24:MI:SS') AS local,
  extract(epoch FROM (r.b AT TIME ZONE k.tz)
    - (r.b AT TIME ZONE 'UTC'))::int AS off,
  r.d1,
CASE
k.d1
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
 END
 AS d1_label,
  r.d2,
CASE
k.d2
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
 END
 AS d2_label,
  r.n, trim_scale(round(r.val::numeric, 3)) AS val
FROM (SELECT g, b, d1, d2, n, val FROM agg
  UNION ALL SELECT -1, b, NULL, NULL, 0, NULL FROM series) r, k
ORDER BY r.g, r.val DESC NULLS LAST, r.b, r.d1, r.d2;

-- report_closes (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (metric, agg, pct, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS agg, $4::float8 AS pct,
  $5::text AS tz, $6::text AS start_at, $7::text AS end_at,
  $8::text AS gran, $9::jsonb AS tree, $10::jsonb AS rules,
  $11::text AS d1, $12::text AS d1_key, $13::text AS d2,
  $14::text AS d2_key),
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
CASE WHEN k.gran = 'hour' THEN (pt.created_at) - ((pt.created_at) AT TIME ZONE k.tz
  - date_trunc('hour', (pt.created_at) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
pt.created_at, k.tz) END
 AS b, d1.v AS d1,
  d2.v AS d2, (CASE WHEN k.metric = 'time_to_close' THEN
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
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d1
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d1
 = '@hour_of_week'
  THEN ARRAY[to_char((pt.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
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
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d1(v)
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d2
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d2
 = '@hour_of_week'
  THEN ARRAY[to_char((pt.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
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
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d2(v)
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
 ->> 'op' = 'or')))),
agg AS (SELECT
GROUPING(x.b, x.d1, x.d2) AS g, x.b, x.d1, x.d2,
count(x.v) AS n, CASE (SELECT agg FROM a)
    WHEN 'count' THEN count(x.v)::float8 WHEN 'sum' THEN sum(x.v)
    WHEN 'avg' THEN avg(x.v) WHEN 'min' THEN min(x.v)
    WHEN 'max' THEN max(x.v)
    ELSE percentile_cont((SELECT coalesce(pct / 100, 0.5) FROM a))
      WITHIN GROUP (ORDER BY x.v) FILTER (WHERE (SELECT agg FROM a)
      IN ('median', 'percentile')) END AS val
  FROM x GROUP BY GROUPING SETS ((), (x.b), (x.d1), (x.d1, x.d2), (x.d2), (x.b, x.d2))),
series AS (SELECT s.b FROM k, generate_series(CASE WHEN k.gran = 'hour' THEN (k.t0) - ((k.t0) AT TIME ZONE k.tz
  - date_trunc('hour', (k.t0) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
k.t0, k.tz) END, k.t1 - interval '1 microsecond', interval '1 hour')
    s(b) WHERE k.gran = 'hour'
  UNION ALL SELECT l.b AT TIME ZONE k.tz FROM k, generate_series(
    date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b) WHERE k.gran <> 'hour')
SELECT r.g, to_char(r.b AT TIME ZONE k.tz,
  'YYYY-MM-DD"T"HH24:MI:SS') AS local,
  extract(epoch FROM (r.b AT TIME ZONE k.tz)
    - (r.b AT TIME ZONE 'UTC'))::int AS off,
  r.d1,
CASE
k.d1
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
 END
 AS d1_label,
  r.d2,
CASE
k.d2
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
 END
 AS d2_label,
  r.n, trim_scale(round(r.val::numeric, 3)) AS val
FROM (SELECT g, b, d1, d2, n, val FROM agg
  UNION ALL SELECT -1, b, NULL, NULL, 0, NULL FROM series) r, k
ORDER BY r.g, r.val DESC NULLS LAST, r.b, r.d1, r.d2;

-- report_closes_plain (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (metric, agg, pct, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS agg, $4::float8 AS pct,
  $5::text AS tz, $6::text AS start_at, $7::text AS end_at,
  $8::text AS gran, $9::jsonb AS tree, $10::jsonb AS rules,
  $11::text AS d1, $12::text AS d1_key, $13::text AS d2,
  $14::text AS d2_key),
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
CASE WHEN k.gran = 'hour' THEN (pt.created_at) - ((pt.created_at) AT TIME ZONE k.tz
  - date_trunc('hour', (pt.created_at) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
pt.created_at, k.tz) END
 AS b, d1.v AS d1,
  d2.v AS d2, (CASE WHEN k.metric = 'time_to_close' THEN
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
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d1
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d1
 = '@hour_of_week'
  THEN ARRAY[to_char((pt.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
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
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d1(v)
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d2
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d2
 = '@hour_of_week'
  THEN ARRAY[to_char((pt.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
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
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d2(v)
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
 ->> 'op' = 'or')))),
agg AS (SELECT
GROUPING(x.b) * 4 + 3 AS g, x.b, NULL::text AS d1, NULL::text AS d2,
count(x.v) AS n, CASE (SELECT agg FROM a)
    WHEN 'count' THEN count(x.v)::float8 WHEN 'sum' THEN sum(x.v)
    WHEN 'avg' THEN avg(x.v) WHEN 'min' THEN min(x.v)
    WHEN 'max' THEN max(x.v)
    ELSE percentile_cont((SELECT coalesce(pct / 100, 0.5) FROM a))
      WITHIN GROUP (ORDER BY x.v) FILTER (WHERE (SELECT agg FROM a)
      IN ('median', 'percentile')) END AS val
  FROM x GROUP BY GROUPING SETS ((), (x.b))),
series AS (SELECT s.b FROM k, generate_series(CASE WHEN k.gran = 'hour' THEN (k.t0) - ((k.t0) AT TIME ZONE k.tz
  - date_trunc('hour', (k.t0) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
k.t0, k.tz) END, k.t1 - interval '1 microsecond', interval '1 hour')
    s(b) WHERE k.gran = 'hour'
  UNION ALL SELECT l.b AT TIME ZONE k.tz FROM k, generate_series(
    date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b) WHERE k.gran <> 'hour')
SELECT r.g, to_char(r.b AT TIME ZONE k.tz,
  'YYYY-MM-DD"T"HH24:MI:SS') AS local,
  extract(epoch FROM (r.b AT TIME ZONE k.tz)
    - (r.b AT TIME ZONE 'UTC'))::int AS off,
  r.d1,
CASE
k.d1
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
 END
 AS d1_label,
  r.d2,
CASE
k.d2
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
 END
 AS d2_label,
  r.n, trim_scale(round(r.val::numeric, 3)) AS val
FROM (SELECT g, b, d1, d2, n, val FROM agg
  UNION ALL SELECT -1, b, NULL, NULL, 0, NULL FROM series) r, k
ORDER BY r.g, r.val DESC NULLS LAST, r.b, r.d1, r.d2;

-- report_replies (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (metric, agg, pct, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS agg, $4::float8 AS pct,
  $5::text AS tz, $6::text AS start_at, $7::text AS end_at,
  $8::text AS gran, $9::jsonb AS tree, $10::jsonb AS rules,
  $11::text AS d1, $12::text AS d1_key, $13::text AS d2,
  $14::text AS d2_key),
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
CASE WHEN k.gran = 'hour' THEN (pt.created_at) - ((pt.created_at) AT TIME ZONE k.tz
  - date_trunc('hour', (pt.created_at) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
pt.created_at, k.tz) END
 AS b, d1.v AS d1,
  d2.v AS d2, (1)::float8 AS v
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
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d1
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d1
 = '@hour_of_week'
  THEN ARRAY[to_char((pt.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
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
 END, '{}'::text[]),
  ARRAY[NULL::text]) END) d1(v)
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d2
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d2
 = '@hour_of_week'
  THEN ARRAY[to_char((pt.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
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
 END, '{}'::text[]),
  ARRAY[NULL::text]) END) d2(v)
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
 ->> 'op' = 'or')))),
agg AS (SELECT
GROUPING(x.b, x.d1, x.d2) AS g, x.b, x.d1, x.d2,
count(x.v) AS n, CASE (SELECT agg FROM a)
    WHEN 'count' THEN count(x.v)::float8 WHEN 'sum' THEN sum(x.v)
    WHEN 'avg' THEN avg(x.v) WHEN 'min' THEN min(x.v)
    WHEN 'max' THEN max(x.v)
    ELSE percentile_cont((SELECT coalesce(pct / 100, 0.5) FROM a))
      WITHIN GROUP (ORDER BY x.v) FILTER (WHERE (SELECT agg FROM a)
      IN ('median', 'percentile')) END AS val
  FROM x GROUP BY GROUPING SETS ((), (x.b), (x.d1), (x.d1, x.d2), (x.d2), (x.b, x.d2))),
series AS (SELECT s.b FROM k, generate_series(CASE WHEN k.gran = 'hour' THEN (k.t0) - ((k.t0) AT TIME ZONE k.tz
  - date_trunc('hour', (k.t0) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
k.t0, k.tz) END, k.t1 - interval '1 microsecond', interval '1 hour')
    s(b) WHERE k.gran = 'hour'
  UNION ALL SELECT l.b AT TIME ZONE k.tz FROM k, generate_series(
    date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b) WHERE k.gran <> 'hour')
SELECT r.g, to_char(r.b AT TIME ZONE k.tz,
  'YYYY-MM-DD"T"HH24:MI:SS') AS local,
  extract(epoch FROM (r.b AT TIME ZONE k.tz)
    - (r.b AT TIME ZONE 'UTC'))::int AS off,
  r.d1,
CASE
k.d1
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
 END
 AS d1_label,
  r.d2,
CASE
k.d2
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
 END
 AS d2_label,
  r.n, trim_scale(round(r.val::numeric, 3)) AS val
FROM (SELECT g, b, d1, d2, n, val FROM agg
  UNION ALL SELECT -1, b, NULL, NULL, 0, NULL FROM series) r, k
ORDER BY r.g, r.val DESC NULLS LAST, r.b, r.d1, r.d2;

-- report_replies_plain (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (metric, agg, pct, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS agg, $4::float8 AS pct,
  $5::text AS tz, $6::text AS start_at, $7::text AS end_at,
  $8::text AS gran, $9::jsonb AS tree, $10::jsonb AS rules,
  $11::text AS d1, $12::text AS d1_key, $13::text AS d2,
  $14::text AS d2_key),
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
CASE WHEN k.gran = 'hour' THEN (pt.created_at) - ((pt.created_at) AT TIME ZONE k.tz
  - date_trunc('hour', (pt.created_at) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
pt.created_at, k.tz) END
 AS b, d1.v AS d1,
  d2.v AS d2, (1)::float8 AS v
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
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d1
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d1
 = '@hour_of_week'
  THEN ARRAY[to_char((pt.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
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
 END, '{}'::text[]),
  ARRAY[NULL::text]) END) d1(v)
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d2
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d2
 = '@hour_of_week'
  THEN ARRAY[to_char((pt.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
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
 END, '{}'::text[]),
  ARRAY[NULL::text]) END) d2(v)
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
 ->> 'op' = 'or')))),
agg AS (SELECT
GROUPING(x.b) * 4 + 3 AS g, x.b, NULL::text AS d1, NULL::text AS d2,
count(x.v) AS n, CASE (SELECT agg FROM a)
    WHEN 'count' THEN count(x.v)::float8 WHEN 'sum' THEN sum(x.v)
    WHEN 'avg' THEN avg(x.v) WHEN 'min' THEN min(x.v)
    WHEN 'max' THEN max(x.v)
    ELSE percentile_cont((SELECT coalesce(pct / 100, 0.5) FROM a))
      WITHIN GROUP (ORDER BY x.v) FILTER (WHERE (SELECT agg FROM a)
      IN ('median', 'percentile')) END AS val
  FROM x GROUP BY GROUPING SETS ((), (x.b))),
series AS (SELECT s.b FROM k, generate_series(CASE WHEN k.gran = 'hour' THEN (k.t0) - ((k.t0) AT TIME ZONE k.tz
  - date_trunc('hour', (k.t0) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
k.t0, k.tz) END, k.t1 - interval '1 microsecond', interval '1 hour')
    s(b) WHERE k.gran = 'hour'
  UNION ALL SELECT l.b AT TIME ZONE k.tz FROM k, generate_series(
    date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b) WHERE k.gran <> 'hour')
SELECT r.g, to_char(r.b AT TIME ZONE k.tz,
  'YYYY-MM-DD"T"HH24:MI:SS') AS local,
  extract(epoch FROM (r.b AT TIME ZONE k.tz)
    - (r.b AT TIME ZONE 'UTC'))::int AS off,
  r.d1,
CASE
k.d1
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
 END
 AS d1_label,
  r.d2,
CASE
k.d2
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
 END
 AS d2_label,
  r.n, trim_scale(round(r.val::numeric, 3)) AS val
FROM (SELECT g, b, d1, d2, n, val FROM agg
  UNION ALL SELECT -1, b, NULL, NULL, 0, NULL FROM series) r, k
ORDER BY r.g, r.val DESC NULLS LAST, r.b, r.d1, r.d2;

-- report_tickets (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (metric, agg, pct, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS agg, $4::float8 AS pct,
  $5::text AS tz, $6::text AS start_at, $7::text AS end_at,
  $8::text AS gran, $9::jsonb AS tree, $10::jsonb AS rules,
  $11::text AS d1, $12::text AS d1_key, $13::text AS d2,
  $14::text AS d2_key),
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
CASE WHEN k.gran = 'hour' THEN (tk.created_at) - ((tk.created_at) AT TIME ZONE k.tz
  - date_trunc('hour', (tk.created_at) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
tk.created_at, k.tz) END
 AS b, d1.v AS d1,
  d2.v AS d2, (1)::float8 AS v
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
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d1
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d1
 = '@hour_of_week'
  THEN ARRAY[to_char((tk.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
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
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d1(v)
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d2
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d2
 = '@hour_of_week'
  THEN ARRAY[to_char((tk.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
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
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d2(v)
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
 ->> 'op' = 'or')))),
agg AS (SELECT
GROUPING(x.b, x.d1, x.d2) AS g, x.b, x.d1, x.d2,
count(x.v) AS n, CASE (SELECT agg FROM a)
    WHEN 'count' THEN count(x.v)::float8 WHEN 'sum' THEN sum(x.v)
    WHEN 'avg' THEN avg(x.v) WHEN 'min' THEN min(x.v)
    WHEN 'max' THEN max(x.v)
    ELSE percentile_cont((SELECT coalesce(pct / 100, 0.5) FROM a))
      WITHIN GROUP (ORDER BY x.v) FILTER (WHERE (SELECT agg FROM a)
      IN ('median', 'percentile')) END AS val
  FROM x GROUP BY GROUPING SETS ((), (x.b), (x.d1), (x.d1, x.d2), (x.d2), (x.b, x.d2))),
series AS (SELECT s.b FROM k, generate_series(CASE WHEN k.gran = 'hour' THEN (k.t0) - ((k.t0) AT TIME ZONE k.tz
  - date_trunc('hour', (k.t0) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
k.t0, k.tz) END, k.t1 - interval '1 microsecond', interval '1 hour')
    s(b) WHERE k.gran = 'hour'
  UNION ALL SELECT l.b AT TIME ZONE k.tz FROM k, generate_series(
    date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b) WHERE k.gran <> 'hour')
SELECT r.g, to_char(r.b AT TIME ZONE k.tz,
  'YYYY-MM-DD"T"HH24:MI:SS') AS local,
  extract(epoch FROM (r.b AT TIME ZONE k.tz)
    - (r.b AT TIME ZONE 'UTC'))::int AS off,
  r.d1,
CASE
k.d1
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
 END
 AS d1_label,
  r.d2,
CASE
k.d2
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
 END
 AS d2_label,
  r.n, trim_scale(round(r.val::numeric, 3)) AS val
FROM (SELECT g, b, d1, d2, n, val FROM agg
  UNION ALL SELECT -1, b, NULL, NULL, 0, NULL FROM series) r, k
ORDER BY r.g, r.val DESC NULLS LAST, r.b, r.d1, r.d2;

-- report_tickets_plain (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (metric, agg, pct, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS agg, $4::float8 AS pct,
  $5::text AS tz, $6::text AS start_at, $7::text AS end_at,
  $8::text AS gran, $9::jsonb AS tree, $10::jsonb AS rules,
  $11::text AS d1, $12::text AS d1_key, $13::text AS d2,
  $14::text AS d2_key),
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
CASE WHEN k.gran = 'hour' THEN (tk.created_at) - ((tk.created_at) AT TIME ZONE k.tz
  - date_trunc('hour', (tk.created_at) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
tk.created_at, k.tz) END
 AS b, d1.v AS d1,
  d2.v AS d2, (1)::float8 AS v
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
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d1
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d1
 = '@hour_of_week'
  THEN ARRAY[to_char((tk.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
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
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d1(v)
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d2
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d2
 = '@hour_of_week'
  THEN ARRAY[to_char((tk.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
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
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d2(v)
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
 ->> 'op' = 'or')))),
agg AS (SELECT
GROUPING(x.b) * 4 + 3 AS g, x.b, NULL::text AS d1, NULL::text AS d2,
count(x.v) AS n, CASE (SELECT agg FROM a)
    WHEN 'count' THEN count(x.v)::float8 WHEN 'sum' THEN sum(x.v)
    WHEN 'avg' THEN avg(x.v) WHEN 'min' THEN min(x.v)
    WHEN 'max' THEN max(x.v)
    ELSE percentile_cont((SELECT coalesce(pct / 100, 0.5) FROM a))
      WITHIN GROUP (ORDER BY x.v) FILTER (WHERE (SELECT agg FROM a)
      IN ('median', 'percentile')) END AS val
  FROM x GROUP BY GROUPING SETS ((), (x.b))),
series AS (SELECT s.b FROM k, generate_series(CASE WHEN k.gran = 'hour' THEN (k.t0) - ((k.t0) AT TIME ZONE k.tz
  - date_trunc('hour', (k.t0) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
k.t0, k.tz) END, k.t1 - interval '1 microsecond', interval '1 hour')
    s(b) WHERE k.gran = 'hour'
  UNION ALL SELECT l.b AT TIME ZONE k.tz FROM k, generate_series(
    date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b) WHERE k.gran <> 'hour')
SELECT r.g, to_char(r.b AT TIME ZONE k.tz,
  'YYYY-MM-DD"T"HH24:MI:SS') AS local,
  extract(epoch FROM (r.b AT TIME ZONE k.tz)
    - (r.b AT TIME ZONE 'UTC'))::int AS off,
  r.d1,
CASE
k.d1
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
 END
 AS d1_label,
  r.d2,
CASE
k.d2
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
 END
 AS d2_label,
  r.n, trim_scale(round(r.val::numeric, 3)) AS val
FROM (SELECT g, b, d1, d2, n, val FROM agg
  UNION ALL SELECT -1, b, NULL, NULL, 0, NULL FROM series) r, k
ORDER BY r.g, r.val DESC NULLS LAST, r.b, r.d1, r.d2;

-- report_posts (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (metric, agg, pct, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS agg, $4::float8 AS pct,
  $5::text AS tz, $6::text AS start_at, $7::text AS end_at,
  $8::text AS gran, $9::jsonb AS tree, $10::jsonb AS rules,
  $11::text AS d1, $12::text AS d1_key, $13::text AS d2,
  $14::text AS d2_key),
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
CASE WHEN k.gran = 'hour' THEN (p.created_at) - ((p.created_at) AT TIME ZONE k.tz
  - date_trunc('hour', (p.created_at) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
p.created_at, k.tz) END
 AS b, d1.v AS d1,
  d2.v AS d2, (1)::float8 AS v
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
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d1
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d1
 = '@hour_of_week'
  THEN ARRAY[to_char((p.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
k.d1
WHEN 'post.board' THEN ARRAY[p.board_id]
WHEN 'post.status' THEN ARRAY[p.status_id]
WHEN 'post.tags' THEN p.tag_ids
WHEN 'post.visibility' THEN ARRAY[p.visibility]
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d1(v)
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d2
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d2
 = '@hour_of_week'
  THEN ARRAY[to_char((p.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
k.d2
WHEN 'post.board' THEN ARRAY[p.board_id]
WHEN 'post.status' THEN ARRAY[p.status_id]
WHEN 'post.tags' THEN p.tag_ids
WHEN 'post.visibility' THEN ARRAY[p.visibility]
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d2(v)
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
 ->> 'op' = 'or')))),
agg AS (SELECT
GROUPING(x.b, x.d1, x.d2) AS g, x.b, x.d1, x.d2,
count(x.v) AS n, CASE (SELECT agg FROM a)
    WHEN 'count' THEN count(x.v)::float8 WHEN 'sum' THEN sum(x.v)
    WHEN 'avg' THEN avg(x.v) WHEN 'min' THEN min(x.v)
    WHEN 'max' THEN max(x.v)
    ELSE percentile_cont((SELECT coalesce(pct / 100, 0.5) FROM a))
      WITHIN GROUP (ORDER BY x.v) FILTER (WHERE (SELECT agg FROM a)
      IN ('median', 'percentile')) END AS val
  FROM x GROUP BY GROUPING SETS ((), (x.b), (x.d1), (x.d1, x.d2), (x.d2), (x.b, x.d2))),
series AS (SELECT s.b FROM k, generate_series(CASE WHEN k.gran = 'hour' THEN (k.t0) - ((k.t0) AT TIME ZONE k.tz
  - date_trunc('hour', (k.t0) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
k.t0, k.tz) END, k.t1 - interval '1 microsecond', interval '1 hour')
    s(b) WHERE k.gran = 'hour'
  UNION ALL SELECT l.b AT TIME ZONE k.tz FROM k, generate_series(
    date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b) WHERE k.gran <> 'hour')
SELECT r.g, to_char(r.b AT TIME ZONE k.tz,
  'YYYY-MM-DD"T"HH24:MI:SS') AS local,
  extract(epoch FROM (r.b AT TIME ZONE k.tz)
    - (r.b AT TIME ZONE 'UTC'))::int AS off,
  r.d1,
CASE
k.d1
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
 END
 AS d1_label,
  r.d2,
CASE
k.d2
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
 END
 AS d2_label,
  r.n, trim_scale(round(r.val::numeric, 3)) AS val
FROM (SELECT g, b, d1, d2, n, val FROM agg
  UNION ALL SELECT -1, b, NULL, NULL, 0, NULL FROM series) r, k
ORDER BY r.g, r.val DESC NULLS LAST, r.b, r.d1, r.d2;

-- report_posts_plain (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (metric, agg, pct, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS agg, $4::float8 AS pct,
  $5::text AS tz, $6::text AS start_at, $7::text AS end_at,
  $8::text AS gran, $9::jsonb AS tree, $10::jsonb AS rules,
  $11::text AS d1, $12::text AS d1_key, $13::text AS d2,
  $14::text AS d2_key),
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
CASE WHEN k.gran = 'hour' THEN (p.created_at) - ((p.created_at) AT TIME ZONE k.tz
  - date_trunc('hour', (p.created_at) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
p.created_at, k.tz) END
 AS b, d1.v AS d1,
  d2.v AS d2, (1)::float8 AS v
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
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d1
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d1
 = '@hour_of_week'
  THEN ARRAY[to_char((p.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
k.d1
WHEN 'post.board' THEN ARRAY[p.board_id]
WHEN 'post.status' THEN ARRAY[p.status_id]
WHEN 'post.tags' THEN p.tag_ids
WHEN 'post.visibility' THEN ARRAY[p.visibility]
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d1(v)
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d2
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d2
 = '@hour_of_week'
  THEN ARRAY[to_char((p.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
k.d2
WHEN 'post.board' THEN ARRAY[p.board_id]
WHEN 'post.status' THEN ARRAY[p.status_id]
WHEN 'post.tags' THEN p.tag_ids
WHEN 'post.visibility' THEN ARRAY[p.visibility]
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d2(v)
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
 ->> 'op' = 'or')))),
agg AS (SELECT
GROUPING(x.b) * 4 + 3 AS g, x.b, NULL::text AS d1, NULL::text AS d2,
count(x.v) AS n, CASE (SELECT agg FROM a)
    WHEN 'count' THEN count(x.v)::float8 WHEN 'sum' THEN sum(x.v)
    WHEN 'avg' THEN avg(x.v) WHEN 'min' THEN min(x.v)
    WHEN 'max' THEN max(x.v)
    ELSE percentile_cont((SELECT coalesce(pct / 100, 0.5) FROM a))
      WITHIN GROUP (ORDER BY x.v) FILTER (WHERE (SELECT agg FROM a)
      IN ('median', 'percentile')) END AS val
  FROM x GROUP BY GROUPING SETS ((), (x.b))),
series AS (SELECT s.b FROM k, generate_series(CASE WHEN k.gran = 'hour' THEN (k.t0) - ((k.t0) AT TIME ZONE k.tz
  - date_trunc('hour', (k.t0) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
k.t0, k.tz) END, k.t1 - interval '1 microsecond', interval '1 hour')
    s(b) WHERE k.gran = 'hour'
  UNION ALL SELECT l.b AT TIME ZONE k.tz FROM k, generate_series(
    date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b) WHERE k.gran <> 'hour')
SELECT r.g, to_char(r.b AT TIME ZONE k.tz,
  'YYYY-MM-DD"T"HH24:MI:SS') AS local,
  extract(epoch FROM (r.b AT TIME ZONE k.tz)
    - (r.b AT TIME ZONE 'UTC'))::int AS off,
  r.d1,
CASE
k.d1
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
 END
 AS d1_label,
  r.d2,
CASE
k.d2
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
 END
 AS d2_label,
  r.n, trim_scale(round(r.val::numeric, 3)) AS val
FROM (SELECT g, b, d1, d2, n, val FROM agg
  UNION ALL SELECT -1, b, NULL, NULL, 0, NULL FROM series) r, k
ORDER BY r.g, r.val DESC NULLS LAST, r.b, r.d1, r.d2;

-- report_votes (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (metric, agg, pct, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS agg, $4::float8 AS pct,
  $5::text AS tz, $6::text AS start_at, $7::text AS end_at,
  $8::text AS gran, $9::jsonb AS tree, $10::jsonb AS rules,
  $11::text AS d1, $12::text AS d1_key, $13::text AS d2,
  $14::text AS d2_key),
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
CASE WHEN k.gran = 'hour' THEN (v.created_at) - ((v.created_at) AT TIME ZONE k.tz
  - date_trunc('hour', (v.created_at) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
v.created_at, k.tz) END
 AS b, d1.v AS d1,
  d2.v AS d2, (1)::float8 AS v
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
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d1
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d1
 = '@hour_of_week'
  THEN ARRAY[to_char((v.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
k.d1
WHEN 'post.board' THEN ARRAY[p.board_id]
WHEN 'post.status' THEN ARRAY[p.status_id]
WHEN 'post.tags' THEN p.tag_ids
WHEN 'post.visibility' THEN ARRAY[p.visibility]
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d1(v)
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d2
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d2
 = '@hour_of_week'
  THEN ARRAY[to_char((v.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
k.d2
WHEN 'post.board' THEN ARRAY[p.board_id]
WHEN 'post.status' THEN ARRAY[p.status_id]
WHEN 'post.tags' THEN p.tag_ids
WHEN 'post.visibility' THEN ARRAY[p.visibility]
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d2(v)
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
 ->> 'op' = 'or')))),
agg AS (SELECT
GROUPING(x.b, x.d1, x.d2) AS g, x.b, x.d1, x.d2,
count(x.v) AS n, CASE (SELECT agg FROM a)
    WHEN 'count' THEN count(x.v)::float8 WHEN 'sum' THEN sum(x.v)
    WHEN 'avg' THEN avg(x.v) WHEN 'min' THEN min(x.v)
    WHEN 'max' THEN max(x.v)
    ELSE percentile_cont((SELECT coalesce(pct / 100, 0.5) FROM a))
      WITHIN GROUP (ORDER BY x.v) FILTER (WHERE (SELECT agg FROM a)
      IN ('median', 'percentile')) END AS val
  FROM x GROUP BY GROUPING SETS ((), (x.b), (x.d1), (x.d1, x.d2), (x.d2), (x.b, x.d2))),
series AS (SELECT s.b FROM k, generate_series(CASE WHEN k.gran = 'hour' THEN (k.t0) - ((k.t0) AT TIME ZONE k.tz
  - date_trunc('hour', (k.t0) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
k.t0, k.tz) END, k.t1 - interval '1 microsecond', interval '1 hour')
    s(b) WHERE k.gran = 'hour'
  UNION ALL SELECT l.b AT TIME ZONE k.tz FROM k, generate_series(
    date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b) WHERE k.gran <> 'hour')
SELECT r.g, to_char(r.b AT TIME ZONE k.tz,
  'YYYY-MM-DD"T"HH24:MI:SS') AS local,
  extract(epoch FROM (r.b AT TIME ZONE k.tz)
    - (r.b AT TIME ZONE 'UTC'))::int AS off,
  r.d1,
CASE
k.d1
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
 END
 AS d1_label,
  r.d2,
CASE
k.d2
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
 END
 AS d2_label,
  r.n, trim_scale(round(r.val::numeric, 3)) AS val
FROM (SELECT g, b, d1, d2, n, val FROM agg
  UNION ALL SELECT -1, b, NULL, NULL, 0, NULL FROM series) r, k
ORDER BY r.g, r.val DESC NULLS LAST, r.b, r.d1, r.d2;

-- report_votes_plain (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (metric, agg, pct, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS agg, $4::float8 AS pct,
  $5::text AS tz, $6::text AS start_at, $7::text AS end_at,
  $8::text AS gran, $9::jsonb AS tree, $10::jsonb AS rules,
  $11::text AS d1, $12::text AS d1_key, $13::text AS d2,
  $14::text AS d2_key),
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
CASE WHEN k.gran = 'hour' THEN (v.created_at) - ((v.created_at) AT TIME ZONE k.tz
  - date_trunc('hour', (v.created_at) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
v.created_at, k.tz) END
 AS b, d1.v AS d1,
  d2.v AS d2, (1)::float8 AS v
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
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d1
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d1
 = '@hour_of_week'
  THEN ARRAY[to_char((v.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
k.d1
WHEN 'post.board' THEN ARRAY[p.board_id]
WHEN 'post.status' THEN ARRAY[p.status_id]
WHEN 'post.tags' THEN p.tag_ids
WHEN 'post.visibility' THEN ARRAY[p.visibility]
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d1(v)
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d2
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d2
 = '@hour_of_week'
  THEN ARRAY[to_char((v.created_at) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
k.d2
WHEN 'post.board' THEN ARRAY[p.board_id]
WHEN 'post.status' THEN ARRAY[p.status_id]
WHEN 'post.tags' THEN p.tag_ids
WHEN 'post.visibility' THEN ARRAY[p.visibility]
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d2(v)
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
 ->> 'op' = 'or')))),
agg AS (SELECT
GROUPING(x.b) * 4 + 3 AS g, x.b, NULL::text AS d1, NULL::text AS d2,
count(x.v) AS n, CASE (SELECT agg FROM a)
    WHEN 'count' THEN count(x.v)::float8 WHEN 'sum' THEN sum(x.v)
    WHEN 'avg' THEN avg(x.v) WHEN 'min' THEN min(x.v)
    WHEN 'max' THEN max(x.v)
    ELSE percentile_cont((SELECT coalesce(pct / 100, 0.5) FROM a))
      WITHIN GROUP (ORDER BY x.v) FILTER (WHERE (SELECT agg FROM a)
      IN ('median', 'percentile')) END AS val
  FROM x GROUP BY GROUPING SETS ((), (x.b))),
series AS (SELECT s.b FROM k, generate_series(CASE WHEN k.gran = 'hour' THEN (k.t0) - ((k.t0) AT TIME ZONE k.tz
  - date_trunc('hour', (k.t0) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
k.t0, k.tz) END, k.t1 - interval '1 microsecond', interval '1 hour')
    s(b) WHERE k.gran = 'hour'
  UNION ALL SELECT l.b AT TIME ZONE k.tz FROM k, generate_series(
    date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b) WHERE k.gran <> 'hour')
SELECT r.g, to_char(r.b AT TIME ZONE k.tz,
  'YYYY-MM-DD"T"HH24:MI:SS') AS local,
  extract(epoch FROM (r.b AT TIME ZONE k.tz)
    - (r.b AT TIME ZONE 'UTC'))::int AS off,
  r.d1,
CASE
k.d1
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
 END
 AS d1_label,
  r.d2,
CASE
k.d2
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
 END
 AS d2_label,
  r.n, trim_scale(round(r.val::numeric, 3)) AS val
FROM (SELECT g, b, d1, d2, n, val FROM agg
  UNION ALL SELECT -1, b, NULL, NULL, 0, NULL FROM series) r, k
ORDER BY r.g, r.val DESC NULLS LAST, r.b, r.d1, r.d2;

-- report_conversations_rollup (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (metric, agg, pct, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS agg, $4::float8 AS pct,
  $5::text AS tz, $6::text AS start_at, $7::text AS end_at,
  $8::text AS gran, $9::jsonb AS tree, $10::jsonb AS rules,
  $11::text AS d1, $12::text AS d1_key, $13::text AS d2,
  $14::text AS d2_key),
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
CASE WHEN k.gran = 'hour' THEN (h.t) - ((h.t) AT TIME ZONE k.tz
  - date_trunc('hour', (h.t) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
h.t, k.tz) END
 AS b, d1.v AS d1,
  d2.v AS d2, (h.n)::float8 AS v
  FROM k CROSS JOIN
LATERAL (SELECT hb.t,
  r.channel, r.state, r.priority, r.initiator, r.language,
  r.team_id, r.assignee_id, r.brand_id, sum(r.n) AS n
  FROM report_conversation_hours r JOIN
(SELECT s.hour, CASE WHEN '@hour_of_week' IN (k.d1, k.d2)
  THEN s.hour ELSE
CASE WHEN k.gran = 'hour' THEN (s.hour) - ((s.hour) AT TIME ZONE k.tz
  - date_trunc('hour', (s.hour) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
s.hour, k.tz) END
 END AS t
  FROM generate_series(k.t0, k.t1 - interval '1 hour',
    interval '1 hour') s(hour))
 hb
  ON hb.hour = r.hour
  WHERE r.org_id = k.org_id AND
r.hour
 >= k.t0 AND
r.hour
 < k.t1
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9) h
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
WHEN 'conversation.channel' THEN ARRAY[h.channel]
WHEN 'conversation.state' THEN ARRAY[h.state]
WHEN 'conversation.priority' THEN ARRAY[h.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[h.initiator]
WHEN 'conversation.language' THEN ARRAY[h.language]
WHEN 'conversation.team' THEN ARRAY[h.team_id]
WHEN 'conversation.assignee' THEN ARRAY[h.assignee_id]
WHEN 'conversation.brand' THEN ARRAY[h.brand_id]
ELSE '{}'::text[] END
      AS vals OFFSET 0) av ORDER BY fc.i) END AS pass OFFSET 0) rp
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d1
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d1
 = '@hour_of_week'
  THEN ARRAY[to_char((h.t) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
k.d1
WHEN 'conversation.channel' THEN ARRAY[h.channel]
WHEN 'conversation.state' THEN ARRAY[h.state]
WHEN 'conversation.priority' THEN ARRAY[h.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[h.initiator]
WHEN 'conversation.language' THEN ARRAY[h.language]
WHEN 'conversation.team' THEN ARRAY[h.team_id]
WHEN 'conversation.assignee' THEN ARRAY[h.assignee_id]
WHEN 'conversation.brand' THEN ARRAY[h.brand_id]
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d1(v)
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d2
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d2
 = '@hour_of_week'
  THEN ARRAY[to_char((h.t) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
k.d2
WHEN 'conversation.channel' THEN ARRAY[h.channel]
WHEN 'conversation.state' THEN ARRAY[h.state]
WHEN 'conversation.priority' THEN ARRAY[h.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[h.initiator]
WHEN 'conversation.language' THEN ARRAY[h.language]
WHEN 'conversation.team' THEN ARRAY[h.team_id]
WHEN 'conversation.assignee' THEN ARRAY[h.assignee_id]
WHEN 'conversation.brand' THEN ARRAY[h.brand_id]
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d2(v)
  WHERE
h.n <> 0
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
 ->> 'op' = 'or')))),
agg AS (SELECT
GROUPING(x.b, x.d1, x.d2) AS g, x.b, x.d1, x.d2,
sum(x.v) AS n, CASE (SELECT agg FROM a) WHEN 'count'
  THEN sum(x.v)::float8 END AS val
  FROM x GROUP BY GROUPING SETS ((), (x.b), (x.d1), (x.d1, x.d2), (x.d2), (x.b, x.d2))),
series AS (SELECT s.b FROM k, generate_series(CASE WHEN k.gran = 'hour' THEN (k.t0) - ((k.t0) AT TIME ZONE k.tz
  - date_trunc('hour', (k.t0) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
k.t0, k.tz) END, k.t1 - interval '1 microsecond', interval '1 hour')
    s(b) WHERE k.gran = 'hour'
  UNION ALL SELECT l.b AT TIME ZONE k.tz FROM k, generate_series(
    date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b) WHERE k.gran <> 'hour')
SELECT r.g, to_char(r.b AT TIME ZONE k.tz,
  'YYYY-MM-DD"T"HH24:MI:SS') AS local,
  extract(epoch FROM (r.b AT TIME ZONE k.tz)
    - (r.b AT TIME ZONE 'UTC'))::int AS off,
  r.d1,
CASE
k.d1
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
 END
 AS d1_label,
  r.d2,
CASE
k.d2
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
 END
 AS d2_label,
  r.n, trim_scale(round(r.val::numeric, 3)) AS val
FROM (SELECT g, b, d1, d2, n, val FROM agg
  UNION ALL SELECT -1, b, NULL, NULL, 0, NULL FROM series
 UNION ALL SELECT -2, NULL, NULL, NULL, 0, NULL FROM k
  WHERE NOT ((k.t0) = date_trunc('hour',
k.t0, 'UTC')
 AND
(k.t1) = date_trunc('hour',
k.t1, 'UTC')
  AND NOT EXISTS (SELECT 1 FROM series s WHERE NOT
(s.b) = date_trunc('hour',
s.b, 'UTC')))) r, k
ORDER BY r.g, r.val DESC NULLS LAST, r.b, r.d1, r.d2;

-- report_conversations_rollup_plain (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (metric, agg, pct, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS agg, $4::float8 AS pct,
  $5::text AS tz, $6::text AS start_at, $7::text AS end_at,
  $8::text AS gran, $9::jsonb AS tree, $10::jsonb AS rules,
  $11::text AS d1, $12::text AS d1_key, $13::text AS d2,
  $14::text AS d2_key),
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
CASE WHEN k.gran = 'hour' THEN (h.t) - ((h.t) AT TIME ZONE k.tz
  - date_trunc('hour', (h.t) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
h.t, k.tz) END
 AS b, d1.v AS d1,
  d2.v AS d2, (h.n)::float8 AS v
  FROM k CROSS JOIN
LATERAL (SELECT hb.t,
  r.channel, r.state, r.priority, r.initiator, r.language,
  r.team_id, r.assignee_id, r.brand_id, sum(r.n) AS n
  FROM report_conversation_hours r JOIN
(SELECT s.hour, CASE WHEN '@hour_of_week' IN (k.d1, k.d2)
  THEN s.hour ELSE
CASE WHEN k.gran = 'hour' THEN (s.hour) - ((s.hour) AT TIME ZONE k.tz
  - date_trunc('hour', (s.hour) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
s.hour, k.tz) END
 END AS t
  FROM generate_series(k.t0, k.t1 - interval '1 hour',
    interval '1 hour') s(hour))
 hb
  ON hb.hour = r.hour
  WHERE r.org_id = k.org_id AND
r.hour
 >= k.t0 AND
r.hour
 < k.t1
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9) h
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
WHEN 'conversation.channel' THEN ARRAY[h.channel]
WHEN 'conversation.state' THEN ARRAY[h.state]
WHEN 'conversation.priority' THEN ARRAY[h.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[h.initiator]
WHEN 'conversation.language' THEN ARRAY[h.language]
WHEN 'conversation.team' THEN ARRAY[h.team_id]
WHEN 'conversation.assignee' THEN ARRAY[h.assignee_id]
WHEN 'conversation.brand' THEN ARRAY[h.brand_id]
ELSE '{}'::text[] END
      AS vals OFFSET 0) av ORDER BY fc.i) END AS pass OFFSET 0) rp
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d1
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d1
 = '@hour_of_week'
  THEN ARRAY[to_char((h.t) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
k.d1
WHEN 'conversation.channel' THEN ARRAY[h.channel]
WHEN 'conversation.state' THEN ARRAY[h.state]
WHEN 'conversation.priority' THEN ARRAY[h.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[h.initiator]
WHEN 'conversation.language' THEN ARRAY[h.language]
WHEN 'conversation.team' THEN ARRAY[h.team_id]
WHEN 'conversation.assignee' THEN ARRAY[h.assignee_id]
WHEN 'conversation.brand' THEN ARRAY[h.brand_id]
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d1(v)
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d2
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d2
 = '@hour_of_week'
  THEN ARRAY[to_char((h.t) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
k.d2
WHEN 'conversation.channel' THEN ARRAY[h.channel]
WHEN 'conversation.state' THEN ARRAY[h.state]
WHEN 'conversation.priority' THEN ARRAY[h.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[h.initiator]
WHEN 'conversation.language' THEN ARRAY[h.language]
WHEN 'conversation.team' THEN ARRAY[h.team_id]
WHEN 'conversation.assignee' THEN ARRAY[h.assignee_id]
WHEN 'conversation.brand' THEN ARRAY[h.brand_id]
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d2(v)
  WHERE
h.n <> 0
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
 ->> 'op' = 'or')))),
agg AS (SELECT
GROUPING(x.b) * 4 + 3 AS g, x.b, NULL::text AS d1, NULL::text AS d2,
sum(x.v) AS n, CASE (SELECT agg FROM a) WHEN 'count'
  THEN sum(x.v)::float8 END AS val
  FROM x GROUP BY GROUPING SETS ((), (x.b))),
series AS (SELECT s.b FROM k, generate_series(CASE WHEN k.gran = 'hour' THEN (k.t0) - ((k.t0) AT TIME ZONE k.tz
  - date_trunc('hour', (k.t0) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
k.t0, k.tz) END, k.t1 - interval '1 microsecond', interval '1 hour')
    s(b) WHERE k.gran = 'hour'
  UNION ALL SELECT l.b AT TIME ZONE k.tz FROM k, generate_series(
    date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b) WHERE k.gran <> 'hour')
SELECT r.g, to_char(r.b AT TIME ZONE k.tz,
  'YYYY-MM-DD"T"HH24:MI:SS') AS local,
  extract(epoch FROM (r.b AT TIME ZONE k.tz)
    - (r.b AT TIME ZONE 'UTC'))::int AS off,
  r.d1,
CASE
k.d1
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
 END
 AS d1_label,
  r.d2,
CASE
k.d2
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
 END
 AS d2_label,
  r.n, trim_scale(round(r.val::numeric, 3)) AS val
FROM (SELECT g, b, d1, d2, n, val FROM agg
  UNION ALL SELECT -1, b, NULL, NULL, 0, NULL FROM series
 UNION ALL SELECT -2, NULL, NULL, NULL, 0, NULL FROM k
  WHERE NOT ((k.t0) = date_trunc('hour',
k.t0, 'UTC')
 AND
(k.t1) = date_trunc('hour',
k.t1, 'UTC')
  AND NOT EXISTS (SELECT 1 FROM series s WHERE NOT
(s.b) = date_trunc('hour',
s.b, 'UTC')))) r, k
ORDER BY r.g, r.val DESC NULLS LAST, r.b, r.d1, r.d2;

-- report_first_reply_rollup (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (metric, agg, pct, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS agg, $4::float8 AS pct,
  $5::text AS tz, $6::text AS start_at, $7::text AS end_at,
  $8::text AS gran, $9::jsonb AS tree, $10::jsonb AS rules,
  $11::text AS d1, $12::text AS d1_key, $13::text AS d2,
  $14::text AS d2_key),
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
CASE WHEN k.gran = 'hour' THEN (h.t) - ((h.t) AT TIME ZONE k.tz
  - date_trunc('hour', (h.t) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
h.t, k.tz) END
 AS b, d1.v AS d1,
  d2.v AS d2, (h.n)::float8 AS v, h.tot AS tot, h.i AS i
  FROM k CROSS JOIN
LATERAL (SELECT hb.t,
  r.channel, r.state, r.priority, r.initiator, r.language,
  r.team_id, r.assignee_id, r.brand_id, r.i, sum(r.n) AS n,
  sum(r.tot) AS tot
  FROM report_first_reply_hours r JOIN
(SELECT s.hour, CASE WHEN '@hour_of_week' IN (k.d1, k.d2)
  THEN s.hour ELSE
CASE WHEN k.gran = 'hour' THEN (s.hour) - ((s.hour) AT TIME ZONE k.tz
  - date_trunc('hour', (s.hour) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
s.hour, k.tz) END
 END AS t
  FROM generate_series(k.t0, k.t1 - interval '1 hour',
    interval '1 hour') s(hour))
 hb
  ON hb.hour = r.hour
  WHERE r.org_id = k.org_id AND
r.hour
 >= k.t0 AND
r.hour
 < k.t1
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10) h
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
WHEN 'conversation.channel' THEN ARRAY[h.channel]
WHEN 'conversation.state' THEN ARRAY[h.state]
WHEN 'conversation.priority' THEN ARRAY[h.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[h.initiator]
WHEN 'conversation.language' THEN ARRAY[h.language]
WHEN 'conversation.team' THEN ARRAY[h.team_id]
WHEN 'conversation.assignee' THEN ARRAY[h.assignee_id]
WHEN 'conversation.brand' THEN ARRAY[h.brand_id]
ELSE '{}'::text[] END
      AS vals OFFSET 0) av ORDER BY fc.i) END AS pass OFFSET 0) rp
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d1
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d1
 = '@hour_of_week'
  THEN ARRAY[to_char((h.t) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
k.d1
WHEN 'conversation.channel' THEN ARRAY[h.channel]
WHEN 'conversation.state' THEN ARRAY[h.state]
WHEN 'conversation.priority' THEN ARRAY[h.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[h.initiator]
WHEN 'conversation.language' THEN ARRAY[h.language]
WHEN 'conversation.team' THEN ARRAY[h.team_id]
WHEN 'conversation.assignee' THEN ARRAY[h.assignee_id]
WHEN 'conversation.brand' THEN ARRAY[h.brand_id]
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d1(v)
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d2
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d2
 = '@hour_of_week'
  THEN ARRAY[to_char((h.t) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
k.d2
WHEN 'conversation.channel' THEN ARRAY[h.channel]
WHEN 'conversation.state' THEN ARRAY[h.state]
WHEN 'conversation.priority' THEN ARRAY[h.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[h.initiator]
WHEN 'conversation.language' THEN ARRAY[h.language]
WHEN 'conversation.team' THEN ARRAY[h.team_id]
WHEN 'conversation.assignee' THEN ARRAY[h.assignee_id]
WHEN 'conversation.brand' THEN ARRAY[h.brand_id]
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d2(v)
  WHERE
h.n <> 0
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
 ->> 'op' = 'or')))),
agg AS (SELECT
GROUPING(x.b, x.d1, x.d2) AS g, x.b, x.d1, x.d2,
sum(x.v) AS n, CASE (SELECT agg FROM a)
  WHEN 'count' THEN sum(x.v)::float8
  WHEN 'sum' THEN sum(x.tot)
  WHEN 'avg' THEN sum(x.tot) / nullif(sum(x.v), 0)
  WHEN 'min' THEN fb_sketch_value(min(x.i) FILTER (WHERE x.v > 0))
  WHEN 'max' THEN fb_sketch_value(max(x.i) FILTER (WHERE x.v > 0))
  ELSE fb_sketch_quantile(array_agg(x.i), array_agg(x.v::bigint),
    (SELECT coalesce(pct / 100, 0.5) FROM a)) END AS val
  FROM x GROUP BY GROUPING SETS ((), (x.b), (x.d1), (x.d1, x.d2), (x.d2), (x.b, x.d2))),
series AS (SELECT s.b FROM k, generate_series(CASE WHEN k.gran = 'hour' THEN (k.t0) - ((k.t0) AT TIME ZONE k.tz
  - date_trunc('hour', (k.t0) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
k.t0, k.tz) END, k.t1 - interval '1 microsecond', interval '1 hour')
    s(b) WHERE k.gran = 'hour'
  UNION ALL SELECT l.b AT TIME ZONE k.tz FROM k, generate_series(
    date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b) WHERE k.gran <> 'hour')
SELECT r.g, to_char(r.b AT TIME ZONE k.tz,
  'YYYY-MM-DD"T"HH24:MI:SS') AS local,
  extract(epoch FROM (r.b AT TIME ZONE k.tz)
    - (r.b AT TIME ZONE 'UTC'))::int AS off,
  r.d1,
CASE
k.d1
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
 END
 AS d1_label,
  r.d2,
CASE
k.d2
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
 END
 AS d2_label,
  r.n, trim_scale(round(r.val::numeric, 3)) AS val
FROM (SELECT g, b, d1, d2, n, val FROM agg
  UNION ALL SELECT -1, b, NULL, NULL, 0, NULL FROM series
 UNION ALL SELECT -2, NULL, NULL, NULL, 0, NULL FROM k
  WHERE NOT ((k.t0) = date_trunc('hour',
k.t0, 'UTC')
 AND
(k.t1) = date_trunc('hour',
k.t1, 'UTC')
  AND NOT EXISTS (SELECT 1 FROM series s WHERE NOT
(s.b) = date_trunc('hour',
s.b, 'UTC')))
 OR (SELECT coalesce(sum(x.v), 0) FROM x) <
10000) r, k
ORDER BY r.g, r.val DESC NULLS LAST, r.b, r.d1, r.d2;

-- report_first_reply_rollup_plain (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (metric, agg, pct, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS agg, $4::float8 AS pct,
  $5::text AS tz, $6::text AS start_at, $7::text AS end_at,
  $8::text AS gran, $9::jsonb AS tree, $10::jsonb AS rules,
  $11::text AS d1, $12::text AS d1_key, $13::text AS d2,
  $14::text AS d2_key),
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
CASE WHEN k.gran = 'hour' THEN (h.t) - ((h.t) AT TIME ZONE k.tz
  - date_trunc('hour', (h.t) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
h.t, k.tz) END
 AS b, d1.v AS d1,
  d2.v AS d2, (h.n)::float8 AS v, h.tot AS tot, h.i AS i
  FROM k CROSS JOIN
LATERAL (SELECT hb.t,
  r.channel, r.state, r.priority, r.initiator, r.language,
  r.team_id, r.assignee_id, r.brand_id, r.i, sum(r.n) AS n,
  sum(r.tot) AS tot
  FROM report_first_reply_hours r JOIN
(SELECT s.hour, CASE WHEN '@hour_of_week' IN (k.d1, k.d2)
  THEN s.hour ELSE
CASE WHEN k.gran = 'hour' THEN (s.hour) - ((s.hour) AT TIME ZONE k.tz
  - date_trunc('hour', (s.hour) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
s.hour, k.tz) END
 END AS t
  FROM generate_series(k.t0, k.t1 - interval '1 hour',
    interval '1 hour') s(hour))
 hb
  ON hb.hour = r.hour
  WHERE r.org_id = k.org_id AND
r.hour
 >= k.t0 AND
r.hour
 < k.t1
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10) h
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
WHEN 'conversation.channel' THEN ARRAY[h.channel]
WHEN 'conversation.state' THEN ARRAY[h.state]
WHEN 'conversation.priority' THEN ARRAY[h.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[h.initiator]
WHEN 'conversation.language' THEN ARRAY[h.language]
WHEN 'conversation.team' THEN ARRAY[h.team_id]
WHEN 'conversation.assignee' THEN ARRAY[h.assignee_id]
WHEN 'conversation.brand' THEN ARRAY[h.brand_id]
ELSE '{}'::text[] END
      AS vals OFFSET 0) av ORDER BY fc.i) END AS pass OFFSET 0) rp
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d1
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d1
 = '@hour_of_week'
  THEN ARRAY[to_char((h.t) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
k.d1
WHEN 'conversation.channel' THEN ARRAY[h.channel]
WHEN 'conversation.state' THEN ARRAY[h.state]
WHEN 'conversation.priority' THEN ARRAY[h.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[h.initiator]
WHEN 'conversation.language' THEN ARRAY[h.language]
WHEN 'conversation.team' THEN ARRAY[h.team_id]
WHEN 'conversation.assignee' THEN ARRAY[h.assignee_id]
WHEN 'conversation.brand' THEN ARRAY[h.brand_id]
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d1(v)
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d2
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d2
 = '@hour_of_week'
  THEN ARRAY[to_char((h.t) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
k.d2
WHEN 'conversation.channel' THEN ARRAY[h.channel]
WHEN 'conversation.state' THEN ARRAY[h.state]
WHEN 'conversation.priority' THEN ARRAY[h.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[h.initiator]
WHEN 'conversation.language' THEN ARRAY[h.language]
WHEN 'conversation.team' THEN ARRAY[h.team_id]
WHEN 'conversation.assignee' THEN ARRAY[h.assignee_id]
WHEN 'conversation.brand' THEN ARRAY[h.brand_id]
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d2(v)
  WHERE
h.n <> 0
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
 ->> 'op' = 'or')))),
agg AS (SELECT
GROUPING(x.b) * 4 + 3 AS g, x.b, NULL::text AS d1, NULL::text AS d2,
sum(x.v) AS n, CASE (SELECT agg FROM a)
  WHEN 'count' THEN sum(x.v)::float8
  WHEN 'sum' THEN sum(x.tot)
  WHEN 'avg' THEN sum(x.tot) / nullif(sum(x.v), 0)
  WHEN 'min' THEN fb_sketch_value(min(x.i) FILTER (WHERE x.v > 0))
  WHEN 'max' THEN fb_sketch_value(max(x.i) FILTER (WHERE x.v > 0))
  ELSE fb_sketch_quantile(array_agg(x.i), array_agg(x.v::bigint),
    (SELECT coalesce(pct / 100, 0.5) FROM a)) END AS val
  FROM x GROUP BY GROUPING SETS ((), (x.b))),
series AS (SELECT s.b FROM k, generate_series(CASE WHEN k.gran = 'hour' THEN (k.t0) - ((k.t0) AT TIME ZONE k.tz
  - date_trunc('hour', (k.t0) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
k.t0, k.tz) END, k.t1 - interval '1 microsecond', interval '1 hour')
    s(b) WHERE k.gran = 'hour'
  UNION ALL SELECT l.b AT TIME ZONE k.tz FROM k, generate_series(
    date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b) WHERE k.gran <> 'hour')
SELECT r.g, to_char(r.b AT TIME ZONE k.tz,
  'YYYY-MM-DD"T"HH24:MI:SS') AS local,
  extract(epoch FROM (r.b AT TIME ZONE k.tz)
    - (r.b AT TIME ZONE 'UTC'))::int AS off,
  r.d1,
CASE
k.d1
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
 END
 AS d1_label,
  r.d2,
CASE
k.d2
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
 END
 AS d2_label,
  r.n, trim_scale(round(r.val::numeric, 3)) AS val
FROM (SELECT g, b, d1, d2, n, val FROM agg
  UNION ALL SELECT -1, b, NULL, NULL, 0, NULL FROM series
 UNION ALL SELECT -2, NULL, NULL, NULL, 0, NULL FROM k
  WHERE NOT ((k.t0) = date_trunc('hour',
k.t0, 'UTC')
 AND
(k.t1) = date_trunc('hour',
k.t1, 'UTC')
  AND NOT EXISTS (SELECT 1 FROM series s WHERE NOT
(s.b) = date_trunc('hour',
s.b, 'UTC')))
 OR (SELECT coalesce(sum(x.v), 0) FROM x) <
10000) r, k
ORDER BY r.g, r.val DESC NULLS LAST, r.b, r.d1, r.d2;

-- report_conversations_days (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (metric, agg, pct, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS agg, $4::float8 AS pct,
  $5::text AS tz, $6::text AS start_at, $7::text AS end_at,
  $8::text AS gran, $9::jsonb AS tree, $10::jsonb AS rules,
  $11::text AS d1, $12::text AS d1_key, $13::text AS d2,
  $14::text AS d2_key),
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
rb AS MATERIALIZED (SELECT l.b AT TIME ZONE k.tz AS t,
  greatest(l.b AT TIME ZONE k.tz, k.t0) AS s,
  least((l.b + ('1 ' || k.gran)::interval) AT TIME ZONE k.tz, k.t1)
    AS e
  FROM k, generate_series(date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b)),
rm AS MATERIALIZED (SELECT z.s, z.e, z.t AS a FROM (SELECT m.s, m.e,
  b.t, least(m.e, b.e) - greatest(m.s, b.s) AS o, row_number() OVER (
    PARTITION BY m.s ORDER BY least(m.e, b.e) - greatest(m.s, b.s)
    DESC, b.t) AS rn
  FROM (SELECT u.m AT TIME ZONE 'UTC' AS s,
    (u.m + interval '1 month') AT TIME ZONE 'UTC' AS e
    FROM k, generate_series(date_trunc('month', k.t0 AT TIME ZONE 'UTC'),
      (k.t1 - interval '1 microsecond') AT TIME ZONE 'UTC',
      interval '1 month') u(m) WHERE
false) m
  JOIN rb b ON b.s < m.e AND b.e > m.s) z
  WHERE z.rn = 1 AND z.o * 2 > z.e - z.s),
rdo AS MATERIALIZED (SELECT d.s, b.t, b.s AS bs, b.e AS be,
  least(d.s + interval '24 hours', b.e) - greatest(d.s, b.s) AS o
  FROM rb b, generate_series(date_bin('24 hours',
b.s, timestamptz '2000-01-01 00:00:00+00'),
    b.e - interval '1 microsecond', interval '24 hours') d(s)),
rd AS MATERIALIZED (SELECT d.s, m.a AS base,
  CASE WHEN o.o > interval '12 hours' THEN o.t END AS a
  FROM k CROSS JOIN LATERAL (SELECT least(date_bin('24 hours',
k.t0, timestamptz '2000-01-01 00:00:00+00')
    , min(rm.s))
    AS lo, greatest(k.t1, max(rm.e)) AS hi FROM rm) w
  CROSS JOIN generate_series(w.lo, w.hi - interval '1 microsecond',
    interval '24 hours') d(s)
  LEFT JOIN rm m ON d.s >= m.s AND d.s < m.e
  LEFT JOIN (SELECT DISTINCT ON (x.s) x.s, x.t, x.o FROM rdo x
    ORDER BY x.s, x.o DESC, x.t) o ON o.s = d.s
  LIMIT
(732
 + 2) * 24),
rde AS MATERIALIZED (SELECT d.s, d.a AS t, d.base AS m FROM rd d
  WHERE d.a IS DISTINCT FROM d.base),
rhe AS MATERIALIZED (SELECT h.hour, x.t, d.a AS m
  FROM rdo x JOIN rd d ON d.s = x.s CROSS JOIN generate_series(
    greatest(x.s, x.bs),
    least(x.s + interval '24 hours', x.be) - interval '1 hour',
    interval '1 hour') h(hour) WHERE x.t IS DISTINCT FROM d.a
  UNION ALL SELECT h.hour, NULL, d.a FROM k CROSS JOIN rd d
  CROSS JOIN generate_series(d.s, least(d.s + interval '24 hours', k.t0)
    - interval '1 hour', interval '1 hour') h(hour)
  WHERE d.a IS NOT NULL AND d.s < k.t0
  UNION ALL SELECT h.hour, NULL, d.a FROM k CROSS JOIN rd d
  CROSS JOIN generate_series(greatest(d.s, k.t1),
    d.s + interval '23 hours', interval '1 hour') h(hour)
  WHERE d.a IS NOT NULL AND d.s + interval '24 hours' > k.t1
  LIMIT
(732
 + 2) * 24),
x AS (SELECT
CASE WHEN k.gran = 'hour' THEN (h.t) - ((h.t) AT TIME ZONE k.tz
  - date_trunc('hour', (h.t) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
h.t, k.tz) END
 AS b, d1.v AS d1,
  d2.v AS d2, (h.n)::float8 AS v
  FROM k CROSS JOIN
LATERAL (SELECT u.t, u.channel, u.state, u.priority, u.initiator,
  u.language, u.team_id, u.assignee_id, u.brand_id, sum(u.n) AS n
  FROM (SELECT s.t,
r.channel, r.state, r.priority, r.initiator, r.language, r.team_id,
r.assignee_id, r.brand_id, s.sign * r.n AS n
    FROM rde d
    CROSS JOIN LATERAL (SELECT * FROM report_conversation_days r
      WHERE r.org_id = k.org_id AND r.day = d.s OFFSET 0) r
CROSS JOIN LATERAL (VALUES (d.t, 1), (d.m, -1)) s(t, sign)
WHERE s.t IS NOT NULL
  UNION ALL SELECT s.t,
r.channel, r.state, r.priority, r.initiator, r.language, r.team_id,
r.assignee_id, r.brand_id, s.sign * r.n FROM rde d
    CROSS JOIN LATERAL (SELECT * FROM report_conversation_hours r
      WHERE r.org_id = k.org_id AND r.delta AND r.hour >= d.s
      AND r.hour < d.s + interval '24 hours' OFFSET 0) r
CROSS JOIN LATERAL (VALUES (d.t, 1), (d.m, -1)) s(t, sign)
WHERE s.t IS NOT NULL
  UNION ALL SELECT s.t,
r.channel, r.state, r.priority, r.initiator, r.language, r.team_id,
r.assignee_id, r.brand_id, s.sign * r.n FROM rhe h
    CROSS JOIN LATERAL (SELECT * FROM report_conversation_hours r
      WHERE r.org_id = k.org_id AND r.hour = h.hour OFFSET 0) r
CROSS JOIN LATERAL (VALUES (h.t, 1), (h.m, -1)) s(t, sign)
WHERE s.t IS NOT NULL) u
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9) h
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
WHEN 'conversation.channel' THEN ARRAY[h.channel]
WHEN 'conversation.state' THEN ARRAY[h.state]
WHEN 'conversation.priority' THEN ARRAY[h.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[h.initiator]
WHEN 'conversation.language' THEN ARRAY[h.language]
WHEN 'conversation.team' THEN ARRAY[h.team_id]
WHEN 'conversation.assignee' THEN ARRAY[h.assignee_id]
WHEN 'conversation.brand' THEN ARRAY[h.brand_id]
ELSE '{}'::text[] END
      AS vals OFFSET 0) av ORDER BY fc.i) END AS pass OFFSET 0) rp
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d1
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d1
 = '@hour_of_week'
  THEN ARRAY[to_char((h.t) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
k.d1
WHEN 'conversation.channel' THEN ARRAY[h.channel]
WHEN 'conversation.state' THEN ARRAY[h.state]
WHEN 'conversation.priority' THEN ARRAY[h.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[h.initiator]
WHEN 'conversation.language' THEN ARRAY[h.language]
WHEN 'conversation.team' THEN ARRAY[h.team_id]
WHEN 'conversation.assignee' THEN ARRAY[h.assignee_id]
WHEN 'conversation.brand' THEN ARRAY[h.brand_id]
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d1(v)
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d2
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d2
 = '@hour_of_week'
  THEN ARRAY[to_char((h.t) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
k.d2
WHEN 'conversation.channel' THEN ARRAY[h.channel]
WHEN 'conversation.state' THEN ARRAY[h.state]
WHEN 'conversation.priority' THEN ARRAY[h.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[h.initiator]
WHEN 'conversation.language' THEN ARRAY[h.language]
WHEN 'conversation.team' THEN ARRAY[h.team_id]
WHEN 'conversation.assignee' THEN ARRAY[h.assignee_id]
WHEN 'conversation.brand' THEN ARRAY[h.brand_id]
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d2(v)
  WHERE
h.n <> 0
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
 ->> 'op' = 'or')))),
agg AS (SELECT
GROUPING(x.b, x.d1, x.d2) AS g, x.b, x.d1, x.d2,
sum(x.v) AS n, CASE (SELECT agg FROM a) WHEN 'count'
  THEN sum(x.v)::float8 END AS val
  FROM x GROUP BY GROUPING SETS ((), (x.b), (x.d1), (x.d1, x.d2), (x.d2), (x.b, x.d2))),
series AS (SELECT s.b FROM k, generate_series(CASE WHEN k.gran = 'hour' THEN (k.t0) - ((k.t0) AT TIME ZONE k.tz
  - date_trunc('hour', (k.t0) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
k.t0, k.tz) END, k.t1 - interval '1 microsecond', interval '1 hour')
    s(b) WHERE k.gran = 'hour'
  UNION ALL SELECT l.b AT TIME ZONE k.tz FROM k, generate_series(
    date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b) WHERE k.gran <> 'hour')
SELECT r.g, to_char(r.b AT TIME ZONE k.tz,
  'YYYY-MM-DD"T"HH24:MI:SS') AS local,
  extract(epoch FROM (r.b AT TIME ZONE k.tz)
    - (r.b AT TIME ZONE 'UTC'))::int AS off,
  r.d1,
CASE
k.d1
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
 END
 AS d1_label,
  r.d2,
CASE
k.d2
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
 END
 AS d2_label,
  r.n, trim_scale(round(r.val::numeric, 3)) AS val
FROM (SELECT g, b, d1, d2, n, val FROM agg
  UNION ALL SELECT -1, b, NULL, NULL, 0, NULL FROM series
 UNION ALL SELECT -2, NULL, NULL, NULL, 0, NULL FROM k
  WHERE NOT ((k.t0) = date_trunc('hour',
k.t0, 'UTC')
 AND
(k.t1) = date_trunc('hour',
k.t1, 'UTC')
  AND NOT EXISTS (SELECT 1 FROM series s WHERE NOT
(s.b) = date_trunc('hour',
s.b, 'UTC')))) r, k
ORDER BY r.g, r.val DESC NULLS LAST, r.b, r.d1, r.d2;

-- report_conversations_days_plain (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (metric, agg, pct, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS agg, $4::float8 AS pct,
  $5::text AS tz, $6::text AS start_at, $7::text AS end_at,
  $8::text AS gran, $9::jsonb AS tree, $10::jsonb AS rules,
  $11::text AS d1, $12::text AS d1_key, $13::text AS d2,
  $14::text AS d2_key),
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
rb AS MATERIALIZED (SELECT l.b AT TIME ZONE k.tz AS t,
  greatest(l.b AT TIME ZONE k.tz, k.t0) AS s,
  least((l.b + ('1 ' || k.gran)::interval) AT TIME ZONE k.tz, k.t1)
    AS e
  FROM k, generate_series(date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b)),
rm AS MATERIALIZED (SELECT z.s, z.e, z.t AS a FROM (SELECT m.s, m.e,
  b.t, least(m.e, b.e) - greatest(m.s, b.s) AS o, row_number() OVER (
    PARTITION BY m.s ORDER BY least(m.e, b.e) - greatest(m.s, b.s)
    DESC, b.t) AS rn
  FROM (SELECT u.m AT TIME ZONE 'UTC' AS s,
    (u.m + interval '1 month') AT TIME ZONE 'UTC' AS e
    FROM k, generate_series(date_trunc('month', k.t0 AT TIME ZONE 'UTC'),
      (k.t1 - interval '1 microsecond') AT TIME ZONE 'UTC',
      interval '1 month') u(m) WHERE
false) m
  JOIN rb b ON b.s < m.e AND b.e > m.s) z
  WHERE z.rn = 1 AND z.o * 2 > z.e - z.s),
rdo AS MATERIALIZED (SELECT d.s, b.t, b.s AS bs, b.e AS be,
  least(d.s + interval '24 hours', b.e) - greatest(d.s, b.s) AS o
  FROM rb b, generate_series(date_bin('24 hours',
b.s, timestamptz '2000-01-01 00:00:00+00'),
    b.e - interval '1 microsecond', interval '24 hours') d(s)),
rd AS MATERIALIZED (SELECT d.s, m.a AS base,
  CASE WHEN o.o > interval '12 hours' THEN o.t END AS a
  FROM k CROSS JOIN LATERAL (SELECT least(date_bin('24 hours',
k.t0, timestamptz '2000-01-01 00:00:00+00')
    , min(rm.s))
    AS lo, greatest(k.t1, max(rm.e)) AS hi FROM rm) w
  CROSS JOIN generate_series(w.lo, w.hi - interval '1 microsecond',
    interval '24 hours') d(s)
  LEFT JOIN rm m ON d.s >= m.s AND d.s < m.e
  LEFT JOIN (SELECT DISTINCT ON (x.s) x.s, x.t, x.o FROM rdo x
    ORDER BY x.s, x.o DESC, x.t) o ON o.s = d.s
  LIMIT
(732
 + 2) * 24),
rde AS MATERIALIZED (SELECT d.s, d.a AS t, d.base AS m FROM rd d
  WHERE d.a IS DISTINCT FROM d.base),
rhe AS MATERIALIZED (SELECT h.hour, x.t, d.a AS m
  FROM rdo x JOIN rd d ON d.s = x.s CROSS JOIN generate_series(
    greatest(x.s, x.bs),
    least(x.s + interval '24 hours', x.be) - interval '1 hour',
    interval '1 hour') h(hour) WHERE x.t IS DISTINCT FROM d.a
  UNION ALL SELECT h.hour, NULL, d.a FROM k CROSS JOIN rd d
  CROSS JOIN generate_series(d.s, least(d.s + interval '24 hours', k.t0)
    - interval '1 hour', interval '1 hour') h(hour)
  WHERE d.a IS NOT NULL AND d.s < k.t0
  UNION ALL SELECT h.hour, NULL, d.a FROM k CROSS JOIN rd d
  CROSS JOIN generate_series(greatest(d.s, k.t1),
    d.s + interval '23 hours', interval '1 hour') h(hour)
  WHERE d.a IS NOT NULL AND d.s + interval '24 hours' > k.t1
  LIMIT
(732
 + 2) * 24),
x AS (SELECT
CASE WHEN k.gran = 'hour' THEN (h.t) - ((h.t) AT TIME ZONE k.tz
  - date_trunc('hour', (h.t) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
h.t, k.tz) END
 AS b, d1.v AS d1,
  d2.v AS d2, (h.n)::float8 AS v
  FROM k CROSS JOIN
LATERAL (SELECT u.t, u.channel, u.state, u.priority, u.initiator,
  u.language, u.team_id, u.assignee_id, u.brand_id, sum(u.n) AS n
  FROM (SELECT s.t,
r.channel, r.state, r.priority, r.initiator, r.language, r.team_id,
r.assignee_id, r.brand_id, s.sign * r.n AS n
    FROM rde d
    CROSS JOIN LATERAL (SELECT * FROM report_conversation_days r
      WHERE r.org_id = k.org_id AND r.day = d.s OFFSET 0) r
CROSS JOIN LATERAL (VALUES (d.t, 1), (d.m, -1)) s(t, sign)
WHERE s.t IS NOT NULL
  UNION ALL SELECT s.t,
r.channel, r.state, r.priority, r.initiator, r.language, r.team_id,
r.assignee_id, r.brand_id, s.sign * r.n FROM rde d
    CROSS JOIN LATERAL (SELECT * FROM report_conversation_hours r
      WHERE r.org_id = k.org_id AND r.delta AND r.hour >= d.s
      AND r.hour < d.s + interval '24 hours' OFFSET 0) r
CROSS JOIN LATERAL (VALUES (d.t, 1), (d.m, -1)) s(t, sign)
WHERE s.t IS NOT NULL
  UNION ALL SELECT s.t,
r.channel, r.state, r.priority, r.initiator, r.language, r.team_id,
r.assignee_id, r.brand_id, s.sign * r.n FROM rhe h
    CROSS JOIN LATERAL (SELECT * FROM report_conversation_hours r
      WHERE r.org_id = k.org_id AND r.hour = h.hour OFFSET 0) r
CROSS JOIN LATERAL (VALUES (h.t, 1), (h.m, -1)) s(t, sign)
WHERE s.t IS NOT NULL) u
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9) h
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
WHEN 'conversation.channel' THEN ARRAY[h.channel]
WHEN 'conversation.state' THEN ARRAY[h.state]
WHEN 'conversation.priority' THEN ARRAY[h.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[h.initiator]
WHEN 'conversation.language' THEN ARRAY[h.language]
WHEN 'conversation.team' THEN ARRAY[h.team_id]
WHEN 'conversation.assignee' THEN ARRAY[h.assignee_id]
WHEN 'conversation.brand' THEN ARRAY[h.brand_id]
ELSE '{}'::text[] END
      AS vals OFFSET 0) av ORDER BY fc.i) END AS pass OFFSET 0) rp
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d1
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d1
 = '@hour_of_week'
  THEN ARRAY[to_char((h.t) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
k.d1
WHEN 'conversation.channel' THEN ARRAY[h.channel]
WHEN 'conversation.state' THEN ARRAY[h.state]
WHEN 'conversation.priority' THEN ARRAY[h.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[h.initiator]
WHEN 'conversation.language' THEN ARRAY[h.language]
WHEN 'conversation.team' THEN ARRAY[h.team_id]
WHEN 'conversation.assignee' THEN ARRAY[h.assignee_id]
WHEN 'conversation.brand' THEN ARRAY[h.brand_id]
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d1(v)
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d2
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d2
 = '@hour_of_week'
  THEN ARRAY[to_char((h.t) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
k.d2
WHEN 'conversation.channel' THEN ARRAY[h.channel]
WHEN 'conversation.state' THEN ARRAY[h.state]
WHEN 'conversation.priority' THEN ARRAY[h.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[h.initiator]
WHEN 'conversation.language' THEN ARRAY[h.language]
WHEN 'conversation.team' THEN ARRAY[h.team_id]
WHEN 'conversation.assignee' THEN ARRAY[h.assignee_id]
WHEN 'conversation.brand' THEN ARRAY[h.brand_id]
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d2(v)
  WHERE
h.n <> 0
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
 ->> 'op' = 'or')))),
agg AS (SELECT
GROUPING(x.b) * 4 + 3 AS g, x.b, NULL::text AS d1, NULL::text AS d2,
sum(x.v) AS n, CASE (SELECT agg FROM a) WHEN 'count'
  THEN sum(x.v)::float8 END AS val
  FROM x GROUP BY GROUPING SETS ((), (x.b))),
series AS (SELECT s.b FROM k, generate_series(CASE WHEN k.gran = 'hour' THEN (k.t0) - ((k.t0) AT TIME ZONE k.tz
  - date_trunc('hour', (k.t0) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
k.t0, k.tz) END, k.t1 - interval '1 microsecond', interval '1 hour')
    s(b) WHERE k.gran = 'hour'
  UNION ALL SELECT l.b AT TIME ZONE k.tz FROM k, generate_series(
    date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b) WHERE k.gran <> 'hour')
SELECT r.g, to_char(r.b AT TIME ZONE k.tz,
  'YYYY-MM-DD"T"HH24:MI:SS') AS local,
  extract(epoch FROM (r.b AT TIME ZONE k.tz)
    - (r.b AT TIME ZONE 'UTC'))::int AS off,
  r.d1,
CASE
k.d1
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
 END
 AS d1_label,
  r.d2,
CASE
k.d2
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
 END
 AS d2_label,
  r.n, trim_scale(round(r.val::numeric, 3)) AS val
FROM (SELECT g, b, d1, d2, n, val FROM agg
  UNION ALL SELECT -1, b, NULL, NULL, 0, NULL FROM series
 UNION ALL SELECT -2, NULL, NULL, NULL, 0, NULL FROM k
  WHERE NOT ((k.t0) = date_trunc('hour',
k.t0, 'UTC')
 AND
(k.t1) = date_trunc('hour',
k.t1, 'UTC')
  AND NOT EXISTS (SELECT 1 FROM series s WHERE NOT
(s.b) = date_trunc('hour',
s.b, 'UTC')))) r, k
ORDER BY r.g, r.val DESC NULLS LAST, r.b, r.d1, r.d2;

-- report_first_reply_days (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (metric, agg, pct, tz, start_at, end_at, gran, tree, rules, d1, d1_key, d2, d2_key)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS metric, $3::text AS agg, $4::float8 AS pct,
  $5::text AS tz, $6::text AS start_at, $7::text AS end_at,
  $8::text AS gran, $9::jsonb AS tree, $10::jsonb AS rules,
  $11::text AS d1, $12::text AS d1_key, $13::text AS d2,
  $14::text AS d2_key),
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
rb AS MATERIALIZED (SELECT l.b AT TIME ZONE k.tz AS t,
  greatest(l.b AT TIME ZONE k.tz, k.t0) AS s,
  least((l.b + ('1 ' || k.gran)::interval) AT TIME ZONE k.tz, k.t1)
    AS e
  FROM k, generate_series(date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b)),
rm AS MATERIALIZED (SELECT z.s, z.e, z.t AS a FROM (SELECT m.s, m.e,
  b.t, least(m.e, b.e) - greatest(m.s, b.s) AS o, row_number() OVER (
    PARTITION BY m.s ORDER BY least(m.e, b.e) - greatest(m.s, b.s)
    DESC, b.t) AS rn
  FROM (SELECT u.m AT TIME ZONE 'UTC' AS s,
    (u.m + interval '1 month') AT TIME ZONE 'UTC' AS e
    FROM k, generate_series(date_trunc('month', k.t0 AT TIME ZONE 'UTC'),
      (k.t1 - interval '1 microsecond') AT TIME ZONE 'UTC',
      interval '1 month') u(m) WHERE
true) m
  JOIN rb b ON b.s < m.e AND b.e > m.s) z
  WHERE z.rn = 1 AND z.o * 2 > z.e - z.s),
rdo AS MATERIALIZED (SELECT d.s, b.t, b.s AS bs, b.e AS be,
  least(d.s + interval '24 hours', b.e) - greatest(d.s, b.s) AS o
  FROM rb b, generate_series(date_bin('24 hours',
b.s, timestamptz '2000-01-01 00:00:00+00'),
    b.e - interval '1 microsecond', interval '24 hours') d(s)),
rd AS MATERIALIZED (SELECT d.s, m.a AS base,
  CASE WHEN o.o > interval '12 hours' THEN o.t END AS a
  FROM k CROSS JOIN LATERAL (SELECT least(date_bin('24 hours',
k.t0, timestamptz '2000-01-01 00:00:00+00')
    , min(rm.s))
    AS lo, greatest(k.t1, max(rm.e)) AS hi FROM rm) w
  CROSS JOIN generate_series(w.lo, w.hi - interval '1 microsecond',
    interval '24 hours') d(s)
  LEFT JOIN rm m ON d.s >= m.s AND d.s < m.e
  LEFT JOIN (SELECT DISTINCT ON (x.s) x.s, x.t, x.o FROM rdo x
    ORDER BY x.s, x.o DESC, x.t) o ON o.s = d.s
  LIMIT
(732
 + 2) * 24),
rde AS MATERIALIZED (SELECT d.s, d.a AS t, d.base AS m FROM rd d
  WHERE d.a IS DISTINCT FROM d.base),
rhe AS MATERIALIZED (SELECT h.hour, x.t, d.a AS m
  FROM rdo x JOIN rd d ON d.s = x.s CROSS JOIN generate_series(
    greatest(x.s, x.bs),
    least(x.s + interval '24 hours', x.be) - interval '1 hour',
    interval '1 hour') h(hour) WHERE x.t IS DISTINCT FROM d.a
  UNION ALL SELECT h.hour, NULL, d.a FROM k CROSS JOIN rd d
  CROSS JOIN generate_series(d.s, least(d.s + interval '24 hours', k.t0)
    - interval '1 hour', interval '1 hour') h(hour)
  WHERE d.a IS NOT NULL AND d.s < k.t0
  UNION ALL SELECT h.hour, NULL, d.a FROM k CROSS JOIN rd d
  CROSS JOIN generate_series(greatest(d.s, k.t1),
    d.s + interval '23 hours', interval '1 hour') h(hour)
  WHERE d.a IS NOT NULL AND d.s + interval '24 hours' > k.t1
  LIMIT
(732
 + 2) * 24),
x AS (SELECT
CASE WHEN k.gran = 'hour' THEN (h.t) - ((h.t) AT TIME ZONE k.tz
  - date_trunc('hour', (h.t) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
h.t, k.tz) END
 AS b, d1.v AS d1,
  d2.v AS d2, (h.n)::float8 AS v, h.tot AS tot, h.i AS i
  FROM k CROSS JOIN
LATERAL (SELECT u.t, NULL::text AS channel, NULL::text AS state,
  NULL::boolean AS priority, NULL::text AS initiator,
  NULL::text AS language, NULL::text AS team_id,
  NULL::text AS assignee_id, NULL::text AS brand_id, u.i,
  sum(u.n) AS n, sum(u.tot) AS tot
  FROM (SELECT m.a AS t, r.i, r.n, r.tot FROM rm m
    CROSS JOIN LATERAL (SELECT * FROM report_first_reply_months r
      WHERE r.org_id = k.org_id AND r.month = m.s OFFSET 0) r
  UNION ALL SELECT m.a, r.i, r.n, r.tot FROM rm m
    CROSS JOIN LATERAL (SELECT * FROM report_first_reply_hours r
      WHERE r.org_id = k.org_id AND r.delta AND r.hour >= m.s
      AND r.hour < m.e OFFSET 0) r
  UNION ALL SELECT s.t, r.i, s.sign * r.n, s.sign * r.tot
    FROM rde d
    CROSS JOIN LATERAL (SELECT * FROM report_first_reply_days r
      WHERE r.org_id = k.org_id AND r.day = d.s OFFSET 0) r
CROSS JOIN LATERAL (VALUES (d.t, 1), (d.m, -1)) s(t, sign)
WHERE s.t IS NOT NULL
  UNION ALL SELECT s.t, r.i, s.sign * r.n, s.sign * r.tot
    FROM rde d
    CROSS JOIN LATERAL (SELECT * FROM report_first_reply_hours r
      WHERE r.org_id = k.org_id AND r.delta AND r.hour >= d.s
      AND r.hour < d.s + interval '24 hours' OFFSET 0) r
CROSS JOIN LATERAL (VALUES (d.t, 1), (d.m, -1)) s(t, sign)
WHERE s.t IS NOT NULL
  UNION ALL SELECT s.t, r.i, s.sign * r.n, s.sign * r.tot
    FROM rhe h
    CROSS JOIN LATERAL (SELECT * FROM report_first_reply_hours r
      WHERE r.org_id = k.org_id AND r.hour = h.hour OFFSET 0) r
CROSS JOIN LATERAL (VALUES (h.t, 1), (h.m, -1)) s(t, sign)
WHERE s.t IS NOT NULL) u
  GROUP BY u.t, u.i) h
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
WHEN 'conversation.channel' THEN ARRAY[h.channel]
WHEN 'conversation.state' THEN ARRAY[h.state]
WHEN 'conversation.priority' THEN ARRAY[h.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[h.initiator]
WHEN 'conversation.language' THEN ARRAY[h.language]
WHEN 'conversation.team' THEN ARRAY[h.team_id]
WHEN 'conversation.assignee' THEN ARRAY[h.assignee_id]
WHEN 'conversation.brand' THEN ARRAY[h.brand_id]
ELSE '{}'::text[] END
      AS vals OFFSET 0) av ORDER BY fc.i) END AS pass OFFSET 0) rp
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d1
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d1
 = '@hour_of_week'
  THEN ARRAY[to_char((h.t) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
k.d1
WHEN 'conversation.channel' THEN ARRAY[h.channel]
WHEN 'conversation.state' THEN ARRAY[h.state]
WHEN 'conversation.priority' THEN ARRAY[h.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[h.initiator]
WHEN 'conversation.language' THEN ARRAY[h.language]
WHEN 'conversation.team' THEN ARRAY[h.team_id]
WHEN 'conversation.assignee' THEN ARRAY[h.assignee_id]
WHEN 'conversation.brand' THEN ARRAY[h.brand_id]
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d1(v)
  CROSS JOIN LATERAL unnest(CASE WHEN
k.d2
 IS NULL THEN ARRAY[NULL::text]
WHEN
k.d2
 = '@hour_of_week'
  THEN ARRAY[to_char((h.t) AT TIME ZONE k.tz, 'ID:HH24')]
ELSE coalesce(nullif(CASE
k.d2
WHEN 'conversation.channel' THEN ARRAY[h.channel]
WHEN 'conversation.state' THEN ARRAY[h.state]
WHEN 'conversation.priority' THEN ARRAY[h.priority::text]
WHEN 'conversation.initiator' THEN ARRAY[h.initiator]
WHEN 'conversation.language' THEN ARRAY[h.language]
WHEN 'conversation.team' THEN ARRAY[h.team_id]
WHEN 'conversation.assignee' THEN ARRAY[h.assignee_id]
WHEN 'conversation.brand' THEN ARRAY[h.brand_id]
ELSE '{}'::text[] END, '{}'::text[]),
  ARRAY[NULL::text]) END) d2(v)
  WHERE
h.n <> 0
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
 ->> 'op' = 'or')))),
agg AS (SELECT
GROUPING(x.b) * 4 + 3 AS g, x.b, NULL::text AS d1, NULL::text AS d2,
sum(x.v) AS n, CASE (SELECT agg FROM a)
  WHEN 'count' THEN sum(x.v)::float8
  WHEN 'sum' THEN sum(x.tot)
  WHEN 'avg' THEN sum(x.tot) / nullif(sum(x.v), 0)
  WHEN 'min' THEN fb_sketch_value(min(x.i) FILTER (WHERE x.v > 0))
  WHEN 'max' THEN fb_sketch_value(max(x.i) FILTER (WHERE x.v > 0))
  ELSE fb_sketch_quantile(array_agg(x.i), array_agg(x.v::bigint),
    (SELECT coalesce(pct / 100, 0.5) FROM a)) END AS val
  FROM x GROUP BY GROUPING SETS ((), (x.b))),
series AS (SELECT s.b FROM k, generate_series(CASE WHEN k.gran = 'hour' THEN (k.t0) - ((k.t0) AT TIME ZONE k.tz
  - date_trunc('hour', (k.t0) AT TIME ZONE k.tz))
ELSE date_trunc(k.gran,
k.t0, k.tz) END, k.t1 - interval '1 microsecond', interval '1 hour')
    s(b) WHERE k.gran = 'hour'
  UNION ALL SELECT l.b AT TIME ZONE k.tz FROM k, generate_series(
    date_trunc(k.gran, k.t0 AT TIME ZONE k.tz),
    (k.t1 - interval '1 microsecond') AT TIME ZONE k.tz,
    ('1 ' || k.gran)::interval) l(b) WHERE k.gran <> 'hour')
SELECT r.g, to_char(r.b AT TIME ZONE k.tz,
  'YYYY-MM-DD"T"HH24:MI:SS') AS local,
  extract(epoch FROM (r.b AT TIME ZONE k.tz)
    - (r.b AT TIME ZONE 'UTC'))::int AS off,
  r.d1,
CASE
k.d1
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d1)
 END
 AS d1_label,
  r.d2,
CASE
k.d2
WHEN 'conversation.tags' THEN
(SELECT x.name
 FROM
conversation_tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.team' THEN
(SELECT x.name
 FROM
teams
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'reply.admin' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'conversation.brand' THEN
(SELECT x.name
 FROM
brands
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.category' THEN
(SELECT x.name
 FROM
ticket_categories
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.status' THEN
(SELECT x.name
 FROM
ticket_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.assignee' THEN
(SELECT x.name
 FROM
admins
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'ticket.company' THEN
(SELECT x.name
 FROM
companies
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.board' THEN
(SELECT x.name
 FROM
boards
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.status' THEN
(SELECT x.name
 FROM
post_statuses
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
WHEN 'post.tags' THEN
(SELECT x.name
 FROM
tags
 x WHERE x.org_id = k.org_id
AND x.id =
r.d2)
 END
 AS d2_label,
  r.n, trim_scale(round(r.val::numeric, 3)) AS val
FROM (SELECT g, b, d1, d2, n, val FROM agg
  UNION ALL SELECT -1, b, NULL, NULL, 0, NULL FROM series
 UNION ALL SELECT -2, NULL, NULL, NULL, 0, NULL FROM k
  WHERE NOT ((k.t0) = date_trunc('hour',
k.t0, 'UTC')
 AND
(k.t1) = date_trunc('hour',
k.t1, 'UTC')
  AND NOT EXISTS (SELECT 1 FROM series s WHERE NOT
(s.b) = date_trunc('hour',
s.b, 'UTC')))
 OR (SELECT coalesce(sum(x.v), 0) FROM x) <
10000) r, k
ORDER BY r.g, r.val DESC NULLS LAST, r.b, r.d1, r.d2;
