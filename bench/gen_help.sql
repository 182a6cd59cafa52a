-- The help center of bench/help_search.sh (t/api/test_help_search_bench.py),
-- made set-based in the organization :org: available in en, de, fr, es
-- and it, on the external domain :domain; 40 collections (8 with 4
-- children each); :n live articles and :n / 10 drafts, every one
-- translated in the 5 locales.
--
-- The words: each translation's title (3 to 7 words), description (8 to
-- 15) and body (150 to 449 words in paragraphs of 40) are drawn from its
-- locale's vocabulary of 20,000 made-up words (letters a to p only, so
-- that none is a planted word below) by a Zipf-like law (word k with a
-- probability about 1/k), with the locale's own stop words for a third
-- of the tokens.  Planted, in every article's translations at a place
-- of their body (and in the title of a fifth of them):
--   common  15 % of the articles: en "export", de "Export", fr
--           "exportation", es "exportación", it "esportazione";
--   invoice 8 %: en "invoices", de "Rechnungen", fr "factures", es
--           "facturas", it "fatture";
--   rare    5 live articles (n >= 5): "zeppelin" in every locale.
-- The search vectors (search, draft_search) are the table's generated
-- columns (sql/038's fb_hc_words), computed by PostgreSQL as for any
-- write of the API.
--
--   psql -v org=ORG -v n=5000 -v domain=help.example.test -f gen_help.sql
\set ON_ERROR_STOP 1
BEGIN;

SELECT id AS hc FROM help_centers WHERE org_id = :'org' \gset
SELECT a.id AS author FROM admins a WHERE a.org_id = :'org'
ORDER BY a.created_at LIMIT 1 \gset

UPDATE help_centers
SET external_domain = :'domain', default_locale = 'en',
    available_locales = '{en,de,fr,es,it}'
WHERE org_id = :'org' AND id = :'hc';

INSERT INTO help_center_translations (org_id, help_center_id, locale,
                                      display_name, title, description,
                                      search_placeholder)
SELECT :'org', :'hc', l, 'Bench', 'Bench help (' || l || ')',
       'Answers for the bench.', 'Search...'
FROM unnest('{en,de,fr,es,it}'::text[]) l
ON CONFLICT (org_id, help_center_id, locale) DO UPDATE
SET display_name = EXCLUDED.display_name, title = EXCLUDED.title,
    description = EXCLUDED.description;

-- The locales, their stop words and planted words.
CREATE TEMP TABLE hb_locale AS
SELECT * FROM (VALUES
    (1, 'en', '{the,and,to,of,a,in,you,is,for,your,it,on,with,can}'::text[],
     'export', 'invoices'),
    (2, 'de', '{der,die,und,zu,den,das,ist,mit,sie,von,ein,auf,für,nicht}',
     'Export', 'Rechnungen'),
    (3, 'fr', '{le,la,de,et,les,des,vous,pour,un,une,est,dans,en,sur}',
     'exportation', 'factures'),
    (4, 'es', '{el,la,de,y,que,en,los,para,un,una,con,por,las,se}',
     'exportación', 'facturas'),
    (5, 'it', '{il,la,di,e,che,per,un,una,in,con,non,le,da,si}',
     'esportazione', 'fatture')) AS v (i, locale, stop, common, invoice);

-- A made-up word k of a locale (4 to 10 letters of a to p).
CREATE FUNCTION pg_temp.hb_word(p_locale text, p_k int) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
    SELECT translate(substr(md5(p_locale || p_k), 1, 4 + p_k % 7),
                     '0123456789', 'ghijklmnop')
$$;

-- n words of a locale, the Zipf-like law, a third stop words; every
-- 40th begins a paragraph when para is set.
CREATE FUNCTION pg_temp.hb_words(p_locale text, p_stop text[], p_n int,
                                 p_para boolean) RETURNS text
LANGUAGE sql VOLATILE AS $$
    SELECT string_agg(CASE WHEN p_para AND s % 40 = 0 THEN '</p><p>'
                           ELSE '' END
                      || CASE WHEN random() < 0.33
                              THEN p_stop[1 + floor(random()
                                   * array_length(p_stop, 1))::int]
                              ELSE pg_temp.hb_word(p_locale,
                                   floor(exp(random() * ln(20000)))::int)
                         END, ' ' ORDER BY s)
    FROM generate_series(1, p_n) s
$$;

-- Collections: 8 at the top, 4 children under each.
CREATE TEMP TABLE hb_coll AS
SELECT g, fb_short_id() AS id,
       CASE WHEN g > 8 THEN (g - 9) / 4 + 1 END AS parent_g
FROM generate_series(1, 40) g;
INSERT INTO help_center_collections (org_id, id, help_center_id, parent_id,
                                     icon_type, icon_value, position)
SELECT :'org', c.id, :'hc', p.id, 'emoji', '📚', c.g
FROM hb_coll c LEFT JOIN hb_coll p ON p.g = c.parent_g
ORDER BY c.g;
INSERT INTO help_center_collection_translations (org_id, collection_id,
                                                 locale, name, description,
                                                 slug)
SELECT :'org', c.id, l.locale, x.name, 'About ' || x.name,
       fb_hc_slug(c.id, x.name)
FROM hb_coll c, hb_locale l,
LATERAL (SELECT initcap(pg_temp.hb_word(l.locale, 50 + c.g)) || ' '
                || pg_temp.hb_word(l.locale, 100 + c.g) AS name) x;

-- Articles: 1 .. n live, the rest drafts; created over two years.
CREATE TEMP TABLE hb_art AS
SELECT g, fb_short_id() AS id, g <= :n AS live,
       now() - ((:n + :n / 10 - g) * interval '2 years' / (:n + :n / 10))
           AS created,
       (g * 7919) % 100 < 15 AS common,
       (g * 104729) % 100 < 8 AS invoice,
       g <= :n AND g % nullif(:n / 5, 0) = 7 % nullif(:n / 5, 0) AS rare
FROM generate_series(1, :n + :n / 10) g;
INSERT INTO help_center_articles (org_id, id, help_center_id, parent_id,
                                  author_id, state, position, created_at,
                                  updated_at, live_updated_at)
SELECT :'org', a.id, :'hc', c.id, :'author',
       CASE WHEN a.live THEN 'live' ELSE 'draft' END, a.g, a.created,
       a.created + interval '1 hour',
       CASE WHEN a.live THEN a.created + interval '1 hour' END
FROM hb_art a JOIN hb_coll c ON c.g = 1 + a.g % 40
ORDER BY a.g;

-- The translations: texts drawn, the planted words put in the body's
-- first paragraph (and the title of a fifth of the common ones).
INSERT INTO help_center_article_translations (
    org_id, article_id, locale, title, description, body, body_text,
    live_title, live_description, live_body, live_body_text, published_at,
    slug, created_at, updated_at)
SELECT :'org', a.id, l.locale, x.title, x.description, x.body, x.body_text,
       CASE WHEN a.live THEN x.title END,
       CASE WHEN a.live THEN x.description END,
       CASE WHEN a.live THEN x.body END,
       CASE WHEN a.live THEN x.body_text END,
       CASE WHEN a.live THEN a.created + interval '1 hour' END,
       fb_hc_slug(a.id, x.title), a.created, a.created + interval '1 hour'
FROM hb_art a, hb_locale l,
LATERAL (SELECT initcap(pg_temp.hb_words(l.locale, l.stop,
                                         3 + (a.g + l.i) % 5, false))
                || CASE WHEN a.common AND a.g % 5 = 0
                        THEN ' ' || l.common ELSE '' END AS title,
                pg_temp.hb_words(l.locale, l.stop, 8 + (a.g * 3 + l.i) % 8,
                                 false) AS description,
                concat_ws(' ', pg_temp.hb_words(l.locale, l.stop,
                                                5 + a.g % 20, false),
                          CASE WHEN a.common THEN l.common END,
                          CASE WHEN a.invoice THEN l.invoice END,
                          CASE WHEN a.rare THEN 'zeppelin' END,
                          pg_temp.hb_words(l.locale, l.stop,
                                           150 + (a.g * 31 + l.i * 17) % 300,
                                           true)) AS words) x0,
LATERAL (SELECT x0.title, x0.description,
                '<p>' || x0.words || '</p>' AS body,
                regexp_replace(x0.words, '</p><p>', E'\n', 'g')
                    AS body_text) x;

COMMIT;
ANALYZE help_centers;
ANALYZE help_center_collections;
ANALYZE help_center_collection_translations;
ANALYZE help_center_articles;
ANALYZE help_center_article_translations;
