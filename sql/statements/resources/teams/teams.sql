-- The statements of modules/resources/teams/teams.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- team_get (scoped; varchar, varchar)
SELECT
t.id, t.name, t.color, t.icon,
ARRAY(SELECT m.admin_id FROM team_members m
      WHERE m.org_id = t.org_id AND m.team_id = t.id
      ORDER BY m.added_at, m.admin_id)
 FROM teams t
WHERE t.org_id = $1 AND t.id = $2;

-- team_list (scoped; varchar)
SELECT
t.id, t.name, t.color, t.icon,
ARRAY(SELECT m.admin_id FROM team_members m
      WHERE m.org_id = t.org_id AND m.team_id = t.id
      ORDER BY m.added_at, m.admin_id)
 FROM teams t WHERE t.org_id = $1
ORDER BY t.created_at DESC, t.id DESC;

-- team_insert (scoped; varchar, varchar)
WITH a AS (SELECT $1::text AS org_id, $2::jsonb AS b),
t AS (INSERT INTO teams (org_id, name, color, icon)
  SELECT a.org_id, a.b ->> 'name',
    coalesce(a.b ->> 'color', '#6B7280'), a.b -> 'icon' FROM a
  RETURNING org_id, id),
m AS (INSERT INTO team_members (org_id, team_id, admin_id, added_at)
  SELECT t.org_id, t.id, mm.m,
    now() + mm.n * interval '1 microsecond'
  FROM t, a,
LATERAL (SELECT m, min(n) AS n FROM jsonb_array_elements_text(
   a.b -> 'members') WITH ORDINALITY AS e(m, n) GROUP BY m) mm
)
SELECT id FROM t;

-- team_update (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
,
t AS (UPDATE teams x SET
  name = coalesce(a.b ->> 'name', x.name),
  color = coalesce(a.b ->> 'color', x.color),
  icon = CASE WHEN a.b ? 'icon' THEN nullif(a.b -> 'icon', 'null')
    ELSE x.icon END,
  updated_at = now()
  FROM a WHERE x.org_id = a.org_id AND x.id = a.id
  RETURNING x.org_id, x.id),
gone AS (DELETE FROM team_members d USING a
  WHERE d.org_id = a.org_id AND d.team_id = a.id
  AND a.b ? 'members'
  AND NOT d.admin_id = ANY (fb_text_array(a.b -> 'members')))
INSERT INTO team_members (org_id, team_id, admin_id, added_at)
SELECT t.org_id, t.id, mm.m,
  now() + mm.n * interval '1 microsecond'
FROM t, a,
LATERAL (SELECT m, min(n) AS n FROM jsonb_array_elements_text(
   a.b -> 'members') WITH ORDINALITY AS e(m, n) GROUP BY m) mm
WHERE a.b ? 'members' ON CONFLICT DO NOTHING;

-- team_refs (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
SELECT 'members', 'unknown_admin', m
FROM a, jsonb_array_elements_text(coalesce(a.b -> 'members',
                                           '[]')) m
WHERE NOT EXISTS (SELECT 1 FROM admins x
  WHERE x.org_id = a.org_id AND x.id = m) LIMIT 1;

-- team_in_use (scoped; varchar, varchar)
SELECT 'assigned', count(*) FROM conversations
WHERE org_id = $1 AND team_assignee_id = $2 HAVING count(*) > 0;

-- team_lock (scoped; varchar, varchar)
SELECT id FROM
teams
 WHERE org_id = $1 AND id = $2
FOR UPDATE;

-- team_lock_change (scoped; varchar, varchar)
SELECT id FROM
teams
 WHERE org_id = $1 AND id = $2
FOR NO KEY UPDATE;

-- team_remove (scoped; varchar, varchar)
DELETE FROM
teams
 WHERE org_id = $1 AND id = $2;
