-- The statements of modules/resources/comments/comments_update.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- comment_u_lock (scoped; varchar, varchar, varchar, varchar) named (id, private, post_private)
WITH k AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::boolean AS private, $4::boolean AS post_private)
SELECT c.target_id, c.post_id, c.changelog_id, c.author_contact_id,
  c.author_admin_id, c.is_deleted, c.parent_comment_id,
  EXISTS (SELECT 1 FROM comments r WHERE r.org_id = c.org_id
          AND r.target_id = c.target_id
          AND r.parent_comment_id = c.id)
FROM k, comments c WHERE c.org_id = k.org_id AND c.id = k.id
AND
(k.private
 OR NOT c.is_private)
AND (k.post_private
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
FOR UPDATE OF c;

-- comment_u_target_first (scoped; varchar, varchar)
WITH c AS (SELECT post_id, changelog_id FROM comments
           WHERE org_id = $1 AND id = $2)
SELECT (SELECT p.id FROM posts p, c WHERE p.org_id = $1
        AND p.id = c.post_id FOR NO KEY UPDATE OF p),
       (SELECT l.id FROM changelogs l, c WHERE l.org_id = $1
        AND l.id = c.changelog_id FOR NO KEY UPDATE OF l);

-- comment_u_update (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (id, content, content_text, is_private, is_pinned, in_review, created_at, upvotes, downvotes)
WITH k AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::text AS content, $4::text AS content_text,
  $5::boolean AS is_private, $6::boolean AS is_pinned,
  $7::boolean AS in_review, $8::timestamptz AS created_at,
  $9::integer AS upvotes, $10::integer AS downvotes)
UPDATE comments c SET
  content = COALESCE(k.content, c.content),
  content_text = COALESCE(k.content_text, c.content_text),
  is_private = COALESCE(k.is_private, c.is_private),
  is_pinned = COALESCE(k.is_pinned, c.is_pinned),
  in_review = COALESCE(k.in_review, c.in_review),
  created_at = COALESCE(k.created_at, c.created_at),
  upvotes = COALESCE(k.upvotes, c.upvotes),
  downvotes = COALESCE(k.downvotes, c.downvotes),
  updated_at = now()
FROM k WHERE c.org_id = k.org_id AND c.id = k.id;

-- comment_u_soft_delete (scoped; varchar, varchar)
UPDATE comments SET content = '[deleted]', content_text = '',
  author_contact_id = NULL, author_admin_id = NULL, upvotes = 0,
  downvotes = 0, is_deleted = true, updated_at = now()
WHERE org_id = $1 AND id = $2;

-- comment_u_delete (scoped; varchar, varchar)
DELETE FROM comments WHERE org_id = $1 AND id = $2;

-- comment_u_prune (scoped; varchar, varchar, varchar) named (target, parent)
WITH k AS (SELECT $1::text AS org_id, $2::text AS target,
  $3::text AS parent)
SELECT fb_comment_prune(k.org_id, k.target, k.parent) FROM k;

-- comment_u_post_uncount (scoped; varchar, varchar)
UPDATE posts SET comment_count = greatest(comment_count - 1, 0)
WHERE org_id = $1 AND id = $2;

-- comment_u_changelog_uncount (scoped; varchar, varchar)
UPDATE changelogs SET comment_count = greatest(comment_count - 1, 0)
WHERE org_id = $1 AND id = $2;

-- comment_u_author_uncount (scoped; varchar, varchar)
UPDATE contacts SET comments_created =
  greatest(comments_created - 1, 0)
WHERE org_id = $1 AND id = $2;
