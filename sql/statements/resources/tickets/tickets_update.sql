-- The statements of modules/resources/tickets/tickets_update.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- ticket_u_lock (scoped; varchar, varchar)
SELECT t.id, t.open, t.custom_fields::text,
  (SELECT b.custom_field_ids::text FROM ticket_categories b
   WHERE b.org_id = t.org_id AND b.id = t.category_id),
  t.linked_conversation_id,
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id)
FROM tickets t WHERE t.org_id = $1 AND t.number = $2::bigint
FOR UPDATE OF t;

-- ticket_u_update (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar)
WITH k AS (SELECT $1::text AS org_id, $2::text AS id)
UPDATE tickets t SET
  title = COALESCE($3, t.title),
  content = COALESCE($4, t.content),
  content_text = COALESCE($5, t.content_text),
  status_id = COALESCE($6, t.status_id),
  custom_fields = COALESCE($7::jsonb, t.custom_fields),
  open = COALESCE($8::boolean, t.open),
  assignee_id = CASE WHEN $9::boolean THEN $10
                ELSE t.assignee_id END,
  company_id = CASE WHEN $11::boolean THEN $12
               ELSE t.company_id END,
  snoozed_until = CASE WHEN $13::boolean THEN $14::timestamptz
                  ELSE t.snoozed_until END,
  updated_at = now()
FROM k WHERE t.org_id = k.org_id AND t.id = k.id;

-- ticket_u_delete (scoped; varchar, varchar)
DELETE FROM tickets WHERE org_id = $1 AND id = $2;

-- ticket_u_delete_conversation (scoped; varchar, varchar)
DELETE FROM conversations WHERE org_id = $1 AND id = $2;
