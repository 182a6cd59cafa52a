-- The statements of modules/resources/conversations/conversation_tags.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- conversation_t_tag (scoped; varchar, varchar)
SELECT id FROM conversation_tags WHERE org_id = $1 AND id = $2;

-- conversation_t_target (scoped; varchar, varchar)
SELECT id FROM conversation_parts WHERE org_id = $1
AND conversation_id = $2 AND author_kind IS NOT NULL
AND part_type <> 'admin_note' ORDER BY created_at DESC, n DESC
LIMIT 1;

-- conversation_t_apply (scoped; varchar, varchar, varchar, varchar, varchar) named (conv, tag, target, admin)
INSERT INTO conversation_tag_links AS n (org_id, conversation_id,
  tag_id, target_part_id, applied_by)
SELECT k.org_id, k.conv, k.tag, k.target,
  jsonb_build_object('type', 'admin', 'id', a.id, 'name', a.name)
FROM (SELECT $1::text AS org_id, $2::text AS conv, $3::text AS tag,
  $4::text AS target, $5::text AS admin) k
JOIN admins a ON a.org_id = k.org_id AND a.id = k.admin
ON CONFLICT DO NOTHING
RETURNING n.tag_id, (SELECT t.name FROM conversation_tags t
    WHERE t.org_id = n.org_id AND t.id = n.tag_id),
  n.target_part_id, n.applied_at AT TIME ZONE 'UTC', n.applied_by;

-- conversation_t_applied (scoped; varchar, varchar, varchar) named (conv, tag)
SELECT t.id, t.name, l.target_part_id,
  l.applied_at AT TIME ZONE 'UTC', l.applied_by, NULL, NULL, NULL
FROM (SELECT $1::text AS org_id, $2::text AS conv,
  $3::text AS tag) k
JOIN conversation_tag_links l ON l.org_id = k.org_id
  AND l.conversation_id = k.conv AND l.tag_id = k.tag
JOIN conversation_tags t ON t.org_id = l.org_id AND t.id = l.tag_id;

-- conversation_t_remove (scoped; varchar, varchar, varchar, varchar) named (conv, tag, admin)
DELETE FROM conversation_tag_links l
USING (SELECT $1::text AS org_id, $2::text AS conv, $3::text AS tag,
  $4::text AS admin) k, conversation_tags t, admins a
WHERE l.org_id = k.org_id AND l.conversation_id = k.conv
AND l.tag_id = k.tag AND t.org_id = k.org_id AND t.id = k.tag
AND a.org_id = k.org_id AND a.id = k.admin
RETURNING t.id, t.name, l.target_part_id,
  l.applied_at AT TIME ZONE 'UTC', l.applied_by,
  now() AT TIME ZONE 'UTC', a.id, a.name;
