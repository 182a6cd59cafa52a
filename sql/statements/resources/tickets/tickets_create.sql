-- The statements of modules/resources/tickets/tickets_create.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- ticket_w_category (scoped; varchar, varchar)
SELECT id, custom_field_ids::text FROM ticket_categories
WHERE org_id = $1 AND id = $2;

-- ticket_w_conversation (scoped; varchar, varchar)
SELECT id FROM conversations WHERE org_id = $1 AND id = $2
FOR KEY SHARE;

-- ticket_w_insert (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (category, title, content, content_text, contact, admin, status, custom_fields, company, assignee, conversation, created_at)
WITH k AS (SELECT $1::text AS org_id, $2::text AS category,
  $3::text AS title, $4::text AS content, $5::text AS content_text,
  $6::text AS contact, $7::text AS admin, $8::text AS status,
  $9::jsonb AS custom_fields, $10::text AS company,
  $11::text AS assignee, $12::text AS conversation,
  $13::timestamptz AS created_at)
INSERT INTO tickets (org_id, number, category_id, title, content,
  content_text, author_contact_id, author_admin_id, status_id,
  custom_fields, company_id, assignee_id, linked_conversation_id,
  created_at, updated_at)
SELECT k.org_id, fb_next_number(k.org_id, 'ticket'), k.category,
  k.title, k.content, k.content_text, k.contact, k.admin, k.status,
  k.custom_fields, k.company, k.assignee, k.conversation,
  COALESCE(k.created_at, now()), COALESCE(k.created_at, now())
FROM k
RETURNING number;
