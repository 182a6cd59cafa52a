-- 043: a conversation part is added by one statement (issue 32): the
-- part, its author joining as a participant who has read it, and the
-- conversation's times, as data-modifying CTEs of one statement instead
-- of four (the insert, fb_conversation_join's insert, the read receipt's
-- update, the conversation's update), each with its own executor start.
-- The author's participant row is written once: inserted with its read
-- receipt, or its receipt moved when it already takes part (an
-- existing participant keeps its added_at).  What it writes is as
-- sql/039 wrote it.
CREATE OR REPLACE FUNCTION fb_conversation_part_add(p_org text, p_conv text,
        p_type text, p_author_kind text, p_author_id text, p_html text,
        p_markdown text, p_channel text, p_data jsonb, p_at timestamptz)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    v_id text := nextval('conversation_part_ids')::text;
    v_at timestamptz := coalesce(p_at, now());
BEGIN
    WITH part AS (
        INSERT INTO conversation_parts (org_id, conversation_id, id, n,
            part_type, author_kind, author_id, body_html, body_markdown,
            channel, data, created_at, updated_at)
        VALUES (p_org, p_conv, v_id, v_id::bigint, p_type, p_author_kind,
            p_author_id, p_html, p_markdown, p_channel,
            coalesce(p_data, '{}'), v_at, v_at)),
    reader AS (
        INSERT INTO conversation_participants AS cp (org_id,
            conversation_id, kind, user_id, last_read_part_id)
        SELECT p_org, p_conv, p_author_kind, p_author_id, v_id
        WHERE p_author_kind IS NOT NULL
        ON CONFLICT (org_id, conversation_id, kind, user_id)
        DO UPDATE SET last_read_part_id = EXCLUDED.last_read_part_id)
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
        first_reply_at = CASE
            WHEN p_author_kind = 'admin'
                 AND p_type IN ('admin_msg', 'email_msg')
                THEN least(c.first_reply_at, v_at)
            ELSE c.first_reply_at END,
        updated_at = greatest(c.updated_at, now())
    WHERE c.org_id = p_org AND c.id = p_conv;
    RETURN v_id;
END
$$;
