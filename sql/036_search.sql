-- 036: the search engine of every family (POST /<family>/search): the
-- index clauses' ids, comments' full text, and the indexes of the sorts
-- the official client names (docs/decisions.md, "One search engine").

-- The ids of an indexed field's = / IN clause (ix: {form: [ids]}), NULL
-- when the query has none.  Immutable, so that PostgreSQL computes it
-- once when it plans an execution's values: `p.board_id = ANY (...)`
-- is then an index condition on a constant.  PL/pgSQL, whose plan a
-- session keeps: a SQL function is parsed again at every call, and the
-- planning of a search calls it several times.
CREATE FUNCTION fb_search_ids(ix jsonb, f text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
    IF ix ? f THEN
        RETURN ARRAY(SELECT jsonb_array_elements_text(ix -> f));
    END IF;
    RETURN NULL;
END
$$;

-- A comment's words (its content's plain text), kept by the write that
-- changes the content, in its transaction; found per organization.
ALTER TABLE comments ADD COLUMN search tsvector GENERATED ALWAYS AS (
    to_tsvector('english', content_text)) STORED;
CREATE INDEX comments_search ON comments USING gin (org_id, search);

-- A board and a status, the roadmap's filter: the page in creation order
-- and its totalCount (up to 5,000) read from the index alone.
CREATE INDEX posts_board_status
    ON posts (org_id, board_id, status_id, created_at, id);

-- Sorts of posts the list has no index for.
CREATE INDEX posts_updated ON posts (org_id, updated_at, id);
CREATE INDEX posts_comment_count ON posts (org_id, comment_count, id);
-- eta: posts without one sort as the epoch.
CREATE INDEX posts_eta ON posts
    (org_id, coalesce(eta, '1970-01-01 00:00:00+00'::timestamptz), id);

-- Sorts of contacts and companies.
CREATE INDEX contacts_last_activity ON contacts (org_id, last_activity, id);
CREATE INDEX contacts_posts_created ON contacts (org_id, posts_created, id);
CREATE INDEX contacts_comments_created
    ON contacts (org_id, comments_created, id);
-- monthlySpend: companies without one sort below every spend.
CREATE INDEX companies_monthly_spend ON companies
    (org_id, coalesce(monthly_spend, -1e18), id);
