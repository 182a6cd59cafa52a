-- The statements of modules/resources/posts/posts_create.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- post_w_lookup (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (board, status, tags, person, user_id, email)
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
             $7::text AS email OFFSET 0) k
LEFT JOIN boards b ON b.org_id = k.org_id AND b.id = k.board;

-- post_w_insert (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (title, content, content_text, board, contact, admin, status, comments_enabled, in_review, visibility, assignee, eta, custom_fields, upvotes, created_at, tag_ids, vote)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS title, $3::text AS content, $4::text AS content_text,
  $5::text AS board, $6::text AS contact, $7::text AS admin,
  $8::text AS status, $9::boolean AS comments_enabled,
  $10::boolean AS in_review, $11::text AS visibility,
  $12::text AS assignee, $13::timestamptz AS eta,
  $14::jsonb AS custom_fields, $15::integer AS upvotes,
  $16::timestamptz AS created_at, $17::json AS tag_ids,
  $18::boolean AS vote),
p AS (
  INSERT INTO posts (org_id, slug, title, content, content_text,
    board_id, author_contact_id, author_admin_id, status_id,
    comments_enabled, in_review, visibility, assignee_id, eta,
    custom_fields, upvotes, created_at, updated_at,
    last_activity_at, tag_ids)
  SELECT k.org_id, fb_post_slug(k.org_id, k.title), k.title,
    k.content, k.content_text, k.board, k.contact, k.admin,
    k.status, k.comments_enabled, k.in_review, k.visibility,
    k.assignee, k.eta, k.custom_fields, k.upvotes,
    COALESCE(k.created_at, now()), COALESCE(k.created_at, now()),
    COALESCE(k.created_at, now()),
    ARRAY(SELECT DISTINCT j.id
          FROM json_array_elements_text(k.tag_ids) AS j (id)
          ORDER BY 1)
  FROM k
  RETURNING org_id, id, created_at, tag_ids),
t AS (
  INSERT INTO post_tags (org_id, post_id, tag_id)
  SELECT p.org_id, p.id, unnest(p.tag_ids) FROM p
  ON CONFLICT DO NOTHING),
c AS (
  UPDATE contacts c SET posts_created = c.posts_created + 1,
    last_activity = greatest(c.last_activity, p.created_at)
  FROM p, k WHERE c.org_id = p.org_id AND c.id = k.contact),
v AS (
  INSERT INTO post_votes (org_id, post_id, contact_id, created_at)
  SELECT p.org_id, p.id, COALESCE(k.contact, (
    SELECT fb_contact_find_or_create(a.org_id, NULL, a.email,
                                     a.name, a.profile_picture)
    FROM admins a WHERE a.org_id = p.org_id AND a.id = k.admin)),
    p.created_at
  FROM p, k WHERE k.vote
  ON CONFLICT DO NOTHING)
SELECT id FROM p;

-- post_w_notify_admins (scoped; varchar, varchar, varchar, varchar, varchar) named (post_id, subject, body_html, body_text)
WITH m AS (SELECT $1::text AS org_id, $2::text AS post_id,
                  $3::text AS subject, $4::text AS body_html,
                  $5::text AS body_text)
INSERT INTO email_outbox (org_id, kind, recipient, subject,
  body_html, body_text, dedupe_key)
SELECT a.org_id, 'post.created.admin', a.email, m.subject,
  m.body_html, m.body_text,
  'post.created.admin/' || m.post_id || '/' || a.id
FROM m JOIN admins a ON a.org_id = m.org_id;
