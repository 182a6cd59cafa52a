-- The statements of modules/resources/custom_fields/field_values.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- field_values_defs (scoped; varchar, varchar)
SELECT id, type, required, options::text, allow_multiple
FROM custom_fields WHERE org_id = $1 AND scope = $2;
