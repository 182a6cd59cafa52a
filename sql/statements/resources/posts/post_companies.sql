-- The statements of modules/resources/posts/post_companies.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- post_companies (scoped; varchar, varchar)
SELECT cc.contact_id,
  array_agg(co.company_id ORDER BY co.company_id)
FROM contact_companies cc JOIN companies co
  ON co.org_id = cc.org_id AND co.id = cc.company_id
WHERE cc.org_id = $1 AND cc.contact_id = ANY ($2::text[])
GROUP BY cc.contact_id;
