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

-- survey_update (scoped; varchar, varchar, varchar) named (id, b)
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

-- survey_lock_change (scoped; varchar, varchar)
SELECT id FROM
surveys
 WHERE org_id = $1 AND id = $2
FOR NO KEY UPDATE;

-- survey_remove (scoped; varchar, varchar)
DELETE FROM
surveys
 WHERE org_id = $1 AND id = $2;

-- survey_response_insert (scoped; varchar, varchar, varchar, varchar, varchar) named (survey, contact, answers, created_at)
WITH k AS (SELECT $1::text AS org_id, $2::text AS survey,
  $3::text AS contact, $4::jsonb AS answers,
  $5::timestamptz AS created_at)
INSERT INTO survey_responses (org_id, survey_id, contact_id, answers,
  created_at)
SELECT k.org_id, k.survey, k.contact, k.answers,
  coalesce(k.created_at, now()) FROM k
RETURNING id;

-- survey_response_get (scoped; varchar, varchar, varchar) named (survey, id)
WITH k AS (SELECT $1::text AS org_id, $2::text AS survey,
  $3::text AS id)
SELECT
r.id, r.answers, r.created_at AT TIME ZONE 'UTC',
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
fb_ts_key(r.created_at)
FROM survey_responses r LEFT JOIN contacts c
ON c.org_id = r.org_id AND c.id = r.contact_id
, k
WHERE r.org_id = k.org_id AND r.survey_id = k.survey AND r.id = k.id;

-- survey_response_remove (scoped; varchar, varchar, varchar) named (survey, id)
WITH k AS (SELECT $1::text AS org_id, $2::text AS survey,
  $3::text AS id)
DELETE FROM survey_responses r USING k
WHERE r.org_id = k.org_id AND r.survey_id = k.survey AND r.id = k.id;
