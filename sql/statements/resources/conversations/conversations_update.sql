-- The statements of modules/resources/conversations/conversations_update.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- conversation_u_lock (scoped; varchar, varchar)
SELECT state FROM conversations WHERE org_id = $1 AND id = $2
FOR UPDATE;

-- conversation_u_team (scoped; varchar, varchar)
SELECT id FROM teams WHERE org_id = $1 AND id = $2;

-- conversation_u_fields (scoped; varchar, varchar, varchar, varchar, varchar, varchar) named (id, title_given, title, attributes, disable)
UPDATE conversations c SET
  title = CASE WHEN k.title_given THEN k.title ELSE c.title END,
  custom_attributes = CASE WHEN k.attributes IS NULL
    THEN c.custom_attributes
    ELSE jsonb_strip_nulls(c.custom_attributes || k.attributes) END,
  disable_customer_reply = coalesce(k.disable,
    c.disable_customer_reply),
  updated_at = now()
FROM (SELECT $1::text AS org_id, $2::text AS id,
  $3::boolean AS title_given, $4::text AS title,
  $5::jsonb AS attributes, $6::boolean AS disable) k
WHERE c.org_id = k.org_id AND c.id = k.id;

-- conversation_u_assign (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (id, admin_given, admin, team_given, team, by)
WITH k AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::boolean AS admin_given, $4::text AS admin,
  $5::boolean AS team_given, $6::text AS team, $7::text AS by),
old AS (SELECT c.admin_assignee_id, c.team_assignee_id
  FROM conversations c, k WHERE c.org_id = k.org_id
  AND c.id = k.id)
UPDATE conversations c SET
  admin_assignee_id = CASE WHEN k.admin_given THEN k.admin
    ELSE c.admin_assignee_id END,
  team_assignee_id = CASE WHEN k.team_given THEN k.team
    ELSE c.team_assignee_id END, updated_at = now()
FROM k, old WHERE c.org_id = k.org_id AND c.id = k.id
AND (old.admin_assignee_id, old.team_assignee_id) IS DISTINCT FROM
  (CASE WHEN k.admin_given THEN k.admin
     ELSE old.admin_assignee_id END,
   CASE WHEN k.team_given THEN k.team
     ELSE old.team_assignee_id END)
RETURNING jsonb_build_object('adminAssigneeId', c.admin_assignee_id,
  'adminAssignerId', k.by,
  'teamAssigneeId', c.team_assignee_id)::text;

-- conversation_u_priority (scoped; varchar, varchar, varchar) named (id, priority)
UPDATE conversations c SET priority = k.priority,
  priority_set_at = CASE WHEN k.priority THEN now() END,
  updated_at = now()
FROM (SELECT $1::text AS org_id, $2::text AS id,
  $3::boolean AS priority) k
WHERE c.org_id = k.org_id AND c.id = k.id
AND c.priority <> k.priority
RETURNING jsonb_build_object('isPriority', k.priority)::text;

-- conversation_u_read (scoped; varchar, varchar, varchar, varchar, varchar, varchar) named (id, all_admins, admins, all_contacts, contacts)
WITH k AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::boolean AS all_admins, $4::text[] AS admins,
  $5::boolean AS all_contacts, $6::text[] AS contacts),
newest AS (SELECT pt.id FROM conversation_parts pt, k
  WHERE pt.org_id = k.org_id AND pt.conversation_id = k.id
  ORDER BY pt.created_at DESC, pt.n DESC LIMIT 1)
UPDATE conversation_participants cp SET last_read_part_id = newest.id
FROM k, newest WHERE cp.org_id = k.org_id
AND cp.conversation_id = k.id AND cp.last_read_part_id IS NOT NULL
AND cp.last_read_part_id <> newest.id
AND CASE cp.kind WHEN 'admin'
  THEN k.all_admins OR cp.user_id = ANY (k.admins)
  ELSE k.all_contacts OR cp.user_id = ANY (k.contacts) END;
