-- The statements of modules/resources/comments/comments_update.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- comment_u_lock (scoped; varchar, varchar, varchar, varchar)
SELECT c.target_id, c.post_id, c.changelog_id, c.author_contact_id,
  c.author_admin_id, c.is_deleted, c.parent_comment_id,
  EXISTS (SELECT 1 FROM comments r WHERE r.org_id = c.org_id
          AND r.target_id = c.target_id
          AND r.parent_comment_id = c.id)
FROM comments c WHERE c.org_id = $1 AND c.id = $2
AND
($3::boolean
 OR NOT c.is_private)
AND ($4::boolean
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

-- comment_u_update (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar)
WITH k AS (SELECT $1::text AS org_id, $2::text AS id)
UPDATE comments c SET
  content = COALESCE($3, c.content),
  content_text = COALESCE($4, c.content_text),
  is_private = COALESCE($5::boolean, c.is_private),
  is_pinned = COALESCE($6::boolean, c.is_pinned),
  in_review = COALESCE($7::boolean, c.in_review),
  created_at = COALESCE($8::timestamptz, c.created_at),
  upvotes = COALESCE($9::integer, c.upvotes),
  downvotes = COALESCE($10::integer, c.downvotes),
  updated_at = now()
FROM k WHERE c.org_id = k.org_id AND c.id = k.id;

-- comment_u_soft_delete (scoped; varchar, varchar)
UPDATE comments SET content = '[deleted]', content_text = '',
  author_contact_id = NULL, author_admin_id = NULL, upvotes = 0,
  downvotes = 0, is_deleted = true, updated_at = now()
WHERE org_id = $1 AND id = $2;

-- comment_u_delete (scoped; varchar, varchar)
DELETE FROM comments WHERE org_id = $1 AND id = $2;

-- comment_u_prune (scoped; varchar, varchar, varchar)
SELECT fb_comment_prune($1, $2, $3);

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
