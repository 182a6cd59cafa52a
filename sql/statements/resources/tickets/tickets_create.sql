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

-- ticket_w_insert (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar)
INSERT INTO tickets (org_id, number, category_id, title, content,
  content_text, author_contact_id, author_admin_id, status_id,
  custom_fields, company_id, assignee_id, linked_conversation_id,
  created_at, updated_at)
VALUES ($1, fb_next_number($1, 'ticket'), $2, $3, $4, $5, $6, $7, $8,
  $9::jsonb, $10, $11, $12, COALESCE($13::timestamptz, now()),
  COALESCE($14::timestamptz, now()))
RETURNING number;
