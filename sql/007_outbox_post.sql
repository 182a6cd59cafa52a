-- 007: an email about a post (a status update to its voters, a comment
-- notification) names the post, so that deleting the post takes its
-- notifications with it in the same transaction, sent or not.
ALTER TABLE email_outbox ADD COLUMN post_id text;
ALTER TABLE email_outbox ADD FOREIGN KEY (org_id, post_id)
    REFERENCES posts (org_id, id) ON DELETE CASCADE;
CREATE INDEX email_outbox_post ON email_outbox (org_id, post_id)
    WHERE post_id IS NOT NULL;
