-- 003: people and posts: contacts and companies (authors and voters),
-- tags, posts, votes, and the email outbox.

CREATE TABLE contacts (
    org_id            text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    id                text NOT NULL DEFAULT fb_object_id(),
    -- The integrator's own id of the person (SSO); NULL for leads and
    -- people known only by email.
    user_id           text,
    email             text,
    name              text NOT NULL,
    profile_picture   text,
    type              text NOT NULL DEFAULT 'customer'
                      CHECK (type IN ('customer', 'lead')),
    locale            text NOT NULL DEFAULT 'en',
    verified          boolean NOT NULL DEFAULT false,
    description       text NOT NULL DEFAULT '',
    custom_fields     jsonb NOT NULL DEFAULT '{}',
    roles             text[] NOT NULL DEFAULT '{}',
    phone             text,
    is_blocked        boolean NOT NULL DEFAULT false,
    subscribed_to_changelog          boolean NOT NULL DEFAULT false,
    manually_opted_out_from_changelog boolean NOT NULL DEFAULT false,
    -- Kept exact in the transaction of the write that changes them.
    posts_created     integer NOT NULL DEFAULT 0,
    comments_created  integer NOT NULL DEFAULT 0,
    last_activity     timestamptz NOT NULL DEFAULT now(),
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id)
);
CREATE UNIQUE INDEX contacts_user_id ON contacts (org_id, user_id)
    WHERE user_id IS NOT NULL;
CREATE INDEX contacts_email ON contacts (org_id, lower(email))
    WHERE email IS NOT NULL;
CREATE INDEX contacts_newest ON contacts (org_id, type, created_at, id);

CREATE TABLE companies (
    org_id        text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    id            text NOT NULL DEFAULT fb_object_id(),
    -- The integrator's own id of the company.
    company_id    text NOT NULL,
    name          text NOT NULL,
    monthly_spend numeric,
    industry      text,
    website       text,
    plan          text,
    company_size  integer,
    custom_fields jsonb NOT NULL DEFAULT '{}',
    last_activity timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id),
    UNIQUE (org_id, company_id)
);
CREATE INDEX companies_newest ON companies (org_id, created_at, id);

CREATE TABLE contact_companies (
    org_id      text NOT NULL,
    contact_id  text NOT NULL,
    company_id  text NOT NULL,      -- companies.id, the internal id
    added_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, contact_id, company_id),
    FOREIGN KEY (org_id, contact_id) REFERENCES contacts (org_id, id)
        ON DELETE CASCADE,
    FOREIGN KEY (org_id, company_id) REFERENCES companies (org_id, id)
        ON DELETE CASCADE
);
CREATE INDEX contact_companies_company
    ON contact_companies (org_id, company_id, contact_id);

-- Post tags, by name per organization (matched without regard to case).
CREATE TABLE tags (
    org_id      text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    id          text NOT NULL DEFAULT fb_object_id(),
    name        text NOT NULL CHECK (name <> '' AND position(',' IN name) = 0),
    color       text,
    is_private  boolean NOT NULL DEFAULT false,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id)
);
CREATE UNIQUE INDEX tags_name ON tags (org_id, lower(name));

CREATE TABLE posts (
    org_id            text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    id                text NOT NULL DEFAULT fb_object_id(),
    slug              text NOT NULL,
    title             text NOT NULL,
    -- Sanitized HTML, and its plain text for search.
    content           text NOT NULL DEFAULT '',
    content_text      text NOT NULL DEFAULT '',
    board_id          text NOT NULL,
    -- The author is a contact or an admin, or nobody (anonymized).
    author_contact_id text,
    author_admin_id   text,
    status_id         text NOT NULL,
    comments_enabled  boolean NOT NULL DEFAULT true,
    in_review         boolean NOT NULL DEFAULT false,
    is_pinned         boolean NOT NULL DEFAULT false,
    visibility        text NOT NULL DEFAULT 'public'
                      CHECK (visibility IN ('public', 'authorOnly',
                                            'companyOnly')),
    assignee_id       text,
    eta               timestamptz,
    custom_fields     jsonb NOT NULL DEFAULT '{}',
    integrations      jsonb NOT NULL DEFAULT
        '{"linear": [], "jira": [], "clickup": [], "github": [],
          "devops": [], "hubspot": [], "salesforce": []}',
    upvotes           integer NOT NULL DEFAULT 0 CHECK (upvotes >= 0),
    comment_count     integer NOT NULL DEFAULT 0,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    -- The newest of update, comment and vote: the "recent" sort.
    last_activity_at  timestamptz NOT NULL DEFAULT now(),
    search            tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', title), 'A')
        || setweight(to_tsvector('english', content_text), 'B')) STORED,
    PRIMARY KEY (org_id, id),
    UNIQUE (org_id, slug),
    CHECK (author_contact_id IS NULL OR author_admin_id IS NULL),
    FOREIGN KEY (org_id, board_id) REFERENCES boards (org_id, id),
    FOREIGN KEY (org_id, status_id) REFERENCES post_statuses (org_id, id),
    FOREIGN KEY (org_id, author_contact_id) REFERENCES contacts (org_id, id)
        ON DELETE SET NULL (author_contact_id),
    FOREIGN KEY (org_id, author_admin_id) REFERENCES admins (org_id, id)
        ON DELETE SET NULL (author_admin_id),
    FOREIGN KEY (org_id, assignee_id) REFERENCES admins (org_id, id)
        ON DELETE SET NULL (assignee_id)
);
-- Keyset orders of the list: newest, most voted, most recently active.
CREATE INDEX posts_created ON posts (org_id, created_at, id);
CREATE INDEX posts_upvotes ON posts (org_id, upvotes, id);
CREATE INDEX posts_recent ON posts (org_id, last_activity_at, id);
CREATE INDEX posts_board ON posts (org_id, board_id, created_at, id);
CREATE INDEX posts_status ON posts (org_id, status_id, created_at, id);
CREATE INDEX posts_search ON posts USING gin (search);

CREATE TABLE post_tags (
    org_id   text NOT NULL,
    post_id  text NOT NULL,
    tag_id   text NOT NULL,
    PRIMARY KEY (org_id, post_id, tag_id),
    FOREIGN KEY (org_id, post_id) REFERENCES posts (org_id, id)
        ON DELETE CASCADE,
    FOREIGN KEY (org_id, tag_id) REFERENCES tags (org_id, id)
        ON DELETE CASCADE
);
CREATE INDEX post_tags_tag ON post_tags (org_id, tag_id, post_id);

-- One vote per contact and post: the primary key, not a read before the
-- write, keeps votes unique under concurrency.
CREATE TABLE post_votes (
    org_id      text NOT NULL,
    post_id     text NOT NULL,
    contact_id  text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, post_id, contact_id),
    FOREIGN KEY (org_id, post_id) REFERENCES posts (org_id, id)
        ON DELETE CASCADE,
    FOREIGN KEY (org_id, contact_id) REFERENCES contacts (org_id, id)
        ON DELETE CASCADE
);
CREATE INDEX post_votes_voters ON post_votes (org_id, post_id, created_at,
                                              contact_id);

-- Email to send, written in the transaction of the change that causes it
-- and sent by the background worker (or marked skipped without SMTP).
CREATE TABLE email_outbox (
    org_id      text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    id          text NOT NULL DEFAULT fb_object_id(),
    kind        text NOT NULL,
    recipient   text NOT NULL,
    subject     text NOT NULL,
    body_html   text NOT NULL,
    body_text   text NOT NULL,
    -- What the email is about, so that a kind can be sent at most once.
    dedupe_key  text,
    state       text NOT NULL DEFAULT 'pending'
                CHECK (state IN ('pending', 'sent', 'skipped', 'failed')),
    attempts    integer NOT NULL DEFAULT 0,
    lease_until timestamptz,
    last_error  text,
    created_at  timestamptz NOT NULL DEFAULT now(),
    sent_at     timestamptz,
    PRIMARY KEY (org_id, id)
);
CREATE UNIQUE INDEX email_outbox_dedupe ON email_outbox (org_id, dedupe_key)
    WHERE dedupe_key IS NOT NULL;
CREATE INDEX email_outbox_pending ON email_outbox (created_at)
    WHERE state = 'pending';
