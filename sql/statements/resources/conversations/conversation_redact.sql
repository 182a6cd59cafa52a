-- The statements of modules/resources/conversations/conversation_redact.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- conversation_x_part (scoped; varchar, varchar, varchar) named (conversation, part)
SELECT p.id, p.author_kind IS NOT NULL, p.redacted
FROM (SELECT $1::text AS org_id, $2::text AS conversation,
  $3::text AS part) k
JOIN conversation_parts p ON p.org_id = k.org_id
  AND p.conversation_id = k.conversation AND p.id = k.part
FOR UPDATE OF p;

-- conversation_x_redact (scoped; varchar, varchar)
UPDATE conversation_parts SET body_html = NULL, body_markdown = NULL,
  redacted = true, updated_at = now()
WHERE org_id = $1 AND id = $2;
