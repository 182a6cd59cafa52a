-- 053: a comment's score is computed inline (issue 32).  The score is a
-- generated column, fb_wilson_lower(upvotes, downvotes) (sql/011).  Its
-- body read its terms from a subquery, and was STRICT around a CASE:
-- either keeps PostgreSQL from inlining a SQL function, so every comment
-- written ran it as a statement of its own, parsed and planned each time
-- (about 60 us).  One expression, not STRICT (NULL in still gives NULL
-- out), is inlined into the generation expression.  The arithmetic is
-- the same, term for term in float8, so stored scores stay what they are:
-- n = up + down, p = up / n, z2 = 3.8416 (1.96 squared), written out
-- where sql/011 named them, as an inlined function has no FROM.
CREATE OR REPLACE FUNCTION fb_wilson_lower(up integer, down integer)
RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN up + down = 0 THEN 0::float8 ELSE
        (up::float8 / (up + down)
         + 3.8416::float8 / (2 * (up + down)::float8)
         - sqrt(3.8416::float8)
           * sqrt((up::float8 / (up + down)
                   * (1 - up::float8 / (up + down))
                   + 3.8416::float8 / (4 * (up + down)::float8))
                  / (up + down)::float8))
        / (1 + 3.8416::float8 / (up + down)::float8) END
$$;
