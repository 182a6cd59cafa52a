-- The statements of modules/resources/surveys/survey_write.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- survey_insert (scoped; varchar, varchar)
WITH a AS (SELECT $1::text AS org_id, $2::jsonb AS b)
INSERT INTO surveys (org_id, title, description, is_active,
  targeting, pages)
SELECT a.org_id, a.b ->> 'title', coalesce(a.b ->> 'description', ''),
  coalesce((a.b ->> 'isActive')::boolean, false),
('{"segmentIds": [], "url": [], "css": [], "loginRequired": false}'::jsonb
 || coalesce(a.b -> 'targeting', '{}')),
  a.b -> 'pages'
FROM a RETURNING id;

-- survey_update (scoped; varchar, varchar, varchar)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
UPDATE surveys x SET title = coalesce(a.b ->> 'title', x.title),
  description = CASE WHEN a.b ? 'description'
    THEN coalesce(a.b ->> 'description', '') ELSE x.description END,
  is_active = coalesce((a.b ->> 'isActive')::boolean, x.is_active),
  targeting =
(x.targeting
 || coalesce(a.b -> 'targeting', '{}')),
  pages = coalesce(a.b -> 'pages', x.pages),
  updated_at = now()
FROM a WHERE x.org_id = a.org_id AND x.id = a.id;

-- survey_lock (scoped; varchar, varchar)
SELECT id FROM
surveys
 WHERE org_id = $1 AND id = $2
FOR UPDATE;

-- survey_remove (scoped; varchar, varchar)
DELETE FROM
surveys
 WHERE org_id = $1 AND id = $2;

-- survey_response_insert (scoped; varchar, varchar, varchar, varchar, varchar)
INSERT INTO survey_responses (org_id, survey_id, contact_id, answers,
  created_at)
VALUES ($1, $2, $3, $4::jsonb, coalesce($5::timestamptz, now()))
RETURNING id;

-- survey_response_get (scoped; varchar, varchar, varchar)
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
'responses', r.answers, 'createdAt', fb_iso(r.created_at))
 FROM survey_responses r
WHERE r.org_id = $1 AND r.survey_id = $2 AND r.id = $3;

-- survey_response_remove (scoped; varchar, varchar, varchar)
DELETE FROM survey_responses
WHERE org_id = $1 AND survey_id = $2 AND id = $3;
