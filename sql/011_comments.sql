-- 011: comments: threaded discussion under posts and changelogs.

-- The lower bound of the Wilson score interval (95%, z = 1.96) of the
-- share of upvotes among all votes: the "best" order.  A comment without
-- votes scores 0.
CREATE FUNCTION fb_wilson_lower(up integer, down integer) RETURNS float8
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT CASE WHEN n = 0 THEN 0::float8 ELSE
        (p + z2 / (2 * n) - sqrt(z2) * sqrt((p * (1 - p) + z2 / (4 * n)) / n))
        / (1 + z2 / n) END
    FROM (SELECT (up + down)::float8 AS n,
                 CASE WHEN up + down = 0 THEN 0::float8
                      ELSE up::float8 / (up + down) END AS p,
                 3.8416::float8 AS z2) v
$$;

CREATE TABLE comments (
    org_id            text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    id                text NOT NULL DEFAULT fb_object_id(),
    -- The target: a post or a changelog, exactly one of them.
    post_id           text,
    changelog_id      text,
    -- Ids are unique across tables, so one column names the target for
    -- the scoped list orders and for the same-target rule of replies.
    target_id         text GENERATED ALWAYS AS
                      (COALESCE(post_id, changelog_id)) STORED,
    parent_comment_id text,
    -- Sanitized HTML, and its plain text.
    content           text NOT NULL,
    content_text      text NOT NULL DEFAULT '',
    -- The author is a contact or an admin, or nobody (deleted comments,
    -- deleted people).
    author_contact_id text,
    author_admin_id   text,
    upvotes           integer NOT NULL DEFAULT 0 CHECK (upvotes >= 0),
    downvotes         integer NOT NULL DEFAULT 0 CHECK (downvotes >= 0),
    score             integer GENERATED ALWAYS AS (upvotes - downvotes)
                      STORED,
    best              float8 GENERATED ALWAYS AS
                      (fb_wilson_lower(upvotes, downvotes)) STORED,
    is_private        boolean NOT NULL DEFAULT false,
    is_deleted        boolean NOT NULL DEFAULT false,
    is_pinned         boolean NOT NULL DEFAULT false,
    in_review         boolean NOT NULL DEFAULT false,
    is_spam           boolean NOT NULL DEFAULT false,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id),
    -- What replies name: their parent within their own target.
    UNIQUE (org_id, target_id, id),
    CHECK ((post_id IS NULL) <> (changelog_id IS NULL)),
    CHECK (author_contact_id IS NULL OR author_admin_id IS NULL),
    FOREIGN KEY (org_id, post_id) REFERENCES posts (org_id, id)
        ON DELETE CASCADE,
    FOREIGN KEY (org_id, changelog_id) REFERENCES changelogs (org_id, id)
        ON DELETE CASCADE,
    -- A reply's parent is a comment of the same target.
    FOREIGN KEY (org_id, target_id, parent_comment_id)
        REFERENCES comments (org_id, target_id, id) ON DELETE CASCADE,
    FOREIGN KEY (org_id, author_contact_id) REFERENCES contacts (org_id, id)
        ON DELETE SET NULL (author_contact_id),
    FOREIGN KEY (org_id, author_admin_id) REFERENCES admins (org_id, id)
        ON DELETE SET NULL (author_admin_id)
);

-- Keyset orders of the list, for one target and for the organization:
-- best (Wilson lower bound), top (score), new and old (creation time).
CREATE INDEX comments_target_best ON comments (org_id, target_id, best, id);
CREATE INDEX comments_target_top ON comments (org_id, target_id, score, id);
CREATE INDEX comments_target_created
    ON comments (org_id, target_id, created_at, id);
CREATE INDEX comments_best ON comments (org_id, best, id);
CREATE INDEX comments_top ON comments (org_id, score, id);
CREATE INDEX comments_created ON comments (org_id, created_at, id);
-- Replies of a comment (the deletion rule, the parent's cascade).
CREATE INDEX comments_replies ON comments (org_id, target_id,
                                           parent_comment_id)
    WHERE parent_comment_id IS NOT NULL;
-- The cascades from posts and changelogs, and deleting people.
CREATE INDEX comments_post ON comments (org_id, post_id)
    WHERE post_id IS NOT NULL;
CREATE INDEX comments_changelog ON comments (org_id, changelog_id)
    WHERE changelog_id IS NOT NULL;
CREATE INDEX comments_author_contact ON comments (org_id, author_contact_id)
    WHERE author_contact_id IS NOT NULL;
CREATE INDEX comments_author_admin ON comments (org_id, author_admin_id)
    WHERE author_admin_id IS NOT NULL;

-- Removes the deleted ([deleted]) ancestors of a removed comment that are
-- left without replies, from its parent p_parent upwards: a placeholder
-- only stays while it holds a thread together.
CREATE FUNCTION fb_comment_prune(p_org text, p_target text, p_parent text)
RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    cur text := p_parent;
    up text;
BEGIN
    WHILE cur IS NOT NULL LOOP
        DELETE FROM comments c
        WHERE c.org_id = p_org AND c.id = cur AND c.is_deleted
          AND NOT EXISTS (SELECT 1 FROM comments r
                          WHERE r.org_id = p_org AND r.target_id = p_target
                            AND r.parent_comment_id = cur)
        RETURNING c.parent_comment_id INTO up;
        IF NOT FOUND THEN
            RETURN;
        END IF;
        cur := up;
    END LOOP;
END
$$;

-- A comment that leaves (deleted itself, or with its post or changelog)
-- leaves its author's commentsCreated, in the same statement: cascades
-- from posts and changelogs keep the count exact too.  Comments already
-- [deleted] have left it before (and have no author).
CREATE FUNCTION fb_comment_author_uncount() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    UPDATE contacts SET comments_created = greatest(comments_created - 1, 0)
    WHERE org_id = OLD.org_id AND id = OLD.author_contact_id;
    RETURN NULL;
END
$$;
CREATE TRIGGER comments_author_uncount AFTER DELETE ON comments
    FOR EACH ROW WHEN (OLD.author_contact_id IS NOT NULL
                       AND NOT OLD.is_deleted)
    EXECUTE FUNCTION fb_comment_author_uncount();
