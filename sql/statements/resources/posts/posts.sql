-- The statements of modules/resources/posts/posts.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- post_get (scoped; varchar, varchar, varchar) named (id, private)
WITH k AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::boolean AS private),
page AS (SELECT p.* FROM posts p, k WHERE p.org_id = k.org_id
AND p.id = k.id AND (k.private OR p.visibility = 'public'))
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
NULL
 AS sort_key
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
p.author_admin_id;

-- post_list_created_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, boards, statuses, tags, q, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review, $7::text[] AS boards, $8::text[] AS statuses,
$9::text[] AS tags, $10::text AS q),
page AS (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (k.boards IS NULL OR p.board_id = ANY (k.boards))
AND (k.statuses IS NULL OR p.status_id = ANY (k.statuses))
AND (k.tags IS NULL OR EXISTS (
  SELECT 1 FROM post_tags pt JOIN tags t
    ON t.org_id = pt.org_id AND t.id = pt.tag_id
  WHERE pt.org_id = p.org_id AND pt.post_id = p.id
    AND lower(t.name) IN (SELECT lower(n) FROM unnest(k.tags) n)))
AND (k.q IS NULL
     OR p.search @@ websearch_to_tsquery('english', k.q))
 ORDER BY
p.created_at
DESC, p.id
DESC
 LIMIT $11)
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
fb_ts_key(p.created_at)
 AS sort_key
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
DESC, p.id
DESC;

-- post_list_created_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, boards, statuses, tags, q, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review, $7::text[] AS boards, $8::text[] AS statuses,
$9::text[] AS tags, $10::text AS q),
page AS (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (k.boards IS NULL OR p.board_id = ANY (k.boards))
AND (k.statuses IS NULL OR p.status_id = ANY (k.statuses))
AND (k.tags IS NULL OR EXISTS (
  SELECT 1 FROM post_tags pt JOIN tags t
    ON t.org_id = pt.org_id AND t.id = pt.tag_id
  WHERE pt.org_id = p.org_id AND pt.post_id = p.id
    AND lower(t.name) IN (SELECT lower(n) FROM unnest(k.tags) n)))
AND (k.q IS NULL
     OR p.search @@ websearch_to_tsquery('english', k.q))
AND (p.created_at, p.id)
<
 (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
p.created_at
DESC, p.id
DESC
 LIMIT $11)
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
fb_ts_key(p.created_at)
 AS sort_key
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
DESC, p.id
DESC;

-- post_list_created_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, boards, statuses, tags, q, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review, $7::text[] AS boards, $8::text[] AS statuses,
$9::text[] AS tags, $10::text AS q),
page AS (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (k.boards IS NULL OR p.board_id = ANY (k.boards))
AND (k.statuses IS NULL OR p.status_id = ANY (k.statuses))
AND (k.tags IS NULL OR EXISTS (
  SELECT 1 FROM post_tags pt JOIN tags t
    ON t.org_id = pt.org_id AND t.id = pt.tag_id
  WHERE pt.org_id = p.org_id AND pt.post_id = p.id
    AND lower(t.name) IN (SELECT lower(n) FROM unnest(k.tags) n)))
AND (k.q IS NULL
     OR p.search @@ websearch_to_tsquery('english', k.q))
 ORDER BY
p.created_at
ASC, p.id
ASC
 LIMIT $11)
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
fb_ts_key(p.created_at)
 AS sort_key
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
ASC, p.id
ASC;

-- post_list_created_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, boards, statuses, tags, q, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review, $7::text[] AS boards, $8::text[] AS statuses,
$9::text[] AS tags, $10::text AS q),
page AS (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (k.boards IS NULL OR p.board_id = ANY (k.boards))
AND (k.statuses IS NULL OR p.status_id = ANY (k.statuses))
AND (k.tags IS NULL OR EXISTS (
  SELECT 1 FROM post_tags pt JOIN tags t
    ON t.org_id = pt.org_id AND t.id = pt.tag_id
  WHERE pt.org_id = p.org_id AND pt.post_id = p.id
    AND lower(t.name) IN (SELECT lower(n) FROM unnest(k.tags) n)))
AND (k.q IS NULL
     OR p.search @@ websearch_to_tsquery('english', k.q))
AND (p.created_at, p.id)
>
 (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
p.created_at
ASC, p.id
ASC
 LIMIT $11)
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
fb_ts_key(p.created_at)
 AS sort_key
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
ASC, p.id
ASC;

-- post_list_created_all_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review),
page AS (SELECT * FROM (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
 ORDER BY
p.created_at
DESC, p.id
DESC
 LIMIT
101) p
ORDER BY
p.created_at
DESC, p.id
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
fb_ts_key(p.created_at)
 AS sort_key
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
DESC, p.id
DESC;

-- post_list_created_all_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review),
page AS (SELECT * FROM (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (p.created_at, p.id)
<
 (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
p.created_at
DESC, p.id
DESC
 LIMIT
101) p
ORDER BY
p.created_at
DESC, p.id
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
fb_ts_key(p.created_at)
 AS sort_key
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
DESC, p.id
DESC;

-- post_list_created_all_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review),
page AS (SELECT * FROM (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
 ORDER BY
p.created_at
ASC, p.id
ASC
 LIMIT
101) p
ORDER BY
p.created_at
ASC, p.id
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
fb_ts_key(p.created_at)
 AS sort_key
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
ASC, p.id
ASC;

-- post_list_created_all_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review),
page AS (SELECT * FROM (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (p.created_at, p.id)
>
 (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
p.created_at
ASC, p.id
ASC
 LIMIT
101) p
ORDER BY
p.created_at
ASC, p.id
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
fb_ts_key(p.created_at)
 AS sort_key
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
ASC, p.id
ASC;

-- post_list_upvotes_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, boards, statuses, tags, q, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review, $7::text[] AS boards, $8::text[] AS statuses,
$9::text[] AS tags, $10::text AS q),
page AS (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (k.boards IS NULL OR p.board_id = ANY (k.boards))
AND (k.statuses IS NULL OR p.status_id = ANY (k.statuses))
AND (k.tags IS NULL OR EXISTS (
  SELECT 1 FROM post_tags pt JOIN tags t
    ON t.org_id = pt.org_id AND t.id = pt.tag_id
  WHERE pt.org_id = p.org_id AND pt.post_id = p.id
    AND lower(t.name) IN (SELECT lower(n) FROM unnest(k.tags) n)))
AND (k.q IS NULL
     OR p.search @@ websearch_to_tsquery('english', k.q))
 ORDER BY
p.upvotes
DESC, p.id
DESC
 LIMIT $11)
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
p.upvotes::text
 AS sort_key
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
DESC, p.id
DESC;

-- post_list_upvotes_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, boards, statuses, tags, q, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review, $7::text[] AS boards, $8::text[] AS statuses,
$9::text[] AS tags, $10::text AS q),
page AS (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (k.boards IS NULL OR p.board_id = ANY (k.boards))
AND (k.statuses IS NULL OR p.status_id = ANY (k.statuses))
AND (k.tags IS NULL OR EXISTS (
  SELECT 1 FROM post_tags pt JOIN tags t
    ON t.org_id = pt.org_id AND t.id = pt.tag_id
  WHERE pt.org_id = p.org_id AND pt.post_id = p.id
    AND lower(t.name) IN (SELECT lower(n) FROM unnest(k.tags) n)))
AND (k.q IS NULL
     OR p.search @@ websearch_to_tsquery('english', k.q))
AND (p.upvotes, p.id)
<
 (k.after_key::integer, k.after_id)
 ORDER BY
p.upvotes
DESC, p.id
DESC
 LIMIT $11)
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
p.upvotes::text
 AS sort_key
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
DESC, p.id
DESC;

-- post_list_upvotes_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, boards, statuses, tags, q, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review, $7::text[] AS boards, $8::text[] AS statuses,
$9::text[] AS tags, $10::text AS q),
page AS (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (k.boards IS NULL OR p.board_id = ANY (k.boards))
AND (k.statuses IS NULL OR p.status_id = ANY (k.statuses))
AND (k.tags IS NULL OR EXISTS (
  SELECT 1 FROM post_tags pt JOIN tags t
    ON t.org_id = pt.org_id AND t.id = pt.tag_id
  WHERE pt.org_id = p.org_id AND pt.post_id = p.id
    AND lower(t.name) IN (SELECT lower(n) FROM unnest(k.tags) n)))
AND (k.q IS NULL
     OR p.search @@ websearch_to_tsquery('english', k.q))
 ORDER BY
p.upvotes
ASC, p.id
ASC
 LIMIT $11)
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
p.upvotes::text
 AS sort_key
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
ASC, p.id
ASC;

-- post_list_upvotes_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, boards, statuses, tags, q, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review, $7::text[] AS boards, $8::text[] AS statuses,
$9::text[] AS tags, $10::text AS q),
page AS (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (k.boards IS NULL OR p.board_id = ANY (k.boards))
AND (k.statuses IS NULL OR p.status_id = ANY (k.statuses))
AND (k.tags IS NULL OR EXISTS (
  SELECT 1 FROM post_tags pt JOIN tags t
    ON t.org_id = pt.org_id AND t.id = pt.tag_id
  WHERE pt.org_id = p.org_id AND pt.post_id = p.id
    AND lower(t.name) IN (SELECT lower(n) FROM unnest(k.tags) n)))
AND (k.q IS NULL
     OR p.search @@ websearch_to_tsquery('english', k.q))
AND (p.upvotes, p.id)
>
 (k.after_key::integer, k.after_id)
 ORDER BY
p.upvotes
ASC, p.id
ASC
 LIMIT $11)
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
p.upvotes::text
 AS sort_key
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
ASC, p.id
ASC;

-- post_list_upvotes_all_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review),
page AS (SELECT * FROM (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
 ORDER BY
p.upvotes
DESC, p.id
DESC
 LIMIT
101) p
ORDER BY
p.upvotes
DESC, p.id
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
p.upvotes::text
 AS sort_key
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
DESC, p.id
DESC;

-- post_list_upvotes_all_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review),
page AS (SELECT * FROM (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (p.upvotes, p.id)
<
 (k.after_key::integer, k.after_id)
 ORDER BY
p.upvotes
DESC, p.id
DESC
 LIMIT
101) p
ORDER BY
p.upvotes
DESC, p.id
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
p.upvotes::text
 AS sort_key
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
DESC, p.id
DESC;

-- post_list_upvotes_all_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review),
page AS (SELECT * FROM (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
 ORDER BY
p.upvotes
ASC, p.id
ASC
 LIMIT
101) p
ORDER BY
p.upvotes
ASC, p.id
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
p.upvotes::text
 AS sort_key
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
ASC, p.id
ASC;

-- post_list_upvotes_all_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review),
page AS (SELECT * FROM (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (p.upvotes, p.id)
>
 (k.after_key::integer, k.after_id)
 ORDER BY
p.upvotes
ASC, p.id
ASC
 LIMIT
101) p
ORDER BY
p.upvotes
ASC, p.id
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
p.upvotes::text
 AS sort_key
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
ASC, p.id
ASC;

-- post_list_recent_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, boards, statuses, tags, q, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review, $7::text[] AS boards, $8::text[] AS statuses,
$9::text[] AS tags, $10::text AS q),
page AS (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (k.boards IS NULL OR p.board_id = ANY (k.boards))
AND (k.statuses IS NULL OR p.status_id = ANY (k.statuses))
AND (k.tags IS NULL OR EXISTS (
  SELECT 1 FROM post_tags pt JOIN tags t
    ON t.org_id = pt.org_id AND t.id = pt.tag_id
  WHERE pt.org_id = p.org_id AND pt.post_id = p.id
    AND lower(t.name) IN (SELECT lower(n) FROM unnest(k.tags) n)))
AND (k.q IS NULL
     OR p.search @@ websearch_to_tsquery('english', k.q))
 ORDER BY
p.last_activity_at
DESC, p.id
DESC
 LIMIT $11)
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
fb_ts_key(p.last_activity_at)
 AS sort_key
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
p.last_activity_at
DESC, p.id
DESC;

-- post_list_recent_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, boards, statuses, tags, q, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review, $7::text[] AS boards, $8::text[] AS statuses,
$9::text[] AS tags, $10::text AS q),
page AS (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (k.boards IS NULL OR p.board_id = ANY (k.boards))
AND (k.statuses IS NULL OR p.status_id = ANY (k.statuses))
AND (k.tags IS NULL OR EXISTS (
  SELECT 1 FROM post_tags pt JOIN tags t
    ON t.org_id = pt.org_id AND t.id = pt.tag_id
  WHERE pt.org_id = p.org_id AND pt.post_id = p.id
    AND lower(t.name) IN (SELECT lower(n) FROM unnest(k.tags) n)))
AND (k.q IS NULL
     OR p.search @@ websearch_to_tsquery('english', k.q))
AND (p.last_activity_at, p.id)
<
 (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
p.last_activity_at
DESC, p.id
DESC
 LIMIT $11)
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
fb_ts_key(p.last_activity_at)
 AS sort_key
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
p.last_activity_at
DESC, p.id
DESC;

-- post_list_recent_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, boards, statuses, tags, q, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review, $7::text[] AS boards, $8::text[] AS statuses,
$9::text[] AS tags, $10::text AS q),
page AS (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (k.boards IS NULL OR p.board_id = ANY (k.boards))
AND (k.statuses IS NULL OR p.status_id = ANY (k.statuses))
AND (k.tags IS NULL OR EXISTS (
  SELECT 1 FROM post_tags pt JOIN tags t
    ON t.org_id = pt.org_id AND t.id = pt.tag_id
  WHERE pt.org_id = p.org_id AND pt.post_id = p.id
    AND lower(t.name) IN (SELECT lower(n) FROM unnest(k.tags) n)))
AND (k.q IS NULL
     OR p.search @@ websearch_to_tsquery('english', k.q))
 ORDER BY
p.last_activity_at
ASC, p.id
ASC
 LIMIT $11)
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
fb_ts_key(p.last_activity_at)
 AS sort_key
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
p.last_activity_at
ASC, p.id
ASC;

-- post_list_recent_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, boards, statuses, tags, q, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review, $7::text[] AS boards, $8::text[] AS statuses,
$9::text[] AS tags, $10::text AS q),
page AS (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (k.boards IS NULL OR p.board_id = ANY (k.boards))
AND (k.statuses IS NULL OR p.status_id = ANY (k.statuses))
AND (k.tags IS NULL OR EXISTS (
  SELECT 1 FROM post_tags pt JOIN tags t
    ON t.org_id = pt.org_id AND t.id = pt.tag_id
  WHERE pt.org_id = p.org_id AND pt.post_id = p.id
    AND lower(t.name) IN (SELECT lower(n) FROM unnest(k.tags) n)))
AND (k.q IS NULL
     OR p.search @@ websearch_to_tsquery('english', k.q))
AND (p.last_activity_at, p.id)
>
 (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
p.last_activity_at
ASC, p.id
ASC
 LIMIT $11)
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
fb_ts_key(p.last_activity_at)
 AS sort_key
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
p.last_activity_at
ASC, p.id
ASC;

-- post_list_recent_all_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review),
page AS (SELECT * FROM (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
 ORDER BY
p.last_activity_at
DESC, p.id
DESC
 LIMIT
101) p
ORDER BY
p.last_activity_at
DESC, p.id
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
fb_ts_key(p.last_activity_at)
 AS sort_key
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
p.last_activity_at
DESC, p.id
DESC;

-- post_list_recent_all_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review),
page AS (SELECT * FROM (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (p.last_activity_at, p.id)
<
 (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
p.last_activity_at
DESC, p.id
DESC
 LIMIT
101) p
ORDER BY
p.last_activity_at
DESC, p.id
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
fb_ts_key(p.last_activity_at)
 AS sort_key
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
p.last_activity_at
DESC, p.id
DESC;

-- post_list_recent_all_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review),
page AS (SELECT * FROM (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
 ORDER BY
p.last_activity_at
ASC, p.id
ASC
 LIMIT
101) p
ORDER BY
p.last_activity_at
ASC, p.id
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
fb_ts_key(p.last_activity_at)
 AS sort_key
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
p.last_activity_at
ASC, p.id
ASC;

-- post_list_recent_all_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review),
page AS (SELECT * FROM (SELECT p.*,
NULL::float8
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (p.last_activity_at, p.id)
>
 (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
p.last_activity_at
ASC, p.id
ASC
 LIMIT
101) p
ORDER BY
p.last_activity_at
ASC, p.id
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
fb_ts_key(p.last_activity_at)
 AS sort_key
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
p.last_activity_at
ASC, p.id
ASC;

-- post_list_trending_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, boards, statuses, tags, q, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review, $7::text[] AS boards, $8::text[] AS statuses,
$9::text[] AS tags, $10::text AS q),
page AS (SELECT p.*,
(p.upvotes::float8 / power(greatest(extract(epoch FROM
  fb_ts_from_key(k.arg) - p.created_at)::float8 / 3600, 0) + 2, 1.5))
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (k.boards IS NULL OR p.board_id = ANY (k.boards))
AND (k.statuses IS NULL OR p.status_id = ANY (k.statuses))
AND (k.tags IS NULL OR EXISTS (
  SELECT 1 FROM post_tags pt JOIN tags t
    ON t.org_id = pt.org_id AND t.id = pt.tag_id
  WHERE pt.org_id = p.org_id AND pt.post_id = p.id
    AND lower(t.name) IN (SELECT lower(n) FROM unnest(k.tags) n)))
AND (k.q IS NULL
     OR p.search @@ websearch_to_tsquery('english', k.q))
 ORDER BY
score
DESC, p.id
DESC
 LIMIT $11)
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
p.k_arg || ':' || p.score::text
 AS sort_key
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
score
DESC, p.id
DESC;

-- post_list_trending_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, boards, statuses, tags, q, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review, $7::text[] AS boards, $8::text[] AS statuses,
$9::text[] AS tags, $10::text AS q),
page AS (SELECT p.*,
(p.upvotes::float8 / power(greatest(extract(epoch FROM
  fb_ts_from_key(k.arg) - p.created_at)::float8 / 3600, 0) + 2, 1.5))
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (k.boards IS NULL OR p.board_id = ANY (k.boards))
AND (k.statuses IS NULL OR p.status_id = ANY (k.statuses))
AND (k.tags IS NULL OR EXISTS (
  SELECT 1 FROM post_tags pt JOIN tags t
    ON t.org_id = pt.org_id AND t.id = pt.tag_id
  WHERE pt.org_id = p.org_id AND pt.post_id = p.id
    AND lower(t.name) IN (SELECT lower(n) FROM unnest(k.tags) n)))
AND (k.q IS NULL
     OR p.search @@ websearch_to_tsquery('english', k.q))
AND ((p.upvotes::float8 / power(greatest(extract(epoch FROM
  fb_ts_from_key(k.arg) - p.created_at)::float8 / 3600, 0) + 2, 1.5)), p.id)
<
 (split_part(k.after_key, ':', 2)::float8, k.after_id)
 ORDER BY
score
DESC, p.id
DESC
 LIMIT $11)
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
p.k_arg || ':' || p.score::text
 AS sort_key
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
score
DESC, p.id
DESC;

-- post_list_trending_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, boards, statuses, tags, q, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review, $7::text[] AS boards, $8::text[] AS statuses,
$9::text[] AS tags, $10::text AS q),
page AS (SELECT p.*,
(p.upvotes::float8 / power(greatest(extract(epoch FROM
  fb_ts_from_key(k.arg) - p.created_at)::float8 / 3600, 0) + 2, 1.5))
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (k.boards IS NULL OR p.board_id = ANY (k.boards))
AND (k.statuses IS NULL OR p.status_id = ANY (k.statuses))
AND (k.tags IS NULL OR EXISTS (
  SELECT 1 FROM post_tags pt JOIN tags t
    ON t.org_id = pt.org_id AND t.id = pt.tag_id
  WHERE pt.org_id = p.org_id AND pt.post_id = p.id
    AND lower(t.name) IN (SELECT lower(n) FROM unnest(k.tags) n)))
AND (k.q IS NULL
     OR p.search @@ websearch_to_tsquery('english', k.q))
 ORDER BY
score
ASC, p.id
ASC
 LIMIT $11)
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
p.k_arg || ':' || p.score::text
 AS sort_key
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
score
ASC, p.id
ASC;

-- post_list_trending_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, boards, statuses, tags, q, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review, $7::text[] AS boards, $8::text[] AS statuses,
$9::text[] AS tags, $10::text AS q),
page AS (SELECT p.*,
(p.upvotes::float8 / power(greatest(extract(epoch FROM
  fb_ts_from_key(k.arg) - p.created_at)::float8 / 3600, 0) + 2, 1.5))
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (k.boards IS NULL OR p.board_id = ANY (k.boards))
AND (k.statuses IS NULL OR p.status_id = ANY (k.statuses))
AND (k.tags IS NULL OR EXISTS (
  SELECT 1 FROM post_tags pt JOIN tags t
    ON t.org_id = pt.org_id AND t.id = pt.tag_id
  WHERE pt.org_id = p.org_id AND pt.post_id = p.id
    AND lower(t.name) IN (SELECT lower(n) FROM unnest(k.tags) n)))
AND (k.q IS NULL
     OR p.search @@ websearch_to_tsquery('english', k.q))
AND ((p.upvotes::float8 / power(greatest(extract(epoch FROM
  fb_ts_from_key(k.arg) - p.created_at)::float8 / 3600, 0) + 2, 1.5)), p.id)
>
 (split_part(k.after_key, ':', 2)::float8, k.after_id)
 ORDER BY
score
ASC, p.id
ASC
 LIMIT $11)
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
p.k_arg || ':' || p.score::text
 AS sort_key
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
score
ASC, p.id
ASC;

-- post_list_trending_all_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review),
page AS (SELECT * FROM (SELECT p.*,
(p.upvotes::float8 / power(greatest(extract(epoch FROM
  fb_ts_from_key(k.arg) - p.created_at)::float8 / 3600, 0) + 2, 1.5))
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
 ORDER BY
score
DESC, p.id
DESC
 LIMIT
101) p
ORDER BY
score
DESC, p.id
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
p.k_arg || ':' || p.score::text
 AS sort_key
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
score
DESC, p.id
DESC;

-- post_list_trending_all_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review),
page AS (SELECT * FROM (SELECT p.*,
(p.upvotes::float8 / power(greatest(extract(epoch FROM
  fb_ts_from_key(k.arg) - p.created_at)::float8 / 3600, 0) + 2, 1.5))
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND ((p.upvotes::float8 / power(greatest(extract(epoch FROM
  fb_ts_from_key(k.arg) - p.created_at)::float8 / 3600, 0) + 2, 1.5)), p.id)
<
 (split_part(k.after_key, ':', 2)::float8, k.after_id)
 ORDER BY
score
DESC, p.id
DESC
 LIMIT
101) p
ORDER BY
score
DESC, p.id
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
p.k_arg || ':' || p.score::text
 AS sort_key
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
score
DESC, p.id
DESC;

-- post_list_trending_all_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review),
page AS (SELECT * FROM (SELECT p.*,
(p.upvotes::float8 / power(greatest(extract(epoch FROM
  fb_ts_from_key(k.arg) - p.created_at)::float8 / 3600, 0) + 2, 1.5))
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
 ORDER BY
score
ASC, p.id
ASC
 LIMIT
101) p
ORDER BY
score
ASC, p.id
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
p.k_arg || ':' || p.score::text
 AS sort_key
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
score
ASC, p.id
ASC;

-- post_list_trending_all_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, limit)
WITH k AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review),
page AS (SELECT * FROM (SELECT p.*,
(p.upvotes::float8 / power(greatest(extract(epoch FROM
  fb_ts_from_key(k.arg) - p.created_at)::float8 / 3600, 0) + 2, 1.5))
 AS score, k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND ((p.upvotes::float8 / power(greatest(extract(epoch FROM
  fb_ts_from_key(k.arg) - p.created_at)::float8 / 3600, 0) + 2, 1.5)), p.id)
>
 (split_part(k.after_key, ':', 2)::float8, k.after_id)
 ORDER BY
score
ASC, p.id
ASC
 LIMIT
101) p
ORDER BY
score
ASC, p.id
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
p.k_arg || ':' || p.score::text
 AS sort_key
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
score
ASC, p.id
ASC;

-- post_list_relevance (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, boards, statuses, tags, q, limit)
WITH a AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review, $7::text[] AS boards, $8::text[] AS statuses,
$9::text[] AS tags, $10::text AS q),
k AS NOT MATERIALIZED (SELECT a.*, fb_ts_from_key(a.arg) AS t0
  FROM a),
cand AS (SELECT p.*, ts_rank(p.search,
    websearch_to_tsquery('english', k.q))::float8 AS score,
    k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
  AND p.created_at <= k.t0
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (k.boards IS NULL OR p.board_id = ANY (k.boards))
AND (k.statuses IS NULL OR p.status_id = ANY (k.statuses))
AND (k.tags IS NULL OR EXISTS (
  SELECT 1 FROM post_tags pt JOIN tags t
    ON t.org_id = pt.org_id AND t.id = pt.tag_id
  WHERE pt.org_id = p.org_id AND pt.post_id = p.id
    AND lower(t.name) IN (SELECT lower(n) FROM unnest(k.tags) n)))
AND (k.q IS NULL
     OR p.search @@ websearch_to_tsquery('english', k.q))
  ORDER BY p.created_at DESC, p.id DESC LIMIT
1000),
page AS (SELECT p.* FROM cand p, k WHERE true
  ORDER BY p.score DESC, p.id DESC LIMIT $11)
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
p.k_arg || ':' || p.score::text
 AS sort_key
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
ORDER BY p.score DESC, p.id DESC;

-- post_list_relevance_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, arg, private, in_review, boards, statuses, tags, q, limit)
WITH a AS (SELECT
$1::text AS org_id, $2::text AS after_key, $3::text AS after_id,
$4::text AS arg, $5::boolean AS private, $6::boolean AS in_review, $7::text[] AS boards, $8::text[] AS statuses,
$9::text[] AS tags, $10::text AS q),
k AS NOT MATERIALIZED (SELECT a.*, fb_ts_from_key(a.arg) AS t0
  FROM a),
cand AS (SELECT p.*, ts_rank(p.search,
    websearch_to_tsquery('english', k.q))::float8 AS score,
    k.arg AS k_arg
  FROM posts p, k WHERE p.org_id = k.org_id
  AND p.created_at <= k.t0
AND (k.private OR p.visibility = 'public')
AND (k.in_review OR NOT p.in_review)
AND (k.boards IS NULL OR p.board_id = ANY (k.boards))
AND (k.statuses IS NULL OR p.status_id = ANY (k.statuses))
AND (k.tags IS NULL OR EXISTS (
  SELECT 1 FROM post_tags pt JOIN tags t
    ON t.org_id = pt.org_id AND t.id = pt.tag_id
  WHERE pt.org_id = p.org_id AND pt.post_id = p.id
    AND lower(t.name) IN (SELECT lower(n) FROM unnest(k.tags) n)))
AND (k.q IS NULL
     OR p.search @@ websearch_to_tsquery('english', k.q))
  ORDER BY p.created_at DESC, p.id DESC LIMIT
1000),
page AS (SELECT p.* FROM cand p, k WHERE true
AND (p.score, p.id)
  < (split_part(k.after_key, ':', 2)::float8, k.after_id)
  ORDER BY p.score DESC, p.id DESC LIMIT $11)
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
p.k_arg || ':' || p.score::text
 AS sort_key
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
ORDER BY p.score DESC, p.id DESC;
