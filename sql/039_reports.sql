-- 039: reports (issue 31): what the support reports read kept by the
-- writes, and the indexes their windows are read by (docs/decisions.md,
-- "Reports").
--
-- A conversation's first admin reply is kept on the conversation by the
-- function that adds every part (fb_conversation_part_add, below, which
-- is 018's with that one column more), so that a time to first reply is
-- a column of the row instead of a probe of its parts per conversation.
ALTER TABLE conversations ADD COLUMN first_reply_at timestamptz;

UPDATE conversations c SET first_reply_at = f.at
FROM (SELECT org_id, conversation_id, min(created_at) AS at
      FROM conversation_parts
      WHERE author_kind = 'admin' AND part_type IN ('admin_msg', 'email_msg')
      GROUP BY org_id, conversation_id) f
WHERE c.org_id = f.org_id AND c.id = f.conversation_id;

-- Conversations that had a first reply, by when they began (the time to
-- first reply of those begun in a window).
CREATE INDEX conversations_first_reply
    ON conversations (org_id, created_at) WHERE first_reply_at IS NOT NULL;

-- Admins' replies, and closings, by their time: the window of replies
-- sent and of conversations closed.
CREATE INDEX conversation_parts_replies ON conversation_parts
    (org_id, created_at)
    WHERE author_kind = 'admin' AND part_type IN ('admin_msg', 'email_msg');
CREATE INDEX conversation_parts_closes ON conversation_parts
    (org_id, created_at)
    WHERE part_type = 'status' AND data ->> 'status' = 'closed';

-- Votes by their time (posts have posts_created).
CREATE INDEX post_votes_created ON post_votes (org_id, created_at);

CREATE OR REPLACE FUNCTION fb_conversation_part_add(p_org text, p_conv text,
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
