-- The statements of modules/resources/comments/comments_create.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- comment_c_parent (scoped; varchar, varchar, varchar, varchar) named (id, private, post_private)
WITH k AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::boolean AS private, $4::boolean AS post_private)
SELECT c.target_id FROM k, comments c
WHERE c.org_id = k.org_id AND c.id = k.id AND
(k.private
 OR NOT c.is_private)
AND (k.post_private
 OR c.post_id IS NULL OR (
  SELECT vp.visibility FROM posts vp WHERE vp.org_id = c.org_id
  AND vp.id = c.post_id) = 'public')
FOR KEY SHARE OF c;

-- comment_c_insert (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (post, changelog, parent, content, content_text, contact, admin, upvotes, downvotes, is_private, given_at)
WITH k AS (SELECT $1::text AS org_id, $2::text AS post,
  $3::text AS changelog, $4::text AS parent, $5::text AS content,
  $6::text AS content_text, $7::text AS contact, $8::text AS admin,
  $9::integer AS upvotes, $10::integer AS downvotes,
  $11::boolean AS is_private, $12::timestamptz AS given_at),
t AS (SELECT COALESCE(k.given_at, now()) AS created_at FROM k),
post AS (
  UPDATE posts p SET comment_count = p.comment_count + 1,
    last_activity_at = greatest(p.last_activity_at, t.created_at)
  FROM k, t WHERE p.org_id = k.org_id AND p.id = k.post
  RETURNING p.id),
changelog AS (
  UPDATE changelogs c SET comment_count = c.comment_count + 1
  FROM k WHERE c.org_id = k.org_id AND c.id = k.changelog
  RETURNING c.id),
made AS (
  INSERT INTO comments (org_id, post_id, changelog_id,
    parent_comment_id, content, content_text, author_contact_id,
    author_admin_id, upvotes, downvotes, is_private, created_at,
    updated_at)
  SELECT k.org_id, k.post, k.changelog, k.parent, k.content,
    k.content_text, k.contact, k.admin, k.upvotes, k.downvotes,
    k.is_private, t.created_at, t.created_at FROM k, t
  RETURNING id),
author AS (
  UPDATE contacts c SET comments_created = c.comments_created + 1,
    last_activity = greatest(c.last_activity, t.created_at)
  FROM k, t, made WHERE c.org_id = k.org_id AND c.id = k.contact)
SELECT id FROM made;

-- comment_c_recipients (scoped; varchar, varchar, varchar, varchar, varchar) named (post, contact, admin, parent)
WITH k AS (SELECT $1::text AS org_id, $2::text AS post,
  $3::text AS contact, $4::text AS admin, $5::text AS parent)
SELECT p.email FROM k, post_votes v JOIN contacts p
  ON p.org_id = v.org_id AND p.id = v.contact_id
WHERE v.org_id = k.org_id AND v.post_id = k.post
AND p.email IS NOT NULL
AND fb_email_allowed(p.email_preferences, 'postComments')
AND p.id IS DISTINCT FROM k.contact
AND NOT EXISTS (SELECT 1 FROM admins a WHERE a.org_id = v.org_id
  AND a.id = k.admin AND lower(a.email) = lower(p.email))
AND NOT EXISTS (SELECT 1 FROM comments pc WHERE pc.org_id = v.org_id
  AND pc.id = k.parent AND pc.author_contact_id = p.id
  AND NOT pc.is_deleted
  AND fb_email_allowed(p.email_preferences, 'commentReplies'))
ORDER BY p.email;

-- comment_c_reply_to (scoped; varchar, varchar, varchar, varchar) named (parent, contact, admin)
WITH k AS (SELECT $1::text AS org_id, $2::text AS parent,
  $3::text AS contact, $4::text AS admin)
SELECT p.email, coalesce(po.title, (
  SELECT coalesce(l.live_title, l.title) FROM changelog_locales l
  WHERE l.org_id = c.org_id AND l.changelog_id = c.changelog_id
  ORDER BY l.locale = o.default_locale DESC, l.locale LIMIT 1))
FROM k, comments c JOIN contacts p
  ON p.org_id = c.org_id AND p.id = c.author_contact_id
JOIN organizations o ON o.id = c.org_id
LEFT JOIN posts po ON po.org_id = c.org_id AND po.id = c.post_id
WHERE c.org_id = k.org_id AND c.id = k.parent AND NOT c.is_deleted
AND p.email IS NOT NULL
AND fb_email_allowed(p.email_preferences, 'commentReplies')
AND p.id IS DISTINCT FROM k.contact
AND NOT EXISTS (SELECT 1 FROM admins a WHERE a.org_id = c.org_id
  AND a.id = k.admin AND lower(a.email) = lower(p.email));
