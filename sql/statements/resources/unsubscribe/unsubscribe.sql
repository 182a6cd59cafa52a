-- The statements of modules/resources/unsubscribe/unsubscribe.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- unsubscribe (scoped; varchar, varchar, varchar) named (email, list)
SELECT CASE WHEN k.list = 'changelog'
  THEN fb_subscribers_remove(k.org_id, ARRAY[k.email])
  ELSE (SELECT count(*)::integer FROM fb_unsubscribe_preference(
          k.org_id, k.email, k.list)) END
FROM (SELECT $1::text AS org_id, $2::text AS email,
             $3::text AS list) k;
