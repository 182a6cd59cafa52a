-- 010: changelogs: release notes in several locales, each with a draft
-- and, once published there, a live version; categories; subscribers.

-- The slug stem of a title, with the word to use when nothing is left.
CREATE FUNCTION fb_slug_stem(p_title text, p_fallback text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT COALESCE(NULLIF(trim(BOTH '-' FROM left(
        trim(BOTH '-' FROM regexp_replace(lower(p_title), '[^a-z0-9]+', '-',
                                          'g')), 80)), ''), p_fallback)
$$;

CREATE OR REPLACE FUNCTION fb_slug_base(p_title text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT fb_slug_stem(p_title, 'post')
$$;

CREATE TABLE changelog_categories (
    org_id      text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    id          text NOT NULL DEFAULT fb_object_id(),
    name        text NOT NULL CHECK (name <> ''),
    roles       text[] NOT NULL DEFAULT '{}',
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id)
);
CREATE UNIQUE INDEX changelog_categories_name
    ON changelog_categories (org_id, lower(name));

-- What a changelog is in every locale.
CREATE TABLE changelogs (
    org_id              text NOT NULL REFERENCES organizations
                        ON DELETE CASCADE,
    id                  text NOT NULL DEFAULT fb_object_id(),
    featured_image      text,
    allowed_segment_ids text[] NOT NULL DEFAULT '{}',
    date                timestamptz NOT NULL DEFAULT now(),
    -- Non-deleted comments (kept exact by the comment writes).
    comment_count       integer NOT NULL DEFAULT 0,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id)
);
CREATE INDEX changelogs_date ON changelogs (org_id, date, id);

CREATE TABLE changelog_category_links (
    org_id        text NOT NULL,
    changelog_id  text NOT NULL,
    category_id   text NOT NULL,
    PRIMARY KEY (org_id, changelog_id, category_id),
    FOREIGN KEY (org_id, changelog_id) REFERENCES changelogs (org_id, id)
        ON DELETE CASCADE,
    FOREIGN KEY (org_id, category_id)
        REFERENCES changelog_categories (org_id, id) ON DELETE CASCADE
);
CREATE INDEX changelog_category_links_category
    ON changelog_category_links (org_id, category_id, changelog_id);

-- One locale of a changelog: its draft, and its live version while it is
-- published there (published_at set).  A publish copies the draft to the
-- live columns; an edit changes only the draft.
CREATE TABLE changelog_locales (
    org_id          text NOT NULL,
    changelog_id    text NOT NULL,
    locale          text NOT NULL,
    slug            text NOT NULL,
    title           text NOT NULL,
    content         text NOT NULL,      -- sanitized HTML
    content_text    text NOT NULL,      -- its plain text, for search
    markdown        text,               -- the markdown it came from
    live_title      text,
    live_content    text,
    live_content_text text,
    live_markdown   text,
    published_at    timestamptz,
    -- Notification settings and the one-time subscriber email.
    send_email      boolean NOT NULL DEFAULT false,
    hide_from_board boolean NOT NULL DEFAULT false,
    email_sent      boolean NOT NULL DEFAULT false,
    -- A publish waiting for its time (the worker makes it), and the
    -- worker's claim on it (modules/jobs/fb_job_publish.c).
    scheduled_at    timestamptz,
    scheduled_email boolean NOT NULL DEFAULT false,
    publish_lease   timestamptz,
    publish_attempts integer NOT NULL DEFAULT 0,
    publish_error   text,
    created_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    draft_search    tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', title), 'A')
        || setweight(to_tsvector('english', content_text), 'B')) STORED,
    live_search     tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', coalesce(live_title, '')), 'A')
        || setweight(to_tsvector('english',
                                 coalesce(live_content_text, '')), 'B'))
        STORED,
    PRIMARY KEY (org_id, changelog_id, locale),
    FOREIGN KEY (org_id, changelog_id) REFERENCES changelogs (org_id, id)
        ON DELETE CASCADE,
    CHECK ((published_at IS NULL) = (live_title IS NULL))
);
-- Slugs are unique per organization, across locales, so that a slug
-- alone names one changelog.
CREATE UNIQUE INDEX changelog_locales_slug
    ON changelog_locales (org_id, slug);
CREATE INDEX changelog_locales_scheduled ON changelog_locales (scheduled_at)
    WHERE scheduled_at IS NOT NULL;
-- Search: a rare word is found through these; a common one by walking
-- the date index and filtering.
CREATE INDEX changelog_locales_live_search ON changelog_locales
    USING gin (live_search) WHERE published_at IS NOT NULL;
CREATE INDEX changelog_locales_draft_search ON changelog_locales
    USING gin (draft_search) WHERE published_at IS NULL;

-- A slug for a new locale of a changelog, free in the organization: the
-- stem of the title, then -2, -3...; a lock on the stem serializes two
-- writers of the same title.
CREATE FUNCTION fb_changelog_slug(p_org text, p_title text) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    stem text := fb_slug_stem(p_title, 'changelog');
    candidate text := stem;
    n int := 1;
BEGIN
    PERFORM pg_advisory_xact_lock(
        hashtext('changelog-slug/' || p_org || '/' || stem));
    WHILE EXISTS (SELECT 1 FROM changelog_locales
                  WHERE org_id = p_org AND slug = candidate) LOOP
        n := n + 1;
        candidate := stem || '-' || n;
    END LOOP;
    RETURN candidate;
END
$$;

-- The locale a changelog is shown in when the reader asks for p_locale
-- (may be NULL): that one when the changelog has it, else the
-- organization's default, else its first locale.
CREATE FUNCTION fb_changelog_locale(p_org text, p_id text, p_locale text)
RETURNS text LANGUAGE sql STABLE AS $$
    SELECT l.locale FROM changelog_locales l
    WHERE l.org_id = p_org AND l.changelog_id = p_id
    ORDER BY l.locale IS NOT DISTINCT FROM p_locale DESC,
             l.locale = (SELECT default_locale FROM organizations
                         WHERE id = p_org) DESC,
             l.created_at, l.locale
    LIMIT 1
$$;

-- The category of an organization named p_name (without regard to case),
-- made when there is none; two writers naming a new category get one.
CREATE FUNCTION fb_changelog_category(p_org text, p_name text) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    found text;
BEGIN
    LOOP
        SELECT id INTO found FROM changelog_categories
        WHERE org_id = p_org AND lower(name) = lower(p_name);
        IF found IS NOT NULL THEN
            RETURN found;
        END IF;
        INSERT INTO changelog_categories (org_id, name)
        VALUES (p_org, p_name) ON CONFLICT DO NOTHING RETURNING id INTO found;
        IF found IS NOT NULL THEN
            RETURN found;
        END IF;
    END LOOP;
END
$$;

-- Changelog subscribers: one address per organization, in one locale,
-- apart from contacts (importing creates none).
CREATE TABLE changelog_subscribers (
    org_id      text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    email       text NOT NULL CHECK (email = lower(email)),
    locale      text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, email)
);
CREATE INDEX changelog_subscribers_locale
    ON changelog_subscribers (org_id, locale);

-- Subscriber imports of the last window, for their rate limit.
CREATE TABLE changelog_subscriber_imports (
    org_id  text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    at      timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX changelog_subscriber_imports_at
    ON changelog_subscriber_imports (org_id, at);

-- Counts one subscriber import of p_org when fewer than p_limit were made
-- in the last p_window, and returns 0; else the whole seconds until one
-- more is allowed.  Imports of one organization take their turn (the
-- lock), so the count is exact however many run at once; the count rolls
-- back with an import that fails.
CREATE FUNCTION fb_subscriber_import_wait(p_org text, p_limit integer,
                                          p_window interval)
RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    n integer;
    oldest timestamptz;
BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('subscriber-import/' || p_org));
    DELETE FROM changelog_subscriber_imports
    WHERE org_id = p_org AND at <= clock_timestamp() - p_window;
    SELECT count(*), min(at) INTO n, oldest
    FROM changelog_subscriber_imports WHERE org_id = p_org;
    IF n >= p_limit THEN
        RETURN greatest(1, ceil(extract(epoch FROM
            oldest + p_window - clock_timestamp())))::integer;
    END IF;
    INSERT INTO changelog_subscriber_imports (org_id) VALUES (p_org);
    RETURN 0;
END
$$;

-- Subscribes p_emails (valid addresses, trimmed) in p_locale: an address
-- already subscribed moves to that locale; contacts with one of the
-- addresses become subscribedToChangelog (an opt-out stays: opted-out
-- addresses are never mailed).  Returns the number of distinct addresses.
CREATE FUNCTION fb_subscribers_add(p_org text, p_locale text,
                                   p_emails text[])
RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    addresses text[] := ARRAY(SELECT DISTINCT lower(e)
                              FROM unnest(p_emails) e ORDER BY 1);
BEGIN
    INSERT INTO changelog_subscribers (org_id, email, locale)
    SELECT p_org, e, p_locale FROM unnest(addresses) e
    ON CONFLICT (org_id, email) DO UPDATE SET locale = excluded.locale;
    UPDATE contacts SET subscribed_to_changelog = true
    WHERE org_id = p_org AND email IS NOT NULL
      AND lower(email) = ANY (addresses) AND NOT subscribed_to_changelog;
    RETURN cardinality(addresses);
END
$$;

-- Unsubscribes p_emails (matched without regard to case): off the list,
-- contacts with one of the addresses opted out, and changelog emails to
-- them not yet sent dropped.  Returns the
-- number of distinct addresses that were subscribed, on the list or as a
-- subscribed contact.  (opted and unsent run though nothing reads them: a
-- data-modifying WITH always runs to completion.)
CREATE FUNCTION fb_subscribers_remove(p_org text, p_emails text[])
RETURNS integer LANGUAGE sql VOLATILE AS $$
    WITH addresses AS (
        SELECT DISTINCT lower(trim(e)) AS email FROM unnest(p_emails) e),
    listed AS (
        DELETE FROM changelog_subscribers s USING addresses a
        WHERE s.org_id = p_org AND s.email = a.email RETURNING s.email),
    flagged AS (
        SELECT lower(c.email) AS email FROM contacts c, addresses a
        WHERE c.org_id = p_org AND c.email IS NOT NULL
          AND lower(c.email) = a.email AND c.subscribed_to_changelog),
    opted AS (
        UPDATE contacts c SET subscribed_to_changelog = false,
                              manually_opted_out_from_changelog = true
        FROM addresses a
        WHERE c.org_id = p_org AND c.email IS NOT NULL
          AND lower(c.email) = a.email
          AND (c.subscribed_to_changelog
               OR NOT c.manually_opted_out_from_changelog)
        RETURNING c.id),
    unsent AS (
        DELETE FROM email_outbox o USING addresses a
        WHERE o.org_id = p_org AND o.kind = 'changelog'
          AND o.state = 'pending' AND lower(o.recipient) = a.email
        RETURNING o.id)
    SELECT count(*)::integer FROM (
        SELECT email FROM listed UNION SELECT email FROM flagged) r
$$;

-- A changelog's subscriber emails go with it when it is deleted, sent or
-- not (as a post's do, 007).
ALTER TABLE email_outbox ADD COLUMN changelog_id text;
ALTER TABLE email_outbox ADD FOREIGN KEY (org_id, changelog_id)
    REFERENCES changelogs (org_id, id) ON DELETE CASCADE;
CREATE INDEX email_outbox_changelog ON email_outbox (org_id, changelog_id)
    WHERE changelog_id IS NOT NULL;

-- The addresses a changelog email in p_locale goes to: the subscribers in
-- that locale and the contacts subscribed in it, less every address a
-- contact opted out with (fb_email_recipient_allowed, 009, which the
-- worker asks again when it sends).
CREATE FUNCTION fb_changelog_recipients(p_org text, p_locale text)
RETURNS SETOF text LANGUAGE sql STABLE AS $$
    SELECT r.email FROM (
        SELECT s.email FROM changelog_subscribers s
        WHERE s.org_id = p_org AND s.locale = p_locale
        UNION
        SELECT lower(c.email) FROM contacts c
        WHERE c.org_id = p_org AND c.subscribed_to_changelog
          AND c.email IS NOT NULL AND c.locale = p_locale) r
    WHERE fb_email_recipient_allowed(p_org, r.email, 'changelog')
    ORDER BY r.email
$$;

-- Unsubscribes p_email from the email preference p_preference
-- (postUpdates, postComments) on every contact of p_org with that
-- address, from an unsubscribe link; returns the contacts changed.
CREATE FUNCTION fb_unsubscribe_preference(p_org text, p_email text,
                                          p_preference text)
RETURNS SETOF text LANGUAGE sql VOLATILE AS $$
    UPDATE contacts SET email_preferences = email_preferences
                        || jsonb_build_object(p_preference, 'unsubscribed')
    WHERE org_id = p_org AND email IS NOT NULL
      AND lower(email) = lower(p_email)
    RETURNING id
$$;
