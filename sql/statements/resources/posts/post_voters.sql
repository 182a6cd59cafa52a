-- The statements of modules/resources/posts/post_voters.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- voter_post (scoped; varchar, varchar, varchar) named (id, private)
WITH k AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::boolean AS private)
SELECT p.id FROM k, posts p WHERE p.org_id = k.org_id
AND p.id = k.id AND (k.private OR p.visibility = 'public');

-- voter_post_locked (scoped; varchar, varchar, varchar) named (id, private)
WITH k AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::boolean AS private)
SELECT p.id FROM k, posts p WHERE p.org_id = k.org_id
AND p.id = k.id AND (k.private OR p.visibility = 'public')
 FOR KEY SHARE OF p;

-- voter_list (scoped; varchar, varchar, varchar, varchar, integer) named (after_key, after_id, post, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS post)
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
fb_ts_key(v.created_at), v.contact_id
FROM post_votes v JOIN contacts c
  ON c.org_id = v.org_id AND c.id = v.contact_id, k
WHERE v.org_id = k.org_id AND v.post_id = k.post
ORDER BY v.created_at DESC, v.contact_id DESC LIMIT $5;

-- voter_list_after (scoped; varchar, varchar, varchar, varchar, integer) named (after_key, after_id, post, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text AS post)
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
fb_ts_key(v.created_at), v.contact_id
FROM post_votes v JOIN contacts c
  ON c.org_id = v.org_id AND c.id = v.contact_id, k
WHERE v.org_id = k.org_id AND v.post_id = k.post
AND (v.created_at, v.contact_id)
  < (fb_ts_from_key(k.after_key), k.after_id)
ORDER BY v.created_at DESC, v.contact_id DESC LIMIT $5;

-- voter_add (scoped; varchar, varchar, varchar) named (post, contact)
WITH k AS (SELECT $1::text AS org_id, $2::text AS post,
  $3::text AS contact),
vote AS (INSERT INTO post_votes (org_id, post_id, contact_id)
         SELECT k.org_id, k.post, k.contact FROM k
         ON CONFLICT DO NOTHING
         RETURNING org_id, post_id, contact_id),
post AS (UPDATE posts p SET upvotes = p.upvotes + 1,
           last_activity_at = now()
         FROM vote WHERE p.org_id = vote.org_id
           AND p.id = vote.post_id RETURNING p.id),
who AS (UPDATE contacts c SET last_activity = now()
        FROM vote WHERE c.org_id = vote.org_id
          AND c.id = vote.contact_id RETURNING c.id)
SELECT count(*) FROM post;

-- voter_remove (scoped; varchar, varchar, varchar) named (post, contact)
WITH k AS (SELECT $1::text AS org_id, $2::text AS post,
  $3::text AS contact),
vote AS (DELETE FROM post_votes v USING k WHERE v.org_id = k.org_id
         AND v.post_id = k.post AND v.contact_id = k.contact
         RETURNING v.org_id, v.post_id),
post AS (UPDATE posts p SET upvotes = greatest(p.upvotes - 1, 0)
         FROM vote WHERE p.org_id = vote.org_id
           AND p.id = vote.post_id RETURNING p.id)
SELECT count(*) FROM post;
