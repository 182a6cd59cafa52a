-- The statements of modules/resources/posts/posts_create.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- post_w_lookup (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar)
SELECT b.posting_enabled, b.default_visibility,
  b.custom_field_ids::text,
(SELECT s.id FROM post_statuses s WHERE s.org_id =
k.org_id
  AND (s.id =
k.status
 OR (k.status
 IS NULL AND s.is_default))
  LIMIT 1),
(SELECT COALESCE(json_agg(t.id ORDER BY n.i), '[]'::json)
  FROM json_array_elements_text(k.tags) WITH ORDINALITY
    AS n (name, i)
  LEFT JOIN tags t ON t.org_id =
k.org_id
    AND lower(t.name) = lower(n.name))::text,
(SELECT c.id FROM contacts c
  WHERE c.org_id =
k.org_id
 AND c.id =
k.person),
(SELECT a.id FROM admins a
  WHERE a.org_id =
k.org_id
 AND a.id =
k.person),
(SELECT c.id FROM contacts c
  WHERE c.org_id =
k.org_id
 AND c.user_id =
k.user_id),
(SELECT c.id FROM contacts c
  WHERE c.org_id =
k.org_id
 AND c.email IS NOT NULL
    AND lower(c.email) = lower(k.email)
  ORDER BY c.type = 'customer' DESC, c.created_at, c.id LIMIT 1)
 FROM (SELECT $1::text AS org_id, $2::text AS board,
             $3::text AS status, $4::json AS tags,
             $5::text AS person, $6::text AS user_id,
             $7::text AS email) k
LEFT JOIN boards b ON b.org_id = k.org_id AND b.id = k.board;

-- post_w_insert (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar)
WITH p AS (
  INSERT INTO posts (org_id, slug, title, content, content_text,
    board_id, author_contact_id, author_admin_id, status_id,
    comments_enabled, in_review, visibility, assignee_id, eta,
    custom_fields, upvotes, created_at, updated_at,
    last_activity_at, tag_ids)
  VALUES ($1, fb_post_slug($1, $2), $3, $4, $5, $6, $7, $8, $9,
    $10::boolean, $11::boolean, $12, $13, $14::timestamptz, $15::jsonb,
    $16::integer, COALESCE($17::timestamptz, now()),
    COALESCE($18::timestamptz, now()),
    COALESCE($19::timestamptz, now()),
    ARRAY(SELECT DISTINCT j.id
          FROM json_array_elements_text($20::json) AS j (id)
          ORDER BY 1))
  RETURNING org_id, id, created_at, tag_ids),
t AS (
  INSERT INTO post_tags (org_id, post_id, tag_id)
  SELECT p.org_id, p.id, unnest(p.tag_ids) FROM p
  ON CONFLICT DO NOTHING),
c AS (
  UPDATE contacts c SET posts_created = c.posts_created + 1,
    last_activity = greatest(c.last_activity, p.created_at)
  FROM p WHERE c.org_id = p.org_id AND c.id = $21),
v AS (
  INSERT INTO post_votes (org_id, post_id, contact_id, created_at)
  SELECT p.org_id, p.id, COALESCE($22, (
    SELECT fb_contact_find_or_create(a.org_id, NULL, a.email,
                                     a.name, a.profile_picture)
    FROM admins a WHERE a.org_id = p.org_id AND a.id = $23)),
    p.created_at
  FROM p WHERE $24::boolean
  ON CONFLICT DO NOTHING)
SELECT id FROM p;

-- post_w_notify_admins (scoped; varchar, varchar, varchar, varchar, varchar)
WITH m AS (SELECT $1::text AS org_id, $2::text AS post_id,
                  $3::text AS subject, $4::text AS body_html,
                  $5::text AS body_text)
INSERT INTO email_outbox (org_id, kind, recipient, subject,
  body_html, body_text, dedupe_key)
SELECT a.org_id, 'post.created.admin', a.email, m.subject,
  m.body_html, m.body_text,
  'post.created.admin/' || m.post_id || '/' || a.id
FROM m JOIN admins a ON a.org_id = m.org_id;
