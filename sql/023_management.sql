-- 023: what the management extensions need: JSON arrays as text[], API
-- keys with a name issued through the API, lookups of what uses what.

-- The strings of a JSON array as text[]; NULL for NULL.
CREATE FUNCTION fb_text_array(j jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT coalesce(array_agg(x ORDER BY n), '{}')
    FROM jsonb_array_elements_text(j) WITH ORDINALITY AS e(x, n)
$$;

-- A permissions object with every flag: the given ones over all false.
CREATE FUNCTION fb_permissions_complete(given jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
    SELECT jsonb_object_agg(n, coalesce((given ->> n)::boolean, false))
    FROM unnest(fb_permission_names()) AS n
$$;

ALTER TABLE api_keys ADD COLUMN name text NOT NULL DEFAULT '';
CREATE INDEX api_keys_org ON api_keys (org_id, created_at, id);

-- A new key for an admin, named; its id and the key (shown once).
CREATE FUNCTION fb_api_key_issue(p_org text, p_admin text, p_name text)
RETURNS TABLE (id text, key text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    k text := fb_api_key_create(p_org, p_admin);
BEGIN
    RETURN QUERY
    UPDATE api_keys a SET name = coalesce(p_name, '')
    WHERE a.key_hash = encode(sha256(convert_to(k, 'UTF8')), 'hex')
    RETURNING a.id, k;
END
$$;

-- Removing an admin clears what they author or are assigned: indexes so
-- that the cascades probe instead of scanning every post.
CREATE INDEX posts_author_admin ON posts (org_id, author_admin_id)
    WHERE author_admin_id IS NOT NULL;
CREATE INDEX posts_assignee ON posts (org_id, assignee_id)
    WHERE assignee_id IS NOT NULL;
CREATE INDEX admins_role ON admins (org_id, role_id);
