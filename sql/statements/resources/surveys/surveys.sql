-- The statements of modules/resources/surveys/surveys.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- survey_get (scoped; varchar, varchar)
SELECT
s.id, s.title, s.description, s.is_active, s.org_id,
s.response_count, s.targeting, s.pages,
s.created_at AT TIME ZONE 'UTC', s.updated_at AT TIME ZONE 'UTC'
 FROM surveys s
WHERE s.org_id = $1 AND s.id = $2;

-- survey_list (scoped; varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, page_type, active, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS page_type,
  $5::boolean AS active)
SELECT
s.id, s.title, s.description, s.is_active, s.org_id,
s.response_count, s.targeting, s.pages,
s.created_at AT TIME ZONE 'UTC', s.updated_at AT TIME ZONE 'UTC', fb_ts_key(s.created_at)
FROM surveys s, k WHERE s.org_id = k.org_id
AND (s.page_types @> ARRAY[k.page_type] OR k.page_type IS NULL)
AND s.is_active = coalesce(k.active, s.is_active)
ORDER BY s.created_at DESC, s.id DESC LIMIT $6;

-- survey_list_after (scoped; varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, page_type, active, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS page_type,
  $5::boolean AS active)
SELECT
s.id, s.title, s.description, s.is_active, s.org_id,
s.response_count, s.targeting, s.pages,
s.created_at AT TIME ZONE 'UTC', s.updated_at AT TIME ZONE 'UTC', fb_ts_key(s.created_at)
FROM surveys s, k WHERE s.org_id = k.org_id
AND (s.page_types @> ARRAY[k.page_type] OR k.page_type IS NULL)
AND s.is_active = coalesce(k.active, s.is_active)
AND (s.created_at, s.id)
  < (fb_ts_from_key(k.after_key), k.after_id)
ORDER BY s.created_at DESC, s.id DESC LIMIT $6;

-- survey_pages_locked (scoped; varchar, varchar)
SELECT pages FROM surveys WHERE org_id = $1 AND id = $2
FOR NO KEY UPDATE;

-- survey_find (scoped; varchar, varchar)
SELECT id FROM surveys WHERE org_id = $1 AND id = $2;

-- survey_responses (scoped; varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, survey, page_id, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS survey, $5::text AS page_id)
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
WHERE r.org_id = k.org_id AND r.survey_id = k.survey
AND (r.page_ids @> ARRAY[k.page_id] OR k.page_id IS NULL)
ORDER BY r.created_at DESC, r.id DESC LIMIT $6;

-- survey_responses_after (scoped; varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, survey, page_id, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS survey, $5::text AS page_id)
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
WHERE r.org_id = k.org_id AND r.survey_id = k.survey
AND (r.page_ids @> ARRAY[k.page_id] OR k.page_id IS NULL)
AND (r.created_at, r.id)
  < (fb_ts_from_key(k.after_key), k.after_id)
ORDER BY r.created_at DESC, r.id DESC LIMIT $6;
