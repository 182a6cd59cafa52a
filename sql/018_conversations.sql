-- 018: the support inbox: conversations, their parts, participants and
-- read receipts, conversation tags (docs/decisions.md, "Conversations").
--
-- A conversation is named by a per-organization number (fb_next_number,
-- gap-free under its counter's row lock); uid, an object id, is its
-- tie-breaker in keyset lists.  Every message, note and change (status,
-- assignment, tag, participant, priority) is a part, the first message
-- included: `source` renders the first part, so a source message can be
-- redacted like any other part.  Part ids are short numbers from one
-- sequence (unique across organizations, never reused).

CREATE TABLE conversations (
    org_id          text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    id              text NOT NULL,      -- the number, as paths carry it
    uid             text NOT NULL DEFAULT fb_object_id(),
    brand_id        text,
    title           text,
    state           text NOT NULL DEFAULT 'open'
                    CHECK (state IN ('open', 'closed', 'snoozed')),
    snoozed_until   timestamptz,
    priority        boolean NOT NULL DEFAULT false,
    priority_set_at timestamptz,
    admin_assignee_id text,
    team_assignee_id  text,
    language        text NOT NULL DEFAULT 'en',
    channel         text NOT NULL CHECK (channel IN ('desktop', 'email')),
    delivered_as    text NOT NULL
                    CHECK (delivered_as IN ('customer_initiated',
                                            'admin_initiated')),
    subject         text,
    disable_customer_reply boolean NOT NULL DEFAULT false,
    -- Kept by fb_conversation_part_add() in the transaction of each part.
    awaiting_customer_reply boolean NOT NULL DEFAULT false,
    waiting_since   timestamptz,
    last_activity_at timestamptz,
    custom_attributes jsonb NOT NULL DEFAULT '{}',
    -- The snooze wake-up job (modules/jobs/fb_job_snooze.c).
    wake_lease      timestamptz,
    wake_attempts   integer NOT NULL DEFAULT 0,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id),
    UNIQUE (org_id, uid),
    CHECK ((state = 'snoozed') = (snoozed_until IS NOT NULL))
);
CREATE INDEX conversations_newest
    ON conversations (org_id, created_at DESC, uid DESC);
-- The wake-up claim: snoozed conversations by time, across organizations.
CREATE INDEX conversations_snoozed ON conversations (snoozed_until)
    WHERE state = 'snoozed';

CREATE SEQUENCE conversation_part_ids;

CREATE TABLE conversation_parts (
    org_id          text NOT NULL,
    conversation_id text NOT NULL,
    id              text NOT NULL
                    DEFAULT nextval('conversation_part_ids')::text,
    n               bigint NOT NULL,     -- id as a number: the order
    part_type       text NOT NULL
                    CHECK (part_type IN ('user_msg', 'admin_msg',
                                         'admin_note', 'email_msg',
                                         'assign', 'status', 'tags',
                                         'priority', 'part_add')),
    -- Messages: who wrote them ('contact' or 'admin') and what.
    author_kind     text CHECK (author_kind IN ('contact', 'admin')),
    author_id       text,
    body_html       text,
    body_markdown   text,
    channel         text,
    redacted        boolean NOT NULL DEFAULT false,
    -- The other kinds: their members as the API renders them.
    data            jsonb NOT NULL DEFAULT '{}',
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id),
    FOREIGN KEY (org_id, conversation_id) REFERENCES conversations (org_id, id)
        ON DELETE CASCADE
);
-- A conversation's newest parts (GET shows the 500 newest).
CREATE INDEX conversation_parts_order
    ON conversation_parts (org_id, conversation_id, created_at DESC, n DESC);

-- Participants: contacts (customers and leads) and admins, each with
-- the part they last read (their read receipt) once they have one.
CREATE TABLE conversation_participants (
    org_id          text NOT NULL,
    conversation_id text NOT NULL,
    kind            text NOT NULL CHECK (kind IN ('contact', 'admin')),
    user_id         text NOT NULL,
    last_read_part_id text,
    added_at        timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (org_id, conversation_id, kind, user_id),
    FOREIGN KEY (org_id, conversation_id) REFERENCES conversations (org_id, id)
        ON DELETE CASCADE
);
CREATE INDEX conversation_participants_user
    ON conversation_participants (org_id, user_id);

-- Conversation tags (/v2/tags): a vocabulary of their own, apart from
-- post tags, names unique without regard to case.
CREATE TABLE conversation_tags (
    org_id      text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    id          text NOT NULL DEFAULT fb_object_id(),
    name        text NOT NULL CHECK (name <> ''),
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id)
);
CREATE UNIQUE INDEX conversation_tags_name
    ON conversation_tags (org_id, lower(name));

CREATE TABLE conversation_tag_links (
    org_id          text NOT NULL,
    conversation_id text NOT NULL,
    tag_id          text NOT NULL,
    target_part_id  text,
    applied_at      timestamptz NOT NULL DEFAULT now(),
    -- {type, id, name} of who applied it.
    applied_by      jsonb NOT NULL,
    PRIMARY KEY (org_id, conversation_id, tag_id),
    FOREIGN KEY (org_id, conversation_id) REFERENCES conversations (org_id, id)
        ON DELETE CASCADE,
    FOREIGN KEY (org_id, tag_id) REFERENCES conversation_tags (org_id, id)
        ON DELETE CASCADE
);
-- tagIds filters: the conversations of a tag.
CREATE INDEX conversation_tag_links_tag
    ON conversation_tag_links (org_id, tag_id, conversation_id);

-- Adds a participant (kind, user) to a conversation unless it is one.
CREATE FUNCTION fb_conversation_join(p_org text, p_conv text, p_kind text,
                                     p_user text) RETURNS boolean
LANGUAGE sql AS $$
    WITH ins AS (
        INSERT INTO conversation_participants (org_id, conversation_id,
                                               kind, user_id)
        VALUES (p_org, p_conv, p_kind, p_user)
        ON CONFLICT DO NOTHING RETURNING 1)
    SELECT EXISTS (SELECT 1 FROM ins)
$$;

-- Adds a part and keeps the conversation consistent with it, in the
-- caller's transaction: a message's author becomes a participant who
-- has read it; a customer's message makes the conversation wait for an
-- admin (waitingSince from the first unanswered one), an admin's reply
-- makes it wait for the customer; messages other than notes are its
-- last activity (customers never see notes).  p_at NULL: now.
-- Returns the part's id.
CREATE FUNCTION fb_conversation_part_add(p_org text, p_conv text,
        p_type text, p_author_kind text, p_author_id text, p_html text,
        p_markdown text, p_channel text, p_data jsonb, p_at timestamptz)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    v_id text;
    v_at timestamptz := coalesce(p_at, now());
BEGIN
    v_id := nextval('conversation_part_ids')::text;
    INSERT INTO conversation_parts (org_id, conversation_id, id, n,
        part_type, author_kind, author_id, body_html, body_markdown,
        channel, data, created_at, updated_at)
    VALUES (p_org, p_conv, v_id, v_id::bigint, p_type, p_author_kind,
        p_author_id, p_html, p_markdown, p_channel,
        coalesce(p_data, '{}'), v_at, v_at);
    IF p_author_kind IS NOT NULL THEN
        PERFORM fb_conversation_join(p_org, p_conv, p_author_kind,
                                     p_author_id);
        UPDATE conversation_participants SET last_read_part_id = v_id
        WHERE org_id = p_org AND conversation_id = p_conv
          AND kind = p_author_kind AND user_id = p_author_id;
    END IF;
    UPDATE conversations c SET
        waiting_since = CASE
            WHEN p_type IN ('user_msg', 'email_msg')
                 AND p_author_kind = 'contact'
                THEN coalesce(c.waiting_since, v_at)
            WHEN p_type IN ('admin_msg', 'email_msg') THEN NULL
            ELSE c.waiting_since END,
        awaiting_customer_reply = CASE
            WHEN p_author_kind = 'contact' AND p_type <> 'admin_note'
                THEN false
            WHEN p_author_kind = 'admin' AND p_type <> 'admin_note'
                THEN true
            ELSE c.awaiting_customer_reply END,
        last_activity_at = CASE
            WHEN p_author_kind IS NOT NULL AND p_type <> 'admin_note'
                THEN greatest(c.last_activity_at, v_at)
            ELSE c.last_activity_at END,
        updated_at = greatest(c.updated_at, now())
    WHERE c.org_id = p_org AND c.id = p_conv;
    RETURN v_id;
END
$$;

-- Conversation parts with stored images keep them (sql/014).
CREATE TRIGGER conversation_parts_files_insert AFTER INSERT
    ON conversation_parts FOR EACH ROW
    WHEN (NEW.body_html LIKE '%<img src="https://files.feedback.invalid/%')
    EXECUTE FUNCTION fb_files_follow_content('body_html');
CREATE TRIGGER conversation_parts_files_delete AFTER DELETE
    ON conversation_parts FOR EACH ROW
    WHEN (OLD.body_html LIKE '%<img src="https://files.feedback.invalid/%')
    EXECUTE FUNCTION fb_files_follow_content('body_html');
CREATE TRIGGER conversation_parts_files_update AFTER UPDATE
    ON conversation_parts FOR EACH ROW
    WHEN (OLD.body_html IS DISTINCT FROM NEW.body_html)
    EXECUTE FUNCTION fb_files_follow_content('body_html');
