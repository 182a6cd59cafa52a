-- The statements of modules/resources/posts/post_voters.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- voter_post (scoped; varchar, varchar, varchar)
SELECT id FROM posts WHERE org_id = $1 AND id = $2
AND ($3::boolean OR visibility = 'public');

-- voter_post_locked (scoped; varchar, varchar, varchar)
SELECT id FROM posts WHERE org_id = $1 AND id = $2
AND ($3::boolean OR visibility = 'public')
 FOR KEY SHARE;

-- voter_list (scoped; varchar, varchar, integer)
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
 END, fb_ts_key(v.created_at), v.contact_id
FROM post_votes v JOIN contacts c
  ON c.org_id = v.org_id AND c.id = v.contact_id
WHERE v.org_id = $1 AND v.post_id = $2
ORDER BY v.created_at DESC, v.contact_id DESC LIMIT $3;

-- voter_list_after (scoped; varchar, varchar, varchar, varchar, integer)
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
 END, fb_ts_key(v.created_at), v.contact_id
FROM post_votes v JOIN contacts c
  ON c.org_id = v.org_id AND c.id = v.contact_id
WHERE v.org_id = $1 AND v.post_id = $2
AND (v.created_at, v.contact_id) < (fb_ts_from_key($3), $4)
ORDER BY v.created_at DESC, v.contact_id DESC LIMIT $5;

-- voter_add (scoped; varchar, varchar, varchar)
WITH vote AS (INSERT INTO post_votes (org_id, post_id, contact_id)
              VALUES ($1, $2, $3) ON CONFLICT DO NOTHING
              RETURNING org_id, post_id, contact_id),
post AS (UPDATE posts p SET upvotes = p.upvotes + 1,
           last_activity_at = now()
         FROM vote WHERE p.org_id = vote.org_id
           AND p.id = vote.post_id RETURNING p.id),
who AS (UPDATE contacts c SET last_activity = now()
        FROM vote WHERE c.org_id = vote.org_id
          AND c.id = vote.contact_id RETURNING c.id)
SELECT count(*) FROM post;

-- voter_remove (scoped; varchar, varchar, varchar)
WITH vote AS (DELETE FROM post_votes WHERE org_id = $1
              AND post_id = $2 AND contact_id = $3
              RETURNING org_id, post_id),
post AS (UPDATE posts p SET upvotes = greatest(p.upvotes - 1, 0)
         FROM vote WHERE p.org_id = vote.org_id
           AND p.id = vote.post_id RETURNING p.id)
SELECT count(*) FROM post;
