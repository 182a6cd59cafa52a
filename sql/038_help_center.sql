-- 038: the help center: one per organization (made here for every
-- organization and by trigger for each new one), its collections (a tree),
-- articles (a draft and a live copy per locale, with full text per locale),
-- the slugs they had (for 301s) and redirect rules (docs/decisions.md,
-- "The help center").
--
-- Ids of help centers, collections and articles are 16 characters of
-- [0-9a-z], as the reference's request schemas take (at most 16,
-- alphanumeric); redirect rules keep the 24-character ids of the rest.
--
-- URLs (written by the API, served by the public pages):
--   featurebaseUrl  <portal URL>/<subpath>/<locale>/articles/<slug>
--                   <portal URL>/<subpath>/<locale>/collections/<slug>
--   externalUrl     https://<external_domain>/<locale>/articles/<slug>
--                   https://<external_domain>/<locale>/collections/<slug>
-- A slug is the object's id, a dash and its name made plain
-- (fb_hc_slug), per locale; the id alone when the name has no letter of
-- [a-z0-9].  The slugs an object had are kept in help_center_old_slugs.

-- The reference's 42 locales, in its order.
CREATE FUNCTION fb_hc_locales() RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT ARRAY['bn', 'bs', 'pt-BR', 'bg', 'ca', 'hr', 'cs', 'da', 'nl',
                 'en', 'et', 'fi', 'fr', 'de', 'el', 'hi', 'hu', 'id', 'it',
                 'ja', 'ko', 'lv', 'lt', 'ms', 'mn', 'nb', 'pl', 'pt', 'ro',
                 'ru', 'sr', 'zh-CN', 'sk', 'sl', 'es', 'sw', 'sv', 'th',
                 'zh-TW', 'tr', 'uk', 'vi']
$$;

-- A help center's, collection's or article's id: 16 characters of
-- [0-9a-z] from the CSPRNG (bytes at or above 252 skipped, so that each
-- character is equally likely).
CREATE FUNCTION fb_short_id() RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    alphabet constant text := '0123456789abcdefghijklmnopqrstuvwxyz';
    pool bytea := gen_random_bytes(24);
    body text := '';
    i int := 0;
    b int;
BEGIN
    WHILE length(body) < 16 LOOP
        IF i = 24 THEN
            pool := gen_random_bytes(24);
            i := 0;
        END IF;
        b := get_byte(pool, i);
        i := i + 1;
        IF b < 252 THEN
            body := body || substr(alphabet, b % 36 + 1, 1);
        END IF;
    END LOOP;
    RETURN body;
END
$$;

-- A slug: the id, then the name lowercased with every run of other
-- characters than [a-z0-9] made one dash (at most 80 characters).
CREATE FUNCTION fb_hc_slug(p_id text, p_name text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT p_id || coalesce('-' || nullif(trim(BOTH '-' FROM left(
        trim(BOTH '-' FROM regexp_replace(lower(coalesce(p_name, '')),
                                          '[^a-z0-9]+', '-', 'g')), 80)),
        ''), '')
$$;

-- The text search configuration of a locale: the language's own where
-- this PostgreSQL has one (stemming, stop words), 'simple' elsewhere.
-- Made from the server's catalogue, so a PostgreSQL with more languages
-- (16 adds catalan, greek's and hindi's come with some builds) uses
-- them; a migration never changes afterwards, and the search columns
-- below are computed by it when a row is written.
DO $$
DECLARE
    wanted constant text[][] := ARRAY[
        ['ca', 'catalan'], ['da', 'danish'], ['nl', 'dutch'],
        ['en', 'english'], ['fi', 'finnish'], ['fr', 'french'],
        ['de', 'german'], ['el', 'greek'], ['hi', 'hindi'],
        ['hu', 'hungarian'], ['id', 'indonesian'], ['it', 'italian'],
        ['lt', 'lithuanian'], ['nb', 'norwegian'], ['pt', 'portuguese'],
        ['pt-BR', 'portuguese'], ['ro', 'romanian'], ['ru', 'russian'],
        ['sr', 'serbian'], ['es', 'spanish'], ['sv', 'swedish'],
        ['tr', 'turkish']];
    arms text := '';
    i int;
BEGIN
    FOR i IN 1 .. array_length(wanted, 1) LOOP
        IF EXISTS (SELECT 1 FROM pg_ts_config
                   WHERE cfgname = wanted[i][2]
                     AND cfgnamespace = 'pg_catalog'::regnamespace) THEN
            arms := arms || format(' WHEN %L THEN %L::regconfig',
                                   wanted[i][1], 'pg_catalog.' || wanted[i][2]);
        END IF;
    END LOOP;
    EXECUTE format(
        'CREATE FUNCTION fb_hc_ts_config(p_locale text) RETURNS regconfig '
        'LANGUAGE sql IMMUTABLE PARALLEL SAFE AS '
        '$f$ SELECT CASE p_locale %s ELSE %L::regconfig END $f$',
        arms, 'pg_catalog.simple');
END
$$;

-- The words of one translation: title first, then description, then
-- the body's plain text.
CREATE FUNCTION fb_hc_words(p_locale text, p_title text,
                            p_description text, p_body_text text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT setweight(to_tsvector(fb_hc_ts_config(p_locale),
                                 coalesce(p_title, '')), 'A')
        || setweight(to_tsvector(fb_hc_ts_config(p_locale),
                                 coalesce(p_description, '')), 'B')
        || setweight(to_tsvector(fb_hc_ts_config(p_locale),
                                 coalesce(p_body_text, '')), 'C')
$$;

-- One help center per organization.  Its texts per locale are
-- help_center_translations; the default locale's row always exists and
-- gives the object's top-level displayName, title, description,
-- searchPlaceholder and navItems.
CREATE TABLE help_centers (
    org_id            text NOT NULL REFERENCES organizations
                      ON DELETE CASCADE,
    id                text NOT NULL DEFAULT fb_short_id()
                      CHECK (id ~ '^[a-zA-Z0-9]{1,16}$'),
    is_public         boolean NOT NULL DEFAULT true,
    hide_author_info  boolean NOT NULL DEFAULT false,
    hide_date_info    boolean NOT NULL DEFAULT false,
    external_links_new_tab boolean NOT NULL DEFAULT true,
    internal_links_new_tab boolean NOT NULL DEFAULT false,
    default_locale    text NOT NULL DEFAULT 'en',
    available_locales text[] NOT NULL DEFAULT '{en}',
    -- The path under the organization's portal URL, one segment.
    subpath           text NOT NULL DEFAULT 'help'
                      CHECK (subpath ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
    -- A host name, lowercase, without port: the custom domain the
    -- public pages answer on and redirect rules' fromUrl must name.
    external_domain   text
                      CHECK (external_domain ~ '^[a-z0-9.-]{1,253}$'),
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id),
    CHECK (default_locale = ANY (fb_hc_locales())),
    CHECK (available_locales <@ fb_hc_locales()),
    CHECK (default_locale = ANY (available_locales))
);
-- One per organization for now, as the hosted API has it.
CREATE UNIQUE INDEX help_centers_one_per_org ON help_centers (org_id);
-- The public pages find a help center by the request's host.
CREATE UNIQUE INDEX help_centers_external_domain
    ON help_centers (external_domain) WHERE external_domain IS NOT NULL;
CREATE INDEX help_centers_list ON help_centers (org_id, created_at, id);

CREATE TABLE help_center_translations (
    org_id             text NOT NULL,
    help_center_id     text NOT NULL,
    locale             text NOT NULL
                       CHECK (locale = ANY (fb_hc_locales())),
    display_name       text,
    title              text,
    description        text,
    search_placeholder text,
    -- [{type: link|button, title, url, icon}], as the API takes them.
    nav_items          jsonb NOT NULL DEFAULT '[]'
                       CHECK (jsonb_typeof(nav_items) = 'array'),
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, help_center_id, locale),
    FOREIGN KEY (org_id, help_center_id) REFERENCES help_centers (org_id, id)
        ON DELETE CASCADE
);

-- Collections: a tree through parent_id within one help center.  The
-- API bounds its depth and refuses cycles; deleting one moves its
-- sub-collections and articles to its parent (docs/decisions.md).
CREATE TABLE help_center_collections (
    org_id           text NOT NULL,
    id               text NOT NULL DEFAULT fb_short_id()
                     CHECK (id ~ '^[a-zA-Z0-9]{1,16}$'),
    help_center_id   text NOT NULL,
    parent_id        text CHECK (parent_id <> id),
    icon_type        text CHECK (icon_type IN ('emoji', 'predefined')),
    icon_value       text,
    position         integer,
    collapse_sidebar boolean NOT NULL DEFAULT false,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id),
    CHECK ((icon_type IS NULL) = (icon_value IS NULL)),
    FOREIGN KEY (org_id, help_center_id) REFERENCES help_centers (org_id, id)
        ON DELETE CASCADE,
    FOREIGN KEY (org_id, parent_id)
        REFERENCES help_center_collections (org_id, id)
);
CREATE INDEX help_center_collections_list
    ON help_center_collections (org_id, created_at, id);
CREATE INDEX help_center_collections_center
    ON help_center_collections (org_id, help_center_id, created_at, id);
CREATE INDEX help_center_collections_parent
    ON help_center_collections (org_id, parent_id, created_at, id);

CREATE TABLE help_center_collection_translations (
    org_id        text NOT NULL,
    collection_id text NOT NULL,
    locale        text NOT NULL CHECK (locale = ANY (fb_hc_locales())),
    name          text NOT NULL,
    description   text,
    slug          text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, collection_id, locale),
    FOREIGN KEY (org_id, collection_id)
        REFERENCES help_center_collections (org_id, id) ON DELETE CASCADE
);
CREATE INDEX help_center_collection_translations_slug
    ON help_center_collection_translations (org_id, locale, slug);

-- Articles.  state is the article's: 'live' once published (its live
-- copies below are what readers see), 'draft' before and after
-- unpublishing.
CREATE TABLE help_center_articles (
    org_id          text NOT NULL,
    id              text NOT NULL DEFAULT fb_short_id()
                    CHECK (id ~ '^[a-zA-Z0-9]{1,16}$'),
    help_center_id  text NOT NULL,
    parent_id       text,
    author_id       text,
    icon_type       text CHECK (icon_type IN ('emoji', 'predefined')),
    icon_value      text,
    state           text NOT NULL DEFAULT 'draft'
                    CHECK (state IN ('live', 'draft')),
    position        integer,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    live_updated_at timestamptz,
    PRIMARY KEY (org_id, id),
    CHECK ((icon_type IS NULL) = (icon_value IS NULL)),
    FOREIGN KEY (org_id, help_center_id) REFERENCES help_centers (org_id, id)
        ON DELETE CASCADE,
    FOREIGN KEY (org_id, parent_id)
        REFERENCES help_center_collections (org_id, id),
    FOREIGN KEY (org_id, author_id) REFERENCES admins (org_id, id)
        ON DELETE SET NULL (author_id)
);
CREATE INDEX help_center_articles_list
    ON help_center_articles (org_id, created_at, id);
CREATE INDEX help_center_articles_state
    ON help_center_articles (org_id, state, created_at, id);
CREATE INDEX help_center_articles_center
    ON help_center_articles (org_id, help_center_id, created_at, id);
CREATE INDEX help_center_articles_parent
    ON help_center_articles (org_id, parent_id, created_at, id);
CREATE INDEX help_center_articles_updated
    ON help_center_articles (org_id, updated_at, id);
CREATE INDEX help_center_articles_author
    ON help_center_articles (org_id, author_id) WHERE author_id IS NOT NULL;

-- An article's texts in one locale: the draft (title, description,
-- body) and, once published in that locale, the live copy (live_*,
-- published_at).  body and live_body are sanitized HTML whose images are
-- stored files (sql/014's triggers below); *_text their plain text, made
-- by the write that sets them.  search holds the live copy's words and
-- draft_search the draft's, each with the locale's configuration.
CREATE TABLE help_center_article_translations (
    org_id           text NOT NULL,
    article_id       text NOT NULL,
    locale           text NOT NULL CHECK (locale = ANY (fb_hc_locales())),
    title            text NOT NULL,
    description      text,
    body             text NOT NULL DEFAULT '',
    body_text        text NOT NULL DEFAULT '',
    live_title       text,
    live_description text,
    live_body        text,
    live_body_text   text,
    published_at     timestamptz,
    slug             text NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    search           tsvector GENERATED ALWAYS AS (
        CASE WHEN published_at IS NOT NULL THEN
            fb_hc_words(locale, live_title, live_description, live_body_text)
        END) STORED,
    draft_search     tsvector GENERATED ALWAYS AS (
        fb_hc_words(locale, title, description, body_text)) STORED,
    PRIMARY KEY (org_id, article_id, locale),
    CHECK ((published_at IS NULL) = (live_title IS NULL)),
    FOREIGN KEY (org_id, article_id)
        REFERENCES help_center_articles (org_id, id) ON DELETE CASCADE
);
CREATE INDEX help_center_article_translations_slug
    ON help_center_article_translations (org_id, locale, slug);
CREATE INDEX help_center_article_translations_search
    ON help_center_article_translations USING gin (org_id, locale, search);
CREATE INDEX help_center_article_translations_draft_search
    ON help_center_article_translations
    USING gin (org_id, locale, draft_search);

-- The slugs articles and collections had before their name changed, per
-- locale, so that the public pages answer an old URL with 301 to the
-- current one.  Gone with their object.
CREATE TABLE help_center_old_slugs (
    org_id        text NOT NULL,
    locale        text NOT NULL CHECK (locale = ANY (fb_hc_locales())),
    slug          text NOT NULL,
    article_id    text,
    collection_id text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, locale, slug),
    CHECK ((article_id IS NULL) <> (collection_id IS NULL)),
    FOREIGN KEY (org_id, article_id)
        REFERENCES help_center_articles (org_id, id) ON DELETE CASCADE,
    FOREIGN KEY (org_id, collection_id)
        REFERENCES help_center_collections (org_id, id) ON DELETE CASCADE
);
CREATE INDEX help_center_old_slugs_article
    ON help_center_old_slugs (org_id, article_id)
    WHERE article_id IS NOT NULL;
CREATE INDEX help_center_old_slugs_collection
    ON help_center_old_slugs (org_id, collection_id)
    WHERE collection_id IS NOT NULL;

-- Redirect rules: an old URL on the help center's custom domain to an
-- article or collection, resolved in the rule's locale.  from_url is
-- normalized by the API (scheme and host lowercased, no query, no
-- fragment, no trailing slash) and unique per help center.  A rule is
-- deleted with its target (by the target's delete).
CREATE TABLE help_center_redirect_rules (
    org_id         text NOT NULL,
    id             text NOT NULL DEFAULT fb_object_id(),
    help_center_id text NOT NULL,
    locale         text NOT NULL CHECK (locale = ANY (fb_hc_locales())),
    from_url       text NOT NULL,
    target_type    text NOT NULL
                   CHECK (target_type IN ('article', 'collection')),
    target_id      text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id),
    UNIQUE (org_id, help_center_id, from_url),
    FOREIGN KEY (org_id, help_center_id) REFERENCES help_centers (org_id, id)
        ON DELETE CASCADE
);
CREATE INDEX help_center_redirect_rules_list
    ON help_center_redirect_rules (org_id, created_at, id);
CREATE INDEX help_center_redirect_rules_center
    ON help_center_redirect_rules (org_id, help_center_id, created_at, id);
CREATE INDEX help_center_redirect_rules_from
    ON help_center_redirect_rules (org_id, from_url);
CREATE INDEX help_center_redirect_rules_target
    ON help_center_redirect_rules (org_id, target_type, target_id);

-- Stored images follow the articles' HTML, as sql/014 made them follow
-- posts', comments' and changelogs'.
CREATE TRIGGER help_center_article_translations_files_insert
    AFTER INSERT ON help_center_article_translations FOR EACH ROW
    WHEN (NEW.body LIKE '%<img src="https://files.feedback.invalid/%'
          OR NEW.live_body LIKE '%<img src="https://files.feedback.invalid/%')
    EXECUTE FUNCTION fb_files_follow_content('body', 'live_body');
CREATE TRIGGER help_center_article_translations_files_delete
    AFTER DELETE ON help_center_article_translations FOR EACH ROW
    WHEN (OLD.body LIKE '%<img src="https://files.feedback.invalid/%'
          OR OLD.live_body LIKE '%<img src="https://files.feedback.invalid/%')
    EXECUTE FUNCTION fb_files_follow_content('body', 'live_body');
CREATE TRIGGER help_center_article_translations_files_update
    AFTER UPDATE ON help_center_article_translations FOR EACH ROW
    WHEN (OLD.body IS DISTINCT FROM NEW.body
          OR OLD.live_body IS DISTINCT FROM NEW.live_body)
    EXECUTE FUNCTION fb_files_follow_content('body', 'live_body');

-- An organization's help center, with its default locale's texts.
CREATE FUNCTION fb_help_center_create(p_org text, p_name text,
                                      p_locale text) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    loc constant text := CASE WHEN p_locale = ANY (fb_hc_locales())
                              THEN p_locale ELSE 'en' END;
    h text;
BEGIN
    INSERT INTO help_centers (org_id, default_locale, available_locales)
    VALUES (p_org, loc, ARRAY[loc]) RETURNING id INTO h;
    INSERT INTO help_center_translations (org_id, help_center_id, locale,
                                          display_name, title,
                                          search_placeholder)
    VALUES (p_org, h, loc, p_name, p_name || ' Help Center',
            'Search for articles...');
    RETURN h;
END
$$;

SELECT fb_help_center_create(o.id, o.name, o.default_locale)
FROM organizations o
WHERE NOT EXISTS (SELECT 1 FROM help_centers h WHERE h.org_id = o.id);

CREATE FUNCTION fb_organizations_help_center() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM fb_help_center_create(NEW.id, NEW.name, NEW.default_locale);
    RETURN NULL;
END
$$;

-- Wherever an organization is made (fb_org_create, tests, imports).
CREATE TRIGGER organizations_help_center AFTER INSERT ON organizations
    FOR EACH ROW EXECUTE FUNCTION fb_organizations_help_center();

-- The demo's help center: an external domain, a second locale, three
-- collections (one nested) and live articles in English and German.
CREATE FUNCTION fb_demo_seed_help_center(p_org text) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    h text;
    author text;
    c_start text;
    c_account text;
    c_billing text;
    a text;
    art record;
BEGIN
    SELECT id INTO h FROM help_centers WHERE org_id = p_org;
    -- The demo's domain, unless another organization has it (a second
    -- demo on the same database): then the portal's pages only.
    UPDATE help_centers
    SET external_domain = CASE WHEN EXISTS (
            SELECT 1 FROM help_centers o
            WHERE o.external_domain = 'help.demo.localhost'
              AND o.org_id <> p_org)
          THEN external_domain ELSE 'help.demo.localhost' END,
        available_locales = ARRAY['en', 'de'], default_locale = 'en'
    WHERE org_id = p_org AND id = h;
    INSERT INTO help_center_translations (org_id, help_center_id, locale,
                                          display_name, title, description,
                                          search_placeholder, nav_items)
    VALUES (p_org, h, 'en', 'Demo', 'How can we help?',
            'Guides and answers for the demo product.',
            'Search for articles...',
            '[{"type": "link", "title": "Roadmap", "url": "/roadmap",
               "icon": null}]'),
           (p_org, h, 'de', 'Demo', 'Wie können wir helfen?',
            'Anleitungen und Antworten zum Demo-Produkt.',
            'Artikel durchsuchen...', '[]')
    ON CONFLICT (org_id, help_center_id, locale) DO UPDATE
    SET display_name = EXCLUDED.display_name, title = EXCLUDED.title,
        description = EXCLUDED.description,
        search_placeholder = EXCLUDED.search_placeholder,
        nav_items = EXCLUDED.nav_items;
    SELECT a2.id INTO author FROM admins a2 JOIN roles r
        ON r.org_id = a2.org_id AND r.id = a2.role_id
    WHERE a2.org_id = p_org AND r.builtin = 'owner'
    ORDER BY a2.created_at LIMIT 1;

    INSERT INTO help_center_collections (org_id, help_center_id, icon_type,
                                         icon_value, position)
    VALUES (p_org, h, 'emoji', '🚀', 1) RETURNING id INTO c_start;
    INSERT INTO help_center_collections (org_id, help_center_id, icon_type,
                                         icon_value, position)
    VALUES (p_org, h, 'emoji', '👤', 2) RETURNING id INTO c_account;
    INSERT INTO help_center_collections (org_id, help_center_id, parent_id,
                                         icon_type, icon_value, position)
    VALUES (p_org, h, c_account, 'emoji', '💳', 1) RETURNING id INTO c_billing;
    INSERT INTO help_center_collection_translations (org_id, collection_id,
                                                     locale, name,
                                                     description, slug)
    VALUES (p_org, c_start, 'en', 'Getting started',
            'The first steps with the demo.',
            fb_hc_slug(c_start, 'Getting started')),
           (p_org, c_start, 'de', 'Erste Schritte',
            'Die ersten Schritte mit der Demo.',
            fb_hc_slug(c_start, 'Erste Schritte')),
           (p_org, c_account, 'en', 'Your account',
            'Profile, team and settings.',
            fb_hc_slug(c_account, 'Your account')),
           (p_org, c_account, 'de', 'Ihr Konto',
            'Profil, Team und Einstellungen.',
            fb_hc_slug(c_account, 'Ihr Konto')),
           (p_org, c_billing, 'en', 'Billing', 'Plans and invoices.',
            fb_hc_slug(c_billing, 'Billing'));

    FOR art IN SELECT * FROM (VALUES
        (c_start, 1, 'Welcome to the demo', 'Willkommen in der Demo',
         'What the demo shows and where to begin.',
         '<h2>Welcome</h2><p>This help center is served by the module '
         'itself. Browse the collections or search for an answer.</p>',
         '<h2>Willkommen</h2><p>Dieses Hilfezentrum wird vom Modul selbst '
         'ausgeliefert. Stöbern Sie in den Sammlungen oder suchen Sie.</p>'),
        (c_start, 2, 'Posting your first idea', 'Ihre erste Idee posten',
         'Share feedback on a board.',
         '<p>Open a board, write a title and a few words, and submit. '
         'Others can vote on your idea and comment.</p>',
         '<p>Öffnen Sie ein Board, schreiben Sie einen Titel und ein paar '
         'Worte und senden Sie ab. Andere können abstimmen.</p>'),
        (c_account, 1, 'Inviting your team', 'Ihr Team einladen',
         'Add admins to your organization.',
         '<p>Invite teammates from the settings. Each admin has a role '
         'that decides what they may change.</p>',
         '<p>Laden Sie Kollegen in den Einstellungen ein. Jede Rolle '
         'bestimmt, was geändert werden darf.</p>'),
        (c_billing, 1, 'Changing your plan', 'Ihren Tarif ändern',
         'Upgrade, downgrade or cancel.',
         '<p>Plans change at the next invoice. Downgrades keep your '
         'data.</p>',
         '<p>Tarife ändern sich mit der nächsten Rechnung. Ihre Daten '
         'bleiben erhalten.</p>')) AS v (parent, pos, en_title, de_title,
                                          en_description, en_body, de_body)
    LOOP
        INSERT INTO help_center_articles (org_id, help_center_id, parent_id,
                                          author_id, state, position,
                                          live_updated_at)
        VALUES (p_org, h, art.parent, author, 'live', art.pos, now())
        RETURNING id INTO a;
        INSERT INTO help_center_article_translations (
            org_id, article_id, locale, title, description, body, body_text,
            live_title, live_description, live_body, live_body_text,
            published_at, slug)
        SELECT p_org, a, t.locale, t.title, t.description, t.body,
               t.body_text, t.title, t.description, t.body, t.body_text,
               now(), fb_hc_slug(a, t.title)
        FROM (VALUES
            ('en', art.en_title, art.en_description, art.en_body),
            ('de', art.de_title, NULL, art.de_body)) AS t0 (locale, title,
                                                            description, body),
        LATERAL (SELECT t0.locale, t0.title, t0.description, t0.body,
                        trim(regexp_replace(t0.body, '<[^>]*>', ' ', 'g'))
                            AS body_text) t;
    END LOOP;
END
$$;

CREATE OR REPLACE FUNCTION fb_demo_seed(p_org text) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    PERFORM fb_demo_seed_before_surveys(p_org);
    PERFORM fb_demo_seed_surveys(p_org);
    PERFORM fb_demo_seed_help_center(p_org);
END
$$;
