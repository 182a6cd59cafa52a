-- 005: deleting a contact sets the author of their posts to NULL; without
-- an index on the author that is a scan of every post.
CREATE INDEX posts_author_contact ON posts (org_id, author_contact_id)
    WHERE author_contact_id IS NOT NULL;
