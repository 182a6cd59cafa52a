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

-- ticket_u_update (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (id, title, content, content_text, status, custom_fields, open, assignee_given, assignee, company_given, company, snoozed_given, snoozed_until)
WITH k AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::text AS title, $4::text AS content, $5::text AS content_text,
  $6::text AS status, $7::jsonb AS custom_fields,
  $8::boolean AS open, $9::boolean AS assignee_given,
  $10::text AS assignee, $11::boolean AS company_given,
  $12::text AS company, $13::boolean AS snoozed_given,
  $14::timestamptz AS snoozed_until)
UPDATE tickets t SET
  title = COALESCE(k.title, t.title),
  content = COALESCE(k.content, t.content),
  content_text = COALESCE(k.content_text, t.content_text),
  status_id = COALESCE(k.status, t.status_id),
  custom_fields = COALESCE(k.custom_fields, t.custom_fields),
  open = COALESCE(k.open, t.open),
  assignee_id = CASE WHEN k.assignee_given THEN k.assignee
                ELSE t.assignee_id END,
  company_id = CASE WHEN k.company_given THEN k.company
               ELSE t.company_id END,
  snoozed_until = CASE WHEN k.snoozed_given THEN k.snoozed_until
                  ELSE t.snoozed_until END,
  updated_at = now()
FROM k WHERE t.org_id = k.org_id AND t.id = k.id;

-- ticket_u_delete (scoped; varchar, varchar)
DELETE FROM tickets WHERE org_id = $1 AND id = $2;

-- ticket_u_delete_conversation (scoped; varchar, varchar)
DELETE FROM conversations WHERE org_id = $1 AND id = $2;
