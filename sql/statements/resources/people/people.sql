-- The statements of modules/resources/people/people.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- people_admin (scoped; varchar, varchar)
SELECT id FROM admins WHERE org_id = $1 AND id = $2;

-- people_find (scoped; varchar, varchar, varchar, varchar) named (id, user_id, email)
SELECT
(SELECT c.id FROM contacts c
  WHERE c.org_id =
k.org_id
 AND c.id =
k.id
 FOR KEY SHARE),
(SELECT a.id FROM admins a
  WHERE a.org_id =
k.org_id
 AND a.id =
k.id),
(SELECT c.id FROM contacts c
  WHERE c.org_id =
k.org_id
 AND c.user_id =
k.user_id
 FOR KEY SHARE),
(SELECT c.id FROM contacts c
  WHERE c.org_id =
k.org_id
 AND c.email IS NOT NULL
    AND lower(c.email) = lower(k.email)
  ORDER BY c.type = 'customer' DESC, c.created_at, c.id LIMIT 1
 FOR KEY SHARE)
FROM (SELECT $1::text AS org_id, $2::text AS id,
             $3::text AS user_id, $4::text AS email OFFSET 0) k;

-- people_admin_contact (scoped; varchar, varchar)
SELECT fb_contact_find_or_create(a.org_id, NULL, a.email, a.name,
                                 a.profile_picture)
FROM admins a WHERE a.org_id = $1 AND a.id = $2;

-- people_contact_create (scoped; varchar, varchar, varchar, varchar, varchar) named (user_id, email, name, picture)
SELECT fb_contact_find_or_create(k.org_id, k.user_id, k.email,
  k.name, k.picture)
FROM (SELECT $1::text AS org_id, $2::text AS user_id,
  $3::text AS email, $4::text AS name, $5::text AS picture) k;
