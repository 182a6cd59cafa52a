-- 027: slug stems computed inline.  fb_slug_stem and fb_slug_base were
-- STRICT SQL functions with a body that is not strict (COALESCE), which
-- PostgreSQL cannot inline: every call ran the body as a query of its
-- own, planned each time (about 0.1 ms of every post create, in
-- fb_post_slug).  Without STRICT, and with NULL kept to NULL by the body
-- itself, the same results are inlined into their callers' cached plans.
CREATE OR REPLACE FUNCTION fb_slug_stem(p_title text, p_fallback text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN p_title IS NOT NULL AND p_fallback IS NOT NULL THEN
        COALESCE(NULLIF(trim(BOTH '-' FROM left(
            trim(BOTH '-' FROM regexp_replace(lower(p_title), '[^a-z0-9]+',
                                              '-', 'g')), 80)), ''),
                 p_fallback) END
$$;

CREATE OR REPLACE FUNCTION fb_slug_base(p_title text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
    SELECT fb_slug_stem(p_title, 'post')
$$;
