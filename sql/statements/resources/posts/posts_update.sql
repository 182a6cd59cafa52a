-- The statements of modules/resources/posts/posts_update.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- post_u_lock (scoped; varchar, varchar, varchar) named (id, private)
WITH k AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::boolean AS private)
SELECT p.author_contact_id, p.status_id, p.custom_fields::text
FROM k, posts p WHERE p.org_id = k.org_id AND p.id = k.id
AND (k.private OR p.visibility = 'public') FOR UPDATE OF p;

-- post_u_board (scoped; varchar, varchar)
SELECT id FROM boards WHERE org_id = $1 AND id = $2;

-- post_u_update (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (id, title, content, content_text, board, status, comments_enabled, in_review, is_pinned, visibility, custom_fields, upvotes, created_at, eta_given, eta, assignee_given, assignee, author_given, contact, admin)
WITH k AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::text AS title, $4::text AS content, $5::text AS content_text,
  $6::text AS board, $7::text AS status,
  $8::boolean AS comments_enabled, $9::boolean AS in_review,
  $10::boolean AS is_pinned, $11::text AS visibility,
  $12::jsonb AS custom_fields, $13::integer AS upvotes,
  $14::timestamptz AS created_at, $15::boolean AS eta_given,
  $16::timestamptz AS eta, $17::boolean AS assignee_given,
  $18::text AS assignee, $19::boolean AS author_given,
  $20::text AS contact, $21::text AS admin)
UPDATE posts p SET
  title = COALESCE(k.title, p.title),
  content = COALESCE(k.content, p.content),
  content_text = COALESCE(k.content_text, p.content_text),
  board_id = COALESCE(k.board, p.board_id),
  status_id = COALESCE(k.status, p.status_id),
  comments_enabled = COALESCE(k.comments_enabled,
                              p.comments_enabled),
  in_review = COALESCE(k.in_review, p.in_review),
  is_pinned = COALESCE(k.is_pinned, p.is_pinned),
  visibility = COALESCE(k.visibility, p.visibility),
  custom_fields = COALESCE(k.custom_fields, p.custom_fields),
  upvotes = COALESCE(k.upvotes, p.upvotes),
  created_at = COALESCE(k.created_at, p.created_at),
  eta = CASE WHEN k.eta_given THEN k.eta ELSE p.eta END,
  assignee_id = CASE WHEN k.assignee_given THEN k.assignee
                ELSE p.assignee_id END,
  author_contact_id = CASE WHEN k.author_given THEN k.contact
                      ELSE p.author_contact_id END,
  author_admin_id = CASE WHEN k.author_given THEN k.admin
                    ELSE p.author_admin_id END,
  updated_at = now(),
  last_activity_at = greatest(p.last_activity_at, now())
FROM k WHERE p.org_id = k.org_id AND p.id = k.id;

-- post_u_untag (scoped; varchar, varchar)
DELETE FROM post_tags WHERE org_id = $1 AND post_id = $2;

-- post_u_author_count (scoped; varchar, varchar, varchar) named (id, delta)
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
