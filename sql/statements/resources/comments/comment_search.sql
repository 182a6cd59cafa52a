-- The statements of modules/resources/comments/comment_search.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- comment_search_created_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
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
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
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
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.created_at
 DESC,
c.id
 DESC;

-- comment_search_created_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
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
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
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
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.created_at
 DESC,
c.id
 DESC;

-- comment_search_created_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
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
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
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
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.created_at
 ASC,
c.id
 ASC;

-- comment_search_created_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
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
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
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
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.created_at
 ASC,
c.id
 ASC;

-- comment_search_best_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
c.best::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
c.best
 DESC,
c.id
 DESC
 LIMIT $8)
SELECT
c.id,
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.best
 DESC,
c.id
 DESC;

-- comment_search_best_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
c.best::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (c.best,
c.id) < (k.after_key::float8, k.after_id)
  ORDER BY
c.best
 DESC,
c.id
 DESC
 LIMIT $8)
SELECT
c.id,
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.best
 DESC,
c.id
 DESC;

-- comment_search_best_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
c.best::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
c.best
 ASC,
c.id
 ASC
 LIMIT $8)
SELECT
c.id,
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.best
 ASC,
c.id
 ASC;

-- comment_search_best_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
c.best::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (c.best,
c.id) > (k.after_key::float8, k.after_id)
  ORDER BY
c.best
 ASC,
c.id
 ASC
 LIMIT $8)
SELECT
c.id,
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.best
 ASC,
c.id
 ASC;

-- comment_search_score_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
c.score::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
c.score
 DESC,
c.id
 DESC
 LIMIT $8)
SELECT
c.id,
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.score
 DESC,
c.id
 DESC;

-- comment_search_score_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
c.score::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (c.score,
c.id) < (k.after_key::integer, k.after_id)
  ORDER BY
c.score
 DESC,
c.id
 DESC
 LIMIT $8)
SELECT
c.id,
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.score
 DESC,
c.id
 DESC;

-- comment_search_score_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
c.score::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
  ORDER BY
c.score
 ASC,
c.id
 ASC
 LIMIT $8)
SELECT
c.id,
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.score
 ASC,
c.id
 ASC;

-- comment_search_score_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
, page AS (SELECT
c.*,
c.score::text
 AS sort_key,
  NULL::numeric AS search_score, NULL::bigint AS search_total
  FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
AND (c.score,
c.id) > (k.after_key::integer, k.after_id)
  ORDER BY
c.score
 ASC,
c.id
 ASC
 LIMIT $8)
SELECT
c.id,
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.score
 ASC,
c.id
 ASC;

-- comment_search_count (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
SELECT count(*) FROM (SELECT 1 FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
 LIMIT $8) x;

-- comment_search_text_created_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT c.*,
  round(ts_rank(c.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT c.* FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
 AND c.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY c.created_at DESC, c.id DESC LIMIT
1000
  ) c, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
c.*,
fb_ts_key(c.created_at)
 AS sort_key FROM counted
c, k
  WHERE true
 ORDER BY
c.created_at
 DESC,
c.id
 DESC
 LIMIT $8)
SELECT
c.id,
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.created_at
 DESC,
c.id
 DESC;

-- comment_search_text_created_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT c.*,
  round(ts_rank(c.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT c.* FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
 AND c.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY c.created_at DESC, c.id DESC LIMIT
1000
  ) c, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
c.*,
fb_ts_key(c.created_at)
 AS sort_key FROM counted
c, k
  WHERE true
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
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.created_at
 DESC,
c.id
 DESC;

-- comment_search_text_created_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT c.*,
  round(ts_rank(c.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT c.* FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
 AND c.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY c.created_at DESC, c.id DESC LIMIT
1000
  ) c, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
c.*,
fb_ts_key(c.created_at)
 AS sort_key FROM counted
c, k
  WHERE true
 ORDER BY
c.created_at
 ASC,
c.id
 ASC
 LIMIT $8)
SELECT
c.id,
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.created_at
 ASC,
c.id
 ASC;

-- comment_search_text_created_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT c.*,
  round(ts_rank(c.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT c.* FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
 AND c.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY c.created_at DESC, c.id DESC LIMIT
1000
  ) c, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
c.*,
fb_ts_key(c.created_at)
 AS sort_key FROM counted
c, k
  WHERE true
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
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.created_at
 ASC,
c.id
 ASC;

-- comment_search_text_best_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT c.*,
  round(ts_rank(c.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT c.* FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
 AND c.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY c.created_at DESC, c.id DESC LIMIT
1000
  ) c, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
c.*,
c.best::text
 AS sort_key FROM counted
c, k
  WHERE true
 ORDER BY
c.best
 DESC,
c.id
 DESC
 LIMIT $8)
SELECT
c.id,
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.best
 DESC,
c.id
 DESC;

-- comment_search_text_best_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT c.*,
  round(ts_rank(c.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT c.* FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
 AND c.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY c.created_at DESC, c.id DESC LIMIT
1000
  ) c, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
c.*,
c.best::text
 AS sort_key FROM counted
c, k
  WHERE true
AND (c.best,
c.id) < (k.after_key::float8, k.after_id)
 ORDER BY
c.best
 DESC,
c.id
 DESC
 LIMIT $8)
SELECT
c.id,
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.best
 DESC,
c.id
 DESC;

-- comment_search_text_best_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT c.*,
  round(ts_rank(c.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT c.* FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
 AND c.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY c.created_at DESC, c.id DESC LIMIT
1000
  ) c, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
c.*,
c.best::text
 AS sort_key FROM counted
c, k
  WHERE true
 ORDER BY
c.best
 ASC,
c.id
 ASC
 LIMIT $8)
SELECT
c.id,
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.best
 ASC,
c.id
 ASC;

-- comment_search_text_best_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT c.*,
  round(ts_rank(c.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT c.* FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
 AND c.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY c.created_at DESC, c.id DESC LIMIT
1000
  ) c, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
c.*,
c.best::text
 AS sort_key FROM counted
c, k
  WHERE true
AND (c.best,
c.id) > (k.after_key::float8, k.after_id)
 ORDER BY
c.best
 ASC,
c.id
 ASC
 LIMIT $8)
SELECT
c.id,
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.best
 ASC,
c.id
 ASC;

-- comment_search_text_score_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT c.*,
  round(ts_rank(c.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT c.* FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
 AND c.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY c.created_at DESC, c.id DESC LIMIT
1000
  ) c, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
c.*,
c.score::text
 AS sort_key FROM counted
c, k
  WHERE true
 ORDER BY
c.score
 DESC,
c.id
 DESC
 LIMIT $8)
SELECT
c.id,
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.score
 DESC,
c.id
 DESC;

-- comment_search_text_score_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT c.*,
  round(ts_rank(c.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT c.* FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
 AND c.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY c.created_at DESC, c.id DESC LIMIT
1000
  ) c, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
c.*,
c.score::text
 AS sort_key FROM counted
c, k
  WHERE true
AND (c.score,
c.id) < (k.after_key::integer, k.after_id)
 ORDER BY
c.score
 DESC,
c.id
 DESC
 LIMIT $8)
SELECT
c.id,
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.score
 DESC,
c.id
 DESC;

-- comment_search_text_score_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT c.*,
  round(ts_rank(c.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT c.* FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
 AND c.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY c.created_at DESC, c.id DESC LIMIT
1000
  ) c, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
c.*,
c.score::text
 AS sort_key FROM counted
c, k
  WHERE true
 ORDER BY
c.score
 ASC,
c.id
 ASC
 LIMIT $8)
SELECT
c.id,
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.score
 ASC,
c.id
 ASC;

-- comment_search_text_score_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT c.*,
  round(ts_rank(c.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT c.* FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
 AND c.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY c.created_at DESC, c.id DESC LIMIT
1000
  ) c, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
c.*,
c.score::text
 AS sort_key FROM counted
c, k
  WHERE true
AND (c.score,
c.id) > (k.after_key::integer, k.after_id)
 ORDER BY
c.score
 ASC,
c.id
 ASC
 LIMIT $8)
SELECT
c.id,
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.score
 ASC,
c.id
 ASC;

-- comment_search_text (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT c.*,
  round(ts_rank(c.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT c.* FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
 AND c.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY c.created_at DESC, c.id DESC LIMIT
1000
  ) c, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
c.*,
c.search_score::text
 AS sort_key FROM counted
c, k
  WHERE true
 ORDER BY
c.search_score DESC,
c.id
 DESC
 LIMIT $8)
SELECT
c.id,
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.search_score DESC,
c.id
 DESC;

-- comment_search_text_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT c.*,
  round(ts_rank(c.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT c.* FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
 AND c.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY c.created_at DESC, c.id DESC LIMIT
1000
  ) c, k),
counted AS (SELECT x.*, count(*) OVER () AS search_total
  FROM admitted x),
page AS (SELECT
c.*,
c.search_score::text
 AS sort_key FROM counted
c, k
  WHERE true
AND (c.search_score,
c.id) < (k.after_key::numeric, k.after_id)
 ORDER BY
c.search_score DESC,
c.id
 DESC
 LIMIT $8)
SELECT
c.id,
c.post_id,
c.changelog_id,
c.parent_comment_id,
c.content,
c.author_contact_id,
c.author_admin_id,
ac.id,
ac.name,
ac.profile_picture,
ac.type,
aa.id,
aa.name,
aa.profile_picture,
c.upvotes,
c.downvotes,
c.score,
c.is_private,
c.is_deleted,
c.is_pinned,
c.in_review,
c.is_spam,
c.created_at AT TIME ZONE 'UTC',
c.updated_at AT TIME ZONE 'UTC',
c.sort_key
 AS sort_key, c.search_total
FROM
page
 c
LEFT JOIN contacts
ac
 ON
ac.org_id =
c.org_id AND
ac.id =
c.author_contact_id
LEFT JOIN admins
aa
 ON
aa.org_id =
c.org_id
AND
aa.id =
c.author_admin_id
 ORDER BY
c.search_score DESC,
c.id
 DESC;

-- comment_search_text_count (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (clauses, index_clauses, text, scope, after_key, after_id, limit)
WITH search_args AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::jsonb AS clauses, $3::jsonb AS index_clauses, $4::text AS text,
  $5::jsonb AS scope, $6::text AS after_key, $7::text AS after_id),
k AS NOT MATERIALIZED (SELECT a.*,
  plainto_tsquery('english', a.text) AS q FROM search_args a)
,
admitted AS (SELECT c.*,
  round(ts_rank(c.search, k.q)::numeric, 6) AS search_score
  FROM (SELECT c.* FROM
comments c, k WHERE c.org_id = k.org_id
AND
((k.scope ? 'commentsPrivate')
 OR NOT c.is_private)
AND ((k.scope ? 'postsPrivate')
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND ((k.scope ? 'moderate')
 OR NOT c.in_review)
AND (fb_search_ids(k.index_clauses, 'postId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'postId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'postId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'postId'))[1])
AND (fb_search_ids(k.index_clauses, 'changelogId')
 IS NULL
  OR
c.target_id
 = ANY (fb_search_ids(k.index_clauses, 'changelogId')))
AND (coalesce(cardinality(fb_search_ids(k.index_clauses, 'changelogId')), 0) <> 1
  OR
c.target_id
 = (fb_search_ids(k.index_clauses, 'changelogId'))[1])
 AND c.search @@ k.q
AND (k.clauses IS NULL OR (NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(k.clauses -> 'c') fc(j)
  WHERE
coalesce((fc.j ->> 'o' = 'nin') <> (CASE fc.j ->> 'f'
WHEN 'authorId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(coalesce(c.author_contact_id, c.author_admin_id)), 'null'::jsonb)
WHEN 'postId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.post_id), 'null'::jsonb)
WHEN 'changelogId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.changelog_id), 'null'::jsonb)
WHEN 'parentCommentId' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.parent_comment_id), 'null'::jsonb)
WHEN 'isPrivate' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.is_private::text), 'null'::jsonb)
WHEN 'inReview' THEN
(fc.j -> 'v') @> coalesce(to_jsonb(c.in_review::text), 'null'::jsonb)
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
WHEN 'upvotes' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.upvotes)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.upvotes)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.upvotes)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.upvotes)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.upvotes)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'score' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.score)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.score)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.score)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.score)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.score)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
WHEN 'confidenceScore' THEN
CASE fc.j ->> 'o'
  WHEN 'gt' THEN
(c.best)::numeric
 >
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'lt' THEN
(c.best)::numeric
 <
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'ge' THEN
(c.best)::numeric
 >=
(fc.j -> 'v' ->> 0)::numeric
  WHEN 'le' THEN
(c.best)::numeric
 <=
(fc.j -> 'v' ->> 0)::numeric
  ELSE
(c.best)::numeric
 =
(fc.j -> 'v' ->> 0)::numeric
 END
END), false)
 = (k.clauses ->> 'op' = 'or')))
  <> (k.clauses ->> 'op' = 'or'))
    ORDER BY c.created_at DESC, c.id DESC LIMIT
1000
  ) c, k)
 SELECT count(*) FROM (SELECT 1
FROM admitted LIMIT $8) x;
