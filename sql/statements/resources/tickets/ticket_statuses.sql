-- The statements of modules/resources/tickets/ticket_statuses.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- ticket_status_get (scoped; varchar, varchar)
SELECT
's',
s.id,
s.name,
s.color,
s.type,
s.is_default
 FROM ticket_statuses s
WHERE s.org_id = $1 AND s.id = $2;

-- ticket_status_list (scoped; varchar)
SELECT
's',
s.id,
s.name,
s.color,
s.type,
s.is_default
 FROM ticket_statuses s
WHERE s.org_id = $1 ORDER BY s.created_at DESC, s.id DESC;

-- ticket_status_insert (scoped; varchar, varchar)
WITH a AS (SELECT $1::text AS org_id, $2::jsonb AS b)
INSERT INTO
ticket_statuses
 (org_id, name, color, type, is_default)
SELECT a.org_id, a.b ->> 'name', coalesce(a.b ->> 'color', 'Gray'),
  a.b ->> 'type', coalesce((a.b ->> 'isDefault')::boolean, false)
FROM a RETURNING id;

-- ticket_status_update (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
UPDATE
ticket_statuses
 x SET
  name = coalesce(a.b ->> 'name', x.name),
  color = coalesce(a.b ->> 'color', x.color),
  type = coalesce(a.b ->> 'type', x.type),
  is_default = coalesce((a.b ->> 'isDefault')::boolean,
    x.is_default),
  updated_at = now()
FROM a WHERE x.org_id = a.org_id AND x.id = a.id;

-- ticket_status_conflicts (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
SELECT 'default_kept', NULL FROM a JOIN
ticket_statuses
 x
  ON x.org_id = a.org_id AND x.id = a.id
WHERE x.is_default AND a.b -> 'isDefault' = 'false';

-- ticket_status_demote (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
UPDATE
ticket_statuses
 x SET is_default = false, updated_at = now()
FROM a WHERE x.org_id = a.org_id AND x.is_default
AND x.id IS DISTINCT FROM a.id
AND a.b -> 'isDefault' = 'true';

-- ticket_status_in_use (scoped; varchar, varchar)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id)
SELECT 'default_removed', NULL FROM
ticket_statuses
 x JOIN a
  ON x.org_id = a.org_id AND x.id = a.id WHERE x.is_default;

-- ticket_status_move (scoped; varchar, varchar)
WITH a AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS id),
old AS (SELECT s.* FROM ticket_statuses s, a
  WHERE s.org_id = a.org_id AND s.id = a.id),
d AS (SELECT s.* FROM ticket_statuses s, a
  WHERE s.org_id = a.org_id AND s.is_default),
moved AS (UPDATE tickets x SET status_id = d.id, updated_at = now()
  FROM a, d WHERE x.org_id = a.org_id AND x.status_id = a.id
  RETURNING x.*)
SELECT
t.id,
t.number,
t.title,
t.content,
t.category_id,
b.category_type,
o.portal_url,
t.author_contact_id,
t.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
's',
s.id,
s.name,
s.color,
s.type,
s.is_default,
t.custom_fields,
t.company_id,
t.assignee_id,
t.open,
t.snoozed_until AT TIME ZONE 'UTC',
t.linked_conversation_id,
t.created_at AT TIME ZONE 'UTC',
t.updated_at AT TIME ZONE 'UTC',
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
 t
JOIN organizations o ON o.id = t.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
t.org_id AND
c.id =
t.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
t.org_id
AND
a.id =
t.author_admin_id
LEFT JOIN ticket_categories b
  ON b.org_id = t.org_id AND b.id = t.category_id
LEFT JOIN ticket_statuses s
  ON s.org_id = t.org_id AND s.id = t.status_id
, old was, d now
ORDER BY t.created_at, t.id;

-- ticket_status_serialize (scoped; varchar)
SELECT pg_advisory_xact_lock(hashtextextended('manage:ticket_status:' || $1, 0));

-- ticket_status_lock (scoped; varchar, varchar)
SELECT id FROM
ticket_statuses
 WHERE org_id = $1 AND id = $2
FOR UPDATE;

-- ticket_status_lock_change (scoped; varchar, varchar)
SELECT id FROM
ticket_statuses
 WHERE org_id = $1 AND id = $2
FOR NO KEY UPDATE;

-- ticket_status_remove (scoped; varchar, varchar)
DELETE FROM
ticket_statuses
 WHERE org_id = $1 AND id = $2;
