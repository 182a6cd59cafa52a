-- The statements of modules/resources/people/companies.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- company_get (scoped; varchar, varchar)
SELECT
json_build_object('object', 'company', 'id', co.id, 'companyId', co.company_id,
'name', co.name, 'monthlySpend', co.monthly_spend,
'industry', co.industry, 'website', co.website, 'plan', co.plan,
'linkedUsers', (SELECT count(*) FROM contact_companies l
                WHERE l.org_id = co.org_id AND l.company_id = co.id),
'companySize', co.company_size,
'lastActivity', fb_iso(fb_company_last_activity(co.org_id, co.id,
                                                co.last_activity)),
'customFields', co.custom_fields,
'createdAt', fb_iso(co.created_at), 'updatedAt', fb_iso(co.updated_at))
 FROM companies co
WHERE co.org_id = $1 AND co.id = $2;

-- company_list (scoped; varchar, integer)
SELECT
json_build_object('object', 'company', 'id', co.id, 'companyId', co.company_id,
'name', co.name, 'monthlySpend', co.monthly_spend,
'industry', co.industry, 'website', co.website, 'plan', co.plan,
'linkedUsers', (SELECT count(*) FROM contact_companies l
                WHERE l.org_id = co.org_id AND l.company_id = co.id),
'companySize', co.company_size,
'lastActivity', fb_iso(fb_company_last_activity(co.org_id, co.id,
                                                co.last_activity)),
'customFields', co.custom_fields,
'createdAt', fb_iso(co.created_at), 'updatedAt', fb_iso(co.updated_at)), fb_ts_key(co.created_at), co.id
FROM companies co WHERE co.org_id = $1
ORDER BY co.created_at DESC, co.id DESC LIMIT $2;

-- company_list_after (scoped; varchar, varchar, varchar, integer)
SELECT
json_build_object('object', 'company', 'id', co.id, 'companyId', co.company_id,
'name', co.name, 'monthlySpend', co.monthly_spend,
'industry', co.industry, 'website', co.website, 'plan', co.plan,
'linkedUsers', (SELECT count(*) FROM contact_companies l
                WHERE l.org_id = co.org_id AND l.company_id = co.id),
'companySize', co.company_size,
'lastActivity', fb_iso(fb_company_last_activity(co.org_id, co.id,
                                                co.last_activity)),
'customFields', co.custom_fields,
'createdAt', fb_iso(co.created_at), 'updatedAt', fb_iso(co.updated_at)), fb_ts_key(co.created_at), co.id
FROM companies co WHERE co.org_id = $1
AND (co.created_at, co.id) < (fb_ts_from_key($2), $3)
ORDER BY co.created_at DESC, co.id DESC LIMIT $4;

-- company_find (scoped; varchar, varchar)
SELECT id FROM companies WHERE org_id = $1 AND id = $2;

-- company_find_shared (scoped; varchar, varchar)
SELECT id FROM companies WHERE org_id = $1 AND id = $2 FOR SHARE;

-- company_upsert (scoped; varchar, varchar, varchar)
SELECT company_id, created FROM fb_company_upsert($1, $2, $3::jsonb);

-- company_delete (scoped; varchar, varchar)
DELETE FROM companies WHERE org_id = $1 AND id = $2 RETURNING id;

-- company_delete_external (scoped; varchar, varchar)
DELETE FROM companies WHERE org_id = $1 AND company_id = $2
RETURNING id;

-- company_contacts (scoped; varchar, varchar, integer)
SELECT
CASE WHEN
c.user_id
 IS NULL THEN
json_build_object('object', 'contact', 'id', c.id,
'organizationId', c.org_id,
'companies', COALESCE((SELECT json_agg(json_build_object('object', 'company', 'id', co.id, 'companyId', co.company_id,
'name', co.name, 'monthlySpend', co.monthly_spend,
'industry', co.industry, 'website', co.website, 'plan', co.plan,
'linkedUsers', (SELECT count(*) FROM contact_companies l
                WHERE l.org_id = co.org_id AND l.company_id = co.id),
'companySize', co.company_size,
'lastActivity', fb_iso(fb_company_last_activity(co.org_id, co.id,
                                                co.last_activity)),
'customFields', co.custom_fields,
'createdAt', fb_iso(co.created_at), 'updatedAt', fb_iso(co.updated_at))
                                       ORDER BY co.company_id)
  FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id), '[]'::json),
'email', c.email, 'name', c.name,
'profilePicture', c.profile_picture,
'commentsCreated', c.comments_created,
'postsCreated', c.posts_created,
'lastActivity', fb_iso(c.last_activity),
'subscribedToChangelog', c.subscribed_to_changelog,
'manuallyOptedOutFromChangelog',
  c.manually_opted_out_from_changelog,
'roles', to_json(c.roles), 'locale', c.locale,
'verified', c.verified, 'type', c.type,
'description', c.description, 'customFields', c.custom_fields,
'isBlocked', c.is_blocked, 'phone', c.phone)
 ELSE
json_build_object('object', 'contact', 'id', c.id,
'userId',
c.user_id,
'organizationId', c.org_id,
'companies', COALESCE((SELECT json_agg(json_build_object('object', 'company', 'id', co.id, 'companyId', co.company_id,
'name', co.name, 'monthlySpend', co.monthly_spend,
'industry', co.industry, 'website', co.website, 'plan', co.plan,
'linkedUsers', (SELECT count(*) FROM contact_companies l
                WHERE l.org_id = co.org_id AND l.company_id = co.id),
'companySize', co.company_size,
'lastActivity', fb_iso(fb_company_last_activity(co.org_id, co.id,
                                                co.last_activity)),
'customFields', co.custom_fields,
'createdAt', fb_iso(co.created_at), 'updatedAt', fb_iso(co.updated_at))
                                       ORDER BY co.company_id)
  FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id), '[]'::json),
'email', c.email, 'name', c.name,
'profilePicture', c.profile_picture,
'commentsCreated', c.comments_created,
'postsCreated', c.posts_created,
'lastActivity', fb_iso(c.last_activity),
'subscribedToChangelog', c.subscribed_to_changelog,
'manuallyOptedOutFromChangelog',
  c.manually_opted_out_from_changelog,
'roles', to_json(c.roles), 'locale', c.locale,
'verified', c.verified, 'type', c.type,
'description', c.description, 'customFields', c.custom_fields,
'isBlocked', c.is_blocked, 'phone', c.phone)
 END, c.id, c.id FROM contact_companies l
JOIN contacts c ON c.org_id = l.org_id AND c.id = l.contact_id
WHERE l.org_id = $1 AND l.company_id = $2 AND c.type = 'customer'
ORDER BY l.contact_id DESC LIMIT $3;

-- company_contacts_after (scoped; varchar, varchar, varchar, varchar, integer)
SELECT
CASE WHEN
c.user_id
 IS NULL THEN
json_build_object('object', 'contact', 'id', c.id,
'organizationId', c.org_id,
'companies', COALESCE((SELECT json_agg(json_build_object('object', 'company', 'id', co.id, 'companyId', co.company_id,
'name', co.name, 'monthlySpend', co.monthly_spend,
'industry', co.industry, 'website', co.website, 'plan', co.plan,
'linkedUsers', (SELECT count(*) FROM contact_companies l
                WHERE l.org_id = co.org_id AND l.company_id = co.id),
'companySize', co.company_size,
'lastActivity', fb_iso(fb_company_last_activity(co.org_id, co.id,
                                                co.last_activity)),
'customFields', co.custom_fields,
'createdAt', fb_iso(co.created_at), 'updatedAt', fb_iso(co.updated_at))
                                       ORDER BY co.company_id)
  FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id), '[]'::json),
'email', c.email, 'name', c.name,
'profilePicture', c.profile_picture,
'commentsCreated', c.comments_created,
'postsCreated', c.posts_created,
'lastActivity', fb_iso(c.last_activity),
'subscribedToChangelog', c.subscribed_to_changelog,
'manuallyOptedOutFromChangelog',
  c.manually_opted_out_from_changelog,
'roles', to_json(c.roles), 'locale', c.locale,
'verified', c.verified, 'type', c.type,
'description', c.description, 'customFields', c.custom_fields,
'isBlocked', c.is_blocked, 'phone', c.phone)
 ELSE
json_build_object('object', 'contact', 'id', c.id,
'userId',
c.user_id,
'organizationId', c.org_id,
'companies', COALESCE((SELECT json_agg(json_build_object('object', 'company', 'id', co.id, 'companyId', co.company_id,
'name', co.name, 'monthlySpend', co.monthly_spend,
'industry', co.industry, 'website', co.website, 'plan', co.plan,
'linkedUsers', (SELECT count(*) FROM contact_companies l
                WHERE l.org_id = co.org_id AND l.company_id = co.id),
'companySize', co.company_size,
'lastActivity', fb_iso(fb_company_last_activity(co.org_id, co.id,
                                                co.last_activity)),
'customFields', co.custom_fields,
'createdAt', fb_iso(co.created_at), 'updatedAt', fb_iso(co.updated_at))
                                       ORDER BY co.company_id)
  FROM contact_companies cc JOIN companies co
    ON co.org_id = cc.org_id AND co.id = cc.company_id
  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id), '[]'::json),
'email', c.email, 'name', c.name,
'profilePicture', c.profile_picture,
'commentsCreated', c.comments_created,
'postsCreated', c.posts_created,
'lastActivity', fb_iso(c.last_activity),
'subscribedToChangelog', c.subscribed_to_changelog,
'manuallyOptedOutFromChangelog',
  c.manually_opted_out_from_changelog,
'roles', to_json(c.roles), 'locale', c.locale,
'verified', c.verified, 'type', c.type,
'description', c.description, 'customFields', c.custom_fields,
'isBlocked', c.is_blocked, 'phone', c.phone)
 END, c.id, c.id FROM contact_companies l
JOIN contacts c ON c.org_id = l.org_id AND c.id = l.contact_id
WHERE l.org_id = $1 AND l.company_id = $2 AND c.type = 'customer'
AND l.contact_id < $3 AND c.id < $4
ORDER BY l.contact_id DESC LIMIT $5;

-- company_contact_find (scoped; varchar, varchar)
SELECT id FROM contacts WHERE org_id = $1 AND id = $2 FOR SHARE;

-- company_link (scoped; varchar, varchar, varchar)
INSERT INTO contact_companies (org_id, contact_id, company_id)
VALUES ($1, $2, $3) ON CONFLICT DO NOTHING;

-- company_unlink (scoped; varchar, varchar, varchar)
DELETE FROM contact_companies
WHERE org_id = $1 AND contact_id = $2 AND company_id = $3
RETURNING contact_id;
