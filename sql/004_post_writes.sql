-- 004: what writing posts needs: slugs unique per organization, and
-- contacts found or made without duplicates.

-- The slug stem of a title: lower-case ASCII letters and digits joined by
-- single dashes, at most 80 characters; "post" when nothing is left.
CREATE FUNCTION fb_slug_base(p_title text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT COALESCE(NULLIF(trim(BOTH '-' FROM left(
        trim(BOTH '-' FROM regexp_replace(lower(p_title), '[^a-z0-9]+', '-',
                                          'g')), 80)), ''), 'post')
$$;

-- A slug for a new post: the stem, or the stem and the first free number
-- from 2.  A transaction-scoped lock on (organization, stem) makes two
-- concurrent posts with the same title take different slugs.
CREATE FUNCTION fb_post_slug(p_org text, p_title text) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    stem text := fb_slug_base(p_title);
    candidate text := stem;
    n int := 1;
BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('slug/' || p_org || '/' || stem));
    WHILE EXISTS (SELECT 1 FROM posts WHERE org_id = p_org
                                        AND slug = candidate) LOOP
        n := n + 1;
        candidate := stem || '-' || n;
    END LOOP;
    RETURN candidate;
END
$$;

-- The contact named by an external id or an email, made when there is
-- none.  Finding and making happen under transaction-scoped locks on the
-- external id and the address, so that concurrent requests naming the same
-- unknown person make one contact, not several.
CREATE FUNCTION fb_contact_find_or_create(p_org text, p_user_id text,
                                          p_email text, p_name text,
                                          p_picture text) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    found text;
BEGIN
    IF p_user_id IS NOT NULL THEN
        PERFORM pg_advisory_xact_lock(
            hashtext('contact-uid/' || p_org || '/' || p_user_id));
        SELECT id INTO found FROM contacts
        WHERE org_id = p_org AND user_id = p_user_id;
        IF found IS NOT NULL THEN
            RETURN found;
        END IF;
    END IF;
    IF p_email IS NOT NULL THEN
        PERFORM pg_advisory_xact_lock(
            hashtext('contact-email/' || p_org || '/' || lower(p_email)));
        SELECT id INTO found FROM contacts
        WHERE org_id = p_org AND email IS NOT NULL
          AND lower(email) = lower(p_email)
        ORDER BY type = 'customer' DESC, created_at, id LIMIT 1;
        IF found IS NOT NULL THEN
            RETURN found;
        END IF;
    END IF;
    INSERT INTO contacts (org_id, user_id, email, name, profile_picture)
    VALUES (p_org, p_user_id, p_email, p_name, p_picture)
    RETURNING id INTO found;
    RETURN found;
END
$$;
