-- 031: a post's tag ids on its row.  Every read of a post wrote its tags
-- from post_tags, a sub-select per row: an index probe per post of a
-- page, and, in a database whose post_tags was tiny when a connection
-- cached its plan, a scan of the whole table per read until the next
-- ANALYZE (1.4 ms per post at 4,500 links, measured).  post_tags stays
-- the truth, for the tag filter and the foreign keys; statement
-- triggers keep the copy, so every path (the API, a tag's delete
-- cascading, SQL by hand) keeps it in the same transaction.
ALTER TABLE posts ADD COLUMN tag_ids text[] NOT NULL DEFAULT '{}';

UPDATE posts p SET tag_ids = t.ids
FROM (SELECT org_id, post_id, array_agg(tag_id ORDER BY tag_id) AS ids
      FROM post_tags GROUP BY org_id, post_id) t
WHERE p.org_id = t.org_id AND p.id = t.post_id;

CREATE FUNCTION fb_post_tag_ids() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    -- A post written with its links (a create) is already right: it is
    -- not written again (an update recomputes its search vector).
    UPDATE posts p SET tag_ids = x.ids
    FROM (SELECT c.org_id, c.post_id,
                 ARRAY(SELECT pt.tag_id FROM post_tags pt
                       WHERE pt.org_id = c.org_id AND pt.post_id = c.post_id
                       ORDER BY pt.tag_id) AS ids
          FROM (SELECT DISTINCT org_id, post_id FROM changed) c) x
    WHERE p.org_id = x.org_id AND p.id = x.post_id
      AND p.tag_ids IS DISTINCT FROM x.ids;
    RETURN NULL;
END
$$;

SELECT fb_change_triggers('post_tags', 'fb_post_tag_ids');
