-- The statements of modules/resources/surveys/surveys.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- survey_get (scoped; varchar, varchar)
SELECT
json_build_object('object', 'survey', 'id', s.id, 'title', s.title,
'description', s.description, 'isActive', s.is_active,
'organization', s.org_id, 'responseCount', s.response_count,
'targeting', s.targeting, 'pages', s.pages,
'createdAt', fb_iso(s.created_at), 'updatedAt', fb_iso(s.updated_at))
 FROM surveys s
WHERE s.org_id = $1 AND s.id = $2;

-- survey_list (scoped; varchar, varchar, varchar, integer)
SELECT
json_build_object('object', 'survey', 'id', s.id, 'title', s.title,
'description', s.description, 'isActive', s.is_active,
'organization', s.org_id, 'responseCount', s.response_count,
'targeting', s.targeting, 'pages', s.pages,
'createdAt', fb_iso(s.created_at), 'updatedAt', fb_iso(s.updated_at)), fb_ts_key(s.created_at), s.id
FROM surveys s WHERE s.org_id = $1
AND (s.page_types @> ARRAY[$2::text] OR $2::text IS NULL)
AND s.is_active = coalesce($3::boolean, s.is_active)
ORDER BY s.created_at DESC, s.id DESC LIMIT $4;

-- survey_list_after (scoped; varchar, varchar, varchar, varchar, varchar, integer)
SELECT
json_build_object('object', 'survey', 'id', s.id, 'title', s.title,
'description', s.description, 'isActive', s.is_active,
'organization', s.org_id, 'responseCount', s.response_count,
'targeting', s.targeting, 'pages', s.pages,
'createdAt', fb_iso(s.created_at), 'updatedAt', fb_iso(s.updated_at)), fb_ts_key(s.created_at), s.id
FROM surveys s WHERE s.org_id = $1
AND (s.page_types @> ARRAY[$2::text] OR $2::text IS NULL)
AND s.is_active = coalesce($3::boolean, s.is_active)
AND (s.created_at, s.id) < (fb_ts_from_key($4), $5)
ORDER BY s.created_at DESC, s.id DESC LIMIT $6;

-- survey_pages_locked (scoped; varchar, varchar)
SELECT pages FROM surveys WHERE org_id = $1 AND id = $2
FOR NO KEY UPDATE;

-- survey_find (scoped; varchar, varchar)
SELECT id FROM surveys WHERE org_id = $1 AND id = $2;

-- survey_responses (scoped; varchar, varchar, varchar, integer)
SELECT
json_build_object('object', 'survey_response', 'id', r.id,
'user', (SELECT
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
         WHERE c.org_id = r.org_id AND c.id = r.contact_id),
'responses', r.answers, 'createdAt', fb_iso(r.created_at)), fb_ts_key(r.created_at), r.id
FROM survey_responses r WHERE r.org_id = $1 AND r.survey_id = $2
AND (r.page_ids @> ARRAY[$3::text] OR $3::text IS NULL)
ORDER BY r.created_at DESC, r.id DESC LIMIT $4;

-- survey_responses_after (scoped; varchar, varchar, varchar, varchar, varchar, integer)
SELECT
json_build_object('object', 'survey_response', 'id', r.id,
'user', (SELECT
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
         WHERE c.org_id = r.org_id AND c.id = r.contact_id),
'responses', r.answers, 'createdAt', fb_iso(r.created_at)), fb_ts_key(r.created_at), r.id
FROM survey_responses r WHERE r.org_id = $1 AND r.survey_id = $2
AND (r.page_ids @> ARRAY[$3::text] OR $3::text IS NULL)
AND (r.created_at, r.id) < (fb_ts_from_key($4), $5)
ORDER BY r.created_at DESC, r.id DESC LIMIT $6;
