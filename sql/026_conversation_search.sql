-- 900: POST /v2/conversations/search (docs/decisions.md, "Conversation
-- search"): full text over conversation titles and their messages and
-- notes, and the activity order of filter mode.
--
-- The text vectors are generated columns, so every write that adds,
-- edits or redacts a part (or changes a title) keeps them in its own
-- transaction; a redacted part's body is null and matches nothing.
-- btree_gin puts the organization into the text indexes, so a search
-- reads one organization's entries only.
CREATE EXTENSION IF NOT EXISTS btree_gin;

ALTER TABLE conversation_parts ADD COLUMN search tsvector
    GENERATED ALWAYS AS (
        CASE WHEN part_type IN ('user_msg', 'admin_msg', 'admin_note',
                                'email_msg') AND NOT redacted
             THEN to_tsvector('english', coalesce(body_markdown, ''))
        END) STORED;
CREATE INDEX conversation_parts_search
    ON conversation_parts USING gin (org_id, search);

ALTER TABLE conversations ADD COLUMN search tsvector
    GENERATED ALWAYS AS (to_tsvector('english', coalesce(title, '')))
    STORED;
CREATE INDEX conversations_search
    ON conversations USING gin (org_id, search);

-- Filter mode's order: last activity (creation before any), then uid.
CREATE INDEX conversations_activity ON conversations
    (org_id, (coalesce(last_activity_at, created_at)), uid);
