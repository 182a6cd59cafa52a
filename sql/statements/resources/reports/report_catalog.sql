-- The statements of modules/resources/reports/report_catalog.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- report_custom_attributes (scoped; varchar)
SELECT 'conversation' AS scope, a.identifier, lower(a.id), a.name,
  a.field_sub_type, a.options::text, a.created_at, a.id
FROM conversation_attributes a
WHERE a.org_id = $1 AND NOT a.archived
UNION ALL
SELECT 'ticket', f.id, f.id, f.label, f.type, f.options::text,
  f.created_at, f.id
FROM custom_fields f
WHERE f.org_id = $1 AND f.scope = 'ticket' AND f.type <> 'file'
ORDER BY 1, 7, 8;
