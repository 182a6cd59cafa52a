-- The statements of modules/resources/people/companies.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- company_get (scoped; varchar, varchar)
SELECT
co.id,
co.company_id,
co.name,
co.monthly_spend,
co.industry,
co.website,
co.plan,
(SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id),
co.company_size,
fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC',
co.custom_fields,
co.created_at AT TIME ZONE 'UTC',
co.updated_at AT TIME ZONE 'UTC'
 FROM companies co
WHERE co.org_id = $1 AND co.id = $2;

-- company_list (scoped; varchar, varchar, varchar, integer) named (after_key, after_id, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id)
SELECT
co.id,
co.company_id,
co.name,
co.monthly_spend,
co.industry,
co.website,
co.plan,
(SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id),
co.company_size,
fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC',
co.custom_fields,
co.created_at AT TIME ZONE 'UTC',
co.updated_at AT TIME ZONE 'UTC', fb_ts_key(co.created_at), co.id
FROM companies co, k WHERE co.org_id = k.org_id
ORDER BY co.created_at DESC, co.id DESC LIMIT $4;

-- company_list_after (scoped; varchar, varchar, varchar, integer) named (after_key, after_id, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id)
SELECT
co.id,
co.company_id,
co.name,
co.monthly_spend,
co.industry,
co.website,
co.plan,
(SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id),
co.company_size,
fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC',
co.custom_fields,
co.created_at AT TIME ZONE 'UTC',
co.updated_at AT TIME ZONE 'UTC', fb_ts_key(co.created_at), co.id
FROM companies co, k WHERE co.org_id = k.org_id
AND (co.created_at, co.id)
  < (fb_ts_from_key(k.after_key), k.after_id)
ORDER BY co.created_at DESC, co.id DESC LIMIT $4;

-- company_find (scoped; varchar, varchar)
SELECT id FROM companies WHERE org_id = $1 AND id = $2;

-- company_find_shared (scoped; varchar, varchar)
SELECT id FROM companies WHERE org_id = $1 AND id = $2 FOR SHARE;

-- company_upsert (scoped; varchar, varchar, varchar) named (company_id, body)
SELECT u.company_id, u.created
FROM (SELECT $1::text AS org_id, $2::text AS company_id,
  $3::jsonb AS body) k,
  fb_company_upsert(k.org_id, k.company_id, k.body) u;

-- company_delete (scoped; varchar, varchar)
DELETE FROM companies WHERE org_id = $1 AND id = $2 RETURNING id;

-- company_delete_external (scoped; varchar, varchar)
DELETE FROM companies WHERE org_id = $1 AND company_id = $2
RETURNING id;

-- company_contacts (scoped; varchar, varchar, varchar, varchar, integer) named (after_key, after_id, company, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS company)
SELECT
c.id,
c.user_id,
c.org_id,
ARRAY(SELECT ARRAY[co.id, (co.company_id)::text, (co.name)::text, (co.monthly_spend)::text, (co.industry)::text, (co.website)::text, (co.plan)::text, ((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::text, (co.company_size)::text, (fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC')::text, (co.custom_fields)::text, (co.created_at AT TIME ZONE 'UTC')::text, (co.updated_at AT TIME ZONE 'UTC')::text]
FROM contact_companies cc JOIN companies co
  ON co.org_id = cc.org_id AND co.id = cc.company_id
WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
ORDER BY co.company_id),
c.email,
c.name,
c.profile_picture,
c.comments_created,
c.posts_created,
c.last_activity AT TIME ZONE 'UTC',
c.subscribed_to_changelog,
c.manually_opted_out_from_changelog,
to_json(c.roles),
c.locale,
c.verified,
c.type,
c.description,
c.custom_fields,
c.is_blocked,
c.phone,
c.id, c.id
 FROM contact_companies l
JOIN contacts c ON c.org_id = l.org_id AND c.id = l.contact_id, k
WHERE l.org_id = k.org_id AND l.company_id = k.company
AND c.type = 'customer'
ORDER BY l.contact_id DESC LIMIT $5;

-- company_contacts_after (scoped; varchar, varchar, varchar, varchar, integer) named (after_key, after_id, company, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS company)
SELECT
c.id,
c.user_id,
c.org_id,
ARRAY(SELECT ARRAY[co.id, (co.company_id)::text, (co.name)::text, (co.monthly_spend)::text, (co.industry)::text, (co.website)::text, (co.plan)::text, ((SELECT count(*) FROM contact_companies l
 WHERE l.org_id = co.org_id AND l.company_id = co.id))::text, (co.company_size)::text, (fb_company_last_activity(co.org_id, co.id,
co.last_activity) AT TIME ZONE 'UTC')::text, (co.custom_fields)::text, (co.created_at AT TIME ZONE 'UTC')::text, (co.updated_at AT TIME ZONE 'UTC')::text]
FROM contact_companies cc JOIN companies co
  ON co.org_id = cc.org_id AND co.id = cc.company_id
WHERE cc.org_id = c.org_id AND cc.contact_id = c.id
ORDER BY co.company_id),
c.email,
c.name,
c.profile_picture,
c.comments_created,
c.posts_created,
c.last_activity AT TIME ZONE 'UTC',
c.subscribed_to_changelog,
c.manually_opted_out_from_changelog,
to_json(c.roles),
c.locale,
c.verified,
c.type,
c.description,
c.custom_fields,
c.is_blocked,
c.phone,
c.id, c.id
 FROM contact_companies l
JOIN contacts c ON c.org_id = l.org_id AND c.id = l.contact_id, k
WHERE l.org_id = k.org_id AND l.company_id = k.company
AND c.type = 'customer'
AND l.contact_id < k.after_key AND c.id < k.after_id
ORDER BY l.contact_id DESC LIMIT $5;

-- company_contact_find (scoped; varchar, varchar)
SELECT id FROM contacts WHERE org_id = $1 AND id = $2 FOR SHARE;

-- company_link (scoped; varchar, varchar, varchar) named (contact, company)
INSERT INTO contact_companies (org_id, contact_id, company_id)
SELECT k.org_id, k.contact, k.company FROM
(SELECT $1::text AS org_id, $2::text AS contact,
  $3::text AS company) k
ON CONFLICT DO NOTHING;

-- company_unlink (scoped; varchar, varchar, varchar) named (contact, company)
DELETE FROM contact_companies l USING
(SELECT $1::text AS org_id, $2::text AS contact,
  $3::text AS company) k
WHERE l.org_id = k.org_id AND l.contact_id = k.contact
  AND l.company_id = k.company
RETURNING l.contact_id;
