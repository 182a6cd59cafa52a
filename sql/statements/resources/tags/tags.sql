-- The statements of modules/resources/tags/tags.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- tag_get (scoped; varchar, varchar)
SELECT t.id, t.name FROM conversation_tags t
WHERE t.org_id = $1 AND t.id = $2;

-- tag_list (scoped; varchar)
SELECT t.id, t.name FROM conversation_tags t WHERE t.org_id = $1
ORDER BY t.created_at DESC, t.id DESC;

-- tag_upsert (scoped; varchar, varchar)
WITH k AS (SELECT $1::text AS org_id, $2::text AS name),
found AS (SELECT t.id FROM conversation_tags t, k
  WHERE t.org_id = k.org_id AND lower(t.name) = lower(k.name)),
made AS (INSERT INTO conversation_tags (org_id, name)
  SELECT org_id, name FROM k WHERE NOT EXISTS (SELECT 1 FROM found)
  ON CONFLICT DO NOTHING RETURNING id)
SELECT id FROM found UNION ALL SELECT id FROM made;

-- tag_by_name (scoped; varchar, varchar)
SELECT id FROM conversation_tags
WHERE org_id = $1 AND lower(name) = lower($2);

-- tag_name_lock (scoped; varchar, varchar)
SELECT pg_advisory_xact_lock(hashtextextended('conversation_tags:' || $1 || ' ' || lower($2), 0));

-- tag_find_locked (scoped; varchar, varchar)
SELECT id FROM conversation_tags WHERE org_id = $1 AND id = $2
FOR UPDATE;

-- tag_rename (scoped; varchar, varchar, varchar) named (id, name)
UPDATE conversation_tags t SET name = k.name, updated_at = now()
FROM (SELECT $1::text AS org_id, $2::text AS id, $3::text AS name) k
WHERE t.org_id = k.org_id AND t.id = k.id;

-- tag_admin (scoped; varchar, varchar)
SELECT id FROM admins WHERE org_id = $1 AND id = $2;

-- tag_delete (scoped; varchar, varchar)
DELETE FROM conversation_tags WHERE org_id = $1 AND id = $2;
