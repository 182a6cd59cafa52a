-- 001: the foundation: organizations, admins and roles, API keys, the
-- read-only resources of the first release, the event outbox and
-- per-organization counters.
--
-- Every table carries org_id and every key starts with it, so that each
-- statement is scoped by organization and each lookup is an index probe.
-- Ids are text (not char(n)): a text parameter against a bpchar column
-- defeats the index.

CREATE EXTENSION IF NOT EXISTS pgcrypto;

-- Object ids: 4-byte seconds, 5 random bytes, 3-byte counter, as 24
-- lower-case hex characters.
CREATE SEQUENCE fb_object_id_counter MAXVALUE 16777215 CYCLE;

CREATE FUNCTION fb_object_id() RETURNS text
LANGUAGE sql VOLATILE AS $$
    SELECT lpad(to_hex(floor(extract(epoch FROM clock_timestamp()))::bigint),
                8, '0')
        || encode(gen_random_bytes(5), 'hex')
        || lpad(to_hex(nextval('fb_object_id_counter')), 6, '0')
$$;

-- Timestamps as the API writes them: ISO 8601, UTC, milliseconds.
CREATE FUNCTION fb_iso(timestamptz) RETURNS text
LANGUAGE sql STABLE STRICT AS $$
    SELECT to_char($1 AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- Keyset cursor keys for timestamps: whole microseconds since the epoch,
-- exact in both directions.
CREATE FUNCTION fb_ts_key(timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT ((extract(epoch FROM $1) * 1000000)::bigint)::text
$$;

CREATE FUNCTION fb_ts_from_key(text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT 'epoch'::timestamptz + $1::bigint * interval '1 microsecond'
$$;

CREATE TABLE organizations (
    id              text PRIMARY KEY DEFAULT fb_object_id(),
    name            text NOT NULL,
    default_locale  text NOT NULL DEFAULT 'en',
    -- NULL: the server's FeedbackDefaultVersion applies.
    api_version     text CHECK (api_version IN ('2025-12-12.clover',
                                                '2026-01-01.nova')),
    -- NULL: the server's FeedbackPortalURL template applies.
    portal_url      text,
    identity_secret text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE roles (
    org_id      text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    id          text NOT NULL DEFAULT fb_object_id(),
    name        text NOT NULL,
    -- The built-in roles every organization has; NULL for custom ones.
    builtin     text CHECK (builtin IN ('owner', 'member', 'viewer')),
    permissions jsonb NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id),
    UNIQUE (org_id, name)
);

CREATE TABLE admins (
    org_id          text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    id              text NOT NULL DEFAULT fb_object_id(),
    name            text NOT NULL,
    email           text NOT NULL,
    profile_picture text,
    role_id         text NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id),
    FOREIGN KEY (org_id, role_id) REFERENCES roles (org_id, id)
);
CREATE UNIQUE INDEX admins_email ON admins (org_id, lower(email));

CREATE TABLE api_keys (
    id           text PRIMARY KEY DEFAULT fb_object_id(),
    org_id       text NOT NULL,
    admin_id     text NOT NULL,
    -- SHA-256 of the whole key, lower-case hex.  The key itself is shown
    -- once, when made, and never stored.
    key_hash     text NOT NULL UNIQUE,
    -- The first characters of the key, to tell keys apart in listings.
    prefix       text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    revoked_at   timestamptz,
    FOREIGN KEY (org_id, admin_id) REFERENCES admins (org_id, id)
        ON DELETE CASCADE
);

CREATE TABLE post_statuses (
    org_id      text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    id          text NOT NULL DEFAULT fb_object_id(),
    name        text NOT NULL,
    color       text NOT NULL,
    type        text NOT NULL CHECK (type IN ('reviewing', 'unstarted',
                                              'active', 'completed',
                                              'canceled')),
    is_default  boolean NOT NULL DEFAULT false,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id)
);
CREATE UNIQUE INDEX post_statuses_one_default ON post_statuses (org_id)
    WHERE is_default;

CREATE TABLE custom_fields (
    org_id         text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    id             text NOT NULL DEFAULT fb_object_id(),
    -- Post fields and ticket fields share the shape, not the lists.
    scope          text NOT NULL DEFAULT 'post'
                   CHECK (scope IN ('post', 'ticket')),
    label          text NOT NULL,
    type           text NOT NULL CHECK (type IN ('text', 'number', 'select',
                                                 'multi-select', 'checkbox',
                                                 'date', 'file')),
    required       boolean NOT NULL DEFAULT false,
    allow_multiple boolean NOT NULL DEFAULT false,
    placeholder    text,
    public         boolean NOT NULL DEFAULT true,
    internal       boolean NOT NULL DEFAULT false,
    -- [{id, label}] for select and multi-select fields.
    options        jsonb NOT NULL DEFAULT '[]',
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id),
    CHECK (type <> 'file' OR scope = 'ticket')
);
CREATE INDEX custom_fields_scope ON custom_fields (org_id, scope);

CREATE TABLE boards (
    org_id                text NOT NULL REFERENCES organizations
                          ON DELETE CASCADE,
    id                    text NOT NULL DEFAULT fb_object_id(),
    name                  text NOT NULL,
    -- {type: emoji|icon|url, value} or NULL.
    icon                  jsonb,
    admin_only            boolean NOT NULL DEFAULT false,
    segments              text[] NOT NULL DEFAULT '{}',
    allowed_roles         text[] NOT NULL DEFAULT '{}',
    denied_roles          text[] NOT NULL DEFAULT '{}',
    posting_enabled       boolean NOT NULL DEFAULT true,
    comments_enabled      boolean NOT NULL DEFAULT true,
    created_dates_visible boolean NOT NULL DEFAULT true,
    default_visibility    text NOT NULL DEFAULT 'public'
                          CHECK (default_visibility IN ('public',
                                                        'authorOnly',
                                                        'companyOnly')),
    custom_field_ids      text[] NOT NULL DEFAULT '{}',
    -- {name: {lang: text}, description: {...}|absent, ...}
    localization          jsonb NOT NULL DEFAULT '{}',
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id)
);

CREATE TABLE teams (
    org_id      text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    id          text NOT NULL DEFAULT fb_object_id(),
    name        text NOT NULL,
    color       text NOT NULL DEFAULT '#6B7280',
    -- {type: emoji|predefined|external, value} or NULL.
    icon        jsonb,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id)
);

CREATE TABLE team_members (
    org_id    text NOT NULL,
    team_id   text NOT NULL,
    admin_id  text NOT NULL,
    added_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, team_id, admin_id),
    FOREIGN KEY (org_id, team_id) REFERENCES teams (org_id, id)
        ON DELETE CASCADE,
    FOREIGN KEY (org_id, admin_id) REFERENCES admins (org_id, id)
        ON DELETE CASCADE
);

CREATE TABLE brands (
    org_id                  text NOT NULL REFERENCES organizations
                            ON DELETE CASCADE,
    id                      text NOT NULL DEFAULT fb_object_id(),
    name                    text NOT NULL,
    is_default              boolean NOT NULL DEFAULT false,
    help_center_id          text,
    sender_email_address_id text,
    created_at              timestamptz NOT NULL DEFAULT now(),
    updated_at              timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id)
);
CREATE INDEX brands_newest ON brands (org_id, created_at, id);
CREATE UNIQUE INDEX brands_one_default ON brands (org_id) WHERE is_default;

-- The outbox: one row per event, written in the transaction of the change
-- that caused it, delivered later by the background worker.
CREATE TABLE events (
    org_id      text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    id          text NOT NULL DEFAULT fb_object_id(),
    topic       text NOT NULL,
    item        jsonb NOT NULL,
    changes     jsonb NOT NULL DEFAULT '[]',
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id)
);
CREATE INDEX events_created ON events (created_at, id);

-- Per-organization sequences (conversation ids, ticket numbers): a row
-- per (organization, kind), bumped under its row lock.
CREATE TABLE org_counters (
    org_id  text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    kind    text NOT NULL CHECK (kind IN ('conversation', 'ticket')),
    value   bigint NOT NULL,
    PRIMARY KEY (org_id, kind)
);

CREATE FUNCTION fb_next_number(p_org text, p_kind text) RETURNS bigint
LANGUAGE sql VOLATILE AS $$
    INSERT INTO org_counters AS c (org_id, kind, value)
    VALUES (p_org, p_kind, 1)
    ON CONFLICT (org_id, kind) DO UPDATE SET value = c.value + 1
    RETURNING value
$$;
