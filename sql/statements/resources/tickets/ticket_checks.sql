-- The statements of modules/resources/tickets/ticket_checks.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- ticket_c_status (scoped; varchar, varchar)
WITH k AS (SELECT $1::text AS org_id, $2::text AS status)
SELECT s.id FROM ticket_statuses s, k WHERE s.org_id = k.org_id
AND (s.id = k.status OR (k.status IS NULL AND s.is_default));

-- ticket_c_company (scoped; varchar, varchar)
SELECT id FROM companies WHERE org_id = $1 AND id = $2;
