-- The statements of modules/resources/people/contacts.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- contact_get (scoped; varchar, varchar)
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
NULL
 FROM contacts c
WHERE c.org_id = $1 AND c.id = $2;

-- contact_list (scoped; varchar, varchar, varchar, varchar, integer) named (after_key, after_id, type, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS type)
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
fb_ts_key(c.created_at), c.id
FROM contacts c, k WHERE c.org_id = k.org_id
AND (k.type IS NULL OR c.type = k.type)
ORDER BY c.created_at DESC, c.id DESC LIMIT $5;

-- contact_list_after (scoped; varchar, varchar, varchar, varchar, integer) named (after_key, after_id, type, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS type)
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
fb_ts_key(c.created_at), c.id
FROM contacts c, k WHERE c.org_id = k.org_id
AND (k.type IS NULL OR c.type = k.type)
AND (c.created_at, c.id)
  < (fb_ts_from_key(k.after_key), k.after_id)
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

-- contact_upsert (scoped; varchar, varchar, varchar) named (body, verified)
SELECT u.contact_id, u.created
FROM (SELECT $1::text AS org_id, $2::jsonb AS body,
  $3::boolean AS verified) k,
  fb_contact_upsert(k.org_id, k.body, k.verified) u;

-- contact_block (scoped; varchar, varchar, varchar) named (id, blocked)
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
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
                                   $2::text AS contact),
t AS (SELECT v.post_id AS id FROM post_votes v, k
      WHERE v.org_id = k.org_id AND v.contact_id = k.contact
      UNION SELECT a.id FROM posts a, k WHERE a.org_id = k.org_id
      AND a.author_contact_id = k.contact
      UNION SELECT c.target_id FROM comments c, k
      WHERE c.org_id = k.org_id AND c.author_contact_id = k.contact),
p AS (SELECT p.id FROM k, posts p JOIN t ON t.id = p.id
      WHERE p.org_id = k.org_id ORDER BY p.id FOR UPDATE OF p),
l AS (SELECT l.id FROM k, changelogs l JOIN t ON t.id = l.id
      WHERE l.org_id = k.org_id ORDER BY l.id FOR UPDATE OF l)
SELECT (SELECT count(*) FROM p), (SELECT count(*) FROM l);

-- contact_preferences (scoped; varchar, varchar)
SELECT c.id, c.user_id, c.email,
  fb_email_preferences_json(c.email_preferences,
                            c.manually_opted_out_from_changelog)
FROM contacts c
WHERE c.org_id = $1 AND c.id = $2;

-- contact_preferences_set (scoped; varchar, varchar, varchar, varchar) named (id, prefs, changelog)
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
