-- The statements of modules/resources/conversations/conversation_redact.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- conversation_x_part (scoped; varchar, varchar, varchar)
SELECT id, author_kind IS NOT NULL, redacted FROM conversation_parts
WHERE org_id = $1 AND conversation_id = $2 AND id = $3 FOR UPDATE;

-- conversation_x_redact (scoped; varchar, varchar)
UPDATE conversation_parts SET body_html = NULL, body_markdown = NULL,
  redacted = true, updated_at = now()
WHERE org_id = $1 AND id = $2;
