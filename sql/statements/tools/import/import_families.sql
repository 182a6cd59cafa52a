-- The statements of tools/import/import_families.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- imp_admins (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, name text, email text, "profilePicture" text)),
same AS (SELECT s.id, a.id AS here FROM k CROSS JOIN src s JOIN admins a
    ON a.org_id = k.org AND lower(a.email) = lower(s.email)
    AND a.id <> s.id),
mapped AS (UPDATE import_ids i SET here_id = same.here FROM k, same
    WHERE i.id = same.id AND i.org_id = k.org
      AND i.here_id IS DISTINCT FROM same.here RETURNING i.id),
up AS (INSERT INTO admins AS t (org_id, id, name, email,
        profile_picture, role_id)
    SELECT k.org, s.id, s.name, s.email, s."profilePicture",
      (SELECT r.id FROM roles r WHERE r.org_id = k.org
         AND r.builtin = 'viewer')
    FROM k, src s WHERE NOT EXISTS (SELECT 1 FROM same
                                    WHERE same.id = s.id)
    ON CONFLICT (org_id, id) DO UPDATE SET name = EXCLUDED.name,
      email = EXCLUDED.email,
      profile_picture = EXCLUDED.profile_picture,
      updated_at = now()
    WHERE (t.name, t.email, t.profile_picture) IS DISTINCT FROM
      (EXCLUDED.name, EXCLUDED.email, EXCLUDED.profile_picture)
    RETURNING 1)
SELECT (SELECT count(*) FROM up) + (SELECT count(*) FROM mapped)
  AS written, 0 AS skipped;

-- imp_companies (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, "companyId" text, name text, "monthlySpend" numeric,
    industry text, website text, plan text, "companySize" integer,
    "customFields" jsonb, "lastActivity" timestamptz,
    "createdAt" timestamptz, "updatedAt" timestamptz)),
v AS (SELECT s.* FROM k, src s WHERE NOT EXISTS (SELECT 1
    FROM companies o WHERE o.org_id = k.org
      AND o.company_id = s."companyId" AND o.id <> s.id)),
up AS (INSERT INTO companies AS t (org_id, id, company_id, name,
        monthly_spend, industry, website, plan, company_size,
        custom_fields, last_activity, created_at, updated_at)
    SELECT k.org, v.id, v."companyId", v.name, v."monthlySpend",
      v.industry, v.website, v.plan, v."companySize",
      COALESCE(v."customFields", '{}'), v."lastActivity",
      v."createdAt", v."updatedAt" FROM k, v
    ON CONFLICT (org_id, id) DO UPDATE SET
      company_id = EXCLUDED.company_id, name = EXCLUDED.name,
      monthly_spend = EXCLUDED.monthly_spend,
      industry = EXCLUDED.industry, website = EXCLUDED.website,
      plan = EXCLUDED.plan, company_size = EXCLUDED.company_size,
      custom_fields = EXCLUDED.custom_fields,
      last_activity = EXCLUDED.last_activity,
      created_at = EXCLUDED.created_at,
      updated_at = EXCLUDED.updated_at
    WHERE (t.company_id, t.name, t.monthly_spend, t.industry,
           t.website, t.plan, t.company_size, t.custom_fields,
           t.last_activity, t.created_at, t.updated_at)
      IS DISTINCT FROM (EXCLUDED.company_id, EXCLUDED.name,
           EXCLUDED.monthly_spend, EXCLUDED.industry,
           EXCLUDED.website, EXCLUDED.plan, EXCLUDED.company_size,
           EXCLUDED.custom_fields, EXCLUDED.last_activity,
           EXCLUDED.created_at, EXCLUDED.updated_at)
    RETURNING 1)
SELECT (SELECT count(*) FROM up) AS written,
  (SELECT count(*) FROM src) - (SELECT count(*) FROM v) AS skipped;

-- imp_contacts (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, "userId" text, email text, name text,
    "profilePicture" text, type text, locale text, verified boolean,
    description text, "customFields" jsonb, roles jsonb,
    phone text, "isBlocked" boolean,
    "subscribedToChangelog" boolean,
    "manuallyOptedOutFromChangelog" boolean,
    "postsCreated" integer, "commentsCreated" integer,
    "lastActivity" timestamptz, companies jsonb)),
up AS (INSERT INTO contacts AS t (org_id, id, user_id, email, name,
        profile_picture, type, locale, verified, description,
        custom_fields, roles, phone, is_blocked,
        subscribed_to_changelog, manually_opted_out_from_changelog,
        posts_created, comments_created, last_activity, created_at)
    SELECT k.org, s.id, s."userId", s.email, s.name,
      s."profilePicture", s.type, COALESCE(s.locale, 'en'),
      COALESCE(s.verified, false), COALESCE(s.description, ''),
      COALESCE(s."customFields", '{}'),
      COALESCE(ARRAY(SELECT jsonb_array_elements_text(s.roles)),
               '{}'), s.phone, COALESCE(s."isBlocked", false),
      COALESCE(s."subscribedToChangelog", false),
      COALESCE(s."manuallyOptedOutFromChangelog", false),
      COALESCE(s."postsCreated", 0),
      COALESCE(s."commentsCreated", 0), s."lastActivity",
      s."lastActivity"
    FROM k, src s
    ON CONFLICT (org_id, id) DO UPDATE SET user_id = EXCLUDED.user_id,
      email = EXCLUDED.email, name = EXCLUDED.name,
      profile_picture = EXCLUDED.profile_picture,
      type = EXCLUDED.type,
      locale = EXCLUDED.locale, verified = EXCLUDED.verified,
      description = EXCLUDED.description,
      custom_fields = EXCLUDED.custom_fields, roles = EXCLUDED.roles,
      phone = EXCLUDED.phone, is_blocked = EXCLUDED.is_blocked,
      subscribed_to_changelog = EXCLUDED.subscribed_to_changelog,
      manually_opted_out_from_changelog =
        EXCLUDED.manually_opted_out_from_changelog,
      posts_created = EXCLUDED.posts_created,
      comments_created = EXCLUDED.comments_created,
      last_activity = EXCLUDED.last_activity, updated_at = now()
    WHERE (t.user_id, t.email, t.name, t.profile_picture, t.type,
           t.locale, t.verified, t.description, t.custom_fields,
           t.roles, t.phone, t.is_blocked, t.subscribed_to_changelog,
           t.manually_opted_out_from_changelog, t.posts_created,
           t.comments_created, t.last_activity)
      IS DISTINCT FROM (EXCLUDED.user_id, EXCLUDED.email,
           EXCLUDED.name, EXCLUDED.profile_picture, EXCLUDED.type,
           EXCLUDED.locale, EXCLUDED.verified, EXCLUDED.description,
           EXCLUDED.custom_fields, EXCLUDED.roles, EXCLUDED.phone,
           EXCLUDED.is_blocked, EXCLUDED.subscribed_to_changelog,
           EXCLUDED.manually_opted_out_from_changelog,
           EXCLUDED.posts_created, EXCLUDED.comments_created,
           EXCLUDED.last_activity)
    RETURNING 1),
links AS (SELECT s.id AS contact, g ->> 'id' AS company FROM src s,
    jsonb_array_elements(COALESCE(s.companies, '[]')) g),
linked AS (INSERT INTO contact_companies (org_id, contact_id,
        company_id)
    SELECT k.org, links.contact, links.company FROM k, links
    WHERE EXISTS (SELECT 1 FROM companies co WHERE co.org_id = k.org
                  AND co.id = links.company)
    ON CONFLICT DO NOTHING RETURNING 1),
unlinked AS (DELETE FROM contact_companies cc USING k, src s
    WHERE cc.org_id = k.org AND cc.contact_id = s.id
      AND NOT EXISTS (SELECT 1 FROM links WHERE links.contact = s.id
                      AND links.company = cc.company_id) RETURNING 1)
SELECT (SELECT count(*) FROM up) + (SELECT count(*) FROM linked)
  + (SELECT count(*) FROM unlinked) AS written, 0 AS skipped;

-- imp_boards (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, name text, icon jsonb, access jsonb, features jsonb,
    "postDefaults" jsonb, "customFields" jsonb,
    localization jsonb, "createdAt" timestamptz)),
v AS (SELECT s.id, s.name, NULLIF(s.icon, 'null') AS icon,
    COALESCE((s.access ->> 'adminOnly')::boolean, false) AS admin_only,
    ARRAY(SELECT jsonb_array_elements_text(s.access -> 'segments'))
      AS segments,
    ARRAY(SELECT jsonb_array_elements_text(s.access -> 'allowedRoles'))
      AS allowed_roles,
    ARRAY(SELECT jsonb_array_elements_text(s.access -> 'deniedRoles'))
      AS denied_roles,
    COALESCE((s.features ->> 'postingEnabled')::boolean, true) AS pe,
    COALESCE((s.features ->> 'commentsEnabled')::boolean, true) AS ce,
    COALESCE((s.features ->> 'createdDatesVisible')::boolean, true)
      AS cdv,
    COALESCE(s."postDefaults" ->> 'visibility', 'public') AS vis,
    ARRAY(SELECT jsonb_array_elements_text(s."customFields"))
      AS fields,
    jsonb_strip_nulls(COALESCE(s.localization, '{}')) AS l,
    s."createdAt" AS created_at
 FROM src s),
up AS (INSERT INTO
boards
 AS t (org_id, id,
name, icon, admin_only,
        segments, allowed_roles, denied_roles, posting_enabled,
        comments_enabled, created_dates_visible, default_visibility,
        custom_field_ids, localization, created_at)
    SELECT k.org, v.id,
v.name, v.icon, v.admin_only, v.segments,
      v.allowed_roles, v.denied_roles, v.pe, v.ce, v.cdv, v.vis,
      v.fields, v.l, v.created_at FROM k, v
    ON CONFLICT (org_id, id) DO UPDATE SET name = EXCLUDED.name,
      icon = EXCLUDED.icon, admin_only = EXCLUDED.admin_only,
      segments = EXCLUDED.segments,
      allowed_roles = EXCLUDED.allowed_roles,
      denied_roles = EXCLUDED.denied_roles,
      posting_enabled = EXCLUDED.posting_enabled,
      comments_enabled = EXCLUDED.comments_enabled,
      created_dates_visible = EXCLUDED.created_dates_visible,
      default_visibility = EXCLUDED.default_visibility,
      custom_field_ids = EXCLUDED.custom_field_ids,
      localization = EXCLUDED.localization,
      created_at = EXCLUDED.created_at, updated_at = now()
    WHERE (t.name, t.icon, t.admin_only, t.segments, t.allowed_roles,
           t.denied_roles, t.posting_enabled, t.comments_enabled,
           t.created_dates_visible, t.default_visibility,
           t.custom_field_ids, t.localization, t.created_at)
      IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.icon,
           EXCLUDED.admin_only, EXCLUDED.segments,
           EXCLUDED.allowed_roles, EXCLUDED.denied_roles,
           EXCLUDED.posting_enabled, EXCLUDED.comments_enabled,
           EXCLUDED.created_dates_visible,
           EXCLUDED.default_visibility, EXCLUDED.custom_field_ids,
           EXCLUDED.localization, EXCLUDED.created_at)
    RETURNING 1)
SELECT (SELECT count(*) FROM up) AS written, 0 AS skipped;

-- imp_post_statuses_before (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
UPDATE
post_statuses
 t SET is_default = false, updated_at = now()
FROM k WHERE t.org_id = k.org AND t.is_default
  AND EXISTS (SELECT 1 FROM jsonb_array_elements(k.page) e
              WHERE (e ->> 'isDefault')::boolean
                AND e ->> 'id' <> t.id);

-- imp_post_statuses (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, name text, color text, type text, "isDefault" boolean)),
up AS (INSERT INTO
post_statuses
 AS t (org_id, id, name, color, type,
        is_default)
    SELECT k.org, s.id, s.name, s.color, s.type,
      COALESCE(s."isDefault", false) FROM k, src s
    ON CONFLICT (org_id, id) DO UPDATE SET name = EXCLUDED.name,
      color = EXCLUDED.color, type = EXCLUDED.type,
      is_default = EXCLUDED.is_default, updated_at = now()
    WHERE (t.name, t.color, t.type, t.is_default) IS DISTINCT FROM
      (EXCLUDED.name, EXCLUDED.color, EXCLUDED.type,
       EXCLUDED.is_default)
    RETURNING 1)
SELECT (SELECT count(*) FROM up) AS written, 0 AS skipped;

-- imp_post_statuses_after (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
DELETE FROM
post_statuses
 t USING k WHERE t.org_id = k.org
  AND NOT EXISTS (SELECT 1 FROM import_ids i WHERE i.id = t.id
                  AND i.org_id = k.org AND i.family = k.family)
  AND NOT EXISTS (SELECT 1 FROM
posts
 p WHERE p.org_id = k.org
                  AND p.status_id
 = t.id);

-- imp_custom_fields (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, label text, type text, required boolean,
    "allowMultiple" boolean, placeholder text, public boolean,
    internal boolean, options jsonb, "createdAt" timestamptz,
    "updatedAt" timestamptz)),
up AS (INSERT INTO custom_fields AS t (org_id, id, scope, label, type,
        required, allow_multiple, placeholder, public, internal,
        options, created_at, updated_at)
    SELECT k.org, s.id,
'post', s.label, s.type,
      COALESCE(s.required, false), COALESCE(s."allowMultiple", false),
      s.placeholder, COALESCE(s.public, true),
      COALESCE(s.internal, false), COALESCE(s.options, '[]'),
      s."createdAt", s."updatedAt" FROM k, src s
    ON CONFLICT (org_id, id) DO UPDATE SET label = EXCLUDED.label,
      type = EXCLUDED.type, required = EXCLUDED.required,
      allow_multiple = EXCLUDED.allow_multiple,
      placeholder = EXCLUDED.placeholder, public = EXCLUDED.public,
      internal = EXCLUDED.internal, options = EXCLUDED.options,
      created_at = EXCLUDED.created_at,
      updated_at = EXCLUDED.updated_at
    WHERE (t.label, t.type, t.required, t.allow_multiple,
           t.placeholder, t.public, t.internal, t.options,
           t.created_at, t.updated_at)
      IS DISTINCT FROM (EXCLUDED.label, EXCLUDED.type,
           EXCLUDED.required, EXCLUDED.allow_multiple,
           EXCLUDED.placeholder, EXCLUDED.public, EXCLUDED.internal,
           EXCLUDED.options, EXCLUDED.created_at,
           EXCLUDED.updated_at)
    RETURNING 1)
SELECT (SELECT count(*) FROM up) AS written, 0 AS skipped;

-- imp_tags (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, name text)),
up AS (INSERT INTO conversation_tags AS t (org_id, id, name)
    SELECT k.org, s.id, s.name FROM k, src s
    WHERE NOT EXISTS (SELECT 1 FROM conversation_tags o
      WHERE o.org_id = k.org AND lower(o.name) = lower(s.name)
        AND o.id <> s.id)
    ON CONFLICT (org_id, id) DO UPDATE SET name = EXCLUDED.name,
      updated_at = now() WHERE t.name IS DISTINCT FROM EXCLUDED.name
    RETURNING 1)
SELECT (SELECT count(*) FROM up) AS written,
  (SELECT count(*) FROM src) - (SELECT count(*) FROM src s
     WHERE NOT EXISTS (SELECT 1 FROM k, conversation_tags o
       WHERE o.org_id = k.org AND lower(o.name) = lower(s.name)
         AND o.id <> s.id)) AS skipped;

-- imp_post_tags (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT DISTINCT ON (g ->> 'id') g ->> 'id' AS id,
    g ->> 'name' AS name, g ->> 'color' AS color
    FROM k, jsonb_array_elements(k.page) e,
    jsonb_array_elements(COALESCE(e -> 'tags', '[]')) g)
INSERT INTO tags AS t (org_id, id, name, color)
SELECT k.org, s.id, s.name, s.color FROM k, src s
WHERE NOT EXISTS (SELECT 1 FROM tags o WHERE o.org_id = k.org
  AND lower(o.name) = lower(s.name) AND o.id <> s.id)
ON CONFLICT (org_id, id) DO UPDATE SET name = EXCLUDED.name,
  color = EXCLUDED.color
WHERE (t.name, t.color) IS DISTINCT FROM (EXCLUDED.name,
  EXCLUDED.color);

-- imp_posts (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, slug text, title text, content text, _text text,
    "boardId" text, author jsonb, status jsonb, tags jsonb,
    features jsonb, upvotes integer, "commentCount" integer,
    "inReview" boolean, "isPinned" boolean, access jsonb,
    "assigneeId" text, eta timestamptz, "customFields" jsonb,
    integrations jsonb, "createdAt" timestamptz,
    "updatedAt" timestamptz)),
v AS (SELECT s.*,
    CASE WHEN s.author ->> 'type' = 'admin' THEN NULL
         ELSE s.author ->> 'id' END AS contact,
    CASE WHEN s.author ->> 'type' = 'admin' THEN
COALESCE((SELECT i.here_id FROM import_ids i WHERE i.id =
s.author ->> 'id'
   AND i.org_id = k.org),
s.author ->> 'id')
 END AS admin,
COALESCE((SELECT i.here_id FROM import_ids i WHERE i.id =
s."assigneeId"
   AND i.org_id = k.org),
s."assigneeId")
 AS assignee,
    CASE WHEN jsonb_array_length(COALESCE(s.access -> 'userIds',
                                          '[]')) > 0
           THEN 'authorOnly'
         WHEN jsonb_array_length(COALESCE(
                s.access -> 'companyExternalIds', '[]')) > 0
           THEN 'companyOnly' ELSE 'public' END AS visibility
    FROM k, src s),
up AS (INSERT INTO posts AS t (org_id, id, slug, title, content,
        content_text, board_id, author_contact_id, author_admin_id,
        status_id, comments_enabled, in_review, is_pinned, visibility,
        assignee_id, eta, custom_fields, integrations, upvotes,
        comment_count, created_at, updated_at, last_activity_at)
    SELECT k.org, v.id, v.slug, v.title, COALESCE(v.content, ''),
      COALESCE(v._text, ''), v."boardId", v.contact, v.admin,
      v.status ->> 'id',
      COALESCE((v.features ->> 'commentsEnabled')::boolean, true),
      COALESCE(v."inReview", false), COALESCE(v."isPinned", false),
      v.visibility, v.assignee, v.eta,
      COALESCE(v."customFields", '{}'),
      COALESCE(v.integrations, '{}'), COALESCE(v.upvotes, 0),
      COALESCE(v."commentCount", 0), v."createdAt",
      v."updatedAt", v."updatedAt" FROM k, v
    ON CONFLICT (org_id, id) DO UPDATE SET slug = EXCLUDED.slug,
      title = EXCLUDED.title, content = EXCLUDED.content,
      content_text = EXCLUDED.content_text,
      board_id = EXCLUDED.board_id,
      author_contact_id = EXCLUDED.author_contact_id,
      author_admin_id = EXCLUDED.author_admin_id,
      status_id = EXCLUDED.status_id,
      comments_enabled = EXCLUDED.comments_enabled,
      in_review = EXCLUDED.in_review, is_pinned = EXCLUDED.is_pinned,
      visibility = EXCLUDED.visibility,
      assignee_id = EXCLUDED.assignee_id, eta = EXCLUDED.eta,
      custom_fields = EXCLUDED.custom_fields,
      integrations = EXCLUDED.integrations,
      upvotes = EXCLUDED.upvotes,
      comment_count = EXCLUDED.comment_count,
      created_at = EXCLUDED.created_at,
      updated_at = EXCLUDED.updated_at,
      last_activity_at = EXCLUDED.last_activity_at
    WHERE (t.slug, t.title, t.content, t.board_id,
           t.author_contact_id, t.author_admin_id, t.status_id,
           t.comments_enabled, t.in_review, t.is_pinned,
           t.visibility, t.assignee_id, t.eta, t.custom_fields,
           t.integrations, t.upvotes, t.comment_count, t.created_at,
           t.updated_at)
      IS DISTINCT FROM (EXCLUDED.slug, EXCLUDED.title,
           EXCLUDED.content, EXCLUDED.board_id,
           EXCLUDED.author_contact_id, EXCLUDED.author_admin_id,
           EXCLUDED.status_id, EXCLUDED.comments_enabled,
           EXCLUDED.in_review, EXCLUDED.is_pinned,
           EXCLUDED.visibility, EXCLUDED.assignee_id, EXCLUDED.eta,
           EXCLUDED.custom_fields, EXCLUDED.integrations,
           EXCLUDED.upvotes, EXCLUDED.comment_count,
           EXCLUDED.created_at, EXCLUDED.updated_at)
    RETURNING t.id),
links AS (SELECT v.id AS post, g ->> 'id' AS tag FROM v,
    jsonb_array_elements(COALESCE(v.tags, '[]')) g),
linked AS (INSERT INTO post_tags (org_id, post_id, tag_id)
    SELECT k.org, links.post, links.tag FROM k, links
    WHERE EXISTS (SELECT 1 FROM tags g WHERE g.org_id = k.org
                  AND g.id = links.tag)
    ON CONFLICT DO NOTHING RETURNING 1),
unlinked AS (DELETE FROM post_tags pt USING k, v
    WHERE pt.org_id = k.org AND pt.post_id = v.id
      AND NOT EXISTS (SELECT 1 FROM links WHERE links.post = v.id
                      AND links.tag = pt.tag_id) RETURNING 1)
SELECT (SELECT count(*) FROM up) + (SELECT count(*) FROM linked)
  + (SELECT count(*) FROM unlinked) AS written, 0 AS skipped;

-- imp_post_voters (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT e ->> 'id' AS contact, n FROM k,
    jsonb_array_elements(k.page) WITH ORDINALITY AS x(e, n)),
base AS (SELECT p.created_at,
    (SELECT count(*) FROM post_votes pv WHERE pv.org_id = k.org
       AND pv.post_id = k.parent) AS had
    FROM k, posts p WHERE p.org_id = k.org AND p.id = k.parent),
up AS (INSERT INTO post_votes (org_id, post_id, contact_id, created_at)
    SELECT k.org, k.parent, s.contact,
      base.created_at + interval '1 year'
        - (base.had + s.n) * interval '1 millisecond'
    FROM k, base, src s
    WHERE EXISTS (SELECT 1 FROM contacts c WHERE c.org_id = k.org
                  AND c.id = s.contact)
    ON CONFLICT DO NOTHING RETURNING 1)
SELECT (SELECT count(*) FROM up) AS written,
  (SELECT count(*) FROM k, src s WHERE NOT EXISTS (SELECT 1
     FROM contacts c WHERE c.org_id = k.org AND c.id = s.contact))
  AS skipped;

-- imp_voted_posts (scoped; varchar, varchar, varchar) named (family, after)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org,
  $2::text AS family, $3::text AS after)
SELECT i.id FROM k, import_ids i JOIN posts p ON p.org_id = i.org_id
  AND p.id = i.id
WHERE i.org_id = k.org AND i.family = k.family
  AND i.id > COALESCE(k.after, '')
  AND (p.upvotes > 0 OR p.updated_at <> p.created_at)
ORDER BY i.id LIMIT 200;

-- imp_comments (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, "postId" text, "changelogId" text,
    "parentCommentId" text, content text, _text text, author jsonb,
    upvotes integer, downvotes integer, "isPrivate" boolean,
    "isDeleted" boolean, "isPinned" boolean, "inReview" boolean,
    "isSpam" boolean, "createdAt" timestamptz,
    "updatedAt" timestamptz)),
kept AS (SELECT s.* FROM k, src s WHERE s."postId" IS NOT NULL
    OR EXISTS (SELECT 1 FROM changelogs c WHERE c.org_id = k.org
               AND c.id = s."changelogId")),
v AS (SELECT s.*,
    CASE WHEN s.author ->> 'type' = 'admin' THEN NULL
         ELSE s.author ->> 'id' END AS contact,
    CASE WHEN s.author ->> 'type' = 'admin' THEN
COALESCE((SELECT i.here_id FROM import_ids i WHERE i.id =
s.author ->> 'id'
   AND i.org_id = k.org),
s.author ->> 'id')
 END AS admin
    FROM k, kept s WHERE s."parentCommentId" IS NULL
      OR EXISTS (SELECT 1 FROM kept o
                 WHERE o.id = s."parentCommentId")
      OR EXISTS (SELECT 1 FROM comments c WHERE c.org_id = k.org
                 AND c.id = s."parentCommentId")),
up AS (INSERT INTO comments AS t (org_id, id, post_id, changelog_id,
        parent_comment_id, content, content_text, author_contact_id,
        author_admin_id, upvotes, downvotes, is_private, is_deleted,
        is_pinned, in_review, is_spam, created_at, updated_at)
    SELECT k.org, v.id, v."postId",
      CASE WHEN v."postId" IS NULL THEN v."changelogId" END,
      v."parentCommentId",
      COALESCE(v.content, ''), COALESCE(v._text, ''), v.contact,
      v.admin, COALESCE(v.upvotes, 0), COALESCE(v.downvotes, 0),
      COALESCE(v."isPrivate", false),
      COALESCE(v."isDeleted", false),
      COALESCE(v."isPinned", false), COALESCE(v."inReview", false),
      COALESCE(v."isSpam", false), v."createdAt", v."updatedAt"
    FROM k, v
    ON CONFLICT (org_id, id) DO UPDATE SET content = EXCLUDED.content,
      content_text = EXCLUDED.content_text,
      author_contact_id = EXCLUDED.author_contact_id,
      author_admin_id = EXCLUDED.author_admin_id,
      upvotes = EXCLUDED.upvotes, downvotes = EXCLUDED.downvotes,
      is_private = EXCLUDED.is_private,
      is_deleted = EXCLUDED.is_deleted,
      is_pinned = EXCLUDED.is_pinned, in_review = EXCLUDED.in_review,
      is_spam = EXCLUDED.is_spam, created_at = EXCLUDED.created_at,
      updated_at = EXCLUDED.updated_at
    WHERE (t.content, t.author_contact_id, t.author_admin_id,
           t.upvotes, t.downvotes, t.is_private, t.is_deleted,
           t.is_pinned, t.in_review, t.is_spam, t.created_at,
           t.updated_at)
      IS DISTINCT FROM (EXCLUDED.content, EXCLUDED.author_contact_id,
           EXCLUDED.author_admin_id, EXCLUDED.upvotes,
           EXCLUDED.downvotes, EXCLUDED.is_private,
           EXCLUDED.is_deleted, EXCLUDED.is_pinned,
           EXCLUDED.in_review, EXCLUDED.is_spam, EXCLUDED.created_at,
           EXCLUDED.updated_at)
    RETURNING 1)
SELECT (SELECT count(*) FROM up) AS written,
  (SELECT count(*) FROM src) - (SELECT count(*) FROM v) AS skipped;

-- imp_teams (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.*, n FROM k, jsonb_array_elements(k.page)
    WITH ORDINALITY AS x(e, n),
    jsonb_to_record(x.e) AS r(id text, name text, color text,
      icon jsonb, members jsonb)),
up AS (INSERT INTO teams AS t (org_id, id, name, color, icon,
        created_at)
    SELECT k.org, s.id, s.name, COALESCE(s.color, '#6B7280'),
      NULLIF(s.icon, 'null'), now() - s.n * interval '1 millisecond'
    FROM k, src s
    ON CONFLICT (org_id, id) DO UPDATE SET name = EXCLUDED.name,
      color = EXCLUDED.color, icon = EXCLUDED.icon,
      updated_at = now()
    WHERE (t.name, t.color, t.icon) IS DISTINCT FROM
      (EXCLUDED.name, EXCLUDED.color, EXCLUDED.icon)
    RETURNING 1),
m AS (SELECT s.id AS team,
COALESCE((SELECT i.here_id FROM import_ids i WHERE i.id =
a.admin
   AND i.org_id = k.org),
a.admin)
 AS admin,
    min(a.n) AS n FROM k, src s,
    jsonb_array_elements_text(COALESCE(s.members, '[]'))
      WITH ORDINALITY AS a(admin, n) GROUP BY 1, 2),
joined AS (INSERT INTO team_members (org_id, team_id, admin_id,
        added_at)
    SELECT k.org, m.team, m.admin,
      now() + m.n * interval '1 microsecond' FROM k, m
    WHERE EXISTS (SELECT 1 FROM admins a WHERE a.org_id = k.org
                  AND a.id = m.admin)
    ON CONFLICT DO NOTHING RETURNING 1),
gone AS (DELETE FROM team_members tm USING k, src s
    WHERE tm.org_id = k.org AND tm.team_id = s.id
      AND NOT EXISTS (SELECT 1 FROM m WHERE m.team = s.id
                      AND m.admin = tm.admin_id) RETURNING 1)
SELECT (SELECT count(*) FROM up) + (SELECT count(*) FROM joined)
  + (SELECT count(*) FROM gone) AS written,
  (SELECT count(*) FROM k, m WHERE NOT EXISTS (SELECT 1 FROM admins a
     WHERE a.org_id = k.org AND a.id = m.admin)) AS skipped;

-- imp_brands_before (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
UPDATE brands b SET is_default = false, updated_at = now() FROM k
WHERE b.org_id = k.org AND b.is_default
  AND EXISTS (SELECT 1 FROM jsonb_array_elements(k.page) e
              WHERE (e ->> 'isDefault')::boolean
                AND e ->> 'id' <> b.id);

-- imp_brands (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, name text, "isDefault" boolean,
    "helpCenterId" text, "senderEmailAddressId" text,
    "createdAt" timestamptz, "updatedAt" timestamptz)),
up AS (INSERT INTO brands AS t (org_id, id, name, is_default,
        help_center_id, sender_email_address_id, created_at,
        updated_at)
    SELECT k.org, s.id, s.name, COALESCE(s."isDefault", false),
      s."helpCenterId", s."senderEmailAddressId", s."createdAt",
      s."updatedAt" FROM k, src s
    ON CONFLICT (org_id, id) DO UPDATE SET name = EXCLUDED.name,
      is_default = EXCLUDED.is_default,
      help_center_id = EXCLUDED.help_center_id,
      sender_email_address_id = EXCLUDED.sender_email_address_id,
      created_at = EXCLUDED.created_at,
      updated_at = EXCLUDED.updated_at
    WHERE (t.name, t.is_default, t.help_center_id,
           t.sender_email_address_id, t.created_at, t.updated_at)
      IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.is_default,
           EXCLUDED.help_center_id, EXCLUDED.sender_email_address_id,
           EXCLUDED.created_at, EXCLUDED.updated_at)
    RETURNING 1)
SELECT (SELECT count(*) FROM up) AS written, 0 AS skipped;
