-- The statements of modules/resources/posts/post_search.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- post_search_created_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(p.created_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
p.created_at
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 DESC,
p.id
 DESC;

-- post_search_created_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(p.created_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (p.created_at,
p.id) < (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
p.created_at
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 DESC,
p.id
 DESC;

-- post_search_created_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(p.created_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
p.created_at
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 ASC,
p.id
 ASC;

-- post_search_created_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(p.created_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (p.created_at,
p.id) > (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
p.created_at
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 ASC,
p.id
 ASC;

-- post_search_updated_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(p.updated_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
p.updated_at
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.updated_at
 DESC,
p.id
 DESC;

-- post_search_updated_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(p.updated_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (p.updated_at,
p.id) < (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
p.updated_at
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.updated_at
 DESC,
p.id
 DESC;

-- post_search_updated_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(p.updated_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
p.updated_at
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.updated_at
 ASC,
p.id
 ASC;

-- post_search_updated_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(p.updated_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (p.updated_at,
p.id) > (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
p.updated_at
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.updated_at
 ASC,
p.id
 ASC;

-- post_search_upvotes_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
p.upvotes::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
p.upvotes
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.upvotes
 DESC,
p.id
 DESC;

-- post_search_upvotes_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
p.upvotes::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (p.upvotes,
p.id) < (k.after_key::integer, k.after_id)
  ORDER BY
p.upvotes
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.upvotes
 DESC,
p.id
 DESC;

-- post_search_upvotes_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
p.upvotes::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
p.upvotes
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.upvotes
 ASC,
p.id
 ASC;

-- post_search_upvotes_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
p.upvotes::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (p.upvotes,
p.id) > (k.after_key::integer, k.after_id)
  ORDER BY
p.upvotes
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.upvotes
 ASC,
p.id
 ASC;

-- post_search_eta_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 DESC,
p.id
 DESC;

-- post_search_eta_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz),
p.id) < (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 DESC,
p.id
 DESC;

-- post_search_eta_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 ASC,
p.id
 ASC;

-- post_search_eta_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz),
p.id) > (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 ASC,
p.id
 ASC;

-- post_search_comments_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
p.comment_count::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
p.comment_count
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.comment_count
 DESC,
p.id
 DESC;

-- post_search_comments_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
p.comment_count::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (p.comment_count,
p.id) < (k.after_key::integer, k.after_id)
  ORDER BY
p.comment_count
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.comment_count
 DESC,
p.id
 DESC;

-- post_search_comments_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
p.comment_count::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
p.comment_count
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.comment_count
 ASC,
p.id
 ASC;

-- post_search_comments_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
p.comment_count::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (p.comment_count,
p.id) > (k.after_key::integer, k.after_id)
  ORDER BY
p.comment_count
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.comment_count
 ASC,
p.id
 ASC;

-- post_search_count (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
SELECT count(*) FROM (SELECT 1 FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
 LIMIT $8) x;

-- post_search_voted_created_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(p.created_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT v.post_id AS id FROM post_votes v, k
  WHERE v.org_id = k.org_id
  AND v.contact_id = ANY (fb_search_ids(k.index_clauses, 'voterId'))) d,
  posts p WHERE p.org_id = k.org_id AND p.id = d.id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
p.created_at
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 DESC,
p.id
 DESC;

-- post_search_voted_created_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(p.created_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT v.post_id AS id FROM post_votes v, k
  WHERE v.org_id = k.org_id
  AND v.contact_id = ANY (fb_search_ids(k.index_clauses, 'voterId'))) d,
  posts p WHERE p.org_id = k.org_id AND p.id = d.id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (p.created_at,
p.id) < (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
p.created_at
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 DESC,
p.id
 DESC;

-- post_search_voted_created_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(p.created_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT v.post_id AS id FROM post_votes v, k
  WHERE v.org_id = k.org_id
  AND v.contact_id = ANY (fb_search_ids(k.index_clauses, 'voterId'))) d,
  posts p WHERE p.org_id = k.org_id AND p.id = d.id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
p.created_at
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 ASC,
p.id
 ASC;

-- post_search_voted_created_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(p.created_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT v.post_id AS id FROM post_votes v, k
  WHERE v.org_id = k.org_id
  AND v.contact_id = ANY (fb_search_ids(k.index_clauses, 'voterId'))) d,
  posts p WHERE p.org_id = k.org_id AND p.id = d.id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (p.created_at,
p.id) > (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
p.created_at
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 ASC,
p.id
 ASC;

-- post_search_voted_updated_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(p.updated_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT v.post_id AS id FROM post_votes v, k
  WHERE v.org_id = k.org_id
  AND v.contact_id = ANY (fb_search_ids(k.index_clauses, 'voterId'))) d,
  posts p WHERE p.org_id = k.org_id AND p.id = d.id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
p.updated_at
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.updated_at
 DESC,
p.id
 DESC;

-- post_search_voted_updated_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(p.updated_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT v.post_id AS id FROM post_votes v, k
  WHERE v.org_id = k.org_id
  AND v.contact_id = ANY (fb_search_ids(k.index_clauses, 'voterId'))) d,
  posts p WHERE p.org_id = k.org_id AND p.id = d.id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (p.updated_at,
p.id) < (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
p.updated_at
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.updated_at
 DESC,
p.id
 DESC;

-- post_search_voted_updated_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(p.updated_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT v.post_id AS id FROM post_votes v, k
  WHERE v.org_id = k.org_id
  AND v.contact_id = ANY (fb_search_ids(k.index_clauses, 'voterId'))) d,
  posts p WHERE p.org_id = k.org_id AND p.id = d.id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
p.updated_at
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.updated_at
 ASC,
p.id
 ASC;

-- post_search_voted_updated_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(p.updated_at)
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT v.post_id AS id FROM post_votes v, k
  WHERE v.org_id = k.org_id
  AND v.contact_id = ANY (fb_search_ids(k.index_clauses, 'voterId'))) d,
  posts p WHERE p.org_id = k.org_id AND p.id = d.id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (p.updated_at,
p.id) > (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
p.updated_at
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.updated_at
 ASC,
p.id
 ASC;

-- post_search_voted_upvotes_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
p.upvotes::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT v.post_id AS id FROM post_votes v, k
  WHERE v.org_id = k.org_id
  AND v.contact_id = ANY (fb_search_ids(k.index_clauses, 'voterId'))) d,
  posts p WHERE p.org_id = k.org_id AND p.id = d.id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
p.upvotes
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.upvotes
 DESC,
p.id
 DESC;

-- post_search_voted_upvotes_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
p.upvotes::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT v.post_id AS id FROM post_votes v, k
  WHERE v.org_id = k.org_id
  AND v.contact_id = ANY (fb_search_ids(k.index_clauses, 'voterId'))) d,
  posts p WHERE p.org_id = k.org_id AND p.id = d.id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (p.upvotes,
p.id) < (k.after_key::integer, k.after_id)
  ORDER BY
p.upvotes
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.upvotes
 DESC,
p.id
 DESC;

-- post_search_voted_upvotes_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
p.upvotes::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT v.post_id AS id FROM post_votes v, k
  WHERE v.org_id = k.org_id
  AND v.contact_id = ANY (fb_search_ids(k.index_clauses, 'voterId'))) d,
  posts p WHERE p.org_id = k.org_id AND p.id = d.id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
p.upvotes
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.upvotes
 ASC,
p.id
 ASC;

-- post_search_voted_upvotes_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
p.upvotes::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT v.post_id AS id FROM post_votes v, k
  WHERE v.org_id = k.org_id
  AND v.contact_id = ANY (fb_search_ids(k.index_clauses, 'voterId'))) d,
  posts p WHERE p.org_id = k.org_id AND p.id = d.id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (p.upvotes,
p.id) > (k.after_key::integer, k.after_id)
  ORDER BY
p.upvotes
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.upvotes
 ASC,
p.id
 ASC;

-- post_search_voted_eta_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT v.post_id AS id FROM post_votes v, k
  WHERE v.org_id = k.org_id
  AND v.contact_id = ANY (fb_search_ids(k.index_clauses, 'voterId'))) d,
  posts p WHERE p.org_id = k.org_id AND p.id = d.id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 DESC,
p.id
 DESC;

-- post_search_voted_eta_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT v.post_id AS id FROM post_votes v, k
  WHERE v.org_id = k.org_id
  AND v.contact_id = ANY (fb_search_ids(k.index_clauses, 'voterId'))) d,
  posts p WHERE p.org_id = k.org_id AND p.id = d.id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz),
p.id) < (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 DESC,
p.id
 DESC;

-- post_search_voted_eta_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT v.post_id AS id FROM post_votes v, k
  WHERE v.org_id = k.org_id
  AND v.contact_id = ANY (fb_search_ids(k.index_clauses, 'voterId'))) d,
  posts p WHERE p.org_id = k.org_id AND p.id = d.id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 ASC,
p.id
 ASC;

-- post_search_voted_eta_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
fb_ts_key(coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz))
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT v.post_id AS id FROM post_votes v, k
  WHERE v.org_id = k.org_id
  AND v.contact_id = ANY (fb_search_ids(k.index_clauses, 'voterId'))) d,
  posts p WHERE p.org_id = k.org_id AND p.id = d.id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz),
p.id) > (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 ASC,
p.id
 ASC;

-- post_search_voted_comments_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
p.comment_count::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT v.post_id AS id FROM post_votes v, k
  WHERE v.org_id = k.org_id
  AND v.contact_id = ANY (fb_search_ids(k.index_clauses, 'voterId'))) d,
  posts p WHERE p.org_id = k.org_id AND p.id = d.id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
p.comment_count
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.comment_count
 DESC,
p.id
 DESC;

-- post_search_voted_comments_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
p.comment_count::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT v.post_id AS id FROM post_votes v, k
  WHERE v.org_id = k.org_id
  AND v.contact_id = ANY (fb_search_ids(k.index_clauses, 'voterId'))) d,
  posts p WHERE p.org_id = k.org_id AND p.id = d.id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (p.comment_count,
p.id) < (k.after_key::integer, k.after_id)
  ORDER BY
p.comment_count
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.comment_count
 DESC,
p.id
 DESC;

-- post_search_voted_comments_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
p.comment_count::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT v.post_id AS id FROM post_votes v, k
  WHERE v.org_id = k.org_id
  AND v.contact_id = ANY (fb_search_ids(k.index_clauses, 'voterId'))) d,
  posts p WHERE p.org_id = k.org_id AND p.id = d.id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
p.comment_count
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.comment_count
 ASC,
p.id
 ASC;

-- post_search_voted_comments_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
p.*,
p.comment_count::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
k, (SELECT DISTINCT v.post_id AS id FROM post_votes v, k
  WHERE v.org_id = k.org_id
  AND v.contact_id = ANY (fb_search_ids(k.index_clauses, 'voterId'))) d,
  posts p WHERE p.org_id = k.org_id AND p.id = d.id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (p.comment_count,
p.id) > (k.after_key::integer, k.after_id)
  ORDER BY
p.comment_count
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.comment_count
 ASC,
p.id
 ASC;

-- post_search_voted_count (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
SELECT count(*) FROM (SELECT 1 FROM
k, (SELECT DISTINCT v.post_id AS id FROM post_votes v, k
  WHERE v.org_id = k.org_id
  AND v.contact_id = ANY (fb_search_ids(k.index_clauses, 'voterId'))) d,
  posts p WHERE p.org_id = k.org_id AND p.id = d.id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
 LIMIT $8) x;

-- post_search_vote_links (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
SELECT count(*) FROM (SELECT 1 FROM post_votes v, k
WHERE v.org_id = k.org_id
AND v.contact_id = ANY (fb_search_ids(k.index_clauses, 'voterId')) LIMIT $8) x;

-- post_search_text_created_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
p.*,
fb_ts_key(p.created_at)
 AS sort_key FROM counted
p, k
  WHERE true
 ORDER BY
p.created_at
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 DESC,
p.id
 DESC;

-- post_search_text_created_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
p.*,
fb_ts_key(p.created_at)
 AS sort_key FROM counted
p, k
  WHERE true
AND (p.created_at,
p.id) < (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
p.created_at
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 DESC,
p.id
 DESC;

-- post_search_text_created_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
p.*,
fb_ts_key(p.created_at)
 AS sort_key FROM counted
p, k
  WHERE true
 ORDER BY
p.created_at
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 ASC,
p.id
 ASC;

-- post_search_text_created_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
p.*,
fb_ts_key(p.created_at)
 AS sort_key FROM counted
p, k
  WHERE true
AND (p.created_at,
p.id) > (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
p.created_at
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 ASC,
p.id
 ASC;

-- post_search_text_updated_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
p.*,
fb_ts_key(p.updated_at)
 AS sort_key FROM counted
p, k
  WHERE true
 ORDER BY
p.updated_at
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.updated_at
 DESC,
p.id
 DESC;

-- post_search_text_updated_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
p.*,
fb_ts_key(p.updated_at)
 AS sort_key FROM counted
p, k
  WHERE true
AND (p.updated_at,
p.id) < (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
p.updated_at
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.updated_at
 DESC,
p.id
 DESC;

-- post_search_text_updated_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
p.*,
fb_ts_key(p.updated_at)
 AS sort_key FROM counted
p, k
  WHERE true
 ORDER BY
p.updated_at
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.updated_at
 ASC,
p.id
 ASC;

-- post_search_text_updated_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
p.*,
fb_ts_key(p.updated_at)
 AS sort_key FROM counted
p, k
  WHERE true
AND (p.updated_at,
p.id) > (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
p.updated_at
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.updated_at
 ASC,
p.id
 ASC;

-- post_search_text_upvotes_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
p.*,
p.upvotes::text
 AS sort_key FROM counted
p, k
  WHERE true
 ORDER BY
p.upvotes
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.upvotes
 DESC,
p.id
 DESC;

-- post_search_text_upvotes_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
p.*,
p.upvotes::text
 AS sort_key FROM counted
p, k
  WHERE true
AND (p.upvotes,
p.id) < (k.after_key::integer, k.after_id)
 ORDER BY
p.upvotes
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.upvotes
 DESC,
p.id
 DESC;

-- post_search_text_upvotes_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
p.*,
p.upvotes::text
 AS sort_key FROM counted
p, k
  WHERE true
 ORDER BY
p.upvotes
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.upvotes
 ASC,
p.id
 ASC;

-- post_search_text_upvotes_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
p.*,
p.upvotes::text
 AS sort_key FROM counted
p, k
  WHERE true
AND (p.upvotes,
p.id) > (k.after_key::integer, k.after_id)
 ORDER BY
p.upvotes
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.upvotes
 ASC,
p.id
 ASC;

-- post_search_text_eta_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
p.*,
fb_ts_key(coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz))
 AS sort_key FROM counted
p, k
  WHERE true
 ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 DESC,
p.id
 DESC;

-- post_search_text_eta_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
p.*,
fb_ts_key(coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz))
 AS sort_key FROM counted
p, k
  WHERE true
AND (coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz),
p.id) < (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 DESC,
p.id
 DESC;

-- post_search_text_eta_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
p.*,
fb_ts_key(coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz))
 AS sort_key FROM counted
p, k
  WHERE true
 ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 ASC,
p.id
 ASC;

-- post_search_text_eta_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
p.*,
fb_ts_key(coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz))
 AS sort_key FROM counted
p, k
  WHERE true
AND (coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz),
p.id) > (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
coalesce(p.eta, '1970-01-01 00:00:00+00'::timestamptz)
 ASC,
p.id
 ASC;

-- post_search_text_comments_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
p.*,
p.comment_count::text
 AS sort_key FROM counted
p, k
  WHERE true
 ORDER BY
p.comment_count
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.comment_count
 DESC,
p.id
 DESC;

-- post_search_text_comments_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
p.*,
p.comment_count::text
 AS sort_key FROM counted
p, k
  WHERE true
AND (p.comment_count,
p.id) < (k.after_key::integer, k.after_id)
 ORDER BY
p.comment_count
 DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.comment_count
 DESC,
p.id
 DESC;

-- post_search_text_comments_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
p.*,
p.comment_count::text
 AS sort_key FROM counted
p, k
  WHERE true
 ORDER BY
p.comment_count
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.comment_count
 ASC,
p.id
 ASC;

-- post_search_text_comments_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
p.*,
p.comment_count::text
 AS sort_key FROM counted
p, k
  WHERE true
AND (p.comment_count,
p.id) > (k.after_key::integer, k.after_id)
 ORDER BY
p.comment_count
 ASC,
p.id
 ASC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.comment_count
 ASC,
p.id
 ASC;

-- post_search_text (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
p.*,
p.search_score::text
 AS sort_key FROM counted
p, k
  WHERE true
 ORDER BY
p.search_score DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.search_score DESC,
p.id
 DESC;

-- post_search_text_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
p.*,
p.search_score::text
 AS sort_key FROM counted
p, k
  WHERE true
AND (p.search_score,
p.id) < (k.after_key::numeric, k.after_id)
 ORDER BY
p.search_score DESC,
p.id
 DESC
 LIMIT $8)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.search_score DESC,
p.id
 DESC;

-- post_search_text_count (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT p.*,
  round(ts_rank(p.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT p.* FROM
posts p, k WHERE p.org_id = k.org_id
AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (fb_search_ids(k.index_clauses, 'boardId')
 IS NULL
  OR
p.board_id
 = ANY (fb_search_ids(k.index_clauses, 'boardId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'boardId')), 0) <> 1
  OR
p.board_id
 = (fb_search_ids(k.index_clauses, 'boardId'))[1])
AND (fb_search_ids(k.index_clauses, 'statusId')
 IS NULL
  OR
p.status_id
 = ANY (fb_search_ids(k.index_clauses, 'statusId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'statusId')), 0) <> 1
  OR
p.status_id
 = (fb_search_ids(k.index_clauses, 'statusId'))[1])
 AND p.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'boardId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.board_id), 'null'::jsonb)
WHEN 'statusId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.status_id), 'null'::jsonb)
WHEN 'tagId' THEN
(fc.j -> 'v') ?|
p.tag_ids
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(p.author_contact_id, p.author_admin_id)), 'null'::jsonb)
WHEN 'voterId' THEN
EXISTS (SELECT 1 FROM post_votes v JOIN contacts vc
    ON vc.org_id = v.org_id AND vc.id = v.contact_id
  WHERE v.org_id = p.org_id AND v.post_id = p.id
  AND vc.type = 'customer' AND
(fc.j -> 'v') ?
v.contact_id)
WHEN 'assigneeId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.assignee_id), 'null'::jsonb)
WHEN 'companyId' THEN
EXISTS (SELECT 1 FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = p.org_id AND cc.contact_id = p.author_contact_id
  AND
(fc.j -> 'v') ?
co.company_id)
WHEN 'createdAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.created_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.created_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.created_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.created_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.created_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'updatedAt' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.updated_at))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.updated_at))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.updated_at))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.updated_at))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.updated_at))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'eta' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
floor(extract(epoch FROM
p.eta))
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
floor(extract(epoch FROM
p.eta))
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
floor(extract(epoch FROM
p.eta))
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
floor(extract(epoch FROM
p.eta))
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
floor(extract(epoch FROM
p.eta))
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'commentCount' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(p.comment_count)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(p.comment_count)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(p.comment_count)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(p.comment_count)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(p.comment_count)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.in_review::text), 'null'::jsonb)
WHEN 'isPinned' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(p.is_pinned::text), 'null'::jsonb)
WHEN '' THEN
false
WHEN '' THEN
false
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY p.created_at DESC, p.id DESC LIMIT
1000
  ) p, k)
 SELECT count(*) FROM (SELECT 1
FROM admitted LIMIT $8) x;

-- post_search_board_status_created_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (id1, id2, scope, after_key, after_id, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id1, $3::text AS id2, $4::jsonb AS scope,
  $5::text AS after_key, $6::text AS after_id)
, page AS (SELECT * FROM (SELECT
p.*,
fb_ts_key(p.created_at)
  AS sort_key, NULL::numeric AS search_score,
  NULL::bigint AS search_total FROM
posts p, k WHERE p.org_id = k.org_id
AND p.board_id = k.id1 AND p.status_id = k.id2
 AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
  ORDER BY
p.created_at
 DESC,
p.id
 DESC
 LIMIT
101)
p
  ORDER BY
p.created_at
 DESC,
p.id
 DESC
 LIMIT $7)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 DESC,
p.id
 DESC;

-- post_search_board_status_created_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (id1, id2, scope, after_key, after_id, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id1, $3::text AS id2, $4::jsonb AS scope,
  $5::text AS after_key, $6::text AS after_id)
, page AS (SELECT * FROM (SELECT
p.*,
fb_ts_key(p.created_at)
  AS sort_key, NULL::numeric AS search_score,
  NULL::bigint AS search_total FROM
posts p, k WHERE p.org_id = k.org_id
AND p.board_id = k.id1 AND p.status_id = k.id2
 AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (p.created_at,
p.id) < (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
p.created_at
 DESC,
p.id
 DESC
 LIMIT
101)
p
  ORDER BY
p.created_at
 DESC,
p.id
 DESC
 LIMIT $7)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 DESC,
p.id
 DESC;

-- post_search_board_status_created_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (id1, id2, scope, after_key, after_id, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id1, $3::text AS id2, $4::jsonb AS scope,
  $5::text AS after_key, $6::text AS after_id)
, page AS (SELECT * FROM (SELECT
p.*,
fb_ts_key(p.created_at)
  AS sort_key, NULL::numeric AS search_score,
  NULL::bigint AS search_total FROM
posts p, k WHERE p.org_id = k.org_id
AND p.board_id = k.id1 AND p.status_id = k.id2
 AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
  ORDER BY
p.created_at
 ASC,
p.id
 ASC
 LIMIT
101)
p
  ORDER BY
p.created_at
 ASC,
p.id
 ASC
 LIMIT $7)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 ASC,
p.id
 ASC;

-- post_search_board_status_created_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (id1, id2, scope, after_key, after_id, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id1, $3::text AS id2, $4::jsonb AS scope,
  $5::text AS after_key, $6::text AS after_id)
, page AS (SELECT * FROM (SELECT
p.*,
fb_ts_key(p.created_at)
  AS sort_key, NULL::numeric AS search_score,
  NULL::bigint AS search_total FROM
posts p, k WHERE p.org_id = k.org_id
AND p.board_id = k.id1 AND p.status_id = k.id2
 AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (p.created_at,
p.id) > (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
p.created_at
 ASC,
p.id
 ASC
 LIMIT
101)
p
  ORDER BY
p.created_at
 ASC,
p.id
 ASC
 LIMIT $7)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 ASC,
p.id
 ASC;

-- post_search_board_status_count (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (id1, id2, scope, after_key, after_id, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id1, $3::text AS id2, $4::jsonb AS scope,
  $5::text AS after_key, $6::text AS after_id)
SELECT count(*) FROM (SELECT 1 FROM (SELECT 1 FROM posts p, k WHERE p.org_id = k.org_id
AND p.board_id = k.id1 AND p.status_id = k.id2
  AND
(k.scope ? 'postsPrivate')
UNION ALL SELECT 1 FROM posts p, k WHERE p.org_id = k.org_id
AND p.board_id = k.id1 AND p.status_id = k.id2
  AND NOT
(k.scope ? 'postsPrivate')
 AND p.visibility = 'public'
 LIMIT
5000) y LIMIT $7) x;

-- post_search_board_created_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (id1, id2, scope, after_key, after_id, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id1, $3::text AS id2, $4::jsonb AS scope,
  $5::text AS after_key, $6::text AS after_id)
, page AS (SELECT * FROM (SELECT
p.*,
fb_ts_key(p.created_at)
  AS sort_key, NULL::numeric AS search_score,
  NULL::bigint AS search_total FROM
posts p, k WHERE p.org_id = k.org_id
AND p.board_id = k.id1
 AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
  ORDER BY
p.created_at
 DESC,
p.id
 DESC
 LIMIT
101)
p
  ORDER BY
p.created_at
 DESC,
p.id
 DESC
 LIMIT $7)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 DESC,
p.id
 DESC;

-- post_search_board_created_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (id1, id2, scope, after_key, after_id, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id1, $3::text AS id2, $4::jsonb AS scope,
  $5::text AS after_key, $6::text AS after_id)
, page AS (SELECT * FROM (SELECT
p.*,
fb_ts_key(p.created_at)
  AS sort_key, NULL::numeric AS search_score,
  NULL::bigint AS search_total FROM
posts p, k WHERE p.org_id = k.org_id
AND p.board_id = k.id1
 AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (p.created_at,
p.id) < (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
p.created_at
 DESC,
p.id
 DESC
 LIMIT
101)
p
  ORDER BY
p.created_at
 DESC,
p.id
 DESC
 LIMIT $7)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 DESC,
p.id
 DESC;

-- post_search_board_created_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (id1, id2, scope, after_key, after_id, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id1, $3::text AS id2, $4::jsonb AS scope,
  $5::text AS after_key, $6::text AS after_id)
, page AS (SELECT * FROM (SELECT
p.*,
fb_ts_key(p.created_at)
  AS sort_key, NULL::numeric AS search_score,
  NULL::bigint AS search_total FROM
posts p, k WHERE p.org_id = k.org_id
AND p.board_id = k.id1
 AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
  ORDER BY
p.created_at
 ASC,
p.id
 ASC
 LIMIT
101)
p
  ORDER BY
p.created_at
 ASC,
p.id
 ASC
 LIMIT $7)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 ASC,
p.id
 ASC;

-- post_search_board_created_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (id1, id2, scope, after_key, after_id, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id1, $3::text AS id2, $4::jsonb AS scope,
  $5::text AS after_key, $6::text AS after_id)
, page AS (SELECT * FROM (SELECT
p.*,
fb_ts_key(p.created_at)
  AS sort_key, NULL::numeric AS search_score,
  NULL::bigint AS search_total FROM
posts p, k WHERE p.org_id = k.org_id
AND p.board_id = k.id1
 AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (p.created_at,
p.id) > (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
p.created_at
 ASC,
p.id
 ASC
 LIMIT
101)
p
  ORDER BY
p.created_at
 ASC,
p.id
 ASC
 LIMIT $7)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 ASC,
p.id
 ASC;

-- post_search_board_count (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (id1, id2, scope, after_key, after_id, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id1, $3::text AS id2, $4::jsonb AS scope,
  $5::text AS after_key, $6::text AS after_id)
SELECT count(*) FROM (SELECT 1 FROM (SELECT 1 FROM posts p, k WHERE p.org_id = k.org_id
AND p.board_id = k.id1
  AND
(k.scope ? 'postsPrivate')
UNION ALL SELECT 1 FROM posts p, k WHERE p.org_id = k.org_id
AND p.board_id = k.id1
  AND NOT
(k.scope ? 'postsPrivate')
 AND p.visibility = 'public'
 LIMIT
5000) y LIMIT $7) x;

-- post_search_status_created_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (id1, id2, scope, after_key, after_id, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id1, $3::text AS id2, $4::jsonb AS scope,
  $5::text AS after_key, $6::text AS after_id)
, page AS (SELECT * FROM (SELECT
p.*,
fb_ts_key(p.created_at)
  AS sort_key, NULL::numeric AS search_score,
  NULL::bigint AS search_total FROM
posts p, k WHERE p.org_id = k.org_id
AND p.status_id = k.id1
 AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
  ORDER BY
p.created_at
 DESC,
p.id
 DESC
 LIMIT
101)
p
  ORDER BY
p.created_at
 DESC,
p.id
 DESC
 LIMIT $7)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 DESC,
p.id
 DESC;

-- post_search_status_created_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (id1, id2, scope, after_key, after_id, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id1, $3::text AS id2, $4::jsonb AS scope,
  $5::text AS after_key, $6::text AS after_id)
, page AS (SELECT * FROM (SELECT
p.*,
fb_ts_key(p.created_at)
  AS sort_key, NULL::numeric AS search_score,
  NULL::bigint AS search_total FROM
posts p, k WHERE p.org_id = k.org_id
AND p.status_id = k.id1
 AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (p.created_at,
p.id) < (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
p.created_at
 DESC,
p.id
 DESC
 LIMIT
101)
p
  ORDER BY
p.created_at
 DESC,
p.id
 DESC
 LIMIT $7)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 DESC,
p.id
 DESC;

-- post_search_status_created_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (id1, id2, scope, after_key, after_id, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id1, $3::text AS id2, $4::jsonb AS scope,
  $5::text AS after_key, $6::text AS after_id)
, page AS (SELECT * FROM (SELECT
p.*,
fb_ts_key(p.created_at)
  AS sort_key, NULL::numeric AS search_score,
  NULL::bigint AS search_total FROM
posts p, k WHERE p.org_id = k.org_id
AND p.status_id = k.id1
 AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
  ORDER BY
p.created_at
 ASC,
p.id
 ASC
 LIMIT
101)
p
  ORDER BY
p.created_at
 ASC,
p.id
 ASC
 LIMIT $7)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 ASC,
p.id
 ASC;

-- post_search_status_created_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (id1, id2, scope, after_key, after_id, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id1, $3::text AS id2, $4::jsonb AS scope,
  $5::text AS after_key, $6::text AS after_id)
, page AS (SELECT * FROM (SELECT
p.*,
fb_ts_key(p.created_at)
  AS sort_key, NULL::numeric AS search_score,
  NULL::bigint AS search_total FROM
posts p, k WHERE p.org_id = k.org_id
AND p.status_id = k.id1
 AND ((k.scope ? 'postsPrivate')
 OR p.visibility = 'public')
AND (p.created_at,
p.id) > (fb_ts_from_key(k.after_key), k.after_id)
  ORDER BY
p.created_at
 ASC,
p.id
 ASC
 LIMIT
101)
p
  ORDER BY
p.created_at
 ASC,
p.id
 ASC
 LIMIT $7)
SELECT
p.id,
p.slug,
p.title,
p.content,
p.board_id,
p.author_contact_id,
p.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
p.status_id,
p.tag_ids,
p.comments_enabled,
p.upvotes,
p.comment_count,
p.in_review,
p.is_pinned,
p.visibility,
p.assignee_id,
p.eta AT TIME ZONE 'UTC',
p.custom_fields,
p.created_at AT TIME ZONE 'UTC',
p.updated_at AT TIME ZONE 'UTC',
p.integrations,
o.portal_url,
o.render_version,
p.sort_key
 AS sort_key, p.search_total
FROM
page
 p
JOIN organizations o ON o.id = p.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
p.org_id AND
c.id =
p.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
p.org_id
AND
a.id =
p.author_admin_id
 ORDER BY
p.created_at
 ASC,
p.id
 ASC;

-- post_search_status_count (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (id1, id2, scope, after_key, after_id, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id1, $3::text AS id2, $4::jsonb AS scope,
  $5::text AS after_key, $6::text AS after_id)
SELECT count(*) FROM (SELECT 1 FROM (SELECT 1 FROM posts p, k WHERE p.org_id = k.org_id
AND p.status_id = k.id1
  AND
(k.scope ? 'postsPrivate')
UNION ALL SELECT 1 FROM posts p, k WHERE p.org_id = k.org_id
AND p.status_id = k.id1
  AND NOT
(k.scope ? 'postsPrivate')
 AND p.visibility = 'public'
 LIMIT
5000) y LIMIT $7) x;
