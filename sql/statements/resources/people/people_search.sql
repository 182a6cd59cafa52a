-- The statements of modules/resources/people/people_search.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- company_search_created_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
co.*,
fb_ts_key(co.created_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
companies co, k WHERE co.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.company_id), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(co.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(co.name), 'null'::jsonb)
 END
WHEN 'monthlySpend' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.monthly_spend)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.monthly_spend)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.monthly_spend)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.monthly_spend)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.monthly_spend)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'plan' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.plan), 'null'::jsonb)
WHEN 'industry' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.industry), 'null'::jsonb)
WHEN 'website' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.website), 'null'::jsonb)
WHEN 'companySize' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.company_size)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.company_size)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.company_size)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.company_size)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.company_size)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'linkedUsers' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
co.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
co.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
co.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
co.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
co.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
co.created_at
 DESC,
co.id
 DESC
 LIMIT $8)
SELECT
co.id,
co.company_id,
co.name,
co.monthly_spend,
co.industry,
co.website,
co.plan,
(SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id),
co.company_size,
fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC',
co.custom_fields,
co.created_at AT TIME ZONE 'UTC',
co.updated_at AT TIME ZONE 'UTC', co.sort_key, co.id, co.search_total
FROM page co
 ORDER BY
co.created_at
 DESC,
co.id
 DESC;

-- company_search_created_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
co.*,
fb_ts_key(co.created_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
companies co, k WHERE co.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.company_id), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(co.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(co.name), 'null'::jsonb)
 END
WHEN 'monthlySpend' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.monthly_spend)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.monthly_spend)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.monthly_spend)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.monthly_spend)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.monthly_spend)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'plan' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.plan), 'null'::jsonb)
WHEN 'industry' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.industry), 'null'::jsonb)
WHEN 'website' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.website), 'null'::jsonb)
WHEN 'companySize' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.company_size)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.company_size)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.company_size)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.company_size)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.company_size)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'linkedUsers' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
co.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
co.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
co.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
co.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
co.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (co.created_at,
co.id) < (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
co.created_at
 DESC,
co.id
 DESC
 LIMIT $8)
SELECT
co.id,
co.company_id,
co.name,
co.monthly_spend,
co.industry,
co.website,
co.plan,
(SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id),
co.company_size,
fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC',
co.custom_fields,
co.created_at AT TIME ZONE 'UTC',
co.updated_at AT TIME ZONE 'UTC', co.sort_key, co.id, co.search_total
FROM page co
 ORDER BY
co.created_at
 DESC,
co.id
 DESC;

-- company_search_created_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
co.*,
fb_ts_key(co.created_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
companies co, k WHERE co.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.company_id), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(co.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(co.name), 'null'::jsonb)
 END
WHEN 'monthlySpend' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.monthly_spend)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.monthly_spend)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.monthly_spend)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.monthly_spend)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.monthly_spend)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'plan' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.plan), 'null'::jsonb)
WHEN 'industry' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.industry), 'null'::jsonb)
WHEN 'website' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.website), 'null'::jsonb)
WHEN 'companySize' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.company_size)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.company_size)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.company_size)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.company_size)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.company_size)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'linkedUsers' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
co.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
co.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
co.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
co.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
co.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
co.created_at
 ASC,
co.id
 ASC
 LIMIT $8)
SELECT
co.id,
co.company_id,
co.name,
co.monthly_spend,
co.industry,
co.website,
co.plan,
(SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id),
co.company_size,
fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC',
co.custom_fields,
co.created_at AT TIME ZONE 'UTC',
co.updated_at AT TIME ZONE 'UTC', co.sort_key, co.id, co.search_total
FROM page co
 ORDER BY
co.created_at
 ASC,
co.id
 ASC;

-- company_search_created_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
co.*,
fb_ts_key(co.created_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
companies co, k WHERE co.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.company_id), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(co.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(co.name), 'null'::jsonb)
 END
WHEN 'monthlySpend' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.monthly_spend)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.monthly_spend)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.monthly_spend)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.monthly_spend)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.monthly_spend)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'plan' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.plan), 'null'::jsonb)
WHEN 'industry' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.industry), 'null'::jsonb)
WHEN 'website' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.website), 'null'::jsonb)
WHEN 'companySize' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.company_size)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.company_size)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.company_size)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.company_size)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.company_size)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'linkedUsers' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
co.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
co.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
co.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
co.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
co.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (co.created_at,
co.id) > (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
co.created_at
 ASC,
co.id
 ASC
 LIMIT $8)
SELECT
co.id,
co.company_id,
co.name,
co.monthly_spend,
co.industry,
co.website,
co.plan,
(SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id),
co.company_size,
fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC',
co.custom_fields,
co.created_at AT TIME ZONE 'UTC',
co.updated_at AT TIME ZONE 'UTC', co.sort_key, co.id, co.search_total
FROM page co
 ORDER BY
co.created_at
 ASC,
co.id
 ASC;

-- company_search_spend_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
co.*,
coalesce(co.monthly_spend, -1e18)::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
companies co, k WHERE co.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.company_id), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(co.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(co.name), 'null'::jsonb)
 END
WHEN 'monthlySpend' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.monthly_spend)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.monthly_spend)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.monthly_spend)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.monthly_spend)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.monthly_spend)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'plan' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.plan), 'null'::jsonb)
WHEN 'industry' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.industry), 'null'::jsonb)
WHEN 'website' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.website), 'null'::jsonb)
WHEN 'companySize' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.company_size)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.company_size)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.company_size)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.company_size)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.company_size)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'linkedUsers' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
co.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
co.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
co.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
co.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
co.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
coalesce(co.monthly_spend, -1e18)
 DESC,
co.id
 DESC
 LIMIT $8)
SELECT
co.id,
co.company_id,
co.name,
co.monthly_spend,
co.industry,
co.website,
co.plan,
(SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id),
co.company_size,
fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC',
co.custom_fields,
co.created_at AT TIME ZONE 'UTC',
co.updated_at AT TIME ZONE 'UTC', co.sort_key, co.id, co.search_total
FROM page co
 ORDER BY
coalesce(co.monthly_spend, -1e18)
 DESC,
co.id
 DESC;

-- company_search_spend_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
co.*,
coalesce(co.monthly_spend, -1e18)::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
companies co, k WHERE co.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.company_id), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(co.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(co.name), 'null'::jsonb)
 END
WHEN 'monthlySpend' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.monthly_spend)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.monthly_spend)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.monthly_spend)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.monthly_spend)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.monthly_spend)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'plan' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.plan), 'null'::jsonb)
WHEN 'industry' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.industry), 'null'::jsonb)
WHEN 'website' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.website), 'null'::jsonb)
WHEN 'companySize' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.company_size)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.company_size)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.company_size)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.company_size)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.company_size)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'linkedUsers' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
co.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
co.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
co.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
co.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
co.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (coalesce(co.monthly_spend, -1e18),
co.id) < (k.after_key::numeric, k.after_id)
  ORDER BY
coalesce(co.monthly_spend, -1e18)
 DESC,
co.id
 DESC
 LIMIT $8)
SELECT
co.id,
co.company_id,
co.name,
co.monthly_spend,
co.industry,
co.website,
co.plan,
(SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id),
co.company_size,
fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC',
co.custom_fields,
co.created_at AT TIME ZONE 'UTC',
co.updated_at AT TIME ZONE 'UTC', co.sort_key, co.id, co.search_total
FROM page co
 ORDER BY
coalesce(co.monthly_spend, -1e18)
 DESC,
co.id
 DESC;

-- company_search_spend_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
co.*,
coalesce(co.monthly_spend, -1e18)::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
companies co, k WHERE co.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.company_id), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(co.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(co.name), 'null'::jsonb)
 END
WHEN 'monthlySpend' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.monthly_spend)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.monthly_spend)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.monthly_spend)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.monthly_spend)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.monthly_spend)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'plan' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.plan), 'null'::jsonb)
WHEN 'industry' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.industry), 'null'::jsonb)
WHEN 'website' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.website), 'null'::jsonb)
WHEN 'companySize' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.company_size)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.company_size)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.company_size)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.company_size)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.company_size)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'linkedUsers' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
co.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
co.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
co.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
co.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
co.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
coalesce(co.monthly_spend, -1e18)
 ASC,
co.id
 ASC
 LIMIT $8)
SELECT
co.id,
co.company_id,
co.name,
co.monthly_spend,
co.industry,
co.website,
co.plan,
(SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id),
co.company_size,
fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC',
co.custom_fields,
co.created_at AT TIME ZONE 'UTC',
co.updated_at AT TIME ZONE 'UTC', co.sort_key, co.id, co.search_total
FROM page co
 ORDER BY
coalesce(co.monthly_spend, -1e18)
 ASC,
co.id
 ASC;

-- company_search_spend_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
co.*,
coalesce(co.monthly_spend, -1e18)::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
companies co, k WHERE co.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.company_id), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(co.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(co.name), 'null'::jsonb)
 END
WHEN 'monthlySpend' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.monthly_spend)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.monthly_spend)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.monthly_spend)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.monthly_spend)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.monthly_spend)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'plan' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.plan), 'null'::jsonb)
WHEN 'industry' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.industry), 'null'::jsonb)
WHEN 'website' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.website), 'null'::jsonb)
WHEN 'companySize' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.company_size)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.company_size)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.company_size)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.company_size)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.company_size)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'linkedUsers' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
co.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
co.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
co.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
co.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
co.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (coalesce(co.monthly_spend, -1e18),
co.id) > (k.after_key::numeric, k.after_id)
  ORDER BY
coalesce(co.monthly_spend, -1e18)
 ASC,
co.id
 ASC
 LIMIT $8)
SELECT
co.id,
co.company_id,
co.name,
co.monthly_spend,
co.industry,
co.website,
co.plan,
(SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id),
co.company_size,
fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC',
co.custom_fields,
co.created_at AT TIME ZONE 'UTC',
co.updated_at AT TIME ZONE 'UTC', co.sort_key, co.id, co.search_total
FROM page co
 ORDER BY
coalesce(co.monthly_spend, -1e18)
 ASC,
co.id
 ASC;

-- company_search_activity_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
co.*,
fb_ts_key(coalesce(fb_company_last_activity(co.org_id, co.id, co.last_activity),
'1970-01-01 00:00:00+00'::timestamptz))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
companies co, k WHERE co.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.company_id), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(co.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(co.name), 'null'::jsonb)
 END
WHEN 'monthlySpend' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.monthly_spend)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.monthly_spend)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.monthly_spend)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.monthly_spend)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.monthly_spend)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'plan' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.plan), 'null'::jsonb)
WHEN 'industry' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.industry), 'null'::jsonb)
WHEN 'website' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.website), 'null'::jsonb)
WHEN 'companySize' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.company_size)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.company_size)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.company_size)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.company_size)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.company_size)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'linkedUsers' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
co.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
co.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
co.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
co.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
co.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
coalesce(fb_company_last_activity(co.org_id, co.id, co.last_activity),
'1970-01-01 00:00:00+00'::timestamptz)
 DESC,
co.id
 DESC
 LIMIT $8)
SELECT
co.id,
co.company_id,
co.name,
co.monthly_spend,
co.industry,
co.website,
co.plan,
(SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id),
co.company_size,
fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC',
co.custom_fields,
co.created_at AT TIME ZONE 'UTC',
co.updated_at AT TIME ZONE 'UTC', co.sort_key, co.id, co.search_total
FROM page co
 ORDER BY
coalesce(fb_company_last_activity(co.org_id, co.id, co.last_activity),
'1970-01-01 00:00:00+00'::timestamptz)
 DESC,
co.id
 DESC;

-- company_search_activity_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
co.*,
fb_ts_key(coalesce(fb_company_last_activity(co.org_id, co.id, co.last_activity),
'1970-01-01 00:00:00+00'::timestamptz))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
companies co, k WHERE co.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.company_id), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(co.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(co.name), 'null'::jsonb)
 END
WHEN 'monthlySpend' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.monthly_spend)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.monthly_spend)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.monthly_spend)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.monthly_spend)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.monthly_spend)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'plan' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.plan), 'null'::jsonb)
WHEN 'industry' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.industry), 'null'::jsonb)
WHEN 'website' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.website), 'null'::jsonb)
WHEN 'companySize' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.company_size)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.company_size)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.company_size)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.company_size)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.company_size)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'linkedUsers' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
co.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
co.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
co.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
co.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
co.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (coalesce(fb_company_last_activity(co.org_id, co.id, co.last_activity),
'1970-01-01 00:00:00+00'::timestamptz),
co.id) < (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
coalesce(fb_company_last_activity(co.org_id, co.id, co.last_activity),
'1970-01-01 00:00:00+00'::timestamptz)
 DESC,
co.id
 DESC
 LIMIT $8)
SELECT
co.id,
co.company_id,
co.name,
co.monthly_spend,
co.industry,
co.website,
co.plan,
(SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id),
co.company_size,
fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC',
co.custom_fields,
co.created_at AT TIME ZONE 'UTC',
co.updated_at AT TIME ZONE 'UTC', co.sort_key, co.id, co.search_total
FROM page co
 ORDER BY
coalesce(fb_company_last_activity(co.org_id, co.id, co.last_activity),
'1970-01-01 00:00:00+00'::timestamptz)
 DESC,
co.id
 DESC;

-- company_search_activity_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
co.*,
fb_ts_key(coalesce(fb_company_last_activity(co.org_id, co.id, co.last_activity),
'1970-01-01 00:00:00+00'::timestamptz))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
companies co, k WHERE co.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.company_id), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(co.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(co.name), 'null'::jsonb)
 END
WHEN 'monthlySpend' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.monthly_spend)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.monthly_spend)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.monthly_spend)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.monthly_spend)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.monthly_spend)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'plan' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.plan), 'null'::jsonb)
WHEN 'industry' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.industry), 'null'::jsonb)
WHEN 'website' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.website), 'null'::jsonb)
WHEN 'companySize' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.company_size)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.company_size)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.company_size)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.company_size)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.company_size)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'linkedUsers' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
co.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
co.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
co.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
co.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
co.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
coalesce(fb_company_last_activity(co.org_id, co.id, co.last_activity),
'1970-01-01 00:00:00+00'::timestamptz)
 ASC,
co.id
 ASC
 LIMIT $8)
SELECT
co.id,
co.company_id,
co.name,
co.monthly_spend,
co.industry,
co.website,
co.plan,
(SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id),
co.company_size,
fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC',
co.custom_fields,
co.created_at AT TIME ZONE 'UTC',
co.updated_at AT TIME ZONE 'UTC', co.sort_key, co.id, co.search_total
FROM page co
 ORDER BY
coalesce(fb_company_last_activity(co.org_id, co.id, co.last_activity),
'1970-01-01 00:00:00+00'::timestamptz)
 ASC,
co.id
 ASC;

-- company_search_activity_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
co.*,
fb_ts_key(coalesce(fb_company_last_activity(co.org_id, co.id, co.last_activity),
'1970-01-01 00:00:00+00'::timestamptz))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
companies co, k WHERE co.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.company_id), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(co.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(co.name), 'null'::jsonb)
 END
WHEN 'monthlySpend' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.monthly_spend)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.monthly_spend)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.monthly_spend)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.monthly_spend)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.monthly_spend)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'plan' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.plan), 'null'::jsonb)
WHEN 'industry' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.industry), 'null'::jsonb)
WHEN 'website' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.website), 'null'::jsonb)
WHEN 'companySize' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.company_size)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.company_size)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.company_size)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.company_size)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.company_size)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'linkedUsers' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
co.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
co.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
co.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
co.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
co.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (coalesce(fb_company_last_activity(co.org_id, co.id, co.last_activity),
'1970-01-01 00:00:00+00'::timestamptz),
co.id) > (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
coalesce(fb_company_last_activity(co.org_id, co.id, co.last_activity),
'1970-01-01 00:00:00+00'::timestamptz)
 ASC,
co.id
 ASC
 LIMIT $8)
SELECT
co.id,
co.company_id,
co.name,
co.monthly_spend,
co.industry,
co.website,
co.plan,
(SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id),
co.company_size,
fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC',
co.custom_fields,
co.created_at AT TIME ZONE 'UTC',
co.updated_at AT TIME ZONE 'UTC', co.sort_key, co.id, co.search_total
FROM page co
 ORDER BY
coalesce(fb_company_last_activity(co.org_id, co.id, co.last_activity),
'1970-01-01 00:00:00+00'::timestamptz)
 ASC,
co.id
 ASC;

-- company_search_count (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
SELECT count(*) FROM (SELECT 1 FROM
companies co, k WHERE co.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.company_id), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(co.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(co.name), 'null'::jsonb)
 END
WHEN 'monthlySpend' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.monthly_spend)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.monthly_spend)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.monthly_spend)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.monthly_spend)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.monthly_spend)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'plan' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.plan), 'null'::jsonb)
WHEN 'industry' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.industry), 'null'::jsonb)
WHEN 'website' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(co.website), 'null'::jsonb)
WHEN 'companySize' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(co.company_size)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(co.company_size)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(co.company_size)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(co.company_size)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(co.company_size)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'linkedUsers' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
fb_company_last_activity(co.org_id, co.id, co.last_activity)))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
co.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
co.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
co.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
co.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
co.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
 LIMIT $8) x;

-- contact_search_activity_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
fb_ts_key(c.last_activity)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
contacts c, k WHERE c.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.user_id), 'null'::jsonb)
WHEN 'email' THEN
lower((fc.j -> 'v')::text)::jsonb
  @> coalesce(to_jsonb(lower(c.email)), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(c.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(c.name), 'null'::jsonb)
 END
WHEN 'type' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.type), 'null'::jsonb)
WHEN 'companyIds' THEN
EXISTS (SELECT 1 FROM contact_companies cc
  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
  AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'postsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.posts_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.posts_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.posts_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.posts_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.posts_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.comments_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.comments_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.comments_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.comments_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.comments_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.last_activity))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.last_activity))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.last_activity))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.last_activity))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.last_activity))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
c.last_activity
 DESC,
c.id
 DESC
 LIMIT $8)
SELECT
c.id,
c.user_id,
c.org_id,
ARRAY(SELECT ARRAY[co.id, (co.company_id)::text, (co.name)::text, (co.monthly_spend)::text, (co.industry)::text, (co.website)::text, (co.plan)::text, ((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::text, (co.company_size)::text, (fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC')::text, (co.custom_fields)::text, (co.created_at AT TIME ZONE 'UTC')::text, (co.updated_at AT TIME ZONE 'UTC')::text]
FROM contact_companies cc JOIN companies co
  ON co.org_id = cc.org_id AND co.id = cc.company_id
WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
ORDER BY co.company_id),
c.email,
c.name,
c.profile_picture,
c.comments_created,
c.posts_created,
c.last_activity AT TIME ZONE 'UTC',
c.subscribed_to_changelog,
c.manually_opted_out_from_changelog,
to_json(c.roles),
c.locale,
c.verified,
c.type,
c.description,
c.custom_fields,
c.is_blocked,
c.phone,
c.sort_key, c.id, c.search_total
FROM page c
 ORDER BY
c.last_activity
 DESC,
c.id
 DESC;

-- contact_search_activity_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
fb_ts_key(c.last_activity)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
contacts c, k WHERE c.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.user_id), 'null'::jsonb)
WHEN 'email' THEN
lower((fc.j -> 'v')::text)::jsonb
  @> coalesce(to_jsonb(lower(c.email)), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(c.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(c.name), 'null'::jsonb)
 END
WHEN 'type' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.type), 'null'::jsonb)
WHEN 'companyIds' THEN
EXISTS (SELECT 1 FROM contact_companies cc
  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
  AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'postsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.posts_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.posts_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.posts_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.posts_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.posts_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.comments_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.comments_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.comments_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.comments_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.comments_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.last_activity))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.last_activity))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.last_activity))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.last_activity))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.last_activity))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (c.last_activity,
c.id) < (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
c.last_activity
 DESC,
c.id
 DESC
 LIMIT $8)
SELECT
c.id,
c.user_id,
c.org_id,
ARRAY(SELECT ARRAY[co.id, (co.company_id)::text, (co.name)::text, (co.monthly_spend)::text, (co.industry)::text, (co.website)::text, (co.plan)::text, ((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::text, (co.company_size)::text, (fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC')::text, (co.custom_fields)::text, (co.created_at AT TIME ZONE 'UTC')::text, (co.updated_at AT TIME ZONE 'UTC')::text]
FROM contact_companies cc JOIN companies co
  ON co.org_id = cc.org_id AND co.id = cc.company_id
WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
ORDER BY co.company_id),
c.email,
c.name,
c.profile_picture,
c.comments_created,
c.posts_created,
c.last_activity AT TIME ZONE 'UTC',
c.subscribed_to_changelog,
c.manually_opted_out_from_changelog,
to_json(c.roles),
c.locale,
c.verified,
c.type,
c.description,
c.custom_fields,
c.is_blocked,
c.phone,
c.sort_key, c.id, c.search_total
FROM page c
 ORDER BY
c.last_activity
 DESC,
c.id
 DESC;

-- contact_search_activity_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
fb_ts_key(c.last_activity)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
contacts c, k WHERE c.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.user_id), 'null'::jsonb)
WHEN 'email' THEN
lower((fc.j -> 'v')::text)::jsonb
  @> coalesce(to_jsonb(lower(c.email)), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(c.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(c.name), 'null'::jsonb)
 END
WHEN 'type' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.type), 'null'::jsonb)
WHEN 'companyIds' THEN
EXISTS (SELECT 1 FROM contact_companies cc
  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
  AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'postsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.posts_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.posts_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.posts_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.posts_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.posts_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.comments_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.comments_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.comments_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.comments_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.comments_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.last_activity))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.last_activity))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.last_activity))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.last_activity))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.last_activity))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
c.last_activity
 ASC,
c.id
 ASC
 LIMIT $8)
SELECT
c.id,
c.user_id,
c.org_id,
ARRAY(SELECT ARRAY[co.id, (co.company_id)::text, (co.name)::text, (co.monthly_spend)::text, (co.industry)::text, (co.website)::text, (co.plan)::text, ((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::text, (co.company_size)::text, (fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC')::text, (co.custom_fields)::text, (co.created_at AT TIME ZONE 'UTC')::text, (co.updated_at AT TIME ZONE 'UTC')::text]
FROM contact_companies cc JOIN companies co
  ON co.org_id = cc.org_id AND co.id = cc.company_id
WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
ORDER BY co.company_id),
c.email,
c.name,
c.profile_picture,
c.comments_created,
c.posts_created,
c.last_activity AT TIME ZONE 'UTC',
c.subscribed_to_changelog,
c.manually_opted_out_from_changelog,
to_json(c.roles),
c.locale,
c.verified,
c.type,
c.description,
c.custom_fields,
c.is_blocked,
c.phone,
c.sort_key, c.id, c.search_total
FROM page c
 ORDER BY
c.last_activity
 ASC,
c.id
 ASC;

-- contact_search_activity_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
fb_ts_key(c.last_activity)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
contacts c, k WHERE c.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.user_id), 'null'::jsonb)
WHEN 'email' THEN
lower((fc.j -> 'v')::text)::jsonb
  @> coalesce(to_jsonb(lower(c.email)), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(c.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(c.name), 'null'::jsonb)
 END
WHEN 'type' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.type), 'null'::jsonb)
WHEN 'companyIds' THEN
EXISTS (SELECT 1 FROM contact_companies cc
  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
  AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'postsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.posts_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.posts_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.posts_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.posts_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.posts_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.comments_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.comments_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.comments_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.comments_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.comments_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.last_activity))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.last_activity))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.last_activity))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.last_activity))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.last_activity))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (c.last_activity,
c.id) > (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
c.last_activity
 ASC,
c.id
 ASC
 LIMIT $8)
SELECT
c.id,
c.user_id,
c.org_id,
ARRAY(SELECT ARRAY[co.id, (co.company_id)::text, (co.name)::text, (co.monthly_spend)::text, (co.industry)::text, (co.website)::text, (co.plan)::text, ((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::text, (co.company_size)::text, (fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC')::text, (co.custom_fields)::text, (co.created_at AT TIME ZONE 'UTC')::text, (co.updated_at AT TIME ZONE 'UTC')::text]
FROM contact_companies cc JOIN companies co
  ON co.org_id = cc.org_id AND co.id = cc.company_id
WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
ORDER BY co.company_id),
c.email,
c.name,
c.profile_picture,
c.comments_created,
c.posts_created,
c.last_activity AT TIME ZONE 'UTC',
c.subscribed_to_changelog,
c.manually_opted_out_from_changelog,
to_json(c.roles),
c.locale,
c.verified,
c.type,
c.description,
c.custom_fields,
c.is_blocked,
c.phone,
c.sort_key, c.id, c.search_total
FROM page c
 ORDER BY
c.last_activity
 ASC,
c.id
 ASC;

-- contact_search_created_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
fb_ts_key(c.created_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
contacts c, k WHERE c.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.user_id), 'null'::jsonb)
WHEN 'email' THEN
lower((fc.j -> 'v')::text)::jsonb
  @> coalesce(to_jsonb(lower(c.email)), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(c.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(c.name), 'null'::jsonb)
 END
WHEN 'type' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.type), 'null'::jsonb)
WHEN 'companyIds' THEN
EXISTS (SELECT 1 FROM contact_companies cc
  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
  AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'postsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.posts_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.posts_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.posts_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.posts_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.posts_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.comments_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.comments_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.comments_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.comments_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.comments_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.last_activity))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.last_activity))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.last_activity))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.last_activity))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.last_activity))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
c.created_at
 DESC,
c.id
 DESC
 LIMIT $8)
SELECT
c.id,
c.user_id,
c.org_id,
ARRAY(SELECT ARRAY[co.id, (co.company_id)::text, (co.name)::text, (co.monthly_spend)::text, (co.industry)::text, (co.website)::text, (co.plan)::text, ((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::text, (co.company_size)::text, (fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC')::text, (co.custom_fields)::text, (co.created_at AT TIME ZONE 'UTC')::text, (co.updated_at AT TIME ZONE 'UTC')::text]
FROM contact_companies cc JOIN companies co
  ON co.org_id = cc.org_id AND co.id = cc.company_id
WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
ORDER BY co.company_id),
c.email,
c.name,
c.profile_picture,
c.comments_created,
c.posts_created,
c.last_activity AT TIME ZONE 'UTC',
c.subscribed_to_changelog,
c.manually_opted_out_from_changelog,
to_json(c.roles),
c.locale,
c.verified,
c.type,
c.description,
c.custom_fields,
c.is_blocked,
c.phone,
c.sort_key, c.id, c.search_total
FROM page c
 ORDER BY
c.created_at
 DESC,
c.id
 DESC;

-- contact_search_created_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
fb_ts_key(c.created_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
contacts c, k WHERE c.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.user_id), 'null'::jsonb)
WHEN 'email' THEN
lower((fc.j -> 'v')::text)::jsonb
  @> coalesce(to_jsonb(lower(c.email)), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(c.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(c.name), 'null'::jsonb)
 END
WHEN 'type' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.type), 'null'::jsonb)
WHEN 'companyIds' THEN
EXISTS (SELECT 1 FROM contact_companies cc
  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
  AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'postsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.posts_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.posts_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.posts_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.posts_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.posts_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.comments_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.comments_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.comments_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.comments_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.comments_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.last_activity))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.last_activity))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.last_activity))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.last_activity))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.last_activity))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (c.created_at,
c.id) < (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
c.created_at
 DESC,
c.id
 DESC
 LIMIT $8)
SELECT
c.id,
c.user_id,
c.org_id,
ARRAY(SELECT ARRAY[co.id, (co.company_id)::text, (co.name)::text, (co.monthly_spend)::text, (co.industry)::text, (co.website)::text, (co.plan)::text, ((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::text, (co.company_size)::text, (fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC')::text, (co.custom_fields)::text, (co.created_at AT TIME ZONE 'UTC')::text, (co.updated_at AT TIME ZONE 'UTC')::text]
FROM contact_companies cc JOIN companies co
  ON co.org_id = cc.org_id AND co.id = cc.company_id
WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
ORDER BY co.company_id),
c.email,
c.name,
c.profile_picture,
c.comments_created,
c.posts_created,
c.last_activity AT TIME ZONE 'UTC',
c.subscribed_to_changelog,
c.manually_opted_out_from_changelog,
to_json(c.roles),
c.locale,
c.verified,
c.type,
c.description,
c.custom_fields,
c.is_blocked,
c.phone,
c.sort_key, c.id, c.search_total
FROM page c
 ORDER BY
c.created_at
 DESC,
c.id
 DESC;

-- contact_search_created_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
fb_ts_key(c.created_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
contacts c, k WHERE c.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.user_id), 'null'::jsonb)
WHEN 'email' THEN
lower((fc.j -> 'v')::text)::jsonb
  @> coalesce(to_jsonb(lower(c.email)), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(c.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(c.name), 'null'::jsonb)
 END
WHEN 'type' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.type), 'null'::jsonb)
WHEN 'companyIds' THEN
EXISTS (SELECT 1 FROM contact_companies cc
  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
  AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'postsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.posts_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.posts_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.posts_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.posts_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.posts_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.comments_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.comments_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.comments_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.comments_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.comments_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.last_activity))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.last_activity))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.last_activity))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.last_activity))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.last_activity))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
c.created_at
 ASC,
c.id
 ASC
 LIMIT $8)
SELECT
c.id,
c.user_id,
c.org_id,
ARRAY(SELECT ARRAY[co.id, (co.company_id)::text, (co.name)::text, (co.monthly_spend)::text, (co.industry)::text, (co.website)::text, (co.plan)::text, ((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::text, (co.company_size)::text, (fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC')::text, (co.custom_fields)::text, (co.created_at AT TIME ZONE 'UTC')::text, (co.updated_at AT TIME ZONE 'UTC')::text]
FROM contact_companies cc JOIN companies co
  ON co.org_id = cc.org_id AND co.id = cc.company_id
WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
ORDER BY co.company_id),
c.email,
c.name,
c.profile_picture,
c.comments_created,
c.posts_created,
c.last_activity AT TIME ZONE 'UTC',
c.subscribed_to_changelog,
c.manually_opted_out_from_changelog,
to_json(c.roles),
c.locale,
c.verified,
c.type,
c.description,
c.custom_fields,
c.is_blocked,
c.phone,
c.sort_key, c.id, c.search_total
FROM page c
 ORDER BY
c.created_at
 ASC,
c.id
 ASC;

-- contact_search_created_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
fb_ts_key(c.created_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
contacts c, k WHERE c.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.user_id), 'null'::jsonb)
WHEN 'email' THEN
lower((fc.j -> 'v')::text)::jsonb
  @> coalesce(to_jsonb(lower(c.email)), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(c.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(c.name), 'null'::jsonb)
 END
WHEN 'type' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.type), 'null'::jsonb)
WHEN 'companyIds' THEN
EXISTS (SELECT 1 FROM contact_companies cc
  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
  AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'postsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.posts_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.posts_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.posts_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.posts_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.posts_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.comments_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.comments_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.comments_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.comments_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.comments_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.last_activity))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.last_activity))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.last_activity))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.last_activity))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.last_activity))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (c.created_at,
c.id) > (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
c.created_at
 ASC,
c.id
 ASC
 LIMIT $8)
SELECT
c.id,
c.user_id,
c.org_id,
ARRAY(SELECT ARRAY[co.id, (co.company_id)::text, (co.name)::text, (co.monthly_spend)::text, (co.industry)::text, (co.website)::text, (co.plan)::text, ((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::text, (co.company_size)::text, (fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC')::text, (co.custom_fields)::text, (co.created_at AT TIME ZONE 'UTC')::text, (co.updated_at AT TIME ZONE 'UTC')::text]
FROM contact_companies cc JOIN companies co
  ON co.org_id = cc.org_id AND co.id = cc.company_id
WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
ORDER BY co.company_id),
c.email,
c.name,
c.profile_picture,
c.comments_created,
c.posts_created,
c.last_activity AT TIME ZONE 'UTC',
c.subscribed_to_changelog,
c.manually_opted_out_from_changelog,
to_json(c.roles),
c.locale,
c.verified,
c.type,
c.description,
c.custom_fields,
c.is_blocked,
c.phone,
c.sort_key, c.id, c.search_total
FROM page c
 ORDER BY
c.created_at
 ASC,
c.id
 ASC;

-- contact_search_posts_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
c.posts_created::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
contacts c, k WHERE c.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.user_id), 'null'::jsonb)
WHEN 'email' THEN
lower((fc.j -> 'v')::text)::jsonb
  @> coalesce(to_jsonb(lower(c.email)), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(c.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(c.name), 'null'::jsonb)
 END
WHEN 'type' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.type), 'null'::jsonb)
WHEN 'companyIds' THEN
EXISTS (SELECT 1 FROM contact_companies cc
  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
  AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'postsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.posts_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.posts_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.posts_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.posts_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.posts_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.comments_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.comments_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.comments_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.comments_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.comments_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.last_activity))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.last_activity))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.last_activity))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.last_activity))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.last_activity))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
c.posts_created
 DESC,
c.id
 DESC
 LIMIT $8)
SELECT
c.id,
c.user_id,
c.org_id,
ARRAY(SELECT ARRAY[co.id, (co.company_id)::text, (co.name)::text, (co.monthly_spend)::text, (co.industry)::text, (co.website)::text, (co.plan)::text, ((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::text, (co.company_size)::text, (fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC')::text, (co.custom_fields)::text, (co.created_at AT TIME ZONE 'UTC')::text, (co.updated_at AT TIME ZONE 'UTC')::text]
FROM contact_companies cc JOIN companies co
  ON co.org_id = cc.org_id AND co.id = cc.company_id
WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
ORDER BY co.company_id),
c.email,
c.name,
c.profile_picture,
c.comments_created,
c.posts_created,
c.last_activity AT TIME ZONE 'UTC',
c.subscribed_to_changelog,
c.manually_opted_out_from_changelog,
to_json(c.roles),
c.locale,
c.verified,
c.type,
c.description,
c.custom_fields,
c.is_blocked,
c.phone,
c.sort_key, c.id, c.search_total
FROM page c
 ORDER BY
c.posts_created
 DESC,
c.id
 DESC;

-- contact_search_posts_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
c.posts_created::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
contacts c, k WHERE c.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.user_id), 'null'::jsonb)
WHEN 'email' THEN
lower((fc.j -> 'v')::text)::jsonb
  @> coalesce(to_jsonb(lower(c.email)), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(c.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(c.name), 'null'::jsonb)
 END
WHEN 'type' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.type), 'null'::jsonb)
WHEN 'companyIds' THEN
EXISTS (SELECT 1 FROM contact_companies cc
  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
  AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'postsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.posts_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.posts_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.posts_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.posts_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.posts_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.comments_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.comments_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.comments_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.comments_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.comments_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.last_activity))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.last_activity))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.last_activity))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.last_activity))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.last_activity))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (c.posts_created,
c.id) < (k.after_key::integer, k.after_id)
  ORDER BY
c.posts_created
 DESC,
c.id
 DESC
 LIMIT $8)
SELECT
c.id,
c.user_id,
c.org_id,
ARRAY(SELECT ARRAY[co.id, (co.company_id)::text, (co.name)::text, (co.monthly_spend)::text, (co.industry)::text, (co.website)::text, (co.plan)::text, ((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::text, (co.company_size)::text, (fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC')::text, (co.custom_fields)::text, (co.created_at AT TIME ZONE 'UTC')::text, (co.updated_at AT TIME ZONE 'UTC')::text]
FROM contact_companies cc JOIN companies co
  ON co.org_id = cc.org_id AND co.id = cc.company_id
WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
ORDER BY co.company_id),
c.email,
c.name,
c.profile_picture,
c.comments_created,
c.posts_created,
c.last_activity AT TIME ZONE 'UTC',
c.subscribed_to_changelog,
c.manually_opted_out_from_changelog,
to_json(c.roles),
c.locale,
c.verified,
c.type,
c.description,
c.custom_fields,
c.is_blocked,
c.phone,
c.sort_key, c.id, c.search_total
FROM page c
 ORDER BY
c.posts_created
 DESC,
c.id
 DESC;

-- contact_search_posts_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
c.posts_created::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
contacts c, k WHERE c.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.user_id), 'null'::jsonb)
WHEN 'email' THEN
lower((fc.j -> 'v')::text)::jsonb
  @> coalesce(to_jsonb(lower(c.email)), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(c.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(c.name), 'null'::jsonb)
 END
WHEN 'type' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.type), 'null'::jsonb)
WHEN 'companyIds' THEN
EXISTS (SELECT 1 FROM contact_companies cc
  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
  AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'postsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.posts_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.posts_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.posts_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.posts_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.posts_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.comments_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.comments_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.comments_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.comments_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.comments_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.last_activity))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.last_activity))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.last_activity))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.last_activity))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.last_activity))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
c.posts_created
 ASC,
c.id
 ASC
 LIMIT $8)
SELECT
c.id,
c.user_id,
c.org_id,
ARRAY(SELECT ARRAY[co.id, (co.company_id)::text, (co.name)::text, (co.monthly_spend)::text, (co.industry)::text, (co.website)::text, (co.plan)::text, ((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::text, (co.company_size)::text, (fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC')::text, (co.custom_fields)::text, (co.created_at AT TIME ZONE 'UTC')::text, (co.updated_at AT TIME ZONE 'UTC')::text]
FROM contact_companies cc JOIN companies co
  ON co.org_id = cc.org_id AND co.id = cc.company_id
WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
ORDER BY co.company_id),
c.email,
c.name,
c.profile_picture,
c.comments_created,
c.posts_created,
c.last_activity AT TIME ZONE 'UTC',
c.subscribed_to_changelog,
c.manually_opted_out_from_changelog,
to_json(c.roles),
c.locale,
c.verified,
c.type,
c.description,
c.custom_fields,
c.is_blocked,
c.phone,
c.sort_key, c.id, c.search_total
FROM page c
 ORDER BY
c.posts_created
 ASC,
c.id
 ASC;

-- contact_search_posts_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
c.posts_created::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
contacts c, k WHERE c.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.user_id), 'null'::jsonb)
WHEN 'email' THEN
lower((fc.j -> 'v')::text)::jsonb
  @> coalesce(to_jsonb(lower(c.email)), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(c.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(c.name), 'null'::jsonb)
 END
WHEN 'type' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.type), 'null'::jsonb)
WHEN 'companyIds' THEN
EXISTS (SELECT 1 FROM contact_companies cc
  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
  AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'postsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.posts_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.posts_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.posts_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.posts_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.posts_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.comments_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.comments_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.comments_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.comments_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.comments_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.last_activity))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.last_activity))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.last_activity))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.last_activity))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.last_activity))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (c.posts_created,
c.id) > (k.after_key::integer, k.after_id)
  ORDER BY
c.posts_created
 ASC,
c.id
 ASC
 LIMIT $8)
SELECT
c.id,
c.user_id,
c.org_id,
ARRAY(SELECT ARRAY[co.id, (co.company_id)::text, (co.name)::text, (co.monthly_spend)::text, (co.industry)::text, (co.website)::text, (co.plan)::text, ((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::text, (co.company_size)::text, (fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC')::text, (co.custom_fields)::text, (co.created_at AT TIME ZONE 'UTC')::text, (co.updated_at AT TIME ZONE 'UTC')::text]
FROM contact_companies cc JOIN companies co
  ON co.org_id = cc.org_id AND co.id = cc.company_id
WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
ORDER BY co.company_id),
c.email,
c.name,
c.profile_picture,
c.comments_created,
c.posts_created,
c.last_activity AT TIME ZONE 'UTC',
c.subscribed_to_changelog,
c.manually_opted_out_from_changelog,
to_json(c.roles),
c.locale,
c.verified,
c.type,
c.description,
c.custom_fields,
c.is_blocked,
c.phone,
c.sort_key, c.id, c.search_total
FROM page c
 ORDER BY
c.posts_created
 ASC,
c.id
 ASC;

-- contact_search_comments_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
c.comments_created::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
contacts c, k WHERE c.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.user_id), 'null'::jsonb)
WHEN 'email' THEN
lower((fc.j -> 'v')::text)::jsonb
  @> coalesce(to_jsonb(lower(c.email)), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(c.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(c.name), 'null'::jsonb)
 END
WHEN 'type' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.type), 'null'::jsonb)
WHEN 'companyIds' THEN
EXISTS (SELECT 1 FROM contact_companies cc
  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
  AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'postsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.posts_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.posts_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.posts_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.posts_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.posts_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.comments_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.comments_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.comments_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.comments_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.comments_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.last_activity))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.last_activity))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.last_activity))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.last_activity))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.last_activity))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
c.comments_created
 DESC,
c.id
 DESC
 LIMIT $8)
SELECT
c.id,
c.user_id,
c.org_id,
ARRAY(SELECT ARRAY[co.id, (co.company_id)::text, (co.name)::text, (co.monthly_spend)::text, (co.industry)::text, (co.website)::text, (co.plan)::text, ((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::text, (co.company_size)::text, (fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC')::text, (co.custom_fields)::text, (co.created_at AT TIME ZONE 'UTC')::text, (co.updated_at AT TIME ZONE 'UTC')::text]
FROM contact_companies cc JOIN companies co
  ON co.org_id = cc.org_id AND co.id = cc.company_id
WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
ORDER BY co.company_id),
c.email,
c.name,
c.profile_picture,
c.comments_created,
c.posts_created,
c.last_activity AT TIME ZONE 'UTC',
c.subscribed_to_changelog,
c.manually_opted_out_from_changelog,
to_json(c.roles),
c.locale,
c.verified,
c.type,
c.description,
c.custom_fields,
c.is_blocked,
c.phone,
c.sort_key, c.id, c.search_total
FROM page c
 ORDER BY
c.comments_created
 DESC,
c.id
 DESC;

-- contact_search_comments_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
c.comments_created::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
contacts c, k WHERE c.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.user_id), 'null'::jsonb)
WHEN 'email' THEN
lower((fc.j -> 'v')::text)::jsonb
  @> coalesce(to_jsonb(lower(c.email)), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(c.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(c.name), 'null'::jsonb)
 END
WHEN 'type' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.type), 'null'::jsonb)
WHEN 'companyIds' THEN
EXISTS (SELECT 1 FROM contact_companies cc
  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
  AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'postsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.posts_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.posts_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.posts_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.posts_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.posts_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.comments_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.comments_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.comments_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.comments_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.comments_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.last_activity))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.last_activity))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.last_activity))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.last_activity))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.last_activity))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (c.comments_created,
c.id) < (k.after_key::integer, k.after_id)
  ORDER BY
c.comments_created
 DESC,
c.id
 DESC
 LIMIT $8)
SELECT
c.id,
c.user_id,
c.org_id,
ARRAY(SELECT ARRAY[co.id, (co.company_id)::text, (co.name)::text, (co.monthly_spend)::text, (co.industry)::text, (co.website)::text, (co.plan)::text, ((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::text, (co.company_size)::text, (fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC')::text, (co.custom_fields)::text, (co.created_at AT TIME ZONE 'UTC')::text, (co.updated_at AT TIME ZONE 'UTC')::text]
FROM contact_companies cc JOIN companies co
  ON co.org_id = cc.org_id AND co.id = cc.company_id
WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
ORDER BY co.company_id),
c.email,
c.name,
c.profile_picture,
c.comments_created,
c.posts_created,
c.last_activity AT TIME ZONE 'UTC',
c.subscribed_to_changelog,
c.manually_opted_out_from_changelog,
to_json(c.roles),
c.locale,
c.verified,
c.type,
c.description,
c.custom_fields,
c.is_blocked,
c.phone,
c.sort_key, c.id, c.search_total
FROM page c
 ORDER BY
c.comments_created
 DESC,
c.id
 DESC;

-- contact_search_comments_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
c.comments_created::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
contacts c, k WHERE c.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.user_id), 'null'::jsonb)
WHEN 'email' THEN
lower((fc.j -> 'v')::text)::jsonb
  @> coalesce(to_jsonb(lower(c.email)), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(c.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(c.name), 'null'::jsonb)
 END
WHEN 'type' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.type), 'null'::jsonb)
WHEN 'companyIds' THEN
EXISTS (SELECT 1 FROM contact_companies cc
  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
  AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'postsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.posts_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.posts_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.posts_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.posts_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.posts_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.comments_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.comments_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.comments_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.comments_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.comments_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.last_activity))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.last_activity))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.last_activity))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.last_activity))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.last_activity))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
c.comments_created
 ASC,
c.id
 ASC
 LIMIT $8)
SELECT
c.id,
c.user_id,
c.org_id,
ARRAY(SELECT ARRAY[co.id, (co.company_id)::text, (co.name)::text, (co.monthly_spend)::text, (co.industry)::text, (co.website)::text, (co.plan)::text, ((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::text, (co.company_size)::text, (fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC')::text, (co.custom_fields)::text, (co.created_at AT TIME ZONE 'UTC')::text, (co.updated_at AT TIME ZONE 'UTC')::text]
FROM contact_companies cc JOIN companies co
  ON co.org_id = cc.org_id AND co.id = cc.company_id
WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
ORDER BY co.company_id),
c.email,
c.name,
c.profile_picture,
c.comments_created,
c.posts_created,
c.last_activity AT TIME ZONE 'UTC',
c.subscribed_to_changelog,
c.manually_opted_out_from_changelog,
to_json(c.roles),
c.locale,
c.verified,
c.type,
c.description,
c.custom_fields,
c.is_blocked,
c.phone,
c.sort_key, c.id, c.search_total
FROM page c
 ORDER BY
c.comments_created
 ASC,
c.id
 ASC;

-- contact_search_comments_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
c.comments_created::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
contacts c, k WHERE c.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.user_id), 'null'::jsonb)
WHEN 'email' THEN
lower((fc.j -> 'v')::text)::jsonb
  @> coalesce(to_jsonb(lower(c.email)), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(c.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(c.name), 'null'::jsonb)
 END
WHEN 'type' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.type), 'null'::jsonb)
WHEN 'companyIds' THEN
EXISTS (SELECT 1 FROM contact_companies cc
  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
  AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'postsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.posts_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.posts_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.posts_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.posts_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.posts_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.comments_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.comments_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.comments_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.comments_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.comments_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.last_activity))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.last_activity))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.last_activity))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.last_activity))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.last_activity))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (c.comments_created,
c.id) > (k.after_key::integer, k.after_id)
  ORDER BY
c.comments_created
 ASC,
c.id
 ASC
 LIMIT $8)
SELECT
c.id,
c.user_id,
c.org_id,
ARRAY(SELECT ARRAY[co.id, (co.company_id)::text, (co.name)::text, (co.monthly_spend)::text, (co.industry)::text, (co.website)::text, (co.plan)::text, ((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::text, (co.company_size)::text, (fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC')::text, (co.custom_fields)::text, (co.created_at AT TIME ZONE 'UTC')::text, (co.updated_at AT TIME ZONE 'UTC')::text]
FROM contact_companies cc JOIN companies co
  ON co.org_id = cc.org_id AND co.id = cc.company_id
WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
ORDER BY co.company_id),
c.email,
c.name,
c.profile_picture,
c.comments_created,
c.posts_created,
c.last_activity AT TIME ZONE 'UTC',
c.subscribed_to_changelog,
c.manually_opted_out_from_changelog,
to_json(c.roles),
c.locale,
c.verified,
c.type,
c.description,
c.custom_fields,
c.is_blocked,
c.phone,
c.sort_key, c.id, c.search_total
FROM page c
 ORDER BY
c.comments_created
 ASC,
c.id
 ASC;

-- contact_search_count (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
SELECT count(*) FROM (SELECT 1 FROM
contacts c, k WHERE c.org_id = k.org_id
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'externalId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.user_id), 'null'::jsonb)
WHEN 'email' THEN
lower((fc.j -> 'v')::text)::jsonb
  @> coalesce(to_jsonb(lower(c.email)), 'null'::jsonb)
WHEN 'name' THEN
CASE WHEN fc.j ->> 'o' = 'has' THEN strpos(lower(c.name),
  lower((fc.j -> 'v' ->> 0))) > 0 ELSE
(fc.j -> 'v') @> coalesce(to_jsonb(c.name), 'null'::jsonb)
 END
WHEN 'type' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.type), 'null'::jsonb)
WHEN 'companyIds' THEN
EXISTS (SELECT 1 FROM contact_companies cc
  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
  AND
(fc.j -> 'v') ?
cc.company_id)
WHEN 'postsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.posts_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.posts_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.posts_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.posts_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.posts_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentsCreated' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.comments_created)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.comments_created)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.comments_created)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.comments_created)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.comments_created)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'lastActivity' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.last_activity))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.last_activity))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.last_activity))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.last_activity))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.last_activity))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
c.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
c.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
c.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
c.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
c.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
 LIMIT $8) x;
