-- The statements of modules/http/fb_precondition.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- precondition_lock (scoped; varchar, varchar)
SELECT pg_advisory_xact_lock(hashtextextended($1 || ' ' || $2, 0));
