-- Benchmark posts for the organization of bench/gen.sql: N posts over
-- two years, with their authors (contacts) and tags.  bench/run.sh runs
-- it in steps, the insert step in two sessions at once (one per core):
--
--   psql -v org=ORG -v n=N -v t_end=TS -v step=setup    -f gen_posts.sql
--   psql ... -v step=posts -v lo=1 -v hi=N/2 -v seed=0.1 -f gen_posts.sql &
--   psql ... -v step=posts -v lo=N/2+1 -v hi=N -v seed=0.2 -f gen_posts.sql
--   psql -v org=ORG -v n=N -v t_end=TS -v step=finish   -f gen_posts.sql
--
-- What the data looks like, per post i (1..N):
--   created_at    from t_end - 730 days to t_end, denser towards the end
--                 (sqrt curve: a growing product), all distinct
--   id            an object id of created_at (24 hex), so ids grow with
--                 time like fb_object_id() ones
--   title         "<verb> <feature> <place>", e.g. "Add dark mode on the
--                 dashboard"; features are skewed (the first of 60 is in
--                 ~13 % of posts, the median one in ~1 %)
--   content_text  two or three sentences from a small stock, mentioning
--                 another feature in 30 % of posts; 70 % of posts add
--                 "Seen at <name>", a made-up name of three syllables:
--                 the long tail of rare words real text has, which sets
--                 the planner's estimate for words it has no statistics
--                 for; every 20,000th post also mentions the "zeppelin
--                 importer" (the rare word of the benchmark)
--   upvotes       exp(r^2 * ln 1500) - 1: 0 for ~30 %, median 5, max
--                 1499 (many ties)
--   status        In Review 55 %, Planned 15 %, In Progress 8 %,
--                 Completed 15 %, Rejected 7 %
--   board         40/30/20/8 % over boards 1-4, 2 % on the admin-only 5
--   author        one of N/50 contacts (skewed), the Owner for 2 %,
--                 nobody for 1 %
--   visibility    public 97 %, authorOnly 2 %, companyOnly 1 %;
--                 in_review 1 %, pinned 1 in 10,000
--   last_activity_at  between created_at and t_end, mostly soon after
--                 creation; updated_at between the two
--   tags          12 tags; 35 % of posts have one, 10 % a second
--
-- The secondary indexes of posts (not those of constraints) are dropped
-- in setup and made again in finish from their own definitions, which is
-- much faster than maintaining them row by row.  The insert sessions skip
-- the foreign key triggers (session_replication_role = replica): every
-- reference is made valid by construction, and finish checks them.

\set ON_ERROR_STOP 1
SELECT :'step' = 'setup' AS is_setup, :'step' = 'posts' AS is_posts,
       :'step' = 'finish' AS is_finish \gset

-- Contact k's id, made up so that posts can name it without a join.
CREATE FUNCTION pg_temp.bench_contact_id(k bigint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$ SELECT 'c0' || lpad(to_hex(k), 22, '0') $$;

-- Post i's creation time and id (of n posts up to t_end).
CREATE FUNCTION pg_temp.bench_created(i bigint, n bigint, t_end timestamptz)
RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
    SELECT t_end - interval '730 days'
           + interval '730 days' * sqrt((i - 0.5) / n)
$$;
CREATE FUNCTION pg_temp.bench_post_id(i bigint, created timestamptz)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT lpad(to_hex(floor(extract(epoch FROM created))::bigint), 8, '0')
           || substr(md5('post' || i), 1, 10) || lpad(to_hex(i), 6, '0')
$$;
-- The tags of post i, by id: 35 % have one, 10 % of them a second one.
CREATE FUNCTION pg_temp.bench_tag_ids(i bigint)
RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
    SELECT ARRAY(SELECT DISTINCT 't0' || lpad(to_hex(k), 22, '0')
                 FROM (VALUES (1 + (i * 7) % 12, i % 100 < 35),
                              (1 + (i * 7 + 5) % 12, i % 100 < 10))
                      AS t(k, yes)
                 WHERE t.yes ORDER BY 1)
$$;

\if :is_setup

BEGIN;
INSERT INTO contacts (org_id, id, user_id, email, name, type, created_at,
                      updated_at, last_activity)
SELECT :'org', pg_temp.bench_contact_id(k), 'u' || k,
       'person' || k || '@customer' || (k % 997) || '.example',
       'Person ' || k,
       CASE WHEN k % 10 = 0 THEN 'lead' ELSE 'customer' END,
       timestamptz :'t_end' - interval '800 days' + k * interval '1 minute',
       timestamptz :'t_end' - interval '800 days' + k * interval '1 minute',
       timestamptz :'t_end' - interval '800 days' + k * interval '1 minute'
FROM generate_series(1, greatest(:n / 50, 100)) AS k;

INSERT INTO tags (org_id, id, name, color, created_at)
SELECT :'org', 't0' || lpad(to_hex(k), 22, '0'), name,
       (ARRAY['Red', 'Green', 'Sky', 'Purple', 'Gray'])[1 + k % 5],
       timestamptz :'t_end' - interval '800 days' + k * interval '1 hour'
FROM unnest(ARRAY['Bug', 'UX', 'Performance', 'Mobile', 'Integrations',
                  'Security', 'Enterprise', 'Reporting', 'API',
                  'Accessibility', 'Billing', 'Onboarding'])
     WITH ORDINALITY AS t(name, k);

CREATE TABLE bench_dropped_indexes AS
SELECT i.indexname AS name, i.indexdef AS def
FROM pg_indexes i
WHERE i.schemaname = 'public' AND i.tablename = 'posts'
  AND NOT EXISTS (SELECT 1 FROM pg_constraint c
                  WHERE c.conindid = (quote_ident(i.indexname))::regclass);
SELECT string_agg(format('DROP INDEX %I', name), '; ') AS drops
FROM bench_dropped_indexes \gset
:drops;
COMMIT;

\elif :is_posts

SET session_replication_role = replica;
SET synchronous_commit = off;
SELECT setseed(:seed) AS seeded \gset

INSERT INTO posts (org_id, id, slug, title, content, content_text, board_id,
                   author_contact_id, author_admin_id, status_id, in_review,
                   is_pinned, visibility, upvotes, comment_count, created_at,
                   updated_at, last_activity_at, tag_ids)
WITH v AS (
    SELECT
        ARRAY['Add', 'Allow', 'Support', 'Improve', 'Fix', 'Show',
              'Enable', 'Make', 'Simplify', 'Speed up', 'Redesign',
              'Customize'] AS verbs,
        ARRAY['dark mode', 'csv export', 'slack integration',
              'single sign on', 'mobile app', 'email notifications',
              'webhooks', 'custom domain', 'keyboard shortcuts', 'search',
              'bulk editing', 'roadmap view', 'comment threads',
              'file attachments', 'two factor authentication',
              'calendar sync', 'jira sync', 'zapier actions',
              'dashboard widgets', 'weekly reports', 'user roles',
              'audit log', 'pdf export', 'markdown formatting', 'post tags',
              'saved filters', 'color themes', 'translations',
              'time tracking', 'offline mode', 'rate limits',
              'guest access', 'custom fields', 'duplicate merging',
              'voting limits', 'changelog', 'status page',
              'public roadmap', 'private boards', 'image uploads',
              'emoji reactions', 'mentions', 'due dates',
              'recurring reminders', 'gantt charts', 'kanban board',
              'drag and drop', 'undo history', 'version history',
              'data retention', 'gdpr tools', 'ip allowlist',
              'scim provisioning', 'salesforce sync', 'hubspot sync',
              'intercom widget', 'browser extension', 'desktop app',
              'sandbox workspace', 'invoice history'] AS features,
        ARRAY['on the dashboard', 'in the editor', 'for admins',
              'for team leads', 'in the mobile app', 'in settings',
              'on the roadmap', 'in email digests', 'for guest users',
              'in reports', 'on the portal', 'in the sidebar',
              'for each board', 'in the api', 'for enterprise plans',
              'in the changelog', 'on post pages', 'in notifications',
              'for customers', 'in search results'] AS places,
        ARRAY['Right now we do this by hand every week.',
              'Our whole team would use this daily.',
              'This is blocking our rollout to more customers.',
              'Several competitors already offer this.',
              'It would save us hours every month.',
              'Customers keep asking us about it.',
              'The current workaround is painful.',
              'Please consider this for the next release.',
              'We are on the business plan and need it soon.',
              'Happy to test a beta version.',
              'It used to work before the last update.',
              'This would make onboarding much easier.',
              'Our security team requires it.',
              'Not sure if this is already possible.',
              'Thanks for the great product so far.',
              'We have over two hundred users waiting for this.',
              'It should respect the existing permissions.',
              'Ideally it would also work with the public api.',
              'Mobile support matters most for us.',
              'A simple first version would already help.',
              'The page gets slow when we have many items.',
              'Sometimes the button does nothing at all.',
              'Our managers want to see this at a glance.',
              'It is confusing for new users.',
              'We would pay extra for this.',
              'Please make it configurable per workspace.',
              'The old behaviour was better.',
              'This matters for our compliance audit.',
              'It breaks when the name contains an accent.',
              'We export everything to a spreadsheet today.']
              AS sentences,
        ARRAY['ka', 'lo', 'vi', 'ren', 'ta', 'mo', 'shi', 'der', 'qua',
              'fen', 'bo', 'lu', 'nar', 'tis', 'pe', 'gor', 'wy', 'sel',
              'mi', 'dra', 'cu', 'ho', 'zan', 'bel'] AS syllables,
        (SELECT array_agg(id ORDER BY created_at) FROM boards
         WHERE org_id = :'org') AS boards,
        (SELECT array_agg(id ORDER BY created_at) FROM post_statuses
         WHERE org_id = :'org') AS statuses,
        (SELECT min(id) FROM admins WHERE org_id = :'org') AS owner,
        greatest(:n / 50, 100) AS contacts
), r AS (
    -- The random draws of post i.
    SELECT i,
           pg_temp.bench_created(i, :n, :'t_end') AS created,
           random() AS rv, random() AS rf, random() AS rp, random() AS rs1,
           random() AS rs2, random() AS rf2, random() AS rr, random() AS ru,
           random() AS rb, random() AS rst, random() AS ra, random() AS rc,
           random() AS rvis, random() AS rl, random() AS rup,
           random() AS rn1, random() AS rn2, random() AS rn3
    FROM generate_series(:lo, :hi) AS i
), t AS (
    SELECT r.*, v.*,
           v.verbs[1 + floor(rv * 12)::int] AS verb,
           v.features[1 + floor(rf * rf * 60)::int] AS feature,
           v.places[1 + floor(rp * 20)::int] AS place,
           r.created + (timestamptz :'t_end' - r.created) * (rl * rl * rl)
               AS activity,
           floor(exp(ru * ru * ln(1500)))::int - 1 AS votes,
           -- The long tail of words real text has: a made-up name of
           -- three syllables (13,824 names, the first syllables likelier).
           CASE WHEN rr < 0.7
                THEN 'Seen at ' || initcap(
                    v.syllables[1 + floor(24 * rn1 * rn1)::int]
                    || v.syllables[1 + floor(24 * rn2 * rn2)::int]
                    || v.syllables[1 + floor(24 * rn3)::int]) || '.'
           END AS seen
    FROM r CROSS JOIN v
)
SELECT :'org',
       pg_temp.bench_post_id(i, created),
       replace(lower(verb || ' ' || feature || ' ' || place), ' ', '-')
           || '-' || i,
       verb || ' ' || feature || ' ' || place,
       '<p>It would be great to ' || lower(verb) || ' ' || feature || ' '
           || place || '.</p><p>' || sentences[1 + floor(rs1 * 30)::int]
           || ' ' || sentences[1 + floor(rs2 * 30)::int] || '</p>'
           || CASE WHEN rf2 < 0.3 THEN '<p>Related: '
                   || features[1 + floor(rf2 / 0.3 * 60)::int] || '.</p>'
              ELSE '' END
           || COALESCE('<p>' || seen || '</p>', '')
           || CASE WHEN i % 20000 = 7
                   THEN '<p>We also see this with the zeppelin importer.</p>'
              ELSE '' END,
       'It would be great to ' || lower(verb) || ' ' || feature || ' '
           || place || '. ' || sentences[1 + floor(rs1 * 30)::int]
           || ' ' || sentences[1 + floor(rs2 * 30)::int]
           || CASE WHEN rf2 < 0.3 THEN ' Related: '
                   || features[1 + floor(rf2 / 0.3 * 60)::int] || '.'
              ELSE '' END
           || COALESCE(' ' || seen, '')
           || CASE WHEN i % 20000 = 7
                   THEN ' We also see this with the zeppelin importer.'
              ELSE '' END,
       boards[CASE WHEN rb < 0.40 THEN 1 WHEN rb < 0.70 THEN 2
                   WHEN rb < 0.90 THEN 3 WHEN rb < 0.98 THEN 4 ELSE 5 END],
       CASE WHEN ra < 0.97
            THEN pg_temp.bench_contact_id(
                     1 + floor(power(rc, 1.5) * contacts)::bigint) END,
       CASE WHEN ra >= 0.97 AND ra < 0.99 THEN owner END,
       statuses[CASE WHEN rst < 0.55 THEN 1 WHEN rst < 0.70 THEN 2
                     WHEN rst < 0.78 THEN 3 WHEN rst < 0.93 THEN 4
                     ELSE 5 END],
       rvis >= 0.5 AND rvis < 0.51,
       i % 10000 = 3,
       CASE WHEN rvis < 0.97 THEN 'public'
            WHEN rvis < 0.99 THEN 'authorOnly' ELSE 'companyOnly' END,
       votes,
       floor(votes * rup * 0.3)::int,
       created,
       created + (activity - created) * rup,
       activity,
       pg_temp.bench_tag_ids(i)
FROM t;

-- The same tags as links (the triggers that keep posts.tag_ids are off).
INSERT INTO post_tags (org_id, post_id, tag_id)
SELECT :'org',
       pg_temp.bench_post_id(i, pg_temp.bench_created(i, :n, :'t_end')),
       unnest(pg_temp.bench_tag_ids(i))
FROM generate_series(:lo, :hi) AS i;

\elif :is_finish

SET maintenance_work_mem = '512MB';
SELECT string_agg(def, '; ') AS creates FROM bench_dropped_indexes \gset
:creates;
DROP TABLE bench_dropped_indexes;

-- What the foreign key triggers skipped: every reference resolves.
SELECT count(*) AS dangling, count(*) > 0 AS has_dangling
FROM posts p
WHERE p.org_id = :'org' AND (
    NOT EXISTS (SELECT 1 FROM boards b
                WHERE b.org_id = p.org_id AND b.id = p.board_id)
    OR NOT EXISTS (SELECT 1 FROM post_statuses s
                   WHERE s.org_id = p.org_id AND s.id = p.status_id)
    OR (p.author_contact_id IS NOT NULL AND NOT EXISTS (
            SELECT 1 FROM contacts c
            WHERE c.org_id = p.org_id AND c.id = p.author_contact_id))
    OR (p.author_admin_id IS NOT NULL AND NOT EXISTS (
            SELECT 1 FROM admins a
            WHERE a.org_id = p.org_id AND a.id = p.author_admin_id))) \gset
\if :has_dangling
\echo gen_posts.sql: posts with dangling references: :dangling
SELECT 1/0;
\endif
SELECT count(*) AS dangling, count(*) > 0 AS has_dangling
FROM post_tags pt
WHERE pt.org_id = :'org' AND (
    NOT EXISTS (SELECT 1 FROM posts p
                WHERE p.org_id = pt.org_id AND p.id = pt.post_id)
    OR NOT EXISTS (SELECT 1 FROM tags t
                   WHERE t.org_id = pt.org_id AND t.id = pt.tag_id)) \gset
\if :has_dangling
\echo gen_posts.sql: post tags with dangling references: :dangling
SELECT 1/0;
\endif

VACUUM ANALYZE contacts;
VACUUM ANALYZE tags;
VACUUM ANALYZE posts;
VACUUM ANALYZE post_tags;

\else
\echo gen_posts.sql: step must be setup, posts or finish
SELECT 1/0;
\endif
