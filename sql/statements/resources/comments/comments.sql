-- The statements of modules/resources/comments/comments.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- comment_get (scoped; varchar, varchar, varchar, varchar) named (id, private, post_private)
WITH k AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::boolean AS private, $4::boolean AS post_private)
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
NULL
 AS sort_key
 FROM k,
comments
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
WHERE c.org_id = k.org_id AND c.id = k.id AND
(k.private
 OR NOT c.is_private)
AND (k.post_private
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public');

-- comment_t_post (scoped; varchar, varchar, varchar, varchar) named (id, slug, private)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id, $3::text AS slug, $4::boolean AS private)
SELECT p.id, p.comments_enabled AND b.comments_enabled, p.title
FROM k, posts p JOIN boards b ON b.org_id = p.org_id
  AND b.id = p.board_id
WHERE p.org_id = k.org_id AND p.id = k.id
AND (k.private OR p.visibility = 'public')
UNION ALL
SELECT p.id, p.comments_enabled AND b.comments_enabled, p.title
FROM k, posts p JOIN boards b ON b.org_id = p.org_id
  AND b.id = p.board_id
WHERE p.org_id = k.org_id AND p.slug = k.slug
AND (k.private OR p.visibility = 'public') LIMIT 1;

-- comment_t_post_lock (scoped; varchar, varchar)
SELECT id FROM posts WHERE org_id = $1 AND id = $2
FOR NO KEY UPDATE;

-- comment_list_best_t (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, target, private, post_private, in_review, privacy, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS target, $5::boolean AS private,
  $6::boolean AS post_private, $7::boolean AS in_review,
  $8::text AS privacy),
page AS (SELECT * FROM (SELECT c.* FROM comments c, k
WHERE c.org_id = k.org_id
AND c.target_id = k.target
 AND
(k.private
 OR NOT c.is_private)
AND (k.post_private
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND (k.in_review OR NOT c.in_review)
AND (k.privacy = 'all' OR c.is_private = (k.privacy = 'private'))
 ORDER BY
c.best
DESC, c.id
DESC
 LIMIT
101) c
ORDER BY
c.best
DESC, c.id
DESC
 LIMIT $9)
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
c.best::text
 AS sort_key
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
DESC, c.id
DESC;

-- comment_list_best_t_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, target, private, post_private, in_review, privacy, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS target, $5::boolean AS private,
  $6::boolean AS post_private, $7::boolean AS in_review,
  $8::text AS privacy),
page AS (SELECT * FROM (SELECT c.* FROM comments c, k
WHERE c.org_id = k.org_id
AND c.target_id = k.target
 AND
(k.private
 OR NOT c.is_private)
AND (k.post_private
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND (k.in_review OR NOT c.in_review)
AND (k.privacy = 'all' OR c.is_private = (k.privacy = 'private'))
AND (c.best, c.id)
<
 (k.after_key::float8, k.after_id)
 ORDER BY
c.best
DESC, c.id
DESC
 LIMIT
101) c
ORDER BY
c.best
DESC, c.id
DESC
 LIMIT $9)
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
c.best::text
 AS sort_key
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
DESC, c.id
DESC;

-- comment_list_best (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, private, post_private, in_review, privacy, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::boolean AS private,
  $5::boolean AS post_private, $6::boolean AS in_review,
  $7::text AS privacy),
page AS (SELECT * FROM (SELECT c.* FROM comments c, k
WHERE c.org_id = k.org_id
 AND
(k.private
 OR NOT c.is_private)
AND (k.post_private
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND (k.in_review OR NOT c.in_review)
AND (k.privacy = 'all' OR c.is_private = (k.privacy = 'private'))
 ORDER BY
c.best
DESC, c.id
DESC
 LIMIT
101) c
ORDER BY
c.best
DESC, c.id
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
c.best::text
 AS sort_key
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
DESC, c.id
DESC;

-- comment_list_best_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, private, post_private, in_review, privacy, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::boolean AS private,
  $5::boolean AS post_private, $6::boolean AS in_review,
  $7::text AS privacy),
page AS (SELECT * FROM (SELECT c.* FROM comments c, k
WHERE c.org_id = k.org_id
 AND
(k.private
 OR NOT c.is_private)
AND (k.post_private
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND (k.in_review OR NOT c.in_review)
AND (k.privacy = 'all' OR c.is_private = (k.privacy = 'private'))
AND (c.best, c.id)
<
 (k.after_key::float8, k.after_id)
 ORDER BY
c.best
DESC, c.id
DESC
 LIMIT
101) c
ORDER BY
c.best
DESC, c.id
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
c.best::text
 AS sort_key
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
DESC, c.id
DESC;

-- comment_list_top_t (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, target, private, post_private, in_review, privacy, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS target, $5::boolean AS private,
  $6::boolean AS post_private, $7::boolean AS in_review,
  $8::text AS privacy),
page AS (SELECT * FROM (SELECT c.* FROM comments c, k
WHERE c.org_id = k.org_id
AND c.target_id = k.target
 AND
(k.private
 OR NOT c.is_private)
AND (k.post_private
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND (k.in_review OR NOT c.in_review)
AND (k.privacy = 'all' OR c.is_private = (k.privacy = 'private'))
 ORDER BY
c.score
DESC, c.id
DESC
 LIMIT
101) c
ORDER BY
c.score
DESC, c.id
DESC
 LIMIT $9)
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
c.score::text
 AS sort_key
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
DESC, c.id
DESC;

-- comment_list_top_t_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, target, private, post_private, in_review, privacy, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS target, $5::boolean AS private,
  $6::boolean AS post_private, $7::boolean AS in_review,
  $8::text AS privacy),
page AS (SELECT * FROM (SELECT c.* FROM comments c, k
WHERE c.org_id = k.org_id
AND c.target_id = k.target
 AND
(k.private
 OR NOT c.is_private)
AND (k.post_private
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND (k.in_review OR NOT c.in_review)
AND (k.privacy = 'all' OR c.is_private = (k.privacy = 'private'))
AND (c.score, c.id)
<
 (k.after_key::integer, k.after_id)
 ORDER BY
c.score
DESC, c.id
DESC
 LIMIT
101) c
ORDER BY
c.score
DESC, c.id
DESC
 LIMIT $9)
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
c.score::text
 AS sort_key
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
DESC, c.id
DESC;

-- comment_list_top (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, private, post_private, in_review, privacy, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::boolean AS private,
  $5::boolean AS post_private, $6::boolean AS in_review,
  $7::text AS privacy),
page AS (SELECT * FROM (SELECT c.* FROM comments c, k
WHERE c.org_id = k.org_id
 AND
(k.private
 OR NOT c.is_private)
AND (k.post_private
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND (k.in_review OR NOT c.in_review)
AND (k.privacy = 'all' OR c.is_private = (k.privacy = 'private'))
 ORDER BY
c.score
DESC, c.id
DESC
 LIMIT
101) c
ORDER BY
c.score
DESC, c.id
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
c.score::text
 AS sort_key
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
DESC, c.id
DESC;

-- comment_list_top_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, private, post_private, in_review, privacy, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::boolean AS private,
  $5::boolean AS post_private, $6::boolean AS in_review,
  $7::text AS privacy),
page AS (SELECT * FROM (SELECT c.* FROM comments c, k
WHERE c.org_id = k.org_id
 AND
(k.private
 OR NOT c.is_private)
AND (k.post_private
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND (k.in_review OR NOT c.in_review)
AND (k.privacy = 'all' OR c.is_private = (k.privacy = 'private'))
AND (c.score, c.id)
<
 (k.after_key::integer, k.after_id)
 ORDER BY
c.score
DESC, c.id
DESC
 LIMIT
101) c
ORDER BY
c.score
DESC, c.id
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
c.score::text
 AS sort_key
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
DESC, c.id
DESC;

-- comment_list_new_t (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, target, private, post_private, in_review, privacy, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS target, $5::boolean AS private,
  $6::boolean AS post_private, $7::boolean AS in_review,
  $8::text AS privacy),
page AS (SELECT * FROM (SELECT c.* FROM comments c, k
WHERE c.org_id = k.org_id
AND c.target_id = k.target
 AND
(k.private
 OR NOT c.is_private)
AND (k.post_private
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND (k.in_review OR NOT c.in_review)
AND (k.privacy = 'all' OR c.is_private = (k.privacy = 'private'))
 ORDER BY
c.created_at
DESC, c.id
DESC
 LIMIT
101) c
ORDER BY
c.created_at
DESC, c.id
DESC
 LIMIT $9)
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
fb_ts_key(c.created_at)
 AS sort_key
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
DESC, c.id
DESC;

-- comment_list_new_t_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, target, private, post_private, in_review, privacy, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS target, $5::boolean AS private,
  $6::boolean AS post_private, $7::boolean AS in_review,
  $8::text AS privacy),
page AS (SELECT * FROM (SELECT c.* FROM comments c, k
WHERE c.org_id = k.org_id
AND c.target_id = k.target
 AND
(k.private
 OR NOT c.is_private)
AND (k.post_private
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND (k.in_review OR NOT c.in_review)
AND (k.privacy = 'all' OR c.is_private = (k.privacy = 'private'))
AND (c.created_at, c.id)
<
 (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
c.created_at
DESC, c.id
DESC
 LIMIT
101) c
ORDER BY
c.created_at
DESC, c.id
DESC
 LIMIT $9)
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
fb_ts_key(c.created_at)
 AS sort_key
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
DESC, c.id
DESC;

-- comment_list_new (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, private, post_private, in_review, privacy, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::boolean AS private,
  $5::boolean AS post_private, $6::boolean AS in_review,
  $7::text AS privacy),
page AS (SELECT * FROM (SELECT c.* FROM comments c, k
WHERE c.org_id = k.org_id
 AND
(k.private
 OR NOT c.is_private)
AND (k.post_private
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND (k.in_review OR NOT c.in_review)
AND (k.privacy = 'all' OR c.is_private = (k.privacy = 'private'))
 ORDER BY
c.created_at
DESC, c.id
DESC
 LIMIT
101) c
ORDER BY
c.created_at
DESC, c.id
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
fb_ts_key(c.created_at)
 AS sort_key
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
DESC, c.id
DESC;

-- comment_list_new_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, private, post_private, in_review, privacy, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::boolean AS private,
  $5::boolean AS post_private, $6::boolean AS in_review,
  $7::text AS privacy),
page AS (SELECT * FROM (SELECT c.* FROM comments c, k
WHERE c.org_id = k.org_id
 AND
(k.private
 OR NOT c.is_private)
AND (k.post_private
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND (k.in_review OR NOT c.in_review)
AND (k.privacy = 'all' OR c.is_private = (k.privacy = 'private'))
AND (c.created_at, c.id)
<
 (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
c.created_at
DESC, c.id
DESC
 LIMIT
101) c
ORDER BY
c.created_at
DESC, c.id
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
fb_ts_key(c.created_at)
 AS sort_key
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
DESC, c.id
DESC;

-- comment_list_old_t (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, target, private, post_private, in_review, privacy, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS target, $5::boolean AS private,
  $6::boolean AS post_private, $7::boolean AS in_review,
  $8::text AS privacy),
page AS (SELECT * FROM (SELECT c.* FROM comments c, k
WHERE c.org_id = k.org_id
AND c.target_id = k.target
 AND
(k.private
 OR NOT c.is_private)
AND (k.post_private
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND (k.in_review OR NOT c.in_review)
AND (k.privacy = 'all' OR c.is_private = (k.privacy = 'private'))
 ORDER BY
c.created_at
ASC, c.id
ASC
 LIMIT
101) c
ORDER BY
c.created_at
ASC, c.id
ASC
 LIMIT $9)
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
fb_ts_key(c.created_at)
 AS sort_key
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
ASC, c.id
ASC;

-- comment_list_old_t_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, target, private, post_private, in_review, privacy, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS target, $5::boolean AS private,
  $6::boolean AS post_private, $7::boolean AS in_review,
  $8::text AS privacy),
page AS (SELECT * FROM (SELECT c.* FROM comments c, k
WHERE c.org_id = k.org_id
AND c.target_id = k.target
 AND
(k.private
 OR NOT c.is_private)
AND (k.post_private
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND (k.in_review OR NOT c.in_review)
AND (k.privacy = 'all' OR c.is_private = (k.privacy = 'private'))
AND (c.created_at, c.id)
>
 (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
c.created_at
ASC, c.id
ASC
 LIMIT
101) c
ORDER BY
c.created_at
ASC, c.id
ASC
 LIMIT $9)
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
fb_ts_key(c.created_at)
 AS sort_key
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
ASC, c.id
ASC;

-- comment_list_old (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, private, post_private, in_review, privacy, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::boolean AS private,
  $5::boolean AS post_private, $6::boolean AS in_review,
  $7::text AS privacy),
page AS (SELECT * FROM (SELECT c.* FROM comments c, k
WHERE c.org_id = k.org_id
 AND
(k.private
 OR NOT c.is_private)
AND (k.post_private
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND (k.in_review OR NOT c.in_review)
AND (k.privacy = 'all' OR c.is_private = (k.privacy = 'private'))
 ORDER BY
c.created_at
ASC, c.id
ASC
 LIMIT
101) c
ORDER BY
c.created_at
ASC, c.id
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
fb_ts_key(c.created_at)
 AS sort_key
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
ASC, c.id
ASC;

-- comment_list_old_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, private, post_private, in_review, privacy, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::boolean AS private,
  $5::boolean AS post_private, $6::boolean AS in_review,
  $7::text AS privacy),
page AS (SELECT * FROM (SELECT c.* FROM comments c, k
WHERE c.org_id = k.org_id
 AND
(k.private
 OR NOT c.is_private)
AND (k.post_private
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
AND (k.in_review OR NOT c.in_review)
AND (k.privacy = 'all' OR c.is_private = (k.privacy = 'private'))
AND (c.created_at, c.id)
>
 (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
c.created_at
ASC, c.id
ASC
 LIMIT
101) c
ORDER BY
c.created_at
ASC, c.id
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
fb_ts_key(c.created_at)
 AS sort_key
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
ASC, c.id
ASC;
