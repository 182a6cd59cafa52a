-- The statements of modules/resources/posts/posts_update.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- post_u_lock (scoped; varchar, varchar, varchar)
SELECT author_contact_id, status_id, custom_fields::text FROM posts
WHERE org_id = $1 AND id = $2
AND ($3::boolean OR visibility = 'public') FOR UPDATE;

-- post_u_board (scoped; varchar, varchar)
SELECT id FROM boards WHERE org_id = $1 AND id = $2;

-- post_u_update (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar)
WITH k AS (SELECT $1::text AS org_id, $2::text AS id)
UPDATE posts p SET
  title = COALESCE($3, p.title),
  content = COALESCE($4, p.content),
  content_text = COALESCE($5, p.content_text),
  board_id = COALESCE($6, p.board_id),
  status_id = COALESCE($7, p.status_id),
  comments_enabled = COALESCE($8::boolean, p.comments_enabled),
  in_review = COALESCE($9::boolean, p.in_review),
  is_pinned = COALESCE($10::boolean, p.is_pinned),
  visibility = COALESCE($11, p.visibility),
  custom_fields = COALESCE($12::jsonb, p.custom_fields),
  upvotes = COALESCE($13::integer, p.upvotes),
  created_at = COALESCE($14::timestamptz, p.created_at),
  eta = CASE WHEN $15::boolean THEN $16::timestamptz ELSE p.eta END,
  assignee_id = CASE WHEN $17::boolean THEN $18
                ELSE p.assignee_id END,
  author_contact_id = CASE WHEN $19::boolean THEN $20
                      ELSE p.author_contact_id END,
  author_admin_id = CASE WHEN $21::boolean THEN $22
                    ELSE p.author_admin_id END,
  updated_at = now(),
  last_activity_at = greatest(p.last_activity_at, now())
FROM k WHERE p.org_id = k.org_id AND p.id = k.id;

-- post_u_untag (scoped; varchar, varchar)
DELETE FROM post_tags WHERE org_id = $1 AND post_id = $2;

-- post_u_author_count (scoped; varchar, varchar, varchar)
WITH k AS (SELECT $1::text AS org_id, $2::text AS id,
                  $3::integer AS delta)
UPDATE contacts c SET posts_created = greatest(c.posts_created
                                               + k.delta, 0)
FROM k WHERE c.org_id = k.org_id AND c.id = k.id;

-- post_u_status_recipients (scoped; varchar, varchar)
SELECT c.email FROM post_votes v JOIN contacts c
  ON c.org_id = v.org_id AND c.id = v.contact_id
WHERE v.org_id = $1 AND v.post_id = $2 AND c.email IS NOT NULL
AND fb_email_allowed(c.email_preferences, 'postUpdates')
ORDER BY c.email;

-- post_u_delete (scoped; varchar, varchar)
DELETE FROM posts WHERE org_id = $1 AND id = $2;
