-- The statements of modules/resources/posts/post_statuses.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- post_status_get (scoped; varchar, varchar)
SELECT
's',
s.id,
s.name,
s.color,
s.type,
s.is_default
 FROM post_statuses s
WHERE s.org_id = $1 AND s.id = $2;

-- post_status_list (scoped; varchar)
SELECT
's',
s.id,
s.name,
s.color,
s.type,
s.is_default
 FROM post_statuses s
WHERE s.org_id = $1 ORDER BY s.created_at DESC, s.id DESC;

-- post_status_insert (scoped; varchar, varchar)
WITH a AS (SELECT $1::text AS org_id, $2::jsonb AS b)
INSERT INTO
post_statuses
 (org_id, name, color, type, is_default)
SELECT a.org_id, a.b ->> 'name', coalesce(a.b ->> 'color', 'Gray'),
  a.b ->> 'type', coalesce((a.b ->> 'isDefault')::boolean, false)
FROM a RETURNING id;

-- post_status_update (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
UPDATE
post_statuses
 x SET
  name = coalesce(a.b ->> 'name', x.name),
  color = coalesce(a.b ->> 'color', x.color),
  type = coalesce(a.b ->> 'type', x.type),
  is_default = coalesce((a.b ->> 'isDefault')::boolean,
    x.is_default),
  updated_at = now()
FROM a WHERE x.org_id = a.org_id AND x.id = a.id;

-- post_status_conflicts (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
SELECT 'default_kept', NULL FROM a JOIN
post_statuses
 x
  ON x.org_id = a.org_id AND x.id = a.id
WHERE x.is_default AND a.b -> 'isDefault' = 'false';

-- post_status_demote (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
UPDATE
post_statuses
 x SET is_default = false, updated_at = now()
FROM a WHERE x.org_id = a.org_id AND x.is_default
AND x.id IS DISTINCT FROM a.id
AND a.b -> 'isDefault' = 'true';

-- post_status_in_use (scoped; varchar, varchar)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id)
SELECT 'default_removed', NULL FROM
post_statuses
 x JOIN a
  ON x.org_id = a.org_id AND x.id = a.id WHERE x.is_default;

-- post_status_move (scoped; varchar, varchar)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id),
old AS (SELECT s.* FROM post_statuses s, a
  WHERE s.org_id = a.org_id AND s.id = a.id),
d AS (SELECT s.* FROM post_statuses s, a
  WHERE s.org_id = a.org_id AND s.is_default),
moved AS (UPDATE posts x SET status_id = d.id, updated_at = now()
  FROM a, d WHERE x.org_id = a.org_id AND x.status_id = a.id
  RETURNING x.*)
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
's',
was.id,
was.name,
was.color,
was.type,
was.is_default,
's',
now.id,
now.name,
now.color,
now.type,
now.is_default
 AS sort_key
 FROM
moved
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
, old was, d now
ORDER BY p.created_at, p.id;

-- post_status_serialize (scoped; varchar)
SELECT o.id FROM organizations o WHERE o.id = $1 FOR NO KEY UPDATE;

-- post_status_lock (scoped; varchar, varchar)
SELECT id FROM
post_statuses
 WHERE org_id = $1 AND id = $2
FOR UPDATE;

-- post_status_lock_change (scoped; varchar, varchar)
SELECT id FROM
post_statuses
 WHERE org_id = $1 AND id = $2
FOR NO KEY UPDATE;

-- post_status_remove (scoped; varchar, varchar)
DELETE FROM
post_statuses
 WHERE org_id = $1 AND id = $2;
