-- The statements of modules/resources/tickets/ticket_checks.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- ticket_c_status (scoped; varchar, varchar, varchar)
SELECT id FROM ticket_statuses WHERE org_id = $1
AND (id = $2 OR ($3::text IS NULL AND is_default));

-- ticket_c_company (scoped; varchar, varchar)
SELECT id FROM companies WHERE org_id = $1 AND id = $2;
