-- The volume t/api/test_statement_plans.py plans against: the tables
-- that grow with use, filled for five organizations (the one the
-- operator command made, whose id is the setting fb.seed_org, and four
-- more) among a thousand, so that PostgreSQL prices every join and
-- filter as it does in service, not as on the tiny tables of a new
-- organization (there a nested loop over a whole index costs nothing
-- and hides a missing index condition).
--
-- Only the planner reads these rows: foreign keys and triggers are off
-- while they are written (session_replication_role), ids are made from
-- the row number (md5(kind || n), 24 hexadecimal characters) so that
-- rows refer to one another, and the counts are those of a busy
-- organization scaled down to keep the fixture at a few seconds.
SET session_replication_role = replica;

CREATE TEMPORARY TABLE seed_orgs AS
SELECT n, CASE n WHEN 0 THEN current_setting('fb.seed_org')
                 ELSE left(md5('org' || n), 24) END AS id
FROM generate_series(0, 999) AS n;

INSERT INTO organizations (id, name)
SELECT id, 'Seeded ' || n FROM seed_orgs WHERE n > 0;

-- A row's organization: row i belongs to s.orgs[i % 5 + 1].
CREATE TEMPORARY TABLE seed AS
SELECT array_agg(id ORDER BY n) AS orgs FROM seed_orgs WHERE n < 5;

INSERT INTO roles (org_id, id, name, permissions)
SELECT s.orgs[i % 5 + 1], left(md5('role' || i), 24), 'Role ' || i, '{}'
FROM generate_series(1, 50) AS i, seed s;

INSERT INTO admins (org_id, id, name, email, role_id)
SELECT s.orgs[i % 5 + 1], left(md5('admin' || i), 24), 'Admin ' || i,
       'admin' || i || '@seed.example', left(md5('role' || (i % 50 + 1)), 24)
FROM generate_series(1, 2000) AS i, seed s;

INSERT INTO api_keys (org_id, admin_id, key_hash, prefix)
SELECT s.orgs[i % 5 + 1], left(md5('admin' || i), 24), md5('key' || i),
       left(md5('key' || i), 8)
FROM generate_series(1, 2000) AS i, seed s;

INSERT INTO teams (org_id, id, name)
SELECT s.orgs[i % 5 + 1], left(md5('team' || i), 24), 'Team ' || i
FROM generate_series(1, 200) AS i, seed s;

INSERT INTO team_members (org_id, team_id, admin_id)
SELECT s.orgs[i % 5 + 1], left(md5('team' || (i % 200 + 1)), 24),
       left(md5('admin' || i), 24)
FROM generate_series(1, 2000) AS i, seed s;

INSERT INTO brands (org_id, id, name)
SELECT s.orgs[i % 5 + 1], left(md5('brand' || i), 24), 'Brand ' || i
FROM generate_series(1, 500) AS i, seed s;

INSERT INTO boards (org_id, id, name)
SELECT s.orgs[i % 5 + 1], left(md5('board' || i), 24), 'Board ' || i
FROM generate_series(1, 100) AS i, seed s;

INSERT INTO post_statuses (org_id, id, name, color, type)
SELECT s.orgs[i % 5 + 1], left(md5('status' || i), 24), 'Status ' || i,
       'Blue', 'active'
FROM generate_series(1, 50) AS i, seed s;

INSERT INTO custom_fields (org_id, id, label, type)
SELECT s.orgs[i % 5 + 1], left(md5('field' || i), 24), 'Field ' || i,
       'text'
FROM generate_series(1, 100) AS i, seed s;

INSERT INTO contacts (org_id, id, name, email, user_id, type)
SELECT s.orgs[i % 5 + 1], left(md5('contact' || i), 24), 'Contact ' || i,
       'contact' || i || '@seed.example', 'user' || i,
       CASE WHEN i % 10 = 0 THEN 'lead' ELSE 'customer' END
FROM generate_series(1, 10000) AS i, seed s;

INSERT INTO companies (org_id, id, company_id, name)
SELECT s.orgs[i % 5 + 1], left(md5('company' || i), 24), 'company' || i,
       'Company ' || i
FROM generate_series(1, 5000) AS i, seed s;

INSERT INTO contact_companies (org_id, contact_id, company_id)
SELECT s.orgs[i % 5 + 1], left(md5('contact' || i), 24),
       left(md5('company' || (i % 5000 + 1)), 24)
FROM generate_series(1, 10000) AS i, seed s;

INSERT INTO tags (org_id, id, name)
SELECT s.orgs[i % 5 + 1], left(md5('tag' || i), 24), 'tag' || i
FROM generate_series(1, 500) AS i, seed s;

INSERT INTO posts (org_id, id, slug, title, content, content_text,
                   board_id, status_id, author_contact_id, upvotes,
                   created_at, last_activity_at)
SELECT s.orgs[i % 5 + 1], left(md5('post' || i), 24), 'post-' || i,
       'Post ' || i, '<p>Post ' || i || '</p>', 'Post ' || i,
       left(md5('board' || (i % 100 + 1)), 24),
       left(md5('status' || (i % 50 + 1)), 24),
       left(md5('contact' || (i % 10000 + 1)), 24), i % 97,
       now() - i * interval '1 minute', now() - i * interval '1 minute'
FROM generate_series(1, 10000) AS i, seed s;

INSERT INTO post_tags (org_id, post_id, tag_id)
SELECT s.orgs[i % 5 + 1], left(md5('post' || i), 24),
       left(md5('tag' || (i % 500 + 1)), 24)
FROM generate_series(1, 10000) AS i, seed s;

INSERT INTO post_votes (org_id, post_id, contact_id)
SELECT s.orgs[i % 5 + 1], left(md5('post' || (i % 10000 + 1)), 24),
       left(md5('contact' || i), 24)
FROM generate_series(1, 10000) AS i, seed s;

INSERT INTO comments (org_id, id, content, post_id, author_contact_id,
                      created_at)
SELECT s.orgs[i % 5 + 1], left(md5('comment' || i), 24),
       '<p>Comment ' || i || '</p>',
       left(md5('post' || (i % 10000 + 1)), 24),
       left(md5('contact' || (i % 10000 + 1)), 24),
       now() - i * interval '1 minute'
FROM generate_series(1, 10000) AS i, seed s;

INSERT INTO changelog_categories (org_id, id, name)
SELECT s.orgs[i % 5 + 1], left(md5('category' || i), 24), 'Category ' || i
FROM generate_series(1, 100) AS i, seed s;

INSERT INTO changelogs (org_id, id, date)
SELECT s.orgs[i % 5 + 1], left(md5('changelog' || i), 24),
       now() - i * interval '1 hour'
FROM generate_series(1, 5000) AS i, seed s;

INSERT INTO changelog_locales (org_id, changelog_id, locale, slug, title,
                               content, content_text)
SELECT s.orgs[i % 5 + 1], left(md5('changelog' || i), 24), 'en',
       'changelog-' || i, 'Changelog ' || i, '<p>Changes</p>', 'Changes'
FROM generate_series(1, 5000) AS i, seed s;

INSERT INTO changelog_category_links (org_id, changelog_id, category_id)
SELECT s.orgs[i % 5 + 1], left(md5('changelog' || i), 24),
       left(md5('category' || (i % 100 + 1)), 24)
FROM generate_series(1, 5000) AS i, seed s;

INSERT INTO changelog_subscribers (org_id, email, locale)
SELECT s.orgs[i % 5 + 1], 'subscriber' || i || '@seed.example', 'en'
FROM generate_series(1, 10000) AS i, seed s;

INSERT INTO email_outbox (org_id, kind, recipient, subject, body_html,
                          body_text, state, created_at)
SELECT s.orgs[i % 5 + 1], 'changelog', 'subscriber' || i || '@seed.example',
       'Changes', '<p>Changes</p>', 'Changes',
       CASE WHEN i % 100 = 0 THEN 'pending' ELSE 'sent' END,
       now() - i * interval '1 second'
FROM generate_series(1, 10000) AS i, seed s;

INSERT INTO events (org_id, id, topic, item, created_at)
SELECT s.orgs[i % 5 + 1], left(md5('event' || i), 24), 'post.created',
       jsonb_build_object('id', left(md5('post' || i), 24)),
       now() - i * interval '1 second'
FROM generate_series(1, 10000) AS i, seed s;

INSERT INTO webhooks (org_id, id, name, url, secret, topics)
SELECT s.orgs[i % 5 + 1], left(md5('webhook' || i), 24), 'Hook ' || i,
       'https://hooks.seed.example/' || i, md5('secret' || i),
       ARRAY['post.created']
FROM generate_series(1, 100) AS i, seed s;

INSERT INTO webhook_slots (org_id, webhook_id, n)
SELECT s.orgs[i % 5 + 1], left(md5('webhook' || i), 24), 0
FROM generate_series(1, 100) AS i, seed s;

INSERT INTO webhook_deliveries (org_id, id, webhook_id, event_id, state,
                                created_at)
SELECT s.orgs[i % 5 + 1], left(md5('delivery' || i), 24),
       left(md5('webhook' || (i % 100 + 1)), 24), left(md5('event' || i), 24),
       CASE WHEN i % 100 = 0 THEN 'pending' ELSE 'delivered' END,
       now() - i * interval '1 second'
FROM generate_series(1, 10000) AS i, seed s;

INSERT INTO webhook_delivery_attempts (org_id, delivery_id, webhook_id,
                                       attempt, outcome, duration_ms)
SELECT s.orgs[i % 5 + 1], left(md5('delivery' || i), 24),
       left(md5('webhook' || (i % 100 + 1)), 24), 1, 'delivered', 40
FROM generate_series(1, 10000) AS i, seed s;

INSERT INTO files (org_id, key, content_type)
SELECT s.orgs[i % 5 + 1], md5('file' || i), 'image/png'
FROM generate_series(1, 10000) AS i, seed s;

INSERT INTO idempotency_keys (org_id, api_key, method, path, idem_key,
                              body_hash, state)
SELECT s.orgs[i % 5 + 1], 'key' || i % 50, 'POST', '/v2/posts',
       'idem-' || i, md5('body' || i), 'done'
FROM generate_series(1, 10000) AS i, seed s;

INSERT INTO conversation_tags (org_id, id, name)
SELECT s.orgs[i % 5 + 1], left(md5('ctag' || i), 24), 'ctag' || i
FROM generate_series(1, 500) AS i, seed s;

INSERT INTO conversations (org_id, id, channel, delivered_as, state,
                           brand_id, created_at)
SELECT s.orgs[i % 5 + 1], left(md5('conversation' || i), 24),
       'desktop', 'customer_initiated',
       CASE WHEN i % 3 = 0 THEN 'closed' ELSE 'open' END,
       left(md5('brand' || (i % 500 + 1)), 24),
       now() - i * interval '1 minute'
FROM generate_series(1, 10000) AS i, seed s;

-- The rollup of new conversations (sql/041; triggers are off here):
-- one delta row per conversation, and every other hour folded.
INSERT INTO report_conversation_hours (org_id, hour, channel, state,
    priority, initiator, language, team_id, assignee_id, brand_id, n, delta)
SELECT org_id, date_trunc('hour', created_at, 'UTC'), channel, state,
       priority, delivered_as, language, team_assignee_id,
       admin_assignee_id, brand_id, 1, extract(hour FROM created_at)::int % 2 = 0
FROM conversations;
INSERT INTO report_first_reply_hours (org_id, hour, channel, state,
    priority, initiator, language, team_id, assignee_id, brand_id, i, n,
    tot, delta)
SELECT org_id, date_trunc('hour', created_at, 'UTC'), channel, state,
       priority, delivered_as, language, team_assignee_id,
       admin_assignee_id, brand_id, 300 + extract(minute FROM created_at)::int,
       1, 60000, extract(hour FROM created_at)::int % 2 = 0
FROM conversations;
INSERT INTO report_first_reply_days (org_id, day, i, n, tot)
SELECT org_id, date_trunc('day', hour, 'UTC'), i, sum(n), sum(tot)
FROM report_first_reply_hours
GROUP BY 1, 2, 3;
-- their days and months (sql/047)
INSERT INTO report_conversation_days (org_id, day, channel, state, priority,
    initiator, language, team_id, assignee_id, brand_id, n)
SELECT org_id, date_trunc('day', hour, 'UTC'), channel, state, priority,
       initiator, language, team_id, assignee_id, brand_id, sum(n)
FROM report_conversation_hours
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
INSERT INTO report_first_reply_months (org_id, month, i, n, tot)
SELECT org_id, date_trunc('month', day, 'UTC'), i, sum(n), sum(tot)
FROM report_first_reply_days
GROUP BY 1, 2, 3;

INSERT INTO conversation_parts (org_id, conversation_id, n, part_type,
                                author_kind, author_id, body_html)
SELECT s.orgs[i % 5 + 1], left(md5('conversation' || (i % 10000 + 1)), 24),
       i, 'user_msg', 'contact', left(md5('contact' || (i % 10000 + 1)), 24),
       '<p>Hello</p>'
FROM generate_series(1, 10000) AS i, seed s;

INSERT INTO conversation_participants (org_id, conversation_id, kind,
                                       user_id)
SELECT s.orgs[i % 5 + 1], left(md5('conversation' || i), 24),
       'contact', left(md5('contact' || i), 24)
FROM generate_series(1, 10000) AS i, seed s;

INSERT INTO conversation_tag_links (org_id, conversation_id, tag_id,
                                    applied_by)
SELECT s.orgs[i % 5 + 1], left(md5('conversation' || i), 24),
       left(md5('ctag' || (i % 500 + 1)), 24), '{}'
FROM generate_series(1, 10000) AS i, seed s;

INSERT INTO ticket_categories (org_id, id, category_type, name)
SELECT s.orgs[i % 5 + 1], left(md5('ticketcat' || i), 24), 'customer',
       'Category ' || i
FROM generate_series(1, 50) AS i, seed s;

INSERT INTO ticket_statuses (org_id, id, name, color, type)
SELECT s.orgs[i % 5 + 1], left(md5('ticketstatus' || i), 24),
       'Status ' || i, 'Blue', 'active'
FROM generate_series(1, 50) AS i, seed s;

INSERT INTO tickets (org_id, id, number, category_id, title, status_id,
                     created_at)
SELECT s.orgs[i % 5 + 1], left(md5('ticket' || i), 24), i,
       left(md5('ticketcat' || (i % 50 + 1)), 24), 'Ticket ' || i,
       left(md5('ticketstatus' || (i % 50 + 1)), 24),
       now() - i * interval '1 minute'
FROM generate_series(1, 10000) AS i, seed s;

INSERT INTO surveys (org_id, id, title)
SELECT s.orgs[i % 5 + 1], left(md5('survey' || i), 24), 'Survey ' || i
FROM generate_series(1, 100) AS i, seed s;

INSERT INTO survey_responses (org_id, survey_id, answers)
SELECT s.orgs[i % 5 + 1], left(md5('survey' || (i % 100 + 1)), 24), '[]'
FROM generate_series(1, 10000) AS i, seed s;

INSERT INTO audit_logs (org_id, id, action, domain, actor_type,
                        target_type, target_id, created_at)
SELECT s.orgs[i % 5 + 1], left(md5('audit' || i), 24), 'post.created',
       'feedback', 'api_key', 'post', left(md5('post' || i), 24),
       now() - i * interval '1 minute'
FROM generate_series(1, 10000) AS i, seed s;

-- The help center (sql/038): one per organization (the trigger that makes
-- it is off here), and for five of them collections, articles in two
-- locales, old slugs and redirect rules.
INSERT INTO help_centers (org_id, id)
SELECT o.id, left(md5('hc' || o.n), 16) FROM seed_orgs o
WHERE NOT EXISTS (SELECT 1 FROM help_centers h WHERE h.org_id = o.id);

CREATE TEMPORARY TABLE seed_hc AS
SELECT array_agg(h.id ORDER BY o.n) AS hcs
FROM seed_orgs o JOIN help_centers h ON h.org_id = o.id WHERE o.n < 5;

INSERT INTO help_center_translations (org_id, help_center_id, locale, title)
SELECT o.id, h.id, 'en', 'Help ' || o.n
FROM seed_orgs o JOIN help_centers h ON h.org_id = o.id
ON CONFLICT DO NOTHING;

INSERT INTO help_center_collections (org_id, id, help_center_id, parent_id,
                                     created_at)
SELECT s.orgs[i % 5 + 1], left(md5('hccol' || i), 16), c.hcs[i % 5 + 1],
       CASE WHEN i > 500 THEN left(md5('hccol' || (i - 500)), 16) END,
       now() - i * interval '1 minute'
FROM generate_series(1, 2000) AS i, seed s, seed_hc c;

INSERT INTO help_center_collection_translations (org_id, collection_id,
                                                 locale, name, slug)
SELECT s.orgs[i % 5 + 1], left(md5('hccol' || i), 16), l,
       'Collection ' || i, left(md5('hccol' || i), 16) || '-collection-' || i
FROM generate_series(1, 2000) AS i, seed s, unnest(ARRAY['en', 'de']) AS l;

INSERT INTO help_center_articles (org_id, id, help_center_id, parent_id,
                                  author_id, state, created_at, updated_at)
SELECT s.orgs[i % 5 + 1], left(md5('hcart' || i), 16), c.hcs[i % 5 + 1],
       CASE WHEN i % 10 <> 0
            THEN left(md5('hccol' || ((i - 1) % 2000 + 1)), 16) END,
       left(md5('admin' || ((i - 1) % 2000 + 1)), 24),
       CASE WHEN i % 4 = 0 THEN 'draft' ELSE 'live' END,
       now() - i * interval '1 minute', now() - i * interval '30 seconds'
FROM generate_series(1, 20000) AS i, seed s, seed_hc c;

INSERT INTO help_center_article_translations (
    org_id, article_id, locale, title, body, body_text, live_title,
    live_body, live_body_text, published_at, slug)
SELECT s.orgs[i % 5 + 1], left(md5('hcart' || i), 16), l,
       'Article ' || i || ' about ' || (ARRAY['billing', 'voting', 'boards',
           'roadmaps', 'changelogs', 'widgets'])[i % 6 + 1],
       '<p>How to use feature ' || i || '</p>', 'How to use feature ' || i,
       CASE WHEN i % 4 <> 0 THEN 'Article ' || i END,
       CASE WHEN i % 4 <> 0 THEN '<p>How to use feature ' || i || '</p>' END,
       CASE WHEN i % 4 <> 0 THEN 'How to use feature ' || i END,
       CASE WHEN i % 4 <> 0 THEN now() END,
       left(md5('hcart' || i), 16) || '-article-' || i
FROM generate_series(1, 20000) AS i, seed s, unnest(ARRAY['en', 'de']) AS l;

INSERT INTO help_center_old_slugs (org_id, locale, slug, article_id)
SELECT s.orgs[i % 5 + 1], 'en', left(md5('hcart' || i), 16) || '-old-' || i,
       left(md5('hcart' || i), 16)
FROM generate_series(1, 2000) AS i, seed s;

INSERT INTO help_center_redirect_rules (org_id, id, help_center_id, locale,
                                        from_url, target_type, target_id,
                                        created_at)
SELECT s.orgs[i % 5 + 1], left(md5('hcrule' || i), 24), c.hcs[i % 5 + 1],
       'en', 'https://help.seed' || (i % 5) || '.example/old/' || i,
       'article', left(md5('hcart' || i), 16),
       now() - i * interval '1 minute'
FROM generate_series(1, 10000) AS i, seed s, seed_hc c;

-- Imports (sql/045): what they brought (a claim per object), their runs
-- and each run's checkpoints.
INSERT INTO import_ids (id, org_id, family)
SELECT left(md5('post' || i), 24), s.orgs[i % 5 + 1],
       (ARRAY['posts', 'comments', 'contacts'])[i % 3 + 1]
FROM generate_series(1, 30000) AS i, seed s;

INSERT INTO import_runs (org_id, id, source, finished_at)
SELECT s.orgs[i % 5 + 1], left(md5('imprun' || i), 24),
       'https://source' || i || '.example/v2', now()
FROM generate_series(1, 500) AS i, seed s;

INSERT INTO import_checkpoints (org_id, run_id, family, done)
SELECT s.orgs[i % 5 + 1], left(md5('imprun' || i), 24), f, true
FROM generate_series(1, 500) AS i, seed s,
     unnest(ARRAY['boards', 'posts', 'comments']) AS f;

-- What runs could not carry (sql/050): a few notes a run.
INSERT INTO import_notes (org_id, run_id, family, item, why)
SELECT s.orgs[(i % 500 + 1) % 5 + 1],
       left(md5('imprun' || (i % 500 + 1)), 24),
       'conversation_parts', 'https://files' || i || '.example/x.png',
       'refused'
FROM generate_series(1, 5000) AS i, seed s;

SET session_replication_role = DEFAULT;
