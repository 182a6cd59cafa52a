-- The statements of modules/resources/people/contacts.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- contact_get (scoped; varchar, varchar)
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
 END
 FROM contacts c
WHERE c.org_id = $1 AND c.id = $2;

-- contact_list (scoped; varchar, varchar, integer)
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
 END, fb_ts_key(c.created_at), c.id
FROM contacts c WHERE c.org_id = $1
AND ($2::text IS NULL OR c.type = $2)
ORDER BY c.created_at DESC, c.id DESC LIMIT $3;

-- contact_list_after (scoped; varchar, varchar, varchar, varchar, integer)
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
 END, fb_ts_key(c.created_at), c.id
FROM contacts c WHERE c.org_id = $1
AND ($2::text IS NULL OR c.type = $2)
AND (c.created_at, c.id) < (fb_ts_from_key($3), $4)
ORDER BY c.created_at DESC, c.id DESC LIMIT $5;

-- contact_find (scoped; varchar, varchar)
SELECT c.id, c.type FROM contacts c WHERE c.org_id = $1 AND
c.id = $2;

-- contact_find_locked (scoped; varchar, varchar)
SELECT c.id, c.type FROM contacts c WHERE c.org_id = $1 AND
c.id = $2 FOR UPDATE;

-- contact_find_user (scoped; varchar, varchar)
SELECT c.id, c.type FROM contacts c WHERE c.org_id = $1 AND
c.user_id = $2 AND c.type = 'customer';

-- contact_find_user_locked (scoped; varchar, varchar)
SELECT c.id, c.type FROM contacts c WHERE c.org_id = $1 AND
c.user_id = $2 AND c.type = 'customer' FOR UPDATE;

-- contact_identity_secret (scoped; varchar)
SELECT identity_secret FROM organizations WHERE id = $1;

-- contact_upsert (scoped; varchar, varchar, varchar)
SELECT contact_id, created FROM fb_contact_upsert($1, $2::jsonb,
                                                  $3::boolean);

-- contact_block (scoped; varchar, varchar, varchar)
UPDATE contacts c SET is_blocked = k.blocked, updated_at = now()
FROM (SELECT $1::text AS org_id, $2::text AS id,
             $3::boolean AS blocked) k
WHERE c.org_id = k.org_id AND c.id = k.id;

-- contact_unvote (scoped; varchar, varchar)
UPDATE posts p SET upvotes = greatest(p.upvotes - 1, 0)
FROM post_votes v WHERE v.org_id = $1 AND v.contact_id = $2
AND p.org_id = v.org_id AND p.id = v.post_id;

-- contact_unmail (scoped; varchar, varchar)
DELETE FROM email_outbox o USING contacts c
WHERE c.org_id = $1 AND c.id = $2 AND o.org_id = c.org_id
AND o.state = 'pending' AND lower(o.recipient) = lower(c.email);

-- contact_unsubscribe (scoped; varchar, varchar)
DELETE FROM changelog_subscribers s USING contacts c
WHERE c.org_id = $1 AND c.id = $2 AND s.org_id = c.org_id
AND s.email = lower(c.email);

-- contact_delete (scoped; varchar, varchar)
DELETE FROM contacts WHERE org_id = $1 AND id = $2;

-- contact_targets_first (scoped; varchar, varchar)
WITH t AS (SELECT post_id AS id FROM post_votes
           WHERE org_id = $1 AND contact_id = $2
           UNION SELECT id FROM posts WHERE org_id = $1
           AND author_contact_id = $2
           UNION SELECT target_id FROM comments WHERE org_id = $1
           AND author_contact_id = $2),
p AS (SELECT p.id FROM posts p JOIN t ON t.id = p.id
      WHERE p.org_id = $1 ORDER BY p.id FOR UPDATE OF p),
l AS (SELECT l.id FROM changelogs l JOIN t ON t.id = l.id
      WHERE l.org_id = $1 ORDER BY l.id FOR UPDATE OF l)
SELECT (SELECT count(*) FROM p), (SELECT count(*) FROM l);

-- contact_preferences (scoped; varchar, varchar)
SELECT
json_build_object('object', 'contact_email_preferences',
'contactId', c.id, 'userId', c.user_id, 'email', c.email,
'preferences', fb_email_preferences_json(c.email_preferences,
  c.manually_opted_out_from_changelog))
 FROM contacts c
WHERE c.org_id = $1 AND c.id = $2;

-- contact_preferences_set (scoped; varchar, varchar, varchar, varchar)
UPDATE contacts c SET
  email_preferences = c.email_preferences || (k.prefs - 'changelog'),
  manually_opted_out_from_changelog = CASE k.changelog
    WHEN 'unsubscribed' THEN true WHEN 'subscribed' THEN false
    ELSE c.manually_opted_out_from_changelog END,
  subscribed_to_changelog = CASE k.changelog
    WHEN 'unsubscribed' THEN false WHEN 'subscribed' THEN true
    ELSE c.subscribed_to_changelog END,
  updated_at = now()
FROM (SELECT $1::text AS org_id, $2::text AS id, $3::jsonb AS prefs,
             $4::text AS changelog) k
WHERE c.org_id = k.org_id AND c.id = k.id;
