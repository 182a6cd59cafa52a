-- The statements of tools/import/import_changelogs_roles_surveys.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- imp_changelog_locales (scoped; varchar, varchar, varchar) named (family, after)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org,
  $2::text AS family, $3::text AS after)
SELECT l FROM k, unnest(fb_hc_locales()) AS l
WHERE l > COALESCE(k.after, '') ORDER BY l LIMIT 200;

-- imp_changelogs (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, title text, slug text, content text, _text text,
    "markdownContent" text, "featuredImage" text,
    date timestamptz, state text, locale text,
    "isDraftDiffersFromLive" boolean, "availableLocales" jsonb,
    categories jsonb, notifications jsonb,
    "allowedSegmentIds" jsonb, "commentCount" integer,
    "createdAt" timestamptz, "updatedAt" timestamptz)),
v AS (SELECT s.*, s.state = 'live' AS live,
    s.state = 'live' AND COALESCE(s."isDraftDiffersFromLive", false)
      AS keep,
    COALESCE(s.content, '') AS html, COALESCE(s._text, '') AS text,
    COALESCE(s.notifications -> s.locale, '{}') AS n,
    (SELECT x.n FROM jsonb_array_elements_text(COALESCE(
       s."availableLocales", '[]')) WITH ORDINALITY AS x(l, n)
     WHERE x.l = s.locale) AS place FROM src s),
w AS (SELECT v.*, (v.n ->> 'scheduledDate')::timestamptz AS sched,
    COALESCE((v.n ->> 'sendEmailNotification')::boolean, false)
      AS mail,
    COALESCE((v.n ->> 'hideFromBoardAndWidgets')::boolean, false)
      AS hide,
    COALESCE((v.n ->> 'emailSent')::boolean, false) AS sent,
    v.n ->> 'scheduleError' AS error FROM v
    WHERE NOT EXISTS (SELECT 1 FROM k, changelog_locales o
      WHERE o.org_id = k.org AND o.slug = v.slug
        AND (o.changelog_id, o.locale) <> (v.id, v.locale))),
cl AS (INSERT INTO changelogs AS t (org_id, id, featured_image,
        allowed_segment_ids, date, comment_count, created_at,
        updated_at)
    SELECT k.org, v.id, v."featuredImage",
      ARRAY(SELECT jsonb_array_elements_text(COALESCE(
        v."allowedSegmentIds", '[]'))), v.date,
      COALESCE(v."commentCount", 0), v."createdAt", v."createdAt"
    FROM k, v
    ON CONFLICT (org_id, id) DO UPDATE SET
      featured_image = EXCLUDED.featured_image,
      allowed_segment_ids = EXCLUDED.allowed_segment_ids,
      date = EXCLUDED.date, comment_count = EXCLUDED.comment_count,
      created_at = EXCLUDED.created_at,
      updated_at = EXCLUDED.updated_at
    WHERE (t.featured_image, t.allowed_segment_ids, t.date,
           t.comment_count, t.created_at, t.updated_at)
      IS DISTINCT FROM (EXCLUDED.featured_image,
           EXCLUDED.allowed_segment_ids, EXCLUDED.date,
           EXCLUDED.comment_count, EXCLUDED.created_at,
           EXCLUDED.updated_at)
    RETURNING 1),
cats AS (SELECT DISTINCT ON (g ->> 'id') g ->> 'id' AS id,
    g ->> 'name' AS name, ARRAY(SELECT jsonb_array_elements_text(
      COALESCE(g -> 'roles', '[]'))) AS roles
    FROM v, jsonb_array_elements(COALESCE(v.categories, '[]')) g),
catup AS (INSERT INTO changelog_categories AS t (org_id, id, name,
        roles)
    SELECT k.org, c.id, c.name, c.roles FROM k, cats c
    WHERE NOT EXISTS (SELECT 1 FROM changelog_categories o
      WHERE o.org_id = k.org AND lower(o.name) = lower(c.name)
        AND o.id <> c.id)
    ON CONFLICT (org_id, id) DO UPDATE SET name = EXCLUDED.name,
      roles = EXCLUDED.roles
    WHERE (t.name, t.roles) IS DISTINCT FROM
      (EXCLUDED.name, EXCLUDED.roles)
    RETURNING 1),
links AS (SELECT v.id AS changelog, COALESCE((SELECT o.id
      FROM changelog_categories o WHERE o.org_id = k.org
        AND lower(o.name) = lower(g ->> 'name')), g ->> 'id')
      AS category
    FROM k, v, jsonb_array_elements(COALESCE(v.categories, '[]')) g),
linked AS (INSERT INTO changelog_category_links (org_id,
        changelog_id, category_id)
    SELECT k.org, l.changelog, l.category FROM k, links l
    ON CONFLICT DO NOTHING RETURNING 1),
unlinked AS (DELETE FROM changelog_category_links cl USING k, v
    WHERE cl.org_id = k.org AND cl.changelog_id = v.id
      AND NOT EXISTS (SELECT 1 FROM links l
                      WHERE l.changelog = v.id
                        AND l.category = cl.category_id)
    RETURNING 1),
made AS (INSERT INTO changelog_locales (org_id, changelog_id, locale,
        slug, title, content, content_text, markdown, live_title,
        live_content, live_content_text, live_markdown, published_at,
        send_email, hide_from_board, email_sent, scheduled_at,
        scheduled_email, publish_error, created_at, updated_at)
    SELECT k.org, w.id, w.locale, w.slug, w.title, w.html, w.text,
      w."markdownContent",
      CASE WHEN w.live THEN w.title END,
      CASE WHEN w.live THEN w.html END,
      CASE WHEN w.live THEN w.text END,
      CASE WHEN w.live THEN w."markdownContent" END,
      CASE WHEN w.live THEN w.date END,
      w.mail AND w.sched IS NULL, w.hide, w.sent, w.sched,
      w.mail AND w.sched IS NOT NULL, w.error,
      w."createdAt" + COALESCE(w.place, 0) * interval '1 microsecond',
      w."updatedAt" FROM k, w
    WHERE NOT EXISTS (SELECT 1 FROM changelog_locales o
      WHERE o.org_id = k.org AND o.changelog_id = w.id
        AND o.locale = w.locale)
    ON CONFLICT DO NOTHING RETURNING 1),
changed AS (UPDATE changelog_locales t SET slug = w.slug,
      title = CASE WHEN w.keep THEN t.title ELSE w.title END,
      content = CASE WHEN w.keep THEN t.content ELSE w.html END,
      content_text = CASE WHEN w.keep THEN t.content_text
        ELSE w.text END,
      markdown = CASE WHEN w.keep THEN t.markdown
        ELSE w."markdownContent" END,
      live_title = CASE WHEN w.live THEN w.title END,
      live_content = CASE WHEN w.live THEN w.html END,
      live_content_text = CASE WHEN w.live THEN w.text END,
      live_markdown = CASE WHEN w.live THEN w."markdownContent" END,
      published_at = CASE WHEN w.live
        THEN COALESCE(t.published_at, w.date) END,
      send_email = w.mail AND w.sched IS NULL,
      hide_from_board = w.hide, email_sent = w.sent,
      scheduled_at = w.sched,
      scheduled_email = w.mail AND w.sched IS NOT NULL,
      publish_error = w.error, updated_at = w."updatedAt"
    FROM k, w WHERE t.org_id = k.org AND t.changelog_id = w.id
      AND t.locale = w.locale
      AND (t.slug, t.title, t.content, t.markdown, t.live_title,
           t.live_content, t.live_markdown, t.published_at IS NULL,
           t.send_email, t.hide_from_board, t.email_sent,
           t.scheduled_at, t.scheduled_email, t.publish_error,
           t.updated_at)
      IS DISTINCT FROM (w.slug,
           CASE WHEN w.keep THEN t.title ELSE w.title END,
           CASE WHEN w.keep THEN t.content ELSE w.html END,
           CASE WHEN w.keep THEN t.markdown
             ELSE w."markdownContent" END,
           CASE WHEN w.live THEN w.title END,
           CASE WHEN w.live THEN w.html END,
           CASE WHEN w.live THEN w."markdownContent" END,
           NOT w.live, w.mail AND w.sched IS NULL, w.hide, w.sent,
           w.sched, w.mail AND w.sched IS NOT NULL, w.error,
           w."updatedAt")
    RETURNING 1),
noted AS (INSERT INTO import_ids (id, org_id, family)
    SELECT w.id || '?locale=' || w.locale, k.org, 'changelog_drafts'
    FROM k, w WHERE w.keep ON CONFLICT (id) DO NOTHING RETURNING 1),
settled AS (DELETE FROM import_ids i USING k, w
    WHERE i.id = w.id || '?locale=' || w.locale AND i.org_id = k.org
      AND NOT w.keep RETURNING 1)
SELECT (SELECT count(*) FROM cl) + (SELECT count(*) FROM catup)
  + (SELECT count(*) FROM linked) + (SELECT count(*) FROM unlinked)
  + (SELECT count(*) FROM made) + (SELECT count(*) FROM changed)
  AS written, (SELECT count(*) FROM src) - (SELECT count(*) FROM w)
  AS skipped;

-- imp_changelog_drafts (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, locale text, state text, title text, content text,
    _text text, "markdownContent" text)),
up AS (UPDATE changelog_locales t SET title = s.title,
      content = COALESCE(s.content, ''),
      content_text = COALESCE(s._text, ''),
      markdown = s."markdownContent"
    FROM k, src s WHERE t.org_id = k.org AND t.changelog_id = s.id
      AND t.locale = s.locale AND s.state = 'draft'
      AND (t.title, t.content, t.markdown) IS DISTINCT FROM
        (s.title, COALESCE(s.content, ''), s."markdownContent")
    RETURNING 1)
SELECT (SELECT count(*) FROM up) AS written, 0 AS skipped;

-- imp_roles (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.*, n FROM k, jsonb_array_elements(k.page)
    WITH ORDINALITY AS x(e, n),
    jsonb_to_record(x.e) AS r(id text, name text, permissions jsonb)),
same AS (SELECT s.id, o.builtin FROM k CROSS JOIN src s JOIN roles o
    ON o.org_id = k.org AND lower(o.name) = lower(s.name)
    AND o.id <> s.id),
up AS (INSERT INTO roles AS t (org_id, id, name, permissions,
        created_at)
    SELECT k.org, s.id, s.name,
      fb_permissions_complete(COALESCE(s.permissions, '{}')),
      now() - s.n * interval '1 millisecond' FROM k, src s
    WHERE NOT EXISTS (SELECT 1 FROM same WHERE same.id = s.id)
    ON CONFLICT (org_id, id) DO UPDATE SET name = EXCLUDED.name,
      permissions = EXCLUDED.permissions, updated_at = now()
    WHERE t.builtin IS NULL AND (t.name, t.permissions)
      IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.permissions)
    RETURNING 1)
SELECT (SELECT count(*) FROM up) AS written,
  (SELECT count(*) FROM same WHERE same.builtin IS NULL) AS skipped;

-- imp_surveys (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, title text, description text, "isActive" boolean,
    targeting jsonb, pages jsonb, "createdAt" timestamptz,
    "updatedAt" timestamptz)),
up AS (INSERT INTO surveys AS t (org_id, id, title, description,
        is_active, targeting, pages, created_at, updated_at)
    SELECT k.org, s.id, s.title, COALESCE(s.description, ''),
      COALESCE(s."isActive", false), COALESCE(s.targeting, '{}'),
      COALESCE(s.pages, '[]'), s."createdAt", s."updatedAt"
    FROM k, src s
    ON CONFLICT (org_id, id) DO UPDATE SET title = EXCLUDED.title,
      description = EXCLUDED.description,
      is_active = EXCLUDED.is_active,
      targeting = EXCLUDED.targeting, pages = EXCLUDED.pages,
      created_at = EXCLUDED.created_at,
      updated_at = EXCLUDED.updated_at
    WHERE (t.title, t.description, t.is_active, t.targeting, t.pages,
           t.created_at, t.updated_at)
      IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.description,
           EXCLUDED.is_active, EXCLUDED.targeting, EXCLUDED.pages,
           EXCLUDED.created_at, EXCLUDED.updated_at)
    RETURNING 1)
SELECT (SELECT count(*) FROM up) AS written, 0 AS skipped;

-- imp_survey_responses (scoped; varchar, varchar, varchar, varchar, varchar) named (run, family, page, parent)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org, $2::text AS run,
  $3::text AS family, $4::jsonb AS page, $5::text AS parent)
, src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(
    id text, "user" jsonb, responses jsonb,
    "createdAt" timestamptz)),
v AS (SELECT s.*, (SELECT c.id FROM contacts c WHERE c.org_id = k.org
    AND c.id = s."user" ->> 'id') AS contact FROM k, src s),
up AS (INSERT INTO survey_responses AS t (org_id, id, survey_id,
        contact_id, answers, created_at)
    SELECT k.org, v.id, k.parent, v.contact,
      COALESCE(v.responses, '[]'), v."createdAt" FROM k, v
    ON CONFLICT (org_id, id) DO UPDATE SET
      contact_id = EXCLUDED.contact_id, answers = EXCLUDED.answers,
      created_at = EXCLUDED.created_at
    WHERE (t.contact_id, t.answers, t.created_at) IS DISTINCT FROM
      (EXCLUDED.contact_id, EXCLUDED.answers, EXCLUDED.created_at)
    RETURNING 1)
SELECT (SELECT count(*) FROM up) AS written,
  (SELECT count(*) FROM v WHERE v.contact IS NULL
     AND jsonb_typeof(v."user") = 'object') AS skipped;
