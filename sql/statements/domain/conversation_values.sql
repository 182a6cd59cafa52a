-- The statements of modules/domain/conversation_values.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- conversation_values (scoped; varchar, varchar)
WITH k AS (SELECT $1::text AS org_id, $2::text[] AS ids)
SELECT cv.id, x.id, x.identifier, x.name, x.field_sub_type,
  x.options, e.value
FROM k
JOIN conversations cv ON cv.org_id = k.org_id AND cv.id = ANY (k.ids)
CROSS JOIN LATERAL jsonb_each(cv.custom_attributes - ARRAY(SELECT e
FROM jsonb_object_keys(cv.custom_attributes) e
WHERE NOT EXISTS (SELECT 1 FROM conversation_attributes ca
  WHERE ca.org_id = cv.org_id AND ca.id = e AND NOT ca.archived))) e
JOIN conversation_attributes x
  ON x.org_id = cv.org_id AND x.id = e.key
ORDER BY cv.id, x.created_at, x.id;
